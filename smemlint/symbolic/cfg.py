"""Control-flow graph of one IR function body.

Nodes are integers; each carries a `kind`:
- "entry" / "exit": one of each; every `return` goes to "exit";
- "stmt": a declaration, expression statement or `return` (attribute `stmt`);
- "branch": an `if` or a loop test (attributes `cond`, `stmt`; a loop without
  a condition still has a branch node, with `cond` None and no exit edge);
- "barrier": an `ir.Barrier` statement (attribute `name`);
- "join": where the two arms of an `if` meet, and a loop's step.

Questions the rules ask of it:
- `control_deps(n)`: the branch nodes `n` is control-dependent on, directly or
  through other branches (post-dominator based);
- `path_avoiding(a, b, blocked)`: is there a path from `a` to `b` that does not
  go through any node in `blocked` (a write reaching a read with no barrier);
- `accesses`: the memory accesses each node evaluates, in order.
"""
from __future__ import annotations

from collections.abc import Iterator

from .. import ir

ENTRY = 0
EXIT = 1


class Graph:
    """A directed graph: what the CFG needs of networkx's DiGraph, with the same order (nodes and
    each node's successors in insertion order, an edge added twice kept once). networkx itself
    cost ~0.13 s of import, a third of the language server's start (issue 16)."""

    def __init__(self) -> None:
        self.nodes: dict[int, dict] = {}  # node -> its attributes (networkx's `nodes[n]`)
        self._succ: dict[int, dict[int, None]] = {}

    def __iter__(self) -> Iterator[int]:
        return iter(self.nodes)

    def __contains__(self, n: object) -> bool:
        return n in self.nodes

    def add_node(self, n: int, **attrs) -> None:
        if n not in self.nodes:
            self.nodes[n] = {}
            self._succ[n] = {}
        self.nodes[n].update(attrs)

    def add_edge(self, a: int, b: int) -> None:
        for n in (a, b):
            if n not in self.nodes:
                self.add_node(n)
        self._succ[a][b] = None

    def successors(self, n: int) -> Iterator[int]:
        return iter(self._succ[n])

    @property
    def edges(self) -> list[tuple[int, int]]:
        return [(a, b) for a, succ in self._succ.items() for b in succ]


def descendants(g: Graph, start: int) -> set[int]:
    """The nodes reachable from `start`, `start` itself excepted (as networkx's)."""
    seen: set[int] = set()
    todo = list(g.successors(start))
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo.extend(g.successors(n))
    seen.discard(start)
    return seen


def immediate_dominators(g: Graph, start: int) -> dict[int, int]:
    """The immediate dominator of every node reachable from `start`, `start` itself excepted
    (Cooper, Harvey and Kennedy, "A simple, fast dominance algorithm", 2006: as networkx does it;
    a node's immediate dominator is unique, so any correct algorithm gives this dict)."""
    # depth-first postorder from start
    order: list[int] = []
    seen = {start}
    stack = [(start, g.successors(start))]
    while stack:
        n, succ = stack[-1]
        for m in succ:
            if m not in seen:
                seen.add(m)
                stack.append((m, g.successors(m)))
                break
        else:
            stack.pop()
            order.append(n)
    dfn = {n: i for i, n in enumerate(order)}
    preds: dict[int, list[int]] = {n: [] for n in order}
    for n in order:
        for m in g.successors(n):
            preds[m].append(n)
    idom: dict[int, int] = {start: start}

    def intersect(u: int, v: int) -> int:
        while u != v:
            while dfn[u] < dfn[v]:
                u = idom[u]
            while dfn[u] > dfn[v]:
                v = idom[v]
        return u

    rest = order[:-1]
    rest.reverse()  # reverse postorder, start left out
    changed = True
    while changed:
        changed = False
        for n in rest:
            new = None
            for p in preds[n]:
                if p in idom:
                    new = p if new is None else intersect(new, p)
            if new is not None and idom.get(n) != new:
                idom[n] = new
                changed = True
    del idom[start]
    return idom


