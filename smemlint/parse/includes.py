"""What a file includes, read as text before any parse: the `#include` targets of a file and of the
project headers it reaches, and whether one of them is a header only a CUDA toolkit has. Where
smemlint's own CUDA declarations live (`include/`) is here too: the scan compares against them.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

INCLUDE_DIR = Path(__file__).parent / "include"
STANDIN_DIR = INCLUDE_DIR / "toolkit_standins"
# Stand-ins for libraries CUDA code is written against but a linting machine rarely has (PyTorch's
# extension API): searched after every other directory, so the real headers win where given.
FALLBACK_DIR = INCLUDE_DIR / "fallback"
# Stand-ins for CUDA's libraries (cuBLAS, cuBLASLt, cuSPARSE, cuSOLVER, cuRAND, cuFFT) that a toolkit may lack:
# searched after the toolkit's own headers, in either parse mode, so a real one wins where it exists.
LIBRARIES_DIR = INCLUDE_DIR / "libraries"

_INCLUDE_RE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.MULTILINE)
# project headers read by the include scan of one file: PyTorch's extension headers reach c10's
# `thrust/complex.h` (a toolkit-only header) after ~600 of theirs; a wrong forecast costs a whole
# second parse (32 s of CPU for torch 2.14's), the scan at most ~0.5 s
MAX_SCANNED_HEADERS = 1024
MAX_SCANNED_BYTES = 2 * 1024 * 1024


def bundled_has(header: str) -> bool:
    return (INCLUDE_DIR / header).is_file() or (LIBRARIES_DIR / header).is_file()


def toolkit_only(headers: list[str], toolkit: str) -> list[str]:
    """The headers in `headers` that the toolkit provides and the bundled stand-ins do not."""
    inc = Path(toolkit) / "include"
    return [h for h in headers if not bundled_has(h) and ((inc / h).is_file() or (inc / "cccl" / h).is_file())]


_scanned: dict[tuple[str, int, int], tuple[tuple[bytes, str], ...]] = {}


def includes_of(data: bytes) -> tuple[tuple[bytes, str], ...]:
    return tuple((m.group(1), m.group(2).decode("utf-8", "replace")) for m in _INCLUDE_RE.finditer(data))


def header_includes(path: str) -> tuple[tuple[bytes, str], ...]:
    """The #include lines of a project header, memoised by (path, size, mtime) for the process."""
    try:
        st = os.stat(path)
        key = (path, st.st_size, st.st_mtime_ns)
        found = _scanned.get(key)
        if found is None:
            with open(path, "rb") as fh:
                found = includes_of(fh.read(MAX_SCANNED_BYTES))
            _scanned[key] = found
        return found
    except OSError:
        return ()


def scan_includes(path: str, text: str | None, include_dirs: list[str]) -> list[str]:
    """Every #include target of the file and, transitively, of the project headers it reaches (found
    beside the including file or in `include_dirs`), less those that are project headers themselves.

    A textual scan: #if branches are all taken, macro-named includes are not followed. It is only
    a forecast of which headers a parse will need; the parse itself has the last word.
    """
    return list(dict.fromkeys(_included(path, text, include_dirs)))


def _included(path: str, text: str | None, include_dirs: list[str]) -> Iterator[str]:
    """scan_includes' targets as the scan meets them (repeats included)."""
    return (name for name, found in _walk(path, text, include_dirs) if found is None)


def project_headers(path: str, text: str | None, include_dirs: list[str]) -> list[str]:
    """The project headers the file reaches by #include, transitively (scan_includes' walk: found
    beside the including file or in `include_dirs`)."""
    return [found for _, found in _walk(path, text, include_dirs) if found is not None]


def _walk(path: str, text: str | None, include_dirs: list[str]) -> Iterator[tuple[str, str | None]]:
    """(target, the project header it is, or None where none is found) of each #include the scan
    meets, the found headers once each."""
    try:
        data = text.encode("utf-8", "replace") if text is not None else Path(path).read_bytes()[:MAX_SCANNED_BYTES]
    except OSError:
        return
    queue = [(os.path.dirname(os.path.abspath(path)), includes_of(data))]
    seen: set[str] = set()
    while queue:
        here, includes = queue.pop()
        for style, name in includes:
            where = ([here] if style == b'"' else []) + include_dirs
            found = next((os.path.join(d, name) for d in where if os.path.isfile(os.path.join(d, name))), None)
            if found is None:
                yield name, None
                continue
            real = os.path.realpath(found)
            if real in seen or len(seen) >= MAX_SCANNED_HEADERS:
                continue
            seen.add(real)
            yield name, real
            queue.append((os.path.dirname(found), header_includes(found)))


def wants_toolkit(path: str, text: str | None, toolkit: str | None, include_dirs: list[str] | None = None) -> bool:
    """Whether the file, or a project header it includes, includes a header only the toolkit provides."""
    if toolkit is None:
        return False
    return any(toolkit_only([name], toolkit) for name in _included(path, text, include_dirs or []))


def include_dirs_of(flags: list[str]) -> list[str]:
    return [v for f, v in zip(flags, flags[1:]) if f in ("-I", "-isystem")]


def include_lines(text: str) -> tuple[bytes, ...]:
    """The `#include` targets of a text: while they stay the same, an editor may `reparse`."""
    return tuple(_INCLUDE_RE.findall(text.encode("utf-8", errors="replace")))
