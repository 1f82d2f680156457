"""Global-memory sectors of one warp-level request (HARDWARE.md "Global memory").

A request fetches every 32-byte sector that holds a byte some active lane
accesses; one request per warp-level instruction at every width, loads and
stores alike. The ideal is the sectors those same bytes would need if they
were laid out contiguously from a sector boundary.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from smemlint.model.arch import ARCHES, DEFAULT_ARCH, Arch

GLOBAL_WIDTHS = (1, 2, 4, 8, 16)


@dataclass(frozen=True)
class GlobalCost:
    sectors: int
    ideal: int
    bytes_requested: int
    distinct_bytes: int


def global_sectors(
    addresses: Sequence[int | None], width: int, arch: Arch | None = None
) -> GlobalCost:
    """Cost of one warp-level global-memory request.

    `addresses[i]` is the byte address lane i accesses, or None when lane i is
    inactive; there must be exactly `arch.warp_size` entries. `width` is the
    access size in bytes (1, 2, 4, 8 or 16).
    """
    arch = arch or ARCHES[DEFAULT_ARCH]
    if width not in GLOBAL_WIDTHS:
        raise ValueError(f"global access width must be one of {GLOBAL_WIDTHS} bytes, not {width!r}")
    if len(addresses) != arch.warp_size:
        raise ValueError(f"expected {arch.warp_size} lane addresses, got {len(addresses)}")
    active = [a for a in addresses if a is not None]
    if not active:
        return GlobalCost(0, 0, 0, 0)
    # Shifting every lane by whole sectors changes no count; normalise so the
    # lowest address lies in the first sector (floor division keeps it >= 0).
    # Inactive lanes do not matter here, so they are dropped from the key.
    sector = arch.sector_bytes
    shift = (min(active) // sector) * sector
    key = tuple(sorted(a - shift for a in active))
    return _global_cost(key, width, sector)


@lru_cache(maxsize=65536)
def _global_cost(starts: tuple[int, ...], width: int, sector: int) -> GlobalCost:
    sectors: set[int] = set()
    for a in starts:
        sectors.update(range(a // sector, (a + width - 1) // sector + 1))
    # starts is sorted, so the union of [a, a + width) is one sweep.
    distinct = 0
    covered_to = starts[0]
    for a in starts:
        end = a + width
        if end > covered_to:
            distinct += end - max(a, covered_to)
            covered_to = end
    return GlobalCost(
        sectors=len(sectors),
        ideal=-(-distinct // sector),
        bytes_requested=len(starts) * width,
        distinct_bytes=distinct,
    )


def load_efficiency(bytes_requested: int, sectors: int, sector_bytes: int = 32) -> float:
    """Fraction of the fetched sector bytes that the lanes asked for, in [0, 1].

    Capped at 1.0: lanes that share bytes (a broadcast) can request more bytes
    than are fetched. A request that fetches nothing wastes nothing (1.0).
    """
    if bytes_requested < 0 or sectors < 0 or sector_bytes <= 0:
        raise ValueError("bytes_requested and sectors must be >= 0, sector_bytes > 0")
    if sectors == 0:
        if bytes_requested:
            raise ValueError(f"{bytes_requested} bytes requested but no sector fetched")
        return 1.0
    return min(1.0, bytes_requested / (sectors * sector_bytes))
