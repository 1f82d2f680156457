"""flash37: lint every flash-attention csrc/flash_attn/src/*.cu file, one `smemlint check` process per file
(default --file-timeout, so each file is judged as a user's run judges it), N at a time; per file: wall,
user+sys CPU of the process and its worker (wait4), the report's status and what was found.
Usage: python bench.py FA_ROOT CUTLASS_INCLUDE OUT_DIR JOBS [FILES...]"""
import json, os, subprocess, sys, time, threading
from concurrent.futures import ThreadPoolExecutor

fa, cutlass, out, jobs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
files = sys.argv[5:]
lock = threading.Lock()
rows = []


def one(f: str) -> None:
    cmd = ["timeout", "150", sys.executable, "-m", "smemlint", "check", "--format", "json", "--no-cache",
           "-I", "csrc/flash_attn", "-I", cutlass, f]
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=fa, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # wait4 on the child: its rusage includes the worker it forks and reaps
    stdout_chunks = []
    t = threading.Thread(target=lambda: stdout_chunks.append(p.stdout.read()))
    t.start()
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    t.join()
    wall = time.perf_counter() - t0
    row = {"file": os.path.basename(f), "wall": round(wall, 2), "user": round(ru.ru_utime, 2),
           "sys": round(ru.ru_stime, 2), "maxrss_mb": round(ru.ru_maxrss / 1024), "rc": os.waitstatus_to_exitcode(status)}
    try:
        rep = json.loads(stdout_chunks[0])
        fr = rep["files"][0] if isinstance(rep, dict) and rep.get("files") else {}
        row["status"] = fr.get("status")
        row["seconds"] = fr.get("seconds")
        row["error"] = (fr.get("error") or "")[:200]
        ks = rep.get("kernels") or []
        row["kernels"] = len(ks)
        names = [k.get("name") or "" for k in ks]
        row["kernel_names"] = {n: sum(1 for m in names if m.split("<")[0] == n) for n in sorted({m.split("<")[0] for m in names})}
        row["notes"] = [n[:300] for n in (fr.get("notes") or []) if "instantiation" in n or "skipped" in n][:6]
        accs = rep.get("accesses") or []
        row["accesses"] = len(accs)
        row["with_number"] = sum(1 for a in accs if a.get("sectors_per_request") is not None
                                 or a.get("wavefronts_per_request") is not None)
        row["diagnostics"] = len(rep.get("diagnostics") or [])
    except Exception as e:  # noqa: BLE001
        row["status"] = f"unreadable report ({type(e).__name__})"
        row["stderr"] = err.decode(errors="replace")[-500:]
    with lock:
        rows.append(row)
        with open(os.path.join(out, "per_file.jsonl"), "a") as fh:
            fh.write(json.dumps(row) + "\n")
        if f.endswith("flash_fwd_hdim128_fp16_sm80.cu"):
            with open(os.path.join(out, "fwd128.json"), "wb") as fh:
                fh.write(stdout_chunks[0])
        print(f"{row['file']}: wall {row['wall']} cpu {row['user']}+{row['sys']} {row.get('status')} "
              f"kernels {row.get('kernels')} rss {row['maxrss_mb']} MB", flush=True)


t0 = time.perf_counter()
with ThreadPoolExecutor(jobs) as ex:
    list(ex.map(one, files))
print(f"all {len(files)} files, -P {jobs}: {time.perf_counter() - t0:.1f} s wall", flush=True)
