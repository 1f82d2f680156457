"""Classify every site smemlint misses in a part's compare-sites.jsonl and re-derive the counts (no GPU).

    python benchmarks/accuracy/hecbench/classify.py [PART_DIR ...] [--sources NAME=CHECKOUT ...] [--md FILE]

PART_DIR holds truth-sm90.jsonl and compare-sites.jsonl (compare.py's output); --sources maps a part's folder
name to its checkout (the source line is read to tell a moved instruction from an access smemlint missed).
Each non-exact site of the `found` scoring (the launches smemlint finds itself) gets the first category that
applies, in this order:
  lint failed            smemlint failed or ran past the time limit on the program
  library internals      ncu counts the instruction inside a CUDA/CUB/CCCL header, not the program's source
  kernel not found       smemlint reports no kernel of that name
  launch or template instance not found
                         the measured block makes it exact (the `given` scoring), the kernel was analysed
                         under another block than it ran with, or it is declared but no instance of it was
                         analysed (a template whose launch smemlint did not find)
  compiler line attribution
                         nvcc put the instruction on a line that holds no access of that kind (a load hoisted
                         or a store sunk to another line), or merged accesses into a wider instruction
  access not seen        the line holds the access, or a call that makes it, but smemlint reports none there (macros, accessor
                         methods, calls into __device__ helpers or library templates, volatile/asm idioms)
  data-dependent         the address or a guard depends on a value loaded from memory: honestly unpredictable
  unknown value          an integer parameter or trip count assumed (not a constant at a launch), an integer
                         taken from `main` run without arguments while the measured run passed some, or no
                         thread executes the access under the assumed launch
  predicated (measurement)  a predicated instruction whose requests include executions with no lane on
  hardware model         launch and values right, the number still differs (or smemlint declines: CAS loops,
                         accesses it says it does not model: cp.async chunks off their sectors, WMMA loads from global)
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository's smemlint, installed or not
from smemlint.symbolic.stats import WHOLE_BLOCKS  # noqa: E402

ORDER = ["lint failed", "library internals", "kernel not found", "launch or template instance not found",
         "compiler line attribution", "access not seen", "data-dependent", "unknown value",
         "predicated (measurement)", "hardware model"]
STORE = re.compile(r"(\]|\w)\s*(\.\w+)?\s*([-+*/|&^]|<<|>>)?=(?!=)|\+\+|--")
LOAD = re.compile(r"\[|->|\*\s*\(|\*\s*\w|__ldg|\.\w+\s*\(")
CALL = re.compile(r"\b(?!(?:if|for|while|switch|return|sizeof|min|max|fminf?|fmaxf?|sqrtf?|rsqrtf?|cosf?|sinf?|"
                  r"expf?|logf?|powf?|fabsf?|abs|floorf?|ceilf?|static_cast|reinterpret_cast|const_cast|"
                  r"__syncthreads|__syncwarp|__threadfence\w*)\b)"
                  r"[A-Za-z_]\w*\s*(<[^<>()]*>)?\s*\(")
DATA = ("loaded from", "struct value", "member `", "result of `", "depends on member")
DECLINED = ("compare-and-swap", "measured, not modelled", "measured from shared memory only")


def source_line(checkouts: dict[str, Path], r: dict) -> str | None:
    for root in checkouts.values():
        f = root / r["file"]
        if f.exists():
            lines = f.read_text(errors="replace").splitlines()
            return lines[r["line"] - 1] if 0 < r["line"] <= len(lines) else ""
    return None


def holds_access(text: str, r: dict) -> bool:
    """Does the source line itself write the access (as written, not as compiled)?"""
    code = text.split("//", 1)[0]
    if r["op"] == "atom":
        return "atomic" in code or "atom" in code
    if r["op"] == "st":
        return bool(STORE.search(code)) and ("[" in code or "->" in code or "*" in code or "." in code)
    return bool(LOAD.search(code)) or bool(re.search(r"\b[A-Z_][A-Z0-9_]*\s*\(", code))


def category(r: dict, checkouts: dict[str, Path]) -> str:
    f = r["found"]
    g = f if r["given"] == "same as found" else r["given"]
    # a guard on data the whole block shares (smemlint's WHOLE_BLOCKS words) does not make the number
    # per request data-dependent: only how many requests there are
    notes = " ".join(n for n in r.get("assumptions", []) if not n.endswith(WHOLE_BLOCKS)) + " " + \
        (f.get("reason") or "")
    if f.get("category") == "lint failed":
        return "lint failed"
    if r["file"].startswith("/"):
        return "library internals"
    if not r["kernel_found"]:
        return "kernel not found"
    if g["verdict"] == "exact" or f.get("category") == "launch not found" or \
            (f.get("reason") or "").endswith("(kernel not found)"):  # declared, but no instance analysed
        return "launch or template instance not found"
    if f.get("category") == "compiler merged":
        return "compiler line attribution"
    if f["verdict"] == "no number" and (f.get("reason") or "").startswith("smemlint reports no access"):
        text = source_line(checkouts, r)
        code = (text or "").split("//", 1)[0]
        if text is not None and not holds_access(text, r) and not CALL.search(code):
            return "compiler line attribution"
        return "access not seen"
    if any(d in notes for d in DATA):
        return "data-dependent"
    if f["verdict"] == "no number":
        if any(d in notes for d in DECLINED):
            return "hardware model"  # smemlint declines: CAS loops, forms it says it does not model
        return "unknown value"
    if f.get("category") == "unknown integer" or "assumed (not a constant" in notes:
        return "unknown value"
    if "without command-line arguments" in notes and r.get("run_args"):
        return "unknown value"  # an integer taken from main's defaults; the run passed arguments
    if f.get("category") == "predicated (measurement)":
        return "predicated (measurement)"
    return "hardware model"


def table(rows: list[dict], checkouts: dict[str, Path]) -> tuple[list[str], Counter]:
    n = len(rows)
    out = []
    cats = Counter()
    for scoring in ("found", "given"):
        c = Counter((r["found"] if r[scoring] == "same as found" else r[scoring])["verdict"] for r in rows)
        out.append(f"| {scoring} | {n} | {c['exact']} ({100 * c['exact'] / max(n, 1):.1f}%) | {c['wrong']} | "
                   f"{c['no number']} |")
    for r in rows:
        if r["found"]["verdict"] != "exact":
            r["miss"] = category(r, checkouts)
            cats[r["miss"]] += 1
    return out, cats


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("parts", nargs="*", default=[str(Path(__file__).parent)])
    ap.add_argument("--sources", action="append", default=[], help="PART=CHECKOUT")
    ap.add_argument("--md", help="write the tables as markdown to this file")
    ap.add_argument("--misses", help="write every missed site with its category (JSON lines) to this file")
    args = ap.parse_args()
    checkouts = {k: Path(v) for k, v in (s.split("=", 1) for s in args.sources)}
    lines, all_rows = [], []
    cats_by_part: dict[str, Counter] = {}
    for part in args.parts:
        rows = [json.loads(ln) for ln in (Path(part) / "compare-sites.jsonl").read_text().splitlines()]
        run_args = {}
        for ln in (Path(part) / "truth-sm90.jsonl").read_text().splitlines():
            t = json.loads(ln)
            if t["kind"] == "kernel":
                run_args[t["program"]] = t.get("args")
        for r in rows:
            r["run_args"] = run_args.get(r["program"])
        name = Path(part).resolve().name
        score, cats = table(rows, {name: checkouts[name]} if name in checkouts else checkouts)
        cats_by_part[name] = cats
        progs = {r["program"] for r in rows}
        kernels = {(r["program"], r["kernel"]) for r in rows}
        per_prog: dict[str, list[bool]] = defaultdict(list)
        for r in rows:
            per_prog[r["program"]].append(r["found"]["verdict"] == "exact")
        fractions = sorted(sum(v) / len(v) for v in per_prog.values())
        lines += [f"### {name}: {len(progs)} programs, {len(kernels)} kernels, {len(rows)} sites", "",
                  "| scoring | sites | exact | wrong | no number |", "|---|---:|---:|---:|---:|", *score, "",
                  f"Per program (found): mean exact {100 * sum(fractions) / len(fractions):.1f}%, median "
                  f"{100 * fractions[len(fractions) // 2]:.1f}%; every site exact in "
                  f"{sum(f == 1 for f in fractions)} of {len(fractions)} programs.", ""]
        all_rows += rows
    if len(args.parts) > 1:
        score, _ = table(all_rows, checkouts)
        lines += [f"### all parts together: {len(all_rows)} sites", "",
                  "| scoring | sites | exact | wrong | no number |", "|---|---:|---:|---:|---:|", *score, ""]
    names = list(cats_by_part)
    lines += ["### missed sites (found scoring) by category", "",
              "| category | " + " | ".join(names) + (" | all |" if len(names) > 1 else " |"),
              "|---|" + "---:|" * (len(names) + (1 if len(names) > 1 else 0))]
    for cat in ORDER:
        vals = [cats_by_part[n][cat] for n in names]
        lines.append(f"| {cat} | " + " | ".join(map(str, vals)) + (f" | {sum(vals)} |" if len(names) > 1 else " |"))
    totals = [sum(cats_by_part[n].values()) for n in names]
    lines.append("| **total missed** | " + " | ".join(map(str, totals)) +
                 (f" | {sum(totals)} |" if len(names) > 1 else " |"))
    by_domain: dict[str, Counter] = defaultdict(Counter)
    for r in all_rows:
        by_domain[r["domain"]][r["found"]["verdict"] == "exact"] += 1
    lines += ["", "### exact (found) by domain", "", "| domain | sites | exact |", "|---|---:|---:|"]
    for d, c in sorted(by_domain.items(), key=lambda kv: -sum(kv[1].values())):
        lines.append(f"| {d} | {sum(c.values())} | {c[True]} ({100 * c[True] / sum(c.values()):.0f}%) |")
    text = "\n".join(lines)
    print(text)
    if args.md:
        Path(args.md).write_text(text + "\n")
    if args.misses:
        with open(args.misses, "w") as fh:
            for r in all_rows:
                if r.get("miss"):
                    fh.write(json.dumps({k: r[k] for k in ("program", "file", "line", "kernel", "space", "op",
                                                            "measured", "miss")} |
                                        {"predicted": r["found"].get("predicted"),
                                         "reason": (r["found"].get("reason") or "")[:160]}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
