"""What lowering asks of a called function or of a struct's type, once per declaration or type: a
CuTe kernel calls the same helpers tens of thousands of times (flash-attention's forward kernel).

- the parameters of a called function, and the definition whose body a call follows;
- whether a type holds no data (an empty class: CuTe's `Int<N>`, `_`, static `Layout`s, tag types):
  copying such an object loads nothing, and a call that makes one from arguments with none is a
  value the types fix at compile time (nvcc folds it away), neither lowered nor evaluated;
- the fields of a struct passed by value: its pointer fields (global objects) and its integer fields
  (sizes launch.py assumes), base classes included.
"""
from __future__ import annotations

import re

import clang.cindex as ci

from .. import ir
from ..cursors.nodes import in_system_header, span_of
from ..ir import CType
from .objects import capture_names, is_lambda_class

K = ci.CursorKind
T = ci.TypeKind

_DEFINITION_KINDS = (K.FUNCTION_DECL, K.CXX_METHOD, K.CONVERSION_FUNCTION)
# CUDA's vector types: values (coordinates, fast-division magic numbers), not sizes
VECTOR_TYPE = re.compile(r"(u?(char|short|int|long|longlong)|float|double)[1-4]|dim3")


def followed_definition(ex, ref: ci.Cursor) -> ci.Cursor | None:
    """The definition of a called function whose body a call follows: one with a body, outside the
    system headers (None: not followed). `ref` is ex.referenced()'s one object for the declaration."""
    known = ex.followed_definitions
    if id(ref) in known:
        return known[id(ref)]
    defn = ref.get_definition()
    if not (defn is not None and defn.kind in _DEFINITION_KINDS and
            any(ch.kind == K.COMPOUND_STMT for ch in ex.children(defn)) and not in_system_header(defn)):
        defn = None
    known[id(ref)] = defn
    return defn


def parameters(ex, ref: ci.Cursor | None) -> list[ci.Cursor]:
    """The parameter declarations of a called function (none known: [])."""
    if ref is None:
        return []
    known = ex.callee_parameters
    params = known.get(id(ref))
    if params is None:
        try:
            params = list(ref.get_arguments()) if ref.kind != K.FUNCTION_TEMPLATE else []
        except Exception:  # noqa: BLE001
            params = []
        known[id(ref)] = params
    return params


def empty_record(ex, t: ci.Type) -> bool:
    """Whether record type `t` holds no data: no field, in it or in its bases (sizeof 1)."""
    canonical = t.get_canonical()
    k = bytes(canonical)
    empty = ex.empty_records.get(k)
    if empty is None:
        empty = ex.empty_records[k] = _no_fields(canonical, 0)
    return empty


def _no_fields(t: ci.Type, depth: int) -> bool:
    """No field in record type `t` nor in its bases (unsure: False)."""
    try:
        if t.kind != T.RECORD or t.get_size() > 1 or depth > 8 or any(True for _ in t.get_fields()):
            return False
        decl = t.get_declaration()
        return all(_no_fields(b.type.get_canonical(), depth + 1) for b in decl.get_children()
                   if b.kind == K.CXX_BASE_SPECIFIER)
    except Exception:  # noqa: BLE001
        return False


def no_data(ex, c: ci.Cursor, ct: CType, args_c: list[ci.Cursor]) -> bool:
    """Whether call `c` makes an object with no data from arguments with none."""
    return ct.kind == "record" and ct.bytes <= 1 and empty_record(ex, c.type) and \
        all(empty_record(ex, a.type) for a in args_c)


def struct_fields(ex, t: ci.Type, p: ci.Cursor) -> tuple[tuple, tuple]:
    """(pointer fields, integer fields) of the struct type `t` of parameter `p`: (byte offset, global
    object) and (byte offset, `name.field`, type), base classes included; no integer fields for a
    CUDA vector type."""
    pointers: list[tuple[int, ir.Symbol]] = []
    ints: list[tuple[int, str, CType]] = []
    _record_fields(ex, t, p.spelling, 0, p, pointers, ints, 0)
    if VECTOR_TYPE.fullmatch(t.get_canonical().get_declaration().spelling or ""):
        ints = []
    return tuple(pointers), tuple(ints)


