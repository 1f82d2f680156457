"""The pre-commit hook, run by the real `pre-commit try-repo` against this repository.

The hook's environment is built by pre-commit itself: it pip-installs this project (and its
dependencies, libclang-ng the largest) from a snapshot of the working tree, so the test needs
PyPI (or a warm pip cache). Expect about a minute the first time, less with pip's cache warm.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kernels import transpose
from readme import readme_block

ROOT = Path(__file__).parent.parent
CONFLICT = transpose()
FIXED = CONFLICT.replace("tile[32][32]", "tile[32][33]")
GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_CONFIG_NOSYSTEM": "1"}


def _git(cwd: Path, *args: str, env: dict) -> str:
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def _pre_commit() -> list[str]:
    exe = shutil.which("pre-commit", path=os.path.dirname(sys.executable)) or shutil.which("pre-commit")
    if exe is None:
        pytest.skip("pre-commit is not installed (pip install -e '.[test]')")
    return [exe]


def test_readme_pins_a_tag_of_this_repository() -> None:
    rev = re.search(r"rev: (\S+)", readme_block("# .pre-commit-config.yaml")).group(1)
    tags = subprocess.run(["git", "tag", "--list"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    if not (ROOT / ".git").exists() or not tags:
        pytest.skip("not a git checkout with its tags (a source archive)")
    assert rev in tags, f"the README pins {rev}, which is not a tag of this repository: {tags}"


def test_hook_fails_on_conflict_and_passes_when_fixed(tmp_path: Path) -> None:
    pre_commit = _pre_commit()
    env = {**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}
    env.pop("PRE_COMMIT_COLOR", None)

    # A snapshot of this working tree (tracked and untracked, not ignored files) as a one-commit repo:
    # try-repo installs the hook from a commit, and this tests what is in the tree, not only HEAD.
    hook_repo = tmp_path / "smemlint-repo"
    hook_repo.mkdir()
    listed = _git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard", env=env)
    for rel in filter(None, listed.split("\0")):
        src = ROOT / rel
        # what `pip install` of the hook needs: the package and the top-level files (not fixtures/)
        if src.is_file() and ("/" not in rel or rel.startswith("smemlint/")):
            dst = hook_repo / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    _git(hook_repo, "init", "-q", env=env)
    _git(hook_repo, "add", "-A", env=env)
    _git(hook_repo, "commit", "-q", "-m", "snapshot", env=env)

    # The user's repository, with a kernel that has a 32-way bank conflict
    user = tmp_path / "user"
    user.mkdir()
    _git(user, "init", "-q", env=env)
    (user / "kernels").mkdir()
    (user / "kernels" / "transpose.cu").write_text(CONFLICT)
    (user / "kernels" / "notes.txt").write_text("not CUDA\n")
    _git(user, "add", "-A", env=env)

    # The README's snippet, as pasted, with only the repository and its revision pointed at the snapshot
    snippet = readme_block("# .pre-commit-config.yaml")
    assert re.search(r"rev: v\d+\.\d+\.\d+", snippet), snippet
    sha = _git(hook_repo, "rev-parse", "HEAD", env=env).strip()
    config = re.sub(r"repo: \S+", f"repo: {hook_repo}", snippet)
    config = re.sub(r"rev: \S+", f"rev: {sha}", config)
    (user / ".pre-commit-config.yaml").write_text(config)
    _git(user, "add", "-A", env=env)

    def try_repo() -> subprocess.CompletedProcess:
        return subprocess.run([*pre_commit, "run", "--all-files", "--color", "never"],
                              cwd=user, env=env, capture_output=True, text=True, timeout=540)

    r = try_repo()
    out = r.stdout + r.stderr
    assert r.returncode == 1, out
    assert "smemlint" in out and "Failed" in out, out
    assert "kernels/transpose.cu:6:43: warning: 32-way bank conflict" in out, out

    (user / "kernels" / "transpose.cu").write_text(FIXED)
    _git(user, "add", "-A", env=env)
    r = try_repo()
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert "Passed" in out, out
