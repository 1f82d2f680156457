"""Element-wise loop moving half/char data one narrow element per thread (GMEM002, scalar-global-loop).

## What it finds
Inside a loop (typically a grid-stride loop), a global load or store of a
1- or 2-byte element (`__half`, `__nv_bfloat16`, `char`, `short`, ...) whose
consecutive lanes touch consecutive elements: an element-wise pass over
narrow data that moves 2 bytes (or 1) per thread and instruction, where a
packed access (`__half2`, `char4`) or a 16-byte vector would move the same
bytes with 2 to 16 times fewer instructions. This is the source half of the
rule; the SASS half (which load widths the compiler really emitted) comes
with the SASS rules. Only loops that spread elements over the threads count
(their counter starts at a thread-dependent value: grid- and block-stride
loops); a loop every thread runs from the same start (a GEMM's inner
product) needs register blocking, not a wider load. A loop is one finding, at its first narrow access,
naming the lines of the others (the loop is packed as a whole).

## Why it is slow
The access is coalesced (every sector fetched is used, GMEM001 stays quiet),
but each warp-level instruction moves only 64 bytes, so an element-wise
kernel is bound by the number of load/store instructions and their latency
rather than by DRAM bandwidth. An article on OneFlow's element-wise template
measured an element-wise multiply `z = x * y` on an A100 PCIe:
the naive half-precision kernel took 237.28 us at 52.55% of the bandwidth,
the template that packs elements into wide vectors per thread 140.74 us at
87.31% (for float, where each element is already 4 bytes, the gain was only
298.46 us to 284 us).

## Example
```cuda
#include <cuda_fp16.h>
__global__ void scaleHalf(__half *y, const __half *x, __half a, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = __hmul(a, x[i]);                      // 2 bytes per lane per instruction
}
```

## Use instead
```cuda
#include <cuda_fp16.h>
__global__ void scaleHalf2(__half2 *y, const __half2 *x, __half2 a, int n2)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += blockDim.x * gridDim.x)
        y[i] = __hmul2(a, x[i]);                     // 4 bytes (2 halves) per lane
}
```
(with a scalar tail for an odd `n`), or go to 16 bytes per lane with
`uint4`/`float4` loads and `__half2` arithmetic on the pieces.

## How to silence
`// smemlint: ignore[GMEM002]` on the line, or `ignore = ["GMEM002"]` in
`[tool.smemlint]`.

## Limitations
The compiler may already have merged neighbouring narrow accesses; the SASS
rules check what was emitted. Packing needs the pointer aligned to the wider
type.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from .. import ir
from ..diagnostics import Diagnostic, Rule, Severity
from ..symbolic.cfg import walk_accesses
from ..symbolic.uniformity import LANE
from . import _common as common

RULE = Rule(code="GMEM002", name="scalar-global-loop", severity=Severity.WARNING,
            summary="element-wise loop over half/char data with narrow loads where a packed access would do")


def _packed(a: ir.Access) -> bool:
    """An access of a narrow vector type (`uchar2`, `char2`): already packed by its author (each
    lane's pixels of NV12's quad rows); packing further means giving a thread more work."""
    return a.ctype.kind == "record" and re.search(r"[a-z][234]$", a.ctype.spelling.split("::")[-1]) is not None


def _distributes(un, fkey: str, loop: ir.Loop, body: ir.Stmt) -> bool:
    """Does the loop spread elements over the threads (its counter starts at a value that differs
    between threads: `i = blockIdx.x * blockDim.x + threadIdx.x`, `i = threadIdx.x`)? Then each
    thread's narrow element could be two: an element-wise pass. A loop whose counter starts the same
    in every thread (a GEMM's inner product, exllamav2's walk down a packed column) moves its
    element per iteration for another reason: packing it needs each thread to own more columns
    (register blocking), not a wider load. Decided by the uniformity proof of the start value."""
    inits = []
    for s in ([loop.init] if not isinstance(loop.init, ir.Block) else list(loop.init.body)):
        if isinstance(s, ir.Decl) and s.init is not None:
            inits.append(s.init)
        elif isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Assign):
            inits.append(s.expr.value)
    if not inits and loop.step is not None:  # `for (; idx < n; idx += stride)`: the counter's declaration
        counters = ir.assigned_vars(loop.step)
        inits = [n.init for n in ir.walk(body) if isinstance(n, ir.Decl) and n.var in counters and n.init is not None]
    return any(un.of(fkey, e).level >= LANE for e in inits)


def _loop_sites(ctx, kernel: ir.Kernel) -> dict[int, tuple]:
    """The scalar narrow accesses inside element-wise loops -> the outermost such loop around each
    (where it starts): the loop is the root cause (packed as a whole, not line by line)."""
    out: dict[int, tuple] = {}
    un = common.uniformity(ctx, kernel)
    for fkey, body, _ in common.bodies(ctx, kernel):
        stack: list[tuple[ir.Stmt, tuple | None]] = [(body, None)]

        def mark(roots, loop: tuple) -> None:
            out.update((a.site, loop) for a in walk_accesses(roots) if not _packed(a) and a.site not in out)

        while stack:
            s, loop = stack.pop()
            if s is None:
                continue
            if isinstance(s, ir.Block):
                stack.extend((c, loop) for c in s.body)
            elif isinstance(s, ir.If):
                if loop is not None:
                    mark([s.cond], loop)
                stack.extend(((s.then, loop), (s.other, loop)))
            elif isinstance(s, ir.Loop):
                here = loop
                if here is None and _distributes(un, fkey, s, body):
                    here = (s.span.file, s.span.line) if s.span is not None else (id(s),)
                stack.append((s.init, loop))
                if here is not None:
                    mark([s.cond, s.step], here)
                stack.append((s.body, here))
            elif isinstance(s, ir.Unsupported):
                stack.extend((p, loop) for p in s.parts)
            elif loop is not None:
                mark([getattr(s, f, None) for f in ("init", "expr", "value")], loop)
    return out


def _contiguous(addresses: tuple[int | None, ...], width: int) -> bool:
    active = [(lane, a) for lane, a in enumerate(addresses) if a is not None]
    if len(active) < 2:
        return False
    return all(a2 - a1 == (l2 - l1) * width for (l1, a1), (l2, a2) in zip(active, active[1:]))


def _widest(ctx) -> dict[tuple, int]:
    """(kernel without its template arguments, file, line, column) -> the widest width any of its
    instantiations gives the access there: a template whose other instantiation packs the same
    access (BBuf's `ApplyGeneric<8>` beside its `ApplyGeneric<1>` fallback for misaligned pointers)
    already has the packed path; its narrow instantiation is the fallback, not a missed packing."""
    out: dict[tuple, int] = {}
    for _, kr in common.kernels(ctx):
        if kr is None:
            continue
        for a in kr.accesses:
            key = (kr.name.split("<", 1)[0], a.file, a.line, a.column)
            out[key] = max(out.get(key, 0), a.width_bits)
    return out


def check(ctx) -> Iterator[Diagnostic]:
    widest = _widest(ctx)
    for kernel, kr in common.kernels(ctx):
        if kr is None:
            continue
        in_loop = _loop_sites(ctx, kernel)
        for a in kr.accesses:
            st = a.stats
            if st is None or a.space != "global" or a.op not in ("ld", "st") or not a.predictable:
                continue
            width = a.width_bits // 8
            if width not in (1, 2) or st.site.id not in in_loop or st.worst is None:
                continue
            if not _contiguous(st.worst.addresses, width):
                continue
            if widest.get((kr.name.split("<", 1)[0], a.file, a.line, a.column), 0) > a.width_bits:
                continue  # another instantiation of the kernel packs this access
            elem = st.symbol.elem.spelling if st.symbol is not None else f"{width}-byte"
            pack = "__half2" if width == 2 else "char4"
            what = "load" if a.op == "ld" else "store"
            # the claim and its one number first; the element type and the remedy on the next line
            msg = (f"element-wise loop {what}s `{a.symbol}` {width} bytes per lane: {32 * width} bytes per "
                   f"warp instruction; one {elem} per lane: pack elements ({pack}, or 16-byte vectors) "
                   f"for {4 // width}-{16 // width}x fewer memory instructions")
            # one finding per loop of one kernel (its instantiations included): packing is done to the
            # loop as a whole, so its other narrow accesses are listed, not reported one line each
            yield ctx.report(a, msg, facts={"symbol": a.symbol, "width": width * 8, "op": a.op},
                             group=(kr.file, kr.name.split("<", 1)[0], in_loop[st.site.id]))
