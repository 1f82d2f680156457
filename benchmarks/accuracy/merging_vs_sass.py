"""Loads smemlint predicts nvcc merges (symbolic/merging.py) against the SASS nvcc really emits.

    python benchmarks/accuracy/merging_vs_sass.py LIST [--out FILE]

LIST has one file per line, optionally followed by its -I/-D flags (`path -Idir -DX`). Each file is
parsed as smemlint parses it and compiled with nvcc (-arch=sm_90 -lineinfo); for every load site
of every kernel: a predicted merge is right when the SASS of its line holds loads of the predicted
width; a merge the prediction misses is a line whose shared loads are all wider than the one load
written there. No GPU needed (the cost of an emitted load is the bank model's, measured elsewhere).
"""
from __future__ import annotations

import argparse
import datetime
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from smemlint.analysis import parse_options  # noqa: E402
from smemlint.config import Settings  # noqa: E402
from smemlint.lower.extract import extract  # noqa: E402
from smemlint.parse.translation import parse  # noqa: E402
from smemlint.sass.facts import from_source  # noqa: E402
from smemlint.symbolic.merging import predicted_merges  # noqa: E402


def judge(path: str, flags: list[str], tally: Counter, rows: list[str]) -> None:
    settings = Settings(include=tuple(f[2:] for f in flags if f.startswith("-I")),
                        define=tuple(f[2:] for f in flags if f.startswith("-D")))
    parsed = parse(path, parse_options(settings), None)
    if parsed.tu is None:
        tally["files not parsed"] += 1
        return
    unit = extract(parsed.tu, path, Path(path).read_text(errors="replace"), None)
    if not any(s.op == "ld" for k in unit.kernels for s in k.sites):
        return
    sass = from_source(path, "sm_90", flags)
    for kernel in unit.kernels:
        facts = sass.for_kernel(kernel.name)
        if facts is None:
            continue
        merges = predicted_merges(kernel, unit.functions, unit.volatile_vars)
        loads_on = Counter((s.span.file, s.instruction_line or s.span.line) for s in kernel.sites
                           if s.op == "ld" and not s.instruction)
        for site in kernel.sites:
            line = site.instruction_line or site.span.line
            widths = facts.widths_on_line(line, "shared", "ld", site.span.file)
            where = f"{path}:{line} {kernel.name} `{site.text}`"
            if site.id in merges:
                bits = merges[site.id].bytes * 8
                ok = bits in widths
                tally["predicted, in the SASS" if ok else "predicted, NOT in the SASS"] += 1
                rows.append(f"{'ok  ' if ok else 'BAD '} {where}: predicted {bits}-bit, SASS {sorted(widths)}")
            elif site.op == "ld" and not site.instruction and widths and min(widths) > site.width * 8 \
                    and loads_on[(site.span.file, line)] == 1:
                tally["merged in the SASS, not predicted"] += 1
                rows.append(f"miss {where}: written {site.width * 8}-bit, SASS {sorted(widths)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("list")
    ap.add_argument("--out")
    args = ap.parse_args()
    tally: Counter = Counter()
    rows: list[str] = []
    entries = [line.split() for line in Path(args.list).read_text().splitlines() if line.strip()]
    for path, *flags in entries:
        try:
            judge(path, flags, tally, rows)
        except Exception as e:  # noqa: BLE001 - one file's failure is reported, the others are judged
            tally["files that failed"] += 1
            rows.append(f"fail {path}: {type(e).__name__}: {e}")
    text = [f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; files: {len(entries)}",
            *(f"{k}: {v}" for k, v in sorted(tally.items())), *rows]
    print("\n".join(text))
    if args.out:
        Path(args.out).write_text("\n".join(text) + "\n")


if __name__ == "__main__":
    main()
