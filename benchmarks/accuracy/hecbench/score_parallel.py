"""compare.py's scoring of the measured HeCBench programs over a pool of processes (the device machine's CPUs).

    python benchmarks/accuracy/hecbench/score_parallel.py --hecbench ROOT --jobs 16 --timeout 200 \
        --deadline 500 --out rows.jsonl [--flags flags.json]

Each worker scores whole programs with compare.py's score_program (the same found/given runs and judge()),
the programs with the most source bytes first, so that the slowest are not left to the end; rows are written
as each program ends (a program still running at --deadline seconds is left out, and named in the log).
--flags: compare.py's makefile_flags per program, read here beforehand (a machine without make, or with
another one, then lints with the same flags). --with-args: each program is linted with the command line it was
measured with (programs.json's `args`, smemlint's --program-args), as a user who names the run would.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import shlex
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import compare  # noqa: E402


def source_bytes(root: Path, folder: str) -> int:
    return sum(f.stat().st_size for f in (root / folder).rglob("*")
               if f.is_file() and f.suffix in (".cu", ".cuh", ".h", ".hpp", ".cpp", ".c"))


def _score(job):
    root, folder, flags, psites, kernels, timeout = job
    tmp = Path(tempfile.mkdtemp(prefix="smemlint-hecbench-"))
    t0 = time.time()
    try:
        return psites[0]["program"], compare.score_program(root, folder, flags, psites, kernels, tmp, timeout), time.time() - t0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hecbench", required=True)
    ap.add_argument("--jobs", type=int, default=16)
    ap.add_argument("--timeout", type=int, default=200)
    ap.add_argument("--deadline", type=float, default=None)
    ap.add_argument("--out", default=None)
    ap.add_argument("--only", default=None)
    ap.add_argument("--flags", default=None, help="JSON {program: flags}; without it, `make -n -B` here")
    ap.add_argument("--file-timeout", type=int, default=None, help="smemlint's per-file limit (compare.py's)")
    ap.add_argument("--cuda-headers", default="auto", choices=("bundled", "auto", "toolkit"),
                    help="smemlint's --cuda-headers (compare.CUDA_HEADERS)")
    ap.add_argument("--dump-flags", default=None, help="write the flags of every measured program and stop")
    ap.add_argument("--with-args", action="store_true",
                    help="lint each program with the command line it was measured with (smemlint --program-args)")
    args = ap.parse_args()
    root = Path(args.hecbench)
    compare.FILE_TIMEOUT = args.file_timeout  # read by the workers (forked after this)
    compare.CUDA_HEADERS = args.cuda_headers
    doc = json.loads((HERE / "programs.json").read_text())
    kernels, sites = compare.kernel_truth(HERE / "truth-sm90.jsonl")
    only = set(args.only.split(",")) if args.only else None
    progs = [p for p in doc["programs"] if p["name"] in sites and (not only or p["name"] in only)]
    if args.dump_flags:
        Path(args.dump_flags).write_text(json.dumps({p["name"]: compare.makefile_flags(root, p["folder"])
                                                     for p in progs}, indent=0))
        return 0
    given = json.loads(Path(args.flags).read_text()) if args.flags else {}
    progs.sort(key=lambda p: -source_bytes(root, p["folder"]))
    jobs = [(root, p["folder"], (given[p["name"]] if p["name"] in given else compare.makefile_flags(root, p["folder"])) +
             (["--program-args", shlex.join(p["args"])] if args.with_args and p.get("args") else []),
             sites[p["name"]], kernels, args.timeout) for p in progs]
    t0, left = time.time(), {p["name"] for p in progs}
    with open(args.out, "w") as fh, mp.Pool(args.jobs) as pool:
        it = pool.imap_unordered(_score, jobs)
        while left:
            wait = None if args.deadline is None else max(1.0, args.deadline - (time.time() - t0))
            try:
                name, rows, secs = it.next(timeout=wait)
            except mp.TimeoutError:
                print(f"deadline: {len(left)} programs left out: {','.join(sorted(left))}", flush=True)
                pool.terminate()
                break
            left.discard(name)
            compare.write_rows(fh, name, rows)
            print(f"  {name}: {secs:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
