"""A header that parses only after what its includers declare (llm.c's llmc/zero.cuh and its
`cudaCheck`) is not reported as a file with compile errors when a cleanly parsing file of the same
run includes it (issue 27 item 7); linted alone, it still is. Through the real command line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HEADER = """// host helpers: CHECK comes from the file that includes this one
inline void zero(float *p, int n) { CHECK(cudaMemset(p, 0, n * sizeof(float))); }
"""
MAIN = """#include <cstdio>
#define CHECK(x) do { if ((x) != cudaSuccess) printf("error\\\\n"); } while (0)
#include "zero.cuh"
__global__ void k(float *o) { o[threadIdx.x] = 1.0f; }
int main() { float *p = 0; zero(p, 32); k<<<1, 32>>>(p); }
"""


def _json(cwd: Path, *paths: str) -> dict:
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "1", "--output-format",
                        "json", *paths], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    return json.loads(r.stdout)


def test_a_header_parsed_by_its_includer_is_not_a_parse_failure(tmp_path: Path) -> None:
    (tmp_path / "zero.cuh").write_text(HEADER)
    (tmp_path / "main.cu").write_text(MAIN)
    alone = _json(tmp_path, "zero.cuh")
    assert alone["coverage"]["files_with_parse_errors"] == 1
    assert any(n.startswith("1 compile error(s)") for n in alone["files"][0]["notes"]), alone["files"]
    both = _json(tmp_path, ".")
    assert both["coverage"]["files_with_parse_errors"] == 0, both["coverage"]
    (header,) = [f for f in both["files"] if f["path"].endswith("zero.cuh")]
    assert header["notes"] == ["linted alone this header has 1 compile error(s): it needs what its includers "
                               "declare first; main.cu includes it and parses cleanly"], header["notes"]
