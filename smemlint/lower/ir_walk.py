"""Walks over the frozen IR that lowering uses: the nodes under a statement, the variables it assigns,
a rebuilt copy with some nodes replaced, the builtins an expression reads, the struct-field loads
one evaluation surely reads together (extract.py's merging of field loads)."""
from __future__ import annotations

import dataclasses

from .. import ir


def field_loads(e: object) -> list[ir.Access]:
    """Loads in an expression of a scalar field of a struct element in memory (`in[i].x`)."""
    found: list[ir.Access] = []
    stack = [e]
    while stack:
        n = stack.pop()
        if isinstance(n, (tuple, list)):
            stack.extend(n)
            continue
        if isinstance(n, ir.Access) and n.op == "ld" and isinstance(n.lvalue, ir.Member) and not n.lvalue.arrow \
                and n.lvalue.ctype.kind in ("int", "float") and n.lvalue.base.ctype.kind == "record" \
                and isinstance(n.lvalue.base, (ir.Subscript, ir.Deref)):
            found.append(n)
            continue
        if isinstance(n, (ir.Loop, ir.If, ir.Select)):
            continue  # only what one evaluation surely reads together
        fields = getattr(n, "__dataclass_fields__", None)
        if fields:
            stack.extend(getattr(n, f) for f in fields if f not in ("ctype", "span"))
    found.reverse()
    return found


def ir_nodes(e: object) -> list[object]:
    found, stack = [], [e]
    while stack:
        n = stack.pop()
        found.append(n)
        if isinstance(n, tuple):
            stack.extend(n)
            continue
        fields = getattr(n, "__dataclass_fields__", None)
        if fields and not isinstance(n, (ir.CType, ir.Span, ir.Symbol)):
            stack.extend(getattr(n, f) for f in fields)
    return found


def assigned_vars(s: object) -> set[str]:
    return {n.var for n in ir_nodes(s) if isinstance(n, ir.Decl)} | \
        {n.target.var for n in ir_nodes(s) if isinstance(n, (ir.Assign, ir.IncDec)) and isinstance(n.target, ir.VarRef)}


def rebuild(e: object, replace: dict[int, ir.Expr]) -> object:
    """`e` with the nodes whose ids are keys of `replace` replaced (frozen IR: rebuilt upwards)."""
    if id(e) in replace:
        return replace[id(e)]
    if isinstance(e, tuple):
        parts = tuple(rebuild(x, replace) for x in e)
        return parts if any(p is not q for p, q in zip(parts, e)) else e
    fields = getattr(e, "__dataclass_fields__", None)
    if not fields or isinstance(e, ir.CType):
        return e
    changes = {}
    for f in fields:
        v = getattr(e, f)
        nv = rebuild(v, replace)
        if nv is not v:
            changes[f] = nv
    return dataclasses.replace(e, **changes) if changes else e


def builtins_in(node: object) -> set[str]:
    found: set[str] = set()
    stack = [node]
    node_fields = ir.node_fields
    while stack:
        n = stack.pop()
        t = type(n)
        if t is ir.Builtin:
            found.add(n.name)  # type: ignore[attr-defined]
        elif t is tuple or t is list:
            stack.extend(n)  # type: ignore[arg-type]
        else:
            fs = node_fields(t)
            if fs:
                stack.extend([getattr(n, f) for f in fs])
    return found
