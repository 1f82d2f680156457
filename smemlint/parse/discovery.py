"""Project headers the command line does not point to, found in the file's own repository.

A file of a real project includes its project's headers by the paths its build system gives
(`#include "ggml.h"` with `-I include` in ggml's CMake files). Linted without those flags, the
header is missing, its types are unknown, and every access through them is "of unknown origin".
Where a quoted `#include` is found neither beside the including file nor in the given directories,
the repository the file is in (the nearest directory above it holding `.git`) is searched for it;
when exactly one directory holds it, that directory is searched too, after every other one
(`-idirafter`, so it can never hide a system or user header), and the file's notes say so.
Headers found there are scanned in turn. A file outside any repository gets nothing added.
"""
from __future__ import annotations

import os
import time

from .includes import MAX_SCANNED_BYTES, header_includes, includes_of

MAX_TREE_FILES = 50_000  # files listed per repository (a larger tree is listed up to here)
MAX_TREE_SECONDS = 2.0  # and for at most this long (once per repository and process)
MAX_ROUNDS = 4  # headers found through headers found
HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".cuh", ".inl", ".inc", ".cu", ".cpp", ".c")
_SKIPPED_DIRS = {".git", "build", "node_modules", "__pycache__", ".venv", "venv", "third_party_build"}

_trees: dict[str, dict[str, list[str]]] = {}  # repository root -> file name -> its paths


def repository_root(path: str) -> str | None:
    d = os.path.dirname(os.path.abspath(path))
    while True:
        if os.path.exists(os.path.join(d, ".git")):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def _tree(root: str) -> dict[str, list[str]]:
    files = _trees.get(root)
    if files is None:
        files = {}
        count = 0
        deadline = time.monotonic() + MAX_TREE_SECONDS
        for here, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d not in _SKIPPED_DIRS and not d.startswith("."))
            for name in names:
                if name.endswith(HEADER_SUFFIXES):
                    files.setdefault(name, []).append(os.path.join(here, name))
                    count += 1
            if count >= MAX_TREE_FILES or time.monotonic() > deadline:
                break
        _trees[root] = files
    return files


def _holder(root: str, include: str) -> str | None:
    """The one directory of the repository under which `include` (a relative path) exists."""
    base = os.path.basename(include)
    if not base or include.startswith("/") or ".." in include.split("/"):
        return None
    dirs = set()
    for full in _tree(root).get(base, []):
        if full.endswith(os.sep + include.replace("/", os.sep)):
            dirs.add(full[: len(full) - len(include) - 1])
    return dirs.pop() if len(dirs) == 1 else None


def discover(path: str, text: str | None, include_dirs: list[str]) -> list[tuple[str, str]]:
    """(header as written, directory added) for each quoted include of the file and of the project
    headers it reaches that is found nowhere it is searched for, but in exactly one directory of its
    repository. Empty outside a repository."""
    root = repository_root(path)
    if root is None:
        return []
    found: list[tuple[str, str]] = []
    dirs = list(include_dirs)
    if text is not None:
        data = text.encode("utf-8", "replace")
    else:
        try:
            with open(path, "rb") as fh:
                data = fh.read(MAX_SCANNED_BYTES)
        except OSError:
            return []
    start = includes_of(data)
    queue = [(os.path.dirname(os.path.abspath(path)), start)]
    seen: set[str] = set()
    missing: set[str] = set()
    for _ in range(MAX_ROUNDS):
        while queue:
            here, includes = queue.pop()
            for style, name in includes:
                quoted = style == b'"'
                where = ([here] if quoted else []) + dirs
                hit = next((os.path.join(d, name) for d in where if os.path.isfile(os.path.join(d, name))), None)
                if hit is None:
                    if quoted:
                        missing.add(name)
                    continue
                real = os.path.realpath(hit)
                if real not in seen and len(seen) < 256:
                    seen.add(real)
                    queue.append((os.path.dirname(hit), header_includes(hit)))
        added = False
        for name in sorted(missing):
            holder = _holder(root, name)
            if holder is not None and holder not in dirs:
                dirs.append(holder)
                found.append((name, holder))
                added = True
        if not added:
            break
        # headers that now resolve are scanned from the start (their own includes may need more)
        queue = [(os.path.dirname(os.path.abspath(path)), start)]
        seen.clear()
        missing.clear()
    return found
