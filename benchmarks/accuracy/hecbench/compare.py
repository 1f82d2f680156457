"""Score smemlint on the HeCBench truth as a user runs it, site by site (no GPU needed).

    python benchmarks/accuracy/hecbench/compare.py --hecbench /work/repos/HeCBench [--only NAME] [--timeout S]

For each measured program: `smemlint check --format json` on the program's folder (src/<name>-cuda), with the
-I, -D and -std flags its Makefile passes nvcc (read from `make -n -B`), twice:
  found  the sources as they are, with the launches smemlint finds itself;
  given  a copy of the folder (and the sibling folders it includes) with `// smemlint: block(x, y, z)`, the
         measured block, appended to each kernel's first line (no line moves).
Each site is judged by ../realprograms/compare.py's judge() (exact within 0.01 / wrong / no number). Writes
compare-sites.jsonl (one line per site: both verdicts, numbers, smemlint's reason) beside this file, which
classify.py reads; a program whose lint fails or runs past --timeout has all its sites `no number` with that
reason.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent.parent
_spec = importlib.util.spec_from_file_location("realprograms_compare", HERE.parent / "realprograms" / "compare.py")
rp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rp)
sys.path.insert(0, str(HERE))
from stage import siblings  # noqa: E402


def makefile_flags(root: Path, folder: str) -> list[str]:
    """-I (made relative to the checkout), -D and --std of the nvcc lines `make -n -B` prints."""
    r = subprocess.run(["make", "-n", "-B", "ARCH=sm_90", "EXTRA_CFLAGS=-lineinfo"], cwd=root / folder,
                       capture_output=True, text=True, timeout=60)
    out: list[str] = []
    for line in r.stdout.splitlines():
        try:
            toks = shlex.split(line)
        except ValueError:
            continue
        if not toks or not toks[0].endswith(("nvcc", "$(CC)")):
            continue
        i = 0
        while i < len(toks):
            t = toks[i]
            if t in ("-I", "-D") and i + 1 < len(toks):
                t = t + toks[i + 1]
                i += 1
            if t.startswith("-I"):
                inc = os.path.normpath(os.path.join(folder, t[2:]))
                flag = "-I" + inc
            elif t.startswith("-D"):
                flag = t
            elif t.startswith(("-std=", "--std=")):
                flag = "--std=" + t.split("=", 1)[1]
            else:
                flag = None
            if flag and flag not in out:
                out.append(flag)
            i += 1
    return out


FILE_TIMEOUT: int | None = None  # --file-timeout: smemlint's per-file limit (None: its default, 60 s)
# --cuda-headers: smemlint's default, "auto" (the toolkit's headers for a file that includes thrust/ or cub/,
# whose templates the bundled ones lack: host templates over thrust types instantiate their launches), as a
# user runs it; "bundled", the scoring's until stop 42 (36 sites of tsne, topk, rowwiseMoments... fewer)
CUDA_HEADERS = "auto"


def lint(root: Path, flags: list[str], paths: list[str], timeout: int, sass: list[str] | None = None) -> dict:
    """rp.lint_program's run and parse, with a time limit. `sass`: also `--sass` (nvcc compiles each file:
    its line table says where each access's instructions are counted, `charged_to`), nvcc given these extra
    flags (stub headers the build had that this machine lacks) through its own NVCC_APPEND_FLAGS, so
    that the parse is the same as without."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if sass:
        env["NVCC_APPEND_FLAGS"] = " ".join(sass)
    # with --sass, nvcc's compile is inside each file's time limit: a file of many template instances
    # (LeetCUDA's layer_norm.cu: 30 s to lint, 25 s to compile) gets four times the default 60 s
    cmd = [sys.executable, "-m", "smemlint", "check", "--format", "json", "--cuda-headers", CUDA_HEADERS,
           "--no-cache", "-j", "1", *flags, *(["--sass", "--file-timeout", "240"] if sass is not None else
                                              ["--file-timeout", str(FILE_TIMEOUT)] if FILE_TIMEOUT else []),
           *paths]
    try:
        r = subprocess.run(cmd, cwd=root, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"accesses": {}, "kernels": {}, "decls": [], "status": f"smemlint ran past {timeout} s"}
    try:
        doc = json.loads(r.stdout)
    except json.JSONDecodeError:
        return {"accesses": {}, "kernels": {}, "decls": [], "status": "smemlint failed: " + (r.stderr or r.stdout)[-300:]}
    not_linted = [f"{f['path']}: {f.get('status')}" for f in doc.get("files", []) if f.get("status") != "ok"]
    if not_linted:  # smemlint's per-file time limit (--file-timeout) or a parse failure: say so, not "not found"
        return {"accesses": {}, "kernels": {}, "decls": [], "status": "file not linted: " + "; ".join(not_linted)[:200]}
    decls = [rp._Kernel(k["file"], k["line"], k["name"], None) for k in doc.get("kernels", [])]
    out: dict[tuple, list] = defaultdict(list)
    by_name: dict[str, list] = defaultdict(list)
    for a in doc.get("accesses", []):
        name = rp.base_name(a["kernel"])
        k = next((kk for kk in by_name.get(name, []) if tuple(a.get("block") or ()) == kk.block
                  and kk.name == a["kernel"]), None)
        if k is None:
            k = rp._Kernel(a["file"], 0, a["kernel"], a.get("block"))
            k.assumptions = a.get("assumptions", [])
            by_name[name].append(k)
        op = "atom" if a["op"] == "atomic" else a["op"]
        for pf, pl, share in rp.charged_places(a, a["file"], a.get("instruction_line") or a["line"], root):
            out[(pf, pl, a["space"], op, name)].append((rp.charged_access(a, share), k))
    for k in doc.get("kernels", []):  # kernels declared but with no access still count as found
        by_name.setdefault(rp.base_name(k["name"]), [])
    return {"accesses": out, "kernels": by_name, "decls": decls, "status": "ok"}


