"""Turn run_device.sh's per-folder JSON into the truth table of LeetCUDA's PyTorch-extension kernels.

    python benchmarks/accuracy/torchext/make_truth.py RESULTS_DIR

Same format and definitions as ../hecbench/make_truth.py (files relative to the LeetCUDA checkout).
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


def repo_relative(path: str) -> str:
    return path.split("/.bench28/torchext/", 1)[1] if "/.bench28/torchext/" in path else path


def main() -> int:
    results = Path(sys.argv[1])
    doc = json.loads((HERE / "programs.json").read_text())
    m = _rp.meta(results, "LeetCUDA kernels built as PyTorch extensions (torchext/programs.json)")
    m.update(torch=(results / "meta.txt").read_text().splitlines()[4],
             nvcc_flags="each driver's own torch.utils.cpp_extension.load flags (-O3 ...) plus -lineinfo; "
                        "sm_90 (the GPU's arch, as torch builds for it)",
             ncu_flags="--section SourceCounters --section LaunchStats --clock-control none --kernel-name-base "
                       "function --kernel-id ::regex:^(<own kernels>):1 --launch-count <own kernels> --kill yes")
    recs = [m]
    for p in doc["programs"]:
        f = results / f"{p['name']}.json"
        launches = json.loads(f.read_text()) if f.exists() else []
        recs += _rp.extension_records(p, doc, launches, p["folder"], repo_relative)
    (HERE / "truth-sm90.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
    sites = [r for r in recs if r["kind"] == "site" and r.get("requests")]
    print(f"torchext: {len({r['program'] for r in sites})} programs, "
          f"{len({(r['program'], r['kernel']) for r in sites})} kernels, {len(sites)} executed sites "
          f"({sum(r['space'] == 'shared' for r in sites)} shared, {sum(r['space'] == 'global' for r in sites)} global)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
