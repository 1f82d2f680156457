"""A file linted but not analysed is not a silent pass (issue 27 item 4): one that does not parse,
or whose SASS could not be made under `--sass`, gets a per-file message, is counted in the coverage
and exits 2 unless --exit-zero; the "most of this tree" warning only when most kernels got no number.
Through the real command line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

GOOD = "__global__ void good(float *o) { o[threadIdx.x] = 1.0f; }\n"
BROKEN = "__global__ void broken(float *o) { o[threadIdx.x] = ; int }\n}}}\n"
# clang parses it; nvcc stops at the #error (and without nvcc no SASS is made either)
NO_SASS = "#ifndef __clang__\n#error not for nvcc\n#endif\n" + GOOD


def _check(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "1", *args],
                          cwd=cwd, capture_output=True, text=True)


def test_a_file_that_does_not_parse_exits_2(tmp_path: Path) -> None:
    (tmp_path / "good.cu").write_text(GOOD)
    (tmp_path / "broken.cu").write_text(BROKEN)
    r = _check(tmp_path, "good.cu", "broken.cu")
    assert r.returncode == 2, r.stdout + r.stderr
    assert "broken.cu: error: no kernel could be analysed: the file does not parse" in r.stdout
    assert "1 file not analysed" in r.stdout
    assert _check(tmp_path, "--exit-zero", "good.cu", "broken.cu").returncode == 0
    assert _check(tmp_path, "good.cu").returncode == 0
    report = json.loads(_check(tmp_path, "--output-format", "json", "good.cu", "broken.cu").stdout)
    assert report["coverage"]["files_not_analysed"] == 1
    assert [f["not_analysed"] is not None for f in report["files"]] == [False, True]
    gh = _check(tmp_path, "--output-format", "github", "broken.cu")
    assert gh.returncode == 2 and "::error file=broken.cu" in gh.stdout


def test_sass_asked_and_not_made_exits_2(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text(NO_SASS)
    assert _check(tmp_path, "k.cu").returncode == 0  # the source itself is fine
    r = _check(tmp_path, "--sass", "k.cu")
    assert r.returncode == 2, r.stdout + r.stderr
    assert "k.cu: error: --sass was asked and no SASS could be made" in r.stdout
    assert "Traceback" not in r.stderr


def test_no_tree_warning_when_every_kernel_got_a_number(tmp_path: Path) -> None:
    # every file misses a header its host code wants; every kernel is still analysed
    for i in range(3):
        (tmp_path / f"k{i}.cu").write_text(f'#include "host_only_{i}.h"\n' + GOOD.replace("good", f"good{i}"))
    r = _check(tmp_path, ".")
    assert "3 of 3 files parsed with errors" in r.stdout
    assert "most of this tree" not in r.stdout and r.returncode == 0, r.stdout
    # most kernels without a number: the warning is said
    for i in range(3):
        (tmp_path / f"b{i}.cu").write_text(BROKEN.replace("broken", f"broken{i}"))
    (tmp_path / "b3.cu").write_text(BROKEN.replace("broken", "broken3"))
    r = _check(tmp_path, "--exit-zero", ".")
    assert ("warning: most of this tree could not be analysed (only 3 of 7 kernels written in the source got a "
            "shared or global number; of 7 files, 7 parsed with errors)") in r.stdout
