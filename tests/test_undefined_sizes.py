"""A runtime-compiled (NVRTC-style) source whose tile sizes its host code defines (issue 26 item 1):
linted alone it says once what it needs (`-D TILE_DIM=...`) and reports no "cannot be predicted"
per access; given the sizes, its accesses get numbers and a real conflict is reported; a
data-dependent index stays SMEM003."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.lsp.server import to_lsp_diagnostic

# arrayfire's kernel/transpose.cuh in miniature: TILE_DIM and THREADS_Y come from the host's -D
NVRTC = """template <typename T>
__global__ void transpose(T *out, const T *in, int n)
{
    __shared__ T tile[TILE_DIM][TILE_DIM + PAD];
    for (int r = 0; r < TILE_DIM; r += THREADS_Y)
        tile[threadIdx.y + r][threadIdx.x] = in[(blockIdx.y * TILE_DIM + threadIdx.y + r) * n + threadIdx.x];
    __syncthreads();
    for (int r = 0; r < TILE_DIM; r += THREADS_Y)
        out[(blockIdx.x * TILE_DIM + threadIdx.y + r) * n + threadIdx.x] = tile[threadIdx.x][threadIdx.y + r];
}
template __global__ void transpose<float>(float *, const float *, int);
"""

HISTOGRAM = """__global__ void histogram(unsigned *hist, const unsigned char *data, int n)
{
    __shared__ unsigned bins[256];
    bins[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[data[i]], 1u);
    __syncthreads();
    atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}
int main() { histogram<<<132, 256>>>(0, 0, 1 << 20); }
"""


def lint(tmp_path: Path, name: str, text: str, **kw):
    f = tmp_path / name
    f.write_text(text)
    return lint_file(str(f), Settings(**kw))


def test_undefined_sizes_say_what_they_need_once(tmp_path: Path) -> None:
    r = lint(tmp_path, "transpose.cuh", NVRTC.replace("PAD", "1"))
    assert not [d for d in r.diagnostics if d.code == "SMEM003"], [d.message for d in r.diagnostics]
    needs = [n for n in r.notes if n.startswith("names not defined in this source")]
    assert len(needs) == 1 and "-D TILE_DIM=... -D THREADS_Y=..." in needs[0], r.notes


def test_given_sizes_a_real_conflict_is_reported(tmp_path: Path) -> None:
    r = lint(tmp_path, "transpose.cuh", NVRTC.replace("PAD", "0"),
             define=("TILE_DIM=32", "THREADS_Y=8"), block=(32, 8, 1))
    assert not [n for n in r.notes if n.startswith("names not defined")], r.notes
    conflicts = [d for d in r.diagnostics if d.code == "SMEM001"]
    assert [d.line for d in conflicts] == [9] and "32-way" in conflicts[0].message, \
        [d.message for d in r.diagnostics]


def test_data_dependent_bins_stay_smem003(tmp_path: Path) -> None:
    r = lint(tmp_path, "histogram.cu", HISTOGRAM)
    assert [d.line for d in r.diagnostics if d.code == "SMEM003"] == [7], [d.message for d in r.diagnostics]
    assert not [n for n in r.notes if n.startswith("names not defined")]


def test_unpredictable_is_an_editor_hint_a_conflict_a_warning(tmp_path: Path) -> None:
    r = lint(tmp_path, "histogram.cu", HISTOGRAM)
    (unpredictable,) = [d for d in r.diagnostics if d.code == "SMEM003"]
    assert to_lsp_diagnostic(unpredictable, HISTOGRAM)["severity"] == 4  # Hint
    r = lint(tmp_path, "transpose.cuh", NVRTC.replace("PAD", "0"), define=("TILE_DIM=32", "THREADS_Y=8"),
             block=(32, 8, 1))
    (conflict,) = [d for d in r.diagnostics if d.code == "SMEM001"]
    assert to_lsp_diagnostic(conflict, NVRTC)["severity"] == 2  # Warning


def test_names_a_missing_header_may_define_are_not_blamed_on_a_runtime_compile(tmp_path: Path) -> None:
    # cuda-samples-like: cufft.h not found, so CUFFT_R2C is undeclared; the note says the header may define it
    r = lint(tmp_path, "fft.cu", '#include "cufft_missing.h"\n' + HISTOGRAM.replace("1 << 20", "CUFFT_R2C"))
    (needs,) = [n for n in r.notes if n.startswith("names not defined in this source")]
    assert "`CUFFT_R2C`" in needs and "a header that was not found" in needs and "run time" not in needs, needs
