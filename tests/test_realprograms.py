"""The real-program benchmark and the idiom measurements are complete and self-consistent (no GPU)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ACC = Path(__file__).parent.parent / "benchmarks" / "accuracy"


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


def test_real_program_truth_is_big_enough_and_complete():
    programs = json.loads((ACC / "realprograms" / "programs.json").read_text())["programs"]
    for p in programs:
        assert p["repo"] and len(p["commit"]) == 40 and p["source"] and p["lint"], p["name"]
        assert not any(bad in p["repo"] for bad in ("cuda-samples", "llm.c", "rodinia", "how-to-optim"))
    recs = _records(ACC / "realprograms" / "truth-sm90.jsonl")
    assert recs[0]["kind"] == "meta" and "H100" in recs[0]["gpu"]
    assert not [r for r in recs if r["kind"] == "missing"]
    sites = [r for r in recs if r["kind"] == "site" and r["requests"]]
    assert len({r["program"] for r in sites}) >= 8
    assert len(sites) >= 300
    for r in sites:
        per = r["wavefronts_per_request"] if r["space"] == "shared" else r["sectors_per_request"]
        assert per is not None and per >= 0 and r["sass"], r
    kernels = [r for r in recs if r["kind"] == "kernel"]
    assert all(r["block"] and r["block"][0] * r["block"][1] * r["block"][2] <= 1024 for r in kernels)


def test_every_idiom_manifest_site_was_measured():
    manifest = json.loads((ACC / "idioms" / "corpus" / "manifest.json").read_text())
    truth = {(r["file"], r["line"], r["space"], r["op"]): r
             for r in _records(ACC / "idioms" / "truth-sm90.jsonl") if r["kind"] == "site"}
    assert len(manifest) >= 60
    for m in manifest:
        r = truth[(m["file"], m["line"], m["space"], m["op"])]
        assert r["requests"] is not None, m
    # the manifest points at the marked lines of the committed sources
    for m in manifest:
        line = (ACC / "idioms" / m["file"]).read_text().splitlines()[m["line"] - 1]
        assert "// @site" in line, m
    ldsm = [r for r in truth.values() if r.get("instr") == "ldmatrix" and r["requests"]]
    # unswizzled 128-byte rows conflict 8-way per matrix; the XOR swizzle of the same rows does not
    by = {(r["kernel"]): r["wavefronts_per_request"] for r in ldsm}
    assert by["ldsm_x4_stride128"] == 32 and by["ldsm_x4_xor128"] == 4


def test_compare_judges_a_line_by_its_accesses():
    cmp = _load("realprograms_compare", ACC / "realprograms" / "compare.py")

    class A:
        def __init__(self, wf, req):
            self.wavefronts_per_request, self.sectors_per_request, self.requests = wf, None, req
            self.assumptions, self.width_bits = ["x"], 32

    k = cmp._Kernel("k.cu", 3, "kern", (32, 8, 1))
    site = {"program": "p", "file": "k.cu", "line": 9, "kernel": "kern", "space": "shared", "op": "ld",
            "sass": ["LDS", "LDS"], "wavefronts_per_request": 1.5}
    found = {"accesses": {("k.cu", 9, "shared", "ld", "kern"): [(A(1.0, 64), k), (A(2.0, 64), k)]},
             "kernels": {"kern": [k]}}
    assert cmp.judge(site, found, {"block": [32, 8, 1]})["verdict"] == "exact"
    wrong = cmp.judge(dict(site, wavefronts_per_request=3.0), found, {"block": [64, 4, 1]})
    assert (wrong["verdict"], wrong["category"]) == ("wrong", "launch not found")
    missing = cmp.judge(dict(site, line=10), found, {"block": [32, 8, 1]})
    assert (missing["verdict"], missing["category"]) == ("no number", "idiom not followed")
    # 32-bit accesses nvcc merged into a 128-bit instruction: told apart from a model error
    merged = cmp.judge(dict(site, wavefronts_per_request=3.0, sass=["LDS.128"]), found, {"block": [32, 8, 1]})
    assert (merged["verdict"], merged["category"]) == ("wrong", "compiler merged")
