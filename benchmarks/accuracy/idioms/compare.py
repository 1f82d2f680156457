"""Score smemlint on the idiom micro kernels measured on the H100 (no GPU needed).

    python benchmarks/accuracy/idioms/compare.py [--out FILE]

Runs `smemlint check --format json` on corpus/*.cu (the launches are in each file's main, so the
block is the measured one), on ../pending/idioms.cu and on the issue-17 fixtures
(fixtures/tensor_tile_loader.cu, fixtures/wmma_gemm.cu) and on ../pending/atomics.cu and
../pending/vector_ptx.cu, and with --sass on ../pending/emitted_layouts.cu (where nvcc is
installed); joins with truth-sm90.jsonl, pending-truth-sm90.jsonl, fixtures-truth-sm90.jsonl,
atomics-truth-sm90.jsonl, vector-ptx-truth-sm90.jsonl and emitted-layouts-truth-sm90.jsonl by (file,
line, space, op, kernel) and prints exact / wrong / no number per site, with the same rules and
categories as ../realprograms/compare.py.
"""
from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent.parent
_spec = importlib.util.spec_from_file_location("realprograms_compare", HERE.parent / "realprograms" / "compare.py")
rp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rp)  # type: ignore[union-attr]


def sites(path: Path, program: str) -> list[dict]:
    out = []
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        r = json.loads(line)
        # a line -lineinfo put in a header two fixture lines share (`"line": "pipeline"`) has no site
        if r["kind"] == "site" and r.get("requests") and isinstance(r.get("line"), int):
            out.append(dict(r, program=program))
    return out


# program: (root, files linted, truth table)
PROGRAMS = {
    "idioms": (HERE, ["corpus/idiom_vectors.cu", "corpus/idiom_matrix.cu"], HERE / "truth-sm90.jsonl"),
    "pending": (HERE.parent, ["pending/idioms.cu"], HERE / "pending-truth-sm90.jsonl"),
    "fixtures": (ROOT, ["fixtures/tensor_tile_loader.cu", "fixtures/wmma_gemm.cu"], HERE / "fixtures-truth-sm90.jsonl"),
    "atomics": (HERE.parent, ["pending/atomics.cu"], HERE / "atomics-truth-sm90.jsonl"),
    "vector-ptx": (HERE.parent, ["pending/vector_ptx.cu"], HERE / "vector-ptx-truth-sm90.jsonl"),
    # issue 30 items 6 and 7 (2026-11-27): cp.async patterns, shared float/double atomics, fixed values
    "cpasync": (HERE.parent, ["pending/cpasync_patterns.cu"], HERE / "cpasync-truth-sm90.jsonl"),
    "smem-atomics-fp": (HERE.parent, ["pending/smem_atomics_fp.cu"], HERE / "smem-atomics-fp-truth-sm90.jsonl"),
    "fixed-values": (HERE.parent, ["pending/fixed_values.cu"], HERE / "fixed-values-truth-sm90.jsonl"),
    # cub collectives, each instruction at the line of the cub call it was inlined from (cub_truth.py)
    "cub": (HERE.parent, ["pending/cub_collectives.cu"], HERE / "cub-truth-sm90.jsonl"),
    "cub2": (HERE.parent, ["pending/cub_collectives2.cu"], HERE / "cub2-truth-sm90.jsonl"),
    "cpasync2": (HERE.parent, ["pending/cpasync_patterns2.cu"], HERE / "cpasync2-truth-sm90.jsonl"),
    # linted with --sass: the numbers are those of the instructions nvcc emitted (issue 17 item 6)
    "emitted-layouts": (HERE.parent, ["pending/emitted_layouts.cu"], HERE / "emitted-layouts-truth-sm90.jsonl"),
}
WITH_SASS = {"emitted-layouts"}


def judge_program(program: str, headers: str = "bundled") -> list[dict]:
    """Every measured site of one program of PROGRAMS, judged against smemlint's report."""
    root, lint, truth = PROGRAMS[program]
    if not (root / lint[0]).exists():
        return []
    found = rp.lint_program({"lint": lint}, root, headers, [] if program in WITH_SASS else None)
    rows = []
    for s in sites(truth, program):
        e = rp.judge(s, found, {"block": s.get("block")})
        e["pattern"] = s.get("pattern", "")
        e["instr"] = s.get("instr", "")
        rows.append(e)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--headers", default="bundled", choices=["bundled", "toolkit", "auto"])
    ap.add_argument("--out")
    args = ap.parse_args()
    rows = [row for program in PROGRAMS for row in judge_program(program, args.headers)]
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    c = Counter(r["verdict"] for r in rows)
    lines = [f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}; smemlint commit: {commit}",
             f"command: python benchmarks/accuracy/idioms/compare.py --headers {args.headers}",
             f"sites {len(rows)}; exact {c['exact']} ({100 * c['exact'] / max(len(rows), 1):.1f}%); "
             f"wrong {c['wrong']}; no number {c['no number']}"]
    fam = Counter((r.get("instr") or r["space"], r["verdict"]) for r in rows)
    lines.append("by kind: " + ", ".join(f"{k} {v}: {n}" for (k, v), n in sorted(fam.items())))
    for r in rows:
        if r["verdict"] != "exact":
            lines.append(f"{r['verdict'].upper()} {r['program']} {r['file']}:{r['line']} {r['kernel']} {r['space']} "
                         f"{r['op']} {r['pattern']} {r['sass']} measured={r['measured']} "
                         f"predicted={r.get('predicted')} -- {r.get('reason', '')[:160]}")
    print("\n".join(lines[:4]))
    if args.out:
        Path(args.out).write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
