"""Objects of device code: a constructor or a method works on its object (`this`), lowered as a
struct variable of its body. A constructor's body starts from the member initializers and returns
the object (`MatrixView_half x_(x, rows, dim);` gives `x_` the fields `data`, `height`, `width`);
a method is called with its object's value as a first argument, so `data[row * width + col]` in
`x_.item(row, col)` is an address in the array `x` points to, and the access stays on the
method's line, where nvcc's line table puts it.

A method that may change its object's fields gets an unknown object, and its caller's object is
unknown after the call: the object is passed by value, and a value that stayed known after such a
call could be silently wrong."""
from __future__ import annotations

import clang.cindex as ci

from .. import ir
from ..cursors.folding import operator_of
from ..cursors.nodes import children, key

K = ci.CursorKind
_ASSIGNING = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "pre++", "post++", "pre--",
              "post--", "&"}
_ASSIGNING_OPERATORS = {"operator" + op for op in _ASSIGNING if not op.startswith(("pre", "post"))} | {
    "operator++", "operator--"}


def _strip(c: ci.Cursor) -> ci.Cursor:
    while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
        ch = children(c)
        if len(ch) != 1:
            break
        c = ch[0]
    return c


def object_of(defn: ci.Cursor) -> ci.Cursor | None:
    """The class whose object a constructor or a non-static method works on (None otherwise, and
    for a class whose layout clang does not know: a dependent type)."""
    if defn.kind == K.CONSTRUCTOR or (defn.kind == K.CXX_METHOD and not defn.is_static_method()):
        parent = defn.semantic_parent
        if parent is not None and parent.kind in (K.STRUCT_DECL, K.CLASS_DECL, K.CLASS_TEMPLATE) \
                and parent.type.get_size() > 0:
            return parent
    return None


def is_this_member(c: ci.Cursor) -> bool:
    """A member named through the object itself: `width` or `this->width` inside a method."""
    if c.kind != K.MEMBER_REF_EXPR:
        return False
    ch = children(c)
    return not ch or _strip(ch[0]).kind == K.CXX_THIS_EXPR


def changes_its_object(defn: ci.Cursor) -> bool:
    """Might the method assign a field of its object, take a field's address, or call a method of
    the object that does? A `const` method does not (but for `mutable` fields, not followed)."""
    if defn.kind == K.CXX_METHOD and defn.is_const_method():
        return False
    for c in defn.walk_preorder():
        k = c.kind
        if k in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR):
            ops = [x for x in children(c) if x.kind.is_expression()]
            if ops and operator_of(c) in _ASSIGNING and is_this_member(_strip(ops[0])):
                return True
        elif k == K.CALL_EXPR:
            ref = c.referenced
            if c.spelling in _ASSIGNING_OPERATORS:  # `field = v` of a class type: operator= of the field
                if any(is_this_member(x) or (x.kind == K.MEMBER_REF_EXPR and children(x)
                                             and is_this_member(_strip(children(x)[0])))
                       for x in map(_strip, children(c))):
                    return True
            elif ref is not None and ref.kind == K.CXX_METHOD and not ref.is_static_method() \
                    and not ref.is_const_method():
                member = next((x for x in map(_strip, children(c)) if x.kind == K.MEMBER_REF_EXPR), None)
                if member is not None and is_this_member(member):  # `helper()` or `this->helper()`
                    return True
    return False


