"""Constant folding and operators, asked of libclang: the value clang computes for an integer
constant expression, and the operator of an operator cursor. Shared by the host side (launch
values) and device lowering.
"""
from __future__ import annotations

import ctypes

import clang.cindex as ci

_lib = ci.conf.lib
_eval = _lib.clang_Cursor_Evaluate
_eval.restype = ctypes.c_void_p
_eval.argtypes = [ci.Cursor]
_lib.clang_EvalResult_getKind.restype = ctypes.c_int
_lib.clang_EvalResult_getKind.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_getAsLongLong.restype = ctypes.c_longlong
_lib.clang_EvalResult_getAsLongLong.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_dispose.argtypes = [ctypes.c_void_p]
unary_operator_kind = _lib.clang_getCursorUnaryOperatorKind
unary_operator_kind.restype = ctypes.c_int
unary_operator_kind.argtypes = [ci.Cursor]
# CXUnaryOperatorKind values
UNARY_OPERATORS = {1: "post++", 2: "post--", 3: "pre++", 4: "pre--", 5: "&", 6: "*", 7: "+", 8: "-", 9: "~", 10: "!"}
BINARY_OPERATORS = {
    "Add": "+", "Sub": "-", "Mul": "*", "Div": "/", "Rem": "%", "Shl": "<<", "Shr": ">>",
    "And": "&", "Or": "|", "Xor": "^", "LT": "<", "GT": ">", "LE": "<=", "GE": ">=", "EQ": "==",
    "NE": "!=", "LAnd": "&&", "LOr": "||", "Comma": ",",
}


def const_value(c: ci.Cursor) -> int | None:
    """The value of an integer constant expression, as clang computes it."""
    try:
        r = _eval(c)
    except Exception:  # noqa: BLE001 - libclang may reject odd cursors
        return None
    if not r:
        return None
    try:
        if _lib.clang_EvalResult_getKind(r) == 1:  # CXEval_Int
            return int(_lib.clang_EvalResult_getAsLongLong(r))
        return None
    finally:
        _lib.clang_EvalResult_dispose(r)


def operator_of(c: ci.Cursor) -> str:
    """The operator of a binary, compound-assignment or unary operator cursor ("+", "*=", "post++").

    Asked of libclang, not read from tokens: inside a macro expansion a cursor's tokens are the
    macro call's."""
    try:
        if c.kind in (ci.CursorKind.BINARY_OPERATOR, ci.CursorKind.COMPOUND_ASSIGNMENT_OPERATOR):
            name = c.binary_operator.name
            if name == "Assign":
                return "="
            if name.endswith("Assign"):
                return BINARY_OPERATORS.get(name[:-len("Assign")], "?") + "="
            return BINARY_OPERATORS.get(name, "?")
        if c.kind == ci.CursorKind.UNARY_OPERATOR:
            return UNARY_OPERATORS.get(unary_operator_kind(c), "?")
    except Exception:  # noqa: BLE001
        pass
    return "?"
