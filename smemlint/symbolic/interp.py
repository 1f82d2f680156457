"""Evaluate a kernel's IR for every thread of one block at once.

Every value is a vector over the threads of the block (see values.py); control
flow is followed with an active mask, so guards, early returns, `break` and
divergent loops give exactly the lanes that take part in each warp-level
request. Each execution of an access site is handed to the hardware models,
one warp at a time; the per-site sums give wavefronts (shared) and sectors
(global) per request.

Batched evaluation (`sweep=`): the residue sweep of analysis.py evaluates the
kernel once for SWEEP_ROWS virtual blocks, one per residue modulo 32 of a
runtime int parameter. That parameter's value has shape (R, 1), values that
depend on it become (R, T), the rest stay (T,). Control flow runs where any
block has an active lane; a block with no active lane is simply carried along
(its masks are empty, so it records nothing and keeps its variables), which
is exactly what a separate evaluation of that block would do. Where the blocks
would need different kinds of values, `RowDivergence` is raised, naming the
blocks on each side where it can, and the caller batches each side again
(`residues=`), down to one. Each site then also has per-block counts
(`SiteStats.row_*`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from .. import ir
from ..model import get_arch, global_sectors, shared_wavefronts
from ..model.arch import Arch
from ..model.banks import ATOMIC_FORMS, atomic_wavefronts, one_word
from ..model.tensor import matrix_wavefronts
from .hoisting import hoisted_loads
from .instructions import (SHARED_WINDOW_CALLS, atomic_form, instruction_words, keeps_window, matrix_count,
                           run_async_copy, run_fragment_access)
from .values import (Fields, Known, Ptr, RowDivergence, Unknown, Value, converted, is_varying, mask_all, mask_any,
                     select, to_type, unknown_from)

MAX_LOOP_ITERATIONS = 64  # iterations simulated per loop execution; later ones are not sampled
UNKNOWN_TRIP_SAMPLE = 4  # iterations sampled when the trip count depends on data
MAX_CALL_DEPTH = 12
# Statements executed per kernel evaluation before giving up on the rest: room for one K iteration
# of a register-tiled GEMM and its epilogue (SGEMM_CUDA's autotuned and double-buffered kernels need
# about 70,000 for their first K iteration: at 60,000 the epilogue's float4 stores went unpredicted).
STEP_BUDGET = 120_000
# Past this many steps an outermost loop stops after its current iteration (its iterations so far
# are the sample), so that what follows it (a GEMM's epilogue after its K loop) is still evaluated.
# Only the outermost: an inner loop replayed from its memo (exec_loop) must do what running it does.
SOFT_STEP_BUDGET = 30_000
TOO_COMPLEX = "code too complex to analyse"  # reason prefix of lowering's cut-off Opaque values (lower/extract.py)
SWEEP_ROWS = 32  # virtual blocks of a batched evaluation: one per residue modulo 32 of the swept parameter
SWEEP_ELEMENTS_PER_STEP = 2048  # elements of batched values that cost about as much as one evaluation step
LOOP_MEMO_SIZE = 256  # loop runs remembered per evaluation (exec_loop)
MODEL_MEMO_SIZE = 1 << 16  # distinct warp patterns remembered per architecture (then forgotten at once)


@dataclass(frozen=True)
class LaunchConfig:
    block: tuple[int, int, int]
    grid: tuple[int, int, int] = (1, 1, 1)
    block_idx: tuple[int, int, int] = (0, 0, 0)
    params: dict[str, int] = field(default_factory=dict)  # int parameter name -> value
    # the parameters of `params` whose value is assumed, not given by the program: their values and
    # what is computed from them are evaluated in wide integers (values.Known.wide)
    assumed_params: frozenset[str] = frozenset()
    # pointer parameter name -> bytes past its (256-byte-aligned) allocation the launch passes it
    pointer_offsets: dict[str, int] = field(default_factory=dict)
    # int parameter name -> the modulus the launching code asserts its value is a multiple of (0: one
    # smemlint could not evaluate)
    multiples: dict[str, int] = field(default_factory=dict)


@dataclass
class WorstRequest:
    wavefronts: float
    warp: int
    addresses: tuple[int | None, ...]
    detail: object  # SharedCost | GlobalCost


@dataclass
class SiteStats:
    site: ir.AccessSite
    symbol: ir.Symbol | None = None
    space: str | None = None
    width: int = 0
    executions: int = 0
    requests: int = 0
    wavefronts: int = 0
    ideal: int = 0
    sectors: int = 0
    ideal_sectors: int = 0
    bytes_requested: int = 0
    distinct_bytes: int = 0  # bytes the lanes really use: what ncu's bytes-per-sector efficiency counts
    unpredictable: str | None = None
    notes: set[str] = field(default_factory=set)
    worst: WorstRequest | None = None
    constant_distinct: int = 0  # constant space: most distinct addresses one warp's request read
    # Batched evaluation only (the residue sweep), one entry per virtual block: requests, their
    # wavefronts (shared) or sectors (global), and whether the address was unpredictable there.
    row_requests: np.ndarray | None = None
    row_cost: np.ndarray | None = None
    row_unpredictable: np.ndarray | None = None
    # where nvcc's line table puts the instruction, when not on the access's own line: a load
    # hoisted out of its loop is attributed to the loop's line (hoisting.py)
    instruction_line: int | None = None

    def row_metrics(self) -> list[float | None]:
        """Per virtual block: wavefronts (shared) or sectors (global) per request; None if not predicted."""
        assert self.row_requests is not None and self.row_cost is not None and self.row_unpredictable is not None
        if self.space not in ("shared", "global"):
            return [None] * len(self.row_requests)
        return [None if unpredictable or not requests else cost / requests
                for requests, cost, unpredictable in zip(self.row_requests.tolist(), self.row_cost.tolist(),
                                                         self.row_unpredictable.tolist())]


class BudgetExceeded(Exception):
    pass


class _Frame:
    __slots__ = ("env", "returned", "retval")

    def __init__(self, env: dict[str, Value]):
        self.env = env
        self.returned: np.ndarray | None = None
        self.retval: Value | None = None


class _LoopState:
    """Lanes that left the loop (`break`) or this iteration (`continue`); None while there are none.
    `hoisted`: the loop's loads that execute once per entry (hoisting.py), counted in its first
    iteration only; `iteration`: the one running."""

    __slots__ = ("broken", "continued", "hoisted", "iteration", "line")

    def __init__(self, hoisted: frozenset[int] = frozenset(), line: int | None = None) -> None:
        self.broken: np.ndarray | None = None
        self.continued: np.ndarray | None = None
        self.hoisted = hoisted
        self.iteration = 0
        self.line = line


AddressRemap = Callable[[np.ndarray], np.ndarray]

# ---------------------------------------------------------------- cost models, memoised

# (shared?, op, width, lane tuple relative to the warp's lowest 128-byte line, -1 = inactive)
#   -> (cost, lane tuple with None for inactive lanes)
_MODEL_MEMO: dict[Arch, dict[tuple, tuple[object, tuple[int | None, ...]]]] = {}


def _model_memo(arch: Arch) -> dict:
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
        else:
            cost = shared_wavefronts(lanes, width, op, arch) if shared else global_sectors(lanes, width, arch)
        if len(memo) >= MODEL_MEMO_SIZE:
            memo.clear()
        memo[mk] = hit = (cost, lanes)
    return hit


# Costed requests by their exact lane addresses (-1: inactive), per process: what one request adds
# to its site (interp._cost) or, batched, to each virtual block (_cost_rows). Bounded by key bytes.
_REQUESTS: dict[tuple, object] = {}
_REQUEST_KEY_BYTES = [0]
REQUESTS_MEMO_BYTES = 32 << 20


def _remember(key: tuple) -> None:
    _REQUEST_KEY_BYTES[0] += len(key[-1])
    if _REQUEST_KEY_BYTES[0] > REQUESTS_MEMO_BYTES:
        _REQUESTS.clear()
        _REQUEST_KEY_BYTES[0] = 0


_INT64_MAX = np.iinfo(np.int64).max


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


# ---------------------------------------------------------------- dispatch tables

_STMT_METHODS = {
    ir.Block: "_exec_block", ir.Decl: "_exec_decl", ir.ExprStmt: "_exec_expr", ir.If: "exec_if",
    ir.Loop: "exec_loop", ir.Return: "_exec_return", ir.Break: "_exec_break", ir.Continue: "_exec_continue",
    ir.Barrier: "_exec_nothing", ir.Unsupported: "_exec_unsupported", ir.BulkCopy: "_exec_bulk_copy",
}
_EXPR_METHODS = {
    ir.Const: "_eval_const", ir.Builtin: "_eval_builtin", ir.VarRef: "_eval_var", ir.SymbolRef: "_eval_symbol",
    ir.BinOp: "binop", ir.UnOp: "_eval_unop", ir.Cast: "_eval_cast", ir.Select: "_eval_select",
    ir.Access: "access", ir.Assign: "assign", ir.IncDec: "incdec", ir.AddrOf: "_eval_addrof",
    ir.Subscript: "_eval_lvalue", ir.Deref: "_eval_lvalue", ir.Member: "_eval_lvalue", ir.Call: "call",
    ir.FloatConst: "_eval_float", ir.Opaque: "_eval_opaque", ir.LocalField: "_eval_field",
    ir.AsyncCopy: "async_copy", ir.FragmentAccess: "fragment_access",
}
_TABLES: dict[type, tuple[dict, dict]] = {}


def _tables(cls: type) -> tuple[dict, dict]:
    """Node type -> method of `cls` (overrides in subclasses included); built once per class."""
    t = _TABLES.get(cls)
    if t is None:
        t = _TABLES[cls] = ({k: getattr(cls, v) for k, v in _STMT_METHODS.items()},
                            {k: getattr(cls, v) for k, v in _EXPR_METHODS.items()})
    return t


def _lookup(table: dict, node_type: type, methods: dict, cls: type):
    """A node type missing from the table (a subclass of an IR node): its nearest base's method."""
    for base in node_type.__mro__[1:]:
        if base in methods:
            fn = table[node_type] = getattr(cls, methods[base])
            return fn
    return None