def this_field(this: ir.Param, c: ci.Cursor, ct: ir.CType) -> ir.Expr | None:
    """`width` or `this->width` in a method or a constructor: a field of the object variable."""
    field = c.referenced
    if field is None or field.kind != K.FIELD_DECL:
        return None
    try:
        bits = field.semantic_parent.type.get_offset(field.spelling)
    except Exception:  # noqa: BLE001
        return None
    if bits < 0 or bits % 8:
        return None
    return ir.LocalField(ct, this.var, f"this->{c.spelling}", bits // 8)


def constructor_body(low, defn: ci.Cursor, body: ir.Block) -> ir.Block:
    """The object declared, its member initializers assigned in order, the constructor's own
    statements, then the object returned. `low`: the FunctionLowerer of the constructor."""
    this = low.this
    stmts: list[ir.Stmt] = [ir.Decl(body.span, this.var, "this", this.ctype, None)]
    member = None
    for ch in children(defn):
        if ch.kind == K.MEMBER_REF:
            member = ch
            continue
        field = member.referenced if member is not None else None
        if field is not None and field.type.get_canonical().kind in (ci.TypeKind.LVALUEREFERENCE,
                                                                    ci.TypeKind.RVALUEREFERENCE):
            member = None  # a reference member binds what it is given: nothing is read (cub's `temp(t)`)
            continue
        if member is not None and ch.kind.is_expression():
            target = this_field(this, member, low.ex.ctype(member.type))
            if target is not None:
                value = low.expr(ch)
                stmts.append(ir.ExprStmt(low.span(ch), ir.Assign(target.ctype, target, value, "=")))
        member = None
    stmts.extend(body.body)
    stmts.append(ir.Return(body.span, ir.VarRef(this.ctype, this.var, "this")))
    return ir.Block(body.span, tuple(stmts))


def object_argument(low, obj: ci.Cursor | None, method: ci.Cursor) -> tuple[ir.Expr, ir.Expr | None]:
    """The object a method call passes (its value), and what the caller's object becomes after the
    call where the method may change it (an unknown value assigned to it; None: unchanged)."""
    ct = low.ex.ctype(method.semantic_parent.type)
    unknown = ir.Opaque(ct, f"the object of `{method.spelling}`", uniform=None)
    if obj is None:  # a method called by a method of the same object: `helper()` for `this->helper()`
        target: ir.Expr | None = ir.VarRef(low.this.ctype, low.this.var, "this") if low.this is not None else None
    elif _strip(obj).kind == K.CXX_THIS_EXPR:
        target = ir.VarRef(low.this.ctype, low.this.var, "this") if low.this is not None else None
    else:
        target = low.lvalue(obj)
        if not isinstance(target, (ir.VarRef, ir.LocalField)):
            target = None  # an object in memory: not loaded whole for a call (no such instruction)
    if target is None:
        return unknown, None
    changes = low.ex.changes_object.get(key(method))
    if changes is None:  # (a method is called many times: its body is walked once)
        changes = low.ex.changes_object[key(method)] = changes_its_object(method)
    if changes:
        return unknown, ir.Assign(ct, target, unknown, "=")
    return target, None


def record_value(low, c: ci.Cursor) -> ir.Expr:
    """An operand's value; a struct in memory bound to an operator's `const T &` (`value - s_mean`,
    `y[i] = s_var` on shared `__half`s) is loaded whole there (clang writes no lvalue-to-rvalue cast).
    `low`: the FunctionLowerer."""
    inner = low.ex.strip(c)
    if low.ex.ctype(inner.type).kind == "record" and \
            inner.kind in (K.ARRAY_SUBSCRIPT_EXPR, K.UNARY_OPERATOR, K.MEMBER_REF_EXPR, K.DECL_REF_EXPR):
        return low.load(inner, low.ex.ctype(inner.type))
    return low.expr(c)


# ---------------------------------------------------------------- lambdas (closures)
# A device lambda is an object too: clang makes a class whose unnamed fields hold the captured
# values, in capture order (the explicit captures as listed, then the implicit ones as first used),
# and whose `operator()` names the captured variables themselves. Followed as a method of that
# object, each captured variable of its body is read as the field that holds it, so
# `parallel_for_gpu(n, [out, in] __device__ (size_t i) { out[i] = in[i]; })` launched as
# `parallel_for_kernel<F><<<...>>>(n, fun)` and calling `fun(i)` stores through the kernel
# argument's first pointer field.

def is_lambda_class(c: ci.Cursor | None) -> bool:
    return c is not None and c.kind in (K.CLASS_DECL, K.STRUCT_DECL) and (c.spelling or "").startswith("(lambda")


def capture_names(cls: ci.Cursor) -> list[str | None] | None:
    """The captured variable each field of a lambda's class holds, in field order (None: a field
    this reading does not follow: `this`, a capture by reference); None when the lambda expression
    cannot be read (its fields and captures do not pair up)."""
    try:
        expr = ci.Cursor.from_location(cls.translation_unit, cls.location)
        fields = list(cls.type.get_fields())
    except Exception:  # noqa: BLE001 - a cursor libclang cannot place
        return None
    if expr is None or expr.kind != K.LAMBDA_EXPR:
        return None
    explicit, inits = [], []
    for ch in children(expr):
        if ch.kind in (K.PARM_DECL, K.COMPOUND_STMT):
            break
        if ch.kind == K.VARIABLE_REF:
            explicit.append(ch.spelling)
        elif ch.kind.is_expression():
            inits.append(ch)
    if len(inits) != len(fields) or len(explicit) > len(fields):
        return None
    names: list[str | None] = []
    for i, (f, init) in enumerate(zip(fields, inits)):
        by_reference = f.type.get_canonical().kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE)
        if by_reference or _strip(init).kind == K.CXX_THIS_EXPR:
            names.append(None)
        elif i < len(explicit):
            names.append(explicit[i] or None)
        else:
            names.append(_strip(init).spelling if _strip(init).kind == K.DECL_REF_EXPR else None)
    return names


