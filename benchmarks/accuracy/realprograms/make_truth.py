"""Turn ncu_dump.py's JSON (per-SASS-instruction counters) into the per-site truth tables (no GPU needed).

    python benchmarks/accuracy/realprograms/make_truth.py RESULTS_DIR [LAUNCH_DIR ...]

RESULTS_DIR holds run_device.sh's output (one JSON per job, from the SourceCounters pass; meta.txt);
LAUNCH_DIRs hold the same jobs profiled with `--section LaunchStats` (grid and block of each kernel).
Writes realprograms/truth-sm90.jsonl, ../idioms/truth-sm90.jsonl and ../idioms/pending-truth-sm90.jsonl.

A site is (file, line, kernel, space, op): the SASS memory instructions that -lineinfo puts on one source
line of one kernel, in the kernel's first launch. requests = warp-level executions (`inst_executed`),
wavefronts = `memory_l1_wavefronts_shared`, sectors = `memory_l2_theoretical_sectors_global`, summed over
the line's instructions of that space and direction, so per request is what ncu's source view shows.
A predicated shared access of at most 4 bytes counts only the executions with a lane on (its ideal
wavefronts; `issued_requests` keeps inst_executed), as OUTPUT.md defines requests; other predicated
sites are marked `predicated` (their requests may include executions with no lane on).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
IDIOMS = HERE.parent / "idioms"

# SASS opcode -> the (space, op) sites it counts for; LDGSTS (cp.async) is both a shared store and a global load
OPS = {"LDS": [("shared", "ld")], "LDSM": [("shared", "ld")], "STS": [("shared", "st")], "STSM": [("shared", "st")],
       "ATOMS": [("shared", "atom")], "LDG": [("global", "ld")], "STG": [("global", "st")],
       "REDG": [("global", "atom")], "ATOMG": [("global", "atom")], "RED": [("global", "atom")],
       "LDGSTS": [("shared", "st"), ("global", "ld")], "UBLKCP": [("shared", "st")]}


def opcode(sass: str) -> str:
    parts = sass.split()
    if parts and parts[0].startswith("@"):
        parts = parts[1:]
    return parts[0] if parts else ""


def rel_path(path: str, checkout: str | None) -> str:
    for marker in (f"/work/repos/{checkout}/", f"/src/{checkout}/", f"src/{checkout}/"):
        if checkout and marker in path:
            return path.split(marker, 1)[1]
    if "/benchmarks/accuracy/idioms/" in path:
        return path.split("/benchmarks/accuracy/idioms/", 1)[1]
    return path


def sites_of(launch: dict, checkout: str | None) -> dict[tuple, dict]:
    out: dict[tuple, dict] = {}
    for ins in launch["instructions"]:
        op = opcode(ins.get("sass") or "")
        for space, direction in OPS.get(op.split(".")[0], []):
            key = (rel_path(ins.get("file") or "?", checkout), ins.get("line") or 0, space, direction)
            s = out.setdefault(key, {"requests": 0.0, "wavefronts": 0.0, "sectors": 0.0, "sass": [],
                                     "ideal": 0.0, "predicated": False, "narrow": True})
            n = ins.get("inst_executed", 0.0) or 0.0
            s["requests"] += n
            s["predicated"] |= (ins.get("sass") or "").strip().startswith("@")
            s["narrow"] &= op.split(".")[0] in ("LDS", "STS", "ATOMS") and not any(
                w in op.split(".") for w in ("64", "128"))
            if space == "shared":
                s["wavefronts"] += ins.get("memory_l1_wavefronts_shared", 0.0) or 0.0
                s["ideal"] += ins.get("memory_l1_wavefronts_shared_ideal", 0.0) or 0.0
            else:
                s["sectors"] += ins.get("memory_l2_theoretical_sectors_global", 0.0) or 0.0
                s["ideal"] += ins.get("memory_l2_theoretical_sectors_global_ideal", 0.0) or 0.0
            s["sass"].append(op)
    return out


def record(base: dict, key: tuple, s: dict) -> dict:
    file, line, space, op = key
    r = dict(base, kind="site", file=file, line=line, space=space, op=op, sass=s["sass"],
             requests=s["requests"])
    per = (lambda v: round(v / s["requests"], 4) if s["requests"] else None)
    if space == "shared" and s["narrow"] and s["predicated"] and s["ideal"] < s["requests"]:
        # inst_executed counts a predicated instruction in warps whose lanes are all off; OUTPUT.md's
        # requests leave those out. For accesses of 4 bytes or less the ideal is 1 wavefront per
        # request with any lane on, so the ideal count is the number of such requests.
        active = s["ideal"]
        r.update(requests=active, issued_requests=s["requests"], wavefronts=s["wavefronts"],
                 wavefronts_per_request=round(s["wavefronts"] / active, 4) if active else None,
                 ideal_wavefronts_per_request=1.0 if active else None,
                 wavefronts_per_issued_request=per(s["wavefronts"]))
        return r
    if s["predicated"]:
        r["predicated"] = True  # some executions may have had no lane on (counted in requests)
    if space == "shared":
        r.update(wavefronts=s["wavefronts"], wavefronts_per_request=per(s["wavefronts"]),
                 ideal_wavefronts_per_request=per(s["ideal"]))
    else:
        r.update(sectors=s["sectors"], sectors_per_request=per(s["sectors"]),
                 ideal_sectors_per_request=per(s["ideal"]))
    return r


def kernel_check(launch: dict, sites: dict) -> dict:
    """Per-kernel hardware counters next to the sum of the per-instruction ones (a cross-check)."""
    m = launch.get("metrics", {})
    out = {}
    for space, op, hw_wf, hw_req in (
            ("shared", "ld", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
             "smsp__sass_inst_executed_op_shared_ld.sum"),
            ("shared", "st", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
             "smsp__sass_inst_executed_op_shared_st.sum"),
            ("global", "ld", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
             "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
            ("global", "st", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
             "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum")):
        if hw_wf in m:
            val = "wavefronts" if space == "shared" else "sectors"
            out[f"{space}_{op}"] = {"hw": m[hw_wf], "hw_requests": m.get(hw_req),
                                    "per_instruction": sum(s[val] for k, s in sites.items() if k[2:] == (space, op))}
    return out


def extension_records(p: dict, doc: dict, launches: list[dict], folder: str, relative) -> list[dict]:
    """The truth records of one PyTorch-extension program (torchext/, apex/): a `missing` record when
    nothing was measured, else for each kernel (its first launch) a `kernel` record and its sites, with
    files made relative to the library's checkout by `relative`."""
    if not any(r["instructions"] for r in launches):
        return [{"kind": "missing", "program": p["name"], "reason": "no measurement"}]
    recs, seen = [], set()
    for launch in launches:
        k = launch["kernel_function"]
        if k in seen:
            continue
        seen.add(k)
        base = {"program": p["name"], "repo": doc["repo"], "commit": doc["commit"], "folder": folder,
                "domain": "PyTorch extension", "kernel": k, "args": [p["run"]],
                "block": [int(v) for v in launch["block"]] if launch.get("block") and launch["block"][0] else None,
                "grid": [int(v) for v in launch["grid"]] if launch.get("grid") and launch["grid"][0] else None}
        sites = {(relative(key[0]),) + key[1:]: s for key, s in sites_of(launch, None).items()}
        recs.append(dict(base, kind="kernel", kernel_mangled=launch.get("kernel_mangled"),
                         dynamic_shared_bytes=launch.get("metrics", {}).get("launch__shared_mem_per_block_dynamic"),
                         check=kernel_check(launch, sites)))
        for key, s in sorted(sites.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2], kv[0][3])):
            recs.append(record(base, key, s))
    return recs


