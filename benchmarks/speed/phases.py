"""Where smemlint's CPU goes on a tree, in one process: per phase, per file, and per kind of evaluation.

    python benchmarks/speed/phases.py /work/repos/llm.c           # every file the command line would lint
    python benchmarks/speed/phases.py /work/repos/llm.c --top 5   # and the five costliest files

Each file goes through `lint.lint_file` with the settings `smemlint check` builds for the tree (its
pyproject, no options), one after the other, without worker processes, so the process-wide memos of
costed requests stay warm from file to file as they do in a `-j 1` worker. CPU seconds
(time.process_time), which the other processes of a shared machine disturb less than wall time.
Phases: parse, extract (host facts and lowering), analyze_kernel (the lane evaluations), rules.
Evaluations: each `Interpreter.run`, by kind (one block, a batch of residues of a swept integer, a
batch of the grid's blocks), class and the function that asked for it: where the analysis's time goes.
"""
from __future__ import annotations

import argparse
import collections
import os
import time
import traceback


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tree")
    ap.add_argument("--top", type=int, default=0, help="also list the N costliest files")
    a = ap.parse_args()
    os.chdir(a.tree)
    import smemlint.analysis as an
    import smemlint.rules as rules
    from smemlint.cli import _settings
    from smemlint.lint import collect, lint_file
    from smemlint.symbolic import interp

    phases: collections.Counter = collections.Counter()

    def timed(mod, name: str) -> None:  # noqa: ANN001
        f = getattr(mod, name)

        def w(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            t = time.process_time()
            try:
                return f(*args, **kwargs)
            finally:
                phases[name] += time.process_time() - t
        setattr(mod, name, w)

    for mod, name in ((an, "parse"), (an, "extract"), (an, "analyze_kernel"), (rules, "run_rules")):
        timed(mod, name)
    runs: collections.Counter = collections.Counter()
    count: collections.Counter = collections.Counter()
    plain_run = interp.Interpreter.run

    def run(self):  # noqa: ANN001, ANN202
        asker = next((f.name for f in reversed(traceback.extract_stack()[:-1])
                      if "smemlint" in f.filename and f.name not in ("run", "run_kernel", "<lambda>", "tries", "fit",
                                                                       "also", "executed_by", "block_records")), "?")
        kind = "residues" if self.sweep else "blocks" if self.block_rows is not None else "one block"
        key = (kind, type(self).__name__, asker)
        t = time.process_time()
        try:
            return plain_run(self)
        finally:
            runs[key] += time.process_time() - t
            count[key] += 1
    interp.Interpreter.run = run

    settings = _settings((".",), None, block=None, arch=None, include=(), define=(), std=None, cuda_headers=None,
                         compile_commands=None, select=(), ignore=(), sass=None)
    files = collect(["."])[0]
    per_file = []
    t0 = time.process_time()
    for f in files:
        t = time.process_time()
        lint_file(f, settings)
        per_file.append((time.process_time() - t, f))
    print(f"{len(files)} files: {time.process_time() - t0:.2f} s of CPU (load average {os.getloadavg()[0]:.1f})")
    for name, s in phases.items():
        print(f"  {name:16s} {s:6.2f} s")
    print("evaluations (CPU s, runs, kind, class, asked by):")
    for key, s in runs.most_common():
        print(f"  {s:6.2f} {count[key]:5d}  {' / '.join(key)}")
    for s, f in sorted(per_file, reverse=True)[:a.top]:
        print(f"  {s:6.2f} s  {f}")


if __name__ == "__main__":
    main()
