"""From a file to per-access predictions: parse, extract, resolve the launch, evaluate lanes.

The records it fills (results.py) mirror OUTPUT.md's `accesses` and `kernels`
entries, so the JSON renderer is a mapping, not a translation.
"""
from __future__ import annotations

import dataclasses
import errno
import os
import stat
import time

from . import ir
from .config import Settings
from .lower.calltree import unmodelled_memory_note
from .lower.extract import extract, read_source
from .parse.flags import ParseOptions
from .parse.includes import include_dirs_of, project_headers
from .parse.translation import parse
from .parse.written import written_kernels
from .as_compiled import apply_predicted_merges, attach_kernel_facts
from .results import AccessResult, FileResult, KernelResult, internal_error_message, per_request
from .symbolic.assumed import fit as fit_assumed, unreached_loop_loads
from .symbolic.batches import SPLIT_DOWN_TO, block_records, split_sides
from .symbolic.block_shift import block_shapes, period
from .symbolic.edge_blocks import last_block, executed_elsewhere, reached_by
from .symbolic.grid_search import search as search_grid
from .symbolic.interp import Interpreter
from .symbolic.recorder import Recorder, analysed_key, may_race
from .symbolic.steering import unsteered
from .symbolic.stats import STEP_BUDGET, LaunchConfig, SiteStats, data_dependence
from .symbolic.values import RowDivergence
from .model.arch import ASSUMED_CARRY_OVER, get_arch
from .symbolic.launch import DEFAULT_INT_PARAM, Resolved, resolve
from .reach import reached_functions
from .undefined_names import note as undefined_note, undefined_macros

MAX_FILE_BYTES = 8 * 1024 * 1024
SWEEP_RESIDUES = 32  # a stride's bank behaviour depends only on its residue modulo 32 words
SWEEP_STEPS = 300_000  # evaluation steps (of one block) allowed for the residue sweep of one kernel (about a second)
MAX_SWEPT_PARAMS = 2


def run_kernel(unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str, dims_override=None,
               remap=None, sweep: str | None = None, sweep_budget: int | None = None,
               costed: frozenset[str] | None = None, residues: tuple[int, ...] | None = None,
               record: bool = False) -> Interpreter:
    """Evaluate `kernel` for one block; with `sweep`, for one block per residue of that parameter, in
    at most `sweep_budget` steps (a step of the batched run counts as more than one: interp.py).
    `costed`: cost only the accesses of these symbols (keys). `record`: keep lanes too (symbolic/recorder.py)."""
    it = (Recorder if record else Interpreter)(unit, kernel, config, arch, dims_override, remap, sweep=sweep,
                                               sweep_budget=sweep_budget, costed=costed, residues=residues)
    it.run()
    return it


def _site_metric(st: SiteStats) -> float | None:
    if st.unpredictable or st.requests == 0:
        return None
    if st.space == "shared":
        return st.wavefronts / st.requests
    if st.space == "global":
        return st.sectors / st.requests
    return None


def _condition(name: str, worst_residues: set[int], sampled: list[int]) -> str:
    for m in (32, 16, 8, 4, 2):
        for b in range(m):
            if worst_residues == {r for r in sampled if r % m == b}:
                return f"{name} % {m} == {b}"
    return f"{name} % 32 in {{{', '.join(str(r) for r in sorted(worst_residues))}}}"


def _sweep_cost(base_run: Interpreter, swept: list[str]) -> int:
    """The least the sweep can cost: one batched evaluation (all residues) per swept parameter, each
    with as many steps as the main evaluation, each step counting as at least one of one block.

    Each batched run is then stopped at its share of SWEEP_STEPS, counting its steps and the size
    of the values it makes (stats.SWEEP_ELEMENTS_PER_STEP): a kernel whose values mostly depend on
    the parameter, in a large block, costs more than its steps.
    """
    if base_run.steps > STEP_BUDGET:
        return SWEEP_STEPS + 1  # the main evaluation was cut short: a batched one would be too
    return base_run.steps * min(len(swept), MAX_SWEPT_PARAMS)


def _one_by_one_cost(base_run: Interpreter, swept: list[str]) -> int:
    """Steps of the fallback: 31 more evaluations of one block per swept parameter."""
    return base_run.steps * (SWEEP_RESIDUES - 1) * min(len(swept), MAX_SWEPT_PARAMS)


