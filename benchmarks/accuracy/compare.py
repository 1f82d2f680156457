"""Compare smemlint's predictions with the measured truth, site by site (no GPU needed).

    python benchmarks/accuracy/compare.py [--truth truth-sm90.jsonl] [--json]

Runs smemlint on the corpus, joins its accesses with the measured table by
(file, line, space, op), and prints: sites, exact matches of wavefronts and
sectors per request (within 0.01), every mismatch with both numbers, sites
smemlint missed or could not predict, and per-kernel global efficiency against
ncu's smsp__sass_average_data_bytes_per_sector_mem_global_op_{ld,st}.pct.
Mismatches listed in known-deviations.json (with a reason) are reported but
do not count as failures.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from smemlint.config import Settings  # noqa: E402
from smemlint.lint import lint_file  # noqa: E402

TOLERANCE = 0.01


@dataclass
class Comparison:
    meta: dict
    sites: int = 0
    matched: list[dict] = field(default_factory=list)
    mismatched: list[dict] = field(default_factory=list)
    explained: list[dict] = field(default_factory=list)
    missed: list[dict] = field(default_factory=list)
    unpredicted: list[dict] = field(default_factory=list)
    kernels: list[dict] = field(default_factory=list)

    @property
    def exact_fraction(self) -> float:
        return len(self.matched) / self.sites if self.sites else 0.0


def load_truth(path: Path) -> tuple[dict, list[dict], list[dict]]:
    meta, sites, kernels = {}, [], []
    for line in path.read_text().splitlines():
        r = json.loads(line)
        if r["kind"] == "meta":
            meta = r
        elif r["kind"] == "site":
            sites.append(r)
        elif r["kind"] == "kernel":
            kernels.append(r)
    return meta, sites, kernels


def load_deviations(path: Path) -> dict[tuple, str]:
    if not path.exists():
        return {}
    out = {}
    for d in json.loads(path.read_text()):
        out[(d["file"], d["line"], d["space"], d["op"])] = d["reason"]
    return out


def compare(truth_path: Path = HERE / "truth-sm90.jsonl", headers: str = "bundled") -> Comparison:
    meta, sites, kernels = load_truth(truth_path)
    deviations = load_deviations(HERE / "known-deviations.json")
    settings = Settings(cuda_headers=headers)
    predicted: dict[tuple, object] = {}
    kernel_eff: dict[tuple, object] = {}
    for f in sorted({s["file"] for s in sites}):
        result = lint_file(str(HERE / f), settings)
        for k in result.kernels:
            kernel_eff[(f, k.name)] = k
            for a in k.accesses:
                predicted.setdefault((f, a.line, a.space, a.op), []).append(a)  # type: ignore[union-attr]
    c = Comparison(meta)
    for s in sites:
        if s.get("requests") in (None, 0):
            continue  # not executed on the GPU (nothing to compare)
        c.sites += 1
        key = (s["file"], s["line"], s["space"], s["op"])
        found = predicted.get(key)
        entry = {"file": s["file"], "line": s["line"], "kernel": s["kernel"], "space": s["space"], "op": s["op"],
                 "sass": s.get("sass")}
        if not found:
            c.missed.append(entry)
            continue
        a = found[0]
        if s["space"] == "shared":
            measured, pred = s["wavefronts_per_request"], a.wavefronts_per_request
        else:
            measured, pred = s["sectors_per_request"], a.sectors_per_request
        entry.update(measured=measured, predicted=pred)
        if pred is None:
            c.unpredicted.append(entry)
        elif abs(pred - measured) <= TOLERANCE:
            c.matched.append(entry)
        elif key in deviations:
            entry["reason"] = deviations[key]
            c.explained.append(entry)
        else:
            c.mismatched.append(entry)
    executed = {(s["file"], s["kernel"], s["op"]) for s in sites if s["space"] == "global" and s.get("requests")}
    for k in kernels:
        kr = kernel_eff.get((k["file"], k["kernel"]))
        if kr is None:
            continue
        for kind in ("load", "store"):
            measured = k.get(f"global_{kind}_efficiency_pct")
            pred = getattr(kr, f"global_{kind}_efficiency")
            op = "ld" if kind == "load" else "st"
            if measured is None or measured != measured or pred is None or \
                    (k["file"], k["kernel"], op) not in executed:
                continue  # no global access of that kind ran (ncu reports 0%)
            c.kernels.append({"file": k["file"], "kernel": k["kernel"], "kind": kind,
                              "measured_pct": round(measured, 2), "predicted_pct": round(pred * 100, 2)})
    return c


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--truth", default=str(HERE / "truth-sm90.jsonl"))
    ap.add_argument("--headers", default="bundled", choices=["bundled", "toolkit", "auto"])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    c = compare(Path(args.truth), args.headers)
    if args.json:
        print(json.dumps(c.__dict__, indent=1))
        return 0
    m = c.meta
    print(f"truth: {m.get('gpu')} | {m.get('ncu')} | {m.get('nvcc')} | measured {m.get('date')}")
    eff_ok = sum(1 for k in c.kernels if abs(k["measured_pct"] - k["predicted_pct"]) <= 1.0)
    print(f"sites: {c.sites}; exact: {len(c.matched)} ({100 * c.exact_fraction:.1f}%); "
          f"mismatched: {len(c.mismatched)}; explained deviations: {len(c.explained)}; "
          f"missed: {len(c.missed)}; cannot predict: {len(c.unpredicted)}")
    print(f"kernel global efficiency within 1 point of ncu: {eff_ok} of {len(c.kernels)}")
    for title, rows in (("MISMATCHED", c.mismatched), ("EXPLAINED", c.explained), ("MISSED", c.missed),
                        ("CANNOT PREDICT", c.unpredicted)):
        for r in rows:
            print(f"{title}: {r['file']}:{r['line']} {r['kernel']} {r['space']} {r['op']} {r.get('sass')} "
                  f"measured={r.get('measured')} predicted={r.get('predicted')} {r.get('reason', '')}".rstrip())
    for k in c.kernels:
        if abs(k["measured_pct"] - k["predicted_pct"]) > 1.0:
            print(f"EFFICIENCY: {k['file']} {k['kernel']} {k['kind']} measured={k['measured_pct']}% "
                  f"predicted={k['predicted_pct']}%")
    return 1 if c.mismatched else 0


if __name__ == "__main__":
    sys.exit(main())
