"""Paths left out of a run: `exclude` / `extend-exclude` (configuration and command line) and the
tree's .gitignore files, through the real command line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

KERNEL = "__global__ void k(float *o) { o[threadIdx.x] = 1.0f; }\n"


def _tree(tmp_path: Path, config: str = "") -> Path:
    root = tmp_path / "repo"
    for rel in ("src/a.cu", "src/gen_b.cu", "build/c.cu", "third_party/d.cu", "src/deep/e.cu"):
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(KERNEL)
    (root / ".git").mkdir()
    (root / ".gitignore").write_text("build/\n")
    (root / "src" / ".gitignore").write_text("gen_*.cu\n")
    (root / "pyproject.toml").write_text("[tool.smemlint]\n" + config)
    return root


def _run(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smemlint", "check", "--output-format", "json", "--exit-zero",
                           "--no-cache", "-j", "1", *args], cwd=root, capture_output=True, text=True)


def _linted(root: Path, *args: str) -> set[str]:
    r = _run(root, *args)
    assert r.returncode == 0, r.stderr
    return {Path(f["path"]).as_posix() for f in json.loads(r.stdout)["files"]}


def test_gitignore_and_exclude_patterns(tmp_path: Path) -> None:
    root = _tree(tmp_path, 'exclude = ["third_party/"]\n')
    assert _linted(root, ".") == {"src/a.cu", "src/deep/e.cu"}  # build/ and gen_*.cu by .gitignore
    assert _linted(root, "--no-respect-gitignore", ".") == {"src/a.cu", "src/gen_b.cu", "build/c.cu",
                                                             "src/deep/e.cu"}
    # --exclude replaces the configured `exclude` (third_party/ comes back); extend-exclude adds to it
    assert _linted(root, "--exclude", "src/", ".") == {"third_party/d.cu"}


def test_gitignore_means_nothing_outside_a_checkout(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / ".git").rmdir()
    assert "build/c.cu" in _linted(root, ".")


def test_bad_exclude_setting_is_a_clear_error(tmp_path: Path) -> None:
    root = _tree(tmp_path, "respect-gitignore = 1\n")
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "."], cwd=root, capture_output=True, text=True)
    assert r.returncode == 2 and "respect-gitignore must be true or false" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_named_path_is_always_linted(tmp_path: Path) -> None:
    """As ruff: what the command line names is linted, excluded or ignored; only --force-exclude
    (the pre-commit hook's) applies the exclusions to it."""
    root = _tree(tmp_path, 'exclude = ["third_party/"]\n')
    assert _linted(root, "src/gen_b.cu", "src/a.cu", "build/c.cu") == {"src/a.cu", "src/gen_b.cu", "build/c.cu"}
    # a named directory that is itself excluded is walked; what is excluded below it stays out
    assert _linted(root, "third_party") == {"third_party/d.cu"}
    assert _linted(root, "build/") == {"build/c.cu"}
    assert _linted(root, "src") == {"src/a.cu", "src/deep/e.cu"}
    assert _linted(root, "--force-exclude", "src/gen_b.cu", "src/a.cu", "build/c.cu") == {"src/a.cu"}
    (root / "pyproject.toml").write_text('[tool.smemlint]\nexclude = ["third_party/"]\nforce-exclude = true\n')
    assert _linted(root, "src/gen_b.cu", "src/a.cu") == {"src/a.cu"}


def test_nothing_linted_exits_2_with_the_reason(tmp_path: Path) -> None:
    root = _tree(tmp_path, 'exclude = ["third_party/"]\n')
    r = _run(root, "--extend-exclude", "deep/,*/a.cu", ".")
    assert r.returncode == 2, r.stderr
    assert "nothing linted" in r.stderr and "excluded" in r.stderr and "./build" in r.stderr
    (root / "empty").mkdir()
    r = _run(root, "empty")
    assert r.returncode == 2 and "no .cu or .cuh file under empty" in r.stderr
    assert json.loads(r.stdout)["files"] == []  # the report is still written, empty
    r = _run(root, "--force-exclude", "third_party")
    assert r.returncode == 2 and "third_party" in r.stderr
    # pre-commit names staged files; all of them excluded with --force-exclude is not an error
    r = _run(root, "--force-exclude", "third_party/d.cu")
    assert r.returncode == 0 and "nothing to lint" in r.stderr
    assert "Traceback" not in r.stderr
