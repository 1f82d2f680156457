"""Lint paths: find CUDA files, analyse each, run the rules. Shared by the CLI, tests and editors."""
from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from .analysis import FileResult, analyze_file
from .config import Settings
from .rules import run_rules

CUDA_SUFFIXES = (".cu", ".cuh")
_SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox"}


def collect(paths: Iterable[str]) -> tuple[list[str], list[str]]:
    """CUDA files under `paths` (directories walked, sorted) and the paths that do not exist."""
    files: list[str] = []
    missing: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
                files += [os.path.join(root, n) for n in sorted(names) if n.endswith(CUDA_SUFFIXES)]
        elif os.path.isfile(p):
            files.append(p)
        else:
            missing.append(p)
    seen: set[str] = set()
    unique = []
    for f in files:
        key = str(Path(f).resolve())
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique, missing


def lint_file(path: str, settings: Settings, text: str | None = None) -> FileResult:
    result = analyze_file(path, settings, text)
    result.diagnostics = run_rules(result, settings)
    return result
