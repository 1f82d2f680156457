"""A smemlint JSON report's per-file seconds, summed up (the device speed scripts' ggml step).

    python3 benchmarks/speed/file_seconds.py REPORT.json > SUMMARY.json
"""
from __future__ import annotations

import json
import statistics
import sys


def summary(report: dict) -> dict:
    files = report["files"]
    s = sorted(f["seconds"] for f in files)
    return {"files": len(s), "ok": sum(f["status"] == "ok" for f in files),
            "p95_s": s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))],
            "median_s": statistics.median(s), "max_s": s[-1], "total_s": round(sum(s), 2),
            "slowest": sorted(((f["seconds"], f["path"]) for f in files), reverse=True)[:8],
            "kernels": len(report["kernels"]), "accesses": len(report["accesses"])}


if __name__ == "__main__":
    print(json.dumps(summary(json.load(open(sys.argv[1]))), indent=1))
