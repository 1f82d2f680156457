"""`--output-format gitlab`: a GitLab Code Quality report (a JSON array of Code Climate issues).

GitLab shows these in merge requests (`artifacts: reports: codequality`) and tells new findings
from old ones by `fingerprint`, which must therefore survive unrelated edits. It is built from the
baseline's fingerprint (code, kernel, symbol and the normalised text of the finding's source
line, with an occurrence counter for identical findings; never its line number, see
baseline.py) and the finding's file. The message is left out of it: messages name other lines
("the launch at k.cu:82", "the `if` on line 44"), which move when lines are inserted above.
"""
from __future__ import annotations

import hashlib
import json
import os

from ..baseline import fingerprints
from ..diagnostics import Severity
from ..results import FileResult
from .github import _path

_SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}
COULD_NOT_LINT = "smemlint/could-not-lint"


def _rel(path: str) -> str:
    """Relative to the working directory (the checkout GitLab matches paths against), `/`-separated."""
    return _path(path).replace(os.sep, "/")


def _digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def _issue(check_name: str, description: str, severity: str, path: str, begin: int, end: int,
           fingerprint: str) -> dict:
    return {"description": description, "check_name": check_name, "fingerprint": fingerprint,
            "severity": severity, "location": {"path": path, "lines": {"begin": begin, "end": end}}}


def issues(results: list[FileResult]) -> list[dict]:
    out = []
    for r in results:
        linted = _rel(r.path)
        if r.status != "ok":
            out.append(_issue(COULD_NOT_LINT, f"{COULD_NOT_LINT} could not lint: {r.error}", "major", linted, 1, 1,
                              _digest(COULD_NOT_LINT, linted)))
            continue
        for d, fp in zip(r.diagnostics, fingerprints(r)):
            path = _rel(d.file)
            line = max(d.line, 1)
            out.append(_issue(d.code, f"{d.code} {d.message}", _SEVERITY[d.severity], path, line,
                              max(d.end_line, line), _digest(d.code, linted, path, fp)))
    return out


def render(results: list[FileResult], arch: str, **_: object) -> str:
    return json.dumps(issues(results), indent=2)
