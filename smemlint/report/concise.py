"""`--output-format concise`: one line per finding (`path:line:col: CODE message`) and its fix line."""
from __future__ import annotations

from collections import Counter

from ..results import FileResult
from .text import _summary


def render(results: list[FileResult], arch: str, *, baselined: int = 0, quiet: bool = False,
           **_: object) -> str:
    out: list[str] = []
    counts: Counter[str] = Counter()
    for r in results:
        if r.status != "ok":
            out.append(f"{r.path}: error: {r.error}")
            continue
        for d in r.diagnostics:
            counts[d.code] += 1
            out.append(f"{d.file}:{d.line}:{d.column}: {d.code} {d.message}")
            if d.fix is not None:
                out.append(f"  fix: {d.fix.description}")
    return "\n".join(out + ([] if quiet else _summary(results, counts, baselined)))
