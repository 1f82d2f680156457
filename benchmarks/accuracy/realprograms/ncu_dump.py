"""Read an Nsight Compute report and write its per-instruction memory counters as JSON (runs where ncu is).

    python3 ncu_dump.py REPORT.ncu-rep OUT.json

One record per profiled kernel launch: the kernel's names, grid and block, the
kernel-level hardware counters named in KERNEL_METRICS, and one entry per SASS
instruction that touches memory with its source file and line (from -lineinfo)
and the SourceCounters section's per-instruction counts: warp-level executions
(`inst_executed`, the "requests"), shared-memory wavefronts and their ideal,
global (L2 theoretical) sectors and their ideal, L1 tag requests.
"""
import glob
import json
import sys

sys.path[:0] = sorted(glob.glob("/opt/nvidia/nsight-compute/*/extras/python"))
import ncu_report  # noqa: E402

PER_PC = ["inst_executed", "thread_inst_executed", "thread_inst_executed_true", "memory_type",
          "memory_access_type", "memory_access_size_type", "memory_l1_wavefronts_shared",
          "memory_l1_wavefronts_shared_ideal", "memory_l2_theoretical_sectors_global",
          "memory_l2_theoretical_sectors_global_ideal", "memory_l1_tag_requests_global",
          "derived__memory_l1_conflicts_shared_nway"]
KERNEL_PREFIXES = ("l1tex__data_pipe_lsu_wavefronts_mem_shared", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared",
                   "smsp__sass_inst_executed_op_shared", "smsp__sass_inst_executed_op_global",
                   "smsp__inst_executed_op_ldsm", "smsp__inst_executed_op_shared_stsm",
                   "smsp__inst_executed_op_ldgsts", "smsp__sass_inst_executed_op_ldgsts",
                   "l1tex__t_requests_pipe_lsu_mem_global_op", "l1tex__t_sectors_pipe_lsu_mem_global_op",
                   "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts",
                   "sm__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ldgsts",
                   "sm__sass_l1tex_t_requests_pipe_lsu_mem_global_op_ldgsts",
                   "smsp__sass_average_data_bytes_per_sector_mem_global", "launch__",
                   "smsp__sass_inst_executed_op_ldsm", "smsp__sass_inst_executed_op_stsm")


def scalar(act, name):
    try:
        m = act.metric_by_name(name)
        if m is None:
            return None
        if m.num_instances() > 1:
            return None
        try:
            return m.as_double(0) if m.num_instances() == 1 else m.as_double()
        except Exception:
            return m.as_string()
    except Exception:
        return None


def main():
    ctx = ncu_report.load_report(sys.argv[1])
    out = []
    for r in range(ctx.num_ranges()):
        rng = ctx.range_by_idx(r)
        for a in range(rng.num_actions()):
            act = rng.action_by_idx(a)
            rec = {"kernel": act.name(), "kernel_mangled": act.name(ncu_report.IAction.NameBase_MANGLED),
                   "kernel_function": act.name(ncu_report.IAction.NameBase_FUNCTION)}
            km = {}
            for n in act.metric_names():
                if n.startswith(KERNEL_PREFIXES) and not n.endswith("pct_of_peak_sustained_elapsed"):
                    v = scalar(act, n)
                    if isinstance(v, float):
                        km[n] = v
            rec["metrics"] = km
            rec["grid"] = [km.get(f"launch__grid_dim_{d}") for d in "xyz"]
            rec["block"] = [km.get(f"launch__block_dim_{d}") for d in "xyz"]
            per_pc = {}
            for n in PER_PC:
                try:
                    m = act.metric_by_name(n)
                except Exception:
                    m = None
                if m is None or m.num_instances() == 0:
                    continue
                cid = m.correlation_ids()
                for i in range(m.num_instances()):
                    per_pc.setdefault(cid.as_uint64(i), {})[n] = m.as_double(i)
            base = None
            try:
                base = int(km.get("launch__function_pcs")) if km.get("launch__function_pcs") else None
            except Exception:
                base = None
            insts = []
            for pc, vals in sorted(per_pc.items()):
                if "memory_type" not in vals and "memory_l1_wavefronts_shared" not in vals \
                        and "memory_l2_theoretical_sectors_global" not in vals:
                    continue
                e = dict(vals)
                e["pc"] = pc - base if base else pc
                try:
                    e["sass"] = act.sass_by_pc(pc)
                except Exception:
                    e["sass"] = None
                try:
                    si = act.source_info(pc)
                    e["file"], e["line"] = (si.file_name(), si.line()) if si else (None, None)
                except Exception as ex:
                    e["file"], e["line"] = None, None
                    e["source_error"] = str(ex)
                insts.append(e)
            rec["instructions"] = insts
            out.append(rec)
    json.dump(out, open(sys.argv[2], "w"), indent=0)
    print(f"{sys.argv[1]}: {len(out)} launches, {sum(len(r['instructions']) for r in out)} memory instructions")


if __name__ == "__main__":
    main()
