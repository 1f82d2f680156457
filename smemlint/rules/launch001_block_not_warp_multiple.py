"""Launch whose block is not a whole number of warps, or whose grid cannot fill the GPU (LAUNCH001, block-not-warp-multiple).

## What it finds
A kernel launch `k<<<grid, block>>>` in the file whose operands smemlint can
evaluate, where
- the block's thread count `x * y * z` is not a multiple of 32 (`kind=block`), or
- the kernel spreads its work over whatever grid it gets (it reads `gridDim`,
  as a grid-stride loop does) and the grid has fewer blocks than the target
  GPU has SMs (`kind=grid`): 132 for sm_90 (H100 SXM5), 108 for sm_80 (A100),
  80 for sm_70 (V100); not checked for other architectures. A kernel that does
  not read `gridDim` does an amount of work fixed by its grid (a one-block
  test launch is one block of work), so its grid size is not a finding.

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
__global__ void fill(float *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }
int main()
{
    float *d = 0;
    fill<<<1024, 48>>>(d);   // 48 threads: the second warp of every block is half empty
    return 0;
}
```

## Use instead
```cuda
__global__ void fill(float *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }
int main()
{
    float *d = 0;
    fill<<<1024, 64>>>(d);   // two full warps per block
    return 0;
}
```

## How to silence
`// smemlint: ignore[LAUNCH001]` on the launch line, or `ignore = ["LAUNCH001"]`
in `[tool.smemlint]`. Test and tutorial launches of a single block are a
reason to ignore the grid half of this rule.

A one-thread block, and a block under 32 threads of a kernel that never reads
`threadIdx` (its threads could not split the work anyway: a serial kernel on
purpose, a latency test), are left alone.

## Limitations
Only launches whose grid and block the host code gives as values smemlint
can follow (frontend/hostvalues.py) are checked; the SM count is the data-center part of each architecture.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Rule, Severity
from . import _common as common

RULE = Rule(code="LAUNCH001", name="block-not-warp-multiple", severity=Severity.WARNING,
            summary="launch whose block is not a multiple of 32 threads, or whose grid cannot fill the GPU")

# SMs of the data-center GPU of each architecture (NVIDIA product specifications: V100 SXM2 80,
# A100 SXM4 108, H100 SXM5 132).
SM_COUNT = {"sm_70": 80, "sm_80": 108, "sm_90": 132}


def check(ctx) -> Iterator[Diagnostic]:
    u = common.unit(ctx)
    if u is None:
        return
    names = {k.key: k.name for k in u.kernels}
    grid_stride = {k.key for k in u.kernels if any(x.startswith("gridDim") for x in k.uses)}
    # kernels whose threads do not tell themselves apart: a block of them is serial by design
    serial = {k.key for k in u.kernels if not any(x.startswith("threadIdx") for x in k.uses)}
    sms = SM_COUNT.get(ctx.settings.arch)
    for launch in u.launches:
        kname = f"`{names[launch.kernel]}`" if launch.kernel in names else "the launched kernel"
        if launch.block is not None:
            threads = launch.block[0] * launch.block[1] * launch.block[2]
            if threads == 1 or (threads < 32 and launch.kernel in serial):
                continue  # one thread (or a kernel that never reads threadIdx) on purpose: demos, latency tests
            if threads > 0 and threads % 32:
                warps = -(-threads // 32)
                idle = warps * 32 - threads
                down = threads - threads % 32
                use = f"{warps * 32}" + (f" (or {down})" if down else "")
                shape = ",".join(str(v) for v in launch.block)
                written = f" `{launch.block_text}`" if launch.block_text and launch.block_text != str(threads) else ""
                msg = (f"block ({shape}){written} of {threads} threads for {kname} is not a multiple of 32: its "
                       f"last warp runs with {idle} of 32 lanes idle; use {use} threads")
                yield common.diag(ctx, launch.span, msg, facts={"kind": "block", "threads": threads})
                continue
        if launch.grid is not None and sms is not None and launch.kernel in grid_stride:
            blocks = launch.grid[0] * launch.grid[1] * launch.grid[2]
            if 0 < blocks < sms:
                msg = (f"grid of {blocks} block{'s' if blocks != 1 else ''} for {kname}, which spreads its work "
                       f"over the grid (it reads gridDim), cannot fill a {ctx.settings.arch} GPU ({sms} SMs): "
                       f"{sms - blocks} SMs stay idle for the whole kernel")
                yield common.diag(ctx, launch.span, msg, facts={"kind": "grid", "blocks": blocks})
