"""Stage LeetCUDA's PyTorch-extension kernels for the GPU machine and write programs.json (no GPU here).

    python benchmarks/accuracy/torchext/stage.py --leetcuda /work/repos/LeetCUDA --out DIR

Each program is one folder of LeetCUDA's kernels/ whose Python driver builds its .cu files as a PyTorch
C++/CUDA extension (torch.utils.cpp_extension.load) and runs every bound kernel on realistic tensor sizes.
The driver is copied with `"-lineinfo",` added on its `"-O3",` line (no line of a .cu moves; the .py's lines
do not either); everything else is the repository's own. Folders that need CUTLASS/CuTe (not vendored in
the checkout) or Triton are left out. DIR receives kernels/<folder>/, jobs.tsv (name, folder, driver,
kernel regex, kernel count), run_device.sh and ncu_dump.py.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("hecbench_select", HERE.parent / "hecbench" / "select_programs.py")
_select = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_select)
LEFT_OUT = {"hgemm": "CuTe/CUTLASS sources", "flash-attn": "CuTe sources, a long build",
            "mat-transpose": "a CuTe source", "hgemv": "a CuTe source", "swizzle": "no extension",
            "openai-triton": "Triton", "nvidia-nsight": "no extension", "transformer": "no extension",
            "cutlass": "CUTLASS"}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--leetcuda", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    root, out = Path(args.leetcuda), Path(args.out)
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    progs = []
    (out / "kernels").mkdir(parents=True, exist_ok=True)
    with open(out / "jobs.tsv", "w") as fh:
        for d in sorted((root / "kernels").iterdir()):
            drivers = sorted(d.glob("*.py"))
            if not d.is_dir() or d.name in LEFT_OUT or not drivers:
                continue
            driver = drivers[0]
            text = driver.read_text()
            if '"-O3",' not in text or "load(" not in text:
                continue
            kernels = _select.kernel_names(d)
            dst = out / "kernels" / d.name
            shutil.copytree(d, dst, dirs_exist_ok=True)
            (dst / driver.name).write_text(text.replace('"-O3",', '"-O3", "-lineinfo",', 1))
            sources = re.findall(r'"([\w./-]+\.cu)"', text)
            progs.append({"name": d.name, "folder": f"kernels/{d.name}", "driver": driver.name, "sources": sources,
                          "build": 'torch.utils.cpp_extension.load with the driver\'s own flags + "-lineinfo"',
                          "run": f"python3 {driver.name}", "kernels": kernels})
            fh.write("\t".join([d.name, f"kernels/{d.name}", driver.name, "^(" + "|".join(kernels) + ")",
                                str(len(kernels))]) + "\n")
    shutil.copy2(HERE / "run_device.sh", out / "run_device.sh")
    shutil.copy2(HERE.parent / "realprograms" / "ncu_dump.py", out / "ncu_dump.py")
    doc = {"about": "LeetCUDA's kernels built as PyTorch extensions, measured per source line on the GPU "
                    "(sources fetched, never committed; see README.md)", "repo": "xlite-dev/LeetCUDA",
           "commit": commit, "programs": progs, "left_out": LEFT_OUT}
    (HERE / "programs.json").write_text(json.dumps(doc, indent=1) + "\n")
    print(f"{len(progs)} programs, {sum(len(p['kernels']) for p in progs)} kernels")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
