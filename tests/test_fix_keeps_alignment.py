"""SMEM001's padding fix keeps every access to the array as wide as the compiler emits it (issue 26
item 5): SGEMM_CUDA's kernel 6 stores `As` transposed (a 2-way conflict) and reads it back with
loads nvcc merges into LDS.128; a one-word pad every 32 words would misalign those loads (and a
float4 store), so the fix pads by 16 bytes per row instead. A scalar-only array keeps the word pad."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

KERNEL = """__global__ void __launch_bounds__(256) vectorize(const float *A, float *C, int K)
{
    __shared__ float As[8 * 128];
    const unsigned innerRowA = threadIdx.x / 2, innerColA = threadIdx.x % 2;
    const unsigned threadRow = threadIdx.x / 16;
    float regM[8];
    float acc = 0.0f;
    for (unsigned bk = 0; bk < K; bk += 8) {
        float4 tmp = reinterpret_cast<const float4 *>(&A[innerRowA * K + innerColA * 4 + bk])[0];
        As[(innerColA * 4 + 0) * 128 + innerRowA] = tmp.x;
        As[(innerColA * 4 + 1) * 128 + innerRowA] = tmp.y;
        As[(innerColA * 4 + 2) * 128 + innerRowA] = tmp.z;
        As[(innerColA * 4 + 3) * 128 + innerRowA] = tmp.w;
        __syncthreads();
        for (unsigned dot = 0; dot < 8; ++dot) {
            for (unsigned i = 0; i < 8; ++i)
                regM[i] = As[dot * 128 + threadRow * 8 + i];
            for (unsigned i = 0; i < 8; ++i)
                acc += regM[i];
        }
        __syncthreads();
    }
    C[blockIdx.x * 256 + threadIdx.x] = acc;
}
int main() { vectorize<<<64, 256>>>(0, 0, 4096); }
"""
# the same array read back one scalar per lane (no merged loads): a word pad keeps everything aligned
SCALAR = KERNEL.replace("regM[i] = As[dot * 128 + threadRow * 8 + i];", "regM[i] = As[dot * 128 + threadIdx.x % 128];")


def fix_of(tmp_path: Path, text: str) -> str:
    f = tmp_path / "k.cu"
    f.write_text(text)
    r = lint_file(str(f), Settings(select=("SMEM001",)))
    (d,) = [d for d in r.diagnostics if d.code == "SMEM001" and d.line == 10]
    assert "2-way bank conflict on `As`" in d.message
    return d.fix.description if d.fix else ""


def test_merged_loads_get_a_16_byte_pad(tmp_path: Path) -> None:
    fix = fix_of(tmp_path, KERNEL)
    assert "16 padding bytes every 128 words" in fix and "As[i + (i / 128) * 4]" in fix, fix


def test_scalar_accesses_keep_the_word_pad(tmp_path: Path) -> None:
    fix = fix_of(tmp_path, SCALAR)
    assert "one padding word every 32 words" in fix, fix
