"""Block barrier reachable under thread-dependent control flow (SYNC001, barrier-divergence).

## What it finds
A `__syncthreads()` (or `__syncthreads_and/or/count`, `__barrier_sync`, or a
call of a device function that contains one) whose execution depends on a
condition that is not the same for every thread of the block: it sits inside
an `if` or a loop whose condition depends on `threadIdx` (or on data loaded
at a thread-dependent address, or on a warp index), or after an early
`break`/`continue` guarded by such a condition: an error.

An early `return` of some threads before the barrier is different: since
Volta (sm_70) a block barrier waits only for threads that have not exited, so
it cannot hang. What can still break is data: if the exiting threads skip
their writes of a shared array that is read after the barrier, the readers
get stale elements. That case is a warning (`level=exit`), reported only on
evidence: under the analysed launch (block 0 and the grid's last block, where
bounds checks cut threads off), some thread reads after the barrier an element
no thread wrote before it. It names the write, the read and the reading
thread; an early return whose threads write nothing the others read (padding
lanes, a block whose only writer is thread 0) is silent. When the launch does
not give the sizes the exit tests (a GEMM's M and N at run time), the exit is
probed with sizes that end inside the first block's tile, and the finding
says it holds when they are not multiples of the tile.

The same early return is also a warning (`level=exit`, `kind=warp-collective`)
when the threads it lets go leave their warp short at a warp-collective that
the rest of the warp then executes: `ldmatrix`/`stmatrix`, `wmma` fragment
loads and stores, `mma_sync`, or a shuffle, vote or `__syncwarp()` whose mask
is the constant full warp (in the kernel or a function it calls). These need
every lane of the mask; since Volta a lane that exited is not waited for, so
the fragments or shuffled values are undefined (a tile loader that returns
for rows past the matrix, then `ldmatrix`: wrong results on the edge tile).
Reported on evidence too: under the analysed launch (or sizes that end inside
the first tile), some warp has both lanes that returned and lanes that reach
the collective and need them: a shuffle needs the lanes it reads from (lanes
that return in pairs and shuffle within the pair are fine), `ldmatrix`,
`wmma` and `mma_sync` every lane; a vote, reduction or `__syncwarp()` counts
only lanes that have not exited, which is defined. An exit that takes whole
warps, or lanes kept alive with guarded loads, are silent.

The same for running lanes that a lane-varying `if` sends past such a
collective (`if (i < n) v = warpSum(v);` on the last, partial tile:
`level=lane`, `kind=warp-collective`): the lanes that execute it wait for, or
read from, lanes that never arrive. An `if`/`else` with the collective on each
side pairs up and is silent, as is an `if` that keeps whole warps.

One finding per cause: the barriers that one diverging condition guards are
listed in the finding of the first (`facts.other_lines`), and the condition
named is the outermost that varies (not a constant-trip loop inside it); the
barrier whose data an early exit leaves unwritten and the collectives it leaves
short are one finding of that exit. Statements are ordered by line and column,
so a kernel written on one line reads as the same kernel on many.

The question "is this condition the same for every thread of the block?" is
answered by smemlint's uniformity analysis, independently of the launch: `if
(i >= n) return;` with `i` derived from `threadIdx.x` is thread-dependent even
when every thread of the assumed block passes it. Conditions on `blockIdx`,
`blockDim`, kernel parameters and values loaded at block-uniform addresses are
block-uniform and do not fire.

## Why it is wrong
`__syncthreads()` waits until every non-exited thread of the block has
arrived at *a* barrier. The CUDA programming guide allows it in conditional
code only when the condition evaluates identically across the entire block;
otherwise the behaviour is undefined: the block may hang, or threads waiting
at different barriers release each other and read shared data that was never
written. The classic shape is the bounds check of a reduction, as in the
warp-shuffle reduction of a well-known article on shared and constant memory,
whose kernel returns for `idx >= n` and then calls `__syncthreads()`: correct
only because its test grid is an exact multiple of the block size. The last,
partial block of any other size skips the barrier with some of its threads.

## Example
```cuda
__global__ void scaleTile(float *out, const float *in, int n)
{
    __shared__ float tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;          // threads past the end leave early...
    tile[threadIdx.x] = in[i];
    __syncthreads();             // ...and never arrive here
    out[i] = tile[255 - threadIdx.x];
}

void scale(float *out, const float *in)
{
    scaleTile<<<4, 256>>>(out, in, 1000);   // the last block has 232 threads in range
}
```

## Use instead
```cuda
__global__ void scaleTile(float *out, const float *in, int n)
{
    __shared__ float tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();             // every thread of the block arrives
    if (i < n) out[i] = tile[255 - threadIdx.x];
}
```
Keep every thread alive up to the last barrier and guard only the memory
accesses; or make the condition block-uniform (`if (blockIdx.x == 0)`).

## How to silence
`ignore = ["SYNC001"]` in `[tool.smemlint]` (or `--ignore SYNC001`). If the
condition is block-uniform for a reason smemlint cannot see, compute it from
block-uniform values (`blockIdx`, parameters) so the analysis sees it too.

## Limitations
A condition on `threadIdx.y` is reported even when `blockDim.x == 32` would
make it warp-uniform; the warp index `threadIdx.x / 32` is treated as
warp-uniform (assuming `blockDim.x` is a multiple of 32), which is still not
enough for a block barrier. `__syncwarp()` is not checked by this rule.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from .. import ir
from ..diagnostics import Diagnostic, Rule, Severity
from ..symbolic.roles import definitions, dependent_locals, params_read, reads
from ..symbolic.uniformity import BLOCK, LANE
from . import _common as common
from .sync004_shared_race import collective_under, concrete_lanes, has_collective

RULE = Rule(code="SYNC001", name="barrier-divergence", severity=Severity.ERROR,
            summary="__syncthreads() reachable under thread-dependent control flow")


def _exits(s: ir.Stmt | None) -> bool:
    stack = [s]
    while stack:
        n = stack.pop()
        if isinstance(n, (ir.Return, ir.Break, ir.Continue)):
            return True
        if isinstance(n, ir.Block):
            stack.extend(n.body)
        elif isinstance(n, ir.If):
            stack.extend((n.then, n.other))
    return False


def _written(ctx, sp: ir.Span) -> str:
    """The barrier as the source writes it (`cta.sync()`, `__syncthreads()`), when on one line."""
    if sp.line != sp.end_line:
        return ""
    text = common.line_text(ctx, sp.line, sp.file)[sp.column - 1:sp.end_column - 1].strip().rstrip(";")
    return text if 0 < len(text) <= 60 else ""


def _returns_only(s: ir.Stmt | None) -> bool:
    """Every way `s` leaves the straight path is a `return` (no `break`/`continue`)."""
    stack, found = [s], False
    while stack:
        n = stack.pop()
        if isinstance(n, (ir.Break, ir.Continue)):
            return False
        if isinstance(n, ir.Return):
            found = True
        elif isinstance(n, ir.Block):
            stack.extend(n.body)
        elif isinstance(n, ir.If):
            stack.extend((n.then, n.other))
    return found


def _at(sp: ir.Span) -> tuple[int, int]:
    """Where a statement starts, by line and column: a kernel written on one line has its exit, barrier
    and accesses in order on that line, so lines alone do not say which comes first."""
    return sp.line, sp.column


def _end(sp: ir.Span) -> tuple[int, int]:
    return sp.end_line, sp.end_column


def _only_exit_before(st: ir.Stmt | None, targets: list[tuple[ir.Span, str]]) -> bool:
    """`if (thread-dependent) return;` before the barriers, in the kernel itself (the return on
    either side, under further tests, and no `break`/`continue`): since Volta a block
    barrier waits only for threads that have not exited, so the exit cannot hang it (what can still
    go wrong, shared data the exited threads never wrote, is another question than divergence)."""
    if not isinstance(st, ir.If) or st.span is None:
        return False
    if not all(_at(sp) > _end(st.span) for sp, _ in targets):
        return False  # the barrier is inside the `if`: threads of the other side skip it
    # either side may hold the return, nested under further tests (FasterTransformer's top-k:
    # `if (num_beams[g] == 0 && tid == 0) {...} else if (num_beams[g] == k) return;`): threads
    # either return or fall through to the barrier, never skip it and go on
    sides = (st.then, st.other)
    return any(_returns_only(x) for x in sides) and all(x is None or _returns_only(x) or not _exits(x) for x in sides)


def _stored(it, written: list[int]) -> dict[str, np.ndarray]:
    """Array -> the byte offsets the store sites `written` wrote in an evaluation."""
    stored: dict[str, list[np.ndarray]] = {}
    for w in written:
        for sym, addr, mask, _ in it.seen.get(w, ()):
            stored.setdefault(sym, []).append(addr[np.nonzero(mask)[0]].astype(np.int64))
    return {sym: np.unique(np.concatenate(parts)) for sym, parts in stored.items()}


def _unwritten_read(it, written: list[int], read: int,
                    reference: Callable[[], object] | None = None) -> tuple[int, int] | None:
    """A thread that reads, at site `read`, an element of the array no store site in `written`
    wrote (under the analysed launch, with the exiting threads gone): (thread, byte offset), or
    None when every element read was written, or the evaluation could not follow the accesses.
    With `reference` (making the evaluation where those threads stay, asked for only when an
    element is missing), the element must be one written there, when that evaluation kept every
    store: an element no thread writes in either is not the exit's doing."""
    if it is None or read in it.unknown or read not in it.seen or any(w in it.unknown for w in written):
        return None
    stored = _stored(it, written)
    would = None
    for sym, addr, mask, _ in it.seen[read]:
        if sym not in stored:
            return None  # the read is of another array than the stores: nothing to compare
        threads = np.nonzero(mask)[0]
        addrs = addr[threads].astype(np.int64)
        missing = ~np.isin(addrs, stored[sym])
        if missing.any() and reference is not None:
            ref, reference = reference(), None  # made once
            # (a reference that could not keep every store, a long loop's, checks nothing)
            if ref is not None and not any(w in ref.unknown for w in written):
                would = _stored(ref, written)
        if would is not None:
            missing &= np.isin(addrs, would.get(sym, np.empty(0, np.int64)))
        if np.any(missing):
            i = int(np.flatnonzero(missing)[0])
            return int(threads[i]), int(addrs[i])
    return None


