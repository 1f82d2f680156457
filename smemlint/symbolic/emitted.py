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

Where the SASS gives more (sass/facts.py `layout_on_line`: the line's instructions are straight-line
code off one register, so each runs once whenever the first does), the access is costed as those
instructions exactly (`laid`): nvcc's peel of a loop's first iteration into a narrow LDS before its
LDS.128s (`for (k = 3; k < 13; k++)`: LDS, 2x LDS.128, LDS), and its over-reads (`k = 1..15` read as
four LDS.128 from k = 0). The first execution of a loop run anchors the layout: the one offset of it
that puts every instruction at its own alignment in every lane; each later execution whose lanes all
sit the same distance past that anchor falls in one instruction, which issues its request (at its
own addresses and width) the first time the run reaches it. An execution before the last instruction
reached starts a new run. A run that does not reach every instruction, or lanes that fit no anchor,
are not what the SASS says: NotMerged.

A loop whose trip count is known at run time only (sass/facts.py `runtime_unroll_on_line`) is unrolled
by nvcc into bodies of wide loads and a remainder (`unrolled`): the executions of a run are held until
the loop ends, then the first trip - trip % step are costed as the body's instructions (one per group
of consecutive elements, from the first iteration on) and the rest as the remainder's.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import ir
from .interp import Interpreter
from .stats import LaunchConfig, SiteStats
from .values import Known, Ptr


class NotMerged(Exception):
    """The addresses of a watched access do not look like one merged instruction per group."""


@dataclass
class _Run:
    """A loop run of a laid-out access: its anchor per lane, and the last instruction reached."""

    anchor: np.ndarray
    reached: int


def anchor_of(lanes: np.ndarray, layout: tuple[tuple[int, int], ...]) -> int | None:
    """How far into the first instruction of `layout` the first execution of a run reads: the
    distance that puts that instruction at a multiple of its size (LDS.128 reads 16-byte aligned
    addresses), when it is the same in every lane and puts every other instruction at a multiple of
    its own size too; None otherwise (the layout does not fit these lanes)."""
    into = int(lanes[0]) % layout[0][1]
    if all(((lanes - into + start) % size == 0).all() for start, size in layout):
        return into
    return None


