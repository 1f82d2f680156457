"""Text output on a real terminal (a pseudo-terminal) and through a pipe: colour, caret, summary, progress."""
from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from kernels import transpose

ROOT = Path(__file__).parent.parent
CONFLICT = transpose()
CLEAN = CONFLICT.replace("tile[32][32]", "tile[32][33]")
ESC = "\033["


def _env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    return {**env, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "COLUMNS": "100", **extra}


def on_terminal(args: list[str], cwd: Path, **env: str) -> tuple[int, str, str]:
    """Run with stdout and stderr each on its own pseudo-terminal; returns (rc, stdout, stderr)."""
    out_m, out_s = pty.openpty()
    err_m, err_s = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "smemlint", *args], stdout=out_s, stderr=err_s,
                         stdin=subprocess.DEVNULL, cwd=cwd, env=_env(**env))
    os.close(out_s)
    os.close(err_s)
    chunks: dict[int, bytes] = {out_m: b"", err_m: b""}
    open_fds = [out_m, err_m]
    while open_fds:
        ready, _, _ = select.select(open_fds, [], [], 120)
        if not ready:
            p.kill()
            pytest.fail("smemlint hung on a terminal")
        for fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:  # EIO: the other side closed
                data = b""
            if data:
                chunks[fd] += data
            else:
                open_fds.remove(fd)
                os.close(fd)
    rc = p.wait(timeout=60)
    return rc, chunks[out_m].decode(), chunks[err_m].decode()


def piped(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smemlint", *args], capture_output=True, text=True, cwd=cwd,
                          env=_env(**env), timeout=120)


def test_colour_on_a_terminal_none_when_piped_or_no_color(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text(CONFLICT)
    rc, out, _ = on_terminal(["check", "k.cu"], tmp_path)
    assert rc == 1
    assert ESC in out and "warning:" in out and "32-way bank conflict" in out
    plain = out.replace("\r\n", "\n")
    assert "^~~~" in plain and "tile[threadIdx.x][threadIdx.y]" in plain  # source line and caret
    assert "1 file, 1 kernel" in plain and "1 finding (SMEM001 x1)" in plain  # summary line

    rc, out, _ = on_terminal(["check", "k.cu"], tmp_path, NO_COLOR="1")
    assert rc == 1 and ESC not in out and "warning:" in out

    r = piped(["check", "k.cu"], tmp_path)
    assert r.returncode == 1 and ESC not in r.stdout
    lines = r.stdout.splitlines()
    i = next(n for n, x in enumerate(lines) if x.startswith("k.cu:6:43: warning: 32-way bank conflict"))
    detail, src, caret = lines[i + 1], lines[i + 2], lines[i + 3]
    assert len(lines[i]) <= 160 + len(" [SMEM001 shared-bank-conflict]")  # the claim at a glance...
    assert detail.startswith("  in warp 0, lanes")  # ...the evidence on the line below it
    assert src.endswith("out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];")
    assert caret.index("^") == src.index("tile[threadIdx.x]")  # the caret sits under the access
    assert piped(["check", "--color", "always", "k.cu"], tmp_path).stdout.count(ESC) > 0


def test_progress_bar_only_on_a_terminal_for_many_files(tmp_path: Path) -> None:
    for i in range(24):
        (tmp_path / f"k{i:02}.cu").write_text(CLEAN)
    rc, out, err = on_terminal(["check", "."], tmp_path)
    assert rc == 0, out + err
    assert "24/24" in err and "[" + "#" * 24 + "]" in err  # drawn on stderr ...
    assert "24/24" not in out and "24 files" in out  # ... never mixed into the report
    r = piped(["check", "."], tmp_path)
    assert r.returncode == 0 and "/24" not in r.stderr and ESC not in r.stderr
    # few files: no bar even on a terminal
    rc, out, err = on_terminal(["check", "k00.cu", "k01.cu"], tmp_path)
    assert rc == 0 and "/2" not in err


def test_statistics_is_a_table_by_rule(tmp_path) -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).parent.parent
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--statistics", str(root / "fixtures")],
                       capture_output=True, text=True, timeout=600)
    lines = r.stdout.splitlines()
    assert r.returncode == 1 and len(lines) < 40, r.stdout  # a screen, whatever the number of findings
    import re

    rows = [ln.split() for ln in lines if re.match(r"\s*\d+  [A-Z]+\d{3} ", ln)]
    counts = [int(row[0]) for row in rows]
    assert counts == sorted(counts, reverse=True) and any(row[1] == "SMEM001" for row in rows)
    total = next(ln for ln in lines if " findings (" in ln)
    assert f": {sum(counts)} findings" in total
