"""Data that makes a data-dependent shared access conflict, searched by sampling (SMEM003, issue 26).

A shared access whose lane addresses depend on data cannot be costed from the source; it is worth
a finding only if some data the program can hold makes it conflict. This module evaluates the
access's address for the 32 lanes of a warp under sampled data: every value the analysis cannot
know (a kernel parameter, a block-uniform local, a loaded element, a block index) is drawn, from
mixes that include the shapes data takes in practice (small integers, single bits, powers of two,
all lanes equal), and the warp-collective calls (`__ballot_sync`, `__popc`, `__activemask`, the
shuffles) are evaluated across the lanes. The address is followed through the locals of the
function, in source order, from its start to the access: an `if` on a lane-varying condition
merges its two sides lane by lane, a loop that holds the access is entered once with its loop
carried block-uniform locals drawn.

`witness` answers with the most wavefronts a sample gave: more than 1 is a witness (the finding
stands); exactly 1 for every sample (Learn-CUDA's warp radix sort: `s_data[pos - 1 + offset]`, `pos` a
rank computed from ballots, a permutation of 32 consecutive words whatever the data) clears it;
None where the address could not be followed (the finding stands as before).
"""
from __future__ import annotations

import bisect

import numpy as np

from .. import ir
from ..symbolic.uniformity import BLOCK, KernelUniformity

SAMPLES = 256
LANES = np.arange(32, dtype=np.int64)


class _Fail(Exception):
    """An expression the sampler does not follow."""


class Reach:
    """For every node of a function body (by id): whether an access site is under it, and whether a
    `return`, `break` or `continue` is. Built once per body; the sampler asks both of every
    statement on its path, for every sample (asking by walking made a body of many thousand
    statements cost minutes: HeCBench segsort's bitonic kernels). A node's subtree is a range of
    the body's preorder: a site is under it when one of the site's accesses falls in the range."""

    def __init__(self, body: ir.Stmt):
        order: list[object] = []
        kids: list[list[object]] = []
        self.first: dict[int, int] = {}
        stack: list[object] = [body]
        while stack:  # a stack's preorder: every subtree is contiguous
            n = stack.pop()
            self.first[id(n)] = len(order)
            order.append(n)
            ch = list(ir.children(n))
            kids.append(ch)
            stack.extend(ch)
        self.size: dict[int, int] = {}
        for n, ch in zip(reversed(order), reversed(kids)):
            self.size[id(n)] = 1 + sum(self.size[id(c)] for c in ch)
        self.at: dict[int, list[int]] = {}  # site -> the preorder positions of its accesses, ascending
        for i, n in enumerate(order):
            if isinstance(n, ir.Access):
                self.at.setdefault(n.site, []).append(i)
        self.exits = ir.holding(body, lambda n: isinstance(n, (ir.Return, ir.Break, ir.Continue)))
        self._assigned: dict[int, set[str]] = {}

    def assigned(self, n: object) -> set[str]:
        """ir.assigned_vars of a node, kept: every sample forgets the same statements."""
        got = self._assigned.get(id(n))
        if got is None:
            got = self._assigned[id(n)] = ir.assigned_vars(n)
        return got

    def holds(self, n: object, site: int) -> bool:
        lo = self.first.get(id(n))
        if lo is None:  # not a node of this body
            return any(isinstance(x, ir.Access) and x.site == site for x in ir.walk(n))
        places = self.at.get(site)
        if not places:
            return False
        i = bisect.bisect_left(places, lo)
        return i < len(places) and places[i] < lo + self.size[id(n)]

    def exits_in(self, n: object) -> bool:
        if id(n) not in self.first:
            return any(isinstance(x, (ir.Return, ir.Break, ir.Continue)) for x in ir.walk(n))
        return id(n) in self.exits



def _wrap(v, t: ir.CType | None):
    """`v` as a value of C type `t` (two's complement wrap-around of integers)."""
    if t is None or t.kind not in ("int",) or not t.bytes or t.bytes >= 8:
        return v
    if t.spelling in ("bool", "_Bool"):
        return (np.asarray(v) != 0).astype(np.int64)
    bits = 8 * t.bytes
    v = np.asarray(v, dtype=np.int64) & ((1 << bits) - 1)
    if t.signed:
        v = np.where(v >= 1 << (bits - 1), v - (1 << bits), v)
    return v


def _popc(v) -> np.ndarray:
    v = np.asarray(v, dtype=np.int64) & 0xFFFFFFFF
    return np.array([bin(int(x)).count("1") for x in np.broadcast_to(v, (32,))], dtype=np.int64)


