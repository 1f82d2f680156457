"""Global-memory access that moves more 32-byte sectors than its bytes need (GMEM001, uncoalesced-global).

## What it finds
A global load or store whose warp-level request touches more 32-byte sectors
than the same bytes would need laid out contiguously from a 32-byte boundary:
strided indexing, a transposed index (`out[x * n + y]` with `x` from
`threadIdx.x`), a misaligned start, or one field of an array of structures.

One finding per cause: loads (or stores) of one pointer in one kernel (one
instantiation and launch) with the same cause (the same stride, offset or
field) are one finding at the first, whose message lists the other lines
(`facts.other_lines`; JSON's `other_sites` gives each access its own numbers).
A suppression comment on one of the lines takes that line out of the finding.

## Why it is slow
Memory moves whole sectors. A warp reading 32 consecutive floats needs 4
sectors; with a stride of 8 or more floats it needs 32 sectors for the same
128 useful bytes: 8x the traffic, 12.5% efficiency. Measured on an H100:
coalesced 4-byte = 4 sectors per request, word stride 2 / 4 = 8 / 16, stride
>= 8 = 32, off by one float = 5, a 4-byte field of a 12-byte struct = 12.

## Example
```cuda
out[x * n + y] = in[y * n + x];   // the store: 32 sectors per request
```

## Use instead
Stage the tile through shared memory so that both the global read and the
global write are indexed by `threadIdx.x` in the fastest dimension; use a
structure of arrays instead of an array of structures; keep vector accesses
aligned.

## How to silence
`// smemlint: ignore[GMEM001]` on the line, or `ignore = ["GMEM001"]` in
`[tool.smemlint]`.

## Limitations
Pointer parameters are assumed 256-byte aligned (what `cudaMalloc` returns).
Sectors are counted per request as Nsight Compute's
`l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}` over `..._requests_...`.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Rule, Severity
from ..model import global_sectors
from ._common import assumed_sizes, average_word, per_request

RULE = Rule(code="GMEM001", name="uncoalesced-global", severity=Severity.WARNING,
            summary="global load/store needs more 32-byte sectors per request than ideal")

_EPS = 1e-9


def _cause(addresses: tuple[int | None, ...], width: int, symbol_elem: int, assumptions: list[str] = ()) -> str:
    """Why the lanes need the sectors they do; a stride computed from assumed sizes says so."""
    active = [(lane, a) for lane, a in enumerate(addresses) if a is not None]
    if len(active) < 2:
        return "a single lane touches a sector on its own"
    a0 = active[0][1]
    strides = {(b - a) // (lb - la) if (b - a) % (lb - la) == 0 else None
               for (la, a), (lb, b) in zip(active, active[1:])}
    if len(strides) == 1 and None not in strides:
        stride = strides.pop()
        if stride == width:
            if a0 % 32:
                return (f"consecutive lanes are contiguous but start {a0 % 32} bytes past a 32-byte boundary "
                        "(misaligned, if the pointer is 256-byte aligned as cudaMalloc returns it)")
            # aligned and contiguous lane for lane: the extra sectors are the gaps of the inactive lanes
            gaps = {lb - la for (la, _), (lb, _) in zip(active, active[1:])}
            if len(gaps) == 1 and (gap := gaps.pop()) > 1:
                return (f"one lane in {gap} is active, each {gap} elements ({gap * width} bytes) "
                        "from the next")
            if len(active) == len(addresses) and width > 16 and width % 16 == 0:
                # every lane, contiguous and aligned, an element of several 16-byte vectors (nbody's
                # double4): nvcc moves it in the widest pieces there are, and together they use every
                # byte of every sector; nothing in the access pattern to fix (a float3, moved in
                # 4-byte pieces where one 16-byte vector would do, is still reported)
                return ""
            return (f"only {len(active)} of {len(addresses)} lanes take part, so the contiguous range they index "
                    "is partly unused")
        if stride == 0:
            return "every lane reads the same address"
        if symbol_elem and width < symbol_elem and abs(stride) == symbol_elem:
            return (f"each lane reads {width} bytes of a {symbol_elem}-byte structure "
                    f"(array of structures: use a structure of arrays)")
        elems = abs(stride) // width if width else 0
        # elements first, the bytes they make in parentheses (one unit, then its conversion)
        return (f"consecutive lanes are {elems} elements ({abs(stride)} bytes) apart"
                f"{assumed_sizes(list(assumptions), elems)}{', a transposed index?' if abs(stride) >= 128 else ''}")
    return "the lanes' addresses are scattered"


def _split_by_destination(a, addresses: tuple[int | None, ...]) -> bool:
    """A cp.async whose source alone is coalesced: its extra sectors come from the shared
    destination's rows splitting the copy (model/tensor.py), which no change of the source fixes."""
    if not a.stats.site.instruction.startswith(("cp.async", "__pipeline", "cuda::memcpy_async")):
        return False
    plain = global_sectors(addresses, a.width_bits // 8)
    return plain.sectors <= plain.ideal


def check(ctx) -> Iterator[Diagnostic]:
    for k, a in ctx.accesses():
        # atomics have their sectors in the report; scattering them is usually the point (histograms)
        if a.space != "global" or a.op not in ("ld", "st") or not a.predictable or a.sectors_per_request is None:
            continue
        if a.sectors_per_request <= a.ideal_sectors_per_request + _EPS:
            continue
        worst = a.stats.worst if a.stats else None
        if worst is None:
            continue
        if _split_by_destination(a, worst.addresses):
            continue
        sym = a.stats.symbol
        elem = sym.elem.bytes if sym is not None and sym.elem.kind == "record" else 0
        cause = _cause(worst.addresses, a.width_bits // 8, elem, a.assumptions)
        if not cause:
            continue
        sec, ideal = a.sectors_per_request, a.ideal_sectors_per_request
        ratio = sec / ideal if ideal else 0
        # the headline: one number, said as an average when it is one; the ratio and cause below it
        msg = (f"uncoalesced {'load' if a.op == 'ld' else 'store'} of `{a.symbol}`: {per_request(sec)} sectors "
               f"per request{average_word(sec, ideal)} where {per_request(ideal)} would do; "
               f"{ratio:.1f}x the traffic: {cause}")

        msg += f" [{a.assumptions[0]}]" if a.assumptions else ""
        facts = {"symbol": a.symbol, "sectors": sec, "ideal_sectors": ideal, "warp": worst.warp}
        if a.worst_case:
            facts["worst_case"] = a.worst_case
        # one finding per cause: loads (or stores) of one pointer in one analysis with the same
        # cause (stride, offset, field), which names its numbers
        yield ctx.report(a, msg, facts=facts,
                         group=(ctx.analysis_key(k), sym.key if sym is not None else a.symbol, a.op, cause))
