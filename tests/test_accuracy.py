"""smemlint against the hardware: the committed Nsight Compute table of the accuracy corpus.

Fails on any site whose prediction differs from the measured counters and is not
listed, with a reason, in benchmarks/accuracy/known-deviations.json.
"""
from __future__ import annotations

import sys
from pathlib import Path

ACCURACY = Path(__file__).parent.parent / "benchmarks" / "accuracy"
sys.path.insert(0, str(ACCURACY))

from compare import compare  # noqa: E402


def test_every_measured_site_matches_or_is_explained() -> None:
    c = compare(ACCURACY / "truth-sm90.jsonl")
    assert c.sites >= 150
    assert not c.missed, c.missed[:5]
    assert not c.unpredicted, c.unpredicted[:5]
    assert not c.mismatched, "\n".join(
        f"{m['file']}:{m['line']} {m['kernel']} {m['space']} {m['op']}: measured {m['measured']}, "
        f"predicted {m['predicted']}" for m in c.mismatched)
    for d in c.explained:
        assert len(d["reason"]) > 40


def test_kernel_global_efficiency_matches_ncu() -> None:
    c = compare(ACCURACY / "truth-sm90.jsonl")
    assert len(c.kernels) > 100
    off = [k for k in c.kernels if abs(k["measured_pct"] - k["predicted_pct"]) > 1.0]
    assert not off, off[:5]
