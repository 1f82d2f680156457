"""Build the real programs of programs.json from checkouts of their repositories (no fetching here).

    python benchmarks/accuracy/realprograms/build.py --repos /work/repos --out BUILD_DIR [--only NAME]

Each program is compiled as its repository builds it, with `-O3 -lineinfo -arch=sm_90` (the flags the truth
was measured with) plus the program's own include paths. Programs marked `device_link` need a library this
machine may lack (cuBLAS): their sources are copied to BUILD_DIR/src and BUILD_DIR/device_build.sh builds them
where the GPU is.
Writes BUILD_DIR/jobs.tsv (binary, working directory, kernel regex, arguments), which run_device.sh reads.
Fetch the sources first: `git clone https://github.com/OWNER/NAME && git checkout COMMIT` into --repos.
"""
from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).parent
FLAGS = ["-O3", "-lineinfo", "-arch=sm_90"]


def safe(name: str) -> str:
    return name.replace("/", "__")


def build(p: dict, repos: Path, out: Path) -> tuple[str, str]:
    co = repos / p["checkout"]
    extra = shlex.split(p["nvcc_extra"].replace("{checkout}", str(co)))
    srcs = [str(co / p["source"])] + [str(co / s) for s in p["extra_sources"]]
    exe = out / "bin" / safe(p["name"])
    libs = [e for e in extra if e.startswith("-l")]
    flags = [e for e in extra if not e.startswith("-l")]
    if p["device_link"]:  # a library this machine lacks: copy the sources, build where the GPU is
        dst = out / "src" / p["checkout"]
        subprocess.run(["rm", "-rf", str(dst)])
        dst.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["cp", "-r", str(co), str(dst)], check=True)
        subprocess.run(["rm", "-rf", str(dst / ".git"), *map(str, dst.glob("*.png"))])
        rel = f"src/{p['checkout']}"
        dev_extra = shlex.split(p["nvcc_extra"].replace("{checkout}", rel))
        cmd = ["nvcc", *FLAGS, *dev_extra[:0], *[e for e in dev_extra if not e.startswith("-l")], "-o",
               f"bin/{exe.name}", f"{rel}/{p['source']}", *[f"{rel}/{s}" for s in p["extra_sources"]],
               *[e for e in dev_extra if e.startswith("-l")]]
        return p["name"], "LINK " + " ".join(cmd)
    cmd = ["nvcc", *FLAGS, *flags, "-o", str(exe), *srcs, *libs]
    if exe.exists() and exe.stat().st_mtime > max(Path(s).stat().st_mtime for s in srcs):
        return p["name"], "ok (already built)"
    r = subprocess.run(cmd, capture_output=True, text=True)
    return p["name"], ("ok" if r.returncode == 0 else "FAILED: " + " ".join(cmd) + "\n" + r.stderr[-1500:])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repos", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default=None)
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    doc = json.loads((HERE / "programs.json").read_text())
    out = Path(args.out)
    (out / "bin").mkdir(parents=True, exist_ok=True)
    (out / "obj").mkdir(parents=True, exist_ok=True)
    progs = [p for p in doc["programs"] if not args.only or args.only in p["name"]]
    links, bad = [], 0
    with ThreadPoolExecutor(args.j) as ex:
        for name, status in ex.map(lambda p: build(p, Path(args.repos), out), progs):
            if status.startswith("LINK "):
                links.append(status[5:])
                status = "built on the GPU machine (device_build.sh)"
            bad += status.startswith("FAILED")
            print(f"{name}: {status}", flush=True)
    (out / "device_build.sh").write_text("cd \"$(dirname \"$0\")\"\n" + "\n".join(links) + "\n")
    with open(out / "jobs.tsv", "w") as fh:
        for p in progs:
            for i, r in enumerate(p["runs"]):
                job = safe(p["name"]) + (f"__run{i}" if len(p["runs"]) > 1 else "")
                fh.write("\t".join([job, "bin/" + safe(p["name"]), r["kernels"], " ".join(r["args"])]) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
