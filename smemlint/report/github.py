"""`--format github`: GitHub Actions workflow commands, shown as annotations on the pull request."""
from __future__ import annotations

import os

from ..coverage import not_analysed_in
from ..results import FileResult
from ..diagnostics import Severity

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
SHOWN_PER_KIND = 10  # GitHub shows at most 10 annotations of each kind per step; the rest only in the log
_FILE_NOTES = ("missing includes", "compile error")  # what a file's notes say that its author should see


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def _path(path: str) -> str:
    """The path as GitHub matches it to the repository: relative to the working directory (the
    checkout), without a leading `./`; an absolute path outside it is kept."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def render(results: list[FileResult], arch: str, **_: object) -> str:
    out = []
    found = 0
    unanalysed = not_analysed_in(results)
    kinds: dict[str, int] = {}
    for r in results:
        if r.status != "ok":
            kinds["error"] = kinds.get("error", 0) + 1
            out.append(f"::error file={_prop(_path(r.path))},title=smemlint::{_data(f'could not lint: {r.error}')}")
            continue
        why = unanalysed.get(r.path)
        if why:
            kinds["error"] = kinds.get("error", 0) + 1
            out.append(f"::error file={_prop(_path(r.path))},title=smemlint::{_data(why)}")
        for note in r.notes:
            if note.startswith(_FILE_NOTES) or any(w in note for w in _FILE_NOTES):
                kinds["notice"] = kinds.get("notice", 0) + 1
                out.append(f"::notice file={_prop(_path(r.path))},title=smemlint::{_data(note)}")
        for d in r.diagnostics:
            found += 1
            kinds[_LEVEL[d.severity]] = kinds.get(_LEVEL[d.severity], 0) + 1
            props = [f"file={_prop(_path(d.file))}", f"line={d.line}", f"col={d.column}"]
            if d.end_line >= d.line:
                props.append(f"endLine={d.end_line}")
                if d.end_line == d.line and d.end_column > d.column:
                    props.append(f"endColumn={d.end_column}")
            props.append(f"title={_prop(f'{d.code} {d.name}')}")
            message = d.message + (f"\nfix: {d.fix.description}" if d.fix else "")
            out.append(f"::{_LEVEL[d.severity]} {','.join(props)}::{_data(message)}")
    errors = sum(1 for r in results if r.status != "ok")
    cut = {k: n for k, n in kinds.items() if n > SHOWN_PER_KIND}
    if cut:
        counts = ", ".join(f"{n} {k}s" for k, n in sorted(cut.items()))
        out.append(f"::notice title=smemlint::{_data(f'GitHub shows at most {SHOWN_PER_KIND} annotations of each kind in a step; this run has {counts}. All of them are in this log and in the SARIF report (--output-format sarif, uploaded to code scanning).')}")
    out.append(f"smemlint: {len(results)} file(s), {found} finding(s)" +
               (f", {errors} file(s) could not be linted" if errors else ""))
    return "\n".join(out)
