"""Lower a libclang translation unit to smemlint's IR (ir.py).

Kernels (and each template instantiation launched in the file), the device
functions they call, their memory access sites, barriers and launch sites.
Anything this module does not understand becomes an `Opaque` value or an
`Unsupported` statement with a reason; lowering never raises on user code.
"""
from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import clang.cindex as ci

from .. import ir
from ..cursors.folding import const_value
from ..cursors.nodes import (ChildrenMemo, FileNames, decl_key, file_line_column, file_name, from_macro,
                             has_attribute, in_system_header, line_column, range_end, range_start, span_of)
from ..cursors.nodes import key as cursor_key
from ..host.calls import collect
from ..host.elsewhere import arguments_passed_out
from ..host.kept import KeptHost, keep, reuse
from ..host.launches import (covering_instances, display_name, instances_to_analyse, is_bundled, kernel_pattern,
                             launch_site, loc_key, run_by_device, template_arg, walk_decls)
from ..host.syntax import remembered_children
from ..host.values import HostEvaluator
from ..ir import CType, Span
from ..model.arch import get_arch
from ..model.device_properties import device_properties
from . import callees
from .calltree import called_functions, reaches_write
from .ir_walk import assigned_vars, builtins_in, field_loads, ir_nodes, rebuild
from .lowerer import FunctionLowerer, strip
from .objects import constructor_body, object_of
from .representatives import representative_instances
from .types import ctype_of

K = ci.CursorKind
T = ci.TypeKind

_ANNOTATION = re.compile(r"//\s*smemlint:\s*block\s*\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?(?:,\s*(\d+)\s*)?\)")
MAX_INSTANTIATIONS = 16  # template instantiations of one kernel analysed per file
MAX_FILE_INSTANCES = 48  # ... and of all the file's kernels together, unless each would get fewer than
MIN_INSTANTIATIONS = 4
# statements lowered for the instances of one kernel, beyond which no further instance is lowered:
# flash-attention's forward kernel lowers to 47,600 statements (CuTe's helpers; ~300 more for each
# further instance) and its 16 instances took minutes to evaluate; llm.c's and cuda-samples' kernels
# stay far below (their reports are the same with and without the limit)
INSTANCE_STATEMENTS = 15_000
MAX_TABLE = 1 << 16  # elements of a compile-time table read from its initializer
_SYMBOL_WRITERS = frozenset(("cudaMemcpyToSymbol", "cudaMemcpyToSymbolAsync", "cudaGetSymbolAddress",
                             "cuModuleGetGlobal", "cudaMemcpyToArray"))


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

# ---------------------------------------------------------------- the extractor


