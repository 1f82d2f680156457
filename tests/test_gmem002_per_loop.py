"""GMEM002 reports one finding per element-wise loop (its root cause: the loop is what gets packed),
naming the loop's other narrow accesses, not one finding per line (issue 26 item 6: llm.c had 90
GMEM002 findings of 154); two separate loops stay two findings."""
from __future__ import annotations

from smemlint.config import Settings
from smemlint.lint import lint_file

SOURCE = """#include <cuda_fp16.h>
__global__ void axpy_half(__half *z, const __half *x, const __half *y, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        __half a = x[i];
        __half b = y[i];
        z[i] = __hadd(a, b);
    }
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        z[i] = __hmul(z[i], z[i]);
    }
}
int main() { axpy_half<<<132, 256>>>(0, 0, 0, 1 << 20); }
"""


def test_one_finding_per_loop(tmp_path) -> None:
    f = tmp_path / "axpy.cu"
    f.write_text(SOURCE)
    r = lint_file(str(f), Settings(select=("GMEM002",)))
    found = [(d.line, d.facts.get("other_lines")) for d in r.diagnostics if d.code == "GMEM002"]
    # the first loop: x (5), y (6), z (7) are one finding at 5; the second loop is its own (line 10)
    assert found == [(5, [6, 7]), (10, [])], found
    assert "also lines 6, 7" in r.diagnostics[0].message


# a loop every thread runs from the same start: exllamav2's pack_columns walks a column of 16-bit
# values down the rows; packing it needs each thread to own two columns (register blocking)
COLUMN_WALK = """#include <cstdint>
__global__ void pack_columns(const uint16_t *input, uint32_t *output, int rows, int columns)
{
    int column = blockIdx.x * blockDim.x + threadIdx.x;
    if (column >= columns) return;
    uint32_t packed = 0;
    for (int i = 0; i < 8; i++)
        packed |= ((uint32_t)input[i * columns + column]) << (i * 4);
    output[column] = packed;
}
int main() { pack_columns<<<64, 256>>>(0, 0, 8, 1 << 14); }
"""


def test_a_loop_with_one_start_for_every_thread_is_not_element_wise(tmp_path) -> None:
    f = tmp_path / "pack.cu"
    f.write_text(COLUMN_WALK)
    r = lint_file(str(f), Settings(select=("GMEM002",)))
    assert [d.message for d in r.diagnostics] == []


def test_a_counter_declared_before_the_loop_still_spreads_elements(tmp_path) -> None:
    # cuda-samples' streamOrderedAllocationIPC: `for (; idx < sz; idx += gridDim.x * blockDim.x) ptr[idx] = val;`
    f = tmp_path / "fill.cu"
    f.write_text("""__global__ void fill(char *ptr, int sz, char val)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    for (; idx < sz; idx += (gridDim.x * blockDim.x)) {
        ptr[idx] = val;
    }
}
int main() { fill<<<132, 256>>>(0, 1 << 24, 1); }
""")
    r = lint_file(str(f), Settings(select=("GMEM002",)))
    assert [d.line for d in r.diagnostics] == [5]
