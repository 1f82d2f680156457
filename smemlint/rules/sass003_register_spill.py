"""Registers spilled to local memory (SASS003, register-spill).

## What it finds
A kernel for which ptxas reports spill stores or spill loads (`nvcc -Xptxas -v`:
"N bytes spill stores, M bytes spill loads"): values that did not fit in the
registers allowed per thread are written to local memory (STL) and read back
(LDL). The message names the limit in force (`__launch_bounds__`, 255 per
thread otherwise) and the source line with the most local-memory instructions.
Needs `--sass` and a `.cu` (binaries do not record spill bytes).

## Why it is slow
Local memory is per-thread global memory: each spill is a round trip through
L1 (and L2 when evicted), with the latency of a global access, in the middle
of code that was register-bound. Spills inside a loop repeat every iteration.

## Example
```cuda
__global__ void __launch_bounds__(256, 8) k(const float *in, float *out, int steps) {
    float acc[48];                        // 48 live values, 32 registers allowed by (256, 8)
    ...
}
```

## Use instead
Allow more registers (`__launch_bounds__(256, 4)`, or drop the minimum-blocks
argument), keep fewer values live (a smaller unroll factor, fewer accumulators
per thread), or move a rarely used array to shared memory.

## How to silence
`// smemlint: ignore[SASS003]` on the kernel line, or `ignore = ["SASS003"]`.

## Limitations
A local array indexed at run time also lives in local memory (stack frame,
LDL/STL) without being a spill; only ptxas' spill counts trigger this rule.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Fix, Rule, Severity

RULE = Rule(code="SASS003", name="register-spill", severity=Severity.WARNING,
            summary="registers spilled to local memory (ptxas spill stores/loads)")
NEEDS_SASS = True


def check(ctx) -> Iterator[Diagnostic]:
    for k in ctx.result.kernels:
        kf = k.sass_facts
        if kf is None or kf.source != "sass" or not kf.spills_bytes:
            continue
        local = {ln: sum(n for fam, n in c.items() if fam.startswith(("LDL", "STL"))) for ln, c in kf.lines.items()}
        local = {ln: n for ln, n in local.items() if n}
        worst = max(local.items(), key=lambda kv: (kv[1], -kv[0]), default=None)
        limit = ("the cap its `__launch_bounds__` sets" if k.ir is not None and k.ir.launch_bounds
                 else "the compiler's limit")
        msg = (f"`{k.name}` spills registers: {kf.spill_stores_bytes} bytes of spill stores and "
               f"{kf.spill_loads_bytes} bytes of spill loads per thread to local memory, "
               f"at {kf.registers} registers per thread ({limit})")
        if worst:
            msg += f"; most local-memory instructions at line {worst[0]} ({worst[1]})"
        facts = {"spills": kf.spills_bytes, "spill_stores": kf.spill_stores_bytes,
                 "spill_loads": kf.spill_loads_bytes, "registers": kf.registers,
                 "line_most": worst[0] if worst else None}
        fix = Fix("allow more registers per thread (a smaller minimum-blocks argument in __launch_bounds__, "
                  "no -maxrregcount) or keep fewer values live (smaller unroll factor, fewer accumulators)")
        yield Diagnostic(k.file, k.line, 1, k.line, 1, RULE.code, RULE.name, ctx.rule.severity, msg, fix, facts,
                         list(k.assumptions))
