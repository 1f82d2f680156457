"""The command line a program runs with (`--program-args`, `program-args` in pyproject.toml, per path too):
`main`'s argc and argv are that run's, the C and C++ library's conversions of their words (`atoi`, `strtol`,
`std::stoi`, `atof`) give its numbers, and a launch whose values read them says which run it describes
(fixtures/program_args.cu; HeCBench floydwarshall's block from `atoi(argv[3])`)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from smemlint.config import Settings, load, merge
from smemlint.host.syntax import converted
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "program_args.cu"
RUN = ("1024", "100", "16")


@pytest.mark.parametrize("name, text, base, value", [
    ("atoi", "1024", 10, 1024), ("atoi", "  -12abc", 10, -12), ("atoi", "abc", 10, 0), ("atol", "+7", 10, 7),
    ("stoi", "abc", 10, None),  # std::stoi throws where atoi gives 0
    ("strtol", "0x1f", 0, 31), ("strtol", "017", 0, 15), ("strtol", "ff", 16, 255), ("strtol", "0x10", 10, 0),
    ("strtoul", "12", 10, 12), ("atof", "1.5e3", 10, 1500.0), ("atof", "x", 10, 0.0), ("stod", "x", 10, None),
    ("strtod", ".25", 10, 0.25)])
def test_conversions_read_the_prefix_as_the_c_library_does(name, text, base, value) -> None:
    assert converted(name, text, base) == value


@given(st.integers(min_value=-(1 << 62), max_value=1 << 62))
def test_integers_written_in_decimal_and_hex_read_back(n: int) -> None:
    assert converted("atoll", str(n)) == n
    assert converted("strtoll", ("-" if n < 0 else "") + hex(abs(n)), 0) == n


def _lint(**settings):
    r = lint_file(str(FIXTURE), Settings(**settings))
    assert r.status == "ok", r.error
    (kernel,) = r.kernels
    return kernel, r.accesses


def test_a_named_run_gives_the_block_its_arguments_make() -> None:
    kernel, accesses = _lint(program_args=RUN)
    assert kernel.block == (16, 1, 1)
    assert [a.sectors_per_request for a in accesses] == [2.0, 2.0]  # half a warp of floats: 64 bytes
    said = " ".join(kernel.assumptions)
    assert "block (16,1,1) `block` from the launch" in said
    assert "the program run with the arguments `1024 100 16`" in said


def test_without_a_named_run_the_block_read_from_argv_is_assumed() -> None:
    kernel, accesses = _lint()
    assert kernel.block == (256, 1, 1)
    assert [a.sectors_per_request for a in accesses] == [4.0, 4.0]
    assert "arguments" not in " ".join(kernel.assumptions)


def test_per_path_arguments_and_the_command_line_over_them(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.smemlint]\nprogram-args = "1 2 3"\n\n'
        '[[tool.smemlint.per-path]]\npath = "bench/**"\nprogram-args = ["1024", "100", "16"]\n')
    s = load(tmp_path / "pyproject.toml")
    assert s.program_args == ("1", "2", "3")
    assert s.for_path(str(tmp_path / "bench" / "main.cu")).program_args == RUN
    assert s.for_path(str(tmp_path / "other.cu")).program_args == ("1", "2", "3")
    cli = merge(s, program_args=("8",))
    assert cli.for_path(str(tmp_path / "bench" / "main.cu")).program_args == ("8",)


def _check(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", *args],
                          capture_output=True, text=True, cwd=cwd)


def test_cli_option_reaches_the_analysis_and_bad_quoting_is_a_usage_error() -> None:
    r = _check("--format", "json", "--exit-zero", "--program-args", "1024 100 16", str(FIXTURE))
    assert r.returncode == 0, r.stderr
    assert [a["sectors_per_request"] for a in json.loads(r.stdout)["accesses"]] == [2.0, 2.0]
    bad = _check("--program-args", '"1024', str(FIXTURE))
    assert bad.returncode == 2 and "--program-args" in bad.stderr and "Traceback" not in bad.stderr


def test_show_settings_writes_them_as_toml(tmp_path: Path) -> None:
    r = _check("--show-settings", "--program-args", "a 'b c'", str(FIXTURE), cwd=tmp_path)
    assert "program-args = [\"a\", \"b c\"]" in r.stdout


MODES = r'''
#include <string.h>
__global__ void copy(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 0.f; }
int main(int argc, char **argv) {
    int block = 256;
    if (argc == 2) {
        if (strcmp(argv[1], "small") == 0) block = 16;
        else if (strncmp(argv[1], "tiny-run", 4) == 0) block = 8;
    }
    float *x;
    copy<<<64, block>>>(x);
}
'''


@pytest.mark.parametrize("args, block, said", [(("small",), 16, True), (("tiny",), 8, True), (("big",), 256, True),
                                               ((), 256, False)])
def test_a_mode_word_compared_with_strcmp_chooses_the_branch(tmp_path: Path, args, block, said) -> None:
    src = tmp_path / "modes.cu"
    src.write_text(MODES)
    r = lint_file(str(src), Settings(program_args=args))
    (kernel,) = r.kernels
    assert kernel.block == (block, 1, 1)
    assert ("the program run with the arguments" in " ".join(kernel.assumptions)) == said


def test_main_of_a_named_run_passes_its_values_to_another_files_launch(tmp_path: Path) -> None:
    """HeCBench morphology: main.cu calls `dilate(img, w, h, hsize)` with `int hsize = atoi(argv[1])`, and
    morphology.cu launches `vhgw<<<grid, hsize>>>` inside it: the block is the named run's."""
    from folder_lint import lint_folder, out_access

    root = tmp_path / "program"
    root.mkdir()
    (root / "morph.cu").write_text(
        "__global__ void rows(float *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 0.f; }\n"
        "void dilate(float *img, int width, int hsize) { rows<<<width / hsize, hsize>>>(img); }\n")
    (root / "main.cu").write_text(
        "#include <stdlib.h>\nvoid dilate(float *img, int width, int hsize);\n"
        "int main(int argc, char **argv) { int hsize = atoi(argv[1]); float *img; dilate(img, 4096, hsize); }\n")
    doc = lint_folder(root, "--no-cache", "--program-args", "16")
    (k,) = doc["kernels"]
    assert k["block"] == [16, 1, 1]
    assert out_access(doc)["sectors_per_request"] == 2.0
    assert any("the program run with the arguments `16`" in s for s in k["assumptions"]), k["assumptions"]
    (k,) = lint_folder(root, "--no-cache")["kernels"]  # without the run: not known
    assert k["block"] == [256, 1, 1]


