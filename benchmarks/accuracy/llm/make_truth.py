"""Turn run_device.py's per-binary JSON into this part's truth table (LLM inference and modern GEMM kernels).

    python benchmarks/accuracy/llm/make_truth.py RESULTS_DIR [RESULTS_DIR ...]

Same rows and definitions as ../hecbench/make_truth.py (../realprograms/make_truth.py's sites_of, record and
kernel_check); `file` is relative to the kernel's repository checkout. A binary's kernels are split into the
programs of programs.json (one per library source file for exllamav2 and LeetCUDA, the src/ folder for
cuda_hgemm). With several RESULTS_DIRs the first that holds a binary's JSON is taken.
"""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("realprograms_make_truth", HERE.parent / "realprograms" / "make_truth.py")
_rp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_rp)
DOMAIN = {"exllamav2": "LLM inference", "cuda_hgemm": "GEMM (tensor cores)", "LeetCUDA": "GEMM (tensor cores)"}


def main() -> int:
    dirs = [Path(p) for p in sys.argv[1:]]
    doc = json.loads((HERE / "programs.json").read_text())
    m = _rp.meta(dirs[0], "LLM inference and modern GEMM kernels (llm/programs.json)")
    m.update(date=" / ".join((d / "meta.txt").read_text().splitlines()[3] for d in dirs),
             nvcc_flags="nvcc -c per source with the flags of programs.json's binaries (-O3, or LeetCUDA's own -O2, "
                        "-lineinfo -arch=sm_90 -std=c++17), then linked",
             ncu_flags="--section SourceCounters --section LaunchStats --clock-control none --kernel-name-base "
                       "function --kernel-id ::regex:^(<its kernels>)$:1 --launch-count <its kernels>")
    recs = [m]
    owner = {(p["binary"], k): p for p in doc["programs"] for k in p["kernels"]}
    for b in doc["binaries"]:
        f = next((d / f"{b['name']}.json" for d in dirs if (d / f"{b['name']}.json").exists()), None)
        launches = json.loads(f.read_text()) if f else []
        repo = doc["repos"][b["checkout"]]
        seen = set()
        for launch in launches:
            k = launch["kernel_function"]
            if k in seen or (b["name"], k) not in owner:
                continue
            seen.add(k)
            p = owner[(b["name"], k)]
            base = {"program": p["name"], "repo": repo["repo"], "commit": repo["commit"], "folder": p["folder"],
                    "domain": DOMAIN[b["checkout"]], "kernel": k,
                    "args": [" ".join([f"bin/{b['name']}", *b["run"]])],
                    "block": [int(v) for v in launch["block"]] if launch.get("block") and launch["block"][0] else None,
                    "grid": [int(v) for v in launch["grid"]] if launch.get("grid") and launch["grid"][0] else None}
            sites = _rp.sites_of(launch, b["checkout"])
            recs.append(dict(base, kind="kernel", kernel_mangled=launch.get("kernel_mangled"),
                             dynamic_shared_bytes=launch.get("metrics", {}).get("launch__shared_mem_per_block_dynamic"),
                             check=_rp.kernel_check(launch, sites)))
            for key, s in sorted(sites.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2], kv[0][3])):
                recs.append(_rp.record(base, key, s))
        for k in b["kernels"]:
            if k not in seen:
                recs.append({"kind": "missing", "program": owner[(b["name"], k)]["name"], "kernel": k,
                             "reason": "not profiled"})
    (HERE / "truth-sm90.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
    sites = [r for r in recs if r["kind"] == "site" and r.get("requests")]
    print(f"llm: {len({r['program'] for r in sites})} programs, "
          f"{len({(r['program'], r['kernel']) for r in sites})} kernels, {len(sites)} executed sites "
          f"({sum(r['space'] == 'shared' for r in sites)} shared, {sum(r['space'] == 'global' for r in sites)} global); "
          f"{sum(r['kind'] == 'missing' for r in recs)} kernels not profiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
