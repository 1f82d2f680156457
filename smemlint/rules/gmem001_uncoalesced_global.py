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

Not reported: a misaligned window of a stencil or sliding sum (`in[start + j]`
with `j` a loop's counter), whose extra sector is the next iteration's and is
served by L1; a window shifted by a constant from another access of the same
pointer on the same line (`v[tid] += v[tid + 4]` of a reduction tree), whose
misalignment no pointer alignment removes; and one field of a vector-typed element (`p[i].x` of a `float4`)
whose other fields the kernel also loads, which nvcc loads whole.

## Limitations
Pointer parameters are assumed 256-byte aligned (what `cudaMalloc` returns).
Sectors are counted per request as Nsight Compute's
`l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}` over `..._requests_...`.
"""
from __future__ import annotations

from collections.abc import Iterator

from .. import ir
from ..diagnostics import Diagnostic, Rule, Severity
from ..model import global_sectors
from . import _common as common
from ._common import assumed_sizes, average_word, per_request, under_lane_data

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
    if _misaligned_only(addresses, width):
        # not scattered: a window that would be ideal were it aligned (lanes in pairs on `p[r + 1]`)
        lo = min(a for _, a in active)
        return (f"the range the lanes read starts {lo % 32} bytes past a 32-byte boundary (misaligned, if "
                "the pointer is 256-byte aligned as cudaMalloc returns it)")
    return "the lanes' addresses are scattered"


def _split_by_destination(a, addresses: tuple[int | None, ...]) -> bool:
    """A cp.async whose source alone is coalesced: its extra sectors come from the shared
    destination's rows splitting the copy (model/tensor.py), which no change of the source fixes."""
    if not a.stats.site.instruction.startswith(("cp.async", "__pipeline", "cuda::memcpy_async")):
        return False
    plain = global_sectors(addresses, a.width_bits // 8)
    return plain.sectors <= plain.ideal


def _site_context(ctx) -> dict[int, tuple[ir.Access, list[ir.Loop], dict[str, ir.Expr]]]:
    """Site id -> its access, the loops around it (outermost first) and the values the locals of
    its function are given (for reading an index through `int col = c + j;`), made once per file."""
    key = ("gmem001-sites",)
    if key in ctx.result.cache:
        return ctx.result.cache[key]
    out: dict[int, tuple[ir.Access, list[ir.Loop], dict[str, ir.Expr]]] = {}
    for kernel, _ in common.kernels(ctx):
        for _, body, _ in common.bodies(ctx, kernel):
            defs: dict[str, ir.Expr] = {}
            for n in ir.walk(body):
                if isinstance(n, ir.Decl) and n.init is not None:
                    defs.setdefault(n.var, n.init)
            stack: list[tuple[object, list[ir.Loop]]] = [(body, [])]
            while stack:
                n, loops = stack.pop()
                if isinstance(n, ir.Access):
                    out.setdefault(n.site, (n, loops, defs))
                inner = loops + [n] if isinstance(n, ir.Loop) else loops
                stack.extend((c, inner) for c in ir.children(n))
    ctx.result.cache[key] = out
    return out


def _additive_terms(e: ir.Expr, defs: dict[str, ir.Expr], keep: set[str], depth: int = 0) -> list[ir.Expr]:
    """The terms of a sum (`a + b - c`), locals replaced by their values (a few levels deep), but
    not those in `keep` (the loop counters, whose declared value is only their first)."""
    while isinstance(e, ir.Cast):
        e = e.operand
    if isinstance(e, ir.BinOp) and e.op in ("+", "-"):
        return _additive_terms(e.lhs, defs, keep, depth) + _additive_terms(e.rhs, defs, keep, depth)
    if isinstance(e, ir.VarRef) and e.var in defs and e.var not in keep and depth < 4:
        return _additive_terms(defs[e.var], defs, keep, depth + 1)
    return [e]


def _misaligned_only(addresses: tuple[int | None, ...], width: int) -> bool:
    """Moved back to a 32-byte boundary as a whole, the request is ideal: what it costs beyond
    ideal is where its window starts, not its stride or scatter."""
    active = [x for x in addresses if x is not None]
    if len(active) < 2 or width not in (1, 2, 4, 8, 16):
        return False  # a float3 moved as three 4-byte pieces: not one request to move back
    shift = min(active) % 32
    cost = global_sectors(tuple(None if x is None else x - shift for x in addresses), width)
    return cost.sectors <= cost.ideal


def _steps_by_one(step: ir.Expr | None) -> bool:
    if isinstance(step, ir.IncDec):
        return abs(step.delta) == 1
    if isinstance(step, ir.Assign) and step.op in ("+=", "-="):
        v = step.value
        while isinstance(v, ir.Cast):
            v = v.operand
        return isinstance(v, ir.Const) and v.value == 1
    return False


def _sliding_window(ctx, a) -> bool:
    """A load whose index adds a loop's counter as a plain term (`in[start + j]` for the taps of a
    stencil, `in[idx - offset]` of a naive scan): each iteration reads the window one element on,
    so the sector a misaligned window adds is the one the next iteration reads: L1 serves it, and
    DRAM moves nothing extra. Nothing to fix (issue 26: the +-1 stencil neighbour)."""
    found = _site_context(ctx).get(a.stats.site.id) if a.stats else None
    if found is None or a.op != "ld":
        return False
    acc, loops, defs = found
    if not loops or not isinstance(acc.lvalue, ir.Subscript):
        return False
    # loops stepping by one element: the taps of a stencil (a tile loop's larger step is not a window
    # sliding over its own sectors)
    counters = {v for loop in loops if _steps_by_one(loop.step) for v in ir.assigned_vars(loop.step)}
    terms = _additive_terms(acc.lvalue.index, defs, counters)
    bare = {t.var for t in terms if isinstance(t, ir.VarRef)}
    return bool(bare & counters)


def _signed_terms(e: ir.Expr, sign: int = 1) -> list[tuple[int, ir.Expr]]:
    """The terms of a sum with their signs (`a + 4 - b`: (+1, a), (+1, 4), (-1, b))."""
    while isinstance(e, ir.Cast):
        e = e.operand
    if isinstance(e, ir.BinOp) and e.op in ("+", "-"):
        return _signed_terms(e.lhs, sign) + _signed_terms(e.rhs, sign if e.op == "+" else -sign)
    return [(sign, e)]


def _shape_and_shift(index: ir.Expr) -> tuple[tuple[str, ...], int]:
    """An index as (its non-constant terms, its constant part): `tid + 4` is (`+$tid`, 4)."""
    shape, shift = [], 0
    for sign, t in _signed_terms(index):
        if isinstance(t, ir.Const) and isinstance(t.value, int):
            shift += sign * t.value
        else:
            shape.append(("+" if sign > 0 else "-") + common.expr_key(t))
    return tuple(sorted(shape)), shift


def _shifted_tap(ctx, a) -> bool:
    """A load whose index is another access's of the same pointer, on the same line, shifted by a
    constant (`v[tid] += v[tid + 4]` of a reduction tree, `in[i - 1] + in[i] + in[i + 1]`): the shift
    is the algorithm's, no alignment of the pointer makes both windows start on a sector, and the
    sector the shifted one adds is its neighbour's, which the block's other reads move anyway.
    Nothing to fix."""
    found = _site_context(ctx).get(a.stats.site.id) if a.stats else None
    if found is None or a.op != "ld":
        return False
    acc = found[0]
    if not isinstance(acc.lvalue, ir.Subscript):
        return False
    base = common.expr_key(acc.lvalue.base)
    shape, shift = _shape_and_shift(acc.lvalue.index)
    sites = common.unit_sites(ctx)
    here = sites.get(acc.site)
    if here is None:
        return False
    for other, _, _ in _site_context(ctx).values():
        there = sites.get(other.site)
        if other.site == acc.site or there is None or (there.span.file, there.span.line) != (here.span.file, here.span.line):
            continue
        if isinstance(other.lvalue, ir.Subscript) and common.expr_key(other.lvalue.base) == base:
            s2, k2 = _shape_and_shift(other.lvalue.index)
            if s2 == shape and k2 != shift:
                return True
    return False


def _fused_fields(ctx, k, a, addresses: tuple[int | None, ...]) -> bool:
    """One field of a vector-typed element (float2, float4, int4: aligned to its size) whose other
    fields the kernel also loads from the same element: nvcc loads the element whole (one
    ld.global.v4 for n-body's p[i].x, .y, .z; checked with -ptx). Costed as that load, the request
    is ideal: no finding."""
    found = _site_context(ctx).get(a.stats.site.id) if a.stats else None
    sym = a.stats.symbol if a.stats else None
    if found is None or sym is None or a.op != "ld":
        return False
    acc = found[0]
    elem = sym.elem
    if not isinstance(acc.lvalue, ir.Member) or acc.lvalue.arrow or elem.bytes not in (8, 16) \
            or elem.align < elem.bytes:
        return False
    base = common.expr_key(acc.lvalue.base)
    siblings = [x for x, _, _ in _site_context(ctx).values()
                if x.op == "ld" and isinstance(x.lvalue, ir.Member) and not x.lvalue.arrow
                and common.expr_key(x.lvalue.base) == base]
    fields = sorted({x.lvalue.offset for x in siblings})
    # three or four consecutive words of a 16-byte element (x, y, z): one ld.global.v4; two fields
    # (a float2's pair, in4[t].x with .w) are extract.py's sibling merge or stay two loads
    if elem.bytes != 16 or len(fields) < 3 or fields != list(range(fields[0], fields[0] + 4 * len(fields), 4)):
        return False
    lines = {s.span.line for s in common.unit_sites(ctx).values() if s.id in {x.site for x in siblings}}
    stores = {x.line for x in k.accesses if x.space == "global" and x.op == "st"}
    if lines and any(min(lines) < ln <= max(lines) for ln in stores):
        return False  # a store between the reads: nvcc keeps them apart
    whole = tuple(None if x is None else x - acc.lvalue.offset for x in addresses)
    cost = global_sectors(whole, elem.bytes)
    return cost.sectors <= cost.ideal


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
        if _fused_fields(ctx, k, a, worst.addresses):
            continue
        if _misaligned_only(worst.addresses, a.width_bits // 8) and (_sliding_window(ctx, a) or _shifted_tap(ctx, a)):
            continue
        sec, ideal = a.sectors_per_request, a.ideal_sectors_per_request
        ratio = sec / ideal if ideal else 0
        # the headline: one number, said as an average when it is one; the ratio and cause below it
        msg = (f"uncoalesced {'load' if a.op == 'ld' else 'store'} of `{a.symbol}`: {per_request(sec)} sectors "
               f"per request{average_word(sec, ideal)} where {per_request(ideal)} would do; "
               f"{ratio:.1f}x the traffic: {cause}")

        msg += under_lane_data(a)
        msg += f" [{a.assumptions[0]}]" if a.assumptions else ""
        facts = {"symbol": a.symbol, "sectors": sec, "ideal_sectors": ideal, "warp": worst.warp}
        if a.worst_case:
            facts["worst_case"] = a.worst_case
        # one finding per cause: loads (or stores) of one pointer in one analysis with the same
        # cause (stride, offset, field), which names its numbers
        yield ctx.report(a, msg, facts=facts,
                         group=(ctx.analysis_key(k), sym.key if sym is not None else a.symbol, a.op, cause))
