"""Which calls and statements are barriers, and of what scope: `__syncthreads` and friends, inline
PTX `bar.sync`, `cuda::barrier` waits and cooperative groups' `sync()` (a warp-level barrier for
tiles and coalesced groups, a block barrier for the block)."""
from __future__ import annotations

import re

import clang.cindex as ci

K = ci.CursorKind

BARRIER_CALLS = {"__syncthreads", "__syncwarp", "__syncthreads_count", "__syncthreads_and",
             "__syncthreads_or", "__barrier_sync"}
ASM_BARRIER = re.compile(r"\b(bar|barrier)(\.cta)?\.(sync|red)\b")
# cooperative_groups classes whose sync() is a warp-level barrier (the others sync the block or grid)
_CG_WARP_GROUPS = ("tile", "coalesced", "warp")


def barrier_name(c: ci.Cursor) -> str | None:
    """The barrier a call is, by the name the rules know it: `__syncthreads`/`_and/_or/_count`,
    `__syncwarp`, `__barrier_sync`, and cooperative groups' `g.sync()` / `cg::sync(g)` /
    `grid.sync()`: a block (or grid) group's sync is a block barrier (`__syncthreads`), a
    tile's or coalesced group's a warp barrier (`__syncwarp`)."""
    name = c.spelling
    if name in BARRIER_CALLS:
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