def _cond_params(kernel: ir.Kernel | None, cond: ir.Expr) -> set[str]:
    """The kernel's parameters an exit condition reads, directly or through locals computed from
    them (`row = tile * Br + tid / 4; if (row >= seqlen)`: seqlen)."""
    if kernel is None:
        return set()
    return params_read(cond, definitions(kernel), {p.var: p.name for p in kernel.params})


def _bounds_check(kernel: ir.Kernel | None, cond: ir.Expr) -> bool:
    """Whether the exit's condition tests a grid-wide index (it reads blockIdx, directly or through
    locals computed from it: `row = blockIdx.y * BM + ty; if (row >= M) return;`), the bounds check
    of a tile that the problem size may cut; a test of a block-local index is by design."""
    if kernel is None:
        return False
    grid = ("blockIdx",)
    return reads(cond, dependent_locals(definitions(kernel), grid), grid)


def _probe_runs(kresult, cond: ir.Expr) -> list[tuple[bool, dict, dict | None, dict]]:
    """The evaluations that can show what an early exit under `cond` breaks: (the grid's last block?,
    the sizes probed, the reference's sizes or None, the probed sizes the exit tests). Block 0 and
    the last block under the launch's sizes; where the launch does not give them, sizes that end
    inside the first block's tile, when the exit tests a grid-wide index ([] when it does not)."""
    if kresult is None or kresult.config is None:
        return []
    config = kresult.config
    if config.assumed_params and not _bounds_check(kresult.ir, cond):
        return []  # a block-local test (argsort's padding lanes, col >= ncols_pad): no tile to probe
    if config.assumed_params:
        # sizes the launch does not give: an assumed size is no evidence by itself, so probe the
        # case bounds checks exist for, a size that ends inside the first block's tile (one short
        # of the block's widest dimension), and say that the finding holds under that condition
        # only sizes the exit tests count; a size the launching code asserts is a multiple of
        # something (`assert(seqlen % max(Br, Bc) == 0)`) never ends inside a tile: not probed
        tested = _cond_params(kresult.ir, cond)
        runs = []
        # the tile may be the block's widest dimension or a power of two below it (a 256-thread
        # block of 128-row tiles): one size short of each, the first with evidence wins
        widest = max(config.block)
        for edge in sorted({widest - 1, *(t - 1 for t in (128, 64, 32) if t < widest)}, reverse=True):
            probe = {}
            for n in sorted(config.assumed_params):
                m = config.multiples.get(n)
                if not isinstance(config.params.get(n), int) or m == 0:
                    continue  # a multiple of a modulus not evaluated (a tile's, most likely)
                size = edge if m is None else edge // m * m  # the largest multiple of m short of it
                if size > 0:
                    probe[n] = size
            # the other sizes are probed too (a short K loop), but the exit must test one of them
            named = {n: v for n, v in probe.items() if n in tested}
            if not named:
                continue
            # the reference: the same evaluation with the sizes the exit tests left as assumed (no
            # thread of block 0 exits): an element counts as skipped by the exit only if it is written there
            runs.append((False, probe, {n: v for n, v in probe.items() if n not in named}, named))
        if not runs:
            return []
    else:
        runs = [(last, {}, None, {}) for last in (False, True)]
    return runs


