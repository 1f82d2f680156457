"""Issue 28's three measured parts (HeCBench, PyTorch extensions, LLM kernels) are complete, self-consistent and
never measured reserved code (no GPU; reads the committed truth only)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

ACC = Path(__file__).parent.parent / "benchmarks" / "accuracy"
PARTS = ("hecbench", "torchext", "llm")
RESERVED_REPOS = ("cuda-samples", "llm.c", "rodinia", "how-to-optim", "ggml", "llama.cpp", "pytorch_scatter")
SITE_FIELDS = ("program", "repo", "commit", "folder", "domain", "kernel", "file", "line", "space", "op", "sass",
               "requests")


def _records(part: str) -> list[dict]:
    return [json.loads(line) for line in (ACC / part / "truth-sm90.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("part", PARTS)
def test_part_truth_rows_have_todays_format(part):
    recs = _records(part)
    assert recs[0]["kind"] == "meta" and "H100" in recs[0]["gpu"]
    sites = [r for r in recs if r["kind"] == "site" and r.get("requests")]
    kernels = {(r["program"], r["kernel"]) for r in recs if r["kind"] == "kernel"}
    for r in sites:
        assert all(r.get(f) not in (None, "") for f in SITE_FIELDS), r
        assert len(r["commit"]) == 40 and (r["program"], r["kernel"]) in kernels
        per = r["wavefronts_per_request"] if r["space"] == "shared" else r["sectors_per_request"]
        assert per is not None and per >= 0, r
        assert not any(bad in r["repo"].lower() for bad in RESERVED_REPOS), r["repo"]


def test_no_reserved_hecbench_program_was_measured():
    measured = {r["program"] for r in _records("hecbench") if r["kind"] in ("site", "kernel")}
    assert len(measured) >= 100
    reserved = [p for p in measured if hashlib.sha256(p.encode()).hexdigest()[0] in "0123"]
    assert not reserved


def test_llm_part_measures_at_least_30_kernels_of_its_programs():
    doc = json.loads((ACC / "llm" / "programs.json").read_text())
    recs = _records("llm")
    sites = [r for r in recs if r["kind"] == "site" and r.get("requests")]
    measured = {(r["program"], r["kernel"]) for r in sites}
    assert len(measured) >= 30
    declared = {(p["name"], k) for p in doc["programs"] for k in p["kernels"]}
    assert measured <= declared
    for r in sites:
        repo = doc["repos"][next(p["checkout"] for p in doc["programs"] if p["name"] == r["program"])]
        assert (r["repo"], r["commit"]) == (repo["repo"], repo["commit"])
