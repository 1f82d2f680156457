"""Cost what the compiler emitted (`--sass`): accesses nvcc merged into wider instructions.

The hardware runs the SASS, not the source: the unrolled reads `As[ty][k]`, k = 0..15, of a tiled
GEMM become four LDS.128 (HARDWARE.md: measured 2 wavefronts per request where the 32-bit reads as
written would cost 1), and a column read `tile[tx][k]` unrolled over k becomes LDS.128 of 8-way
quarter-warps. Where the SASS of a source line holds only instructions W bits wide for an access
written narrower, and that access is the only one of its space and direction on the line, the
kernel is evaluated again with that access merged: an execution whose active lanes all sit at
W/8-aligned addresses is one W-bit request at those addresses (the merged instruction), an
execution whose lanes are all off that alignment is part of an earlier merged one and adds no
request. The numbers are then those of the emitted instructions: Nsight Compute's per-line figure.
Lanes split between aligned and unaligned addresses: not a merge this explains; left as written.
"""
from __future__ import annotations

import numpy as np

from .. import ir
from .interp import Interpreter, LaunchConfig, SiteStats
from .values import Known, Ptr


class NotMerged(Exception):
    """The addresses of a watched access do not look like one merged instruction per group."""


class MergedEvaluation(Interpreter):
    """The lane evaluator with the accesses in `merged` (site id -> bytes per lane emitted) costed
    as the wider instructions nvcc made of them."""

    def __init__(self, *args, merged: dict[int, int], **kwargs):
        super().__init__(*args, **kwargs)
        self.merged = merged

    def record(self, site_id, op, ptr, width, mask, piece=0) -> None:
        wide = self.merged.get(site_id)
        if wide is None or piece or width >= wide or not isinstance(ptr, Ptr) or not isinstance(ptr.offset, Known):
            return super().record(site_id, op, ptr, width, mask, piece)
        off = ptr.offset.arr
        live = np.broadcast_to(mask, off.shape) if off.shape != mask.shape else mask
        lanes = off[live]
        if lanes.size:
            aligned = lanes % wide == 0
            if not aligned.all():
                if aligned.any():
                    raise NotMerged
                self.stats[site_id].executions += 1  # covered by the merged instruction of an earlier execution
                return
        return super().record(site_id, op, ptr, wide, mask, piece)


def evaluate_merged(unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str,
                    merged: dict[int, int]) -> dict[int, SiteStats] | None:
    """The kernel's site statistics with `merged` accesses costed as emitted; None when an access's
    addresses do not fit the merge (the caller keeps the numbers as written)."""
    it = MergedEvaluation(unit, kernel, config, arch, merged=merged)
    try:
        return it.run()
    except NotMerged:
        return None
