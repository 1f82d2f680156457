"""Headers are part of the program (issue 29 item 3): a kernel of a header, or of a `.cu` another
file `#include`s, is analysed with the launches of the files that include it (a launcher function
of the header called from the includer) and with those files' macros; linted as a folder, it is
reported once, not once per includer, and not zero times."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# HeCBench's fwt-cuda: main.cu defines what kernels.cu needs, then includes it; kernels.cu's
# launcher is called from main.cu. Alone, kernels.cu takes the unpadded branch and misses TILE.
KERNELS_CU = """__global__ void tile_copy(float* out) {
#ifdef PADDED
    __shared__ float tile[32][33];
#else
    __shared__ float tile[32][32];
#endif
    tile[threadIdx.y][threadIdx.x] = out[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void run_tile_copy(float* d, int n) {
    dim3 block(TILE, TILE);
    tile_copy<<<n / (TILE * TILE), block>>>(d);
}
"""


def _main_cu(padded: bool) -> str:
    return ("#define PADDED\n" if padded else "") + """#define TILE 32
#include "kernels.cu"
int main() {
    run_tile_copy(0, 1 << 20);
}
"""


# a header kernel whose block only its includers' calls give, launched from two of them
HEADER = """#pragma once
__global__ void strided(float* out, int stride) {
    out[threadIdx.x * stride] = 0.0f;
}
inline void launch_strided(float* d, int n, int threads, int stride) {
    strided<<<n / threads, threads>>>(d, stride);
}
"""
INCLUDER = """#include "k.cuh"
void {name}(float* d) {{ launch_strided(d, 4096, 128, 2); }}
"""


def lint(tmp_path: Path) -> dict:
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "1", "--format", "json",
                        "--exit-zero", "."], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return json.loads(r.stdout)


def _kernels(report: dict, name: str) -> list[dict]:
    return [k for k in report["kernels"] if k["name"] == name]


def _launched(k: dict) -> bool:
    return any("from the launch at" in a for a in k["assumptions"])


def _conflicts(report: dict) -> list[dict]:
    return [d for d in report["diagnostics"] if d["code"] == "SMEM001"]


# the same, launched with a literal block: kernels.cu alone parses cleanly and launches it too
KERNELS_CU_LITERAL = KERNELS_CU.replace("TILE, TILE", "32, 32").replace("TILE * TILE", "1024")


@pytest.mark.parametrize("source", [KERNELS_CU, KERNELS_CU_LITERAL], ids=["macro_block", "literal_block"])
def test_included_cu_is_analysed_with_the_includers_macros(tmp_path: Path, source: str) -> None:
    (tmp_path / "kernels.cu").write_text(source)
    (tmp_path / "main.cu").write_text(_main_cu(padded=True))
    report = lint(tmp_path)
    [k] = _kernels(report, "tile_copy")
    assert k["file"] == "kernels.cu" and k["block"] == [32, 32, 1] and _launched(k), k
    # the includer pads the tile: the column read is conflict-free; kernels.cu alone (unpadded, TILE
    # undeclared) would report a 32-way conflict
    assert _conflicts(report) == [], _conflicts(report)
    [alone] = [f for f in report["files"] if f["path"] == "kernels.cu"]
    assert not any("compile error(s); analysed what parsed" in n for n in alone["notes"]), alone["notes"]
    reads = [a for a in report["accesses"] if a["kernel"] == "tile_copy" and a["space"] == "shared"]
    assert reads and all(a["predictable"] and a["wavefronts_per_request"] == 1 for a in reads), reads


def test_included_cu_conflict_found_in_the_includers_context(tmp_path: Path) -> None:
    (tmp_path / "kernels.cu").write_text(KERNELS_CU)
    (tmp_path / "main.cu").write_text(_main_cu(padded=False))
    report = lint(tmp_path)
    [k] = _kernels(report, "tile_copy")
    assert k["block"] == [32, 32, 1] and _launched(k), k
    [d] = _conflicts(report)
    assert d["file"] == "kernels.cu" and d["line"] == 9, d


def test_header_kernel_launched_from_two_includers_analysed_once(tmp_path: Path) -> None:
    (tmp_path / "k.cuh").write_text(HEADER)
    (tmp_path / "a.cu").write_text(INCLUDER.format(name="run_a"))
    (tmp_path / "b.cu").write_text(INCLUDER.format(name="run_b"))
    report = lint(tmp_path)
    [k] = _kernels(report, "strided")  # once: not per includer, not the header's unlaunched analysis
    assert k["file"] == "k.cuh" and k["block"] == [128, 1, 1] and _launched(k), k
    [store] = [a for a in report["accesses"] if a["kernel"] == "strided"]
    assert store["predictable"] and store["sectors_per_request"] == 8, store  # stride 2 floats: 256 bytes, 8 sectors
    gmem = [d for d in report["diagnostics"] if d["code"] == "GMEM001"]
    assert len(gmem) == 1, gmem  # reported once


def test_header_kernel_no_includer_launches_is_still_analysed(tmp_path: Path) -> None:
    (tmp_path / "k.cuh").write_text(HEADER)
    (tmp_path / "c.cu").write_text('#include "k.cuh"\nint main() { return 0; }\n')
    report = lint(tmp_path)
    assert len(_kernels(report, "strided")) == 1, report["kernels"]


def test_a_folder_walk_finds_the_kernels_written_in_h_headers(tmp_path: Path) -> None:
    """tiny-cuda-nn writes its kernels in `include/**/*.h`: a walk lints a `.h`/`.hpp` that defines a
    `__global__` kernel, not one that only declares host code or mentions `__global__` in a comment."""
    from smemlint.lint import collect

    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "kernels.h").write_text(HEADER)
    (tmp_path / "inc" / "host.hpp").write_text("#pragma once\n// no __global__ here, only words\nint f();\n")
    (tmp_path / "inc" / "decl.h").write_text("#pragma once\n__global__ void declared_only(float *x);\n")
    files, missing = collect([str(tmp_path)])
    assert [Path(f).name for f in files] == ["kernels.h"] and not missing, files


# HeCBench is: the kernels of kernels.h take MAX_KEY from is.h, which only main.cu includes; the
# block comes from the command line, so no launch's block is read in either analysis
IS_KERNELS_H = """#pragma once
__global__ void scan_part(const int *source, int *destiny, int number_of_blocks) {
    int factor = MAX_KEY / number_of_blocks;
    int start = factor * blockIdx.x;
    destiny[start + threadIdx.x] = source[start + threadIdx.x];
}
"""
IS_MAIN = """#include <stdlib.h>
#define MAX_KEY (1 << 16)
#include "kernels.h"
int main(int argc, char **argv) {
    int threads = atoi(argv[1]);
    scan_part<<<64, threads>>>(0, 0, 64);
    return 0;
}
"""


@pytest.mark.parametrize("includer", ["main.cu", "a_main.cu"])  # linted before and after the header
def test_header_kernel_with_an_unread_block_keeps_the_includers_analysis(tmp_path: Path, includer: str) -> None:
    (tmp_path / "kernels.h").write_text(IS_KERNELS_H)
    (tmp_path / includer).write_text(IS_MAIN)
    report = lint(tmp_path)
    [k] = _kernels(report, "scan_part")
    assert any(f"{includer}:6" in a for a in k["assumptions"]), k["assumptions"]  # the includer's analysis
    assert any(a.startswith("number_of_blocks = 64 from the launch") for a in k["assumptions"]), k["assumptions"]
    costs = sorted((a["op"], a["sectors_per_request"]) for a in report["accesses"] if a["kernel"] == "scan_part")
    assert costs == [("ld", 4.0), ("st", 4.0)], costs  # a warp's 32 ints from an aligned start (alone: MAX_KEY unknown)
