"""Build the HeCBench programs of programs.json in a checkout, as their Makefiles build them, and stage them.

    python benchmarks/accuracy/hecbench/build.py --hecbench /work/repos/HeCBench --stage DIR [-j 2] [--limit N]

Each program: `make -C src/<name>-cuda ARCH=sm_90 EXTRA_CFLAGS=-lineinfo` (the Makefile adds -O3 and its own
flags), in domain round-robin order so that a partial build still spans every domain. DIR receives, per built
program, src/<name>-cuda/ with the binary and the input files its run names, plus jobs.tsv
(job, folder, binary, kernel regex, kernel count, arguments) that run_device.sh reads, and build-log.json.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).parent


def round_robin(progs: list[dict]) -> list[dict]:
    by_domain: dict[str, list[dict]] = defaultdict(list)
    for p in progs:
        by_domain[p["domain"]].append(p)
    out, lists = [], sorted(by_domain.values(), key=len, reverse=True)
    while any(lists):
        for lst in lists:
            if lst:
                out.append(lst.pop(0))
    return out


def binary_name(makefile: str) -> str:
    m = re.search(r"^program\s*:?=\s*(\S+)", makefile, re.M)
    return m.group(1) if m else "main"


def build(p: dict, root: Path) -> dict:
    folder = root / p["folder"]
    exe = folder / binary_name((folder / "Makefile").read_text(errors="replace"))
    t0 = time.time()
    if not exe.exists():
        r = subprocess.run(["make", "-C", str(folder), "ARCH=sm_90", "EXTRA_CFLAGS=-lineinfo"],
                           capture_output=True, text=True)
        if r.returncode != 0 or not exe.exists():
            return {"name": p["name"], "ok": False, "error": (r.stderr or r.stdout)[-800:]}
    return {"name": p["name"], "ok": True, "binary": exe.name, "seconds": round(time.time() - t0, 1)}


def stage(p: dict, root: Path, dst: Path, binary: str) -> None:
    src = root / p["folder"]
    out = dst / p["folder"]
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src / binary, out / binary)
    for a in p["inputs"]:
        f = (src / a).resolve()
        if f.exists():
            target = (out / a)
            target.parent.mkdir(parents=True, exist_ok=True)
            (shutil.copytree if f.is_dir() else shutil.copy2)(f, target, dirs_exist_ok=True) if f.is_dir() \
                else shutil.copy2(f, target)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hecbench", required=True)
    ap.add_argument("--stage", required=True)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    doc = json.loads((HERE / "programs.json").read_text())
    root, dst = Path(args.hecbench), Path(args.stage)
    progs = round_robin(doc["programs"])[: args.limit or None]
    log = []
    with ThreadPoolExecutor(args.j) as ex:
        for p, res in zip(progs, ex.map(lambda p: build(p, root), progs)):
            log.append(res)
            print(f"{p['name']}: {'ok' if res['ok'] else 'FAILED ' + res['error'][-300:]}", flush=True)
    dst.mkdir(parents=True, exist_ok=True)
    with open(dst / "jobs.tsv", "w") as fh:
        for p, res in zip(progs, log):
            if not res["ok"]:
                continue
            stage(p, root, dst, res["binary"])
            regex = "^(" + "|".join(p["kernels"]) + ")"
            fh.write("\t".join([p["name"], p["folder"], res["binary"], regex, str(len(p["kernels"])),
                                " ".join(p["args"])]) + "\n")
    (dst / "build-log.json").write_text(json.dumps(log, indent=1))
    print(f"built {sum(r['ok'] for r in log)} of {len(log)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
