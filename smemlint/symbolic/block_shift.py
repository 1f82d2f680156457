"""Dimensions of the grid along which the blocks cost what block 0 does (for the grid's average).

The hardware's per-line figures are averages over every block of the grid, and analysis._blocks_average
evaluates the first, the last and INTERIOR_SAMPLE interior blocks of each dimension the kernel reads
blockIdx of (and blocks spread over it where those disagree). Along a dimension whose blockIdx only
moves addresses by whole lines, those evaluations give block 0's figures: llm.c's attention kernels
take a head from `blockIdx.y` (`inp + idx * T * T`), and the editor re-ran ten or more blocks of them
on every keystroke. And where the guards of the usual `i = blockIdx.x * blockDim.x + threadIdx.x;
if (i < n)` let every thread of every block but the last through, the interior is block 0 again and
the last block is the one edge: two evaluations stand for the grid exactly.

The proof, exact for the evaluator's figures over a range of blocks 0..B: for the axis, every integer
and pointer value of the kernel and of the functions it calls is abstracted as `[lo, hi] + c *
blockIdx.axis`, where `c` is a whole coefficient (0: the same in every block; bytes for a pointer) or
None (not affine, or a coefficient not known before evaluating), and [lo, hi] bounds the rest where
it is known beforehand (literals, a parameter's value at the launch, blockDim, gridDim, warpSize, the
thread's index within the block; None for unbounded). The range is proved when
- no condition (of an `if`, a loop, a `?:`, the left side of `&&`/`||`) differs between its blocks:
  it does not depend on blockIdx, or it compares values affine in it whose bounds decide it the same
  way for every thread of every block of the range (affine in blockIdx, its extremes are at the range's
  ends); so the same lanes make the same accesses the same number of times;
- every access's address moves by a multiple of `period(arch)` bytes a block (a 128-byte line: 4
  sectors, and 32 banks of 4 bytes), so each request meets the same sectors and banks;
- a value loaded from memory is, to the evaluator, data it does not know (the same in every block),
  unless it is an element of a table known at compile time (`__constant__ int tab[] = {...}`), which
  a moving address would select: such a load is not affine.
The walk follows the control flow (_Proof: loops to a fixed point, their bounds widened), and an
unassigned variable is the same in every block. C's 32-bit wrap-around at huge block indices is not
modelled (nor is it by the first and interior blocks the average samples).
"""
from __future__ import annotations

import functools
import math

from .. import ir
from ..model.arch import get_arch
from ..model.tensor import LINE_BYTES
from .stats import LaunchConfig

_BOTTOM = "bottom"  # a variable no assignment reached yet (joins as nothing)
Abstract = tuple  # (lo: int | None, hi: int | None, c: int | None | _BOTTOM)
_SAME = (None, None, 0)
_ANY = (None, None, None)
_UNSET = (None, None, _BOTTOM)
_FLAG = (0, 1, 0)  # a comparison's value, the same in every block of the range
WALK_NODES = 200_000  # statements one proof may walk (loops walk their bodies again to a fixed point)
LOOP_ROUNDS = 8
_RELATIONS = ("<", "<=", ">", ">=", "==", "!=")


def period(arch: str) -> int:
    """Bytes an address may move by without changing what any request costs."""
    a = get_arch(arch)
    return math.lcm(LINE_BYTES, a.banks * a.bank_bytes, a.sector_bytes)


def block_shapes(unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str,
                 dims: list[int]) -> dict[int, str]:
    """Per dimension among `dims` proved above: "same" (every block costs what block 0 does) or
    "edge" (every block but the last does; the last is the one edge)."""
    step, tables, out = period(arch), _reads_tables(unit, kernel), {}
    for d in dims:
        g = config.grid[d]
        if _Proof(unit, kernel, config, arch, "xyz"[d], step, g - 1, tables).holds():
            out[d] = "same"
        elif g > 2 and _Proof(unit, kernel, config, arch, "xyz"[d], step, g - 2, tables).holds():
            out[d] = "edge"
    return out


def _known(v: Abstract) -> int | None:
    return v[0] if v[0] is not None and v[0] == v[1] else None