def annotated_copy(root: Path, folder: str, dst: Path, found: dict, kernels: dict, program: str) -> None:
    for f in sorted({folder, "src/include", *siblings(root, folder)}):
        if (root / f).is_dir():
            shutil.copytree(root / f, dst / f, ignore=shutil.ignore_patterns(".git", "*.o", "main", "*.bin",
                                                                             "*.dat", "*.txt", "*.raw"))
    edits: dict[str, dict[int, str]] = defaultdict(dict)
    for k in found.get("decls", []):
        t = kernels.get((program, rp.base_name(k.name)))
        if not t or not t.get("block") or not (dst / k.file).exists():
            continue
        lines = (dst / k.file).read_text(errors="replace").splitlines()
        ln = k.line
        for back in range(1, 4):  # a template's extent starts at `template <...>`
            if ln - back >= 1 and lines[ln - back - 1].lstrip().startswith("template"):
                ln -= back
                break
        b = t["block"]
        edits[k.file][ln] = f" // smemlint: block({b[0]}, {b[1]}, {b[2]})"
    for f, by_line in edits.items():
        lines = (dst / f).read_text(errors="replace").split("\n")
        for ln, text in by_line.items():
            if 1 <= ln <= len(lines):
                lines[ln - 1] += text
        (dst / f).write_text("\n".join(lines))


def launches_all_found(psites: list[dict], found: dict, kernels: dict) -> bool:
    """True when smemlint analysed every measured kernel of the program under the block it ran with."""
    if found["status"] != "ok":
        return False
    for name in {rp.base_name(s["kernel"]) for s in psites}:
        t = kernels.get((psites[0]["program"], name))
        blocks = {tuple(k.block) for k in found["kernels"].get(name, [])}
        if not t or not t.get("block") or tuple(t["block"]) not in blocks:
            return False
    return True


def kernel_truth(truth: Path) -> tuple[dict, dict[str, list[dict]]]:
    kernels, sites = {}, defaultdict(list)
    for line in truth.read_text().splitlines():
        r = json.loads(line)
        if r["kind"] == "kernel":
            kernels.setdefault((r["program"], rp.base_name(r["kernel"])), r)
        elif r["kind"] == "site" and r.get("requests"):
            sites[r["program"]].append(r)
    return kernels, sites


KEPT_NOTES = ("loaded from", "struct value", "member `", "result of `", "depends on member",
              "assumed (not a constant", "command-line", "compare-and-swap")


def assumptions_on_line(site: dict, lint_result: dict) -> list[str]:
    """What smemlint assumed for its accesses on the site's line that classify.py reads (data-dependent
    addresses or guards, assumed integers, main's defaults, CAS loops), shortened."""
    key = rp.site_key(site)
    seen: list[str] = []
    for access, _ in lint_result["accesses"].get(key, []):
        for a in access.__dict__.get("assumptions", []) or []:
            if a not in seen and any(k in a for k in KEPT_NOTES):
                seen.append(a)
    return [a[:200] for a in seen[:8]]


def verdict(entry: dict) -> dict:
    out = {k: entry.get(k) for k in ("verdict", "predicted", "category", "reason", "analysed_block")}
    out["reason"] = (out["reason"] or "")[:300] or None
    return out


