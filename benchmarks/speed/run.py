"""Speed benchmark: smemlint beside a bare libclang parse and clang-tidy, on the same files, in one run.

    python benchmarks/speed/run.py                       # generated corpus (320 files, in a temp dir)
    python benchmarks/speed/run.py --extra /tmp/llm.c    # also a real-world tree (not committed)
    python benchmarks/speed/run.py --files 40 --out /tmp/speed   # a quick look

For every corpus it measures:
- bare parse: libclang (a plain index) parsing each file with exactly the arguments smemlint
  passes, with the same headers (the CUDA toolkit's where the file's includes need them, as for
  Thrust and CUB, else the bundled declarations: parse/translation.py's choice), one process, one file
  after the other: the parse any libclang-based tool starts from;
- the same parse with the bundled header precompiled (parse/pch.py) where the bundled header is
  used: the parse smemlint really does, shown so the analysis' own cost can be read off the table;
- clang-tidy: `clang-tidy -checks=-* --allow-no-checks FILE -- <same arguments>` per file (the `clang-tidy`
  PyPI package), what users already run;
- smemlint cold, one worker (`-j 1`, empty cache): per-file times (`seconds` in the JSON: read,
  parse, analysis and rules, measured inside the worker) compared like for like with the bare parse;
- smemlint cold with `-j NPROC` (empty cache): files/second as a user sees it;
- smemlint warm: the same command again, every result from the cache (per-file time: the lookup).

Files/second is files over wall-clock time of the whole step, process start included; medians and p95
are over per-file times; peak memory is the largest resident set of any one process of the step.
smemlint's overhead over the bare parse is (its per-file time - the bare parse's) / the bare parse's,
from the one-worker run.
Writes benchmarks/speed/results.md and results.json (or --out DIR).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))

_BARE = r'''
import json, resource, sys, tempfile, time
from pathlib import Path
import clang.cindex as ci
from smemlint.parse import pch
from smemlint.parse.flags import ParseOptions, find_cuda_toolkit, user_flags
from smemlint.parse.includes import INCLUDE_DIR, include_dirs_of, wants_toolkit
from smemlint.parse.translation import _KEEP_GOING, clang_args
files, with_pch = json.load(sys.stdin)
toolkit = find_cuda_toolkit()
index = ci.Index.create()  # a plain index, as any libclang tool makes one
pch_dir = Path(tempfile.mkdtemp(prefix="bare-pch-"))
out = []
t0 = time.perf_counter()
for f in files:
    t = time.perf_counter()
    # the headers smemlint's parse uses: the toolkit's where the includes need them (Thrust, CUB), else
    # the bundled declarations (parse/translation.py decides the same way, before parsing)
    options = ParseOptions(cuda_headers="auto")
    toolkit_needed = bool(toolkit) and wants_toolkit(f, None, toolkit, include_dirs_of(user_flags(f, options)))
    args = clang_args("toolkit" if toolkit_needed else "bundled", f, options, toolkit)
    if with_pch and not toolkit_needed:  # the bundled header precompiled once, as smemlint does (parse/pch.py)
        base = pch.without_forced(args)
        args = ["-include-pch", pch.precompiled(index, base, INCLUDE_DIR, pch_dir), *base]
    try:
        tu = index.parse(f, args=args, options=_KEEP_GOING)
        ok = True
    except Exception:
        ok = False
    out.append([f, time.perf_counter() - t, ok])
    tu = None
print(json.dumps({"wall": time.perf_counter() - t0, "files": out,
                  "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
'''


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    k = max(0, min(len(v) - 1, int(round(q * (len(v) - 1)))))
    return v[k]


def _stats(name: str, wall: float, per_file: list[float], maxrss_kb: int, n: int, **extra) -> dict:
    return {"tool": name, "files": n, "wall_s": round(wall, 3), "files_per_s": round(n / wall, 2) if wall else None,
            "median_ms": round(1000 * statistics.median(per_file), 1) if per_file else None,
            "p95_ms": round(1000 * _pct(per_file, 0.95), 1) if per_file else None,
            "peak_rss_mb": round(maxrss_kb / 1024, 1), **extra}


# The steps run a snapshot of the package (HEAD, extracted at start): other work in the checkout during a
# long run must not change the code measured, nor invalidate the cache between cold and warm.
SNAPSHOT_ENV: dict[str, str] = dict(os.environ)


def bare_parse(files: list[str], with_pch: bool = False) -> tuple[dict, dict[str, float]]:
    p = subprocess.run([sys.executable, "-c", _BARE], input=json.dumps([files, with_pch]), capture_output=True,
                       text=True, env=SNAPSHOT_ENV, check=True)
    d = json.loads(p.stdout)
    per = {f: t for f, t, _ in d["files"]}
    name = "libclang parse, bundled header precompiled (smemlint's own parse)" if with_pch else "bare libclang parse"
    return _stats(name, d["wall"], list(per.values()), d["maxrss_kb"], len(files),
                  failed=sum(1 for *_, ok in d["files"] if not ok)), per


def clang_tidy(files: list[str], exe: str | None) -> dict:
    if exe is None:
        return {"tool": "clang-tidy -checks=-*", "skipped": "clang-tidy not found (pip install clang-tidy failed "
                                                           "or was not run; see --clang-tidy)"}
    from smemlint.parse.flags import ParseOptions
    from smemlint.parse.translation import clang_args

    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    per = []
    failed = 0
    peak = 0
    t0 = time.perf_counter()
    for f in files:
        args = clang_args("bundled", f, ParseOptions(cuda_headers="bundled"))
        t = time.perf_counter()
        # --allow-no-checks: with every check off clang-tidy otherwise refuses to run; it still parses
        p = subprocess.Popen([exe, "-checks=-*", "--allow-no-checks", "--quiet", f, "--", *args],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        per.append(time.perf_counter() - t)
        peak = max(peak, usage.ru_maxrss)
        failed += p.returncode != 0
    wall = time.perf_counter() - t0
    return _stats("clang-tidy -checks=-*", wall, per, peak, len(files),
                  version=" ".join(v.strip() for v in version if "version" in v.lower())[:80],
                  compile_errors=failed)


def _smemlint_cmd(files_root: list[str], jobs: int, timeout: float) -> list[str]:
    return [sys.executable, "-m", "smemlint", "check", "--format", "json", "-j", str(jobs),
            "--file-timeout", str(timeout), *files_root]


def smemlint_run(roots: list[str], jobs: int, cache_dir: str, timeout: float, label: str) -> tuple[dict, dict]:
    env = dict(SNAPSHOT_ENV, SMEMLINT_CACHE_DIR=cache_dir)
    # measure the child's peak memory with a wrapper: RUSAGE_CHILDREN of a fresh python covers only this run
    wrapper = ("import resource, subprocess, sys, time, json; t = time.perf_counter(); "
               "p = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE); w = time.perf_counter() - t; "
               "sys.stderr.write(json.dumps({'wall': w, 'rc': p.returncode, "
               "'rss': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}) + '\\n'); "
               "sys.stdout.buffer.write(p.stdout)")
    p = subprocess.run([sys.executable, "-c", wrapper, *_smemlint_cmd(roots, jobs, timeout)], capture_output=True,
                       env=env)
    meta = json.loads(p.stderr.decode().strip().splitlines()[-1])
    report = json.loads(p.stdout)
    per = [f["seconds"] for f in report["files"]]
    errors = [f for f in report["files"] if f["status"] != "ok"]
    return _stats(label, meta["wall"], per, meta["rss"], len(report["files"]), exit_code=meta["rc"],
                  not_linted=len(errors), findings=len(report["diagnostics"]),
                  errors=[f"{e['path']}: {e['error']}" for e in errors][:10]), report


def bench(name: str, roots: list[str], jobs: int, tidy: str | None, timeout: float) -> dict:
    from smemlint.lint import collect

    files, _ = collect(roots)
    print(f"[{name}] {len(files)} files", file=sys.stderr)
    bare, bare_per = bare_parse(files)
    print(f"[{name}] bare parse: {bare}", file=sys.stderr)
    own_parse, _ = bare_parse(files, with_pch=True)
    print(f"[{name}] parse with the precompiled header: {own_parse}", file=sys.stderr)
    tidy_s = clang_tidy(files, tidy)
    print(f"[{name}] clang-tidy: {tidy_s}", file=sys.stderr)
    serial_cache = tempfile.mkdtemp(prefix="smemlint-bench-cache-")
    cache = tempfile.mkdtemp(prefix="smemlint-bench-cache-")
    try:
        # One worker, one file after the other, like the parse above: per-file times compare like for like.
        serial, report = smemlint_run(roots, 1, serial_cache, timeout, "smemlint cold (-j 1)")
        print(f"[{name}] cold, one worker: {serial}", file=sys.stderr)
        cold, _ = smemlint_run(roots, jobs, cache, timeout, f"smemlint cold (-j {jobs})")
        print(f"[{name}] cold: {cold}", file=sys.stderr)
        warm, _ = smemlint_run(roots, jobs, cache, timeout, f"smemlint warm (-j {jobs}, cache)")
        print(f"[{name}] warm: {warm}", file=sys.stderr)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(serial_cache, ignore_errors=True)
    # overhead over the parse, per file, on files smemlint linted (the one-worker run)
    own = {f["path"]: f["seconds"] for f in report["files"] if f["status"] == "ok"}
    ratios = [(own[f] - bare_per[f]) / bare_per[f] for f in own if bare_per.get(f)]
    total_own = sum(own.values())
    total_bare = sum(bare_per[f] for f in own if f in bare_per)
    overhead = {"median_overhead_ratio": round(statistics.median(ratios), 2) if ratios else None,
                "total_overhead_ratio": round((total_own - total_bare) / total_bare, 2) if total_bare else None,
                "median_file_ms_smemlint_cold": serial["median_ms"], "median_file_ms_bare_parse": bare["median_ms"]}
    kernels_per_file = statistics.mean([0] + [sum(1 for k in report["kernels"] if k["file"] == f) for f in own])
    return {"corpus": name, "files": len(files), "rows": [bare, own_parse, tidy_s, serial, cold, warm], "overhead": overhead,
            "kernels_per_file": round(kernels_per_file, 2)}


def _libclang_version() -> str:
    from importlib import metadata

    for dist in ("libclang-ng", "libclang"):
        try:
            return f"{dist} {metadata.version(dist)}"
        except metadata.PackageNotFoundError:
            continue
    return "?"


def machine() -> dict:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        kb = int(next(x for x in Path("/proc/meminfo").read_text().splitlines() if x.startswith("MemTotal")).split()[1])
        mem = f"{kb / 1024 / 1024:.1f} GiB"
    except (OSError, StopIteration, ValueError):
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "memory": mem, "python": platform.python_version(),
            "os": platform.platform(), "load_average_at_start": [round(x, 2) for x in os.getloadavg()]}


def render(doc: dict) -> str:
    m = doc["machine"]
    out = ["# smemlint speed benchmark", "",
           f"- date: {doc['date']}", f"- command: `{doc['command']}`",
           f"- machine: {m['nproc']} cores ({m['cpu']}), {m['memory']} RAM, {m['os']}, Python {m['python']}",
           f"- load average (1, 5, 15 min): at start {m['load_average_at_start']}, at end {doc['load_average_at_end']}"
           " (other engineers share this machine)",
           f"- smemlint {doc['smemlint_version']} (commit {doc.get('commit', '?')}: the package as committed, "
           f"extracted at start); libclang {doc['libclang']}", ""]
    for c in doc["corpora"]:
        out += [f"## {c['corpus']}: {c['files']} files ({c['kernels_per_file']} kernels per linted file)", "",
                "| tool | files/s | median ms/file | p95 ms/file | peak RSS MB (one process) | wall s | notes |",
                "|---|---:|---:|---:|---:|---:|---|"]
        for r in c["rows"]:
            if "skipped" in r:
                out.append(f"| {r['tool']} | - | - | - | - | - | {r['skipped']} |")
                continue
            notes = []
            for k in ("version", "failed", "compile_errors", "not_linted", "exit_code", "findings"):
                if k in r:
                    notes.append(f"{k}={r[k]}")
            out.append(f"| {r['tool']} | {r['files_per_s']} | {r['median_ms']} | {r['p95_ms']} | {r['peak_rss_mb']} "
                       f"| {r['wall_s']} | {'; '.join(notes)} |")
        o = c["overhead"]
        out += ["", f"smemlint over the bare parse (per file, cold, one worker): median overhead ratio "
                    f"**{o['median_overhead_ratio']}** ((smemlint's time - bare parse time) / bare parse time), "
                    f"over the whole corpus **{o['total_overhead_ratio']}**; median file "
                    f"{o['median_file_ms_smemlint_cold']} ms vs {o['median_file_ms_bare_parse']} ms to parse.", ""]
        errs = [e for r in c["rows"] for e in r.get("errors", [])]
        if errs:
            out += ["Files not linted (first ten):", "", *[f"- {e}" for e in errs], ""]
    if doc.get("notes"):
        out += ["## Notes", "", *[f"- {n}" for n in doc["notes"]], ""]
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=320,
                    help="generated files (>= 300 for the committed results; 0: only the --extra trees)")
    ap.add_argument("--extra", action="append", default=[], help="a real-world tree to run too (not committed)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--clang-tidy", dest="tidy", default=shutil.which("clang-tidy"),
                    help="clang-tidy executable (default: on PATH)")
    ap.add_argument("--file-timeout", type=float, default=300.0)
    ap.add_argument("--out", type=Path, default=HERE)
    ap.add_argument("--note", action="append", default=[])
    a = ap.parse_args()
    from gen_corpus import generate

    from smemlint import __version__

    workdir = Path(tempfile.mkdtemp(prefix="smemlint-speed-"))
    (workdir / "src").mkdir()
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "HEAD", "smemlint"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(workdir / "src")], input=archive.stdout, check=True)
    SNAPSHOT_ENV["PYTHONPATH"] = str(workdir / "src")
    os.chdir(workdir)
    generate(workdir / "corpus", a.files)
    doc = {"date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
           "command": " ".join([Path(sys.executable).name, *sys.argv]), "machine": machine(),
           "commit": subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True,
                                    text=True).stdout.strip(),
           "smemlint_version": __version__, "libclang": _libclang_version(),
           "corpora": [], "notes": a.note}
    try:
        if a.files:
            doc["corpora"].append(bench(f"generated corpus (gen_corpus.py, {a.files} files)", [str(workdir / "corpus")],
                                        a.jobs, a.tidy, a.file_timeout))
        for extra in a.extra:
            doc["corpora"].append(bench(f"real-world: {extra}", [extra], a.jobs, a.tidy, a.file_timeout))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    doc["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "results.json").write_text(json.dumps(doc, indent=2) + "\n")
    (a.out / "results.md").write_text(render(doc) + "\n")
    print(render(doc))


if __name__ == "__main__":
    main()
