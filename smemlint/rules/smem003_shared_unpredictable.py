"""Shared-memory access whose lane addresses depend on data (SMEM003, shared-unpredictable).

## What it finds
A shared-memory load, store or atomic whose address differs between the lanes
of a warp because of values read from memory (a histogram bin, an index
array, the result of an atomic or a shuffle): smemlint cannot know which
banks the lanes hit, so it makes no bank-conflict prediction for it. This
rule says so, and what the address depends on. It is informational.

It is reported only where data can make the access conflict: the address is
evaluated for the lanes of a warp under sampled data (every loaded value,
parameter and block-uniform local drawn, ballots, `__popc` and shuffles
computed across the lanes), and an access that every sample costs 1
wavefront, such as a store at each lane's rank from `__ballot_sync` masks (a
warp radix sort's split: a permutation of 32 consecutive words whatever the
data), is silent. Where a sample conflicts, the finding names its cost
(`facts.witness_wavefronts`). An atomic stays reported: lanes on one word
serialize, which the sample does not count.

## Why it matters
A data-dependent shared access costs anywhere from 1 wavefront (all lanes in
different banks, or all on one word) to 32 (every lane on a different word of
one bank): a histogram over skewed data collides on a few bins, the same
kernel over uniform data does not. Bank-conflict counts for such lines must
be measured with the real data (Nsight Compute,
`l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum`), not predicted;
this project's shared-memory measurements (benchmarks/accuracy) are all on
index-computed addresses for that reason.

## Example
```cuda
__global__ void histogram(unsigned int *hist, const unsigned char *data, int n)
{
    __shared__ unsigned int bins[256];
    bins[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[data[i]], 1u);   // which bank: depends on the data
    __syncthreads();
    atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}
```

## Use instead
There is nothing to fix as such. When collisions are likely (skewed data),
give each warp its own copy of the bins, or pad/spread hot entries; a
predictable index shows its cost:
```cuda
__global__ void histogram(unsigned int *hist, const unsigned char *data, int n)
{
    __shared__ unsigned int bins[256];
    bins[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&hist[data[i]], 1u);   // global atomics: not a shared access
    __syncthreads();
}
```

## How to silence
It is an info-level note: `--fail-on warning` keeps it out of CI failures;
`ignore = ["SMEM003"]` hides it, `// smemlint: ignore[SMEM003]` on one line.

## Limitations
An access into rows whose length the source leaves undefined (a macro a
runtime-compiled source gets from its host code, a template argument no launch
gives) is not reported: its address is unknown for want of a size, not because
of data; the file's note names the `-D` flags it needs.

A data-dependent value that is the same for the whole block (read at a
block-uniform address) only shifts the addresses; such accesses are
predicted (the shift renames banks) and not reported here.
"""
from __future__ import annotations

from collections.abc import Iterator

from .. import ir
from ..diagnostics import Diagnostic, Rule, Severity
from ..reach import statement_exprs
from ..symbolic.cfg import walk_exprs
from ..symbolic.uniformity import LANE
from . import _common as common
from ._data_witness import Reach, witness

RULE = Rule(code="SMEM003", name="shared-unpredictable", severity=Severity.INFO,
            summary="shared-memory access whose lane addresses depend on data")


def _unknown_layout_sites(ctx, kernel: ir.Kernel) -> set[int]:
    """Accesses into rows of unknown length (a size the source leaves to template arguments no
    launch gives, or to a macro it never defines): their addresses are unknown for want of a size,
    not because they depend on data; the file's note says what it needs (`-D TILE_DIM=...`)."""
    out: set[int] = set()
    cache = ctx.result.cache
    for fkey, body, _ in common.bodies(ctx, kernel):
        key = ("smem003 unknown layout", fkey)  # one walk per function body, shared by the kernels reaching it
        if key not in cache:
            cache[key] = {acc.site for acc in (e for e in statement_exprs(body) if isinstance(e, ir.Access))
                          if any(isinstance(e, ir.Subscript) and e.step <= 0 for e in walk_exprs([acc.lvalue]))}
        out |= cache[key]
    return out


def check(ctx) -> Iterator[Diagnostic]:
    for kernel, kr in common.kernels(ctx):
        if kr is None:
            continue
        un = common.uniformity(ctx, kernel)
        unknown_layout = _unknown_layout_sites(ctx, kernel)
        for a in kr.accesses:
            st = a.stats
            if st is None or st.site.id in unknown_layout:
                continue
            space = st.symbol.space if st.symbol is not None else a.space
            if space != "shared":
                continue
            u = un.site(st.site.id)
            if u is None or u.level < LANE or not u.data:
                continue
            worst = _sampled(ctx, kernel, kr, un, st.site.id)
            if worst == 1 and a.op != "atomic":
                # no data sampled makes it conflict (a rank computed from ballots: a permutation);
                # an atomic stays (lanes on one word serialize, which the sample's count omits)
                continue
            what = {"ld": "load", "st": "store", "atomic": "atomic"}.get(a.op, a.op)
            msg = (f"shared {what} on `{a.symbol}`: bank conflicts cannot be predicted from the source (1 to 32 "
                   f"wavefronts); its lane addresses depend on {u.why or 'data'}")
            facts = {"symbol": a.symbol, "op": a.op, "level": u.name}
            if worst is not None:
                msg += f"; some data makes it {worst} wavefronts per request"
                facts["witness_wavefronts"] = worst
            yield ctx.report(a, msg, facts=facts)


def _sampled(ctx, kernel: ir.Kernel, kr, un, site: int) -> int | None:
    """The most wavefronts a request took under sampled data (_data_witness), or None when the
    address could not be followed through the function that makes the access."""
    width = common.unit_sites(ctx).get(site)
    if width is None:
        return None
    for fkey, body, _ in common.bodies(ctx, kernel):
        key = ("smem003 reach", fkey)  # one Reach per function body, shared by its sites and kernels
        if key not in ctx.result.cache:
            ctx.result.cache[key] = Reach(body)
        reach = ctx.result.cache[key]
        if reach.holds(body, site):
            return witness(un, kernel, fkey, body, site, width.width, kr.block, reach=reach)
    return None