def _join(a: Abstract, b: Abstract) -> Abstract:
    if a[2] == _BOTTOM:
        return b
    if b[2] == _BOTTOM:
        return a
    lo = min(a[0], b[0]) if a[0] is not None and b[0] is not None else None
    hi = max(a[1], b[1]) if a[1] is not None and b[1] is not None else None
    return (lo, hi, a[2] if a[2] == b[2] else None)


def _widen(old: Abstract, new: Abstract) -> Abstract:
    """A loop head's value after another round: a bound that moved is dropped (the round count is not known)."""
    if old[2] == _BOTTOM:
        return new
    return (new[0] if new[0] == old[0] else None, new[1] if new[1] == old[1] else None, new[2])


class _Jumps:
    """The environments at a loop's `break`s and `continue`s."""

    def __init__(self) -> None:
        self.breaks: list[dict] = []
        self.continues: list[dict] = []


def _join_envs(*envs: dict) -> dict:
    out: dict[str, Abstract] = {}
    for env in envs:
        for var, v in env.items():
            out[var] = _join(out[var], v) if var in out else v
    return out


class _Proof:
    """A flow-sensitive walk: `values` is the environment at the point reached (a variable moved once,
    `att += idx * T * T`, keeps its coefficient after the move); branches join, a loop's body runs to a
    fixed point of the environment at its head; a function's result is evaluated with its arguments'
    values (memoized). Checks made in an earlier round of a loop are checks of smaller values: a failure
    then is one at the fixed point too. `last`: the range's last block (blocks 0..last)."""

    def __init__(self, unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str,
                 axis: str, step: int, last: int, tables: bool) -> None:
        self.unit, self.kernel, self.config, self.axis, self.step = unit, kernel, config, axis, step
        self.last = last
        self.warp = get_arch(arch).warp_size
        self.values: dict[str, Abstract] = {}
        for p in kernel.params:
            v = config.params.get(p.name) if p.ctype.is_int else None
            self.values[p.var] = (v, v, 0)
        self.params = {p.var for p in kernel.params}
        self.fields = config.field_values  # `params.depth` -> its value
        self.tables = tables  # (_reads_tables: the kernel names a compile-time table)
        self.loops: list[_Jumps] = []
        self.returned: list[list[Abstract]] = []  # per function being walked: the values it returns
        self.summaries: dict[tuple, tuple[Abstract, tuple]] = {}  # (function, arguments) -> (result, outs)
        self.left = WALK_NODES
        self.failed = False

    def holds(self) -> bool:
        self.stmt(self.kernel.body)
        return not self.failed

    def _fail(self) -> None:
        self.failed = True

    def _condition(self, e: ir.Expr | None) -> Abstract:
        """`e`, a condition: one that differs between the range's blocks fails the proof."""
        v = self.expr(e)
        if self._c(v) != 0:
            self._fail()
        return v

    @staticmethod
    def _c(v: Abstract) -> int | None:
        return 0 if v[2] == _BOTTOM else v[2]

    # ------------------------------------------------------------------ statements

    def stmt(self, s: ir.Stmt | None) -> None:
        t = type(s)
        if s is None or self.failed:
            return
        self.left -= 1
        if self.left < 0:  # (a kernel too large to walk again and again: not proved)
            self._fail()
            return
        if t is ir.Block:
            for x in s.body:  # type: ignore[attr-defined]
                self.stmt(x)
        elif t is ir.Unsupported:  # its parts run as if every lane took them, or none
            before = dict(self.values)
            for x in s.parts:  # type: ignore[attr-defined]
                self.stmt(x)
            self.values = _join_envs(before, self.values)
        elif t is ir.ExprStmt:
            self.expr(s.expr)  # type: ignore[attr-defined]
        elif t is ir.Decl:
            self.values[s.var] = self.expr(s.init) if s.init is not None else _UNSET  # type: ignore[attr-defined]
        elif t is ir.If:
            taken = _known(self._condition(s.cond))  # type: ignore[attr-defined]
            before = dict(self.values)
            if taken != 0:  # (a branch the launch's values never take is not walked: no thread runs it)
                self.stmt(s.then)  # type: ignore[attr-defined]
            then, self.values = (self.values if taken != 0 else {}), before
            if taken is None or taken == 0:
                self.stmt(s.other)  # type: ignore[attr-defined]
            self.values = _join_envs(then, self.values) if taken is None else then if taken else self.values
        elif t is ir.Loop:
            self._loop(s)  # type: ignore[arg-type]
        elif t is ir.Return:
            if s.value is not None:  # type: ignore[attr-defined]
                v = self.expr(s.value)  # type: ignore[attr-defined]
                if self.returned:
                    self.returned[-1].append(v)
        elif t is ir.Break or t is ir.Continue:
            if self.loops:
                (self.loops[-1].breaks if t is ir.Break else self.loops[-1].continues).append(dict(self.values))

    def _loop(self, s: ir.Loop) -> None:
        self.stmt(s.init)
        head = dict(self.values)
        for _ in range(LOOP_ROUNDS):  # a value rises at most a few times (bounds dropped, a coefficient, any)
            self.values = dict(head)
            jumps = _Jumps()
            self.loops.append(jumps)
            if not s.do_while:
                self._condition(s.cond)
                self._narrow(s.cond)
            self.stmt(s.body)
            self.loops.pop()
            self.values = _join_envs(self.values, *jumps.continues)
            if s.do_while:
                self._condition(s.cond)
            if s.step is not None:
                self.expr(s.step)
            joined = _join_envs(head, self.values)
            after = {var: _widen(head[var], v) if var in head else v for var, v in joined.items()}
            if after == head or self.failed:
                break
            head = after
        else:
            self._fail()
        self.values = _join_envs(head, *jumps.breaks)

    def _narrow(self, cond: ir.Expr | None) -> None:
        """In a loop's body, its counter bounded by its condition (`k < 4`: k <= 3), where the counter
        does not move with blockIdx and the bound is known."""
        if type(cond) is not ir.BinOp or cond.op not in ("<", "<=", ">", ">="):  # type: ignore[attr-defined]
            return
        var, bound, op = cond.lhs, cond.rhs, cond.op  # type: ignore[attr-defined]
        if type(var) is not ir.VarRef:
            var, bound, op = bound, var, {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
        k = _known(self.expr(bound))
        v = self.values.get(var.var) if type(var) is ir.VarRef else None  # type: ignore[attr-defined]
        if k is None or v is None or v[2] != 0:
            return
        lo, hi = v[0], v[1]
        if op in ("<", "<="):
            top = k - 1 if op == "<" else k
            hi = top if hi is None else min(hi, top)
        else:
            bottom = k + 1 if op == ">" else k
            lo = bottom if lo is None else max(lo, bottom)
        self.values[var.var] = (lo, hi, 0)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ expressions

    def expr(self, e: ir.Expr | None) -> Abstract:
        if e is None:
            return _SAME
        t = type(e)
        if t is ir.Const:
            return (e.value, e.value, 0)  # type: ignore[attr-defined]
        if t is ir.VarRef:
            return self.values.get(e.var, _UNSET)  # type: ignore[attr-defined]
        if t is ir.LocalField:
            if e.name in self.fields and e.var in self.params:  # type: ignore[attr-defined]
                v = self.fields[e.name]  # type: ignore[attr-defined]
                return (v, v, 0)
            return (None, None, self.values.get(e.var, _UNSET)[2])  # type: ignore[attr-defined]
        if t is ir.Builtin:
            return self._builtin(e.name)  # type: ignore[attr-defined]
        if t is ir.BinOp:
            return self._binop(e)  # type: ignore[arg-type]
        if t is ir.Cast:
            return self.expr(e.operand)  # type: ignore[attr-defined]
        if t is ir.UnOp:
            v = self.expr(e.operand)  # type: ignore[attr-defined]
            if v[2] == _BOTTOM:
                return _UNSET
            if e.op == "-":  # type: ignore[attr-defined]
                return (None if v[1] is None else -v[1], None if v[0] is None else -v[0],
                        None if v[2] is None else -v[2])
            if e.op == "+":  # type: ignore[attr-defined]
                return v
            if self._c(v) != 0:
                return _ANY
            return _FLAG if e.op == "!" else _SAME  # type: ignore[attr-defined]
        if t is ir.Select:
            c = self._condition(e.cond)  # type: ignore[attr-defined]
            taken = _known(c)  # (a condition the launch decides: the other value is never taken)
            a = self.expr(e.then) if taken != 0 else _UNSET  # type: ignore[attr-defined]
            b = self.expr(e.other) if taken is None or taken == 0 else _UNSET  # type: ignore[attr-defined]
            return _join(a, b) if self._c(c) == 0 else _ANY
        if t is ir.Access:
            return self._access(e)  # type: ignore[arg-type]
        if t is ir.Assign:
            value = self.expr(e.value)  # type: ignore[attr-defined]
            target = e.target  # type: ignore[attr-defined]
            if type(target) is ir.VarRef:
                self.values[target.var] = value
            elif type(target) is ir.LocalField:  # one field of the variable: the others keep theirs
                self.values[target.var] = _join(self.values.get(target.var, _UNSET), (None, None, value[2]))
            else:
                self.expr(target)
            return value
        if t is ir.IncDec:
            target = e.target  # type: ignore[attr-defined]
            if type(target) is ir.VarRef or type(target) is ir.LocalField:
                v = self.values.get(target.var, _UNSET)
                d = e.delta  # type: ignore[attr-defined]
                moved = (None if v[0] is None else v[0] + d, None if v[1] is None else v[1] + d, v[2])
                if type(target) is ir.LocalField:
                    moved = (None, None, v[2])
                self.values[target.var] = moved  # the coefficient stays; the value moves
                return moved if e.prefix else v  # type: ignore[attr-defined]
            self.expr(target)
            self.expr(e.load)  # type: ignore[attr-defined]
            return _SAME
        if t is ir.Call:
            return self._call(e)  # type: ignore[arg-type]
        if t is ir.AddrOf:
            return self._address(e.lvalue)  # type: ignore[attr-defined]
        if t is ir.SymbolRef or t is ir.FloatConst:
            return _SAME
        parts = [self.expr(k) for k in ir.children(e)]  # type: ignore[arg-type]
        # AsyncCopy, FragmentAccess, Opaque and the rest: a function of their parts
        return _SAME if all(self._c(p) == 0 for p in parts) else _ANY

    def _builtin(self, name: str) -> Abstract:
        axis = "xyz".index(name[-1]) if name[-2:-1] == "." else 0
        if name == f"blockIdx.{self.axis}":
            return (0, 0, 1)
        if name.startswith("threadIdx."):
            return (0, self.config.block[axis] - 1, 0)
        if name.startswith("blockIdx."):
            return (0, self.config.grid[axis] - 1, 0)
        if name.startswith("blockDim."):
            return (self.config.block[axis], self.config.block[axis], 0)
        if name.startswith("gridDim."):
            return (self.config.grid[axis], self.config.grid[axis], 0)
        if name == "warpSize":
            return (self.warp, self.warp, 0)
        return _SAME

    def _binop(self, e: ir.BinOp) -> Abstract:
        a, b = self.expr(e.lhs), self.expr(e.rhs)
        op = e.op
        if op in ("&&", "||"):
            self._condition(e.lhs)
        if a[2] == _BOTTOM or b[2] == _BOTTOM:
            return _UNSET  # (decided once both are: a later pass)
        if op in _RELATIONS:
            return self._compare(op, a, b)
        (la, ha, ca), (lb, hb, cb) = a, b
        if op in ("+", "-"):
            scale_a = scale_b = 1
            if e.lhs.ctype.kind in ("ptr", "array") and e.rhs.ctype.is_int:
                scale_b = e.lhs.ctype.pointee_bytes or 0
            elif e.rhs.ctype.kind in ("ptr", "array") and e.lhs.ctype.is_int:
                scale_a = e.rhs.ctype.pointee_bytes or 0
            elif e.lhs.ctype.kind in ("ptr", "array") and op == "-":  # a pointer difference: elements
                return _SAME if ca == cb else _ANY
            if (ca is None or cb is None) or (not scale_a or not scale_b) and (ca or cb):
                return _ANY
            c = ca * scale_a + cb * scale_b if op == "+" else ca * scale_a - cb * scale_b
            if scale_a != 1 or scale_b != 1:
                return (None, None, c)  # (an address: its bounds are not needed)
            if op == "+":
                return (_add(la, lb), _add(ha, hb), c)
            return (_add(la, None if hb is None else -hb), _add(ha, None if lb is None else -lb), c)
        if op == "*" or op == "<<":
            if op == "<<":
                k = _known(b)
                if cb != 0 or k is None or not 0 <= k < 63:
                    return _ANY if ca != 0 or cb != 0 else _SAME
                b, lb, hb, cb = (1 << k, 1 << k, 0), 1 << k, 1 << k, 0
            if ca == 0 and cb == 0:
                return _scaled_range(a, b) + (0,)
            ka, kb = _known(a), _known(b)
            if ca == 0 and ka is not None and cb is not None:
                return _scaled_range(b, a) + (ka * cb,)
            if cb == 0 and kb is not None and ca is not None:
                return _scaled_range(a, b) + (kb * ca,)
            return _ANY
        if ca == 0 and cb == 0:
            return _other_range(op, a, b) + (0,)
        return _ANY

    def _compare(self, op: str, a: Abstract, b: Abstract) -> Abstract:
        """A comparison: 0 or 1 in every block of the range where its operands' bounds decide it for every
        thread of them (its difference is affine in blockIdx: its extremes are at the range's ends);
        else, where it depends on blockIdx, not the same in every block."""
        (la, ha, ca), (lb, hb, cb) = a, b
        if ca == 0 and cb == 0:
            ka, kb = _known(a), _known(b)
            return (v, v, 0) if ka is not None and kb is not None and (v := _fold(op, ka, kb)) is not None \
                else _FLAG
        if ca is None or cb is None:
            return _ANY
        if ca == cb:  # both move alike: their difference, and so the comparison, is every block's
            return _FLAG
        if None in (la, ha, lb, hb):
            return _ANY
        dc = ca - cb
        lows = [la - hb + dc * b for b in (0, self.last)]  # the difference's bounds at the range's ends
        highs = [ha - lb + dc * b for b in (0, self.last)]
        always = {"<": max(highs) < 0, "<=": max(highs) <= 0, ">": min(lows) > 0, ">=": min(lows) >= 0,
                  "==": False, "!=": min(lows) > 0 or max(highs) < 0}[op]
        never = {"<": min(lows) >= 0, "<=": min(lows) > 0, ">": max(highs) <= 0, ">=": max(highs) < 0,
                 "==": min(lows) > 0 or max(highs) < 0, "!=": False}[op]
        if always or never:
            return (int(always), int(always), 0)
        return _ANY

    def _access(self, a: ir.Access) -> Abstract:
        moved = self._address(a.lvalue)
        if a.value is not None:
            self.expr(a.value)
        c = self._c(moved)
        if c is None or c % self.step:
            self._fail()
        # a loaded value is data the evaluator does not know, the same in every block, but for a
        # table's element, which it reads: a moving address may select another
        return _ANY if a.op != "st" and c != 0 and self.tables else _SAME

    def _address(self, lv: ir.Expr) -> Abstract:
        """The address of an lvalue, in bytes (its bounds are not needed)."""
        t = type(lv)
        if t is ir.Subscript:
            base, index = self.expr(lv.base), self.expr(lv.index)  # type: ignore[attr-defined]
            if base[2] == _BOTTOM or index[2] == _BOTTOM:
                return _UNSET
            if base[2] is None or index[2] is None:
                return _ANY
            return (None, None, base[2] + index[2] * lv.step)  # type: ignore[attr-defined]
        if t is ir.Deref:
            return (None, None, self.expr(lv.pointer)[2])  # type: ignore[attr-defined]
        if t is ir.Member:
            base = self.expr(lv.base) if lv.arrow else self._address(lv.base)  # type: ignore[attr-defined]
            return (None, None, base[2])
        if t is ir.VarRef or t is ir.SymbolRef or t is ir.LocalField:
            return _SAME  # a variable's own storage, or an object's start
        if t is ir.Cast:
            return self._address(lv.operand)  # type: ignore[attr-defined]
        return (None, None, self.expr(lv)[2])

    def _call(self, e: ir.Call) -> Abstract:
        args = [self.expr(a) for a in e.args]
        fn = self.unit.functions.get(e.function) if e.function is not None else None
        if fn is None:  # an intrinsic: a function of its arguments
            return _SAME if all(self._c(a) == 0 for a in args) else _ANY
        key = (fn.key, tuple(args))
        if key not in self.summaries:
            self.summaries[key] = (_ANY, tuple(_ANY for _ in fn.params))  # (recursion: any)
            caller = self.values
            self.values = {p.var: a for p, a in zip(fn.params, args)}
            self.returned.append([])
            self.stmt(fn.body)
            returned = self.returned.pop()
            outs = tuple(self.values.get(p.var, _UNSET) for p in fn.params)
            self.values = caller
            self.summaries[key] = (functools.reduce(_join, returned, _UNSET), outs)
        result, outs = self.summaries[key]
        for out, value in zip(e.outs, outs):  # `T &` parameters written back to the caller's variable
            if type(out) is ir.VarRef:
                self.values[out.var] = value
            elif type(out) is ir.LocalField:
                self.values[out.var] = _join(self.values.get(out.var, _UNSET), (None, None, value[2]))
        return result


def _add(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a + b


def _scaled_range(a: Abstract, b: Abstract) -> tuple[int | None, int | None]:
    """The bounds of a product of the parts of `a` and `b` that do not move with blockIdx."""
    if None in (a[0], a[1], b[0], b[1]):
        return (None, None)
    products = [x * y for x in (a[0], a[1]) for y in (b[0], b[1])]
    return (min(products), max(products))


def _other_range(op: str, a: Abstract, b: Abstract) -> tuple[int | None, int | None]:
    """The bounds of `a op b` for the other integer operators, where they are simple to bound."""
    ka, kb = _known(a), _known(b)
    if ka is not None and kb is not None:
        v = _fold(op, ka, kb)
        return (v, v)
    if kb is not None and kb > 0 and a[0] is not None and a[0] >= 0:
        if op == "/" and a[1] is not None:
            return (a[0] // kb, a[1] // kb)
        if op == "%":
            return (0, kb - 1 if a[1] is None else min(kb - 1, a[1]))
        if op == ">>" and a[1] is not None and kb < 63:
            return (a[0] >> kb, a[1] >> kb)
        if op == "&":
            return (0, kb if a[1] is None else min(kb, a[1]))
    return (None, None)


def _reads_tables(unit: ir.TranslationUnit, kernel: ir.Kernel) -> bool:
    """Whether the kernel or a function it calls names a table known at compile time (ir.Symbol.values),
    the only memory whose loaded values the evaluator knows."""
    todo, seen = [kernel.body], set()
    while todo:
        for n in ir.walk(todo.pop()):
            if type(n) is ir.SymbolRef and n.symbol.values is not None:  # type: ignore[attr-defined]
                return True
            if type(n) is ir.Call and n.function in unit.functions and n.function not in seen:  # type: ignore[attr-defined]
                seen.add(n.function)  # type: ignore[attr-defined]
                todo.append(unit.functions[n.function].body)  # type: ignore[attr-defined]
    return False


def _fold(op: str, a: int, b: int) -> int | None:
    """C's integer operators on known values where smemlint's folding needs them (else None)."""
    try:
        if op == "/":
            return int(a / b) if b else None
        if op == "%":
            return int(math.fmod(a, b)) if b else None
        return {">>": lambda: a >> b if 0 <= b < 64 else None, "&": lambda: a & b, "|": lambda: a | b,
                "^": lambda: a ^ b, "<": lambda: int(a < b), ">": lambda: int(a > b),
                "<=": lambda: int(a <= b), ">=": lambda: int(a >= b), "==": lambda: int(a == b),
                "!=": lambda: int(a != b)}.get(op, lambda: None)()
    except (ValueError, OverflowError):
        return None
