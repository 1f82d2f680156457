"""`--format github`: GitHub Actions workflow commands, shown as annotations on the pull request."""
from __future__ import annotations

from ..results import FileResult
from ..diagnostics import Severity

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def render(results: list[FileResult], arch: str, **_: object) -> str:
    out = []
    found = 0
    for r in results:
        if r.status != "ok":
            out.append(f"::error file={_prop(r.path)},title=smemlint::{_data(f'could not lint: {r.error}')}")
            continue
        for d in r.diagnostics:
            found += 1
            props = [f"file={_prop(d.file)}", f"line={d.line}", f"col={d.column}"]
            if d.end_line >= d.line:
                props.append(f"endLine={d.end_line}")
                if d.end_line == d.line and d.end_column > d.column:
                    props.append(f"endColumn={d.end_column}")
            props.append(f"title={_prop(f'{d.code} {d.name}')}")
            message = d.message + (f"\nfix: {d.fix.description}" if d.fix else "")
            out.append(f"::{_LEVEL[d.severity]} {','.join(props)}::{_data(message)}")
    errors = sum(1 for r in results if r.status != "ok")
    out.append(f"smemlint: {len(results)} file(s), {found} finding(s)" +
               (f", {errors} file(s) could not be linted" if errors else ""))
    return "\n".join(out)
