"""A suppression comment that suppressed nothing (SUP001, unused-suppression).

## What it finds
An inline `// smemlint: ignore[CODE]` (or `ignore-file[CODE]`) whose code had
no finding to silence: the code was fixed, the line moved, or the code is
misspelt. Suppressions are written

```cuda
out[i] = tile[tx][ty];  // smemlint: ignore[SMEM001]        this line
// smemlint: ignore[SMEM001, GMEM001]                       a comment alone on its line: the next line
// smemlint: ignore-next-line[SMEM001]                       the next line, also after code (as NOLINTNEXTLINE)
// smemlint: ignore-file[GMEM001]                           anywhere: the whole file
// smemlint: ignore                                         every code on this (or the next) line
```

Codes may be prefixes (`ignore[SMEM]`). `/* smemlint: ignore[...] */` works too.

## Why it matters
A stale suppression hides the next real finding on that line. Reporting it
keeps the list of accepted findings honest, as ruff's RUF100 and mypy's
`warn_unused_ignores` do.

## Example
```cuda
__shared__ float tile[32][33];
out[j] = tile[threadIdx.x][threadIdx.y];   // smemlint: ignore[SMEM001]  (padded: nothing to ignore)
```

## Use instead
Delete the comment, or correct its code.

## How to silence
`ignore = ["SUP001"]` in `[tool.smemlint]` or `--ignore SUP001`. A suppression
is only reported as unused for codes that are enabled for the file, so
`--select` and per-path ignores never make it fire.

## Limitations
Severity is info: with the default `--fail-on info` an unused suppression fails
the run, with `--fail-on warning` it is only shown.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .diagnostics import Diagnostic, Edit, Fix, Rule, Severity

RULE = Rule(code="SUP001", name="unused-suppression", severity=Severity.INFO,
            summary="a `// smemlint: ignore[...]` comment that suppressed nothing")

_COMMENT = re.compile(r"(?://|/\*)\s*smemlint:\s*(ignore-file|ignore-next-line|ignore)\b(?:\s*\[([^\]]*)\])?")


@dataclass
class Suppression:
    line: int  # the comment's line
    column: int  # 1-based byte column of the comment
    end_column: int
    target: int  # the line it silences (0: the whole file)
    codes: tuple[str, ...]  # empty: every code
    delete_from: int  # byte column where a fix deleting the comment starts (leading blanks included)
    used: set[str] = field(default_factory=set)

    def covers(self, d: Diagnostic) -> str | None:
        """The entry of `codes` that silences d (\"*\" for a bare ignore), or None."""
        if self.target and d.line != self.target:
            return None
        if not self.codes:
            return "*"
        return next((c for c in self.codes if d.code.startswith(c)), None)


def parse(source: str) -> list[Suppression]:
    found: list[Suppression] = []
    lines = source.splitlines()
    for n, text in enumerate(lines, 1):
        if "smemlint:" not in text:
            continue
        for m in _COMMENT.finditer(text):
            kind, codes = m.group(1), m.group(2)
            items = tuple(c.strip().upper() for c in (codes or "").split(",") if c.strip())
            before = text[:m.start()].strip()
            if kind == "ignore-file":
                target = 0
            elif before and kind != "ignore-next-line":
                target = n
            else:  # a comment alone on its line silences the next line that has code
                target = next((i for i in range(n + 1, len(lines) + 1) if lines[i - 1].strip()), n)
            col = len(text[:m.start()].encode("utf-8")) + 1
            end = len(text[:m.end()].encode("utf-8")) + 1
            lead = len(text[:m.start()].rstrip().encode("utf-8")) + 1
            if text[m.start():m.start() + 2] == "/*":
                close = text.find("*/", m.end())
                end = len(text[:close + 2].encode("utf-8")) + 1 if close >= 0 else end
            found.append(Suppression(n, col, end, target, items, lead))
    return found


def apply(path: str, source: str, diagnostics: list[Diagnostic], enabled: Callable[[str], bool],
          known: Callable[[str], bool]) -> list[Diagnostic]:
    """Drop suppressed diagnostics; add SUP001 for suppressions (or their codes) that silenced nothing.

    `enabled(code)` says whether a code is on for this file (select/ignore/per-path-ignores);
    `known(code_or_prefix)` whether any rule has that code.
    """
    sups = parse(source)
    if not sups:
        return diagnostics
    kept: list[Diagnostic] = []
    for d in diagnostics:
        if d.file != path:  # in a header it includes: this file's comments do not speak for its lines
            kept.append(d)
            continue
        hit = False
        for s in sups:
            entry = s.covers(d)
            if entry is not None:
                s.used.add(entry)
                hit = True
        if not hit:
            kept.append(d)
    if not enabled(RULE.code):
        return kept
    for s in sups:
        where = "this file" if s.target == 0 else ("this line" if s.target == s.line else f"line {s.target}")
        unused: list[str] = []
        if not s.codes:
            if "*" not in s.used:
                unused.append("")
        else:
            for c in s.codes:
                if c in s.used:
                    continue
                if not known(c):
                    kept.append(_report(path, s, f"unknown rule code `{c}` in suppression comment", c))
                elif enabled(c):
                    unused.append(c)
        whole = not s.used and len(unused) == max(len(s.codes), 1)
        for c in unused:
            what = f"no {c} finding" if c else "no finding"
            kept.append(_report(path, s, f"unused suppression: {what} on {where}", c, whole))
    return sorted(kept, key=lambda d: (d.file, d.line, d.column, d.code))


def _report(path: str, s: Suppression, message: str, code: str, whole: bool = False) -> Diagnostic:
    fix = None
    if whole:  # every code of the comment is unused: offer to delete it
        fix = Fix("remove the unused suppression comment", (Edit(s.line, s.delete_from, s.line, s.end_column, ""),))
    return Diagnostic(path, s.line, s.column, s.line, s.end_column, RULE.code, RULE.name, RULE.severity,
                      message, fix, facts={"suppressed_code": code or None, "target_line": s.target or None})


RULE = Rule(RULE.code, RULE.name, RULE.severity, RULE.summary, (__doc__ or "").strip())
