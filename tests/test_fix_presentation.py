"""ruff's fix presentation (issue 27 item 6): `[*]` on findings `--fix` would fix, the count of
fixable findings and of hidden unsafe ones, `--diff` saying what it stands for (and what
--unsafe-fixes would add), the fix-it as an edit under the caret in the full format (clang-tidy's),
and `concise` one line per finding. Through the real command line."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SHUFFLE = """__global__ void reduce(float *out, float v) {
    v += __shfl_down(v, 16);
    out[threadIdx.x] = v;
}
"""
CONFLICT = """__global__ void transpose(const float *in, float *out) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void launch(const float *i, float *o) { transpose<<<1, dim3(32, 32)>>>(i, o); }
"""


def _check(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "1", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=120)


def test_safe_fix_marked_counted_and_shown_under_the_caret(tmp_path: Path) -> None:
    (tmp_path / "s.cu").write_text(SHUFFLE)
    lines = _check(tmp_path, "s.cu").stdout.splitlines()
    assert lines[0].startswith("s.cu:2:10: warning: ") and lines[0].endswith("[SYNC003 legacy-shuffle] [*]")
    caret = next(i for i, line in enumerate(lines) if line.strip().startswith("^"))
    assert lines[caret - 1] == "      v += __shfl_down(v, 16);"
    assert lines[caret] == "           ^~~~~~~~~~~"
    assert lines[caret + 1].rstrip() == "           __shfl_down_sync(0xffffffff,"  # the fix-it, under the caret
    assert "[*] 1 fixable with --fix" in lines
    concise = _check(tmp_path, "--output-format", "concise", "s.cu").stdout.splitlines()
    assert concise[0].startswith("s.cu:2:10: SYNC003 [*] `__shfl_down` has no member mask")
    assert not concise[1].startswith(" ")  # one line per finding: the next is the summary


def test_unsafe_fixes_hidden_then_hinted(tmp_path: Path) -> None:
    (tmp_path / "t.cu").write_text(CONFLICT)
    r = _check(tmp_path, "t.cu")
    first = next(line for line in r.stdout.splitlines() if ": warning: " in line)
    assert "32-way bank conflict" in first and "[*]" not in first  # unsafe: no marker by default
    assert "no fixes available with --fix (1 hidden fix can be enabled with --unsafe-fixes)" in r.stdout
    # the edit is on the declaration's line: shown there, numbered, with the fix-it under it
    assert "  2 |     __shared__ float tile[32][32];" in r.stdout
    pad = " " * len("    __shared__ float tile[32][")
    assert f"    | {pad}~~\n    | {pad}33\n" in r.stdout
    unsafe = _check(tmp_path, "--unsafe-fixes", "t.cu")
    assert next(line for line in unsafe.stdout.splitlines() if ": warning: " in line).endswith("[*]") and "[*] 1 fixable with --fix --unsafe-fixes" in unsafe.stdout
    diff = _check(tmp_path, "--diff", "t.cu")
    assert diff.returncode == 0 and diff.stdout == ""
    assert "no fixes available (1 hidden fix can be enabled with --unsafe-fixes)" in diff.stderr
    diff = _check(tmp_path, "--diff", "--unsafe-fixes", "t.cu")
    assert diff.returncode == 1 and "+    __shared__ float tile[32][33];" in diff.stdout
    assert "would fix 1 finding" in diff.stderr
