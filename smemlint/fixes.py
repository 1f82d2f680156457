"""Applying the findings' fix edits to files (`--fix`, `--unsafe-fixes`, `--diff`), on ruff's contract.

Safe fixes change nothing but what the finding is about, and cannot change what the program
computes: SYNC003's `__shfl*` -> `__shfl*_sync(0xffffffff, ...)` (the legacy form is the full-mask
form on every lane that reaches it) and SUP001's removal of an unused suppression comment. Every
other fix is unsafe and applied only with `--unsafe-fixes`: a padding or swizzle (SMEM001) changes
an array's size or layout, which code that takes `sizeof` of it, flattens it or shares it with
the host may depend on; a packed half2 atomic (ATOM001) needs the neighbouring element to be the
pair's other half; an added synchronisation (TIME001, TIME002) changes what the program waits for.

A file is written only when the fixed text, linted again, parses as cleanly as before and no
longer has the findings the edits were for (each fix was already verified against the model by
its rule; this checks the edits as applied together).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

from .config import Settings
from .diagnostics import Diagnostic, Edit
from .results import FileResult

SAFE = frozenset({"SYNC003", "SUP001"})


@dataclass
class FileFix:
    path: str
    old: str
    new: str
    applied: list[Diagnostic]
    result: FileResult | None  # the fixed text linted again
    refused: str = ""  # why the file was not written

    def diff(self) -> str:
        return "".join(difflib.unified_diff(self.old.splitlines(keepends=True), self.new.splitlines(keepends=True),
                                            f"a/{self.path}", f"b/{self.path}"))


def apply_edits(text: str, edits: list[Edit]) -> str:
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line.encode("utf-8")) + 1)
    data = text.encode("utf-8")

    def at(line: int, column: int) -> int:
        return starts[line - 1] + column - 1

    for e in sorted(edits, key=lambda e: (e.line, e.column), reverse=True):
        data = data[:at(e.line, e.column)] + e.new_text.encode("utf-8") + data[at(e.end_line, e.end_column):]
    return data.decode("utf-8", errors="replace")


def _overlap(a: Edit, b: Edit) -> bool:
    return (a.line, a.column) < (b.end_line, b.end_column) and (b.line, b.column) < (a.end_line, a.end_column)


def applicable(d: Diagnostic, unsafe: bool, path: str | None = None) -> bool:
    """Whether `--fix` (with `--unsafe-fixes` if `unsafe`) would apply the finding's fix: it has edits,
    in the linted file itself (`path`), and is safe or unsafe fixes are on (ruff's `[*]`)."""
    return (d.fix is not None and bool(d.fix.edits) and (path is None or d.file == path)
            and (d.code in SAFE or unsafe))


def fixable_counts(results: list[FileResult]) -> tuple[int, int]:
    """(findings `--fix` would fix, more that only `--unsafe-fixes` would)."""
    safe = hidden = 0
    for r in results:
        for d in r.diagnostics:
            if applicable(d, False, r.path):
                safe += 1
            elif applicable(d, True, r.path):
                hidden += 1
    return safe, hidden


def fixable_line(results: list[FileResult], unsafe: bool) -> str | None:
    """ruff's summary of what --fix would do: `[*] 2 fixable with --fix (3 hidden fixes can be
    enabled with --unsafe-fixes)`; None when no finding has a fix."""
    safe, hidden = fixable_counts(results)
    if unsafe:
        safe, hidden = safe + hidden, 0
    if not safe and not hidden:
        return None
    hint = (f"{hidden} hidden fix{'es' * (hidden != 1)} can be enabled with --unsafe-fixes" if hidden else "")
    if not safe:
        return f"no fixes available with --fix ({hint})"
    return f"[*] {safe} fixable with --fix{' --unsafe-fixes' if unsafe else ''}" + (f" ({hint})" if hint else "")


def choose(result: FileResult, unsafe: bool) -> tuple[list[Diagnostic], list[Edit]]:
    """The findings of this file whose fixes apply together (no two edits overlap; an edit two
    findings share is applied once), and their edits."""
    chosen: list[Diagnostic] = []
    edits: list[Edit] = []
    for d in result.diagnostics:
        if not applicable(d, unsafe, result.path):
            continue
        new = [e for e in d.fix.edits if e not in edits]
        if any(_overlap(e, t) for e in new for t in edits):
            continue
        chosen.append(d)
        edits += new
    return chosen, edits


def _moved(line: int, edits: list[Edit]) -> int:
    for e in edits:
        if e.end_line < line:
            line += e.new_text.count("\n") - (e.end_line - e.line)
    return line


def _compile_notes(r: FileResult) -> list[str]:
    return [n for n in r.notes if "compile error" in n or n.startswith("missing includes")]


def fix_file(result: FileResult, settings: Settings, unsafe: bool) -> FileFix | None:
    """The fixed text of a linted file, checked by linting it again; None when nothing applies."""
    from .lint import lint_file

    if result.status != "ok":
        return None
    chosen, edits = choose(result, unsafe)
    if not chosen:
        return None
    new = apply_edits(result.source, edits)
    again = lint_file(result.path, settings, new)
    fix = FileFix(result.path, result.source, new, chosen, again)
    if again.status != "ok" or len(_compile_notes(again)) > len(_compile_notes(result)) or \
            (_compile_notes(again) and not _compile_notes(result)):
        fix.refused = "the fixed text no longer parses as cleanly"
        return fix
    left = {(d.code, d.line) for d in again.diagnostics}
    still = [d for d in chosen if (d.code, _moved(d.line, edits)) in left and d.code != "SUP001"]
    if still:
        fix.refused = f"{still[0].code} at line {still[0].line} is still there once fixed"
    return fix
