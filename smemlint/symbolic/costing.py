"""Recording and costing accesses: each execution of an access site, one warp at a time, handed to
the hardware models (model/); the distinct warp patterns are costed once and remembered."""
from __future__ import annotations

from typing import Callable

import numpy as np

from .. import ir
from ..model import global_sectors, shared_wavefronts
from ..model.arch import Arch
from ..model.banks import ATOMIC_FORMS, SPIN_FORMS, atomic_wavefronts, one_word, spin_loop_loads
from ..model.tensor import matrix_wavefronts
from .instructions import atomic_form, instruction_words, matrix_count
from .stats import MODEL_MEMO_SIZE, SWEEP_ELEMENTS_PER_STEP, SiteStats, WorstRequest
from .values import PER_WARP, Known, Ptr, Unknown, Value, mask_all

AddressRemap = Callable[[np.ndarray], np.ndarray]

# ---------------------------------------------------------------- cost models, memoised

# (shared?, op, width, lane tuple relative to the warp's lowest 128-byte line, -1 = inactive)
#   -> (cost, lane tuple with None for inactive lanes)
_MODEL_MEMO: dict[Arch, dict[tuple, tuple[object, tuple[int | None, ...]]]] = {}


def model_memo(arch: Arch) -> dict:
    memo = _MODEL_MEMO.get(arch)
    if memo is None:
        memo = _MODEL_MEMO[arch] = {}
    return memo


def _model_cost(memo: dict, arch: Arch, shared: bool, op: str, width: int,
                key: tuple[int, ...], instruction: str = "") -> tuple[object, tuple[int | None, ...]]:
    """The model's cost of one warp's request, `key` normalised to its lowest 128-byte line.

    Exact for both models: banks repeat every 128 bytes and sectors align to 128-byte lines.
    """
    mk = (shared, op if shared else "", width, key, instruction)
    hit = memo.get(mk)
    if hit is None:
        lanes = tuple(x if x >= 0 else None for x in key)
        count = matrix_count(instruction) if shared else 0
        if count:
            cost = matrix_wavefronts(lanes, count, arch)  # ldmatrix/stmatrix: one phase per matrix
        elif shared and op == "atomic":
            cost = atomic_wavefronts(lanes, atomic_form(instruction), arch)
        elif shared and ir.spin_loop_load(op, instruction):
            cost = spin_loop_loads(lanes, width, atomic_form(instruction) == "int64", arch)
        else:
            cost = shared_wavefronts(lanes, width, op, arch) if shared else global_sectors(lanes, width, arch)
        if len(memo) >= MODEL_MEMO_SIZE:
            memo.clear()
        memo[mk] = hit = (cost, lanes)
    return hit


# Costed requests by their exact lane addresses (-1: inactive), per process: what one request adds
# to its site (Costing._cost) or, batched, to each virtual block (_cost_rows). Bounded by key bytes.
_REQUESTS: dict[tuple, object] = {}
_REQUEST_KEY_BYTES = [0]
REQUESTS_MEMO_BYTES = 32 << 20


def _remember(key: tuple) -> None:
    _REQUEST_KEY_BYTES[0] += len(key[-1])
    if _REQUEST_KEY_BYTES[0] > REQUESTS_MEMO_BYTES:
        _REQUESTS.clear()
        _REQUEST_KEY_BYTES[0] = 0


_INT64_MAX = np.iinfo(np.int64).max
# memory whose accesses are no shared or global request: a thread's own (registers or local memory,
# which ncu counts apart) and the kernel's parameters (read with LDC)
_NO_REQUESTS = ("local", "param")
ALSO_ON_LOCAL = "also executed on local memory (a helper called on both), which makes no request"


def _down_to_first_line(a: np.ndarray) -> np.ndarray:
    """Lane addresses (negative: no access) moved down by whole 128-byte lines, so that the lowest
    one lies in the first line: a request and its copy some lines away cost the same (banks
    repeat every 128 bytes, sectors align to 128-byte lines), and now look the same to the memo
    of requests (a loop striding by whole lines, or by half lines every other iteration)."""
    lo = np.where(a >= 0, a, _INT64_MAX).min()
    if lo < 128 or lo == _INT64_MAX:
        return a
    return np.where(a >= 0, a - (lo - lo % 128), -1)


def _lines_down(a: np.ndarray) -> np.ndarray:
    """_down_to_first_line of the addresses of a request every lane makes (no mask to apply): one
    reduction instead of three numpy calls when no address is negative (the usual case), the
    same array otherwise."""
    lo = a.min()
    if lo < 0:
        return _down_to_first_line(a)
    if lo < 128:
        return a
    return a - (lo - lo % 128)


