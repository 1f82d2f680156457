"""Shared write read by another thread with no barrier between (SYNC004, shared-race).

## What it finds
A store to a `__shared__` array followed, on some path of the kernel with no
`__syncthreads()` (or `__syncwarp()`, or a call of a function that
synchronizes) on it, by a load of the same array at a *different* element
expression: a thread reads an element that another thread wrote. Paths are
taken on the control-flow graph of the kernel, so a write at the end of a
loop body reaching a read at the top of the next iteration counts, and a
barrier anywhere on every path between them silences it.

"Another thread's element" is decided on evidence: the lane evaluator runs
the kernel under its launch, keeping every thread's address at both accesses
and the barrier interval each ran in, and the rule fires only when some
thread reads, in the interval of a write, an element another thread wrote
there (thread 1 reads what thread 0 wrote). Double buffers, disjoint pieces of
one `extern __shared__` array, per-thread columns and guards that make writer
and reader the same thread are therefore silent. Where the addresses cannot
be evaluated (a data-dependent index or condition, an unknown launch value)
nothing is reported.

## Why it is wrong
Threads of a block run in no guaranteed order (and since Volta not even the
lanes of a warp). Without a barrier between the write and the read, the
reader may see the old value: a read-after-write race whose result changes
from run to run and GPU to GPU. `compute-sanitizer --tool racecheck` reports
it at run time; this rule finds the common shapes from the source.

## Example
```cuda
__global__ void shiftLeft(float *out, const float *in)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 256 + t];
    out[blockIdx.x * 256 + t] = s[(t + 1) % 256];   // the neighbour may not have written yet
}
```

## Use instead
```cuda
__global__ void shiftLeft(float *out, const float *in)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 256 + t];
    __syncthreads();                                // every write is visible after this
    out[blockIdx.x * 256 + t] = s[(t + 1) % 256];
}
```

## How to silence
`// smemlint: ignore[SYNC004]` on the read, or `ignore = ["SYNC004"]` in
`[tool.smemlint]`.

## Limitations
Races whose addresses the evaluator cannot follow are not reported, nor those
that show only in a block shape other than the analysed one. Only reads after writes are checked (not write-after-read), `__syncwarp()`
counts as a barrier even between warps, and accesses through `volatile`
pointers are left to SYNC002.
"""
from __future__ import annotations

import dataclasses

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from .. import ir
from ..analysis import KernelResult
from ..diagnostics import Diagnostic, Rule, Severity
from ..symbolic.recorder import (COLLECTIVE_INSTRUCTIONS, WARP_BARRIERS, Recorder, analysed_run, lanes_key,
                                whole_warp_call)
from ..symbolic.uniformity import BLOCK
from . import _common as common

RULE = Rule(code="SYNC004", name="shared-race", severity=Severity.WARNING,
            summary="shared write followed by another thread's read with no barrier between")

def has_collective(unit: ir.TranslationUnit, kernel: ir.Kernel | ir.Stmt) -> bool:
    """Does the kernel (or one statement of it), or a function it calls, hold a warp-collective (an
    access site of COLLECTIVE_INSTRUCTIONS or a whole_warp_call)? Read from the IR, before any evaluation."""
    sites = {s.id for k in unit.kernels for s in k.sites if s.instruction.startswith(COLLECTIVE_INSTRUCTIONS)}
    todo, seen = [kernel.body if isinstance(kernel, ir.Kernel) else kernel], set()
    while todo:
        for n in ir.walk(todo.pop()):
            if isinstance(n, ir.Access) and n.site in sites:
                return True
            if isinstance(n, ir.Call):
                if whole_warp_call(n):
                    return True
                if n.function in unit.functions and n.function not in seen:
                    seen.add(n.function)
                    todo.append(unit.functions[n.function].body)
    return False


