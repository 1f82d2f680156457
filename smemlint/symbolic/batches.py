"""Batched evaluations: several virtual blocks in one run of the lane evaluator (interp.py), split
where they need different kinds of values (values.RowDivergence). The residue sweep of an unknown
integer (analysis.py) and the blocks of a grid (`block_records`) go this way."""
from __future__ import annotations

import dataclasses

from .. import ir
from .interp import Interpreter
from .stats import LaunchConfig, SiteStats
from .values import RowDivergence

SPLIT_DOWN_TO = 4  # a diverging group whose divergence names no split is halved down to this size, then run one by one


def split_sides(group: tuple[int, ...], rows) -> list[tuple[int, ...]] | None:  # noqa: ANN001
    """The two groups of rows (residues, blocks) a RowDivergence says go different ways (its `rows`,
    one per row of `group`); None when it does not say, or says nothing that splits the group."""
    if rows is None or getattr(rows, "shape", None) != (len(group),):
        return None
    one = tuple(r for r, way in zip(group, rows) if way)
    other = tuple(r for r, way in zip(group, rows) if not way)
    return [other, one] if one and other else None


def block_records(unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str,
                  blocks: list[tuple[int, int, int]]) -> dict[tuple, dict[int, SiteStats]] | None:
    """Per block, per site: its requests and costs when that block is evaluated; None where an
    evaluation stops at the step budget. The blocks are evaluated together, blockIdx a column of
    their indices (interp.py's batched evaluation: one step for every block), split where they need
    different kinds of values (RowDivergence), one by one at the end."""
    out: dict[tuple, dict[int, SiteStats]] = {}
    groups = [tuple(blocks)] if len(blocks) > 1 else []
    singles = list(blocks) if len(blocks) == 1 else []
    while groups:
        group = groups.pop()
        try:
            it = Interpreter(unit, kernel, config, arch, blocks=group)
            it.run()
        except RowDivergence as e:
            sides = split_sides(group, e.rows)
            if sides:
                for side in sides:
                    (singles.extend if len(side) == 1 else groups.append)(side)
            elif len(group) > SPLIT_DOWN_TO:
                groups += [group[len(group) // 2:], group[:len(group) // 2]]
            else:
                singles += group
            continue
        except Exception:  # noqa: BLE001 - the step budget, or nesting: one run per block gives the answer
            singles += group
            continue
        for r, b in enumerate(group):
            out[b] = {sid: _row_record(st, r) for sid, st in it.stats.items()}
    for b in singles:
        it = Interpreter(unit, kernel, dataclasses.replace(config, block_idx=b), arch)
        it.run()
        if any(text.startswith("analysis stopped after") for _, _, text in it.notes):
            return None
        out[b] = it.stats
    return out


def _row_record(st: SiteStats, r: int) -> SiteStats:
    """Row `r` of a batched evaluation's site: what the evaluation of that block alone records."""
    rec = SiteStats(st.site, st.symbol, st.space, st.width, requests=int(st.row_requests[r]),
                    unpredictable=st.unpredictable if st.row_unpredictable[r] else None)
    cost, ideal = int(st.row_cost[r]), int(st.row_ideal[r])
    if st.space == "shared":
        rec.wavefronts, rec.ideal = cost, ideal
    else:
        rec.sectors, rec.ideal_sectors = cost, ideal
    return rec