def _residue_metrics(unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str, name: str,
                     base_run: Interpreter, one_by_one: bool = True,
                     budget: int | None = None) -> dict[int, dict[int, float]] | None:
    """Per site, per residue r of `name` (value base - base % 32 + r): the site's metric where predicted.

    One batched evaluation of all residues (in at most `budget` steps). Where it cannot stand for
    separate ones (RowDivergence: the residues need different kinds of values), and `one_by_one`
    allows the cost, the residues are split into the two sides the divergence names and each side
    batched again (a side may diverge again later in the kernel); where it names none, they are
    halved, down to SPLIT_DOWN_TO, then run one by one; a run that goes over its budget or nesting
    limit is also redone one by one. Without `one_by_one`: None.
    """
    base = config.params[name]
    here = base % SWEEP_RESIDUES
    by_site: dict[int, dict[int, float]] = {}

    def take(it: Interpreter, residues: tuple[int, ...]) -> None:
        for sid, st in it.stats.items():
            metrics = st.row_metrics() if it.sweep else [_site_metric(st)]
            for r, m in zip(residues, metrics):
                if r == here:
                    m = _site_metric(base_run.stats[sid])  # the same launch as the main evaluation
                if m is not None:
                    by_site.setdefault(sid, {})[r] = m

    groups = [tuple(range(SWEEP_RESIDUES))]
    singles: list[int] = []
    while groups:
        group = groups.pop()
        try:
            it = run_kernel(unit, kernel, config, arch, sweep=name, sweep_budget=budget, residues=group)
        except RowDivergence as e:
            if not one_by_one:
                return None
            sides = split_sides(group, e.rows)
            if sides:
                for side in sides:
                    (singles.extend if len(side) == 1 else groups.append)(side)
            elif len(group) > SPLIT_DOWN_TO:
                half = len(group) // 2
                groups += [group[half:], group[:half]]
            else:
                singles += group
            continue
        except Exception:  # noqa: BLE001 - one run per residue below gives the exact answer (or the same error)
            if not one_by_one:
                return None
            singles += group
            continue
        take(it, group)
    for r in sorted(singles):
        params = dict(config.params)
        params[name] = base - here + r
        if r == here:
            it = base_run  # the same launch as the main evaluation: no need to run it again
        else:
            it = run_kernel(unit, kernel, dataclasses.replace(config, params=params), arch)
        take(it, (r,))
    return by_site


def _sweep(unit: ir.TranslationUnit, kernel: ir.Kernel, resolved: Resolved, arch: str,
           swept: list[str], base_run: Interpreter) -> tuple[dict[int, dict], list[str]]:
    """Worst case over the residues of runtime parameters that were assumed, per site; and the
    parameters whose sweep was too costly (the caller says so)."""
    worst: dict[int, dict] = {}
    if base_run.budget_sampled or _sweep_cost(base_run, swept) > SWEEP_STEPS:
        return {}, list(swept)  # a kernel too costly to evaluate whole is not evaluated 31 more times
    one_by_one = _one_by_one_cost(base_run, swept) <= SWEEP_STEPS  # what the sweep cost before batching
    budget = SWEEP_STEPS // max(1, min(len(swept), MAX_SWEPT_PARAMS))
    skipped = []
    for name in swept[:MAX_SWEPT_PARAMS]:
        base = resolved.config.params[name]
        by_site = _residue_metrics(unit, kernel, resolved.config, arch, name, base_run, one_by_one, budget)
        if by_site is None:
            skipped.append(name)
            continue
        for sid, values in by_site.items():
            top = max(values.values())
            here = values.get(base % SWEEP_RESIDUES)
            if here is not None and top <= here + 1e-9:
                continue
            residues = {r for r, v in values.items() if abs(v - top) < 1e-9}
            prev = worst.get(sid)
            if prev is None or top > prev["value"]:
                worst[sid] = {"value": round(top, 4), "condition": _condition(name, residues, sorted(values))}
    if skipped and len(skipped) == len(swept[:MAX_SWEPT_PARAMS]):
        skipped = list(swept)  # as when the whole sweep is skipped at once
    return worst, skipped


MULTI_BLOCK_STEPS = 50_000  # evaluation steps the other blocks of the grid may take together
_SUMMED = ("requests", "wavefronts", "ideal", "sectors", "ideal_sectors")
INTERIOR_SAMPLE = 8  # interior blocks evaluated per dimension: a 32-byte sector's alignment repeats within 8 blocks


def _block_classes(g: int) -> list[tuple[int, float]]:
    """(blockIdx, how many of the grid's blocks it stands for) along one dimension of `g` blocks: the
    first and the last on their own (guards like `i > 0`, `i < n - 1` cut them), the interior whole
    when it has at most INTERIOR_SAMPLE blocks, else by blocks 1..INTERIOR_SAMPLE (which must then
    agree: _blocks_average checks)."""
    if g <= INTERIOR_SAMPLE + 2:
        return [(b, 1.0) for b in range(g)]
    share = (g - 2) / INTERIOR_SAMPLE
    return [(0, 1.0)] + [(b, share) for b in range(1, INTERIOR_SAMPLE + 1)] + [(g - 1, 1.0)]


def _proved_classes(shape: str, g: int) -> list[tuple[int, float]]:
    """(blockIdx, blocks it stands for) along a dimension block_shift.py proved: block 0 for all of
    them ("same"), or for all but the last, which is evaluated too ("edge")."""
    return [(0, float(g))] if shape == "same" else [(0, float(g - 1)), (g - 1, 1.0)]


