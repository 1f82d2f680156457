"""The pre-commit hook, installed by the real `pre-commit` from the README's snippet into a throwaway
repository, blocking a commit with a bank conflict and letting the fixed one through.

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


from kernels import transpose
from readme import readme_block
from snapshot import GIT_ENV, fill_in, git, snapshot

ROOT = Path(__file__).parent.parent
CONFLICT = transpose()
FIXED = CONFLICT.replace("tile[32][32]", "tile[32][33]")


def _pre_commit() -> list[str]:
    exe = shutil.which("pre-commit", path=os.path.dirname(sys.executable)) or shutil.which("pre-commit")
    # the test extra installs it: a run without it has not checked the snippet, so it fails
    assert exe is not None, "pre-commit is not installed (pip install -e '.[test]')"
    return [exe]


def test_readme_names_no_ref_that_does_not_exist() -> None:
    """Every snippet that installs smemlint pins what the README says to fill in (REPO_URL, COMMIT_SHA),
    never an invented tag or a `<you>` to guess at."""
    readme = (ROOT / "README.md").read_text()
    assert "<you>" not in readme and not re.search(r"@v\d+\.\d+|rev: v\d", readme)
    block = readme_block("# .pre-commit-config.yaml")
    assert re.search(r"repo: REPO_URL\b", block) and re.search(r"rev: COMMIT_SHA\b", block), block
    assert "**`REPO_URL`**" in readme and "**`COMMIT_SHA`**" in readme and "git rev-parse HEAD" in readme


def test_hook_fails_on_conflict_and_passes_when_fixed(tmp_path: Path) -> None:
    pre_commit = _pre_commit()
    env = {**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}
    env.pop("PRE_COMMIT_COLOR", None)

    hook_repo, sha = snapshot(tmp_path, env)

    # The user's repository, with a kernel that has a 32-way bank conflict
    user = tmp_path / "user"
    user.mkdir()
    git(user, "init", "-q", env=env)
    (user / "kernels").mkdir()
    (user / "kernels" / "transpose.cu").write_text(CONFLICT)
    (user / "kernels" / "notes.txt").write_text("not CUDA\n")
    git(user, "add", "-A", env=env)

    # The README's snippet, as pasted, with REPO_URL and COMMIT_SHA filled in (the local repository, its HEAD)
    config = fill_in(readme_block("# .pre-commit-config.yaml"), str(hook_repo), sha)
    (user / ".pre-commit-config.yaml").write_text(config)
    git(user, "add", "-A", env=env)

    # as the README says: the hook installed in the repository, then a commit
    subprocess.run([*pre_commit, "install"], cwd=user, env=env, check=True, capture_output=True, timeout=60)

    def commit() -> subprocess.CompletedProcess:
        return subprocess.run(["git", "commit", "-q", "-m", "kernels"], cwd=user, env=env, capture_output=True,
                              text=True, timeout=540)

    r = commit()
    out = r.stdout + r.stderr
    assert r.returncode == 1, out  # blocked
    assert "smemlint" in out and "Failed" in out, out
    assert "kernels/transpose.cu:6:43: warning: 32-way bank conflict" in out, out
    assert git(user, "rev-list", "--all", env=env).strip() == ""  # nothing was committed

    (user / "kernels" / "transpose.cu").write_text(FIXED)
    git(user, "add", "-A", env=env)
    r = commit()
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert "Passed" in out, out