def _record_fields(ex, t: ci.Type, name: str, base: int, p: ci.Cursor, pointers: list, ints: list,
                   depth: int) -> None:
    try:
        fields = list(t.get_fields())
        decl = t.get_declaration()
        bases = [ch for ch in decl.get_children() if ch.kind == K.CXX_BASE_SPECIFIER and not ch.is_virtual_base()]
    except Exception:  # noqa: BLE001 - a type libclang cannot list (dependent, incomplete)
        return
    for b in bases if depth < 4 else ():  # (a base's fields are spelled as the struct's own)
        try:
            bits = b.get_base_offsetof(decl)
        except Exception:  # noqa: BLE001
            continue
        if bits is not None and bits >= 0 and not bits % 8:
            _record_fields(ex, b.type.get_canonical(), name, base + bits // 8, p, pointers, ints, depth + 1)
    # a lambda's fields have no names: each is named by the variable it captures (objects.capture_names)
    captured = capture_names(decl) if is_lambda_class(decl) else None
    for i, f in enumerate(fields):
        bits = f.get_field_offsetof()
        if bits is None or bits < 0 or bits % 8:
            continue
        ft = f.type.get_canonical()
        field_name = f.spelling or (captured[i] if captured and i < len(captured) else None) or f"#{i}"
        where, offset = f"{name}.{field_name}", base + bits // 8
        if ft.kind == T.POINTER:
            pointers.append((offset, ir.Symbol(where, "global", ex.ctype(ft.get_pointee()), (), False, 256,
                                               span_of(p, ex.path), False, f"{ex.decl_key(p)}+{offset}")))
        elif ft.kind == T.RECORD and depth < 4:
            _record_fields(ex, ft, where, offset, p, pointers, ints, depth + 1)
        elif ft.kind != T.BOOL and not f.is_bitfield():
            fct = ex.ctype(ft)
            if fct.is_int and ft.kind != T.ENUM:
                ints.append((offset, where, fct))


def shared_arguments(args: tuple) -> str:
    """A key suffix naming the arguments of a call that point into shared memory (`&lhs_s[y][xo]`, a
    `__shared__` array or its elements, plus offsets): "" when none does. A helper called with a shared
    pointer and elsewhere with a global one (llm.c's `ld_vec(&lhs_s[..])` and `ld_vec(inp + ..)`)
    is lowered once per such set: nvcc inlines each call, a shared load there and a global one here,
    so each gets its own access site and number instead of one site reached in both spaces."""
    shared = []
    for i, e in enumerate(args):
        while True:
            if isinstance(e, (ir.Cast, ir.AddrOf)):
                e = e.operand if isinstance(e, ir.Cast) else e.lvalue
            elif isinstance(e, (ir.Subscript, ir.Member)):
                e = e.base
            elif isinstance(e, ir.BinOp) and e.op in ("+", "-"):
                e = e.lhs if e.lhs.ctype.kind in ("ptr", "array") else e.rhs
            else:
                break
        if isinstance(e, ir.SymbolRef) and e.symbol.space == "shared":
            shared.append(str(i))
    return "#shared:" + ",".join(shared) if shared else ""


_GENERIC_GROUP = re.compile(r"\bthread_group\b")
_CONCRETE_GROUP = re.compile(r"\bthread_block_tile<\s*\d+|\bthread_block\b")


def group_arguments(args_c: list, params: list) -> str:
    """A key suffix naming, for each parameter of the type-erased `cooperative_groups::thread_group`
    type, the concrete group a call passes (`thread_block`, `thread_block_tile<16>`): "" when none.
    cuda-samples' `sumReduction(thread_group g, ...)` is called with the block and with a 16-thread
    tile: lowered once per concrete group, `g.thread_rank()` is that group's rank in each
    (instructions.cooperative_group_value reads the suffix)."""
    out = []
    for i, (a, p) in enumerate(zip(args_c, params)):
        try:
            pt = p.type.get_canonical().spelling
            if not _GENERIC_GROUP.search(pt) or _CONCRETE_GROUP.search(pt):
                continue  # (most parameters: what the call passes is not read)
            at = a.type.get_canonical().spelling
            for _ in range(6):  # under the conversion to `thread_group` (a constructor call): what was passed
                inner = [x for x in a.get_children() if x.kind.is_expression()]
                if _CONCRETE_GROUP.search(at) or len(inner) != 1:
                    break
                a = inner[0]
                at = a.type.get_canonical().spelling
        except Exception:  # noqa: BLE001
            continue
        if _CONCRETE_GROUP.search(at):
            out.append(f"#group{i}={at}")
    return "".join(out)
