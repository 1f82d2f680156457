"""Which access sites a kernel's assumed integers can steer threads to or away from (for assumed.fit).

The fit of assumed sizes tries other values of the integer parameters no launch gives, hoping to
reach accesses the default leaves unreached. A trial can only do so where a condition on the path to
such an access depends on one of those integers: the condition of an `if`, a loop or a `?:` around
it, the left side of a `&&`/`||` it is the right side of, or a `return`, `break` or `continue` that
skips it. Where none does, every run takes the same path whatever the integers, and the trials
(each a whole evaluation, with the grid's last block beside it) cannot change what is reached:
ggml's flash-attention template instances leave accesses behind `if (ncols > 2 && ...)` and
`parallel_blocks != 1` unreached, conditions on template arguments, and paid ten trials a kernel
for them.

The dependence is found as a flow-insensitive taint, to a fixed point over the kernel and every
function it calls: a variable is steered when a steered value is assigned to it or it is assigned
under a steered condition (an implicit flow: `x = 1` inside `for (k < n)`); memory is steered as a
whole once a store has a steered address, value or condition, and then every load, atomic and value
the lowering left opaque is steered; a function's parameters are steered by its callers'
arguments, its body by a steered call, its result by a steered `return`. A steered `break` or
`continue` steers its whole loop, a steered `return` what follows it in its function (its whole
loop too, if it is in one) and the function's result. Over-approximate by
construction: a site called unsteered here is reached, or not, under every value the fit tries.
"""
from __future__ import annotations

from .. import ir
from .costing import loop_loads

KERNEL = ""  # the key standing for the kernel's own body among the functions'


def unsteered(unit: ir.TranslationUnit, kernel: ir.Kernel, names: list[str]) -> frozenset[int]:
    """The sites whose execution no value of the integer parameters `names` (`n`, or a by-value
    struct's field `p.depth`) changes; sites the walk never meets are left out (not claimed)."""
    by_name = {p.name: p.var for p in kernel.params}
    seeds = {by_name[n.split(".", 1)[0]] for n in names if n.split(".", 1)[0] in by_name}
    flow = _Flow(unit, seeds)
    while True:
        flow.changed = False
        flow.stmt(kernel.body, False, None, KERNEL)
        for key in sorted(flow.reachable):
            flow.stmt(unit.functions[key].body, key in flow.entered_steered, None, key)
        if flow.memory:
            flow.taint_all(flow.addressed)  # a pointer to a local the steered stores may write through
        if not flow.changed:
            break
    calm = flow.seen - flow.steered
    # the load a float atomicAdd's compare-and-swap loop repeats is named by no node: its atomic's
    calm |= {load for atomic, load in loop_loads(kernel.sites).items() if atomic in calm}
    return frozenset(calm)