def _blocks_average(unit: ir.TranslationUnit, kernel: ir.Kernel, resolved: Resolved, arch: str,
                    base: Interpreter) -> tuple[dict[int, tuple[dict, tuple, float, SiteStats]], str, dict[int, str]]:
    """Issue 12 item 4: what the hardware counters report is the average over every block of the
    grid, not block (0,0,0). For each site: the sums of its requests and costs over the grid (each
    evaluated block weighted by the blocks it stands for), the costliest block and its per-request
    cost. Only with a grid the launch gives, for the dimensions the kernel reads blockIdx of, and
    within MULTI_BLOCK_STEPS; a site whose interior blocks disagree (the alignment shifts from block
    to block) keeps block 0's figures. Returns ({site id: (sums, worst block, its cost, the record of a
    block that executed it)}, a note)."""
    grid = resolved.config.grid
    dims = [d for d, axis in enumerate("xyz") if f"blockIdx.{axis}" in kernel.uses and grid[d] > 1]
    if resolved.launch is None or resolved.launch.grid is None or not dims:
        return {}, "", {}
    # along a dimension whose blockIdx only moves addresses by whole lines and decides no branch differently
    # between its blocks, block 0 stands for every block ("same"), or for every block but the last ("edge")
    shapes = block_shapes(unit, kernel, resolved.config, arch, dims)
    same = {d for d, shape in shapes.items() if shape == "same"}
    if len(same) == len(dims):  # block (0,0,0)'s figures are every block's: its worst iteration and case too
        return {}, f"every block of the grid costs what block (0,0,0) does (blockIdx moves its addresses by whole " \
                   f"{period(arch)}-byte lines and decides no branch differently)", {}
    per_dim = [_proved_classes(shapes[d], grid[d]) if d in shapes else _block_classes(grid[d]) if d in dims
               else [(0, 1.0)] for d in range(3)]
    blocks = [((x, y, z), wx * wy * wz) for x, wx in per_dim[0] for y, wy in per_dim[1] for z, wz in per_dim[2]]
    # (one more block, the last of an "edge" dimension, makes the average exact: it is always evaluated)
    if base.steps * (len(blocks) - 1) > MULTI_BLOCK_STEPS and len(blocks) > 2:
        others = f"the other {len(blocks) - 1} blocks"
        return {}, f"evaluated for block (0,0,0) only ({others} evaluated for the grid's average would cost too " \
                   "much)", {}
    records = block_records(unit, kernel, resolved.config, arch, [b for b, _ in blocks if b != (0, 0, 0)])
    if records is None:
        return {}, "", {}
    records[(0, 0, 0)] = base.stats
    runs = [(b, w, records[b]) for b, w in blocks]
    sampled = [d for d in dims if grid[d] > INTERIOR_SAMPLE + 2 and d not in shapes]  # whose interior is a sample

    def interior_agrees(site_id: int) -> bool:
        """Along each sampled dimension, the interior blocks with the same other coordinates cost the
        same (else a few of them do not stand for the rest)."""
        for d in sampled:
            groups: dict[tuple, set] = {}
            for b, _, it in runs:
                if 1 <= b[d] <= INTERIOR_SAMPLE:
                    m = _site_metric(it[site_id])
                    if m is not None:
                        groups.setdefault(tuple(b[e] for e in range(3) if e != d), set()).add(round(m, 9))
            if any(len(ms) > 1 for ms in groups.values()):
                return False
        return True

    out: dict[int, tuple[dict, tuple, float, SiteStats]] = {}
    spread: list | None = None  # blocks spread over the grid, evaluated where the first ones disagree
    how = "averaged over the grid's blocks (the first, the last and the interior of each dimension)"
    edges = [("xyz"[d], grid[d]) for d, shape in sorted(shapes.items()) if shape == "edge"]
    if edges:
        how = how[:-1] + "; " + ", ".join(f"along {axis} block 0 stands for blocks 0-{g - 2}" for axis, g in edges) + \
            f": blockIdx moves their addresses by whole {period(arch)}-byte lines and decides no branch differently)"
    for site in kernel.sites:
        stats = [(b, w, it[site.id]) for b, w, it in runs]
        if any(st.unpredictable or st.space not in ("shared", "global") for _, _, st in stats if st.requests):
            continue
        if not interior_agrees(site.id):
            # The interior blocks differ (a trip count that grows with blockIdx, as in llm.c's
            # attention_softmax_kernel1 `for (t2 = 0; t2 <= t; ...)`): the first blocks are an edge,
            # not the grid; blocks spread evenly over it estimate its average.
            if spread is None:
                spread = _spread_runs(unit, kernel, resolved, arch, base, grid, [d for d in dims if d not in shapes],
                                      shapes)
            if not spread:
                continue
            stats = [(b, w, it[site.id]) for b, w, it in spread]
            if any(st.unpredictable for _, _, st in stats if st.requests):
                continue
            how = f"averaged over the grid's blocks (where its first blocks cost an access differently: {SPREAD_SAMPLE} " \
                  "blocks spread evenly over each dimension, an estimate)"
        figures = _grid_figures(stats)
        if figures is not None:
            out[site.id] = figures
    searched = _search_unreached(unit, kernel, resolved, arch, base, dims, records, out)
    return out, how if set(out) - set(searched) else "", searched