class _Sample:
    """One draw: the lanes' values of every unknown, drawn when first asked."""

    def __init__(self, rng: np.random.Generator, un: KernelUniformity, fkey: str, kernel: ir.Kernel,
                 block: tuple[int, int, int]):
        self.rng, self.un, self.fkey, self.kernel = rng, un, fkey, kernel
        self.drawn: dict[object, object] = {}
        self.active = np.ones(32, dtype=bool)
        warps = max(1, block[0] * block[1] * block[2] // 32)
        w = int(rng.integers(0, warps))
        flat = w * 32 + LANES
        self.tid = {"threadIdx.x": flat % block[0], "threadIdx.y": (flat // block[0]) % block[1],
                    "threadIdx.z": flat // (block[0] * block[1])}
        self.block = block

    def scalar(self, key: object) -> int:
        if key not in self.drawn:
            kind = self.rng.integers(0, 3)
            self.drawn[key] = int(self.rng.integers(0, 1 << 32)) if kind == 0 else \
                1 << int(self.rng.integers(0, 32)) if kind == 1 else int(self.rng.integers(0, 65))
        return self.drawn[key]  # type: ignore[return-value]

    def data(self, key: object) -> np.ndarray:
        if key not in self.drawn:
            kind = self.rng.integers(0, 4)
            self.drawn[key] = self.rng.integers(0, 1 << 32, 32) if kind == 0 else \
                self.rng.integers(0, 32, 32) if kind == 1 else self.rng.integers(0, 2, 32) if kind == 2 else \
                np.full(32, self.rng.integers(0, 1 << 32))
        return self.drawn[key]  # type: ignore[return-value]

    def uniform_var(self, var: str) -> bool:
        u = self.un.env.get(self.fkey, {}).get(var)
        if u is None and self.fkey == self.kernel.key and any(p.var == var for p in self.kernel.params):
            return True  # a kernel parameter never assigned: the same in every thread
        return u is not None and u.level == BLOCK


class _Eval:
    def __init__(self, s: _Sample, reach: Reach):
        self.s, self.reach = s, reach
        self.env: dict[str, object] = {}

    def expr(self, e: ir.Expr):
        s = self.s
        if isinstance(e, ir.Const):
            return e.value
        if isinstance(e, ir.Builtin):
            if e.name in s.tid:
                return s.tid[e.name]
            if e.name.startswith("blockDim."):
                return s.block["xyz".index(e.name[-1])]
            if e.name in ("warpSize",):
                return 32
            if e.name == "laneid":
                return LANES
            if e.name.startswith(("blockIdx.", "gridDim.")):
                return s.scalar(e.name)
            raise _Fail(e.name)
        if isinstance(e, ir.VarRef):
            if e.var in self.env:
                v = self.env[e.var]
                if v is None:
                    raise _Fail(e.name)
                return v
            if s.uniform_var(e.var):
                return _wrap(s.scalar(e.var), e.ctype)
            raise _Fail(e.name)
        if isinstance(e, ir.Cast):
            return _wrap(self.expr(e.operand), e.ctype)
        if isinstance(e, ir.UnOp):
            v = np.asarray(self.expr(e.operand), dtype=np.int64)
            out = {"-": lambda: -v, "+": lambda: v, "~": lambda: ~v, "!": lambda: (v == 0).astype(np.int64)}.get(e.op)
            if out is None:
                raise _Fail(e.op)
            return _wrap(out(), e.ctype)
        if isinstance(e, ir.BinOp):
            return _wrap(self.binop(e), e.ctype)
        if isinstance(e, ir.Select):
            c = np.asarray(self.expr(e.cond)) != 0
            return np.where(c, self.expr(e.then), self.expr(e.other))
        if isinstance(e, ir.Call):
            return _wrap(self.call(e), e.ctype)
        if isinstance(e, ir.Access) and e.op == "ld":
            u = s.un.site(e.site)
            if u is not None and u.level == BLOCK:
                return _wrap(s.scalar(("site", e.site)), e.ctype)
            return _wrap(s.data(("site", e.site)), e.ctype)
        if isinstance(e, ir.Assign) and isinstance(e.target, ir.VarRef):
            v = _wrap(self.expr(e.value), e.target.ctype)
            self.env[e.target.var] = self._merge(e.target.var, v)
            return v
        if isinstance(e, ir.IncDec) and isinstance(e.target, ir.VarRef):
            old = self.expr(e.target)
            v = _wrap(np.asarray(old) + e.delta, e.target.ctype)
            self.env[e.target.var] = self._merge(e.target.var, v)
            return v if e.prefix else old
        raise _Fail(type(e).__name__)

    def _merge(self, var: str, v):
        """An assignment under a lane mask keeps the other lanes' value; with none, the inactive
        lanes' values do not matter (the `if`'s join takes each lane from its own side, and an
        unknown from a side that did not assign)."""
        old = self.env.get(var)
        if self.s.active.all() or old is None:
            return v
        return np.where(self.s.active, v, old)

    def binop(self, e: ir.BinOp):
        if e.op in ("&&", "||"):
            a = np.asarray(self.expr(e.lhs)) != 0
            b = np.asarray(self.expr(e.rhs)) != 0
            return (a & b if e.op == "&&" else a | b).astype(np.int64)
        a = np.asarray(self.expr(e.lhs), dtype=np.int64)
        b = np.asarray(self.expr(e.rhs), dtype=np.int64)
        op = e.op
        if op in ("/", "%"):
            if np.any(b == 0):
                raise _Fail("division by zero")
            q = np.trunc(a / b).astype(np.int64) if e.ctype.signed else a // b
            return q if op == "/" else a - q * b
        if op in ("<<", ">>"):
            if np.any((b < 0) | (b >= 64)):
                raise _Fail("shift")
            return a << b if op == "<<" else a >> b
        table = {"+": np.add, "-": np.subtract, "*": np.multiply, "&": np.bitwise_and, "|": np.bitwise_or,
                 "^": np.bitwise_xor, "<": np.less, ">": np.greater, "<=": np.less_equal,
                 ">=": np.greater_equal, "==": np.equal, "!=": np.not_equal}
        if op not in table:
            raise _Fail(op)
        return np.asarray(table[op](a, b), dtype=np.int64)

    def call(self, e: ir.Call):
        name = e.name
        args = e.args
        active = int(sum(1 << i for i in range(32) if self.s.active[i]))
        if name == "__activemask":
            return active
        if name in ("__popc", "__popcll") and len(args) == 1:
            return _popc(self.expr(args[0]))
        if name in ("__ballot_sync", "__ballot", "__any_sync", "__all_sync") and args:
            p = np.broadcast_to(np.asarray(self.expr(args[-1])) != 0, (32,)) & self.s.active
            if name == "__any_sync":
                return int(p.any())
            if name == "__all_sync":
                return int(p[self.s.active].all())
            return int(sum(1 << i for i in range(32) if p[i]))
        if name in ("min", "max", "umin", "umax") and len(args) == 2:
            a, b = self.expr(args[0]), self.expr(args[1])
            return np.minimum(a, b) if "min" in name else np.maximum(a, b)
        if name in ("__shfl_sync", "__shfl_xor_sync", "__shfl_up_sync", "__shfl_down_sync") and len(args) >= 3:
            v = np.broadcast_to(np.asarray(self.expr(args[1]), dtype=np.int64), (32,))
            k = np.broadcast_to(np.asarray(self.expr(args[2]), dtype=np.int64), (32,))
            src = {"__shfl_sync": k % 32, "__shfl_xor_sync": (LANES ^ k) % 32,
                   "__shfl_up_sync": np.where(LANES - k >= 0, LANES - k, LANES),
                   "__shfl_down_sync": np.where(LANES + k < 32, LANES + k, LANES)}[name]
            return v[src]
        raise _Fail(name)

    # ------------------------------------------------------------ statements

    def run(self, st: ir.Stmt | None, target: int) -> bool:
        """Execute `st` in order; True when the access `target` was reached (its address then
        stays in `self.found`)."""
        if st is None:
            return False
        if isinstance(st, ir.Block):
            return any(self.run(x, target) for x in st.body)
        if isinstance(st, ir.Decl):
            if st.init is not None:
                if self._holds(st.init, target):
                    return self._address(st.init, target)
                try:
                    self.env[st.var] = _wrap(self.expr(st.init), st.ctype)
                except _Fail:
                    self.env[st.var] = None
            else:
                self.env[st.var] = None
            return False
        if isinstance(st, ir.ExprStmt):
            if self._holds(st.expr, target):
                return self._address(st.expr, target)
            try:
                self.expr(st.expr)
            except _Fail:  # a store, a call not followed: only the locals it assigns become unknown
                self._forget(st)
            return False
        if isinstance(st, ir.If):
            return self._if(st, target)
        if isinstance(st, ir.Loop):
            return self._loop(st, target)
        if isinstance(st, (ir.Barrier,)):
            return False
        if self._holds(st, target):
            raise _Fail(type(st).__name__)
        # a statement that leaves the straight path (return, break, continue) or is not followed:
        # what it assigns is unknown from here on
        self._forget(st)
        return False

    def _forget(self, st: ir.Stmt) -> None:
        for var in self.reach.assigned(st):
            self.env[var] = None if not self.s.uniform_var(var) else _wrap(self.s.scalar(("after", var)), None)

    def _if(self, st: ir.If, target: int) -> bool:
        if self.reach.exits_in(st):
            if self._holds(st, target):
                raise _Fail("an exit beside the access")
            self._forget(st)
            return False
        c = np.broadcast_to(np.asarray(self.expr(st.cond)) != 0, (32,))
        saved_active, saved_env = self.s.active, dict(self.env)
        for side, lanes in ((st.then, c), (st.other, ~c)):
            if side is not None and self._holds(side, target):
                self.s.active = saved_active & lanes
                return self.run(side, target)
        # both sides, lane by lane
        self.s.active = saved_active & c
        self.run(st.then, target)
        then_env, self.env = self.env, dict(saved_env)
        self.s.active = saved_active & ~c
        self.run(st.other, target)
        self.s.active = saved_active
        for var in set(then_env) | set(self.env):
            a, b = then_env.get(var), self.env.get(var)
            self.env[var] = None if a is None or b is None else np.where(c, a, b)
        return False

    def _loop(self, st: ir.Loop, target: int) -> bool:
        if not self._holds(st, target):
            self._forget(st)
            return False
        if st.init is not None:
            self.run(st.init, target)
        # the trip the access is in: what the loop changes is whatever an earlier trip left
        for var in self.reach.assigned(st.body) | (self.reach.assigned(st.step) if st.step is not None else set()):
            self.env[var] = _wrap(self.s.scalar(("trip", var)), None) if self.s.uniform_var(var) else None
        return self.run(st.body, target)

    def _holds(self, n: object, target: int) -> bool:
        return self.reach.holds(n, target)

    def _address(self, e: ir.Expr, target: int) -> bool:
        acc = next(x for x in ir.walk(e) if isinstance(x, ir.Access) and x.site == target)
        self.found = self._bytes(acc.lvalue)
        return True

    def _bytes(self, lv: ir.Expr):
        """The byte offset of an lvalue into its shared array."""
        if isinstance(lv, ir.Subscript):
            base = _uncast(lv.base)
            off = np.asarray(self.expr(lv.index), dtype=np.int64) * lv.step
            if isinstance(base, ir.SymbolRef):
                return off
            if isinstance(base, ir.Subscript):
                return self._bytes(base) + off
        raise _Fail("lvalue")


def _uncast(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast):
        e = e.operand
    return e


def wavefronts(byte_offsets: np.ndarray, active: np.ndarray, width: int) -> int:
    """Wavefronts of one request of 32 lanes of at most 4 bytes each: the most distinct words of a bank."""
    words = (np.broadcast_to(byte_offsets, (32,))[active] & 0xFFFFFFFF) // 4
    if not len(words):
        return 0
    banks: dict[int, set[int]] = {}
    for w in words.tolist():
        banks.setdefault(w % 32, set()).add(w)
    return max(len(v) for v in banks.values())


def witness(un: KernelUniformity, kernel: ir.Kernel, fkey: str, body: ir.Stmt, site: int, width: int,
            block: tuple[int, int, int] | None, seed: int = 26, reach: Reach | None = None) -> int | None:
    """The most wavefronts one request of the access took under sampled data (more than 1: data
    that conflicts exists), or None when the address cannot be followed. `reach`: the body's
    Reach, when the caller keeps one for its many sites."""
    if width > 4 or block is None or (block[0] * block[1] * block[2]) % 32:
        return None
    reach = reach if reach is not None else Reach(body)
    rng = np.random.default_rng(seed)
    worst = 0
    for _ in range(SAMPLES):
        s = _Sample(rng, un, fkey, kernel, block)
        ev = _Eval(s, reach)
        try:
            with np.errstate(all="ignore"):
                if not ev.run(body, site):
                    return None
                worst = max(worst, wavefronts(ev.found, s.active, width))
        except (_Fail, OverflowError, ValueError, IndexError, TypeError):
            return None
        if worst > 1:
            return worst
    return worst or None
