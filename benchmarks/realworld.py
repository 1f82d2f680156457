"""Run smemlint over a real CUDA tree and count what happened (the tables of realworld.md).

    python benchmarks/realworld.py /tmp/cuda-samples -- -I Common
    python benchmarks/realworld.py /tmp/cutlass/examples -- -I /tmp/cutlass/include --cuda-headers toolkit

Everything after `--` is passed to `smemlint check`. The tree is only read; nothing of it is
committed. Prints one markdown row block: files, errors, clean parses, kernels, accesses,
diagnostics, tracebacks on stderr, internal-error notes, median and slowest seconds per file, and
the coverage (issue 12): kernels with no prediction at all and accesses without a number, each
counted by reason (numbers and names in backquotes folded, so that one cause is one line).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def run(tree: str, extra: list[str], jobs: int) -> dict:
    cmd = [sys.executable, "-m", "smemlint", "check", "--format", "json", "--no-cache", "-j", str(jobs),
           *extra, tree]
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as cache:
        p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, SMEMLINT_CACHE_DIR=cache))
    wall = time.perf_counter() - t0
    report = json.loads(p.stdout)
    files = report["files"]
    ok = [f for f in files if f["status"] == "ok"]

    def noted(f: dict, *words: str) -> bool:
        return any(w in n for n in f["notes"] for w in words)

    internal = [f"{f['path']}: {n}" for f in files for n in f["notes"]
                if "internal error" in n or "analysis failed" in n or "rule failed" in n or "could not lower" in n]
    internal += [f"{f['path']}: {f['error']}" for f in files if f["error"] and "internal error" in f["error"]]
    accesses = report["accesses"]
    slowest = sorted(files, key=lambda f: -f["seconds"])[:8]
    return {
        "command": " ".join(["smemlint", *cmd[3:]]),
        "exit_code": p.returncode,
        "wall_s": round(wall, 1),
        "files": len(files),
        "status_error": len(files) - len(ok),
        "errors": [f"{f['path']}: {f['error']}" for f in files if f["status"] != "ok"][:10],
        "parsed_cleanly": sum(1 for f in ok if not noted(f, "missing includes", "compile error")),
        "missing_includes": sum(1 for f in ok if noted(f, "missing includes")),
        "compile_errors": sum(1 for f in ok if noted(f, "compile error") and not noted(f, "missing includes")),
        "kernels": len(report["kernels"]),
        "accesses": len(accesses),
        "shared": sum(1 for a in accesses if a["space"] == "shared"),
        "global": sum(1 for a in accesses if a["space"] == "global"),
        "unpredictable": sum(1 for a in accesses if not a["predictable"]),
        "diagnostics": len(report["diagnostics"]),
        "tracebacks_on_stderr": p.stderr.count("Traceback"),
        "internal_errors": internal[:20],
        "median_s": round(statistics.median(f["seconds"] for f in files), 3) if files else None,
        "slowest": [[round(f["seconds"], 2), f["path"]] for f in slowest],
        **no_prediction(report),
    }


def _why(access: dict) -> str:
    why = next((s[len("cannot predict: "):] for s in access["assumptions"] if s.startswith("cannot predict: ")),
               "no reason given")
    return re.sub(r"\b\d+\b", "N", re.sub(r"`[^`]*`", "`X`", why))


def no_prediction(report: dict) -> dict:
    """Kernels with no predicted access (by the most frequent reason of their accesses, or "no
    global or shared access"), kernels whose analysis failed, and unpredictable accesses by reason."""
    by_kernel: dict[tuple, list[dict]] = collections.defaultdict(list)
    for a in report["accesses"]:
        by_kernel[(a["file"], a["kernel"])].append(a)
    kernel_reasons: collections.Counter[str] = collections.Counter()
    for k in report["kernels"]:
        accesses = by_kernel.get((k["file"], k["name"]), [])
        if any(a["predictable"] for a in accesses):
            continue
        reasons = collections.Counter(_why(a) for a in accesses)
        kernel_reasons[reasons.most_common(1)[0][0] if reasons else "no global or shared access"] += 1
    failed = report.get("coverage", {}).get("kernels_failed", 0)
    if failed:
        kernel_reasons["kernel analysis failed"] += failed
    access_reasons = collections.Counter(_why(a) for a in report["accesses"] if not a["predictable"])
    found = len(report["kernels"]) + failed
    unpredicted = sum(kernel_reasons.values())
    return {
        "kernels_found": found,
        "kernels_without_prediction": unpredicted,
        "kernels_without_prediction_pct": round(100 * unpredicted / found, 1) if found else None,
        "kernels_without_prediction_by_reason": kernel_reasons.most_common(),
        "accesses_without_number_by_reason": access_reasons.most_common(15),
    }


def main() -> None:
    argv = sys.argv[1:]
    extra: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tree")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args(argv)
    print(json.dumps(run(a.tree, extra, a.jobs), indent=2))


if __name__ == "__main__":
    main()