def _result_of(name: str) -> str:
    """What a call's value is, in words (a call in code clang recovered from errors may have no name)."""
    return f"the result of `{name}`" if name else "the result of a call clang could not resolve"


class Interpreter:
    def __init__(self, unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig,
                 arch: str = "sm_90", dims_override: dict[str, tuple[int, ...]] | None = None,
                 remap: dict[str, AddressRemap] | None = None, sweep: str | None = None,
                 sweep_budget: int | None = None, costed: frozenset[str] | None = None,
                 residues: tuple[int, ...] | None = None):
        self.unit = unit
        self.costed = costed  # keys of the symbols whose accesses are costed; None: every symbol
        self.kernel = kernel
        self.config = config
        self.arch = get_arch(arch)
        self.dims_override = dims_override or {}
        self.remap = remap or {}
        bx, by, bz = config.block
        self.n = n = bx * by * bz
        t = np.arange(n, dtype=np.int64)
        self.tid = {"x": t % bx, "y": (t // bx) % by, "z": t // (bx * by)}
        for a in self.tid.values():
            a.flags.writeable = False
        self.stats: dict[int, SiteStats] = {s.id: SiteStats(s) for s in kernel.sites}
        self.notes: list[tuple[int, int, str]] = []  # (first line, last line, text)
        self.params_read: set[str] = set()
        self._frames: list[_Frame] = []
        self._loops: list[_LoopState] = []
        self._guards: list[str] = []  # data-dependent conditions we are inside
        self._steps = 0
        self._padded = -(-n // 32) * 32
        self._consts: dict[int, Known] = {}
        self._zero = self._const(0)
        self._true = np.ones(n, dtype=bool)
        self._true.flags.writeable = False
        self._memo = _model_memo(self.arch)
        self._stmt_table, self._expr_table = _tables(type(self))
        self._loop_facts = _loop_facts_of(unit)  # id(ir.Loop) -> what the loop reads and may do
        # id(ir.Loop) -> its loads read once per entry, kept with the file's IR like _loop_facts
        self.budget_sampled = False  # an outermost loop was cut by the soft step budget (costly kernel)
        self._hoisted: dict[int, frozenset[int]] = unit.__dict__.setdefault("_hoisted_loads", {})
        self._loop_memo: dict[tuple, _LoopEffect] = {}
        # batched evaluation (the residue sweep)
        self.sweep = sweep
        self._batched = sweep is not None
        # the residues modulo SWEEP_ROWS evaluated, one virtual block each (default: all of them)
        self.residues = (residues or tuple(range(SWEEP_ROWS))) if self._batched else (0,)
        self.rows = len(self.residues)
        self._cond_rows: np.ndarray | None = None  # blocks evaluating a loop condition with no lane left
        # A batched step handles up to SWEEP_ROWS times the data: its cost is counted as steps plus
        # the elements of the values it makes (SWEEP_ELEMENTS_PER_STEP of them count as one step).
        self.work = 0
        self._work_budget = float("inf") if sweep_budget is None else sweep_budget * SWEEP_ELEMENTS_PER_STEP
        if self._batched:
            self.eval = self._eval_batched  # type: ignore[method-assign]
            for st in self.stats.values():
                st.row_requests = np.zeros(self.rows, dtype=np.int64)
                st.row_cost = np.zeros(self.rows, dtype=np.int64)
                st.row_unpredictable = np.zeros(self.rows, dtype=bool)

    # ------------------------------------------------------------ entry

    def run(self) -> dict[int, SiteStats]:
        env: dict[str, Value] = {}
        for p in self.kernel.params:
            if p.symbol is not None:
                offset = self.config.pointer_offsets.get(p.name, 0)
                env[p.var] = Ptr(p.symbol, self._const(offset) if offset else self._zero)
            elif p.ctype.is_int and p.name in self.config.params:
                value = self.config.params[p.name]
                wide = p.name in self.config.assumed_params
                if p.name == self.sweep:
                    rows = value - value % SWEEP_ROWS + np.array(self.residues, dtype=np.int64)[:, None]
                    env[p.var] = _ParamValue(p.name, Known(rows, wide=wide))
                else:
                    env[p.var] = _ParamValue(p.name, Known(self._const(value).arr, wide=wide, bounds=(value, value)))
            else:
                env[p.var] = Unknown(False, f"parameter `{p.name}`")
        frame = _Frame(env)
        self._frames.append(frame)
        mask = self._true
        try:
            with np.errstate(all="ignore"):  # C's integer arithmetic wraps; no warnings, once for the run
                self.exec_stmt(self.kernel.body, mask)
        except BudgetExceeded:
            if self._batched:
                raise  # the blocks could have stopped at different points: the caller runs them one by one
            self.notes.append((0, 1 << 30, f"analysis stopped after {STEP_BUDGET} evaluation steps; "
                                             "later executions not sampled"))
        except RecursionError:
            if self._batched:
                raise
            self.notes.append((0, 1 << 30, "code nested too deeply; analysis stopped"))
        return self.stats

    # ------------------------------------------------------------ helpers

    def _const(self, v: int) -> Known:
        k = self._consts.get(v)
        if k is None:
            arr = np.full(self.n, v, dtype=np.int64)
            arr.flags.writeable = False
            k = self._consts[v] = Known(arr, bounds=(v, v))
        return k

    @property
    def frame(self) -> _Frame:
        return self._frames[-1]

    def alive(self, mask: np.ndarray) -> np.ndarray:
        m = mask
        returned = self._frames[-1].returned
        if returned is not None:
            m = m & ~returned
        if self._loops:
            lp = self._loops[-1]
            if lp.broken is not None:
                m = m & ~lp.broken
            if lp.continued is not None:
                m = m & ~lp.continued
        return m

    def _row_any(self, mask: np.ndarray) -> np.ndarray:
        """Per virtual block: does the mask have an active lane? (batched evaluation only)"""
        if mask.ndim >= 2:
            return mask.any(axis=-1)
        return np.full(self.rows, bool(mask.any()))

    def _reached(self, mask: np.ndarray) -> np.ndarray:
        """Per virtual block: would its own evaluation get here? (batched evaluation only)

        Statements and the branches of `?:` are only entered by blocks with an active lane; a
        loop condition is evaluated once more after the last lanes left by `break` or `return`.
        """
        r = self._row_any(mask)
        return r if self._cond_rows is None else r | self._cond_rows

    def _note(self, s: ir.Stmt, text: str) -> None:
        first, last = (s.span.line, s.span.end_line) if s.span else (0, 1 << 30)
        if (first, last, text) not in self.notes:
            self.notes.append((first, last, text))

    def _store(self, var: str, value: Value, mask: np.ndarray) -> None:
        env = self._frames[-1].env
        old = env.get(var)
        if isinstance(old, _ParamValue):
            old = old.value
        if old is not None:
            env[var] = select(mask, value, old)
            return
        self._every_block_here(mask, "a variable defined in some blocks only")
        env[var] = value

    def _every_block_here(self, mask: np.ndarray, what: str) -> None:
        """A batched evaluation goes on only if every block gets here; else RowDivergence(what)."""
        if self._batched:
            reached = self._reached(mask)
            if not reached.all():
                raise RowDivergence(what, reached)

    @property
    def steps(self) -> int:
        """Evaluation steps this run took: a machine-independent measure of its cost."""
        return self._steps

    # ------------------------------------------------------------ statements

    def exec_stmt(self, s: ir.Stmt, mask: np.ndarray) -> None:
        self._steps += 1
        if self._steps > STEP_BUDGET:
            raise BudgetExceeded
        fn = self._stmt_table.get(type(s))
        if fn is None:
            fn = _lookup(self._stmt_table, type(s), _STMT_METHODS, type(self))
            if fn is None:
                return
        fn(self, s, mask)

    def _exec_block(self, s: ir.Block, mask: np.ndarray) -> None:
        live = False  # `mask` has an active lane: asked once, and again only of a mask alive() narrowed
        for child in s.body:
            m = self.alive(mask)
            if m is not mask or not live:
                if not mask_any(m):
                    return
                live = m is mask
            self.exec_stmt(child, m)

    def _exec_decl(self, s: ir.Decl, mask: np.ndarray) -> None:
        if s.init is None:
            # Undefined until assigned: the first assignment, under any mask, defines it.
            self._frames[-1].env.pop(s.var, None)
            return
        v = self._convert(self.eval(s.init, mask), s.ctype, mask)
        self._store(s.var, v, mask)

    def _exec_expr(self, s: ir.ExprStmt, mask: np.ndarray) -> None:
        self.eval(s.expr, mask)

    def _exec_return(self, s: ir.Return, mask: np.ndarray) -> None:
        f = self._frames[-1]
        if s.value is not None:
            v = self.eval(s.value, mask)
            if f.retval is None:
                self._every_block_here(mask, "a value returned in some blocks only")
                f.retval = v
            else:
                f.retval = select(mask, v, f.retval)
        f.returned = mask.copy() if f.returned is None else (f.returned | mask)

    def _exec_break(self, s: ir.Break, mask: np.ndarray) -> None:
        if self._loops:
            lp = self._loops[-1]
            lp.broken = mask if lp.broken is None else lp.broken | mask

    def _exec_continue(self, s: ir.Continue, mask: np.ndarray) -> None:
        if self._loops:
            lp = self._loops[-1]
            lp.continued = mask if lp.continued is None else lp.continued | mask

    def _exec_nothing(self, s: ir.Stmt, mask: np.ndarray) -> None:
        pass

    def _exec_bulk_copy(self, s: ir.BulkCopy, mask: np.ndarray) -> None:
        swizzle = f", swizzle {s.swizzle}" if s.swizzle else ""
        self._note(s, f"line {s.span.line if s.span else '?'}: `{s.instruction}` is a bulk copy (TMA{swizzle}): "
                      "the copy engine moves whole lines, not bank-conflict-prone")

    def _exec_unsupported(self, s: ir.Unsupported, mask: np.ndarray) -> None:
        self._note(s, f"line {s.span.line if s.span else '?'}: {s.what} not analysed")
        for p in s.parts:
            self._under_unknown(f"{s.what}", p, mask)

    def _under_unknown(self, why: str, s: ir.Stmt, mask: np.ndarray) -> dict[str, Value]:
        """Run `s` as if every lane took it, under a data-dependent condition; return the env it produced."""
        saved = dict(self.frame.env)
        self._guards.append(why)
        try:
            self.exec_stmt(s, mask)
        finally:
            self._guards.pop()
        after = self.frame.env
        self.frame.env = saved
        return after

    def exec_if(self, s: ir.If, mask: np.ndarray) -> None:
        c = self.truth(s.cond, mask)
        if isinstance(c, np.ndarray):
            tm, em = mask & c, mask & ~c
            if mask_any(tm):
                self.exec_stmt(s.then, tm)
            if s.other is not None and mask_any(em):
                self.exec_stmt(s.other, em)
            return
        # Data-dependent branch: analyse both sides as if all lanes took each.
        why = f"condition on line {s.span.line if s.span else '?'} depends on {c.reason}"
        base = dict(self.frame.env)
        env_then = self._under_unknown(why, s.then, mask)
        env_else = self._under_unknown(why, s.other, mask) if s.other is not None else base
        merged = dict(base)
        for k in set(env_then) | set(env_else):
            a, b = env_then.get(k), env_else.get(k)
            if a is b:
                merged[k] = a  # type: ignore[assignment]
            elif isinstance(a, Known) and isinstance(b, Known) and self._same(a.arr, b.arr):
                merged[k] = a
            else:
                merged[k] = Unknown(c.lane_varying or self._varying(a or b, mask), c.reason)  # type: ignore[arg-type]
        self.frame.env = merged

    def _same(self, x: np.ndarray, y: np.ndarray) -> bool:
        if x.ndim <= 1 and y.ndim <= 1:
            return np.array_equal(x, y)
        per_row = np.all(x == y, axis=-1)
        if per_row.all():
            return True
        if not per_row.any():
            return False
        raise RowDivergence("a branch that changes a variable in some blocks only", per_row)

    def exec_loop(self, s: ir.Loop, mask: np.ndarray) -> None:
        """Run a loop; a loop run again with the same inputs (the inner loop of a tiled kernel, once
        per outer iteration) replays what its first run did instead of evaluating it again.

        Exact: the inputs are the mask, every variable the loop reads or writes, the data-dependent
        conditions it runs under and the lanes that returned; the loop may not call a function of
        the file nor return. What a run does: its sites' counts (added), worst requests (the loop's
        own first worst, kept if above the one before), notes, reasons and last-written fields, the
        variables it leaves, its notes on the kernel, the parameters it read, and its steps (a replay
        that would cross the step budget runs the loop for real, to stop at the same point)."""
        facts = self._loop_facts.get(id(s))
        if facts is None:
            facts = self._loop_facts[id(s)] = _LoopFacts.of(s, self.unit.functions)
        if not facts.replayable:
            self._run_loop(s, mask)
            return
        frame = self._frames[-1]
        key = (id(s), _array_key(mask), tuple(_value_key(frame.env.get(v)) for v in facts.variables),
               tuple(self._guards), None if frame.returned is None else _array_key(frame.returned),
               None if self._cond_rows is None else _array_key(self._cond_rows))
        effect = self._loop_memo.get(key)
        if effect is not None and self._steps + effect.steps <= STEP_BUDGET \
                and self.work + effect.work <= self._work_budget:
            effect.replay(self, frame)
            return
        effect = _LoopEffect.record(self, s, mask, frame, facts)
        if len(self._loop_memo) >= LOOP_MEMO_SIZE:
            self._loop_memo.clear()
        self._loop_memo[key] = effect

    def _run_loop(self, s: ir.Loop, mask: np.ndarray) -> None:
        if s.init is not None:
            self.exec_stmt(s.init, mask)
        hoisted = self._hoisted.get(id(s))
        if hoisted is None:
            hoisted = self._hoisted[id(s)] = hoisted_loads(s, self.unit.volatile_vars)
        state = _LoopState(hoisted, s.span.line if s.span else None)
        self._loops.append(state)
        frame = self._frames[-1]
        batched = self._batched
        try:
            m = mask
            running = self._row_any(m) if batched else None  # blocks whose own evaluation is in the loop
            iteration = 0
            unknown_trip = None
            while True:
                state.continued = None
                if state.broken is not None:
                    m = m & ~state.broken
                if frame.returned is not None:
                    m = m & ~frame.returned
                if s.cond is not None and not (s.do_while and iteration == 0):
                    if batched:
                        saved = self._cond_rows
                        left = running & ~self._row_any(m)  # evaluate the condition once more, with no lane
                        self._cond_rows = left if left.any() else None
                        try:
                            c = self.truth(s.cond, m)
                        finally:
                            self._cond_rows = saved
                    else:
                        c = self.truth(s.cond, m)
                    if isinstance(c, np.ndarray):
                        m = m & c
                    else:
                        unknown_trip = c.reason
                if not mask_any(m):
                    break
                if batched:
                    running = self._row_any(m)
                if unknown_trip is not None and iteration >= UNKNOWN_TRIP_SAMPLE:
                    self._note(s, f"the loop at line {s.span.line if s.span else '?'} has a trip count that "
                                  f"depends on {unknown_trip}; its first {UNKNOWN_TRIP_SAMPLE} iterations sampled")
                    break
                if iteration >= MAX_LOOP_ITERATIONS:
                    self._note(s, f"the loop at line {s.span.line if s.span else '?'} runs more than "
                                  f"{MAX_LOOP_ITERATIONS} iterations; its first {MAX_LOOP_ITERATIONS} sampled")
                    break
                if iteration >= 1 and len(self._loops) == 1 and self._steps > SOFT_STEP_BUDGET:
                    self.budget_sampled = True
                    self._note(s, f"the loop at line {s.span.line if s.span else '?'}: its first {iteration} "
                                  f"iteration(s) sampled (the kernel is costly to evaluate; what follows the loop "
                                  f"is evaluated too)")
                    break
                if unknown_trip is not None:
                    self._guards.append(f"loop condition on line {s.span.line if s.span else '?'} depends on "
                                        f"{unknown_trip}")
                state.iteration = iteration
                try:
                    self.exec_stmt(s.body, m)
                finally:
                    if unknown_trip is not None:
                        self._guards.pop()
                state.continued = None
                m2 = m
                if state.broken is not None:
                    m2 = m2 & ~state.broken
                if frame.returned is not None:
                    m2 = m2 & ~frame.returned
                if s.step is not None and mask_any(m2):
                    self.eval(s.step, m2)
                iteration += 1
        finally:
            self._loops.pop()

    # ------------------------------------------------------------ expressions

    def truth(self, e: ir.Expr, mask: np.ndarray) -> np.ndarray | Unknown:
        v = self.eval(e, mask)
        if isinstance(v, Known):
            if v.shift:
                return Unknown(False, v.shift)
            c = v.truth  # a comparison's own booleans (_flag)
            if c is None:
                c = v.arr != 0
            if c.ndim == 2 and (c.shape[0] == 1 or (c == c[:1]).all()):
                c = c[0]  # the same lanes in every block: keep masks (and what they select) one row
            return c
        if isinstance(v, Ptr):
            return self._true
        if isinstance(v, Fields):
            return Unknown(self._varying(v, mask), "a struct value")
        return v

    def _convert(self, v: Value, ct: ir.CType, mask: np.ndarray) -> Value:
        if isinstance(v, Known) and ct.is_int:
            return converted(v, ct)
        if isinstance(v, Known) and ct.kind == "float":
            return Unknown(not self._uniform(v, mask), "a floating-point value")
        return v

    # Uniformity in a batched evaluation: per block, and only the blocks that get here count (a
    # block with no active lane has no say: whatever it computes, it records and keeps nothing).

    def _varying_rows(self, v: Value) -> bool | np.ndarray:
        if isinstance(v, Known):
            a = v.arr
            if a.ndim <= 1:
                return not v.uniform()
            return ~np.all(a == a[..., :1], axis=-1)
        if isinstance(v, Unknown):
            return v.lane_varying
        if isinstance(v, Fields):
            rows: bool | np.ndarray = v.rest.lane_varying
            for _, f in v.known:
                rows = rows | self._varying_rows(f)
            return rows
        return self._varying_rows(v.offset)

    def _agree(self, rows: bool | np.ndarray, mask: np.ndarray, what: str) -> bool:
        """One answer for every block that gets here, or RowDivergence."""
        if not isinstance(rows, np.ndarray):
            return bool(rows)
        if rows.all():
            return True
        if not rows.any():
            return False
        here = rows[self._reached(mask)]
        if here.all():
            return True
        if not here.any():
            return False
        raise RowDivergence(what, rows)

    def _uniform(self, v: Known, mask: np.ndarray) -> bool:
        if not self._batched or v.arr.ndim <= 1:
            return v.uniform()
        return not self._agree(self._varying_rows(v), mask, "uniform in some blocks only")

    def _varying(self, v: Value, mask: np.ndarray) -> bool:
        if not self._batched:
            return is_varying(v)
        return self._agree(self._varying_rows(v), mask, "uniform in some blocks only")

    def _unknown_from(self, reason: str, mask: np.ndarray, *operands: Value) -> Unknown:
        if not self._batched:
            return unknown_from(reason, *operands)
        rows: bool | np.ndarray = False
        for o in operands:
            rows = rows | self._varying_rows(o)
        return Unknown(self._agree(rows, mask, "uniform in some blocks only"), reason)

    def eval(self, e: ir.Expr, mask: np.ndarray) -> Value:
        self._steps += 1
        if self._steps > STEP_BUDGET:
            raise BudgetExceeded
        t = type(e)
        # the two most frequent nodes, inline (a third of all evaluations): _eval_var, _eval_const
        if t is ir.VarRef:
            v = self._frames[-1].env.get(e.var)  # type: ignore[attr-defined]
            if v is None:
                return Unknown(True, f"`{e.name}`")  # type: ignore[attr-defined]
            if type(v) is _ParamValue:
                self.params_read.add(v.name)
                return v.value
            return v
        if t is ir.Const:
            k = self._consts.get(e.value)  # type: ignore[attr-defined]
            return k if k is not None else self._const(e.value)  # type: ignore[attr-defined]
        fn = self._expr_table.get(t)
        if fn is None:
            fn = _lookup(self._expr_table, type(e), _EXPR_METHODS, type(self))
            if fn is None:
                return Unknown(True, type(e).__name__)
        return fn(self, e, mask)

    def _eval_batched(self, e: ir.Expr, mask: np.ndarray) -> Value:
        """eval() of a batched evaluation: also counts the elements of the value made."""
        v = Interpreter.eval(self, e, mask)
        t = type(v)
        if t is Known:
            self.work += v.arr.size + SWEEP_ELEMENTS_PER_STEP  # type: ignore[union-attr]
        elif t is Ptr and type(v.offset) is Known:  # type: ignore[union-attr]
            self.work += v.offset.arr.size + SWEEP_ELEMENTS_PER_STEP  # type: ignore[union-attr]
        else:
            self.work += SWEEP_ELEMENTS_PER_STEP
        if self.work > self._work_budget:
            raise BudgetExceeded
        return v

    def _eval_const(self, e: ir.Const, mask: np.ndarray) -> Value:
        return self._const(e.value)

    def _eval_builtin(self, e: ir.Builtin, mask: np.ndarray) -> Value:
        return self.builtin(e.name)

    def _eval_var(self, e: ir.VarRef, mask: np.ndarray) -> Value:
        v = self._frames[-1].env.get(e.var)
        if isinstance(v, _ParamValue):
            self.params_read.add(v.name)
            return v.value
        return v if v is not None else Unknown(True, f"`{e.name}`")

    def _eval_symbol(self, e: ir.SymbolRef, mask: np.ndarray) -> Value:
        return Ptr(e.symbol, self._zero)

    def _eval_unop(self, e: ir.UnOp, mask: np.ndarray) -> Value:
        v = self.eval(e.operand, mask)
        if not isinstance(v, Known) or v.shift and e.op != "-":
            return self._unknown_from(f"`{e.op}` of an unknown value", mask, v)
        bd = v.bounds
        if e.op == "-":
            r = -v.arr
            bd = None if bd is None else (-bd[1], -bd[0])
        elif e.op == "~":
            r = ~v.arr
            bd = None if bd is None else (~bd[1], ~bd[0])
        elif e.op == "!":
            r = (v.arr == 0).astype(np.int64)
            bd = (0, 1)
        else:
            r = v.arr
        return to_type(r, e.ctype, v.shift, v.wide, bd) if e.ctype.is_int \
            else self._unknown_from("a float", mask, v)

    def _eval_cast(self, e: ir.Cast, mask: np.ndarray) -> Value:
        v = self.eval(e.operand, mask)
        if e.ctype.kind == "ptr":
            if isinstance(v, Ptr):
                return v
            return self._unknown_from("a pointer made from an integer", mask, v)
        if e.ctype.is_int:
            if isinstance(v, Ptr):
                if e.operand.ctype.is_int or keeps_window(e.operand):
                    # an integer that holds an address (`(uint32_t)__cvta_generic_to_shared(p)`, or
                    # such a 32-bit address widened to size_t for `base + i * sizeof(half)`): still one
                    return v
                # pointer -> integer: the base was assumed aligned (cudaMalloc gives 256 bytes)
                return v.offset
            return self._convert(v, e.ctype, mask)
        if isinstance(v, Known):
            return Unknown(not self._uniform(v, mask), "a floating-point value")
        return v

    def _eval_select(self, e: ir.Select, mask: np.ndarray) -> Value:
        c = self.truth(e.cond, mask)
        if not isinstance(c, np.ndarray):
            a, b = self.eval(e.then, mask), self.eval(e.other, mask)
            return self._unknown_from(c.reason, mask, a, b, c)
        mt, me = mask & c, mask & ~c
        if self._batched:
            return self._select_rows(e, c, mask, mt, me)
        a = self._branch(e.then, mt) if mask_any(mt) else None
        b = self._branch(e.other, me) if mask_any(me) else None
        if a is None:
            return b if b is not None else Unknown(False, "no lane")
        if b is None:
            return a
        return select(c, a, b)

    def _branch(self, e: ir.Expr, mask: np.ndarray) -> Value:
        """A branch of `?:`: only blocks with an active lane enter it."""
        if self._cond_rows is None:
            return self.eval(e, mask)
        saved, self._cond_rows = self._cond_rows, None
        try:
            return self.eval(e, mask)
        finally:
            self._cond_rows = saved

    def _select_rows(self, e: ir.Select, c: np.ndarray, mask: np.ndarray, mt: np.ndarray,
                     me: np.ndarray) -> Value:
        """`?:` in a batched evaluation: each block takes the branches its own lanes take."""
        ta, te = self._row_any(mt), self._row_any(me)
        a = self._branch(e.then, mt) if ta.any() else None
        b = self._branch(e.other, me) if te.any() else None
        reached = self._reached(mask)
        only_a, only_b, both = reached & ta & ~te, reached & te & ~ta, reached & ta & te
        neither = reached & ~ta & ~te
        kinds = int(only_a.any()) + int(only_b.any()) + int(both.any()) + int(neither.any())
        if kinds <= 1:  # every block that gets here does the same as alone
            if a is None:
                return b if b is not None else Unknown(False, "no lane")
            if b is None:
                return a
            if both.any() or not reached.any():
                return select(c, a, b)
            return a if only_a.any() else b
        if neither.any():
            raise RowDivergence("a `?:` that no lane of some blocks evaluates", neither)
        # all of a in blocks that take only `then`, all of b in those that take only `else`
        rows = np.where(only_a[:, None], True, np.where(only_b[:, None], False, c))
        return select(rows, a, b)  # type: ignore[arg-type]

    def _eval_addrof(self, e: ir.AddrOf, mask: np.ndarray) -> Value:
        return self.address(e.lvalue, mask)

    def _eval_lvalue(self, e: ir.Expr, mask: np.ndarray) -> Value:
        # A memory lvalue evaluated for its value without an Access (e.g. a local array): unknown.
        self.address(e, mask)
        return Unknown(True, "a value in memory")

    def _eval_float(self, e: ir.FloatConst, mask: np.ndarray) -> Value:
        return Unknown(False, "a floating-point value")

    def _eval_opaque(self, e: ir.Opaque, mask: np.ndarray) -> Value:
        vals = [self.eval(p, mask) for p in e.parts]
        if e.reason.startswith(TOO_COMPLEX):  # cut off by lowering: it may well vary per lane
            return Unknown(True, e.reason)
        if e.uniform is not None:
            return Unknown(not e.uniform, e.reason)
        if not vals:  # nothing proves it the same in every thread
            return Unknown(True, e.reason)
        return self._unknown_from(e.reason, mask, *vals)

    def _eval_field(self, e: ir.LocalField, mask: np.ndarray) -> Value:
        """A field of a struct variable: what was stored in it, else what the whole struct came from."""
        if e.ctype.kind == "array":  # an array inside a struct variable: per-thread (local) memory
            return Ptr(ir.Symbol(e.name, "local", key=f"{e.var}+{e.offset}"), self._const(e.offset))
        v = self._frames[-1].env.get(e.var)
        if isinstance(v, _ParamValue):
            v = v.value
        if isinstance(v, Fields):
            return v.get(e.offset)
        if isinstance(v, Unknown):
            return Unknown(v.lane_varying, v.reason)
        return Unknown(True, f"`{e.name}`")

    def _store_field(self, t: ir.LocalField, value: Value, mask: np.ndarray) -> None:
        env = self._frames[-1].env
        old = env.get(t.var)
        if isinstance(old, _ParamValue):
            old = old.value
        if old is None:
            self._every_block_here(mask, "a variable defined in some blocks only")
        struct = old if isinstance(old, Fields) else Fields((), old if isinstance(old, Unknown) else
                                                            Unknown(True, f"`{t.name.split('.')[0]}`"))
        previous = struct.get(t.offset)
        env[t.var] = struct.with_field(t.offset, t.ctype.bytes, select(mask, value, previous))

    def builtin(self, name: str) -> Value:
        if name.startswith("threadIdx."):
            axis = name[-1]
            return Known(self.tid[axis], bounds=(0, self.config.block["xyz".index(axis)] - 1))
        axis = "xyz".index(name[-1]) if name[-2] == "." else 0
        if name.startswith("blockDim."):
            return self._const(self.config.block[axis])
        if name.startswith("blockIdx."):
            return self._const(self.config.block_idx[axis])
        if name.startswith("gridDim."):
            return self._const(self.config.grid[axis])
        if name == "warpSize":
            return self._const(self.arch.warp_size)
        return Unknown(True, name)

    def binop(self, e: ir.BinOp, mask: np.ndarray) -> Value:
        op = e.op
        a = self.eval(e.lhs, mask)
        b = self.eval(e.rhs, mask)
        if op == ",":
            return b
        # pointer arithmetic
        if isinstance(a, Ptr) or isinstance(b, Ptr):
            return self.pointer_arith(op, a, b, e, mask)
        if not (isinstance(a, Known) and isinstance(b, Known)):
            reason = a.reason if isinstance(a, Unknown) else b.reason if isinstance(b, Unknown) else "a struct value"
            return self._unknown_from(reason, mask, a, b)
        if not e.ctype.is_int:
            return self._unknown_from("a floating-point value", mask, a, b)
        shift = a.shift or b.shift
        wide = a.wide or b.wide
        x, y = a.arr, b.arr
        if shift:
            # (x + u) op y keeps the form only for +, -, and * by a uniform constant
            if op in ("+", "-"):
                return to_type(x + y if op == "+" else x - y, e.ctype, shift, wide)
            if op == "*" and not (a.shift and b.shift) and self._by_uniform(a, b, mask):
                return to_type(x * y, e.ctype, shift, wide)
            return self._unknown_from(shift, mask, Known(x), Known(y))
        ba, bb = a.bounds, b.bounds
        bd = None  # the result's bounds, where they follow from the operands'
        if op == "+":
            r = x + y
            if ba is not None and bb is not None:
                bd = (ba[0] + bb[0], ba[1] + bb[1])
        elif op == "-":
            r = x - y
            if ba is not None and bb is not None:
                bd = (ba[0] - bb[1], ba[1] - bb[0])
        elif op == "*":
            r = x * y
            if ba is not None and bb is not None:
                p = (ba[0] * bb[0], ba[0] * bb[1], ba[1] * bb[0], ba[1] * bb[1])
                bd = (min(p), max(p))
        elif op in ("/", "%"):
            ys = np.where(y == 0, 1, y)
            if (e.ctype.signed or e.ctype.bytes >= 8) and not (x.size and x.min() >= 0 and ys.min() > 0):
                q = np.abs(x) // np.abs(ys) * np.sign(x) * np.sign(ys)  # C: rounds toward zero
            else:
                q = x // ys
            r = q if op == "/" else x - q * ys
            if _exact_nonnegative(ba, bb) and bb[0] >= 1:  # no sign, no zero divisor
                bd = (ba[0] // bb[1], ba[1] // bb[0]) if op == "/" else (0, min(ba[1], bb[1] - 1))
            if self._batched:
                by_zero = self._row_any((y == 0) & mask)
                if by_zero.any():
                    if (self._reached(mask) & ~by_zero).any():
                        raise RowDivergence("a division by zero in some blocks only", by_zero)
                    return Unknown(True, "a division by zero")
            elif np.any((y == 0) & mask):
                return Unknown(True, "a division by zero")
        elif op == "<<":
            r = x << np.clip(y, 0, 63)
        elif op == ">>":
            r = x >> np.clip(y, 0, 63)
            if _exact_nonnegative(ba, bb):
                bd = (ba[0] >> min(bb[1], 63), ba[1] >> min(bb[0], 63))
        elif op == "&":
            r = x & y
            if _exact_nonnegative(ba, bb):
                bd = (0, min(ba[1], bb[1]))
        elif op == "|":
            r = x | y
        elif op == "^":
            r = x ^ y
        elif op in ("<", ">", "<=", ">=", "==", "!="):
            lt = self._operand_type(e)
            if lt is not None and lt.is_int and not lt.signed:
                bits = lt.bytes * 8
                if bits < 64:
                    m = (1 << bits) - 1  # a wide operand (an assumed size) is not wrapped
                    # (nor one already in [0, m]: the mask would change nothing)
                    if not (a.wide or (a.bounds is not None and a.bounds[0] >= 0 and a.bounds[1] <= m)):
                        x = x & m
                    if not (b.wide or (b.bounds is not None and b.bounds[0] >= 0 and b.bounds[1] <= m)):
                        y = y & m
            if op == "<":
                r = x < y
            elif op == ">":
                r = x > y
            elif op == "<=":
                r = x <= y
            elif op == ">=":
                r = x >= y
            elif op == "==":
                r = x == y
            else:
                r = x != y
            return _flag(r)
        elif op == "&&":
            return _flag((x != 0) & (y != 0))
        elif op == "||":
            return _flag((x != 0) | (y != 0))
        else:
            return Unknown(True, f"operator {op}")
        return to_type(r, e.ctype, None, wide, bd)

    def _by_uniform(self, a: Known, b: Known, mask: np.ndarray) -> bool:
        """Is one factor of a shifted product free of the shift and uniform?"""
        if not self._batched:
            return (a.shift is None and a.uniform()) or (b.shift is None and b.uniform())
        rows: bool | np.ndarray = False
        for v in (a, b):
            if v.shift is None:
                rows = rows | np.logical_not(self._varying_rows(v))
        return self._agree(rows, mask, "a uniform factor in some blocks only")

    @staticmethod
    def _operand_type(e: ir.BinOp) -> ir.CType | None:
        # Comparisons are done in the common type of the operands; clang already inserted the casts.
        return e.lhs.ctype if e.lhs.ctype.is_int else None

    def pointer_arith(self, op: str, a: Value, b: Value, e: ir.BinOp, mask: np.ndarray) -> Value:
        if isinstance(a, Ptr) and isinstance(b, Ptr):
            if op == "-" and a.symbol == b.symbol and isinstance(a.offset, Known) and isinstance(b.offset, Known):
                step = e.lhs.ctype.pointee_bytes or 1
                return Known((a.offset.arr - b.offset.arr) // step)
            if op in ("<", ">", "<=", ">=", "==", "!=") and isinstance(a.offset, Known) and \
                    isinstance(b.offset, Known) and a.symbol == b.symbol:
                x, y = a.offset.arr, b.offset.arr
                r = {"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y, "==": x == y, "!=": x != y}[op]
                return Known(r.astype(np.int64))
            return Unknown(False, "a pointer comparison")
        if op not in ("+", "-"):
            return self._unknown_from("pointer arithmetic", mask, *(x for x in (a, b) if not isinstance(x, Ptr)))
        if isinstance(a, Ptr):
            ptr, other, step = a, b, e.lhs.ctype.pointee_bytes
        else:
            ptr, other, step = b, a, e.rhs.ctype.pointee_bytes  # type: ignore[assignment]
        step = step or 1
        if not isinstance(other, Known) or not isinstance(ptr.offset, Known):
            reason = other.reason if isinstance(other, Unknown) else "an unknown offset"
            if isinstance(other, Unknown) and not other.lane_varying and isinstance(ptr.offset, Known):
                return Ptr(ptr.symbol, Known(ptr.offset.arr, other.reason))
            return Ptr(ptr.symbol, self._unknown_from(reason, mask, other, ptr.offset))
        delta = other.arr * step
        off = ptr.offset.arr + delta if op == "+" else ptr.offset.arr - delta
        return Ptr(ptr.symbol, Known(off, ptr.offset.shift or other.shift))

    # ------------------------------------------------------------ memory

    def _subscript_step(self, lv: ir.Subscript) -> int:
        """Bytes per index unit; recomputed from overridden dimensions when verifying a padding fix."""
        if not self.dims_override:
            return lv.step
        depth = 0
        node: ir.Expr = lv.base
        while True:
            if isinstance(node, (ir.Cast,)):
                node = node.operand
            elif isinstance(node, ir.AddrOf):
                node = node.lvalue
            elif isinstance(node, ir.Subscript):
                depth += 1
                node = node.base
            else:
                break
        if isinstance(node, ir.SymbolRef) and node.symbol.key in self.dims_override:
            dims = self.dims_override[node.symbol.key]
            step = node.symbol.elem.bytes
            for d in dims[depth + 1:]:
                step *= d
            return step
        return lv.step

    def address(self, lv: ir.Expr, mask: np.ndarray) -> Value:
        """The pointer an lvalue designates."""
        if isinstance(lv, ir.Subscript):
            base = self.eval(lv.base, mask)
            idx = self.eval(lv.index, mask)
            if not isinstance(base, Ptr):
                return self._unknown_from("a pointer of unknown origin", mask, base, idx)
            step = self._subscript_step(lv)
            if isinstance(idx, Known) and isinstance(base.offset, Known):
                i = idx.arr
                # times an array of the step rather than the Python int: numpy's scalar path costs more
                scaled = i * self._const(step).arr if i.ndim == 1 else i * step
                return Ptr(base.symbol, Known(base.offset.arr + scaled, base.offset.shift or idx.shift))
            if isinstance(idx, Unknown) and not idx.lane_varying and isinstance(base.offset, Known):
                return Ptr(base.symbol, Known(base.offset.arr, idx.reason))
            if isinstance(idx, Unknown):
                reason = idx.reason
            elif isinstance(base.offset, Unknown):
                reason = base.offset.reason
            else:  # a pointer used as an index (a value clang typed as a pointer, or one we mistook for one)
                reason = "an index that is a pointer"
            return Ptr(base.symbol, Unknown(True, reason))
        if isinstance(lv, ir.Deref):
            v = self.eval(lv.pointer, mask)
            return v if isinstance(v, Ptr) else self._unknown_from("a pointer of unknown origin", mask, v)
        if isinstance(lv, ir.Member):
            base = self.eval(lv.base, mask) if lv.arrow else self.address(lv.base, mask)
            if not isinstance(base, Ptr):
                return base
            if isinstance(base.offset, Known):
                return Ptr(base.symbol, Known(base.offset.arr + lv.offset, base.offset.shift))
            return base
        if isinstance(lv, ir.SymbolRef):
            return Ptr(lv.symbol, self._zero)
        if isinstance(lv, (ir.VarRef, ir.LocalField)):
            # A variable of the thread (a register or its local memory): accesses through its address
            # (`reinterpret_cast<float *>(&vec)[k]`, `FLOAT4(x_val)`) are per-thread, never shared or
            # global. What is written through it is not followed, so the variable's value is unknown
            # from here on.
            frame_env = self._frames[-1].env
            if lv.var in frame_env:
                frame_env[lv.var] = Unknown(True, f"`{lv.name}` (its address is taken)")
            return Ptr(ir.Symbol(lv.name, "local", key=f"&{lv.var}"), self._const(0))
        if isinstance(lv, ir.Opaque):
            vals = [self.eval(p, mask) for p in lv.parts]
            return self._unknown_from(lv.reason, mask, *vals)
        return Unknown(True, "an address")

    def access(self, e: ir.Access, mask: np.ndarray) -> Value:
        ptr = self._record_access(e, mask)
        if isinstance(ptr, Ptr) and ptr.symbol is not None and ptr.symbol.values is not None and e.op == "ld":
            known = self._table_element(ptr, e.lvalue.ctype, mask)
            if known is not None:
                return known
        # Uniform only when every thread reads the same word of memory all threads share (each
        # thread has its own local memory, so one address there holds a value per thread).
        if isinstance(ptr, Ptr) and ptr.symbol is not None and ptr.symbol.space != "local" \
                and isinstance(ptr.offset, Known) and not ptr.offset.shift and self._uniform(ptr.offset, mask):
            return Unknown(False, f"a value loaded from `{ptr.symbol.name}`")
        name = ptr.symbol.name if isinstance(ptr, Ptr) and ptr.symbol else ""
        if name and ptr.symbol.table_note:  # type: ignore[union-attr]
            return Unknown(True, f"a value loaded from `{name}` ({ptr.symbol.table_note})")  # type: ignore[union-attr]
        return Unknown(True, f"a value loaded from `{name}`" if name else "a value loaded from memory")

    def _table_element(self, ptr: Ptr, ct: ir.CType, mask: np.ndarray) -> Known | None:
        """The elements read from a table known at compile time (None: not one whole element of it)."""
        sym = ptr.symbol
        size = sym.elem.bytes
        if not isinstance(ptr.offset, Known) or ptr.offset.shift or not ct.is_int or ct.bytes != size or size <= 0:
            return None
        off = ptr.offset.arr
        live = np.broadcast_to(mask, off.shape) if off.shape != mask.shape else mask
        idx = np.where(live, off, 0)
        if (idx % size).any() or idx.min() < 0 or idx.max() // size >= len(sym.values):
            return None
        table = np.asarray(sym.values, dtype=np.int64)
        return to_type(table[idx // size], ct)

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
        (rules/sync004_shared_race._Recorder) keeps it."""

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
            st.notes.add(g + "; assumed taken by every lane")
        if not isinstance(ptr, Ptr) or ptr.symbol is None:
            self._unpredictable(st, ptr.reason if isinstance(ptr, Unknown) else "unknown pointer", mask)
            return
        if isinstance(st.space, str) and st.space != ptr.symbol.space:  # (a replay may leave a placeholder)
            # one access (a helper's `*reinterpret_cast<int4*>(p)`) reached with a shared and a global
            # pointer: two instructions' costs in one set of sums would be neither's number
            self._unpredictable(st, f"the access is reached with {st.space} and {ptr.symbol.space} memory "
                                    "(a helper called on both); one number cannot describe both", mask)
        st.symbol = ptr.symbol
        st.space = ptr.symbol.space
        if self.costed is not None and ptr.symbol.key not in self.costed:
            return  # a re-evaluation for one array's layout (SMEM001's fix) needs only that array's costs
        if not isinstance(ptr.offset, Known):
            self._unpredictable(st, f"the address depends on {ptr.offset.reason}", mask)
            return
        if ptr.offset.shift:
            if st.space == "shared" and width >= 4:
                st.notes.add(f"a block-uniform offset from {ptr.offset.shift} is ignored "
                             "(it only renames banks)")
            else:
                st.notes.add(f"a block-uniform offset from {ptr.offset.shift} is assumed to keep the alignment")
        if st.space == "constant" and op == "ld":
            # The constant cache serves one address per cycle: a warp's cost is its distinct addresses.
            for row in self._warps(np.where(mask, ptr.offset.arr, -1)):
                st.constant_distinct = max(st.constant_distinct, len(set(row[row >= 0].tolist())))
        if st.space not in ("shared", "global"):
            return
        if op == "atomic":
            why = self._atomic_unmodelled(st, width, np.where(mask, ptr.offset.arr, -1))
            if why:
                self._unpredictable(st, why, mask)
                return
        addr = ptr.offset.arr
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

    def _atomic_unmodelled(self, st: SiteStats, width: int, addr: np.ndarray) -> str:
        """Why this atomic's cost is not modelled ("" when it is: model/banks.atomic_wavefronts for
        32-bit integer atomics on shared memory, the sectors of its lanes on global memory, as
        measured on the H100)."""
        form = atomic_form(st.site.instruction)
        if st.space == "global":
            return "" if width in (4, 8) else f"a {width}-byte global atomic was not measured"
        if form not in ATOMIC_FORMS:
            kind = {"float": "floating-point", "int": "integer"}.get(form.rstrip("0123456789"), "")
            return (f"a {width * 8}-bit {kind + ' ' if kind else ''}shared-memory atomic compiles to a "
                    "compare-and-swap loop (ATOMS.CAST.SPIN) whose retries depend on contention; not modelled")
        if form == "int":
            for row in self._warps(addr):
                if one_word([x if x >= 0 else None for x in row.tolist()]):
                    return ("every lane of a warp names one word: nvcc may combine them before the atomic "
                            "(not measured for this operation)")
        return ""

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
            st.requests += cnt
            if st.worst is None or metric > st.worst.wavefronts:
                st.worst = WorstRequest(metric, warp, lanes, cost)

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
        requests, cost, work = hit
        self.work += work
        st.row_requests = st.row_requests + requests  # type: ignore[operator]
        st.row_cost = st.row_cost + cost  # type: ignore[operator]

    def _row_costs(self, a: np.ndarray, shared: bool, op: str, width: int, instruction: str = ""):
        """(requests, wavefronts or sectors, work units) added per virtual block; None if no lane is active."""
        warp_ids, rel = self._patterns(a)
        if not len(warp_ids):
            return None
        keys, counts, firsts, inverse = _group(rel, with_inverse=a.ndim == 2)
        work = rel.size + len(keys) * (SWEEP_ELEMENTS_PER_STEP // 2)
        metrics = []
        for key in keys:
            cost = _model_cost(self._memo, self.arch, shared, op, width, key, instruction)[0]
            metrics.append(cost.wavefronts if shared else cost.sectors)  # type: ignore[attr-defined]
        if a.ndim == 1:  # the same cost in every block
            return len(warp_ids), sum(m * c for m, c in zip(metrics, counts)), work
        blocks = a.shape[0]
        block_of = warp_ids // (self._padded // 32)
        per = np.bincount(block_of * len(keys) + inverse, minlength=blocks * len(keys)).reshape(blocks, len(keys))
        return per.sum(axis=1), per @ np.array(metrics, dtype=np.int64), work

    def assign(self, e: ir.Assign, mask: np.ndarray) -> Value:
        value = self.eval(e.value, mask)
        t = e.target
        if isinstance(t, ir.VarRef):
            value = self._convert(value, t.ctype, mask)
            self._store(t.var, value, mask)
            return value
        if isinstance(t, ir.LocalField):
            value = self._convert(value, t.ctype, mask)
            self._store_field(t, value, mask)
            return value
        if isinstance(t, ir.Access):
            self._record_access(t, mask)  # a store: the value it would read is not needed
        return value

    def incdec(self, e: ir.IncDec, mask: np.ndarray) -> Value:
        t = e.target
        if isinstance(t, (ir.VarRef, ir.LocalField)):
            old = self.eval(t, mask)
            if isinstance(old, Ptr):
                step = t.ctype.pointee_bytes or 1
                new: Value = Ptr(old.symbol, Known(old.offset.arr + e.delta * step, old.offset.shift)
                                 if isinstance(old.offset, Known) else old.offset)
            elif isinstance(old, Known):
                bd = old.bounds
                new = to_type(old.arr + e.delta, t.ctype, old.shift, old.wide,
                              None if bd is None else (bd[0] + e.delta, bd[1] + e.delta))
            else:
                new = old
            if isinstance(t, ir.LocalField):
                self._store_field(t, new, mask)
            else:
                self._store(t.var, new, mask)
            return new if e.prefix else old
        if e.load is not None:
            self.eval(e.load, mask)
        self.eval(t, mask)
        return Unknown(True, "a value in memory")

    # ------------------------------------------------------------ calls

    def async_copy(self, e: ir.AsyncCopy, mask: np.ndarray) -> Value:
        return run_async_copy(self, e, mask)

    def fragment_access(self, e: ir.FragmentAccess, mask: np.ndarray) -> Value:
        return run_fragment_access(self, e, mask)

    def call(self, e: ir.Call, mask: np.ndarray) -> Value:
        args = [self.eval(a, mask) for a in e.args]
        name = e.name
        if e.function is not None and e.function in self.unit.functions:
            if len(self._frames) > MAX_CALL_DEPTH:
                line = e.span.line if e.span else 0
                text = (f"line {line}: calls nested more than {MAX_CALL_DEPTH} deep (recursion?) at `{name}`; "
                        "deeper calls not followed")
                if not any(t == text for _, _, t in self.notes):
                    self.notes.append((line, line, text) if line else (0, 1 << 30, text))
                return self._unknown_from(f"a call of `{name}` nested too deeply", mask, *args)
            f = self.unit.functions[e.function]
            env = {p.var: self._convert(a, p.ctype, mask) for p, a in zip(f.params, args)}
            frame = _Frame(env)
            self._frames.append(frame)
            saved_loops, saved_rows = self._loops, self._cond_rows
            self._loops = []
            self._cond_rows = None  # the body's statements are entered only by blocks with an active lane
            try:
                self.exec_stmt(f.body, mask)
            finally:
                self._frames.pop()
                self._loops = saved_loops
                self._cond_rows = saved_rows
            if frame.retval is None:
                return Unknown(False, _result_of(name))
            return self._convert(frame.retval, e.ctype, mask) if e.ctype.is_int else frame.retval
        if name in SHARED_WINDOW_CALLS and len(args) == 1 and isinstance(args[0], Ptr):
            # a pointer <-> shared-window address conversion keeps what it points to (instructions.py)
            return args[0]
        known = all(isinstance(a, Known) and not a.shift for a in args)
        if known and args and e.ctype.is_int:
            r = integer_intrinsic(name, [a.arr for a in args])  # type: ignore[union-attr]
            if r is not None:
                return to_type(r, e.ctype)
        if name.startswith("make_") and e.ctype.kind == "record" and args and e.ctype.bytes % len(args) == 0:
            # make_int2(x, y), make_uchar4(...): a struct whose fields are the arguments, in order
            size = e.ctype.bytes // len(args)
            return Fields(tuple((i * size, a) for i, a in enumerate(args)), Unknown(True, f"a field of `{name}`"))
        if is_pure_function(name):
            return self._unknown_from(_result_of(name), mask, *args)
        # Nothing proves the result of a function whose body is not seen the same in every thread
        # (`thread_rank()`, `curand(&s)`, `__shfl_sync`, `clock()`).
        return Unknown(True, _result_of(name))


def _exact_nonnegative(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    """Both operands' bounds known, non-negative and within int64. Bounds hold the exact integer
    value; +, - and * keep an int64 array congruent to it (mod 2**64), but /, %, >> and & of an
    array that overflowed would not be the operation of the exact values: their bounds follow only
    from operands that cannot have overflowed."""
    return a is not None and b is not None and a[0] >= 0 and b[0] >= 0 and a[1] < _INT64_LIMIT and b[1] < _INT64_LIMIT


_INT64_LIMIT = 1 << 63


def _flag(r: np.ndarray) -> Known:
    """The 0/1 value of a comparison; its booleans are kept for truth() (they are `arr != 0`)."""
    return Known(r.astype(np.int64), bounds=(0, 1), truth=r)


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


_U32 = 0xFFFFFFFF


def _u32(x: np.ndarray) -> np.ndarray:
    return x & _U32


def _s32(x: np.ndarray) -> np.ndarray:
    x = x & _U32
    return np.where(x >= 1 << 31, x - (1 << 32), x)


def _bits_reversed(x: np.ndarray) -> np.ndarray:
    x = _u32(x)
    r = np.zeros_like(x)
    for i in range(32):
        r |= ((x >> i) & 1) << (31 - i)
    return r


def _clz(x: np.ndarray, bits: int) -> np.ndarray:
    x = x.astype(np.uint64) & np.uint64((1 << bits) - 1 if bits < 64 else (1 << 64) - 1)
    n = np.full(x.shape, bits, dtype=np.int64)
    for i in range(bits):
        n = np.where((x >> np.uint64(i)) & np.uint64(1), bits - 1 - i, n)
    return n


def _ffs(x: np.ndarray, bits: int) -> np.ndarray:
    x = x.astype(np.uint64) & np.uint64((1 << bits) - 1 if bits < 64 else (1 << 64) - 1)
    n = np.zeros(x.shape, dtype=np.int64)
    for i in range(bits - 1, -1, -1):
        n = np.where((x >> np.uint64(i)) & np.uint64(1), i + 1, n)
    return n


def _byte_perm(x: np.ndarray, y: np.ndarray, s: np.ndarray) -> np.ndarray:
    """__byte_perm(x, y, s): byte i of the result is byte (s >> 4i) & 7 of the 8 bytes y:x."""
    both = (_u32(y) << 32) | _u32(x)
    r = np.zeros(np.broadcast(x, y, s).shape, dtype=np.int64)
    for i in range(4):
        sel = (s >> (4 * i)) & 7
        r |= ((both >> (8 * sel)) & 0xFF) << (8 * i)
    return r


def integer_intrinsic(name: str, xs: list[np.ndarray]) -> np.ndarray | None:
    """The exact value of a CUDA integer intrinsic (or min/max/abs) on known integers; else None.

    The arguments are already converted to the parameter types by clang's implicit casts."""
    n = len(xs)
    if n == 2 and name in ("min", "umin", "llmin", "ullmin", "std::min"):
        return np.minimum(xs[0], xs[1])
    if n == 2 and name in ("max", "umax", "llmax", "ullmax", "std::max"):
        return np.maximum(xs[0], xs[1])
    if n == 1 and name in ("abs", "llabs", "std::abs"):
        return np.abs(xs[0])
    if n == 2 and name == "__umul24":
        return (xs[0] & 0xFFFFFF) * (xs[1] & 0xFFFFFF)
    if n == 2 and name == "__mul24":
        a, b = xs[0] & 0xFFFFFF, xs[1] & 0xFFFFFF
        a, b = np.where(a >= 1 << 23, a - (1 << 24), a), np.where(b >= 1 << 23, b - (1 << 24), b)
        return a * b
    if n == 2 and name == "__umulhi":
        return ((_u32(xs[0]).astype(np.uint64) * _u32(xs[1]).astype(np.uint64)) >> np.uint64(32)).astype(np.int64)
    if n == 2 and name == "__mulhi":
        return (_s32(xs[0]) * _s32(xs[1])) >> 32
    if n == 1 and name == "__popc":
        return np.bitwise_count(_u32(xs[0]).astype(np.uint64)).astype(np.int64)
    if n == 1 and name == "__popcll":
        return np.bitwise_count(xs[0].astype(np.uint64)).astype(np.int64)
    if n == 1 and name == "__clz":
        return _clz(xs[0], 32)
    if n == 1 and name == "__clzll":
        return _clz(xs[0], 64)
    if n == 1 and name == "__ffs":
        return _ffs(xs[0], 32)
    if n == 1 and name == "__ffsll":
        return _ffs(xs[0], 64)
    if n == 1 and name == "__brev":
        return _bits_reversed(xs[0])
    if n == 3 and name == "__byte_perm":
        return _byte_perm(*xs)
    if n == 3 and name in ("__funnelshift_l", "__funnelshift_lc", "__funnelshift_r", "__funnelshift_rc"):
        lo, hi, sh = _u32(xs[0]), _u32(xs[1]), _u32(xs[2])
        sh = np.minimum(sh, 32) if name.endswith("c") else sh & 31
        if name.startswith("__funnelshift_l"):
            return np.where(sh == 0, hi, _u32((hi << sh) | (lo >> (32 - sh))))
        return np.where(sh == 32, hi, _u32(np.where(sh == 0, lo, (lo >> sh) | (hi << (32 - sh)))))
    if n == 3 and name == "__sad":
        return np.abs(_s32(xs[0]) - _s32(xs[1])) + _u32(xs[2])
    if n == 3 and name == "__usad":
        return np.abs(_u32(xs[0]) - _u32(xs[1])) + _u32(xs[2])
    return None


_PURE_NAMES = frozenset(
    "min max umin umax llmin llmax ullmin ullmax abs llabs labs fabs fabsf sqrt sqrtf rsqrt rsqrtf cbrt cbrtf "
    "exp expf exp2 exp2f exp10 exp10f expm1 expm1f log logf log2 log2f log10 log10f log1p log1p pow powf "
    "sin sinf cos cosf tan tanf sinh sinhf cosh coshf tanh tanhf asin asinf acos acosf atan atanf atan2 atan2f "
    "floor floorf ceil ceilf round roundf lround lroundf llround llroundf trunc truncf rint rintf lrint lrintf "
    "nearbyint nearbyintf fmod fmodf remainder remainderf fmin fminf fmax fmaxf fma fmaf fdim fdimf erf erff "
    "erfc erfcf erfinv erfinvf copysign copysignf ldexp ldexpf hypot hypotf isnan isinf isfinite signbit "
    "rcbrt rcbrtf norm3d norm3df norm4d norm4df rnorm3d rnorm3df".split())
_PURE_PREFIXES = ("std::", "__float", "__double", "__int", "__uint", "__ll", "__ull", "__short", "__ushort",
                  "__half", "__h", "__bfloat", "__nv_cvt", "__f", "__d", "__mul", "__umul", "__popc", "__clz",
                  "__ffs", "__brev", "__byte_perm", "__funnelshift", "__sad", "__usad", "__saturate", "__v",
                  "__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__powf", "__sinf", "__cosf", "__tanf",
                  "__frcp", "__frsqrt", "__isnan", "__isinf", "__cvta", "__low2", "__high2", "__lows2",
                  "__highs2", "__floats2", "__float22", "__halves2", "make_", "operator")
_IMPURE_PREFIXES = ("std::rand", "__shfl", "__ballot", "__activemask", "__match", "__ld", "__st", "__lane",
                    "__vote", "__any", "__all", "__reduce", "__syncthreads_")


def is_pure_function(name: str) -> bool:
    """A function whose result depends only on its arguments (math, conversions, intrinsics of the
    CUDA math API, constructors of vector types): the same in every thread when they all are."""
    if name.startswith(_IMPURE_PREFIXES):
        return False
    return name in _PURE_NAMES or name.startswith(_PURE_PREFIXES)


@dataclass(frozen=True)
class _ParamValue:
    """A kernel parameter's assumed value; reading it is noted so the sweep knows it matters."""

    name: str
    value: Known


# ---------------------------------------------------------------- loop replay (Interpreter.exec_loop)

def _array_key(a: np.ndarray) -> tuple:
    return (a.dtype.str, a.shape, a.tobytes())


def _value_key(v: object) -> object:
    if v is None or isinstance(v, Unknown):
        return v
    if isinstance(v, Known):
        return ("K", _array_key(v.arr), v.shift, v.wide)
    if isinstance(v, Ptr):
        return ("P", None if v.symbol is None else v.symbol.key, _value_key(v.offset))
    if isinstance(v, _ParamValue):
        return ("V", v.name, _value_key(v.value))
    if isinstance(v, Fields):
        return ("F", tuple((o, _value_key(f)) for o, f in v.known), v.rest)
    return object()  # a value of another kind: equal to nothing, so never replayed


class _LoopFacts:
    """What a loop statement can touch, found once from its IR."""

    __slots__ = ("replayable", "variables", "sites")

    def __init__(self, replayable: bool, variables: tuple[str, ...], sites: tuple[int, ...]):
        self.replayable = replayable
        self.variables = variables
        self.sites = sites

    @classmethod
    def of(cls, loop: ir.Loop, functions: dict) -> "_LoopFacts":
        variables: set[str] = set()
        sites: set[int] = set()
        replayable = True
        stack: list[object] = [loop]
        while stack:
            n = stack.pop()
            if isinstance(n, (tuple, list)):
                stack.extend(n)
                continue
            if isinstance(n, (ir.Return, ir.Unsupported)):
                replayable = False
            elif isinstance(n, ir.Call) and n.function is not None and n.function in functions:
                replayable = False
            elif isinstance(n, (ir.VarRef, ir.Decl, ir.LocalField)):
                variables.add(n.var)
            elif isinstance(n, ir.Access):
                sites.add(n.site)
            fields = getattr(n, "__dataclass_fields__", None)
            if fields:
                stack.extend(getattr(n, f) for f in fields if f != "ctype" and f != "span")
        return cls(replayable, tuple(sorted(variables)), tuple(sorted(sites)))


def _loop_facts_of(unit: ir.TranslationUnit) -> dict[int, _LoopFacts]:
    """The facts of a file's loops, by id, kept with the file's IR: found once for every evaluation
    of its kernels (the main one, the sweep's, SMEM001's re-evaluations). The unit holds its loops,
    so their ids stay theirs while it lives."""
    facts = unit.__dict__.get("_loop_facts")
    if facts is None:
        facts = unit.__dict__["_loop_facts"] = {}
    return facts


_UNSET = object()
_SUMS = ("executions", "requests", "wavefronts", "ideal", "sectors", "ideal_sectors", "bytes_requested",
         "distinct_bytes")
_LAST = ("symbol", "space", "width")


class _LoopEffect:
    """What one run of a loop did, to be done again by a run with the same inputs."""

    __slots__ = ("env", "sites", "notes", "params", "steps", "work")

    @classmethod
    def record(cls, it: "Interpreter", loop: ir.Loop, mask: np.ndarray, frame: _Frame,
               facts: _LoopFacts) -> "_LoopEffect":
        effect = cls()
        before: dict[int, tuple] = {}
        for sid in facts.sites:  # start each site's own record of this run from scratch
            st = it.stats.get(sid)
            if st is None:
                continue
            before[sid] = (tuple(getattr(st, f) for f in _SUMS), tuple(getattr(st, f) for f in _LAST),
                           st.unpredictable, st.notes, st.worst, st.constant_distinct,
                           st.row_requests, st.row_cost, st.row_unpredictable)
            st.unpredictable, st.notes, st.worst, st.constant_distinct = None, set(), None, 0
            for f in _LAST:
                setattr(st, f, _UNSET)
            if st.row_requests is not None:
                st.row_requests = np.zeros_like(st.row_requests)
                st.row_cost = np.zeros_like(st.row_cost)
                st.row_unpredictable = np.zeros_like(st.row_unpredictable)
        notes_before, params_before = len(it.notes), set(it.params_read)
        steps_before, work_before = it._steps, it.work
        try:
            it._run_loop(loop, mask)
        finally:
            effect.sites = {}
            for sid, (sums, last, unpredictable, notes, worst, cdist, rreq, rcost, runp) in before.items():
                st = it.stats[sid]
                own = (tuple(getattr(st, f) - v for f, v in zip(_SUMS, sums)),
                       tuple(getattr(st, f) for f in _LAST), st.unpredictable, st.notes, st.worst,
                       st.constant_distinct, st.row_requests, st.row_cost, st.row_unpredictable)
                effect.sites[sid] = own
                # back to the state before, then this run's own record added: as if it ran in place
                for f, v in zip(_SUMS, sums):
                    setattr(st, f, v)
                for f, v in zip(_LAST, last):
                    setattr(st, f, v)
                st.unpredictable, st.notes, st.worst, st.constant_distinct = unpredictable, notes, worst, cdist
                st.row_requests, st.row_cost, st.row_unpredictable = rreq, rcost, runp
                _apply(st, own)
        effect.env = {v: frame.env.get(v, _UNSET) for v in facts.variables}
        effect.notes = list(it.notes[notes_before:])
        effect.params = it.params_read - params_before
        effect.steps = it._steps - steps_before
        effect.work = it.work - work_before
        return effect

    def replay(self, it: "Interpreter", frame: _Frame) -> None:
        for sid, own in self.sites.items():
            _apply(it.stats[sid], own)
        for v, value in self.env.items():
            if value is _UNSET:
                frame.env.pop(v, None)
            else:
                frame.env[v] = value
        for note in self.notes:
            if note not in it.notes:
                it.notes.append(note)
        it.params_read |= self.params
        it._steps += self.steps
        it.work += self.work


def _apply(st: SiteStats, own: tuple) -> None:
    """Add one loop run's own record of a site to the site's stats, as the run itself would have."""
    sums, last, unpredictable, notes, worst, cdist, rreq, rcost, runp = own
    for f, d in zip(_SUMS, sums):
        if d:
            setattr(st, f, getattr(st, f) + d)
    for f, v in zip(_LAST, last):
        if v is not _UNSET:
            setattr(st, f, v)
    st.unpredictable = st.unpredictable or unpredictable
    if notes:
        st.notes |= notes
    if worst is not None and (st.worst is None or worst.wavefronts > st.worst.wavefronts):
        st.worst = worst
    st.constant_distinct = max(st.constant_distinct, cdist)
    if rreq is not None:
        st.row_requests = st.row_requests + rreq
        st.row_cost = st.row_cost + rcost
        st.row_unpredictable = st.row_unpredictable | runp
