"""Hot code larger than the instruction cache: over-unrolling (SASS002, icache-pressure).

## What it finds
A kernel whose SASS footprint (the kernel plus the device functions it calls),
or one of its loops (a backward branch in SASS: everything between the branch
and its target, inner loops and both sides of branches included), is larger
than an instruction cache of the target architecture. It names the
`#pragma unroll` whose loop holds most of those bytes and suggests a smaller
factor that brings the footprint back under the cache. Needs `--sass`.

Thresholds come from `smemlint/model/arch.py` (one table, with sources). On
sm_90, measured on an H100 (HARDWARE.md, "Instruction footprint"):

| hot code | severity |
|---|---|
| loop body > 5 KB (320 instructions): L0 misses, < 2% slower | info |
| > 32 KB (2,048 instructions): SM-level misses, −4% at 36 KB, −22…26% at ≥ 48 KB | warning |
| > 128 KB (8,192 instructions): GPC-level misses, up to 3.8× slower | warning (strong) |

Other architectures: not measured, so nothing is reported (the footprint is
still in `kernels[].sass`).

## Why it is slow
A warp whose next instruction is not in the cache stalls ("Stall No
Instruction"). Warps drift apart over time, so the whole hot footprint is live
at once. NVIDIA's study of a Smith-Waterman kernel on the H100: with nested
`#pragma unroll` loops, larger workloads ran *slower* as icc misses grew;
no unroll on the outer loop and `#pragma unroll 2` on the second level was
the best overall. Unrolling can also be right (one public kernel got 3.4×
slower when unrolling was capped): this is a warning with evidence, measure.

## Example
```cuda
for (int t = 0; t < n; ++t) {
#pragma unroll                       // 64 x 16 copies of the body: 52 KB of SASS
    for (int i = 0; i < 64; ++i) {
#pragma unroll
        for (int j = 0; j < 16; ++j) acc[j] = fmaxf(acc[j] * x[i] + j, acc[(j + 1) % 16] - x[i]);
    }
}
```

## Use instead
```cuda
#pragma unroll 1                     // or a small factor: the message says which fits
    for (int i = 0; i < 64; ++i) {
#pragma unroll
        for (int j = 0; j < 16; ++j) ...
```

## How to silence
`// smemlint: ignore[SASS002]` on the pragma line, or `ignore = ["SASS002"]`.

## Limitations
Counts the code of one kernel; kernels resident on the same SM at once, and
warp-specialized roles, add up in hardware. The suggested factor assumes the
unrolled copies are the same size (bytes scale with the factor). Thresholds
are worst cases (issue-bound code); memory-bound code hides more of the misses.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from .. import ir
from ..diagnostics import Diagnostic, Edit, Fix, Rule, Severity
from ..model import get_arch

RULE = Rule(code="SASS002", name="icache-pressure", severity=Severity.WARNING,
            summary="kernel or hot loop SASS larger than the instruction cache (over-unrolling)")
NEEDS_SASS = True

_PRAGMA = re.compile(r"#\s*pragma\s+unroll\s*(?:\(?\s*(\d+)\s*\)?)?")
_FOR = re.compile(r"for\s*\(\s*(?:[\w:]+\s+)*(\w+)\s*=\s*([^;]+);\s*(\w+)\s*(<=|<|!=)\s*([^;]+);\s*([^)]*)\)")


def _loops(node, out: list) -> None:
    if isinstance(node, ir.Loop) and node.span is not None:
        out.append(node)
    if isinstance(node, (list, tuple)):
        for x in node:
            _loops(x, out)
    elif dataclasses.is_dataclass(node) and isinstance(node, ir.Stmt):
        for f in dataclasses.fields(node):
            _loops(getattr(node, f.name), out)


def _value(text: str, source: str) -> int | None:
    text = text.strip().strip("()")
    if re.fullmatch(r"\d+[uUlL]*", text):
        return int(re.match(r"\d+", text).group())
    if re.fullmatch(r"\w+", text):
        m = (re.search(rf"^\s*#\s*define\s+{text}\s+\(?(\d+)\)?\s*$", source, re.M) or
             re.search(rf"\bconst(?:expr)?\s+(?:int|unsigned|size_t|auto)\s+{text}\s*=\s*(\d+)", source))
        if m:
            return int(m.group(1))
    return None


def _trip_count(lines: list[str], loop: ir.Loop, source: str) -> int | None:
    head = " ".join(lines[loop.span.line - 1:loop.span.line + 1])
    m = _FOR.search(head)
    if not m or m.group(1) != m.group(3):
        return None
    step = m.group(6).replace(" ", "")
    if step not in (f"++{m.group(1)}", f"{m.group(1)}++", f"{m.group(1)}+=1"):
        return None
    lo, hi = _value(m.group(2), source), _value(m.group(5), source)
    if lo is None or hi is None:
        return None
    return max(0, hi - lo + (1 if m.group(4) == "<=" else 0))


def _pragma_at(lines: list[str], loop: ir.Loop) -> tuple[int, int, int, re.Match] | None:
    """(line, column, end column, match) of the `#pragma unroll` just above the loop."""
    for ln in range(loop.span.line - 1, max(loop.span.line - 3, 0), -1):
        text = lines[ln - 1] if 0 < ln <= len(lines) else ""
        m = _PRAGMA.search(text)
        if m:
            return ln, m.start() + 1, m.end() + 1, m
        if text.strip() and not text.strip().startswith("//"):
            return None
    return None


def _kb(n: int) -> str:
    return f"{n / 1024:.1f} KB"


def check(ctx) -> Iterator[Diagnostic]:
    arch = get_arch(ctx.settings.arch)
    levels = [(arch.icache_gpc_fit_bytes, "strong", Severity.WARNING, "the GPC-level (L1.5) instruction cache"),
              (arch.icache_sm_fit_bytes, "warning", Severity.WARNING, "the SM-level instruction cache"),
              (arch.icache_l0_fit_bytes, "info", Severity.INFO, "the per-scheduler L0 instruction cache")]
    lines = ctx.result.source.splitlines()
    for k in ctx.result.kernels:
        kf = k.sass_facts
        if kf is None or kf.source != "sass":
            continue
        if arch.icache_sm_fit_bytes is None:
            ctx.result.notes.append(f"SASS002: instruction-cache sizes of {arch.name} were not measured "
                                    f"({arch.icache_source}); kernel {k.name} is {_kb(kf.footprint_bytes)} of SASS")
            continue
        hot_loop = max(kf.loops, key=lambda lp: lp.footprint_bytes, default=None)
        hot = hot_loop.footprint_bytes if hot_loop else 0
        found = None
        for limit, level, sev, cache in levels:
            # a loop is hot by construction; the whole kernel counts once it outgrows the SM-level cache
            size = hot if level == "info" else max(hot, kf.footprint_bytes)
            if limit is not None and size > limit:
                found = (limit, level, sev, cache, size)
                break
        if found is None:
            continue
        limit, level, sev, cache, size = found
        whole = size != hot or hot_loop is None
        region = [i for i in kf.instrs if whole or hot_loop.start <= i.offset < hot_loop.end]
        per_line: dict[int, int] = {}
        for i in region:
            at = i.lines_in(kf.line_file) if kf.line_file else []
            if at:
                per_line[at[0]] = per_line.get(at[0], 0) + 16
        source_loops: list[ir.Loop] = []
        if k.ir is not None:
            _loops(k.ir.body, source_loops)
        if k.unit is not None:
            for f in k.unit.functions.values():
                _loops(f.body, source_loops)
        cands = []
        for lp in source_loops:
            if lp.unroll is None or lp.unroll == 1:
                continue
            b = sum(n for ln, n in per_line.items() if lp.span.line <= ln <= lp.span.end_line)
            if b * 2 >= sum(per_line.values()) and b > 0:
                cands.append((lp, b))
        what = "kernel" if whole else f"loop at lines {hot_loop.first_line}-{hot_loop.last_line}"
        facts = {"bytes": size, "instructions": size // 16, "level": level, "limit": limit,
                 "kernel_bytes": kf.footprint_bytes, "hot_loop_bytes": hot}
        msg = (f"{what} of `{k.name}` is {_kb(size)} of SASS ({size // 16} instructions), over {cache} "
               f"({_kb(limit)} on {arch.name}, measured)")
        if level == "strong":
            msg = "strong warning: " + msg
        file, line, col, end = k.file, k.line, 1, 1
        fix = None
        if cands:
            # the outermost unrolled loop that holds most of the hot bytes (the Smith-Waterman study: unroll the outer loop less)
            lp, b = min(cands, key=lambda c: (c[0].span.line, -c[0].span.end_line))
            where = _pragma_at(lines, lp)
            factor_now = lp.unroll if lp.unroll and lp.unroll > 1 else _trip_count(lines, lp, ctx.result.source)
            other = size - b
            target = limit
            suggest = 1
            if factor_now:
                f = factor_now // 2
                while f > 1:
                    if other + b * f / factor_now <= target:
                        suggest = f
                        break
                    f //= 2
            inner = [c for c, _ in cands if c is not lp and lp.span.line < c.span.line <= lp.span.end_line]
            now = f"`#pragma unroll{' ' + str(lp.unroll) if lp.unroll else ''}`"
            msg += (f"; {_kb(b)} of it comes from the loop unrolled by {now} at line "
                    f"{where[0] if where else lp.span.line}" +
                    (f" ({factor_now} copies)" if factor_now else ""))
            desc = f"use `#pragma unroll {suggest}` on the loop at line {lp.span.line}"
            if factor_now and suggest > 1:
                desc += f" (about {_kb(int(other + b * suggest / factor_now))} of hot code)"
            l0 = arch.icache_l0_fit_bytes
            if factor_now and level != "info" and l0:
                f = suggest // 2
                while f > 1 and other + b * f / factor_now > l0:
                    f //= 2
                if f > 1 and other + b * f / factor_now <= l0:
                    desc += f"; `#pragma unroll {f}` would fit the {_kb(l0)} L0 cache"
            if inner and suggest == 1:
                desc += (f" and keep a small factor (`#pragma unroll 2`) on the inner loop at line "
                         f"{inner[0].span.line} (the best configuration of NVIDIA's Smith-Waterman study)")
            desc += "; measure: unrolling can also be the faster choice"
            edits = ()
            if where:
                ln, c0, c1, _ = where
                edits = (Edit(ln, c0, ln, c1, f"#pragma unroll {suggest}"),)
                line, col, end = ln, c0, c1
            fix = Fix(desc, edits)
            facts.update(factor=suggest, unroll_line=lp.span.line, loop_bytes=b)
        else:
            msg += "; no `#pragma unroll` explains it (the compiler unrolled or inlined on its own)"
        yield Diagnostic(file, line, col, line, end, RULE.code, RULE.name, sev, msg, fix, facts, list(k.assumptions))
