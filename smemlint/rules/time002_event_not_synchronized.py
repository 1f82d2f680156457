"""`cudaEventElapsedTime` before the stop event is known to have completed (TIME002, event-not-synchronized).

## What it finds
In host code, `cudaEventElapsedTime(&ms, start, stop)` where, since the last
`cudaEventRecord(stop, ...)` of that function, nothing waited for `stop`: no
`cudaEventSynchronize(stop)`, `cudaDeviceSynchronize()` or
`cudaStreamSynchronize()`.

A blocking call in between waits too: `cudaDeviceSynchronize()`,
`cudaStreamSynchronize()`, a `cudaMemcpy` (the copy starts after the
stream's earlier work and returns when done), `cudaFree`, or a host function
of the file or its headers that makes one (`C.copyToHost()`).

## Why it is wrong
`cudaEventRecord` only enqueues the time stamp; the GPU writes it when the
stream reaches it. Reading the elapsed time before that returns
`cudaErrorNotReady` and leaves `ms` unchanged (often 0 or the previous
value), so the "measurement" is garbage while the code looks right. The CUDA
C Best Practices Guide's event-timing recipe records `stop`,
calls `cudaEventSynchronize(stop)`, and only then `cudaEventElapsedTime`
(whose result is in milliseconds, measured on the GPU clock, independent of
the operating system).

## Example
```cuda
__global__ void work(float *x) { x[threadIdx.x] *= 2.0f; }
float timeIt(float *x)
{
    cudaEvent_t start, stop;
    float ms = 0.0f;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, 0);
    work<<<1024, 256>>>(x);
    cudaEventRecord(stop, 0);
    cudaEventElapsedTime(&ms, start, stop);   // stop may not have happened yet
    return ms;
}
```

## Use instead
```cuda
__global__ void work(float *x) { x[threadIdx.x] *= 2.0f; }
float timeIt(float *x)
{
    cudaEvent_t start, stop;
    float ms = 0.0f;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, 0);
    work<<<1024, 256>>>(x);
    cudaEventRecord(stop, 0);
    cudaEventSynchronize(stop);               // wait until the GPU has passed `stop`
    cudaEventElapsedTime(&ms, start, stop);
    return ms;
}
```
The fix smemlint offers inserts `cudaEventSynchronize(stop);` before the call.

## How to silence
`// smemlint: ignore[TIME002]` on the line, or `ignore = ["TIME002"]` in
`[tool.smemlint]`.

## Limitations
Calls are taken in source order within one function; a record in another
function is not seen (then the rule stays silent). A `cudaMemcpy` is taken to
wait for the event even when the event was recorded on a non-blocking stream.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from ..diagnostics import Diagnostic, Edit, Fix, Rule, Severity
from . import _common as common
from .time001_unsynchronized_host_timer import SYNCS, closure, host_sequences

RULE = Rule(code="TIME002", name="event-not-synchronized", severity=Severity.WARNING,
            summary="cudaEventElapsedTime without cudaEventSynchronize on the stop event")

# calls that wait for the work enqueued before them, every recorded event included: the
# synchronizations, and the blocking copies and frees that TIME001 counts as one (a `cudaMemcpy` on
# the default stream returns after the stream's earlier work)
_WAIT_ALL = (SYNCS - {"cudaEventSynchronize"}) | {"cudaThreadSynchronize"}


def _event(text: str) -> str:
    return re.sub(r"\s+", "", text).lstrip("&")


def check(ctx) -> Iterator[Diagnostic]:
    u = common.unit(ctx)
    if u is None:
        return
    # host functions of the unit (its headers' helpers too) that make such a call, directly or not
    # (Learn-CUDA's `C.copyToHost()`, a `cudaMemcpy` device-to-host in helper.cuh)
    waiting = closure(u, lambda c: c.name in _WAIT_ALL)
    for seq in host_sequences(u).values():
        recorded: dict[str, bool] = {}  # event -> synchronized since its last record
        for c in seq:
            if c.name == "cudaEventRecord" and c.args:
                recorded[_event(c.args[0])] = False
            elif c.name == "cudaEventSynchronize" and c.args:
                recorded[_event(c.args[0])] = True
            elif c.name in _WAIT_ALL or (not c.launch and (c.callee_key in waiting
                                                            or not _WAIT_ALL.isdisjoint(c.callee_calls))):
                for k in recorded:
                    recorded[k] = True
            elif c.name == "cudaEventElapsedTime" and len(c.args) >= 3:
                stop = _event(c.args[2])
                if recorded.get(stop, True):
                    continue
                line = common.line_text(ctx, c.span.line)
                indent = line[:len(line) - len(line.lstrip())]
                fix = Fix(f"wait for the stop event first: insert `cudaEventSynchronize({stop});`",
                          (Edit(c.span.line, 1, c.span.line, 1, f"{indent}cudaEventSynchronize({stop});\n"),))
                msg = (f"`cudaEventElapsedTime` reads `{stop}` before anything waited for it; the event is only "
                       "enqueued by `cudaEventRecord`, so the call may fail with cudaErrorNotReady and leave the "
                       f"time unset; call `cudaEventSynchronize({stop})` first")
                yield common.diag(ctx, c.span, msg, facts={"event": stop}, fix=fix)
                recorded[stop] = True
