"""Shared-memory loads nvcc merges into wider ones, predicted from the source (without `--sass`).

The hardware runs what nvcc emitted. A loop with a constant trip count is unrolled, and the
unrolled copies of a read whose address steps one element per iteration are then adjacent loads of
one thread, which nvcc's load vectorizer merges into one 64- or 128-bit load where it can prove the
wider address aligned: `acc += As[ty][k] * Bs[k][tx]` over k = 0..31 becomes 8 LDS.128 for `As`
(and 32 LDS for `Bs`). The cost per request is that of the wider load (symbolic/emitted.py), not of
the 32-bit read as written: 2 wavefronts where all lanes read one address, measured on the H100.

What nvcc 13.0 did (-arch=sm_90, SASS read per source line; the probe kernels are
tests/test_merging.py's, each checked against nvcc there when it is installed):
- `for (k = 0; k < 32; k++) t += As[ty][k]`, `float As[32][32]`: 8 LDS.128; over 8 iterations: 2;
  over 256 or 1024 iterations (partly unrolled): LDS.128 still; `double` elements: LDS.128 of 2.
- rows of 34 floats (136 bytes, only 8-byte aligned): LDS.64; rows of 33 floats: 32-bit loads.
- a row index of anything (`ty * blockDim.x / 32`) times 32 floats: still 128-bit (the row start
  is a multiple of 128 bytes whatever the index); `extern __shared__` arrays: also merged.
- `As[ty][k + off]` with a kernel parameter `off`: 32-bit (alignment unknown to the compiler);
  `As[ty][2 * k]`: 32-bit (not adjacent); global memory through a pointer parameter: 32-bit
  (a parameter is only known 4-byte aligned); a store to shared memory in the same loop: 32-bit;
  a loop whose trip count is a runtime value: a mix of widths (left as written here).
- the fields of `float3` elements read in a loop (`s[j].x`, `.y`, `.z`, mini-nbody): 3 LDS.128
  per 4 iterations, one on each field's line (measured on the H100: 2 wavefronts each).

So a load is predicted merged only when all of this holds, else it stays as written:
- it reads a `__shared__` array, not through a volatile object or pointer, not under a condition, in a loop with a constant start, bound and
  step 1 (no `#pragma unroll 1`), whose body holds only such loops, no store to shared or global
  memory, no barrier, atomic, asynchronous copy, asm or call of a function with a body;
- with the loads of the same array and index in that loop (the fields of one element), its address
  steps through contiguous bytes, `step` per iteration;
- the address at the loop's start is a multiple of the wider width W for every value of the other
  variables, as the compiler must prove it: each term of the index is a constant, or anything
  times a constant whose power of two, times the element size, is a multiple of W;
- a whole number of wider loads fits in the loop's iterations (W bytes take at most 4 iterations).
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from .. import ir

BIG = 1 << 20  # the alignment of 0 (every power of two divides it)
WIDTHS = (16, 8)  # bytes per lane of the wider loads nvcc makes (LDS.128, LDS.64)
MAX_GROUP = 4  # iterations one wider load may span (nvcc unrolls by 4 or more)
# How much nvcc unrolls, in unrolled_size's rough units, calibrated on nvcc 13.0 (module doc):
FULL_UNROLL_SIZE = 4000  # a loop with loops inside is merged across only when its whole unrolled size is within this
INNERMOST_BODY_SIZE = 64  # an innermost loop too long to unroll fully is unrolled by 4 or more when its body is within this


def _pow2(c: int) -> int:
    """The largest power of two dividing c (BIG for 0)."""
    return BIG if c == 0 else min(BIG, abs(c) & -abs(c))


@dataclass(frozen=True)
class Form:
    """An integer (or a byte address): `coef` times the loop's variable, plus terms whose sum is a
    multiple of `align` (a power of two) for every value of the other variables, plus `const`."""

    coef: int
    align: int
    const: int

    def total_align(self) -> int:
        return min(self.align, _pow2(self.const))

    def __add__(self, o: "Form") -> "Form":
        return Form(self.coef + o.coef, min(self.align, o.align), self.const + o.const)

    def scaled(self, c: int) -> "Form":
        return Form(self.coef * c, min(BIG, self.align * _pow2(c)), self.const * c)


UNKNOWN = Form(0, 1, 0)  # a value that does not change with the loop's variable, of unknown alignment


class _Definitions:
    """Where each local is given a value: its declaration's initializer, assignments, ++/--."""

    def __init__(self, body: ir.Stmt) -> None:
        self.defs: dict[str, list[object]] = {}
        for n in ir.walk(body):
            if isinstance(n, ir.Decl):
                self.defs.setdefault(n.var, []).append(n)
            elif isinstance(n, ir.Assign) and isinstance(n.target, ir.VarRef):
                self.defs.setdefault(n.target.var, []).append(n)
            elif isinstance(n, ir.IncDec) and isinstance(n.target, ir.VarRef):
                self.defs.setdefault(n.target.var, []).append(n)

    def single_init(self, var: str) -> ir.Expr | None:
        ds = self.defs.get(var, [])
        if len(ds) == 1 and isinstance(ds[0], ir.Decl):
            return ds[0].init
        return None