class Extractor:
    def __init__(self, tu: ci.TranslationUnit, path: str, source: str, focus: int | None = None,
                 elsewhere: dict | None = None, arch: str | None = None, kept: KeptHost | None = None,
                 program_args: tuple[str, ...] = ()):
        self.tu = tu
        self.program_args = program_args  # the command line `main` is run with (config.Settings.program_args)
        self.device = device_properties(get_arch(arch))  # what host code reads of the analysed GPU
        self.elsewhere = elsewhere  # host values other files pass to this file's functions (host/elsewhere.py)
        # an editor re-linting one kernel: only the kernel defined around this line of the file (and
        # its launches) is lowered and evaluated; the others' results are kept from before
        self.focus = focus
        self.kept = kept  # the editor's host facts of this document: reused when focused, else made (host/kept.py)
        self._sites: list[ir.LaunchSite | None] = []  # per launch, in order (the full extraction's, for `kept`)
        self.source = source
        self.path = path
        self.main = tu.spelling
        self.lines = source.splitlines()
        self.sites: list[ir.AccessSite] = []
        self.functions: dict[str, ir.Function] = {}
        self._symbols: dict[str, ir.Symbol | None] = {}
        self.kernel_shared: dict[str, ir.Symbol] = {}
        self.current_kernel: str | None = None
        self._lowering: set[str] = set()
        self._function_writes: dict[str, bool] = {}  # _writes_memory's final answers per lowered function
        self._builtins: dict[str, set[str]] = {}  # per lowered function: the builtins its body uses
        self._calls: dict[str, list] = {}  # per lowered function: its body's calls (called_functions)
        self._function_keys: dict[bytes, str] = {}  # lower_function's key of each definition cursor
        # per called declaration (referenced()'s one object for it): its parameters, and the definition
        # a call follows (None: none with a body outside the system headers), asked once
        self.callee_parameters: dict[int, list[ci.Cursor]] = {}
        self.empty_records: dict[bytes, bool] = {}  # callees.empty_record's answers per type
        self.changes_object: dict[bytes, bool] = {}  # objects.changes_its_object's answers per method
        self.followed_definitions: dict[int, ci.Cursor | None] = {}
        self.function_sites: dict[str, range] = {}  # sites created while lowering each function
        self.function_shared: dict[str, list[ir.Symbol]] = {}  # shared arrays first seen in each function
        self.merged_sites: set[int] = set()  # sites of sibling fields folded into another site's access
        self.host_writes: dict[str, str] = {}  # symbol name -> the host call that may write it
        self.template_defaults: dict[str, dict[str, int]] = {}  # template kernel -> defaults used
        self._pins: dict[str, dict[str, int]] = {}  # template -> parameters its static_asserts pin
        self._file_paths: dict[int, str] = {}  # libclang file handle -> the path spans name
        self._header_lines: dict[str, list[str]] = {}
        self.depth = 0  # nesting of stmt()/expr() calls, across the functions lowered inside one another
        self.statements = 0  # statements lowered so far (INSTANCE_STATEMENTS)
        self.notes: list[str] = []
        # Per-cursor and per-type answers, remembered for this translation unit only (the keys are
        # raw libclang values, meaningless in another one): lowering asks for the children of a
        # cursor, the decl key of a variable and the CType of a type many times over.
        self.children = ChildrenMemo()
        self._decl_keys: dict[bytes, str] = {}
        self._ctypes: dict[bytes, CType] = {}
        self._spans: dict[bytes, Span] = {}
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
            # ctype_of reads the canonical type only, and many spellings (typedefs, substituted template
            # parameters) share one: its size and spelling are asked of libclang once
            try:
                canonical = bytes(t.get_canonical())
            except Exception:  # noqa: BLE001 - as ctype_of answers it
                canonical = k
            ct = self._ctypes.get(canonical)
            if ct is None:
                ct = self._ctypes[canonical] = ctype_of(t)
            self._ctypes[k] = ct
        return ct

    def referenced(self, c: ci.Cursor) -> ci.Cursor | None:
        """`c.referenced`, as the same Cursor object each time a declaration is referenced: the
        properties cindex keeps on it (spelling, type, semantic parent, hash) are read once."""
        ref = c.referenced
        if ref is None:
            return None
        return self._referenced.setdefault(cursor_key(ref), ref)

    def arguments(self, call: ci.Cursor) -> list[ci.Cursor]:
        """A call's arguments, as the objects of its remembered children (ChildrenMemo.arguments)."""
        return self.children.arguments(call)

    def strip(self, c: ci.Cursor) -> ci.Cursor:
        """Skip implicit casts and parentheses (as `strip`, with remembered children)."""
        return strip(c, self.children)

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
            # tables, and scalars in constant or global memory (a `const` one, or a __constant__ one the
            # host never rewrites, is a value)
            known = elem.is_int and (is_array or space in ("constant", "global"))
            values, note = self.table_values(d, space, elem, t, is_array) if known else (None, "")
            sym = ir.Symbol(d.spelling, space, elem, tuple(dims), dynamic,
                            max(t.get_align(), 0), self.span_of(d), file_scope, key, values, note)
        self._symbols[key] = sym
        return sym

    def span_of(self, c: ci.Cursor) -> Span:
        """Where `c` is, in the file of its token: the main file for code written there or expanded
        from a macro there, the header for a helper defined in a header. (Asked of most cursors
        several times: as a statement, as an lvalue, as a call, for its access site.)"""
        k = cursor_key(c)
        span = self._spans.get(k)
        if span is None:
            span = self._spans[k] = self._span_of(c)
        return span

    def _span_of(self, c: ci.Cursor) -> Span:
        extent = c.extent
        handle, line, col = file_line_column(range_start(extent))
        if line == 0:
            handle, line, col = file_line_column(c.location)
            return Span(self._file_path(handle), line, col, line, col + 1)
        end_line, end_col = line_column(range_end(extent))
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
        for a in field_loads(e):
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
        return rebuild(e, replace) if replace else e

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
        """Whether `s`, or a function it calls, stores to memory (a call of a function not lowered
        yet counts as one)."""
        return reaches_write(s, self.functions, self._function_writes, set())[0]

    def _merge_run(self, out: list[ir.Stmt], run: list[int]) -> None:
        if len(run) < 2:
            return
        loads: dict[object, list[tuple[int, ir.Access]]] = {}
        for i in run:
            for a in field_loads(out[i]):
                loads.setdefault(ir.without_spans(a.lvalue.base), []).append((i, a))  # type: ignore[attr-defined]
        replace: dict[int, dict[int, ir.Expr]] = {}
        for group in loads.values():
            stmts = sorted({i for i, _ in group})
            if len(stmts) < 2:
                continue  # within one statement: merge_siblings' business
            base = group[0][1].lvalue.base  # type: ignore[attr-defined]
            used = {n.var for n in ir_nodes(base) if isinstance(n, ir.VarRef)}
            if any(used & assigned_vars(out[i]) for i in stmts[:-1]):
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
            out[i] = rebuild(out[i], rep)  # type: ignore[assignment]

    def table_values(self, d: ci.Cursor, space: str, elem: CType, t: ci.Type,
                     is_array: bool = True) -> tuple[tuple[int, ...] | None, str]:
        """The flattened integer initializer of an array (or the value of a `__constant__` scalar:
        `is_array` False) that nothing in the file may overwrite.

        `const`/`constexpr` arrays are immutable; a `__constant__` (or `__device__`) array is
        taken as data when the host may write it (cudaMemcpyToSymbol and friends name it) or a
        kernel stores to it; the second value says why."""
        kids = self.children(d)
        if is_array:
            init = next((ch for ch in kids if ch.kind == K.INIT_LIST_EXPR), None)
        else:  # `__constant__ unsigned mask = 0xFFFF;`: the initializer is the declaration's expression
            init = next((ch for ch in reversed(kids) if ch.kind.is_expression()), None)
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
        if (is_array and t.element_type.is_const_qualified()) or t.is_const_qualified():
            return tuple(values), ""
        if space not in ("constant", "global"):
            return None, ""
        writer = self.host_writes.get(d.spelling)
        if writer is not None:
            what = "its elements are" if is_array else "its value is"
            return None, (f"`{d.spelling}` has an initializer, but the host may overwrite it "
                          f"({writer}), so {what} data")
        if space == "global":
            what = "array, so its elements are" if is_array else "variable, so its value is"
            return None, f"`{d.spelling}` is a writable __device__ {what} data"
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
        # nvcc's line table puts what a macro call expands to on the call's first line (cuda_hgemm's
        # `LDMATRIX_X4(...,\n addr)`, measured: benchmarks/accuracy/llm), not where an argument ends;
        # a struct copy goes where its right-hand side ends, macro or not (LeetCUDA's
        # `LDST128BITS(out[i]) =\n LDST128BITS(w[j]);`, measured: benchmarks/accuracy/torchext)
        line = 0 if complete is None and from_macro(c) else instruction_line(sp, end)
        site = ir.AccessSite(len(self.sites), sp, op, _symbol_hint(lv), width, text, instruction,
                             instruction_line=line)
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

    def lower_function(self, defn: ci.Cursor, captures: dict | None = None, variant: str = "") -> str:
        key = self._function_keys.get(cursor_key(defn))
        if key is None:  # (a CuTe kernel calls the same helpers thousands of times)
            key = defn.get_usr() or self.decl_key(defn)
            if defn.kind == K.FUNCTION_DECL and defn.get_num_template_arguments() > 0:
                key += "<" + ",".join(template_arg(defn, i) for i in range(defn.get_num_template_arguments())) + ">"
            if defn.kind != K.FUNCTION_DECL and defn.semantic_parent is not None:  # a method of which class
                key += "@" + defn.semantic_parent.type.spelling
            self._function_keys[cursor_key(defn)] = key
        key += variant  # (lowered once per variant: callees.shared_arguments)
        if key in self.functions or key in self._lowering:
            return key
        self._lowering.add(key)
        first_site = len(self.sites)
        shared_before = set(self.kernel_shared)
        low = FunctionLowerer(self, key)
        params = tuple(low.param(p) for p in self.parameters(defn))  # a struct by reference: a pointer
        body_c = next((ch for ch in self.children(defn) if ch.kind == K.COMPOUND_STMT), None)
        this = object_of(defn)
        if this is not None:  # a constructor or a method: its object is a variable of the body (lower/objects.py)
            low.this = ir.Param(key + "#this", "this", self.ctype(this.type))
            for k, (ct, name, offset) in (captures or {}).items():  # a lambda's (objects.lambda_captures)
                low.substituted[k] = ir.LocalField(ct, low.this.var, name, offset)
            if defn.kind != K.CONSTRUCTOR:
                params = (low.this, *params)
        body = low.stmt(body_c) if body_c is not None else ir.Block(None, ())
        if not isinstance(body, ir.Block):
            body = ir.Block(body.span, (body,))
        if defn.kind == K.CONSTRUCTOR and low.this is not None:
            body = constructor_body(low, defn, body)
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

    def kernel_parameter(self, p: ci.Cursor) -> ir.Param:
        """A kernel parameter. Memory it reaches is global (cudaMalloc'd, 256-byte aligned): what a
        pointer parameter points to, the rows of an array parameter (`double phi[][NY][NZ]` is a
        pointer to `double[NY][NZ]`), and what each pointer field of a struct passed by value
        points to (`args.bond[i]`)."""
        ct = self.ctype(p.type)
        t = p.type.get_canonical()
        pointee = None
        if ct.kind == "ptr":
            pointee = t.get_pointee()
        elif t.kind in (T.INCOMPLETEARRAY, T.CONSTANTARRAY, T.DEPENDENTSIZEDARRAY, T.VARIABLEARRAY):
            pointee = t.element_type
            size = pointee.get_size()
            ct = CType("ptr", 8, False, size if size > 0 else 1, ct.spelling)
        if pointee is not None:
            sym = ir.Symbol(p.spelling, "global", self.ctype(pointee), (), False, 256, span_of(p, self.path),
                            False, self.decl_key(p))
            return ir.Param(self.decl_key(p), p.spelling, ct, sym)
        if ct.kind != "record":
            return ir.Param(self.decl_key(p), p.spelling, ct)
        pointers, ints = callees.struct_fields(self, t, p)
        return ir.Param(self.decl_key(p), p.spelling, ct, None, pointers, ints)

    def lower_kernel(self, defn: ci.Cursor, display_name: str) -> ir.Kernel:
        key = (defn.get_usr() or self.decl_key(defn)) + display_name
        self.current_kernel = key
        self.kernel_shared = {}
        first_site = len(self.sites)
        low = FunctionLowerer(self, key)
        params = [self.kernel_parameter(p) for p in self.parameters(defn)]
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
        # builtins used by the device functions it calls (each function's, found once)
        for fkey, f in self.functions.items():
            if fkey not in self._builtins:
                self._builtins[fkey] = builtins_in(f.body)
            uses |= self._builtins[fkey]
        # its own sites, and those of every helper it calls (lowered once, maybe for an earlier kernel)
        site_ids = set(range(first_site, len(self.sites))) - self.merged_sites
        for fkey in called_functions(body, self.functions, self._calls):
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
        definitions: list[ci.Cursor] = []  # the kernels defined in the file
        file_of = FileNames()  # (the three walks over the unit's declarations ask each one's file once)
        representative, rejected = representative_instances(self.tu, self.main, "\n".join(self.lines), file_of)
        for c in walk_decls(self.tu.cursor, self.main, file_of):
            if c.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and c.is_definition() and \
                    has_attribute(c, K.CUDAGLOBAL_ATTR):  # an instance clang lists where its template is: taken,
                rep = representative.get(loc_key(c), (None,))[0]  # unless it is the representative, turned down
                if c.kind == K.FUNCTION_TEMPLATE or (loc_key(c) not in representative or (rep is not None and c != rep)) \
                        and not any(c == r for r in rejected):  # or one that did not compile
                    kernels_by_pattern[loc_key(c)] = c
                    representative.pop(loc_key(c), None) if c.kind != K.FUNCTION_TEMPLATE else None
                unit.defined_kernels.add(c.spelling)
                definitions.append(c)
        reused = reuse(self.kept.facts, self.tu, self.path, self.lines, self.source.encode("utf-8"), definitions,
                       self._focus_lines, file_of) if self.kept is not None and self.kept.facts is not None and \
            self.focus is not None else None
        if reused is not None:
            self.kept.reused += 1
            return self._lower(unit, {loc: c for loc, c in kernels_by_pattern.items() if self._in_focus(c)},
                               [(None, ref) for ref in reused.instances if ref is not None], representative, reused)
        host_calls: list[tuple[ci.Cursor, ci.Cursor]] = []
        functions: list[ci.Cursor] = []  # every function defined in the file (collect lists them)
        instance_callers: dict[int, list[tuple[ci.Cursor, ci.Cursor]]] = {}
        try:
            found = collect(self.tu, self.path, self.lines, unit, host_calls, functions, file_of, instance_callers)
        except Exception as e:  # noqa: BLE001 - never lose the kernels for a missing fact
            unit.notes.append(f"call facts not extracted ({type(e).__name__}: {e})")
            found = []
        collect_notes = list(unit.notes)
        self._symbol_writers(unit)
        self.host_values = HostEvaluator(const_value, host_calls, functions, self.elsewhere, self.device,
                                         instance_callers, self.program_args)
        running = run_by_device(self.host_values, found, unit.notes)
        host_notes = list(unit.notes)
        unit.arguments_out = arguments_passed_out(self.host_values, host_calls)
        unit.asked_elsewhere = self.host_values.asked_elsewhere
        launches = [(launch, launch.kernel) for launch in running]
        every_launch = launches
        for launch in running:  # kernels of project headers (not system headers) launched in this file
            pattern = kernel_pattern(launch.kernel)
            if pattern is not None and loc_key(pattern) not in kernels_by_pattern and not in_system_header(pattern) \
                    and not is_bundled(pattern):
                kernels_by_pattern[loc_key(pattern)] = pattern
        if self.focus is not None:
            kernels_by_pattern = {loc: c for loc, c in kernels_by_pattern.items() if self._in_focus(c)}
            launches = [(call, ref) for call, ref in launches
                        if (p := kernel_pattern(ref)) is not None and self._in_focus(p)]
        self._lower(unit, kernels_by_pattern, launches, representative)
        if self.kept is not None and self.focus is None:
            launched = [(call, ref, site) for (call, ref), site in zip(every_launch, self._sites)]
            self.kept.facts = keep(definitions, self.main, self.source.encode("utf-8"), unit, host_notes, launched,
                                   self.host_values, host_calls, functions, instance_callers, found, collect_notes)
        return unit

    def _symbol_writers(self, unit: ir.TranslationUnit) -> None:
        for call in unit.calls:
            if call.name in _SYMBOL_WRITERS and call.args:
                target = call.args[0].replace("&", "").replace("(", "").replace(")", "").strip()
                self.host_writes.setdefault(target.split("::")[-1], f"{call.name} at line {call.span.line}")

    def _lower(self, unit: ir.TranslationUnit, kernels_by_pattern: dict, launches: list, representative: dict,
               reused=None) -> ir.TranslationUnit:
        """Lower the kernels (each launched template instance of `launches`), then the launch sites:
        computed here, or `reused`'s (host/kept.py: then its host facts are the unit's)."""
        if reused is not None:
            unit.calls, unit.volatile_vars, unit.notes = reused.calls, reused.volatile_vars, unit.notes + reused.notes
            unit.arguments_out, unit.asked_elsewhere = reused.arguments_out, reused.asked_elsewhere
            self._symbol_writers(unit)
        instantiations: dict[str, list[ci.Cursor]] = {}
        seen: set[tuple[str, str]] = set()
        for call, ref in launches:
            loc = loc_key(ref)
            instantiations.setdefault(loc, [])
            if ref.get_num_template_arguments() > 0 and (loc, display_name(ref)) not in seen:
                seen.add((loc, display_name(ref)))
                instantiations[loc].append(ref)
        # the instances analysed per kernel: MAX_INSTANTIATIONS, fewer where many kernels each have many
        # (a dispatch over 9 types x 6 reductions launches 54 of each): MAX_FILE_INSTANCES for the file
        many = sum(1 for loc in kernels_by_pattern if len(instantiations.get(loc) or ()) > 1)
        per_kernel = max(MIN_INSTANTIATIONS, min(MAX_INSTANTIATIONS, MAX_FILE_INSTANCES // max(many, 1)))
        for loc, pattern in kernels_by_pattern.items():
            specs = instantiations.get(loc) or []
            # an instance clang did not instantiate (named in a host template never instantiated, or after
            # compile errors) has no body: the template itself is analysed instead, as when no launch names one
            bodiless = [s for s in specs if not self._has_body(s)]
            if bodiless:
                unit.notes.append(f"{pattern.spelling}: {len(bodiless)} launched instantiation(s) that clang did not "
                                  "instantiate (launched from a host template never instantiated, or after compile "
                                  "errors); analysed as the template, or as its representative instance where it has one")
                specs = [s for s in specs if s not in bodiless]
            launched = specs
            if len(specs) > per_kernel:
                # those with the fewest `bool` template arguments true first (a kernel's feature flags off, its
                # common path: flash-attention's first launch sets local, ALiBi and softcap), each flag set once
                unit.notes.append(f"{pattern.spelling}: {len(specs)} template instantiations launched; "
                                  f"{per_kernel} analysed (those with the fewest flags set, each flag set in one), "
                                  f"{len(specs) - per_kernel} skipped")
                specs = [specs[i] for i in instances_to_analyse(
                    [tuple(template_arg(s, j) for j in range(s.get_num_template_arguments())) for s in specs], per_kernel)]
            rep, root = representative.get(loc, (None, None)) if not specs else (None, None)
            targets = specs if specs else [rep if rep is not None and self._has_body(rep) else pattern]
            before = self.statements
            n = -1
            while (n := n + 1) < len(targets):
                target = targets[n]
                if n == 1 and (self.statements - before) * len(targets) > INSTANCE_STATEMENTS:
                    targets = self._covering(pattern, launched, targets, self.statements - before, unit)
                    if len(targets) < 2:
                        break
                    target = targets[1]
                if n and self.statements - before > INSTANCE_STATEMENTS:
                    unit.notes.append(f"{pattern.spelling}: {len(targets) - n} more instantiation(s) skipped: the "
                                      f"first {n} lowered to {self.statements - before} statements "
                                      f"(over {INSTANCE_STATEMENTS:,})")
                    break
                try:
                    kernel = self.lower_kernel(target, display_name(target))
                except Exception as e:  # noqa: BLE001
                    unit.notes.append(f"{pattern.spelling}: could not analyse ({e})")
                    continue
                if target is rep:  # (the note's start is what coverage.py and lint.py read)
                    kernel = dataclasses.replace(kernel, representative=root.arguments,
                                                 launch_bounds=kernel.launch_bounds or root.launch_bound)
                    unit.notes.append(f"{pattern.spelling}: template kernel not instantiated by a launch in this file; "
                                      f"analysed as {kernel.name}, with representative template arguments ({root.arguments}): "
                                      "other instances may differ")
                elif pattern.kind == K.FUNCTION_TEMPLATE and not specs and not bodiless:
                    used = self.template_defaults.get(pattern.spelling, {})
                    rest = ("analysed with its default template arguments (" +
                            ", ".join(f"{k} = {v}" for k, v in used.items()) + "); other values that depend on "
                            "its template parameters cannot be predicted") if used else \
                        "values that depend on its template parameters cannot be predicted"
                    unit.notes.append(f"{pattern.spelling}: template kernel not instantiated by a launch in this "
                                      f"file; {rest}")
                unit.kernels.append(kernel)
        if reused is not None:
            unit.launches += reused.sites
        else:
            self._sites = [launch_site(self.host_values, call, ref, self.path, self.lines, self.decl_key)
                           for call, ref in launches]
            unit.launches += [site for site in self._sites if site is not None]
        unit.functions = self.functions
        unit.notes += self.notes
        return unit

    def _covering(self, pattern: ci.Cursor, launched: list, targets: list, first: int, unit) -> list:
        """Instances too costly for as many as were chosen (`first` statements for the first): after
        it, only those that set a flag or an argument value not analysed yet (covering_instances)."""
        args = [tuple(template_arg(s, j) for j in range(s.get_num_template_arguments())) for s in launched]
        base = next((i for i, s in enumerate(launched) if s == targets[0]), None)
        if base is None:
            return targets
        cover = [launched[i] for i in covering_instances(args, base)]
        said = f"{pattern.spelling}: {len(launched)} template instantiations launched;"
        unit.notes[:] = [n for n in unit.notes if not n.startswith(said)]  # the choice is this one now
        unit.notes.append(f"{pattern.spelling}: an instantiation lowers to {first:,} statements: {len(cover)} of the "
                          f"{len(launched)} launched analysed (the first, then those that set each flag and each "
                          "template argument value some launch sets)")
        return cover

    def _has_body(self, defn: ci.Cursor) -> bool:
        try:
            target = defn.get_definition() or defn
            return any(ch.kind == K.COMPOUND_STMT for ch in self.children(target))
        except Exception:  # noqa: BLE001
            return True  # lowered as before: an empty body is reported as such

    def _focus_lines(self, file: str, first: int, last: int) -> bool:
        return file == self.main and first <= self.focus <= last  # type: ignore[operator]

    def _in_focus(self, c: ci.Cursor) -> bool:
        ext = c.extent
        return ext.start.file is not None and ext.start.file.name == self.main and \
            ext.start.line <= self.focus <= ext.end.line


def _symbol_hint(lv: ir.Expr) -> str:
    return ir.root_name(lv)


def extract(tu: ci.TranslationUnit, path: str, source: str, focus: int | None = None,
            elsewhere: dict | None = None, arch: str | None = None, kept: KeptHost | None = None,
            program_args: tuple[str, ...] = ()) -> ir.TranslationUnit:
    """The IR of the file's kernels, device functions and launches; with `focus` (a line of the
    file), of the kernel defined around it only; `elsewhere`: HostEvaluator's; `arch`: the analysed
    architecture, whose device properties host code may read (default sm_90); `kept`: the editor's host
    facts of the document, reused by a focused extraction where they hold; `program_args`: `main`'s."""
    ex = Extractor(tu, path, source, focus, elsewhere, arch, kept, program_args)
    with remembered_children(ex.children):  # the host flow walks the same statements for each launch
        return ex.run()


def read_source(path: str) -> str:
    return Path(path).read_bytes().decode("utf-8", errors="replace")
