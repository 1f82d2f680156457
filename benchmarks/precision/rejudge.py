"""The judged precision benchmark (issue 14 item 10): lint public repositories, match today's
findings against the verdicts in judged.tsv, and say what changed.

    python benchmarks/precision/rejudge.py                 # lint every repository, compare
    python benchmarks/precision/rejudge.py --repo llm.c    # one repository
    python benchmarks/precision/rejudge.py --unjudged 20   # also list 20 findings nobody judged

The repositories are not part of smemlint: check each out at the commit below (the `fetch` tool or
`git clone` + `git checkout`) under $REPOS (default /work/repos). Nothing of them is committed;
judged.tsv holds only locations, rules, the number the finding stated and the verdict.

judged.tsv columns (tab-separated, `#` starts a comment line):
    repo  path  line  rule  number  verdict  reason
- path is relative to the repository root, line is the finding's line.
- number is the figure the finding stated when it was judged (wavefronts, sectors, distinct
  addresses, threads, blocks), or `-` for a finding without one.
- verdict: `true` (a real problem, claim, number and any fix it proposes right), `wrong-number` (a
  real problem, the number wrong), `wrong-fix` (a real problem, the number right, the fix it
  proposes wrong: issue 26), `false` (no problem, or not the problem it says).

A finding is matched by (repo, path, line, rule). Several findings of one rule on one line (one per
template instantiation) share a verdict and are counted once. Printed: per rule, today's places
with a finding that were judged and the share judged true; judged
findings that are gone (a false one gone is a fix, a true one gone is lost recall); findings whose
number changed since they were judged (judge again); and how many findings nobody judged.
"""
from __future__ import annotations

import argparse
import collections
import csv
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
JUDGED = HERE / "judged.tsv"

