"""Record variables initialised field by field (HeCBench eikonal's `dim3 idx(tx + 1, ty + 1, tz + 1)`):
lowered as one local variable per field, so an address computed from `idx.x` is as predictable as
one from `tx + 1`, not "the address depends on struct value"."""
from __future__ import annotations

import clang.cindex as ci

from .. import ir
from ..ir import CType, Span

K = ci.CursorKind
T = ci.TypeKind


def fieldwise(lw, d: ci.Cursor, init: ci.Cursor, ct: CType, sp: Span) -> ir.Block | None:
    """The declaration of record variable `d` (`lw`: the function's lowerer) as a declaration and one
    assignment per field, where `init` gives the fields one by one; None otherwise."""
    fields = _fields(lw, d, init)
    if fields is None:
        return None
    key = lw.ex.decl_key(d)
    return ir.Block(sp, (ir.Decl(sp, key, d.spelling, ct, None), *(
        ir.ExprStmt(sp, ir.Assign(fct, ir.LocalField(fct, key, f"{d.spelling}.{name}", off), value))
        for name, off, fct, value in fields)))


def _fields(lw, d: ci.Cursor, init: ci.Cursor) -> list | None:
    """The fields a record variable's initializer gives one by one, as (name, byte offset, type,
    value): CUDA's `dim3`/`uint3` constructors (`dim3 idx(tx + 1, ty + 1, tz + 1)`, fields left out
    are 1) and brace lists of integers (`int3 p = {x, y, z}`); None for anything else (a copy, a
    constructor the program writes), which stays one struct value."""
    while init.kind == K.UNEXPOSED_EXPR and len(lw.ex.children(init)) == 1:
        init = lw.ex.children(init)[0]
    t = d.type.get_canonical()
    name = t.get_declaration().spelling
    try:
        fields = list(t.get_fields())
    except Exception:  # noqa: BLE001 - an incomplete or dependent type
        return None
    if not fields or any(not lw.ex.ctype(f.type).is_int for f in fields):
        return None
    if init.kind == K.CALL_EXPR and name in ("dim3", "uint3"):
        args = [a for a in init.get_arguments() if a.extent.start.line != 0]  # not default arguments
        if len(args) == 1 and args[0].type.get_canonical().kind == T.RECORD:
            return None  # a copy of another dim3 (`dim3 b(blockDim)`)
    elif init.kind == K.INIT_LIST_EXPR:
        args = [a for a in lw.ex.children(init) if a.kind.is_expression()]
    else:
        return None
    if len(args) > len(fields):
        return None
    out = []
    for i, f in enumerate(fields):
        bits = t.get_offset(f.spelling)
        if bits < 0:
            return None
        fct = lw.ex.ctype(f.type)
        value = lw.expr(args[i]) if i < len(args) else ir.Const(fct, 1 if name == "dim3" else 0)
        out.append((f.spelling, bits // 8, fct, value))
    return out