def _masked_lines_down(addr: np.ndarray, mask: np.ndarray, minus_one: np.ndarray) -> np.ndarray:
    """_down_to_first_line(np.where(mask, addr, -1)) of one block's lanes (1-D), in fewer numpy
    calls where no active lane's address is negative (the usual case)."""
    active = addr[mask]
    if not active.size:
        return np.where(mask, addr, minus_one)
    lo = active.min()
    if lo < 0:
        return _down_to_first_line(np.where(mask, addr, -1))
    if lo < 128:
        return np.where(mask, addr, minus_one)
    return np.where(mask, addr - (lo - lo % 128), minus_one)


_NO_WARPS = np.zeros(0, dtype=np.int64)
_ALL_WARPS: dict[int, np.ndarray] = {}  # warp count -> arange, shared read-only
_HASH_GROUPING = 64  # from this many warps on, group them by a numpy hash (checked) rather than in Python
_HASH = np.random.default_rng(20240611).integers(1, 1 << 62, size=32, dtype=np.int64)


def _group(rel: np.ndarray, with_inverse: bool = False):
    """Distinct rows of `rel` (warps' lane patterns) in order of first occurrence.

    Returns (patterns as tuples, how many rows have each, the first row with each, and with
    `with_inverse` each row's pattern index as an array, else None). Up to a few dozen rows plain
    Python is cheapest; beyond, rows are grouped by a 64-bit hash and every row is checked
    against its group's first row, so a collision costs time, never a wrong count.
    """
    if len(rel) > 1 and (rel == rel[0]).all():  # every warp alike: the common case, one comparison
        return [tuple(rel[0].tolist())], [len(rel)], [0], \
            (np.zeros(len(rel), dtype=np.int64) if with_inverse else None)
    if len(rel) >= _HASH_GROUPING:
        with np.errstate(all="ignore"):
            h = rel @ _HASH
        _, first, inv = np.unique(h, return_index=True, return_inverse=True)
        inv = inv.reshape(-1)
        if (rel == rel[first][inv]).all():
            order = np.argsort(first, kind="stable")
            rank = np.empty_like(order)
            rank[order] = np.arange(len(order))
            inverse = rank[inv]
            keys = [tuple(r) for r in rel[first[order]].tolist()]
            return keys, np.bincount(inverse, minlength=len(keys)).tolist(), first[order].tolist(), \
                (inverse if with_inverse else None)
    groups: dict[tuple[int, ...], int] = {}
    counts: list[int] = []
    firsts: list[int] = []
    inverse_list: list[int] = []
    for i, row in enumerate(rel.tolist()):
        key = tuple(row)
        g = groups.get(key)
        if g is None:
            g = groups[key] = len(counts)
            counts.append(1)
            firsts.append(i)
        else:
            counts[g] += 1
        inverse_list.append(g)
    return list(groups), counts, firsts, (np.array(inverse_list, dtype=np.int64) if with_inverse else None)


def _piece_width(ct: ir.CType) -> int:
    """Bytes per instruction nvcc moves a struct of type `ct` in (0: the whole access is one).

    From SASS (sm_90, CUDA 13): float3 (12 bytes, 4-byte aligned) -> 3 x LDG.E/STS; a 32-byte struct
    of floats -> 8 x LDG.E; a 16-byte-aligned 32-byte struct -> 2 x LDG.E.128."""
    width = ct.bytes
    if ct.kind != "record" or width <= 0:
        return 0
    piece = min(ct.align, 16) if ct.align > 0 else 0
    while piece > 1 and width % piece:
        piece //= 2
    return piece if piece and piece < width else 0


def _symbol_name(ptr: Ptr) -> str:
    return f"`{ptr.symbol.name}`" if ptr.symbol is not None else "memory"


def loop_loads(sites: list[ir.AccessSite]) -> dict[int, int]:
    """Atomic site -> the site of the load its compare-and-swap loop repeats (lowering makes one, same
    span and instruction, for each float, double and 64-bit add: lower/instructions.lower_atomic)."""
    atomics = {(s.span, s.instruction): s.id for s in sites if s.op == "atomic"}
    return {atomics[(s.span, s.instruction)]: s.id for s in sites
            if ir.spin_loop_load(s.op, s.instruction) and (s.span, s.instruction) in atomics}