def launches_by_kernel(dirs: list[Path], job: str) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for d in dirs:
        f = d / f"{job}.json"
        if f.exists():
            for r in json.loads(f.read_text()):
                out.setdefault(r["kernel_function"], r)
    return out


def meta(results: Path, what: str) -> dict:
    lines = (results / "meta.txt").read_text().splitlines()
    return {"kind": "meta", "what": what, "gpu": lines[0], "ncu": lines[1], "nvcc": lines[2], "date": lines[3],
            "arch": "sm_90", "nvcc_flags": "-O3 -lineinfo -arch=sm_90",
            "ncu_flags": "--section SourceCounters --metrics <per-kernel counters> --clock-control none "
                         "--kernel-name-base function --kernel-id ::regex:<kernels>:1 (first launch of each kernel)",
            "counters": "per SASS instruction: inst_executed, memory_l1_wavefronts_shared, "
                        "memory_l2_theoretical_sectors_global (SourceCounters)"}


def real_programs(results: Path, launch_dirs: list[Path]) -> list[dict]:
    doc = json.loads((HERE / "programs.json").read_text())
    recs = [meta(results, "real programs (programs.json)")]
    for p in doc["programs"]:
        safe = p["name"].replace("/", "__")
        for i, run in enumerate(p["runs"]):
            job = safe + (f"__run{i}" if len(p["runs"]) > 1 else "")
            f = next((d / f"{job}.json" for d in [results] + launch_dirs if (d / f"{job}.json").exists() and
                      any(r["instructions"] for r in json.loads((d / f"{job}.json").read_text()))), None)
            if f is None:
                recs.append({"kind": "missing", "program": p["name"], "job": job, "args": run["args"]})
                continue
            seen = set()
            shapes = launches_by_kernel(launch_dirs, job)
            for launch in json.loads(f.read_text()):
                k = launch["kernel_function"]
                if k in seen:
                    continue
                seen.add(k)
                shape = shapes.get(k, {})
                block = shape.get("block") if shape.get("block") and shape["block"][0] else None
                grid = shape.get("grid") if shape.get("grid") and shape["grid"][0] else None
                base = {"program": p["name"], "repo": p["repo"], "commit": p["commit"], "kernel": k,
                        "args": run["args"], "block": [int(v) for v in block] if block else None,
                        "grid": [int(v) for v in grid] if grid else None}
                sites = sites_of(launch, p["checkout"])
                recs.append(dict(base, kind="kernel", kernel_mangled=launch.get("kernel_mangled"),
                                 dynamic_shared_bytes=shape.get("metrics", {}).get(
                                     "launch__shared_mem_per_block_dynamic"),
                                 check=kernel_check(launch, sites)))
                for key, s in sorted(sites.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2], kv[0][3])):
                    recs.append(record(base, key, s))
    return recs


