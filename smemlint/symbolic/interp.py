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

import numpy as np

from .. import ir
from ..model import get_arch
from .costing import AddressRemap, Costing, loop_loads, model_memo
from .dispatch import STATEMENT_METHODS, inherited_method, method_tables, result_of
from .expressions import Expressions
from .hoisting import hoisted_loads
from .instructions import SHARED_WINDOW_CALLS, run_async_copy, run_fragment_access
from .intrinsics import integer_intrinsic, is_pure_function
from .stats import (EVERY_LANE, LOOP_MEMO_SIZE, MAX_CALL_DEPTH, MAX_LOOP_ITERATIONS, SOFT_STEP_BUDGET,
                    STEP_BUDGET, SWEEP_ELEMENTS_PER_STEP, SWEEP_ROWS, UNKNOWN_TRIP_SAMPLE, BudgetExceeded,
                    LaunchConfig, SiteStats, data_guard)
from .values import (PER_WARP, Fields, Known, ParamValue, Ptr, RowDivergence, Unknown, Value, mask_any, select, to_type,
                     warp_labels, with_step)


class _Frame:
    __slots__ = ("env", "returned", "retval")

    def __init__(self, env: dict[str, Value]):
        self.env = env
        self.returned: np.ndarray | None = None
        self.retval: Value | None = None


class _LoopState:
    """Lanes that left the loop (`break`) or this iteration (`continue`); None while there are none.
    `hoisted`: the loop's loads that execute once per entry (hoisting.py), counted in its first
    iteration only; `iteration`: the one running. `guard_base`: the height of the interpreter's guard
    stack when the iteration's body began (the paths past a data-dependent `continue` or `break` are
    kept there until the iteration ends); `past_breaks`: those of a `break`, for the iterations after."""

    __slots__ = ("broken", "continued", "guard_base", "hoisted", "iteration", "line", "past_breaks", "var")

    def __init__(self, hoisted: frozenset[int] = frozenset(), line: int | None = None,
                 var: ir.VarRef | None = None) -> None:
        self.broken: np.ndarray | None = None
        self.continued: np.ndarray | None = None
        self.hoisted = hoisted
        self.iteration = 0
        self.line = line
        self.guard_base = 0
        self.past_breaks: list[str] = []
        self.var = var  # the variable its step assigns (`s >>= 1`, `++i`): named where a request is the worst


