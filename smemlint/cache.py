"""The result cache: an unchanged file costs a hash and a read, not a parse.

A result is stored under a key made of everything it depends on that is known
before parsing: the file's bytes (or the editor's text), its path, the settings,
the flags compile_commands.json gives it, the CUDA toolkit found, and smemlint
itself (version plus the size and mtime of its own source files, so editing a rule
in a checkout invalidates too). Inside the entry sit the files clang included,
each with the hash of its bytes (and its size and mtime, so an untouched header
is checked with a stat, not read and hashed): a hit needs every one of them
unchanged, and every header that was missing still absent from the directories
searched. A file that includes nothing is cached like any other.

What is stored is the portable result (results.portable: no clang objects, no IR),
pickled. Entries live in `$SMEMLINT_CACHE_DIR`, else `$XDG_CACHE_HOME/smemlint`,
else `~/.cache/smemlint`; `--no-cache` bypasses it. Results that depend on the
environment rather than the inputs (errors, timeouts, a failed analysis, --sass)
are never stored. A cache that cannot be read or written is silently skipped.

The directory is kept under a size limit (`SMEMLINT_CACHE_MAX_MB`, default 512): after a run that
stored entries, the least recently used ones (a hit touches its entry) are removed until the
results take at most 80% of it. `smemlint clean` removes the whole directory.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import re
import stat
import tempfile
import time
from pathlib import Path

from . import __version__
from .config import Settings
from .results import FileResult

FORMAT = 3  # bump when the stored layout changes
DEFAULT_MAX_MB = 512


def max_bytes() -> int:
    try:
        return max(int(float(os.environ.get("SMEMLINT_CACHE_MAX_MB", DEFAULT_MAX_MB)) * 1024 * 1024), 0)
    except ValueError:
        return DEFAULT_MAX_MB * 1024 * 1024


def cache_dir() -> Path:
    env = os.environ.get("SMEMLINT_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "smemlint"


_tool_fp: str | None = None


def tool_fingerprint() -> str:
    """smemlint's version and the (size, mtime) of every file of the package."""
    global _tool_fp
    if _tool_fp is None:
        h = hashlib.sha256(f"{FORMAT}\0{__version__}".encode())
        root = Path(__file__).parent
        for dirpath, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for n in sorted(names):
                if n.endswith((".py", ".h")) or "." not in n:
                    st = os.stat(os.path.join(dirpath, n))
                    h.update(f"{os.path.relpath(os.path.join(dirpath, n), root)}\0{st.st_size}\0{st.st_mtime_ns}\n"
                             .encode())
        _tool_fp = h.hexdigest()
    return _tool_fp


_file_hashes: dict[tuple[str, int, int], str] = {}


