"""Inline PTX and the C++ forms of tensor-core-era memory instructions, lowered to IR.

- `asm` / `asm volatile` statements (also where a macro or a `__device__` wrapper writes them):
  the template and the operand expressions come from libclang (clang 21+'s
  `clang_Cursor_getGCCAssembly*`), so a macro-expanded statement reads the same as a literal one.
  Understood: `ldmatrix` / `stmatrix` (.x1/.x2/.x4, .trans), `cp.async.{ca,cg}.shared.global`
  (4/8/16 bytes; commit/wait groups are no-ops here), `ld`/`st` on `.shared` and `.global`
  (vectors, cache hints), `red`/`atom` on `.shared`/`.global`, `cvta.to.shared` / `cvta.shared`;
  bulk copies (`cp.async.bulk*`, TMA `cp.async.bulk.tensor`, `cp.reduce.async.bulk`) are
  recognised and noted as not bank-conflict-prone.
- `__pipeline_memcpy_async(dst, src, n)` and `cuda::memcpy_async(dst, src, aligned_size_t<n>, pipe)`
  (one cp.async of n bytes per thread); `cooperative_groups::memcpy_async` (a collective copy the
  toolkit splits as it likes: recognised, not costed).
- `nvcuda::wmma::load_matrix_sync` / `store_matrix_sync`: fragment use, shape, element type and
  layout from the fragment's type, `ldm` as written.

Everything else in an `asm` statement stays "inline assembly not analysed".
"""
from __future__ import annotations

# `fl` below is always the lowerer.FunctionLowerer of the function being lowered (not imported:
# it imports this module)

import ctypes
import dataclasses
import re

import clang.cindex as ci

from .. import ir
from ..cursors.folding import const_value
from ..model.banks import SPIN_FORMS

_lib = ci.conf.lib


def _bind(name: str, restype, argtypes):
    f = getattr(_lib, name, None)
    if f is None:
        return None
    try:
        f.restype = restype
        f.argtypes = argtypes
    except AttributeError:
        return None
    return f


_TEMPLATE = _bind("clang_Cursor_getGCCAssemblyTemplate", ci._CXString, [ci.Cursor])
_NUM_OUTPUTS = _bind("clang_Cursor_getGCCAssemblyNumOutputs", ctypes.c_uint, [ci.Cursor])
_NUM_INPUTS = _bind("clang_Cursor_getGCCAssemblyNumInputs", ctypes.c_uint, [ci.Cursor])
_OUTPUT = _bind("clang_Cursor_getGCCAssemblyOutput", ctypes.c_uint,
                [ci.Cursor, ctypes.c_uint, ctypes.POINTER(ci._CXString), ctypes.POINTER(ci.Cursor)])
_INPUT = _bind("clang_Cursor_getGCCAssemblyInput", ctypes.c_uint,
               [ci.Cursor, ctypes.c_uint, ctypes.POINTER(ci._CXString), ctypes.POINTER(ci.Cursor)])
AVAILABLE = None not in (_TEMPLATE, _NUM_OUTPUTS, _NUM_INPUTS, _OUTPUT, _INPUT)


@dataclasses.dataclass(frozen=True)
class AsmOperand:
    constraint: str  # "=r", "r", "l", "n", ...
    cursor: ci.Cursor
    output: bool


def asm_parts(c: ci.Cursor) -> tuple[str, list[AsmOperand]] | None:
    """The template and the operands (outputs first, numbered as PTX's %0, %1, ...) of an asm statement."""
    if not AVAILABLE:
        return None
    try:
        template = ci._CXString.from_result(_TEMPLATE(c))
        operands: list[AsmOperand] = []
        for count, get, output in ((_NUM_OUTPUTS(c), _OUTPUT, True), (_NUM_INPUTS(c), _INPUT, False)):
            for i in range(count):
                s, cur = ci._CXString(), ci.Cursor()
                if not get(c, i, ctypes.byref(s), ctypes.byref(cur)):
                    return None
                cur._tu = c._tu
                operands.append(AsmOperand(ci._CXString.from_result(s), cur, output))
    except Exception:  # noqa: BLE001 - an older libclang, or a statement it cannot describe
        return None
    return template, operands


