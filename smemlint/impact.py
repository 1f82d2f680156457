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


def share_of(d: Diagnostic) -> float | None:
    """The finding's share of its kernel's traffic, None for a finding without one (a trap rule,
    an access that could not be costed)."""
    v = d.facts.get("share")
    return float(v) if isinstance(v, (int, float)) else None


def sarif_rank(d: Diagnostic) -> float | None:
    """SARIF 2.1.0 `result.rank` (0.0 to 100.0, higher is more important): the share in percent."""
    v = share_of(d)
    return None if v is None else round(100.0 * max(0.0, min(1.0, v)), 2)


def parse_min_impact(text: str) -> float:
    """`--min-impact`: a share of the kernel's traffic, as a fraction (0.05) or a percentage (5%)."""
    t = text.strip()
    try:
        v = float(t[:-1]) / 100.0 if t.endswith("%") else float(t)
    except ValueError:
        raise ValueError(f"--min-impact: {text!r} is not a share (0.05) or a percentage (5%)") from None
    if not 0.0 <= v <= 1.0:
        raise ValueError(f"--min-impact: {text!r} is not between 0 and 1 (0% and 100%)")
    return v


def drop_below(results: list[FileResult], minimum: float) -> int:
    """Drop the findings whose share of their kernel's traffic is under `minimum` (the ones
    without a share stay: a trap rule's finding is not a cost); returns how many."""
    dropped = 0
    for r in results:
        keep = [d for d in r.diagnostics if (share_of(d) is None or share_of(d) >= minimum)]
        dropped += len(r.diagnostics) - len(keep)
        r.diagnostics = keep
    return dropped