def row(site: dict, found_entry: dict, given_entry: dict, found: dict, flags: list[str] | None) -> dict:
    """One site's line of compare-sites.jsonl; `flags` only on a program's first row, `given` is the string
    "same as found" when the annotated run changed nothing for the site."""
    found_v, given_v = verdict(found_entry), verdict(given_entry)
    r = {"program": site["program"], "domain": site["domain"], "file": site["file"], "line": site["line"],
         "kernel": site["kernel"], "space": site["space"], "op": site["op"], "sass": found_entry["sass"],
         "measured": found_entry["measured"], "block": site.get("block"),
         "predicated": bool(site.get("predicated")), "lint_status": found["status"],
         "kernel_found": rp.base_name(site["kernel"]) in found["kernels"],
         "assumptions": assumptions_on_line(site, found),
         "found": found_v, "given": "same as found" if given_v == found_v else given_v}
    if flags is not None:
        r["flags"] = flags
    return r


def score_program(root: Path, folder: str, flags: list[str], psites: list[dict], kernels: dict, tmp: Path,
                  timeout: int, sass: list[str] | None = None) -> list[dict]:
    """Lint one program's folder twice (found, given) and judge each of its measured sites (`sass`: lint's)."""
    program = psites[0]["program"]
    found = lint(root, flags, [folder], timeout, sass)
    if launches_all_found(psites, found, kernels):
        given = found  # every kernel already analysed under its measured block: the copy changes nothing
    else:
        copy = tmp / program
        annotated_copy(root, folder, copy, found, kernels, program)
        given = lint(copy, flags, [folder], timeout, sass)
        shutil.rmtree(copy, ignore_errors=True)
    rows = []
    for s in psites:
        tk = kernels.get((program, rp.base_name(s["kernel"])))
        f_e, g_e = rp.judge(s, found, tk), rp.judge(s, given, tk)
        if found["status"] != "ok":
            f_e.update(verdict="no number", category="lint failed", reason=found["status"])
        if given["status"] != "ok":
            g_e.update(verdict="no number", category="lint failed", reason=given["status"])
        rows.append(row(s, f_e, g_e, found, None if rows else flags))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hecbench", required=True)
    ap.add_argument("--only", default=None, help="programs, comma-separated")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--out", default=str(HERE / "compare-sites.jsonl"))
    ap.add_argument("--shard", default="0/1", help="I/N: score every N-th program from the I-th (parallel runs)")
    ap.add_argument("--file-timeout", type=int, default=None,
                    help="smemlint's per-file time limit in seconds (default: its own, 60 s); on a loaded machine "
                         "a file of 40 s CPU passes 60 s of wall time")
    ap.add_argument("--cuda-headers", default="auto", choices=("bundled", "auto", "toolkit"))
    args = ap.parse_args()
    global FILE_TIMEOUT, CUDA_HEADERS
    FILE_TIMEOUT, CUDA_HEADERS = args.file_timeout, args.cuda_headers
    root = Path(args.hecbench)
    doc = json.loads((HERE / "programs.json").read_text())
    kernels, sites = kernel_truth(HERE / "truth-sm90.jsonl")
    only = set(args.only.split(",")) if args.only else None
    shard_i, shard_n = (int(v) for v in args.shard.split("/"))
    out = Path(args.out)
    done = set()
    if out.exists() and not only:  # resume: programs already scored are kept
        done = {json.loads(ln)["program"] for ln in out.read_text().splitlines()}
    tmp = Path(tempfile.mkdtemp(prefix="smemlint-hecbench-"))
    try:
        with open(out, "a" if done else "w") as fh:
            for p in doc["programs"]:
                if p["name"] not in sites or p["name"] in done or (only and p["name"] not in only):
                    continue
                if doc["programs"].index(p) % shard_n != shard_i:
                    continue
                flags = makefile_flags(root, p["folder"])
                rows = score_program(root, p["folder"], flags, sites[p["name"]], kernels, tmp, args.timeout)
                write_rows(fh, p["name"], rows)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def write_rows(fh, name: str, rows: list[dict]) -> None:
    """One program's scored sites to compare-sites.jsonl, and its line of progress."""
    for r in rows:
        fh.write(json.dumps(r, separators=(",", ":")) + "\n")
    fh.flush()
    ex = sum(r["found"]["verdict"] == "exact" for r in rows)
    print(f"{name}: {ex}/{len(rows)} exact (found); lint {rows[0]['lint_status'][:60]}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
