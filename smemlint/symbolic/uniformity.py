"""Which values are the same for every thread of a block, of a warp, or differ per lane.

A dependence-based analysis over the IR of one kernel and the device functions
it calls; it does not look at any launch configuration, so `if (tid < n)` is
thread-dependent even when every thread of the assumed block passes it.

Levels, from least to most varying:
- BLOCK: the same in every thread of the block (constants, `blockIdx`,
  `blockDim`, kernel parameters, values loaded from block-uniform addresses);
- WARP: the same within each warp (`threadIdx.x / 32`, `threadIdx.x >> 5`,
  `__ballot_sync`), assuming `blockDim.x` is a multiple of 32 (LAUNCH001 checks);
- LANE: may differ between the lanes of a warp (`threadIdx`, values loaded
  from lane-varying addresses, atomics' results, shuffles).

A value also says whether its variation comes from *data* (`data`): loaded from
memory at a lane-varying address, an atomic's old value, a shuffle. Locals take
the join of every value assigned to them, plus the level of the conditions the
assignment is under (implicit flow); device-function parameters take the join
over their call sites (for questions about the function's own body), while a
call's result is computed for the levels of its own arguments (so
`twice(blockIdx.x)` stays block-uniform when `twice(threadIdx.x)` does not).
Loops are handled by iterating to a fixed point.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import ir

BLOCK, WARP, LANE = 0, 1, 2
LEVEL_NAMES = {BLOCK: "block", WARP: "warp", LANE: "lane"}
MAX_ROUNDS = 16

_WARP_VOTES = ("__ballot", "__any", "__all", "__activemask", "__reduce_")
_BLOCK_VOTES = ("__syncthreads_or", "__syncthreads_and", "__syncthreads_count")
_VARYING_CALLS = ("clock", "clock64", "__globaltimer", "curand", "__match_any_sync", "__lanemask", "atomic")


@dataclass(frozen=True)
class U:
    level: int = BLOCK
    data: bool = False  # lane-varying because of data read from memory (not predictable from indices)
    why: str = ""  # what makes it vary, for messages
    tid: bool = False  # threadIdx.x plus a multiple of 32: dividing by 32 gives a warp-uniform value

    @property
    def name(self) -> str:
        return LEVEL_NAMES[self.level]

    def key(self) -> tuple:
        return (self.level, self.data, self.tid)


UNIFORM = U()


def join(*us: U) -> U:
    level = max((u.level for u in us), default=BLOCK)
    if level == BLOCK:
        return UNIFORM
    data = any(u.data for u in us if u.level > BLOCK)
    why = next((u.why for u in us if u.level == level and u.why), "")
    if data and not any(u.data for u in us if u.level == level):
        why = next((u.why for u in us if u.data and u.why), why)
    return U(level, data, why, False)


def _mult32(e: ir.Expr) -> bool:
    """A value that is a multiple of 32 in every thread (blockDim.x assumed a multiple of 32)."""
    if isinstance(e, ir.Const):
        return e.value != 0 and e.value % 32 == 0
    if isinstance(e, ir.Builtin):
        return e.name in ("warpSize", "blockDim.x")
    if isinstance(e, ir.Cast):
        return _mult32(e.operand)
    if isinstance(e, ir.BinOp) and e.op == "*":
        return _mult32(e.lhs) or _mult32(e.rhs)
    if isinstance(e, ir.BinOp) and e.op == "<<" and isinstance(e.rhs, ir.Const):
        return e.rhs.value >= 5 or _mult32(e.lhs)
    return False


def _is_warp_size(e: ir.Expr) -> bool:
    return _mult32(e)


class KernelUniformity:
    """Uniformity of every local, condition and access address of one kernel and its helpers."""

    def __init__(self, unit: ir.TranslationUnit, kernel: ir.Kernel):
        self.unit = unit
        self.kernel = kernel
        self.env: dict[str, dict[str, U]] = {kernel.key: {}}
        self.params: dict[str, list[U]] = {}
        self.returns: dict[str, U] = {}
        self.sites: dict[int, U] = {}
        self._changed = False
        self._exit_ctl: list[U] = []
        self._summaries: dict[str, U] = {}
        self._stack: list[str] = []
        for _ in range(MAX_ROUNDS):
            self._changed = False
            self._stmt(kernel.key, kernel.body, UNIFORM)
            for fkey in list(self.params):
                f = unit.functions.get(fkey)
                if f is not None:
                    self._stmt(fkey, f.body, UNIFORM)
            if not self._changed:
                break

    # ------------------------------------------------------------ queries

    def functions(self) -> list[str]:
        """Keys of the device functions this kernel calls (directly or not)."""
        return [k for k in self.params if k in self.unit.functions]

    def of(self, fkey: str, e: ir.Expr | None) -> U:
        """The uniformity of an expression of function `fkey` (the kernel's key for the kernel body)."""
        if e is None:
            return UNIFORM
        return self._expr(fkey, e, UNIFORM)

    def site(self, site_id: int) -> U | None:
        """The uniformity of the address an access site reads or writes (None: never reached)."""
        return self.sites.get(site_id)

    # ------------------------------------------------------------ state

    def _assign(self, fkey: str, var: str, u: U) -> None:
        env = self.env.setdefault(fkey, {})
        old = env.get(var)
        if old is None:
            new = u
        else:
            j = join(old, u)
            new = U(j.level, j.data, j.why, old.tid and u.tid and j.level == LANE)
        if old is None or new.key() != old.key():
            env[var] = new
            self._changed = True

    def _var(self, fkey: str, var: str) -> U:
        env = self.env.get(fkey, {})
        if var in env:
            return env[var]
        f = self.unit.functions.get(fkey)
        if f is not None:
            for i, p in enumerate(f.params):
                if p.var == var:
                    ps = self.params.get(fkey)
                    return ps[i] if ps and i < len(ps) else UNIFORM
        return UNIFORM  # kernel parameters, and locals not assigned yet in this round

    # ------------------------------------------------------------ statements

    def _stmt(self, fkey: str, s: ir.Stmt | None, ctl: U) -> None:
        if s is None:
            return
        if isinstance(s, ir.Block):
            for c in s.body:
                self._stmt(fkey, c, ctl)
        elif isinstance(s, ir.Decl):
            if s.init is not None:
                self._assign(fkey, s.var, self._with_ctl(self._expr(fkey, s.init, ctl), ctl))
        elif isinstance(s, ir.ExprStmt):
            self._expr(fkey, s.expr, ctl)
        elif isinstance(s, ir.If):
            c = self._expr(fkey, s.cond, ctl)
            inner = join(ctl, c)
            self._stmt(fkey, s.then, inner)
            self._stmt(fkey, s.other, inner)
        elif isinstance(s, ir.Loop):
            self._stmt(fkey, s.init, ctl)
            c = self._expr(fkey, s.cond, ctl) if s.cond is not None else UNIFORM
            inner = join(ctl, c)
            self._exit_ctl.append(inner)
            try:
                self._stmt(fkey, s.body, inner)
                if s.step is not None:
                    self._expr(fkey, s.step, inner)
                exits = self._exit_ctl[-1]
            finally:
                self._exit_ctl.pop()
            if exits.level > inner.level:
                # A lane-dependent `break`/`continue`/`return` makes the trip count lane-dependent.
                self._stmt(fkey, s.body, join(inner, exits))
                if s.step is not None:
                    self._expr(fkey, s.step, join(inner, exits))
        elif isinstance(s, ir.Return):
            if s.value is not None:
                u = self._with_ctl(self._expr(fkey, s.value, ctl), ctl)
                old = self.returns.get(fkey)
                new = u if old is None else join(old, u)
                if old is None or new.key() != old.key():
                    self.returns[fkey] = new
                    self._changed = True
            self._note_exit(ctl)
        elif isinstance(s, (ir.Break, ir.Continue)):
            self._note_exit(ctl)
        elif isinstance(s, ir.Unsupported):
            for p in s.parts:
                self._stmt(fkey, p, ctl)

    def _note_exit(self, ctl: U) -> None:
        if self._exit_ctl:
            self._exit_ctl[-1] = join(self._exit_ctl[-1], ctl)

    @staticmethod
    def _with_ctl(u: U, ctl: U) -> U:
        """A value assigned under conditions of level `ctl` varies at least as much (implicit flow)."""
        return u if ctl.level == BLOCK else join(u, ctl)

    # ------------------------------------------------------------ expressions

    def _expr(self, fkey: str, e: ir.Expr, ctl: U) -> U:
        ev = lambda x: self._expr(fkey, x, ctl)  # noqa: E731
        if isinstance(e, (ir.Const, ir.FloatConst, ir.SymbolRef)):
            return UNIFORM
        if isinstance(e, ir.Builtin):
            if e.name == "threadIdx.x":
                return U(LANE, False, "threadIdx.x", True)
            if e.name.startswith("threadIdx.") or e.name == "laneid":
                return U(LANE, False, e.name)
            return UNIFORM
        if isinstance(e, (ir.VarRef, ir.LocalField)):  # a struct variable's fields share its level
            return self._var(fkey, e.var)
        if isinstance(e, ir.BinOp):
            a, b = ev(e.lhs), ev(e.rhs)
            if e.op == ",":
                return b
            if a.tid and b.level == BLOCK:
                if e.op == "/" and _is_warp_size(e.rhs):
                    return U(WARP, a.data, f"the warp index ({a.why} / 32)")
                if e.op == ">>" and isinstance(e.rhs, ir.Const) and e.rhs.value >= 5:
                    return U(WARP, a.data, f"the warp index ({a.why} >> {e.rhs.value})")
                if e.op == "&" and isinstance(e.rhs, ir.Const) and e.rhs.value & 31 == 0:
                    return U(WARP, a.data, f"{a.why} rounded to its warp")
                if e.op in ("+", "-") and _mult32(e.rhs):
                    return U(a.level, a.data, a.why, True)
            if e.op == "+" and b.tid and a.level == BLOCK and _mult32(e.lhs):
                return U(b.level, b.data, b.why, True)
            return join(a, b)
        if isinstance(e, ir.UnOp):
            u = ev(e.operand)
            return U(u.level, u.data, u.why) if u.level > BLOCK else UNIFORM
        if isinstance(e, ir.Cast):
            return ev(e.operand)
        if isinstance(e, ir.Select):
            return join(ev(e.cond), ev(e.then), ev(e.other))
        if isinstance(e, ir.Access):
            addr = self._address(fkey, e.lvalue, ctl)
            old = self.sites.get(e.site)
            self.sites[e.site] = addr if old is None else join(old, addr)
            if e.op == "st" and e.value is not None and not isinstance(e.value, ir.Assign):
                pass  # the stored value was evaluated by the Assign
            if addr.level == BLOCK:
                return UNIFORM
            root = ir.lvalue_root(e.lvalue)
            if e.op == "ld" and isinstance(root, ir.SymbolRef) and root.symbol.values is not None:
                return U(addr.level, addr.data, addr.why)  # a table known at compile time: a function of its index
            if isinstance(root, ir.SymbolRef) and root.symbol.table_note:
                return U(addr.level, True, f"a value loaded from {_hint(e.lvalue)} at a {addr.name}-varying address "
                                           f"({root.symbol.table_note})")
            return U(addr.level, True, f"a value loaded from {_hint(e.lvalue)} at a {addr.name}-varying address")
        if isinstance(e, ir.Assign):
            u = ev(e.value)
            if isinstance(e.target, (ir.VarRef, ir.LocalField)):
                self._assign(fkey, e.target.var, self._with_ctl(u, ctl))
            else:
                ev(e.target)
            return u
        if isinstance(e, ir.IncDec):
            if isinstance(e.target, (ir.VarRef, ir.LocalField)):
                u = self._var(fkey, e.target.var)
                self._assign(fkey, e.target.var, self._with_ctl(u, ctl))
                return u
            if e.load is not None:
                ev(e.load)
            return ev(e.target)
        if isinstance(e, ir.AddrOf):
            return self._address(fkey, e.lvalue, ctl)
        if isinstance(e, (ir.Subscript, ir.Deref, ir.Member)):
            addr = self._address(fkey, e, ctl)
            return addr if addr.level == BLOCK else U(addr.level, True, "a value in memory")
        if isinstance(e, ir.Call):
            return self._call(fkey, e, ctl)
        if isinstance(e, ir.Opaque):
            parts = [ev(p) for p in e.parts]
            if e.reason.startswith("result of atomic"):
                return U(LANE, True, f"the old value returned by `{e.reason[len('result of '):]}`")
            if e.uniform is False:
                return U(LANE, True, e.reason)
            return join(*parts)
        return U(LANE, True, type(e).__name__)

    def _summary(self, fkey: str, f: ir.Function, args: list[U]) -> U:
        """The function's result for these argument levels (context-sensitive: twice(blockIdx.x) stays uniform)."""
        ck = fkey + "|" + ",".join(f"{a.level}{int(a.data)}{int(a.tid)}" for a in args)
        if ck in self._summaries:
            return self._summaries[ck]
        if ck in self._stack or len(self._stack) > 8:
            return join(self.returns.get(fkey, UNIFORM), *args)
        self._stack.append(ck)
        changed, exits = self._changed, self._exit_ctl
        self._exit_ctl = []  # the callee's `return` ends the callee, not the caller's loop
        self.env[ck] = {p.var: a for p, a in zip(f.params, args)}
        try:
            for _ in range(MAX_ROUNDS):
                self._changed = False
                self._stmt(ck, f.body, UNIFORM)
                if not self._changed:
                    break
        finally:
            self._changed, self._exit_ctl = changed, exits
            self._stack.pop()
        r = self.returns.get(ck, UNIFORM)
        self._summaries[ck] = r
        return r

    def _address(self, fkey: str, lv: ir.Expr, ctl: U) -> U:
        ev = lambda x: self._expr(fkey, x, ctl)  # noqa: E731
        if isinstance(lv, ir.Subscript):
            return join(ev(lv.base), ev(lv.index))
        if isinstance(lv, ir.Deref):
            return ev(lv.pointer)
        if isinstance(lv, ir.Member):
            return ev(lv.base) if lv.arrow else self._address(fkey, lv.base, ctl)
        if isinstance(lv, (ir.SymbolRef, ir.VarRef)):
            return UNIFORM
        if isinstance(lv, ir.Opaque):
            return join(*(ev(p) for p in lv.parts))
        return ev(lv)

    def _call(self, fkey: str, e: ir.Call, ctl: U) -> U:
        args = [self._expr(fkey, a, ctl) for a in e.args]
        name = e.name
        if e.function is not None and e.function in self.unit.functions:
            f = self.unit.functions[e.function]
            ps = self.params.setdefault(e.function, [UNIFORM] * len(f.params))
            if e.function not in self.env:
                self.env[e.function] = {}
                self._changed = True
            for i, a in enumerate(args[:len(ps)]):
                new = join(ps[i], a)
                if new.key() != ps[i].key():
                    ps[i] = new
                    self._changed = True
            return self._summary(e.function, f, args)
        if name.startswith("__shfl"):
            # __shfl_sync(mask, v, src) with a block-uniform source lane broadcasts: warp-uniform.
            if name == "__shfl_sync" and len(args) >= 3 and args[2].level == BLOCK:
                return U(WARP, True, f"the result of `{name}`") if args[1].level > BLOCK else UNIFORM
            return U(LANE, True, f"the result of `{name}`")
        if name.startswith(_BLOCK_VOTES):
            return UNIFORM
        if name.startswith(_WARP_VOTES):
            return U(WARP, True, f"the result of `{name}`")
        if name.startswith(_VARYING_CALLS):
            return U(LANE, True, f"the result of `{name}`")
        return join(*args)


def _hint(lv: ir.Expr) -> str:
    """`name` of the variable an lvalue lands in, or plain words when it has none (never an empty name)."""
    name = ir.root_name(lv, "")
    return f"`{name}`" if name and name != "?" else "memory"
