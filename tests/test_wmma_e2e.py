"""wmma fragments through the C++ API, end to end: benchmarks/accuracy/experiments/wmma_fragments/e2e.cu
(the tensor-core GEMM samples' fragment accesses, written here) linted, against its H200 measurement
(e2e-measured-sm90.json, one fragment access of interest per kernel, space and direction)."""
from __future__ import annotations

import collections
import json
from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

HERE = Path(__file__).resolve().parents[1] / "benchmarks/accuracy/experiments/wmma_fragments"
# not the model's: nvcc dropped 3 of glob's 12 global loads (their values unused); the set-up loops
# of 72 iterations are sampled for 64 (1 wavefront per request either way)
SKIP = {("glob", "global", "ld"), ("t_ab_ld", "shared", "st"), ("i_ab_ld", "shared", "st")}


def test_fragments_as_measured_end_to_end():
    measured = collections.defaultdict(lambda: [0, 0, 0])
    for kernel, space, sass, requests, wavefronts, sectors in json.loads(
            (HERE / "e2e-measured-sm90.json").read_text())["rows"]:
        m = measured[(kernel, space, "ld" if sass.startswith("LD") else "st")]
        m[0] += requests
        m[1] += wavefronts
        m[2] += sectors
    result = lint_file(str(HERE / "e2e.cu"), Settings())
    predicted = collections.defaultdict(lambda: [0, 0, 0])
    for k in result.kernels:
        for a in k.accesses:
            if a.space in ("shared", "global"):
                assert a.predictable, (k.name, a.line)
                p = predicted[(k.name, a.space, a.op)]
                p[0] += a.requests
                p[1] += round(a.wavefronts_per_request * a.requests) if a.space == "shared" else 0
                p[2] += round(a.sectors_per_request * a.requests) if a.space == "global" else 0
    keys = set(measured) - SKIP
    assert len(keys) >= 20
    assert {key: predicted[key] for key in keys} == {key: measured[key] for key in keys}
