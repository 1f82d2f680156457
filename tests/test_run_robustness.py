"""A run over a strange tree, a run that is killed, a run that fails inside smemlint (issue 15, item 1).

Every filesystem oddity is a per-file message and the run goes on; an internal error exits 3 with one
line (its traceback only when asked for); the workers of a `-j` run never outlive the process that
started them, however it ends; the per-file memory limit holds for a lone file too, and going over it
is that file's message, nothing more on stderr. Real processes, real signals, real files.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kernels import transpose

ROOT = Path(__file__).parent.parent
TIMEOUT = 120
GOOD = transpose("good", grid=1)

# enough kernels that linting one file takes seconds: the run is still busy when it is killed
SLOW = "".join(f"""
__global__ void k{i}(float *out, const float *in)
{{
    __shared__ float t[32][32];
    t[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.y][threadIdx.x] + {i};
}}
void go{i}(float *o, const float *i) {{ k{i}<<<1, dim3(32, 8)>>>(o, i); }}
""" for i in range(1500))


def smemlint(*args: str, code: str | None = None, env: dict | None = None, **kw) -> subprocess.CompletedProcess:
    """`smemlint check ARGS` in a fresh interpreter (`code` runs first: a way to plant a bug)."""
    prog = [sys.executable, "-c", f"{code or ''}\nfrom smemlint.cli import main\nmain(prog_name='smemlint')"]
    e = dict(os.environ)
    e.pop("SMEMLINT_DEBUG", None)
    e.update(env or {})
    return subprocess.run([*prog, "check", "--no-cache", *args], capture_output=True, text=True, cwd=ROOT,
                          env=e, timeout=TIMEOUT, **kw)


def entries(stdout: str) -> dict[str, dict]:
    return {Path(f["path"]).name: f for f in json.loads(stdout)["files"]}


def no_traceback(r: subprocess.CompletedProcess) -> None:
    for bad in ("Traceback", "Fatal Python error", "Exception ignored", "ABORT"):
        assert bad not in r.stderr, r.stderr[-3000:]


# ---------------------------------------------------------------- the filesystem

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs symbolic links and FIFOs")
def test_every_filesystem_oddity_is_a_per_file_message(tmp_path: Path) -> None:
    (tmp_path / "good.cu").write_text(GOOD)
    os.symlink("loop_b.cu", tmp_path / "loop_a.cu")  # a loop of file links: x.cu -> y.cu -> x.cu
    os.symlink("loop_a.cu", tmp_path / "loop_b.cu")
    os.symlink("gone.cu", tmp_path / "dangling.cu")
    os.mkfifo(tmp_path / "pipe.cu")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "inner.cu").write_text(GOOD.replace("good", "inner"))
    os.symlink("..", tmp_path / "sub" / "up")  # a loop of directory links: not followed, not endless
    os.symlink("dir_loop", tmp_path / "dir_loop")
    r = smemlint("--format", "json", "-j", "2", str(tmp_path), str(tmp_path / "dir_loop"))
    no_traceback(r)
    assert r.returncode == 2, r.stdout + r.stderr  # some files could not be linted; not a crash, not "findings"
    files = entries(r.stdout)
    assert files["good.cu"]["status"] == "ok" and files["inner.cu"]["status"] == "ok"
    errors = {name: f["error"] for name, f in files.items() if f["status"] == "error"}
    assert errors == {
        "loop_a.cu": "symbolic link loop (the link never reaches a file); not linted",
        "loop_b.cu": "symbolic link loop (the link never reaches a file); not linted",
        "dir_loop": "symbolic link loop (the link never reaches a file); not linted",
        "dangling.cu": "dangling symbolic link (its target does not exist); not linted",
        "pipe.cu": "not a regular file",
    }, errors
    assert len(files) == 7  # each file once, though `up` leads back to the tree


def test_an_unreadable_file_is_a_per_file_message(tmp_path: Path) -> None:
    (tmp_path / "good.cu").write_text(GOOD)
    secret = tmp_path / "secret.cu"
    if os.geteuid() != 0:
        secret.write_text(GOOD.replace("good", "secret"))
        secret.chmod(0)
        why = "cannot read the file (Permission denied)"
    elif os.path.exists("/proc/self/mem"):  # root reads any file by its mode: this one fails for anyone
        os.symlink("/proc/self/mem", secret)
        why = "cannot read the file (Input/output error)"
    else:
        pytest.skip("running as root, with no file that root cannot read")
    r = smemlint("--format", "json", str(tmp_path))
    no_traceback(r)
    files = entries(r.stdout)
    assert files["good.cu"]["status"] == "ok"
    assert (files["secret.cu"]["status"], files["secret.cu"]["error"]) == ("error", why)
    assert r.returncode == 2


def test_a_file_that_vanishes_after_collection(tmp_path: Path) -> None:
    from smemlint.config import Settings
    from smemlint.lint import collect, lint_paths

    for name in ("a.cu", "b.cu", "c.cu"):
        (tmp_path / name).write_text(GOOD.replace("good", name[0]))
    files, missing = collect([str(tmp_path)])
    assert not missing and len(files) == 3
    (tmp_path / "b.cu").unlink()  # between the walk and the lint, as when a build cleans up
    results = lint_paths(files, Settings(cuda_headers="bundled"), jobs=2)
    assert [r.status for r in results] == ["ok", "error", "ok"]
    assert results[1].error == "the file no longer exists (removed while smemlint ran?); not linted"


# ---------------------------------------------------------------- smemlint's own failures

BUG_IN_RUN = """
import smemlint.lint
def broken(*a, **k):
    raise KeyError("planted bug")