class _Scope:
    """A kernel's or an inlined device function's body: where its locals get their values, and what
    its pointer parameters are bound to at the call (the caller's scope and argument)."""

    def __init__(self, body: ir.Stmt, bindings: dict[str, tuple["_Scope", ir.Expr]] | None = None,
                 volatile: set[str] | frozenset[str] = frozenset()) -> None:
        self.defs = _Definitions(body)
        self.bindings = bindings or {}
        self.volatile = volatile  # keys of volatile objects and pointers to volatile data

    def is_volatile(self, lvalue: ir.Expr, depth: int = 0) -> bool:
        """Through a volatile object or pointer (every such access happens as written)."""
        root = ir.lvalue_root(lvalue)
        if isinstance(root, ir.SymbolRef):
            return root.symbol.key in self.volatile
        if not isinstance(root, ir.VarRef) or depth > 8:
            return False
        if root.var in self.volatile:
            return True
        if root.var in self.bindings:
            caller, arg = self.bindings[root.var]
            return caller.is_volatile(arg, depth + 1)
        return False

    def root_symbol(self, lvalue: ir.Expr, depth: int = 0) -> ir.Symbol | None:
        """The array an lvalue or pointer lands in, through pointer locals and bound parameters."""
        root = ir.lvalue_root(lvalue)
        if isinstance(root, ir.SymbolRef):
            return root.symbol
        if not isinstance(root, ir.VarRef) or depth > 8:
            return None
        init = self.defs.single_init(root.var)
        if init is not None:
            return self.root_symbol(init, depth + 1)
        if root.var in self.bindings:
            caller, arg = self.bindings[root.var]
            return caller.root_symbol(arg, depth + 1)
        return None


@dataclass(frozen=True)
class _Loop:
    node: ir.Loop
    iv: str
    start: int
    trips: int
    assigned: frozenset[str]  # locals the loop's body gives values to
    inner: frozenset[str] = frozenset()  # variables of the constant loops inside it (fixed in each unrolled copy)


def _const(e: ir.Expr | None) -> int | None:
    while isinstance(e, ir.Cast):
        e = e.operand
    return e.value if isinstance(e, ir.Const) else None


def constant_loop(loop: ir.Loop) -> _Loop | None:
    """`for (int i = c0; i < c1; i++)` (also `<=`, `!=`, `i += 1`): its variable, start and trip count."""
    if loop.do_while or loop.unroll == 1:
        return None
    init = loop.init
    if isinstance(init, ir.Decl):
        iv, start = init.var, _const(init.init)
    elif isinstance(init, ir.ExprStmt) and isinstance(init.expr, ir.Assign) and init.expr.op == "=" \
            and isinstance(init.expr.target, ir.VarRef):
        iv, start = init.expr.target.var, _const(init.expr.value)
    else:
        return None
    cond = loop.cond
    while isinstance(cond, ir.Cast):
        cond = cond.operand
    if start is None or not isinstance(cond, ir.BinOp) or cond.op not in ("<", "<=", "!="):
        return None
    lhs = cond.lhs
    while isinstance(lhs, ir.Cast):
        lhs = lhs.operand
    bound = _const(cond.rhs)
    if not isinstance(lhs, ir.VarRef) or lhs.var != iv or bound is None:
        return None
    step = loop.step
    one = (isinstance(step, ir.IncDec) and isinstance(step.target, ir.VarRef) and step.target.var == iv
           and step.delta == 1) or \
          (isinstance(step, ir.Assign) and isinstance(step.target, ir.VarRef) and step.target.var == iv
           and isinstance(step.value, ir.BinOp) and step.value.op == "+" and _const(step.value.rhs) == 1)
    if not one:
        return None
    trips = bound - start + (1 if cond.op == "<=" else 0)
    assigned = frozenset(ir.assigned_vars(loop.body))
    if trips <= 0 or iv in assigned:
        return None
    inner = frozenset(c.iv for n in ir.walk(loop.body) if isinstance(n, ir.Loop) and (c := constant_loop(n)) is not None)
    return _Loop(loop, iv, start, trips, assigned, inner)


