"""cub_collectives.cu's measurement as a truth table, each instruction charged to the line of the
cub call it was inlined from (run where the ncu dump is; no GPU needed).

    python benchmarks/accuracy/pending/cub_truth.py GI.txt RUN1.json META.txt [SOURCE] \
        > benchmarks/accuracy/idioms/cub-truth-sm90.jsonl

GI.txt: `nvdisasm -gi -c` of the program's cubin (device.sh-like run: `cuobjdump -xelf all`);
RUN1.json: `ncu_dump.py` of one `ncu --section SourceCounters` run. -lineinfo puts cub's
instructions in cub's headers (block_exchange.cuh, block_reduce_raking.cuh, ...); the inline chain
nvdisasm prints ends at the calling line of cub_collectives.cu, where smemlint charges them. Kernel
names carry the template's enum arguments as smemlint prints them (`load_store<3, 3>`).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

SOURCE = "cub_collectives.cu"
OPS = {"LDS": ("shared", "ld"), "STS": ("shared", "st"), "LDG": ("global", "ld"), "STG": ("global", "st"),
       "ATOMS": ("shared", "atom")}


def inline_chains(gi: Path) -> dict[str, dict[int, list[tuple[str, int]]]]:
    """function -> pc -> the (file, line) chain of the instruction, innermost first."""
    funcs: dict[str, dict[int, list[tuple[str, int]]]] = {}
    cur = None
    chain: list[tuple[str, int]] = []
    pending: list[tuple[str, int]] = []
    for line in gi.read_text().splitlines():
        m = re.match(r"\.text\.(\S+):", line)
        if m:
            cur = funcs.setdefault(m.group(1), {})
            chain, pending = [], []
            continue
        m = re.match(r'\s*//## File "([^"]+)", line (\d+)(?: inlined at "([^"]+)", line (\d+))?', line)
        if m:
            pending.append((m.group(1), int(m.group(2))))
            if m.group(3):
                pending.append((m.group(3), int(m.group(4))))
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
        if m and cur is not None:
            if pending:
                chain, pending = pending, []
            cur[int(m.group(1), 16)] = chain
    return funcs


def main() -> int:
    global SOURCE
    if len(sys.argv) > 4:
        SOURCE = sys.argv[4]  # cub_collectives2.cu
    funcs = inline_chains(Path(sys.argv[1]))
    dump = json.loads(Path(sys.argv[2]).read_text())
    meta = Path(sys.argv[3]).read_text().splitlines()
    print(json.dumps({"kind": "meta", "what": f"benchmarks/accuracy/pending/{SOURCE}", "gpu": meta[0], "ncu": meta[1],
                      "nvcc": meta[2], "date": meta[3], "arch": "sm_90", "nvcc_flags": "-O3 -lineinfo -arch=sm_90",
                      "ncu_flags": "--section SourceCounters --clock-control none",
                      "lines": "the call line of the inline chain (nvdisasm -gi)"}))
    for rec in dump:
        args = re.findall(r"E(\d+)E", rec["kernel_mangled"])
        kernel = rec["kernel_function"] + (f"<{', '.join(args)}>" if args else "")
        chains = funcs.get(rec["kernel_mangled"], {})
        sites: dict[tuple, dict] = {}
        for ins in rec["instructions"]:
            sass = ins["sass"] or ""
            if not ins.get("inst_executed") or sass.startswith("@!PT"):
                continue
            op = (sass.split()[1] if sass.startswith("@") else sass.split()[0])
            so = OPS.get(op.split(".")[0])
            if so is None:
                continue
            line = next((ln for f, ln in reversed(chains.get(ins["pc"], [])) if f.endswith(SOURCE)), None)
            if line is None:
                continue
            space, kind = so
            s = sites.setdefault((line, space, kind), {
                "kernel": kernel, "instance": kernel if args else "", "block": rec.get("block"), "kind": "site",
                "file": f"pending/{SOURCE}",
                "line": line, "space": space, "op": kind, "sass": [], "requests": 0.0,
                "headers": []})
            s["sass"].append(op)
            header = f'{Path(ins.get("file") or "?").name}:{ins.get("line")}'
            if header not in s["headers"]:
                s["headers"].append(header)
            s["requests"] += ins["inst_executed"]
            metric = "memory_l1_wavefronts_shared" if space == "shared" else "memory_l2_theoretical_sectors_global"
            unit = "wavefronts" if space == "shared" else "sectors"
            s[unit] = s.get(unit, 0.0) + (ins.get(metric) or 0.0)
            s["ideal_" + unit] = s.get("ideal_" + unit, 0.0) + (ins.get(metric + "_ideal") or 0.0)
        for s in sites.values():
            unit = "wavefronts" if s["space"] == "shared" else "sectors"
            s[unit + "_max"] = s[unit]
            s[unit + "_per_request"] = round(s[unit] / s["requests"], 4)
            s["ideal_" + unit + "_per_request"] = round(s.pop("ideal_" + unit) / s["requests"], 4)
            print(json.dumps(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
