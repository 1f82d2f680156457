"""`smemlint lsp`: a Language Server over stdio, a thin adapter over `lint.lint_file`.

It lints the buffer's current text (not the file on disk) on open, change and
save, and publishes the same Diagnostics the CLI prints, converted to 0-based
UTF-16 positions here and nowhere else. Each open document keeps its clang
translation unit: an edit that leaves the `#include` lines alone reparses it
(the headers stay compiled) instead of parsing from scratch. Edits in quick succession are debounced
(`--debounce`, 0.3 s): each edit cancels the pending lint of its document, and a
result is published only if the document is still at the version that was
linted, so a late result never overwrites a fresher one.
"""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from lsprotocol import types as lsp

try:  # pygls >= 2
    from pygls.lsp.server import LanguageServer
except ImportError:  # pragma: no cover - pygls 1.x
    from pygls.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..config import Settings, find_pyproject, load
from ..diagnostics import Diagnostic, Edit, Severity
from ..results import AccessResult, FileResult
from . import incremental

# The analysis (clang, numpy, the rules) is imported on first use, or by the warm-up that
# `initialized` starts, so that `initialize` is answered without waiting for it.

log = logging.getLogger(__name__)

DEFAULT_DEBOUNCE = 0.1  # an edit's diagnostics within 0.3 s, debounce included (one kernel re-linted)
_SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error, Severity.WARNING: lsp.DiagnosticSeverity.Warning,
             Severity.INFO: lsp.DiagnosticSeverity.Information}


class SmemlintServer(LanguageServer):
    def __init__(self, debounce: float = DEFAULT_DEBOUNCE) -> None:
        super().__init__("smemlint", __version__)
        self.debounce = debounce
        self.pending: dict[str, asyncio.Future] = {}
        self.results: dict[str, tuple[int | None, FileResult]] = {}  # uri -> (version linted, result)
        self.published: dict[str, int | None] = {}
        # uri -> (include lines + settings it was parsed with, ParseResult): reparsed on edits
        self.units: dict[str, tuple[object, object]] = {}
        self.reparsed = 0  # how many lints reused a translation unit (tests read it)
        # uri -> (text, settings, result of that whole text): what an edit inside one kernel starts from
        self.bases: dict[str, tuple[str, Settings, FileResult]] = {}
        self.incremental = 0  # how many lints re-linted one kernel only (tests read it)
        # libclang work runs off the event loop, one file at a time
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="smemlint-lint")

    # -- documents and settings ------------------------------------------------------------
    def document(self, uri: str):
        ws = self.workspace
        get = getattr(ws, "get_text_document", None) or ws.get_document
        return get(uri)

    def settings_for(self, path: str) -> Settings:
        try:
            return load(find_pyproject(Path(path)))
        except ValueError as e:
            self.message(f"smemlint: {e}; using the defaults", lsp.MessageType.Warning)
            return Settings()

    def message(self, text: str, kind: lsp.MessageType = lsp.MessageType.Info) -> None:
        params = lsp.ShowMessageParams(type=kind, message=text)
        if hasattr(self, "window_show_message"):
            self.window_show_message(params)
        else:  # pragma: no cover - pygls 1.x
            self.show_message(text, kind)

    def publish(self, uri: str, diagnostics: list[lsp.Diagnostic], version: int | None) -> None:
        self.published[uri] = version
        if hasattr(self, "text_document_publish_diagnostics"):
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version))
        else:  # pragma: no cover - pygls 1.x
            self.publish_diagnostics(uri, diagnostics, version=version)

    # -- linting ---------------------------------------------------------------------------
    async def lint_now(self, uri: str) -> tuple[int | None, FileResult, str]:
        doc = self.document(uri)
        version, text = doc.version, doc.source
        path = to_fs_path(uri) or uri
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
                merged = incremental.merge(base[2], body, self.lint_whole(uri, path, blanked, settings, body.line), text)
                if merged is not None:
                    self.incremental += 1
                    self.bases[uri] = (text, settings, merged)
                    return merged
        result = self.lint_whole(uri, path, text, settings)
        self.bases[uri] = (text, settings, result)
        return result

    def lint_whole(self, uri: str, path: str, text: str, settings: Settings, focus: int | None = None) -> FileResult:
        """Lint `text` (only the kernel around line `focus`, if given), reparsing the document's kept
        translation unit when its includes are unchanged."""
        from ..analysis import parse_options
        from ..frontend.parse import include_lines, parse, reparse
        from ..lint import lint_file

        signature = (include_lines(text), settings)
        kept = self.units.get(uri)
        parsed = None
        if kept is not None and kept[0] == signature:
            parsed = reparse(kept[1], path, text)  # type: ignore[arg-type]
            self.reparsed += parsed is not None
        if parsed is None:
            parsed = parse(path, parse_options(settings), text, editing=True)
        self.units[uri] = (signature, parsed)
        return lint_file(path, settings, text, parsed=parsed, focus=focus)

    def warm_up(self) -> None:
        """Import the analysis and load libclang off the event loop, before the first document."""
        def load() -> None:
            from ..frontend.parse import _get_index

            _get_index()  # loads libclang
            from ..lint import lint_file  # noqa: F401
            from ..picture import describe_access  # noqa: F401
            from ..report import common  # noqa: F401

        self.executor.submit(load)

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
        doc = self.document(uri)
        if uri not in self.pending or doc.version != version:
            return  # closed, or edited since: that edit's own lint will publish
        self.results[uri] = (version, result)
        self.publish(uri, to_lsp(result, text), version)

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


