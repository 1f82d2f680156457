"""Launch configuration order, runtime-stride sweeps, templates and unknowns (real libclang)."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file


def lint(tmp_path: Path, text: str, **settings) -> object:
    p = tmp_path / "k.cu"
    p.write_text(text)
    return lint_file(str(p), Settings(**settings))


def shared(result, line: int):
    found = [a for a in result.accesses if a.line == line and a.space == "shared"]
    assert found, [(a.line, a.space, a.assumptions) for a in result.accesses]
    return found[0]


COLUMN_READ = """
{annotation}
__global__ void {bounds} k(float* out) {{
    __shared__ float tile[32][32];
    out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}}
{launch}
"""


@pytest.mark.parametrize("annotation, bounds, launch, block, source", [
    ("// smemlint: block(32, 4)", "__launch_bounds__(128)", "void h() { k<<<1, dim3(32, 2)>>>(0); }",
     (32, 4, 1), "annotation"),
    ("", "__launch_bounds__(128)", "void h() { dim3 b(32, 2); k<<<1, b>>>(0); }", (32, 2, 1), "launch"),
    ("", "__launch_bounds__(128)", "", (128, 1, 1), "__launch_bounds__"),
    ("", "", "", (16, 16, 1), "configuration"),
])
def test_launch_configuration_order(tmp_path, annotation, bounds, launch, block, source) -> None:
    r = lint(tmp_path, COLUMN_READ.format(annotation=annotation, bounds=bounds, launch=launch),
             block=(16, 16, 1))
    a = shared(r, 5)
    assert a.block == block
    assert source in a.assumptions[0]


def test_default_block_when_nothing_is_known(tmp_path) -> None:
    r = lint(tmp_path, COLUMN_READ.format(annotation="", bounds="", launch=""))
    a = shared(r, 5)
    assert a.block == (32, 8, 1) and "assumed" in a.assumptions[0]
    assert a.wavefronts_per_request == 32.0


def test_runtime_stride_sweeps_residues_for_worst_case(tmp_path) -> None:
    r = lint(tmp_path, """
__global__ void k(float* out, int n) {
    __shared__ float s[32 * 1100];
    out[threadIdx.x] = s[threadIdx.x * (n + 1)];
}""", block=(32, 1, 1))
    a = shared(r, 4)
    assert a.wavefronts_per_request == 1.0  # n = 1024 assumed: stride 1025 words
    assert a.worst_case == {"wavefronts_per_request": 32.0, "condition": "n % 32 == 31"}
    assert any("n = 1024 assumed" in s for s in a.assumptions)


def test_literal_launch_argument_is_used(tmp_path) -> None:
    r = lint(tmp_path, """
__global__ void k(float* out, int n) {
    __shared__ float s[32 * 64];
    out[threadIdx.x] = s[threadIdx.x * n];
}
void h() { k<<<1, 32>>>(0, 8); }""")
    a = shared(r, 4)
    assert a.wavefronts_per_request == 8.0
    assert any("n = 8 from the launch" in s for s in a.assumptions)


def test_template_instantiations_from_launches(tmp_path) -> None:
    r = lint(tmp_path, """
