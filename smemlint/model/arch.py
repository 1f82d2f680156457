"""Architecture parameters: the one place for the hardware numbers the models use.

Only sm_90 (H100) was measured by this project (HARDWARE.md, 2026-11-22). The
other architectures share the same documented shared-memory organisation
(32 banks of 4 bytes) and 32-byte global-memory sectors, so they reuse those
numbers; their instruction-cache thresholds were not measured and are `None`.
"""

from __future__ import annotations

from dataclasses import dataclass

_MEASURED = "HARDWARE.md: measured on H100 (sm_90) with Nsight Compute, 2026-11-22"
_DOCUMENTED = (
    "CUDA C++ Programming Guide, compute capabilities 7.x-12.x: 32 banks of 32-bit words, "
    "32-byte global sectors, 32-thread warps; not measured by this project"
)
ASSUMED_CARRY_OVER = (
    "{name} was not measured by this project: the shared-memory banks (32 of 4 bytes), the 32-byte "
    "global sectors and the warp of 32 threads measured on sm_90 are assumed to carry over (the CUDA "
    "C++ Programming Guide documents them for compute capabilities 7.x-12.x); the wmma/ldmatrix/cp.async "
    "costs and the instruction-cache sizes are sm_90's measurements or unknown"
)


@dataclass(frozen=True)
class Arch:
    name: str
    compute_capability: int
    measured: bool
    warp_size: int
    warp_size_source: str
    banks: int
    bank_bytes: int
    banks_source: str
    sector_bytes: int
    sector_source: str
    sass_instruction_bytes: int
    sass_instruction_source: str
    icache_l0_fit_bytes: int | None
    icache_sm_fit_bytes: int | None
    icache_gpc_fit_bytes: int | None
    icache_source: str

    @property
    def bank_period_bytes(self) -> int:
        """Bytes after which the bank mapping repeats (banks * bank_bytes: 128)."""
        return self.banks * self.bank_bytes


def _arch(cc: int, *, measured: bool) -> Arch:
    source = _MEASURED if measured else _DOCUMENTED
    return Arch(
        name=f"sm_{cc}",
        compute_capability=cc,
        measured=measured,
        # 32 threads per warp on every NVIDIA GPU so far; HARDWARE.md "Warps, active lanes".
        warp_size=32,
        warp_size_source=source,
        # Bank of byte address a is (a / 4) mod 32: HARDWARE.md "Shared memory".
        banks=32,
        bank_bytes=4,
        banks_source=source,
        # sectors = distinct floor(b / 32): HARDWARE.md "Global memory: sectors per request".
        sector_bytes=32,
        sector_source=source,
        # "Volta and later: 16 bytes per SASS instruction": HARDWARE.md "Instruction footprint".
        sass_instruction_bytes=16,
        sass_instruction_source=(
            "HARDWARE.md 'Instruction footprint': Volta and later, 16 bytes per SASS instruction"
        ),
        # Hot-loop sizes that still fit each cache level, measured on sm_90 only
        # (HARDWARE.md table: <= 5 KB no L0 misses, > 32 KB SM-level misses,
        # > 128 KB GPC-level L1.5 misses). NVIDIA publishes no sizes.
        icache_l0_fit_bytes=5 * 1024 if measured else None,
        icache_sm_fit_bytes=32 * 1024 if measured else None,
        icache_gpc_fit_bytes=128 * 1024 if measured else None,
        icache_source=(
            "HARDWARE.md 'Instruction footprint': hot loops of K SASS instructions on H100"
            if measured
            else "not measured for this architecture (NVIDIA publishes no instruction-cache sizes)"
        ),
    )


# Only sm_90 was measured; the others follow the same documented 32 x 4-byte
# banks and 32-byte sectors (see _DOCUMENTED).
ARCHES: dict[str, Arch] = {
    "sm_70": _arch(70, measured=False),
    "sm_75": _arch(75, measured=False),
    "sm_80": _arch(80, measured=False),
    "sm_86": _arch(86, measured=False),
    "sm_89": _arch(89, measured=False),
    "sm_90": _arch(90, measured=True),
    "sm_100": _arch(100, measured=False),
    "sm_103": _arch(103, measured=False),
    "sm_110": _arch(110, measured=False),
    "sm_120": _arch(120, measured=False),
    "sm_121": _arch(121, measured=False),
}

DEFAULT_ARCH = "sm_90"


def get_arch(name: str | int | None = None) -> Arch:
    """Look up an architecture by any common spelling.

    Accepts "sm_90", "sm90", "90", "compute_90", "SM_90" and the
    architecture-specific suffix "sm_90a" (same memory system as sm_90).
    `None` gives the default (sm_90).
    """
    if name is None:
        name = DEFAULT_ARCH
    text = str(name).strip().lower()
    for prefix in ("compute_", "compute", "sm_", "sm"):
        if text.startswith(prefix):
            text = text[len(prefix):]
            break
    if text.endswith(("a", "f")) and text[:-1].isdigit():
        text = text[:-1]
    key = f"sm_{text}"
    if text.isdigit() and key in ARCHES:
        return ARCHES[key]
    known = ", ".join(ARCHES)
    raise ValueError(f"unknown GPU architecture {name!r}; known: {known}")
