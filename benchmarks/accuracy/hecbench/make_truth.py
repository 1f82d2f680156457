"""Turn run_device.sh's per-program JSON (ncu_dump.py) into the HeCBench truth table (no GPU needed).

    python benchmarks/accuracy/hecbench/make_truth.py RESULTS_DIR [RESULTS_DIR ...]

Each RESULTS_DIR is one device call's results/ (a later one's program replaces nothing: a program is taken
from the first directory that measured it). Writes truth-sm90.jsonl beside this file in the format of
../realprograms/truth-sm90.jsonl: a `meta` line; per kernel (first launch) a `kernel` line with the measured
grid, block and dynamic shared memory; per (file, line, kernel, space, op) a `site` line (files relative to
the HeCBench checkout); a `missing` line per program of programs.json with no measurement, and why.
"""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("realprograms_make_truth", HERE.parent / "realprograms" / "make_truth.py")
_realprograms = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_realprograms)
# the realprograms definitions of a site, its record and the per-kernel cross-check
kernel_check, meta, record, sites_of = (_realprograms.kernel_check, _realprograms.meta, _realprograms.record,
                                        _realprograms.sites_of)


def repo_relative(path: str) -> str:
    return path.split("/HeCBench/", 1)[1] if "/HeCBench/" in path else path


def why_missing(dirs: list[Path], name: str) -> str:
    for d in dirs:
        log = d / f"{name}.ncu.log"
        if log.exists():
            text = log.read_text(errors="replace")
            for marker, reason in (("==ERROR==", "ncu error"), ("rc=124", "profile timed out"),
                                   ("No kernels were profiled", "no kernel profiled")):
                if marker in text:
                    line = next((ln for ln in text.splitlines() if marker in ln), marker)
                    return f"{reason}: {line.strip()[:200]}"
            if "0 memory instructions" in text:
                return "kernels profiled, no memory instruction executed"
            return "no report: " + " | ".join(text.strip().splitlines()[-2:])[:200]
        if (d / f"{name}.build.log").exists() and "Error" in (d / f"{name}.build.log").read_text(errors="replace"):
            return "build failed on the GPU machine"
    if any(name in (d / "skipped.txt").read_text().split() for d in dirs if (d / "skipped.txt").exists()):
        return "not run: the call's deadline came first"
    return "not run"


def main() -> int:
    dirs = [Path(p) for p in sys.argv[1:]]
    doc = json.loads((HERE / "programs.json").read_text())
    m = meta(dirs[0], "HeCBench programs (hecbench/programs.json)")
    m.update(date=" / ".join((d / "meta.txt").read_text().splitlines()[3] for d in dirs),
             nvcc_flags="each Makefile's own flags (-O3 -std=c++17 ...) with ARCH=sm_90 EXTRA_CFLAGS=-lineinfo",
             ncu_flags="--section SourceCounters --section LaunchStats --metrics <per-kernel counters> "
                       "--clock-control none --kernel-name-base function --kernel-id ::regex:^(<own kernels>):1 "
                       "--launch-count <number of own kernels> --kill yes")
    recs = [m]
    for p in doc["programs"]:
        f = next((d / f"{p['name']}.json" for d in dirs if (d / f"{p['name']}.json").exists()), None)
        launches = json.loads(f.read_text()) if f else []
        if not any(r["instructions"] for r in launches):
            recs.append({"kind": "missing", "program": p["name"], "args": p["args"],
                         "reason": why_missing(dirs, p["name"]) if f is None else
                         "kernels profiled, no memory instruction executed"})
            continue
        seen = set()
        for launch in launches:
            k = launch["kernel_function"]
            if k in seen:
                continue
            seen.add(k)
            base = {"program": p["name"], "repo": doc["repo"], "commit": doc["commit"], "folder": p["folder"],
                    "domain": p["domain"], "kernel": k, "args": p["args"],
                    "block": [int(v) for v in launch["block"]] if launch.get("block") and launch["block"][0] else None,
                    "grid": [int(v) for v in launch["grid"]] if launch.get("grid") and launch["grid"][0] else None}
            raw = sites_of(launch, None)
            sites: dict[tuple, dict] = {}
            for key, s in raw.items():
                sites[(repo_relative(key[0]),) + key[1:]] = s
            recs.append(dict(base, kind="kernel", kernel_mangled=launch.get("kernel_mangled"),
                             dynamic_shared_bytes=launch.get("metrics", {}).get("launch__shared_mem_per_block_dynamic"),
                             check=kernel_check(launch, sites)))
            for key, s in sorted(sites.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2], kv[0][3])):
                recs.append(record(base, key, s))
    (HERE / "truth-sm90.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
    sites = [r for r in recs if r["kind"] == "site" and r.get("requests")]
    progs = {r["program"] for r in sites}
    print(f"HeCBench: {len(progs)} programs, {len({(r['program'], r['kernel']) for r in sites})} kernels, "
          f"{len(sites)} executed sites ({sum(r['space'] == 'shared' for r in sites)} shared, "
          f"{sum(r['space'] == 'global' for r in sites)} global); "
          f"{sum(1 for r in recs if r['kind'] == 'missing')} programs without a measurement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