# ---------------------------------------------------------------- PTX text

@dataclasses.dataclass(frozen=True)
class PtxInstruction:
    opcode: str  # "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
    operands: tuple[str, ...]  # as written, outer braces kept: "{$0, $1}", "[$4]", "16"

    @property
    def parts(self) -> list[str]:
        return self.opcode.split(".")


_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_PREDICATE = re.compile(r"^@!?[%$\w]+\s+")


def parse_ptx(template: str) -> list[PtxInstruction]:
    """The instructions of an inline-PTX template (declarations and scope braces dropped)."""
    text = _COMMENT.sub(" ", template)
    out = []
    for piece in _split(text, ";"):
        piece = piece.strip().lstrip("{}").strip()
        while piece.startswith(("{", "}")):
            piece = piece[1:].strip()
        piece = _PREDICATE.sub("", piece)
        if not piece or piece.startswith("."):  # .reg / .pred declarations
            continue
        m = re.match(r"([A-Za-z_][\w.:]*)\s*(.*)$", piece, re.S)
        if not m:
            continue
        ops = tuple(o.strip() for o in _split(m.group(2), ",") if o.strip())
        out.append(PtxInstruction(m.group(1), ops))
    return out


def _split(text: str, sep: str) -> list[str]:
    """Split at `sep` outside [...] and {...} (a `;` inside scope braces does split)."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "[(" or (ch == "{" and sep == ","):
            depth += 1
        elif ch in "])" or (ch == "}" and sep == ","):
            depth -= 1
        if ch == sep and depth <= 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


_REF = re.compile(r"^[%$](\d+)$")
_ADDRESS = re.compile(r"^\[\s*([%$]?\w+)\s*(?:\+\s*(-?(?:0x[0-9a-fA-F]+|\d+)))?\s*\]$")
_TYPE_BYTES = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "bf16": 2, "b32": 4, "u32": 4,
               "s32": 4, "f32": 4, "f16x2": 4, "bf16x2": 4, "b64": 8, "u64": 8, "s64": 8, "f64": 8, "b128": 16}
NO_OP_PREFIXES = ("cp.async.commit_group", "cp.async.wait_group", "cp.async.wait_all", "cp.async.mbarrier",
                  "mov", "fence", "membar", "prefetch", "griddepcontrol", "elect", "setmaxnreg", "mbarrier",
                  "wgmma.fence", "wgmma.commit_group", "wgmma.wait_group", "cvt", "add", "sub", "mul", "mad",
                  "and", "or", "xor", "shl", "shr", "prmt", "lop3", "selp", "setp", "ex2", "rcp", "max", "min",
                  "tanh", "neg", "abs", "fma", "shf", "bfe", "bfi", "brev", "popc", "clz", "sqrt", "rsqrt",
                  "lg2", "sin", "cos", "exit", "ret", "trap", "nanosleep", "pmevent",
                  # tensor-core math: registers only (wgmma's shared operands are descriptors, read by
                  # the tensor core from a swizzled layout, not by lanes)
                  "mma.sync", "wmma.mma", "wgmma.mma_async")
BULK_PREFIXES = ("cp.async.bulk", "cp.reduce.async.bulk")


class AsmLowering:
    """One asm statement of a function being lowered (`fl`: lowerer.FunctionLowerer)."""

    def __init__(self, fl, c: ci.Cursor, sp: ir.Span, operands: list[AsmOperand]):
        self.fl, self.c, self.sp = fl, c, sp
        self.operands = operands
        self._exprs: dict[int, ir.Expr] = {}
        self.registers: dict[str, ir.Expr] = {}  # PTX registers of the template bound to addresses
        self.unknown: list[str] = []

    def operand(self, text: str) -> ir.Expr | None:
        text = text.strip()
        m = _REF.match(text)
        if m:
            i = int(m.group(1))
            if i >= len(self.operands):
                return None
            if i not in self._exprs:
                self._exprs[i] = self.fl.expr(self.operands[i].cursor)
            return self._exprs[i]
        if text in self.registers:
            return self.registers[text]
        if re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", text):
            return ir.Const(ir.INT, int(text, 0))
        return None

    def constant(self, text: str) -> int | None:

        m = _REF.match(text.strip())
        if m and int(m.group(1)) < len(self.operands):
            return const_value(self.operands[int(m.group(1))].cursor)
        e = self.operand(text)
        return e.value if isinstance(e, ir.Const) else None

    def address(self, text: str) -> ir.Expr | None:
        m = _ADDRESS.match(text.strip())
        if not m:
            return None
        base = self.operand(m.group(1))
        if base is None:
            return None
        if m.group(2):
            base = ir.BinOp(base.ctype if base.ctype.kind != "other" else ir.UINT, "+", base,
                            ir.Const(ir.INT, int(m.group(2), 0)))
        return base

    def site(self, op: str, width: int, lv: ir.Expr, instruction: str) -> int:
        return _instruction_site(self.fl, self.c, op, width, lv, instruction)

    def access(self, op: str, width: int, pointer: ir.Expr, instruction: str, value: ir.Expr | None = None):
        ct = ir.CType("record", width, False, spelling=f"b{width * 8}", align=width)
        lv = ir.Deref(ct, pointer, self.sp)
        site = self.site(op, width, lv, instruction)
        return ir.Access(ct, site, op, lv, value)

    def outputs_unknown(self, why: str) -> list[ir.Stmt]:
        """The output operands receive data: variables among them become unknown per lane."""
        out = []
        for i, o in enumerate(self.operands):
            if o.output and self.fl.ex.strip(o.cursor).kind == ci.CursorKind.DECL_REF_EXPR:
                e = self.operand(f"${i}")
                if isinstance(e, ir.VarRef):
                    out.append(ir.ExprStmt(self.sp, ir.Assign(e.ctype, e, ir.Opaque(e.ctype, why, uniform=False))))
        return out

    def lower(self, instrs: list[PtxInstruction]) -> ir.Stmt:
        stmts: list[ir.Stmt] = []
        for ins in instrs:
            s = self.instruction(ins)
            if s is None:
                self.unknown.append(ins.opcode)
                continue
            stmts.extend(s)
        stmts.extend(self.outputs_unknown("a value an asm statement produced"))
        if self.unknown:
            what = ", ".join(dict.fromkeys(self.unknown))
            stmts.append(ir.Unsupported(self.sp, f"inline assembly (`{what}`)"))
        return ir.Block(self.sp, tuple(stmts))

    def instruction(self, ins: PtxInstruction) -> list[ir.Stmt] | None:
        op = ins.opcode
        parts = ins.parts
        head = parts[0]
        if op.startswith(BULK_PREFIXES):
            return [ir.BulkCopy(self.sp, op, self.swizzle_mode())]
        if op.startswith(NO_OP_PREFIXES) and not op.startswith(("cvta",)):
            return []
        if head in ("ldmatrix", "stmatrix"):
            count = next((int(p[1]) for p in parts if p in ("x1", "x2", "x4")), 0)
            if not count or len(ins.operands) != 2 or "b16" not in parts:
                return None
            trans = "trans" in parts
            name = f"{head}.x{count}" + (".trans" if trans else "")
            if head == "ldmatrix":
                ptr = self.address(ins.operands[1])
                if ptr is None:
                    return None
                acc = self.access("ld", 16, ptr, name)
                return [ir.ExprStmt(self.sp, acc)]
            ptr = self.address(ins.operands[0])
            if ptr is None:
                return None
            values = tuple(e for e in (self.operand(t) for t in ins.operands[1].strip("{} ").split(",")) if e)
            value = ir.Opaque(ir.UINT, "registers stored by stmatrix", values, uniform=False)
            return [ir.ExprStmt(self.sp, self.access("st", 16, ptr, name, value))]
        if op.startswith("cp.async.") and ("ca" in parts or "cg" in parts) and "shared" in "".join(parts):
            if len(ins.operands) < 3:
                return None
            dst, src = self.address(ins.operands[0]), self.address(ins.operands[1])
            size = self.constant(ins.operands[2])
            if dst is None or src is None or size not in (4, 8, 16):
                return None
            copy = self.async_copy(dst, src, size, f"cp.async.{'cg' if 'cg' in parts else 'ca'}")
            if len(ins.operands) >= 4:  # src-size: lanes that read 0 bytes only zero-fill their destination
                read = self.operand(ins.operands[3])
                if read is not None:
                    copy = ir.AsyncCopy(copy.ctype, copy.destination, copy.source, read)
            return [ir.ExprStmt(self.sp, copy)]
        if head in ("ld", "st") and ("shared" in parts or "global" in parts or any(p.startswith("shared::") for p in parts)):
            space = "global" if "global" in parts else "shared"
            vec = next((int(p[1]) for p in parts if p in ("v2", "v4", "v8")), 1)
            tbytes = next((_TYPE_BYTES[p] for p in parts if p in _TYPE_BYTES), 0)
            if not tbytes or len(ins.operands) != 2:
                return None
            width = vec * tbytes
            name = f"{head}.{space}" + (f".v{vec}" if vec > 1 else "") + f".b{tbytes * 8}"
            if head == "ld":
                ptr = self.address(ins.operands[1])
                return None if ptr is None else [ir.ExprStmt(self.sp, self.access("ld", width, ptr, name))]
            ptr = self.address(ins.operands[0])
            if ptr is None:
                return None
            values = tuple(e for e in (self.operand(t) for t in ins.operands[1].strip("{} ").split(",")) if e)
            value = ir.Opaque(ir.UINT, "registers stored by st", values, uniform=None)
            return [ir.ExprStmt(self.sp, self.access("st", width, ptr, name, value))]
        if head in ("red", "atom"):
            tbytes = next((_TYPE_BYTES[p] for p in parts if p in _TYPE_BYTES), 0)
            addr = next((o for o in ins.operands if o.strip().startswith("[")), None)
            ptr = self.address(addr) if addr else None
            if ptr is None or not tbytes:
                return None
            return [ir.ExprStmt(self.sp, self.access("atomic", tbytes, ptr, op))]
        if head == "cvta" and len(ins.operands) == 2:
            src = self.operand(ins.operands[1])
            if src is None:
                return None
            to_shared = "to" in parts and "shared" in "".join(parts)
            call = ir.Call(ir.UINT if to_shared else ir.CType("ptr", 8, False, 1, "void *"),
                           "__cvta_generic_to_shared" if to_shared else "__cvta_shared_to_generic", (src,))
            dest = ins.operands[0].strip()
            target = self.operand(dest)
            if _REF.match(dest) and isinstance(target, ir.VarRef):
                return [ir.ExprStmt(self.sp, ir.Assign(target.ctype, target, call))]
            if not _REF.match(dest):
                self.registers[dest] = call  # a register of the template, used by a later instruction
                return []
            return None
        return None

    def swizzle_mode(self) -> str:
        """The tensor-map swizzle this file asks for (`CU_TENSOR_MAP_SWIZZLE_128B`), if one."""
        modes = set()
        for line in self.fl.ex.lines_of(self.sp.file):
            modes.update(re.findall(r"CU_TENSOR_MAP_SWIZZLE_(\w+)", line))
        return ", ".join(sorted(modes))

    def async_copy(self, dst: ir.Expr, src: ir.Expr, size: int, name: str) -> ir.AsyncCopy:
        return make_async_copy(self.fl, self.c, self.sp, dst, src, size, name)


def _instruction_site(fl, c: ci.Cursor, op: str, width: int, lv: ir.Expr, instruction: str) -> int:
    """A new access site of an instruction; named by the array it lands in (found when evaluated)
    unless the address is written on an array (`&tile[r][c]`), not an address variable."""
    sid = fl.ex.new_site(c, op, width, lv, instruction=instruction)
    if not isinstance(ir.lvalue_root(lv), ir.SymbolRef):
        fl.ex.sites[sid] = dataclasses.replace(fl.ex.sites[sid], symbol_hint="?")
    return sid


def make_async_copy(fl, c: ci.Cursor, sp: ir.Span, dst: ir.Expr, src: ir.Expr, size: int,
                    name: str) -> ir.AsyncCopy:
    ct = ir.CType("record", size, False, spelling=f"b{size * 8}", align=size)
    dlv, slv = ir.Deref(ct, dst, sp), ir.Deref(ct, src, sp)
    sites = [_instruction_site(fl, c, op, size, lv, name) for op, lv in (("st", dlv), ("ld", slv))]
    return ir.AsyncCopy(ir.INT, ir.Access(ct, sites[0], "st", dlv, ir.Opaque(ct, "copied data", uniform=False)),
                        ir.Access(ct, sites[1], "ld", slv))


def lower_asm(fl, c: ci.Cursor, sp: ir.Span) -> ir.Stmt | None:
    """The asm statement as IR; None when its text cannot be read (the caller keeps it unsupported)."""
    got = asm_parts(c)
    if got is None:
        return None
    template, operands = got
    instrs = parse_ptx(template)
    if not instrs:
        return None
    return AsmLowering(fl, c, sp, operands).lower(instrs)


# ---------------------------------------------------------------- C++ forms

CALL_NAMES = frozenset({"__pipeline_memcpy_async", "memcpy_async", "load_matrix_sync", "store_matrix_sync"})
KNOWN_BY_NAME = CALL_NAMES | {"__cvta_generic_to_shared", "__cvta_shared_to_generic"}

_WMMA_FRAGMENT = re.compile(
    r"fragment<\s*(?:nvcuda::)?(?:wmma::)?(matrix_a|matrix_b|accumulator)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)"
    r"\s*,\s*([^,>]+?)\s*(?:,\s*(?:nvcuda::)?(?:wmma::)?(row_major|col_major)\s*)?>")


def lower_call(fl, c: ci.Cursor, name: str, args_c: list[ci.Cursor], ct: ir.CType) -> ir.Expr | None:
    """The C++ forms, or None for any other call."""
    if name == "__pipeline_memcpy_async" and len(args_c) >= 3:

        size = const_value(args_c[2])
        if size not in (4, 8, 16):
            return None
        return make_async_copy(fl, c, fl.span(c), fl.expr(args_c[0]), fl.expr(args_c[1]), size,
                               "__pipeline_memcpy_async")
    if name == "memcpy_async" and args_c:
        qual = _qualified(c)
        if "cooperative_groups" in qual or (len(args_c) == 4 and "cooperative_groups" in
                                            args_c[0].type.get_canonical().spelling):
            return ir.Opaque(ct, "cooperative_groups::memcpy_async (a collective copy; the toolkit splits it "
                                 "between threads as it likes: not costed)", tuple(fl.expr(a) for a in args_c),
                             uniform=True)
        if len(args_c) >= 3:
            size = _aligned_size(args_c[2])
            if size in (4, 8, 16):
                return make_async_copy(fl, c, fl.span(c), fl.expr(args_c[0]), fl.expr(args_c[1]), size,
                                       "cuda::memcpy_async")
        return None
    if name in ("load_matrix_sync", "store_matrix_sync") and len(args_c) >= 3:
        frag_c, ptr_c = (args_c[0], args_c[1]) if name == "load_matrix_sync" else (args_c[1], args_c[0])
        m = _WMMA_FRAGMENT.search(frag_c.type.get_canonical().spelling.replace("struct ", "").replace("class ", ""))
        if m is None:
            return None
        use, shape = m.group(1), (int(m.group(2)), int(m.group(3)), int(m.group(4)))
        layout = {"row_major": "row", "col_major": "col"}.get(m.group(6) or "", "")
        if use == "accumulator":
            layout_c = args_c[3] if len(args_c) >= 4 else None
            toks = " ".join(t.spelling for t in layout_c.get_tokens()) if layout_c is not None else ""
            layout = "col" if "mem_col_major" in toks else "row" if "mem_row_major" in toks else ""
        if not layout:
            return None
        pointee = fl.ex.ctype(ptr_c.type.get_canonical().get_pointee())
        op = "ld" if name == "load_matrix_sync" else "st"
        sp = fl.span(c)
        lv = ir.Deref(pointee, fl.expr(ptr_c), sp)
        name = f"wmma.{'load' if op == 'ld' else 'store'}.{use}"
        if use != "accumulator" and pointee.bytes != 2:  # tf32, double, 8-bit A and B: `wmma.load.matrix_a.row.b8`
            name += f".{layout}.b{8 * pointee.bytes}"
        sid = _instruction_site(fl, c, op, pointee.bytes, lv, name)
        value = ir.Opaque(pointee, "fragment registers", uniform=False) if op == "st" else None
        return ir.FragmentAccess(ir.INT, ir.Access(pointee, sid, op, lv, value), fl.expr(args_c[2]), use, layout, shape)
    return None


def unresolved_call(fl, c: ci.Cursor, name: str, args_c: list[ci.Cursor]) -> tuple[str, list[ci.Cursor]]:
    """The name and arguments of a dependent call in a template (`__cvta_generic_to_shared(s_a)` with
    `s_a` of a template-dependent type), for the calls this module and the evaluator know by name."""
    ch = fl.ex.children(c)
    callee = fl.ex.strip(ch[0]) if ch else None
    if callee is None or callee.kind != ci.CursorKind.DECL_REF_EXPR:
        return name, args_c
    refs = [x for x in fl.ex.children(callee) if x.kind == ci.CursorKind.OVERLOADED_DECL_REF]
    if refs and refs[0].spelling in KNOWN_BY_NAME:
        return refs[0].spelling, list(ch[1:])
    return name, args_c


def substituted_callee(fl, c: ci.Cursor) -> ci.Cursor | None:
    """The function a call through a function-pointer template parameter calls, in an instance of
    the template (ggml's `template <cpy_kernel_t cpy_1> __global__ void cpy_f32_f16(...)` calling
    `cpy_1(cx, cdst)`, launched as `cpy_f32_f16<cpy_1_f32_f16>`): libclang gives the call no name and
    no referenced declaration, and shows the substituted argument under its callee, `&cpy_1_f32_f16`.
    None where the argument is not a function named there (a null pointer: nothing is called)."""
    ch = fl.ex.children(c)
    node = fl.ex.strip(ch[0]) if ch else None
    for _ in range(6):
        if node is None:
            return None
        if node.kind == ci.CursorKind.DECL_REF_EXPR and node.spelling:
            ref = node.referenced
            return ref if ref is not None and ref.kind == ci.CursorKind.FUNCTION_DECL else None
        if node.kind not in (ci.CursorKind.DECL_REF_EXPR, ci.CursorKind.UNARY_OPERATOR, ci.CursorKind.UNEXPOSED_EXPR,
                             ci.CursorKind.PAREN_EXPR):
            return None
        kids = fl.ex.children(node)
        node = kids[0] if len(kids) == 1 else None
    return None


def _qualified(c: ci.Cursor) -> str:
    try:
        ref = c.referenced
        names = []
        while ref is not None and ref.kind != ci.CursorKind.TRANSLATION_UNIT:
            names.append(ref.spelling)
            ref = ref.semantic_parent
        return "::".join(reversed(names))
    except Exception:  # noqa: BLE001
        return ""


def _aligned_size(c: ci.Cursor) -> int | None:
    """n of `cuda::aligned_size_t<n>(n)` (a per-thread copy nvcc turns into one cp.async of n bytes)."""
    spelling = c.type.get_canonical().spelling
    m = re.search(r"aligned_size_t<\s*(\d+)", spelling)
    if not m:
        return None
    toks = [t.spelling for t in c.get_tokens()]
    nums = [int(t.rstrip("uUlL"), 0) for t in toks if re.fullmatch(r"\d+[uUlL]*", t)]
    align = int(m.group(1))
    return align if nums and nums[-1] == align else None


def fast_division_body(defn: ci.Cursor) -> bool:
    """Is `defn` ggml's fast division: parameters (an integer n, a `uint3` fd) and a body that takes
    `__umulhi(n, fd.x)`, adds n and shifts right by `fd.y` (and reads nothing else of fd)?"""
    try:
        params = [ch for ch in defn.get_children() if ch.kind == ci.CursorKind.PARM_DECL]
        if len(params) != 2 or "uint3" not in params[1].type.spelling:
            return False
        n, fd = params[0].spelling, params[1].spelling
        tokens = [t.spelling for t in defn.get_tokens()]
    except Exception:  # noqa: BLE001
        return False
    if not n or not fd or "__umulhi" not in tokens or ">>" not in tokens or tokens.count("return") != 1:
        return False
    fields = {tokens[i + 2] for i in range(len(tokens) - 2) if tokens[i] == fd and tokens[i + 1] == "."}
    return fields == {"x", "y"} and tokens.count(n) >= 3  # n: parameter, __umulhi's operand, the add


def fast_division(low, ref: ci.Cursor, args_c: list[ci.Cursor], ct: ir.CType) -> ir.Expr | None:  # noqa: ANN001
    """`fastdiv(n, fd)` -> `n / fd.z`: a function of an integer and a `uint3` whose body is ggml's
    fast division `(__umulhi(n, fd.x) + n) >> fd.y` (fd = <multiplier, shift, divisor>, made by
    the host's `init_fastdiv_values(d)`), which is n / d exactly for every 32-bit n. Found by
    what the body does, not by its name; the divisor is the field the body leaves unused. `low`:
    the FunctionLowerer of the calling function."""
    defn = ref.get_definition()
    if defn is None or not fast_division_body(defn):
        return None
    arg = low.ex.strip(args_c[1])
    if arg.kind == ci.CursorKind.CALL_EXPR and len(list(arg.get_arguments())) == 1:  # the by-value copy
        arg = low.ex.strip(next(arg.get_arguments()))
    fd = low.lvalue(arg)
    if not isinstance(fd, (ir.VarRef, ir.LocalField)):
        return None
    start = fd.offset if isinstance(fd, ir.LocalField) else 0
    divisor = ir.LocalField(ir.UINT, fd.var, f"{fd.name}.z", start + 8)
    return ir.BinOp(ct, "/", low.expr(args_c[0]), divisor)


def cooperative_group_value(low, c: ci.Cursor, name: str, ct: ir.CType) -> ir.Expr | None:  # noqa: ANN001
    """`block.thread_rank()`, `tile.meta_group_rank()`, `tile.size()` of a cooperative group:
    the thread-index arithmetic they stand for (the toolkit's bodies are not followed). `low`: the
    FunctionLowerer of the calling function."""
    obj = low.method_object(c)
    if obj is None:
        return None
    spelling = obj.type.get_canonical().spelling
    if "cooperative_groups" not in spelling:
        return None
    inner = low.ex.strip(obj)
    ref = inner.referenced if inner.kind == ci.CursorKind.DECL_REF_EXPR else None
    if ref is not None and ref.kind == ci.CursorKind.PARM_DECL and "#group" in low.func_key:
        # a `thread_group` parameter of a function lowered for the concrete group a call passes
        # (callees.group_arguments): that group's arithmetic
        fn = ref.semantic_parent
        index = next((i for i, p in enumerate(fn.get_arguments()) if p == ref), -1) if fn is not None else -1
        m = re.search(rf"#group{index}=([^#]*)", low.func_key)
        spelling = m.group(1) if m else spelling

    def u(v: ir.Expr | int) -> ir.Expr:
        return ir.Const(ir.UINT, v) if isinstance(v, int) else v

    def op(o: str, a: ir.Expr | int, b: ir.Expr | int) -> ir.Expr:
        return ir.BinOp(ir.UINT, o, u(a), u(b))

    def builtin(n: str) -> ir.Expr:
        if n.startswith("threadIdx"):
            low.uses.add(n)
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
    elif re.search(r"\bgrid_group\b", spelling):  # the grid's blocks in x, y, z order, each `threads` threads
        gx, gy = builtin("gridDim.x"), builtin("gridDim.y")
        rank = op("+", builtin("blockIdx.x"), op("*", op("+", builtin("blockIdx.y"),
                                                         op("*", builtin("blockIdx.z"), gy)), gx))
        blocks = op("*", op("*", gx, gy), builtin("gridDim.z"))
        value = {"thread_rank": op("+", op("*", rank, threads), linear), "size": op("*", blocks, threads),
                 "num_threads": op("*", blocks, threads), "block_rank": rank, "num_blocks": blocks}.get(name)
    if value is None:
        return None
    return ir.Cast(ct, value) if ct.is_int and ct != ir.UINT else value


def lower_atomic(fl, name: str, args_c: list[ci.Cursor], ct: ir.CType, discarded: bool) -> ir.Expr:
    """`atomicAdd(p, v)` and the other `atomic*` calls: an atomic access site, and for a float, double or
    64-bit add (in shared memory a compare-and-swap loop: LDS, ATOMS.CAST.SPIN) a load site beside it,
    same span and instruction, that only the costing of the atomic records (symbolic/costing.loop_loads):
    no rule sees it as a read of its own. `discarded`: the old value is unused."""
    ptr = fl.expr(args_c[0])
    lv = ir.Deref(fl.ex.ctype(args_c[0].type.get_pointee()), ptr, fl.span(args_c[0]))
    if isinstance(ptr, ir.AddrOf) and isinstance(ptr.lvalue, (ir.Subscript, ir.Deref, ir.Member)):
        lv = ptr.lvalue
    rest = tuple(fl.expr(a) for a in args_c[1:])
    form = atomic_form(name, lv.ctype, rest[0] if rest else None, discarded)
    site = fl.ex.new_site(fl.ex.strip(args_c[0]), "atomic", lv.ctype.bytes, lv, instruction=form)
    if form.split(".", 1)[1] in SPIN_FORMS:
        fl.ex.new_site(fl.ex.strip(args_c[0]), "ld", lv.ctype.bytes, lv, instruction=form)
    return ir.Opaque(ct, f"result of {name}", (ir.Access(lv.ctype, site, "atomic", lv, None), *rest),
                     uniform=False)  # each lane gets its own old value


def atomic_form(name: str, elem: ir.CType, value: ir.Expr | None, discarded: bool) -> str:
    """Which instruction an `atomic*` call becomes (model/banks.py's measurements): "atomic.popc"
    (`atomicAdd(p, 1)`, old value unused: ATOMS.POPC.INC), "atomic.add" (other 32-bit integer adds
    and subtracts), "atomic.cas", "atomic.int" (the other 32-bit integer atomics), "atomic.<kind><bits>"
    for other adds (`atomic.float32`: in shared memory a compare-and-swap loop), else
    "atomic.<kind><bits>.<operation>" (`atomic.float32.exch`, `atomic.int64.cas`)."""
    base = re.sub(r"_(block|system)$", "", name)
    if elem.kind == "int" and elem.bytes == 4:
        if base == "atomicAdd" and discarded and isinstance(value, ir.Const) and value.value == 1:
            return "atomic.popc"
        if base == "atomicCAS":
            return "atomic.cas"
        return "atomic.add" if base in ("atomicAdd", "atomicSub") else "atomic.int"
    if base in ("atomicAdd", "atomicSub"):
        return f"atomic.{elem.kind}{elem.bytes * 8}"
    return f"atomic.{elem.kind}{elem.bytes * 8}.{base[len('atomic'):].lower()}"  # atomic.int64.cas
