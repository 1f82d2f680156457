"""64/128-bit shared load whose lane pattern defeats the merging of phases (SMEM002, shared-vector-split).

## What it finds
An 8- or 16-byte shared-memory *load* (`LDS.64`, `LDS.128`: `float2`,
`float4`, `double`, `int4`, ...) that is conflict-free within each of its
phases but still needs more wavefronts than the same data would cost if its
lanes met the *pair condition*. An 8-byte load is served as two half-warps
and a 16-byte load as four quarter-warps, **unless** every lane `i` reads the
same address as lane `i^1` (or every lane as lane `i^2`): then the hardware
serves the whole warp (8-byte) or each half-warp (16-byte) as one phase.
smemlint costs the request both ways and reports the difference.

Loads of one array in one kernel split the same way are one finding at the
first, listing the other lines (`facts.other_lines`).

## Why it is slow
Each phase is at least one wavefront. A warp loading 16 distinct `float2`
values twice over (`s[lane % 16]`) moves 128 bytes, which fits one
wavefront, but the two half-warps are separate phases: 2 wavefronts, twice
the ideal. An article on shared-memory broadcast and vector accesses
derives these half-/quarter-warp rules with microbenchmarks on Turing;
this project measured the same rules for loads on an H100 (HARDWARE.md:
"32 lanes reading one address cost 2" for LDS.128, pairs at distance 4, 8 or
16 never merge).

## Example
```cuda
__global__ void halfWarpTable(float2 *out)
{
    __shared__ float2 table[16];
    if (threadIdx.x < 16) table[threadIdx.x] = make_float2(threadIdx.x, 0.0f);
    __syncthreads();
    out[threadIdx.x] = table[threadIdx.x % 16];   // lanes i and i+16 share: no pair merge, 2 wavefronts
}
```

## Use instead
```cuda
__global__ void halfWarpTable(float2 *out)
{
    __shared__ float2 table[16];
    if (threadIdx.x < 16) table[threadIdx.x] = make_float2(threadIdx.x, 0.0f);
    __syncthreads();
    out[threadIdx.x] = table[threadIdx.x / 2 % 16];   // lanes i and i^1 share: one phase, 1 wavefront
}
```
Arrange the data so that neighbouring lanes (`i`, `i^1`) or lanes two apart
(`i`, `i^2`) read the same element, or use 32-bit loads for that table.

## How to silence
`// smemlint: ignore[SMEM002]` on the line, or `ignore = ["SMEM002"]` in
`[tool.smemlint]`.

## Limitations
Stores never merge (measured on Hopper), so they are not reported. The
numbers are for the costliest request of the access under the assumed launch;
accesses with a bank conflict inside a phase are reported by SMEM001 instead.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Rule, Severity
from ..model import get_arch

RULE = Rule(code="SMEM002", name="shared-vector-split", severity=Severity.WARNING,
            summary="64/128-bit shared load whose lane pattern defeats half-/quarter-warp merging")

_EPS = 1e-9


def merged_cost(addresses: tuple[int | None, ...], width: int, warp: int, banks: int, bank_bytes: int) -> int:
    """Wavefronts of the request if its lanes met the pair condition (the coarser phases)."""
    group = warp if width == 8 else warp // 2
    total = 0
    for start in range(0, warp, group):
        words_by_bank: dict[int, set[int]] = {}
        for a in addresses[start:start + group]:
            if a is None:
                continue
            for word in range(a // bank_bytes, (a + width - 1) // bank_bytes + 1):
                words_by_bank.setdefault(word % banks, set()).add(word)
        if words_by_bank:
            total += max(len(w) for w in words_by_bank.values())
    return total


def check(ctx) -> Iterator[Diagnostic]:
    arch = get_arch(ctx.settings.arch)
    for k, a in ctx.accesses():
        st = a.stats
        if st is None or a.op != "ld" or a.space != "shared" or not a.predictable:
            continue
        width = a.width_bits // 8
        if width not in (8, 16) or st.worst is None:
            continue
        if a.wavefronts_per_request is not None and a.ideal_wavefronts_per_request is not None and \
                a.wavefronts_per_request > a.ideal_wavefronts_per_request + _EPS:
            continue  # a conflict inside a phase: SMEM001's finding
        cost = st.worst.detail
        if getattr(cost, "merged", True):
            continue
        best = merged_cost(st.worst.addresses, width, arch.warp_size, arch.banks, arch.bank_bytes)
        if best <= 0 or cost.wavefronts <= best:
            continue
        unit = "half-warps" if width == 8 else "quarter-warps"
        msg = (f"{width * 8}-bit shared load of `{a.symbol}` split into {unit}: {cost.wavefronts} wavefronts per "
               f"request where {best} would do; the phases merge only where lanes i and i^1 (or i^2) read the "
               f"same address, and in warp {st.worst.warp} no lane pairs up")
        facts = {"symbol": a.symbol, "wavefronts": cost.wavefronts, "minimum": best, "width": width * 8}
        # one finding per cause: the same split of loads of one array in one analysis
        sym = st.symbol.key if st.symbol is not None else a.symbol
        yield ctx.report(a, msg, facts=facts, group=(ctx.analysis_key(k), sym, width, cost.wavefronts, best))
