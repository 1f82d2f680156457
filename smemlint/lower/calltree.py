"""Which functions a kernel calls, directly or through the file's other functions, and whether a
statement reaches a store through them, read from the IR.

Each function body is walked once per file for the calls it makes (in the order the depth-first walk
meets them, nested under the call whose arguments hold them); a kernel's list is then replayed from
those, instead of walking every reachable body again for every kernel (flash-attention's 16
instances of one CuTe kernel share their helpers).
"""
from __future__ import annotations

import sys

from .. import ir

# one call met by the walk: (function key, the calls in its own arguments and fields)
CallItem = tuple[str, list]


def _calls_in(node: object) -> list[CallItem]:
    """The calls under `node`, in the order a last-in-first-out walk of its fields meets them."""
    out: list[CallItem] = []
    stack: list[tuple[object, list[CallItem]]] = [(node, out)]
    node_fields = ir.node_fields
    while stack:
        n, into = stack.pop()
        t = type(n)
        if t is tuple or t is list:
            stack.extend([(x, into) for x in n])  # type: ignore[attr-defined]
            continue
        if t is ir.Call and n.function is not None:  # type: ignore[attr-defined]
            sub: list[CallItem] = []
            into.append((n.function, sub))  # type: ignore[attr-defined]
            into = sub
        fields = node_fields(t)  # (a symbol's or a type's fields hold no call)
        if fields:
            stack.extend([(getattr(n, f), into) for f in fields])
    return out


def called_functions(body: ir.Stmt, functions: dict[str, ir.Function],
                     memo: dict[str, list[CallItem]]) -> list[str]:
    """Keys of the functions `body` calls, directly or through other functions of the file, in the
    order of a depth-first walk that enters each function's body once, after the call's arguments.
    `memo`: each function's calls, kept for the life of one extraction."""
    found: list[str] = []
    seen: set[str] = set()

    def replay(items: list[CallItem]) -> None:
        for name, sub in items:
            first = name not in seen
            if first:
                seen.add(name)
                found.append(name)
            replay(sub)
            f = functions.get(name) if first else None
            if f is not None:
                if name not in memo:
                    memo[name] = _calls_in(f.body)
                replay(memo[name])

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        replay(_calls_in(body))
    finally:
        sys.setrecursionlimit(limit)
    return found


def reaches_write(root: object, functions: dict[str, ir.Function], known: dict[str, bool],
                  seen: set[str]) -> tuple[bool, bool]:
    """(a store reachable from `root` through the file's `functions`, that answer final). A
    function's final answer is kept in `known` (a CuTe kernel's statements call the same deep bodies
    over and over: flash-attention spent 40 s here); not final where it hung on a function being
    walked (recursion) or not lowered yet."""
    stack: list[object] = [root]
    final = True
    node_fields = ir.node_fields
    while stack:
        n = stack.pop()
        t = type(n)
        if t is tuple:
            stack.extend(n)  # type: ignore[arg-type]
            continue
        if t is ir.Access and n.op != "ld":  # type: ignore[attr-defined]
            return True, True
        if t is ir.Call and n.function:  # type: ignore[attr-defined]
            answer = known.get(n.function)
            if answer:
                return True, True
            if answer is None and n.function in seen:
                final = False  # being walked, or found not final in this walk
            elif answer is None:
                seen.add(n.function)
                f = functions.get(n.function)
                if f is None:
                    return True, False  # a call whose body is not known may write anything
                writes, done = reaches_write(f.body, functions, known, seen)
                if done:
                    known[n.function] = writes
                if writes:
                    return True, done
                final = final and done
        fields = node_fields(t)
        if fields:
            stack.extend([getattr(n, f) for f in fields])
    return False, final


# how a kernel's note names the calls it hands memory to (analysis.py writes it, coverage.py reads it)
UNMODELLED_NOTE = "shared or global memory is passed to calls smemlint does not model: "
_NO_MEMORY_CALLS = frozenset({"printf", "assert", "__assert_fail", "__assertfail"})  # a pointer printed, not read


def unmodelled_memory_calls(kernel: ir.Kernel, functions: dict[str, ir.Function]) -> list[str]:
    """The names of the calls whose bodies are not followed (a library's: cuRAND's `curand_init`,
    declared in a system header) that a kernel, or a function it calls, hands a pointer rooted in
    memory: a pointer parameter, or a `__shared__`/`__device__` object. Asked only of a kernel that shows
    no shared or global access (cuda-samples' `initRNG`, whose whole traffic is `curand_init(seed, tid,
    0, &rngStates[tid])`): it does access memory, the traffic is the library's and is not costed, which
    the coverage says instead of "no shared or global access". A pointer to a local (`&localState`) is not
    memory of the kernel's."""
    bodies: list[tuple[tuple[ir.Param, ...], ir.Stmt]] = [(kernel.params, kernel.body)]
    for key in called_functions(kernel.body, functions, {}):
        f = functions.get(key)
        if f is not None:
            bodies.append((f.params, f.body))
    names: list[str] = []
    for params, body in bodies:
        pointers = {p.var for p in params if p.ctype.kind == "ptr" or p.symbol is not None}
        for n in ir.walk(body):
            # (a call with no name is one clang could not resolve, a missing header's: not said to be a library's)
            if type(n) is ir.Call and n.function is None and n.name and n.name not in _NO_MEMORY_CALLS \
                    and n.name not in names and any(_memory_pointer(a, pointers) for a in n.args):
                names.append(n.name)
    return names


def unmodelled_memory_note(kernel: ir.Kernel, functions: dict[str, ir.Function]) -> list[str]:
    """[the kernel's note naming unmodelled_memory_calls()], or [] where there are none."""
    names = unmodelled_memory_calls(kernel, functions)
    return [UNMODELLED_NOTE + ", ".join(f"`{n}`" for n in names)] if names else []


def _memory_pointer(e: ir.Expr, pointers: set[str]) -> bool:
    if e.ctype.kind != "ptr":
        return False
    for n in ir.walk(e):
        if type(n) is ir.VarRef and n.var in pointers:
            return True
        if type(n) is ir.SymbolRef and n.symbol.space in ("shared", "global"):
            return True
    return False
