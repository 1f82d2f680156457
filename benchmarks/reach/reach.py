"""Reach, counted from the source text (issue 29): of the `__global__` kernels written in a
repository's linted files, how many get a shared or global number, and why not the rest.

    python benchmarks/reach/reach.py                      # every repository of REACH below
    python benchmarks/reach/reach.py mamba pytorch_scatter -j 2 --timeout 900
    python benchmarks/reach/reach.py --kept DIR               # classify the reports kept by --keep DIR again

The kernels are counted from the text (smemlint.parse.written: a `__global__` definition, not
a declaration, not one inside a `#define`) of every source file under the run's paths (SOURCES,
less --extend-exclude; a `.h` header too, linted or not), not from what smemlint found. A kernel is reached
when some analysed instance of it (matched by file and base name) has a predictable shared or
global access. The rest are put under one reason each, first that applies:
  file not linted (its error) / file parsed with errors and the kernel was not found / not found
  (template never instantiated, or in an #if branch left out: both from the notes) / found with
  no global or shared access (or, since stop 37, its memory handed only to calls not modelled: a library's,
  `curand_init(..., &states[i])`, counted with the kernels that have memory access) / found, no access with
  a number (the commonest reason given).
The repositories are checkouts under $REPOS (default /work/repos) at the commits and with the
flags of benchmarks/precision/rejudge.py; nothing of them is committed.
"""
from __future__ import annotations

import argparse
import collections
import gzip
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "precision"))
sys.path.append(str(HERE.parents[1]))  # after $PYTHONPATH: an older smemlint can be measured

from rejudge import REPOS, checkout  # noqa: E402

from smemlint.parse.written import written_kernels  # noqa: E402

try:  # an older smemlint (measured through $PYTHONPATH) has no such note
    from smemlint.lower.calltree import UNMODELLED_NOTE  # noqa: E402
except ImportError:
    UNMODELLED_NOTE = "shared or global memory is passed to calls smemlint does not model: "

REACH = ["llm.c", "cuda-samples", "ggml", "LeetCUDA", "tiny-cuda-nn", "mamba", "pytorch_scatter"]
SOURCES = (".cu", ".cuh", ".h", ".hpp", ".cuhpp", ".inl")


def _runs(name: str) -> list[list[str]]:
    runs = REPOS[name][2]
    return list(runs) if isinstance(runs, tuple) else [runs]


def lint(root: pathlib.Path, args: list[str], jobs: int, timeout: int, file_timeout: int) -> dict:
    cmd = [sys.executable, "-m", "smemlint", "check", "--format", "json", "--no-cache", "--exit-zero",
           "-j", str(jobs), "--file-timeout", str(file_timeout), *args]
    with tempfile.TemporaryDirectory() as cache:
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=root, timeout=timeout,
                           env=dict(os.environ, SMEMLINT_CACHE_DIR=cache))
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        raise SystemExit(f"{root}: smemlint gave no JSON (exit {p.returncode}): {p.stderr[-2000:]}")


def _fold(why: str) -> str:
    return re.sub(r"\b\d+\b", "N", re.sub(r"`[^`]*`", "`X`", why))


def _why(access: dict) -> str:
    return _fold(next((s[len("cannot predict: "):] for s in access["assumptions"]
                       if s.startswith("cannot predict: ")), "no reason given"))


_OPTIONS_WITH_VALUES = {"-I", "-D", "--include", "--define", "-p", "--block", "--arch"}
_SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox"}


def sources(root: pathlib.Path, args: list[str]) -> list[str]:
    """The source files (SOURCES) under a run's paths, less its --extend-exclude: where kernels are
    written, whether or not smemlint lints the file itself (a `.h` header, before stop 33)."""
    paths, excluded = [], []
    it = iter(args)
    for a in it:
        if a == "--extend-exclude":
            excluded.append(os.path.abspath(root / next(it)) + os.sep)
        elif a in _OPTIONS_WITH_VALUES:
            next(it, None)
        elif not a.startswith("-"):
            paths.append(root / a)
    out = []
    for p in paths:
        if p.is_file():
            out.append(os.path.abspath(p))
            continue
        for d, dirs, names in os.walk(p):
            dirs[:] = sorted(x for x in dirs if x not in _SKIP_DIRS and not x.startswith("."))
            out += [os.path.abspath(os.path.join(d, n)) for n in sorted(names) if n.endswith(SOURCES)]
    return [f for f in dict.fromkeys(out) if not any((f + os.sep).startswith(e) or f.startswith(e) for e in excluded)]


