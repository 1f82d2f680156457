"""Every fix edit of every fixture fixes: applied to the fixture and linted again, the finding it was
offered for is gone and the file still compiles cleanly (real libclang, bundled headers)."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.diagnostics import Diagnostic, Edit
from smemlint.lint import lint_file

from expectations import parse
from test_fixtures import FIXTURES, settings_for


def _apply(text: str, edits: list[Edit]) -> str:
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)

    def at(line: int, column: int) -> int:
        return starts[line - 1] + column - 1

    for e in sorted(edits, key=lambda e: (e.line, e.column), reverse=True):
        text = text[:at(e.line, e.column)] + e.new_text + text[at(e.end_line, e.end_column):]
    return text


def _moved(line: int, edits: list[Edit]) -> int:
    """Where `line` is once the edits are applied (those above it may add or remove lines)."""
    for e in edits:
        if e.end_line < line:
            line += e.new_text.count("\n") - (e.end_line - e.line)
    return line


def _batches(fixed: list[Diagnostic]) -> list[list[Diagnostic]]:
    """Fixes applied together whose edits do not overlap (an edit two findings share counts once)."""
    batches: list[tuple[list[Diagnostic], set[Edit]]] = []
    for d in fixed:
        edits = set(d.fix.edits)
        for ds, taken in batches:
            overlaps = any(e not in taken and (e.line, e.column) < (t.end_line, t.end_column)
                           and (t.line, t.column) < (e.end_line, e.end_column) for e in edits for t in taken)
            if not overlaps:
                ds.append(d)
                taken |= edits
                break
        else:
            batches.append(([d], edits))
    return [ds for ds, _ in batches]


# the fixtures where a rule that offers edits may fire (the others would only cost a lint each)
FIXING_RULES = ("SMEM001", "SYNC003", "ATOM001", "TIME001", "TIME002")
WITH_FIXES = [p for p in FIXTURES
              if "select=" not in (t := p.read_text(encoding="utf-8")) or any(r in t for r in FIXING_RULES)]


@pytest.mark.parametrize("path", WITH_FIXES, ids=lambda p: p.name)
def test_every_fix_fixes(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    ex = parse(source)
    if ex.config.get("sass") == "on":
        pytest.skip("SASS fixtures' fixes need nvcc")
    settings = settings_for(ex.config, "bundled")
    result = lint_file(str(path), settings)
    fixed = [d for d in result.diagnostics if d.fix is not None and d.fix.edits and d.file == str(path)]
    for batch in _batches(fixed):
        edits = sorted({e for d in batch for e in d.fix.edits}, key=lambda e: (e.line, e.column))
        after = lint_file(str(path), settings, text=_apply(source, edits))
        assert after.status == "ok", after.error
        assert not any("compile error" in n for n in after.notes), (path.name, after.notes)
        left = {(d.code, d.line, d.column) for d in after.diagnostics if d.file == str(path)}
        still = [f"{d.code} line {d.line}: {d.fix.description}" for d in batch
                 if (d.code, _moved(d.line, edits), d.column) in left]
        assert not still, still
