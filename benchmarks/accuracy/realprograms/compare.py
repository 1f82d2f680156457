"""Score smemlint on the real-program benchmark, site by site (no GPU needed).

    python benchmarks/accuracy/realprograms/compare.py --repos /work/repos [--json] [--out FILE]

The sources are not in this repository: --repos is a directory with a checkout of each repository of
programs.json at its commit (directory name = the program's `checkout`). Two scorings:

  found  smemlint lints each program's file as it is, with the launches it finds itself;
  given  the same file with the measured block written above every kernel (a temporary copy of the
         checkout with `// smemlint: block(x, y, z)` appended to the kernel's first line, so no line
         moves); integer arguments still come from what smemlint finds (there is no way to give them).

A site is (file, line, space, op) of one kernel (truth-sm90.jsonl). smemlint's accesses on that line
of that kernel are averaged weighted by their request counts, as ncu's source view sums the line's
instructions. Each site is exact (within 0.01), wrong, or has no number; wrong and no-number sites get
a reason category:
  launch not found   the kernel was analysed under another block than it ran with
  unknown integer    a parameter the index depends on was assumed (not a constant at a launch)
  idiom not followed smemlint reported no access on the line, or could not predict it (its reason)
  predicated (measurement)  a predicated instruction whose requests may include executions with no
                     lane on (ncu's inst_executed counts them, OUTPUT.md does not; see README)
  model              the launch and integers were right and the number still differs
"""
from __future__ import annotations

import argparse
import datetime
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent.parent
sys.path.insert(0, str(ROOT))
from smemlint.sass.facts import width_bits  # noqa: E402 - bits per lane of a SASS opcode
TOLERANCE = 0.01


def base_name(kernel: str) -> str:
    return kernel.split("<", 1)[0].split("(", 1)[0].strip()


def load_truth(path: Path) -> tuple[dict, list[dict], dict]:
    meta, sites, kernels = {}, [], {}
    for line in path.read_text().splitlines():
        r = json.loads(line)
        if r["kind"] == "meta":
            meta = r
        elif r["kind"] == "site" and r.get("requests"):
            sites.append(r)
        elif r["kind"] == "kernel":
            kernels[(r["program"], r["kernel"])] = r
    return meta, sites, kernels


def rel(path: str, root: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(root.resolve()))
    except ValueError:
        return path


class _Access:
    """One access of smemlint's JSON report (OUTPUT.md), with the fields judge() reads."""

    def __init__(self, d: dict):
        self.__dict__.update(d)
        self.requests = d.get("requests", 0) or 0


class _Kernel:
    def __init__(self, file: str, line: int, name: str, block):
        self.file, self.line, self.name, self.block = file, line, name, tuple(block or ())
        self.assumptions: list[str] = []


def build_flags(p: dict, root: Path) -> list[str]:
    """The program's own -I, -D and --std flags (what its build passes nvcc, and what a user would
    configure smemlint with: a compile_commands.json or pyproject's include/define)."""
    out = []
    for flag in p.get("nvcc_extra", "").split():
        flag = flag.replace("{checkout}", str(root))
        if flag.startswith(("-I", "-D")):
            out.append(flag)
        elif flag.startswith("-std="):
            out.append("--std=" + flag[len("-std="):])
    return out


def site_file(path: str) -> str:
    """A measured site's file as the judge keys it: a header outside the checkout (a toolkit one, named
    by ncu with an absolute path, maybe through a symlink such as /usr/local/cuda) by its real path."""
    return os.path.realpath(path) if os.path.isabs(path) else path


def site_key(site: dict) -> tuple:
    return (site_file(site["file"]), site["line"], site["space"], site["op"], base_name(site["kernel"]))


def charged_places(a: dict, f: str, line: int, root: Path) -> list[tuple[str, int, float]]:
    """Where an access's instructions are counted: (file, line, share of its instructions) each. Its own
    line, all of them, and each other line of its `charged_to` (--sass: ncu's view of another file counts
    an instruction on its innermost frame there: a toolkit header's operator, or the kernel's call of a
    header's helper) with the share counted there (measured: exllamav2's `half2 x2 = x_row[column]`
    counted both on its line and, with the other calls' instructions, on cuda_fp16.h:5122)."""
    out = [(f, line, 1.0)]
    for e in a.get("charged_to") or []:
        if e.get("of") and not (e["file"] == a["file"] and e["line"] == line):
            out.append((site_file(rel(str(root / e["file"]), root)), e["line"], e["instructions"] / e["of"]))
    return out


