"""symbolic/block_shift.py: the dimensions along which every block costs what block 0 does, and that
those blocks do cost the same (evaluated, for each kernel the proof holds for)."""
from __future__ import annotations

from smemlint.analysis import _site_metric
from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.symbolic.batches import block_records
from smemlint.symbolic.block_shift import block_shapes, period

SOURCE = """\
__constant__ int tab[256] = {0, 5, 9, 1};
__device__ int row(int b, int w) { return b * w; }

__global__ void heads(float *out, const float *in, int T) {
    const float *p = in + blockIdx.y * T * T;   // T*T floats a head
    out[blockIdx.y * T * T + threadIdx.x] = p[threadIdx.x];
}
__global__ void heads3(float *out, const float *in, int T) {
    out[blockIdx.y * T * T + threadIdx.x] = in[blockIdx.y * T * T + threadIdx.x];   // 9 floats a head
}
__global__ void shared_rows(float *out) {
    __shared__ float s[64][33];
    s[threadIdx.x][blockIdx.y % 2] = 1.0f;   // which column: a remainder, not affine
    __syncthreads();
    out[blockIdx.y * 64 + threadIdx.x] = s[threadIdx.x][0];
}
__global__ void odd_rows(float *out) { out[blockIdx.x * 33 + threadIdx.x] = 1.0f; }
__global__ void first_block(float *out) { if (blockIdx.x > 0) out[blockIdx.x * 32 + threadIdx.x] = 1.0f; }
__global__ void guarded(float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 1.0f;
}
__global__ void two_short(float *out, int n) {   // launched with n = 450: the last two blocks are cut
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 1.0f;
}
__global__ void strided_rows(float *out, int n) {   // a guard the row index decides, and whole rows
    for (int k = 0; k < 4; ++k) {
        int row = blockIdx.x * 4 + k;
        if (row < n) out[row * 64 + threadIdx.x] = 1.0f;
    }
}
__global__ void table(float *out) { out[tab[blockIdx.x * 32] + threadIdx.x] = 1.0f; }
__global__ void through_function(float *out) { out[row(blockIdx.y, 64) + threadIdx.x] = 1.0f; }
__global__ void divided(float *out) { out[(blockIdx.y / 4) * 32 + threadIdx.x] = 1.0f; }
__global__ void loop_carried(float *out) {
    int base = 0;
    for (int k = 0; k < 4; ++k) base += blockIdx.x * 32;   // 128 floats a block, through the loop
    out[base + threadIdx.x] = 1.0f;
}

int main() {
    float *out, *in;
    heads<<<dim3(1, 12), 32>>>(out, in, 32);
    heads3<<<dim3(1, 12), 32>>>(out, in, 3);
    shared_rows<<<dim3(1, 12), 32>>>(out);
    odd_rows<<<16, 32>>>(out);
    first_block<<<16, 32>>>(out);
    guarded<<<16, 32>>>(out, 500);
    two_short<<<16, 32>>>(out, 450);
    strided_rows<<<16, 32>>>(out, 62);
    table<<<16, 32>>>(out);
    through_function<<<dim3(1, 16), 32>>>(out);
    divided<<<dim3(1, 16), 32>>>(out);
    loop_carried<<<16, 32>>>(out);
    return 0;
}
"""


def _kernels(tmp_path):  # noqa: ANN001, ANN202
    path = tmp_path / "shift.cu"
    path.write_text(SOURCE)
    return {k.name: k for k in lint_file(str(path), Settings()).kernels}


def _shapes(k) -> dict[int, str]:  # noqa: ANN001
    dims = [d for d, axis in enumerate("xyz") if f"blockIdx.{axis}" in k.ir.uses]
    return block_shapes(k.unit, k.ir, k.config, "sm_90", dims)


def _proved(k) -> set[int]:  # noqa: ANN001
    return {d for d, shape in _shapes(k).items() if shape == "same"}


def test_the_period_is_a_whole_line() -> None:
    assert period("sm_90") == 128