class MergedEvaluation(Interpreter):
    """The lane evaluator with the accesses in `merged` (site id -> bytes per lane emitted) costed
    as the wider instructions nvcc made of them, those in `laid` (site id -> layout) as the
    instructions of their layout, and those in `unrolled` as a run-time trip count's unrolled body
    and remainder (their executions held until each run of their loop ends, when the trip is known)."""

    def __init__(self, *args, merged: dict[int, int], laid: dict[int, tuple[tuple[int, int], ...]] | None = None,
                 unrolled: dict[int, tuple[int, int, int]] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.merged = merged
        self.laid = laid or {}
        self.unrolled = unrolled or {}
        self._runs: dict[int, _Run] = {}
        self._pending: list[_Pending] = []

    def exec_loop(self, s, mask) -> None:
        if self.laid or self.unrolled:  # a replayed loop run would not move their runs along
            self._run_loop(s, mask)
        else:
            super().exec_loop(s, mask)

    def _run_loop(self, s, mask) -> None:
        depth = len(self._loops)
        super()._run_loop(s, mask)
        if self._pending:  # (not after an exception: run() then finds them pending, NotMerged)
            self._flush(depth)

    def run(self):
        stats = super().run()
        if any(r.reached != len(self.laid[sid]) - 1 for sid, r in self._runs.items()):
            raise NotMerged  # the last run stopped short of instructions the SASS runs
        if self._pending:
            raise NotMerged  # a loop stopped before its end (the step budget): its trip is not known
        return stats

    def record(self, site_id, op, ptr, width, mask, piece=0) -> None:
        layout = self.laid.get(site_id)
        if layout is not None and not piece and isinstance(ptr, Ptr) and isinstance(ptr.offset, Known) \
                and not ptr.offset.shift:
            return self._record_laid(site_id, op, ptr, layout, mask)
        if site_id in self.unrolled and not piece:
            if not self._loops or not isinstance(ptr, Ptr) or not isinstance(ptr.offset, Known) or ptr.offset.shift:
                raise NotMerged
            self._pending.append(_Pending(site_id, op, ptr, width, mask, len(self._loops), list(self._loops),
                                          list(self._guards)))
            return None
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

    def _record_laid(self, site_id, op, ptr, layout, mask) -> None:
        off, live = ptr.offset.arr, mask
        if off.ndim != 1 or live.ndim != 1:
            raise NotMerged  # (a batched evaluation's blocks: not run for emitted costs)
        if off.shape != live.shape:
            off = np.broadcast_to(off, live.shape)
        lanes = off[live]
        if not lanes.size:
            return super().record(site_id, op, ptr, layout[0][1], mask)
        run = self._runs.get(site_id)
        at = None
        if run is not None:
            past = lanes - run.anchor[live]
            if (past == past[0]).all():
                at = next((j for j, (start, size) in enumerate(layout) if start <= past[0] < start + size), None)
        if at is not None and at == run.reached:
            self.stats[site_id].executions += 1  # read by the instruction this run already issued
            return
        if at is None or at < run.reached:  # a new run of the loop (or the first)
            if run is not None and run.reached != len(layout) - 1:
                raise NotMerged
            into = anchor_of(lanes, layout)
            if into is None:
                raise NotMerged
            run = self._runs[site_id] = _Run(off - into, -1)
            at = 0
        for j in range(run.reached + 1, at + 1):  # straight-line code: the instructions before it ran too
            start, size = layout[j]
            super().record(site_id, op, Ptr(ptr.symbol, Known(run.anchor + start)), size, mask)
        if at > run.reached + 1:
            self.stats[site_id].executions -= at - run.reached - 1  # (instructions, not executions of the access)
        run.reached = at

    def _flush(self, depth: int) -> None:
        """The executions of unrolled accesses in the run of the loop that just ended (the one that
        ran at `depth`): the first trip - trip % step as the body's instructions, the rest as the
        remainder's (one per iteration, or one for them all)."""
        mine = [p for p in self._pending if p.depth > depth]
        self._pending = [p for p in self._pending if p.depth <= depth]
        for sid in dict.fromkeys(p.site for p in mine):
            run = [p for p in mine if p.site == sid]
            wide, step, rest = self.unrolled[sid]
            per = wide // run[0].width
            merged = len(run) - len(run) % step
            for i, p in enumerate(run):
                saved = self._loops, self._guards
                self._loops, self._guards = p.loops, p.guards
                try:
                    if i >= merged and rest == p.width:
                        super().record(sid, p.op, p.ptr, p.width, p.mask)  # the remainder loop
                    elif i == merged:  # the remainder in one instruction
                        self._check_group(run[i:], rest)
                        super().record(sid, p.op, p.ptr, rest, p.mask)
                    elif i > merged:
                        self.stats[sid].executions += 1
                    elif i % per == 0:
                        self._check_group(run[i:i + per], wide)
                        super().record(sid, p.op, p.ptr, wide, p.mask)
                    else:
                        self.stats[sid].executions += 1  # read by the wide instruction of the group's first
                finally:
                    self._loops, self._guards = saved

    @staticmethod
    def _check_group(group: list["_Pending"], wide: int) -> None:
        """The executions one wide instruction stands for: the same lanes, each one element further,
        the first at the wide alignment; NotMerged otherwise."""
        first = group[0]
        live = np.broadcast_to(first.mask, first.ptr.offset.arr.shape)
        base = first.ptr.offset.arr[live]
        if (base % wide).any():
            raise NotMerged
        for j, p in enumerate(group[1:], 1):
            if p.ptr.symbol is not first.ptr.symbol or not np.array_equal(p.mask, first.mask) or \
                    not np.array_equal(np.broadcast_to(p.ptr.offset.arr, live.shape)[live], base + j * p.width):
                raise NotMerged


@dataclass
class _Pending:
    """An execution of an unrolled access, held until its loop's run ends (its trip is then known)."""

    site: int
    op: str
    ptr: Ptr
    width: int
    mask: np.ndarray
    depth: int
    loops: list
    guards: list


def evaluate_merged(unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str,
                    merged: dict[int, int], laid: dict[int, tuple[tuple[int, int], ...]] | None = None,
                    unrolled: dict[int, tuple[int, int, int]] | None = None) -> dict[int, SiteStats] | None:
    """The kernel's site statistics with `merged` accesses costed as emitted, `laid` ones as the
    instructions of their layout and `unrolled` ones (site id -> (bytes per lane of the unrolled
    body's instructions, iterations per unrolled step, bytes per lane of the remainder's)) as the
    body and remainder of a run-time trip count (sass/facts.py `runtime_unroll_on_line`); None when
    an access's addresses do not fit (the caller keeps the numbers as written)."""
    it = MergedEvaluation(unit, kernel, config, arch, merged=merged, laid=laid, unrolled=unrolled)
    try:
        return it.run()
    except NotMerged:
        return None