# name: (GitHub repository, commit, smemlint arguments relative to the checkout: one list, or a
# tuple of lists for a repository whose parts are built with different flags, linted one run each)
REPOS = {
    "cuda-samples": ("NVIDIA/cuda-samples", "c94ff366aed18c797b8a85dfaac7817b0228b420", ["-I", "Common", "Samples"]),
    "llm.c": ("karpathy/llm.c", "f1e2ace651495b74ae22d45d1723443fd00ecd3a", ["."]),
    # as its PyTorch builds compile it: kernels/hgemm/tools/utils.py gives the hgemm utils include
    # directory and the NO_*_BIN macros that select the torch bindings (which launch every kernel)
    # instead of the standalone test mains; kernels/flash-attn/flash_attn_mma.py gives its own utils
    # (both name their header "utils.h": one include path for both found the wrong one, and the
    # flash-attn kernels did not parse)
    "LeetCUDA": ("xlite-dev/LeetCUDA", "cb6a0497e829741fc5e3ad5e43a5beed0d85edcd",
                 (["-I", "kernels/hgemm/utils", "-D", "NO_MMA_HGEMM_BIN", "-D", "NO_WMMA_HGEMM_BIN",
                   "-D", "NO_CUTE_HGEMM_BIN", "-D", "NO_CUBLAS_HGEMM_BIN", "--extend-exclude", "kernels/flash-attn",
                   "kernels"],
                  ["-I", "kernels/flash-attn/utils", "kernels/flash-attn"])),
    "rodinia": ("yuhc/gpu-rodinia", "9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4", ["cuda"]),
    "ggml": ("ggerganov/ggml", "9a4acb374565f4146b8d6eb1cffdcd7d437d1ba2",
             ["-I", "include", "-I", "src", "src/ggml-cuda"]),
    "bbuf": ("BBuf/how-to-optim-algorithm-in-cuda", "10a3a8d243037e2544686eb673fda86fba23143f", ["."]),
    # issue 26: repositories not judged before (judged 2026-11-27)
    "SGEMM_CUDA": ("siboehm/SGEMM_CUDA", "60cba6f9b20a198116c76f18de8047f44df8c8b8", ["-I", "src", "."]),
    "mamba": ("state-spaces/mamba", "e9594ce1c732d97440f0332fdc43170a2294dbfa", ["csrc"]),
    "pytorch_scatter": ("rusty1s/pytorch_scatter", "648dda3cf964731ffb4de11eafc445a83133eda4", ["csrc/cuda"]),
    # runtime-compiled (NVRTC) kernel sources: sizes and types come from host code at run time
    "arrayfire": ("arrayfire/arrayfire", "492718b5a256d4a9d5198fdce89d8fd21772bfda",
                  ["-I", "src/backend/cuda", "src/backend/cuda/kernel"]),
    # as its CMakeLists.txt builds it for an H100 (TCNN_INCLUDES: include, dependencies; TCNN_DEFINITIONS:
    # TCNN_HALF_PRECISION on above arch 61, TCNN_MIN_GPU_ARCH the lowest CMAKE_CUDA_ARCHITECTURES; common.h
    # #errors without the first: without it, fully_fused_mlp.cu instantiated none of its kernels), with the
    # samples and benchmarks its default build compiles (TCNN_BUILD_EXAMPLES, TCNN_BUILD_BENCHMARK: ON)
    "tiny-cuda-nn": ("NVlabs/tiny-cuda-nn", "6ee3546bda615f51abe684ce9edefeb414689135",
                     ["-I", "include", "-I", "dependencies", "-D", "TCNN_HALF_PRECISION=1", "-D", "TCNN_MIN_GPU_ARCH=90",
                      "src", "include", "samples", "benchmarks/image", "benchmarks/mlp"]),
    "exllamav2": ("turboderp/exllamav2", "b9c025b4b1ee78c0d34e700f2e474a02dfb13c90", ["exllamav2/exllamav2_ext"]),
    "llm-awq": ("mit-han-lab/llm-awq", "d6e797a42b9ef7778de8ee2352116e0f48a78d61", ["awq/kernels/csrc"]),
    "apex": ("NVIDIA/apex", "6424da3b4faa6c8f062da4a48c424fff3f02d42d", ["csrc"]),
    "code-samples": ("NVIDIA-developer-blog/code-samples", "72d62ec464442786a36754508bcb1094d197d6a5", ["."]),
    "cuda_programming": ("CoffeeBeforeArch/cuda_programming", "8711be08e2060680820304594f3691cc0016edd1", ["."]),
    "cuda_hgemm": ("Bruce-Lee-LY/cuda_hgemm", "0d26c2e4415ab0d0af5a6bfae301275c608d46b4", ["-I", "src/common", "."]),
    "Learn-CUDA-Programming": ("PacktPublishing/Learn-CUDA-Programming", "10bd9b59bfcc680d608ea1417da5089f73d91b11",
                               ["Chapter02", "Chapter03", "Chapter04", "Chapter05", "Chapter07", "Chapter08"]),
    "HeCBench": ("zjin-lcf/HeCBench", "f27000a5188f8ac79bd43fc95a1b3f890c18823d",
                 ["src/atomicReduction-cuda", "src/scan-cuda"]),
    "FasterTransformer": ("NVIDIA/FasterTransformer", "df4a7534860137e060e18d2ebf019906120ea204",
                          ["-I", ".", "-I", "src", "src/fastertransformer/kernels"]),
    # judged 2026-11-27 by prec32
    "How_to_optimize_in_GPU": ("Liu-xiandong/How_to_optimize_in_GPU", "5d2def3e082c4e1364c3ade54451b7b9d1d6f044", ["."]),
    "NVIDIA_SGEMM_PRACTICE": ("wangzyon/NVIDIA_SGEMM_PRACTICE", "d6068b13e9997ccff51c9d3cb773afd176fb7d8f",
                              ["-I", "src", "."]),
    # judged 2026-11-27 by prec33 (flags: each build's include directories, CMakeLists.txt / setup.py)
    "flash-attention-minimal": ("tspeterkim/flash-attention-minimal", "00f8f46712d493665c900c32fa3a261c8ef3e20c", ["."]),
    "cuda_hgemv": ("Bruce-Lee-LY/cuda_hgemv", "55eaca46c25234c9dce3daa00a8a9884a63cee22", ["-I", "src/common", "."]),
    "decoding_attention": ("Bruce-Lee-LY/decoding_attention", "870c201b9f3420c758456744625a46a1b5f9c4ac",
                           ["-I", "csrc/common", "-I", "csrc/kernel", "-I", "csrc/ops", "csrc"]),
    "CUDA_Freshman": ("Tony-Tan/CUDA_Freshman", "979938216fbbd8bc81ccbc525c4dd1f8c0c9fcbb", ["-I", "include", "."]),
}
# the checkout directory of each repository under $REPOS
DIRS = {"rodinia": "gpu-rodinia", "bbuf": "how-to-optim-algorithm-in-cuda"}
VERDICTS = ("true", "wrong-number", "wrong-fix", "false")
NUMBER_FACTS = ("wavefronts", "sectors", "distinct", "threads", "blocks")


def checkout(name: str) -> pathlib.Path:
    return pathlib.Path(os.environ.get("REPOS", "/work/repos")) / DIRS.get(name, name)


def lint(name: str, jobs: int) -> list[dict]:
    """Today's findings of one repository: dicts with path (relative), line, rule, number, message."""
    root = checkout(name)
    runs = REPOS[name][2]
    diagnostics = []
    for args in (runs if isinstance(runs, tuple) else (runs,)):
        cmd = [sys.executable, "-m", "smemlint", "check", "--output-format", "json", "--exit-zero",
               "-j", str(jobs), "--file-timeout", "120", *args]
        p = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
        try:  # exit 2: some file was not analysed (over --file-timeout on a loaded machine): its report still counts
            report = json.loads(p.stdout)
        except json.JSONDecodeError:
            sys.exit(f"{name}: smemlint exited {p.returncode}: {p.stderr[-2000:]}")
        failed = [f["path"] for f in report.get("files", []) if f.get("status") not in (None, "ok")]
        if p.returncode != 0 or failed:
            print(f"{name}: smemlint exited {p.returncode}; not analysed: {', '.join(failed) or '-'}", file=sys.stderr)
        diagnostics += report["diagnostics"]
    findings = []
    for d in diagnostics:
        # a finding that stands for one cause at several sites (smemlint/grouping.py) is each of
        # them: its other sites, each with its own number, are places as judged before grouping
        for site in [d, *d.get("other_sites", [])]:
            number = next((site["facts"][k] for k in NUMBER_FACTS if k in site.get("facts", {})), None)
            findings.append({"repo": name, "path": os.path.normpath(d["file"]), "line": site["line"],
                             "rule": d["code"], "number": "-" if number is None else f"{float(number):g}",
                             "message": site["message"], "head": site is d})
    return findings


