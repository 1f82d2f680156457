"""Re-linting one kernel after an edit inside it, for the editor.

A full lint of a kernel-dense file costs seconds (llm.c's attention_forward.cu: 13 kernels), most
of it in extracting and evaluating kernels the edit did not touch. When an edit stays inside the
body of one kernel and keeps the line count, the other kernels' results cannot change with it
(a kernel's analysis reads its own body, the device functions it calls and the host code, all
unchanged), so only the edited kernel needs the analysis again: the server lints a copy of the
text whose *other* kernel bodies are blanked (newlines kept, so every line and column stays
where it was), and merges that kernel's results into the previous ones.

What is not a kernel body is not blanked, and is not trusted either: the findings outside every
kernel body (host code, device helpers, launches) of the blanked copy must equal the previous
ones, otherwise blanking changed something the edit did not, and the caller lints the whole file.
tests/test_lsp_incremental.py checks the merge against a full lint on random edits.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from ..results import FileResult, KernelResult


@dataclass(frozen=True)
class Body:
    """A kernel body of the linted file: its braces, 1-based lines and byte columns."""

    line: int
    column: int  # of `{`
    end_line: int
    end_column: int  # just past `}`

    def holds_lines(self, first: int, last: int) -> bool:
        """Lines first..last are strictly inside the braces (not on the lines of `{` or `}`)."""
        return self.line < first and last < self.end_line

    def holds(self, line: int) -> bool:
        return self.line <= line <= self.end_line


def changed_lines(old: str, new: str) -> tuple[int, int] | None:
    """The 1-based line range of `new` that differs from `old`, when both have the same number of
    lines (None otherwise, or when nothing changed)."""
    a, b = old.split("\n"), new.split("\n")
    if len(a) != len(b):
        return None
    first = 0
    while first < len(a) and a[first] == b[first]:
        first += 1
    if first == len(a):
        return None
    last = len(a) - 1
    while last > first and a[last] == b[last]:
        last -= 1
    return first + 1, last + 1


def bodies(result: FileResult) -> dict[Body, list[KernelResult]]:
    """The kernel bodies of the linted file (not of its headers), each with its analyses
    (one per template instantiation and block shape)."""
    out: dict[Body, list[KernelResult]] = {}
    for k in result.kernels:
        if k.ir is None or k.file != result.path or k.ir.body.span is None:
            continue
        s = k.ir.body.span
        if s.file != result.path:
            continue
        out.setdefault(Body(s.line, s.column, s.end_line, s.end_column), []).append(k)
    return out


def blank(text: str, spans: list[Body]) -> str:
    """`text` with the inside of each body replaced by spaces, newlines kept."""
    lines = text.split("\n")
    for b in spans:
        for ln in range(b.line, b.end_line + 1):
            raw = lines[ln - 1].encode("utf-8")
            start = b.column if ln == b.line else 0  # just past `{` (columns are 1-based)
            end = b.end_column - 2 if ln == b.end_line else len(raw)  # up to `}`, exclusive
            if end > start:
                inner = raw[start:end]
                lines[ln - 1] = (raw[:start] + b" " * len(inner) + raw[end:]).decode("utf-8", errors="replace")
    return "\n".join(lines)


def plan(previous: FileResult, old: str, new: str) -> tuple[Body, str] | None:
    """Whether the edit from `old` to `new` can be re-linted as one kernel: its body and the text
    to lint (the other bodies blanked); None when the whole file must be linted."""
    if previous.status != "ok" or previous.unit is None:
        return None
    changed = changed_lines(old, new)
    if changed is None:
        return None
    found = bodies(previous)
    edited = [b for b in found if b.holds_lines(*changed)]
    if len(edited) != 1:
        return None
    others = [b for b in found if b != edited[0]]
    # a launch inside a kernel (dynamic parallelism) would vanish with its body
    if any(b.holds(launch.span.line) for b in others for launch in previous.unit.launches
           if launch.span.file == previous.path):
        return None
    return edited[0], blank(new, others)


def _parse_notes(result: FileResult) -> list[str]:
    return [n for n in result.notes if "compile error" in n or n.startswith("missing includes")]


def _key(d) -> tuple:
    return (d.file, d.line, d.column, d.code, d.message)


def merge(previous: FileResult, edited: Body, reduced: FileResult, text: str) -> FileResult | None:
    """The result of the whole new text: the edited kernel's analyses and findings from `reduced`
    (the lint of the blanked text), the rest from `previous`; None when the findings outside the
    kernel bodies differ (then only a full lint can tell which ones are right)."""
    if reduced.status != "ok" or _parse_notes(reduced) != _parse_notes(previous):
        return None  # the edit broke the parse (or changed what parsed): say it as a full lint does
    found = bodies(previous)
    body_of_key = {k.ir.key: b for b, ks in found.items() for k in ks}
    # a finding at a launch (LAUNCH001) is about the launched kernel: it goes with that kernel's body
    launched = {(ls.span.line, ls.span.column): body_of_key.get(ls.kernel) for ls in previous.unit.launches
                if ls.span.file == previous.path}

    # a finding at an access of a device helper outside the bodies goes with the kernel that made
    # the access, when only one did
    accessed: dict[tuple[int, int], set[Body]] = {}
    for b, ks in found.items():
        for k in ks:
            for a in k.accesses:
                if a.file == previous.path:
                    accessed.setdefault((a.line, a.column), set()).add(b)

    def owner(d) -> Body | None:
        if d.file != previous.path:
            return None
        here = next((b for b in found if b.holds(d.line)), None)
        if here is not None:
            return here
        makers = accessed.get((d.line, d.column), set())
        return next(iter(makers)) if len(makers) == 1 else launched.get((d.line, d.column))

    def outside_all(d) -> bool:
        return owner(d) is None

    if sorted(map(_key, filter(outside_all, reduced.diagnostics))) != \
            sorted(map(_key, filter(outside_all, previous.diagnostics))):
        return None
    new_kernels = [k for k in reduced.kernels if k.ir is not None and k.ir.body.span is not None
                   and k.file == previous.path and Body(k.ir.body.span.line, k.ir.body.span.column,
                                                         k.ir.body.span.end_line, k.ir.body.span.end_column) == edited]
    if not new_kernels and found[edited]:
        return None  # the edit made the kernel something else (no longer a kernel, say)
    merged = copy.copy(previous)
    merged.kernels = []
    placed = False
    replaced = {id(k) for k in found[edited]}
    for k in previous.kernels:
        if id(k) in replaced:
            if not placed:
                merged.kernels.extend(new_kernels)
                placed = True
            continue
        merged.kernels.append(k)
    merged.diagnostics = sorted(
        [d for d in previous.diagnostics if owner(d) != edited] +
        [d for d in reduced.diagnostics if owner(d) == edited],
        key=lambda d: (d.file, d.line, d.column, d.code))
    merged.source = text
    # the previous IR still gives the bodies and launches where they are (the line count is kept);
    # the edited kernel's own IR is in its new analyses
    merged.unit = previous.unit
    merged.cache = {}
    merged.seconds = reduced.seconds
    return merged
