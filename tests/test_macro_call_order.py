"""Calls inside one macro expansion keep the order the macro's body writes them (issue 26: layout
and macros must not change the verdict). HeCBench's atomicReduction times each kernel through a
`benchmark(kernel, grid)` macro that launches, synchronizes, then reads the clock: no TIME001;
the same macro without the synchronization is still reported."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

SOURCE = """#include <chrono>
__global__ void reduce(int *in, int *out) { atomicAdd(out, in[threadIdx.x]); }
#define benchmark(kernel_name, grid_size) \\
    t1 = std::chrono::high_resolution_clock::now(); \\
    for (int i = 0; i < 100; i++) { \\
      cudaMemset(out, 0, sizeof(int)); \\
      kernel_name<<<dim3(grid_size), dim3(256)>>>(in, out); \\
    } \\
    cudaDeviceSynchronize(); \\
    t2 = std::chrono::high_resolution_clock::now(); \\
    times = std::chrono::duration_cast<std::chrono::duration<double> >(t2 - t1).count();
int main()
{
    int *in = 0, *out = 0;
    double times = 0;
    std::chrono::high_resolution_clock::time_point t1, t2;
    benchmark(reduce, 2048);
    benchmark(reduce, 1024);
    return times > 0;
}
"""


def time001(tmp_path: Path, text: str) -> list[int]:
    f = tmp_path / "bench.cu"
    f.write_text(text)
    r = lint_file(str(f), Settings(select=("TIME001",)))
    return [d.line for d in r.diagnostics]


def test_synchronized_inside_the_macro(tmp_path: Path) -> None:
    assert time001(tmp_path, SOURCE) == []


def test_unsynchronized_macro_still_reported(tmp_path: Path) -> None:
    assert time001(tmp_path, SOURCE.replace("cudaDeviceSynchronize(); \\", "\\")) == [17, 18]