def collective_under(unit: ir.TranslationUnit, body: ir.Stmt, called: dict[str, bool] | None = None) -> set[int]:
    """The ids of the nodes of `body` that hold a warp-collective (has_collective of each), found in
    one walk (ir.holding): a kernel's many nested `if`s are asked at once instead of each walking its
    subtree and the functions it calls again (HeCBench segsort's bitonic kernels: thousands of them).
    `called`: has_collective of each function asked so far (the caller keeps it for the file's kernels)."""
    sites = {s.id for k in unit.kernels for s in k.sites if s.instruction.startswith(COLLECTIVE_INSTRUCTIONS)}
    called = {} if called is None else called

    def own(n: object) -> bool:
        if isinstance(n, ir.Access):
            return n.site in sites
        if not isinstance(n, ir.Call):
            return False
        if whole_warp_call(n):
            return True
        if n.function not in unit.functions:
            return False
        if n.function not in called:
            called[n.function] = has_collective(unit, unit.functions[n.function].body)
        return called[n.function]

    return ir.holding(body, own)


@dataclass
class Race:
    read: ir.Access
    write: ir.Access
    read_span: ir.Span
    write_span: ir.Span
    symbol: str
    volatile: bool
    space: str | None
    reader: int = 0  # a thread that reads ...
    writer: int = 0  # ... what this other thread wrote in the same barrier interval


def _aliases(body: ir.Stmt) -> dict[str, ir.Expr]:
    """Pointer locals initialised from another array or pointer: `volatile int *v = smem;`."""
    out: dict[str, ir.Expr] = {}
    stack: list = [body]
    while stack:
        n = stack.pop()
        if isinstance(n, ir.Block):
            stack.extend(n.body)
        elif isinstance(n, ir.If):
            stack.extend(x for x in (n.then, n.other) if x is not None)
        elif isinstance(n, ir.Loop):
            stack.extend(x for x in (n.init, n.body) if x is not None)
        elif isinstance(n, ir.Decl) and n.init is not None and n.ctype.kind == "ptr":
            out[n.var] = n.init
    return out


def _lv_key(e: ir.Expr, aliases: dict[str, ir.Expr], depth: int = 0) -> str:
    if depth > 16:
        return "?"
    if isinstance(e, ir.VarRef) and e.var in aliases:
        return _lv_key(aliases[e.var], aliases, depth + 1)
    if isinstance(e, ir.Cast):
        return _lv_key(e.operand, aliases, depth + 1)
    if isinstance(e, ir.Subscript):
        return f"{_lv_key(e.base, aliases, depth + 1)}[{common.expr_key(e.index)}]"
    if isinstance(e, ir.AddrOf):
        return f"&{_lv_key(e.lvalue, aliases, depth + 1)}"
    if isinstance(e, ir.Deref):
        return f"*{_lv_key(e.pointer, aliases, depth + 1)}"
    if isinstance(e, ir.Member):
        return f"{_lv_key(e.base, aliases, depth + 1)}.{e.offset}"
    if isinstance(e, ir.BinOp) and e.op in ("+", "-") and e.ctype.kind == "ptr":
        return f"({_lv_key(e.lhs, aliases, depth + 1)}{e.op}{_lv_key(e.rhs, aliases, depth + 1)})"
    return common.expr_key(e)


def _root(e: ir.Expr, aliases: dict[str, ir.Expr], depth: int = 0) -> tuple[str | None, ir.Symbol | None, bool]:
    """(root key, symbol when known, through a volatile variable) of an lvalue."""
    cur = e
    for _ in range(32):
        if isinstance(cur, ir.SymbolRef):
            return cur.symbol.key, cur.symbol, False
        if isinstance(cur, ir.VarRef):
            if cur.var in aliases and depth < 8:
                k, sym, _ = _root(aliases[cur.var], aliases, depth + 1)
                return k, sym, True
            return cur.var, None, True
        nxt = ir.pointer_step(cur)
        if nxt is None:
            return None, None, False
        cur = nxt
    return None, None, False


def _volatile_base(e: ir.Expr, u: ir.TranslationUnit) -> bool:
    """Is the access made through a volatile object or a pointer to volatile?"""
    cur = e
    for _ in range(32):
        if isinstance(cur, ir.SymbolRef):
            return cur.symbol.key in u.volatile_vars
        if isinstance(cur, ir.VarRef):
            return cur.var in u.volatile_vars
        if isinstance(cur, ir.Cast) and "volatile" in cur.ctype.spelling:
            return True
        nxt = ir.pointer_step(cur)
        if nxt is None:
            return False
        cur = nxt
    return False