NESTED = r'''
#include <stdlib.h>
__global__ void sweep(float *u, int nx) { u[blockIdx.x * blockDim.x + threadIdx.x] = 0.f; }
int main(int argc, char **argv) {
    const int NX = atoi(argv[1]), NY = atoi(argv[2]), NZ = atoi(argv[3]);
    float *h = (float *)malloc(sizeof(float) * NX * NY * NZ), *u;
    for (int k = 0; k < NZ; k++)
        for (int j = 0; j < NY; j++)
            for (int i = 0; i < NX; i++) h[i + NX * (j + NY * k)] = 1.f;
    int block = NX / 8;
    sweep<<<NX * NY * NZ / block, block>>>(u, NX);
}
'''


def test_nested_host_loops_a_named_run_bounds_are_given_up_on_at_once(tmp_path: Path) -> None:
    """HeCBench laplace3d's `for k < NZ: for j < NY: for i < NX` at 128 each: the loops run whole share
    one budget of body runs (host/flow.py WHOLE_LOOP_BODIES), so the file is linted well within its
    time limit (it ran 65^3 bodies, past 60 s, before) and the launch after them keeps its values."""
    src = tmp_path / "nested.cu"
    src.write_text(NESTED)
    r = _check("--format", "json", "--exit-zero", "--file-timeout", "20", "--program-args", "128 128 128", str(src))
    doc = json.loads(r.stdout)
    assert [f["status"] for f in doc["files"]] == ["ok"], doc["files"]
    (k,) = doc["kernels"]
    assert k["block"] == [16, 1, 1]