def classify(root: pathlib.Path, report: dict, written_in: list[str] | None = None) -> tuple[dict, dict]:
    """{(path, kernel): reason or None (reached)} for every kernel written in the report's files and
    in `written_in` (sources()), and {(path, kernel): first line}."""
    files = {os.path.abspath(root / f["path"]): f for f in report["files"]}
    kernels = collections.defaultdict(list)  # (abs file of the kernel, base name) -> accesses of its instances
    # calls not modelled that an instance hands memory to (its note, since stop 37: lower/calltree.py)
    library = collections.defaultdict(list)
    # the report lists each kernel's accesses after it, in the kernels' order (report/json_report.py); an
    # access's own file is where its line is (a helper in a header), not the kernel's
    accesses = iter(report["accesses"])
    pending = next(accesses, None)
    # (since stop 34 each kernel record says how many: two kernels of one name in two files, one after
    # the other, had all the accesses given to the first)
    # (an older report without the count: an access in a following same-named kernel's file is that one's)
    records = report["kernels"]
    for i, k in enumerate(records):
        key = (os.path.abspath(root / k["file"]), k["name"].split("<", 1)[0].rsplit("::", 1)[-1])
        kernels[key]
        library[key] += [x for x in k.get("notes") or () if x.startswith(UNMODELLED_NOTE)]
        n = k.get("accesses")
        later = set()  # the files of the same-named kernels right after this one
        for nxt in records[i + 1:]:
            if nxt["name"] != k["name"]:
                break
            later.add(nxt["file"])
        while pending is not None and pending["kernel"] == k["name"] and (n is None or n > 0):
            if n is None and pending["file"] != k["file"] and pending["file"] in later:
                break
            kernels[key].append(pending)
            pending = next(accesses, None)
            n = None if n is None else n - 1
    verdict, where = {}, {}
    for path in dict.fromkeys([*files, *(written_in or ())]):
        f = files.get(path)
        try:
            text = pathlib.Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if "__global__" not in text:
            continue
        for name, line in written_kernels(text):
            key = (os.path.relpath(path, root), name)
            if key in verdict:
                continue
            where[key] = line
            notes = (f or {}).get("notes") or []
            if (path, name) in kernels:  # found (in this file or in a file that includes it)
                pass
            elif f is None:
                verdict[key] = "file not linted (a header the walk left out, and no linted file launches the kernel)"
                continue
            elif f["status"] != "ok":
                verdict[key] = "file not linted: " + _fold(re.sub(r"\s*\(.*", "", (f["error"] or "").split(";")[0]))
                continue
            if (path, name) not in kernels:
                if any(f"`{name}`" in n and "not compiled" in n for n in notes):
                    verdict[key] = "in an #if branch the build leaves out"
                elif any(n.startswith("missing includes") for n in notes):
                    verdict[key] = "not found (file misses includes)"
                elif any(re.match(r"^\d+ compile error", n) for n in notes):
                    verdict[key] = "not found (file has compile errors)"
                else:
                    verdict[key] = "not found"
                continue
            acc = kernels[(path, name)]
            if any(a["predictable"] and a["space"] in ("shared", "global") for a in acc):
                verdict[key] = None
            elif not any(a["space"] in ("shared", "global") for a in acc) and library[(path, name)]:
                verdict[key] = "found: its shared or global memory is accessed only inside calls not modelled (a library's)"
            elif not any(a["space"] in ("shared", "global") for a in acc):
                template = any(n.startswith(f"{name}: template kernel not instantiated") and "cannot be predicted" in n
                               for n in notes)
                verdict[key] = "found as a template no launch instantiates, no shared or global access seen" \
                    if template else "found, no shared or global access"
            else:
                reasons = collections.Counter(_why(a) for a in acc
                                              if a["space"] in ("shared", "global") and not a["predictable"])
                verdict[key] = "no number: " + reasons.most_common(1)[0][0]
    return verdict, where


