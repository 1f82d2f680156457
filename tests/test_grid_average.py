"""Issue 12 item 4: the per-request figures of an access whose cost depends on the block are the
grid's average (what Nsight Compute's counters report), with the costliest block beside it."""
from __future__ import annotations

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.symbolic.grid_search import positions

KERNELS = """
__global__ void interior(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1)
        out[i] = in[i - 1] + in[i + 1];              // LINE stencil
}
__global__ void shifting(const float *in, float *out) {
    out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 33 + threadIdx.x];   // LINE shift
}
__global__ void shifting_wide(const float *in, float *out) {
    out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 33 + threadIdx.x];
}
__global__ void uniform(const float *in, float *out) {
    out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];   // LINE same
}
int main() {
    interior<<<8, 32>>>(0, 0, 256);
    shifting<<<8, 32>>>(0, 0);
    shifting_wide<<<64, 32>>>(0, 0);
    uniform<<<8, 32>>>(0, 0);
    interior<<<1, 32>>>(0, 0, 32);
}
"""


def _lint(tmp_path):
    p = tmp_path / "grid.cu"
    p.write_text(KERNELS)
    r = lint_file(str(p), Settings())
    assert r.status == "ok", r.error
    return r


def _line(tag: str) -> int:
    return next(i for i, t in enumerate(KERNELS.splitlines(), 1) if t.rstrip().endswith(tag))


def test_boundary_blocks_are_averaged_in(tmp_path) -> None:
    r = _lint(tmp_path)
    (k,) = [k for k in r.kernels if k.name == "interior" and any("averaged" in x for x in k.assumptions)]
    store = next(a for a in k.accesses if a.line == _line("// LINE stencil") and a.op == "st")
    # the store: 4 sectors in every block (block 0 without lane 0, the last without lane 31)
    assert store.sectors_per_request == 4.0 and store.worst_block is None
    # `in[i - 1]`, one float before the lanes: block 0 (lane 0 off) reads floats 0..30, 4 sectors; every
    # other block straddles 5: the grid's average is (4 + 7 x 5) / 8 and block 1 is the costliest
    left = next(a for a in k.accesses if a.line == _line("// LINE stencil") and a.text == "in[i - 1]")
    assert left.sectors_per_request == 4.875 and left.requests == 8
    assert left.worst_block == {"block": [1, 0, 0], "sectors_per_request": 5.0}
    assert any("the costliest block, (1,0,0), needs 5.00 sectors" in x for x in left.assumptions)
    # the rules that re-run the kernel (fix verification, races, exits) get its IR, not a word
    # (a local named `unit` once overwrote it with "sectors" and they silently gave up)
    assert type(k.unit).__name__ == "TranslationUnit" and k.ir is not None



def test_an_alignment_that_moves_from_block_to_block(tmp_path) -> None:
    r = _lint(tmp_path)
    # 8 blocks: every block evaluated; `in[b * 33 + t]` starts on a sector in block 0 only
    (k,) = [k for k in r.kernels if k.name == "shifting"]
    load = next(a for a in k.accesses if a.op == "ld")
    assert load.sectors_per_request == 4.875, load.assumptions
    # 64 blocks: the interior sampled by blocks 1..8 disagrees (block 8 starts on a sector, 1..7 do
    # not), so blocks spread over the grid are evaluated instead, one near the middle of each eighth,
    # a block further each time (4, 13, 22, 31, 32, 41, 50, 59: each phase of the alignment once, no
    # edge block): 4.875, the grid's average
    (big,) = [k for k in r.kernels if k.name == "shifting_wide"]
    load = next(a for a in big.accesses if a.op == "ld")
    assert load.sectors_per_request == 4.875, load.assumptions
    assert any("spread evenly" in x and "an estimate" in x for x in load.assumptions), load.assumptions


