"""Editor latency: the real `smemlint lsp` process driven over stdio (issue 15 item 5, issue 16 item 6).

For each file: seconds to the `initialize` answer, to the first diagnostics after didOpen (sent
right after `initialized`, and in a second server 3 s later, once the warm-up has loaded the
analysis, as when an editor was started before the file is opened), and
to the diagnostics after an edit inside one kernel (a digit of a line in the middle of the
kernel's body changed, READ_PAUSE after the first diagnostics; the debounce is included, as the
user waits for it). The edit's
diagnostics are checked against a from-scratch lint of the edited text (same codes and lines).

    python benchmarks/speed/lsp.py FILE... [--repeat 3] [--out results-lsp.json]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import queue
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WARM_UP_WAIT = 3.0  # seconds between `initialized` and didOpen in the warm runs
# Seconds between the first diagnostics and the first edit (someone reads the file before typing). A
# file served from the result cache is parsed in the background after its diagnostics, so that an
# edit re-lints one kernel; an edit typed before that is done waits for it (lsp/server.py).
READ_PAUSE = 2.0


class Server:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "smemlint", "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env={**os.environ, "PYTHONPATH": str(ROOT)})
        self.inbox: queue.Queue[dict] = queue.Queue()
        self.rid = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if not line.strip():
                    break
                k, _, v = line.decode().partition(":")
                if k.lower() == "content-length":
                    length = int(v)
            self.inbox.put(json.loads(out.read(length)))

    def send(self, msg: dict) -> None:
        data = json.dumps({"jsonrpc": "2.0", **msg}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.proc.stdin.flush()

    def wait(self, pred, timeout: float = 120) -> dict:
        end = time.monotonic() + timeout
        while True:
            msg = self.inbox.get(timeout=max(end - time.monotonic(), 0.01))
            if "method" in msg and "id" in msg:
                self.send({"id": msg["id"], "result": None})
            elif pred(msg):
                return msg

    def request(self, method: str, params: dict) -> dict:
        self.rid += 1
        rid = self.rid
        self.send({"id": rid, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == rid and "method" not in m)

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


def kernel_bodies(text: str) -> list[tuple[int, int]]:
    """(first, last) line of each `__global__` function's body, by brace matching."""
    out = []
    for m in re.finditer(r"__global__[^{;]*\{", text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out.append((text.count("\n", 0, m.end()) + 1, text.count("\n", 0, i) + 1))
    return out


def edit_inside(text: str, body: tuple[int, int]) -> str | None:
    """The text with one digit changed on a line in the middle of `body` (what typing does)."""
    lines = text.split("\n")
    first, last = body
    mid = (first + last) // 2
    for ln in list(range(mid, last)) + list(range(first + 1, mid)):
        m = re.search(r"(?<![\w.])([1-9])(?![\w.])", lines[ln - 1])
        if m and "#" not in lines[ln - 1]:
            d = m.group(1)
            lines[ln - 1] = lines[ln - 1][:m.start(1)] + ("2" if d != "2" else "3") + lines[ln - 1][m.end(1):]
            return "\n".join(lines)
    return None


def one(path: Path, kernels: int, warm: bool = False) -> dict:
    text = path.read_text(encoding="utf-8", errors="replace")
    uri = path.resolve().as_uri()
    s = Server()
    try:
        t0 = time.perf_counter()
        s.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        t_init = time.perf_counter() - t0
        s.send({"method": "initialized", "params": {}})
        if warm:
            time.sleep(WARM_UP_WAIT)  # an editor started a while before the file is opened
        t0 = time.perf_counter()
        s.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "cuda", "version": 1, "text": text}}})
        first = s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        t_open = time.perf_counter() - t0
        key = "first_diagnostics_after_warm_up_s" if warm else "first_diagnostics_s"
        out = {"file": str(path), "initialize_s": round(t_init, 3), key: round(t_open, 3),
               "diagnostics": len(first["params"]["diagnostics"])}
        # one edit in each kernel (up to `kernels`), each starting from the original text
        time.sleep(READ_PAUSE)
        times, matches, version = [], [], 1
        for body in kernel_bodies(text)[:kernels]:
            edited = edit_inside(text, body)
            if edited is None:
                continue
            for new in (edited, text):  # the edit, then its undo
                version += 1
                t0 = time.perf_counter()
                s.send({"method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": new}]}})
                pub = s.wait(lambda m, v=version: m.get("method") == "textDocument/publishDiagnostics"
                             and m["params"].get("version") == v)
                if new is edited:
                    times.append(time.perf_counter() - t0)
                    matches.append(_same_as_full(path, edited, pub["params"]["diagnostics"]))
        if times:
            out["edits"] = len(times)
            out["edit_diagnostics_median_s"] = round(statistics.median(times), 3)
            out["edit_diagnostics_max_s"] = round(max(times), 3)
            out["edits_matching_full_lint"] = f"{sum(matches)}/{len(matches)}"
        return out
    finally:
        s.close()


def _same_as_full(path: Path, text: str, published: list[dict]) -> bool:
    from smemlint.config import Settings
    from smemlint.lint import lint_file

    full = lint_file(str(path.resolve()), Settings(), text)
    want = sorted((d.code, d.line - 1) for d in full.diagnostics if d.file == full.path)
    got = sorted((d["code"], d["range"]["start"]["line"]) for d in published)
    return want == got


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--kernels", type=int, default=8, help="edit at most this many kernels per file")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    load = os.getloadavg()  # other work on the machine slows every figure: recorded with them
    rows = []
    for f in args.files:
        runs = [one(f, args.kernels) for _ in range(args.repeat)]
        warm = [one(f, 0, warm=True) for _ in range(args.repeat)]
        row = {**runs[-1], **{k: v for k, v in warm[-1].items() if k.endswith("warm_up_s")}}
        runs = [{**r, **w} for r, w in zip(runs, warm)]
        for k in ("initialize_s", "first_diagnostics_s", "first_diagnostics_after_warm_up_s",
                  "edit_diagnostics_median_s", "edit_diagnostics_max_s"):
            if all(k in r for r in runs):
                row[k] = round(statistics.median(r[k] for r in runs), 3)
        rows.append(row)
        print(json.dumps(row))
    if args.out:
        args.out.write_text(json.dumps({"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                                        "machine": f"{platform.node()} {os.cpu_count()} cores",
                                        "load_average_1_5_15_min": {"start": [round(x, 2) for x in load],
                                                                    "end": [round(x, 2) for x in os.getloadavg()]},
                                        "command": " ".join(sys.argv), "files": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
