"""Loads nvcc executes once per loop instead of once per iteration.

A load inside a loop whose address does not change from one iteration to the next, where nothing
the loop does may overwrite that memory, is read once: before the loop (loop-invariant code
motion), or from the register that holds what the loop itself last stored there (a `tmp[i] +=`
accumulation: the loads of later iterations are forwarded from the store of the one before).
The hardware then executes that load instruction once per entry into the loop, not per iteration.

Measured on the H100 (benchmarks/accuracy/realprograms, ncu per source line, -O3):
- PolyBench's `tmp[i * NJ + j] += alpha * A[i * NK + k] * B[k * NJ + j]` in a loop over k:
  only the `A` and `B` loads execute per iteration (line average 2.5 sectors per request =
  (1 + 4) / 2; with a per-iteration `tmp` load it would be 3.0); the same in 3mm, gemm, atax,
  bicg, mvt, gemver, syrk, doitgen (a strided `A[i * N + j]` beside `x[j]` and `tmp[i]`:
  16.5 = (32 + 1) / 2).
- mini-nbody's `p[j].x - p[i].x` in a loop over j with no store: `p[i].x` is loaded before the
  loop (ncu puts it on the `for` line), the line executes only the `p[j]` loads (1 sector).

Only what the compiler can prove is taken: the load is on every iteration's path (not under an
`if`, `?:`, `&&` or `||`, not in an inner loop or a called function), its address is built from
variables the loop does not assign and contains no load, and the loop stores to no memory the load
may alias except the very same element (two distinct `__shared__` arrays never alias; pointers
may), has no barrier, atomic, asynchronous copy, asm, volatile access or call that is not a pure
function. Everything else is counted per iteration, as before.
"""
from __future__ import annotations

from collections.abc import Iterator

from .. import ir
from .intrinsics import is_pure_function

_BRANCHING_OPS = ("&&", "||")


def _every_iteration_loads(body: ir.Stmt) -> Iterator[ir.Access]:
    """The loads of `body` that each iteration surely executes."""
    stack: list[object] = [body]
    while stack:
        x = stack.pop()
        if isinstance(x, (ir.If, ir.Loop, ir.Select, ir.Call)):
            continue
        if isinstance(x, ir.BinOp) and x.op in _BRANCHING_OPS:
            stack.append(x.lhs)  # the left operand always runs
            continue
        if isinstance(x, ir.Block):
            for s in x.body:
                if isinstance(s, (ir.Return, ir.Break, ir.Continue)):
                    break  # what follows may not run
                stack.append(s)
            continue
        if isinstance(x, ir.Access) and x.op == "ld":
            yield x
        stack.extend(ir.children(x))


def _distinct_shared(a: ir.Expr, b: ir.Expr) -> bool:
    """`a` and `b` are elements of two different `__shared__` arrays (which never overlap)."""
    ra, rb = ir.lvalue_root(a), ir.lvalue_root(b)
    return isinstance(ra, ir.SymbolRef) and isinstance(rb, ir.SymbolRef) and ra.symbol.space == "shared" \
        and rb.symbol.space == "shared" and ra.symbol.key != rb.symbol.key


def hoisted_loads(loop: ir.Loop, volatile_vars: set[str] | frozenset[str] = frozenset()) -> frozenset[int]:
    """Sites of the loads in `loop`'s body that execute once per entry into the loop."""

    parts = [p for p in (loop.body, loop.cond, loop.step) if p is not None]
    stores: list[ir.Access] = []
    for part in parts:
        for x in ir.walk(part):
            if isinstance(x, (ir.Barrier, ir.Unsupported, ir.BulkCopy, ir.AsyncCopy, ir.FragmentAccess)):
                return frozenset()
            if isinstance(x, ir.Call) and (x.function is not None or not is_pure_function(x.name)):
                return frozenset()
            if isinstance(x, ir.Access):
                if x.op == "atomic":
                    return frozenset()
                root = ir.lvalue_root(x.lvalue)
                if isinstance(root, ir.VarRef) and root.var in volatile_vars or \
                        isinstance(root, ir.SymbolRef) and root.symbol.key in volatile_vars:
                    return frozenset()  # every volatile access happens as written
                if x.op == "st":
                    stores.append(x)
    variant = ir.assigned_vars(loop.body) | (ir.assigned_vars(loop.step) if loop.step is not None else set())
    out = set()
    for load in _every_iteration_loads(loop.body):
        address = load.lvalue
        if any(isinstance(x, ir.Access) for x in ir.walk(address) if x is not load):
            continue  # an address read from memory
        used = {x.var for x in ir.walk(address) if isinstance(x, (ir.VarRef, ir.LocalField))}
        if used & variant:
            continue
        key = ir.without_spans(address)
        if all(ir.without_spans(s.lvalue) == key or _distinct_shared(s.lvalue, address) for s in stores):
            out.add(load.site)
    return frozenset(out)
