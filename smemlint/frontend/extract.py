"""Lower a libclang translation unit to smemlint's IR (ir.py).

Kernels (and each template instantiation launched in the file), the device
functions they call, their memory access sites, barriers and launch sites.
Anything this module does not understand becomes an `Opaque` value or an
`Unsupported` statement with a reason; lowering never raises on user code.
"""
from __future__ import annotations

import ctypes
import dataclasses
import os
import re
from pathlib import Path

import clang.cindex as ci

from .. import ir
from ..ir import CType, Span
from .cursors import ChildrenMemo, FileNames, children, file_line_column, file_name, line_column, range_end, range_start
from .cursors import key as cursor_key
from . import instructions
from .hostvalues import HostEvaluator
from .wording import binary_operator, construct, named

K = ci.CursorKind
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
_BUILTIN_VARS = {"threadIdx", "blockIdx", "blockDim", "gridDim"}
_ANNOTATION = re.compile(r"//\s*smemlint:\s*block\s*\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?(?:,\s*(\d+)\s*)?\)")
_BARRIERS = {"__syncthreads", "__syncwarp", "__syncthreads_count", "__syncthreads_and",
             "__syncthreads_or", "__barrier_sync"}
_LAUNCH_CONFIG_CALLS = {"cudaConfigureCall", "__cudaPushCallConfiguration"}
# Bounds that keep lowering (and every later walk over the IR) away from Python's recursion
# limit and from exponential macro expansions. A RecursionError inside libclang's child
# visitor is swallowed by ctypes and silently truncates the children, so depth is counted
# here rather than caught. The evaluator treats these Opaque values as lane-varying
# (symbolic/interp.py matches the reason prefix TOO_COMPLEX).
MAX_NESTING = 120  # statements and expressions nested inside one another (one frame chain)
MAX_NODES = 20_000  # statements and expressions lowered per function
MAX_INSTANTIATIONS = 16  # template instantiations of one kernel analysed per file
MAX_WALK = 100_000  # cursors visited per function when looking for launches and calls
TOO_COMPLEX = "code too complex to analyse"

# ---------------------------------------------------------------- clang helpers

