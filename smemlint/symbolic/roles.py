"""What a kernel's use of an integer parameter says about the values it takes (issue 30 item 1).

A parameter a thread's index is compared with (`if (i < n)`, `for (i = tid; i < n; i += stride)`)
is the problem's size along that index: the number of elements the grid covers. A value of it
smaller than one block leaves most lanes of the block idle, which is an edge of the problem, not the
steady state a per-line number describes.

The helpers under it (a kernel's local definitions, the locals an index builtin reaches, the
parameters an expression reads through locals) are also what SYNC001 asks of an exit's condition.
"""
from __future__ import annotations

from .. import ir

_RELATIONS = frozenset(("<", "<=", ">", ">="))
_EQUALITIES = frozenset(("==", "!="))
_INDEX_BUILTINS = ("threadIdx", "blockIdx", "laneid")


def definitions(kernel: ir.Kernel) -> dict[str, list[ir.Expr]]:
    """Local variable -> the expressions assigned to it (declarations and plain assignments)."""
    defs: dict[str, list[ir.Expr]] = {}
    for n in ir.walk(kernel.body):
        if isinstance(n, ir.Decl) and n.init is not None:
            defs.setdefault(n.var, []).append(n.init)
        elif isinstance(n, ir.Assign) and isinstance(n.target, ir.VarRef):
            defs.setdefault(n.target.var, []).append(n.value)
    return defs


def dependent_locals(defs: dict[str, list[ir.Expr]], builtins: tuple[str, ...] = _INDEX_BUILTINS) -> set[str]:
    """The locals whose value depends on the `builtins` (by default the thread's or the block's index)."""
    dependent: set[str] = set()
    changed = True
    while changed:
        changed = False
        for var, exprs in defs.items():
            if var not in dependent and any(reads(e, dependent, builtins) for e in exprs):
                dependent.add(var)
                changed = True
    return dependent


def reads(e: object, dependent: set[str], builtins: tuple[str, ...] = _INDEX_BUILTINS) -> bool:
    """Whether `e` reads one of the `builtins` or a local in `dependent`."""
    return any(isinstance(n, ir.Builtin) and n.name.startswith(builtins) or
               isinstance(n, ir.VarRef) and n.var in dependent for n in ir.walk(e))


def params_read(e: object, defs: dict[str, list[ir.Expr]], params: dict[str, str]) -> set[str]:
    """The parameters `e` reads, directly or through the locals computed from them."""
    out: set[str] = set()
    seen: set[str] = set()
    todo = [n.var for n in ir.walk(e) if isinstance(n, ir.VarRef)]
    out |= {n.name for n in ir.walk(e) if isinstance(n, ir.LocalField) and n.var in params}  # `domain.nx`
    while todo:
        v = todo.pop()
        if v in seen:
            continue
        seen.add(v)
        if v in params:
            out.add(params[v])
        for d in defs.get(v, ()):
            todo += [n.var for n in ir.walk(d) if isinstance(n, ir.VarRef)]
            out |= {n.name for n in ir.walk(d) if isinstance(n, ir.LocalField) and n.var in params}
    return out


def _compared(kernel: ir.Kernel, ops: frozenset[str] = _RELATIONS) -> tuple[dict[str, list[ir.Expr]], dict[str, str],
                                                                         list[tuple[ir.Expr, ir.Expr]]]:
    """(definitions, parameter names by variable, (index side, other side) of each `a < b` (or `<=`,
    `>`, `>=`; `ops`) where one side depends on the thread's index and the other does not)."""
    defs = definitions(kernel)
    dependent = dependent_locals(defs)
    params = {p.var: p.name for p in kernel.params}
    pairs = []
    for n in ir.walk(kernel.body):
        if isinstance(n, ir.BinOp) and n.op in ops:
            left, right = reads(n.lhs, dependent), reads(n.rhs, dependent)
            if left != right:
                pairs.append((n.lhs, n.rhs) if left else (n.rhs, n.lhs))
    return defs, params, pairs


def index_bounds(kernel: ir.Kernel) -> frozenset[str]:
    """The names of the parameters a thread-dependent index is compared with: the parameters the
    side of such a comparison that does not depend on the thread reads."""
    defs, params, pairs = _compared(kernel)
    out: set[str] = set()
    for _, other in pairs:
        out |= params_read(other, defs, params)
    return frozenset(out)


def index_offsets(kernel: ir.Kernel) -> frozenset[str]:
    """The names of the parameters that are origins, not sizes: added to a thread-dependent index
    that is compared with a size (`int i = start + threadIdx.x + blockIdx.x * blockDim.x; if (i <
    n)`), or subtracted from a value (`a[i - ifirst]`, `ilast - ifirst + 1`): where an index or a
    range starts, not how many elements there are (index_bounds are never origins). Only what is
    reached through `+` and `-` (through locals) counts: a factor (`row * width + col`) is a
    stride. An index tested for equality counts too (`if (x + domain.x0 == 0)`, HeCBench d3q19-bgk's
    walls: the cell's place in the whole domain)."""
    defs, params, pairs = _compared(kernel, _RELATIONS | _EQUALITIES)
    out: set[str] = set()
    for index, _ in pairs:
        _added(index, defs, params, out, set())
    for n in ir.walk(kernel.body):
        if isinstance(n, ir.BinOp) and n.op == "-" and not isinstance(n.lhs, ir.Const):
            # what is subtracted is an origin: `i - ifirst` (an index from the array's first element),
            # `ilast - ifirst + 1` (an extent from its first index)
            _added(n.rhs, defs, params, out, set())
    return frozenset(out - index_bounds(kernel))


def _added(e: ir.Expr, defs: dict[str, list[ir.Expr]], params: dict[str, str], out: set[str], seen: set[str]) -> None:
    """The parameters `e` adds or subtracts (through locals assigned such sums)."""
    while isinstance(e, ir.Cast) or isinstance(e, ir.UnOp) and e.op in ("-", "+"):
        e = e.operand
    if isinstance(e, ir.BinOp) and e.op in ("+", "-"):
        _added(e.lhs, defs, params, out, seen)
        _added(e.rhs, defs, params, out, seen)
    elif isinstance(e, ir.LocalField) and e.var in params:
        out.add(e.name)  # a field of a by-value struct parameter: `domain.x0`
    elif isinstance(e, ir.VarRef):
        if e.var in params:
            out.add(params[e.var])
        elif e.var not in seen:
            seen.add(e.var)
            for d in defs.get(e.var, ()):
                if not _step_of(d, e.var):
                    _added(d, defs, params, out, seen)


def _step_of(d: ir.Expr, var: str) -> bool:
    """Is `d` the variable `var` moved by a step (`i += stride`, `i = i - s`)? What it adds is a
    stride, not where the index starts (ggml's `for (i2 = tid2; i2 < ne02; i2 += ne2)`: ne2 = 0 made
    the loop endless and `tid23 % ne2` a division by zero)."""
    while isinstance(d, ir.Cast):
        d = d.operand
    if not (isinstance(d, ir.BinOp) and d.op in ("+", "-")):
        return False
    sides = [d.lhs] if d.op == "-" else [d.lhs, d.rhs]
    for side in sides:
        while isinstance(side, ir.Cast):
            side = side.operand
        if isinstance(side, ir.VarRef) and side.var == var:
            return True
    return False