class Interpreter(Expressions, Costing):
    def __init__(self, unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig,
                 arch: str = "sm_90", dims_override: dict[str, tuple[int, ...]] | None = None,
                 remap: dict[str, AddressRemap] | None = None, sweep: str | None = None,
                 sweep_budget: int | None = None, costed: frozenset[str] | None = None,
                 residues: tuple[int, ...] | None = None, blocks: tuple[tuple[int, int, int], ...] | None = None):
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
        self.loop_loads = loop_loads(kernel.sites)  # atomic site -> its compare-and-swap loop's load
        self.notes: list[tuple[int, int, str]] = []  # (first line, last line, text)
        self.params_read: set[str] = set()
        self._loaded: dict[int, ir.Symbol] = {}  # access site -> the global object a pointer it loads points to
        # The kernel's structs passed by value live in kernel-parameter memory (nvcc reads them with
        # LDC, never a global or shared request): one object per parameter, shared by every thread.
        self.param_memory: dict[str, ir.Symbol] = {
            p.var: ir.Symbol(p.name, "param", p.ctype, align=max(p.ctype.align, 4), key=f"param:{p.var}")
            for p in kernel.params if p.ctype.kind == "record"}
        self._frames: list[_Frame] = []
        self._loops: list[_LoopState] = []
        self._guards: list[str] = []  # data-dependent conditions we are inside
        self._steps = 0
        self._padded = -(-n // 32) * 32
        self._consts: dict[int, Known] = {}
        self._zero = self._const(0)
        self._true = np.ones(n, dtype=bool)
        self._true.flags.writeable = False
        self._memo = model_memo(self.arch)
        self._stmt_table, self._expr_table = method_tables(type(self))
        self._loop_facts = _loop_facts_of(unit)  # id(ir.Loop) -> what the loop reads and may do
        # id(ir.Loop) -> its loads read once per entry, kept with the file's IR like _loop_facts
        self.budget_sampled = False  # an outermost loop was cut by the soft step budget (costly kernel)
        self._hoisted: dict[int, frozenset[int]] = unit.__dict__.setdefault("_hoisted_loads", {})
        self._loop_memo: dict[tuple, _LoopEffect] = {}
        self.replays = 0  # loop runs replayed from the memo (exec_loop)
        # batched evaluation (the residue sweep)
        self.sweep = sweep
        self._batched = sweep is not None or blocks is not None
        # the residues modulo SWEEP_ROWS evaluated, one virtual block each (default: all of them)
        self.residues = (residues or tuple(range(SWEEP_ROWS))) if sweep is not None else (0,)
        self.rows = len(self.residues) if blocks is None else len(blocks)
        # or blocks of the grid, one virtual block each: blockIdx is a column of their indices
        self.block_rows = None if blocks is None else {
            axis: np.array([b[i] for b in blocks], dtype=np.int64)[:, None] for i, axis in enumerate("xyz")}
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
                st.row_ideal = np.zeros(self.rows, dtype=np.int64)

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
                    env[p.var] = ParamValue(p.name, Known(rows, wide=wide))
                else:
                    env[p.var] = ParamValue(p.name, Known(self._const(value).arr, wide=wide, bounds=(value, value)))
            elif p.fields or p.int_fields:
                # a struct by value: its pointer fields point to global objects, its integer fields
                # have the values launch.py assumes (reading the struct is reading a parameter)
                known = [(off, Ptr(sym, self._zero)) for off, sym in p.fields]
                sizes = [(off, Known(self._const(v).arr, wide=True, bounds=(v, v))) for off, name, _ in p.int_fields
                         if (v := self.config.field_values.get(name)) is not None]
                struct = Fields(tuple(sorted(known + sizes, key=lambda ov: ov[0])),
                                Unknown(False, f"parameter `{p.name}`"))
                env[p.var] = ParamValue(p.name, struct) if sizes else struct  # type: ignore[arg-type]
            elif p.ctype.is_int:  # a flag no launch fixes: reading it says so (launch.py's words for it)
                env[p.var] = ParamValue(p.name, Unknown(False, f"parameter `{p.name}`"))
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
        if isinstance(old, ParamValue):
            old = old.value
        if old is not None:
            env[var] = select(mask, value, old)
            return
        self._every_block_here(mask, "a variable defined in some blocks only")
        env[var] = value

    def _write_back(self, f: ir.Function, frame: _Frame, outs: tuple, mask: np.ndarray) -> None:
        """A call's scalar reference parameters: the caller's variables get the callee's last values."""
        for p, target in zip(f.params, outs):
            if target is None:
                continue
            v = frame.env.get(p.var)
            if isinstance(v, ParamValue):
                v = v.value
            if v is None:
                continue
            v = self._convert(v, target.ctype, mask)
            if isinstance(target, ir.LocalField):
                self._store_field(target, v, mask)
            else:
                self._store(target.var, v, mask)

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
            fn = inherited_method(self._stmt_table, type(s), STATEMENT_METHODS, type(self))
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
            self._under_unknown(s.what + EVERY_LANE, p, mask)

    def _under_unknown(self, why: str, s: ir.Stmt, mask: np.ndarray) -> dict[str, Value]:
        """Run `s` as if every lane took it, under a data-dependent condition; return the env it produced."""
        saved = dict(self.frame.env)
        returned = self.frame.returned
        loop = self._loops[-1] if self._loops else None
        left = (loop.continued, loop.broken) if loop is not None else (None, None)
        self._guards.append(why)
        try:
            self.exec_stmt(s, mask)
        finally:
            self._guards.pop()
        after = self.frame.env
        self.frame.env = saved
        # `if (flag) return;`, in the kernel's body or a helper's (flash-attention's compute_attn_1rowblock
        # leaves at `if (m_block * kBlockM >= binfo.actual_seqlen_q) return;`): the code after it is
        # the other side's, which some run executes
        self.frame.returned = returned
        if loop is not None and (loop.continued is not left[0] or loop.broken is not left[1]):
            # `if (boundary == bounce) continue;` on a loaded flag (HeCBench d3q19-bgk's lattice loop): the
            # rest of the body is the other side's too, run by the lanes the flag lets through; its
            # accesses say so
            kind = "break" if loop.broken is not left[1] else "continue"
            loop.continued, loop.broken = left
            past = f"the path past a `{kind}` whose {why}"
            self._guards.insert(loop.guard_base, past)
            if kind == "break" and past not in loop.past_breaks:
                loop.past_breaks.append(past)
        return after

    def exec_if(self, s: ir.If, mask: np.ndarray) -> None:
        tm, em, c = self.condition(s.cond, mask)
        if c is None:
            if mask_any(tm):
                self.exec_stmt(s.then, tm)
            if s.other is not None and mask_any(em):
                self.exec_stmt(s.other, em)
            return
        # Data-dependent branch: analyse both sides as if every lane that may take each took it.
        why = data_guard(f"condition on line {s.span.line if s.span else '?'}", c.reason, c.lane_varying)
        base = dict(self.frame.env)
        env_then = self._under_unknown(why, s.then, tm) if mask_any(tm) else base
        env_else = self._under_unknown(why, s.other, em) if s.other is not None and mask_any(em) else base
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
            self.replays += 1
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
        stepped = getattr(s.step, "target", None)
        state = _LoopState(hoisted, s.span.line if s.span else None,
                           stepped if isinstance(stepped, ir.VarRef) else None)
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
                            m, _, c = self.condition(s.cond, m)
                        finally:
                            self._cond_rows = saved
                    else:
                        m, _, c = self.condition(s.cond, m)
                    if c is not None:
                        unknown_trip = c
                if not mask_any(m):
                    break
                if batched:
                    running = self._row_any(m)
                if unknown_trip is not None and iteration >= UNKNOWN_TRIP_SAMPLE:
                    self._note(s, f"the loop at line {s.span.line if s.span else '?'} has a trip count that "
                                  f"depends on {unknown_trip.reason}; its first {UNKNOWN_TRIP_SAMPLE} iterations sampled")
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
                    self._guards.append(data_guard(f"loop condition on line {s.span.line if s.span else '?'}",
                                                   unknown_trip.reason, unknown_trip.lane_varying))
                state.iteration = iteration
                state.guard_base = len(self._guards)
                self._guards.extend(state.past_breaks)
                try:
                    self.exec_stmt(s.body, m)
                finally:
                    del self._guards[state.guard_base:]
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
            if e.outs:
                self._write_back(f, frame, e.outs, mask)
            if frame.retval is None:
                return Unknown(False, result_of(name))
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
            u = self._unknown_from(result_of(name), mask, *args)
            labels = warp_labels(args, self.n) if u.lane_varying and e.ctype.is_int else None
            # one unknown integer per warp (`max(row + past_len, 0)`): each warp's own shift
            return u if labels is None else with_step(Known(labels, u.reason + PER_WARP), 1)
        # Nothing proves the result of a function whose body is not seen the same in every thread
        # (`thread_rank()`, `curand(&s)`, `__shfl_sync`, `clock()`).
        return Unknown(True, result_of(name))


# ---------------------------------------------------------------- loop replay (Interpreter.exec_loop)

def _array_key(a: np.ndarray) -> tuple:
    return (a.dtype.str, a.shape, a.tobytes())


def _value_key(v: object) -> object:
    if v is None or isinstance(v, Unknown):
        return v
    if isinstance(v, Known):
        return ("K", _array_key(v.arr), v.shift, v.wide, v.step)
    if isinstance(v, Ptr):
        return ("P", None if v.symbol is None else v.symbol.key, _value_key(v.offset))
    if isinstance(v, ParamValue):
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
                           st.row_requests, st.row_cost, st.row_unpredictable, st.row_ideal)
            st.unpredictable, st.notes, st.worst, st.constant_distinct = None, set(), None, 0
            for f in _LAST:
                setattr(st, f, _UNSET)
            if st.row_requests is not None:
                st.row_requests = np.zeros_like(st.row_requests)
                st.row_cost = np.zeros_like(st.row_cost)
                st.row_unpredictable = np.zeros_like(st.row_unpredictable)
                st.row_ideal = np.zeros_like(st.row_ideal)
        notes_before, params_before = len(it.notes), set(it.params_read)
        steps_before, work_before = it._steps, it.work
        try:
            it._run_loop(loop, mask)
        finally:
            effect.sites = {}
            for sid, (sums, last, unpredictable, notes, worst, cdist, rreq, rcost, runp, rideal) in before.items():
                st = it.stats[sid]
                own = (tuple(getattr(st, f) - v for f, v in zip(_SUMS, sums)),
                       tuple(getattr(st, f) for f in _LAST), st.unpredictable, st.notes, st.worst,
                       st.constant_distinct, st.row_requests, st.row_cost, st.row_unpredictable, st.row_ideal)
                effect.sites[sid] = own
                # back to the state before, then this run's own record added: as if it ran in place
                for f, v in zip(_SUMS, sums):
                    setattr(st, f, v)
                for f, v in zip(_LAST, last):
                    setattr(st, f, v)
                st.unpredictable, st.notes, st.worst, st.constant_distinct = unpredictable, notes, worst, cdist
                st.row_requests, st.row_cost, st.row_unpredictable, st.row_ideal = rreq, rcost, runp, rideal
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
    sums, last, unpredictable, notes, worst, cdist, rreq, rcost, runp, rideal = own
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
        st.row_ideal = st.row_ideal + rideal