smemlint.lint.lint_paths = broken
import smemlint.cli
smemlint.cli.lint_paths = broken
"""

BUG_IN_ONE_FILE = """
import smemlint.lint
real = smemlint.lint.lint_file
def lint_file(path, *a, **k):
    if path.endswith("bad.cu"):
        raise ZeroDivisionError("planted bug")
    return real(path, *a, **k)
smemlint.lint.lint_file = lint_file
"""


def test_an_internal_error_exits_3_with_one_line(tmp_path: Path) -> None:
    (tmp_path / "good.cu").write_text(GOOD)
    r = smemlint(str(tmp_path), code=BUG_IN_RUN)
    assert r.returncode == 3, r.stdout + r.stderr
    assert r.stderr.strip().splitlines() == [
        "smemlint: internal error: KeyError: 'planted bug' (SMEMLINT_DEBUG=1 or --verbose shows where); "
        "please report it"]
    for how in ({"env": {"SMEMLINT_DEBUG": "1"}}, {"extra": ["--verbose"]}):
        r = smemlint(*how.get("extra", []), str(tmp_path), code=BUG_IN_RUN, env=how.get("env"))
        assert r.returncode == 3
        assert "Traceback" in r.stderr and "planted bug" in r.stderr


def test_an_internal_error_on_one_file_is_its_message_and_exits_3(tmp_path: Path) -> None:
    (tmp_path / "good.cu").write_text(GOOD)
    (tmp_path / "bad.cu").write_text(GOOD.replace("good", "bad"))
    r = smemlint("--format", "json", "-j", "2", str(tmp_path), code=BUG_IN_ONE_FILE)
    no_traceback(r)
    assert r.returncode == 3, r.stdout + r.stderr  # neither "findings" (1) nor "could not lint" (2)
    files = entries(r.stdout)
    assert files["good.cu"]["status"] == "ok"
    assert files["bad.cu"]["error"] == ("internal error while linting (ZeroDivisionError: planted bug); "
                                        "please report it")


# ---------------------------------------------------------------- a run that is killed

def _group(pgid: int) -> list[tuple[int, str]]:
    """(pid, state) of the live processes of process group `pgid` (zombies are dead: left out)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) "
        state, pgrp = fields[0], int(fields[2])
        if pgrp == pgid and state != "Z":
            found.append((int(entry), state))
    return found


def _start_busy_run(tmp_path: Path) -> subprocess.Popen:
    """A `-j 2` run over slow files, in a process group of its own, once both workers are linting."""
    for i in range(4):
        (tmp_path / f"slow{i}.cu").write_text(SLOW.replace("k", f"k{i}_"))
    env = dict(os.environ)
    env.pop("SMEMLINT_DEBUG", None)
    proc = subprocess.Popen([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "2", str(tmp_path)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while len(_group(proc.pid)) < 3:  # the main process and its two workers
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.05)
    time.sleep(0.5)  # the workers are inside their first file
    return proc


def _assert_all_gone_within(pgid: int, seconds: float) -> float:
    t0 = time.monotonic()
    while _group(pgid):
        if time.monotonic() - t0 > seconds:
            left = _group(pgid)
            for pid, _ in left:  # do not leave them to the rest of the suite
                os.kill(pid, signal.SIGKILL)
            raise AssertionError(f"processes left behind: {left}")
        time.sleep(0.02)
    return time.monotonic() - t0


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
def test_killing_the_main_process_leaves_no_worker(tmp_path: Path) -> None:
    proc = _start_busy_run(tmp_path)
    os.kill(proc.pid, signal.SIGKILL)  # what a CI time-out does: no chance to clean up
    proc.wait(timeout=10)
    _assert_all_gone_within(proc.pid, 1.0)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 130)])
def test_sigterm_or_sigint_ends_the_run_within_a_second(tmp_path: Path, sig: int, code: int) -> None:
    proc = _start_busy_run(tmp_path)
    t0 = time.monotonic()
    os.kill(proc.pid, sig)  # to the main process only, as `kill PID` or an editor does
    proc.wait(timeout=10)
    assert time.monotonic() - t0 < 1.0
    _assert_all_gone_within(proc.pid, 1.0)
    assert proc.returncode == code
    assert "Traceback" not in proc.stderr.read().decode()


# ---------------------------------------------------------------- the memory limit

@pytest.mark.parametrize("jobs", ["1", "2"])
def test_memory_limit_for_one_file_or_many_is_the_file_message_only(tmp_path: Path, jobs: str) -> None:
    # 64 MiB of address space: less than a worker maps, so the limit is hit at once, whatever the file
    (tmp_path / "one.cu").write_text(GOOD)
    r = smemlint("-j", jobs, "--file-memory", "64", str(tmp_path / "one.cu"))
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr == "", r.stderr  # no "Fatal Python error", no glibc abort message
    assert "one.cu: error: needed more than 64 MiB of memory (--file-memory); not linted" in r.stdout
    (tmp_path / "two.cu").write_text(GOOD.replace("good", "two"))
    r = smemlint("-j", jobs, "--file-memory", "64", str(tmp_path))
    assert r.returncode == 2 and r.stderr == "", r.stderr
    assert r.stdout.count("(--file-memory)") == 2, r.stdout