def idioms(dirs: list[Path]) -> list[dict]:
    manifest = json.loads((IDIOMS / "corpus" / "manifest.json").read_text())
    by_kernel: dict[str, list[dict]] = {}
    for m in manifest:
        by_kernel.setdefault(m["kernel"], []).append(m)
    recs = [meta(dirs[0], "idiom micro kernels (idioms/corpus)")]
    launches: dict[str, dict] = {}
    for d in dirs:  # a later directory's measurement of a kernel replaces an earlier one
        for name in ("idiom_vectors", "idiom_matrix"):
            f = d / f"{name}.json"
            if f.exists():
                for r in json.loads(f.read_text()):
                    launches[r["kernel_function"]] = r
    for kernel, marks in by_kernel.items():
        launch = launches.get(kernel)
        if launch is None:
            for m in marks:
                recs.append(dict(m, kind="site", requests=None, note="not measured"))
            continue
        sites = sites_of(launch, None)
        # instructions -lineinfo puts in a header (wmma's mma.hpp, cuda_bf16.hpp, the pipeline header) belong
        # to the one marked site of this kernel with that space and op
        moved: dict[tuple, dict] = {}
        for key, s in sites.items():
            if key[0].startswith("corpus/"):
                moved.setdefault(key, s)
                continue
            target = [m for m in marks if (m["space"], m["op"]) == key[2:]]
            if len(target) == 1:
                t = (target[0]["file"], target[0]["line"], key[2], key[3])
                if t in moved:
                    for f in ("requests", "wavefronts", "sectors", "ideal"):
                        moved[t][f] += s[f]
                    moved[t]["sass"] += s["sass"]
                else:
                    moved[t] = dict(s, header=key[0] + ":" + str(key[1]))
        recs.append({"kind": "kernel", "file": marks[0]["file"], "kernel": kernel, "block": [32, 1, 1],
                     "check": kernel_check(launch, sites)})
        for m in marks:
            key = (m["file"], m["line"], m["space"], m["op"])
            s = moved.get(key)
            if s is None:
                recs.append(dict(m, kind="site", requests=0, note="no SASS instruction on this line"))
                continue
            r = record({}, key, s)
            r.update(kernel=kernel, pattern=m["pattern"], instr=m.get("instr", ""), block=m["block"])
            if s.get("header"):
                r["lineinfo"] = s["header"]
            recs.append(r)
    return recs


def pending(dirs: list[Path]) -> list[dict]:
    """Every measured line of ../pending/idioms.cu (the `idioms` helper's kernels; no manifest)."""
    recs = []
    for d in dirs:
        f = d / "pending_idioms.json"
        if not f.exists():
            continue
        recs = [meta(d, "benchmarks/accuracy/pending/idioms.cu (hand-written issue-13 kernels)")]
        for launch in json.loads(f.read_text()):
            sites = sites_of(launch, None)
            base = {"kernel": launch["kernel_function"], "block": [int(v) for v in launch["block"]]
                    if launch.get("block") and launch["block"][0] else None}
            for key, s in sorted(sites.items()):
                key = (key[0].split("/benchmarks/accuracy/", 1)[-1],) + key[1:]
                recs.append(record(base, key, s))
    return recs


def main() -> int:
    results = Path(sys.argv[1])
    extra = [Path(p) for p in sys.argv[2:]]
    rp = real_programs(results, extra)
    (HERE / "truth-sm90.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rp))
    idi = idioms([results] + extra)
    (IDIOMS / "truth-sm90.jsonl").write_text("".join(json.dumps(r) + "\n" for r in idi))
    pend = pending([results] + extra)
    if pend:
        (IDIOMS / "pending-truth-sm90.jsonl").write_text("".join(json.dumps(r) + "\n" for r in pend))
    sites = [r for r in rp if r["kind"] == "site" and r.get("requests")]
    print(f"real programs: {len({r['program'] for r in sites})} programs, "
          f"{len({(r['program'], r['kernel']) for r in sites})} kernels, {len(sites)} executed sites "
          f"({sum(r['space'] == 'shared' for r in sites)} shared, {sum(r['space'] == 'global' for r in sites)} global); "
          f"missing jobs: {[r['job'] for r in rp if r['kind'] == 'missing']}")
    isites = [r for r in idi if r["kind"] == "site"]
    print(f"idioms: {len(isites)} sites, {sum(1 for r in isites if r.get('requests'))} executed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