def _exit_leaves_shared_unwritten(ctx, kresult, st: ir.If, targets) -> Iterator[Diagnostic]:
    """A warning where an early exit really breaks something: under the analysed launch, a thread
    reads after the barrier an element of a shared array that no thread wrote before it (the
    threads that would have written it exited). Silent without that evidence: an exit whose
    threads write nothing the others read (argsort's padding lanes, a scan whose only writer is
    thread 0) is fine since sm_70."""
    runs = _probe_runs(kresult, st.cond)
    if not runs:
        return
    # (block 0 or the last, the sizes probed, the reference's sizes or None, the probed sizes the exit
    # tests); each evaluated when first asked (concrete_lanes keeps it), in order, until one shows evidence
    sites = common.unit_sites(ctx)
    # the array each site lands in, as the evaluation found it (a cp.async or ldmatrix names its
    # address variable, not the array)
    array = {a.stats.site.id: a.stats.symbol.key for a in kresult.accesses
             if a.stats is not None and a.stats.symbol is not None}
    array_name = {a.stats.site.id: a.stats.symbol.name for a in kresult.accesses
                  if a.stats is not None and a.stats.symbol is not None}
    for sp, what in targets:
        shared = {(a.file, a.line, a.column) for a in kresult.accesses if a.space == "shared"}
        inside = [x for x in sites.values() if (x.span.file, x.span.line, x.span.column) in shared
                  and kresult.line <= x.span.line <= kresult.end_line]
        stores = [x for x in inside if x.op == "st" and _at(x.span) < _at(sp)]
        for w in [x for x in stores if _at(x.span) > _end(st.span)]:
            target = array.get(w.id, w.symbol_hint)
            for r in sorted((x for x in inside if x.op in ("ld", "atomic") and _at(x.span) > _at(sp)
                             and array.get(x.id, x.symbol_hint) == target),
                            key=lambda x: _at(x.span)):
                # every store of the array written before the read counts, those after the barrier too
                # (llm.c's softmax: `sumvals[warpId]` stored after it, under the next barrier, then read)
                same = [x.id for x in inside if x.op == "st" and _at(x.span) < _at(r.span)
                        and array.get(x.id, x.symbol_hint) == target]
                found = next(((f, probe, named) for last, probe, ref, named in runs
                              if (f := _unwritten_read(
                                  concrete_lanes(ctx, kresult, last, probe), same, r.id,
                                  None if ref is None else lambda ref=ref: concrete_lanes(ctx, kresult, False, ref)))
                              is not None), None)
                if found is None:
                    continue
                (thread, offset), probe, named = found
                when = _when_probed(list(named), list(probe.items())) if probe else ""
                yield common.diag(
                    ctx, sp,
                    f"threads that return on line {st.span.line} skip their write of "
                    f"`{array_name.get(w.id, w.symbol_hint)}` (line "
                    f"{w.span.line}) before {what}; after it, thread {thread} "
                    f"{'adds atomically' if r.op == 'atomic' else 'reads'} on line {r.span.line} "
                    f"{'into ' if r.op == 'atomic' else ''}an element "
                    f"(byte {offset}) that no thread wrote{when} (the barrier does not wait for exited threads)",
                    severity=Severity.WARNING,
                    facts={"level": "exit", "cond_line": st.span.line, "write_line": w.span.line,
                           "read_line": r.span.line, "reader_thread": thread},
                    group=_exit_group(kresult, st.span.line))
                return


