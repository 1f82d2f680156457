"""Score smemlint on LeetCUDA's PyTorch-extension kernels as a user runs it (no GPU needed).

    python benchmarks/accuracy/torchext/compare.py --leetcuda /work/repos/LeetCUDA [--timeout S]

`smemlint check --format json --std=c++17` on each kernel folder (kernels/<name>), then again with the measured
block annotated (../hecbench/compare.py's score_program: the same judging and output). PyTorch's headers are
not on this machine: the parse has smemlint's bundled CUDA declarations only, as for a user without torch's
include directories configured. Writes compare-sites.jsonl beside this file.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "hecbench"))
_spec = importlib.util.spec_from_file_location("hecbench_compare", HERE.parent / "hecbench" / "compare.py")
hb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hb)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--leetcuda", required=True)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--out", default=str(HERE / "compare-sites.jsonl"))
    ap.add_argument("--only", default=None, help="programs, comma-separated")
    ap.add_argument("--no-sass", action="store_true",
                    help="lint without --sass (no nvcc line table: accesses counted on their own lines only)")
    args = ap.parse_args()
    # --sass: nvcc's line table says which line each access's instructions are counted on (`charged_to`).
    # PyTorch's headers are not on this machine: nvcc gets smemlint's bundled stand-ins for them (the ones
    # its parse falls back to), as a user's own torch include directories would be; the parse is unchanged
    fallback = HERE.parent.parent.parent / "smemlint" / "parse" / "include" / "fallback"
    sass = None if args.no_sass else [f"-I{fallback}"]
    root = Path(args.leetcuda)
    doc = json.loads((HERE / "programs.json").read_text())
    kernels, sites = hb.kernel_truth(HERE / "truth-sm90.jsonl")
    tmp = Path(tempfile.mkdtemp(prefix="smemlint-torchext-"))
    try:
        with open(args.out, "w") as fh:
            for p in doc["programs"]:
                if p["name"] not in sites or (args.only and p["name"] not in args.only.split(",")):
                    continue
                rows = hb.score_program(root, p["folder"], ["--std=c++17"], sites[p["name"]], kernels, tmp,
                                        args.timeout, sass)
                hb.write_rows(fh, p["name"], rows)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