class CFG:
    def __init__(self, body: ir.Stmt):
        self.g = Graph()
        self.g.add_node(ENTRY, kind="entry", stmt=None)
        self.g.add_node(EXIT, kind="exit", stmt=None)
        self._next = 2
        self._loops: list[tuple[int, int]] = []  # (break target, continue target)
        tail = self._build(body, [ENTRY])
        for t in tail:
            self.g.add_edge(t, EXIT)
        self._cd: dict[int, set[int]] | None = None

    # ------------------------------------------------------------ construction

    def _node(self, kind: str, stmt: ir.Stmt | None = None, **attrs) -> int:
        n = self._next
        self._next += 1
        self.g.add_node(n, kind=kind, stmt=stmt, **attrs)
        return n

    def _link(self, preds: list[int], n: int) -> None:
        for p in preds:
            self.g.add_edge(p, n)

    def _build(self, s: ir.Stmt | None, preds: list[int]) -> list[int]:
        """Add `s` after `preds`; return the nodes control leaves it from (fall-through)."""
        if s is None:
            return preds
        if isinstance(s, ir.Block):
            for child in s.body:
                preds = self._build(child, preds)
            return preds
        if isinstance(s, ir.Unsupported):
            for child in s.parts:
                preds = self._build(child, preds)
            return preds
        if isinstance(s, ir.Barrier):
            n = self._node("barrier", s, name=s.name)
            self._link(preds, n)
            return [n]
        if isinstance(s, ir.If):
            b = self._node("branch", s, cond=s.cond)
            self._link(preds, b)
            out = self._build(s.then, [b])
            out_else = self._build(s.other, [b]) if s.other is not None else [b]
            j = self._node("join")
            self._link(out + out_else, j)
            return [j]
        if isinstance(s, ir.Loop):
            preds = self._build(s.init, preds)
            head = self._node("branch", s, cond=s.cond, loop=True)
            step = self._node("join", s, step=s.step)
            after = self._node("join")
            self._loops.append((after, step))
            try:
                if s.do_while:
                    first = self._node("join")
                    self._link(preds, first)
                    body_out = self._build(s.body, [first])
                    self._link(body_out, step)
                    self.g.add_edge(step, head)
                    self.g.add_edge(head, first)
                else:
                    self._link(preds, head)
                    body_out = self._build(s.body, [head])
                    self._link(body_out, step)
                    self.g.add_edge(step, head)
            finally:
                self._loops.pop()
            if s.cond is not None:
                self.g.add_edge(head, after)
            return [after]
        if isinstance(s, ir.Return):
            n = self._node("stmt", s)
            self._link(preds, n)
            self.g.add_edge(n, EXIT)
            return []
        if isinstance(s, ir.Break):
            if self._loops:
                self._link(preds, self._loops[-1][0])
            return []
        if isinstance(s, ir.Continue):
            if self._loops:
                self._link(preds, self._loops[-1][1])
            return []
        n = self._node("stmt", s)
        self._link(preds, n)
        return [n]

    # ------------------------------------------------------------ queries

    def nodes(self, kind: str | None = None) -> Iterator[int]:
        for n, data in self.g.nodes.items():
            if kind is None or data["kind"] == kind:
                yield n

    def kind(self, n: int) -> str:
        return self.g.nodes[n]["kind"]

    def stmt(self, n: int) -> ir.Stmt | None:
        return self.g.nodes[n].get("stmt")

    def control_deps(self, n: int) -> set[int]:
        """Branch nodes deciding whether `n` runs, transitively."""
        if self._cd is None:
            self._cd = self._control_dependence()
        seen: set[int] = set()
        todo = list(self._cd.get(n, ()))
        while todo:
            b = todo.pop()
            if b in seen:
                continue
            seen.add(b)
            todo.extend(self._cd.get(b, ()))
        return seen

    def _control_dependence(self) -> dict[int, set[int]]:
        # The reversed graph without node data: reverse(copy=True) deep-copies every node's IR statement.
        rev = Graph()
        for n in self.g:
            rev.add_node(n)
        for a, b in self.g.edges:
            rev.add_edge(b, a)
        # Nodes that cannot reach the exit (an infinite loop) get an edge to it, so they have a post-dominator.
        reach = descendants(rev, EXIT) | {EXIT}
        for n in list(self.g.nodes):
            if n not in reach:
                rev.add_edge(EXIT, n)
        ipdom = immediate_dominators(rev, EXIT)
        cd: dict[int, set[int]] = {}
        for a, b in self.g.edges:
            if self.kind(a) != "branch":
                continue
            stop = ipdom.get(a)
            runner = b
            guard = 0
            while runner is not None and runner != stop and guard < 100_000:
                cd.setdefault(runner, set()).add(a)
                nxt = ipdom.get(runner)
                if nxt == runner:
                    break
                runner = nxt
                guard += 1
        return cd

    def path_avoiding(self, a: int, b: int, blocked: set[int]) -> bool:
        """A path of at least one edge from `a` to `b` through no node of `blocked` (a and b excepted)."""
        seen: set[int] = set()
        todo = list(self.g.successors(a))
        while todo:
            n = todo.pop()
            if n == b:
                return True
            if n in seen or n in blocked:
                continue
            seen.add(n)
            todo.extend(self.g.successors(n))
        return False

    def _roots(self, n: int) -> list[object]:
        """The expressions node `n` itself evaluates (not those of nested statements)."""
        data = self.g.nodes[n]
        s = data.get("stmt")
        if data["kind"] == "branch":
            return [data.get("cond")]
        if data["kind"] == "join" and data.get("step") is not None:
            return [data["step"]]
        if isinstance(s, ir.Decl):
            return [s.init]
        if isinstance(s, ir.ExprStmt):
            return [s.expr]
        if isinstance(s, ir.Return):
            return [s.value]
        return []

    def exprs(self, n: int) -> list[ir.Expr]:
        """Every expression node `n` itself evaluates (not those of nested statements), in walk order."""
        return list(walk_exprs(self._roots(n)))


_EXPR_FIELDS: dict[type, tuple[str, ...]] = {}


def _expr_fields(t: type) -> tuple[str, ...]:
    """The fields walk_exprs looks into on a node of type `t` (found once per type)."""
    fs = _EXPR_FIELDS.get(t)
    if fs is None:
        if issubclass(t, ir.Stmt) or not hasattr(t, "__dataclass_fields__"):
            fs = ()
        else:  # a store's value is also the Assign's value: walked once
            fs = tuple(f for f in t.__dataclass_fields__
                       if f not in ("ctype", "span", "symbol") and not (f == "value" and issubclass(t, ir.Access)))
        _EXPR_FIELDS[t] = fs
    return fs


def walk_exprs(roots) -> Iterator[ir.Expr]:
    """Every expression under `roots`, parents before children, left to right."""
    stack = list(reversed([r for r in roots if r is not None]))
    expr, seq = ir.Expr, (ir.Expr, tuple, list)
    while stack:
        e = stack.pop()
        t = type(e)
        if t is tuple or t is list:
            stack.extend(reversed(e))
            continue
        if isinstance(e, expr):
            yield e
        fs = _expr_fields(t)
        if fs:
            kids = [v for v in [getattr(e, f) for f in fs] if isinstance(v, seq)]
            stack.extend(reversed(kids))


def walk_accesses(roots) -> Iterator[ir.Access]:
    for e in walk_exprs(roots):
        if isinstance(e, ir.Access):
            yield e