def _kernel_exits(kernel: ir.Kernel, un) -> list[ir.If]:
    """The kernel's own `if`s outside loops whose lane-varying condition leads to a `return` (the
    threads it lets go exit the kernel)."""
    out: list[ir.If] = []
    returning = ir.holding(kernel.body, lambda x: isinstance(x, ir.Return))
    stack: list[object] = [kernel.body]
    while stack:
        n = stack.pop()
        if isinstance(n, ir.Block):
            stack.extend(n.body)
        elif isinstance(n, ir.If):
            if id(n) in returning and un.of(kernel.key, n.cond).level == LANE:
                out.append(n)
            else:
                stack.extend((n.then, n.other))
    return out


def _exit_before_collective(ctx, kernel: ir.Kernel, kresult, un) -> Iterator[Diagnostic]:
    """A warning where threads that returned early leave their warp short at a warp-collective the
    rest of it then executes (`ldmatrix`, `wmma` loads and `mma_sync`, a full-mask shuffle, vote or
    `__syncwarp()`): these need every lane of the mask, and since Volta a lane that exited is not
    waited for, so the result is undefined (wrong values in the fragments or shuffles, or a hang).
    Reported on evidence only: under the analysed launch (block 0 and the grid's last block, or
    sizes that end inside the first tile where the launch does not give them), some warp has lanes
    that returned and lanes that execute the collective."""
    exits = _kernel_exits(kernel, un)
    if not exits or kresult is None or not has_collective(ctx.result.unit, kernel):
        return  # (re-evaluating the kernel with the recorder is the costly part: only where it can find one)
    runs = [r for st in exits for r in _probe_runs(kresult, st.cond)]
    for last, probe, _, named in dict.fromkeys((r[0], tuple(sorted(r[1].items())), None, tuple(sorted(r[3].items())))
                                               for r in runs):
        it = concrete_lanes(ctx, kresult, last, dict(probe))
        if it is None or not it.collectives:
            continue
        found = _short_warp(it)
        if found is None:
            continue
        what, span, warp, lanes, ret_line = found
        # the other collectives the same exit leaves short: sites of this finding (grouping.py)
        others = list({sp.line: sp for w, sp, *_ in it.collectives
                       if sp is not None and span is not None and sp.line != span.line
                       and sp.file == span.file}.values())[:8]
        when = _when_probed([n for n, _ in named], list(probe)) if probe else ""
        block = "the grid's last block" if last else "block 0"
        gone = f"lane{'s' if len(lanes) > 1 else ''} {_lane_ranges(lanes)} of warp {warp} returned on line {ret_line}"
        head = f"{what} runs after {gone}"
        if len(head) > 100:  # the headline a glance reads
            head = f"a warp-collective on line {span.line} runs after {gone}"
        for sp in [span, *others]:
            yield common.diag(
                ctx, sp,
                f"{head}; it needs every lane of the warp, and without them (in {block}{when}) its result is "
                "undefined since Volta, where an exited lane is not waited for: wrong fragment or shuffle values, or "
                "a hang; keep every lane of the warp alive through the collective and guard only the loads and stores",
                severity=Severity.WARNING,
                facts={"level": "exit", "kind": "warp-collective", "cond_line": ret_line, "warp": warp,
                       "lanes": len(lanes)},
                group=_exit_group(kresult, next((st.span.line for st in exits if st.span is not None
                                                 and st.span.line <= ret_line <= st.span.end_line), ret_line)))
        return


