"""A kernel in an included header, linted as `smemlint check .` walks a tree (issue 26 items 6, 7):
the walk names the header `./src/k.cuh`, clang names it `src/k.cuh` for the file that includes it;
both are one file, so each finding is reported once, and its excerpt is the header's own line."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

# a 32-way conflict (column read of a 32x32 tile) in the header, launched by main.cu
HEADER = """#pragma once
__global__ void transpose_tile(float* out) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
"""
MAIN = """#include "src/k.cuh"
// a comment line
// another one, so that main.cu's line 6 is not the header's
int host_value = 0;
int main() {
    dim3 b(32, 32); transpose_tile<<<64, b>>>(0);
}
"""


def check(tmp_path: Path, *args: str) -> str:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cuh").write_text(HEADER)
    (tmp_path / "main.cu").write_text(MAIN)
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "1", *args, "."],
                       cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, r.stdout + r.stderr
    return r.stdout


def test_header_finding_reported_once_under_one_name(tmp_path: Path) -> None:
    out = check(tmp_path, "--output-format", "concise")
    conflicts = [line for line in out.splitlines() if ": SMEM001 " in line]
    assert conflicts == ["src/k.cuh:6:43: SMEM001 32-way bank conflict on `tile`: "
                         "32 wavefronts per request where 1 would do"], out
    assert "./src" not in out
    assert "2 files, 1 kernel, 4 accesses: 1 finding" in out, out


def test_header_finding_shows_the_header_line(tmp_path: Path) -> None:
    out = check(tmp_path)
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("src/k.cuh:6:43:"))
    excerpt = next(line for line in lines[at + 1:] if line.startswith("    "))
    assert excerpt.strip() == "out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];"
    assert "transpose_tile<<<" not in out
