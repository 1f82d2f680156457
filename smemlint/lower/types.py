"""The C type of a libclang type, as smemlint's IR knows it (ir.CType): size, signedness, pointee
and element sizes. Only the kinds whose size libclang can tell safely are asked for it."""
from __future__ import annotations

import clang.cindex as ci

from .. import ir
from ..ir import CType

T = ci.TypeKind

_INT_KINDS = {
    T.BOOL: False, T.CHAR_U: False, T.UCHAR: False, T.CHAR16: False, T.CHAR32: False,
    T.USHORT: False, T.UINT: False, T.ULONG: False, T.ULONGLONG: False, T.UINT128: False,
    T.CHAR_S: True, T.SCHAR: True, T.WCHAR: True, T.SHORT: True, T.INT: True, T.LONG: True,
    T.LONGLONG: True, T.INT128: True,
}
_FLOAT_KINDS = {T.FLOAT, T.DOUBLE, T.LONGDOUBLE, T.HALF, T.FLOAT16, T.FLOAT128}
_SIZED_KINDS = set(_INT_KINDS) | _FLOAT_KINDS | {T.ENUM, T.POINTER, T.CONSTANTARRAY, T.INCOMPLETEARRAY,
                                                  T.VARIABLEARRAY, T.DEPENDENTSIZEDARRAY, T.RECORD, T.VOID}


def ctype_of(t: ci.Type) -> CType:
    try:
        t = t.get_canonical()
        kind = t.kind
        if kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
            return ctype_of(t.get_pointee())
        if kind not in _SIZED_KINDS:
            # Never ask libclang the size of other kinds: for the toolkit's pseudo-object
            # `threadIdx.x` type it crashes.
            return CType("other", 0, spelling=t.spelling)
        size = t.get_size()
        spelling = t.spelling
        if kind in _INT_KINDS:
            return CType("int", size, _INT_KINDS[kind], spelling=spelling)
        if kind == T.ENUM:
            return CType("int", size if size > 0 else 4, True, spelling=spelling)
        if kind in _FLOAT_KINDS:
            return CType("float", size, True, spelling=spelling)
        if kind == T.POINTER:
            pointee = t.get_pointee()
            psize = pointee.get_size()
            return CType("ptr", 8, False, psize if psize > 0 else 1, spelling)
        if kind in (T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.VARIABLEARRAY, T.DEPENDENTSIZEDARRAY):
            esize = t.element_type.get_size()
            return CType("array", max(size, 0), False, esize if esize > 0 else 0, spelling)
        if kind == T.RECORD:
            return CType("record", max(size, 0), spelling=spelling, align=max(t.get_align(), 0))
        if kind == T.VOID:
            return CType("void", 0, spelling=spelling)
        return CType("other", max(size, 0), spelling=spelling)
    except Exception:  # noqa: BLE001
        return ir.UNKNOWN_TYPE


def record_reference(t: ci.Type) -> bool:
    """A non-const lvalue reference to a struct, class or union (cub's `TempStorage &`, `Storage &s`):
    a parameter of this type is bound to the caller's object, which the callee reads and writes in
    place (a `const &` is left a copy: it only reads, and its callers pass registers as often as memory)."""
    try:
        t = t.get_canonical()
        if t.kind != T.LVALUEREFERENCE:
            return False
        pointee = t.get_pointee()
        return pointee.get_canonical().kind == T.RECORD and not pointee.is_const_qualified()
    except Exception:  # noqa: BLE001
        return False


def scalar_reference(t: ci.Type) -> bool:
    """A non-const lvalue reference to anything but a struct, class or union (`int &len`, `float *&p`):
    a parameter the callee may write for its caller (`void extrema(..., int &n) { ... n = e + 1; }`)."""
    try:
        t = t.get_canonical()
        if t.kind != T.LVALUEREFERENCE:
            return False
        pointee = t.get_pointee()
        return pointee.get_canonical().kind != T.RECORD and not pointee.is_const_qualified()
    except Exception:  # noqa: BLE001
        return False


def pointer_to(ct: CType) -> CType:
    """The pointer a reference to `ct` is lowered as."""
    return CType("ptr", 8, False, max(ct.bytes, 1), f"{ct.spelling} *")
