"""Stage this part's sources and drivers for the GPU machine (no GPU here).

    python benchmarks/accuracy/llm/stage.py --repos /work/repos --out DIR

Copies, for each repository of programs.json (checked out at its commit under --repos/<checkout>), only the
folders the binaries build from into DIR/src/<checkout>/ (unchanged), this folder's drivers/ (the host drivers
and stub headers written for this benchmark) into DIR/drivers/, binaries.json, run_device.py and
../realprograms/ncu_dump.py. Then on the GPU machine: python3 DIR/run_device.py DIR OUT.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).parent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repos", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    repos, out = Path(args.repos), Path(args.out)
    doc = json.loads((HERE / "programs.json").read_text())
    for name, r in doc["repos"].items():
        head = subprocess.run(["git", "-C", str(repos / name), "rev-parse", "HEAD"], capture_output=True,
                              text=True).stdout.strip()
        if head != r["commit"]:
            raise SystemExit(f"{name}: checkout at {head or 'nothing'}, programs.json says {r['commit']}")
        for c in r["copy"]:
            src, dst = repos / name / c, out / "src" / name / c
            dst.parent.mkdir(parents=True, exist_ok=True)
            if src.is_dir():
                shutil.copytree(src, dst, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".git"))
            else:
                shutil.copy2(src, dst)
    shutil.copytree(HERE / "drivers", out / "drivers", dirs_exist_ok=True)
    (out / "binaries.json").write_text(json.dumps(doc["binaries"], indent=1) + "\n")
    shutil.copy2(HERE / "run_device.py", out / "run_device.py")
    shutil.copy2(HERE.parent / "realprograms" / "ncu_dump.py", out / "ncu_dump.py")
    print(f"{len(doc['binaries'])} binaries, {sum(len(b['kernels']) for b in doc['binaries'])} kernels staged in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
