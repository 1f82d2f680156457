"""Every run says how much it could analyse, and warns when most of the tree could not be (issue 15, item 6)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from kernels import transpose

ROOT = Path(__file__).parent.parent
GOOD = transpose("good", grid=1)
# what a project file looks like linted without its include paths: its own headers are not found
NEEDS_PROJECT_HEADERS = '#include "project/config.h"\n#include "project/tensor.h"\n' + GOOD


def check(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    return subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "--cuda-headers", "bundled",
                           *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)


def test_a_tree_without_its_include_paths_is_warned_about(tmp_path: Path) -> None:
    for i in range(3):
        (tmp_path / f"k{i}.cu").write_text(NEEDS_PROJECT_HEADERS.replace("good", f"k{i}"))
    (tmp_path / "fine.cu").write_text(GOOD)
    (tmp_path / "template.cu").write_text(
        "template <int N> __global__ void t(float *o) { __shared__ float s[64]; s[threadIdx.x * N] = o[0]; }\n")
    (tmp_path / "binary.cu").write_bytes(b"\0\1\2")
    r = check("--format", "json", str(tmp_path))
    cov = json.loads(r.stdout)["coverage"]
    assert cov == {
        "files": 6, "files_not_linted": 1, "files_with_parse_errors": 3, "files_missing_includes": 3,
        "kernels_written": 5, "kernels_written_with_numbers": 5, "kernels_written_not_found": 0,
        "kernels_written_not_compiled": 0, "kernels_written_without_memory_access": 0, "kernels_without_numbers": [],
        "kernels_found": 5, "kernels_with_predictions": 5, "kernels_failed": 0, "kernels_not_instantiated": 1,
        "files_not_analysed": 0,
        "accesses": cov["accesses"], "accesses_predicted": cov["accesses_predicted"],
        "reasons": [{"reason": "missing include project/config.h", "files": 3},
                    {"reason": "missing include project/tensor.h", "files": 3},
                    {"reason": "not linted: binary file", "files": 1},
                    {"reason": "template kernels not launched in the file", "files": 1}],
        # every kernel got a number: no "most of this tree" warning (issue 27 item 4), however many
        # files missed a header (tests/test_not_analysed.py has the warning where most kernels got none)
        "warning": None}, cov
    # (the template kernel's accesses too: its representative instance t<4>, N = 4 a representative integer)
    assert 0 < cov["accesses_predicted"] <= cov["accesses"]

    text = check(str(tmp_path)).stdout.splitlines()
    assert text[-1] == ("coverage: 5 of 5 kernels written in the source with a shared or global number (5 found); "
                        "3 of 6 files parsed with errors; main reasons: "
                        "missing include project/config.h (3 files), missing include project/tensor.h (3 files), "
                        "not linted: binary file (1 file)")

    # with the include path (the headers exist): analysed, and no warning
    (tmp_path / "inc" / "project").mkdir(parents=True)
    for h in ("config.h", "tensor.h"):
        (tmp_path / "inc" / "project" / h).write_text("#pragma once\n")
    (tmp_path / "binary.cu").unlink()
    text = check("-I", str(tmp_path / "inc"), str(tmp_path)).stdout.splitlines()
    assert text[-1] == ("coverage: 5 of 5 kernels written in the source with a shared or global number (5 found); "
                        "main reasons: "
                        "template kernels not launched in the file (1 file)"), text[-3:]


def test_every_run_ends_with_its_coverage(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text(GOOD)
    r = check(str(tmp_path / "k.cu"))
    assert r.stdout.splitlines()[-1] == ("coverage: 1 of 1 kernel written in the source with a shared or global "
                                         "number (1 found)")


def test_reach_is_counted_from_the_kernels_written(tmp_path: Path) -> None:
    """Kernels written in the source are the denominator (issue 29 item 7): one the front end never
    finds counts as a miss, one in an #if branch the build leaves out is said apart, a kernel a
    macro defines is not counted twice, and one found with no shared or global access gets no number."""
    (tmp_path / "k.cu").write_text(GOOD + """
#ifdef NOT_THIS_BUILD
__global__ void leftOut(float *x) { x[threadIdx.x] = 0.f; }
#endif
#define MAKE(name) __global__ void name(float *x) { x[threadIdx.x] = 1.f; }
MAKE(fromMacro)
__global__ void registersOnly(float *x) { float a = 1.f; (void)a; }
""")
    cov = json.loads(check("--format", "json", str(tmp_path / "k.cu")).stdout)["coverage"]
    # GOOD's kernel and registersOnly written; fromMacro is found (made by the macro) but not written as such
    assert (cov["kernels_written"], cov["kernels_written_with_numbers"], cov["kernels_written_not_compiled"],
            cov["kernels_written_not_found"]) == (2, 1, 1, 0), cov



def test_reasons_for_the_kernels_without_a_number_and_the_warning_only_when_true(tmp_path: Path) -> None:
    """The kernels written without a shared or global number are each given a reason (issue 29 item 7),
    and the "most of this tree" warning counts the kernels written, not the analyses that predicted
    something: a kernel whose accesses are all to registers or local memory has no number."""
    (tmp_path / "k.cu").write_text(GOOD + """
__global__ void registersOnly(float *x) { float a[4]; a[threadIdx.x & 3] = 1.f; x[0] = a[threadIdx.x & 1]; }
__global__ void byClock(float *x) { x[(int)clock() & 31] = 1.f; }
""".replace("x[0] = a[threadIdx.x & 1];", "(void)a[threadIdx.x & 1];"))
    r = check("--format", "json", str(tmp_path / "k.cu"))
    cov = json.loads(r.stdout)["coverage"]
    assert (cov["kernels_written"], cov["kernels_written_with_numbers"]) == (3, 1), cov
    assert cov["kernels_written_without_memory_access"] == 1, cov  # registersOnly: no number to give
    assert cov["kernels_without_numbers"] == [
        {"reason": "found, no shared or global access", "kernels": 1},
        {"reason": "no number: the address depends on the result of `X`", "kernels": 1}], cov
    # 1 of 3 written kernels with a number: most of this file was not analysed, however many analyses
    # predicted a local access
    assert cov["kernels_with_predictions"] >= 2 and cov["warning"] == (
        "most of this tree could not be analysed (only 1 of 3 kernels written in the source got a shared or global "
        "number); see the notes of each file"), cov
    line = next(x for x in check(str(tmp_path / "k.cu")).stdout.splitlines() if x.startswith("coverage: "))
    assert line == ("coverage: 1 of 3 kernels written in the source with a shared or global number (3 found); "
                    "without a number: found, no shared or global access (1), no number: the address depends on "
                    "the result of `X` (1)"), line
    # a number for two of the three: no warning
    (tmp_path / "k.cu").write_text((tmp_path / "k.cu").read_text().replace("(int)clock() & 31", "threadIdx.x"))
    cov = json.loads(check("--format", "json", str(tmp_path / "k.cu")).stdout)["coverage"]
    assert cov["kernels_written_with_numbers"] == 2 and cov["warning"] is None, cov