_OUTSIDE = _Loop(ir.Loop(None, None, None, None, ir.Block(None, ())), "", 0, 0, frozenset())  # no loop variable


class _Forms:
    """Forms of integers and addresses with respect to one loop's variable."""

    def __init__(self, loop: _Loop, scope: _Scope) -> None:
        self.loop, self.scope, self.defs = loop, scope, scope.defs
        self._seen: set[str] = set()

    def integer(self, e: ir.Expr) -> Form | None:
        if isinstance(e, ir.Const):
            return Form(0, BIG, e.value)
        if isinstance(e, ir.Cast):
            return self.integer(e.operand) if e.operand.ctype.kind == "int" else None
        if isinstance(e, ir.VarRef):
            return self._variable(e.var)
        if isinstance(e, ir.BinOp):
            a, b = self.integer(e.lhs), self.integer(e.rhs)
            if a is None or b is None:
                return None
            if e.op == "+":
                return a + b
            if e.op == "-":
                return a + b.scaled(-1)
            if e.op == "*":
                if a.coef == 0 and a.align == BIG:
                    return b.scaled(a.const)
                if b.coef == 0 and b.align == BIG:
                    return a.scaled(b.const)
                if a.coef == 0 and b.coef == 0:
                    return Form(0, min(BIG, a.total_align() * b.total_align()), 0)
                return None
            if e.op == "<<" and b.coef == 0 and b.align == BIG and 0 <= b.const < 31:
                return a.scaled(1 << b.const)
            return UNKNOWN if a.coef == 0 and b.coef == 0 else None
        if self._mentions_loop(e):
            return None
        return UNKNOWN

    def _variable(self, var: str) -> Form | None:
        if var == self.loop.iv:
            return Form(1, BIG, 0)
        init = self.defs.single_init(var)
        if init is not None and var not in self._seen:
            self._seen.add(var)
            try:
                return self.integer(init)
            finally:
                self._seen.discard(var)
        if var in self.loop.inner:
            return UNKNOWN  # an inner loop's variable: a constant in each unrolled copy
        if var in self.loop.assigned:
            return None  # changes from iteration to iteration in a way not followed here
        return UNKNOWN

    def _mentions_loop(self, e: ir.Expr) -> bool:
        for n in ir.walk(e):
            if isinstance(n, ir.VarRef) and (n.var == self.loop.iv or n.var in self.loop.assigned):
                return True
        return False

    def address(self, e: ir.Expr) -> tuple[Form, ir.Symbol] | None:
        """The byte address of a shared-memory lvalue or pointer, and the array it lands in."""
        if isinstance(e, ir.SymbolRef):
            if e.symbol.space != "shared":
                return None
            # nvcc gives a __shared__ array 16-byte alignment where it merges (extern ones too)
            return Form(0, 16, 0), e.symbol
        if isinstance(e, (ir.Cast, ir.AddrOf)):
            inner = e.operand if isinstance(e, ir.Cast) else e.lvalue
            return self.address(inner)
        if isinstance(e, ir.Deref):
            return self.address(e.pointer)
        if isinstance(e, ir.Member):
            if e.arrow:
                return None
            base = self.address(e.base)
            return None if base is None else (base[0] + Form(0, BIG, e.offset), base[1])
        if isinstance(e, ir.Subscript):
            base, index = self.address(e.base), self.integer(e.index)
            if base is None or index is None:
                return None
            return base[0] + index.scaled(e.step), base[1]
        if isinstance(e, ir.BinOp) and e.op in ("+", "-") and e.lhs.ctype.kind in ("ptr", "array"):
            base, off = self.address(e.lhs), self.integer(e.rhs)
            if base is None or off is None:
                return None
            off = off.scaled(e.lhs.ctype.pointee_bytes or 1)
            return base[0] + (off if e.op == "+" else off.scaled(-1)), base[1]
        if isinstance(e, ir.VarRef) and e.ctype.kind == "ptr":
            init = self.defs.single_init(e.var)
            if init is not None and e.var not in self._seen:
                self._seen.add(e.var)
                try:
                    return self.address(init)
                finally:
                    self._seen.discard(e.var)
            if e.var in self.scope.bindings and e.var not in self.loop.assigned:
                caller, arg = self.scope.bindings[e.var]  # fixed while the callee runs
                return _Forms(_OUTSIDE, caller).address(arg)
        return None