def charged_access(a: dict, share: float) -> "_Access":
    """The access as counted at one of its places: its requests scaled by the share of its instructions
    there (ncu's per-line average weighs each instruction's requests)."""
    acc = _Access(a)
    acc.requests = acc.requests * share
    return acc


def lint_program(p: dict, root: Path, headers: str, sass: list[str] | None = None) -> dict:
    """Run `smemlint check --format json` on the program's paths with its build flags (as a user would,
    so the run sees every launch in them): (file, line, space, op, kernel base name) -> [(access, kernel)].
    `sass`: also `--sass` (nvcc compiles each file), nvcc given these extra include directories
    (headers the build needs that this machine's toolkit lacks, such as cuBLAS's) through nvcc's own
    NVCC_APPEND_FLAGS, so that the parse is the same as without --sass."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if sass:
        env["NVCC_APPEND_FLAGS"] = " ".join(f"-I{d}" for d in sass)
    cmd = [sys.executable, "-m", "smemlint", "check", "--format", "json", "--cuda-headers", headers,
           "--no-cache", "-j", "1", *build_flags(p, root), *(["--sass"] if sass is not None else []), *p["lint"]]
    r = subprocess.run(cmd, cwd=root, capture_output=True, text=True, env=env)
    try:
        doc = json.loads(r.stdout)
    except json.JSONDecodeError:
        return {"accesses": {}, "kernels": {}, "status": "error", "error": (r.stderr or r.stdout)[-500:]}
    decls = [_Kernel(rel(str(root / k["file"]), root), k["line"], k["name"], None) for k in doc.get("kernels", [])]
    out: dict[tuple, list] = defaultdict(list)
    by_name: dict[str, list] = defaultdict(list)
    for a in doc.get("accesses", []):
        f = rel(str(root / a["file"]), root)
        name = base_name(a["kernel"])
        k = next((kk for kk in by_name.get(name, []) if tuple(a.get("block") or ()) == kk.block
                  and kk.name == a["kernel"]), None)  # one per instantiation and block
        if k is None:
            k = _Kernel(f, 0, a["kernel"], a.get("block"))
            k.assumptions = a.get("assumptions", [])
            by_name[name].append(k)
        # the line ncu counts the instruction on: a hoisted load is on its loop's line
        for pf, pl, share in charged_places(a, f, a.get("instruction_line") or a["line"], root):
            out[(pf, pl, a["space"], "atom" if a["op"] == "atomic" else a["op"], name)].append((charged_access(a, share), k))
    return {"accesses": out, "kernels": by_name, "decls": decls, "status": "ok",
            "files": {f["path"]: f["status"] for f in doc.get("files", [])}}


@functools.lru_cache(maxsize=None)
def instantiation(mangled: str) -> str:
    """`offset<float>` for `_Z6offsetIfEvPT_i` (c++filt), without spaces; "" for a kernel that is
    not a template instantiation or when c++filt is missing."""
    if not mangled or "I" not in mangled:
        return ""
    try:
        text = subprocess.run(["c++filt", mangled], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""
    name = text.split("(")[0]
    if name.startswith("void "):
        name = name[len("void "):]
    return name.replace(" ", "") if "<" in name else ""


def annotate(p: dict, src_root: Path, dst_root: Path, found: dict, truth_kernels: dict) -> None:
    """Copy the checkout and append the measured block to each kernel's first line."""
    if dst_root.exists():
        shutil.rmtree(dst_root)
    shutil.copytree(src_root, dst_root, ignore=shutil.ignore_patterns(".git", "*.png", "*.pdf"))
    edits: dict[str, dict[int, str]] = defaultdict(dict)
    for k in found.get("decls", []):
        t = truth_kernels.get((p["name"], base_name(k.name)))
        if not t or not t.get("block"):
            continue
        if True:
            f = k.file
            lines = (src_root / f).read_text(errors="replace").splitlines()
            ln = k.line
            for back in range(1, 4):  # a template's extent starts at `template <...>`
                if ln - back >= 1 and lines[ln - back - 1].lstrip().startswith("template"):
                    ln = ln - back
                    break
            b = t["block"]
            edits[f][ln] = f" // smemlint: block({b[0]}, {b[1]}, {b[2]})"
    for f, by_line in edits.items():
        path = dst_root / f
        lines = path.read_text(errors="replace").split("\n")
        for ln, text in by_line.items():
            if 1 <= ln <= len(lines):
                lines[ln - 1] = lines[ln - 1] + text
        path.write_text("\n".join(lines))