def read_judged() -> list[dict]:
    rows = []
    with JUDGED.open() as f:
        for n, row in enumerate(csv.reader((l for l in f if l.strip() and not l.startswith("#")), delimiter="\t"), 1):
            repo, path, line, rule, number, verdict, reason = row
            if verdict not in VERDICTS:
                sys.exit(f"judged.tsv row {n}: verdict {verdict!r} is not one of {VERDICTS}")
            rows.append({"repo": repo, "path": path, "line": int(line), "rule": rule, "number": number,
                         "verdict": verdict, "reason": reason})
    return rows


def key(x: dict) -> tuple:
    return x["repo"], x["path"], x["line"], x["rule"]


def compare(judged: list[dict], today: list[dict], repos: set[str], unjudged_shown: int) -> None:
    judged = [j for j in judged if j["repo"] in repos]
    by_key = {key(j): j for j in judged}
    today_keys = collections.defaultdict(list)
    for t in today:
        today_keys[key(t)].append(t)

    per_rule: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    changed = []
    for k, ts in today_keys.items():
        j = by_key.get(k)
        if j is None:
            per_rule[k[3]]["unjudged"] += 1
            continue
        numbers = {t["number"] for t in ts}
        if j["number"] not in numbers:
            changed.append((j, sorted(numbers)))
            per_rule[k[3]]["number changed"] += 1
        else:
            per_rule[k[3]][j["verdict"]] += 1  # one verdict per place (a line's instantiations share it)
    gone = [j for k, j in by_key.items() if k not in today_keys]

    print("| rule | judged today | true | wrong number | wrong fix | false | number changed | share true | unjudged |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    total = collections.Counter()
    for rule in sorted(per_rule):
        c = per_rule[rule]
        total.update(c)
        print(_row(rule, c))
    print(_row("**all**", total))
    print()
    for repo in sorted(repos):
        mine = [t for t in today if t["repo"] == repo]
        print(f"{repo}: {sum(t.get('head', True) for t in mine)} findings reported for {len(mine)} sites")
    print()
    print(f"judged findings gone today: {len(gone)} "
          f"({sum(j['verdict'] == 'false' for j in gone)} judged false: fixed; "
          f"{sum(j['verdict'] != 'false' for j in gone)} judged true or wrong number: lost)")
    for j in gone:
        print(f"  gone  {j['verdict']:12} {j['repo']}:{j['path']}:{j['line']} {j['rule']}  ({j['reason']})")
    for j, numbers in changed:
        print(f"  number {j['number']} -> {'/'.join(numbers)} (was {j['verdict']}) "
              f"{j['repo']}:{j['path']}:{j['line']} {j['rule']}  ({j['reason']})")
    if unjudged_shown:
        print()
        for t in [t for k, ts in today_keys.items() if k not in by_key for t in ts][:unjudged_shown]:
            print(f"  unjudged {t['repo']}\t{t['path']}\t{t['line']}\t{t['rule']}\t{t['number']}\t{t['message']}")


def _row(rule: str, c: collections.Counter) -> str:
    judged = c["true"] + c["wrong-number"] + c["wrong-fix"] + c["false"]
    share = f"{100 * c['true'] / judged:.0f}%" if judged else "-"
    return (f"| {rule} | {judged + c['number changed']} | {c['true']} | {c['wrong-number']} | {c['wrong-fix']} "
            f"| {c['false']} | {c['number changed']} | {share} | {c['unjudged']} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", action="append", choices=sorted(REPOS), help="only these repositories")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--unjudged", type=int, default=0, metavar="N", help="list N findings nobody judged")
    ap.add_argument("--dump", metavar="FILE", help="also write today's findings as JSON (for judging)")
    args = ap.parse_args()
    repos = set(args.repo or REPOS)
    today = []
    missing = [f"{name}: no checkout at {checkout(name)} (github.com/{REPOS[name][0]} at {REPOS[name][1]})"
               for name in sorted(repos) if not checkout(name).is_dir()]
    if missing:  # before linting anything
        sys.exit("\n".join(missing))
    for name in sorted(repos):
        today += lint(name, args.jobs)
    if args.dump:
        pathlib.Path(args.dump).write_text(json.dumps(today, indent=1))
    compare(read_judged(), today, repos, args.unjudged)


if __name__ == "__main__":
    main()
