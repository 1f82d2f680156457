"""Measure the accuracy corpus on a GPU with Nsight Compute: the truth smemlint must match.

Run on a machine with an NVIDIA GPU, nvcc, ncu and nvdisasm (Python 3.8+, stdlib only):

    python benchmarks/accuracy/measure.py --out benchmarks/accuracy/truth-sm90.jsonl

For each corpus file: nvcc -O3 -lineinfo (a binary and a cubin), one ncu run
collecting per-kernel hardware counters, and nvdisasm -g for the SASS opcodes
on each source line. Every kernel of the corpus isolates its accesses (at most
one shared load, shared store, global load and global store site), so the
per-kernel counters are the per-site truth.
"""
from __future__ import annotations

import argparse
import csv
import datetime
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
METRICS = [
    "smsp__sass_inst_executed_op_shared_ld.sum", "smsp__sass_inst_executed_op_shared_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "smsp__sass_inst_executed_op_global_ld.sum", "smsp__sass_inst_executed_op_global_st.sum",
    "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct",
    "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct",
]
_SASS_OPS = {("shared", "ld"): ("LDS",), ("shared", "st"): ("STS",), ("global", "ld"): ("LDG",),
             ("global", "st"): ("STG",)}


def run(cmd: list[str], log, timeout: int = 600) -> str:
    log.write("$ " + " ".join(cmd) + "\n")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        log.write(p.stdout[-4000:] + p.stderr[-4000:] + "\n")
        raise SystemExit(f"failed: {' '.join(cmd)}\n{p.stderr[-2000:]}")
    return p.stdout


def ncu_metrics(binary: str, log) -> dict[str, dict[str, float]]:
    out = run(["ncu", "--clock-control", "none", "--metrics", ",".join(METRICS), "--csv", "--print-units", "base",
               binary], log, timeout=900)
    start = out.find('"ID"')
    rows = csv.DictReader(io.StringIO(out[start:]))
    per_kernel: dict[str, dict[str, float]] = {}
    for row in rows:
        name = row["Kernel Name"].split("(")[0].strip()
        value = row["Metric Value"].replace(",", "")
        try:
            per_kernel.setdefault(name, {})[row["Metric Name"]] = float(value)
        except ValueError:
            per_kernel.setdefault(name, {})[row["Metric Name"]] = float("nan")
    return per_kernel


def sass_by_line(cubin: str, log) -> dict[tuple[str, int], list[str]]:
    """(demangled-ish kernel name, source line) -> memory opcodes on that line."""
    text = run(["nvdisasm", "-g", "-c", cubin], log)
    out: dict[tuple[str, int], list[str]] = {}
    func, line = "", 0
    for raw in text.splitlines():
        m = re.match(r"\s*\.text\.(\S+):", raw)
        if m:
            func = m.group(1)
            continue
        m = re.search(r'//## File ".*", line (\d+)', raw)
        if m:
            line = int(m.group(1))
            continue
        m = re.match(r"\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", raw)
        if m and func:
            op = m.group(1)
            if op.split(".")[0] in ("LDS", "STS", "LDG", "STG", "LDSM", "ATOMS", "ATOMG", "RED"):
                out.setdefault((func, line), []).append(op)
    return out


def _short(mangled: str) -> str:
    m = re.match(r"_Z(\d+)", mangled)
    return mangled[len(m.group(0)):len(m.group(0)) + int(m.group(1))] if m else mangled


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(HERE / "truth-sm90.jsonl"))
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--log", default=None)
    ap.add_argument("--runs", type=int, default=2,
                    help="profile each binary this many times; the truth is the smallest count seen "
                         "(the counters can read high, never low, when warps interfere)")
    args = ap.parse_args()
    manifest = json.loads((HERE / "corpus" / "manifest.json").read_text())
    log = open(args.log or (Path(args.out).with_suffix(".log")), "w")
    files = sorted({m["file"] for m in manifest})
    work = Path(tempfile.mkdtemp())
    meta = {
        "kind": "meta",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "gpu": run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"], log).strip(),
        "ncu": run(["ncu", "--version"], log).strip().splitlines()[-1],
        "nvcc": run(["nvcc", "--version"], log).strip().splitlines()[-1],
        "arch": args.arch,
        "command": "python benchmarks/accuracy/measure.py",
        "nvcc_flags": f"-O3 -lineinfo -arch={args.arch}",
        "ncu_flags": "--clock-control none --metrics <per-kernel counters> (smallest of --runs runs)",
    }
    records = [meta]
    for f in files:
        src = str(HERE / f)
        binary, cubin = str(work / Path(f).stem), str(work / (Path(f).stem + ".cubin"))
        run(["nvcc", "-O3", "-lineinfo", f"-arch={args.arch}", "-o", binary, src], log)
        run(["nvcc", "-O3", "-lineinfo", f"-arch={args.arch}", "-cubin", "-o", cubin, src], log)
        runs = [ncu_metrics(binary, log) for _ in range(max(args.runs, 1))]
        metrics = {k: {name: min(r.get(k, {}).get(name, float("inf")) for r in runs) for name in v}
                   for k, v in runs[0].items()}
        spread = {k: {name: max(r.get(k, {}).get(name, 0.0) for r in runs) for name in v}
                  for k, v in runs[0].items()}
        sass = sass_by_line(cubin, log)
        sass_short = {}
        for (func, line), ops in sass.items():
            sass_short.setdefault((_short(func), line), []).extend(ops)
        for name, m in metrics.items():
            records.append({"kind": "kernel", "file": f, "kernel": name,
                            "global_load_efficiency_pct": m.get(METRICS[-2]),
                            "global_store_efficiency_pct": m.get(METRICS[-1])})
        for site in (s for s in manifest if s["file"] == f):
            m = metrics.get(site["kernel"], {})
            space, op = site["space"], site["op"]
            rec = dict(site, kind="site")
            ops = [o for o in sass_short.get((site["kernel"], site["line"]), [])
                   if o.split(".")[0] in _SASS_OPS[(space, op)]]
            rec["sass"] = ops
            if space == "shared":
                req = m.get(f"smsp__sass_inst_executed_op_shared_{op}.sum")
                wf = m.get(f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum")
                wf_max = spread.get(site["kernel"], {}).get(f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum")
                rec.update(requests=req, wavefronts=wf, wavefronts_max=wf_max, runs=args.runs,
                           bank_conflicts=m.get(f"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{op}.sum"),
                           wavefronts_per_request=round(wf / req, 4) if req and wf is not None else None)
            else:
                req = m.get(f"l1tex__t_requests_pipe_lsu_mem_global_op_{op}.sum")
                sec = m.get(f"l1tex__t_sectors_pipe_lsu_mem_global_op_{op}.sum")
                rec.update(requests=req, sectors=sec,
                           instructions=m.get(f"smsp__sass_inst_executed_op_global_{op}.sum"),
                           sectors_per_request=round(sec / req, 4) if req and sec is not None else None)
            records.append(rec)
        print(f"{f}: {len(metrics)} kernels profiled", flush=True)
    with open(args.out, "w") as fh:
        for r in records:
            fh.write(json.dumps(r) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {len(records) - 1} records to {args.out}")


if __name__ == "__main__":
    sys.exit(main())
