"""Lower one device function's body to smemlint's IR (ir.py): statements, expressions, memory
accesses and their sites, barriers, intrinsics and inline PTX (instructions.py). Anything not
understood becomes an `Opaque` value or an `Unsupported` statement with a reason; lowering never
raises on user code. The per-file state (sites, symbols, functions) lives in the Extractor
(extract.py), which makes one FunctionLowerer per function."""

from __future__ import annotations

import re

import clang.cindex as ci

from .. import ir
from ..ir import CType, Span
from ..cursors.folding import BINARY_OPERATORS, UNARY_OPERATORS, const_value, unary_operator_kind
from ..cursors.nodes import children, for_header, in_system_header, live_statements, start_offset
from . import callees, collectives, instructions, objects, records, references, statement_exprs, switches
from .barriers import ASM_BARRIER, barrier_name
from .types import pointer_to, record_reference
from .wording import binary_operator, construct, named

K = ci.CursorKind
T = ci.TypeKind

_BUILTIN_VARS = {"threadIdx", "blockIdx", "blockDim", "gridDim"}
# Bounds that keep lowering (and every later walk over the IR) away from Python's recursion limit and
# from exponential macro expansions. A RecursionError inside libclang's child visitor is swallowed by
# ctypes and silently truncates the children, so depth is counted here rather than caught. The evaluator
# treats these Opaque values as lane-varying (symbolic/expressions.py matches ir.TOO_COMPLEX).
MAX_NESTING = 120  # statements and expressions nested inside one another (one frame chain)
# An exponential macro expansion is one expression: it is cut at MAX_EXPRESSION_NODES. A long kernel of
# ordinary statements (sw4ck's 800 stencil loads, each ~115 nodes of index macros) is not cut before MAX_NODES.
MAX_EXPRESSION_NODES = 64_000  # nodes lowered in one statement's own expressions (sw4ck: up to 34,000)
MAX_NODES = 200_000  # statements and expressions lowered per function

_LOAD_INTRINSICS = frozenset(("__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv"))
_STORE_INTRINSICS = frozenset(("__stwb", "__stcg", "__stcs", "__stwt"))
_CALLABLE_KINDS = (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD, K.CONVERSION_FUNCTION)


_REFERENCE_CASTS = (K.CXX_REINTERPRET_CAST_EXPR, K.CXX_CONST_CAST_EXPR)
_WRITTEN_TYPE_CASTS = (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR, *_REFERENCE_CASTS)
_ARRAY_KINDS = (T.DEPENDENTSIZEDARRAY, T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.VARIABLEARRAY)


def _dependent_array(c: ci.Cursor) -> bool:
    """Is `c` a row of an array whose size depends on template parameters (`RC[i]` of `unsigned
    RC[W][2]`)? clang types such a row `<dependent type>`: count the subscripts against the rank."""
    try:
        depth = 0
        x = c
        while x.kind == K.ARRAY_SUBSCRIPT_EXPR:
            depth += 1
            kids = [k for k in x.get_children() if k.kind.is_expression()]
            if not kids:
                return False
            x = strip(kids[0])
        if depth == 0 or x.kind != K.DECL_REF_EXPR or x.referenced is None:
            return False
        t = x.referenced.type.get_canonical()
        rank = 0
        dependent = False
        while t.kind in _ARRAY_KINDS:
            rank += 1
            dependent |= t.kind == T.DEPENDENTSIZEDARRAY
            t = t.element_type
        return dependent and depth < rank
    except Exception:  # noqa: BLE001
        return False


def _header_end(c: ci.Cursor) -> int | None:
    """Offset of the `)` closing an if/for/while header, from the statement's tokens."""
    depth = 0
    for tok in c.get_tokens():
        sp = tok.spelling
        if sp == "(":
            depth += 1
        elif sp == ")":
            depth -= 1
            if depth == 0:
                return tok.extent.start.offset
    return None


def strip(c: ci.Cursor, kids=children) -> ci.Cursor:
    """Skip implicit casts and parentheses; `kids` gives a cursor's children."""
    while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
        ch = kids(c)
        if len(ch) != 1:
            break
        c = ch[0]
    return c


# ---------------------------------------------------------------- lowering