def _grid_figures(stats: list) -> tuple[dict, tuple, float, SiteStats] | None:
    """A site's sums over weighted blocks ((block, blocks it stands for, its record) each), its
    costliest block and that block's cost per request, and the record of a block that executed it;
    None where no block makes a request of it."""
    sums = {k: sum(w * getattr(st, k) for _, w, st in stats) for k in _SUMMED}
    costs = [(b, _site_metric(st)) for b, _, st in stats if st.requests]
    if not sums["requests"] or not costs:
        return None
    worst_b, worst_v = max(costs, key=lambda bv: (bv[1] or 0.0))
    return sums, worst_b, worst_v or 0.0, next(st for _, _, st in stats if st.requests)


def _search_unreached(unit: ir.TranslationUnit, kernel: ir.Kernel, resolved: Resolved, arch: str,
                      base: Interpreter, dims: list[int], records: dict, out: dict) -> dict[int, str]:
    """The accesses none of the grid's sampled blocks (`records`) reaches, where a dimension of the
    grid was sampled (not evaluated whole): blocks spread over the grid that reach them
    (symbolic/grid_search.py) give their figures, added to `out`; an access they reach at an address
    it cannot follow takes that reason in `base`'s record. Returns {site id: the note saying so}."""
    grid = resolved.config.grid
    if not any(grid[d] > INTERIOR_SAMPLE + 2 for d in dims):
        return {}
    unreached = [site.id for site in kernel.sites if site.id not in out and not base.stats[site.id].executions
                 and not any(rec[site.id].requests or rec[site.id].unpredictable for rec in records.values())]
    if unreached:  # a global atomicAdd's loop load is reached by no block: not searched for
        never = unreached_loop_loads(unit, kernel)
        unreached = [sid for sid in unreached if sid not in never]
    found = search_grid(unit, kernel, resolved.config, arch, dims, unreached, dict(records), base.steps) \
        if unreached else None
    if found is None:
        return {}
    runs, reached = found
    notes: dict[int, str] = {}
    for sid in sorted(reached):
        stats = [(b, w, rec[sid]) for b, w, rec in runs]
        unfollowed = next((st for _, _, st in stats if st.unpredictable), None)
        if unfollowed is not None:  # "cannot predict" and why, not "not executed"
            st = base.stats[sid]
            st.unpredictable, st.symbol, st.space = unfollowed.unpredictable, unfollowed.symbol, unfollowed.space
            st.width = unfollowed.width
            continue
        figures = _grid_figures(stats)
        if figures is None or figures[3].space not in ("shared", "global"):
            continue
        out[sid] = figures
        running = sum(1 for _, _, st in stats if st.requests)
        over = f"every block of the grid ({len(runs)})" if all(w == 1.0 for _, w, _ in runs) else \
            f"{len(runs)} blocks spread over the grid (one in each of {len(runs)} equal parts)"
        notes[sid] = f"averaged over {over}, {running} of which run it (none of the blocks sampled for the grid's " \
                     "average does)"
    return notes


SPREAD_SAMPLE = 8  # blocks per dimension spread over a grid whose first blocks do not stand for it