def judge(site: dict, found: dict, truth_kernel: dict | None) -> dict:
    key = site_key(site)
    measured = site["wavefronts_per_request"] if site["space"] == "shared" else site["sectors_per_request"]
    entry = {"program": site["program"], "file": site["file"], "line": site["line"], "kernel": site["kernel"],
             "space": site["space"], "op": site["op"], "sass": sorted(set(site["sass"])), "measured": measured}
    hits = found["accesses"].get(key, [])
    ks = found["kernels"].get(base_name(site["kernel"]), [])
    block = tuple(truth_kernel["block"]) if truth_kernel and truth_kernel.get("block") else None
    if block:  # several instantiations or launches: prefer the one analysed under the measured block
        same = [h for h in hits if tuple(h[1].block) == block]
        hits = same or hits
    # the template instantiation that ran: named by the truth (`load_store<3, 3>`) or demangled
    ran = site.get("instance", "").replace(" ", "") or \
        (instantiation(truth_kernel.get("kernel_mangled", "")) if truth_kernel else "")
    if ran:  # the template instantiation that ran (coalescing.cu runs offset<float> first)
        same = [h for h in hits if h[1].name.replace(" ", "") == ran]
        hits = same or hits
    if hits:
        first = hits[0][1]
        hits = [h for h in hits if h[1] is first]
    if not hits:
        entry.update(predicted=None, verdict="no number", category="idiom not followed",
                     reason="smemlint reports no access of this kind on this line" +
                            ("" if ks else " (kernel not found)"))
        return entry
    accesses = [h[0] for h in hits]
    k = hits[0][1]
    entry["analysed_block"] = list(k.block)
    values = [(a.wavefronts_per_request if site["space"] == "shared" else a.sectors_per_request, a) for a in accesses]
    if any(v is None for v, _ in values):
        why = next((a.assumptions for v, a in values if v is None), [])
        why = sorted(why, key=lambda x: not x.startswith("cannot predict"))  # smemlint's reason first: kept in 300
        entry.update(predicted=None, verdict="no number", category="idiom not followed",
                     reason="; ".join(why)[:300] or "cannot predict")
        return entry
    weights = [max(a.requests, 0) for _, a in values]
    pred = (sum(v * w for (v, _), w in zip(values, weights)) / sum(weights)) if sum(weights) else \
        sum(v for v, _ in values) / len(values)
    entry["predicted"] = round(pred, 4)
    entry["accesses_on_line"] = len(accesses)
    if abs(pred - measured) <= TOLERANCE:
        entry["verdict"] = "exact"
        return entry
    entry["verdict"] = "wrong"
    assumed = [s for s in k.assumptions if "assumed" in s and "=" in s]
    widths = {a.width_bits for a in accesses}
    emitted = {width_bits(op) or 32 for op in entry["sass"]}
    if block and tuple(k.block) != block:
        entry.update(category="launch not found",
                     reason=f"analysed under block {tuple(k.block)}, ran with {block}")
    elif max(emitted) > max(widths) and not any("costed as emitted" in x for a in accesses for x in a.assumptions):
        entry.update(category="compiler merged",
                     reason=f"nvcc emitted {entry['sass']} for {sorted(widths)}-bit accesses (costed as emitted "
                            "with --sass)")
    elif assumed:
        entry.update(category="unknown integer", reason="; ".join(assumed)[:300])
    elif site.get("predicated"):
        entry.update(category="predicated (measurement)",
                     reason="a predicated instruction: its requests may include executions with no lane on")
    else:
        entry.update(category="model", reason=f"{len(accesses)} access(es) on the line; SASS {entry['sass']}")
    return entry


