"""The CPU seconds of the editor's work for an edit inside each kernel (issue 25's editor target).

lsp.py measures what the user waits for over stdio, in wall seconds, which the other work of a shared
machine inflates; this measures the same work in this process's CPU seconds: the language server's
`lint_text` (reparse, extraction, the edited kernel's evaluation, rules, merge) for the edit lsp.py
makes in each kernel (a digit in the middle of its body), after a whole lint of the file as its base
and, before each edit, the lint of the original text (the undo lsp.py sends). The debounce (0.1 s)
is not included. With --check, each edit's findings are compared with a from-scratch lint's.

    python benchmarks/speed/edit_cpu.py FILE... [--kernels 20] [--check]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp import edit_inside, kernel_bodies  # noqa: E402


def main() -> None:
    from smemlint.config import Settings
    from smemlint.lint import lint_file
    from smemlint.lsp.server import SmemlintServer

    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--kernels", type=int, default=8, help="edit at most this many kernels per file (lsp.py's)")
    ap.add_argument("--check", action="store_true", help="compare each edit's findings with a full lint")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    for path in args.files:
        path = path.resolve()
        text = path.read_text(encoding="utf-8", errors="replace")
        server = SmemlintServer(0)
        server.from_cache = lambda *a: None  # the base is a whole lint (as lsp.py's first open)
        server.to_cache = lambda *a: None
        uri = path.as_uri()
        t0 = time.process_time()
        server.lint_text(uri, str(path), text)
        print(f"{path.name}: whole lint {time.process_time() - t0:.3f} s CPU")
        times = []
        for body in kernel_bodies(text)[:args.kernels]:
            edited = edit_inside(text, body)
            if edited is None:
                continue
            server.lint_text(uri, str(path), text)  # the undo of the previous edit
            t0 = time.process_time()
            got = server.lint_text(uri, str(path), edited)
            times.append(time.process_time() - t0)
            name = next((k.name for k in got.kernels if k.ir is not None and k.ir.body.span is not None
                         and k.ir.body.span.line == body[0]), "?")
            same = ""
            if args.check:
                want = lint_file(str(path), Settings(), edited)
                key = lambda d: (d.file, d.line, d.column, d.code, d.message)  # noqa: E731
                same = "  same as a full lint" if sorted(map(key, got.diagnostics)) == \
                    sorted(map(key, want.diagnostics)) else "  DIFFERS from a full lint"
            print(f"  lines {body[0]}-{body[1]} {name}: {times[-1]:.3f} s CPU{same}")
        if times:
            print(f"  {len(times)} edits: median {statistics.median(times):.3f} s, worst {max(times):.3f} s CPU")
        server.close()


if __name__ == "__main__":
    main()
