"""cub's block and warp collectives at the calling line (issue 29 item 5).

nvcc's line table puts the instructions of a cub call in cub's headers, inlined at the line of the
call (`nvdisasm -gi`); smemlint charges them to the call. cub's own code is not followed: its
specialisations, type punning and unrolled helpers are not what smemlint can read, and following
them put loads of the TempStorage object at the call where the hardware has none.

`BlockLoad::Load` and `BlockStore::Store` are lowered to the accesses they make, as measured on the
H100 (benchmarks/accuracy/pending/cub_collectives.cu, cub-truth-sm90.jsonl: 128 threads, 4 floats
per thread, 2026-11-27), t the linear thread index, i the item, w = t / 32, l = t % 32:

| algorithm | global | shared (the TempStorage, a BlockExchange) |
|---|---|---|
| DIRECT | `p[t*ITEMS + i]` (16 sectors per request) | none |
| STRIPED | `p[i*BLOCK + t]` (4) | none |
| VECTORIZE | store: the thread's items in 16-byte (8-byte for 2 floats) stores (16; 8); load: not costed (nvcc also emits the scalar path, whose predicated-off requests ncu counts: 3.2) | none |
| TRANSPOSE | striped, as STRIPED | load: `s[i*BLOCK + t]` stores (1 wavefront), barrier, blocked reads `s[t*ITEMS ..]` in 16-byte pieces (LDS.128: 4); store: the reverse |
| WARP_TRANSPOSE[_TIMESLICED] | warp-striped `p[w*32*ITEMS + i*32 + l]` (4) | the same, with warp-striped shared offsets |

BlockExchange pads its array when ITEMS > 4 is a power of two (`o + o / 32`); then the blocked
side is read item by item; 2 floats per thread move as 8-byte pieces (LDS.64/STS.64: measured
2 wavefronts per request). Other collectives (BlockReduce, BlockScan, BlockRadixSort, WarpReduce,
...) are taken as collectives whose shared traffic is not modelled: their measured costs for the
configuration above are in the measurement's README, and their arguments are still evaluated.
"""
from __future__ import annotations

import re

import clang.cindex as ci

from .. import ir
from ..ir import CType

K = ci.CursorKind

_CLASS = re.compile(r"^(?:\w+::)*(Block\w+|Warp\w+)<(.*)>$")
_LOAD_ALGORITHMS = {"BLOCK_LOAD_DIRECT": "direct", "BLOCK_LOAD_STRIPED": "striped",
                    "BLOCK_LOAD_VECTORIZE": "vectorize", "BLOCK_LOAD_TRANSPOSE": "transpose",
                    "BLOCK_LOAD_WARP_TRANSPOSE": "warp_transpose",
                    "BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED": "warp_transpose"}
_STORE_ALGORITHMS = {k.replace("LOAD", "STORE"): v for k, v in _LOAD_ALGORITHMS.items()}
_ENUM_ORDER = ("direct", "striped", "vectorize", "transpose", "warp_transpose", "warp_transpose")
VECTOR = 16  # bytes of the widest shared/global access nvcc makes of contiguous items


def cub_class(ref: ci.Cursor | None) -> tuple[str, list[str]] | None:
    """(class name, template arguments as spelled) of a method of a cub collective class."""
    if ref is None or ref.kind not in (K.CXX_METHOD, K.CONSTRUCTOR):
        return None
    parent = ref.semantic_parent
    if parent is None:
        return None
    try:
        spelling = parent.type.get_canonical().spelling
    except Exception:  # noqa: BLE001
        return None
    if not spelling.startswith("cub::"):
        return None
    m = _CLASS.match(spelling)
    if m is None:
        return None
    return m.group(1), _split_arguments(m.group(2))


