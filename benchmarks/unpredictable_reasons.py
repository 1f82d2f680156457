"""Why accesses are unpredictable, over real trees: counts of the "cannot predict" reasons.

    python benchmarks/unpredictable_reasons.py TREE [TREE...] [--jobs N] [-- FLAGS]

Runs `smemlint check --format json --no-cache` over each tree (FLAGS passed through) and prints,
per tree and in total, how many accesses are unpredictable, how many of them for "a pointer of
unknown origin" and for "an N-byte access is not modelled", and the most frequent reasons
(numbers and names in backquotes folded, so that one cause is one line).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile


def reasons(tree: str, extra: list[str], jobs: int, listing: list[str] | None = None) -> list[str]:
    cmd = [sys.executable, "-m", "smemlint", "check", "--format", "json", "--no-cache", "-j", str(jobs), *extra, tree]
    with tempfile.TemporaryDirectory() as cache:
        p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, SMEMLINT_CACHE_DIR=cache))
    report = json.loads(p.stdout)
    out = []
    for a in report["accesses"]:
        if a["predictable"]:
            continue
        why = next((s[len("cannot predict: "):] for s in a["assumptions"] if s.startswith("cannot predict: ")), "?")
        out.append(why)
        if listing is not None and ("unknown origin" in why or _unmodelled_width(why)):
            listing.append(f"{a['file']}:{a['line']}: {a['kernel']}: {a['symbol']} {a['op']}: {why}")
    return out


def _unmodelled_width(reason: str) -> bool:
    """An access whose width is not costed: "an N-byte access is not modelled", or (since the message
    says why) a 0-byte one, "the size of the element type is unknown"."""
    return "-byte access is not modelled" in reason or "size of the element type is unknown" in reason


def fold(reason: str) -> str:
    return re.sub(r"\d+", "N", re.sub(r"`[^`]*`", "`X`", reason))


def main() -> None:
    argv = sys.argv[1:]
    extra: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("trees", nargs="+")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--list", help="write the accesses of unknown origin and of unmodelled widths to this file")
    a = ap.parse_args(argv)
    total: collections.Counter[str] = collections.Counter()
    listing: list[str] = []
    for tree in a.trees:
        rs = reasons(tree, extra, a.jobs, listing)
        c = collections.Counter(fold(r) for r in rs)
        total.update(c)
        origin = sum(n for r, n in c.items() if "unknown origin" in r)
        width = sum(n for r, n in c.items() if _unmodelled_width(r))
        print(f"{tree}: unpredictable {len(rs)}, unknown origin {origin}, N-byte not modelled {width}")
    origin = sum(n for r, n in total.items() if "unknown origin" in r)
    width = sum(n for r, n in total.items() if _unmodelled_width(r))
    print(f"TOTAL: unpredictable {sum(total.values())}, unknown origin {origin}, N-byte not modelled {width}")
    for r, n in total.most_common(a.top):
        print(f"{n:6d}  {r}")
    if a.list:
        with open(a.list, "w") as fh:
            fh.write("\n".join(listing) + "\n")


if __name__ == "__main__":
    main()
