"""Stable fingerprints of findings, and baselines built from them.

A fingerprint hashes what a finding *is* — its code, kernel, symbol and the
normalised text of its source line — never its line number, so inserting or
deleting lines above a finding keeps it. Identical findings in one file are
told apart by their order (`<hash>:1`, `<hash>:2`). SARIF `partialFingerprints`
and `--baseline` use the same value.

A finding that stands for several sites of one cause (grouping.py) is recorded
as its sites, one entry each, as they were before findings were grouped: a
baseline written either way reads the same, and a site known to the baseline
leaves its group (the others stay one finding), as a suppression comment does.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from pathlib import Path

from . import grouping
from .results import FileResult
from .diagnostics import Diagnostic

VERSION = 1
_COMMENT = re.compile(r"//.*$")


def normalise(line: str) -> str:
    """Source text without comments and with runs of blanks collapsed."""
    if '"' not in line:  # a `//` inside a string literal is not a comment
        line = _COMMENT.sub("", line)
    return " ".join(line.split())


def _where(result: FileResult, d: Diagnostic) -> tuple[str, str]:
    for a in result.accesses:
        if a.line == d.line and a.column == d.column:
            return a.kernel, a.symbol
    kernel = ""
    for k in sorted(result.kernels, key=lambda k: k.line):
        if k.line <= d.line:
            kernel = k.name
    return kernel, str(d.facts.get("symbol", "") or "")


def site_fingerprints(result: FileResult) -> list[tuple[Diagnostic, str]]:
    """(site, fingerprint) for every site of every diagnostic of `result` (grouping.sites_of)."""
    lines = result.source.splitlines()
    seen: Counter[str] = Counter()
    out = []
    for d in sorted(grouping.flatten(result.diagnostics), key=lambda d: (d.line, d.column, d.code)):
        kernel, symbol = _where(result, d)
        text = normalise(lines[d.line - 1]) if 0 < d.line <= len(lines) else ""
        h = hashlib.sha256("\0".join((d.code, kernel, symbol, text)).encode("utf-8")).hexdigest()[:20]
        seen[h] += 1
        out.append((d, f"{h}:{seen[h]}"))
    return out


def fingerprints(result: FileResult) -> list[str]:
    """One fingerprint per diagnostic of `result`, in the same order: a group's is its first site's."""
    by_id = {id(d): fp for d, fp in site_fingerprints(result)}
    return [by_id[id(grouping.sites_of(d)[0])] for d in result.diagnostics]


def _key_path(path: str, base: Path) -> str:
    try:
        return os.path.relpath(os.path.abspath(path), base.resolve()).replace(os.sep, "/")
    except ValueError:
        return os.path.abspath(path)


def write(results: list[FileResult], baseline: Path) -> int:
    """Record every current finding (each site of a grouped one); returns how many entries."""
    base = baseline.resolve().parent
    findings = []
    for r in results:
        for d, fp in site_fingerprints(r):
            findings.append({"file": _key_path(r.path, base), "code": d.code, "fingerprint": fp,
                             "line": d.line, "message": d.message})
    findings.sort(key=lambda f: (f["file"], f["line"], f["code"], f["fingerprint"]))
    doc = {"tool": "smemlint", "version": VERSION, "findings": findings}
    baseline.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return len(findings)


def load(baseline: Path) -> Counter[tuple[str, str, str]]:
    try:
        doc = json.loads(baseline.read_text(encoding="utf-8"))
        entries = doc["findings"]
        base = baseline.resolve().parent
        return Counter((_key_path(str(base / e["file"]), base), e["code"], e["fingerprint"]) for e in entries)
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{baseline}: not a smemlint baseline ({e})") from e


def filter_known(results: list[FileResult], baseline: Path, known: Counter[tuple[str, str, str]]) -> int:
    """Drop findings recorded in the baseline (each entry absorbs one finding); returns how many."""
    base = baseline.resolve().parent
    left = Counter(known)
    dropped = 0
    for r in results:
        path = _key_path(r.path, base)
        known_sites: set[int] = set()
        for d, fp in site_fingerprints(r):
            key = (path, d.code, fp)
            if left[key] > 0:
                left[key] -= 1
                known_sites.add(id(d))
        if not known_sites:
            continue
        keep = []
        for d in r.diagnostics:
            sites = [s for s in grouping.sites_of(d) if id(s) not in known_sites]
            if not sites:
                dropped += 1  # the finding is known (every site of it)
            elif len(sites) < len(grouping.sites_of(d)):
                keep += grouping.group(sites)  # the sites left stay one finding
            else:
                keep.append(d)
        r.diagnostics = sorted(keep, key=lambda d: (d.file, d.line, d.column, d.code))
    return dropped
