"""Calls that return a reference into memory (issue 29: tiny-cuda-nn's `MatrixView<T>::operator()(i, j)`,
a `view.at(i)`): `data_out(j, i) = v` stores to, and `x = data_in(j, i)` loads from, the element
the callee's `return data[i * stride_i + j * stride_j];` designates. The callee is lowered a second
time as a function returning that element's address (its `return E;` returns `&E`), and the call
site is `*f(args)`: the access is the caller's (its line, its op), its address the callee's.

Only where every `return` of the callee designates memory reached through a pointer (a pointer's
element or field, a `__shared__` array's element): a reference to the object itself (`return *this;`)
or to a local array (`return v[i];` of a small vector held in registers) keeps the call as it was.
Assignment operators are not followed (a struct's `operator=` returns its own object).
"""
from __future__ import annotations

import clang.cindex as ci

from .. import ir
from ..cursors.nodes import in_system_header
from ..host.launches import template_arg
from . import objects
from .types import pointer_to, scalar_reference

K = ci.CursorKind
_FOLLOWED = (K.CXX_METHOD, K.FUNCTION_DECL)
_SKIPPED_OPERATORS = ("operator=", "operator+=", "operator-=", "operator*=", "operator/=", "operator%=", "operator&=",
                      "operator|=", "operator^=", "operator<<=", "operator>>=", "operator<<", "operator>>",
                      "operator++", "operator--", "operator*", "operator->")


def _in_memory(lv: ir.Expr) -> bool:
    """Does the lvalue designate memory reached through a pointer or a `__shared__`/`__device__` symbol
    (not a local object, not a local array)?"""
    while True:
        if isinstance(lv, ir.Deref):
            return True
        if isinstance(lv, ir.Subscript):
            base = lv.base
            while isinstance(base, ir.Cast):
                base = base.operand
            if isinstance(base, (ir.VarRef, ir.LocalField)) and base.ctype.kind == "array":
                return False  # a local array's element (decayed to a pointer)
            return base.ctype.kind in ("ptr", "array")
        if isinstance(lv, ir.Member):
            if lv.arrow:
                return True
            lv = lv.base
            continue
        return False


def address_of_return(low, c: ci.Cursor) -> ir.Expr:
    """The value a `return E;` gives in a function lowered to return addresses: `&E`, or an unknown
    value (and the function marked unusable) where E does not designate memory."""
    lv = low.lvalue(c)
    if not _in_memory(lv):
        low.address_failed = True
        return ir.Opaque(pointer_to(lv.ctype), "a reference to an object not in memory", uniform=None)
    return ir.AddrOf(pointer_to(lv.ctype), lv)


def _address_function(ex, defn: ci.Cursor, lowerer_class) -> str | None:
    """The key of `defn` lowered to return the address of what it returns (None if it cannot)."""
    key = (defn.get_usr() or ex.decl_key(defn)) + "#address"
    if defn.kind == K.FUNCTION_DECL and defn.get_num_template_arguments() > 0:
        key += "<" + ",".join(template_arg(defn, i) for i in range(defn.get_num_template_arguments())) + ">"
    if defn.kind != K.FUNCTION_DECL and defn.semantic_parent is not None:  # a method of which class
        key += "@" + defn.semantic_parent.type.spelling
    failed = ex.__dict__.setdefault("_no_address", set())
    if key in ex.functions or key in ex._lowering or key in failed:
        return key if key in ex.functions else None
    ex._lowering.add(key)
    try:
        low = lowerer_class(ex, key)
        low.returns_address = True
        params = tuple(low.param(p) for p in ex.parameters(defn))
        body_c = next((ch for ch in ex.children(defn) if ch.kind == K.COMPOUND_STMT), None)
        this = objects.object_of(defn)
        if this is not None:
            low.this = ir.Param(key + "#this", "this", ex.ctype(this.type))
            params = (low.this, *params)
        body = low.stmt(body_c) if body_c is not None else ir.Block(None, ())
        if not isinstance(body, ir.Block):
            body = ir.Block(body.span, (body,))
        ok = not low.address_failed
    finally:
        ex._lowering.discard(key)
    if not ok:
        failed.add(key)
        return None
    result = pointer_to(ex.ctype(defn.result_type.get_pointee()))
    ex.functions[key] = ir.Function(key, defn.spelling, params, body, result)
    return key


