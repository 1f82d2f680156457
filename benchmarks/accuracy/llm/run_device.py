"""Build, profile and read back the LLM/modern-kernel part in one go on the GPU machine (issue 28, part 3).

    python3 run_device.py STAGE OUT [--jobs 16] [--ncu-jobs 4] [--deadline 420]

STAGE is what stage.py wrote (src/<checkout>/..., drivers/, binaries.json, ncu_dump.py). Every source of every
binary is compiled on its own (`nvcc -c`, the flags of binaries.json: -O3 or the repository's -O2, -lineinfo,
-arch=sm_90), JOBS at a time, then each binary is linked and run under
    ncu --section SourceCounters --section LaunchStats --clock-control none --kernel-name-base function
        --kernel-id ::regex:^(<its kernels>)$:1 --launch-count <its kernels>
NCU_JOBS at a time; ncu_dump.py turns each report into OUT/results/<binary>.json (per SASS instruction: file and
line from the profiled binary's line table, executions, wavefronts, sectors). Everything lands in
OUT/llm-results.tgz (build and ncu logs too).
"""
import argparse
import json
import os
import subprocess
import sys
import tarfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def sh(cmd, log, timeout, cwd=None):
    t0 = time.time()
    try:
        r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
        rc, out = r.returncode, r.stdout
    except subprocess.TimeoutExpired as e:
        rc, out = 124, (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
    except OSError as e:
        rc, out = 127, str(e)
    with open(log, "a") as fh:
        fh.write("$ " + " ".join(cmd) + "\n" + out + f"\nrc={rc} seconds={time.time() - t0:.1f}\n")
    return rc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("stage")
    ap.add_argument("out")
    ap.add_argument("--jobs", type=int, default=16)
    ap.add_argument("--ncu-jobs", type=int, default=4)
    ap.add_argument("--deadline", type=int, default=420, help="seconds after which no new profile starts")
    ap.add_argument("--only", default=None)
    args = ap.parse_args()
    start = time.time()
    W, O = Path(args.stage).resolve(), Path(args.out).resolve()
    R = O / "results"
    R.mkdir(parents=True, exist_ok=True)
    meta = []
    for cmd in (["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"], ["ncu", "--version"],
                ["nvcc", "--version"], ["date", "-u"]):
        try:
            meta.append(subprocess.run(cmd, capture_output=True, text=True).stdout.strip().splitlines()[-1])
        except Exception as e:  # noqa: BLE001
            meta.append(f"{cmd[0]}: {e}")
    (R / "meta.txt").write_text("\n".join(meta) + "\n")
    bins = json.loads((W / "binaries.json").read_text())
    if args.only:
        bins = [b for b in bins if b["name"] in args.only.split(",")]
    objs = {}
    units = []
    for b in bins:
        flags = [f if not f.startswith(("drivers", "src/")) else str(W / f) for f in b["nvcc"]]
        srcs = [str(W / s) for s in b["sources"]] + ([str(W / "drivers" / b["driver"])] if b.get("driver") else [])
        od = Path("/tmp/llm_obj") / b["name"]
        od.mkdir(parents=True, exist_ok=True)
        objs[b["name"]] = []
        for i, s in enumerate(srcs):
            o = od / f"{i}_{Path(s).stem}.o"
            objs[b["name"]].append(o)
            units.append((b["name"], ["nvcc", *flags, "-I", str(W / "drivers"), "-c", s, "-o", str(o)]))
    with ThreadPoolExecutor(args.jobs) as ex:
        rcs = list(ex.map(lambda u: sh(u[1], R / f"{u[0]}.build.log", 400), units))
    print(f"compiled {sum(rc == 0 for rc in rcs)}/{len(units)} units at {time.time() - start:.0f} s", flush=True)
    (W / "bin").mkdir(exist_ok=True)
    ready = []
    for b in bins:
        exe = W / "bin" / b["name"]
        if all(o.exists() for o in objs[b["name"]]) and \
                sh(["nvcc", "-arch=sm_90", *map(str, objs[b["name"]]), "-o", str(exe)], R / f"{b['name']}.build.log", 120) == 0:
            ready.append(b)
        else:
            print(f"{b['name']}: build failed", flush=True)

    def profile(b):
        if time.time() - start > args.deadline:
            (R / "skipped.txt").open("a").write(b["name"] + "\n")
            return
        rep = Path("/tmp") / f"rep_{b['name']}"
        regex = "^(" + "|".join(b["kernels"]) + ")$"
        rc = sh(["ncu", "--section", "SourceCounters", "--section", "LaunchStats", "--clock-control", "none",
                 "--kernel-name-base", "function", "--kernel-id", f"::regex:{regex}:1",
                 "--launch-count", str(len(b["kernels"])), "-o", str(rep), "-f", str(W / "bin" / b["name"]), *b["run"]],
                R / f"{b['name']}.ncu.log", 300, cwd=str(W))
        if Path(str(rep) + ".ncu-rep").exists():
            sh([sys.executable, str(W / "ncu_dump.py"), str(rep) + ".ncu-rep", str(R / f"{b['name']}.json")],
               R / f"{b['name']}.ncu.log", 200)
        print(f"{b['name']}: ncu rc={rc} at {time.time() - start:.0f} s", flush=True)

    with ThreadPoolExecutor(args.ncu_jobs) as ex:
        list(ex.map(profile, sorted(ready, key=lambda b: -len(b["kernels"]))))
    with tarfile.open(O / "llm-results.tgz", "w:gz") as tf:
        tf.add(R, arcname="results")
    print(f"done at {time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