# -- conversions: smemlint positions (1-based lines, byte columns) → LSP (0-based, UTF-16) -------
def _position(text: str, line: int, column: int) -> lsp.Position:
    from ..report.common import byte_to_utf16, line_text

    return lsp.Position(line=max(line - 1, 0), character=byte_to_utf16(line_text(text, line), column))


def _range(text: str, line: int, column: int, end_line: int, end_column: int) -> lsp.Range:
    start = _position(text, line, column)
    if (end_line, end_column) <= (line, column):
        end = lsp.Position(line=start.line, character=start.character + 1)
    else:
        end = _position(text, end_line, end_column)
    return lsp.Range(start=start, end=end)


def to_lsp_diagnostic(d: Diagnostic, text: str) -> lsp.Diagnostic:
    from ..report.common import help_uri

    message = d.message + (f"\nfix: {d.fix.description}" if d.fix else "")
    return lsp.Diagnostic(
        range=_range(text, d.line, d.column, d.end_line, d.end_column),
        message=message, severity=_SEVERITY[d.severity], code=d.code, source="smemlint",
        code_description=lsp.CodeDescription(href=help_uri(d.code)),
        data={"name": d.name, "facts": d.facts})


def to_lsp(result: FileResult, text: str) -> list[lsp.Diagnostic]:
    if result.status != "ok":
        return [lsp.Diagnostic(range=lsp.Range(start=lsp.Position(line=0, character=0),
                                               end=lsp.Position(line=0, character=1)),
                               message=f"smemlint could not lint this file: {result.error}",
                               severity=lsp.DiagnosticSeverity.Error, source="smemlint")]
    # findings in headers the file includes belong to those documents, not to this one
    return [to_lsp_diagnostic(d, text) for d in result.diagnostics if d.file == result.path]


def _text_edit(text: str, e: Edit) -> lsp.TextEdit:
    start = _position(text, e.line, e.column)
    end = _position(text, e.end_line, e.end_column)
    return lsp.TextEdit(range=lsp.Range(start=start, end=end), new_text=e.new_text)


def _overlaps(a: lsp.Range, b: lsp.Range) -> bool:
    key = lambda p: (p.line, p.character)  # noqa: E731
    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def code_actions(uri: str, result: FileResult, text: str, wanted: lsp.Range) -> list[lsp.CodeAction]:
    from ..report.common import line_text

    actions = []
    for d in result.diagnostics:
        diag = to_lsp_diagnostic(d, text)
        if not _overlaps(diag.range, wanted):
            continue
        if d.fix is not None and d.fix.edits:
            actions.append(lsp.CodeAction(
                title=f"smemlint: {d.fix.description}", kind=lsp.CodeActionKind.QuickFix, diagnostics=[diag],
                is_preferred=True,
                edit=lsp.WorkspaceEdit(changes={uri: [_text_edit(text, e) for e in d.fix.edits]})))
        if d.code != "SUP001":
            src = line_text(text, d.line)
            end = lsp.Position(line=d.line - 1, character=len(src.encode("utf-16-le")) // 2)
            actions.append(lsp.CodeAction(
                title=f"smemlint: ignore {d.code} on this line", kind=lsp.CodeActionKind.QuickFix,
                diagnostics=[diag],
                edit=lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(range=lsp.Range(start=end, end=end),
                                                                   new_text=f"  // smemlint: ignore[{d.code}]")]})))
    return actions


def access_at(result: FileResult, text: str, pos: lsp.Position) -> AccessResult | None:
    from ..report.common import line_text, utf16_to_byte

    line = pos.line + 1
    col = utf16_to_byte(line_text(text, line), pos.character)
    here = [a for a in result.accesses if a.line <= line <= a.end_line
            and (a.line < line or a.column <= col) and (a.end_line > line or col <= a.end_column)]
    if not here:
        return None
    # the innermost access (`tile[idx[i]]`: hovering idx shows idx), shared ones first
    return min(here, key=lambda a: (a.end_line - a.line, a.end_column - a.column, a.space != "shared"))


def hover(result: FileResult, text: str, pos: lsp.Position) -> lsp.Hover | None:
    from ..picture import describe_access

    a = access_at(result, text, pos)
    if a is None:
        return None
    body = describe_access(a, Path(a.file).name)
    findings = [d for d in result.diagnostics if d.line == a.line and d.column == a.column]
    head = "".join(f"**{d.code}** {d.message}\n\n" for d in findings)
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=f"{head}```text\n{body}\n```"),
                     range=_range(text, a.line, a.column, a.end_line, a.end_column))


def make_server(debounce: float = DEFAULT_DEBOUNCE) -> SmemlintServer:
    server = SmemlintServer(debounce)

    @server.feature(lsp.INITIALIZED)
    def on_initialized(ls: SmemlintServer, params: lsp.InitializedParams) -> None:
        ls.warm_up()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: SmemlintServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: SmemlintServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, ls.debounce)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: SmemlintServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: SmemlintServer, params: lsp.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        task = ls.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        ls.results.pop(uri, None)
        ls.units.pop(uri, None)
        ls.bases.pop(uri, None)
        ls.publish(uri, [], None)

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    async def code_action(ls: SmemlintServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        uri = params.text_document.uri
        result, text = await ls.current(uri)
        return code_actions(uri, result, text, params.range)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    async def on_hover(ls: SmemlintServer, params: lsp.HoverParams) -> lsp.Hover | None:
        result, text = await ls.current(params.text_document.uri)
        return hover(result, text, params.position)

    return server


def main(debounce: float = DEFAULT_DEBOUNCE) -> None:
    make_server(debounce).start_io()
