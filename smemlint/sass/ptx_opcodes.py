"""PTX opcodes as text: the memory space and bits per lane of `ld`/`st`/`atom`, and the families
that PTX facts count. No imports from the rest of sass/: both the PTX reader and the kernel facts
use these."""
from __future__ import annotations

import re

_TYPE_BITS = {"b8": 8, "u8": 8, "s8": 8, "b16": 16, "u16": 16, "s16": 16, "f16": 16, "bf16": 16, "f16x2": 32,
              "b32": 32, "u32": 32, "s32": 32, "f32": 32, "bf16x2": 32, "b64": 64, "u64": 64, "s64": 64,
              "f64": 64, "b128": 128}
_SPACES = ("shared", "global", "local", "const", "param")


def memory_access(opcode: str) -> tuple[str, str, int] | None:
    """`ld.shared.v4.f32` → ("ld", "shared", 128); None for other instructions."""
    parts = opcode.split(".")
    op = parts[0]
    if op not in ("ld", "st", "atom", "red", "ldu"):
        return None
    space = next((p for p in parts[1:] if p in _SPACES), "generic")
    vec = next((int(p[1:]) for p in parts[1:] if re.fullmatch(r"v\d", p)), 1)
    ty = next((p for p in reversed(parts[1:]) if p in _TYPE_BITS), None)
    if ty is None:
        return None
    return ("ld" if op == "ldu" else op, space, vec * _TYPE_BITS[ty])


def family(opcode: str) -> str | None:
    """Counted PTX family: `ld.shared.v4.f32`, `st.global.u16`, `bar.sync`, `shfl.sync`; None otherwise."""
    parts = opcode.split(".")
    if memory_access(opcode):
        space = next((p for p in parts[1:] if p in _SPACES), "generic")
        vec = next((p for p in parts[1:] if re.fullmatch(r"v\d", p)), None)
        ty = next(p for p in reversed(parts[1:]) if p in _TYPE_BITS)
        return ".".join(filter(None, (parts[0], space, vec, ty)))
    if opcode.startswith(("bar.sync", "barrier.sync")) or opcode in ("bar", "barrier"):
        return "bar.sync"
    if parts[0] in ("shfl", "cp", "ldmatrix", "membar", "fence", "vote"):
        return ".".join(parts[:2]) if len(parts) > 1 else parts[0]
    return None


def width_bits(fam: str) -> int | None:
    m = memory_access(fam)
    return m[2] if m else None
