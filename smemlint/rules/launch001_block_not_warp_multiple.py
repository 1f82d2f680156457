"""Launch whose block is not a whole number of warps, or whose grid cannot fill the GPU (LAUNCH001, block-not-warp-multiple).

## What it finds
A kernel launch `k<<<grid, block>>>` in the file whose operands smemlint can
evaluate, where
- the block's thread count `x * y * z` is not a multiple of 32 (`kind=block`), or
- the kernel spreads its work over whatever grid it gets (a grid-stride loop,
  stepping by `gridDim`), the grid has fewer blocks than the target GPU has
  SMs (`kind=grid`: 132 for sm_90 (H100 SXM5), 108 for sm_80 (A100), 80 for
  sm_70 (V100); not checked for other architectures), and the loop has at
  least 16 elements per thread of the grid, or a bound the launch does not give. A
  grid that covers the loop in one pass (jacobi's final reduction of 512 rows
  with 3 blocks of 256) leaves nothing for more blocks to do, and a kernel
  without a grid-stride loop does an amount of work fixed by its grid: neither
  is a finding.

## Why it is slow
The hardware schedules whole warps: a block of 48 threads occupies two warps,
the second one with 16 idle lanes, so a quarter of the issue slots and
register file it holds do nothing, and every shared/global request of that
warp moves half the data it could. It also breaks the assumption, used by
warp-level code, that `threadIdx.x / 32` names a full warp. A grid with fewer
blocks than SMs leaves whole SMs idle for the entire kernel: one block on an
H100 uses 1/132 of the chip while a grid-stride loop makes its threads do all
the work.

## Example
```cuda
__global__ void fill(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 1.0f;
}
int main()
{
    float *d = 0;
    int n = 1 << 20;
    fill<<<(n + 47) / 48, 48>>>(d, n);   // 48 threads: the second warp of every block is half empty
    return 0;
}
```

## Use instead
```cuda
__global__ void fill(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 1.0f;
}
int main()
{
    float *d = 0;
    int n = 1 << 20;
    fill<<<(n + 63) / 64, 64>>>(d, n);   // two full warps per block
    return 0;
}
```
A number of threads is proposed only where the kernel's indexing allows it:
when its indexing is the block alone (it never reads `blockIdx`) and its
stores have no bounds check (no lane-varying test, early exit or grid-stride
loop before them), more threads would write past what the launch writes, so
the finding says the indexing must change with the block; one such block
alone (a 4x4 demo of 16 threads) is taken as deliberate.

## How to silence
`// smemlint: ignore[LAUNCH001]` on the launch line, or `ignore = ["LAUNCH001"]`
in `[tool.smemlint]`. A grid of one block is taken as deliberate (a
reduction's final pass over its partial sums, a test) and left alone.

A one-thread block, a block under 32 threads of a kernel that never reads
`threadIdx` (its threads could not split the work anyway: a serial kernel on
purpose) or that touches no global or shared memory (a printf demo), and any
launch of a kernel that reads the clock (`clock64()`: a latency test, whose
launch shape is the experiment) are left alone.

## Limitations
Only launches whose grid and block the host code gives as values smemlint
can follow (host/values.py) are checked; the SM count is the data-center part of each architecture.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from .. import ir
from ..diagnostics import Diagnostic, Rule, Severity
from ..symbolic.cfg import walk_exprs
from ..symbolic.uniformity import LANE
from . import _common as common

RULE = Rule(code="LAUNCH001", name="block-not-warp-multiple", severity=Severity.WARNING,
            summary="launch whose block is not a multiple of 32 threads, or whose grid cannot fill the GPU")

# SMs of the data-center GPU of each architecture (NVIDIA product specifications: V100 SXM2 80,
# A100 SXM4 108, H100 SXM5 132).
SM_COUNT = {"sm_70": 80, "sm_80": 108, "sm_90": 132}
# elements per thread of a grid-stride loop below which a small grid is not worth a finding: a
# final pass over a few partial sums (llm.c's copy_to_dweight_dbias: 1600 elements, 512 threads)
# ends before more blocks would have started
WORK_PER_THREAD = 16


_CLOCK = re.compile(r"\bclock(64)?\s*\(|%clock|globaltimer")


def _reads_clock(ctx, kernel: ir.Kernel) -> bool:
    """A timing kernel (`clock()`, `clock64()`, `%clock` in inline asm): its launch shape is the
    experiment (a latency test runs few threads on purpose). Read from the kernel's source, since
    the clock is often read in asm the IR keeps opaque."""
    sp = kernel.span
    lines = common.source_of(ctx, sp.file).splitlines()[sp.line - 1:sp.end_line]
    return _CLOCK.search("\n".join(lines)) is not None


def _value(e: ir.Expr | None, params: dict[str, int]) -> int | None:
    """An integer the launch gives: literals, and kernel parameters whose value the host code sets."""
    if isinstance(e, ir.Const):
        return e.value
    if isinstance(e, ir.Cast):
        return _value(e.operand, params)
    if isinstance(e, ir.VarRef):
        return params.get(e.var)
    if isinstance(e, ir.BinOp) and e.op in ("+", "-", "*", "/"):
        a, b = _value(e.lhs, params), _value(e.rhs, params)
        if a is None or b is None or (e.op == "/" and b == 0):
            return None
        return {"+": a + b, "-": a - b, "*": a * b, "/": a // b if b else 0}[e.op]
    return None


def _work_beyond_grid(kernel: ir.Kernel, launch: ir.LaunchSite, threads: int) -> tuple[bool, int | None]:
    """The grid-stride loop of the kernel has at least WORK_PER_THREAD elements per thread of the
    launched grid, or a bound the launch does not give (more blocks would then have work to do);
    False when the launched grid covers every such loop in a few passes (jacobi's `finalError` over
    512 rows with 3 blocks of 256: more blocks would have nothing to do)."""
    loops = [n for n in ir.walk(kernel.body) if isinstance(n, ir.Loop) and n.step is not None
             and any(isinstance(x, ir.Builtin) and x.name.startswith("gridDim") for x in ir.walk(n.step))]
    if not loops:
        return False, None
    params = {p.var: v for p, v in zip(kernel.params, launch.args) if v is not None}
    for loop in loops:
        c = loop.cond
        bound = c.rhs if isinstance(c, ir.BinOp) and c.op in ("<", "<=") else None
        n = _value(bound, params)
        if n is None or n >= WORK_PER_THREAD * threads:
            return True, n
    return False, None


def _per_thread_data(ctx, kernel: ir.Kernel, results) -> bool:
    """Does some global or shared access of the kernel have an address that differs between threads
    (or one the uniformity analysis cannot place)?"""
    un = common.uniformity(ctx, kernel)
    for r in results:
        for a in r.accesses:
            if a.space not in ("global", "shared"):
                continue
            u = un.site(a.stats.site.id) if a.stats is not None else None
            if u is None or u.level >= LANE:
                return True
    return False


def _exits(s: ir.Stmt | None) -> bool:
    """The statement ends the thread on some path (`return` inside it)."""
    return s is not None and any(isinstance(n, ir.Return) for n in ir.walk(s))


def _tiles(extent: tuple[int, ...], threads: int) -> bool:
    """Is there a block of `threads` threads whose every dimension divides the launch's extent (grid
    times block, per dimension)? An unguarded kernel launched over 8x6 elements has no 32-thread
    block that covers them without threads past the data."""
    divisors = [d for d in range(1, threads + 1) if threads % d == 0]
    return any(extent[0] % x == 0 and extent[1] % y == 0 and extent[2] % (threads // (x * y)) == 0
               for x in divisors for y in divisors if (threads // x) % y == 0)


def _unguarded_stores(ctx, kernel: ir.Kernel, spread: bool = False, ops: tuple[str, ...] = ("st", "atomic")) -> bool:
    """Does the kernel store to global or shared memory at a per-thread address with no lane-varying test
    before it (no `if (i < n)`, no early exit, no loop whose trips differ per thread)? Then its
    indexing covers exactly the threads it is launched with: a block of more threads writes past
    what the launch writes (SGEMM_CUDA's 16-thread demo would write rows 4..7 of 4-row arrays), and
    fewer leaves elements unwritten. A kernel that reads `blockIdx` spreads its work over the
    grid (`i = blockIdx.x * blockDim.x + threadIdx.x`): a wider block with a grid recomputed from
    it covers the same elements, so only a kernel whose indexing is the block alone counts.
    Decided from the uniformity proof of the conditions. With `spread`, a kernel that reads
    `blockIdx` is asked too, and `ops` says which accesses count (loads as well: a read past the
    data is as wrong)."""
    if not spread and any(x.startswith("blockIdx") for x in kernel.uses):
        return False
    un = common.uniformity(ctx, kernel)
    spaces = common.access_results(ctx)

    def varies(cond: ir.Expr | None) -> bool:
        return cond is not None and un.of(kernel.key, cond).level >= LANE

    def unguarded(s: ir.Stmt | None) -> bool:
        if s is None:
            return False
        if isinstance(s, ir.Block):
            for c in s.body:
                if unguarded(c):
                    return True
                if isinstance(c, ir.If) and varies(c.cond) and (_exits(c.then) or _exits(c.other)):
                    return False  # `if (i >= n) return;`: what follows is guarded
            return False
        if isinstance(s, ir.If):
            return not varies(s.cond) and (unguarded(s.then) or unguarded(s.other))
        if isinstance(s, ir.Loop):
            grid_stride = s.step is not None and any(isinstance(x, ir.Builtin) and x.name.startswith("gridDim")
                                                     for x in ir.walk(s.step))
            return not grid_stride and not varies(s.cond) and unguarded(s.body)
        for e in walk_exprs([getattr(s, f, None) for f in ("init", "expr", "value")]):
            if isinstance(e, ir.Access) and e.op in ops:
                u = un.site(e.site)
                result = spaces.get((kernel.key, e.site))
                if u is not None and u.level >= LANE and (result is None or result.space in ("global", "shared")):
                    return True
        return False

    return unguarded(kernel.body)


def check(ctx) -> Iterator[Diagnostic]:
    u = common.unit(ctx)
    if u is None:
        return
    kernels = {k.key: k for k in u.kernels}
    results = {}
    for k, r in common.kernels(ctx):
        if r is not None:
            results.setdefault(k.key, []).append(r)
    # kernels whose threads do not tell themselves apart: a block of them is serial by design
    serial = {k.key for k in u.kernels if not any(x.startswith("threadIdx") for x in k.uses)}
    # kernels whose threads move no data of their own (no global or shared access whose address
    # differs between threads: a printf or dynamic-parallelism demo): their block shape costs nothing
    idle = {key for key, rs in results.items() if not _per_thread_data(ctx, kernels[key], rs)}
    timing = {k.key for k in u.kernels if _reads_clock(ctx, k)}
    sms = SM_COUNT.get(ctx.settings.arch)
    for launch in u.launches:
        kernel = kernels.get(launch.kernel)
        if launch.kernel in timing:
            continue
        kname = f"`{kernel.name}`" if kernel is not None else "the launched kernel"
        if launch.block is not None:
            threads = launch.block[0] * launch.block[1] * launch.block[2]
            if threads == 1 or (threads < 32 and (launch.kernel in serial or launch.kernel in idle)):
                continue  # one thread, a serial kernel or one without memory work, on purpose: demos
            if launch.swept:
                continue  # the first of a list of shapes a loop tries (llm.c's block_sizes[]): on purpose
            if threads > 0 and threads % 32:
                exact = kernel is not None and _unguarded_stores(ctx, kernel)
                grid_blocks = launch.grid[0] * launch.grid[1] * launch.grid[2] if launch.grid else None
                if exact and grid_blocks == 1:
                    continue  # one block whose indexing is sized to it: a demo of that shape, on purpose
                warps = -(-threads // 32)
                lanes = warps * 32 - threads
                down = threads - threads % 32
                if not exact and kernel is not None and launch.grid is not None and \
                        not any(_tiles(tuple(g * b for g, b in zip(launch.grid, launch.block)), t)
                                for t in (warps * 32, down) if t) and \
                        _unguarded_stores(ctx, kernel, spread=True, ops=("ld", "st", "atomic")):
                    # no bounds check, and no whole-warp block tiles the elements this launch covers
                    # (CUDA_Freshman's 4x2 blocks over an 8x6 matrix): the block is sized to the data
                    continue
                use = f"{warps * 32}" + (f" (or {down})" if down else "")
                shape = ",".join(str(v) for v in launch.block)
                written = f" `{launch.block_text}`" if launch.block_text and launch.block_text != str(threads) else ""
                advice = ("its stores have no bounds check, so its indexing must change with the block "
                          "(more threads would write past what this launch writes)" if exact
                          else f"use {use} threads")
                msg = (f"block ({shape}){written} of {threads} threads for {kname} is not a multiple of 32; its "
                       f"last warp runs with {lanes} of 32 lanes idle; {advice}")
                yield common.diag(ctx, launch.span, msg, facts={"kind": "block", "threads": threads})
                continue
        if launch.grid is None or launch.block is None or sms is None or kernel is None:
            continue
        blocks = launch.grid[0] * launch.grid[1] * launch.grid[2]
        if not 1 < blocks < sms:
            continue  # one block on purpose: a reduction's final pass over the partial sums, a test
        threads = blocks * launch.block[0] * launch.block[1] * launch.block[2]
        beyond, elements = _work_beyond_grid(kernel, launch, threads)
        if beyond:
            work = (f"its grid-stride loop has {elements} elements for {threads} threads" if elements is not None
                    else "the launch does not bound its grid-stride loop, so more blocks would have work")
            msg = (f"grid of {blocks} block{'s' if blocks != 1 else ''} for {kname} leaves {sms - blocks} of the "
                   f"{sms} SMs of a {ctx.settings.arch} GPU idle; {work}")
            yield common.diag(ctx, launch.span, msg, facts={"kind": "grid", "blocks": blocks})
