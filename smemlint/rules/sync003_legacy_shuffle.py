"""Warp shuffle or vote without a member mask (SYNC003, legacy-shuffle).

## What it finds
Calls of the pre-Volta warp intrinsics `__shfl`, `__shfl_up`, `__shfl_down`,
`__shfl_xor`, `__any`, `__all` and `__ballot`, which take no mask of the
lanes that must take part.

## Why it is wrong
They were written for GPUs whose warps always ran in lockstep. Since Volta
(sm_70) each thread has its own program counter and a warp may be diverged
when it reaches the intrinsic; the legacy forms do not wait for the other
lanes, so a lane can read a register of a lane that has not written it yet.
CUDA 9 deprecated them, and the toolkit no longer provides them when compiling
for sm_70 and newer: `nvcc -arch=sm_90` rejects the code. An article on shared
and constant memory still teaches the warp-shuffle reduction with
`__shfl_xor(localSum, 16)` ... `__shfl_xor(localSum, 1)`; that code does not
build for Hopper as written. The `_sync` forms cost the same instruction
(`SHFL.BFLY`, `VOTE`) plus a `WARPSYNC` the compiler drops when it can prove
convergence.

## Example
```cuda
__global__ void warpSum(int *out, const int *in)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    v += __shfl_xor(v, 16);
    v += __shfl_xor(v, 8);
    if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = v;
}
```

## Use instead
```cuda
__global__ void warpSum(int *out, const int *in)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    v += __shfl_xor_sync(0xffffffff, v, 16);
    v += __shfl_xor_sync(0xffffffff, v, 8);
    if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = v;
}
```
The fix smemlint offers inserts the full mask `0xffffffff`: right when all 32
lanes reach the call (the usual reduction). Where only some lanes do, pass
the mask of those lanes instead (e.g. `__ballot_sync(0xffffffff, cond)` taken
before the branch).

## How to silence
`// smemlint: ignore[SYNC003]` on the line, or `ignore = ["SYNC003"]` in
`[tool.smemlint]`.

A call is matched after clang resolves it: a function of the project's own
code that happens to be named `__all` or `__shfl` is not the intrinsic.

Only device code the build runs is looked at: a call in a device function that
no kernel of the run calls (an overload only another platform's build uses) is
not reported, nor one in an inactive `#if` branch (clang does not parse it).

## Limitations
Only direct calls are recognised; a macro that expands to a legacy intrinsic
is reported at the macro's use.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Edit, Fix, Rule, Severity
from ..reach import is_reached
from . import _common as common

RULE = Rule(code="SYNC003", name="legacy-shuffle", severity=Severity.WARNING,
            summary="warp shuffle/vote intrinsic without a member mask (removed for sm_70+)")

LEGACY = {"__shfl": "__shfl_sync", "__shfl_up": "__shfl_up_sync", "__shfl_down": "__shfl_down_sync",
          "__shfl_xor": "__shfl_xor_sync", "__any": "__any_sync", "__all": "__all_sync",
          "__ballot": "__ballot_sync"}
FULL_MASK = "0xffffffff"


def _fix(ctx, call) -> Fix | None:
    """Rename the callee and put the full mask first: `__shfl_xor(` -> `__shfl_xor_sync(0xffffffff, `."""
    line = common.line_text(ctx, call.callee.line)
    col = call.callee.end_column - 1  # 0-based index just after the name
    if line[call.callee.column - 1:col] != call.name:
        return None
    rest = line[col:]
    paren = len(rest) - len(rest.lstrip())
    if not rest[paren:paren + 1] == "(":
        return None
    new = LEGACY[call.name]
    sep = ", " if call.args else ""
    edit = Edit(call.callee.line, call.callee.column, call.callee.line, col + paren + 2,
                f"{new}({FULL_MASK}{sep}")
    return Fix(f"use `{new}({FULL_MASK}, ...)`: the full mask is right when all 32 lanes reach this call", (edit,))


def check(ctx) -> Iterator[Diagnostic]:
    u = common.unit(ctx)
    if u is None:
        return
    reached = set(ctx.result.reached_functions or ())
    for call in u.calls:
        if call.context == "host" or call.name not in LEGACY or call.launch:
            continue
        if call.callee_system is False:
            continue  # the project's own function of that name (a verifier's `__all`), not the intrinsic
        if u.kernels and call.function_key and not is_reached(call.function_key, reached):
            continue  # a device function no kernel of this file calls (the run's other files: lint.py)
        new = LEGACY[call.name]
        msg = (f"`{call.name}` has no member mask (removed for sm_70+); use `{new}` with the mask of the lanes "
               "that take part: since Volta a warp's lanes need not be converged")
        yield common.diag(ctx, call.callee, msg, facts={"callee": call.name, "replacement": new,
                                                      "function_key": call.function_key},
                          fix=_fix(ctx, call))
