"""The command starts with glibc's huge-page tunables where they pay (smemlint/entry.py)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from smemlint.entry import TUNABLES, glibc_version, thp_mode, tuned_environment

GLIBC = (2, 36)


@pytest.mark.parametrize("mode, glibc, environ, tuned", [
    ("madvise", GLIBC, {}, TUNABLES),
    ("madvise", GLIBC, {"GLIBC_TUNABLES": "glibc.malloc.arena_max=2"}, f"glibc.malloc.arena_max=2:{TUNABLES}"),
    ("madvise", GLIBC, {"GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"}, None),  # the caller's choice
    ("madvise", GLIBC, {"SMEMLINT_NO_HUGEPAGES": "1"}, None),
    ("madvise", GLIBC, {"SMEMLINT_NO_HUGEPAGES": "0"}, TUNABLES),
    ("always", GLIBC, {}, None),  # every large allocation has huge pages already
    ("never", GLIBC, {}, None),
    (None, GLIBC, {}, None),  # not Linux, or no THP
    ("madvise", (2, 34), {}, None),  # a glibc without glibc.malloc.hugetlb
    ("madvise", None, {}, None),  # musl, macOS
])
def test_tuned_environment(mode, glibc, environ, tuned) -> None:
    env = tuned_environment({"PATH": "/bin", **environ}, mode, glibc)
    assert (env and env["GLIBC_TUNABLES"]) == tuned
    if env:
        assert env["PATH"] == "/bin"


def test_thp_mode_reads_the_bracketed_choice(tmp_path: Path) -> None:
    setting = tmp_path / "enabled"
    setting.write_text("always [madvise] never\n")
    assert thp_mode(str(setting)) == "madvise"
    setting.write_text("[always] madvise never\n")
    assert thp_mode(str(setting)) == "always"
    setting.write_text("garbage")
    assert thp_mode(str(setting)) is None
    assert thp_mode(str(tmp_path / "missing")) is None


@pytest.mark.skipif(tuned_environment({}, thp_mode(), glibc_version()) is None,
                    reason="this machine gains nothing from the tunables (huge pages not in madvise mode, "
                           "or not glibc >= 2.35), so the command does not execute itself again")
def test_the_command_runs_with_the_tunables_and_the_same_arguments(tmp_path: Path) -> None:
    """A long-lived `python -X utf8 -m smemlint lsp`: after its one exec, the process (same pid)
    has the tunables in its environment and still its interpreter flag and its arguments. (glibc
    2.36 rewrites the variable's text in place as it reads it, leaving its first tunable visible in
    /proc; the others are applied all the same: 583,000 -> 4,000 page faults with all three, 490,000
    with the first alone.)"""
    env = {k: v for k, v in os.environ.items() if k not in ("GLIBC_TUNABLES", "SMEMLINT_NO_HUGEPAGES")}
    proc = subprocess.Popen([sys.executable, "-X", "utf8", "-m", "smemlint", "lsp"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path)
    try:
        environ = cmdline = b""
        deadline = time.monotonic() + 20
        while b"GLIBC_TUNABLES=glibc.malloc.hugetlb=1" not in environ and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
            environ = Path(f"/proc/{proc.pid}/environ").read_bytes()
            cmdline = Path(f"/proc/{proc.pid}/cmdline").read_bytes()
        assert any(v.startswith(b"GLIBC_TUNABLES=glibc.malloc.hugetlb=1") for v in environ.split(b"\0"))
        assert cmdline.split(b"\0")[1:5] == [b"-X", b"utf8", b"-m", b"smemlint"]
        assert b"lsp" in cmdline.split(b"\0")
    finally:
        proc.kill()
        proc.communicate()


def test_the_command_still_answers_without_the_exec() -> None:
    env = {**os.environ, "SMEMLINT_NO_HUGEPAGES": "1"}
    r = subprocess.run([sys.executable, "-m", "smemlint", "--version"], capture_output=True, text=True, env=env)
    assert r.returncode == 0 and r.stdout.startswith("smemlint, version")
