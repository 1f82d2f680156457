"""Choose the HeCBench programs to measure and write programs.json (no GPU, no build).

    python benchmarks/accuracy/hecbench/select_programs.py --hecbench /work/repos/HeCBench

A program (`src/<name>-cuda/`) is taken when:
  - sha256(name) does not start with 0-3 (those are the reserved, independent check: linted, never measured);
  - its Makefile links no library beyond the CUDA runtime (no cuBLAS/cuSPARSE/cuFFT/cuRAND/cuDNN/MPI/NCCL...),
    and it runs on one GPU from its own binary (not through Python or a script);
  - every file its `run` target names exists in the checkout (HeCBench keeps its large inputs in DVC,
    which is not fetched).
The run arguments are the first uncommented line of the `run` target. Kernel names are the `__global__`
functions of the folder's sources: the profile takes the first launch of each, and ends the program once
all have been profiled (`--launch-count K --kill yes`).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import shlex
import subprocess
from pathlib import Path

HERE = Path(__file__).parent
EXCLUDED_LIBS = re.compile(r"-l(cublas|cusparse|cufft|curand|cudnn|cusolver|mpi|nccl|gdal|gsl|boost|z\b|metis|"
                           r"nvToolsExt|gfortran|cublasLt)")
MULTI_GPU = {"p2p", "simpleMultiDevice", "pingpong", "allreduce", "ccl", "sparkler", "halo-finder"}
SOURCE_EXT = (".cu", ".cuh", ".h", ".hpp", ".cpp", ".c", ".inc")


def reserved(name: str) -> bool:
    return hashlib.sha256(name.encode()).hexdigest()[0] in "0123"


def domains(readme: str) -> dict[str, str]:
    out = {}
    readme = readme.split("# Benchmark categories", 1)[-1].split("# Run a benchmark", 1)[0]
    for m in re.finditer(r"^### (.+?)\s*\n((?:[ \t]+.*\n)+)", readme, re.M):
        for n in re.split(r"[,\s]+", m.group(2).strip()):
            if n:
                out.setdefault(n, m.group(1).strip())
    return out


def run_args(makefile: str) -> list[str] | None:
    m = re.search(r"^run:.*\n((?:\t.*(?:\n|$))+)", makefile, re.M)
    if not m:
        return None
    for line in m.group(1).replace("\\\n", " ").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = line.split(";")[0].strip()
        try:
            toks = shlex.split(line.replace("$(LAUNCHER)", ""))
        except ValueError:
            return None
        if not toks or toks[0] not in ("./$(program)", "./main"):
            return None
        return toks[1:]
    return None


def kernel_names(folder: Path) -> list[str]:
    names = set()
    for f in sorted(folder.rglob("*")):
        if f.suffix not in SOURCE_EXT or not f.is_file():
            continue
        text = f.read_text(errors="replace")
        for m in re.finditer(r"__global__\b(.{0,300}?)\(", text, re.S):
            head = re.sub(r"__launch_bounds__\s*$", "", m.group(1)).strip()
            if head.endswith("__launch_bounds__"):
                # the name follows the bounds: take the text after the closing parenthesis
                rest = text[m.end():]
                close = rest.find(")")
                mm = re.match(r"\s*([A-Za-z_]\w*)\s*\(", rest[close + 1:])
                if mm:
                    names.add(mm.group(1))
                continue
            mm = re.search(r"([A-Za-z_]\w*)\s*$", head)
            if mm and mm.group(1) not in ("void", "static", "inline"):
                names.add(mm.group(1))
    return sorted(names)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hecbench", required=True)
    args = ap.parse_args()
    root = Path(args.hecbench)
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    dom = domains((root / "README.md").read_text())
    progs, skipped = [], {}
    for folder in sorted((root / "src").glob("*-cuda")):
        name = folder.name[:-len("-cuda")]
        if reserved(name):
            continue
        mk = folder / "Makefile"
        if not mk.exists():
            skipped[name] = "no Makefile"
            continue
        text = mk.read_text(errors="replace")
        if EXCLUDED_LIBS.search(text):
            skipped[name] = "links a library: " + EXCLUDED_LIBS.search(text).group(0)
            continue
        if name in MULTI_GPU:
            skipped[name] = "several GPUs or processes"
            continue
        argv = run_args(text)
        if argv is None:
            skipped[name] = "run target is not its own binary"
            continue
        files = [a for a in argv if ("/" in a or re.search(r"\.[A-Za-z]{2,4}$", a)) and not a.startswith("-")]
        missing = [a for a in files if not (folder / a).exists() and not a.endswith((".out", ".raw"))
                   and a not in ("result", "output.txt")]
        if missing:
            skipped[name] = "input not in the checkout (DVC): " + " ".join(missing)
            continue
        kernels = kernel_names(folder)
        if not kernels:
            skipped[name] = "no __global__ function in its folder"
            continue
        progs.append({"name": name, "folder": f"src/{folder.name}", "domain": dom.get(name, "unlisted"),
                      "build": "make ARCH=sm_90 EXTRA_CFLAGS=-lineinfo",
                      "inputs": files, "args": argv, "kernels": kernels})
    doc = {"about": "HeCBench programs measured per source line on the GPU (sources fetched, never committed; "
                    "see README.md)", "repo": "zjin-lcf/HeCBench", "commit": commit,
           "nvcc_flags": "the Makefile's own (-O3 -std=c++17 ...) with ARCH=sm_90 EXTRA_CFLAGS=-lineinfo",
           "programs": progs, "skipped": skipped}
    (HERE / "programs.json").write_text(json.dumps(doc, indent=1) + "\n")
    print(f"{len(progs)} programs taken, {len(skipped)} skipped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