def score(truth: Path, repos: Path, headers: str, sass: list[str] | None = None) -> dict:
    meta, sites, tkernels = load_truth(truth)
    programs = {p["name"]: p for p in json.loads((HERE / "programs.json").read_text())["programs"]}
    by_program: dict[str, list[dict]] = defaultdict(list)
    for s in sites:
        by_program[s["program"]].append(s)
    results: dict[str, list[dict]] = {"found": [], "given": []}
    if sass is not None:
        results["sass"] = []
    tmp = Path(tempfile.mkdtemp(prefix="smemlint-realprograms-"))
    try:
        for name, psites in by_program.items():
            p = programs[name]
            root = repos / p["checkout"]
            found = lint_program(p, root, headers)
            for s in psites:
                results["found"].append(judge(s, found, tkernels.get((name, s["kernel"]))))
            if sass is not None:
                with_sass = lint_program(p, root, headers, sass)
                for s in psites:
                    results["sass"].append(judge(s, with_sass, tkernels.get((name, s["kernel"]))))
            annotated = tmp / p["checkout"]
            annotate(p, root, annotated, found, tkernels)
            given = lint_program(p, annotated, headers)
            for s in psites:
                e = judge(s, given, tkernels.get((name, s["kernel"])))
                results["given"].append(e)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {"meta": meta, "results": results}


def summary(res: dict) -> str:
    out = []
    for scoring, rows in res["results"].items():
        c = Counter(r["verdict"] for r in rows)
        n = len(rows)
        out.append(f"{scoring:5}: sites {n}; exact {c['exact']} ({100 * c['exact'] / n:.1f}%); wrong {c['wrong']}; "
                   f"no number {c['no number']}")
        cats = Counter((r["verdict"], r.get("category")) for r in rows if r["verdict"] != "exact")
        for (verdict, cat), m in sorted(cats.items(), key=lambda kv: -kv[1]):
            out.append(f"         {verdict:9} {cat}: {m}")
        progs = Counter(r["program"] for r in rows)
        exact = Counter(r["program"] for r in rows if r["verdict"] == "exact")
        out.append("         per program (exact/sites): " + ", ".join(
            f"{p.split('/', 1)[-1]} {exact[p]}/{progs[p]}" for p in sorted(progs)))
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--truth", default=str(HERE / "truth-sm90.jsonl"))
    ap.add_argument("--repos", required=True, help="directory holding a checkout of each repository")
    ap.add_argument("--headers", default="bundled", choices=["bundled", "toolkit", "auto"])
    ap.add_argument("--json", action="store_true", help="print every site as JSON")
    ap.add_argument("--out", help="also write the summary and every non-exact site to this file")
    ap.add_argument("--sass", action="store_true",
                    help="also score `smemlint check --sass` (the launches it finds; needs nvcc)")
    ap.add_argument("--nvcc-include", action="append", default=[], metavar="DIR",
                    help="with --sass: an include directory the programs' builds need beyond the toolkit "
                         "(SGEMM_CUDA: cuBLAS's headers)")
    args = ap.parse_args()
    res = score(Path(args.truth), Path(args.repos), args.headers, args.nvcc_include if args.sass else None)
    if args.json:
        print(json.dumps(res, indent=1))
        return 0
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    head = [f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}; smemlint commit: {commit}",
            "command: python benchmarks/accuracy/realprograms/compare.py " + " ".join(sys.argv[1:]),
            f"truth: {res['meta'].get('gpu')} | {res['meta'].get('ncu')} | {res['meta'].get('nvcc')} | "
            f"measured {res['meta'].get('date')}", summary(res)]
    lines = list(head)
    for scoring, rows in res["results"].items():
        for r in rows:
            if r["verdict"] != "exact":
                lines.append(f"{scoring.upper()} {r['verdict'].upper()} [{r.get('category')}] {r['program']} "
                             f"{r['file']}:{r['line']} {r['kernel']} {r['space']} {r['op']} {r['sass']} "
                             f"measured={r['measured']} predicted={r.get('predicted')} -- {r.get('reason', '')}")
    text = "\n".join(lines)
    print("\n".join(head))
    if args.out:
        Path(args.out).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
