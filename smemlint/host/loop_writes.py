"""Which host loops leave the variables around them as they were: a CPU reference loop
(`for (i3 ...) Y[i] = ...` through a pointer, its temporaries declared inside) changes nothing the
host flow (flow.py) follows, so the flow need not run it (HeCBench chemv's 370 x 370 reference
loops were run 64 x 64 times per question, then forgotten).

The writes are the ones flow.StatementRunner._execute makes: `=` / compound assignment / `++` / `--`
to a variable, a field or an element of an array variable (a write through a pointer, `p[i] = v`,
changes no variable: values._assign ignores it); `&v` (its address given away); `v` passed to a
non-const reference parameter or, as a constant array, to any call; `operator=`; and a non-const
method called on a variable (a container's `push_back`). A call of a function the program defines
is a write too (it may assign what the flow follows; the flow does not look inside for this)."""
from __future__ import annotations

from collections.abc import Callable

import clang.cindex as ci

from ..cursors.folding import operator_of
from .syntax import INCREMENTS, children_of, element_base, strip, subscripted, walk

K = ci.CursorKind
_ASSIGNING = (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR)


def outer_writes(stmt: ci.Cursor, key: Callable[[ci.Cursor], str]) -> set[str] | None:
    """The variables declared outside `stmt` that running it may change (their keys, as `key` names a
    declaration in the flow's environment); None where it calls what may change variables it does not
    name (a function of the program, a lambda). An empty set: the flow need not run it."""
    inner = {key(c) for c in walk(stmt) if c.kind == K.VAR_DECL}
    written: set[str] = set()

    def outer(var: ci.Cursor) -> bool:
        return var.kind == K.DECL_REF_EXPR and var.referenced is not None and key(var.referenced) not in inner

    def write(var: ci.Cursor) -> None:
        if outer(var):
            written.add(key(var.referenced))

    for c in walk(stmt):
        k = c.kind
        if k in _ASSIGNING:
            op = operator_of(c)
            if (k == K.BINARY_OPERATOR and op != "=") or (k == K.UNARY_OPERATOR and op not in INCREMENTS and op != "&"):
                continue
            kids = children_of(c)
            if kids and (op == "&" or not _through_pointer(kids[0])):
                write(element_base(kids[0]))
        elif k == K.CALL_EXPR:
            if not _call_writes(c, write):
                return None
        elif k == K.LAMBDA_EXPR:
            return None  # its body runs where it is called, perhaps outside
    return written


def _through_pointer(lhs: ci.Cursor) -> bool:
    """`p[i] = v`, `p[i].x = v`: an element of what a pointer (not an array variable) points to."""
    base = element_base(lhs)
    return subscripted(lhs) and base.referenced is not None and \
        base.referenced.type.get_canonical().kind != ci.TypeKind.CONSTANTARRAY


def _call_writes(call: ci.Cursor, write: Callable[[ci.Cursor], None]) -> bool:
    """Give `write` the variables `call` may change; False where it may change others (a function
    of the program, a call through a pointer)."""
    ref = call.referenced
    args = [strip(a) for a in call.get_arguments()]
    if ref is None:
        return False
    if ref.kind == K.CONSTRUCTOR:
        return True  # a temporary (`dim3(x, y)`), or a variable declared by it
    if call.spelling == "operator=" and args:
        write(element_base(args[0]))  # (a record's own assignment, written by the compiler, too)
        return True
    if not ref.location.is_in_system_header:
        return False  # the program's own function
    if ref.kind == K.CXX_METHOD and not ref.is_const_method():
        callee = next((x for x in children_of(call) if x.kind == K.MEMBER_REF_EXPR), None)
        objects = [x for x in children_of(callee) if x.kind.is_expression()] if callee is not None else []
        if not objects:
            return False
        write(element_base(objects[0]))  # `v.push_back(x)`
    params = [p for p in children_of(ref) if p.kind == K.PARM_DECL]
    for i, a in enumerate(args):
        if a.type.get_canonical().kind == ci.TypeKind.CONSTANTARRAY or \
                i < len(params) and params[i].type.kind == ci.TypeKind.LVALUEREFERENCE and \
                not params[i].type.get_pointee().is_const_qualified():
            write(element_base(a))
    return True
