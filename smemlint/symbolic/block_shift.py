"""Dimensions of the grid along which every block costs what block 0 does (for the grid's average).

The hardware's per-line figures are averages over every block of the grid, and analysis._blocks_average
evaluates the first, the last and INTERIOR_SAMPLE interior blocks of each dimension the kernel reads
blockIdx of (and blocks spread over it where those disagree). Along a dimension whose blockIdx only
moves addresses by whole lines, all those evaluations give block 0's figures: llm.c's attention kernels
take a head from `blockIdx.y` (`inp + idx * T * T`), and the editor re-ran ten or more blocks of them
on every keystroke.

The proof, exact for the evaluator's figures: for the axis, every integer and pointer value of the
kernel and of the functions it calls is abstracted as `k + c * blockIdx.axis`, where `c` is a whole
coefficient (0: the same in every block; bytes for a pointer) or None (not affine, or a coefficient
not known before evaluating), and `k` the value where it is known beforehand (a literal, a
parameter's value at the launch, blockDim, gridDim, warpSize). The dimension is proved when
- no condition depends on it (that of an `if`, a loop, a `?:`, the left side of `&&`/`||`): the same
  lanes make the same accesses the same number of times in every block;
- every access's address moves by a multiple of `period(arch)` bytes a block (a 128-byte line: 4
  sectors, and 32 banks of 4 bytes), so each request meets the same sectors and banks;
- a value loaded from memory is, to the evaluator, data it does not know (the same in every block),
  unless it is an element of a table known at compile time (`__constant__ int tab[] = {...}`), which
  a moving address would select: such a load is not affine.
The walk follows the control flow (_Proof), and an unassigned variable is the same in every block. C's 32-bit wrap-around at huge block indices is not modelled (nor is it by the first
and interior blocks the average samples).
"""
from __future__ import annotations

import functools
import math

from .. import ir
from ..model.arch import get_arch
from ..model.tensor import LINE_BYTES
from .stats import LaunchConfig

_BOTTOM = "bottom"  # a variable no assignment reached yet (joins as nothing)
Abstract = tuple  # (k: int | None, c: int | None | _BOTTOM)
_SAME = (None, 0)
_ANY = (None, None)
_UNSET = (None, _BOTTOM)
WALK_NODES = 200_000  # statements one proof may walk (loops walk their bodies again to a fixed point)
LOOP_ROUNDS = 8


def period(arch: str) -> int:
    """Bytes an address may move by without changing what any request costs."""
    a = get_arch(arch)
    return math.lcm(LINE_BYTES, a.banks * a.bank_bytes, a.sector_bytes)


def shifted_dims(unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str,
                 dims: list[int]) -> set[int]:
    """The dimensions among `dims` along which every block costs what block 0 does (proved above)."""
    step = period(arch)
    return {d for d in dims if _Proof(unit, kernel, config, arch, "xyz"[d], step).holds()}