def test_a_trip_count_that_grows_along_the_grid(tmp_path) -> None:
    """llm.c's attention_softmax_kernel1: thread idx works on row t = idx / 12 of a causal softmax,
    `for (t2 = 0; t2 <= t; t2++)`, so the first blocks' warps run few iterations with lanes
    dropping out (20 sectors a request in block 0) while nearly every request of the grid has all 32
    lanes (32 sectors): the first blocks are an edge, blocks spread over the grid give its figure."""
    p = tmp_path / "softmax.cu"
    p.write_text("""
__global__ void softmax(const float *pre, int T, int NH) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int h = idx % NH, t = (idx / NH) % T;
    const float *row = pre + h * T * T + t * T;
    float m = 0.0f;
    for (int t2 = 0; t2 <= t; t2++)
        m += row[t2];
    if (m == 12345.0f) ((float *)pre)[0] = m;
}
int main() { softmax<<<384, 32>>>(0, 1024, 12); }
""")
    r = lint_file(str(p), Settings())
    (k,) = r.kernels
    load = next(a for a in k.accesses if a.op == "ld" and a.text == "row[t2]")
    # block 0 alone: 20; block 0 weighted as an eighth of the grid (an edge standing for a part): 31.92
    assert load.sectors_per_request == 32.0, load.assumptions


def test_a_one_block_launch_and_a_uniform_grid(tmp_path) -> None:
    r = _lint(tmp_path)
    (u,) = [k for k in r.kernels if k.name == "uniform"]
    assert all(a.sectors_per_request == 4.0 and a.worst_block is None for a in u.accesses)


def test_an_access_only_another_block_executes(tmp_path) -> None:
    """HeCBench myocyte: block 0 runs one model, block 1 another (`else if (bx == 1)`), through a helper
    given the kernel's pointers. Block (0,0,0)'s evaluation never reaches block 1's accesses, so it
    knows no memory for them; the grid's average does: they are global, with their sectors (they
    were reported with no space, so no profiler line matched them). An access no block of the grid
    reaches stays unexecuted."""
    p = tmp_path / "roles.cu"
    p.write_text("""
__device__ void cam(const float *p, float *f, int offset) {
    f[offset] = p[offset + 1] * 2.0f;
}
__global__ void roles(const float *params, float *fin) {
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) fin[0] = params[0];
    } else if (blockIdx.x == 1) {
        if (threadIdx.x == 0) { cam(params, fin, 46); cam(params, fin, 61); }
    }
}
__global__ void nobody(const float *in, float *out) {
    if (blockIdx.x == 5) out[threadIdx.x] = in[threadIdx.x];
}
int main() { roles<<<2, 32>>>(0, 0); nobody<<<2, 32>>>(0, 0); }
""")
    r = lint_file(str(p), Settings())
    (k,) = [k for k in r.kernels if k.name == "roles"]
    helper = [a for a in k.accesses if a.line == 3]
    assert sorted((a.op, a.space, a.symbol) for a in helper) == [("ld", "global", "p"), ("st", "global", "f")]
    assert all(a.predictable and a.sectors_per_request == 1.0 and a.requests == 2 for a in helper), \
        [(a.op, a.requests, a.assumptions) for a in helper]
    (n,) = [k for k in r.kernels if k.name == "nobody"]
    assert n.accesses and all(not a.predictable and a.space is None for a in n.accesses)
    assert all("not executed by any thread" in " ".join(a.assumptions) for a in n.accesses)


BANDS = """
__global__ void band(const float *in, float *out, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        if ((i / PLANE) % 4 == 1)
            out[i] = in[i + blockIdx.x % 4];
    }
}
int main() { band<<<GRID, 32>>>(0, 0, GRID * 32); }
"""


def _band_load(tmp_path, grid: int, plane: int):
    p = tmp_path / "band.cu"
    p.write_text(BANDS.replace("PLANE", str(plane)).replace("GRID", str(grid)))
    r = lint_file(str(p), Settings())
    assert r.status == "ok", r.error
    (k,) = r.kernels
    return next(a for a in k.accesses if a.op == "ld")