def _exit_group(kresult, line: int) -> tuple:
    """One finding per early exit (grouping.py): the barriers whose shared data it leaves unwritten
    and the warp-collectives it leaves short are sites of one cause."""
    return ("exit", kresult.file, kresult.line, kresult.name, line)


def _collective_ifs(ctx, kernel: ir.Kernel, un) -> list[ir.If]:
    """The kernel's `if`s whose condition varies between lanes and whose sides hold a warp-collective
    that needs the whole warp (in the kernel or a function they call); outermost first."""
    out: list[ir.If] = []
    holding = collective_under(ctx.result.unit, kernel.body, ctx.result.cache.setdefault(("collective functions",), {}))
    for n in ir.walk(kernel.body):
        if isinstance(n, ir.If) and n.span is not None and id(n) in holding \
                and un.of(kernel.key, n.cond).level == LANE:
            out.append(n)
    return out


def _lanes_skip_collective(ctx, kernel: ir.Kernel, kresult, un) -> Iterator[Diagnostic]:
    """A warning where lanes of a warp that are still running skip a warp-collective the rest of the
    warp executes, because a lane-varying `if` around it sends them past it (`if (i < n) v =
    warpSum(v);` on the grid's last, partial tile): a full-mask shuffle, vote or `__syncwarp()`,
    `ldmatrix` or `wmma` waits for lanes that never arrive (a hang) or pairs them with another
    instruction (wrong values). Reported on evidence: under the analysed launch (block 0 and the
    last block, or sizes one short of the tile where the launch does not give them), some warp has
    lanes that execute it and running lanes that do not, and these execute no instruction of the
    same kind elsewhere in the kernel (an `if`/`else` with a shuffle on each side pairs up)."""
    ifs = _collective_ifs(ctx, kernel, un)
    if not ifs or kresult is None:
        return
    runs = [r for st in ifs for r in _probe_runs(kresult, st.cond)] or \
        ([(last, {}, None, {}) for last in (False, True)] if kresult.config is not None
         and not kresult.config.assumed_params else [])
    for last, probe, _, named in dict.fromkeys((r[0], tuple(sorted(r[1].items())), None, tuple(sorted(r[3].items())))
                                               for r in runs):
        it = concrete_lanes(ctx, kresult, last, dict(probe))
        if it is None or not it.executions:
            continue
        for what, span, name, mask, alive, source in it.executions:
            if span is None or span.file != kernel.span.file:
                continue
            elsewhere = np.zeros_like(mask)
            for _, sp2, name2, m2, *_ in it.executions:
                if name2 == name and sp2 is not None and (sp2.line, sp2.column) != (span.line, span.column):
                    elsewhere |= m2
            skipped = alive & ~mask & ~elsewhere
            if source is not None:  # a shuffle: only lanes some executing lane reads from
                skipped &= _read_from(source, mask, len(mask))
            for w in range(0, (len(mask) + 31) // 32):
                lo, hi = 32 * w, min(32 * w + 32, len(mask))
                gone = np.flatnonzero(skipped[lo:hi])
                if not len(gone) or not mask[lo:hi].any():
                    continue
                st = next((x for x in reversed(ifs) if x.span.line <= span.line <= x.span.end_line), ifs[0])
                when = _when_probed([n for n, _ in named], list(probe)) if probe else ""
                block = "the grid's last block" if last else "block 0"
                head = f"{what} is skipped by lane{'s' if len(gone) > 1 else ''} {_lane_ranges([int(x) for x in gone])} " \
                       f"of warp {w} (the `if` on line {st.span.line})"
                if len(head) > 100:
                    head = f"a warp-collective on line {span.line} is skipped by some lanes of warp {w}"
                yield common.diag(
                    ctx, span,
                    f"{head}; the rest of the warp executes it, and it needs every lane of its mask (in {block}{when}): "
                    "the running lanes that skip it leave it waiting (a hang) or paired with another instruction "
                    "(wrong values); execute it in every lane and guard only the loads and stores, or narrow the mask "
                    "to the lanes that take the `if`",
                    severity=Severity.WARNING,
                    facts={"level": "lane", "kind": "warp-collective", "cond_line": st.span.line, "warp": w,
                           "lanes": len(gone)},
                    group=("collective", kernel.key, st.span.line))
                return


def _read_from(source: np.ndarray, mask: np.ndarray, n: int) -> np.ndarray:
    """The threads that some thread of `mask` reads at a shuffle (its source thread; -1: not known)."""
    out = np.zeros(n, dtype=bool)
    src = source[mask & (source >= 0)]
    out[src[src < n]] = True
    return out


def _short_warp(it) -> tuple[str, ir.Span, int, list[int], int] | None:
    """The first collective execution where a warp has lanes that returned and lanes executing it
    that need them: (what, where, the warp, its returned lanes, the line of their return). A shuffle
    needs the lanes it reads from; `ldmatrix`, `wmma` and `mma_sync` every lane; a vote, reduction
    or `__syncwarp()` counts only the lanes that have not exited (an exit there is defined)."""
    for what, span, mask, returned, source, name in it.collectives:
        if span is None or name.startswith(("__ballot", "__any", "__all", "__uni", "__match", "__syncwarp",
                                            "__reduce")):
            continue
        n = len(mask)
        if source is not None:
            returned = returned & _read_from(source, mask, n)
        for w in range(0, (n + 31) // 32):
            lo, hi = 32 * w, min(32 * w + 32, n)
            gone = np.flatnonzero(returned[lo:hi])
            if len(gone) and mask[lo:hi].any():
                first = lo + int(gone[0])
                ret_line = next((line for line, m in it.exits.values() if m[first]), 0)
                return what, span, w, [int(x) for x in gone], ret_line
    return None


def _lane_ranges(lanes: list[int]) -> str:
    """0, 1, 2, 5 -> '0-2, 5'."""
    out, start = [], None
    for i, x in enumerate(lanes):
        if start is None:
            start = x
        if i + 1 == len(lanes) or lanes[i + 1] != x + 1:
            out.append(f"{start}" if start == x else f"{start}-{x}")
            start = None
    return ", ".join(out)


def check(ctx) -> Iterator[Diagnostic]:
    u = common.unit(ctx)
    if u is None:
        return
    syncing = common.syncing(ctx, frozenset(common.BLOCK_BARRIERS))
    for kernel, kresult in common.kernels(ctx):
        un = common.uniformity(ctx, kernel)
        causes: dict[tuple[str, int], tuple] = {}
        for fkey, body, fname in common.bodies(ctx, kernel):
            g = common.cfg(ctx, fkey, body)
            for n, targets in _barrier_nodes(ctx, fkey, body, syncing):
                worst = None
                exits: list[ir.If] = []
                for b in g.control_deps(n):
                    data = g.g.nodes[b]
                    cond = data.get("cond")
                    if cond is None:
                        continue
                    lvl = un.of(fkey, cond)
                    if lvl.level == BLOCK:
                        continue
                    st = data.get("stmt")
                    if fkey == kernel.key and _only_exit_before(st, targets):
                        exits.append(st)  # exited threads: the barrier does not wait for them
                        continue
                    line = st.span.line if st is not None and st.span is not None else 0
                    cand = (lvl.level, -line, st, lvl)
                    if worst is None or cand[:2] > worst[:2]:
                        worst = cand  # the most varying condition, and of those the outermost
                if worst is None:
                    for st in exits[:1]:
                        yield from _exit_leaves_shared_unwritten(ctx, kresult, st, targets)
                    continue
                _, neg_line, st, lvl = worst
                causes.setdefault((fkey, -neg_line), (st, lvl, fname, []))[3].extend(targets)
        for (fkey, line), (st, lvl, fname, targets) in causes.items():
            yield _divergence(ctx, kernel, fkey, fname, line, st, lvl, targets)
        yield from _exit_before_collective(ctx, kernel, kresult, un)
        yield from _lanes_skip_collective(ctx, kernel, kresult, un)


def _barrier_nodes(ctx, fkey: str, body: ir.Stmt, syncing: set[str]) -> list[tuple[int, list[tuple[ir.Span, str]]]]:
    """The nodes of a function's CFG that wait at a block barrier, themselves or in a function they
    call, with what waits there (where, and in words); found once per function and file, for every
    kernel that reaches it."""
    key = ("sync001 barrier nodes", fkey)
    cache = ctx.result.cache
    if key in cache:
        return cache[key]
    g = common.cfg(ctx, fkey, body)
    calls, _ = common.node_facts(ctx, fkey, body)
    out = []
    for n in g.nodes():
        kind = g.kind(n)
        targets: list[tuple[ir.Span, str]] = []
        if kind == "barrier" and g.g.nodes[n]["name"] in common.BLOCK_BARRIERS:
            s = g.stmt(n)
            if s is not None and s.span is not None:
                targets.append((s.span, f"`{_written(ctx, s.span) or g.g.nodes[n]['name'] + '()'}`"))
        elif kind in ("stmt", "branch"):
            for c in calls[n]:
                sp = c.span or (g.stmt(n).span if g.stmt(n) else None)
                if sp is None:
                    continue
                if c.name in common.BLOCK_BARRIERS:
                    targets.append((sp, f"`{c.name}()`"))
                elif c.function in syncing:
                    targets.append((sp, f"the call of `{c.name}` (which synchronizes the block)"))
        if targets:
            out.append((n, targets))
    cache[key] = out
    return out


def _divergence(ctx, kernel: ir.Kernel, fkey: str, fname: str, line: int, st: ir.Stmt | None, lvl,
                targets: list[tuple[ir.Span, str]]) -> Diagnostic:
    """One finding per diverging condition, at its first barrier, naming the others it also guards."""
    targets = sorted(set(targets), key=lambda t: (t[0].line, t[0].column))
    sp, what = targets[0]
    text = common.line_text(ctx, line, st.span.file if st is not None and st.span is not None else sp.file).strip()
    if len(text) > 60:
        text = text[:57] + "..."
    where = "loop" if isinstance(st, ir.Loop) else "`if`"
    after = isinstance(st, ir.If) and st.span is not None and _at(sp) > _end(st.span) and _exits(st.then)
    how = f"after the early exit under the {where} on line {line}" if after else f"under the {where} on line {line}"
    others = sorted({t[0].line for t in targets[1:]} - {sp.line})
    claim = f"{what} is reached {how}, whose condition is {lvl.name}-dependent"
    if len(claim) > 100:  # the headline a glance reads: the condition's kind goes to the next line
        claim = f"{what} is reached {how}; its condition is {lvl.name}-dependent"
    msg = (f"{claim}; `{text}` depends on "
           f"{lvl.why or 'the thread'}: threads that take the other path never arrive at this barrier "
           "(undefined behaviour: hang or corrupted shared data)")
    if others:
        msg += f"; the same holds for the barrier{'s' if len(others) > 1 else ''} on line" \
               f"{'s' if len(others) > 1 else ''} {', '.join(map(str, others))}"
    if fkey != kernel.key:
        msg += f" [in `{fname}`, called from kernel `{kernel.name}`]"
    return common.diag(ctx, sp, msg, facts={"level": lvl.name, "cond_line": line, "other_lines": others})


def _when_probed(names: list[str], values: list[tuple[str, int]]) -> str:
    """The condition a finding found by probing sizes the launch does not give holds under."""
    verb = "is not a multiple" if len(names) == 1 else "are not multiples"
    return (f" when {', '.join(f'`{n}`' for n in names)} {verb} of the tile (the launch does not give "
            f"{'it' if len(names) == 1 else 'them'}; evaluated with " + ", ".join(f"{n} = {v}" for n, v in values) + ")")
