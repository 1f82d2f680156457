"""Evaluating expressions lane by lane: arithmetic, casts, selects, pointers and addresses, loads
and stores through them, assignments."""
from __future__ import annotations

from math import gcd

import numpy as np

from .. import ir
from .dispatch import EXPRESSION_METHODS, inherited_method
from .stats import STEP_BUDGET, SWEEP_ELEMENTS_PER_STEP, BudgetExceeded
from .instructions import keeps_window
from .values import (Fields, Known, ParamValue, Ptr, RowDivergence, Unknown, Value, all_equal, converted, is_varying,
                     mask_all, mask_any, select, to_type, unknown_from, with_step)

_INT64_LIMIT = 1 << 63


def _exact_nonnegative(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    """Both operands' bounds known, non-negative and within int64. Bounds hold the exact integer
    value; +, - and * keep an int64 array congruent to it (mod 2**64), but /, %, >> and & of an
    array that overflowed would not be the operation of the exact values: their bounds follow only
    from operands that cannot have overflowed."""
    return a is not None and b is not None and a[0] >= 0 and b[0] >= 0 and a[1] < _INT64_LIMIT and b[1] < _INT64_LIMIT


def _moved_by_uniform(op: str, a: Value, b: Value, ct: ir.CType) -> Known | None:
    """`u + x`, `x + u`, `x - u` or `u - x` of a block-uniform unknown `u` (a value loaded at a
    uniform address: `idx[blockIdx.x] * emb_size + threadIdx.x`) and an exact integer `x`: `x` (or
    `-x`) moved by one unknown the same in every thread, the form pointer arithmetic gives
    `p + u` (`Known.shift`); None for any other pair."""
    if type(a) is Unknown and not a.lane_varying and type(b) is Known and not b.shift:
        return with_step(to_type(-b.arr if op == "-" else b.arr, ct, a.reason, b.wide), 1)
    if type(b) is Unknown and not b.lane_varying and type(a) is Known and not a.shift:
        return with_step(to_type(a.arr, ct, b.reason, a.wide), 1)
    return None


def _one_int(v: Known) -> int | None:
    """The one value of every element of `v` (every thread, every block), or None."""
    a = v.arr
    if not a.size:
        return None
    first = int(a.flat[0])
    return first if (all_equal(a) if a.ndim <= 1 else bool(np.all(a == first))) else None


def _varying_over(a: np.ndarray, mask: np.ndarray) -> bool | np.ndarray:
    """Do the lanes of `mask` hold different values of `a`? One answer for a thread block's lanes;
    per block (a boolean per row) where `a` or `mask` has a row per block. Where at most one lane is
    in `mask` (a single thread, or none: a loop's last test), every lane's value is compared, as
    before active lanes were: one thread is trivially uniform, and saying so would only split the
    batched evaluations whose other blocks run more threads there."""
    if mask_all(mask):
        if a.ndim <= 1:
            return not all_equal(a)
        return ~np.all(a == a[..., :1], axis=-1)
    if a.ndim <= 1 and mask.ndim <= 1:
        if a.shape != mask.shape:
            return not all_equal(a)
        active = a[mask]
        return not all_equal(active if active.size > 1 else a)
    a, m = np.broadcast_arrays(a, mask)
    every = ~np.all(a == a[..., :1], axis=-1)
    if a.dtype.kind not in "iub":
        return every
    lo = np.where(m, a, np.iinfo(np.int64).max).min(axis=-1)
    hi = np.where(m, a, np.iinfo(np.int64).min).max(axis=-1)
    return np.where(m.sum(axis=-1) > 1, hi > lo, every)


def _flag(r: np.ndarray) -> Known:
    """The 0/1 value of a comparison; its booleans are kept for truth() (they are `arr != 0`)."""
    return Known(r.astype(np.int64), bounds=(0, 1), truth=r)


class Expressions:
    """The Interpreter's expression evaluation (a mixin: the evaluator's state lives in interp.py)."""

    # ------------------------------------------------------------ expressions

    def truth(self, e: ir.Expr, mask: np.ndarray) -> np.ndarray | Unknown:
        v = self.eval(e, mask)
        if isinstance(v, Known):
            if v.shift:  # the same in threads whose `arr` agrees: varying where that varies
                return Unknown(self._varying(Known(v.arr), mask), v.shift)
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

    def condition(self, e: ir.Expr, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, Unknown | None]:
        """The lanes of `mask` that may find `e` true, those that may find it false, and what it
        depends on that is not known (None: the two are exact). `&&` and `||` short-circuit as C's
        do: the right operand is evaluated (its loads made) only by the lanes the left one leaves
        undecided, and a lane the known part decides is decided even when the rest depends on data
        (`if (i < 16 && a[i] > 0)`: lanes 16-31 neither load `a[i]` nor take the branch)."""
        if isinstance(e, ir.BinOp) and e.op in ("&&", "||"):
            t1, f1, u1 = self.condition(e.lhs, mask)
            rest = t1 if e.op == "&&" else f1  # the lanes that evaluate the right operand
            if not mask_any(rest):
                return t1, f1, u1
            t2, f2, u2 = self.condition(e.rhs, rest)
            u = u1 if u2 is None else u2 if u1 is None else \
                Unknown(u1.lane_varying or u2.lane_varying, u1.reason)
            return (t2, f1 | f2, u) if e.op == "&&" else (t1 | t2, f2, u)
        if isinstance(e, ir.UnOp) and e.op == "!":
            t, f, u = self.condition(e.operand, mask)
            return f, t, u
        c = self.truth(e, mask)
        if isinstance(c, np.ndarray):
            return mask & c, mask & ~c, None
        return mask, mask, c

    def _convert(self, v: Value, ct: ir.CType, mask: np.ndarray) -> Value:
        if isinstance(v, Known) and ct.is_int:
            return converted(v, ct)
        if isinstance(v, Known) and ct.kind == "float":
            return Unknown(not self._uniform(v, mask), "a floating-point value")
        return v

    # Uniform means the same in every thread that executes the instruction: the lanes of `mask`.
    # A lane outside it keeps whatever it last held (a loop counter of a lane that left the loop,
    # `c3` of chemv's `X[c1 + c3]`), which no instruction here reads.
    #
    # Uniformity in a batched evaluation: per block, and only the blocks that get here count (a
    # block with no active lane has no say: whatever it computes, it records and keeps nothing).

    def _varying_rows(self, v: Value, mask: np.ndarray) -> bool | np.ndarray:
        if isinstance(v, Known):
            return _varying_over(v.arr, mask)
        if isinstance(v, Unknown):
            return v.lane_varying
        if isinstance(v, Fields):
            rows: bool | np.ndarray = v.rest.lane_varying
            for _, f in v.known:
                rows = rows | self._varying_rows(f, mask)
            return rows
        return self._varying_rows(v.offset, mask)

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
        if not self._batched:
            return not _varying_over(v.arr, mask)
        return not self._agree(self._varying_rows(v, mask), mask, "uniform in some blocks only")

    def _varying(self, v: Value, mask: np.ndarray) -> bool:
        if not self._batched:
            return is_varying(v) if mask_all(mask) else bool(self._varying_rows(v, mask))
        return self._agree(self._varying_rows(v, mask), mask, "uniform in some blocks only")

    def _unknown_from(self, reason: str, mask: np.ndarray, *operands: Value) -> Unknown:
        if not self._batched:
            if mask_all(mask):
                return unknown_from(reason, *operands)
            return Unknown(any(self._varying_rows(o, mask) for o in operands), reason)  # (stops at the first)
        rows: bool | np.ndarray = False
        for o in operands:
            rows = rows | self._varying_rows(o, mask)
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
            if type(v) is ParamValue:
                self.params_read.add(v.name)
                return v.value
            return v
        if t is ir.Const:
            k = self._consts.get(e.value)  # type: ignore[attr-defined]
            return k if k is not None else self._const(e.value)  # type: ignore[attr-defined]
        fn = self._expr_table.get(t)
        if fn is None:
            fn = inherited_method(self._expr_table, type(e), EXPRESSION_METHODS, type(self))
            if fn is None:
                return Unknown(True, type(e).__name__)
        return fn(self, e, mask)

    def _eval_batched(self, e: ir.Expr, mask: np.ndarray) -> Value:
        """eval() of a batched evaluation: also counts the elements of the value made."""
        v = Expressions.eval(self, e, mask)
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
        if isinstance(v, ParamValue):
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
                if e.ctype.spelling == "bool" and not e.operand.ctype.is_int:
                    # `if (out_q)`: a pointer the kernel reaches memory through is not null (were it,
                    # the guarded access would not happen at all: there is nothing to cost)
                    return self._const(1)
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
        if e.reason.startswith(ir.TOO_COMPLEX):  # cut off by lowering: it may well vary per lane
            return Unknown(True, e.reason)
        if e.uniform is not None:
            return Unknown(not e.uniform, e.reason)
        if not vals:  # nothing proves it the same in every thread
            return Unknown(True, e.reason)
        return self._unknown_from(e.reason, mask, *vals)

    def _eval_field(self, e: ir.LocalField, mask: np.ndarray) -> Value:
        """A field of a struct variable: what was stored in it, else what the whole struct came from."""
        if e.ctype.kind == "array":  # an array inside a struct variable: per-thread (local) memory,
            param = self.param_memory.get(e.var)  # or the kernel's parameter memory
            if param is not None:
                return Ptr(param, self._const(e.offset))
            return Ptr(ir.Symbol(e.name, "local", key=f"{e.var}+{e.offset}"), self._const(e.offset))
        v = self._frames[-1].env.get(e.var)
        if isinstance(v, ParamValue):  # a by-value struct with assumed fields: its reads say so
            self.params_read.add(v.name)
            v = v.value
        if isinstance(v, Fields):
            return v.get(e.offset)
        if isinstance(v, Unknown):
            return Unknown(v.lane_varying, v.reason)
        return Unknown(True, f"`{e.name}`")

    def _store_field(self, t: ir.LocalField, value: Value, mask: np.ndarray) -> None:
        env = self._frames[-1].env
        old = env.get(t.var)
        if isinstance(old, ParamValue):
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
            rows = self.block_rows
            if rows is not None:
                col = rows[name[-1]]
                lo, hi = int(col.min()), int(col.max())
                return self._const(lo) if lo == hi else Known(col, bounds=(lo, hi))
            return self._const(self.config.block_idx[axis])
        if name.startswith("gridDim."):
            return self._const(self.config.grid[axis])
        if name == "warpSize":
            return self._const(self.arch.warp_size)
        return Unknown(True, name)

    def binop(self, e: ir.BinOp, mask: np.ndarray) -> Value:
        op = e.op
        if op in ("&&", "||"):
            t, f, u = self.condition(e, mask)
            if u is None:
                return _flag(t)
            # lanes the known part decided and lanes it did not: the value differs between them
            return Unknown(u.lane_varying or self._varying(_flag(t & f), mask), u.reason)
        a = self.eval(e.lhs, mask)
        b = self.eval(e.rhs, mask)
        if op == ",":
            return b
        # pointer arithmetic
        if isinstance(a, Ptr) or isinstance(b, Ptr):
            return self.pointer_arith(op, a, b, e, mask)
        if not (isinstance(a, Known) and isinstance(b, Known)):
            if op in ("+", "-") and e.ctype.is_int:
                moved = _moved_by_uniform(op, a, b, e.ctype)
                if moved is not None:
                    return moved
            if op in ("*", "<<") and e.ctype.is_int:
                scaled = self._scaled_uniform(op, a, b, mask)
                if scaled is not None:
                    return scaled
            reason = a.reason if isinstance(a, Unknown) else b.reason if isinstance(b, Unknown) else "a struct value"
            return self._unknown_from(reason, mask, a, b)
        if not e.ctype.is_int:
            return self._unknown_from("a floating-point value", mask, a, b)
        shift = a.shift or b.shift
        wide = a.wide or b.wide
        x, y = a.arr, b.arr
        if shift:
            return self._shifted(op, a, b, e.ctype, shift, mask)
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
        else:
            return Unknown(True, f"operator {op}")
        return to_type(r, e.ctype, None, wide, bd)

    def _scaled_uniform(self, op: str, a: Value, b: Value, mask: np.ndarray) -> Known | None:
        """`u * c`, `c * u` or `u << c` of a block-uniform unknown `u` and a uniform integer `c`: 0
        moved by an unknown that is a multiple of `c` (`2**c`), so that what is added to it and divided
        by a divisor of `c` keeps its form (`(row * width + 2 * column) / 2`). None for other pairs."""
        if type(a) is Unknown and not a.lane_varying and type(b) is Known and not b.shift \
                and self._uniform(b, mask):
            u, c = a, b
        elif op == "*" and type(b) is Unknown and not b.lane_varying and type(a) is Known and not a.shift \
                and self._uniform(a, mask):
            u, c = b, a
        else:
            return None
        k = _one_int(c)
        if op == "<<":
            k = 1 << k if k is not None and 0 <= k < 32 else None
        return with_step(Known(np.zeros_like(c.arr), u.reason), abs(k) if k else None)

    def _shifted(self, op: str, a: Known, b: Known, ct: ir.CType, shift: str, mask: np.ndarray) -> Value:
        """`a op b` where one or both hold a shift (an unknown u): (x + u) op y keeps the form for +, -,
        * by a uniform constant, and, where u is known to be a multiple of the divisor (`step`), for
        / (of a non-negative x: an index), >> and << by a uniform constant."""
        x, y, wide = a.arr, b.arr, a.wide or b.wide
        if a.shift and b.shift:
            step = gcd(a.step, b.step) if a.step and b.step else None
        else:
            step = a.step if a.shift else b.step
        if op in ("+", "-"):
            return with_step(to_type(x + y if op == "+" else x - y, ct, shift, wide), step)
        if op == "*" and not (a.shift and b.shift) and self._by_uniform(a, b, mask):
            c = _one_int(b if a.shift else a)
            return with_step(to_type(x * y, ct, shift, wide), step * abs(c) if step and c else None)
        d = _one_int(b) if a.shift and not b.shift and step else None
        if d is not None:
            if op == "/" and d > 0 and step % d == 0 and x.size and x.min() >= 0:
                return with_step(to_type(x // d, ct, shift, wide), step // d)
            if op == ">>" and 0 <= d < 63 and step % (1 << d) == 0:
                return with_step(to_type(x >> d, ct, shift, wide), step >> d)
            if op == "<<" and 0 <= d < 32:
                return with_step(to_type(x << d, ct, shift, wide), step << d)
        return self._unknown_from(shift, mask, Known(x), Known(y))

    def _by_uniform(self, a: Known, b: Known, mask: np.ndarray) -> bool:
        """Is one factor of a shifted product free of the shift and uniform?"""
        if not self._batched:
            return (a.shift is None and self._uniform(a, mask)) or (b.shift is None and self._uniform(b, mask))
        rows: bool | np.ndarray = False
        for v in (a, b):
            if v.shift is None:
                rows = rows | np.logical_not(self._varying_rows(v, mask))
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
            ptr = a if isinstance(a, Ptr) else b
            what = f"a comparison of the pointer `{ptr.symbol.name}`" if op in ("==", "!=") and \
                isinstance(ptr, Ptr) and ptr.symbol is not None else "pointer arithmetic"  # `if (bias != nullptr)`
            return self._unknown_from(what, mask, *(x for x in (a, b) if not isinstance(x, Ptr)))
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
        if isinstance(lv, (ir.VarRef, ir.LocalField)) and (param := self.param_memory.get(lv.var)) is not None:
            # a struct the kernel receives by value, handed to a helper by reference (apex's
            # `callable(chunk_size, noop, tl, ...)`): kernel-parameter memory, the same for every thread
            return Ptr(param, self._const(lv.offset if isinstance(lv, ir.LocalField) else 0))
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
        # (An address moved by a block-uniform unknown is still one word for the whole warp.)
        if isinstance(ptr, Ptr) and ptr.symbol is not None and ptr.symbol.space != "local" \
                and isinstance(ptr.offset, Known) and self._uniform(ptr.offset, mask):
            if e.op == "ld" and ptr.symbol.space in ("global", "param") and e.lvalue.ctype.kind == "ptr":
                return Ptr(self._loaded_object(e), self._zero)
            return Unknown(False, f"a value loaded from `{ptr.symbol.name}`")
        name = ptr.symbol.name if isinstance(ptr, Ptr) and ptr.symbol else ""
        if name and ptr.symbol.table_note:  # type: ignore[union-attr]
            return Unknown(True, f"a value loaded from `{name}` ({ptr.symbol.table_note})")  # type: ignore[union-attr]
        return Unknown(True, f"a value loaded from `{name}`" if name else "a value loaded from memory")

    def _loaded_object(self, e: ir.Access) -> ir.Symbol:
        """What a pointer every thread loads from one global word points to (`ptrs[b]` of a batched
        kernel): memory reached through the kernel's arguments, so a global object, aligned as
        cudaMalloc aligns (256 bytes). One object per access site and evaluation."""
        sym = self._loaded.get(e.site)
        if sym is None:
            ct = e.lvalue.ctype
            text = self.stats[e.site].site.text if e.site in self.stats else ""
            elem = ir.CType("other", ct.pointee_bytes, spelling=ct.spelling.rstrip("* ").removeprefix("const "))
            sym = self._loaded[e.site] = ir.Symbol(f"*{text}" if text else "a loaded pointer", "global", elem,
                                                   align=256, key=f"loaded@{e.site}")
        return sym

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