_lib = ci.conf.lib
_eval = _lib.clang_Cursor_Evaluate
_eval.restype = ctypes.c_void_p
_eval.argtypes = [ci.Cursor]
_lib.clang_EvalResult_getKind.restype = ctypes.c_int
_lib.clang_EvalResult_getKind.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_getAsLongLong.restype = ctypes.c_longlong
_lib.clang_EvalResult_getAsLongLong.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_dispose.argtypes = [ctypes.c_void_p]
_unop_kind = _lib.clang_getCursorUnaryOperatorKind
_unop_kind.restype = ctypes.c_int
_unop_kind.argtypes = [ci.Cursor]
# CXUnaryOperatorKind values
_UNOPS = {1: "post++", 2: "post--", 3: "pre++", 4: "pre--", 5: "&", 6: "*", 7: "+", 8: "-", 9: "~", 10: "!"}
_BINOPS = {
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


def span_of(c: ci.Cursor, path: str) -> Span:
    ext = c.extent
    line, col = line_column(range_start(ext))
    if line == 0:
        line, col = line_column(c.location)
        return Span(path, line, col, line, col + 1)
    end_line, end_col = line_column(range_end(ext))
    if end_line < line:
        end_line, end_col = line, col + 1
    return Span(path, line, col, end_line, end_col)


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
            x = _strip(kids[0])
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


def atomic_form(name: str, elem: CType, value: ir.Expr | None, discarded: bool) -> str:
    """Which instruction an `atomic*` call becomes (model/banks.py's measurements): "atomic.popc"
    (`atomicAdd(p, 1)`, old value unused: ATOMS.POPC.INC), "atomic.add" (other 32-bit integer adds
    and subtracts), "atomic.int" (the other 32-bit integer atomics), else "atomic.<kind><bits>"
    (`atomic.float32`: in shared memory a compare-and-swap loop)."""
    base = re.sub(r"_(block|system)$", "", name)
    if elem.kind == "int" and elem.bytes == 4:
        if base == "atomicAdd" and discarded and isinstance(value, ir.Const) and value.value == 1:
            return "atomic.popc"
        return "atomic.add" if base in ("atomicAdd", "atomicSub") else "atomic.int"
    return f"atomic.{elem.kind}{elem.bytes * 8}"


def instruction_line(access: Span, complete: Span) -> int:
    """The line nvcc's line table (what Nsight Compute's per-line view counts on) gives an access
    written over several lines: the line where the expression whose value it moves ends. Measured
    with nvcc 13.0 -O3 -lineinfo (nvdisasm -g): `x = a[\n i]` loads on the `]` line, `*(p +\n t)` on
    the `)` line, `a[i\n + 1] =\n v` (and `a[i]\n += v`) stores on the line the left-hand side ends,
    a struct copy `a[i] =\n v` (float4) on the line the right-hand side ends (SGEMM_CUDA's
    `reinterpret_cast<float4 *>(\n &C[...])[0] =\n tmp;`). 0: the span's first line."""
    if complete.file != access.file or complete.end_line <= access.line:
        return 0
    return complete.end_line


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


def _has_attr(c: ci.Cursor, kind: ci.CursorKind) -> bool:
    return any(ch.kind == kind for ch in children(c))


def _children(c: ci.Cursor) -> list[ci.Cursor]:
    return children(c)


def _strip(c: ci.Cursor, kids=_children) -> ci.Cursor:
    """Skip implicit casts and parentheses; `kids` gives a cursor's children."""
    while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
        ch = kids(c)
        if len(ch) != 1:
            break
        c = ch[0]
    return c


def decl_key(c: ci.Cursor) -> str:
    loc = c.location
    return f"{c.spelling}@{loc.line}:{loc.column}:{c.hash & 0xffffffff:x}"


def _in_main_file(c: ci.Cursor, main: str) -> bool:
    f = c.location.file
    return f is not None and f.name == main


# ---------------------------------------------------------------- lowering

class _Lowerer:
    """Lowers one function body; shared state (sites, functions) lives in the Extractor."""

    def __init__(self, ex: "Extractor", func_key: str):
        self.ex = ex
        self.func_key = func_key
        self.uses: set[str] = set()
        self.barriers: list[Span] = []
        self.nodes = 0
        self._noted: set[str] = set()
        self._discarded: ci.Cursor | None = None  # the call an expression statement makes, its value unused

    def _too_complex(self, c: ci.Cursor) -> str | None:
        """Why `c` is not lowered (too deep, or the function too large), with a file note; else None."""
        if self.ex.depth >= MAX_NESTING:
            why = f"nested more than {MAX_NESTING} levels deep"
        elif self.nodes >= MAX_NODES:
            why = f"function body over {MAX_NODES} expressions"
        else:
            return None
        if why not in self._noted:  # once per function, at the first place it happens
            self._noted.add(why)
            line = c.extent.start.line or c.location.line
            self.ex.note(f"line {line}: {TOO_COMPLEX} ({why}); the rest of it is not analysed and "
                         "accesses that depend on it are unpredictable")
        return f"{TOO_COMPLEX} ({why})"

    # ------------------------------------------------------------ statements

    def stmt(self, c: ci.Cursor) -> ir.Stmt:
        why = self._too_complex(c)
        if why is not None:
            return ir.Unsupported(self.span(c), why)
        self.nodes += 1
        self.ex.depth += 1
        try:
            return self._stmt(c)
        except RecursionError:
            return ir.Unsupported(self.span(c), f"{TOO_COMPLEX} (nested too deeply)")
        except Exception as e:  # noqa: BLE001 - never crash on user code
            return ir.Unsupported(self.span(c), f"could not lower {construct(c.kind)}: {e}")
        finally:
            self.ex.depth -= 1

    def span(self, c: ci.Cursor) -> Span:
        return self.ex.span_of(c)

    def _stmt(self, c: ci.Cursor) -> ir.Stmt:
        k = c.kind
        sp = self.span(c)
        if k == K.COMPOUND_STMT:
            return ir.Block(sp, self.ex.merge_across_statements(tuple(self.stmt(ch) for ch in self.ex.children(c))))
        if k == K.DECL_STMT:
            out = []
            for d in self.ex.children(c):
                if d.kind == K.VAR_DECL:
                    out.append(self.var_decl(d))
            return out[0] if len(out) == 1 else ir.Block(sp, tuple(out))
        if k == K.IF_STMT:
            ch = self.ex.children(c)
            close = _header_end(c)
            if close is not None:
                head = [x for x in ch if x.extent.start.offset < close]
                tail = [x for x in ch if x.extent.start.offset > close]
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
            return self.switch_stmt(c, sp)
        if k.is_expression():
            e = self.ex.strip(c)
            barrier = _barrier_name(e) if e.kind == K.CALL_EXPR else None
            if barrier is not None and barrier != "__syncthreads_count":
                self.barriers.append(sp)
                return ir.Barrier(sp, barrier)
            self._discarded = e if e.kind == K.CALL_EXPR else None
            return ir.ExprStmt(sp, self.ex.merge_siblings(self.expr(c)))
        if k.name in ("ASM_STMT", "GCC_ASM_STMT", "MS_ASM_STMT"):  # not every libclang names all three
            if _ASM_BARRIER.search(" ".join(t.spelling for t in c.get_tokens())):
                self.barriers.append(sp)  # `bar.sync 0;` is __syncthreads(); a named barrier syncs its threads
                return ir.Barrier(sp, "__syncthreads")
            return instructions.lower_asm(self, c, sp) or ir.Unsupported(sp, "inline assembly")
        return ir.Unsupported(sp, construct(k))

    def switch_stmt(self, c: ci.Cursor, sp: Span) -> ir.Stmt:
        # Lowered as a chain of ifs over the case values (no fall-through modelled).
        ch = self.ex.children(c)
        value = self.expr(ch[0])
        body = ch[-1]
        parts = []
        for case in self.ex.children(body) if body.kind == K.COMPOUND_STMT else []:
            if case.kind == K.CASE_STMT:
                cc = self.ex.children(case)
                v = const_value(cc[0])
                if v is None:
                    continue
                stmt = self.stmt(cc[-1])
                cond = ir.BinOp(ir.BOOL, "==", value, ir.Const(value.ctype, v))
                parts.append(ir.If(self.span(case), cond, stmt, None))
            elif case.kind == K.DEFAULT_STMT:
                default_body = self.stmt(self.ex.children(case)[-1])
                parts.append(ir.Unsupported(self.span(case), "switch default", (default_body,)))
        return ir.Block(sp, tuple(parts))

    def for_stmt(self, c: ci.Cursor, sp: Span) -> ir.Stmt:
        ch = self.ex.children(c)
        body_c = ch[-1]
        heads = ch[:-1]
        # Missing parts of `for (init; cond; inc)` are simply absent: classify the
        # present ones by their position relative to the two semicolons.
        semis = []
        depth = 0
        header = [None, None]  # offsets of the header's `(` and `)`
        for tok in c.get_tokens():
            s = tok.spelling
            if s == "(":
                depth += 1
                if header[0] is None:
                    header[0] = tok.extent.start.offset
            elif s == ")":
                depth -= 1
                if depth == 0:
                    header[1] = tok.extent.start.offset
                    break
            elif s == ";" and depth == 1:
                semis.append(tok.extent.start.offset)
        offsets = [h.extent.start.offset for h in heads]
        if header[1] is None or len(set(offsets)) != len(offsets) or \
                not all(header[0] < off < header[1] for off in offsets):
            # a loop written in a macro: its parts are all at the macro's call, and the tokens are
            # the macro definition's; the semicolons say nothing about them
            semis = []
        init = cond = inc = None
        for h in heads:
            off = h.extent.start.offset
            if len(semis) >= 2 and off > semis[1]:
                inc = h
            elif len(semis) >= 1 and off > semis[0]:
                cond = h
            else:
                init = h
        if len(semis) < 2:  # tokens unavailable (macro): fall back on the usual shape
            init, cond, inc = (heads + [None, None, None])[:3] if len(heads) == 3 else (None, None, None)
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
            return ir.Opaque(ir.UNKNOWN_TYPE, f"{TOO_COMPLEX} (nested too deeply)")
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
            op = _BINOPS.get(c.binary_operator.name.replace("Assign", ""), "?")
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
            return self.call(c, ct)
        v = const_value(c) if ct.is_int else None
        if v is not None:
            return ir.Const(ct, v)
        parts = tuple(self.expr(x) for x in self.ex.children(c) if x.kind.is_expression())
        return ir.Opaque(ct, construct(k), parts)

    def cast_like(self, c: ci.Cursor, ct: CType) -> ir.Expr:
        ch = [x for x in self.ex.children(c) if x.kind.is_expression()]
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
            sym = self.ex.symbol_for_decl(ref) if rk == K.VAR_DECL else None
            if sym is not None:
                if sym.space == "shared":
                    self.ex.kernel_shared.setdefault(sym.key, sym)
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
        op = _BINOPS.get(name)
        if op is None or len(ch) != 2:
            return ir.Opaque(ct, binary_operator(name), tuple(self.expr(x) for x in ch))
        if ct.is_int:
            v = const_value(c)
            if v is not None:
                return ir.Const(ct, v)
        return ir.BinOp(ct, op, self.expr(ch[0]), self.expr(ch[1]))

    def unary(self, c: ci.Cursor, ct: CType) -> ir.Expr:
        op = _UNOPS.get(_unop_kind(c))
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
        if k == K.UNARY_OPERATOR and _UNOPS.get(_unop_kind(c)) == "*":
            ch = [x for x in self.ex.children(c) if x.kind.is_expression()]
            return ir.Deref(ct, self.expr(ch[0]), sp)
        if k == K.MEMBER_REF_EXPR:
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
            if isinstance(e, ir.SymbolRef):
                # a whole array or a __device__ scalar variable used as an lvalue
                return ir.Deref(ct, e, sp) if ct.kind != "array" else e
            return e
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
        args_c = list(c.get_arguments())
        if not name:  # a call in an uninstantiated template: its callee an overloaded name
            name, args_c = instructions.unresolved_call(self, c, name, args_c)
        sp = self.span(c)
        ref = self.ex.referenced(c)
        barrier = _barrier_name(c)
        if barrier is not None:
            self.barriers.append(sp)
            return ir.Call(ct, barrier, tuple(self.expr(a) for a in args_c), span=sp)
        if name.startswith("atomic") and args_c:
            ptr = self.expr(args_c[0])
            lv = ir.Deref(self.ex.ctype(args_c[0].type.get_pointee()), ptr, self.span(args_c[0]))
            if isinstance(ptr, ir.AddrOf) and isinstance(ptr.lvalue, (ir.Subscript, ir.Deref, ir.Member)):
                lv = ptr.lvalue
            rest = tuple(self.expr(a) for a in args_c[1:])
            discarded = self._discarded is not None and self._discarded == c
            form = atomic_form(name, lv.ctype, rest[0] if rest else None, discarded)
            site = self.ex.new_site(self.ex.strip(args_c[0]), "atomic", lv.ctype.bytes, lv, instruction=form)
            return ir.Opaque(ct, f"result of {name}", (ir.Access(lv.ctype, site, "atomic", lv, None), *rest),
                             uniform=False)  # each lane gets its own old value
        if name in instructions.CALL_NAMES:
            special = instructions.lower_call(self, c, name, args_c, ct)
            if special is not None:
                return special
        if name in _LOAD_INTRINSICS or name in _STORE_INTRINSICS:
            access = self.memory_intrinsic(c, name, args_c, ct)
            if access is not None:
                return access
        if ref is not None and ref.kind == K.CXX_METHOD and not args_c:
            group = self.cooperative_group_value(c, name, ct)
            if group is not None:
                return group
        if name.startswith("operator") and ref is not None and ref.kind != K.CONVERSION_FUNCTION:
            return self.operator_call(c, name, args_c, ct)
        if ref is not None and ref.kind == K.CONSTRUCTOR:
            # T v = src; of a struct: copy construction from a memory lvalue is a load of the whole struct
            if len(args_c) == 1 and self.ex.ctype(args_c[0].type).kind == "record":
                inner = self.ex.strip(args_c[0])
                if inner.kind in (K.ARRAY_SUBSCRIPT_EXPR, K.UNARY_OPERATOR, K.MEMBER_REF_EXPR):
                    return self.load(inner, self.ex.ctype(inner.type))
            return ir.Opaque(ct, f"constructed {ct.spelling}", tuple(self.expr(a) for a in args_c))
        args = tuple(self.expr(a) for a in args_c)
        func_key = None
        if ref is not None and ref.kind in _CALLABLE_KINDS:
            # functions, and methods followed like them: conversion operators and static helpers
            # that hand out an `extern __shared__` array (cuda-samples' SharedMemory<T>)
            defn = ref.get_definition()
            if defn is not None and defn.kind in _DEFINITION_KINDS and \
                    any(ch.kind == K.COMPOUND_STMT for ch in self.ex.children(defn)) and \
                    not _is_system(defn):
                func_key = self.ex.lower_function(defn)
        if func_key is None and ref is not None and ref.kind in (K.CXX_METHOD, K.CONVERSION_FUNCTION):
            # A method whose body is not followed (`(float)x[i]` on a bf16 element, `v.get()`): it
            # reads its object, so an object in memory is loaded whole, and the result depends on it.
            obj = self.method_object(c)
            if obj is not None:
                args = (self.expr(obj), *args)
        return ir.Call(ct, name, args, func_key, sp)

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

    def cooperative_group_value(self, c: ci.Cursor, name: str, ct: CType) -> ir.Expr | None:
        """`block.thread_rank()`, `tile.meta_group_rank()`, `tile.size()` of a cooperative group:
        the thread-index arithmetic they stand for (the toolkit's bodies are not followed)."""
        obj = self.method_object(c)
        if obj is None:
            return None
        spelling = obj.type.get_canonical().spelling
        if "cooperative_groups" not in spelling:
            return None

        def u(v: ir.Expr | int) -> ir.Expr:
            return ir.Const(ir.UINT, v) if isinstance(v, int) else v

        def op(o: str, a: ir.Expr | int, b: ir.Expr | int) -> ir.Expr:
            return ir.BinOp(ir.UINT, o, u(a), u(b))

        def builtin(n: str) -> ir.Expr:
            if n.startswith("threadIdx"):
                self.uses.add(n)
            return ir.Builtin(ir.UINT, n)

        bx, by = builtin("blockDim.x"), builtin("blockDim.y")
        linear = op("+", builtin("threadIdx.x"), op("*", op("+", builtin("threadIdx.y"),
                                                            op("*", builtin("threadIdx.z"), by)), bx))
        threads = op("*", op("*", bx, by), builtin("blockDim.z"))
        tile = re.search(r"thread_block_tile<\s*(\d+)", spelling)
        value: ir.Expr | None = None
        if tile is not None:
            n = int(tile.group(1))
            value = {"thread_rank": op("%", linear, n), "meta_group_rank": op("/", linear, n),
                     "size": u(n), "num_threads": u(n), "meta_group_size": op("/", threads, n)}.get(name)
        elif re.search(r"\bthread_block\b", spelling):
            value = {"thread_rank": linear, "size": threads, "num_threads": threads}.get(name)
        if value is None:
            return None
        return ir.Cast(ct, value) if ct.is_int and ct != ir.UINT else value

    def operator_call(self, c: ci.Cursor, name: str, args_c: list[ci.Cursor], ct: CType) -> ir.Expr:
        # Overloaded operators on structs (float4 copy-assign, __half +=, ...).
        ch = [x for x in self.ex.children(c) if x.kind.is_expression()]
        operands = [x for x in ch
                    if not (self.ex.strip(x).kind == K.DECL_REF_EXPR and self.ex.strip(x).spelling == name)]
        if name == "operator=" and len(operands) == 2:
            target = self.lvalue(operands[0])
            value = self.expr(operands[1])
            if isinstance(target, (ir.Subscript, ir.Deref, ir.Member)):
                # a struct copy: nvcc's line table puts its store where the copied value ends
                return ir.Assign(ct, self.access(operands[0], target, "st", value, complete=operands[1]),
                                 value, "=")
            return ir.Opaque(ct, "struct assignment", (value,))
        m = re.fullmatch(r"operator([-+*/%^&|]|<<|>>)=", name)
        if m and len(operands) == 2:
            target = self.lvalue(operands[0])
            if isinstance(target, (ir.Subscript, ir.Deref, ir.Member)):
                rhs = self.expr(operands[1])
                ld = self.access(operands[0], target, "ld")
                value = ir.Opaque(target.ctype, name, (ld, rhs))
                return ir.Assign(ct, self.access(operands[0], target, "st", value), value, m.group(1) + "=")
        return ir.Opaque(ct, name, tuple(self.expr(x) for x in operands))


MAX_TABLE = 1 << 16  # elements of a compile-time table read from its initializer
_SYMBOL_WRITERS = frozenset(("cudaMemcpyToSymbol", "cudaMemcpyToSymbolAsync", "cudaGetSymbolAddress",
                             "cuModuleGetGlobal", "cudaMemcpyToArray"))
_LOAD_INTRINSICS = frozenset(("__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv"))
_STORE_INTRINSICS = frozenset(("__stwb", "__stcg", "__stcs", "__stwt"))
_CALLABLE_KINDS = (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD, K.CONVERSION_FUNCTION)
_DEFINITION_KINDS = (K.FUNCTION_DECL, K.CXX_METHOD, K.CONVERSION_FUNCTION)


_ASM_BARRIER = re.compile(r"\b(bar|barrier)(\.cta)?\.(sync|red)\b")
# cooperative_groups classes whose sync() is a warp-level barrier (the others sync the block or grid)
_CG_WARP_GROUPS = ("tile", "coalesced", "warp")


def _barrier_name(c: ci.Cursor) -> str | None:
    """The barrier a call is, by the name the rules know it: `__syncthreads`/`_and/_or/_count`,
    `__syncwarp`, `__barrier_sync`, and cooperative groups' `g.sync()` / `cg::sync(g)` /
    `grid.sync()`: a block (or grid) group's sync is a block barrier (`__syncthreads`), a
    tile's or coalesced group's a warp barrier (`__syncwarp`)."""
    name = c.spelling
    if name in _BARRIERS:
        return name
    if name in ("wait", "arrive_and_wait"):
        return _cuda_barrier_wait(c)
    if name != "sync":
        return None
    try:
        ref = c.referenced
        if ref is None:
            return None
        parent = ref.semantic_parent
        scope = parent.spelling if parent is not None else ""
        if ref.kind == K.CXX_METHOD:
            group = scope
            obj = next(iter(c.get_children()), None)
        else:  # `cooperative_groups::sync(g)`: the group is the argument
            args = list(c.get_arguments())
            if not args or "cooperative_groups" not in (ref.semantic_parent.spelling + ref.get_usr()):
                return None
            group = args[0].type.get_canonical().spelling
            obj = args[0]
        usr = ref.get_usr() or ""
        if "cooperative_groups" not in usr and "cooperative_groups" not in group and "cg" not in usr:
            return None
        if _made_by_partition(obj) or _generic_group_parameter(obj, group):
            return "__syncwarp"
    except Exception:  # noqa: BLE001
        return None
    return "__syncwarp" if any(w in group.lower() for w in _CG_WARP_GROUPS) else "__syncthreads"


def _cuda_barrier_wait(c: ci.Cursor) -> str | None:
    """`bar.wait(std::move(token))` / `bar.arrive_and_wait()` of a `cuda::barrier` (libcu++): the
    point where the threads that arrived have all arrived (simpleAWBarrier); taken as a block
    barrier, the scope nearly every such barrier has."""
    try:
        ref = c.referenced
        if ref is None or ref.kind != K.CXX_METHOD:
            return None
        where = (ref.get_usr() or "") + " " + (ref.semantic_parent.spelling if ref.semantic_parent else "")
    except Exception:  # noqa: BLE001
        return None
    return "__syncthreads" if "barrier" in where and ("cuda" in where or "__barrier" in where) else None


def _generic_group_parameter(obj: ci.Cursor | None, group: str) -> bool:
    """The sync of a generic `cg::thread_group` parameter syncs whatever group the caller passes:
    a tile (dxtc's colorSums(..., tiled_partition(cta, 16))) or the block (simpleCooperativeGroups'
    sumReduction(cta, ...)). Taken as a barrier that orders memory (no race across it) but not as a
    block barrier (no divergence finding on it): the reading that makes no false finding either way."""
    if not group.endswith("thread_group"):
        return False
    for _ in range(4):
        if obj is None:
            return False
        if obj.kind == K.DECL_REF_EXPR:
            decl = obj.referenced
            return decl is not None and decl.kind == K.PARM_DECL
        obj = next(iter(obj.get_children()), None)
    return False


_PARTITIONS = ("tiled_partition", "coalesced_threads", "binary_partition", "labeled_partition")


def _made_by_partition(obj: ci.Cursor | None) -> bool:
    """A generic `cg::thread_group` variable initialised by a partition (`thread_group tile =
    cg::tiled_partition(cta, 16)`): its sync is the tile's, not the block's, though its type says
    only `thread_group`."""
    for _ in range(4):  # through implicit casts and copies to the variable
        if obj is None:
            return False
        if obj.kind == K.DECL_REF_EXPR:
            break
        obj = next(iter(obj.get_children()), None)
    else:
        return False
    decl = obj.referenced
    if decl is None or decl.kind != K.VAR_DECL:
        return False
    return any(t.spelling in _PARTITIONS for t in decl.get_tokens())


def _is_system(c: ci.Cursor) -> bool:
    try:
        return c.location.is_in_system_header
    except Exception:  # noqa: BLE001
        return False


# ---------------------------------------------------------------- the extractor

class Extractor:
    def __init__(self, tu: ci.TranslationUnit, path: str, source: str, focus: int | None = None):
        self.tu = tu
        # an editor re-linting one kernel: only the kernel defined around this line of the file (and
        # its launches) is lowered and evaluated; the others' results are kept from before
        self.focus = focus
        self.path = path
        self.main = tu.spelling
        self.lines = source.splitlines()
        self.sites: list[ir.AccessSite] = []
        self.functions: dict[str, ir.Function] = {}
        self._symbols: dict[str, ir.Symbol | None] = {}
        self.kernel_shared: dict[str, ir.Symbol] = {}
        self.current_kernel: str | None = None
        self._lowering: set[str] = set()
        self.function_sites: dict[str, range] = {}  # sites created while lowering each function
        self.function_shared: dict[str, list[ir.Symbol]] = {}  # shared arrays first seen in each function
        self.merged_sites: set[int] = set()  # sites of sibling fields folded into another site's access
        self.host_writes: dict[str, str] = {}  # symbol name -> the host call that may write it
        self.template_defaults: dict[str, dict[str, int]] = {}  # template kernel -> defaults used
        self._pins: dict[str, dict[str, int]] = {}  # template -> parameters its static_asserts pin
        self._file_paths: dict[int, str] = {}  # libclang file handle -> the path spans name
        self._header_lines: dict[str, list[str]] = {}
        self.depth = 0  # nesting of stmt()/expr() calls, across the functions lowered inside one another
        self.notes: list[str] = []
        # Per-cursor and per-type answers, remembered for this translation unit only (the keys are
        # raw libclang values, meaningless in another one): lowering asks for the children of a
        # cursor, the decl key of a variable and the CType of a type many times over.
        self.children = ChildrenMemo()
        self._decl_keys: dict[bytes, str] = {}
        self._ctypes: dict[bytes, CType] = {}
        self._referenced: dict[bytes, ci.Cursor] = {}

    def decl_key(self, c: ci.Cursor) -> str:
        k = cursor_key(c)
        key = self._decl_keys.get(k)
        if key is None:
            key = self._decl_keys[k] = decl_key(c)
        return key

    def ctype(self, t: ci.Type) -> CType:
        k = bytes(t)  # the raw CXType: equal bytes are the same type
        ct = self._ctypes.get(k)
        if ct is None:
            ct = self._ctypes[k] = ctype_of(t)
        return ct

    def referenced(self, c: ci.Cursor) -> ci.Cursor | None:
        """`c.referenced`, as the same Cursor object each time a declaration is referenced: the
        properties cindex keeps on it (spelling, type, semantic parent, hash) are read once."""
        ref = c.referenced
        if ref is None:
            return None
        return self._referenced.setdefault(cursor_key(ref), ref)

    def strip(self, c: ci.Cursor) -> ci.Cursor:
        """Skip implicit casts and parentheses (as `_strip`, with remembered children)."""
        return _strip(c, self.children)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    # ------------------------------------------------------------ symbols and sites

    def symbol_for_decl(self, d: ci.Cursor) -> ir.Symbol | None:
        """The memory symbol a VAR_DECL names, or None for a plain scalar/struct variable."""
        key = self.decl_key(d)
        if key in self._symbols:
            return self._symbols[key]
        space = None
        for ch in self.children(d):
            if ch.kind == K.CUDASHARED_ATTR:
                space = "shared"
            elif ch.kind == K.CUDACONSTANT_ATTR:
                space = "constant"
            elif ch.kind == K.CUDADEVICE_ATTR:
                space = "global"
        t = d.type.get_canonical()
        is_array = t.kind in (T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.VARIABLEARRAY, T.DEPENDENTSIZEDARRAY)
        if space is None and is_array:
            space = "local"
        sym = None
        if space is not None:
            dims = []
            et = t
            while et.kind == T.CONSTANTARRAY:
                dims.append(et.get_array_size())
                et = et.element_type
            dynamic = t.kind == T.INCOMPLETEARRAY
            if dynamic:
                et = t.element_type
            file_scope = d.semantic_parent is not None and d.semantic_parent.kind in (K.TRANSLATION_UNIT,
                                                                                     K.NAMESPACE)
            elem = self.ctype(et)
            values, note = self.table_values(d, space, elem, t) if is_array and elem.is_int else (None, "")
            sym = ir.Symbol(d.spelling, space, elem, tuple(dims), dynamic,
                            max(t.get_align(), 0), self.span_of(d), file_scope, key, values, note)
        self._symbols[key] = sym
        return sym

    def span_of(self, c: ci.Cursor) -> Span:
        """Where `c` is, in the file of its token: the main file for code written there or expanded
        from a macro there, the header for a helper defined in a header."""
        handle, line, col = file_line_column(range_start(c.extent))
        if line == 0:
            handle, line, col = file_line_column(c.location)
            return Span(self._file_path(handle), line, col, line, col + 1)
        end_line, end_col = line_column(range_end(c.extent))
        if end_line < line:
            end_line, end_col = line, col + 1
        return Span(self._file_path(handle), line, col, end_line, end_col)

    def _file_path(self, handle: int | None) -> str:
        if handle is None:
            return self.path
        path = self._file_paths.get(handle)
        if path is None:
            name = file_name(handle)
            path = self._file_paths[handle] = self.path if name == self.main else os.path.normpath(name)
        return path

    def lines_of(self, path: str) -> list[str]:
        """The lines of the main file or of a header it includes (empty if unreadable)."""
        if path == self.path:
            return self.lines
        lines = self._header_lines.get(path)
        if lines is None:
            try:
                lines = read_source(path).splitlines()
            except OSError:
                lines = []
            self._header_lines[path] = lines
        return lines

    def merge_siblings(self, e: ir.Expr) -> ir.Expr:
        """Loads of sibling fields of one vector element in one expression, as nvcc emits them.

        From SASS (sm_90, CUDA 13): `in[i].x + in[i].y` of a float2 or float4 is one LDG.E.64, `.x`
        and `.y` of a uchar4 one LDG.E.U16; `.x + .w` of a float4 stays two LDG.E. So scalar fields
        read from the same element are one access when together they cover a contiguous run of 2,
        4, 8 or 16 bytes that starts at a multiple of its size and the element is aligned to it.
        The merged access keeps the first field's site; the others' sites are dropped."""
        loads: dict[object, list[ir.Access]] = {}
        for a in _field_loads(e):
            loads.setdefault(ir.without_spans(a.lvalue.base), []).append(a)  # type: ignore[attr-defined]
        replace: dict[int, ir.Expr] = {}
        for group in loads.values():
            by_offset = {a.lvalue.offset: a for a in group}  # type: ignore[attr-defined]
            if len(by_offset) < 2:
                continue
            lo = min(by_offset)
            hi = max(o + by_offset[o].ctype.bytes for o in by_offset)
            width = hi - lo
            element = group[0].lvalue.base.ctype  # type: ignore[attr-defined]
            covered = sum(by_offset[o].ctype.bytes for o in by_offset)
            if covered != width or width not in (2, 4, 8, 16) or lo % width or element.align < width:
                continue
            first = by_offset[lo]
            merged_ct = CType("int", width, False, spelling=f"{width}-byte load of sibling fields")
            lv = first.lvalue
            merged = ir.Access(first.ctype, first.site, "ld", ir.Member(merged_ct, lv.base, lv.offset,  # type: ignore
                                                                        lv.arrow, lv.span))  # type: ignore
            self.sites[first.site] = dataclasses.replace(self.sites[first.site], width=width)
            replace[id(first)] = merged
            for o, a in by_offset.items():
                if a is not first:
                    self.merged_sites.add(a.site)
                    replace[id(a)] = ir.Opaque(a.ctype, "a field loaded together with its sibling", (merged,))
            for a in group:  # a field read twice: the second read is the same load
                if id(a) not in replace:
                    replace[id(a)] = ir.Opaque(a.ctype, "a field loaded together with its sibling", (merged,))
                    self.merged_sites.add(a.site)
        return _rebuild(e, replace) if replace else e

    def merge_across_statements(self, stmts: tuple[ir.Stmt, ...]) -> tuple[ir.Stmt, ...]:
        """Sibling fields of one element loaded by consecutive statements with nothing written to
        memory between them, as nvcc emits them: BlackScholes' `d_StockPrice[opt].x` in one call and
        `.y` in the next are one 64-bit load (nvcc -ptx: ld.global.nc.v2.f32). The same rule as
        merge_siblings; a run of statements ends at a store to memory, at a call of a function that
        stores to memory, at a branch or loop, and where a variable the element's index uses is
        assigned."""
        out = list(stmts)
        run: list[int] = []
        for i, s in enumerate(stmts):
            if isinstance(s, (ir.Decl, ir.ExprStmt)) and not self._writes_memory(s):
                run.append(i)
                continue
            self._merge_run(out, run)
            run = []
        self._merge_run(out, run)
        return tuple(out)

    def _writes_memory(self, s: ir.Stmt) -> bool:
        stack: list[object] = [s]
        seen: set[str] = set()
        while stack:
            n = stack.pop()
            if isinstance(n, ir.Access) and n.op != "ld":
                return True
            if isinstance(n, ir.Call) and n.function and n.function not in seen:
                seen.add(n.function)
                f = self.functions.get(n.function)
                if f is None:
                    return True  # a call whose body is not known may write anything
                stack.append(f.body)
            fields = getattr(n, "__dataclass_fields__", None)
            if isinstance(n, tuple):
                stack.extend(n)
            elif fields and not isinstance(n, (ir.CType, ir.Span, ir.Symbol)):
                stack.extend(getattr(n, f) for f in fields)
        return False

    def _merge_run(self, out: list[ir.Stmt], run: list[int]) -> None:
        if len(run) < 2:
            return
        loads: dict[object, list[tuple[int, ir.Access]]] = {}
        for i in run:
            for a in _field_loads(out[i]):
                loads.setdefault(ir.without_spans(a.lvalue.base), []).append((i, a))  # type: ignore[attr-defined]
        replace: dict[int, dict[int, ir.Expr]] = {}
        for group in loads.values():
            stmts = sorted({i for i, _ in group})
            if len(stmts) < 2:
                continue  # within one statement: merge_siblings' business
            base = group[0][1].lvalue.base  # type: ignore[attr-defined]
            used = {n.var for n in _nodes(base) if isinstance(n, ir.VarRef)}
            if any(used & _assigned_vars(out[i]) for i in stmts[:-1]):
                continue  # the index changes between the statements: two elements
            by_offset: dict[int, tuple[int, ir.Access]] = {}
            for i, a in group:
                by_offset.setdefault(a.lvalue.offset, (i, a))  # type: ignore[attr-defined]
            if len(by_offset) < 2:
                continue
            lo = min(by_offset)
            hi = max(o + a.ctype.bytes for o, (_, a) in by_offset.items())
            width = hi - lo
            covered = sum(a.ctype.bytes for _, a in by_offset.values())
            if covered != width or width not in (2, 4, 8, 16) or lo % width or base.ctype.align < width:
                continue
            i0, first = by_offset[lo]
            merged_ct = CType("int", width, False, spelling=f"{width}-byte load of sibling fields")
            lv = first.lvalue
            merged = ir.Access(first.ctype, first.site, "ld", ir.Member(merged_ct, lv.base, lv.offset,  # type: ignore
                                                                        lv.arrow, lv.span))  # type: ignore
            self.sites[first.site] = dataclasses.replace(self.sites[first.site], width=width)
            for i, a in group:
                if a is first:
                    replace.setdefault(i, {})[id(a)] = merged
                else:
                    self.merged_sites.add(a.site)
                    # the field is already in a register: loaded data, no access of its own
                    replace.setdefault(i, {})[id(a)] = ir.Opaque(a.ctype, "a field loaded together with its sibling",
                                                                 (), uniform=False)
        for i, rep in replace.items():
            out[i] = _rebuild(out[i], rep)  # type: ignore[assignment]

    def table_values(self, d: ci.Cursor, space: str, elem: CType,
                     t: ci.Type) -> tuple[tuple[int, ...] | None, str]:
        """The flattened integer initializer of an array that nothing in the file may overwrite.

        `const`/`constexpr` arrays are immutable; a `__constant__` (or `__device__`) array is
        taken as data when the host may write it (cudaMemcpyToSymbol and friends name it) or a
        kernel stores to it; the second value says why."""
        init = next((ch for ch in self.children(d) if ch.kind == K.INIT_LIST_EXPR), None)
        if init is None:
            return None, ""
        values: list[int] = []
        stack = [init]
        while stack:
            n = stack.pop()
            if n.kind == K.INIT_LIST_EXPR:
                stack.extend(reversed(self.children(n)))
                continue
            v = const_value(n)
            if v is None or len(values) >= MAX_TABLE:
                return None, ""
            values.append(v)
        count = t.get_size() // elem.bytes if t.get_size() > 0 and elem.bytes > 0 else len(values)
        values += [0] * max(count - len(values), 0)  # the rest of a partial initializer is zero
        if t.element_type.is_const_qualified() or t.is_const_qualified():
            return tuple(values), ""
        if space not in ("constant", "global"):
            return None, ""
        writer = self.host_writes.get(d.spelling)
        if writer is not None:
            return None, (f"`{d.spelling}` has an initializer, but the host may overwrite it "
                          f"({writer}), so its elements are data")
        if space == "global":
            return None, f"`{d.spelling}` is a writable __device__ array, so its elements are data"
        return tuple(values), ""

    def new_site(self, c: ci.Cursor, op: str, width: int, lv: ir.Expr, instruction: str = "",
                 complete: ci.Cursor | None = None) -> int:
        """A new access site at `c`; `instruction`: what instruction it is, when not a plain load or
        store (ir.AccessSite); `complete`: the expression whose end nvcc's line table gives the
        instruction (a struct assignment's right-hand side), when it is not `c` itself."""
        sp = self.span_of(c)
        text = ""
        lines = self.lines_of(sp.file)
        if sp.line == sp.end_line and 0 < sp.line <= len(lines):
            text = lines[sp.line - 1][sp.column - 1:sp.end_column - 1]
        end = self.span_of(complete) if complete is not None else sp
        site = ir.AccessSite(len(self.sites), sp, op, _symbol_hint(lv), width, text, instruction,
                             instruction_line=instruction_line(sp, end))
        self.sites.append(site)
        return site.id

    def unroll_pragma(self, loop: ci.Cursor) -> int | None:
        """`#pragma unroll [N]` on the line(s) just above a loop (libclang hides the attribute)."""
        sp = self.span_of(loop)
        line, lines = sp.line, self.lines_of(sp.file)
        for ln in range(line - 1, max(line - 3, 0), -1):
            text = lines[ln - 1].strip() if ln - 1 < len(lines) else ""
            m = re.match(r"#\s*pragma\s+unroll\s*\(?\s*(\d*)", text)
            if m:
                return int(m.group(1)) if m.group(1) else 0
            if text and not text.startswith("//"):
                break
        return None

    # ------------------------------------------------------------ functions

    def lower_function(self, defn: ci.Cursor) -> str:
        key = defn.get_usr() or self.decl_key(defn)
        if defn.kind == K.FUNCTION_DECL and defn.get_num_template_arguments() > 0:
            key += "<" + ",".join(_template_arg(defn, i) for i in range(defn.get_num_template_arguments())) + ">"
        if defn.kind != K.FUNCTION_DECL and defn.semantic_parent is not None:  # a method of which class
            key += "@" + defn.semantic_parent.type.spelling
        if key in self.functions or key in self._lowering:
            return key
        self._lowering.add(key)
        first_site = len(self.sites)
        shared_before = set(self.kernel_shared)
        low = _Lowerer(self, key)
        params = tuple(ir.Param(self.decl_key(p), p.spelling, self.ctype(p.type)) for p in self.parameters(defn))
        body_c = next((ch for ch in self.children(defn) if ch.kind == K.COMPOUND_STMT), None)
        body = low.stmt(body_c) if body_c is not None else ir.Block(None, ())
        if not isinstance(body, ir.Block):
            body = ir.Block(body.span, (body,))
        self.functions[key] = ir.Function(key, defn.spelling, params, body, self.ctype(defn.result_type))
        self.function_sites[key] = range(first_site, len(self.sites))
        self.function_shared[key] = [sym for k, sym in self.kernel_shared.items() if k not in shared_before]
        self._lowering.discard(key)
        return key

    def parameters(self, defn: ci.Cursor) -> list[ci.Cursor]:
        """A function's parameter declarations; libclang gives none for a template not instantiated
        (a FunctionTemplate cursor), so those are read from its children."""
        if defn.kind == K.FUNCTION_TEMPLATE:
            return [ch for ch in self.children(defn) if ch.kind == K.PARM_DECL]
        return list(defn.get_arguments())

    def lower_kernel(self, defn: ci.Cursor, display_name: str) -> ir.Kernel:
        key = (defn.get_usr() or self.decl_key(defn)) + display_name
        self.current_kernel = key
        self.kernel_shared = {}
        first_site = len(self.sites)
        low = _Lowerer(self, key)
        params = []
        for p in self.parameters(defn):
            ct = self.ctype(p.type)
            sym = None
            if ct.kind == "ptr":
                pointee = p.type.get_canonical().get_pointee()
                sym = ir.Symbol(p.spelling, "global", self.ctype(pointee), (), False, 256, span_of(p, self.path),
                                False, self.decl_key(p))
            params.append(ir.Param(self.decl_key(p), p.spelling, ct, sym))
        body_c = next((ch for ch in self.children(defn) if ch.kind == K.COMPOUND_STMT), None)
        body = low.stmt(body_c) if body_c is not None else ir.Block(None, ())
        if not isinstance(body, ir.Block):
            body = ir.Block(body.span, (body,))
        launch_bounds = None
        for ch in self.children(defn):
            if ch.kind.is_attribute() and "launch_bounds" in " ".join(t.spelling for t in ch.get_tokens()):
                nums = [t.spelling for t in ch.get_tokens() if t.kind == ci.TokenKind.LITERAL]
                if nums:
                    try:
                        launch_bounds = int(nums[0].rstrip("uUlL"), 0)
                    except ValueError:
                        pass
        if launch_bounds is None:
            launch_bounds = self._launch_bounds_from_text(defn)
        annotation, ann_span = self._annotation(defn)
        uses = set(low.uses)
        # builtins used by the device functions it calls
        for f in self.functions.values():
            uses |= _builtins_in(f.body)
        # its own sites, and those of every helper it calls (lowered once, maybe for an earlier kernel)
        site_ids = set(range(first_site, len(self.sites))) - self.merged_sites
        for fkey in _called_functions(body, self.functions):
            site_ids.update(i for i in self.function_sites.get(fkey, ()) if i not in self.merged_sites)
            for sym in self.function_shared.get(fkey, ()):
                self.kernel_shared.setdefault(sym.key, sym)
        sites = tuple(self.sites[i] for i in sorted(site_ids))
        self.current_kernel = None
        return ir.Kernel(key, display_name, self.span_of(defn), tuple(params), body, sites,
                         tuple(self.kernel_shared.values()), launch_bounds, annotation, ann_span,
                         frozenset(uses), tuple(low.barriers))

    def template_default(self, param: ci.Cursor) -> int | None:
        """The default argument of a non-type template parameter (`template <int BLOCK = 256>`): a
        template kernel no launch instantiates is analysed with its defaults (and the unit says so)."""
        defaults = [x for x in param.get_children() if x.kind.is_expression()]
        v = const_value(defaults[-1]) if defaults else None
        if v is None:
            v = self._pinned_by_static_assert(param)
        if v is not None:
            owner = param.semantic_parent.spelling if param.semantic_parent else ""
            self.template_defaults.setdefault(owner, {})[param.spelling] = v
        return v

    def _pinned_by_static_assert(self, param: ci.Cursor) -> int | None:
        """A template parameter without a default that the template's own `static_assert` pins:
        `static_assert(kMmaTileSeqLenQ == 2 && kMmaTileSeqLenK == 4)` (LeetCUDA's flash attention)
        admits one value, so an uninstantiated template is analysed with it. Only conjunctions of
        `NAME == literal` count (an `||` admits several values)."""
        owner = param.semantic_parent
        if owner is None:
            return None
        key = owner.get_usr() or owner.spelling
        if key not in self._pins:
            pins: dict[str, int] = {}
            try:
                for c in owner.walk_preorder():
                    if c.kind != K.STATIC_ASSERT:
                        continue
                    toks = [t.spelling for t in c.get_tokens()]
                    if "||" in toks or "!=" in toks:
                        continue
                    for i in range(len(toks) - 2):
                        if toks[i + 1] == "==" and toks[i + 2].isdigit() and (i == 0 or toks[i - 1] in ("(", "&&")) \
                                and (i + 3 >= len(toks) or toks[i + 3] in (")", "&&", ",")):
                            pins[toks[i]] = int(toks[i + 2])
            except Exception:  # noqa: BLE001 - a template clang could not walk pins nothing
                pins = {}
            self._pins[key] = pins
        return self._pins[key].get(param.spelling)

    def _launch_bounds_from_text(self, defn: ci.Cursor) -> int | None:
        start = defn.extent.start.line
        lines = self.lines_of(self.span_of(defn).file)
        text = " ".join(lines[max(start - 2, 0):start + 1])
        m = re.search(r"__launch_bounds__\s*\(\s*(\d+)", text)
        return int(m.group(1)) if m else None

    def _annotation(self, defn: ci.Cursor) -> tuple[tuple[int, int, int] | None, Span | None]:
        start = defn.extent.start.line
        path = self.span_of(defn).file
        lines = self.lines_of(path)
        for ln in range(start, max(start - 4, 0), -1):
            if ln - 1 >= len(lines):
                continue
            m = _ANNOTATION.search(lines[ln - 1])
            if m:
                dims = tuple(int(g) if g else 1 for g in m.groups())
                return (dims[0], dims[1], dims[2]), Span(path, ln, m.start() + 1, ln, m.end() + 1)
        return None, None

    # ------------------------------------------------------------ the whole unit

    def run(self) -> ir.TranslationUnit:
        unit = ir.TranslationUnit(self.path)
        kernels_by_pattern: dict[str, ci.Cursor] = {}
        for c in _walk_decls(self.tu.cursor, self.main, FileNames()):
            if c.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and c.is_definition() and \
                    _has_attr(c, K.CUDAGLOBAL_ATTR):
                kernels_by_pattern[_loc_key(c)] = c
        host_calls: list[tuple[ci.Cursor, ci.Cursor]] = []
        functions: list[ci.Cursor] = []  # every function defined in the file (collect lists them)
        try:
            from .calls import collect  # call facts and launches (imported here: it imports this module)
            found = collect(self.tu, self.path, self.lines, unit, host_calls, functions)
        except Exception as e:  # noqa: BLE001 - never lose the kernels for a missing fact
            unit.notes.append(f"call facts not extracted ({type(e).__name__}: {e})")
            found = []
        for call in unit.calls:
            if call.name in _SYMBOL_WRITERS and call.args:
                target = call.args[0].replace("&", "").replace("(", "").replace(")", "").strip()
                self.host_writes.setdefault(target.split("::")[-1], f"{call.name} at line {call.span.line}")
        self.host_values = HostEvaluator(const_value, host_calls, functions)
        launches = [(launch, launch.kernel) for launch in found]
        for launch in found:  # kernels of project headers (not system headers) launched in this file
            pattern = _kernel_pattern(launch.kernel)
            if pattern is not None and _loc_key(pattern) not in kernels_by_pattern and not _is_system(pattern) \
                    and not _is_bundled(pattern):
                kernels_by_pattern[_loc_key(pattern)] = pattern
        if self.focus is not None:
            kernels_by_pattern = {loc: c for loc, c in kernels_by_pattern.items() if self._in_focus(c)}
            launches = [(call, ref) for call, ref in launches
                        if (p := _kernel_pattern(ref)) is not None and self._in_focus(p)]
        instantiations: dict[str, list[ci.Cursor]] = {}
        seen: set[tuple[str, str]] = set()
        for call, ref in launches:
            loc = _loc_key(ref)
            instantiations.setdefault(loc, [])
            if ref.get_num_template_arguments() > 0 and (loc, _display_name(ref)) not in seen:
                seen.add((loc, _display_name(ref)))
                instantiations[loc].append(ref)
        for loc, pattern in kernels_by_pattern.items():
            specs = instantiations.get(loc) or []
            if len(specs) > MAX_INSTANTIATIONS:
                unit.notes.append(f"{pattern.spelling}: {len(specs)} template instantiations launched; the first "
                                  f"{MAX_INSTANTIATIONS} analysed, {len(specs) - MAX_INSTANTIATIONS} skipped")
                specs = specs[:MAX_INSTANTIATIONS]
            targets = specs if specs else [pattern]
            for target in targets:
                try:
                    kernel = self.lower_kernel(target, _display_name(target))
                except Exception as e:  # noqa: BLE001
                    unit.notes.append(f"{pattern.spelling}: could not analyse ({e})")
                    continue
                if pattern.kind == K.FUNCTION_TEMPLATE and not specs:
                    used = self.template_defaults.get(pattern.spelling, {})
                    rest = ("analysed with its default template arguments (" +
                            ", ".join(f"{k} = {v}" for k, v in used.items()) + "); other values that depend on "
                            "its template parameters cannot be predicted") if used else \
                        "values that depend on its template parameters cannot be predicted"
                    unit.notes.append(f"{pattern.spelling}: template kernel not instantiated by a launch in this "
                                      f"file; {rest}")
                unit.kernels.append(kernel)
        for call, ref in launches:
            site = self.launch_site(call, ref)
            if site is not None:
                unit.launches.append(site)
        unit.functions = self.functions
        unit.notes += self.notes
        return unit

    def _in_focus(self, c: ci.Cursor) -> bool:
        ext = c.extent
        return ext.start.file is not None and ext.start.file.name == self.main and \
            ext.start.line <= self.focus <= ext.end.line

    def launch_site(self, launch, ref: ci.Cursor) -> ir.LaunchSite | None:
        """The launch's shape and constant arguments, as the host code computes them (hostvalues.py)."""
        hv, fn, at = self.host_values, launch.function, launch.call
        hv.bindings = launch.bindings
        try:
            if launch.config is not None:  # cudaLaunchKernelEx: the fields of its cudaLaunchConfig_t
                config = hv.value(launch.config, fn, at)
                config = config if isinstance(config, dict) else {}
                grid, block = _dim3_of(config.get("gridDim")), _dim3_of(config.get("blockDim"))
                smem = config.get("dynamicSmemBytes")
                smem = smem if isinstance(smem, int) else None
            else:
                grid = hv.dim3_value(launch.grid, fn, at) if launch.grid is not None else None
                block = hv.dim3_value(launch.block, fn, at) if launch.block is not None else None
                smem = hv.int_value(launch.smem, fn, at) if launch.smem is not None else None
            partial = hv.dim3_partial(launch.block, fn, at) if block is None and launch.block is not None else None
            args = tuple(hv.int_value(a, fn, at) for a in launch.args)
            offsets = tuple(hv.pointer_offset(a, fn, at) for a in launch.args)
            # a launch through a function pointer takes the loop values that select its kernel
            first = hv.first_iteration_of(fn, at) if not launch.bindings else ()
            no_args = hv.without_arguments(fn, at)
            multiples = tuple(hv.asserted_multiple(a, fn, at) if v is None else None
                              for a, v in zip(launch.args, args))
        except Exception:  # noqa: BLE001 - an expression the evaluator cannot read leaves the launch unknown
            grid = block = smem = partial = None
            args = ()
            offsets = ()
            first = ()
            no_args = False
            multiples = ()
        finally:
            hv.bindings = {}
        key = (ref.get_usr() or self.decl_key(ref)) + _display_name(ref)
        block_text = ""
        if launch.block is not None:
            sp = span_of(launch.block, self.path)
            whole = span_of(launch.call, self.path)  # the same span: written inside a macro's expansion
            if sp.line == sp.end_line and 0 < sp.line <= len(self.lines) and \
                    (sp.column, sp.end_column) != (whole.column, whole.end_column):
                block_text = self.lines[sp.line - 1][sp.column - 1:sp.end_column - 1]
        return ir.LaunchSite(key, span_of(launch.call, self.path), grid, block, smem, args, block_text, first,
                             offsets, partial, no_args, multiples)


def _symbol_hint(lv: ir.Expr) -> str:
    return ir.root_name(lv)


def _field_loads(e: object) -> list[ir.Access]:
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


def _nodes(e: object) -> list[object]:
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


def _assigned_vars(s: object) -> set[str]:
    return {n.var for n in _nodes(s) if isinstance(n, ir.Decl)} | \
        {n.target.var for n in _nodes(s) if isinstance(n, (ir.Assign, ir.IncDec)) and isinstance(n.target, ir.VarRef)}


def _rebuild(e: object, replace: dict[int, ir.Expr]) -> object:
    """`e` with the nodes whose ids are keys of `replace` replaced (frozen IR: rebuilt upwards)."""
    if id(e) in replace:
        return replace[id(e)]
    if isinstance(e, tuple):
        parts = tuple(_rebuild(x, replace) for x in e)
        return parts if any(p is not q for p, q in zip(parts, e)) else e
    fields = getattr(e, "__dataclass_fields__", None)
    if not fields or isinstance(e, ir.CType):
        return e
    changes = {}
    for f in fields:
        v = getattr(e, f)
        nv = _rebuild(v, replace)
        if nv is not v:
            changes[f] = nv
    return dataclasses.replace(e, **changes) if changes else e


def _called_functions(body: ir.Stmt, functions: dict[str, ir.Function]) -> list[str]:
    """Keys of the functions a body calls, directly or through other functions of the file."""
    found: list[str] = []
    seen: set[str] = set()
    stack: list[object] = [body]
    while stack:
        n = stack.pop()
        if isinstance(n, (tuple, list)):
            stack.extend(n)
            continue
        if isinstance(n, ir.Call) and n.function is not None and n.function not in seen:
            seen.add(n.function)
            found.append(n.function)
            f = functions.get(n.function)
            if f is not None:
                stack.append(f.body)
        fields = getattr(n, "__dataclass_fields__", None)
        if fields:
            stack.extend(getattr(n, f) for f in fields if f not in ("ctype", "span"))
    return found


def _builtins_in(node: object) -> set[str]:
    found: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, ir.Builtin):
            found.add(n.name)
        elif isinstance(n, (tuple, list)):
            stack.extend(n)
        elif hasattr(n, "__dataclass_fields__"):
            stack.extend(getattr(n, f) for f in n.__dataclass_fields__ if f != "ctype")
    return found


