"""Evaluation of the instructions whose lanes play roles (ir.AsyncCopy, ir.FragmentAccess, and
ldmatrix/stmatrix sites): their addresses come from the lane evaluator (interp.py), their costs
from model/tensor.py.

Shared-window addresses: `__cvta_generic_to_shared(p)` turns a pointer into the 32-bit address
PTX's `.shared` instructions take (`cvta.to.shared` in inline PTX is lowered to the same call).
The evaluator keeps such an address a pointer into `p`'s array (interp.call), so byte arithmetic
on it (`base + row * 144`) stays an address in that array, and an explicit cast of the call
(`static_cast<uint32_t>(__cvta_generic_to_shared(p))`) keeps it too (expressions.py, _eval_cast).
"""
from __future__ import annotations

import re

import numpy as np

from .. import ir
from ..model.coalescing import GlobalCost
from ..model.banks import SharedCost
from ..model.tensor import async_copy_cost, wmma_global_requests, wmma_requests
from .stats import WorstRequest
from .values import Known, Ptr, Unknown, Value

# `it` below is always the interp.Interpreter evaluating the kernel (not imported: it imports this
# module)

SHARED_WINDOW_CALLS = frozenset({"__cvta_generic_to_shared", "__cvta_shared_to_generic"})
_MATRIX = re.compile(r"^(ldmatrix|stmatrix)\.x([124])\b")


def matrix_count(instruction: str) -> int:
    """Matrices an ldmatrix/stmatrix site moves (`ldmatrix.x4.trans` -> 4); 0 for other sites."""
    if instruction.startswith(("wmma.load.matrix_a", "wmma.load.matrix_b")):
        return wmma_matrices(instruction)
    m = _MATRIX.match(instruction)
    return int(m.group(2)) if m else 0