class _Flow:
    def __init__(self, unit: ir.TranslationUnit, seeds: set[str]) -> None:
        self.unit = unit
        self.tainted: set[str] = set(seeds)  # variable keys whose value the integers may change
        self.memory = False  # some store's address, value or execution depends on them
        self.addressed: set[str] = set()  # variables whose address is taken (`&x`)
        self.loops: set[int] = set()  # id() of loops a steered break/continue leaves
        self.results: set[str] = set()  # functions whose result is steered (or a return under a steered condition)
        self.entered_steered: set[str] = set()  # functions called under a steered condition
        self.reachable: set[str] = set()  # functions the kernel calls, directly or not
        self.seen: set[int] = set()
        self.steered: set[int] = set()
        self.changed = False

    def _add(self, into: set, item: object) -> None:
        if item not in into:
            into.add(item)
            self.changed = True

    def taint_all(self, keys: set[str]) -> None:
        for k in keys:
            self._add(self.tainted, k)

    def _steer_memory(self) -> None:
        if not self.memory:
            self.memory = self.changed = True

    # ------------------------------------------------------------------ statements

    def stmt(self, s: ir.Stmt | None, ctx: bool, loop: ir.Loop | None, fn: str) -> bool:
        """Walk `s` under `ctx` (a steered condition around it); True if it may `return` under a
        steered condition, which steers what follows it in its function."""
        t = type(s)
        if s is None:
            return False
        if t is ir.Block or t is ir.Unsupported:  # (Unsupported: its parts run as if every lane took them)
            returned = False
            for x in (s.body if t is ir.Block else s.parts):  # type: ignore[attr-defined]
                returned = self.stmt(x, ctx or returned, loop, fn) or returned
            return returned
        if t is ir.ExprStmt:
            self.expr(s.expr, ctx)  # type: ignore[attr-defined]
        elif t is ir.Decl:
            if s.init is not None and (self.expr(s.init, ctx) or ctx):  # type: ignore[attr-defined]
                self._add(self.tainted, s.var)  # type: ignore[attr-defined]
        elif t is ir.If:
            c = self.expr(s.cond, ctx) or ctx  # type: ignore[attr-defined]
            then = self.stmt(s.then, c, loop, fn)  # type: ignore[attr-defined]
            return self.stmt(s.other, c, loop, fn) or then  # type: ignore[attr-defined]
        elif t is ir.Loop:
            self.stmt(s.init, ctx, loop, fn)  # type: ignore[attr-defined]
            inner = ctx or id(s) in self.loops
            if s.cond is not None:  # type: ignore[attr-defined]
                inner = self.expr(s.cond, inner) or inner  # type: ignore[attr-defined]
            returned = self.stmt(s.body, inner, s, fn)  # type: ignore[attr-defined]
            if s.step is not None:  # type: ignore[attr-defined]
                self.expr(s.step, inner)  # type: ignore[attr-defined]
            if returned:  # a steered return leaves the later iterations too
                self._add(self.loops, id(s))
            return returned
        elif t is ir.Return:
            if ctx or (s.value is not None and self.expr(s.value, ctx)):  # type: ignore[attr-defined]
                self._add(self.results, fn)
            return ctx
        elif t is ir.Break or t is ir.Continue:
            if ctx and loop is not None:  # the rest of its loop, every iteration
                self._add(self.loops, id(loop))
            return ctx and loop is None  # (a switch's break is lowered away: never here)
        elif t is ir.BulkCopy:
            if ctx:
                self._steer_memory()
        return False  # Barrier: nothing

    # ------------------------------------------------------------------ expressions

    def expr(self, e: ir.Expr | None, ctx: bool) -> bool:
        """Whether `e`'s value may depend on the integers; records its sites, stores and calls."""
        if e is None:
            return False
        t = type(e)
        if t is ir.Const or t is ir.FloatConst or t is ir.Builtin or t is ir.SymbolRef:
            return False
        if t is ir.VarRef or t is ir.LocalField:
            return e.var in self.tainted  # type: ignore[attr-defined]
        if t is ir.BinOp:
            lhs = self.expr(e.lhs, ctx)  # type: ignore[attr-defined]
            if e.op in ("&&", "||"):  # type: ignore[attr-defined]
                return self.expr(e.rhs, ctx or lhs) or lhs  # type: ignore[attr-defined]
            return self.expr(e.rhs, ctx) or lhs  # type: ignore[attr-defined]
        if t is ir.Select:
            c = self.expr(e.cond, ctx)  # type: ignore[attr-defined]
            a = self.expr(e.then, ctx or c)  # type: ignore[attr-defined]
            return self.expr(e.other, ctx or c) or a or c  # type: ignore[attr-defined]
        if t is ir.Access:
            return self._access(e, ctx)  # type: ignore[arg-type]
        if t is ir.AsyncCopy:
            d = self._access(e.destination, ctx)  # type: ignore[attr-defined]
            s = self._access(e.source, ctx)  # type: ignore[attr-defined]
            if self.expr(e.source_size, ctx) or d or s or ctx:  # type: ignore[attr-defined]
                self._steer_memory()
            return False
        if t is ir.FragmentAccess:
            a = self._access(e.access, ctx)  # type: ignore[attr-defined]
            if self.expr(e.ldm, ctx) or a or ctx:  # type: ignore[attr-defined]
                self._steer_memory()
            return self.memory
        if t is ir.Assign:
            return self._assign(e, ctx)  # type: ignore[arg-type]
        if t is ir.IncDec:
            target = e.target  # type: ignore[attr-defined]
            if type(target) is ir.VarRef or type(target) is ir.LocalField:
                if ctx:
                    self._add(self.tainted, target.var)
                return target.var in self.tainted
            where = self.expr(target, ctx) | self.expr(e.load, ctx)  # type: ignore[attr-defined]
            if where or ctx:
                self._steer_memory()
            return where or self.memory
        if t is ir.Call:
            return self._call(e, ctx)  # type: ignore[arg-type]
        if t is ir.Opaque:  # (a value read through an lvalue the analysis does not follow, too)
            return any([self.expr(p, ctx) for p in e.parts]) or self.memory  # type: ignore[attr-defined]
        if t is ir.AddrOf:
            root = ir.lvalue_root(e.lvalue)  # type: ignore[attr-defined]
            if type(root) is ir.VarRef:
                self.addressed.add(root.var)
        # Subscript, Deref, Member, AddrOf, Cast, UnOp, and any other node: its parts
        return any([self.expr(k, ctx) for k in ir.children(e)])  # type: ignore[arg-type]

    def _access(self, a: ir.Access, ctx: bool) -> bool:
        self.seen.add(a.site)
        if ctx:
            self.steered.add(a.site)
        where = self.expr(a.lvalue, ctx)
        if a.op == "ld":
            return where or self.memory
        value = self.expr(a.value, ctx)
        if where or value or ctx:
            self._steer_memory()
        return a.op == "atomic" and (where or self.memory)

    def _assign(self, e: ir.Assign, ctx: bool) -> bool:
        value = self.expr(e.value, ctx)
        target = e.target
        if type(target) is ir.VarRef or type(target) is ir.LocalField:
            if value or ctx:
                self._add(self.tainted, target.var)  # type: ignore[attr-defined]
            return value or ctx
        where = self.expr(target, ctx)  # a store (an Access "st") or a memory lvalue
        if where or value or ctx:
            self._steer_memory()
        return value or ctx

    def _call(self, e: ir.Call, ctx: bool) -> bool:
        args = [self.expr(a, ctx) for a in e.args]
        fn = self.unit.functions.get(e.function) if e.function is not None else None
        if fn is None:  # an intrinsic or a function without a body: a function of its arguments and memory
            if (ctx or any(args)) and any(a.ctype.kind in ("ptr", "array") for a in e.args):
                self._steer_memory()  # (it may write through a pointer argument)
            return any(args) or self.memory
        self._add(self.reachable, fn.key)
        if ctx:
            self._add(self.entered_steered, fn.key)
        for p, steered in zip(fn.params, args):
            if steered or ctx:
                self._add(self.tainted, p.var)
        for out, p in zip(e.outs, fn.params):  # `T &` parameters written back to the caller's variable
            if out is not None and p.var in self.tainted:
                root = out if type(out) is ir.LocalField else ir.lvalue_root(out)
                if type(root) is ir.VarRef or type(root) is ir.LocalField:
                    self._add(self.tainted, root.var)
                else:  # written back into memory
                    self._steer_memory()
        return fn.key in self.results
