"""GNU statement expressions, `({ T _x = (x); T _y = (y); _x < _y ? _x : _y; })`: the min/max macros
of generated code (HeCBench chemv's PPCG `ppcg_min`/`ppcg_max`, whose loop bounds decide which lanes
run). A body of declarations with side-effect-free initialisers, then the expression whose value it
is, lowers to that expression with each declared variable replaced by its initialiser's value. Any
other body (a loop, an assignment, a load or a call in an initialiser, which the replacement would
repeat) stays an opaque value, as before."""
from __future__ import annotations

import clang.cindex as ci

from .. import ir
from ..cursors.folding import operator_of

K = ci.CursorKind
STMT_EXPR = getattr(K, "StmtExpr", None) or getattr(K, "STMT_EXPR", None)


def lower(lw, c: ci.Cursor) -> ir.Expr | None:
    """The value of statement expression `c` as above (`lw`: the function's lowerer), or None."""
    body = [x for x in lw.ex.children(c) if x.kind == K.COMPOUND_STMT]
    stmts = lw.ex.children(body[0]) if len(body) == 1 else []
    if not stmts or not stmts[-1].kind.is_expression():
        return None
    added = []
    try:
        for s in stmts[:-1]:
            decls = lw.ex.children(s) if s.kind == K.DECL_STMT else []
            if len(decls) != 1 or decls[0].kind != K.VAR_DECL:
                return None
            inits = [x for x in lw.ex.children(decls[0]) if x.kind.is_expression()]
            if not inits:
                return None
            if not _pure(lw, inits[-1]):  # (`__typeof__(x)` repeats x before the initialiser)
                return None
            key = lw.ex.decl_key(decls[0])
            lw.substituted[key] = lw.expr(inits[-1])
            added.append(key)
        return lw.expr(stmts[-1])
    finally:
        for key in added:
            lw.substituted.pop(key, None)


_UNARY_EFFECTS = frozenset(("*", "pre++", "post++", "pre--", "post--"))  # a dereference, an increment
_IMPURE = (K.ARRAY_SUBSCRIPT_EXPR, K.CALL_EXPR, K.COMPOUND_ASSIGNMENT_OPERATOR, STMT_EXPR)


def _pure(lw, c: ci.Cursor) -> bool:
    """No memory read or write and no call anywhere in expression `c` (safe to evaluate twice):
    `threadIdx.x` and locals are fine; an element, a `*p`, a field of memory, a `__shared__` scalar,
    an assignment or an increment is not."""
    stack = [c]
    while stack:
        n = stack.pop()
        k = n.kind
        if k in _IMPURE or (k == K.MEMBER_REF_EXPR and lw.builtin(n) is None):
            return False
        if k == K.UNARY_OPERATOR and operator_of(n) in _UNARY_EFFECTS or k == K.BINARY_OPERATOR and \
                operator_of(n) == "=":
            return False
        if k == K.DECL_REF_EXPR and (ref := n.referenced) is not None and ref.kind == K.VAR_DECL and \
                lw.ex.symbol_for_decl(ref) is not None:
            return False
        stack.extend(lw.ex.children(n))
    return True