def wmma_matrices(instruction: str) -> int:
    """Matrices of the ldmatrix a wmma A or B fragment load from shared memory compiles to (`wmma.load.matrix_a`,
    16-bit: LDSM.x4; `wmma.load.matrix_a.row.b8`: LDSM.x2; 0 for a plain LDS: model/tensor.wmma_requests)."""
    parts = instruction.split(".")  # wmma, load, matrix_a[, layout, bBITS]
    layout, bits = (parts[3], int(parts[4][1:])) if len(parts) >= 5 and parts[4][1:].isdigit() else ("row", 16)
    reqs = wmma_requests(parts[2], layout, 64, bits // 8, "ld")
    return reqs[0].matrices if reqs and len(reqs) == 1 else 0


_PTX_INT32 = ("u32", "s32", "b32")


def atomic_form(instruction: str) -> str:
    """The measured form (model/banks.ATOMIC_FORMS) of an atomic site's instruction: lowering's
    `atomic.popc`, `atomic.add`, ... for C++ calls, or inline PTX's `red.shared.add.u32`,
    `atom.shared.cas.b32` (32-bit integer add: "add", other 32-bit integer operations: "int");
    anything else names its type (`float32`, `int64`: compare-and-swap loops in shared memory)."""
    if instruction.startswith("atomic."):
        return instruction.split(".", 1)[1]
    parts = instruction.split(".")
    if parts[0] in ("red", "atom"):
        kind = next((p for p in parts if p[:1] in "usbf" and p[1:].isdigit()), "")
        if kind in _PTX_INT32:
            return "add" if "add" in parts else "int"
        return ("float" if kind.startswith("f") else "int") + kind[1:]
    return ""


def instruction_words(instruction: str) -> str:
    """How a site's instruction is named in messages: `ldmatrix.x4`, `wmma load_matrix_sync (LDSM.x4)`."""
    if instruction.startswith("wmma.load.matrix_") and wmma_matrices(instruction):
        return f"wmma load_matrix_sync of {instruction.split('.')[2]} (one ldmatrix.x{wmma_matrices(instruction)})"
    return instruction


def keeps_window(e: ir.Expr) -> bool:
    """Is `e` a shared-window conversion (whose integer value is still an address)?"""
    while isinstance(e, ir.Cast):
        e = e.operand
    return isinstance(e, ir.Call) and e.name in SHARED_WINDOW_CALLS


def _begin(it, site: int, width: int) -> object:
    st = it.stats.get(site)
    if st is None:
        return None
    st.executions += 1
    st.width = width
    for g in it._guards:
        st.notes.add(g)
    return st


def _located(it, st, ptr: Value, mask: np.ndarray, space: str) -> bool:
    """Record where `ptr` lands; False (and the site unpredictable) when it cannot be costed."""
    if not isinstance(ptr, Ptr) or ptr.symbol is None:
        it._unpredictable(st, ptr.reason if isinstance(ptr, Unknown) else "unknown pointer", mask)
        return False
    st.symbol = ptr.symbol
    st.space = ptr.symbol.space
    if not isinstance(ptr.offset, Known):
        it._unpredictable(st, f"the address depends on {ptr.offset.reason}", mask)
        return False
    if st.space != space:
        it._unpredictable(st, f"expected {space} memory, found `{ptr.symbol.name}` in {st.space} memory", mask)
        return False
    return True


def _lane_rows(it, arr: np.ndarray, mask: np.ndarray) -> list[np.ndarray]:
    """Per virtual block (one for an ordinary evaluation): the warps' lane values, -1 = inactive."""
    full = np.where(mask, arr, -1)
    if full.ndim == 1:
        return [it._warps(full)]
    return [it._warps(row) for row in full]


def run_async_copy(it, e: ir.AsyncCopy, mask: np.ndarray) -> Value:
    width = e.destination.ctype.bytes
    dst = it.address(e.destination.lvalue, mask)
    src = it.address(e.source.lvalue, mask)
    sd = _begin(it, e.destination.site, width)
    ss = _begin(it, e.source.site, width)
    if sd is None or ss is None:
        return it._zero
    ok_d = _located(it, sd, dst, mask, "shared")
    ok_s = _located(it, ss, src, mask, "global")
    if ok_d:
        it.observe(e.destination.site, "st", dst, width, mask)  # the threads whose copies fill the tile
    if not (ok_d and ok_s):
        if ok_d or ok_s:
            other = sd if not ok_d else ss
            it._unpredictable(sd if ok_d else ss, f"the other side of the copy: {other.unpredictable}", mask)
        return it._zero
    if width not in (4, 8, 16):
        for st in (sd, ss):
            it._unpredictable(st, f"a {width}-byte cp.async is not an instruction (4, 8 or 16 bytes)", mask)
        return it._zero
    if it.costed is not None and dst.symbol.key not in it.costed and src.symbol.key not in it.costed:
        return it._zero
    d_arr = dst.offset.arr
    remap = it.remap.get(dst.symbol.key)
    if remap is not None:
        d_arr = remap(d_arr)
    s_arr = src.offset.arr
    d_arr, s_arr = np.broadcast_arrays(d_arr, s_arr)
    if mask.ndim > d_arr.ndim:
        d_arr, s_arr = np.broadcast_to(d_arr, mask.shape), np.broadcast_to(s_arr, mask.shape)
    sd.notes.add(f"{sd.site.instruction}: Nsight Compute's per-instruction figures for LDGSTS (model/tensor.py); "
                 "not a bank-conflict count")
    d_rows, s_rows = _lane_rows(it, d_arr, mask), _lane_rows(it, s_arr, mask)
    r_rows = None  # the lanes that read (src-size > 0); the others only zero-fill their destination
    if e.source_size is not None:
        size = it.eval(e.source_size, mask)
        if isinstance(size, Known):
            r_rows = _lane_rows(it, np.broadcast_to(np.where(size.arr > 0, 1, 0), mask.shape), mask)
    cache_global = sd.site.instruction == "cp.async.ca"  # LDGSTS.E.128; .cg and the C++ forms: .BYPASS
    if len(d_rows) < len(s_rows):
        d_rows = d_rows * len(s_rows)
    elif len(s_rows) < len(d_rows):
        s_rows = s_rows * len(d_rows)
    for r, (dw, sw) in enumerate(zip(d_rows, s_rows)):
        requests = wavefronts = sectors = ideal = ideal_sectors = 0
        for warp, (dl, sl) in enumerate(zip(dw.tolist(), sw.tolist())):
            lanes_d = tuple(None if a < 0 else a for a in dl)
            lanes_s = tuple(None if a < 0 else a for a in sl)
            if all(a is None for a in lanes_d):
                continue
            off = 0
            if width == 16:  # lanes of the warp guarded off: counted by Nsight Compute (model/tensor.py)
                off = min(32, it.n - 32 * (warp % (it._padded // 32))) - sum(a is not None for a in lanes_d)
            reads = None
            if r_rows is not None:
                rw = r_rows[min(r, len(r_rows) - 1)][warp].tolist()
                reads = tuple(x > 0 for x in rw)
            cost = async_copy_cost(lanes_d, lanes_s, width, it.arch, cache_global=cache_global,
                                   predicated_off=max(0, off), reads=reads)
            requests += 1
            wavefronts += cost.wavefronts
            sectors += cost.sectors
            ideal += cost.ideal
            ideal_sectors += cost.ideal_sectors
            if it._batched:
                continue
            sd.wavefronts += cost.wavefronts
            sd.ideal += cost.ideal
            ss.sectors += cost.sectors
            ss.ideal_sectors += cost.ideal_sectors
            ss.bytes_requested += cost.bytes_requested
            ss.distinct_bytes += cost.distinct_bytes
            sd.requests += 1
            ss.requests += 1

            if sd.worst is None or cost.wavefronts > sd.worst.wavefronts:
                sd.worst = WorstRequest(cost.wavefronts, warp, lanes_d,
                                        SharedCost(cost.wavefronts, cost.ideal, 0, (), None, (), False))
            if ss.worst is None or cost.sectors > ss.worst.wavefronts:
                ss.worst = WorstRequest(cost.sectors, warp, lanes_s,
                                        GlobalCost(cost.sectors, cost.ideal_sectors, cost.bytes_requested,
                                                   cost.distinct_bytes))
        if it._batched:
            sd.row_requests[r] += requests
            sd.row_cost[r] += wavefronts
            sd.row_ideal[r] += ideal
            ss.row_requests[r] += requests
            ss.row_cost[r] += sectors
            ss.row_ideal[r] += ideal_sectors
    return it._zero


def run_fragment_access(it, e: ir.FragmentAccess, mask: np.ndarray) -> Value:
    acc = e.access
    ptr = it.address(acc.lvalue, mask)
    ldm = it.eval(e.ldm, mask)
    elem = acc.lvalue.ctype.bytes
    st = it.stats.get(acc.site)
    if st is None:
        return Unknown(True, "a wmma fragment")
    if not isinstance(ptr, Ptr) or ptr.symbol is None or not isinstance(ptr.offset, Known):
        it.record(acc.site, acc.op, ptr, elem, mask)  # says why it cannot be costed
        return Unknown(True, "a wmma fragment")
    space = ptr.symbol.space
    if space not in ("shared", "global"):
        _begin(it, acc.site, elem)
        st.symbol, st.space = ptr.symbol, space
        it._unpredictable(st, f"a wmma fragment {'load from' if acc.op == 'ld' else 'store to'} "
                              f"{space} memory (its instructions were measured from shared and global memory only)",
                          mask)
        return Unknown(True, "a wmma fragment")
    if not isinstance(ldm, Known) or ldm.shift or not it._uniform(ldm, mask):
        _begin(it, acc.site, elem)
        st.symbol, st.space = ptr.symbol, space
        why = ldm.reason if isinstance(ldm, Unknown) else "a leading dimension that differs between threads"
        it._unpredictable(st, f"the leading dimension `ldm` depends on {why}", mask)
        return Unknown(True, "a wmma fragment")
    live = np.broadcast_to(mask, ldm.arr.shape) if ldm.arr.shape != mask.shape else mask
    values = np.unique(ldm.arr[live]) if live.any() else np.unique(ldm.arr)
    ldm_value = int(values[0]) if len(values) == 1 else 0
    dims = it.dims_override.get(ptr.symbol.key)
    if dims and ptr.symbol.dims and ldm_value == ptr.symbol.dims[-1]:
        ldm_value = dims[-1]  # a layout trial (SMEM001's padding): ldm is the array's row length
    how = wmma_requests if space == "shared" else wmma_global_requests
    requests = how(e.use, e.layout, ldm_value, elem, acc.op, e.shape) if ldm_value else None
    if requests is None:
        _begin(it, acc.site, elem)
        st.symbol, st.space = ptr.symbol, space
        it._unpredictable(st, f"a wmma {e.use} fragment of {elem}-byte elements, shape "
                              f"m{e.shape[0]}n{e.shape[1]}k{e.shape[2]}, laid out {e.layout}-major, in {space} "
                              "memory: its instructions were not measured", mask)
        return Unknown(True, "a wmma fragment")
    base = ptr.offset.arr
    for rows in _lane_rows(it, np.broadcast_to(base, mask.shape) if mask.ndim > base.ndim else base, mask):
        for row in rows:
            active = row[row >= 0]
            if len(active) and (active != active[0]).any():
                _begin(it, acc.site, elem)
                it._unpredictable(st, "the fragment pointer differs between the lanes of a warp", mask)
                return Unknown(True, "a wmma fragment")
    lane = np.arange(it.n, dtype=np.int64) % 32
    for req in requests:
        offsets = np.asarray(req.offsets, dtype=np.int64)[lane]
        it.record(acc.site, req.op, Ptr(ptr.symbol, Known(base + offsets, ptr.offset.shift)), req.width, mask)
    st.notes.add(f"compiles to {len(requests)} x {requests[0].instruction} per warp (measured on the H100 and "
                 "H200, CUDA 13: benchmarks/accuracy/experiments/wmma_fragments)")
    return Unknown(True, "a wmma fragment")