def lambda_captures(ex, defn: ci.Cursor) -> dict[str, tuple[ir.CType, str, int]] | None:
    """For a lambda's `operator()`: each captured variable its body names (its declaration's key) ->
    (type, name, byte offset of the field of the closure object that holds it); `ex`: the Extractor.
    None when the body names what this cannot follow: a variable captured by reference, the
    enclosing object (`this`, its members), a capture the fields do not show."""
    cls = defn.semantic_parent
    names = capture_names(cls) if object_of(defn) is not None else None
    body = next((ch for ch in children(defn) if ch.kind == K.COMPOUND_STMT), None)
    if names is None or body is None:
        return None
    offsets = {}
    for f, name in zip(cls.type.get_fields(), names):
        bits = f.get_field_offsetof()
        if name is not None and bits is not None and bits >= 0 and not bits % 8:
            offsets.setdefault(name, bits // 8)
    start, end = body.extent.start.offset, body.extent.end.offset
    where = body.extent.start.file.name if body.extent.start.file is not None else None
    out = {}
    for c in body.walk_preorder():
        if c.kind == K.CXX_THIS_EXPR or (c.kind == K.MEMBER_REF_EXPR and is_this_member(c)):
            return None
        if c.kind != K.DECL_REF_EXPR:
            continue
        ref = c.referenced
        if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL):
            continue
        parent = ref.semantic_parent
        if parent is not None and parent.kind in (K.TRANSLATION_UNIT, K.NAMESPACE):
            continue  # a file-scope variable: not captured
        loc = ref.location
        if (ref.kind == K.PARM_DECL and parent is not None and is_lambda_class(parent.semantic_parent)) or \
                (loc.file is not None and loc.file.name == where and start <= loc.offset <= end):
            continue  # the lambda's own parameter or local
        if ref.kind == K.VAR_DECL and ref.storage_class == ci.StorageClass.STATIC:
            continue  # a static local of the enclosing function: not captured
        if c.spelling not in offsets:
            if ref.type.is_const_qualified():
                continue  # a constant the body uses without capturing it (its value is folded)
            return None
        out[ex.decl_key(ref)] = (ex.ctype(c.type), c.spelling, offsets[c.spelling])
    return out