def _join(a: Abstract, b: Abstract) -> Abstract:
    if a[1] == _BOTTOM:
        return b
    if b[1] == _BOTTOM:
        return a
    return (a[0] if a[0] == b[0] else None, a[1] if a[1] == b[1] else None)


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
    then is one at the fixed point too."""

    def __init__(self, unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str,
                 axis: str, step: int) -> None:
        self.unit, self.kernel, self.config, self.axis, self.step = unit, kernel, config, axis, step
        self.warp = get_arch(arch).warp_size
        self.values: dict[str, Abstract] = {}
        for p in kernel.params:
            v = config.params.get(p.name)
            self.values[p.var] = (v if p.ctype.is_int else None, 0)
        self.params = {p.var for p in kernel.params}
        self.fields = config.field_values  # `params.depth` -> its value
        self.tables = _reads_tables(unit, kernel)
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
        """`e`, a condition: one that depends on blockIdx fails the proof."""
        v = self.expr(e)
        if self._c(v) != 0:
            self._fail()
        return v

    @staticmethod
    def _c(v: Abstract) -> int | None:
        return 0 if v[1] == _BOTTOM else v[1]

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
            self._condition(s.cond)  # type: ignore[attr-defined]
            before = dict(self.values)
            self.stmt(s.then)  # type: ignore[attr-defined]
            then, self.values = self.values, before
            self.stmt(s.other)  # type: ignore[attr-defined]
            self.values = _join_envs(then, self.values)
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
        for _ in range(LOOP_ROUNDS):  # a variable's value rises at most twice (known, a coefficient, any)
            self.values = dict(head)
            jumps = _Jumps()
            self.loops.append(jumps)
            if not s.do_while:
                self._condition(s.cond)
            self.stmt(s.body)
            self.loops.pop()
            self.values = _join_envs(self.values, *jumps.continues)
            if s.do_while:
                self._condition(s.cond)
            if s.step is not None:
                self.expr(s.step)
            after = _join_envs(head, self.values)
            if after == head or self.failed:
                break
            head = after
        else:
            self._fail()
        self.values = _join_envs(head, *jumps.breaks)

    # ------------------------------------------------------------------ expressions

    def expr(self, e: ir.Expr | None) -> Abstract:
        if e is None:
            return _SAME
        t = type(e)
        if t is ir.Const:
            return (e.value, 0)  # type: ignore[attr-defined]
        if t is ir.VarRef:
            return self.values.get(e.var, _UNSET)  # type: ignore[attr-defined]
        if t is ir.LocalField:
            if e.name in self.fields and e.var in self.params:  # type: ignore[attr-defined]
                return (self.fields[e.name], 0)  # type: ignore[attr-defined]
            return (None, self.values.get(e.var, _UNSET)[1])  # type: ignore[attr-defined]
        if t is ir.Builtin:
            return self._builtin(e.name)  # type: ignore[attr-defined]
        if t is ir.BinOp:
            return self._binop(e)  # type: ignore[arg-type]
        if t is ir.Cast:
            return self.expr(e.operand)  # type: ignore[attr-defined]
        if t is ir.UnOp:
            v = self.expr(e.operand)  # type: ignore[attr-defined]
            if v[1] == _BOTTOM:
                return _UNSET
            if e.op == "-":  # type: ignore[attr-defined]
                return (None if v[0] is None else -v[0], None if v[1] is None else -v[1])
            if e.op == "+":  # type: ignore[attr-defined]
                return v
            return _SAME if self._c(v) == 0 else _ANY
        if t is ir.Select:
            c = self._condition(e.cond)  # type: ignore[attr-defined]
            a, b = self.expr(e.then), self.expr(e.other)  # type: ignore[attr-defined]
            return _join(a, b) if self._c(c) == 0 else _ANY
        if t is ir.Access:
            return self._access(e)  # type: ignore[arg-type]
        if t is ir.Assign:
            value = self.expr(e.value)  # type: ignore[attr-defined]
            target = e.target  # type: ignore[attr-defined]
            if type(target) is ir.VarRef:
                self.values[target.var] = value
            elif type(target) is ir.LocalField:  # one field of the variable: the others keep theirs
                self.values[target.var] = _join(self.values.get(target.var, _UNSET), (None, value[1]))
            else:
                self.expr(target)
            return value
        if t is ir.IncDec:
            target = e.target  # type: ignore[attr-defined]
            if type(target) is ir.VarRef or type(target) is ir.LocalField:
                v = self.values.get(target.var, _UNSET)
                self.values[target.var] = (None, v[1])  # the coefficient stays; the value moves
                return (None, v[1])
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
            return (None, 1)
        if name.startswith("blockDim."):
            return (self.config.block[axis], 0)
        if name.startswith("gridDim."):
            return (self.config.grid[axis], 0)
        if name == "warpSize":
            return (self.warp, 0)
        return _SAME

    def _binop(self, e: ir.BinOp) -> Abstract:
        a, b = self.expr(e.lhs), self.expr(e.rhs)
        op = e.op
        if op in ("&&", "||"):
            self._condition(e.lhs)
        if a[1] == _BOTTOM or b[1] == _BOTTOM:
            return _UNSET  # (decided once both are: a later pass)
        (ka, ca), (kb, cb) = a, b
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
            k = None if ka is None or kb is None or scale_a != 1 or scale_b != 1 else ka + kb if op == "+" else ka - kb
            c = ca * scale_a + cb * scale_b if op == "+" else ca * scale_a - cb * scale_b
            return (k, c)
        if op == "*":
            if ca == 0 and cb == 0:
                return (ka * kb if ka is not None and kb is not None else None, 0)
            if ca == 0 and ka is not None and cb is not None:
                return (None, ka * cb)
            if cb == 0 and kb is not None and ca is not None:
                return (None, kb * ca)
            return _ANY
        if op == "<<" and cb == 0 and kb is not None and 0 <= kb < 63:
            if ca == 0:
                return (ka << kb if ka is not None else None, 0)
            return (None, None if ca is None else ca << kb)
        if ca == 0 and cb == 0:
            if ka is not None and kb is not None:
                return (_fold(op, ka, kb), 0)
            return _SAME
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
        """The address of an lvalue, in bytes."""
        t = type(lv)
        if t is ir.Subscript:
            base, index = self.expr(lv.base), self.expr(lv.index)  # type: ignore[attr-defined]
            if base[1] == _BOTTOM or index[1] == _BOTTOM:
                return _UNSET
            if base[1] is None or index[1] is None:
                return _ANY
            return (None, base[1] + index[1] * lv.step)  # type: ignore[attr-defined]
        if t is ir.Deref:
            return (None, self.expr(lv.pointer)[1])  # type: ignore[attr-defined]
        if t is ir.Member:
            base = self.expr(lv.base) if lv.arrow else self._address(lv.base)  # type: ignore[attr-defined]
            return (None, base[1])
        if t is ir.VarRef or t is ir.SymbolRef or t is ir.LocalField:
            return _SAME  # a variable's own storage, or an object's start
        if t is ir.Cast:
            return self._address(lv.operand)  # type: ignore[attr-defined]
        return (None, self.expr(lv)[1])

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
                self.values[out.var] = (None, value[1])
            elif type(out) is ir.LocalField:
                self.values[out.var] = _join(self.values.get(out.var, _UNSET), (None, value[1]))
        return (None, result[1])


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
