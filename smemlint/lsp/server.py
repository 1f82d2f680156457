"""`smemlint lsp`: a Language Server over stdio, a thin adapter over `lint.lint_file`.

It lints the buffer's current text (not the file on disk) on open, change and save, and
publishes the same Diagnostics the CLI prints, converted to 0-based UTF-16 positions here and
nowhere else. Each open document keeps its clang translation unit: an edit that leaves the
`#include` lines alone reparses it (the headers stay compiled) instead of parsing from scratch,
and an edit inside one kernel re-lints that kernel only (incremental.py), with the host side (the
launches and their values, the other functions' call facts) kept from the last whole lint where the
edit cannot change it (host/kept.py). Edits in quick succession are debounced (`--debounce`, 0.1 s):
each edit cancels the pending lint of its document, and a result is published only if the document
is still at the version that was linted, so a late result never overwrites a fresher one.

The transport is protocol.py's (no pygls): `initialize` is answered before the analysis is
imported; the analysis (clang, numpy, the rules) is loaded by a warm-up that `initialized` starts.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .. import __version__
from ..config import Settings, find_pyproject, load
from ..diagnostics import Diagnostic, Edit, Severity
from ..impact import share_of
from ..results import AccessResult, FileResult
from . import incremental
from .protocol import (INTERNAL_ERROR, METHOD_NOT_FOUND, PARSE_ERROR, Document, Writer, apply_change,
                       read_message, uri_to_path)

log = logging.getLogger(__name__)

DEFAULT_DEBOUNCE = 0.1  # an edit's diagnostics within 0.3 s, debounce included (one kernel re-linted)
_SEVERITY = {Severity.ERROR: 1, Severity.WARNING: 2, Severity.INFO: 3}
# "cannot be predicted" is information about the analysis, nothing to fix: the editor's faintest level
_HINT_CODES = {"SMEM003"}
_HINT = 4
# a cost finding whose access is under this share of its kernel's traffic (facts.share: a one-off
# outside the hot loop) is shown as a hint, not underlined as a warning
ONE_OFF_SHARE = 0.01
_MESSAGE_TYPE = {"error": 1, "warning": 2, "info": 3}
CAPABILITIES = {
    "textDocumentSync": {"openClose": True, "change": 2, "save": {"includeText": False}},  # 2: incremental
    "hoverProvider": True,
    "codeActionProvider": {"codeActionKinds": ["quickfix"]},
}


class SmemlintServer:
    def __init__(self, debounce: float = DEFAULT_DEBOUNCE, writer: Writer | None = None) -> None:
        self.debounce = debounce
        self.writer = writer
        self.documents: dict[str, Document] = {}
        self.pending: dict[str, asyncio.Future] = {}
        self.results: dict[str, tuple[int | None, FileResult]] = {}  # uri -> (version linted, result)
        self.published: dict[str, int | None] = {}
        # uri -> (include lines + settings it was parsed with, ParseResult, host.kept.KeptHost): reparsed
        # on edits; the host facts of its last whole lint, reused by the lint of an edit inside a kernel
        self.units: dict[str, tuple[object, object, object]] = {}
        self.reparsed = 0  # how many lints reused a translation unit (tests read it)
        # uri -> (text, settings, result of that whole text): what an edit inside one kernel starts from
        self.bases: dict[str, tuple[str, Settings, FileResult]] = {}
        self.incremental = 0  # how many lints re-linted one kernel only (tests read it)
        self.shutting_down = False
        # libclang work runs off the event loop, one file at a time
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="smemlint-lint")

    # -- messages out ----------------------------------------------------------------------
    def notify(self, method: str, params: dict) -> None:
        if self.writer is not None:
            self.writer.send({"method": method, "params": params})

    def message(self, text: str, kind: str = "info") -> None:
        self.notify("window/showMessage", {"type": _MESSAGE_TYPE[kind], "message": text})

    def publish(self, uri: str, diagnostics: list[dict], version: int | None) -> None:
        self.published[uri] = version
        params: dict = {"uri": uri, "diagnostics": diagnostics}
        if version is not None:
            params["version"] = version
        self.notify("textDocument/publishDiagnostics", params)

    # -- documents and settings ------------------------------------------------------------
    def document(self, uri: str) -> Document:
        return self.documents[uri]

    def settings_for(self, path: str) -> Settings:
        try:  # the file's own: its [[tool.smemlint.per-path]] entries applied (the parse below reads them)
            return load(find_pyproject(Path(path))).for_path(path)
        except ValueError as e:
            self.message(f"smemlint: {e}; using the defaults", "warning")
            return Settings()

    # -- linting ---------------------------------------------------------------------------
    async def lint_now(self, uri: str) -> tuple[int | None, FileResult, str]:
        doc = self.document(uri)
        version, text = doc.version, doc.source
        path = uri_to_path(uri)
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(self.executor, lambda: self.lint_text(uri, path, text))
        return version, result, text

    def lint_text(self, uri: str, path: str, text: str) -> FileResult:
        """Lint the buffer: only the edited kernel when the edit stayed inside one (incremental.py),
        else the whole text."""
        settings = self.settings_for(path)
        base = self.bases.get(uri)
        if base is not None and base[1] == settings:
            planned = incremental.plan(base[2], base[0], text)
            if planned is not None:
                body, blanked = planned
                merged = incremental.merge(base[2], body, self.lint_whole(uri, path, blanked, settings, body.line),
                                           text)
                if merged is not None:
                    self.incremental += 1
                    self.bases[uri] = (text, settings, merged)
                    return merged
        result = self.from_cache(path, text, settings) if base is None else None
        if result is not None:
            # Served from the cache, without a parse: the first edit would have to lint the whole
            # file (a second on a kernel-dense one). Parse and lint it now, behind this answer, so
            # that an edit finds a base to re-lint one kernel of.
            self.executor.submit(self._prepare_base, uri, path, text, settings)
        else:
            result = self.lint_whole(uri, path, text, settings)
            self.to_cache(path, text, settings, result)
        self.bases[uri] = (text, settings, result)
        return result

    def _prepare_base(self, uri: str, path: str, text: str, settings: Settings) -> None:
        """The whole lint of a text served from the cache, as the base of its edits (lint_text)."""
        base = self.bases.get(uri)
        if base is None or base[0] != text or base[2].unit is not None or self.shutting_down:
            return  # closed, or already replaced by a lint of its own
        try:
            result = self.lint_whole(uri, path, text, settings)
        except Exception:  # noqa: BLE001 - the edit then lints the whole file, as without it
            log.exception("preparing the base of %s failed", uri)
            return
        if self.bases.get(uri, (None,))[0] == text:
            self.bases[uri] = (text, settings, result)

    def _cache_key(self, path: str, text: str, settings: Settings):  # noqa: ANN202
        """The result cache and this buffer's entry in it, when the buffer is the file as saved (the
        entry `smemlint check` makes and reads for it); (None, None) otherwise."""
        from ..cache import Cache

        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                if fh.read() != text:
                    return None, None
        except OSError:
            return None, None
        cache = Cache(settings)
        return cache, cache.key(path)

    def from_cache(self, path: str, text: str, settings: Settings) -> FileResult | None:
        """A document opened as saved, whose result the cache holds: served from it (the first edit
        then lints it whole, as there is no parse to re-lint one kernel of)."""
        from ..lint import apply_filters

        cache, key = self._cache_key(path, text, settings)
        hit = cache.get(key) if cache is not None else None
        return apply_filters(hit, settings) if hit is not None else None  # stored before select/ignore

    def to_cache(self, path: str, text: str, settings: Settings, result: FileResult) -> None:
        from ..results import portable

        cache, key = self._cache_key(path, text, settings)
        if cache is not None and key is not None and result.status == "ok":
            cache.put(key, portable(result))

    def lint_whole(self, uri: str, path: str, text: str, settings: Settings, focus: int | None = None) -> FileResult:
        """Lint `text` (only the kernel around line `focus`, if given), reparsing the document's kept
        translation unit when its includes are unchanged, with the host facts kept from its last whole
        lint under the same includes and settings (host/kept.py says when they are reused)."""
        from ..analysis import parse_options
        from ..host.kept import KeptHost
        from ..parse.includes import include_lines
        from ..parse.translation import parse, reparse
        from ..lint import lint_file

        signature = (include_lines(text), settings)
        kept = self.units.get(uri)
        parsed = None
        host = kept[2] if kept is not None and kept[0] == signature else KeptHost()
        if kept is not None and kept[0] == signature:
            parsed = reparse(kept[1], path, text)  # type: ignore[arg-type]
            self.reparsed += parsed is not None
        if parsed is None:
            parsed = parse(path, parse_options(settings), text, editing=True)
        self.units[uri] = (signature, parsed, host)
        return lint_file(path, settings, text, parsed=parsed, focus=focus, host=host)

    def warm_up(self) -> None:
        """Import the analysis and load libclang off the event loop, before the first document."""
        def load() -> None:
            from ..parse.translation import get_index
            from ..lint import lint_file  # noqa: F401
            from ..picture import describe_access  # noqa: F401
            from ..report import common  # noqa: F401

            get_index()  # loads libclang

        self.executor.submit(load)

    def close(self, wait: float = 2.0) -> None:
        """Release the kept translation units, so libclang removes their preamble files (a few MB
        each in the temporary directory). A lint still running gets `wait` seconds to finish: its
        unit cannot be released under it; if it does not finish, its preamble stays."""
        self.executor.shutdown(wait=False, cancel_futures=True)
        busy = threading.Thread(target=self.executor.shutdown, kwargs={"wait": True}, daemon=True)
        busy.start()
        busy.join(wait)
        if busy.is_alive():
            return
        from clang import cindex

        for _, parsed, _ in self.units.values():
            tu = getattr(parsed, "tu", None)
            if tu is not None:
                cindex.conf.lib.clang_disposeTranslationUnit(tu)
                tu._as_parameter_ = None  # its __del__ now disposes NULL, which libclang ignores
        self.units.clear()

    def schedule(self, uri: str, delay: float) -> None:
        old = self.pending.pop(uri, None)
        if old is not None:
            old.cancel()
        self.pending[uri] = asyncio.ensure_future(self._lint_and_publish(uri, delay))

    async def _lint_and_publish(self, uri: str, delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            version, result, text = await self.lint_now(uri)
        except asyncio.CancelledError:
            return
        except Exception as e:  # noqa: BLE001 - a bug of ours must not stop the server
            log.exception("lint failed")
            self.message(f"smemlint could not lint {uri_to_path(uri)}: {type(e).__name__}: {e}", "error")
            return
        doc = self.documents.get(uri)
        if doc is None or uri not in self.pending or doc.version != version:
            return  # closed, or edited since: that edit's own lint will publish
        self.results[uri] = (version, result)
        self.publish(uri, to_lsp(result, text, uri), version)

    async def current(self, uri: str) -> tuple[FileResult, str]:
        """The result for the document as it is now (linting it if the stored one is stale)."""
        doc = self.document(uri)
        stored = self.results.get(uri)
        if stored is not None and stored[0] == doc.version:
            return stored[1], doc.source
        version, result, text = await self.lint_now(uri)
        if self.document(uri).version == version:
            self.results[uri] = (version, result)
        return result, text

    # -- the protocol ----------------------------------------------------------------------
    async def handle(self, msg: dict) -> None:
        """One message from the client: a request is answered, a notification acted on."""
        if "invalid" in msg:
            self._reply(None, error=(PARSE_ERROR, msg["invalid"]))
            return
        method, params, rid = msg.get("method"), msg.get("params") or {}, msg.get("id")
        if method is None:
            return  # a response to a request of ours (none expected)
        handler = getattr(self, "on_" + method.replace("/", "_").replace("$", "dollar"), None)
        if handler is None:
            if rid is not None:
                self._reply(rid, error=(METHOD_NOT_FOUND, f"{method} is not supported"))
            return
        try:
            result = await handler(params)
        except Exception as e:  # noqa: BLE001
            log.exception("handler failed")
            if rid is not None:
                self._reply(rid, error=(INTERNAL_ERROR, f"{type(e).__name__}: {e}"))
            return
        if rid is not None:
            self._reply(rid, result)

    def _reply(self, rid, result=None, error: tuple[int, str] | None = None) -> None:
        if self.writer is None:
            return
        if error is not None:
            self.writer.send({"id": rid, "error": {"code": error[0], "message": error[1]}})
        else:
            self.writer.send({"id": rid, "result": result})

    async def on_initialize(self, params: dict) -> dict:
        return {"capabilities": CAPABILITIES, "serverInfo": {"name": "smemlint", "version": __version__}}

    async def on_initialized(self, params: dict) -> None:
        self.warm_up()

    async def on_shutdown(self, params: dict) -> None:
        self.shutting_down = True

    async def on_exit(self, params: dict) -> None:
        raise SystemExit(0 if self.shutting_down else 1)

    async def on_dollar_cancelRequest(self, params: dict) -> None:  # requests are answered quickly
        return None

    async def on_dollar_setTrace(self, params: dict) -> None:
        return None

    async def on_textDocument_didOpen(self, params: dict) -> None:
        td = params["textDocument"]
        self.documents[td["uri"]] = Document(td["uri"], td.get("version"), td.get("text", ""))
        self.schedule(td["uri"], 0)

    async def on_textDocument_didChange(self, params: dict) -> None:
        td = params["textDocument"]
        doc = self.documents.get(td["uri"])
        if doc is None:
            return
        for change in params.get("contentChanges", []):
            doc.source = apply_change(doc.source, change)
        doc.version = td.get("version")
        self.schedule(td["uri"], self.debounce)

    async def on_textDocument_didSave(self, params: dict) -> None:
        if params["textDocument"]["uri"] in self.documents:
            self.schedule(params["textDocument"]["uri"], 0)

    async def on_textDocument_didClose(self, params: dict) -> None:
        uri = params["textDocument"]["uri"]
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        for store in (self.documents, self.results, self.units, self.bases):
            store.pop(uri, None)
        self.publish(uri, [], None)

    async def on_textDocument_codeAction(self, params: dict) -> list[dict]:
        uri = params["textDocument"]["uri"]
        if uri not in self.documents:
            return []
        result, text = await self.current(uri)
        return code_actions(uri, result, text, params["range"])

    async def on_textDocument_hover(self, params: dict) -> dict | None:
        uri = params["textDocument"]["uri"]
        if uri not in self.documents:
            return None
        result, text = await self.current(uri)
        return hover(result, text, params["position"])


# -- conversions: smemlint positions (1-based lines, byte columns) → LSP (0-based, UTF-16) -------
def _position(text: str, line: int, column: int) -> dict:
    from ..report.common import byte_to_utf16, line_text

    return {"line": max(line - 1, 0), "character": byte_to_utf16(line_text(text, line), column)}


def _range(text: str, line: int, column: int, end_line: int, end_column: int) -> dict:
    start = _position(text, line, column)
    if (end_line, end_column) <= (line, column):
        end = {"line": start["line"], "character": start["character"] + 1}
    else:
        end = _position(text, end_line, end_column)
    return {"start": start, "end": end}


def to_lsp_diagnostic(d: Diagnostic, text: str, uri: str | None = None) -> dict:
    from ..report.common import help_uri

    message = d.message + (f"\nfix: {d.fix.description}" if d.fix else "")
    out = {"range": _range(text, d.line, d.column, d.end_line, d.end_column), "message": message,
           "severity": _severity(d), "code": d.code, "source": "smemlint",
           "codeDescription": {"href": help_uri(d.code)}, "data": {"name": d.name, "facts": d.facts}}
    related = _related(d, text, uri) if uri else []
    if related:
        out["relatedInformation"] = related
    return out


def _severity(d: Diagnostic) -> int:
    share = share_of(d)
    if d.code in _HINT_CODES or (share is not None and share < ONE_OFF_SHARE):
        return _HINT
    return _SEVERITY[d.severity]


def _order(d: Diagnostic) -> tuple:
    """Most severe first, and of equal severity the costliest (facts.share), then by position."""
    share = share_of(d)
    return (_severity(d), -(share if share is not None else 0.0), d.line, d.column)


def _related(d: Diagnostic, text: str, uri: str) -> list[dict]:
    """The other places of a finding that stands for one cause at several (grouping.py), each with
    its own claim; SYNC001/SYNC002's other lines (`facts.other_lines`) as whole lines."""
    from ..report.common import line_text

    if d.sites:
        return [{"location": {"uri": uri, "range": _range(text, s.line, s.column, s.end_line, s.end_column)},
                 "message": f"the same cause: {s.headline}"} for s in d.sites[1:]]
    return [{"location": {"uri": uri, "range": _range(text, line, 1, line, len(line_text(text, line).encode()) + 1)},
             "message": f"the same cause as line {d.line}"}
            for line in d.facts.get("other_lines") or [] if isinstance(line, int)]


