"""A 64/128-bit access that the compiler emitted as narrower loads or stores (SASS001, vector-width-lost).

## What it finds
A shared or global load/store whose source asks for 64 or 128 bits per thread
(`float4`, `uint2`, a 16-byte struct, a `reinterpret_cast<float4*>`) while the
SASS compiled for that line (`nvcc -cubin -lineinfo`) holds narrower
instructions of the same kind that no narrower access on the line explains:
`LDS.128 + LDS`, `4x LDG.E` instead of one `LDG.E.128`. Needs `--sass` (nvcc
plus cuobjdump/nvdisasm; `pip install 'smemlint[sass]'`).

## Why it is slow
Every SASS instruction is its own request: a 16-byte load split into four
32-bit loads issues four requests instead of one, and the bank and sector
predictions made for one 128-bit access no longer describe the code. The
usual cause is alignment the compiler cannot prove: a 16-byte struct of four
floats is only 4-byte aligned, a pointer offset by one float (`words + 1`) is
4 mod 16. HARDWARE.md: adjacent accesses are merged into vectors only "with
provable alignment".

## Example
```cuda
struct Vec4 { float x, y, z, w; };                     // 16 bytes, 4-byte aligned
__global__ void k(const Vec4 *in, float4 *out) {
    Vec4 r = in[threadIdx.x];                           // 4x LDG.E
    out[threadIdx.x] = make_float4(r.x, r.y, r.z, r.w);
}
```

## Use instead
```cuda
struct __align__(16) Vec4 { float x, y, z, w; };       // or use float4
__global__ void k(const Vec4 *in, float4 *out) {
    Vec4 r = in[threadIdx.x];                           // LDG.E.128
    ...
```
For shared memory, declare the array `__align__(16)` and index it in whole
vectors (`words + 4 * i`, not `words + 1 + 4 * i`).

## How to silence
`// smemlint: ignore[SASS001]` on the line, or `ignore = ["SASS001"]`.

## Limitations
Joined by source line: `-lineinfo` sometimes attributes a load to the line
that consumes the value, and then nothing is found on the access's line (no
finding, never a guess). Several wide accesses of one kind on one line are
judged together. Generic (`LD`/`ST`) instructions are not attributed to a space.
When the SASS moves fewer bits than the source asks (only `.x` of a `uint2` is
used), the compiler dropped the unused part: not reported.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Fix, Rule, Severity

RULE = Rule(code="SASS001", name="vector-width-lost", severity=Severity.WARNING,
            summary="a 64/128-bit access is emitted as narrower SASS loads/stores")
NEEDS_SASS = True

_KIND = {("shared", "ld"): "load", ("shared", "st"): "store", ("global", "ld"): "load", ("global", "st"): "store"}


def check(ctx) -> Iterator[Diagnostic]:
    for k in ctx.result.kernels:
        kf = k.sass_facts
        if kf is None or kf.source != "sass":
            continue
        groups: dict[tuple[str, int, str, str], list] = {}
        for a in k.accesses:
            if (a.space, a.op) in _KIND:
                groups.setdefault((a.file, a.sass_line, a.space, a.op), []).append(a)
        for (path, line, space, op), accesses in sorted(groups.items()):
            asked = {a.width_bits for a in accesses}
            wide = max(asked)
            if wide < 64:
                continue
            emitted = kf.widths_on_line(line, space, op, path)
            unexplained = sorted({w for w in emitted if w < wide and w not in asked})
            # fewer bits than asked: the compiler dropped the unused part of the vector, not split it
            if not emitted or not unexplained or sum(emitted) < wide * sum(1 for x in accesses if x.width_bits == wide):
                continue
            a = max(accesses, key=lambda x: (x.width_bits, -x.column))
            sass = kf.describe_line(line, space, op, path)
            narrow = unexplained[0]
            msg = (f"{wide}-bit {space} {_KIND[(space, op)]} of `{a.symbol}` is emitted as {sass} "
                   f"({len(emitted)} instructions, narrowest {narrow}-bit) on {kf.arch}: each is its own request; "
                   "the compiler could not prove the alignment a single vector access needs")
            fix = Fix(f"make the data {wide // 8}-byte aligned and say so: `__align__({wide // 8})` on the type or "
                      f"array, whole-vector indices (no `+ 1` element offset), or a vector type "
                      f"({'float4/uint4' if wide == 128 else 'float2/uint2'})")
            facts = {"symbol": a.symbol, "width": wide, "sass_width": narrow, "instructions": len(emitted),
                     "sass": sass}
            yield Diagnostic(a.file, a.line, a.column, a.end_line, a.end_column, RULE.code, RULE.name,
                             ctx.rule.severity, msg, fix, facts, list(a.assumptions))
