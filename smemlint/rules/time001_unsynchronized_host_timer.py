"""CPU timer read around a kernel launch without synchronizing first (TIME001, unsynchronized-host-timer).

## What it finds
In host code, a CPU clock read (`std::chrono::*_clock::now()`, `clock()`,
`gettimeofday`, `clock_gettime`, `omp_get_wtime`, `MPI_Wtime`, or a function
of the file that reads one of them), then a kernel launch `<<<...>>>`, then a
second clock read, with no `cudaDeviceSynchronize()`,
`cudaStreamSynchronize()`, `cudaEventSynchronize()` (or a blocking call that
implies one: `cudaMemcpy`, `cudaFree`, or a function of the file or its
headers calling one)
between the launch and the second read.

## Why it is wrong
Kernel launches are asynchronous: they return to the CPU as soon as the work
is queued. Without a synchronization before the second read, the CPU timer
measures the launch overhead (microseconds), not the kernel. The CUDA C Best
Practices Guide chapter on measuring performance says exactly this:
all kernel launches and `Async` copies are asynchronous, so call
`cudaDeviceSynchronize()` before starting and before stopping a CPU timer.

## Example
```cuda
#include <chrono>
__global__ void work(float *x) { x[threadIdx.x] *= 2.0f; }
double timeIt(float *x)
{
    auto t0 = std::chrono::steady_clock::now();
    work<<<1024, 256>>>(x);
    auto t1 = std::chrono::steady_clock::now();   // measures the launch, not the kernel
    return std::chrono::duration<double>(t1 - t0).count();
}
```

## Use instead
```cuda
#include <chrono>
__global__ void work(float *x) { x[threadIdx.x] *= 2.0f; }
double timeIt(float *x)
{
    cudaDeviceSynchronize();
    auto t0 = std::chrono::steady_clock::now();
    work<<<1024, 256>>>(x);
    cudaDeviceSynchronize();                       // wait for the kernel
    auto t1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double>(t1 - t0).count();
}
```
or time on the GPU with events (see TIME002). The fix smemlint offers inserts
`cudaDeviceSynchronize();` on its own line before the second read.

## How to silence
`// smemlint: ignore[TIME001]` on the second read, or `ignore = ["TIME001"]` in
`[tool.smemlint]`.

Two reads bound a timed interval only when the first read's block is still
open at the second: a benchmark whose `{ ... }` steps each time their own
call (an upload, an API call that is the measured thing) is not reported for
a launch made before a step's first read.

## Limitations
Calls are taken in source order within one function; branches and loops are
not followed, and synchronization in a function of another file is not seen.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from .. import ir
from ..diagnostics import Diagnostic, Edit, Fix, Rule, Severity
from . import _common as common

RULE = Rule(code="TIME001", name="unsynchronized-host-timer", severity=Severity.WARNING,
            summary="CPU timer read around a kernel launch with no synchronization before the second read")

TIMERS = {"clock", "gettimeofday", "clock_gettime", "omp_get_wtime", "MPI_Wtime", "QueryPerformanceCounter",
          "timespec_get"}
SYNCS = {"cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize", "cudaThreadSynchronize",
         "cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy3D", "cudaMemcpyFromSymbol", "cudaMemcpyToSymbol", "cudaFree",
         "cudaStreamQuery_sync"}


def is_timer(call: ir.CallFact) -> bool:
    if call.name in TIMERS:
        return True
    return call.name == "now" and "chrono" in call.qualified


def closure(u: ir.TranslationUnit, direct) -> set[str]:
    """Keys of host functions of the file that (transitively) make a call satisfying `direct`."""
    calls_by_fn: dict[str, list[ir.CallFact]] = {}
    for c in u.calls:
        calls_by_fn.setdefault(c.function_key, []).append(c)
    found = {fk for fk, cs in calls_by_fn.items() if any(direct(c) for c in cs)}
    changed = True
    while changed:
        changed = False
        for fk, cs in calls_by_fn.items():
            if fk not in found and any(c.callee_key in found for c in cs):
                found.add(fk)
                changed = True
    return found


def host_sequences(u: ir.TranslationUnit) -> dict[str, list[ir.CallFact]]:
    out: dict[str, list[ir.CallFact]] = {}
    for c in u.calls:
        if c.context == "host":
            out.setdefault(c.function_key, []).append(c)
    return out


def syncs(u: ir.TranslationUnit):
    keys = closure(u, lambda c: c.name in SYNCS)
    return lambda c: c.name in SYNCS or (not c.launch and (c.callee_key in keys or not SYNCS.isdisjoint(c.callee_calls)))


def _scope_closed(lines: list[str], first: ir.Span, second: ir.Span) -> bool:
    """Does the block holding the `first` clock read close before the `second` one? Then the two do
    not bound one timed interval (each `{ ... }` of a benchmark times its own step: the first
    read's value is out of scope at the second). Braces are counted in the text between them,
    outside comments and string literals."""
    depth = 0
    for ln in range(first.end_line, second.line + 1):
        if not 0 < ln <= len(lines):
            return False
        text = lines[ln - 1]
        lo = first.end_column - 1 if ln == first.end_line else 0
        hi = second.column - 1 if ln == second.line else len(text)
        text = re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'', "", text[lo:hi].split("//")[0])
        for ch in text:
            depth += ch == "{"
            depth -= ch == "}"
            if depth < 0:
                return True
    return False


def check(ctx) -> Iterator[Diagnostic]:
    u = common.unit(ctx)
    if u is None:
        return
    lines = ctx.result.source.splitlines()
    timer_fns = closure(u, is_timer)
    is_sync = syncs(u)

    def timer(c: ir.CallFact) -> bool:
        return is_timer(c) or (c.callee_key in timer_fns and not c.launch)

    for seq in host_sequences(u).values():
        last_read = None
        pending_launch = None  # a launch after the last read, not yet synchronized
        for c in seq:
            if timer(c):
                if last_read is not None and pending_launch is not None \
                        and c.span.file == last_read.span.file and not _scope_closed(lines, last_read.span, c.span):
                    indent = common.line_text(ctx, c.span.line)
                    indent = indent[:len(indent) - len(indent.lstrip())]
                    fix = Fix("synchronize before reading the clock: insert `cudaDeviceSynchronize();`",
                              (Edit(c.span.line, 1, c.span.line, 1, f"{indent}cudaDeviceSynchronize();\n"),))
                    msg = (f"the clock read here times the launch of `{pending_launch.name}` (line "
                           f"{pending_launch.span.line}) without waiting for it; kernel launches are asynchronous, "
                           "so this measures the launch overhead, not the kernel; call `cudaDeviceSynchronize()` "
                           "(or synchronize the stream/event) before reading the clock")
                    yield common.diag(ctx, c.span, msg, facts={"launch_line": pending_launch.span.line}, fix=fix)
                last_read = c
                pending_launch = None
            elif c.launch:
                if last_read is not None and pending_launch is None:
                    pending_launch = c
            elif is_sync(c):
                pending_launch = None
