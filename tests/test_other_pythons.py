"""Install-and-lint smoke test on every other Python this machine offers (issue 16, item 1).

For each interpreter found (pyenv's versions, /usr/bin/python3.*, /usr/local/bin/python3.*), one
per minor version, other than the one running the suite (which runs all of it): a fresh venv,
`pip install` of a copy of the project (not editable, so packaging and package data are tested),
`smemlint --version`, and a lint of a bundled fixture whose findings must equal this
interpreter's. The lint reads a pyproject.toml, so on 3.10 the configuration goes through `tomli`.
Interpreters older than `requires-python` must be refused by pip, not installed to crash later.

About 10 s an interpreter with pip's cache warm (libclang-ng is the large download otherwise).
"""
from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "transpose_smem.cu"
SUPPORTED = (3, 10)  # pyproject.toml's requires-python


def _version(exe: str) -> tuple[int, int] | None:
    try:
        p = subprocess.run([exe, "-c", "import sys; print(*sys.version_info[:2])"],
                           capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if p.returncode != 0:
        return None
    major, minor = map(int, p.stdout.split())
    return major, minor


def _interpreters() -> dict[tuple[int, int], str]:
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    found: dict[tuple[int, int], str] = {}
    candidates = sorted(glob.glob(f"{pyenv}/versions/3.*/bin/python")) + \
        sorted(glob.glob("/usr/bin/python3.*")) + sorted(glob.glob("/usr/local/bin/python3.*"))
    for exe in candidates:
        if not re.search(r"python(3(\.\d+)?)?$", exe) or not os.access(exe, os.X_OK):
            continue  # python3.11-config and the like
        v = _version(exe)
        if v is not None and v != tuple(sys.version_info[:2]):
            found.setdefault(v, exe)
    return found


FOUND = _interpreters()
SUPPORTED_FOUND = sorted(v for v in FOUND if v >= SUPPORTED)
OLD_FOUND = sorted(v for v in FOUND if v < SUPPORTED)
NONE_REASON = ("no Python other than the running one was found (pyenv versions, /usr/bin/python3.*, "
               "/usr/local/bin/python3.*)")


def _source_copy(dst: Path) -> Path:
    """What `pip install` needs (pyproject.toml, README.md, smemlint/), copied so the checkout stays clean."""
    dst.mkdir()
    shutil.copy2(ROOT / "pyproject.toml", dst)
    shutil.copy2(ROOT / "README.md", dst)
    shutil.copytree(ROOT / "smemlint", dst / "smemlint",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dst


def _venv(python: str, where: Path) -> Path:
    subprocess.run([python, "-m", "venv", str(where)], check=True, capture_output=True, timeout=120)
    return where / "bin"


def _lint(cmd: list[str], cwd: Path, cache: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "SMEMLINT_CACHE_DIR": str(cache), "NO_COLOR": "1"}
    return subprocess.run([*cmd, "check", "--output-format", "concise", "fixture.cu"],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    return _source_copy(tmp_path_factory.mktemp("src") / "smemlint-src")


@pytest.fixture(scope="module")
def expected(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """The fixture, a pyproject.toml selecting two rules, and what this interpreter says about them."""
    work = tmp_path_factory.mktemp("lint")
    shutil.copy2(FIXTURE, work / "fixture.cu")
    # SMEM001 and GMEM001 both fire on the fixture; the configuration keeps SMEM001 only, so a
    # configuration that was not read (tomli missing on 3.10) shows as a GMEM001 line.
    (work / "pyproject.toml").write_text('[tool.smemlint]\nselect = ["SMEM001"]\n')
    here = _lint([sys.executable, "-m", "smemlint"], work, work / "cache-here")
    assert here.returncode == 1, here.stderr
    assert "fixture.cu:76:40: SMEM001 32-way bank conflict on `big`" in here.stdout
    assert "GMEM001" not in here.stdout
    return work, here


@pytest.mark.skipif(not SUPPORTED_FOUND, reason=NONE_REASON)
@pytest.mark.parametrize("version", SUPPORTED_FOUND, ids=lambda v: "%d.%d" % v)
def test_install_and_lint(version, source, expected, tmp_path) -> None:
    work, here = expected
    bin_ = _venv(FOUND[version], tmp_path / "venv")
    pip = subprocess.run([str(bin_ / "python"), "-m", "pip", "install", "-q", str(source)],
                         capture_output=True, text=True, timeout=600)
    assert pip.returncode == 0, pip.stdout + pip.stderr

    exe = str(bin_ / "smemlint")
    v = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    project_version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M).group(1)
    assert v.returncode == 0, v.stderr
    assert v.stdout.strip() == f"smemlint, version {project_version}"

    there = _lint([exe], work, tmp_path / "cache")
    assert there.stderr == "", there.stderr  # no traceback, no warning
    assert there.returncode == 1
    assert "fixture.cu:76:40: SMEM001 32-way bank conflict on `big`" in there.stdout
    assert there.stdout == here.stdout  # the same findings, word for word, as on this interpreter


@pytest.mark.skipif(not OLD_FOUND, reason="no Python older than 3.10 on this machine")
def test_older_python_is_refused_by_pip(source, tmp_path) -> None:
    version = OLD_FOUND[-1]  # the newest unsupported one: the likeliest to be tried
    bin_ = _venv(FOUND[version], tmp_path / "venv")
    if subprocess.run([str(bin_ / "python"), "-m", "pip", "--version"], capture_output=True).returncode:
        pytest.skip(f"Python {version[0]}.{version[1]}'s venv has no pip")
    pip = subprocess.run([str(bin_ / "python"), "-m", "pip", "install", "--no-deps", str(source)],
                         capture_output=True, text=True, timeout=300)
    assert pip.returncode != 0
    assert "requires a different Python" in pip.stdout + pip.stderr
    assert not (bin_ / "smemlint").exists()
