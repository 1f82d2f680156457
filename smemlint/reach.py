"""Which device code a build runs: the kernels and every function they call, transitively (issue 26
item 3). A device function no kernel of the run calls (pytorch_scatter's `__shfl_up(at::Half)`
overload, which only its ROCm build's `SHFL_UP_SYNC` macro uses) is not compiled into anything the
build launches, so rules about device semantics have nothing to say about it. Code in an inactive
`#if` branch never reaches the analysis: clang does not parse it.
"""
from __future__ import annotations

from collections.abc import Iterator

from . import ir
from .symbolic.cfg import walk_exprs


def statement_exprs(s: ir.Stmt | None) -> Iterator[ir.Expr]:
    """Every expression under statement `s`, nested statements included."""
    stack = [s]
    while stack:
        x = stack.pop()
        if not isinstance(x, ir.Stmt):
            continue
        for f in x.__dataclass_fields__:
            v = getattr(x, f)
            if isinstance(v, ir.Stmt):
                stack.append(v)
            elif isinstance(v, ir.Expr):
                yield from walk_exprs([v])
            elif isinstance(v, (tuple, list)):
                stack.extend(i for i in v if isinstance(i, ir.Stmt))
                yield from walk_exprs([i for i in v if isinstance(i, ir.Expr)])


def reached_functions(unit: ir.TranslationUnit) -> set[str]:
    """Keys of the unit's kernels and of every function they call, directly or not."""
    seen = {k.key for k in unit.kernels}
    todo = [k.body for k in unit.kernels]
    while todo:
        for e in statement_exprs(todo.pop()):
            if isinstance(e, ir.Call) and e.function and e.function not in seen:
                seen.add(e.function)
                f = unit.functions.get(e.function)
                if f is not None:
                    todo.append(f.body)
    return seen


def is_reached(function_key: str, reached: set[str]) -> bool:
    """Whether a function (its USR, as calls.py records the enclosing function) is among `reached`
    (keys that are USRs, or a template's USR followed by its instantiation's arguments)."""
    return function_key in reached or any(k.startswith(function_key) for k in reached)
