"""Linting a small program written into a temporary folder, through the command line, and its one
`out` access: what the tests of values and launches that come from another file of the run share."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def lint_folder(root: Path, *extra: str) -> dict:
    """`smemlint check --format json .` in `root` (its cache beside it), the report as a dict."""
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "-j", "1", "--format", "json", "--exit-zero",
                        *extra, "."], cwd=root, capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, SMEMLINT_CACHE_DIR=str(root.parent / "cache")))
    assert r.returncode == 0, r.stdout + r.stderr
    return json.loads(r.stdout)


def out_access(doc: dict) -> dict:
    """The report's one access of `out`."""
    (a,) = [a for a in doc["accesses"] if a["symbol"] == "out"]
    return a