def _split_arguments(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch in "<(" and 1 or 0
        depth -= ch in ">)" and 1 or 0
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _algorithm(text: str, table: dict[str, str]) -> str | None:
    name = text.rsplit("::", 1)[-1].strip()
    if name in table:
        return table[name]
    m = re.search(r"\)\s*(\d+)$", text) or re.fullmatch(r"(\d+)", text.strip())
    if m and int(m.group(1)) < len(_ENUM_ORDER):
        return _ENUM_ORDER[int(m.group(1))]
    return None


def lower_collective(fl, c: ci.Cursor, ref: ci.Cursor | None, name: str, args_c: list[ci.Cursor],
                     ct: CType) -> ir.Expr | None:
    """A call of a cub collective's method: its accesses (Load/Store), or an opaque collective;
    None for anything that is not a method of a cub collective class."""
    found = cub_class(ref)
    if found is None:
        return None
    cls, targs = found
    args = tuple(fl.expr(a) for a in args_c)
    if ref.kind == K.CONSTRUCTOR:  # binds the TempStorage reference: no access
        return ir.Opaque(ct, f"cub::{cls} object", args, uniform=True)
    accesses = None
    if cls in ("BlockLoad", "BlockStore") and name in ("Load", "Store") and len(args_c) >= 2:
        accesses = _load_store(fl, c, cls, targs, args_c, args)
    if accesses is None:
        return ir.Opaque(ct, f"cub::{cls}::{name} (a cub collective; its shared-memory traffic is not modelled)",
                         args, uniform=None)
    return ir.Opaque(ct, f"cub::{cls}::{name}", accesses, uniform=None)


def _load_store(fl, c: ci.Cursor, cls: str, targs: list[str], args_c: list[ci.Cursor],
                args: tuple[ir.Expr, ...]) -> tuple[ir.Expr, ...] | None:
    load = cls == "BlockLoad"
    if len(targs) < 3:
        return None
    try:
        block, items = int(targs[1]), int(targs[2])
        dims = [int(x) for x in targs[4:6]]  # (the type's spelling leaves out default arguments)
    except ValueError:
        return None
    algorithm = _algorithm(targs[3], _LOAD_ALGORITHMS if load else _STORE_ALGORITHMS) if len(targs) > 3 \
        else "direct"
    if algorithm is None or any(d != 1 for d in dims) or not 0 < items <= 32 or block <= 0:
        return None
    if load and algorithm == "vectorize":
        return None
    ptr_ct = fl.ex.ctype(args_c[0].type.get_canonical())
    if ptr_ct.kind != "ptr" or ptr_ct.pointee_bytes <= 0:
        return None
    size = ptr_ct.pointee_bytes
    fl.uses.add("threadIdx.x")
    t = ir.Builtin(ir.UINT, "threadIdx.x")

    def u(v: int) -> ir.Expr:
        return ir.Const(ir.UINT, v)

    def op(o: str, a: ir.Expr, b: ir.Expr) -> ir.Expr:
        return ir.BinOp(ir.UINT, o, a, b)

    warp, lane = op("/", t, u(32)), op("%", t, u(32))
    if algorithm == "direct":
        index = [op("+", op("*", t, u(items)), u(i)) for i in range(items)]
    elif algorithm in ("striped", "transpose"):
        index = [op("+", u(i * block), t) for i in range(items)]
    elif algorithm == "warp_transpose":
        index = [op("+", op("*", warp, u(32 * items)), op("+", u(32 * i), lane)) for i in range(items)]
    else:  # vectorize (a store): the widest vector pieces of the thread's items (2 floats: STG.E.64)
        vec = next((v for v in (VECTOR, 8, 4) if (items * size) % v == 0 and v >= size), size)
        index = [op("+", op("*", t, u(items * size // vec)), u(k)) for k in range(items * size // vec)]
    width = vec if algorithm == "vectorize" else size
    g_ct = CType("other", width, spelling=f"{width}-byte piece")
    sp = fl.span(c)
    glob = []
    for ix in index:
        lv = ir.Subscript(g_ct, ir.Cast(CType("ptr", 8, False, width), args[0]), ix, width, sp)
        access_op = "ld" if load else "st"
        glob.append(ir.Access(g_ct, fl.ex.new_site(c, access_op, width, lv), access_op, lv,
                              None if load else ir.Opaque(g_ct, "an item", (), uniform=None)))
    if algorithm not in ("transpose", "warp_transpose"):
        return tuple(glob)
    storage = _temp_storage(fl, c)
    if storage is None:
        return tuple(glob)
    padded = items > 4 and items & (items - 1) == 0

    def shared(offset_items: ir.Expr, piece: int) -> ir.Expr:
        if padded:
            offset_items = op("+", offset_items, op("/", offset_items, u(32)))
        base = storage if isinstance(storage, ir.SymbolRef) else ir.AddrOf(CType("ptr", 8, False, size), storage)
        byte = op("*", offset_items, u(size))
        p_ct = CType("other", piece, spelling=f"{piece}-byte piece")
        return ir.Subscript(p_ct, ir.Cast(CType("ptr", 8, False, 1), base), byte, 1, sp)

    striped = [shared(ix, size) for ix in index]  # the global side's offsets (block- or warp-striped)
    # the blocked side in the widest pieces nvcc makes of a thread's contiguous items (LDS.128 for 4
    # floats, LDS.64 for 2; item by item where the array is padded)
    piece = 0 if padded else next((v for v in (VECTOR, 8) if (items * size) % v == 0 and v > size), 0)
    piece = piece or size
    first = op("*", t, u(items))  # TRANSPOSE: blocked t*ITEMS; WARP_TRANSPOSE: w*32*ITEMS + l*ITEMS, the same
    blocked = [shared(op("+", first, u(k)), piece) for k in range(0, items, piece // size)]

    def access(lv: ir.Expr, o: str) -> ir.Expr:
        return ir.Access(lv.ctype, fl.ex.new_site(c, o, lv.ctype.bytes, lv), o, lv,
                         None if o == "ld" else ir.Opaque(lv.ctype, "an item", (), uniform=None))

    fl.barriers.append(sp)
    sync = ir.Call(ir.INT, "__syncthreads", (), span=sp)
    if load:
        return (*glob, *(access(lv, "st") for lv in striped), sync, *(access(lv, "ld") for lv in blocked))
    return (*(access(lv, "st") for lv in blocked), sync, *(access(lv, "ld") for lv in striped), *glob)


def _temp_storage(fl, c: ci.Cursor) -> ir.Expr | None:
    """The lvalue of the TempStorage a collective object was made with: `Load(tmp.load).Load(...)`
    or a named object `BlockLoadT load(tmp); load.Load(...)`; None when not found (cub's private
    storage, a storage passed through)."""
    obj = fl.method_object(c)
    if obj is None:
        return None
    obj = fl.ex.strip(obj)
    ctor = None
    if obj.kind == K.DECL_REF_EXPR and obj.referenced is not None and obj.referenced.kind == K.VAR_DECL:
        ctor = next((fl.ex.strip(ch) for ch in fl.ex.children(obj.referenced) if ch.kind.is_expression()), None)
    else:
        ctor = obj
    for _ in range(4):  # temporaries, functional casts around the constructor call
        if ctor is None or ctor.kind == K.CALL_EXPR:
            break
        kids = [ch for ch in fl.ex.children(ctor) if ch.kind.is_expression()]
        ctor = fl.ex.strip(kids[0]) if len(kids) == 1 else None
    if ctor is None or ctor.kind != K.CALL_EXPR:
        return None
    args = list(ctor.get_arguments())
    if len(args) != 1:
        return None
    lv = fl.lvalue(fl.ex.strip(args[0]))
    return lv if isinstance(lv, (ir.Member, ir.Deref, ir.Subscript, ir.SymbolRef)) else None