def measure(name: str, jobs: int, timeout: int, file_timeout: int, keep: str | None = None,
            kept: str | None = None) -> dict:
    """`kept`: a --keep folder of an earlier run: its reports are classified again, nothing is linted."""
    root = checkout(name)
    verdict: dict = {}
    where: dict = {}
    coverage = collections.Counter()
    t0 = time.perf_counter()
    for i, args in enumerate(_runs(name)):
        if kept:
            with gzip.open(f"{kept}/{name}.{i}.json.gz", "rt") as fh:
                report = json.load(fh)
        else:
            report = lint(root, args, jobs, timeout, file_timeout)
        if keep:
            with gzip.open(f"{keep}/{name}.{len(list(pathlib.Path(keep).glob(name + '.*')))}.json.gz", "wt") as fh:
                json.dump(report, fh)
        v, w = classify(root, report, sources(root, args))
        for key, why in v.items():  # a kernel reached in one run is reached
            if key not in verdict or why is None:
                verdict[key] = why
        where.update(w)
        for field in ("kernels_written", "kernels_written_with_numbers", "kernels_written_not_compiled",
                      "kernels_found", "kernels_with_predictions"):
            coverage[field] += report.get("coverage", {}).get(field, 0)
    reached = sum(1 for why in verdict.values() if why is None)
    # kernels whose analyses show no shared or global access at all: no number to give (issue 29's
    # "kernels written that get a shared or global number" counts them; the second count leaves them out)
    no_memory = sum(1 for why in verdict.values() if why == "found, no shared or global access")
    reasons = collections.Counter(why for why in verdict.values() if why is not None)
    return {
        "repository": name, "commit": REPOS[name][1], "runs": [" ".join(a) for a in _runs(name)],
        "written": len(verdict), "reached": reached,
        "reached_pct": round(100 * reached / len(verdict), 1) if verdict else None,
        "without_memory_access": no_memory,
        "reached_pct_of_kernels_with_memory_access": round(100 * reached / (len(verdict) - no_memory), 1)
        if len(verdict) > no_memory else None,
        "coverage": dict(coverage), "wall_s": round(time.perf_counter() - t0, 1),
        "reasons": reasons.most_common(),
        "not_reached": sorted(f"{p}:{where[(p, k)]} {k}: {why}" for (p, k), why in verdict.items() if why),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("repos", nargs="*", default=REACH)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=1800, help="seconds for one smemlint run")
    ap.add_argument("--file-timeout", type=int, default=240,
                    help="smemlint's --file-timeout (seconds; above the default 60 so that a loaded machine's "
                         "slowness is not counted as a reach gap)")
    ap.add_argument("--out", help="write the JSON here too (after each repository)")
    ap.add_argument("--keep", help="a folder: keep each smemlint JSON report there (gzipped)")
    ap.add_argument("--kept", help="a --keep folder of an earlier run: classify its reports again (no lint)")
    a = ap.parse_args()
    import smemlint

    print(f"smemlint from {pathlib.Path(smemlint.__file__).parent}", flush=True)
    if a.keep:  # made first: a missing folder lost the first repository's report after its lint
        pathlib.Path(a.keep).mkdir(parents=True, exist_ok=True)
    rows = []
    for name in a.repos:
        r = measure(name, a.jobs, a.timeout, a.file_timeout, a.keep, a.kept)
        rows.append(r)
        print(f"{r['repository']}: {r['reached']} of {r['written']} written ({r['reached_pct']}%); "
              f"{r['reached']} of {r['written'] - r['without_memory_access']} with a shared or global access "
              f"({r['reached_pct_of_kernels_with_memory_access']}%), "
              f"{r['wall_s']} s; " + "; ".join(f"{why} ({n})" for why, n in r["reasons"][:6]), flush=True)
        if a.out:
            pathlib.Path(a.out).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