def _kernel_pattern(ref: ci.Cursor) -> ci.Cursor | None:
    """The `__global__` definition a launch refers to: the template for a specialisation."""
    try:
        template = ref.specialized_template if ref.get_num_template_arguments() > 0 else None
        defn = (template or ref).get_definition() or template
    except Exception:  # noqa: BLE001
        return None
    if defn is None or defn.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) or \
            not _has_attr(defn, K.CUDAGLOBAL_ATTR):
        return None
    return defn


def _is_bundled(c: ci.Cursor) -> bool:
    """Declared in smemlint's own stand-in headers."""
    f = c.location.file
    return f is not None and os.path.abspath(f.name).startswith(_BUNDLED_INCLUDE)


_BUNDLED_INCLUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "include") + os.sep


def _walk_decls(c: ci.Cursor, main: str, file_of: FileNames):
    for ch in children(c):
        f = file_of(ch)
        if f is not None and f != main:
            continue
        yield ch
        if ch.kind in (K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL, K.CLASS_DECL, K.STRUCT_DECL):
            yield from _walk_decls(ch, main, file_of)


def _loc_key(c: ci.Cursor) -> str:
    loc = c.location
    return f"{loc.file.name if loc.file else ''}:{loc.line}:{loc.column}:{c.spelling}"


def _template_arg(c: ci.Cursor, i: int) -> str:
    kind = c.get_template_argument_kind(i)
    if kind == ci.TemplateArgumentKind.INTEGRAL:
        return str(c.get_template_argument_value(i))
    if kind == ci.TemplateArgumentKind.TYPE:
        return c.get_template_argument_type(i).spelling
    return "?"


def _display_name(c: ci.Cursor) -> str:
    n = c.get_num_template_arguments() if c.kind == K.FUNCTION_DECL else -1
    if n > 0:
        return f"{c.spelling}<{', '.join(_template_arg(c, i) for i in range(n))}>"
    return c.spelling


def _dim3_of(v) -> tuple[int, int, int] | None:
    if isinstance(v, dict) and all(isinstance(v.get(f), int) for f in "xyz"):
        return (v["x"], v["y"], v["z"])
    return None


def extract(tu: ci.TranslationUnit, path: str, source: str, focus: int | None = None) -> ir.TranslationUnit:
    """The IR of the file's kernels, device functions and launches; with `focus` (a line of the
    file), of the kernel defined around it only."""
    return Extractor(tu, path, source, focus).run()


def read_source(path: str) -> str:
    return Path(path).read_bytes().decode("utf-8", errors="replace")
