"""Under a grid the launch gives: blocks spread over it for the accesses none of its sampled blocks
reaches (issue 30).

The grid's average (analysis._blocks_average) evaluates its first and last blocks and a few interior
ones. An access under a guard only some blocks pass is then "not executed by any thread" although the
grid runs it: HeCBench vol2col's grid-stride loops over (channel, t, h, w) in 1,525 blocks of 512
threads load only where `t == 1`, in 127 consecutive blocks of every 381, and blocks 0-8 and 1524 are
none of them. Here blocks spread over the grid are evaluated, twice as many each round (16, 32, 64,
...: each round holds the blocks of the one before), until a round is the whole grid or the next would
pass SEARCH_BLOCKS or SEARCH_STEPS; the search ends with no answer where FIND_BLOCKS blocks reach none
of those accesses (as a rule, no block does). Every block of a round stands for an equal share of the
grid, so an access's sums over the round, each block weighted by its share, count its requests in the
blocks that run it in proportion to them: the request-weighted mean of the hardware's per-line
counters. The rounds go on once every access is found, because a few blocks that run it may not
stand for the others: col2vol's load is 2.83 sectors per request over 4 evenly spaced blocks of 16,
2.80 over 20 of 64 and 2.7745 over the grid (the measured 2.7745).

Each round splits every part of the grid the round before had in two, keeping the block it had
evaluated in its half and taking one in the other half at a place a hash of that half gives: blocks at
even steps would each fall on the same phase of a pattern that repeats every few blocks (the 32-byte
alignment of `in[b * 32 + b % 4]`), and the average would be that phase's.
"""
from __future__ import annotations

from .. import ir
from .batches import block_records
from .stats import LaunchConfig, SiteStats

FIRST_ROUND = 16  # blocks of the first round: the sampled blocks (at most 10 per dimension) missed the access
FIND_BLOCKS = 64  # blocks of the last round that looks for an access no block of the rounds before reaches
SEARCH_BLOCKS = 2048  # at most this many blocks in a round
SEARCH_STEPS = 400_000  # evaluation steps the blocks the search adds may take together, block (0,0,0)'s each

Block = tuple[int, int, int]
Runs = list[tuple[Block, float, dict[int, SiteStats]]]


def _mix(lo: int, hi: int) -> int:
    """A well-mixed integer of a part [lo, hi) of a dimension (splitmix64's finalizer): where in the part
    its block is, the same in every run."""
    x = (lo * 0x9E3779B97F4A7C15 + hi * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def positions(g: int, m: int) -> list[int]:
    """One block in each of `m` parts of a dimension of `g` blocks (part k: k*g//m up to (k+1)*g//m;
    every block where m >= g). The parts of 2m blocks are those of m halved (2k*g//2m is k*g//m): each
    keeps the block its half had and takes one where _mix puts it in the other."""
    if m >= g:
        return list(range(g))
    if m == 1:
        return [_mix(0, g) % g]
    out = []
    for j, p in enumerate(positions(g, m // 2)):  # part j of m/2 is parts 2j and 2j + 1 of m
        mid = (2 * j + 1) * g // m
        lo, hi = (mid, (2 * j + 2) * g // m) if p < mid else (2 * j * g // m, mid)
        out += sorted([p, lo + _mix(lo, hi) % (hi - lo)])
    return out


def spread(grid: tuple[int, int, int], dims: list[int], counts: list[int]) -> list[tuple[Block, float]]:
    """`counts[d]` blocks spread along each dimension d of `dims` (positions), each with the share of
    the grid it stands for (g/m along a dimension; 1 where every block of it is evaluated); block 0 of
    the others, standing for 1 (as the grid's average counts a dimension whose blockIdx the kernel
    does not read)."""
    per_dim = [[(b, max(1.0, grid[d] / counts[d])) for b in positions(grid[d], counts[d])] if d in dims
               else [(0, 1.0)] for d in range(3)]
    return [((x, y, z), wx * wy * wz) for x, wx in per_dim[0] for y, wy in per_dim[1] for z, wz in per_dim[2]]


def rounds(grid: tuple[int, int, int], dims: list[int]) -> list[list[int]]:
    """The blocks per dimension of each round: the dimensions of `dims` doubled in turn (not past
    their size), from FIRST_ROUND blocks to SEARCH_BLOCKS."""
    counts = [1, 1, 1]
    out: list[list[int]] = []
    turn = 0
    while True:
        open_dims = [d for d in dims if counts[d] < grid[d]]
        if not open_dims:
            break
        d = open_dims[turn % len(open_dims)]
        turn += 1
        counts[d] *= 2
        total = 1
        for e in dims:
            total *= min(counts[e], grid[e])
        if total > SEARCH_BLOCKS:
            break
        if total >= FIRST_ROUND:
            out.append(list(counts))
    return out


def _reaches(record: dict[int, SiteStats], site_id: int) -> bool:
    st = record.get(site_id)
    return st is not None and bool(st.requests or st.unpredictable)


def search(unit: ir.TranslationUnit, kernel: ir.Kernel, config: LaunchConfig, arch: str, dims: list[int],
           unreached: list[int], evaluated: dict[Block, dict[int, SiteStats]],
           steps_per_block: int) -> tuple[Runs, set[int]] | None:
    """The last round evaluated ((block, share of the grid, its record) each) and the sites of
    `unreached` some block of it reaches; None where no round reaches any. `evaluated`: the records
    of the blocks already evaluated (the grid's sampled blocks), not evaluated again; the rounds'
    records are added to it. `steps_per_block`: block (0,0,0)'s evaluation steps, each new block's
    cost against SEARCH_STEPS."""
    grid = config.grid
    last: Runs | None = None
    reached: set[int] = set()
    spent = 0
    for counts in rounds(grid, dims):
        blocks = spread(grid, dims, counts)
        new = [b for b, _ in blocks if b not in evaluated]
        spent += steps_per_block * len(new)
        if spent > SEARCH_STEPS or (len(blocks) > FIND_BLOCKS and not reached):
            break
        records = block_records(unit, kernel, config, arch, new) if new else {}
        if records is None:  # a block's evaluation stopped at the step budget
            break
        evaluated.update(records)
        last = [(b, w, evaluated[b]) for b, w in blocks]
        reached = {sid for sid in unreached if any(_reaches(rec, sid) for _, _, rec in last)}
    return (last, reached) if last is not None and reached else None
