"""A local repository holding the working tree as one commit: what the README's snippets are run
against, with `REPO_URL` and `COMMIT_SHA` filled in (its path and its HEAD). A commit, because pip
and pre-commit install from one; the working tree, so that what is tested is what is there, not
only the last commit (on a fresh clone they are the same)."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).parent.parent
GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_CONFIG_NOSYSTEM": "1"}


def git(cwd: Path, *args: str, env: dict) -> str:
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def snapshot(where: Path, env: dict) -> tuple[Path, str]:
    """The working tree's tracked and untracked (not ignored) files that installing smemlint needs
    (the package and the top-level files, not fixtures/), committed in a new repository; its path
    and HEAD."""
    repo = where / "smemlint-repo"
    repo.mkdir()
    listed = git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard", env=env)
    for rel in filter(None, listed.split("\0")):
        src = ROOT / rel
        if src.is_file() and ("/" not in rel or rel.startswith("smemlint/")):
            dst = repo / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    git(repo, "init", "-q", env=env)
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "snapshot", env=env)
    return repo, git(repo, "rev-parse", "HEAD", env=env).strip()


PLACEHOLDERS = ("REPO_URL", "COMMIT_SHA")


def fill_in(snippet: str, repo_url: str, sha: str) -> str:
    """The README's snippet with its two fill-ins filled in, and nothing else changed; a snippet
    without both is not one the README says how to pin."""
    assert all(p in snippet for p in PLACEHOLDERS), snippet
    return re.sub(r"\bCOMMIT_SHA\b", sha, re.sub(r"\bREPO_URL\b", repo_url, snippet))