def _spread_runs(unit: ir.TranslationUnit, kernel: ir.Kernel, resolved: Resolved, arch: str, base: Interpreter,
                 grid: tuple[int, int, int], dims: list[int], shapes: dict[int, str]) -> list:
    """Evaluations of one block in each of SPREAD_SAMPLE equal parts of each long dimension (every
    block of a short one), each weighted by the blocks its part holds (a dimension block_shift.py
    proved: its block 0 and last block, _proved_classes); [] where they would cost more than
    MULTI_BLOCK_STEPS or one stops at the step budget."""
    per_dim = []
    for d in range(3):
        g = grid[d] if d in dims else 1
        if d in shapes:
            per_dim.append(_proved_classes(shapes[d], grid[d]))
        elif g <= INTERIOR_SAMPLE + 2:
            per_dim.append([(b, 1.0) for b in range(g)])
        else:
            # near the middle of part k, one block further each part: a 32-byte sector's alignment,
            # which repeats within 8 blocks, is sampled at each of its phases, and neither edge block
            # (the grid's first and last, which guards cut) stands for a part
            part = g // SPREAD_SAMPLE
            per_dim.append([(k * part + (part // 2 + k) % part, g / SPREAD_SAMPLE) for k in range(SPREAD_SAMPLE)])
    blocks = [((x, y, z), wx * wy * wz) for x, wx in per_dim[0] for y, wy in per_dim[1] for z, wz in per_dim[2]]
    if base.steps * len(blocks) > MULTI_BLOCK_STEPS:
        return []
    records = block_records(unit, kernel, resolved.config, arch, [b for b, _ in blocks])
    return [] if records is None else [(b, w, records[b]) for b, w in blocks]


def _fit_assumed(unit: ir.TranslationUnit, kernel: ir.Kernel, resolved: Resolved, arch: str,
                 it: Interpreter, record: bool = False, memo: dict | None = None) -> tuple[Resolved, Interpreter]:
    """The launch with assumed integers lowered where the default leaves accesses unreached that a
    smaller value reaches (symbolic/assumed.py), and its evaluation; the assumptions say why. Under a
    grid no launch gives, what its last block reaches counts too (symbolic/edge_blocks.py)."""
    config = resolved.config
    # the assumed integer parameters it read, and the integer fields (`params.depth`) of a struct
    # passed by value it read, at their assumed size (launch.py): fitted alike
    fields = {name: v for name, v in config.field_values.items()
              if v == DEFAULT_INT_PARAM and name.split(".", 1)[0] in it.params_read}
    read = [p for p in sorted(it.params_read) if p in config.assumed_params] + sorted(fields)
    if not read:
        return resolved, it

    def with_values(values: dict[str, int]) -> LaunchConfig:
        return dataclasses.replace(config, params={k: v for k, v in values.items() if k in config.params},
                                   field_values={**config.field_values,
                                                 **{k: v for k, v in values.items() if k in fields}})

    start = {**config.params, **fields}
    last = last_block(kernel, resolved)
    values, it, gained = fit_assumed(start, read, it, lambda trial: run_kernel(
        unit, kernel, with_values(trial), arch, record=record),
        reached_by(unit, kernel, with_values, arch, last, it.steps, memo) if last is not None else None,
        lambda: unreached_loop_loads(unit, kernel) | unsteered(unit, kernel, read))
    if not gained:
        return resolved, it
    lines = {site.id: site.span.line for site in kernel.sites}
    sources = dict(resolved.param_sources)
    for name, sites in gained.items():
        where = sorted({lines[s] for s in sites if s in lines})
        sources[name] = f"{name} = {values[name]} assumed (at {start[name]} no thread reaches line" \
                        f"{'s' if len(where) > 1 else ''} {', '.join(map(str, where))}; not a constant at a " \
                        f"launch in this file)"
    return dataclasses.replace(resolved, config=with_values(values), param_sources=sources), it


def analyze_kernel(unit: ir.TranslationUnit, kernel: ir.Kernel, settings: Settings,
                   lanes: dict | None = None) -> KernelResult:
    setting_block, setting_source = settings.block_for(kernel.name)
    resolved = resolve(kernel, unit, setting_block, setting_source)
    record = lanes is not None and may_race(kernel)  # its run kept in `lanes` (the rules' cache: recorder.py)
    it = run_kernel(unit, kernel, resolved.config, settings.arch, record=record)
    blocks_run: dict = {}  # the last block's evaluations, asked by the fit and by executed_elsewhere
    resolved, it = _fit_assumed(unit, kernel, resolved, settings.arch, it, record, blocks_run)
    if record:
        lanes[analysed_key(kernel.key)] = it  # type: ignore[index]
    base_assumptions = [resolved.block_source]
    if kernel.representative:
        base_assumptions.insert(0, f"representative instance {kernel.name}: no launch or instantiation of this template "
                                f"was found, so it was analysed with {kernel.representative}; other instances may differ")
    if resolved.other_blocks:
        base_assumptions.append("other launches in this file use block " +
                                ", ".join(f"({b[0]},{b[1]},{b[2]})" for b in resolved.other_blocks) +
                                "; analysed with the first")
    if any(u.startswith("gridDim") for u in kernel.uses):
        base_assumptions.append(resolved.grid_source)
    averaged: dict = {}
    searched: dict[int, str] = {}  # the accesses only blocks spread over the grid reach: why their figures are theirs
    over_grid = False
    if any(u.startswith("blockIdx") for u in kernel.uses) or resolved.grid_spread:
        averaged, how, searched = _blocks_average(unit, kernel, resolved, settings.arch, it)
        # the sampled blocks averaged an access (else `averaged` holds only what block (0,0,0) does not
        # execute, or what only blocks spread over the grid reach)
        over_grid = bool(set(averaged) - set(searched))
        if not averaged and it.steps <= MULTI_BLOCK_STEPS:  # a grid no launch gives: what else it stands for
            averaged, how = executed_elsewhere(unit, kernel, resolved, settings.arch, it, blocks_run) or (averaged, how)
        base_assumptions.append(how or "evaluated for block (0,0,0)")
    read = sorted(it.params_read)
    base_assumptions += [resolved.param_sources[p] for p in read if p in resolved.param_sources]
    # a field of a struct read whose assumed value the fit changed (`params.depth = 256 assumed ...`)
    base_assumptions += [text for name, text in sorted(resolved.param_sources.items())
                         if "." in name and name.split(".", 1)[0] in it.params_read]
    base_assumptions += list(resolved.pointer_sources)
    assumed = [p for p in read if resolved.param_sources.get(p, "").endswith("in this file)")]
    worst, skipped = _sweep(unit, kernel, resolved, settings.arch, assumed, it) if assumed else ({}, [])
    if skipped:
        base_assumptions.append(f"worst case over the residues of {', '.join(skipped)} not computed "
                                f"(the kernel is too costly to re-evaluate {SWEEP_RESIDUES - 1} more times)")
    block = resolved.config.block
    stopped = any(text.startswith("analysis stopped after") for _, _, text in it.notes)
    accesses = []
    ld_bytes = ld_sectors = st_bytes = st_sectors = 0
    for site in kernel.sites:
        st = it.stats[site.id]
        if ir.spin_loop_load(site.op, site.instruction) and st.space != "shared" \
                and site.id not in averaged:
            continue  # a compare-and-swap loop's load: in shared memory only (a global atomic is one instruction)
        assumptions = list(base_assumptions)
        assumptions += sorted(st.notes)
        assumptions += [text for first, last, text in it.notes if first <= site.span.line <= last]
        if site.id in searched:
            assumptions.append(searched[site.id])
        predictable = True
        wf = ideal = sec = ideal_sec = None
        worst_block = None
        grid_sums = averaged.get(site.id)
        requests = grid_sums[0]["requests"] if grid_sums else st.requests
        if over_grid and not grid_sums and st.requests and not st.unpredictable and st.space in ("shared", "global"):
            assumptions.append("block (0,0,0)'s figures: the grid's blocks cost this access differently in a "
                               "way a few of them cannot average (its alignment moves from block to block)")
        if st.unpredictable:
            predictable = False
            assumptions.append(f"cannot predict: {st.unpredictable}")
        elif not grid_sums and (st.executions == 0 or (st.requests == 0 and st.space in ("shared", "global"))):
            predictable = False
            assumptions.append("cannot predict: the evaluation stopped (step budget) before reaching it"
                               if stopped else
                               "cannot predict: not executed by any thread under the assumed launch")
        elif grid_sums:
            sums, worst_b, worst_v, ran = grid_sums
            if st.space is None:  # block (0,0,0) does not reach it (`if (blockIdx.x == 1)`): a block that does says
                st.symbol, st.space, st.width = ran.symbol, ran.space, ran.width  # what memory it reads
            if st.space == "shared":
                wf, ideal = per_request(sums["wavefronts"], sums["requests"]), per_request(sums["ideal"], sums["requests"])
            else:
                sec, ideal_sec = per_request(sums["sectors"], sums["requests"]), per_request(sums["ideal_sectors"], sums["requests"])
            average = wf if wf is not None else sec
            if abs(worst_v - average) > 0.005:
                measure = "wavefronts" if wf is not None else "sectors"
                assumptions.append(f"the costliest block, ({worst_b[0]},{worst_b[1]},{worst_b[2]}), needs "
                                   f"{worst_v:.2f} {measure} per request; {average:.2f} is the grid's average")
                worst_block = {"block": list(worst_b), f"{measure}_per_request": round(worst_v, 4)}
            if sec is not None:
                if site.op == "ld":
                    ld_bytes, ld_sectors = ld_bytes + st.distinct_bytes, ld_sectors + st.sectors
                elif site.op == "st":
                    st_bytes, st_sectors = st_bytes + st.distinct_bytes, st_sectors + st.sectors
        elif st.space == "shared":
            wf, ideal = per_request(st.wavefronts, st.requests), per_request(st.ideal, st.requests)
        elif st.space == "global":
            sec, ideal_sec = per_request(st.sectors, st.requests), per_request(st.ideal_sectors, st.requests)
            # the kernel's load and store efficiencies are ncu's ld and st ones: atomics are in neither
            if site.op == "ld":
                ld_bytes, ld_sectors = ld_bytes + st.distinct_bytes, ld_sectors + st.sectors
            elif site.op == "st":
                st_bytes, st_sectors = st_bytes + st.distinct_bytes, st_sectors + st.sectors
        worst_iteration = worst_iteration_of(st, wf if wf is not None else sec) if predictable and not grid_sums \
            else None
        worst_case = None
        if site.id in worst and predictable and not grid_sums:
            w = worst[site.id]
            key = "wavefronts_per_request" if st.space == "shared" else "sectors_per_request"
            worst_case = {key: w["value"], "condition": w["condition"]}
        space = st.space or ("shared" if site.symbol_hint in {s.name for s in kernel.shared} else None)
        accesses.append(AccessResult(
            site.span.file, site.span.line, site.span.column, site.span.end_line, site.span.end_column,
            kernel.name, space, site.op,
            site.symbol_hint if site.symbol_hint != "?" else (st.symbol.name if st.symbol else "?"),
            (st.width or site.width) * 8, block, predictable, wf, ideal, sec, ideal_sec, assumptions,
            worst_case, st, round(requests), site.text, instruction_line=st.instruction_line or site.instruction_line or None,
            instruction=site.instruction, worst_block=worst_block, worst_iteration=worst_iteration,
            data_dependent=data_dependence(st.notes)))
    notes = [t for _, _, t in it.notes]
    if not any(a.space in ("shared", "global") for a in accesses):  # its traffic a library's? (calltree.py)
        notes += unmodelled_memory_note(kernel, unit.functions)
    kr = KernelResult(kernel.span.file, kernel.span.line, kernel.name, block, base_assumptions, accesses,
                      notes, ir=kernel, unit=unit, config=resolved.config,
                      end_line=kernel.span.end_line, launched=resolved.launch is not None,
                      representative=bool(kernel.representative), key=kernel.key)
    if ld_sectors:
        kr.global_load_efficiency = round(min(1.0, ld_bytes / (ld_sectors * 32)), 4)
    if st_sectors:
        kr.global_store_efficiency = round(min(1.0, st_bytes / (st_sectors * 32)), 4)
    return kr


def worst_iteration_of(st, average: float | None) -> dict | None:
    """The costliest request of an access whose requests cost differently, and the loop iterations it ran
    in (issue 30 item 3: ncu's per-line number is the request-weighted mean over the iterations, and
    the worst iteration goes beside it); None outside loops or when no request costs more than the mean."""
    w = st.worst
    if w is None or not w.iterations or average is None or w.wavefronts - average <= 0.005:
        return None
    key = "wavefronts_per_request" if st.space == "shared" else "sectors_per_request"
    return {key: round(float(w.wavefronts), 4), "warp": w.warp,
            "loops": [{"line": line, "iteration": i, "variable": said or None} for line, i, said in w.iterations]}


def iteration_words(worst_iteration: dict | None) -> str:
    """`in iteration 8 of the loop at line 67 (d = 2)`, innermost loop first; "" without one."""
    if not worst_iteration:
        return ""
    parts = [f"iteration {lp['iteration']} of the loop at line {lp['line']}" + (f" ({lp['variable']})" if lp["variable"]
                                                                               else "")
             for lp in reversed(worst_iteration["loops"])]
    return "in " + ", ".join(parts)


_TEXT_CONTROLS = {9, 10, 11, 12, 13, 27}  # tab, newlines, form feed, escape (colour codes in comments)


def _is_binary(data: bytes) -> bool:
    head = data[:65536]
    if b"\0" in head:
        return True
    # No NUL but mostly control bytes (compressed data, some object formats): not source either.
    controls = sum(1 for b in head if (b < 32 and b not in _TEXT_CONTROLS) or b == 127)
    return controls * 10 > len(head)


def parse_options(settings: Settings) -> ParseOptions:
    from .cache import cache_dir  # the precompiled bundled header is kept beside the cached results

    return ParseOptions(tuple(settings.include), tuple(settings.define), (), (), settings.std,
                        settings.cuda_headers, settings.arch, settings.compile_commands,
                        pch_dir=settings.pch_dir or str(cache_dir() / "pch"))


def analyze_file(path: str, settings: Settings, text: str | None = None, parsed=None,
                 focus: int | None = None, host=None) -> FileResult:
    """Everything smemlint knows about one file; never raises on bad input.

    `parsed` is a ParseResult of this file (and text) made by the caller: the editor keeps
    translation units and reparses them instead of parsing from scratch. `focus` (a line): only the
    kernel defined around it is analysed (the editor re-linting the kernel an edit was in). `host`
    (a host.kept.KeptHost): the host facts a whole lint keeps in it and a focused lint reuses.
    """
    t0 = time.perf_counter()
    result = FileResult(path)
    try:
        if text is None:
            try:
                st = os.stat(path)
                if not stat.S_ISREG(st.st_mode):  # a FIFO or device named .cu would block the read
                    return _error(result, "not a regular file", t0)
                size = st.st_size
                if size > MAX_FILE_BYTES:
                    return _error(result, f"file is {size // (1024 * 1024)} MB; files over "
                                          f"{MAX_FILE_BYTES // (1024 * 1024)} MB are not linted", t0)
                with open(path, "rb") as fh:
                    data = fh.read(MAX_FILE_BYTES + 1)
            except OSError as e:
                return _error(result, _unreadable(path, e), t0)
            if len(data) > MAX_FILE_BYTES:  # grew since stat
                return _error(result, f"file is over {MAX_FILE_BYTES // (1024 * 1024)} MB; not linted", t0)
            if _is_binary(data):
                return _error(result, "binary file (contains NUL bytes), not CUDA source", t0)
            source = data.decode("utf-8", errors="replace")
            if "\ufffd" in source:
                result.notes.append("file is not valid UTF-8; undecodable bytes were replaced")
                text = source  # parse the repaired text, not the raw bytes
        else:
            source = text
        if parsed is None:
            parsed = parse(path, parse_options(settings), text)
        result.parse_mode = parsed.mode
        result.notes += parsed.notes
        arch = get_arch(settings.arch)
        if not arch.measured:
            result.notes.append(ASSUMED_CARRY_OVER.format(name=arch.name))
        if parsed.tu is not None:
            result.includes = included_files(parsed.tu)
        if host is not None:  # (the editor's parse lists no header in its preamble: they are read from the text)
            host.headers(project_headers(path, source, include_dirs_of(parsed.args) +
                                         [f[2:] for f in parsed.args if f.startswith("-I") and len(f) > 2]))
        if parsed.tu is None:
            return _error(result, "; ".join(parsed.errors) or "clang could not parse the file", t0)
        if parsed.missing_includes:
            result.notes.append("missing includes (analysed what parsed): " +
                                ", ".join(sorted(set(parsed.missing_includes))))
        elif parsed.errors:
            result.notes.append(f"{len(parsed.errors)} compile error(s); analysed what parsed. First: "
                                f"{parsed.errors[0]}")
        undefined = undefined_macros(parsed.errors)
        if undefined:
            result.notes.append(undefined_note(undefined, bool(parsed.missing_includes)))
        result.source = source
        result.kernels_written = [name for name, _ in written_kernels(source)]
        unit = extract(parsed.tu, path, source, focus, dict(settings.values_elsewhere) or None, settings.arch, host,
                       settings.program_args)
        result.unit = unit
        result.arguments_out, result.asked_elsewhere = unit.arguments_out, unit.asked_elsewhere
        defined = {k.key for k in unit.kernels}
        result.launches_of_others = [s for s in unit.launches if s.kernel not in defined]
        result.kernels_launched = sorted({s.kernel for s in unit.launches})
        unit.launches += [s for s in settings.launches_elsewhere if s.kernel in defined - set(result.kernels_launched)]
        result.reached_functions = sorted(reached_functions(unit))
        if focus is None:
            result.kernels_not_compiled = [n for n in result.kernels_written if n not in unit.defined_kernels]
        result.notes += unit.notes
        for kernel in unit.kernels:
            try:
                kr = analyze_kernel(unit, kernel, settings, result.cache)
                if not settings.sass:  # with --sass the SASS says what was merged (attach_sass)
                    apply_predicted_merges(kr, settings.arch)
                result.kernels.append(kr)
            except Exception as e:  # noqa: BLE001 - one kernel's failure must not lose the file
                result.notes.append(f"kernel {kernel.name}: analysis failed ({type(e).__name__}: {e})")
    except Exception as e:  # noqa: BLE001
        if os.environ.get("SMEMLINT_DEBUG", "") not in ("", "0"):
            import traceback

            traceback.print_exc()
        return _error(result, internal_error_message(e), t0)
    result.seconds = time.perf_counter() - t0
    return result


def _unreadable(path: str, e: OSError) -> str:
    """Why a file could not be read, in the user's terms."""
    if e.errno == errno.ELOOP:
        return "symbolic link loop (the link never reaches a file); not linted"
    if e.errno == errno.ENOENT:
        if os.path.islink(path):
            return "dangling symbolic link (its target does not exist); not linted"
        return "the file no longer exists (removed while smemlint ran?); not linted"
    return f"cannot read the file ({e.strerror or e})"


def included_files(tu) -> list[str] | None:
    """Every file clang included into the translation unit (what a cached result depends on); None
    if libclang could not list them (then the result is not cached)."""
    try:
        return sorted({inc.include.name for inc in tu.get_includes() if inc.include is not None})
    except Exception:  # noqa: BLE001 - only the cache needs this
        return None


def _error(result: FileResult, message: str, t0: float) -> FileResult:
    result.status = "error"
    result.error = message
    result.seconds = time.perf_counter() - t0
    return result


def attach_sass(result: FileResult, settings: Settings) -> None:
    """Compile the file (nvcc -cubin -lineinfo), attach each kernel's SASS facts, join widths to accesses.

    Only called when `--sass` is given and a SASS rule is enabled. Missing tools or a failed
    compile leave a note and no facts; the source analysis is never lost.
    """
    from .parse.flags import user_flags
    from .parse.includes import FALLBACK_DIR, LIBRARIES_DIR
    from .sass.facts import from_source

    options = parse_options(settings)
    try:
        on_disk = open(result.path, encoding="utf-8", errors="replace").read()
    except OSError:
        on_disk = None
    text = None if on_disk == result.source else result.source
    # smemlint's stand-ins for what the toolkit or the machine lacks (cuBLAS with a toolkit from PyPI,
    # torch's headers) are searched last by nvcc too, as by the parse (translation.clang_args): through
    # the host compiler's preprocessor, which nvcc runs on the device code as well
    after = ["-Xcompiler", f"-idirafter,{LIBRARIES_DIR},-idirafter,{FALLBACK_DIR}"]
    sr = from_source(result.path, settings.arch, [*user_flags(result.path, options), *after], text=text)
    result.notes += sr.notes
    if not sr.kernels:
        return
    for k in result.kernels:
        kf = sr.for_kernel(k.name)
        if kf is None:
            result.notes.append(f"SASS: no code found for kernel {k.name} (not instantiated, or inlined away)")
            continue
        attach_kernel_facts(k, kf, settings.arch)


# re-exported for rules that verify a fix
__all__ = ["AccessResult", "KernelResult", "FileResult", "analyze_file", "run_kernel", "read_source",
           "DEFAULT_INT_PARAM"]
