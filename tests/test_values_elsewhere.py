"""Host values across files (issue 30 item 2): a launch inside a host function of kernel.cu whose
parameter only main.cu's calls give (HeCBench radixsort: RadixSort.cu launches inside `radixSortKeys(...,
numElements, ...)`, main.cu calls it with `const unsigned int numElements = 128*128*128*2`). Linted as a
folder, kernel.cu is analysed again with the value main.cu passes; where the callers disagree, or the
caller is another program's, or kernel.cu is linted alone, the parameter stays assumed and says so."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from folder_lint import lint_folder, out_access

KERNEL_CU = """__global__ void strided(float *out, const float *in, int stride)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    out[x * stride] = in[x];
}

void run(float *out, const float *in, int stride)
{
    strided<<<64, 256>>>(out, in, stride);
}
"""
MAIN_CU = """void run(float *out, const float *in, int stride);
int main()
{
    float *a = 0, *b = 0;
    const int s = 2;
    run(b, a, s);
    run(b, a, %s);
    return 0;
}
"""


def _program(root: Path, second: str) -> Path:
    root.mkdir(parents=True)
    (root / "kernel.cu").write_text(KERNEL_CU)
    (root / "main.cu").write_text(MAIN_CU % second)
    return root


def test_a_parameter_takes_the_value_the_other_file_passes(tmp_path):
    root = _program(tmp_path / "program", "2")
    for run in ("cold", "warm"):  # warm: the cache gives the second pass's result
        doc = lint_folder(root)
        # stride 2: 32 lanes 8 bytes apart, 256 bytes, 8 sectors (1024 assumed: 32)
        assert out_access(doc)["sectors_per_request"] == 8.0, run
        assert any("stride = 2 from the launch at" in s and "kernel.cu:9" in s for s in out_access(doc)["assumptions"]), run
    # alone, kernel.cu has no caller of run(): assumed, said so
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "--format", "json", "--exit-zero",
                        "kernel.cu"], cwd=root, capture_output=True, text=True, timeout=600)
    a = out_access(json.loads(r.stdout))
    assert a["sectors_per_request"] == 32.0 and any("stride = 1024 assumed" in s for s in a["assumptions"])


def test_callers_that_disagree_give_no_value(tmp_path):
    root = _program(tmp_path / "program", "4")  # run(b, a, 2) and run(b, a, 4)
    a = out_access(lint_folder(root, "--no-cache"))
    assert a["sectors_per_request"] == 32.0 and any("stride = 1024 assumed" in s for s in a["assumptions"])


def test_another_programs_caller_lends_nothing(tmp_path):
    root = tmp_path / "tree"
    (root / "a").mkdir(parents=True)
    (root / "b").mkdir()
    (root / "a" / "main.cu").write_text(MAIN_CU % "2")
    (root / "b" / "kernel.cu").write_text(KERNEL_CU)
    a = out_access(lint_folder(root, "--no-cache"))
    assert a["sectors_per_request"] == 32.0 and any("stride = 1024 assumed" in s for s in a["assumptions"])
