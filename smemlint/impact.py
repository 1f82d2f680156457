"""What a finding costs its kernel (issue 26 item 8): the share of the kernel's shared-memory
wavefronts (SMEM rules) or global sectors (GMEM rules) that the access it names accounts for,
requests times trip counts in the analysed block, as Nsight Compute's per-line source view would
split them. A reviewer tells the hot loop (a share near 1) from a one-off (a share near 0); the
share is a fact of the finding (`facts["share"]`, with `facts["share_of"]` naming the total).
"""
from __future__ import annotations

from collections.abc import Iterable

from .diagnostics import Diagnostic
from .results import AccessResult, FileResult

SPACE_OF = {"SMEM001": "shared", "SMEM002": "shared", "GMEM001": "global", "GMEM002": "global"}
TOTAL_NAME = {"shared": "shared wavefronts", "global": "global sectors"}


def cost(a: AccessResult) -> float | None:
    """The access's wavefronts (shared) or sectors (global) over the analysed block."""
    per = a.wavefronts_per_request if a.space == "shared" else a.sectors_per_request if a.space == "global" else None
    return None if per is None or not a.predictable else per * a.requests


def attach(result: FileResult, diagnostics: Iterable[Diagnostic]) -> None:
    """Set `share` on every costed finding (and on each site of a grouped one)."""
    at: dict[tuple[str, int, int, str], list[tuple[int, AccessResult]]] = {}
    totals: dict[tuple[int, str], float] = {}
    for i, k in enumerate(result.kernels):
        for a in k.accesses:
            c = cost(a)
            if c is None:
                continue
            totals[(i, a.space)] = totals.get((i, a.space), 0.0) + c
            at.setdefault((a.file, a.line, a.column, a.space), []).append((i, a))
    for d in diagnostics:
        for s in [d, *d.sites]:
            space = SPACE_OF.get(s.code)
            found = at.get((s.file, s.line, s.column, space)) if space else None
            if not found:
                continue
            shares = [cost(a) / totals[(i, space)] for i, a in found if totals.get((i, space))]
            if shares:
                s.facts["share"] = round(max(shares), 4)
                s.facts["share_of"] = TOTAL_NAME[space]
