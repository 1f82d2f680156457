"""Kernels of project headers analysed with the launches of the files that include them, once a run."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file, lint_paths

HEADER = """#pragma once
__global__ void colread(float *out) {
    __shared__ float sq[16][16];
    sq[threadIdx.y][threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 16 + threadIdx.x] = sq[threadIdx.x][threadIdx.y];
}
template <int N> __global__ void tcol(float *out) {
    __shared__ float t[N][N];
    t[threadIdx.y][threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
"""
MAIN = """#include <cuda_runtime.h>
#include "kernels.cuh"
int main() { float *o; dim3 b; b.x = 16; b.y = 16; colread<<<1, b>>>(o); tcol<32><<<1, dim3(32, 8)>>>(o); }
"""


def project(tmp_path: Path, other_block: str = "dim3(16, 16)") -> Path:
    (tmp_path / "kernels.cuh").write_text(HEADER)
    (tmp_path / "main.cu").write_text(MAIN)
    (tmp_path / "other.cu").write_text('#include "kernels.cuh"\n'
                                       f"void again(float *o) {{ colread<<<1, {other_block}>>>(o); }}\n")
    return tmp_path


def smem001(results) -> list[tuple[str, int, str]]:
    return [(Path(d.file).name, d.line, d.message.split(":")[0]) for r in results for d in r.diagnostics
            if d.code == "SMEM001"]


def test_a_file_alone_analyses_the_header_kernels_it_launches(tmp_path) -> None:
    r = lint_file(str(project(tmp_path) / "main.cu"), Settings())
    kernels = {(Path(k.file).name, k.line, k.name, k.block) for k in r.kernels}
    assert kernels == {("kernels.cuh", 2, "colread", (16, 16, 1)), ("kernels.cuh", 8, "tcol<32>", (32, 8, 1))}
    # reported at the header's lines, with the launching file's numbers (16-wide block: 8 ways)
    assert smem001([r]) == [("kernels.cuh", 6, "8-way bank conflict on `sq`"),
                            ("kernels.cuh", 12, "32-way bank conflict on `t`")]


def test_a_run_reports_each_kernel_once_with_the_launches_it_found(tmp_path) -> None:
    d = project(tmp_path)
    files = sorted(str(p) for p in d.iterdir())
    results = lint_paths(files, Settings(), jobs=1)
    kernels = [(Path(k.file).name, k.line, k.name, k.block) for r in results for k in r.kernels]
    # the header alone would assume a block and analyse tcol without arguments: both dropped,
    # and other.cu's analysis of colread under the same block is the same report
    assert sorted(kernels) == [("kernels.cuh", 2, "colread", (16, 16, 1)), ("kernels.cuh", 8, "tcol<32>", (32, 8, 1))]
    assert sorted(smem001(results)) == [("kernels.cuh", 6, "8-way bank conflict on `sq`"),
                                        ("kernels.cuh", 12, "32-way bank conflict on `t`")]
    assert not any("template kernel not instantiated" in n for r in results for n in r.notes)


def test_a_second_shape_is_a_second_analysis(tmp_path) -> None:
    d = project(tmp_path, other_block="dim3(8, 8)")
    results = lint_paths(sorted(str(p) for p in d.iterdir()), Settings(), jobs=1)
    blocks = sorted(k.block for r in results for k in r.kernels if k.name == "colread")
    assert blocks == [(8, 8, 1), (16, 16, 1)]
    column_reads = sorted(d for d in smem001(results) if d[1] == 6)
    assert column_reads == [("kernels.cuh", 6, "4-way bank conflict on `sq`"),
                            ("kernels.cuh", 6, "8-way bank conflict on `sq`")]


def test_system_and_unlaunched_header_kernels_stay_out(tmp_path) -> None:
    (tmp_path / "kernels.cuh").write_text(HEADER)
    (tmp_path / "main.cu").write_text('#include "kernels.cuh"\nint main() { return 0; }\n')
    r = lint_file(str(tmp_path / "main.cu"), Settings())
    assert r.kernels == []


def test_instantiations_are_kept_apart(tmp_path) -> None:
    # two instantiations of one template in one file: one launched with a block the analysis reads,
    # one whose block it cannot follow: both are kernels of their own, neither replaces the other
    (tmp_path / "k.cu").write_text('#include "kernels.cuh"\nint pick();\nvoid h(float *o) { tcol<32><<<1, dim3(32, 8)>>>(o);\n'
                                   "  tcol<16><<<1, dim3(pick(), 16)>>>(o); }\n")
    (tmp_path / "other.cu").write_text('#include "kernels.cuh"\nvoid g(float *o) { tcol<32><<<1, dim3(32, 8)>>>(o); }\n')
    (tmp_path / "kernels.cuh").write_text(HEADER)
    results = lint_paths([str(tmp_path / "k.cu"), str(tmp_path / "other.cu")], Settings(), jobs=1)
    names = sorted(k.name for r in results for k in r.kernels if k.name.startswith("tcol"))
    assert names == ["tcol<16>", "tcol<32>"]


def test_a_template_on_two_lines_gives_way_to_its_instantiations(tmp_path) -> None:
    # `template <...>` on its own line: the header's own analysis starts there, an instantiation's
    # on the next line (SGEMM_CUDA's kernels); it is still one definition
    (tmp_path / "tk.cuh").write_text("#pragma once\ntemplate <int N>\n__global__ void tsplit(float *out) {\n"
                                     "    __shared__ float t[N][N];\n    t[threadIdx.y][threadIdx.x] = out[threadIdx.x];\n"
                                     "    __syncthreads();\n    out[threadIdx.x] = t[threadIdx.x][threadIdx.y];\n}\n")
    (tmp_path / "run.cu").write_text('#include "tk.cuh"\nvoid h(float *o) { tsplit<32><<<1, dim3(32, 8)>>>(o); }\n')
    results = lint_paths([str(tmp_path / "run.cu"), str(tmp_path / "tk.cuh")], Settings(), jobs=1)
    names = sorted(k.name for r in results for k in r.kernels)
    assert names == ["tsplit<32>"]
