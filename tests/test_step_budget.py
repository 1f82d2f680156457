"""A kernel too costly to evaluate whole: its loops are sampled and what follows them is still
evaluated (a GEMM's epilogue after its K loop was 'not executed by any thread' before)."""
from __future__ import annotations

from smemlint.config import Settings
from smemlint.lint import lint_file

COSTLY = """
__global__ void costly(float *out, const float *in, int K) {
    __shared__ float s[64][33];
    float acc = 0.0f;
    for (int a = 0; a < K; a += 8) {
        s[threadIdx.y][threadIdx.x] = in[a * 32 + threadIdx.x];
        __syncthreads();
        for (int b = 0; b < 64; b++)
            for (int c = 0; c < 16; c++)
                acc += s[b][c] * s[c][threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.y * 32 + threadIdx.x] = acc;   // the epilogue
}
int main() { costly<<<1, dim3(32, 8)>>>(0, 0, 4096); }
"""


def test_epilogue_after_a_costly_loop_is_evaluated(tmp_path) -> None:
    p = tmp_path / "costly.cu"
    p.write_text(COSTLY)
    r = lint_file(str(p), Settings())
    (k,) = r.kernels
    line = COSTLY.splitlines().index("    out[threadIdx.y * 32 + threadIdx.x] = acc;   // the epilogue") + 1
    (store,) = [a for a in k.accesses if a.line == line]
    assert store.predictable and store.sectors_per_request == 4.0, store.assumptions
    assert any("sampled" in n for n in k.notes + [x for a in k.accesses for x in a.assumptions])