def file_hash(path: str) -> str | None:
    """sha256 of a file's bytes (memoised per (path, size, mtime) for this process), None if unreadable."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):  # a FIFO named .cu would block the read
        return None
    key = (path, st.st_size, st.st_mtime_ns)
    h = _file_hashes.get(key)
    if h is None:
        try:
            with open(path, "rb") as f:
                h = hashlib.sha256(f.read()).hexdigest()
        except OSError:
            return None
        _file_hashes[key] = h
    return h


def analysis_settings(settings: Settings) -> Settings:
    """The settings a stored result depends on: without the pure filters (select, ignore,
    per-path-ignores; which paths are linted), which lint.apply_filters applies to a hit, so changing
    them re-analyses nothing. (--fail-on and the output format are not settings at all.)"""
    from dataclasses import replace

    return replace(settings, select=(), ignore=(), per_path_ignores=(), exclude=(), extend_exclude=(),
                   respect_gitignore=True, force_exclude=False)


def _environment() -> str:
    from .parse.flags import find_cuda_toolkit

    return f"toolkit={find_cuda_toolkit()}"


class Cache:
    def __init__(self, settings: Settings, directory: Path | None = None) -> None:
        self.dir = directory or cache_dir()
        self.enabled = not settings.sass
        self.settings = settings
        self.base = hashlib.sha256("\0".join((tool_fingerprint(), repr(analysis_settings(settings)),
                                              _environment(), os.getcwd())).encode()).hexdigest()
        self.hits = self.misses = self.stored = 0
        self._stats: dict[str, tuple[int, int] | None] = {}

    def key(self, path: str, text: str | None = None) -> str | None:
        """The entry name for `path` (with `text` as its content if given), None if the file is unreadable."""
        from .parse.flags import ParseOptions, user_flags

        if text is not None:
            content = hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()
        else:
            content = file_hash(path)
            if content is None:
                return None
        try:
            flags = " ".join(user_flags(path, ParseOptions(compile_commands=self.settings.compile_commands)))
        except Exception:  # noqa: BLE001 - a broken compile_commands.json is the analysis' business
            flags = "?"
        h = hashlib.sha256("\0".join((self.base, path, os.path.abspath(path), content, flags,
                                      "text" if text is not None else "file")).encode())
        return h.hexdigest()

    def _stat(self, name: str) -> tuple[int, int] | None:
        """(size, mtime) of a file, read once per run: most entries share most of their headers."""
        if name not in self._stats:
            try:
                st = os.stat(name)
                self._stats[name] = (st.st_size, st.st_mtime_ns)
            except OSError:
                self._stats[name] = None
        return self._stats[name]

    def _path(self, key: str) -> Path:
        return self.dir / key[:2] / f"{key}.pickle"

    def get(self, key: str | None) -> FileResult | None:
        if not self.enabled or key is None:
            return None
        t0 = time.perf_counter()
        try:
            with open(self._path(key), "rb") as f:
                includes, result = pickle.load(f)
        except Exception:  # noqa: BLE001 - absent, truncated or from another version: a miss
            self.misses += 1
            return None
        for name, digest, size, mtime in includes:  # digest None: a header that was missing must still be absent
            if digest is None:
                if os.path.exists(name):
                    self.misses += 1
                    return None
                continue
            if self._stat(name) != (size, mtime) and file_hash(name) != digest:
                self.misses += 1
                return None
        self.hits += 1
        try:
            os.utime(self._path(key))  # recently used: the last to be evicted
        except OSError:
            pass
        result.from_cache = True
        result.seconds = time.perf_counter() - t0  # what the file cost in this run
        return result

    def put(self, key: str | None, result: FileResult) -> None:
        if not self.enabled or key is None or not cacheable(result):
            return
        includes = []
        for name in result.includes:
            digest = file_hash(name)
            try:
                st = os.stat(name)
            except OSError:
                return
            if digest is None:
                return
            includes.append((name, digest, st.st_size, st.st_mtime_ns))
        # a header that was missing invalidates the entry once it appears where it is looked for; a
        # candidate that exists already is not where clang looked (cuda-samples' interval ships a
        # boost/ that its headers include with <...>, which does not search their directory)
        missing = missing_includes(result)
        candidates = [os.path.join(d, m) for m in missing for d in self._search_dirs(result.path)]
        includes += [(c, None, 0, 0) for c in candidates if not os.path.exists(c)]
        target = self._path(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
            with os.fdopen(fd, "wb") as f:
                pickle.dump((includes, result), f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, target)
            self.stored += 1
        except Exception:  # noqa: BLE001 - a read-only or full cache directory only costs speed
            try:
                os.unlink(tmp)  # type: ignore[possibly-undefined]
            except Exception:  # noqa: BLE001
                pass

    def prune(self, limit: int | None = None) -> int:
        """Remove the least recently used results while they take more than `limit` bytes (default:
        max_bytes()), down to 80% of it; the number removed. Precompiled headers (pch/) keep their own
        limit (parse/pch.py)."""
        limit = max_bytes() if limit is None else limit
        entries = []
        try:
            for sub in self.dir.iterdir():
                if not sub.is_dir() or len(sub.name) != 2:
                    continue
                for p in sub.glob("*.pickle"):
                    try:
                        st = p.stat()
                    except OSError:
                        continue
                    entries.append((st.st_mtime, st.st_size, p))
        except OSError:
            return 0
        total = sum(size for _, size, _ in entries)
        if total <= limit:
            return 0
        removed = 0
        for _, size, p in sorted(entries, key=lambda e: e[0]):
            if total <= limit * 0.8:
                break
            try:
                p.unlink()
                total -= size
                removed += 1
            except OSError:
                pass
        return removed

    def _search_dirs(self, path: str) -> list[str]:
        """Where a missing `#include` would be found once it exists: the file's directory, -I and
        -isystem directories (settings and compile_commands.json), and the usual system directories."""
        from .parse.flags import ParseOptions, user_flags

        dirs = [os.path.dirname(os.path.abspath(path)), *self.settings.for_path(path).include, "/usr/include",
                "/usr/local/include"]
        try:
            flags = user_flags(path, ParseOptions(compile_commands=self.settings.compile_commands))
        except Exception:  # noqa: BLE001
            flags = []
        dirs += [v for f, v in zip(flags, flags[1:]) if f in ("-I", "-isystem")]
        return list(dict.fromkeys(dirs))


_MISSING_NOTE = "missing includes (analysed what parsed): "  # analysis.py's note


def missing_includes(result: FileResult) -> list[str]:
    for n in result.notes:
        if n.startswith(_MISSING_NOTE):
            return [m.strip() for m in n[len(_MISSING_NOTE):].split(",") if m.strip()]
    return []


# notes of a failure that may depend on the machine rather than the inputs (memory, recursion depth)
_FAILED = re.compile(r"analysis failed|^rule \S+ failed on this file|: could not analyse \(")


def cacheable(result: FileResult) -> bool:
    """Only results fully determined by the inputs: no error (a timeout, a crash), no failed analysis,
    and a known list of included files (possibly empty: a file without #includes)."""
    if result.status != "ok" or result.includes is None:
        return False
    return not any(_FAILED.search(n) for n in result.notes)
