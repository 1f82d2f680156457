"""`--write-baseline` / `--baseline`: adopt the gate on an existing codebase, fail only on new findings."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from kernels import transpose

ROOT = Path(__file__).parent.parent


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "smemlint", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def test_baseline_hides_known_findings_and_catches_new_ones(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.cu").write_text(transpose("a"))
    (src / "b.cu").write_text(transpose("b"))
    assert run("check", "src", cwd=tmp_path).returncode == 1

    r = run("check", "--write-baseline", "smemlint-baseline.json", "src", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    doc = json.loads((tmp_path / "smemlint-baseline.json").read_text())
    assert sorted((f["file"], f["code"]) for f in doc["findings"]) == [("src/a.cu", "SMEM001"),
                                                                      ("src/b.cu", "SMEM001")]

    r = run("check", "--baseline", "smemlint-baseline.json", "src", cwd=tmp_path)
    assert r.returncode == 0, r.stdout
    assert "2 known findings in the baseline not shown" in r.stdout

    # unrelated edits above the finding keep it known ...
    (src / "a.cu").write_text("// header\n#define UNUSED 1\n\n" + transpose("a").replace("__syncthreads();",
                                                                                      "__syncthreads();   // ok"))
    # ... the baseline is found relative to itself, whatever the working directory
    r = run("check", "--baseline", "../smemlint-baseline.json", ".", cwd=src)
    assert r.returncode == 0, r.stdout

    # a new finding fails the gate, and only it is reported
    (src / "b.cu").write_text(transpose("b") + transpose("c").replace("tile", "t2"))
    r = run("check", "--baseline", "smemlint-baseline.json", "--format", "json", "src", cwd=tmp_path)
    assert r.returncode == 1
    (d,) = json.loads(r.stdout)["diagnostics"]
    assert d["code"] == "SMEM001" and "`t2`" in d["message"]


def test_bad_baseline_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text(transpose("k"))
    (tmp_path / "junk.json").write_text("{not json")
    r = run("check", "--baseline", "junk.json", "k.cu", cwd=tmp_path)
    assert r.returncode == 2 and "not a smemlint baseline" in r.stderr
    r = run("check", "--baseline", "missing.json", "k.cu", cwd=tmp_path)
    assert r.returncode == 2
