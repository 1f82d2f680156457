"""A pending measurement as a truth table (run where the ncu dumps are; no GPU needed).

    python benchmarks/accuracy/pending/pending_truth.py SOURCE RUN1.json RUN2.json META.txt \
        > benchmarks/accuracy/idioms/<name>-truth-sm90.jsonl

SOURCE: the measured file in this folder (atomics.cu, vector_ptx.cu, smem_atomics_fp.cu,
cpasync_patterns.cu, fixed_values.cu; RUN2 may repeat RUN1 where ncu ran once); RUN*.json: `ncu_dump.py` of
two ncu runs of it (device.sh). One site per (kernel, line, space, op) of the source with the
per-instruction sums: requests (`inst_executed`), L1 wavefronts (shared) or L2 theoretical sectors
(global), and the larger count of the two runs as `*_max`.

atomics.cu: the atomics, and the loads and stores of its `lines` kernel (instruction_line); its
other loads and stores share their macro's line with the atomic. An atomic's instruction is
attributed by -lineinfo to the body of `atomicAdd` in a CUDA header (inlined); its site here is the
line of the call (each kernel has one atomic), as smemlint reports it.
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).parent


def call_lines(source: Path) -> dict[str, int]:
    """kernel name -> the line of its atomic call in atomics.cu."""
    out = {}
    for n, text in enumerate(source.read_text().splitlines(), 1):
        m = re.match(r"__global__ void (\w+)\(", text) or \
            re.match(r"(?:SHARED_(?:KERNEL|RET)|ADD_KERNEL|RET_KERNEL|CAS_KERNEL)\((\w+),", text)
        if m:
            out[m.group(1)] = n
    return out


def space_ops(sass: str) -> list[tuple[str, str]]:
    """The (space, op) sites one instruction counts for: LDGSTS (cp.async) writes shared memory
    (its "L1 Wavefronts Shared") and reads global memory (its "L2 Theoretical Sectors")."""
    op = sass.split()[1] if sass.startswith("@") else sass.split()[0]
    head = op.split(".")[0]
    if head == "LDGSTS":
        return [("shared", "st"), ("global", "ld")]
    so = space_op(head)
    return [so] if so else []


def space_op(head: str) -> tuple[str, str] | None:
    return {"ATOMS": ("shared", "atom"), "ATOMG": ("global", "atom"), "REDG": ("global", "atom"),
            "LDS": ("shared", "ld"), "STS": ("shared", "st"), "LDG": ("global", "ld"),
            "STG": ("global", "st")}.get(head)


def main() -> int:
    source = HERE / sys.argv[1]
    runs = [json.loads(Path(p).read_text()) for p in sys.argv[2:4]]
    meta = Path(sys.argv[4]).read_text().splitlines()
    atomics = source.name in ("atomics.cu", "smem_atomics_fp.cu")
    lines = call_lines(source)
    print(json.dumps({"kind": "meta", "what": f"benchmarks/accuracy/pending/{source.name}", "gpu": meta[0],
                      "ncu": meta[1], "nvcc": meta[2], "date": meta[3], "arch": "sm_90",
                      "nvcc_flags": "-O3 -lineinfo -arch=sm_90",
                      "ncu_flags": "--section SourceCounters --clock-control none"}))
    names = Counter(rec["kernel_function"] for rec in runs[0])
    for rec, rec2 in zip(*runs):
        kernel = rec["kernel_function"]
        if names[kernel] > 1:
            continue  # instances of one template share its name and lines: not told apart when judged
        sites: dict[tuple, dict] = {}
        for ins, ins2 in zip(rec["instructions"], rec2["instructions"]):
            if not ins.get("inst_executed") or ins["sass"].startswith("@!PT"):
                continue
            for space, op in space_ops(ins["sass"]):
                _add_site(sites, rec, ins, ins2, kernel, space, op, atomics, source, lines)
        for s in sites.values():
            unit = "wavefronts" if s["space"] == "shared" else "sectors"
            s[unit + "_per_request"] = round(s[unit] / s["requests"], 4)
            s["ideal_" + unit + "_per_request"] = round(s.pop("ideal_" + unit) / s["requests"], 4)
            print(json.dumps(s))
    return 0


def _add_site(sites, rec, ins, ins2, kernel, space, op, atomics, source, lines) -> None:
    """Add one instruction's counts to its (line, space, op) site of `sites`."""
    if atomics and op != "atom" and kernel != "lines":
        return  # the loads and stores around an atomic share its (macro's) line
    in_source = str(ins.get("file", "")).endswith(source.name)
    if op == "atom" and not in_source:
        line = lines[kernel]
    elif in_source:
        line = ins["line"]
    else:
        return  # an instruction of a CUDA header's inline function
    s = sites.setdefault((line, space, op), {"kernel": kernel, "block": rec.get("block"), "kind": "site",
                                             "file": f"pending/{source.name}", "line": line, "space": space,
                                             "op": op, "sass": [], "requests": 0.0})
    s["sass"].append(ins["sass"].split()[1] if ins["sass"].startswith("@") else ins["sass"].split()[0])
    s["requests"] += ins["inst_executed"]
    metric = "memory_l1_wavefronts_shared" if space == "shared" else "memory_l2_theoretical_sectors_global"
    unit = "wavefronts" if space == "shared" else "sectors"
    s[unit] = s.get(unit, 0.0) + (ins.get(metric) or 0.0)
    s[unit + "_max"] = s.get(unit + "_max", 0.0) + max(ins.get(metric) or 0.0, ins2.get(metric) or 0.0)
    s["ideal_" + unit] = s.get("ideal_" + unit, 0.0) + (ins.get(metric + "_ideal") or 0.0)


if __name__ == "__main__":
    sys.exit(main())
