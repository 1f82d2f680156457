"""Run smemlint over a real CUDA tree and count what happened (the tables of realworld.md).

    python benchmarks/realworld.py /tmp/cuda-samples -- -I Common
    python benchmarks/realworld.py /tmp/cutlass/examples -- -I /tmp/cutlass/include --cuda-headers toolkit

Everything after `--` is passed to `smemlint check`. The tree is only read; nothing of it is
committed. Prints one markdown row block: files, errors, clean parses, kernels, accesses,
diagnostics, tracebacks on stderr, internal-error notes, median and slowest seconds per file.
"""
from __future__ import annotations

import argparse
import json
import os
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
