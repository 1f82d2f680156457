"""`__constant__` read whose address differs across the lanes of a warp (CMEM001, constant-divergent).

## What it finds
A load from a `__constant__` array whose index is lane-varying: it depends on
`threadIdx` (other than through the warp index) or on data loaded at a
thread-dependent address. The uniformity analysis decides whether the index
varies; where smemlint can evaluate the index for the assumed block it also
reports how many distinct addresses one warp reads (`distinct`).

## Why it is slow
The constant cache is built for broadcast: it serves one address per cycle to
the whole warp. A warp whose lanes read *n* different addresses is replayed
*n* times, so the cost of a constant read grows linearly with the number of
distinct addresses in the warp (the CUDA documentation of constant memory: the access is
optimal only when every lane of the warp reads the same location, and the
cost scales with the number of unique addresses). Stencil coefficients read
as `coef[i]` in a loop are the ideal case; a per-lane table lookup belongs in
global memory (read through the read-only cache with `__ldg`) or in shared
memory.

## Example
```cuda
__constant__ float coef[4];
__global__ void applyCoef(float *out, const float *in)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i] * coef[threadIdx.x % 4];   // 4 addresses per warp: 4 serialized reads
}
```

## Use instead
```cuda
__constant__ float coef[4];
__global__ void applyCoef(float *out, const float *in)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < 4; ++k)
        acc += in[i] * coef[k];                // every lane reads the same coefficient
    out[i] = acc;
}
```
or keep a lane-indexed table in shared memory (`__shared__ float c[4]`,
filled once per block) or global memory read with `__ldg`.

## How to silence
`// smemlint: ignore[CMEM001]` on the line, or `ignore = ["CMEM001"]` in
`[tool.smemlint]`.

## Limitations
An index on `threadIdx.y` is lane-varying for the analysis even when
`blockDim.x == 32` makes it warp-uniform; when the evaluation of the assumed
block shows one address per warp the rule stays silent.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Rule, Severity
from ..symbolic.uniformity import LANE
from . import _common as common

RULE = Rule(code="CMEM001", name="constant-divergent", severity=Severity.WARNING,
            summary="__constant__ read whose index differs across the lanes of a warp (serialized)")


def check(ctx) -> Iterator[Diagnostic]:
    for kernel, kr in common.kernels(ctx):
        if kr is None:
            continue
        un = common.uniformity(ctx, kernel)
        for a in kr.accesses:
            st = a.stats
            if st is None or a.op != "ld":
                continue
            sym = st.symbol
            if (sym is None or sym.space != "constant") and a.space != "constant":
                continue
            u = un.site(st.site.id)
            if u is None or u.level < LANE:
                continue
            distinct = st.constant_distinct if st.requests or st.constant_distinct else 0
            evaluated = st.executions > 0 and not st.unpredictable
            if evaluated and distinct <= 1:
                continue  # the assumed block shows one address per warp
            name = sym.name if sym else a.symbol
            if evaluated:
                cost = (f"up to {distinct} distinct addresses per warp; the constant cache serves them one after "
                        f"another ({distinct}x the cost of a broadcast)")
            else:
                cost = "an address that differs per lane; the constant cache serializes one read per distinct address"
            msg = f"`__constant__` read of `{name}` with {cost}; the index depends on {u.why or 'the thread'}"
            facts = {"symbol": name, "distinct": distinct if evaluated else None, "level": u.name}
            yield ctx.report(a, msg, facts=facts)
