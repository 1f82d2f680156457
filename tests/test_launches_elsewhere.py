"""A kernel launched only from another file of the program (issue 29 item 1, issue 30 item 2): HeCBench's
chemv-cuda defines its kernels in kernel.cu, declares them in kernel.h and launches them from main.cu
with `dim3 k0_dimBlock(32)`. Linted as a folder, kernel.cu is analysed with main.cu's launch (its block
and its constant arguments), and its cached result is keyed by the launches it was given; two programs
of one tree, each with a kernel of the same name, do not lend each other their launches."""
from __future__ import annotations

import json
import subprocess
import sys

from folder_lint import lint_folder, out_access

KERNEL_H = "__global__ void transpose_rows(float *out, const float *in, int width);\n"
KERNEL_CU = """#include "kernel.h"
__global__ void transpose_rows(float *out, const float *in, int width)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    out[x * width] = in[x];
}
"""
MAIN_CU = """#include "kernel.h"
int main()
{
    float *a = 0, *b = 0;
    dim3 block(32);
    transpose_rows<<<64, block>>>(b, a, 8);
    return 0;
}
"""


def test_a_kernel_takes_the_launch_of_another_file_of_its_program(tmp_path):
    root = tmp_path / "program"
    root.mkdir()
    (root / "kernel.h").write_text(KERNEL_H)
    (root / "kernel.cu").write_text(KERNEL_CU)
    (root / "main.cu").write_text(MAIN_CU)
    for run in ("cold", "warm"):  # warm: the cache must give the second pass's result, not the first's
        doc = lint_folder(root)
        (k,) = doc["kernels"]
        assert k["block"] == [32, 1, 1], run
        assert any("from the launch at main.cu:6" in s for s in k["assumptions"]), k["assumptions"]
        # width = 8 from the launch: 32 lanes 32 bytes apart, one sector each (1024 assumed: also 32)
        assert out_access(doc)["sectors_per_request"] == 32.0
        assert any("width = 8 from the launch at main.cu:6" in s for s in out_access(doc)["assumptions"])
    # alone, kernel.cu has no launch: the block is assumed and says so
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "--format", "json", "--exit-zero",
                        "kernel.cu"], cwd=root, capture_output=True, text=True, timeout=600)
    (k,) = json.loads(r.stdout)["kernels"]
    assert k["block"] == [256, 1, 1] and any("no launch in this file" in s for s in k["assumptions"])


def test_two_programs_of_one_tree_keep_their_own_launches(tmp_path):
    root = tmp_path / "tree"
    (root / "a").mkdir(parents=True)
    (root / "b").mkdir()
    (root / "a" / "kernel.h").write_text(KERNEL_H)
    (root / "a" / "main.cu").write_text(MAIN_CU)  # launches its own transpose_rows, defined elsewhere
    (root / "b" / "kernel.h").write_text(KERNEL_H)
    (root / "b" / "kernel.cu").write_text(KERNEL_CU)  # another program's kernel of the same name
    doc = lint_folder(root, "--no-cache")
    (k,) = doc["kernels"]
    assert k["block"] == [256, 1, 1] and any("no launch in this file" in s for s in k["assumptions"])
