"""TIME002 counts a blocking copy as a wait, also inside a helper of another header (issue 26:
Learn-CUDA-Programming's cublasGemmEx.cu calls `C.copyToHost()`, a `cudaMemcpy` in helper.cuh,
between the stop record and `cudaEventElapsedTime`)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

HELPER = """#pragma once
struct Buffer {
    float *h_ptr_, *d_ptr_; size_t size_;
    void copyToHost() { cudaMemcpy(h_ptr_, d_ptr_, size_, cudaMemcpyDeviceToHost); }
    void copyToHostAsync() { cudaMemcpyAsync(h_ptr_, d_ptr_, size_, cudaMemcpyDeviceToHost, 0); }
};
"""

MAIN = """#include "helper.cuh"
__global__ void work(float *x) { x[threadIdx.x] *= 2.0f; }
int main()
{
    Buffer C;
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    work<<<4, 256>>>(C.d_ptr_);
    cudaEventRecord(stop);
    C.copyToHost();
    float ms;
    cudaEventElapsedTime(&ms, start, stop);
    return 0;
}
"""


def lint(tmp_path: Path, main: str) -> list[int]:
    (tmp_path / "helper.cuh").write_text(HELPER)
    f = tmp_path / "main.cu"
    f.write_text(main)
    return [d.line for d in lint_file(str(f), Settings(select=("TIME002",))).diagnostics]


def test_blocking_copy_in_a_header_helper_waits_for_the_stop_event(tmp_path: Path) -> None:
    assert lint(tmp_path, MAIN) == []


def test_asynchronous_copy_in_a_header_helper_does_not_wait(tmp_path: Path) -> None:
    assert lint(tmp_path, MAIN.replace("C.copyToHost();", "C.copyToHostAsync();")) == [14]
