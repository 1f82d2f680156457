"""Template kernels no launch instantiates: default arguments are used and said; unknown row sizes
make an access unpredictable, never a wrong number."""
from __future__ import annotations

from smemlint.config import Settings
from smemlint.lint import lint_file


def lint(tmp_path, text: str):
    p = tmp_path / "k.cu"
    p.write_text(text)
    r = lint_file(str(p), Settings())
    assert r.status == "ok", r.error
    return r


def test_default_template_argument_is_used_and_said(tmp_path) -> None:
    r = lint(tmp_path, """
template <int STRIDE = 2>
__global__ void strided(float *out) {
    __shared__ float s[1024];
    s[threadIdx.x * STRIDE] = out[threadIdx.x];
}
""")
    (a,) = [a for a in r.accesses if a.space == "shared"]
    assert a.predictable and a.wavefronts_per_request == 2.0
    assert any("default template arguments (STRIDE = 2)" in n for n in r.notes), r.notes


def test_rows_of_dependent_size_are_unpredictable_not_wrong(tmp_path) -> None:
    r = lint(tmp_path, """
template <int TILE = 32, int PAD = 0>
__global__ void tr(float *out, const float *in) {
    __shared__ float t[TILE][TILE + PAD];
    t[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * TILE + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
""")
    shared = [a for a in r.accesses if a.space == "shared"]
    assert len(shared) == 2 and not any(a.predictable for a in shared)  # was: 1.0 wavefront for the column read
    assert "template parameters" in shared[0].assumptions[-1]


def test_a_parameter_pinned_by_static_assert_is_used(tmp_path) -> None:
    # LeetCUDA's flash attention: no defaults, but `static_assert(K == 4 && ...)` admits one value
    r = lint(tmp_path, """
template <int Q, int K>
__global__ void rows(float *out) {
    static_assert(Q == 2 && K == 4);
    __shared__ float red[1024];
    red[threadIdx.x * K] = out[threadIdx.x * Q];
}
template <int W>
__global__ void either(float *out) {
    static_assert(W == 4 || W == 8);  // two values: nothing pinned
    __shared__ float t[1024];
    t[threadIdx.x * W] = out[threadIdx.x];
}
""")
    (pinned,) = [a for a in r.accesses if a.space == "shared" and a.kernel.startswith("rows")]
    assert pinned.predictable and pinned.wavefronts_per_request == 4.0  # a stride of 4 words: 4-way
    # (since stop 36 a representative instance: Q pinned by its static_assert, K = 4 the representative
    # integer, which the static_assert's `K == 4` admits)
    assert any("analysed as rows<2, 4>" in n and "Q = 2 (its static_assert)" in n for n in r.notes), r.notes
    (open_,) = [a for a in r.accesses if a.space == "shared" and a.kernel.startswith("either")]
    assert open_.kernel == "either<4>" and open_.wavefronts_per_request == 4.0  # 4, one value the assert admits


def test_register_arrays_of_dependent_size_are_thread_local_not_of_unknown_origin(tmp_path) -> None:
    """LeetCUDA's `uint32_t RC[WARP_TILE_M][WARP_TILE_N][2]` in a template no launch instantiates:
    clang types a row `RC[i]` `<dependent type>`; it is a row (no load of its own) of a local array,
    and `RC[i][j][0]` a local access whose row size is unknown (was: a load of `RC[i]`, then a
    store through "a pointer of unknown origin")."""
    r = lint(tmp_path, """
template <int W = 4>
__global__ void k(float *out) {
    unsigned RC[W][2];
    unsigned RA[2][W][4];
    for (int i = 0; i < W; ++i) { RC[i][0] = 0; RA[0][i][1] = 1; }
    out[threadIdx.x] = RC[threadIdx.x % W][1] + RA[1][0][2];
}
""")
    local = [a for a in r.accesses if a.line in (6, 7) and a.space != "global"]
    assert len(local) == 4 and all(a.space == "local" for a in local), [(a.line, a.space, a.op) for a in local]
    assert not any("unknown origin" in x for a in r.accesses for x in a.assumptions)