def to_lsp(result: FileResult, text: str, uri: str | None = None) -> list[dict]:
    if result.status != "ok":
        return [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}},
                 "message": f"smemlint could not lint this file: {result.error}", "severity": 1,
                 "source": "smemlint"}]
    # findings in headers the file includes belong to those documents, not to this one; then what
    # kept the buffer from being analysed whole (a missing header, a parse error), where it is
    from .filenotes import file_diagnostics

    mine = sorted((d for d in result.diagnostics if d.file == result.path), key=_order)
    return [to_lsp_diagnostic(d, text, uri) for d in mine] + file_diagnostics(result, text)


def _text_edit(text: str, e: Edit) -> dict:
    return {"range": {"start": _position(text, e.line, e.column), "end": _position(text, e.end_line, e.end_column)},
            "newText": e.new_text}


def _key(p: dict) -> tuple[int, int]:
    return p["line"], p["character"]


def _overlaps(a: dict, b: dict) -> bool:
    return _key(a["start"]) <= _key(b["end"]) and _key(b["start"]) <= _key(a["end"])


def code_actions(uri: str, result: FileResult, text: str, wanted: dict) -> list[dict]:
    from ..report.common import line_text

    actions = []
    for d in result.diagnostics:
        if d.file != result.path:
            continue
        diag = to_lsp_diagnostic(d, text, uri)
        if not _overlaps(diag["range"], wanted):
            continue
        if d.fix is not None and d.fix.edits:
            actions.append({"title": f"smemlint: {d.fix.description}", "kind": "quickfix", "diagnostics": [diag],
                            "isPreferred": True,
                            "edit": {"changes": {uri: [_text_edit(text, e) for e in d.fix.edits]}}})
        if d.code != "SUP001":
            src = line_text(text, d.line)
            end = {"line": d.line - 1, "character": len(src.encode("utf-16-le")) // 2}
            actions.append({"title": f"smemlint: ignore {d.code} on this line", "kind": "quickfix",
                            "diagnostics": [diag],
                            "edit": {"changes": {uri: [{"range": {"start": end, "end": end},
                                                        "newText": f"  // smemlint: ignore[{d.code}]"}]}}})
    return actions


def access_at(result: FileResult, text: str, pos: dict) -> AccessResult | None:
    from ..report.common import line_text, utf16_to_byte

    line = pos["line"] + 1
    col = utf16_to_byte(line_text(text, line), pos["character"])
    here = [a for a in result.accesses if a.file == result.path and a.line <= line <= a.end_line
            and (a.line < line or a.column <= col) and (a.end_line > line or col <= a.end_column)]
    if not here:
        return None
    # the innermost access (`tile[idx[i]]`: hovering idx shows idx), shared ones first
    return min(here, key=lambda a: (a.end_line - a.line, a.end_column - a.column, a.space != "shared"))


def hover(result: FileResult, text: str, pos: dict) -> dict | None:
    from ..picture import describe_access

    a = access_at(result, text, pos)
    if a is None:
        return None
    body = describe_access(a, Path(a.file).name)
    # each site's own claim, also where a finding at another line stands for it (grouping.py)
    findings = [s for d in result.diagnostics for s in (d.sites or [d]) if s.line == a.line and s.column == a.column]
    head = "".join(f"**{d.code}** {d.message}\n\n" for d in findings)
    return {"contents": {"kind": "markdown", "value": f"{head}```text\n{body}\n```"},
            "range": _range(text, a.line, a.column, a.end_line, a.end_column)}


async def serve(server: SmemlintServer, stdin) -> None:
    """Read messages until `exit` or the end of input; each is handled in arrival order, and a
    lint runs in the background so that later messages (an edit, a hover) are not held up."""
    loop = asyncio.get_running_loop()
    inbox: asyncio.Queue = asyncio.Queue()

    def reader() -> None:
        while True:
            msg = read_message(stdin)
            loop.call_soon_threadsafe(inbox.put_nowait, msg)
            if msg is None:
                return

    threading.Thread(target=reader, daemon=True, name="smemlint-lsp-reader").start()
    while True:
        msg = await inbox.get()
        if msg is None:
            return  # the client went away
        await server.handle(msg)


def main(debounce: float = DEFAULT_DEBOUNCE) -> None:
    server = SmemlintServer(debounce, Writer(sys.stdout.buffer))
    code = 1  # the input ended without `exit`
    try:
        asyncio.run(serve(server, sys.stdin.buffer))
    except SystemExit as e:
        code = int(e.code or 0)
    sys.stdout.flush()
    if server.units:
        server.close()
    # The reader thread is blocked reading stdin, and a lint may be running in libclang: neither can
    # be interrupted, and an ordinary exit would wait for (or abort on) them. Nothing is left to save.
    os._exit(code)
