"""The small surprises of issue 27 item 10, each through the real command line: --show-settings as
TOML, "did you mean" for a rule or configuration typo, -q with --statistics, --statistics as JSON,
a malformed block refused, exit code 3 documented, an unreadable directory reported, a time-out
not called a parse failure."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).parent.parent
KERNEL = "__global__ void k(float *o) { __shared__ float t[32][32]; t[threadIdx.x][0] = o[0]; o[1] = t[0][1]; }\n"


def smemlint(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smemlint", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_show_settings_is_the_toml_that_gives_them(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.smemlint]\nblock = "32,8"\nselect = ["SMEM"]\n'
                                             '[tool.smemlint.blocks]\n"reduce*" = "256"\n')
    r = smemlint(tmp_path, "check", "--show-settings", "--ignore", "SMEM003", ".")
    assert r.returncode == 0 and "(" not in r.stdout.split("\n", 1)[1], r.stdout  # no Python tuples
    shown = tomllib.loads(r.stdout)["tool"]["smemlint"]
    assert shown["block"] == "32,8,1" and shown["select"] == ["SMEM"] and shown["ignore"] == ["SMEM003"]
    assert shown["blocks"] == {"reduce*": "256,1,1"}
    # pasted back as a configuration, it gives the same settings
    (tmp_path / "again").mkdir()
    (tmp_path / "again" / "pyproject.toml").write_text(r.stdout)
    again = smemlint(tmp_path / "again", "check", "--show-settings", ".")
    assert again.stdout.split("\n", 1)[1] == r.stdout.split("\n", 1)[1]


def test_did_you_mean(tmp_path: Path) -> None:
    r = smemlint(tmp_path, "explain", "SMEM01")
    assert r.returncode == 2 and "did you mean 'SMEM001'?" in r.stderr
    r = smemlint(tmp_path, "explain", "bank-conflict")
    assert r.returncode == 2 and "did you mean 'SMEM001'?" in r.stderr
    (tmp_path / "pyproject.toml").write_text('[tool.smemlint]\nselct = ["SMEM"]\n')
    (tmp_path / "k.cu").write_text(KERNEL)
    r = smemlint(tmp_path, "check", "k.cu")
    assert r.returncode == 2 and "unknown [tool.smemlint] key 'selct'; did you mean 'select'?" in r.stderr


def test_a_malformed_block_is_refused(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text(KERNEL)
    for bad in ("32,x", "32,,8", "x", "32,8,1,1"):
        r = smemlint(tmp_path, "check", "--block", bad, "k.cu")
        assert r.returncode == 2 and "block must be 1 to 3 integers" in r.stderr, (bad, r.stderr)
    (tmp_path / "pyproject.toml").write_text('[tool.smemlint]\nblock = "32,x"\n')
    r = smemlint(tmp_path, "check", "k.cu")
    assert r.returncode == 2 and "block must be 1 to 3 integers" in r.stderr
    (tmp_path / "pyproject.toml").unlink()
    assert smemlint(tmp_path, "check", "--block", "32x8", "--no-cache", "--exit-zero", "k.cu").returncode == 0


def test_statistics_quiet_and_json(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text(KERNEL)
    quiet = smemlint(tmp_path, "check", "--no-cache", "-q", "--statistics", "k.cu")
    assert quiet.returncode == 1 and quiet.stdout.split() [1:3] == ["SMEM001", "shared-bank-conflict"]
    assert "finding" not in quiet.stdout and "coverage" not in quiet.stdout, quiet.stdout
    data = json.loads(smemlint(tmp_path, "check", "--no-cache", "--statistics", "--output-format", "json",
                               "k.cu").stdout)
    assert data[0]["code"] == "SMEM001" and data[0]["count"] == 1 and data[0]["files"] == 1
    r = smemlint(tmp_path, "check", "--statistics", "--output-format", "sarif", "k.cu")
    assert r.returncode == 2 and "--statistics" in r.stderr


def test_exit_code_3_is_documented(tmp_path: Path) -> None:
    assert "3 an internal error" in smemlint(tmp_path, "check", "--help").stdout
    assert "3 an internal error of smemlint" in (ROOT / "README.md").read_text()


def test_an_unreadable_directory_is_reported(tmp_path: Path) -> None:
    """A directory the walk cannot list (here: its path is longer than the system allows, which holds
    for root too, unlike a chmod) is an error, exit 2, not skipped silently."""
    (tmp_path / "k.cu").write_text(KERNEL)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for _ in range(20):  # 20 x 250 characters: past PATH_MAX (4096)
            name = "d" * 250
            os.mkdir(name)
            os.chdir(name)
        Path("deep.cu").write_text(KERNEL)
    finally:
        os.chdir(cwd)
    r = smemlint(tmp_path, "check", "--no-cache", "--exit-zero", "-j", "1", ".")
    assert r.returncode == 2, r.stderr
    assert "cannot read the directory (File name too long)" in r.stderr and "Traceback" not in r.stderr


def test_a_time_out_is_not_called_a_parse_failure(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text(KERNEL)
    r = smemlint(tmp_path, "check", "--no-cache", "--file-timeout", "0.000001", "k.cu")
    assert r.returncode == 2 and "took longer than" in r.stdout
    assert "parse" not in r.stdout.replace("parsed with errors", "") and "1 not linted" in r.stdout, r.stdout