def reference_lvalue(low, c: ci.Cursor, ct: ir.CType) -> ir.Expr | None:
    """`*f&(args)` for a call `c` of a device function or method returning an lvalue reference into
    memory, whose body is followed; None where the call is not one (then it is lowered as before)."""
    ref = low.ex.referenced(c)
    name = c.spelling
    if ref is None or ref.kind not in _FOLLOWED or name in _SKIPPED_OPERATORS:
        return None
    try:
        if ref.result_type.kind != ci.TypeKind.LVALUEREFERENCE:
            return None
        defn = ref.get_definition()
    except Exception:  # noqa: BLE001
        return None
    if defn is None or in_system_header(defn) or defn.kind not in _FOLLOWED or \
            not any(ch.kind == K.COMPOUND_STMT for ch in low.ex.children(defn)):
        return None
    key = _address_function(low.ex, defn, type(low))
    if key is None:
        return None
    args_c = low.ex.arguments(c)
    method = objects.object_of(defn) is not None
    obj = None
    if method and name.startswith("operator"):  # `view(i, j)`: the object is the call's first argument
        if not args_c:
            return None
        obj, args_c = args_c[0], args_c[1:]
    elif method:
        obj = low.method_object(c)
    params = low._parameters(ref)
    args = low.arguments(args_c, params)
    sp = low.span(c)
    ptr = pointer_to(ct)
    if not method:
        return ir.Deref(ct, ir.Call(ptr, name, args, key, sp), sp)
    this, after = objects.object_argument(low, obj, defn)
    call: ir.Expr = ir.Call(ptr, name, (this, *args), key, sp)
    if after is not None:
        call = ir.BinOp(ptr, ",", after, call)
    return ir.Deref(ct, call, sp)


def static_cast_lvalue(low, c: ci.Cursor, ct) -> ir.Expr | None:
    """`static_cast` of a struct to its own type or to a base class that is all of it (CuTe's
    `static_cast<S&&>(s).first_`, `static_cast<tuple<Shape, Stride> const&>(*this)`): the same object,
    a variable where it is one (was: memory of unknown place); None where the cast is not one."""
    if ct.kind != "record" or ct.bytes <= 0:
        return None
    inner = [x for x in low.ex.children(c) if x.kind.is_expression()]
    if not inner or low.ex.ctype(inner[-1].type).kind != "record" or low.ex.ctype(inner[-1].type).bytes != ct.bytes:
        return None
    base = low.lvalue(inner[-1])
    if isinstance(base, (ir.VarRef, ir.LocalField, ir.Subscript, ir.Deref, ir.Member)):
        return base
    return ir.Opaque(ct, "memory designated by a static_cast", (base,), uniform=False)


def written_back(low, args_c: list[ci.Cursor], params: list[ci.Cursor]) -> tuple[ir.Expr | None, ...]:
    """ir.Call.outs for a call of a device function: the caller's local variable (or struct variable's
    field) bound to each scalar `T &` parameter, which the callee's writes change (HeCBench rainflow's
    `Extrema(history, n, extrema, extrema_length)` sets `result_length = eidx + 1`); () when there is
    none. An element in memory bound to one (`f(a[i])`) is left a copy, as before."""
    outs: list[ir.Expr | None] = []
    for i, a in enumerate(args_c):
        lv = None
        if i < len(params) and scalar_reference(params[i].type):
            lv = low.lvalue(a)
            if not isinstance(lv, (ir.VarRef, ir.LocalField)) or lv.ctype.kind in ("array", "record"):
                lv = None
        outs.append(lv)
    return tuple(outs) if any(o is not None for o in outs) else ()