def concrete_lanes(ctx, kr: KernelResult | None, last_block: bool = False,
                   params: dict[str, int] | None = None) -> Recorder | None:
    """Every thread's address at each shared access of the kernel under its analysed launch, with
    the barrier interval of each execution (evaluated once per kernel and file); in block 0, or in
    the grid's last block (where bounds checks cut threads off); `params` replaces some integer
    parameters' values (a probe of sizes the launch does not give)."""
    if kr is None or kr.ir is None or kr.unit is None or kr.config is None:
        return None
    config = kr.config
    if last_block:
        config = dataclasses.replace(config, block_idx=tuple(max(0, g - 1) for g in config.grid))
    if params:
        config = dataclasses.replace(config, params={**config.params, **params})
    key = lanes_key(kr.ir.key, config, params)
    if key not in ctx.result.cache and (it := analysed_run(ctx.result.cache, ctx.result.kernels, kr, config)):
        ctx.result.cache[key] = it  # the analysis evaluated this launch already, keeping the lanes
    elif key not in ctx.result.cache:
        try:
            # no symbol costed: the check needs each thread's address, not the bank or sector model
            it = Recorder(kr.unit, kr.ir, config, ctx.settings.arch, costed=frozenset(), replay=False)
            it.run()
        except Exception:  # noqa: BLE001 - no concrete check: keep the structural verdict
            it = None
        ctx.result.cache[key] = it
    return ctx.result.cache[key]


def _writer_range(executions) -> dict[tuple[str, int], tuple[np.ndarray, ...]]:
    """(symbol, barrier interval) -> (distinct addresses written, sorted; lowest writing thread;
    highest writing thread)."""
    by_symbol: dict[tuple[str, int], tuple[list, list]] = {}
    for sym, addr, mask, interval in executions:
        threads = np.nonzero(mask)[0]
        addrs, owners = by_symbol.setdefault((sym, interval), ([], []))
        addrs.append(addr[threads].astype(np.int64))
        owners.append(threads)
    out = {}
    for key, (addrs, owners) in by_symbol.items():
        a, t = np.concatenate(addrs), np.concatenate(owners)
        if not len(a):
            continue  # no thread wrote it
        order = np.lexsort((t, a))  # by address, then thread
        a, t = a[order], t[order]
        first = np.flatnonzero(np.r_[True, a[1:] != a[:-1]])
        last = np.r_[first[1:], len(a)] - 1
        out[key] = (a[first], t[first], t[last])
    return out


def _cross_thread(it: Recorder | None, write: int, read: int) -> tuple[int, int, int] | None:
    """A thread that reads, in the barrier interval of a write, an address another thread wrote
    (under the analysed launch): (reading thread, writing thread, byte offset), or None when the
    evaluation found none or could not follow both accesses."""
    if it is None or write in it.unknown or read in it.unknown or write not in it.seen or read not in it.seen:
        return None
    writers = _writer_range(it.seen[write])
    for sym, addr, mask, interval in it.seen[read]:
        if (sym, interval) not in writers:
            continue
        written, lowest, highest = writers[(sym, interval)]
        threads = np.nonzero(mask)[0]
        addrs = addr[threads].astype(np.int64)
        at = np.minimum(np.searchsorted(written, addrs), len(written) - 1)
        hit = written[at] == addrs
        # another thread wrote it unless the only writer of that address is the reader itself
        other = hit & ~((lowest[at] == threads) & (highest[at] == threads))
        if np.any(other):
            i = int(np.flatnonzero(other)[0])
            writer = int(lowest[at[i]]) if int(lowest[at[i]]) != int(threads[i]) else int(highest[at[i]])
            return int(threads[i]), writer, int(addrs[i])
    return None


def _may_be_reported(volatile: bool, rsym: ir.Symbol | None, rroot: str, shared_write_roots: set[str]) -> bool:
    """Could a race on this read be reported: by SYNC002 (read through volatile) or by SYNC004 (on a
    shared symbol: the read's own, or when the read's root has no symbol, the racing write's)?"""
    if volatile:
        return True
    if rsym is not None:
        return rsym.space == "shared"
    return rroot in shared_write_roots


