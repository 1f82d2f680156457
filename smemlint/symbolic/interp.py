"""Evaluate a kernel's IR for every thread of one block at once.

Every value is a vector over the threads of the block (see values.py); control
flow is followed with an active mask, so guards, early returns, `break` and
divergent loops give exactly the lanes that take part in each warp-level
request. Each execution of an access site is handed to the hardware models,
one warp at a time; the per-site sums give wavefronts (shared) and sectors
(global) per request.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from .. import ir
from ..model import get_arch, global_sectors, shared_wavefronts
from .values import Known, Ptr, Unknown, Value, is_varying, select, unknown_from, wrap

MAX_LOOP_ITERATIONS = 64  # iterations simulated per loop execution; later ones are not sampled
UNKNOWN_TRIP_SAMPLE = 4  # iterations sampled when the trip count depends on data
MAX_CALL_DEPTH = 12
STEP_BUDGET = 60_000  # statements executed per kernel evaluation before giving up on the rest
TOO_COMPLEX = "code too complex to analyse"  # reason prefix of the frontend's cut-off Opaque values (extract.py)


@dataclass(frozen=True)
class LaunchConfig:
    block: tuple[int, int, int]
    grid: tuple[int, int, int] = (1, 1, 1)
    block_idx: tuple[int, int, int] = (0, 0, 0)
    params: dict[str, int] = field(default_factory=dict)  # int parameter name -> value


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


class BudgetExceeded(Exception):
    pass


class _Frame:
    def __init__(self, env: dict[str, Value]):
        self.env = env
        self.returned: np.ndarray | None = None
        self.retval: Value | None = None


class _LoopState:
    def __init__(self, n: int):
        self.broken = np.zeros(n, dtype=bool)
        self.continued = np.zeros(n, dtype=bool)


AddressRemap = Callable[[np.ndarray], np.ndarray]


class Interpreter:
    def __init__(self, unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig,
                 arch: str = "sm_90", dims_override: dict[str, tuple[int, ...]] | None = None,
                 remap: dict[str, AddressRemap] | None = None):
        self.unit = unit
        self.kernel = kernel
        self.config = config
        self.arch = get_arch(arch)
        self.dims_override = dims_override or {}
        self.remap = remap or {}
        bx, by, bz = config.block
        self.n = n = bx * by * bz
        t = np.arange(n, dtype=np.int64)
        self.tid = {"x": t % bx, "y": (t // bx) % by, "z": t // (bx * by)}
        self.stats: dict[int, SiteStats] = {s.id: SiteStats(s) for s in kernel.sites}
        self.notes: list[tuple[int, int, str]] = []  # (first line, last line, text)
        self.params_read: set[str] = set()
        self._frames: list[_Frame] = []
        self._loops: list[_LoopState] = []
        self._guards: list[str] = []  # data-dependent conditions we are inside
        self._steps = 0
        self._padded = -(-n // 32) * 32

    # ------------------------------------------------------------ entry

    def run(self) -> dict[int, SiteStats]:
        env: dict[str, Value] = {}
        for p in self.kernel.params:
            if p.symbol is not None:
                env[p.var] = Ptr(p.symbol, Known(np.zeros(self.n, dtype=np.int64)))
            elif p.ctype.is_int and p.name in self.config.params:
                env[p.var] = _ParamValue(p.name, self._const(self.config.params[p.name]))
            else:
                env[p.var] = Unknown(False, f"parameter `{p.name}`")
        frame = _Frame(env)
        self._frames.append(frame)
        mask = np.ones(self.n, dtype=bool)
        try:
            self.exec_stmt(self.kernel.body, mask)
        except BudgetExceeded:
            self.notes.append((0, 1 << 30, f"analysis stopped after {STEP_BUDGET} evaluation steps; "
                                             "later executions not sampled"))
        except RecursionError:
            self.notes.append((0, 1 << 30, "code nested too deeply; analysis stopped"))
        return self.stats

    # ------------------------------------------------------------ helpers

    def _const(self, v: int) -> Known:
        return Known(np.full(self.n, v, dtype=np.int64))

    @property
    def frame(self) -> _Frame:
        return self._frames[-1]

    def alive(self, mask: np.ndarray) -> np.ndarray:
        m = mask
        f = self.frame
        if f.returned is not None:
            m = m & ~f.returned
        if self._loops:
            lp = self._loops[-1]
            m = m & ~lp.broken & ~lp.continued
        return m

    def _note(self, s: ir.Stmt, text: str) -> None:
        first, last = (s.span.line, s.span.end_line) if s.span else (0, 1 << 30)
        if (first, last, text) not in self.notes:
            self.notes.append((first, last, text))

    def _store(self, var: str, value: Value, mask: np.ndarray) -> None:
        old = self.frame.env.get(var)
        if isinstance(old, _ParamValue):
            old = old.value
        self.frame.env[var] = select(mask, value, old) if old is not None else value

    @property
    def steps(self) -> int:
        """Evaluation steps this run took: a machine-independent measure of its cost."""
        return self._steps

    def _tick(self) -> None:
        self._steps += 1
        if self._steps > STEP_BUDGET:
            raise BudgetExceeded

    # ------------------------------------------------------------ statements

    def exec_stmt(self, s: ir.Stmt, mask: np.ndarray) -> None:
        self._tick()
        if isinstance(s, ir.Block):
            for child in s.body:
                m = self.alive(mask)
                if not m.any():
                    return
                self.exec_stmt(child, m)
        elif isinstance(s, ir.Decl):
            if s.init is None:
                # Undefined until assigned: the first assignment, under any mask, defines it.
                self.frame.env.pop(s.var, None)
                return
            v = self._convert(self.eval(s.init, mask), s.ctype)
            self._store(s.var, v, mask)
        elif isinstance(s, ir.ExprStmt):
            self.eval(s.expr, mask)
        elif isinstance(s, ir.If):
            self.exec_if(s, mask)
        elif isinstance(s, ir.Loop):
            self.exec_loop(s, mask)
        elif isinstance(s, ir.Return):
            f = self.frame
            if s.value is not None:
                v = self.eval(s.value, mask)
                f.retval = v if f.retval is None else select(mask, v, f.retval)
            f.returned = mask.copy() if f.returned is None else (f.returned | mask)
        elif isinstance(s, ir.Break):
            if self._loops:
                self._loops[-1].broken |= mask
        elif isinstance(s, ir.Continue):
            if self._loops:
                self._loops[-1].continued |= mask
        elif isinstance(s, ir.Barrier):
            pass
        elif isinstance(s, ir.Unsupported):
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
            if tm.any():
                self.exec_stmt(s.then, tm)
            if s.other is not None and em.any():
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
            elif isinstance(a, Known) and isinstance(b, Known) and np.array_equal(a.arr, b.arr):
                merged[k] = a
            else:
                merged[k] = Unknown(c.lane_varying or is_varying(a or b), c.reason)  # type: ignore[arg-type]
        self.frame.env = merged

    def exec_loop(self, s: ir.Loop, mask: np.ndarray) -> None:
        if s.init is not None:
            self.exec_stmt(s.init, mask)
        state = _LoopState(self.n)
        self._loops.append(state)
        try:
            m = mask
            iteration = 0
            unknown_trip = None
            while True:
                state.continued[:] = False
                m = m & ~state.broken
                if self.frame.returned is not None:
                    m = m & ~self.frame.returned
                if s.cond is not None and not (s.do_while and iteration == 0):
                    c = self.truth(s.cond, m)
                    if isinstance(c, np.ndarray):
                        m = m & c
                    else:
                        unknown_trip = c.reason
                if not m.any():
                    break
                if unknown_trip is not None and iteration >= UNKNOWN_TRIP_SAMPLE:
                    self._note(s, f"the loop at line {s.span.line if s.span else '?'} has a trip count that "
                                  f"depends on {unknown_trip}; its first {UNKNOWN_TRIP_SAMPLE} iterations sampled")
                    break
                if iteration >= MAX_LOOP_ITERATIONS:
                    self._note(s, f"the loop at line {s.span.line if s.span else '?'} runs more than "
                                  f"{MAX_LOOP_ITERATIONS} iterations; its first {MAX_LOOP_ITERATIONS} sampled")
                    break
                if unknown_trip is not None:
                    self._guards.append(f"loop condition on line {s.span.line if s.span else '?'} depends on "
                                        f"{unknown_trip}")
                try:
                    self.exec_stmt(s.body, m)
                finally:
                    if unknown_trip is not None:
                        self._guards.pop()
                state.continued[:] = False
                m2 = m & ~state.broken
                if self.frame.returned is not None:
                    m2 = m2 & ~self.frame.returned
                if s.step is not None and m2.any():
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
            return v.arr != 0
        if isinstance(v, Ptr):
            return np.ones(self.n, dtype=bool)
        return v

    def _convert(self, v: Value, ct: ir.CType) -> Value:
        if isinstance(v, Known) and ct.is_int:
            return Known(wrap(v.arr, ct), v.shift)
        if isinstance(v, Known) and ct.kind == "float":
            return Unknown(not v.uniform(), "a floating-point value")
        return v

    def eval(self, e: ir.Expr, mask: np.ndarray) -> Value:
        self._tick()
        if isinstance(e, ir.Const):
            return self._const(e.value)
        if isinstance(e, ir.Builtin):
            return self.builtin(e.name)
        if isinstance(e, ir.VarRef):
            v = self.frame.env.get(e.var)
            if isinstance(v, _ParamValue):
                self.params_read.add(v.name)
                return v.value
            return v if v is not None else Unknown(True, f"`{e.name}`")
        if isinstance(e, ir.SymbolRef):
            return Ptr(e.symbol, Known(np.zeros(self.n, dtype=np.int64)))
        if isinstance(e, ir.BinOp):
            return self.binop(e, mask)
        if isinstance(e, ir.UnOp):
            v = self.eval(e.operand, mask)
            if not isinstance(v, Known) or v.shift and e.op != "-":
                return unknown_from(f"`{e.op}` of an unknown value", v)
            if e.op == "-":
                r = -v.arr
            elif e.op == "~":
                r = ~v.arr
            elif e.op == "!":
                r = (v.arr == 0).astype(np.int64)
            else:
                r = v.arr
            return Known(wrap(r, e.ctype), v.shift) if e.ctype.is_int else unknown_from("a float", v)
        if isinstance(e, ir.Cast):
            v = self.eval(e.operand, mask)
            if e.ctype.kind == "ptr":
                if isinstance(v, Ptr):
                    return v
                return unknown_from("a pointer made from an integer", v)
            if e.ctype.is_int:
                if isinstance(v, Ptr):
                    # pointer -> integer: the base was assumed aligned (cudaMalloc gives 256 bytes)
                    return v.offset if isinstance(v.offset, Known) else v.offset
                return self._convert(v, e.ctype)
            if isinstance(v, Known):
                return Unknown(not v.uniform(), "a floating-point value")
            return v
        if isinstance(e, ir.Select):
            c = self.truth(e.cond, mask)
            if isinstance(c, np.ndarray):
                a = self.eval(e.then, mask & c) if (mask & c).any() else None
                b = self.eval(e.other, mask & ~c) if (mask & ~c).any() else None
                if a is None:
                    return b if b is not None else Unknown(False, "no lane")
                if b is None:
                    return a
                return select(c, a, b)
            a, b = self.eval(e.then, mask), self.eval(e.other, mask)
            return unknown_from(c.reason, a, b, c)
        if isinstance(e, ir.Access):
            return self.access(e, mask)
        if isinstance(e, ir.Assign):
            return self.assign(e, mask)
        if isinstance(e, ir.IncDec):
            return self.incdec(e, mask)
        if isinstance(e, ir.AddrOf):
            return self.address(e.lvalue, mask)
        if isinstance(e, (ir.Subscript, ir.Deref, ir.Member)):
            # A memory lvalue evaluated for its value without an Access (e.g. a local array): unknown.
            self.address(e, mask)
            return Unknown(True, "a value in memory")
        if isinstance(e, ir.Call):
            return self.call(e, mask)
        if isinstance(e, ir.FloatConst):
            return Unknown(False, "a floating-point value")
        if isinstance(e, ir.Opaque):
            vals = [self.eval(p, mask) for p in e.parts]
            if e.reason.startswith(TOO_COMPLEX):  # cut off by the frontend: it may well vary per lane
                return Unknown(True, e.reason)
            return unknown_from(e.reason, *vals)
        return Unknown(True, type(e).__name__)

    def builtin(self, name: str) -> Value:
        if name.startswith("threadIdx."):
            return Known(self.tid[name[-1]])
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
            return self.pointer_arith(op, a, b, e)
        if not (isinstance(a, Known) and isinstance(b, Known)):
            return unknown_from(a.reason if isinstance(a, Unknown) else b.reason  # type: ignore[union-attr]
                                , a, b)
        if not e.ctype.is_int:
            return unknown_from("a floating-point value", a, b)
        shift = a.shift or b.shift
        x, y = a.arr, b.arr
        if shift:
            # (x + u) op y keeps the form only for +, -, and * by a uniform constant
            if op in ("+", "-"):
                return Known(wrap(x + y if op == "+" else x - y, e.ctype), shift)
            if op == "*" and ((a.shift is None and a.uniform()) or (b.shift is None and b.uniform())) and \
                    not (a.shift and b.shift):
                return Known(wrap(x * y, e.ctype), shift)
            return unknown_from(shift, Known(x), Known(y))
        with np.errstate(all="ignore"):
            if op == "+":
                r = x + y
            elif op == "-":
                r = x - y
            elif op == "*":
                r = x * y
            elif op in ("/", "%"):
                ys = np.where(y == 0, 1, y)
                if e.ctype.signed or e.ctype.bytes >= 8:
                    q = np.abs(x) // np.abs(ys) * np.sign(x) * np.sign(ys)
                else:
                    q = x // ys
                r = q if op == "/" else x - q * ys
                if np.any((y == 0) & mask):
                    return Unknown(True, "a division by zero")
            elif op == "<<":
                r = x << np.clip(y, 0, 63)
            elif op == ">>":
                r = x >> np.clip(y, 0, 63)
            elif op == "&":
                r = x & y
            elif op == "|":
                r = x | y
            elif op == "^":
                r = x ^ y
            elif op in ("<", ">", "<=", ">=", "==", "!="):
                lt = self._operand_type(e)
                if lt is not None and lt.is_int and not lt.signed:
                    bits = lt.bytes * 8
                    if bits < 64:
                        x, y = x & ((1 << bits) - 1), y & ((1 << bits) - 1)
                r = {"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y, "==": x == y, "!=": x != y}[op]
                return Known(r.astype(np.int64))
            elif op == "&&":
                return Known(((x != 0) & (y != 0)).astype(np.int64))
            elif op == "||":
                return Known(((x != 0) | (y != 0)).astype(np.int64))
            else:
                return Unknown(True, f"operator {op}")
        return Known(wrap(r, e.ctype))

    @staticmethod
    def _operand_type(e: ir.BinOp) -> ir.CType | None:
        # Comparisons are done in the common type of the operands; clang already inserted the casts.
        return e.lhs.ctype if e.lhs.ctype.is_int else None

    def pointer_arith(self, op: str, a: Value, b: Value, e: ir.BinOp) -> Value:
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
            return unknown_from("pointer arithmetic", *(x for x in (a, b) if not isinstance(x, Ptr)))
        if isinstance(a, Ptr):
            ptr, other, step = a, b, e.lhs.ctype.pointee_bytes
        else:
            ptr, other, step = b, a, e.rhs.ctype.pointee_bytes  # type: ignore[assignment]
        step = step or 1
        if not isinstance(other, Known) or not isinstance(ptr.offset, Known):
            reason = other.reason if isinstance(other, Unknown) else "an unknown offset"
            if isinstance(other, Unknown) and not other.lane_varying and isinstance(ptr.offset, Known):
                return Ptr(ptr.symbol, Known(ptr.offset.arr, other.reason))
            return Ptr(ptr.symbol, unknown_from(reason, other, ptr.offset))
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
                return unknown_from("a pointer of unknown origin", base, idx)
            step = self._subscript_step(lv)
            if isinstance(idx, Known) and isinstance(base.offset, Known):
                return Ptr(base.symbol, Known(base.offset.arr + idx.arr * step, base.offset.shift or idx.shift))
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
            return v if isinstance(v, Ptr) else unknown_from("a pointer of unknown origin", v)
        if isinstance(lv, ir.Member):
            base = self.eval(lv.base, mask) if lv.arrow else self.address(lv.base, mask)
            if not isinstance(base, Ptr):
                return base
            if isinstance(base.offset, Known):
                return Ptr(base.symbol, Known(base.offset.arr + lv.offset, base.offset.shift))
            return base
        if isinstance(lv, ir.SymbolRef):
            return Ptr(lv.symbol, Known(np.zeros(self.n, dtype=np.int64)))
        if isinstance(lv, ir.VarRef):
            return Unknown(False, f"the address of local `{lv.name}`")
        if isinstance(lv, ir.Opaque):
            vals = [self.eval(p, mask) for p in lv.parts]
            return unknown_from(lv.reason, *vals)
        return Unknown(True, "an address")

    def access(self, e: ir.Access, mask: np.ndarray) -> Value:
        ptr = self.address(e.lvalue, mask)
        self.record(e.site, e.op, ptr, e.lvalue.ctype.bytes, mask)
        if isinstance(ptr, Ptr) and ptr.symbol is not None and isinstance(ptr.offset, Known) \
                and not ptr.offset.shift and ptr.offset.uniform():
            return Unknown(False, f"a value loaded from `{ptr.symbol.name}`")
        return Unknown(True, f"a value loaded from `{ptr.symbol.name if isinstance(ptr, Ptr) and ptr.symbol else 'memory'}`")

    def record(self, site_id: int, op: str, ptr: Value, width: int, mask: np.ndarray) -> None:
        st = self.stats.get(site_id)
        if st is None:
            return
        st.executions += 1
        st.width = width
        for g in self._guards:
            st.notes.add(g + "; assumed taken by every lane")
        if not isinstance(ptr, Ptr) or ptr.symbol is None:
            st.unpredictable = st.unpredictable or (ptr.reason if isinstance(ptr, Unknown) else "unknown pointer")
            return
        st.symbol = ptr.symbol
        st.space = ptr.symbol.space
        if not isinstance(ptr.offset, Known):
            st.unpredictable = st.unpredictable or f"the address depends on {ptr.offset.reason}"
            return
        if ptr.offset.shift:
            if st.space == "shared" and width >= 4:
                st.notes.add(f"a block-uniform offset from {ptr.offset.shift} is ignored "
                             "(it only renames banks)")
            else:
                st.notes.add(f"a block-uniform offset from {ptr.offset.shift} is assumed to keep the alignment")
        if st.space == "constant" and op == "ld":
            # The constant cache serves one address per cycle: a warp's cost is its distinct addresses.
            rows = np.full(self._padded, -1, dtype=np.int64)
            rows[:self.n] = np.where(mask, ptr.offset.arr, -1)
            for row in rows.reshape(-1, 32):
                st.constant_distinct = max(st.constant_distinct, len(set(row[row >= 0].tolist())))
        if st.space not in ("shared", "global") or op == "atomic":
            return
        addr = ptr.offset.arr
        remap = self.remap.get(ptr.symbol.key)
        if remap is not None:
            addr = remap(addr)
        self._cost(st, op, addr, width, mask)

    def _cost(self, st: SiteStats, op: str, addr: np.ndarray, width: int, mask: np.ndarray) -> None:
        if width not in (1, 2, 4, 8, 16):
            st.unpredictable = st.unpredictable or f"a {width}-byte access is not modelled"
            return
        n, padded = self.n, self._padded
        a = np.full(padded, -1, dtype=np.int64)
        a[:n] = np.where(mask, addr, -1)
        rows = a.reshape(-1, 32)
        active = rows >= 0
        any_active = active.any(axis=1)
        if not any_active.any():
            return
        # Normalise each warp to its lowest 128-byte line so identical patterns are costed once.
        mins = np.where(active, rows, np.iinfo(np.int64).max).min(axis=1)
        base = (mins // 128) * 128
        rel = np.where(active, rows - base[:, None], -1)
        rel = rel[any_active]
        warp_ids = np.nonzero(any_active)[0].tolist()
        # Group identical warps in plain Python: for at most 32 rows of 32 lanes this is far
        # cheaper than numpy.unique(axis=0), which sorts structured views.
        groups: dict[tuple[int, ...], list[int]] = {}  # pattern -> [warps with it, first such warp]
        for w, row in zip(warp_ids, rel.tolist()):
            key = tuple(row)
            g = groups.get(key)
            if g is None:
                groups[key] = [1, w]
            else:
                g[0] += 1
        for key, (cnt, first_warp) in groups.items():
            lanes = tuple(x if x >= 0 else None for x in key)
            if st.space == "shared":
                cost = shared_wavefronts(lanes, width, op, self.arch)
                st.wavefronts += cost.wavefronts * cnt
                st.ideal += cost.ideal * cnt
                metric = cost.wavefronts
            else:
                gc = global_sectors(lanes, width, self.arch)
                st.sectors += gc.sectors * cnt
                st.ideal_sectors += gc.ideal * cnt
                st.bytes_requested += gc.bytes_requested * cnt
                st.distinct_bytes += gc.distinct_bytes * cnt
                cost = gc
                metric = gc.sectors
            st.requests += cnt
            if st.worst is None or metric > st.worst.wavefronts:
                st.worst = WorstRequest(metric, first_warp, lanes, cost)

    def assign(self, e: ir.Assign, mask: np.ndarray) -> Value:
        value = self.eval(e.value, mask)
        t = e.target
        if isinstance(t, ir.VarRef):
            value = self._convert(value, t.ctype)
            self._store(t.var, value, mask)
            return value
        if isinstance(t, ir.Access):
            self.access(t, mask)
        return value

    def incdec(self, e: ir.IncDec, mask: np.ndarray) -> Value:
        t = e.target
        if isinstance(t, ir.VarRef):
            old = self.eval(t, mask)
            if isinstance(old, Ptr):
                step = t.ctype.pointee_bytes or 1
                new: Value = Ptr(old.symbol, Known(old.offset.arr + e.delta * step, old.offset.shift)
                                 if isinstance(old.offset, Known) else old.offset)
            elif isinstance(old, Known):
                new = Known(wrap(old.arr + e.delta, t.ctype), old.shift)
            else:
                new = old
            self._store(t.var, new, mask)
            return new if e.prefix else old
        if e.load is not None:
            self.eval(e.load, mask)
        self.eval(t, mask)
        return Unknown(True, "a value in memory")

    # ------------------------------------------------------------ calls

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
                return unknown_from(f"a call of `{name}` nested too deeply", *args)
            f = self.unit.functions[e.function]
            env = {p.var: self._convert(a, p.ctype) for p, a in zip(f.params, args)}
            frame = _Frame(env)
            self._frames.append(frame)
            saved_loops = self._loops
            self._loops = []
            try:
                self.exec_stmt(f.body, mask)
            finally:
                self._frames.pop()
                self._loops = saved_loops
            if frame.retval is None:
                return Unknown(False, f"the result of `{name}`")
            return self._convert(frame.retval, e.ctype) if e.ctype.is_int else frame.retval
        known = all(isinstance(a, Known) and not a.shift for a in args)
        if known and args and e.ctype.is_int:
            xs = [a.arr for a in args]  # type: ignore[union-attr]
            r = None
            if name in ("min", "umin", "llmin", "ullmin", "std::min") and len(xs) == 2:
                r = np.minimum(xs[0], xs[1])
            elif name in ("max", "umax", "llmax", "ullmax", "std::max") and len(xs) == 2:
                r = np.maximum(xs[0], xs[1])
            elif name in ("abs", "llabs", "std::abs") and len(xs) == 1:
                r = np.abs(xs[0])
            elif name in ("__mul24", "__umul24") and len(xs) == 2:
                r = xs[0] * xs[1]
            elif name in ("__popc", "__popcll") and len(xs) == 1:
                r = np.array([bin(int(v) & 0xFFFFFFFFFFFFFFFF).count("1") for v in xs[0]], dtype=np.int64)
            if r is not None:
                return Known(wrap(r, e.ctype))
        if name.startswith("__shfl") or name in ("__ballot_sync", "__activemask", "__match_any_sync"):
            return Unknown(True, f"the result of `{name}`")
        return unknown_from(f"the result of `{name}`", *args)


@dataclass(frozen=True)
class _ParamValue:
    """A kernel parameter's assumed value; reading it is noted so the sweep knows it matters."""

    name: str
    value: Known
