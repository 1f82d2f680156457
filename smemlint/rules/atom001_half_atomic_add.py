"""`atomicAdd` on a single `__half` (ATOM001, half-atomic-add).

## What it finds
A call `atomicAdd(p, v)` whose pointer `p` points to `__half` (or `half`):
a 16-bit floating-point atomic.

## Why it is slow
The 16-bit atomic is far slower than the 32-bit `__half2` one. An article on
three CUDA algorithms measured a half-precision dot product whose
partial sums go through `atomicAdd`: with `atomicAdd` on `half` it took
422.36 ms; packing two halves and using the `__half2` `atomicAdd` took
137.02 ms, and the "fast atomic add" that widens a single half into the
aligned `__half2` around it (adding 0 to the neighbour) took 137.01 ms: both
about 3x faster (3-4x in the article's words) with the same launch and data.

## Example
```cuda
#include <cuda_fp16.h>
__global__ void dotHalf(__half *result, const __half *x, const __half *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(result, __hmul(x[i], y[i]));
}
```

## Use instead
```cuda
#include <cuda_fp16.h>
__global__ void dotHalf2(__half2 *result, const __half2 *x, const __half2 *y, int n2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n2) atomicAdd(result, __hmul2(x[i], y[i]));   // two halves per 32-bit atomic
}
```
Pack two halves per thread where the data allows it. Where it does not,
the fix smemlint offers keeps one half per call but performs it with the
`__half2` atomic on the aligned pair that holds the target, adding zero to
the other half (the article's fast atomic add): it inserts a small
`__device__` helper after the includes and calls it instead of `atomicAdd`.

## How to silence
`// smemlint: ignore[ATOM001]` on the line, or `ignore = ["ATOM001"]` in
`[tool.smemlint]`.

## Limitations
The helper reads and writes the other half of the aligned pair (adding +0.0,
which turns a -0.0 neighbour into +0.0); the array must start 4-byte aligned
(cudaMalloc gives 256) and, when its last element has an even index, one more
half must be addressable after it.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from ..diagnostics import Diagnostic, Edit, Fix, Rule, Severity
from . import _common as common

RULE = Rule(code="ATOM001", name="half-atomic-add", severity=Severity.WARNING,
            summary="atomicAdd on a single __half (about 3x slower than the __half2 form)")

HELPER = "smemlint_atomic_add_half"
HELPER_TEXT = (
    f"__device__ __forceinline__ void {HELPER}(__half *p, __half v)\n"
    "{\n"
    "    // one 32-bit __half2 atomic on the aligned pair holding *p; the other half gets +0\n"
    "    const bool high = (reinterpret_cast<unsigned long long>(p) & 2) != 0;\n"
    "    const __half zero = __float2half(0.0f);\n"
    "    atomicAdd(reinterpret_cast<__half2 *>(p - (high ? 1 : 0)),\n"
    "              high ? __halves2half2(zero, v) : __halves2half2(v, zero));\n"
    "}\n\n"
)


def _is_half_pointer(t: str) -> bool:
    t = t.replace("volatile ", "").replace("const ", "").strip()
    return t in ("__half *", "half *", "__half*")


def _is_half2_pointer(t: str) -> bool:
    t = t.replace("volatile ", "").replace("const ", "").replace(" ", "")
    return t in ("__half2*", "half2*", "__nv_bfloat162*")


def _single_element(arg: str) -> bool:
    """The address is a pointer as passed (`result`), not an element of an array (`&bins[k]`,
    `p + i`): the allocation may hold that one `__half`, and a 4-byte atomic on its pair would
    touch memory outside it."""
    return re.fullmatch(r"[A-Za-z_]\w*", arg.strip()) is not None


def check(ctx) -> Iterator[Diagnostic]:
    u = common.unit(ctx)
    if u is None:
        return
    # functions that already do a packed (`__half2`) atomicAdd: their `__half` one is the slow-path
    # fallback (an unaligned address, the last odd element), as in PyTorch's fastAtomicAdd
    packed = {c.function_key for c in u.calls if c.name == "atomicAdd" and c.arg_types
              and _is_half2_pointer(c.arg_types[0])}
    for call in u.calls:
        if call.name != "atomicAdd" or call.context == "host" or not call.arg_types \
                or call.callee_system is False:  # the project's own `atomicAdd`, not the intrinsic
            continue
        if not _is_half_pointer(call.arg_types[0]) or call.function_key in packed:
            continue
        msg = (f"`atomicAdd` on a single `__half` ({call.args[0]}): about 3x slower than the `__half2` form; "
               "a half-precision dot product measured 422.36 ms with 16-bit atomics, 137.02 ms with `__half2`")
        if call.args and _single_element(call.args[0]):
            # no edit: the pair of a lone `__half` may lie outside its allocation
            yield common.diag(ctx, call.span, msg + "; reduce in the block first, then one atomic per block",
                              facts={"callee": "atomicAdd", "replacement": "__half2"})
            continue
        edits = []
        if HELPER not in ctx.result.source:
            at = _after_includes(ctx)
            edits.append(Edit(at, 1, at, 1, HELPER_TEXT))
        edits.append(Edit(call.callee.line, call.callee.column, call.callee.end_line, call.callee.end_column, HELPER))
        fix = Fix(f"do the add with the 32-bit `__half2` atomic on the aligned pair (`{HELPER}`, inserted after the "
                  "includes), or pack two halves per thread", tuple(edits))
        msg += "; add through the aligned `__half2` instead"
        yield common.diag(ctx, call.span, msg, facts={"callee": "atomicAdd", "replacement": "__half2"}, fix=fix)


def _after_includes(ctx) -> int:
    """The line after the last `#include` (1 when there is none): above every function that may call the helper."""
    last = 0
    for n, text in enumerate(ctx.result.source.splitlines(), 1):
        if text.lstrip().startswith("#include"):
            last = n
    return last + 1
