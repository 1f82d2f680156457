"""Score smemlint on apex's PyTorch-extension kernels as a user runs it (no GPU needed).

    python benchmarks/accuracy/apex/compare.py --apex /work/repos/apex [--only NAME,...] [--timeout S] [--no-sass]

Per program of programs.json, in the apex checkout (at the commit of programs.json): `smemlint check --format json
--std=c++17` on the program's .cu sources (`lint`: the files apex's setup.py compiles for that extension; the
.cpp bindings hold no kernel), then again on a copy of csrc/ with the measured block appended to each kernel's
first line, through ../hecbench/compare.py's lint and judging (../llm/compare.py's score: lint paths and copied
tree from programs.json). PyTorch's headers are not on this machine: the parse has smemlint's bundled CUDA and
torch declarations only; with --sass, nvcc is given smemlint's bundled torch stand-ins
(smemlint/parse/include/fallback), as ../torchext/compare.py does. Writes compare-sites.jsonl beside this file.
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
_spec = importlib.util.spec_from_file_location("llm_compare", HERE.parent / "llm" / "compare.py")
llm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(llm)
FLAGS = ["--std=c++17"]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--apex", required=True)
    ap.add_argument("--only", default=None, help="programs, comma-separated")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--out", default=str(HERE / "compare-sites.jsonl"))
    ap.add_argument("--flag", action="append", default=[],
                    help="an extra smemlint flag (a what-if: e.g. -I<dir> of stand-in headers); not used for results.md's tables")
    ap.add_argument("--no-sass", action="store_true",
                    help="lint without --sass (no nvcc line table: accesses counted on their own lines only)")
    args = ap.parse_args()
    fallback = HERE.parent.parent.parent / "smemlint" / "parse" / "include" / "fallback"
    sass = None if args.no_sass else [f"-I{fallback}"]
    doc = json.loads((HERE / "programs.json").read_text())
    kernels, sites = llm.hb.kernel_truth(HERE / "truth-sm90.jsonl")
    only = set(args.only.split(",")) if args.only else None
    tmp = Path(tempfile.mkdtemp(prefix="smemlint-apex-"))
    try:
        with open(args.out, "w") as fh:
            for p in doc["programs"]:
                if p["name"] not in sites or (only and p["name"] not in only):
                    continue
                prog = dict(p, flags=FLAGS + args.flag, lint=[s for s in p["sources"] if s.endswith(".cu")])
                rows = llm.score(Path(args.apex), prog, sites[p["name"]], kernels, tmp, args.timeout, sass)
                llm.hb.write_rows(fh, p["name"], rows)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
