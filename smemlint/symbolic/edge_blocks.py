"""Code block (0,0,0) does not run, under a grid no launch gives (issue 30 item 1): the blocks past a
count, or a grid of one block along a dimension the assumed grid spreads over.

Where no launch gives the grid, the analysis evaluates block (0,0,0) only (analysis._blocks_average
averages over a grid the launch gives). Code for the blocks past a count (HeCBench eikonal's
`if (list_idx < nActiveBlock) copy(); else solve();` with `list_idx` from blockIdx) is then "not
executed by any thread", although every real run with more blocks than the count executes it:
a number lost to an assumed grid. The assumed grid's last block stands for those blocks: the
fit of assumed integers (assumed.py) counts what it reaches, and the accesses block (0,0,0) does
not execute take its figures, said so.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable

from .. import ir
from .batches import block_records
from .interp import Interpreter
from .launch import Resolved
from .stats import LaunchConfig, SiteStats

_SUMMED = ("requests", "wavefronts", "ideal", "sectors", "ideal_sectors")


def last_block(kernel: ir.Kernel, resolved: Resolved) -> tuple[int, int, int] | None:
    """The last block of an assumed grid (no launch gives it) along the dimensions whose blockIdx the
    kernel reads; None where a launch gives the grid or that block is (0,0,0)."""
    if resolved.launch is not None and resolved.launch.grid is not None:
        return None
    g = resolved.config.grid
    last = (g[0] - 1 if "blockIdx.x" in kernel.uses else 0, g[1] - 1 if "blockIdx.y" in kernel.uses else 0,
            g[2] - 1 if "blockIdx.z" in kernel.uses else 0)
    return last if any(last) else None


def executed_by(unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str,
                block: tuple[int, int, int], memo: dict | None = None) -> dict[int, SiteStats] | None:
    """Per site, what evaluating `block` alone records; None where it stops at the step budget.
    `memo` (one per kernel analysis) keeps each answer: the fit of assumed integers asks for the last
    block under the values it keeps, and executed_elsewhere asks again under the same ones (the
    records are only read)."""
    key = (block, repr(config))
    if memo is not None and key in memo:
        return memo[key]
    records = block_records(unit, kernel, config, arch, [block])
    stats = None if records is None else records[block]
    if memo is not None:
        memo[key] = stats
    return stats


def reached_by(unit: ir.TranslationUnit, kernel: ir.Kernel, config_of: Callable[[dict[str, int]], LaunchConfig],
               arch: str, block: tuple[int, int, int], steps: int,
               memo: dict | None = None) -> Callable[[dict[str, int]], tuple[frozenset[int], int] | None]:
    """For assumed.fit: the sites `block` reaches under a trial's integers (`config_of` makes the launch
    of them), and the steps that cost (taken as block (0,0,0)'s, `steps`); None where its evaluation stops."""
    def also(trial: dict[str, int]) -> tuple[frozenset[int], int] | None:
        stats = executed_by(unit, kernel, config_of(trial), arch, block, memo)
        if stats is None:
            return None
        return frozenset(sid for sid, st in stats.items() if st.executions or st.requests or st.unpredictable), steps
    return also


def _alternatives(kernel: ir.Kernel, resolved: Resolved) -> list[tuple[LaunchConfig, tuple[int, int, int], str]]:
    """What else an assumed grid stands for, for the accesses block (0,0,0) does not execute: its last
    block; and, where it was spread along y or z (launch.assumed_grid), block (0,0,0) of a grid of one
    block there (a small problem: `if (gridDim.y > 1) {...} else {...}` runs the else)."""
    out = []
    last = last_block(kernel, resolved)
    if last is not None:
        out.append((resolved.config, last, f"for the assumed grid's last block ({last[0]},{last[1]},{last[2]})"))
    if resolved.grid_spread:
        g = resolved.config.grid
        small = tuple(1 if d in resolved.grid_spread else g[d] for d in range(3))
        out.append((dataclasses.replace(resolved.config, grid=small), (0, 0, 0),
                    f"for a grid of one block along {' and '.join('xyz'[d] for d in resolved.grid_spread)} "
                    "(a small problem)"))
    return out


def _repeats(kernel: ir.Kernel, base: Interpreter, config: LaunchConfig, block: tuple[int, int, int],
             missing: list[int]) -> bool:
    """Would evaluating `block` under `config` repeat `base`'s evaluation, and so execute none of
    the `missing` accesses? So where they differ only in the grid, the kernel reads no `gridDim`
    (the grid's one use in an evaluation), `base` is a plain evaluation (a Recorder runs loops
    its own way), and no missing access has requests (an evaluation that records them takes them).
    A grid of one block along y of a kernel that never asks the grid's size is block (0,0,0) again."""
    return type(base) is Interpreter and not any(u.startswith("gridDim") for u in kernel.uses) \
        and dataclasses.replace(config, block_idx=block, grid=base.config.grid) == base.config \
        and not any(base.stats[sid].requests for sid in missing)


def executed_elsewhere(unit: ir.TranslationUnit, kernel: ir.Kernel, resolved: Resolved, arch: str,
                       base: Interpreter, memo: dict | None = None,
                       ) -> tuple[dict[int, tuple[dict, tuple, float, SiteStats]], str] | None:
    """The accesses block (0,0,0) does not execute but another block the assumed grid stands for does
    (_alternatives, the first that executes each): that block's figures ({site id: (sums, block, cost
    per request, its record)}, as analysis._blocks_average gives), and a note; an access executed at an
    address it cannot follow takes that reason (in `base`'s record) instead of "not executed by any
    thread". None where none is. `memo`: as executed_by's."""
    missing = [site.id for site in kernel.sites if not base.stats[site.id].executions
               and not base.stats[site.id].unpredictable]
    alternatives = _alternatives(kernel, resolved) if missing else []
    out: dict[int, tuple[dict, tuple, float, SiteStats]] = {}
    used: list[str] = []
    for config, block, words in alternatives:
        if _repeats(kernel, base, config, block, missing):
            continue
        stats = executed_by(unit, kernel, config, arch, block, memo)
        if stats is None:
            continue
        took = False
        for sid in list(missing):
            st = stats.get(sid)
            if st is None or not (st.executions or st.requests):
                continue
            missing.remove(sid)
            took = True
            if st.unpredictable:
                ran = base.stats[sid]
                ran.unpredictable, ran.symbol, ran.space, ran.width = st.unpredictable, st.symbol, st.space, st.width
                continue
            if not st.requests or st.space not in ("shared", "global"):
                continue
            cost = (st.wavefronts if st.space == "shared" else st.sectors) / st.requests
            out[sid] = ({k: getattr(st, k) for k in _SUMMED}, block, cost, st)
        if took:
            used.append(words)
    if not used:
        return None
    return out, "evaluated for block (0,0,0); the accesses it does not execute, " + "; then ".join(used)
