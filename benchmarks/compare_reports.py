#!/usr/bin/env python3
"""Are two JSON reports of the same tree the same, but for timings? For refactors that must not
change behaviour (docs/architecture.md): run `smemlint check --no-cache --format json` on a tree
with the old and the new package, then

    python benchmarks/compare_reports.py OLD.json NEW.json

It compares files[], accesses[], diagnostics[] and kernels[] (sha256 of each, without the `seconds`
and `cached` fields), restricted to the files both runs linted: on a loaded machine a file can run
past --file-timeout in one run and not in the other, which says nothing of the change (re-run those
files with a larger --file-timeout). Exit 0 when identical, 1 otherwise.
"""
from __future__ import annotations

import hashlib
import json
import sys


def _strip(o: object) -> object:
    if isinstance(o, dict):
        return {k: _strip(v) for k, v in o.items() if k not in ("seconds", "cached")}
    if isinstance(o, list):
        return [_strip(x) for x in o]
    return o


def main(old_path: str, new_path: str) -> int:
    old, new = (json.load(open(p, encoding="utf-8")) for p in (old_path, new_path))
    linted = [{f["path"] for f in d["files"] if f.get("status") == "ok"} for d in (old, new)]
    both = linted[0] & linted[1]
    same = True
    for key in ("files", "accesses", "diagnostics", "kernels"):
        parts = [[_strip(x) for x in d[key] if (x.get("file") or x.get("path")) in both] for d in (old, new)]
        sums = [hashlib.sha256(json.dumps(p, sort_keys=True).encode()).hexdigest()[:16] for p in parts]
        print(f"{key}: {len(parts[0])} and {len(parts[1])} entries, sha256 {sums[0]} and {sums[1]}")
        same &= sums[0] == sums[1]
    only = sorted((linted[0] | linted[1]) - both)
    print(f"{len(both)} files linted in both runs; {len(only)} in one only{': ' + ', '.join(only[:5]) if only else ''}"
          f"{' ...' if len(only) > 5 else ''}; identical: {'yes' if same else 'no'}")
    return 0 if same else 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
