"""Messages read in one glance (issue 27 item 5): a headline of at most 100 characters with one
number, said as an average when it is one (the worst request on the next line), numbers rounded,
sizes that were assumed marked as assumed, and a kernel's launch assumption said once per kernel in
the text format, not on every finding. Through the real command line."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from smemlint.diagnostics import split_message

ROOT = Path(__file__).parent.parent
# warp 0 reads a column (32-way), warp 1 a row (1 wavefront): 16.5 per request on average
MIXED = """__global__ void mixed(float *out) {
    __shared__ float s[64 * 32];
    s[threadIdx.x] = 0.0f;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x < 32 ? threadIdx.x * 32 : threadIdx.x];
}
void launch(float *o) { mixed<<<1, 64>>>(o); }
"""
# n is not a constant at any launch: taken as 1024, which makes the stride
STRIDED = """__global__ void strided(const float *in, float *out, int n) {
    out[threadIdx.x * n] = in[threadIdx.x * n];
}
"""


def _check(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "1", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_an_average_is_said_and_the_worst_request_below(tmp_path: Path) -> None:
    (tmp_path / "m.cu").write_text(MIXED)
    lines = [line for line in _check(tmp_path, "m.cu").stdout.splitlines() if ": note: " not in line]
    assert lines[0].startswith("m.cu:5:24: warning: bank conflict on `s`: 16.5 wavefronts per request on average "
                               "where 1 would do"), lines[0]
    assert lines[1].startswith("  the worst request is 32-way (32 wavefronts): in warp 0"), lines[1]


def test_assumed_sizes_are_marked_and_the_launch_said_once(tmp_path: Path) -> None:
    (tmp_path / "s.cu").write_text(STRIDED)
    out = _check(tmp_path, "s.cu").stdout
    findings = [line for line in out.splitlines() if ": warning: " in line]
    assert len(findings) >= 2, out
    assert "1024 elements (4096 bytes) apart (from sizes assumed 1024: n)" in out
    launch = [line for line in out.splitlines() if ": note: findings below: block" in line]
    assert len(launch) == 1 and "assumed" in launch[0], out  # one kernel: said once
    assert out.count("block (") == 1, out


def test_headlines_on_the_fixtures_fit_a_glance(tmp_path: Path) -> None:
    doc = json.loads(_check(ROOT, "--output-format", "json", "--exit-zero", "fixtures").stdout)
    assert doc["diagnostics"]
    for d in doc["diagnostics"]:
        headline = split_message(d["message"])[0]
        assert len(headline) <= 100, (d["code"], headline)
        assert not re.search(r"\d\.\d{3,}", headline), headline  # rounded