class FunctionLowerer:
    """Lowers one function body; shared state (sites, functions) lives in the Extractor."""

    returns_address = address_failed = False  # a reference-returning callee lowered as `&E` (references.py)

    def __init__(self, ex, func_key: str):  # ex: the file's Extractor (extract.py)
        self.ex = ex
        self.func_key = func_key
        self.uses: set[str] = set()
        self.barriers: list[Span] = []
        self.nodes = 0
        self.expression_start = 0  # self.nodes where the statement being lowered began its own expressions
        self._noted: set[str] = set()
        self._discarded: ci.Cursor | None = None  # the call an expression statement makes, its value unused
        # references bound to memory (`Storage &s = *reinterpret_cast<Storage *>(smem);`): key -> the pointer type
        self.bound: dict[str, CType] = {}
        self.this: ir.Param | None = None  # a constructor's or a method's object (objects.py)
        self.substituted: dict[str, ir.Expr] = {}  # a statement expression's variables (statement_exprs.py)

    def _too_complex(self, c: ci.Cursor) -> str | None:
        """Why `c` is not lowered (too deep, or the function too large), with a file note; else None."""
        if self.ex.depth >= MAX_NESTING:
            why = f"nested more than {MAX_NESTING} levels deep"
        elif self.nodes >= MAX_NODES:
            why = f"function body over {MAX_NODES} expressions"
        elif self.nodes - self.expression_start >= MAX_EXPRESSION_NODES:
            why = f"statement over {MAX_EXPRESSION_NODES} expressions"
        else:
            return None
        if why not in self._noted:  # once per function, at the first place it happens
            self._noted.add(why)
            line = c.extent.start.line or c.location.line
            self.ex.note(f"line {line}: {ir.TOO_COMPLEX} ({why}); the rest of it is not analysed and "
                         "accesses that depend on it are unpredictable")
        return f"{ir.TOO_COMPLEX} ({why})"

    # ------------------------------------------------------------ statements

    def stmt(self, c: ci.Cursor) -> ir.Stmt:
        why = self._too_complex(c)
        if why is not None:
            return ir.Unsupported(self.span(c), why)
        self.nodes += 1
        self.ex.statements += 1
        self.ex.depth += 1
        self.expression_start = self.nodes
        try:
            return self._stmt(c)
        except RecursionError:
            return ir.Unsupported(self.span(c), f"{ir.TOO_COMPLEX} (nested too deeply)")
        except Exception as e:  # noqa: BLE001 - never crash on user code
            return ir.Unsupported(self.span(c), f"could not lower {construct(c.kind)}: {e}")
        finally:
            self.ex.depth -= 1
            self.expression_start = self.nodes  # the enclosing statement's expressions after this one start anew

    def span(self, c: ci.Cursor) -> Span:
        return self.ex.span_of(c)

    def _stmt(self, c: ci.Cursor) -> ir.Stmt:
        k = c.kind
        sp = self.span(c)
        if k == K.COMPOUND_STMT:
            return ir.Block(sp, self.ex.merge_across_statements(tuple(self.stmt(ch) for ch in
                                                                      live_statements(self.ex.children(c)))))
        if k == K.DECL_STMT:
            out = []
            for d in self.ex.children(c):
                if d.kind == K.VAR_DECL:
                    out.append(self.var_decl(d))
            return out[0] if len(out) == 1 else ir.Block(sp, tuple(out))
        if k == K.IF_STMT:
            ch = self.ex.children(c)
            close, offsets = _header_end(c), [start_offset(x) for x in ch]
            # an `if` written in a macro (`GUARD(i < n);`) has every child at the macro's call and the
            # definition's tokens, which say nothing about where its header ends: the plain shape
            if len(set(offsets)) != len(ch):
                close = None
            if close is not None:
                head = [x for x, offset in zip(ch, offsets) if offset < close]
                tail = [x for x, offset in zip(ch, offsets) if offset > close]
            else:  # no tokens (macro expansion): assume the plain `if (cond) then [else]`
                head, tail = ch[:1], ch[1:]
            if not head or not tail:
                return ir.Unsupported(sp, "if statement")
            cond_c = head[-1]
            pre = [self.stmt(x) for x in head[:-1]]  # C++17 init-statement
            if cond_c.kind == K.VAR_DECL:
                pre.append(self.var_decl(cond_c))
                cond: ir.Expr = ir.VarRef(self.ex.ctype(cond_c.type), self.ex.decl_key(cond_c), cond_c.spelling)
            else:
                cond = self.expr(cond_c)
            then = self.stmt(tail[0])
            other = self.stmt(tail[1]) if len(tail) > 1 else None
            node = ir.If(sp, cond, then, other)
            return ir.Block(sp, (*pre, node)) if pre else node
        if k == K.FOR_STMT:
            return self.for_stmt(c, sp)
        if k == K.WHILE_STMT:
            ch = self.ex.children(c)
            cond = self.expr(ch[0]) if ch[0].kind != K.VAR_DECL else ir.Opaque(ir.INT, "while declaration")
            return ir.Loop(sp, None, cond, None, self.stmt(ch[-1]), unroll=self.ex.unroll_pragma(c))
        if k == K.DO_STMT:
            ch = self.ex.children(c)
            return ir.Loop(sp, None, self.expr(ch[-1]), None, self.stmt(ch[0]), do_while=True,
                           unroll=self.ex.unroll_pragma(c))
        if k == K.RETURN_STMT:
            ch = self.ex.children(c)
            if ch and self.returns_address:  # lowered as `&E` (references.py)
                return ir.Return(sp, references.address_of_return(self, ch[0]))
            return ir.Return(sp, self.ex.merge_siblings(self.expr(ch[0])) if ch else None)
        if k == K.BREAK_STMT:
            return ir.Break(sp)
        if k == K.CONTINUE_STMT:
            return ir.Continue(sp)
        if k == K.NULL_STMT:
            return ir.Block(sp, ())
        if k in (K.UNEXPOSED_STMT, K.LABEL_STMT):
            # `#pragma unroll` wraps the loop in an AttributedStmt (unexposed).
            ch = [x for x in self.ex.children(c) if not x.kind.is_attribute()]
            if len(ch) == 1 and not ch[0].kind.is_expression():
                return self.stmt(ch[0])
            if len(ch) == 1:
                return ir.ExprStmt(sp, self.expr(ch[0]))
            return ir.Block(sp, tuple(self.stmt(x) for x in ch))
        if k == K.SWITCH_STMT:
            return switches.lower(self, c, sp)
        if k.is_expression():
            e = self.ex.strip(c)
            barrier = barrier_name(e) if e.kind == K.CALL_EXPR else None
            if barrier is not None and barrier != "__syncthreads_count":
                self.barriers.append(sp)
                return ir.Barrier(sp, barrier)
            self._discarded = e if e.kind == K.CALL_EXPR else None
            return ir.ExprStmt(sp, self.ex.merge_siblings(self.expr(c)))
        if k.name in ("ASM_STMT", "GCC_ASM_STMT", "MS_ASM_STMT"):  # not every libclang names all three
            if ASM_BARRIER.search(" ".join(t.spelling for t in c.get_tokens())):
                self.barriers.append(sp)  # `bar.sync 0;` is __syncthreads(); a named barrier syncs its threads
                return ir.Barrier(sp, "__syncthreads")
            return instructions.lower_asm(self, c, sp) or ir.Unsupported(sp, "inline assembly")
        return ir.Unsupported(sp, construct(k))

    def for_stmt(self, c: ci.Cursor, sp: Span) -> ir.Stmt:
        ch = self.ex.children(c)
        body_c = ch[-1]
        heads = ch[:-1]
        init, cond, inc = for_header(c, heads)
        init_s = self.stmt(init) if init is not None else None
        cond_e = self.expr(cond) if cond is not None and cond.kind != K.VAR_DECL else None
        inc_e = self.expr(inc) if inc is not None else None
        return ir.Loop(sp, init_s, cond_e, inc_e, self.stmt(body_c), unroll=self.ex.unroll_pragma(c))

    def var_decl(self, d: ci.Cursor) -> ir.Stmt:
        sp = self.span(d)
        ct = self.ex.ctype(d.type)
        sym = self.ex.symbol_for_decl(d)
        if sym is not None:  # a __shared__ / __constant__ / local array declaration
            if sym.space == "shared":
                self.ex.kernel_shared.setdefault(sym.key, sym)
            return ir.Block(sp, ())
        init = None
        kids = [x for x in self.ex.children(d) if x.kind.is_expression()]
        if kids and d.type.get_canonical().kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
            target = self.lvalue(kids[-1])
            if isinstance(target, (ir.Subscript, ir.Deref, ir.Member)):  # an alias of memory, not a copy
                ptr = pointer_to(ct)
                key = self.ex.decl_key(d)
                self.bound[key] = ptr
                return ir.Decl(sp, key, d.spelling, ptr, ir.AddrOf(ptr, target))
        if kids and ct.kind == "record" and (fields := records.fieldwise(self, d, kids[-1], ct, sp)) is not None:
            return fields  # `dim3 idx(tx + 1, ty + 1, tz + 1);`: a variable per field
        if kids:
            init = self.expr(kids[-1])
            if ct.kind == "record" and not isinstance(init, (ir.Access, ir.Call, ir.VarRef, ir.LocalField)):
                init = ir.Opaque(ct, "struct value", (init,))
        return ir.Decl(sp, self.ex.decl_key(d), d.spelling, ct, self.ex.merge_siblings(init) if init else None)

    # ------------------------------------------------------------ expressions

    def expr(self, c: ci.Cursor) -> ir.Expr:
        why = self._too_complex(c)
        if why is not None:
            return ir.Opaque(ir.UNKNOWN_TYPE, why)
        self.nodes += 1
        self.ex.depth += 1
        try:
            return self._expr(c)
        except RecursionError:
            return ir.Opaque(ir.UNKNOWN_TYPE, f"{ir.TOO_COMPLEX} (nested too deeply)")
        except Exception as e:  # noqa: BLE001
            return ir.Opaque(ir.UNKNOWN_TYPE, f"could not lower {construct(c.kind)}: {e}")
        finally:
            self.ex.depth -= 1

    def _expr(self, c: ci.Cursor) -> ir.Expr:
        k = c.kind
        ct = self.ex.ctype(c.type)
        if k == K.INTEGER_LITERAL or k == K.CHARACTER_LITERAL or k == K.CXX_BOOL_LITERAL_EXPR:
            v = const_value(c)
            if v is None and k == K.CXX_BOOL_LITERAL_EXPR:
                v = 1 if any(t.spelling == "true" for t in c.get_tokens()) else 0
            return ir.Const(ct, v) if v is not None else ir.Opaque(ct, "literal", uniform=True)
        if k == K.CXX_NULL_PTR_LITERAL_EXPR or k == K.GNU_NULL_EXPR:  # one value for every thread
            return ir.Const(ct, 0)
        if k == K.FLOATING_LITERAL:
            return ir.FloatConst(ct)
        if k in (K.PAREN_EXPR,):
            return self.expr(self.ex.children(c)[0])
        if k == K.UNEXPOSED_EXPR or k in (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
                                          K.CXX_REINTERPRET_CAST_EXPR, K.CXX_CONST_CAST_EXPR,
                                          K.CXX_FUNCTIONAL_CAST_EXPR):
            return self.cast_like(c, ct)
        if k == K.DECL_REF_EXPR:
            e = self.decl_ref(c, ct)
            if isinstance(e, ir.VarRef) and e.var in self.bound:  # a reference to memory: a load through it
                return self.load(c, ct)
            if isinstance(e, ir.SymbolRef) and ct.kind in ("int", "float"):
                # the value of a __shared__ / __constant__ / __device__ scalar: a load, not its address
                return self.load(c, ct)
            return e
        if k == K.MEMBER_REF_EXPR:
            b = self.builtin(c)
            if b is not None:
                return b
            return self.load(c, ct)
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            return self.load(c, ct)
        if k == K.BINARY_OPERATOR:
            return self.binary(c, ct)
        if k == K.COMPOUND_ASSIGNMENT_OPERATOR:
            ch = self.ex.children(c)
            op = BINARY_OPERATORS.get(c.binary_operator.name.replace("Assign", ""), "?")
            return self.assign(ch[0], ch[1], op, ct)
        if k == K.UNARY_OPERATOR:
            return self.unary(c, ct)
        if k == K.CONDITIONAL_OPERATOR:
            ch = self.ex.children(c)
            return ir.Select(ct, self.expr(ch[0]), self.expr(ch[1]), self.expr(ch[2]))
        if k == K.CXX_UNARY_EXPR:  # sizeof / alignof
            v = const_value(c)
            return ir.Const(ct, v) if v is not None else ir.Opaque(ct, "sizeof of a dependent type", uniform=True)
        if k == K.CALL_EXPR:
            lv = references.reference_lvalue(self, c, ct) if ct.kind in ("int", "float") else None
            return self.access(c, lv, "ld") if lv is not None else self.call(c, ct)
        v = const_value(c) if ct.is_int else None
        if v is not None:
            return ir.Const(ct, v)
        if k == statement_exprs.STMT_EXPR and (e := statement_exprs.lower(self, c)) is not None:
            return e
        parts = tuple(self.expr(x) for x in self.ex.children(c) if x.kind.is_expression())
        return ir.Opaque(ct, construct(k), parts)

    def cast_like(self, c: ci.Cursor, ct: CType) -> ir.Expr:
        ch = [x for x in self.ex.children(c) if x.kind.is_expression()]
        if len(ch) > 1 and c.kind in _WRITTEN_TYPE_CASTS:  # `(vector_fragment_t<T, N>*)in`: the written
            ch = ch[-1:]  # type's expression arguments come first, the operand last
        if len(ch) != 1:
            if c.kind == K.UNEXPOSED_EXPR and not ch:
                # default arguments, substituted template parameters, ...
                v = const_value(c) if ct.is_int else None
                return ir.Const(ct, v) if v is not None else ir.Opaque(ct, "implicit value", uniform=True)
            if len(ch) > 1:
                # a call clang left unresolved (the toolkit's __stcs overloads, declared for device
                # passes only): `name(args)` with the callee an overloaded declaration reference
                callee = self.ex.strip(ch[0])
                refs = [x for x in self.ex.children(callee) if x.kind == K.OVERLOADED_DECL_REF] \
                    if callee.kind == K.DECL_REF_EXPR else []
                if refs and (refs[0].spelling in _LOAD_INTRINSICS or refs[0].spelling in _STORE_INTRINSICS):
                    access = self.memory_intrinsic(c, refs[0].spelling, ch[1:], ct)
                    if access is not None:
                        return access
            parts = tuple(self.expr(x) for x in ch)
            return ir.Opaque(ct, "expression", parts)
        inner = ch[0]
        # MSPropertyRefExpr of the toolkit's threadIdx.x comes wrapped in an unexposed node
        b = self.builtin(self.ex.strip(inner))
        if b is not None:
            return ir.Cast(ct, b) if ct.is_int and ct != b.ctype else b
        e = self.expr(inner)
        if ct.kind in ("int", "ptr", "float") and e.ctype != ct:
            return ir.Cast(ct, e)
        return e

    def builtin(self, c: ci.Cursor) -> ir.Builtin | None:
        if c.kind != K.MEMBER_REF_EXPR:
            return None
        ch = self.ex.children(c)
        if len(ch) != 1:
            return None
        base = self.ex.strip(ch[0])
        if base.kind != K.DECL_REF_EXPR or base.spelling not in _BUILTIN_VARS:
            return None
        member = c.spelling
        if not member:  # the toolkit's MSPropertyRefExpr has no spelling: read the token
            toks = list(c.get_tokens())
            member = toks[-1].spelling if toks else ""
        if member in ("x", "y", "z"):
            name = f"{base.spelling}.{member}"
            self.uses.add(name)
            return ir.Builtin(ir.UINT, name)
        return None

    def decl_ref(self, c: ci.Cursor, ct: CType) -> ir.Expr:
        ref = self.ex.referenced(c)
        if ref is None:
            v = const_value(c)
            return ir.Const(ct, v) if v is not None else ir.Opaque(ct, f"unresolved {named(c.spelling, 'name')}")
        rk = ref.kind
        if rk == K.ENUM_CONSTANT_DECL:
            return ir.Const(ct, ref.enum_value)
        if rk == K.TEMPLATE_NON_TYPE_PARAMETER or (rk == K.VAR_DECL and ref.spelling == "warpSize"):
            v = const_value(c)
            if v is None and ref.spelling == "warpSize":
                self.uses.add("warpSize")
                return ir.Builtin(ir.INT, "warpSize")
            if v is None and rk == K.TEMPLATE_NON_TYPE_PARAMETER:
                v = self.ex.template_default(ref)
            return ir.Const(ct, v) if v is not None else ir.Opaque(
                ct, f"template parameter {named(c.spelling, '(unnamed)')} (kernel not instantiated in this file)", uniform=True)
        if rk in (K.VAR_DECL, K.PARM_DECL):
            if self.substituted and (e := self.substituted.get(self.ex.decl_key(ref))) is not None:
                return e
            sym = self.ex.symbol_for_decl(ref) if rk == K.VAR_DECL else None
            if sym is not None:
                if sym.space == "shared":
                    self.ex.kernel_shared.setdefault(sym.key, sym)
                if sym.space in ("global", "constant") and not sym.dims and not sym.dynamic and ct.is_int \
                        and ref.type.is_const_qualified():
                    # `__device__ const int k = 1;`: nvcc puts the value in the instruction, no load
                    # (measured: pending/fixed_values.cu, const_stride)
                    v = const_value(c)
                    if v is not None:
                        return ir.Const(ct, v)
                return ir.SymbolRef(ct, sym)
            if rk == K.VAR_DECL and ref.semantic_parent is not None and \
                    ref.semantic_parent.kind in (K.TRANSLATION_UNIT, K.NAMESPACE):
                # file-scope constants (const int N = 32; constexpr ...)
                v = const_value(c) if ct.is_int else None
                if v is not None:
                    return ir.Const(ct, v)
                return ir.Opaque(ct, f"file-scope variable {named(ref.spelling, '(unnamed)')}", uniform=True)
            if ct.is_int and ref.type.is_const_qualified():
                v = const_value(c)
                if v is not None:
                    return ir.Const(ct, v)
            return ir.VarRef(ct, self.ex.decl_key(ref), ref.spelling)
        if rk == K.FUNCTION_DECL:
            return ir.Opaque(ct, f"function {named(ref.spelling, '(unnamed)')}", uniform=True)
        v = const_value(c)
        return ir.Const(ct, v) if v is not None else ir.Opaque(ct, named(c.spelling, "an unnamed value"))

    def binary(self, c: ci.Cursor, ct: CType) -> ir.Expr:
        ch = self.ex.children(c)
        name = c.binary_operator.name
        if name == "Assign":
            return self.assign(ch[0], ch[1], "=", ct)
        op = BINARY_OPERATORS.get(name)
        if op is None or len(ch) != 2:
            return ir.Opaque(ct, binary_operator(name), tuple(self.expr(x) for x in ch))
        if ct.is_int:
            v = const_value(c)
            if v is not None:
                return ir.Const(ct, v)
        return ir.BinOp(ct, op, self.expr(ch[0]), self.expr(ch[1]))

    def unary(self, c: ci.Cursor, ct: CType) -> ir.Expr:
        op = UNARY_OPERATORS.get(unary_operator_kind(c))
        ch = [x for x in self.ex.children(c) if x.kind.is_expression()]
        if op is None or not ch:
            return ir.Opaque(ct, "unary operator", tuple(self.expr(x) for x in ch))
        operand = ch[0]
        if op == "&":
            return ir.AddrOf(ct, self.lvalue(operand))
        if op == "*":
            return self.load(c, ct)
        if op in ("post++", "post--", "pre++", "pre--"):
            delta = 1 if "++" in op else -1
            target = self.lvalue(operand)
            prefix = op.startswith("pre")
            if isinstance(target, (ir.VarRef, ir.LocalField)):
                return ir.IncDec(ct, target, delta, prefix)
            ld = self.access(operand, target, "ld")
            st = self.access(operand, target, "st")
            return ir.IncDec(ct, st, delta, prefix, load=ld)
        if ct.is_int:
            v = const_value(c)
            if v is not None:
                return ir.Const(ct, v)
        return ir.UnOp(ct, op, self.expr(operand))

    def assign(self, lhs_c: ci.Cursor, rhs_c: ci.Cursor, op: str, ct: CType) -> ir.Expr:
        target = self.lvalue(lhs_c)
        rhs = self.expr(rhs_c)
        if isinstance(target, (ir.VarRef, ir.LocalField)):
            value = rhs if op == "=" else ir.BinOp(target.ctype, op, target, rhs)
            return ir.Assign(ct, target, value, op)
        if isinstance(target, ir.Opaque):
            return ir.Opaque(ct, target.reason, (rhs,))
        if op == "=":
            value = rhs
        else:
            value = ir.BinOp(target.ctype, op, self.access(lhs_c, target, "ld"), rhs)
        return ir.Assign(ct, self.access(lhs_c, target, "st", value), value, op)

    # ------------------------------------------------------------ memory

    def lvalue(self, c: ci.Cursor) -> ir.Expr:
        """An lvalue: a VarRef for locals, or a memory location (Subscript/Deref/Member)."""
        c = self.ex.strip(c)
        ct = self.ex.ctype(c.type)
        k = c.kind
        sp = self.span(c)
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            ch = self.ex.children(c)
            base_c, idx_c = ch[0], ch[1]
            base = self.expr(base_c)
            if base.ctype.kind not in ("ptr", "array"):
                other = self.expr(idx_c)
                if other.ctype.kind in ("ptr", "array"):  # i[a] spelled backwards
                    base_c, idx_c, base = idx_c, base_c, other
            step = base.ctype.pointee_bytes or ct.bytes
            if ct.bytes <= 0 < base.ctype.pointee_bytes and base.ctype.kind == "array":
                # an element of a dependent type in a template not instantiated (`float s[NUM_WARPS]`):
                # clang knows the element's size from the array, not from the subscript
                ct = CType("other", base.ctype.pointee_bytes, spelling=ct.spelling)
            index = self.expr(idx_c)
            if step <= 0:
                # a row of a dependent size (`t[TILE][TILE + PAD]` in a template no launch instantiates):
                # its stride is not known, so neither is the address (never a stride of 0); a size is
                # the same in every thread, so the address varies only as the index does
                index = ir.Opaque(index.ctype, "an index into rows whose size depends on template parameters "
                                  "(kernel not instantiated in this file)", (index,), uniform=None)
            return ir.Subscript(ct, base, index, step, sp)
        if k == K.UNARY_OPERATOR and UNARY_OPERATORS.get(unary_operator_kind(c)) == "*":
            ch = [x for x in self.ex.children(c) if x.kind.is_expression()]
            return ir.Deref(ct, self.expr(ch[0]), sp)
        if k == K.MEMBER_REF_EXPR:
            if self.this is not None and objects.is_this_member(c):
                field = objects.this_field(self.this, c, ct)
                if field is not None:
                    return field
            ch = self.ex.children(c)
            if not ch:
                return ir.Opaque(ct, f"member {named(c.spelling, '(unnamed)')} of this", uniform=False)
            base_c = ch[0]
            field = self.ex.referenced(c)
            offset, off_bits = 0, -1
            if field is not None and field.kind == K.FIELD_DECL:
                parent = field.semantic_parent
                try:
                    off_bits = parent.type.get_offset(field.spelling) if parent is not None else -1
                except Exception:  # noqa: BLE001
                    off_bits = -1
                offset = off_bits // 8 if off_bits >= 0 else 0
            arrow = base_c.type.get_canonical().kind == T.POINTER
            if arrow:
                return ir.Member(ct, self.expr(base_c), offset, True, sp)
            base = self.lvalue(base_c)
            if isinstance(base, (ir.VarRef, ir.LocalField)):  # a field of a struct variable: not memory
                if field is None or field.kind != K.FIELD_DECL or off_bits < 0:
                    # a field of a dependent type (uninstantiated template): unknown, but it varies
                    # between threads only as the variable does (a by-value kernel parameter: not at all)
                    return ir.Opaque(ct, f"field {named(c.spelling, '(unnamed)')} of local {named(base.name, '(unnamed)')}",
                                     (base,), uniform=None)
                start = base.offset if isinstance(base, ir.LocalField) else 0
                return ir.LocalField(ct, base.var, f"{base.name}.{c.spelling}", start + offset)
            return ir.Member(ct, base, offset, False, sp)
        if k == K.DECL_REF_EXPR:
            e = self.decl_ref(c, ct)
            if isinstance(e, ir.VarRef) and e.var in self.bound:
                return ir.Deref(ct, ir.VarRef(self.bound[e.var], e.var, e.name), sp)
            if isinstance(e, ir.SymbolRef):
                # a whole array or a __device__ scalar variable used as an lvalue
                return ir.Deref(ct, e, sp) if ct.kind != "array" else e
            return e
        if k in _REFERENCE_CASTS and ct.kind in ("record", "array"):
            # `reinterpret_cast<TempStorage &>(smem_)` (its value a struct: a cast to a reference, the only
            # struct a reinterpret_cast gives): the same memory seen as another type, not a load
            inner = [x for x in self.ex.children(c) if x.kind.is_expression()]
            base = self.lvalue(inner[-1]) if inner else None
            ptr = pointer_to(ct)
            if isinstance(base, (ir.Subscript, ir.Deref, ir.Member)):
                return ir.Deref(ct, ir.Cast(ptr, ir.AddrOf(ptr, base)), sp)
            if isinstance(base, ir.SymbolRef) and base.ctype.kind == "array":  # an array's bytes (`extern __shared__`)
                return ir.Deref(ct, ir.Cast(ptr, base), sp)
        if k == K.CXX_STATIC_CAST_EXPR and (lv := references.static_cast_lvalue(self, c, ct)) is not None:
            return lv
        if k == K.CONDITIONAL_OPERATOR:  # `cond ? smemA : smemB` as an lvalue: one of two objects, not a load
            ch = self.ex.children(c)
            a, b = self.lvalue(ch[1]), self.lvalue(ch[2])
            if all(isinstance(x, (ir.Subscript, ir.Deref, ir.Member)) for x in (a, b)):
                ptr = pointer_to(ct)
                return ir.Deref(ct, ir.Select(ptr, self.expr(ch[0]), ir.AddrOf(ptr, a), ir.AddrOf(ptr, b)), sp)
        if k == K.CALL_EXPR and (lv := references.reference_lvalue(self, c, ct)) is not None:
            return lv
        if k == K.CALL_EXPR and c.spelling.startswith("operator"):
            return ir.Opaque(ct, f"result of {c.spelling}", (self.call(c, ct),), uniform=False)
        if k == K.CALL_EXPR:  # a function returning a reference, or an object whose member is called
            return ir.Opaque(ct, f"the object returned by {named(c.spelling, 'a function call')}", (self.expr(c),),
                             uniform=False)
        return ir.Opaque(ct, f"memory designated by {construct(k)}", (self.expr(c),), uniform=False)

    def access(self, c: ci.Cursor, lv: ir.Expr, op: str, value: ir.Expr | None = None,
               complete: ci.Cursor | None = None) -> ir.Expr:
        if not isinstance(lv, (ir.Subscript, ir.Deref, ir.Member)):
            return lv
        width = lv.ctype.bytes
        site = self.ex.new_site(self.ex.strip(c), op, width, lv, complete=complete)
        return ir.Access(lv.ctype, site, op, lv, value)

    def load(self, c: ci.Cursor, ct: CType) -> ir.Expr:
        if ct.kind == "record" and ct.bytes <= 1 and callees.empty_record(self.ex, c.type):  # (CuTe's `_`)
            return ir.Opaque(ct, "an object with no data", uniform=True)
        lv = self.lvalue(c)
        if isinstance(lv, (ir.Subscript, ir.Deref, ir.Member)):
            if ct.kind == "array" or _dependent_array(c):
                # a row of a multi-dimensional array (also of a size that depends on the template's
                # parameters, `RC[WARP_TILE_M][2]`): decays, no access
                return ir.AddrOf(ct, lv)
            return self.access(c, lv, "ld")
        return lv

    # ------------------------------------------------------------ calls

    def call(self, c: ci.Cursor, ct: CType) -> ir.Expr:
        name = c.spelling
        args_c = self.ex.arguments(c)
        ref = self.ex.referenced(c) or (None if name else instructions.substituted_callee(self, c))
        if not name:  # a call in an uninstantiated template: its callee an overloaded name
            name, args_c = instructions.unresolved_call(self, c, ref.spelling if ref else name, args_c)
        sp = self.span(c)
        barrier = barrier_name(c)
        if barrier is not None:
            self.barriers.append(sp)
            return ir.Call(ct, barrier, tuple(self.expr(a) for a in args_c), span=sp)
        if name.startswith("atomic") and args_c:
            discarded = self._discarded is not None and self._discarded == c
            return instructions.lower_atomic(self, name, args_c, ct, discarded)
        collective = collectives.lower_collective(self, c, ref, name, args_c, ct)
        if collective is not None:
            return collective
        if name in instructions.CALL_NAMES:
            special = instructions.lower_call(self, c, name, args_c, ct)
            if special is not None:
                return special
        if name in _LOAD_INTRINSICS or name in _STORE_INTRINSICS:
            access = self.memory_intrinsic(c, name, args_c, ct)
            if access is not None:
                return access
        if ref is not None and ref.kind == K.CXX_METHOD and not args_c:
            group = instructions.cooperative_group_value(self, c, name, ct)
            if group is not None:
                return group
        if name == "operator()" and (call := self.functor_call(c, ref, args_c, ct)) is not None:
            return call
        if name.startswith("operator") and ref is not None and ref.kind != K.CONVERSION_FUNCTION:
            return self.operator_call(c, name, args_c, ct)
        params = self._parameters(ref)
        if ref is not None and ref.kind == K.CONSTRUCTOR:
            # T v = src; of a struct: copy construction from a memory lvalue is a load of the whole struct
            # (not `BlockScanT(temp_storage)`: an object bound to a reference parameter is not copied)
            if len(args_c) == 1 and self.ex.ctype(args_c[0].type).kind == "record" and \
                    not (params and record_reference(params[0].type)):
                inner = self.ex.strip(args_c[0])
                if inner.kind in (K.ARRAY_SUBSCRIPT_EXPR, K.UNARY_OPERATOR, K.MEMBER_REF_EXPR, K.DECL_REF_EXPR):
                    return self.load(inner, self.ex.ctype(inner.type))  # (a struct variable: itself)
            if callees.no_data(self.ex, c, ct, args_c):
                return ir.Opaque(ct, "an object with no data", uniform=True)
            defn = ref.get_definition()
            if defn is not None and objects.object_of(defn) is not None and not in_system_header(defn):
                return ir.Call(ct, name, self.arguments(args_c, params), self.ex.lower_function(defn), sp)
            return ir.Opaque(ct, f"constructed {ct.spelling}", self.arguments(args_c, params))
        if ref is not None and ref.kind == K.FUNCTION_DECL and callees.no_data(self.ex, c, ct, args_c):
            # a value the types fix at compile time (CuTe's layout algebra over static shapes): callees.py
            return ir.Opaque(ct, "an object with no data", uniform=True)
        if ref is not None and ref.kind == K.FUNCTION_DECL and len(args_c) == 2:
            quotient = instructions.fast_division(self, ref, args_c, ct)
            if quotient is not None:
                return quotient
        args = self.arguments(args_c, params)
        func_key = None
        if ref is not None and ref.kind in _CALLABLE_KINDS:
            # functions, and methods followed like them: conversion operators and static helpers
            # that hand out an `extern __shared__` array (cuda-samples' SharedMemory<T>)
            defn = callees.followed_definition(self.ex, ref)
            if defn is not None:  # (one lowering per set of shared-memory arguments: callees.shared_arguments)
                func_key = self.ex.lower_function(defn, variant=callees.shared_arguments(args) + callees.group_arguments(
                    args_c, params) if ref.kind == K.FUNCTION_DECL else "")
        if func_key is not None and objects.object_of(defn) is not None and defn.kind != K.CONSTRUCTOR:
            this, after = objects.object_argument(self, self.method_object(c), defn)
            call = ir.Call(ct, name, (this, *args), func_key, sp)
            # an object the method may change is unknown from the call on
            return call if after is None else ir.BinOp(ct, ",", after, call)
        if func_key is not None and ref.kind == K.FUNCTION_DECL:
            return ir.Call(ct, name, args, func_key, sp, references.written_back(self, args_c, params))
        if func_key is None and ref is not None and ref.kind in (K.CXX_METHOD, K.CONVERSION_FUNCTION):
            # A method whose body is not followed (`(float)x[i]` on a bf16 element, `v.get()`): it
            # reads its object, so an object in memory is loaded whole, and the result depends on it.
            obj = self.method_object(c)
            if obj is not None:
                args = (objects.record_value(self, obj), *args)
        return ir.Call(ct, name, args, func_key, sp)

    def functor_call(self, c: ci.Cursor, ref: ci.Cursor | None, args_c: list[ci.Cursor], ct: CType) -> ir.Expr | None:
        """`callable(args...)` on a function object (apex's multi-tensor functors, a kernel's `Op op`
        template parameter): its `operator()` followed as a method of that object. clang gives the
        object as the call's first argument. A lambda's body names the enclosing function's variables:
        each is read as the closure's field that holds it (objects.lambda_captures; None: not followed)."""
        if ref is None or ref.kind != K.CXX_METHOD or not args_c or \
                ref.semantic_parent is None or not ref.semantic_parent.spelling:
            return None
        defn = callees.followed_definition(self.ex, ref)
        captures = objects.lambda_captures(self.ex, defn) if objects.is_lambda_class(ref.semantic_parent) \
            and defn is not None else {}
        if defn is None or captures is None:
            return None
        func_key = self.ex.lower_function(defn, captures)
        this, after = objects.object_argument(self, args_c[0], defn)
        call = ir.Call(ct, "operator()", (this, *self.arguments(args_c[1:], self._parameters(ref))), func_key,
                       self.span(c))
        return call if after is None else ir.BinOp(ct, ",", after, call)

    def _parameters(self, ref: ci.Cursor | None) -> list[ci.Cursor]:  # (none known: [])
        return callees.parameters(self.ex, ref)

    def arguments(self, args_c: list[ci.Cursor], params: list[ci.Cursor]) -> tuple[ir.Expr, ...]:
        """A call's arguments: the value of each, but the address of an object bound to a reference
        parameter of struct type (ex.param: the callee reads and writes it in place, no load here)."""
        out = []
        for i, a in enumerate(args_c):
            if i < len(params) and record_reference(params[i].type):
                lv = self.lvalue(a)
                if isinstance(lv, (ir.Subscript, ir.Deref, ir.Member, ir.VarRef, ir.LocalField)):
                    out.append(ir.AddrOf(pointer_to(lv.ctype), lv))
                    continue
            out.append(self.expr(a))
        return tuple(out)

    def param(self, p: ci.Cursor) -> ir.Param:
        """A parameter of a device function; one bound to a struct by reference is a pointer to it, its
        uses read through it (`arguments` passes the object's address)."""
        ct = self.ex.ctype(p.type)
        key = self.ex.decl_key(p)
        if record_reference(p.type):
            ct = self.bound[key] = pointer_to(ct)
        return ir.Param(key, p.spelling, ct)

    def memory_intrinsic(self, c: ci.Cursor, name: str, args_c: list[ci.Cursor], ct: CType) -> ir.Expr | None:
        """`__ldg(p)`, `__ldcs(p)`, ...: one load of `*p`; `__stcs(p, v)`, ...: one store of `*p`;
        each of the pointee's width (__ldg(const float4 *) is one 16-byte load)."""
        if not args_c:
            return None
        et = self.ex.ctype(args_c[0].type.get_canonical().get_pointee())
        if name in _LOAD_INTRINSICS and len(args_c) == 1:
            lv = ir.Deref(et, self.expr(args_c[0]), self.span(c))
            return ir.Access(et, self.ex.new_site(c, "ld", et.bytes, lv), "ld", lv)
        if name in _STORE_INTRINSICS and len(args_c) == 2:
            ptr = self.expr(args_c[0])
            value = self.expr(args_c[1])
            lv = ir.Deref(et, ptr, self.span(c))
            site = self.ex.new_site(c, "st", et.bytes, lv)
            return ir.Assign(ct, ir.Access(et, site, "st", lv, value), value, "=")
        return None

    def method_object(self, c: ci.Cursor) -> ci.Cursor | None:
        """The object expression of a member call `obj.method(...)` (None for a static call)."""
        member = next((m for m in map(self.ex.strip, self.ex.children(c)) if m.kind == K.MEMBER_REF_EXPR), None)
        obj = self.ex.children(member) if member is not None else []
        return obj[0] if obj else None

    def operator_call(self, c: ci.Cursor, name: str, args_c: list[ci.Cursor], ct: CType) -> ir.Expr:
        # Overloaded operators on structs (float4 copy-assign, __half +=, ...).
        ch = [x for x in self.ex.children(c) if x.kind.is_expression()]
        operands = [x for x in ch
                    if not (self.ex.strip(x).kind == K.DECL_REF_EXPR and self.ex.strip(x).spelling == name)]
        if name == "operator=" and len(operands) == 2:
            target = self.lvalue(operands[0])
            value = objects.record_value(self, operands[1])
            if isinstance(target, (ir.Subscript, ir.Deref, ir.Member)):
                # a struct copy: nvcc's line table puts its store where the copied value ends
                return ir.Assign(ct, self.access(operands[0], target, "st", value, complete=operands[1]),
                                 value, "=")
            if isinstance(target, (ir.VarRef, ir.LocalField)):  # `e = tab[i];` into a local struct, as its initializer
                return ir.Assign(ct, target, value, "=")
            return ir.Opaque(ct, "struct assignment", (value,))
        m = re.fullmatch(r"operator([-+*/%^&|]|<<|>>)=", name)
        if m and len(operands) == 2:
            target = self.lvalue(operands[0])
            if isinstance(target, (ir.Subscript, ir.Deref, ir.Member)):
                rhs = objects.record_value(self, operands[1])
                ld = self.access(operands[0], target, "ld")
                value = ir.Opaque(target.ctype, name, (ld, rhs))
                return ir.Assign(ct, self.access(operands[0], target, "st", value), value, m.group(1) + "=")
        return ir.Opaque(ct, name, tuple(objects.record_value(self, x) for x in operands))