_UNSAFE_STMTS = (ir.Barrier, ir.BulkCopy, ir.Unsupported, ir.Return, ir.Break, ir.Continue)
_UNSAFE_EXPRS = (ir.AsyncCopy, ir.FragmentAccess)


def _body_allows_merging(loop: ir.Loop, scope: _Scope) -> bool:
    """No store to memory other than registers, barrier, asm, async copy or call with a body; only
    loops with constant trip counts inside (so the whole body is unrolled)."""
    for n in ir.walk(loop.body):
        if isinstance(n, _UNSAFE_STMTS) or isinstance(n, _UNSAFE_EXPRS):
            return False
        if isinstance(n, ir.Loop) and constant_loop(n) is None:
            return False
        if isinstance(n, ir.Call) and n.function is not None:
            return False
        if isinstance(n, ir.Access):
            if n.op != "ld":
                symbol = scope.root_symbol(n.lvalue)
                if symbol is None or symbol.space != "local":
                    return False
            if isinstance(n.lvalue, (ir.Subscript, ir.Deref, ir.Member)) and n.ctype.kind not in ("int", "float"):
                return False  # a struct copy: moved in pieces the rule below does not describe
    return True


_COUNTED = (ir.Access, ir.BinOp, ir.UnOp, ir.Call, ir.Select, ir.IncDec)


def unrolled_size(s: object) -> int:
    """A rough count of the instructions `s` becomes with its constant loops unrolled (operations,
    calls and memory accesses; an inner constant loop counts its body times its trips)."""
    if isinstance(s, ir.Loop):
        c = constant_loop(s)
        body = unrolled_size(s.body)
        return body * c.trips if c is not None else body
    own = 1 if isinstance(s, _COUNTED) else 0
    return own + sum(unrolled_size(x) for x in ir.children(s))


def _unconditional_loads(s: object) -> Iterator[ir.Access]:
    """The loads executed on every iteration of the loop whose body is `s` (not under if, ?:, && or ||)."""
    stack = [s]
    while stack:
        n = stack.pop()
        if isinstance(n, ir.If):
            stack.append(n.cond)
            continue
        if isinstance(n, ir.Select):
            stack.append(n.cond)
            continue
        if isinstance(n, ir.BinOp) and n.op in ("&&", "||"):
            stack.append(n.lhs)
            continue
        if isinstance(n, ir.Access) and n.op == "ld":
            yield n
        stack.extend(ir.children(n))


@dataclass(frozen=True)
class Merge:
    bytes: int  # bytes per lane of the emitted load
    loop_line: int
    iterations: int  # consecutive iterations one emitted load covers
    text: str  # "`As`" for messages


def predicted_merges(kernel: ir.Kernel, functions: dict[str, ir.Function] | None = None,
                     volatile: set[str] | frozenset[str] = frozenset()) -> dict[int, Merge]:
    """Site id -> the wider load nvcc is expected to make of it (the rules in the module doc), in the
    kernel's body and in the device functions it calls (inlined: their pointer parameters are what
    the call passes; a function called more than once keeps only what every call merges alike)."""
    functions = functions or {}
    instructions = {s.id for s in kernel.sites if s.instruction}
    out: dict[int, Merge] = {}
    _predict(kernel.body, _Scope(kernel.body, volatile=volatile), functions, instructions, out, 0)
    return out


