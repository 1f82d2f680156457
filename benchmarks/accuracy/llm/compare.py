"""Score smemlint on the LLM/modern-kernel part as a user runs it (no GPU needed).

    python benchmarks/accuracy/llm/compare.py --repos /work/repos [--only NAME,...] [--timeout S]

Per program of programs.json, in its repository's checkout (--repos/<checkout>, at the commit of programs.json):
`smemlint check --format json` on the library source the program is (exllamav2's and LeetCUDA's .cu files; all
of cuda_hgemm's src/), with the -I/-D/--std flags its build uses (the stub headers of drivers/ are not given:
a user has the real ones, or none), through ../hecbench/compare.py's lint and judging, twice:
  found  the sources as they are, with the launches smemlint finds itself (they are in the library's own host
         launchers; the sizes come from this part's drivers, which smemlint is not shown);
  given  a copy of the program's tree with `// smemlint: block(x, y, z)`, the measured block, appended to each
         kernel's first line (no line moves).
Writes compare-sites.jsonl beside this file (../hecbench/classify.py reads it).
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


def score(root: Path, p: dict, psites: list[dict], kernels: dict, tmp: Path, timeout: int,
          sass: list[str] | None = None) -> list[dict]:
    """hb.score_program with the lint paths and the copied tree of programs.json (a file, not the folder)."""
    found = hb.lint(root, p["flags"], p["lint"], timeout, sass)
    if hb.launches_all_found(psites, found, kernels):
        given = found
    else:
        copy = tmp / p["name"]
        hb.annotated_copy(root, p["copy"], copy, found, kernels, p["name"])
        given = hb.lint(copy, p["flags"], p["lint"], timeout, sass)
        shutil.rmtree(copy, ignore_errors=True)
    rows = []
    for s in psites:
        tk = kernels.get((p["name"], hb.rp.base_name(s["kernel"])))
        f_e, g_e = hb.rp.judge(s, found, tk), hb.rp.judge(s, given, tk)
        if found["status"] != "ok":
            f_e.update(verdict="no number", category="lint failed", reason=found["status"])
        if given["status"] != "ok":
            g_e.update(verdict="no number", category="lint failed", reason=given["status"])
        rows.append(hb.row(s, f_e, g_e, found, None if rows else p["flags"]))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repos", required=True)
    ap.add_argument("--only", default=None)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--out", default=str(HERE / "compare-sites.jsonl"))
    ap.add_argument("--no-sass", action="store_true",
                    help="lint without --sass (no nvcc line table: accesses counted on their own lines only)")
    args = ap.parse_args()
    # --sass: nvcc's line table says which line each access's instructions are counted on (`charged_to`);
    # nvcc gets the drivers' stub headers (ATen's empty CUDAContext.h, ...) and `-include tuple` as the
    # measured build did, the parse does not
    sass = None if args.no_sass else [f"-I{HERE / 'drivers' / 'stub'}", "-include", "tuple"]
    doc = json.loads((HERE / "programs.json").read_text())
    kernels, sites = hb.kernel_truth(HERE / "truth-sm90.jsonl")
    only = set(args.only.split(",")) if args.only else None
    tmp = Path(tempfile.mkdtemp(prefix="smemlint-llm-"))
    try:
        with open(args.out, "w") as fh:
            for p in doc["programs"]:
                if p["name"] not in sites or (only and p["name"] not in only):
                    continue
                rows = score(Path(args.repos) / p["checkout"], p, sites[p["name"]], kernels, tmp, args.timeout, sass)
                hb.write_rows(fh, p["name"], rows)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
