"""The editor's diagnostics for what kept a buffer from being analysed whole (issue 27 item 7): a
header that was not found, at its `#include` line, and a buffer that no longer parses, at clang's
first error. `smemlint check` says both as file notes; an editor shows only diagnostics, so without
these a missing header or a typo would silently leave kernels without numbers."""
from __future__ import annotations

import os
import re

from ..results import FileResult

_MISSING = "missing includes (analysed what parsed): "  # analysis.py's notes
_COMPILE = re.compile(r"^(\d+) compile error\(s\); analysed what parsed\. First: (.*?):(\d+):(\d+): (.*)$")
WARNING = 2  # LSP DiagnosticSeverity
HINT_SETTINGS = "set `include` in [tool.smemlint] or a [[tool.smemlint.per-path]] entry, or give compile_commands.json"


def _line_range(line: int, text: str) -> dict:
    lines = text.splitlines()
    width = len(lines[line]) if 0 <= line < len(lines) else 1
    return {"start": {"line": line, "character": 0}, "end": {"line": line, "character": max(width, 1)}}


def _include_line(text: str, header: str) -> int:
    """The 0-based line of the `#include` naming `header` (the first line when none does)."""
    pattern = re.compile(r'^\s*#\s*include\s*[<"]' + re.escape(header) + r'[>"]')
    for n, line in enumerate(text.splitlines()):
        if pattern.match(line):
            return n
    return 0


def file_diagnostics(result: FileResult, text: str) -> list[dict]:
    out = []
    for note in result.notes:
        if note.startswith(_MISSING):
            for header in (h.strip() for h in note[len(_MISSING):].split(",")):
                if header:
                    out.append({"range": _line_range(_include_line(text, header), text), "severity": WARNING,
                                "source": "smemlint", "code": "missing-include",
                                "message": f"header `{header}` not found: what depends on it is not analysed "
                                           f"({HINT_SETTINGS})"})
            continue
        m = _COMPILE.match(note)
        if m is None:
            continue
        count, where, line, column, what = m.groups()
        same = os.path.realpath(where) == os.path.realpath(result.path) or where == result.path
        row = int(line) - 1 if same else 0
        start = max(int(column) - 1, 0) if same else 0
        rng = {"start": {"line": row, "character": start}, "end": {"line": row, "character": start + 1}}
        place = "" if same else f" (in {where}:{line})"
        out.append({"range": rng, "severity": WARNING, "source": "smemlint", "code": "parse-error",
                    "message": f"the buffer does not parse: {what}{place}; {count} compile error(s), smemlint "
                               "analysed what parsed"})
    return out