class Costing:
    """The Interpreter's recording of accesses (a mixin: the evaluator's state lives in interp.py)."""

    def _record_access(self, e: ir.Access, mask: np.ndarray) -> Value:
        """Evaluate an access's address and record it; its pointer (the value read is not made)."""
        ptr = self.address(e.lvalue, mask)
        ct = e.lvalue.ctype
        self.record(e.site, e.op, ptr, ct.bytes, mask, _piece_width(ct))
        return ptr

    def _unpredictable(self, st: SiteStats, reason: str, mask: np.ndarray) -> None:
        st.unpredictable = st.unpredictable or reason
        if self._batched:
            st.row_unpredictable = st.row_unpredictable | self._reached(mask)

    def observe(self, site_id: int, op: str, ptr: Value, width: int, mask: np.ndarray) -> None:
        """An access an instruction makes besides those `record` costs (cp.async's shared
        destination): nothing to cost here; an evaluator that tracks each thread's addresses
        (symbolic/recorder.Recorder) keeps it."""

    def record(self, site_id: int, op: str, ptr: Value, width: int, mask: np.ndarray, piece: int = 0) -> None:
        """One execution of an access of `width` bytes, moved in instructions of `piece` bytes each
        (0: one instruction; a float3 is three 4-byte ones)."""
        st = self.stats.get(site_id)
        if st is None:
            return
        if self._loops and site_id in self._loops[-1].hoisted:
            loop = self._loops[-1]
            if loop.iteration > 0:
                return  # nvcc reads it once before the loop, or forwards what the loop stored there
            st.notes.add("executed once per entry into its loop, not per iteration: its address does not change "
                         "in the loop and nothing there may overwrite it, so nvcc keeps the value in a register"
                         + (f" (its load is on line {loop.line} in the compiled code)" if loop.line else ""))
            st.instruction_line = loop.line
        st.executions += 1
        st.width = width
        for g in self._guards:
            st.notes.add(g)
        if not isinstance(ptr, Ptr) or ptr.symbol is None:
            self._unpredictable(st, ptr.reason if isinstance(ptr, Unknown) else "unknown pointer", mask)
            return
        space = ptr.symbol.space
        if space in _NO_REQUESTS and st.space in ("shared", "global"):
            # a helper called on a register array and on global memory (apex's `load_store(r_in, in, ...)`,
            # then `load_store(out, r_out, ...)`): nvcc inlines each call, and only the global (or shared)
            # side makes requests, so the site's number is theirs
            st.notes.add(ALSO_ON_LOCAL.replace("local", space, 1))
            return
        if isinstance(st.space, str) and st.space in _NO_REQUESTS and space in ("shared", "global"):
            st.notes.add(ALSO_ON_LOCAL.replace("local", st.space, 1))
            st.space = None
        if isinstance(st.space, str) and st.space != space:  # (a replay may leave a placeholder)
            # one access (a helper's `*reinterpret_cast<int4*>(p)`) reached with a shared and a global
            # pointer: two instructions' costs in one set of sums would be neither's number
            self._unpredictable(st, f"the access is reached with {st.space} and {ptr.symbol.space} memory "
                                    "(a helper called on both); one number cannot describe both", mask)
        st.symbol = ptr.symbol
        st.space = ptr.symbol.space
        if self.costed is not None and ptr.symbol.key not in self.costed:
            return  # a re-evaluation for one array's layout (SMEM001's fix) needs only that array's costs
        if not isinstance(ptr.offset, Known):
            why = f"the address depends on {ptr.offset.reason}"
            lone = self._lone_lanes(mask) if op in ("ld", "st") and width <= 16 and not st.site.instruction \
                and st.space in ("shared", "global") else False
            if not np.any(lone):
                self._unpredictable(st, why, mask)
                return
            if not np.all(lone):  # (the blocks of a batched evaluation where some warp has more threads here)
                self._unpredictable(st, why, mask & ~lone[:, None])
                mask = mask & lone[:, None]
            # A naturally aligned access of at most 16 bytes lies in one 32-byte sector and one bank
            # group: a request of one thread costs one sector (one wavefront) wherever it points.
            st.notes.add(f"{why}, but each request is one thread's: one "
                         f"{'wavefront' if st.space == 'shared' else 'sector'} wherever it points")
            self._cost(st, op, self._zero.arr, width, mask)
            return
        if ptr.offset.shift:
            level = "warp" if ptr.offset.shift.endswith(PER_WARP) else "block"
            if st.space == "shared" and width >= 4:
                st.notes.add(f"a {level}-uniform offset from {ptr.offset.shift} is ignored "
                             "(it only renames banks)")
            else:
                st.notes.add(f"a {level}-uniform offset from {ptr.offset.shift} is assumed to keep the alignment")
        addr = ptr.offset.arr
        if ptr.offset.shift:
            # `u - 4 * tx`: the known part may be below 0 (the unknown is not). Moved up by a multiple
            # of 4096 bytes, which keeps every request's alignment, so that no lane reads as inactive.
            low = int(np.where(mask, addr, 0).min()) if addr.size else 0
            if low < 0:
                addr = addr + (-low + 4095) // 4096 * 4096
        if st.space == "constant" and op == "ld":
            # The constant cache serves one address per cycle: a warp's cost is its distinct addresses.
            for row in self._warps(np.where(mask, addr, -1)):
                st.constant_distinct = max(st.constant_distinct, len(set(row[row >= 0].tolist())))
        if st.space not in ("shared", "global"):
            return
        if op == "atomic":
            why = self._atomic_unmodelled(st, width, np.where(mask, addr, -1))
            if st.space == "shared" and st.site.id in self.loop_loads:
                self._cost_loop_load(self.stats[self.loop_loads[st.site.id]], ptr.symbol, addr, width, mask, why)
            if why:
                self._unpredictable(st, why, mask)
                return
        remap = self.remap.get(ptr.symbol.key)
        if remap is not None:
            addr = remap(addr)
        if piece and piece < width:
            st.notes.add(f"a {width}-byte {_symbol_name(ptr)} element moves as {width // piece} {piece}-byte "
                         f"accesses (nvcc splits a struct by its {piece}-byte alignment; every field assumed used)")
            for k in range(0, width, piece):
                self._cost(st, op, addr + k, piece, mask)
            return
        self._cost(st, op, addr, width, mask)

    def _cost_loop_load(self, st: SiteStats, symbol: ir.Symbol, addr: np.ndarray, width: int,
                        mask: np.ndarray, contended: str) -> None:
        """A shared atomic's compare-and-swap loop: its LDS, each trip a load of the lanes still pending
        (model/banks.spin_loop_loads). `contended`: other warps add to the same words, and their writes
        add trips that depend on timing; the warp's own trips are costed, which is what every trip costs
        where its lanes read one word (HeCBench's `atomicAdd(&sum, x)`: 1 wavefront per LDS)."""
        st.executions += 1
        st.width, st.symbol, st.space = width, symbol, "shared"
        st.notes.update(self._guards)  # under the atomic's conditions, as the atomic is
        if contended:
            st.notes.add("the loop's trips depend on timing (warps of a block add to the same word); its loads "
                         "are costed for the trips the warp's own lanes make")
        self._cost(st, "ld", addr, width, mask)

    def _atomic_unmodelled(self, st: SiteStats, width: int, addr: np.ndarray) -> str:
        """Why this atomic's cost is not modelled ("" when it is: model/banks.atomic_wavefronts for
        32-bit integer atomics on shared memory, the sectors of its lanes on global memory, as
        measured on the H100)."""
        form = atomic_form(st.site.instruction)
        if st.space == "global":
            return "" if width in (4, 8) else f"a {width}-byte global atomic was not measured"
        if form not in ATOMIC_FORMS:
            kind = {"float": "floating-point", "int": "integer"}.get(form.split(".")[0].rstrip("0123456789"), "")
            return (f"a {width * 8}-bit {kind + ' ' if kind else ''}shared-memory atomic "
                    f"({form.split('.')[-1]}) was not measured; not modelled")
        if form in SPIN_FORMS:
            st.notes.add("a compare-and-swap loop (LDS, ATOMS.CAST.SPIN): requests are its trips (per bank one lane "
                         "succeeds each trip; model/banks.py); the LDS it repeats each trip is the load on its line")
            for block in (addr if addr.ndim == 2 else addr[None]):
                seen: set[int] = set()
                for row in self._warps(block):
                    w = set(row[row >= 0].tolist())
                    if w & seen:
                        return ("warps of a block add to the same word: each retries on the others' writes "
                                "(a compare-and-swap loop; the trips depend on timing)")
                    seen |= w
        if form == "int":
            for row in self._warps(addr):
                if one_word([x if x >= 0 else None for x in row.tolist()]):
                    return ("every lane of a warp names one word: nvcc may combine them before the atomic "
                            "(not measured for this operation)")
        return ""

    def _lone_lanes(self, mask: np.ndarray):  # noqa: ANN201
        """Does every warp with a thread in `mask` have exactly one? For the block, or per block of a
        batched evaluation (a boolean per row)."""
        m = np.broadcast_to(mask, (self.rows, self.n)) if self._batched and mask.ndim == 1 else mask
        if self._padded != self.n:
            m = np.concatenate([m, np.zeros(m.shape[:-1] + (self._padded - self.n,), dtype=bool)], axis=-1)
        return (m.reshape(m.shape[:-1] + (-1, 32)).sum(axis=-1) <= 1).all(axis=-1)

    def _warps(self, a: np.ndarray) -> np.ndarray:
        """Per-thread values (-1 = inactive), (T,) or (R, T), as rows of 32 lanes; each block padded
        with inactive lanes to whole warps, so no warp straddles two blocks."""
        if a.shape[-1] != self._padded:
            p = np.full(a.shape[:-1] + (self._padded,), -1, dtype=np.int64)
            p[..., :self.n] = a
            a = p
        return a.reshape(-1, 32)

    def _patterns(self, a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The warps with an active lane (indices into _warps(a)), and each one's lanes relative to
        its lowest 128-byte line (-1 = inactive)."""
        rows = self._warps(a)
        if rows.ndim == 2 and self.n == self._padded:
            # Whole warps: when no lane is inactive (-1) or negative, skip the masking below.
            mins = rows.min(axis=1)
            if mins.min() >= 0:
                return self._all_warps(len(rows)), rows - ((mins // 128) * 128)[:, None]
        active = rows >= 0
        any_active = active.any(axis=1)
        if not any_active.any():
            return _NO_WARPS, rows[:0]
        # Normalise each warp to its lowest 128-byte line so identical patterns are costed once.
        mins = np.where(active, rows, _INT64_MAX).min(axis=1)
        base = (mins // 128) * 128
        rel = np.where(active, rows - base[:, None], -1)
        if any_active.all():
            return np.arange(len(rows)), rel
        return np.nonzero(any_active)[0], rel[any_active]

    @staticmethod
    def _all_warps(count: int) -> np.ndarray:
        w = _ALL_WARPS.get(count)
        if w is None:
            w = _ALL_WARPS[count] = np.arange(count)
            w.flags.writeable = False
        return w

    def _cost(self, st: SiteStats, op: str, addr: np.ndarray, width: int, mask: np.ndarray) -> None:
        if width not in (1, 2, 4, 8, 16):
            why = f"a {width}-byte access is not modelled" if width > 0 else \
                "the size of the element type is unknown (a type from a header not found, or of a template not instantiated)"
            self._unpredictable(st, why, mask)
            return
        if mask is self._true or mask_all(mask):
            a = _lines_down(addr)
        elif mask.ndim == 1 and addr.ndim == 1:
            a = _masked_lines_down(addr, mask, self._const(-1).arr)
        else:
            a = _down_to_first_line(np.where(mask, addr, -1))
        if self._batched:
            self._cost_rows(st, op, a, width)
            return
        shared = st.space == "shared"
        instruction = st.site.instruction if shared else ""
        if instruction and matrix_count(instruction):
            st.notes.add(f"{instruction_words(instruction)}: one phase per 8x8 matrix, its 8 row addresses "
                         "from lanes 8m..8m+7 (measured on the H100; model/tensor.py)")
        # The same request recurs (a tile read in every iteration of an outer loop): its warps'
        # costs are remembered by the exact lane addresses, and added up again in the same order.
        rk = (self.arch, shared, op, width, instruction, a.shape, a.tobytes())
        groups = _REQUESTS.get(rk)
        if groups is None:
            groups = _REQUESTS[rk] = self._request_groups(a, shared, op, width, instruction)
            _remember(rk)
        for cnt, warp, cost, lanes in groups:
            if shared:
                st.wavefronts += cost.wavefronts * cnt  # type: ignore[attr-defined]
                st.ideal += cost.ideal * cnt  # type: ignore[attr-defined]
                metric = cost.wavefronts  # type: ignore[attr-defined]
            else:
                st.sectors += cost.sectors * cnt  # type: ignore[attr-defined]
                st.ideal_sectors += cost.ideal * cnt  # type: ignore[attr-defined]
                st.bytes_requested += cost.bytes_requested * cnt  # type: ignore[attr-defined]
                st.distinct_bytes += cost.distinct_bytes * cnt  # type: ignore[attr-defined]
                metric = cost.sectors  # type: ignore[attr-defined]
            st.requests += cnt * getattr(cost, "requests", 1)  # a compare-and-swap loop's trips
            if st.worst is None or metric > st.worst.wavefronts:
                st.worst = WorstRequest(metric, warp, lanes, cost, self._iterations(warp))

    def _iterations(self, warp: int) -> tuple[tuple[int, int, str], ...]:
        """The loop iterations running now, outermost first: (loop line, iteration from 1, the value of
        the variable the loop steps as `name = value` when warp `warp`'s threads agree on it, else "")."""
        loops = getattr(self, "_loops", None)
        if not loops:
            return ()
        env = self._frames[-1].env if getattr(self, "_frames", None) else {}
        out = []
        for state in loops:
            said = ""
            value = env.get(state.var.var) if state.var is not None else None
            if isinstance(value, Known) and not value.shift:
                lanes = np.broadcast_to(value.arr, (self.n,))[32 * warp:32 * warp + 32] if value.arr.ndim <= 1 \
                    and value.arr.size in (1, self.n) else None
                if lanes is not None and len(lanes) and (lanes == lanes[0]).all():
                    said = f"{state.var.name} = {int(lanes[0])}"
            out.append((state.line or 0, state.iteration + 1, said))
        return tuple(out)

    def _request_groups(self, a: np.ndarray, shared: bool, op: str, width: int, instruction: str = "") -> tuple:
        """(warps with this pattern, first such warp, model cost, lanes) per distinct warp pattern."""
        warp_ids, rel = self._patterns(a)
        if not len(warp_ids):
            return ()
        keys, counts, firsts, _ = _group(rel)
        warp_list = warp_ids.tolist()
        return tuple((cnt, warp_list[first], *_model_cost(self._memo, self.arch, shared, op, width, key, instruction))
                     for key, cnt, first in zip(keys, counts, firsts))

    def _cost_rows(self, st: SiteStats, op: str, a: np.ndarray, width: int) -> None:
        """Batched evaluation: requests and wavefronts (shared) or sectors (global) per virtual block."""
        if a.ndim == 2 and (a.shape[0] == 1 or (a == a[:1]).all()):
            a = a[0]  # the same lanes and addresses in every block
        shared = st.space == "shared"
        instruction = st.site.instruction if shared else ""
        rk = (self.arch, shared, op, width, instruction, "rows", a.shape, a.tobytes())
        hit = _REQUESTS.get(rk)
        if hit is None:
            hit = _REQUESTS[rk] = self._row_costs(a, shared, op, width, instruction)
            _remember(rk)
        if hit is None:
            return
        requests, cost, ideal, work = hit
        self.work += work
        st.row_requests = st.row_requests + requests  # type: ignore[operator]
        st.row_cost = st.row_cost + cost  # type: ignore[operator]
        st.row_ideal = st.row_ideal + ideal  # type: ignore[operator]

    def _row_costs(self, a: np.ndarray, shared: bool, op: str, width: int, instruction: str = ""):
        """(requests, wavefronts or sectors, the ideal ones, work units) added per virtual block; None if no
        lane is active."""
        warp_ids, rel = self._patterns(a)
        if not len(warp_ids):
            return None
        keys, counts, firsts, inverse = _group(rel, with_inverse=a.ndim == 2)
        work = rel.size + len(keys) * (SWEEP_ELEMENTS_PER_STEP // 2)
        metrics, ideals = [], []
        trips = []  # requests per warp: 1, or a compare-and-swap loop's trips
        for key in keys:
            cost = _model_cost(self._memo, self.arch, shared, op, width, key, instruction)[0]
            metrics.append(cost.wavefronts if shared else cost.sectors)  # type: ignore[attr-defined]
            ideals.append(cost.ideal)  # type: ignore[attr-defined]
            trips.append(getattr(cost, "requests", 1))
        if a.ndim == 1:  # the same cost in every block
            return (sum(t * c for t, c in zip(trips, counts)), sum(m * c for m, c in zip(metrics, counts)),
                    sum(m * c for m, c in zip(ideals, counts)), work)
        blocks = a.shape[0]
        block_of = warp_ids // (self._padded // 32)
        per = np.bincount(block_of * len(keys) + inverse, minlength=blocks * len(keys)).reshape(blocks, len(keys))
        return (per @ np.array(trips, dtype=np.int64), per @ np.array(metrics, dtype=np.int64),
                per @ np.array(ideals, dtype=np.int64), work)
