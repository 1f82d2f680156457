"""`--fix`, `--unsafe-fixes`, `--diff`, `--show-fixes` on real files through the command line."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    e = {**os.environ, "SMEMLINT_CACHE_DIR": str(cwd / ".cache")}
    return subprocess.run([sys.executable, "-m", "smemlint", "check", "--output-format", "concise", *args],
                          capture_output=True, text=True, cwd=cwd, env=e, timeout=300)


def test_diff_prints_and_writes_nothing(tmp_path: Path) -> None:
    f = tmp_path / "s.cu"
    shutil.copy(ROOT / "fixtures/rules/sync003_legacy_shuffle.cu", f)
    before = f.read_text()
    r = run("--diff", "s.cu", cwd=tmp_path)
    assert r.returncode == 1 and r.stdout.startswith("--- a/s.cu\n+++ b/s.cu\n"), r.stdout + r.stderr
    assert "+    v += __shfl_xor_sync(0xffffffff, v, 16);" in r.stdout
    assert f.read_text() == before


def test_fix_applies_safe_fixes_only_unless_unsafe(tmp_path: Path) -> None:
    f = tmp_path / "t.cu"
    shutil.copy(ROOT / "fixtures/transpose_smem.cu", f)
    shutil.copy(ROOT / "fixtures/rules/sync003_legacy_shuffle.cu", tmp_path / "s.cu")
    r = run("--fix", "--show-fixes", "t.cu", "s.cu", cwd=tmp_path)
    assert "__shfl_xor_sync(0xffffffff" in (tmp_path / "s.cu").read_text()  # safe: applied
    assert "big[TILE][TILE];" in f.read_text()  # a padding changes the array: not without --unsafe-fixes
    assert "fixed: s.cu:8:" in r.stderr and "SYNC003" not in r.stdout, r.stdout + r.stderr
    r = run("--fix", "--unsafe-fixes", "--show-fixes", "t.cu", cwd=tmp_path)
    assert "big[TILE][TILE + 1];" in f.read_text()
    assert "fixed: t.cu:76:40: SMEM001 pad each row" in r.stderr
    assert "t.cu:76:" not in r.stdout  # the report is the fixed file's: that conflict is gone
