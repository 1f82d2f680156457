"""GMEM001 stays quiet where nothing moves twice (issue 26's noise a reviewer would mute), and
still reports the same addresses where it does."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

# a 7-tap stencil: each tap reads the window one int on; the 5th sector a misaligned tap touches is
# the next tap's (L1 serves it)
STENCIL = """__global__ void conv1d(const int *array, const int *mask, int *result, int n, int m)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int start = tid - m / 2;
    int temp = 0;
    for (int j = 0; j < m; j++)
        if (start + j >= 0 && start + j < n)
            temp += array[start + j] * mask[j];
    result[tid] = temp;
}
int main() { conv1d<<<4096, 256>>>(0, 0, 0, 1 << 20, 7); }
"""
# a tile loop stepping by 32 over rows that start misaligned (K = 2055): each request needs a 5th
# sector of its own, reported
TILES = """__global__ void rows(const int *a, int *out)
{
    const int K = 2055;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int acc = 0;
    for (int i = 0; i < K - 32; i += blockDim.x)
        acc += a[row * K + i + threadIdx.x];
    out[row * 32 + threadIdx.x] = acc;
}
int main() { rows<<<dim3(1, 64), dim3(32, 32)>>>(0, 0); }
"""
# n-body: the thread reads p[i].x, .y and .z of a float4: nvcc loads p[i] whole (ld.global.v4)
FIELDS = """__global__ void force(const float4 *p, float *out, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        float x = p[i].x;
        float y = p[i].y;
        float z = p[i].z;
        out[i] = x * y + z;
    }
}
int main() { force<<<128, 256>>>(0, 0, 32768); }
"""
# one field alone is a 4-byte load at a 16-byte stride
ONE_FIELD = FIELDS.replace("float y = p[i].y;", "float y = 1.0f;").replace("float z = p[i].z;", "float z = 2.0f;")


def gmem001(tmp_path: Path, text: str) -> list[int]:
    f = tmp_path / "k.cu"
    f.write_text(text)
    r = lint_file(str(f), Settings(select=("GMEM001",)))
    return sorted({s.line for d in r.diagnostics for s in (d.sites or [d])})


def test_stencil_taps_are_not_reported(tmp_path: Path) -> None:
    assert gmem001(tmp_path, STENCIL) == []


def test_misaligned_tiles_are(tmp_path: Path) -> None:
    assert gmem001(tmp_path, TILES) == [7]


def test_fields_of_one_vector_element_are_one_load(tmp_path: Path) -> None:
    assert gmem001(tmp_path, FIELDS) == []


def test_one_field_alone_is_reported(tmp_path: Path) -> None:
    assert gmem001(tmp_path, ONE_FIELD) == [5]


# a CSR vector kernel, two lanes per row: row_end = offsets[row + 1] reads 16 words one word past a
# sector boundary, in lane pairs: 3 sectors where 2 would do, and the cause is that offset (the
# lanes are neither strided nor scattered)
CSR_PAIRS = """__global__ void rowLengths(const int *offsets, int *len, int rows)
{
    int row = (blockIdx.x * blockDim.x + threadIdx.x) / 2;
    if (row < rows) {
        int start = offsets[row];
        int end = offsets[row + 1];
        if (threadIdx.x % 2 == 0) len[row] = end - start;
    }
}
int main() { rowLengths<<<64, 256>>>(0, 0, 8192); }
"""


def test_offset_window_in_lane_pairs_says_misaligned(tmp_path: Path) -> None:
    f = tmp_path / "k.cu"
    f.write_text(CSR_PAIRS)
    r = lint_file(str(f), Settings(select=("GMEM001",)))
    found = [d for d in r.diagnostics if d.line == 6]
    assert len(found) == 1 and found[0].facts["sectors"] == 3, [d.message for d in r.diagnostics]
    assert "4 bytes past a 32-byte boundary" in found[0].message and "scattered" not in found[0].message


# the warp-synchronous tail of a reduction in global memory (CUDA_Freshman's reduceUnrollWarp8):
# v[tid + 4] reads 32 words 16 bytes past v[tid]'s window, 5 sectors where an aligned window takes 4;
# the shift is the tree's, no alignment of `g` aligns both (nothing to fix); a copy from in + 1 alone
# is misaligned by its offset (fixable) and still reported
TREE = """__global__ void tail(int *g, int *out)
{
    int *v = g + blockIdx.x * 64;
    int tid = threadIdx.x;
    if (tid < 32) {
        volatile int *vm = v;
        vm[tid] += vm[tid + 32];
        vm[tid] += vm[tid + 16];
        vm[tid] += vm[tid + 8];
        vm[tid] += vm[tid + 4];
        vm[tid] += vm[tid + 2];
        vm[tid] += vm[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = v[0];
}
__global__ void offsetCopy(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i + 1];
}
int main() { tail<<<64, 64>>>(0, 0); offsetCopy<<<64, 128>>>(0, 0); }
"""


def test_shifted_taps_of_one_line_are_not_reported_an_offset_copy_is(tmp_path: Path) -> None:
    assert gmem001(tmp_path, TREE) == [19]
