"""Which values are the same for every thread of a block, of a warp, or differ per lane.

A dependence-based analysis over the IR of one kernel and the device functions
it calls; it does not look at any launch configuration, so `if (tid < n)` is
thread-dependent even when every thread of the assumed block passes it. The one
fact it takes from the launches is which `threadIdx` components are 0 in every
thread (`flat`: the block dimension is 1 in every launch the caller read).

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
    # threadIdx.x plus a block-uniform value: subtracting threadIdx.x (or another such value) leaves
    # a block-uniform one (`(tid - threadIdx.x) > n` with tid = threadIdx.x + blockIdx.x * blockDim.x)
    offset: bool = False

    @property
    def name(self) -> str:
        return LEVEL_NAMES[self.level]

    def key(self) -> tuple:
        return (self.level, self.data, self.tid, self.offset)


UNIFORM = U()


def join(*us: U) -> U:
    if len(us) == 2 and (us[0] is us[1] or us[0] == us[1]):  # the common case, without the general walk
        u = us[0]
        return UNIFORM if u.level == BLOCK else u if not (u.tid or u.offset) else U(u.level, u.data, u.why, False)
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

    def __init__(self, unit: ir.TranslationUnit, kernel: ir.Kernel, flat: frozenset[str] = frozenset(),
                 block_x: int | None = None):
        self.unit = unit
        self.kernel = kernel
        self.flat = flat  # threadIdx components that are 0 in every thread (their block dimension is 1)
        self.block_x = block_x  # the widest blockDim.x of the launches read (None: one is unknown)
        # Per function (or per call context of a summary): every value a local was ever given,
        # joined; only for questions about expressions the walk never met (flow-insensitive).
        self.env: dict[str, dict[str, U]] = {kernel.key: {}}
        self.params: dict[str, list[U]] = {}
        self.returns: dict[str, U] = {}
        self.sites: dict[int, U] = {}
        self.conds: dict[int, U] = {}  # id() of an `if`/loop condition -> its level where it is tested
        self._cur: dict[str, U] = {}  # the locals' levels at the point the walk has reached
        self._changed = False
        self._loops: list[_LoopFrame] = []
        self._summaries: dict[str, U] = {}
        self._stack: list[str] = []
        self._assigned_cache: dict[int, frozenset[str]] = {}  # id(stmt) -> its locals assigned (the IR outlives this)
        self._values_cache: dict[str, dict[str, ir.Expr]] = {}
        self._fallbacks = 0  # call results taken from `returns` (a recursive call, or calls nested over 8 deep)
        walked: dict[str, tuple[U, ...]] = {}
        for _ in range(MAX_ROUNDS):
            self._changed = False
            self._walk_round(kernel.key, kernel.body, (), walked)
            for fkey in list(self.params):
                f = unit.functions.get(fkey)
                if f is not None:
                    self._walk_round(fkey, f.body, tuple(self.params[fkey]), walked)
            if not self._changed:
                break

    def _walk_round(self, fkey: str, body: ir.Stmt | None, params: tuple[U, ...],
                    walked: dict[str, tuple[U, ...]]) -> None:
        """One round's walk of a function's body (the kernel's: no parameters). A walk reads the
        levels of the function's parameters, the summaries of the calls it makes (fixed once made)
        and, where a call's result falls back to `returns`, levels that later rounds change; what it
        records is joined into tables, so a walk that reads what the last one read records nothing
        new. Such a walk is skipped: the last one read the same parameter levels, and no fallback."""
        if walked.get(fkey) == params:
            return
        before = self._fallbacks
        self._walk(fkey, body, {})
        if self._fallbacks == before:
            walked[fkey] = params
        else:
            walked.pop(fkey, None)

    # ------------------------------------------------------------ queries

    def functions(self) -> list[str]:
        """Keys of the device functions this kernel calls (directly or not)."""
        return [k for k in self.params if k in self.unit.functions]

    def of(self, fkey: str, e: ir.Expr | None) -> U:
        """The uniformity of an expression of function `fkey` (the kernel's key for the kernel body):
        for an `if` or loop condition, its level where it is tested."""
        if e is None:
            return UNIFORM
        if id(e) in self.conds:
            return self.conds[id(e)]
        saved, self._cur = self._cur, dict(self.env.get(fkey, {}))
        try:
            return self._expr(fkey, e, UNIFORM)
        finally:
            self._cur = saved

    def site(self, site_id: int) -> U | None:
        """The uniformity of the address an access site reads or writes (None: never reached)."""
        return self.sites.get(site_id)

    # ------------------------------------------------------------ state

    def _assign(self, fkey: str, var: str, u: U) -> None:
        """A strong update at this point of the walk; the flow-insensitive record only grows."""
        self._cur[var] = u
        env = self.env.setdefault(fkey, {})
        old = env.get(var)
        env[var] = u if old is None else _join_keep_tid(old, u)

    def _var(self, fkey: str, var: str) -> U:
        if var in self._cur:
            return self._cur[var]
        f = self.unit.functions.get(fkey)
        if f is not None:
            for i, p in enumerate(f.params):
                if p.var == var:
                    ps = self.params.get(fkey)
                    return ps[i] if ps and i < len(ps) else UNIFORM
        return UNIFORM  # kernel parameters

    def _record(self, table: dict[int, U], k: int, u: U) -> None:
        old = table.get(k)
        new = u if old is None else join(old, u)
        if old is None or new.key() != old.key():
            table[k] = new
            self._changed = True

    # ------------------------------------------------------------ statements
    #
    # Flow-sensitive: the walk carries the locals' levels (`self._cur`) through the statements in
    # order, so `m = n * 2;` makes `m` block-uniform again whatever it was before. Implicit flow is
    # applied where paths merge: after an `if` whose condition varies, a local assigned in either
    # branch varies at least as much as the condition; after a loop whose exit varies (its
    # condition, or a `break` under a varying condition), so does a local the loop assigns; a
    # `continue` under a varying condition does the same at the loop's head. Inside one path the
    # threads that run it agree: a loop counter under `if (threadIdx.x < 64)` stays uniform.

    def _walk(self, fkey: str, body: ir.Stmt | None, env: dict[str, U]) -> None:
        saved, loops = self._cur, self._loops
        self._cur, self._loops = dict(env), []
        try:
            self._stmt(fkey, body, UNIFORM, UNIFORM)
        finally:
            self._cur, self._loops = saved, loops

    def _stmt(self, fkey: str, s: ir.Stmt | None, ctl: U, local: U) -> bool:
        """Walk `s` from the state in `self._cur`; False when no path falls through to what follows.
        `ctl` joins every enclosing condition (for return values), `local` those inside the
        innermost loop (a `break` or `continue` under them varies the loop's exit)."""
        if s is None:
            return True
        if isinstance(s, ir.Block):
            for c in s.body:
                if not self._stmt(fkey, c, ctl, local):
                    return False
            return True
        if isinstance(s, ir.Decl):
            if s.init is not None:
                self._assign(fkey, s.var, self._expr(fkey, s.init, ctl))
            return True
        if isinstance(s, ir.ExprStmt):
            self._expr(fkey, s.expr, ctl)
            return True
        if isinstance(s, ir.If):
            c = self._expr(fkey, s.cond, ctl)
            self._record(self.conds, id(s.cond), c)
            before = dict(self._cur)
            then_falls = self._stmt(fkey, s.then, join(ctl, c), join(local, c))
            after_then, self._cur = self._cur, dict(before)
            other_falls = self._stmt(fkey, s.other, join(ctl, c), join(local, c))
            if not then_falls:
                return other_falls
            if not other_falls:
                self._cur = after_then
                return True
            self._cur = self._absorb(fkey, _merge([after_then, self._cur], c, self._assigned_in(s)))
            return True
        if isinstance(s, ir.Loop):
            return self._loop(fkey, s, ctl, local)
        if isinstance(s, ir.Return):
            if s.value is not None:
                u = self._expr(fkey, s.value, ctl)
                self._record(self.returns, fkey, u if ctl.level == BLOCK else join(u, ctl))  # type: ignore[arg-type]
            return False
        if isinstance(s, (ir.Break, ir.Continue)):
            if self._loops:
                frame = self._loops[-1]
                if isinstance(s, ir.Break):
                    frame.breaks.append((dict(self._cur), local))
                else:
                    frame.continues.append((dict(self._cur), local))
            return False
        if isinstance(s, ir.Unsupported):
            falls = True
            for p in s.parts:
                falls = self._stmt(fkey, p, ctl, local) and falls
            return True
        return True

    def _loop(self, fkey: str, s: ir.Loop, ctl: U, local: U) -> bool:
        if not self._stmt(fkey, s.init, ctl, local):
            return False
        assigned = self._assigned_in(s)
        head = dict(self._cur)
        exit_level, frame = UNIFORM, _LoopFrame()
        for _ in range(MAX_ROUNDS):
            self._cur = dict(head)
            c = self._expr(fkey, s.cond, ctl) if s.cond is not None else UNIFORM
            if c.level > BLOCK and (_uniform_trip_count(s, lambda e: self._expr(fkey, e, ctl))
                                    or _block_stride_over_whole_blocks(s, self._values(fkey),
                                                                       lambda e: self._expr(fkey, e, ctl),
                                                                       self.block_x)):
                c = UNIFORM  # `for (i = tid; i < tid + n; i += k)`: every thread runs n / k times
            self._record(self.conds, id(s.cond), c)
            at_test = dict(self._cur)
            frame = _LoopFrame()
            self._loops.append(frame)
            try:
                falls = self._stmt(fkey, s.body, join(ctl, c), UNIFORM)
            finally:
                self._loops.pop()
            ends = ([self._cur] if falls else []) + [e for e, _ in frame.continues]
            cont_level = join(*(lv for _, lv in frame.continues))
            self._cur = _merge(ends, cont_level, assigned) if ends else dict(at_test)
            if ends and s.step is not None:
                self._expr(fkey, s.step, join(ctl, c))
            exit_level = join(c, *(lv for _, lv in frame.breaks))
            new_head = _merge([head, self._cur], cont_level, assigned) if ends else head
            if all(new_head.get(v, UNIFORM).key() == head.get(v, UNIFORM).key() for v in assigned):
                self._cur = at_test
                break
            head = new_head
        exits = [self._cur] if s.cond is not None else []
        exits += [e for e, _ in frame.breaks]
        if not exits:
            return False  # `for (;;)` left only by `return`
        self._cur = self._absorb(fkey, _merge(exits, exit_level, assigned))
        return True

    def _values(self, fkey: str) -> dict[str, ir.Expr]:
        """The locals of a function declared with a value and never assigned again (what a loop
        bound written as `padded = blockDim.x * ((n + blockDim.x - 1) / blockDim.x)` is)."""
        cached = self._values_cache.get(fkey)
        if cached is None:
            f = self.unit.functions.get(fkey)
            body = self.kernel.body if fkey == self.kernel.key else (f.body if f is not None else None)
            nodes = list(ir.walk(body)) if body is not None else []
            assigned = {n.target.var for n in nodes if isinstance(n, ir.Assign) and isinstance(n.target, ir.VarRef)}
            assigned |= {n.target.var for n in nodes if isinstance(n, ir.IncDec) and isinstance(n.target, ir.VarRef)}
            cached = {n.var: n.init for n in nodes
                      if isinstance(n, ir.Decl) and n.init is not None and n.var not in assigned}
            self._values_cache[fkey] = cached
        return cached

    def _assigned_in(self, s: ir.Stmt | None) -> frozenset[str]:
        """The locals a statement assigns, nested statements included (each statement's set made
        once, from its children's: the walk asks at every `if` and loop, nested ones again)."""
        if s is None:
            return frozenset()
        found = self._assigned_cache.get(id(s))
        if found is None:
            if isinstance(s, ir.Block):
                found = frozenset().union(*(self._assigned_in(c) for c in s.body))
            elif isinstance(s, ir.If):
                found = _assigned(s.cond) | self._assigned_in(s.then) | self._assigned_in(s.other)
            elif isinstance(s, ir.Loop):
                found = self._assigned_in(s.init) | self._assigned_in(s.body) | \
                    (_assigned(s.cond) if s.cond is not None else frozenset()) | \
                    (_assigned(s.step) if s.step is not None else frozenset())
            elif isinstance(s, ir.Unsupported):
                found = frozenset().union(*(self._assigned_in(p) for p in s.parts))
            else:
                found = _assigned(s)
            self._assigned_cache[id(s)] = found
        return found

    def _absorb(self, fkey: str, state: dict[str, U]) -> dict[str, U]:
        """The flow-insensitive record also takes the levels a merge gave."""
        env = self.env.setdefault(fkey, {})
        for v, u in state.items():
            old = env.get(v)
            if old is not u:
                env[v] = u if old is None else _join_keep_tid(old, u)
        return state

    # ------------------------------------------------------------ expressions

    def _expr(self, fkey: str, e: ir.Expr, ctl: U) -> U:
        ev = lambda x: self._expr(fkey, x, ctl)  # noqa: E731
        if isinstance(e, (ir.Const, ir.FloatConst, ir.SymbolRef)):
            return UNIFORM
        if isinstance(e, ir.Builtin):
            if e.name == "threadIdx.x":
                return U(LANE, False, "threadIdx.x", True, True)
            if e.name in self.flat:
                return UNIFORM
            if e.name.startswith("threadIdx.") or e.name == "laneid":
                return U(LANE, False, e.name)
            return UNIFORM
        if isinstance(e, (ir.VarRef, ir.LocalField)):  # a struct variable's fields share its level
            return self._var(fkey, e.var)
        if isinstance(e, ir.BinOp):
            a, b = ev(e.lhs), ev(e.rhs)
            if e.op == ",":
                return b
            if e.op == "-" and a.offset and b.offset:
                return UNIFORM  # (threadIdx.x + u1) - (threadIdx.x + u2): the thread terms cancel
            if a.tid and b.level == BLOCK:
                if e.op == "/" and _is_warp_size(e.rhs):
                    return U(WARP, a.data, f"the warp index ({a.why} / 32)")
                if e.op == ">>" and isinstance(e.rhs, ir.Const) and e.rhs.value >= 5:
                    return U(WARP, a.data, f"the warp index ({a.why} >> {e.rhs.value})")
                if e.op == "&" and isinstance(e.rhs, ir.Const) and e.rhs.value & 31 == 0:
                    return U(WARP, a.data, f"{a.why} rounded to its warp")
                if e.op in ("+", "-") and _mult32(e.rhs):
                    return U(a.level, a.data, a.why, True, a.offset)
            if e.op == "+" and b.tid and a.level == BLOCK and _mult32(e.lhs):
                return U(b.level, b.data, b.why, True, b.offset)
            if e.op in ("+", "-") and a.offset and b.level == BLOCK:
                return U(a.level, a.data, a.why, False, True)
            if e.op == "+" and b.offset and a.level == BLOCK:
                return U(b.level, b.data, b.why, False, True)
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
                self._assign(fkey, e.target.var, u)
            else:
                ev(e.target)
            return u
        if isinstance(e, ir.IncDec):
            if isinstance(e.target, (ir.VarRef, ir.LocalField)):
                u = self._var(fkey, e.target.var)
                self._assign(fkey, e.target.var, u)
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
        ck = fkey + "|" + ",".join(f"{a.level}{int(a.data)}{int(a.tid)}{int(a.offset)}" for a in args)
        if ck in self._summaries:
            return self._summaries[ck]
        if ck in self._stack or len(self._stack) > 8:
            self._fallbacks += 1
            return join(self.returns.get(fkey, UNIFORM), *args)
        self._stack.append(ck)
        changed = self._changed
        try:
            self._walk(ck, f.body, {p.var: a for p, a in zip(f.params, args)})
        finally:
            self._changed = changed
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


class _LoopFrame:
    """The states at a loop's `break`s and `continue`s, with the level of the conditions inside
    the loop that lead to each."""

    def __init__(self) -> None:
        self.breaks: list[tuple[dict[str, U], U]] = []
        self.continues: list[tuple[dict[str, U], U]] = []


def _join_keep_tid(old: U, u: U) -> U:
    if old is u or old == u:
        return old
    j = join(old, u)
    return U(j.level, j.data, j.why, old.tid and u.tid and j.level == LANE,
             old.offset and u.offset and j.level == LANE)


def _merge(states: list[dict[str, U]], cond: U, assigned: frozenset[str]) -> dict[str, U]:
    """Where paths meet: each local takes the join of its levels on the paths; one assigned between
    the branch and this point also varies as much as the condition that chose the path."""
    out = dict(states[0])
    for st in states[1:]:
        if st is states[0]:
            continue
        for v, u in st.items():
            old = out.get(v)
            if old is not u:
                out[v] = u if old is None else _join_keep_tid(old, u)
    if cond.level > BLOCK:
        for v in assigned:
            if v in out:
                out[v] = join(out[v], cond)
    return out


def _assigned(s: object) -> frozenset[str]:
    """The locals a statement or expression assigns (declares, `=`, `+=`, `++`), nested ones included."""
    found: set[str] = set()
    stack: list[object] = [s]
    while stack:
        n = stack.pop()
        if isinstance(n, ir.Decl):
            found.add(n.var)
        elif isinstance(n, (ir.Assign, ir.IncDec)) and isinstance(n.target, (ir.VarRef, ir.LocalField)):
            found.add(n.target.var)
        fields = getattr(n, "__dataclass_fields__", None)
        if fields:
            for f in fields:
                v = getattr(n, f)
                if isinstance(v, tuple):
                    stack.extend(x for x in v if hasattr(x, "__dataclass_fields__"))
                elif hasattr(v, "__dataclass_fields__") and not isinstance(v, (ir.Span, ir.Symbol, ir.CType)):
                    stack.append(v)
    return frozenset(found)


def _terms(e: ir.Expr, sign: int, out: list[tuple[int, object, ir.Expr]]) -> None:
    """`e` as signed summands (`a + b - c` -> +a, +b, -c), each with its structural key."""
    while isinstance(e, ir.Cast):
        e = e.operand
    if isinstance(e, ir.BinOp) and e.op in ("+", "-"):
        _terms(e.lhs, sign, out)
        _terms(e.rhs, sign if e.op == "+" else -sign, out)
    else:
        out.append((sign, ir.without_spans(e), e))


def _uncast(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast):
        e = e.operand
    return e


def _uniform_trip_count(s: ir.Loop, level) -> bool:
    """`for (i = A; i < B; i += k)` where the thread terms of A and B cancel in B - A (`i = tid;
    i < tid + n`) and k is uniform: every thread runs the same number of iterations."""
    init = s.init
    if isinstance(init, ir.Block) and len(init.body) == 1:
        init = init.body[0]
    if isinstance(init, ir.Decl) and init.init is not None:
        var, start = init.var, init.init
    elif isinstance(init, ir.ExprStmt) and isinstance(init.expr, ir.Assign) and init.expr.op == "=" \
            and isinstance(init.expr.target, ir.VarRef):
        var, start = init.expr.target.var, init.expr.value
    else:
        return False
    cond, step = s.cond, s.step
    if not isinstance(cond, ir.BinOp) or cond.op not in ("<", "<=", ">", ">="):
        return False
    lhs, rhs = _uncast(cond.lhs), _uncast(cond.rhs)
    if isinstance(lhs, ir.VarRef) and lhs.var == var:
        bound = cond.rhs
    elif isinstance(rhs, ir.VarRef) and rhs.var == var:
        bound = cond.lhs
    else:
        return False
    if isinstance(step, ir.IncDec):
        stepped = isinstance(step.target, ir.VarRef) and step.target.var == var
    elif isinstance(step, ir.Assign):  # `i += k` arrives as i = i + k
        stepped = isinstance(step.target, ir.VarRef) and step.target.var == var and step.op in ("+", "-", "+=", "-=") \
            and isinstance(step.value, ir.BinOp) and level(step.value.rhs).level == BLOCK
    else:
        stepped = False
    if not stepped:
        return False
    terms: list[tuple[int, object, ir.Expr]] = []
    _terms(bound, 1, terms)
    _terms(start, -1, terms)
    left = list(terms)
    for t in terms:
        twin = next((x for x in left if x[0] == -t[0] and x[1] == t[1]), None)
        if t in left and twin is not None:
            left.remove(t)
            left.remove(twin)
    return all(level(e).level == BLOCK for _, _, e in left)


def _is_block_dim_x(e: ir.Expr | None) -> bool:
    return isinstance(e, ir.Builtin) and e.name == "blockDim.x"


def _stride(e: ir.Expr | None, block_x: int | None) -> object:
    """What a block stride is: "blockDim.x", or a constant at least as wide as every launch's block
    (`i += TB_SIZE` of a kernel launched with TB_SIZE threads: every thread starts in the first
    stride), as its value; None for anything else."""
    e = _uncast(e) if e is not None else None
    if _is_block_dim_x(e):
        return "blockDim.x"
    if isinstance(e, ir.Const) and isinstance(e.value, int) and block_x is not None and 0 < block_x <= e.value:
        return e.value
    return None


def _block_stride_over_whole_blocks(s: ir.Loop, values: dict[str, ir.Expr], level,
                                    block_x: int | None = None) -> bool:
    """`for (i = threadIdx.x; i < B; i += S)` with B = S * q (q block-uniform, read through a local
    declared with it) and S blockDim.x, or a constant no narrower than the block of every launch
    read: thread t < S runs the iterations t, t + S, ... below S * q, q of them for every t
    (FasterTransformer's padded loops around a block scan: `padded = blockDim.x * ((n +
    blockDim.x - 1) / blockDim.x)`, and find_context_dups's `i += TB_SIZE` launched with TB_SIZE
    threads)."""
    init = s.init.body[0] if isinstance(s.init, ir.Block) and len(s.init.body) == 1 else s.init
    if isinstance(init, ir.Decl) and init.init is not None:
        var, start = init.var, init.init
    elif isinstance(init, ir.ExprStmt) and isinstance(init.expr, ir.Assign) and isinstance(init.expr.target, ir.VarRef):
        var, start = init.expr.target.var, init.expr.value
    else:
        return False
    if not (isinstance(_uncast(start), ir.Builtin) and _uncast(start).name == "threadIdx.x"):
        return False
    cond, step = s.cond, s.step
    if not isinstance(cond, ir.BinOp) or cond.op != "<" or not (isinstance(_uncast(cond.lhs), ir.VarRef)
                                                                and _uncast(cond.lhs).var == var):
        return False
    if not (isinstance(step, ir.Assign) and isinstance(step.target, ir.VarRef) and step.target.var == var
            and isinstance(step.value, ir.BinOp) and step.value.op == "+"):
        return False
    stride = _stride(step.value.rhs, block_x)
    if stride is None:
        return False
    bound = _uncast(cond.rhs)
    for _ in range(3):  # through a local or two
        if isinstance(bound, ir.VarRef) and bound.var in values:
            bound = _uncast(values[bound.var])
    if not (isinstance(bound, ir.BinOp) and bound.op == "*"):
        return False
    factors = (_uncast(bound.lhs), _uncast(bound.rhs))
    other = factors[1] if _stride(factors[0], block_x) == stride else \
        factors[0] if _stride(factors[1], block_x) == stride else None
    return other is not None and level(other).level == BLOCK


def _hint(lv: ir.Expr) -> str:
    """`name` of the variable an lvalue lands in, or plain words when it has none (never an empty name)."""
    name = ir.root_name(lv, "")
    return f"`{name}`" if name and name != "?" else "memory"
