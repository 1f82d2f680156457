"""What the lane evaluator is given and gives back: the launch it evaluates under, what it counts
per access site, and the limits that keep an evaluation bounded."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .. import ir

MAX_LOOP_ITERATIONS = 64  # iterations simulated per loop execution; later ones are not sampled
UNKNOWN_TRIP_SAMPLE = 4  # iterations sampled when the trip count depends on data
MAX_CALL_DEPTH = 12
# Statements executed per kernel evaluation before giving up on the rest: room for one K iteration
# of a register-tiled GEMM and its epilogue (SGEMM_CUDA's autotuned and double-buffered kernels need
# about 70,000 for their first K iteration: at 60,000 the epilogue's float4 stores went unpredicted).
STEP_BUDGET = 120_000
# Past this many steps an outermost loop stops after its current iteration (its iterations so far
# are the sample), so that what follows it (a GEMM's epilogue after its K loop) is still evaluated.
# Only the outermost: an inner loop replayed from its memo (exec_loop) must do what running it does.
SOFT_STEP_BUDGET = 30_000
SWEEP_ROWS = 32  # virtual blocks of a batched evaluation: one per residue modulo 32 of the swept parameter
SWEEP_ELEMENTS_PER_STEP = 2048  # elements of batched values that cost about as much as one evaluation step
LOOP_MEMO_SIZE = 256  # loop runs remembered per evaluation (exec_loop)
MODEL_MEMO_SIZE = 1 << 16  # distinct warp patterns remembered per architecture (then forgotten at once)


# How an access under a condition on data (a value loaded from memory, or one nothing gives) is
# evaluated, said on the access (its `data_dependent` in the report, analysis.py): a value that may
# differ between the lanes of a warp is assumed to let every lane through, so the number is a full
# warp's and lanes the data turns away would change it; a value the same in every thread of the block
# (one word every thread loads, a parameter) decides for the whole block at once, so the number per
# request holds in the blocks that take it and only how many requests there are depends on it.
EVERY_LANE = "; assumed taken by every lane"
WHOLE_BLOCKS = ", the same in every thread of the block: it decides for a whole block at once, not lane by lane"


def data_guard(where: str, reason: str, lane_varying: bool) -> str:
    """The words for an access evaluated under `where` (a condition) that depends on `reason`."""
    return f"{where} depends on {reason}" + (EVERY_LANE if lane_varying else WHOLE_BLOCKS)


def data_dependence(notes) -> str | None:
    """"lanes" when an access was evaluated under a condition on data that may differ between lanes
    (its number is for warps whose every lane passes), "blocks" when only under conditions the whole
    block decides alike (its number per request holds; how many requests, not), else None."""
    if any(n.endswith(EVERY_LANE) for n in notes):
        return "lanes"
    return "blocks" if any(n.endswith(WHOLE_BLOCKS) for n in notes) else None


@dataclass(frozen=True)
class LaunchConfig:
    block: tuple[int, int, int]
    grid: tuple[int, int, int] = (1, 1, 1)
    block_idx: tuple[int, int, int] = (0, 0, 0)
    params: dict[str, int] = field(default_factory=dict)  # int parameter name -> value
    # the parameters of `params` whose value is assumed, not given by the program: their values and
    # what is computed from them are evaluated in wide integers (values.Known.wide)
    assumed_params: frozenset[str] = frozenset()
    # pointer parameter name -> bytes past its (256-byte-aligned) allocation the launch passes it
    pointer_offsets: dict[str, int] = field(default_factory=dict)
    # int parameter name -> the modulus the launching code asserts its value is a multiple of (0: one
    # smemlint could not evaluate)
    multiples: dict[str, int] = field(default_factory=dict)
    # integer fields of a struct parameter passed by value (`params.seqlen_q`, as ir.Param.int_fields
    # names them) -> their assumed value (evaluated in wide integers, as assumed parameters)
    field_values: dict[str, int] = field(default_factory=dict)


@dataclass
class WorstRequest:
    wavefronts: float
    warp: int
    addresses: tuple[int | None, ...]
    detail: object  # SharedCost | GlobalCost
    # the loop iterations it ran in, outermost first: ((loop line, iteration from 1, "s = 8" or ""), ...)
    iterations: tuple[tuple[int, int, str], ...] = ()


@dataclass
class SiteStats:
    site: ir.AccessSite
    symbol: ir.Symbol | None = None
    space: str | None = None
    width: int = 0
    executions: int = 0
    requests: int = 0
    wavefronts: int = 0
    ideal: int = 0
    sectors: int = 0
    ideal_sectors: int = 0
    bytes_requested: int = 0
    distinct_bytes: int = 0  # bytes the lanes really use: what ncu's bytes-per-sector efficiency counts
    unpredictable: str | None = None
    notes: set[str] = field(default_factory=set)
    worst: WorstRequest | None = None
    constant_distinct: int = 0  # constant space: most distinct addresses one warp's request read
    # Batched evaluation only (the residue sweep, the grid's blocks), one entry per virtual block:
    # requests, their wavefronts (shared) or sectors (global) and the ideal ones, and whether the
    # address was unpredictable there.
    row_requests: np.ndarray | None = None
    row_cost: np.ndarray | None = None
    row_unpredictable: np.ndarray | None = None
    row_ideal: np.ndarray | None = None
    # where nvcc's line table puts the instruction, when not on the access's own line: a load
    # hoisted out of its loop is attributed to the loop's line (hoisting.py)
    instruction_line: int | None = None

    def row_metrics(self) -> list[float | None]:
        """Per virtual block: wavefronts (shared) or sectors (global) per request; None if not predicted."""
        assert self.row_requests is not None and self.row_cost is not None and self.row_unpredictable is not None
        if self.space not in ("shared", "global"):
            return [None] * len(self.row_requests)
        return [None if unpredictable or not requests else cost / requests
                for requests, cost, unpredictable in zip(self.row_requests.tolist(), self.row_cost.tolist(),
                                                         self.row_unpredictable.tolist())]


class BudgetExceeded(Exception):
    pass
