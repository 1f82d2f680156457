"""Warp-synchronous code through a `volatile` pointer, without `__syncwarp()` (SYNC002, implicit-warp-sync).

## What it finds
Memory written through a `volatile` pointer (or a `volatile` array) and then
read by another lane at a different element, with neither `__syncwarp()` nor
`__syncthreads()` between: the unrolled last-warp tail of a reduction,

    if (tid < 32) { volatile int *v = smem; v[tid] += v[tid + 32]; v[tid] += v[tid + 16]; ... }

The write-to-read question is asked on the control-flow graph (is there a path
from the store to the load through no barrier), the same analysis as SYNC004.

## Why it is wrong
The pattern assumes that the 32 lanes of a warp execute each statement
together, so lane 0 reads `v[16]` only after lane 16 has written it. That was
true of pre-Volta GPUs; since Volta (sm_70) lanes are scheduled
independently and may be at different statements. `volatile` only stops the
compiler from keeping the values in registers: it does not make the lanes
wait for each other, so the sum can silently miss partial results. An article
on shared and constant memory unrolls exactly this tail in its
global- and shared-memory reductions (reduceGmem, 129.76 us; reduceSmem,
77.15 us; the 4x unrolled reduceSmemUnroll, 41.06 us, measured with ncu on an
sm_120 GPU): the speed is real, the lockstep assumption is not.

## Example
```cuda
__global__ void blockSum(int *out, const int *in)
{
    __shared__ int smem[64];
    unsigned int tid = threadIdx.x;
    smem[tid] = in[blockIdx.x * 64 + tid];
    __syncthreads();
    if (tid < 32) {
        volatile int *v = smem;
        v[tid] += v[tid + 32];
        v[tid] += v[tid + 16];   // lane tid+16 may not have added its part yet
        v[tid] += v[tid + 8];
    }
    if (tid == 0) out[blockIdx.x] = smem[0];
}
```

## Use instead
```cuda
__global__ void blockSum(int *out, const int *in)
{
    __shared__ int smem[64];
    unsigned int tid = threadIdx.x;
    smem[tid] = in[blockIdx.x * 64 + tid];
    __syncthreads();
    if (tid < 32) {
        int sum = smem[tid] + smem[tid + 32];
        sum += __shfl_down_sync(0xffffffff, sum, 16);   // registers, no shared round trip
        sum += __shfl_down_sync(0xffffffff, sum, 8);
        if (tid == 0) out[blockIdx.x] = sum;
    }
}
```
or keep the shared-memory tail and separate every read from the following
write with `__syncwarp()` (read into a register, `__syncwarp()`, write,
`__syncwarp()`).

## How to silence
`// smemlint: ignore[SYNC002]` on the line, or `ignore = ["SYNC002"]` in
`[tool.smemlint]`.

## Limitations
Only read-after-write pairs are checked; the write-after-read race inside one
statement (`v[tid] += v[tid + 16]` with only `__syncwarp()` between
statements) is not reported.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Rule, Severity
from . import _common as common
from .sync004_shared_race import races

RULE = Rule(code="SYNC002", name="implicit-warp-sync", severity=Severity.WARNING,
            summary="warp-synchronous code through a volatile pointer without __syncwarp() (unsafe since Volta)")


def check(ctx) -> Iterator[Diagnostic]:
    for kernel, _ in common.kernels(ctx):
        # one finding per volatile array (the unrolled tail of one reduction is one cause), at its
        # first racing read, naming the other reads
        chains: dict[tuple[str, str], list] = {}
        for race in races(ctx, kernel):
            if race.volatile:
                chains.setdefault((race.read_span.file, race.symbol), []).append(race)
        for chain in chains.values():
            chain.sort(key=lambda r: (r.read_span.line, r.read_span.column))
            race = chain[0]
            others = sorted({r.read_span.line for r in chain[1:]} - {race.read_span.line})
            msg = (f"volatile `{race.symbol}` read with no `__syncwarp()` since its write on line "
                   f"{race.write_span.line}; thread {race.reader} reads what thread {race.writer} wrote, and lanes "
                   "are not in lockstep since Volta (use `__shfl_down_sync` or `__syncwarp()`)")
            if others:
                msg += f"; the same on line{'s' if len(others) > 1 else ''} {', '.join(map(str, others))}"
            yield common.diag(ctx, race.read_span, msg,
                              facts={"symbol": race.symbol, "write_line": race.write_span.line,
                                     "reader_thread": race.reader, "writer_thread": race.writer,
                                     "other_lines": others})
