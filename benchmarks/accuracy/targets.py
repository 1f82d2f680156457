"""The accuracy targets of issue 28's "Done when", measured on the three real-code parts (no GPU).

    python benchmarks/accuracy/targets.py [--sources NAME=CHECKOUT ...]

Reads each part's compare-sites.jsonl (hecbench/, torchext/, llm/) and gives every miss its category with
hecbench/classify.py, then prints:
  Every launch of every kernel  share of the PyTorch-extension and LLM parts' sites exact with the launches
                                smemlint finds (target 95%);
  Unknown values                share of the whole benchmark's sites exact (target 95%), and the sites that are
                                wrong or without a number because of a value smemlint had to assume, by cause.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
from collections import Counter
from pathlib import Path

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("hecbench_classify", HERE / "hecbench" / "classify.py")
classify = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(classify)
PARTS = ("hecbench", "torchext", "llm")


def rows_of(part: str) -> list[dict]:
    rows = [json.loads(ln) for ln in (HERE / part / "compare-sites.jsonl").read_text().splitlines()]
    run_args = {}
    for ln in (HERE / part / "truth-sm90.jsonl").read_text().splitlines():
        t = json.loads(ln)
        if t["kind"] == "kernel":
            run_args[t["program"]] = t.get("args")
    for r in rows:
        r["run_args"] = run_args.get(r["program"])
    return rows


def cause(r: dict) -> str:
    """Why a site classified `unknown value` or `data-dependent` has no right number: which value was assumed."""
    f = r["found"]
    notes = " ".join(r.get("assumptions", [])) + " " + (f.get("reason") or "")
    if r["miss"] == "data-dependent":
        for key, name in (("loaded from", "an index or guard loaded from memory"),
                          ("struct value", "a value inside a struct argument"),
                          ("member `", "a value inside a struct argument"),
                          ("depends on member", "a value inside a struct argument"),
                          ("result of `", "the result of a call")):
            if key in notes:
                return "data-dependent: " + name
        return "data-dependent: other"
    if "assumed (not a constant" in notes:
        return "unknown value: an integer parameter assumed (no constant at a launch smemlint found)"
    if "without command-line arguments" in notes:
        return "unknown value: main's default taken, the run passed arguments"
    if f["verdict"] == "no number":
        return "unknown value: no thread executes the access under the assumed launch"
    return "unknown value: other"


def pct(n: int, d: int) -> str:
    return f"{n} of {d} ({100 * n / max(d, 1):.1f}%)"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sources", action="append", default=[], help="PART=CHECKOUT (as classify.py)")
    args = ap.parse_args()
    checkouts = {k: Path(v) for k, v in (s.split("=", 1) for s in args.sources)}
    rows = {p: rows_of(p) for p in PARTS}
    for p, rs in rows.items():
        for r in rs:
            if r["found"]["verdict"] != "exact":
                r["miss"] = classify.category(r, {p: checkouts[p]} if p in checkouts else checkouts)

    def exact(rs, scoring="found"):
        return sum((r["found"] if r[scoring] == "same as found" else r[scoring])["verdict"] == "exact" for r in rs)

    ext = rows["torchext"] + rows["llm"]
    everything = [r for rs in rows.values() for r in rs]
    print("| target | measured on | found | given | goal |\n|---|---|---:|---:|---:|")
    print(f"| Every launch of every kernel | PyTorch-extension + LLM parts, {len(ext)} sites | {pct(exact(ext), len(ext))} "
          f"| {pct(exact(ext, 'given'), len(ext))} | 95% |")
    for p in ("torchext", "llm"):
        print(f"| (part) | {p}, {len(rows[p])} sites | {pct(exact(rows[p]), len(rows[p]))} | "
              f"{pct(exact(rows[p], 'given'), len(rows[p]))} | |")
    print(f"| Unknown values | whole benchmark (3 parts), {len(everything)} sites | "
          f"{pct(exact(everything), len(everything))} | {pct(exact(everything, 'given'), len(everything))} | 95% |")
    causes = Counter(cause(r) for r in everything if r.get("miss") in ("unknown value", "data-dependent"))
    by_part = {p: Counter(cause(r) for r in rows[p] if r.get("miss") in ("unknown value", "data-dependent"))
               for p in PARTS}
    wrong = Counter(cause(r) for r in everything if r.get("miss") in ("unknown value", "data-dependent")
                    and r["found"]["verdict"] == "wrong")
    print("\nSites wrong or without a number because of an assumed value (found scoring), by cause:\n")
    print("| cause | " + " | ".join(PARTS) + " | all | of them wrong |\n|---|" + "---:|" * (len(PARTS) + 2))
    for c, n in sorted(causes.items(), key=lambda kv: -kv[1]):
        print(f"| {c} | " + " | ".join(str(by_part[p][c]) for p in PARTS) + f" | {n} | {wrong[c]} |")
    print(f"| **total** | " + " | ".join(str(sum(by_part[p].values())) for p in PARTS) +
          f" | {sum(causes.values())} | {sum(wrong.values())} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