def races(ctx, kernel: ir.Kernel) -> list[Race]:
    """Read-after-write pairs on the same object, at different elements, with no barrier on some path.

    Only reads whose race SYNC002 or SYNC004 could report are looked at: a read of global memory
    through a plain pointer would cost the concrete check (an evaluation of the kernel) for nothing."""
    key = ("races", kernel.key)
    if key in ctx.result.cache:
        return ctx.result.cache[key]
    u = common.unit(ctx)
    un = common.uniformity(ctx, kernel)
    barriers = frozenset(common.BLOCK_BARRIERS | WARP_BARRIERS)
    syncing = common.syncing(ctx, barriers)
    site_spans = common.unit_sites(ctx)
    kr = next((k for kk, k in common.kernels(ctx) if kk.key == kernel.key), None)
    out: list[Race] = []
    for fkey, body, _ in common.bodies(ctx, kernel):
        g = common.cfg(ctx, fkey, body)
        aliases = _aliases(body)
        calls, accesses = common.node_facts(ctx, fkey, body)
        blocked = set()
        for n in g.nodes():
            if g.kind(n) == "barrier":
                blocked.add(n)
            elif any(c.name in barriers or c.function in syncing for c in calls[n]):
                blocked.add(n)
        writes, reads = [], []
        for n in g.nodes():
            for a in accesses[n]:
                root, sym, _ = _root(a.lvalue, aliases)
                if root is None:
                    continue
                item = (n, a, root, sym, _lv_key(a.lvalue, aliases))
                if a.op == "st":
                    writes.append(item)
                elif a.op == "ld":
                    reads.append(item)
        # the nearest write above the read first, so the message names the step it depends on
        writes.sort(key=lambda w: -(site_spans[w[1].site].span.line if w[1].site in site_spans else 0))
        shared_write_roots = {wroot for _, _, wroot, wsym, _ in writes if wsym is not None and wsym.space == "shared"}
        seen_reads: set[int] = set()
        for nr, r, rroot, rsym, rkey in reads:
            if r.site in seen_reads:
                continue
            volatile = _volatile_base(r.lvalue, u)
            if not _may_be_reported(volatile, rsym, rroot, shared_write_roots):
                continue  # neither rule would report its race: spare the concrete check
            for nw, w, wroot, wsym, wkey in writes:
                if wroot != rroot:
                    continue
                uw = un.site(w.site)
                varying_write = uw is not None and uw.level > BLOCK
                if wkey == rkey and varying_write:
                    continue  # each thread reads the element it wrote
                if not varying_write:
                    # one element: a race only when some threads write it and others (not all writers) read it
                    wconds = {b for b in g.control_deps(nw)
                              if g.g.nodes[b].get("cond") is not None
                              and un.of(fkey, g.g.nodes[b]["cond"]).level > BLOCK}
                    if not wconds or wconds <= g.control_deps(nr):
                        continue
                if nw in blocked or nr in blocked:
                    continue
                if not g.path_avoiding(nw, nr, blocked):
                    continue
                evidence = _cross_thread(concrete_lanes(ctx, kr), w.site, r.site)
                if evidence is None:
                    continue  # no thread found reading another's element in the write's interval
                rs, ws = site_spans.get(r.site), site_spans.get(w.site)
                if rs is None or ws is None:
                    continue
                sym = rsym or wsym
                out.append(Race(r, w, rs.span, ws.span, rs.symbol_hint if rs.symbol_hint != "?" else
                                (sym.name if sym else "?"), volatile,
                                sym.space if sym is not None else None, evidence[0], evidence[1]))
                seen_reads.add(r.site)
                break
    ctx.result.cache[key] = out
    return out


def check(ctx) -> Iterator[Diagnostic]:
    for kernel, _ in common.kernels(ctx):
        for race in races(ctx, kernel):
            if race.volatile or race.space != "shared":
                continue
            msg = (f"`{race.symbol}` read at another thread's element with no barrier since its write on line "
                   f"{race.write_span.line}; thread {race.reader} reads what thread {race.writer} wrote "
                   "(read-after-write race)")
            yield common.diag(ctx, race.read_span, msg,
                              facts={"symbol": race.symbol, "write_line": race.write_span.line,
                                     "reader_thread": race.reader, "writer_thread": race.writer})