def _block_mean(blocks: list[int], plane_blocks: int) -> tuple[float, int]:
    """The request-weighted mean of `in[i + b % 4]` over the blocks of `blocks` that pass the guard
    (one request each: 4 sectors where the warp starts on a sector, b % 4 == 0, else 5), and how many."""
    running = [b for b in blocks if (b // plane_blocks) % 4 == 1]
    return sum(4 if b % 4 == 0 else 5 for b in running) / len(running), len(running)


def test_blocks_only_a_guard_lets_through(tmp_path) -> None:
    """Issue 30 (HeCBench vol2col): blocks 0..8 and the last, the grid's sampled blocks, are none of
    those the guard lets through, so the access was "not executed by any thread". Blocks spread over
    the grid find it; its figure is the mean over the blocks that run it, in proportion to their
    requests. A grid of 256 blocks is evaluated whole (the rounds double until 64 blocks run it)."""
    load = _band_load(tmp_path, 256, 1024)
    mean, running = _block_mean(list(range(256)), 32)
    assert (mean, running) == (4.75, 64)
    assert load.predictable and load.sectors_per_request == mean and load.requests == running, load.assumptions
    assert "averaged over every block of the grid (256), 64 of which run it" in " ".join(load.assumptions)


def test_blocks_a_guard_lets_through_in_a_grid_too_large_to_evaluate(tmp_path) -> None:
    """5,000 blocks, the guard passing 1,280 of them (64 in every 256): the search stops at 2,048 blocks
    spread over the grid (grid_search.positions: one in each 2,048th of it, each standing for
    5000/2048 blocks); the figure is their mean over those that run it, near the whole grid's."""
    load = _band_load(tmp_path, 5000, 2048)
    spread = positions(5000, 2048)
    mean, running = _block_mean(spread, 64)
    assert load.sectors_per_request == round(mean, 4), load.assumptions
    assert abs(mean - _block_mean(list(range(5000)), 64)[0]) < 0.01
    assert load.requests == round(running * 5000 / 2048)
    assert f"averaged over 2048 blocks spread over the grid (one in each of 2048 equal parts), {running} of which " \
        "run it" in \
        " ".join(load.assumptions)


def test_blocks_spread_over_a_dimension() -> None:
    """One block in each part, each round's blocks among the next one's; not at even steps, which fall
    on one phase of a pattern of a few blocks: of 1,000 blocks, k * 1000 // 256 has b % 4 == 0 in 8 of
    the 66 blocks the guard above passes (4.88 sectors where the grid's mean is 4.75)."""
    for g in (37, 1000, 1525, 5000):
        before: set[int] = set()
        for m in (1, 2, 4, 16, 64, 256, 1024, 2048, 8192):
            blocks = positions(g, m)
            assert len(blocks) == min(g, m) and blocks == sorted(set(blocks)) and before <= set(blocks)
            assert m >= g or all(k * g // m <= b < (k + 1) * g // m for k, b in enumerate(blocks))
            before = set(blocks)
    assert _block_mean([k * 1000 // 256 for k in range(256)], 64)[0] > 4.85
    assert abs(_block_mean(positions(1000, 256), 64)[0] - 4.75) < 0.01


def test_an_address_the_blocks_found_cannot_follow(tmp_path) -> None:
    """An access found in blocks spread over the grid at an address that depends on data says so:
    "cannot predict" and why, not "not executed by any thread"."""
    p = tmp_path / "gather.cu"
    p.write_text("""
__global__ void gather(const int *idx, const float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if ((i / 1024) % 4 == 1)
        out[i] = in[idx[i]];
}
int main() { gather<<<256, 32>>>(0, 0, 0); }
""")
    r = lint_file(str(p), Settings())
    (k,) = r.kernels
    (gathered,) = [a for a in k.accesses if a.text == "in[idx[i]]"]
    assert not gathered.predictable and gathered.space == "global"
    assert any(x.startswith("cannot predict: the address depends on") for x in gathered.assumptions), \
        gathered.assumptions
    assert not any("not executed" in x for x in gathered.assumptions)
    (index,) = [a for a in k.accesses if a.text == "idx[i]"]
    assert index.sectors_per_request == 4.0 and index.requests == 64