MAX_INLINE_DEPTH = 3


def _predict(body: ir.Stmt, scope: _Scope, functions: dict[str, ir.Function], instructions: set[int],
             out: dict[int, Merge], depth: int) -> None:
    for node in ir.walk(body):
        if isinstance(node, ir.Loop):
            out.update(_loop_merges(node, scope, functions, instructions))
    if depth >= MAX_INLINE_DEPTH:
        return
    per_function: dict[str, list[dict[int, Merge]]] = {}
    for call in ir.walk(body):
        fn = functions.get(call.function) if isinstance(call, ir.Call) and call.function else None
        if fn is None:
            continue
        bindings = {p.var: (scope, arg) for p, arg in zip(fn.params, call.args)}
        found: dict[int, Merge] = {}
        _predict(fn.body, _Scope(fn.body, bindings, scope.volatile), functions, instructions, found, depth + 1)
        per_function.setdefault(fn.key, []).append(found)
    for results in per_function.values():
        first = results[0]
        out.update({sid: m for sid, m in first.items() if all(r.get(sid) == m for r in results[1:])})


def _loop_merges(node: ir.Loop, scope: _Scope, functions: dict[str, ir.Function],
                 instructions: set[int]) -> dict[int, Merge]:
    loop = constant_loop(node)
    if loop is None or not _body_allows_merging(node, scope) or not _unrolled(node, loop):
        return {}
    forms = _Forms(loop, scope)
    groups: dict[tuple, dict[int, tuple[ir.Access, Form]]] = {}
    for acc in _unconditional_loads(node.body):
        if acc.site in instructions or acc.ctype.kind not in ("int", "float") or scope.is_volatile(acc.lvalue):
            continue
        found = forms.address(acc.lvalue)
        if found is None or found[0].coef == 0:
            continue
        form, symbol = found
        key = ir.without_spans(acc.lvalue.base if isinstance(acc.lvalue, ir.Member) else acc.lvalue)
        groups.setdefault((symbol.key or symbol.name, form.coef, key), {})[acc.site] = (acc, form)
    out: dict[int, Merge] = {}
    for (_, coef, _), by_site in groups.items():
        members = list(by_site.values())  # a site the IR reaches twice is one instruction
        merge = _group_merge(loop, coef, members)
        if merge is not None:
            name = ir.root_name(members[0][0].lvalue)
            for acc, _ in members:
                out[acc.site] = Merge(merge[0], node.span.line if node.span else 0, merge[1], f"`{name}`")
    return out


def _unrolled(node: ir.Loop, loop: _Loop) -> bool:
    """Does nvcc unroll the loop enough to merge across its iterations? Loops with loops inside only
    when fully unrolled (its whole unrolled size is small); an innermost loop also when its body is
    short enough to be unrolled in part."""
    size = unrolled_size(node)
    if size <= FULL_UNROLL_SIZE:
        return True
    return not loop.inner and not any(isinstance(n, ir.Loop) for n in ir.walk(node.body)) and \
        size // loop.trips <= INNERMOST_BODY_SIZE


def _group_merge(loop: _Loop, coef: int, members: list[tuple[ir.Access, Form]]) -> tuple[int, int] | None:
    """(bytes per emitted load, iterations it covers) for loads of one element's bytes read together
    in the loop, when their bytes are contiguous from one iteration to the next and the wider load's
    alignment is provable; else None."""
    width = members[0][0].ctype.bytes
    if coef <= 0 or any(a.ctype.bytes != width for a, _ in members) or width >= max(WIDTHS):
        return None
    offsets = sorted({f.const for _, f in members})
    if len(offsets) != len(members) or offsets != [offsets[0] + i * width for i in range(len(offsets))] \
            or len(offsets) * width != coef:
        return None  # not every byte of the stride read once: the loads are not adjacent
    align = min(f.align for _, f in members)
    start = coef * loop.start + offsets[0]
    for wide in WIDTHS:
        if wide <= width or align % wide or start % wide:
            continue
        group = wide // math.gcd(wide, coef)  # iterations after which the stream is wide-aligned again
        if group <= MAX_GROUP and loop.trips % group == 0:
            return wide, group
    return None
