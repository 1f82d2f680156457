"""Pack what the GPU machine needs to build and profile the HeCBench programs (no GPU here).

    python benchmarks/accuracy/hecbench/stage.py --hecbench /work/repos/HeCBench --out DIR

Writes DIR/hecbench-src.tar.xz (each program's folder from programs.json, the sibling folders their
Makefiles, sources or inputs name with `../X/`, and src/include, src/data), DIR/jobs.tsv (one line per
program in domain round-robin order: name, folder, binary, kernel regex, kernel count, run arguments),
and copies run_device.sh and ../realprograms/ncu_dump.py beside them. The sources are built on the GPU
machine by their own Makefiles (run_device.sh), so the line tables are those of the binaries profiled.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
from pathlib import Path

from build import binary_name, round_robin

HERE = Path(__file__).parent


def siblings(root: Path, folder: str) -> set[str]:
    out = set()
    for f in (root / folder).rglob("*"):
        if f.is_file() and (f.name == "Makefile" or f.suffix in (".cu", ".cuh", ".h", ".hpp", ".cpp", ".c")):
            for m in re.finditer(r"\.\./([\w\-+.]+)/", f.read_text(errors="replace")):
                if m.group(1) not in (".", "..") and (root / "src" / m.group(1)).is_dir():
                    out.add("src/" + m.group(1))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hecbench", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    root, out = Path(args.hecbench), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    doc = json.loads((HERE / "programs.json").read_text())
    progs = round_robin(doc["programs"])
    folders = {"src/include", "src/data"}
    built = []  # binaries a local build check left behind: rebuilt on the GPU machine, never packed
    with open(out / "jobs.tsv", "w") as fh:
        for p in progs:
            folders.add(p["folder"])
            folders |= siblings(root, p["folder"])
            for a in p["inputs"]:
                if a.startswith("../"):
                    folders.add("src/" + a.split("/")[1])
            binary = binary_name((root / p["folder"] / "Makefile").read_text(errors="replace"))
            built.append(f"--exclude={p['folder']}/{binary}")
            regex = "^(" + "|".join(p["kernels"]) + ")"
            fh.write("\t".join([p["name"], p["folder"], binary, regex, str(len(p["kernels"])),
                                " ".join(p["args"])]) + "\n")
    names = sorted(f for f in folders if (root / f).exists())
    subprocess.run(["tar", "cJf", str(out / "hecbench-src.tar.xz"), "--exclude=*.o", *built,
                    "-C", str(root), *names], check=True)
    shutil.copy2(HERE / "run_device.sh", out / "run_device.sh")
    shutil.copy2(HERE.parent / "realprograms" / "ncu_dump.py", out / "ncu_dump.py")
    print(f"{len(progs)} jobs, {len(names)} folders, "
          f"{(out / 'hecbench-src.tar.xz').stat().st_size / 2**20:.1f} MiB packed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