template <int TILE, typename T>
__global__ void k(T* out) {
    __shared__ T tile[TILE][TILE];
    out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void h() { dim3 b(32, 32); k<32, float><<<1, b>>>(0); k<16, double><<<1, dim3(16, 16)>>>(0); }""")
    by_kernel = {a.kernel: a for a in r.accesses if a.space == "shared"}
    assert by_kernel["k<32, float>"].wavefronts_per_request == 32.0
    # 16 doubles = 128 bytes per row: each half-warp phase of 8-byte loads hits banks 0-1 16 times
    assert by_kernel["k<16, double>"].width_bits == 64
    assert by_kernel["k<16, double>"].wavefronts_per_request == 32.0


def test_device_helpers_ternaries_and_reassigned_locals(tmp_path) -> None:
    r = lint(tmp_path, """
__device__ int at(int r, int c) { return r * 33 + c; }
__device__ __forceinline__ int lane() { return threadIdx.x & 31; }
__global__ void k(float* out) {
    __shared__ float s[33 * 32];
    int i = lane();
    i = i < 16 ? i : 31 - i + 16;
    out[threadIdx.x] = s[at(i, 0)];
    int j = threadIdx.x;
    j *= 2;
    out[threadIdx.x] = s[j];
}
void h() { k<<<1, 32>>>(0); }""")
    assert shared(r, 8).wavefronts_per_request == 1.0
    assert shared(r, 11).wavefronts_per_request == 2.0


def test_data_dependent_index_is_unpredictable(tmp_path) -> None:
    r = lint(tmp_path, """
__global__ void k(const int* bins, int* out) {
    __shared__ int hist[256];
    int b = bins[threadIdx.x];
    atomicAdd(&hist[b], 1);
    out[threadIdx.x] = hist[b];
}
void h() { k<<<1, 256>>>(0, 0); }""")
    a = shared(r, 6)
    assert a.predictable is False and a.wavefronts_per_request is None
    assert any("cannot predict" in s and "bins" in s for s in a.assumptions)


def test_guards_early_return_and_partial_warp(tmp_path) -> None:
    r = lint(tmp_path, """
__global__ void k(float* out, int n) {
    __shared__ float s[64 * 2];
    int t = threadIdx.x;
    if (t >= n) return;
    if (t < 16)
        out[t] = s[t * 4];
    out[t] = s[t * 4];
}
void h() { k<<<1, 48>>>(0, 40); }""")
    # lanes 0..15 of warp 0 only: 16 lanes at word stride 4 = 2 wavefronts
    a = shared(r, 7)
    assert a.wavefronts_per_request == 2.0 and a.requests == 1
    # warp 0 full (stride 4: 4-way), warp 1 lanes 32..39 (8 lanes, stride 4 words: banks 0,4,..28 -> 1)
    b = shared(r, 8)
    assert b.requests == 2 and b.wavefronts_per_request == (4 + 1) / 2


def test_dynamic_shared_carve_outs(tmp_path) -> None:
    r = lint(tmp_path, """
__global__ void k(float* out) {
    extern __shared__ float smem[];
    float* a = smem;
    float* b = &smem[32 * 32];
    double* c = reinterpret_cast<double*>(b + 32 * 33);
    a[threadIdx.y * 32 + threadIdx.x] = 1.0f;
    out[0] = a[threadIdx.x * 32 + threadIdx.y];
    out[1] = b[threadIdx.x * 33 + threadIdx.y];
    out[2] = (float)c[threadIdx.x];
}
void h() { k<<<1, dim3(32, 32), 8192>>>(0); }""")
    assert shared(r, 7).wavefronts_per_request == 1.0
    assert shared(r, 8).wavefronts_per_request == 32.0
    assert shared(r, 9).wavefronts_per_request == 1.0
    c = shared(r, 10)
    assert c.width_bits == 64 and c.wavefronts_per_request == 2.0


def test_loops_average_over_iterations(tmp_path) -> None:
    r = lint(tmp_path, """
__global__ void k(float* out) {
    __shared__ float s[32 * 32];
    float acc = 0;
    for (int k = 0; k < 4; ++k)
        acc += s[threadIdx.x * (1 << k)];
    out[threadIdx.x] = acc;
}
void h() { k<<<1, 32>>>(0); }""")
    a = shared(r, 6)
    assert a.requests == 4 and a.wavefronts_per_request == (1 + 2 + 4 + 8) / 4


def test_vector_access_via_reinterpret_cast(tmp_path) -> None:
    r = lint(tmp_path, """
__global__ void k(float4* out) {
    __shared__ float s[32 * 4 * 2];
    out[threadIdx.x] = reinterpret_cast<float4*>(s)[threadIdx.x];
    out[threadIdx.x] = *reinterpret_cast<const float4*>(&s[threadIdx.x * 8]);
}
void h() { k<<<1, 32>>>(0); }""")
    a = [x for x in r.accesses if x.line == 4 and x.space == "shared"][0]
    assert a.width_bits == 128 and a.wavefronts_per_request == 4.0
    b = [x for x in r.accesses if x.line == 5 and x.space == "shared"][0]
    assert b.width_bits == 128 and b.wavefronts_per_request == 8.0
    g = [x for x in r.accesses if x.line == 4 and x.space == "global"][0]
    assert g.width_bits == 128 and g.sectors_per_request == 16.0


def test_file_scope_shared_and_aos_global(tmp_path) -> None:
    r = lint(tmp_path, """
struct P { float x, y, z; };
__shared__ float gs[32][32];
__global__ void k(const P* in, float* out) {
    out[threadIdx.x] = in[threadIdx.x].y + gs[threadIdx.x][0];
}
void h() { k<<<1, 32>>>(0, 0); }""")
    g = [x for x in r.accesses if x.space == "global" and x.op == "ld"][0]
    assert g.sectors_per_request == 12.0 and g.ideal_sectors_per_request == 4.0
    s = [x for x in r.accesses if x.space == "shared"][0]
    assert s.symbol == "gs" and s.wavefronts_per_request == 32.0
    gmem = [d for d in r.diagnostics if d.code == "GMEM001"][0]
    assert "12-byte structure" in gmem.message


def test_unknown_trip_count_is_sampled_and_said(tmp_path) -> None:
    r = lint(tmp_path, """
__global__ void k(const int* len, float* out) {
    __shared__ float s[1024];
    for (int i = 0; i < len[0]; ++i)
        out[threadIdx.x] += s[threadIdx.x + i * 32];
}
void h() { k<<<1, 32>>>(0, 0); }""")
    a = shared(r, 5)
    assert a.predictable and a.wavefronts_per_request == 1.0
    assert any("first 4 iterations sampled" in s for s in a.assumptions)


def test_a_helper_reached_with_shared_and_global_memory_gives_each_space_its_number(tmp_path) -> None:
    """Once a mixed number was refused (one site reached with both spaces: "unpredictable"); the helper is now
    lowered once per set of shared-memory arguments (lower/callees.py), each space its own site at line 2."""
    from smemlint.config import Settings
    from smemlint.lint import lint_file

    src = tmp_path / "both.cu"
    src.write_text("""
__device__ float4 load4(const float *p) { return *reinterpret_cast<const float4 *>(p); }
__global__ void k(const float *in, float *out) {
    __shared__ float s[32 * 4 * 2];
    float4 g = load4(in + threadIdx.x * 4);
    s[threadIdx.x * 8] = g.x;
    __syncthreads();
    float4 v = load4(s + threadIdx.x * 8);
    out[threadIdx.x] = v.x + g.y;
}
int main() { k<<<1, 32>>>(0, 0); }
""")
    r = lint_file(str(src), Settings())
    assert not any("failed" in n for n in r.notes), r.notes
    by_space = {a.space: a for a in r.accesses if a.line == 2}
    assert set(by_space) == {"global", "shared"} and len([a for a in r.accesses if a.line == 2]) == 2
    assert by_space["global"].sectors_per_request == 16.0  # 32 lanes x 16 contiguous bytes
    assert by_space["shared"].wavefronts_per_request == 8.0  # 16 bytes every 32: 1024 bytes spanned
    assert not any("reached with global and shared memory" in x for a in r.accesses for x in a.assumptions)
