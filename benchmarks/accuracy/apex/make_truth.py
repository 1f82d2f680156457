"""Turn run_device.sh's per-program JSON into the truth table of apex's PyTorch-extension kernels.

    python benchmarks/accuracy/apex/make_truth.py RESULTS_DIR

Same format and definitions as ../torchext/make_truth.py and ../hecbench/make_truth.py (files relative to
the apex checkout: the staged apexsrc/ is the checkout's root).
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
    return path.split("/apexsrc/", 1)[1] if "/apexsrc/" in path else path


def main() -> int:
    results = Path(sys.argv[1])
    doc = json.loads((HERE / "programs.json").read_text())
    m = _rp.meta(results, "NVIDIA/apex's extensions built as PyTorch extensions (apex/programs.json)")
    m.update(torch=(results / "meta.txt").read_text().splitlines()[4],
             nvcc_flags="torch.utils.cpp_extension.load with the nvcc flags of apex's setup.py for that extension "
                        "plus -lineinfo (fused_layer_norm_cuda: -maxrregcount=50 -O3 --use_fast_math; syncbn, mlp_cuda: "
                        "-O3; amp_C: -lineinfo -O3 --use_fast_math); sm_90 (the GPU's arch, as torch builds for it)",
             ncu_flags="--section SourceCounters --section LaunchStats --clock-control none --kernel-name-base "
                       "function --kernel-id ::regex:^(<its kernels>)$:1 --launch-count <its kernels> --kill yes")
    recs = [m]
    for p in doc["programs"]:
        f = results / f"{p['name']}.json"
        launches = json.loads(f.read_text()) if f.exists() else []
        recs += _rp.extension_records(p, doc, launches, "csrc", repo_relative)
    (HERE / "truth-sm90.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
    sites = [r for r in recs if r["kind"] == "site" and r.get("requests")]
    print(f"apex: {len({r['program'] for r in sites})} programs, "
          f"{len({(r['program'], r['kernel']) for r in sites})} kernels, {len(sites)} executed sites "
          f"({sum(r['space'] == 'shared' for r in sites)} shared, {sum(r['space'] == 'global' for r in sites)} global)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