def test_dimensions_that_only_move_addresses_by_whole_lines_are_proved(tmp_path) -> None:  # noqa: ANN001
    proved = {name: _proved(k) for name, k in _kernels(tmp_path).items()}
    # a head of T*T = 1024 floats (T from the launch), and 64 floats a row through a function
    assert proved["heads"] == {1} and proved["through_function"] == {1}
    # 9 floats, 33 floats: not whole lines; a condition on blockIdx, or on an index made of it; a table's
    # element at a moving address (its value moves the store); a quotient and a remainder of blockIdx
    for name in ("heads3", "odd_rows", "first_block", "guarded", "two_short", "strided_rows", "table", "divided",
                 "shared_rows"):
        assert proved[name] == set(), name
    # a sum a loop adds blockIdx to: its coefficient grows with the rounds (4 x 32 floats here: a limit, not a claim)
    assert proved["loop_carried"] == set()


def test_a_guard_that_cuts_only_the_last_block_leaves_the_interior_to_block_0(tmp_path) -> None:  # noqa: ANN001
    shapes = {name: _shapes(k) for name, k in _kernels(tmp_path).items()}
    # 500 of 16 x 32 threads: blocks 0-14 whole, 15 cut; 62 rows of 16 x 4: blocks 0-14 whole, 15 has 2 of 4
    assert shapes["guarded"] == {0: "edge"} and shapes["strided_rows"] == {0: "edge"}
    # 450: blocks 14 and 15 cut; `blockIdx.x > 0` decides block 0 apart; 33 floats a block
    assert shapes["two_short"] == {} and shapes["first_block"] == {} and shapes["odd_rows"] == {}
    assert shapes["heads"] == {1: "same"}


def test_the_blocks_of_a_proved_dimension_do_cost_the_same(tmp_path) -> None:  # noqa: ANN001
    for name, k in _kernels(tmp_path).items():
        for d, shape in _shapes(k).items():
            g = k.config.grid[d] - (shape == "edge")  # (an "edge" dimension's last block is its own)
            blocks = [tuple(b if e == d else 0 for e in range(3)) for b in range(g)]
            records = block_records(k.unit, k.ir, k.config, "sm_90", blocks)
            assert records is not None
            for site in k.ir.sites:
                figures = {b: (_site_metric(records[b][site.id]), records[b][site.id].requests) for b in blocks}
                assert len(set(figures.values())) == 1, (name, site.span.line, figures)


def test_a_proved_kernel_says_so_and_keeps_block_0s_figures(tmp_path) -> None:  # noqa: ANN001
    k = _kernels(tmp_path)["heads"]
    assert any(a.startswith("every block of the grid costs what block (0,0,0) does") for a in k.assumptions)
    assert {(a.line, a.op): a.sectors_per_request for a in k.accesses} == {(6, "ld"): 4.0, (6, "st"): 4.0}


def test_an_edge_dimensions_last_block_is_evaluated_whatever_the_budget(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """The last block of an "edge" dimension is the one evaluation that makes the grid's average exact:
    it is made even where the multi-block budget refuses every other (HeCBench kalman: one more block of
    it is over the budget; with it, 31.25 sectors as measured, where block 0 alone says 32)."""
    import smemlint.analysis as analysis

    monkeypatch.setattr(analysis, "MULTI_BLOCK_STEPS", 0)
    kernels = _kernels(tmp_path)
    notes = {name: " ".join(k.assumptions) for name, k in kernels.items()}
    assert "along x block 0 stands for blocks 0-14" in notes["guarded"]
    assert "evaluated for block (0,0,0) only (the other 9 blocks" in notes["odd_rows"]  # (first, 8 inside, last)
    # 500 threads in blocks of one warp: blocks 0-14 write a 128-byte line each (4 sectors a request), block 15
    # 20 floats from byte 1,920 (3 sectors): the grid's average, not block 0's 4.0
    (store,) = [a for a in kernels["guarded"].accesses if a.op == "st"]
    assert store.sectors_per_request == (15 * 4 + 3) / 16
