"""`[tool.smemlint]` in pyproject.toml, command-line overrides, inline and per-path suppressions."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from smemlint.config import load, path_matches

from kernels import transpose

ROOT = Path(__file__).parent.parent

# no launch in the file: the block comes from configuration
NO_LAUNCH = transpose("transposeTile", grid=None)
CONFLICT = transpose("transposeTile")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "smemlint", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def report(*args: str, cwd: Path) -> dict:
    r = run("check", "--format", "json", *args, cwd=cwd)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    return json.loads(r.stdout)


def write(root: Path, name: str, text: str) -> Path:
    p = root / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)
    return p


def test_every_key_is_read(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", """
[tool.smemlint]
arch = "sm_80"
block = "64"
include = ["inc"]
define = ["PAD=0"]
std = "c++17"
cuda-headers = "bundled"
compile-commands = "build"
select = ["SMEM", "GMEM", "SUP"]
ignore = ["GMEM001"]

[tool.smemlint.blocks]
"transpose*" = "16,16"

[tool.smemlint.per-path-ignores]
"third_party/**" = ["SMEM001"]
""")
    s = load(tmp_path / "pyproject.toml")
    assert s.arch == "sm_80" and s.block == (64, 1, 1) and s.std == "c++17" and s.cuda_headers == "bundled"
    assert s.include == (str((tmp_path / "inc").resolve()),) and s.define == ("PAD=0",)
    assert s.compile_commands == str((tmp_path / "build").resolve())
    assert s.select == ("SMEM", "GMEM", "SUP") and s.ignore == ("GMEM001",)
    assert s.block_for("transposeTile")[0] == (16, 16, 1)
    assert s.block_for("transposeTile<float, 32>")[0] == (16, 16, 1)
    assert s.block_for("reduce")[0] == (64, 1, 1)
    assert s.ignored_in(str(tmp_path / "third_party" / "x" / "k.cu")) == ("SMEM001",)
    assert s.ignored_in(str(tmp_path / "src" / "k.cu")) == ()


@pytest.mark.parametrize("bad", ['arch = "sm_1"', 'nope = 1', '[tool.smemlint.blocks]\n"k*" = "0,1"',
                                 '[tool.smemlint.per-path-ignores]\n"x/**" = 3'])
def test_bad_configuration_is_a_usage_error(tmp_path: Path, bad: str) -> None:
    head = "" if bad.startswith("[") else "[tool.smemlint]\n"
    write(tmp_path, "pyproject.toml", head + bad + "\n")
    write(tmp_path, "k.cu", CONFLICT)
    r = run("check", "k.cu", cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr


@pytest.mark.parametrize(("rel", "pattern", "hit"), [
    ("third_party/cub/k.cu", "third_party/**", True), ("src/third_party/k.cu", "third_party/**", False),
    ("src/third_party/k.cu", "**/third_party/**", True), ("src/gen/k.cu", "*/gen/*.cu", True),
    ("src/k_test.cu", "*_test.cu", True), ("src/k.cu", "*_test.cu", False), ("legacy/a/b.cuh", "legacy/", True),
    ("legacy/a/b.cuh", "legacy", True), ("src/k.cu", "src/*.cuh", False)])
def test_path_globs(rel: str, pattern: str, hit: bool) -> None:
    assert path_matches(rel, pattern) is hit


def test_block_table_per_kernel_name_and_cli_override(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", '[tool.smemlint]\nblock = "32,8"\n[tool.smemlint.blocks]\n'
                                      '"transpose*" = "16,16"\n')
    write(tmp_path, "k.cu", NO_LAUNCH)
    doc = report("k.cu", cwd=tmp_path)
    (d,) = [d for d in doc["diagnostics"] if d["code"] == "SMEM001" and d["line"] == 6]
    assert d["facts"]["ways"] == 16  # 16 columns x 2 rows per warp under (16,16)
    acc = [a for a in doc["accesses"] if a["line"] == 6 and a["space"] == "shared"][0]
    assert acc["block"] == [16, 16, 1]
    assert any('[tool.smemlint.blocks] "transpose*"' in s for s in acc["assumptions"])
    # the command line overrides the file, the per-kernel table included
    doc = report("--block", "32,8", "k.cu", cwd=tmp_path)
    assert [d for d in doc["diagnostics"] if d["line"] == 6][0]["facts"]["ways"] == 32
    assert [a for a in doc["accesses"] if a["line"] == 6][0]["block"] == [32, 8, 1]


def test_select_ignore_and_cli_override(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", '[tool.smemlint]\nignore = ["SMEM001"]\n')
    write(tmp_path, "k.cu", CONFLICT)
    assert report("k.cu", cwd=tmp_path)["diagnostics"] == []
    assert run("check", "k.cu", cwd=tmp_path).returncode == 0
    # --select on the command line replaces nothing in `ignore`, but `--config` can point elsewhere
    write(tmp_path, "other.toml", '[tool.smemlint]\nselect = ["SMEM"]\n')
    doc = report("--config", "other.toml", "k.cu", cwd=tmp_path)
    assert [d["code"] for d in doc["diagnostics"]] == ["SMEM001"]


def test_includes_defines_from_pyproject(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", '[tool.smemlint]\ninclude = ["inc"]\ndefine = ["N=32"]\n')
    write(tmp_path, "inc/pad.h", "#ifndef PAD\n#define PAD 0\n#endif\n")
    write(tmp_path, "src/k.cu", '#include "pad.h"\n' + CONFLICT.replace("tile[32][32]", "tile[N][N + PAD]"))
    doc = report("src/k.cu", cwd=tmp_path)  # pyproject found from the file, relative paths from pyproject
    assert [d["code"] for d in doc["diagnostics"]] == ["SMEM001"], doc["files"]
    doc = report("-D", "PAD=1", "src/k.cu", cwd=tmp_path)  # -D adds to the file's defines (N stays 32)
    assert doc["diagnostics"] == [], doc["files"]


def test_per_path_ignores(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", '[tool.smemlint.per-path-ignores]\n"third_party/**" = ["SMEM001"]\n')
    write(tmp_path, "third_party/lib/k.cu", CONFLICT + "// smemlint: ignore-file[SMEM001]\n")
    write(tmp_path, "src/k.cu", CONFLICT)
    doc = report(".", cwd=tmp_path)
    # the ignore-file comment in third_party is not "unused": SMEM001 is off there anyway
    assert [(Path(d["file"]).parts[-3:], d["code"]) for d in doc["diagnostics"]] == [(("src", "k.cu"), "SMEM001")] \
        or [Path(d["file"]).as_posix() for d in doc["diagnostics"]] == ["./src/k.cu"]


def test_inline_suppressions_and_unused_ones(tmp_path: Path) -> None:
    line6 = "    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];"
    same_line = CONFLICT.replace(line6, line6 + "  // smemlint: ignore[SMEM001]")
    write(tmp_path, "a.cu", same_line)
    above = CONFLICT.replace(line6, "    // smemlint: ignore[SMEM001, GMEM001]\n" + line6)
    write(tmp_path, "b.cu", above)
    write(tmp_path, "c.cu", "// smemlint: ignore-file[SMEM]\n" + CONFLICT)
    stale = CONFLICT.replace("tile[32][32]", "tile[32][33]").replace(line6, line6 + "  // smemlint: ignore[SMEM001]")
    write(tmp_path, "d.cu", stale)
    write(tmp_path, "e.cu", CONFLICT.replace(line6, line6 + " /* smemlint: ignore[SMEM01] */"))
    # ignore-next-line: after code on the line before (NOLINTNEXTLINE), and alone above it
    line5 = CONFLICT.splitlines()[4]
    write(tmp_path, "f.cu", CONFLICT.replace(line5 + "\n", line5 + "  // smemlint: ignore-next-line[SMEM001]\n"))
    write(tmp_path, "g.cu", CONFLICT.replace(line6, "    // smemlint: ignore-next-line[SMEM001]\n" + line6))
    doc = report(".", cwd=tmp_path)
    got = sorted((Path(d["file"]).name, d["line"], d["code"], d["message"].split(":")[0]) for d in doc["diagnostics"])
    assert got == [
        ("b.cu", 6, "SUP001", "unused suppression"),  # GMEM001 had nothing to silence on line 7
        ("d.cu", 6, "SUP001", "unused suppression"),  # the padding fixed it: the comment is stale
        ("e.cu", 6, "SMEM001", "32-way bank conflict on `tile`"),  # a typo silences nothing ...
        ("e.cu", 6, "SUP001", "unknown rule code `SMEM01` in suppression comment"),  # ... and says so
    ], got
    stale_d = [d for d in doc["diagnostics"] if d["file"].endswith("d.cu")][0]
    assert stale_d["severity"] == "info" and stale_d["name"] == "unused-suppression"
    (edit,) = stale_d["fix"]["edits"]  # the fix deletes the comment
    src = stale.splitlines()[5].encode()
    assert (src[:edit["column"] - 1] + src[edit["end_column"] - 1:]).decode() == line6
    # --select without SMEM001: its suppressions are not reported as unused
    doc = report("--select", "GMEM", "--select", "SUP", "d.cu", cwd=tmp_path)
    assert doc["diagnostics"] == []
    # SUP001 severity is info: --fail-on warning lets a stale suppression through
    assert run("check", "d.cu", cwd=tmp_path).returncode == 1
    assert run("check", "--fail-on", "warning", "d.cu", cwd=tmp_path).returncode == 0
