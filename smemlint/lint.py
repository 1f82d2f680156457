"""Lint paths: find CUDA files, analyse each, run the rules. Shared by the CLI, tests and editors."""
from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from . import suppress
from .analysis import FileResult, analyze_file
from .config import Settings
from .diagnostics import Rule
from .rules import RULES, run_rules

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
    if result.status == "ok":
        ignored = settings.ignored_in(path)
        if ignored:  # [tool.smemlint.per-path-ignores]
            result.diagnostics = [d for d in result.diagnostics if not d.code.startswith(ignored)]
        codes = all_rules()
        result.diagnostics = suppress.apply(
            path, result.source, result.diagnostics,
            enabled=lambda c: settings.enabled(c) and not c.startswith(ignored) if ignored else settings.enabled(c),
            known=lambda c: any(code.startswith(c) for code in codes))
    return result


def all_rules() -> dict[str, Rule]:
    """Every code smemlint can report: the rules, plus SUP001 (unused suppression) from suppress.py."""
    return {**RULES, suppress.RULE.code: suppress.RULE}
