"""The bundled CUDA header, precompiled once instead of parsed for every file (and, for files parsed
with the toolkit's headers, the toolkit's Thrust and CUB: `precompiled_toolkit`).

`cuda_stub.h` is most of what clang reads for a small kernel file: parsed from
text it costs ~55 ms a file, loaded as a precompiled header (PCH) ~5 ms. With
an index that excludes declarations from precompiled headers, libclang also
stops listing the header's ~2000 declarations as top-level cursors, so the
extractor walks only what the file itself declares.

A PCH is only valid for the exact arguments it was built with (language
options, target, every -D), so it is keyed by all of them, by the libclang
library and by the bytes of the bundled headers, and stored under the cache
directory (`<cache>/pch/`, the 16 most recently used kept). It is written
atomically (parallel workers may build the same one) and never trusted
blindly: `parse.py` falls back to the plain header when a parse that used it
reports a problem with it, for example after a system header it includes was
updated. `SMEMLINT_NO_PCH=1` turns it off.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
import tempfile
from pathlib import Path

import clang.cindex as ci

KEPT = 16  # precompiled headers kept in the directory (least recently used ones are removed)
FORCED = "cuda_stub.h"  # the header the bundled mode forces into every file (parse.clang_args)
_MARKERS = ("precompiled header", "PCH file", "AST file", ".pch")  # clang's words for a PCH it rejects


def enabled() -> bool:
    return os.environ.get("SMEMLINT_NO_PCH", "") in ("", "0")


def without_forced(args: list[str]) -> list[str] | None:
    """`args` less the `-include cuda_stub.h` pair (what the PCH replaces); None if it is not there."""
    for i in range(len(args) - 1):
        if args[i] == "-include" and args[i + 1] == FORCED:
            return args[:i] + args[i + 2:]
    return None


def _key(base_args: list[str], include_dir: Path) -> str:
    h = hashlib.sha256()
    h.update(_libclang_identity().encode() + b"\0" + _headers_digest(include_dir) + b"\0")
    for a in base_args:
        h.update(a.encode("utf-8", "surrogateescape") + b"\0")
    return h.hexdigest()[:32]


@functools.lru_cache(maxsize=4)
def _headers_digest(include_dir: Path) -> bytes:
    """The bundled headers' names and bytes, hashed once per process (read for every parse, they
    cost ~1 ms a file). A header edited while a process runs still invalidates the PCH: clang
    reports it stale when it is used (rejected() below), and it is rebuilt."""
    h = hashlib.sha256()
    for p in sorted(include_dir.glob("*.h")):
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.digest()


def _libclang_identity() -> str:
    """The loaded libclang library: a PCH is only readable by the clang that wrote it."""
    try:
        name = ci.conf.lib._name
        st = os.stat(name)
        return f"{name}\0{st.st_size}\0{st.st_mtime_ns}"
    except Exception:  # noqa: BLE001 - clang also checks its own version when it reads the PCH
        return ""


def precompiled(index: ci.Index, base_args: list[str], include_dir: Path, directory: Path) -> str | None:
    """The path of a PCH of the bundled header for `base_args`, built on first use; None if it cannot be."""
    try:
        # Built from a file that includes the header, never from the header itself: found through
        # -isystem it is a system header, as when it is forced in with -include, and clang treats
        # libstdc++'s constexpr <cmath> overloads against the stub's __device__ ones differently
        # in a system header (they would clash in a main file).
        return _built(index, base_args, directory, _key(base_args, include_dir), f"#include <{FORCED}>\n")
    except Exception:  # noqa: BLE001 - no PCH only costs time: the plain header still works
        return None


def _built(index: ci.Index, args: list[str], directory: Path, key: str, wrapper_text: str) -> str | None:
    """The PCH `<key>.pch` of a wrapper header holding `wrapper_text`, parsed with `args`: reused when
    it is there, else built and written atomically (parallel workers may build the same one); None
    when the wrapper does not parse without errors (then `<key>.failed` says so to later calls)."""
    target, failed = directory / f"{key}.pch", directory / f"{key}.failed"
    if target.is_file():
        _touch(target)
        return str(target)
    if failed.is_file():
        return None
    directory.mkdir(parents=True, exist_ok=True)
    wrapper = directory / f"{key}.h"
    if not wrapper.is_file():
        fd, tmp_h = tempfile.mkstemp(suffix=".h.tmp", dir=directory)
        with os.fdopen(fd, "w") as fh:
            fh.write(wrapper_text)
        os.replace(tmp_h, wrapper)
    tu = index.parse(str(wrapper), args=args)
    if any(d.severity >= ci.Diagnostic.Error for d in tu.diagnostics):
        failed.touch()
        return None
    fd, tmp = tempfile.mkstemp(suffix=".pch.tmp", dir=directory)
    os.close(fd)
    try:
        tu.save(tmp)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    _prune(directory)
    return str(target)


# The toolkit's Thrust and CUB headers, precompiled together for the files parsed with the toolkit's
# headers that include them (cuda-samples' Thrust samples, ggml's CUB users): parsed from text they
# cost 2-3 s a file, most of all of smemlint's time on those files; loaded as one PCH ~0.2 s. A file
# gets declarations of headers it did not include; that changes no access of its own code.
TOOLKIT_PREAMBLE = (
    "thrust/device_vector.h", "thrust/host_vector.h", "thrust/device_malloc.h", "thrust/device_free.h",
    "thrust/copy.h", "thrust/fill.h", "thrust/find.h", "thrust/for_each.h", "thrust/generate.h",
    "thrust/reduce.h", "thrust/scan.h", "thrust/sort.h", "thrust/sequence.h", "thrust/transform.h",
    "thrust/unique.h", "thrust/adjacent_difference.h", "thrust/random.h", "thrust/functional.h",
    "thrust/iterator/counting_iterator.h", "thrust/iterator/discard_iterator.h",
    "thrust/iterator/transform_iterator.h", "thrust/iterator/zip_iterator.h", "cub/cub.cuh",
)
_PREAMBLE_INCLUDE = re.compile(rb"^[ \t]*#[ \t]*include[ \t]*[<\"](?:thrust|cub)/", re.M)
_USER_DIRS = ("-I", "-idirafter", "-iquote")  # the project's include directories (flags, discovery.py)
# Macros that configure Thrust, CUB, libcu++ or libstdc++ (THRUST_DEVICE_SYSTEM, CUB_NS_PREFIX,
# _GLIBCXX_USE_CXX11_ABI, NDEBUG...): defined before those headers are included, the precompiled
# ones (read without them) would be the wrong ones. An include guard or a project constant is not.
_CONFIG_MACRO = re.compile(rb"^[ \t]*#[ \t]*(?:define|undef)[ \t]+(?:THRUST_|CUB_|_?CCCL_|_?LIBCUDACXX|CUDA_|__CUDA|"
                           rb"_GLIBCXX|__GLIBCXX|NDEBUG\b|_LIBCPP)", re.M)


def wants_toolkit_preamble(text: bytes) -> bool:
    """Whether a file parsed with the toolkit's headers should get them precompiled: it includes
    Thrust or CUB itself, and defines no macro that configures them before its last such include."""
    last = None
    for last in _PREAMBLE_INCLUDE.finditer(text):
        pass
    if last is None:
        return False
    first_macro = _CONFIG_MACRO.search(text)
    return first_macro is None or first_macro.start() > last.start()


def without_user_dirs(args: list[str]) -> tuple[list[str], list[str]]:
    """`args` less the project's include directories, and those directories."""
    kept, dirs = [], []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _USER_DIRS and i + 1 < len(args):
            dirs.append(args[i + 1])
            i += 2
            continue
        joined = next((f for f in _USER_DIRS if a.startswith(f) and len(a) > len(f)), None)
        if joined is not None:
            dirs.append(a[len(joined):])
        else:
            kept.append(a)
        i += 1
    return kept, dirs


def precompiled_toolkit(index: ci.Index, args: list[str], directory: Path, beside: str = "") -> str | None:
    """The path of a PCH of TOOLKIT_PREAMBLE for `args` (a toolkit-mode parse's arguments, less the
    file), built on first use; None if it cannot be (a header of the list fails with these flags:
    remembered, so that the next files do not try again). The project's include directories are not
    part of it (each directory of a tree would otherwise build its own, 3 s apiece), unless one holds
    a thrust/ or cub/ of its own, which the file would read instead of the toolkit's: then no PCH
    (`beside`, the file's directory, is where a quoted include looks first).
    clang records every header the PCH read and rejects it when one has changed (rejected() below),
    so a toolkit update rebuilds it."""
    try:
        after = {args[i + 1] for i, a in enumerate(args[:-1]) if a == "-idirafter"} | \
            {a[len("-idirafter"):] for a in args if a.startswith("-idirafter") and len(a) > len("-idirafter")}
        args, dirs = without_user_dirs(args)
        # a directory searched after the toolkit's (-idirafter: smemlint's own stand-in cub/) shadows nothing
        if any(os.path.isdir(os.path.join(d, sub)) for d in [beside, *dirs] if d and d not in after
               for sub in ("thrust", "cub")):
            return None
        h = hashlib.sha256(b"toolkit\0" + _libclang_identity().encode() + b"\0")
        for a in [*TOOLKIT_PREAMBLE, "\0", *args]:
            h.update(a.encode("utf-8", "surrogateescape") + b"\0")
        return _built(index, args, directory, h.hexdigest()[:32],
                      "".join(f"#include <{name}>\n" for name in TOOLKIT_PREAMBLE))
    except Exception:  # noqa: BLE001 - no PCH only costs time: the headers parse from text
        return None


def _touch(path: Path) -> None:
    try:
        os.utime(path)  # marks it recently used, for _prune
    except OSError:
        pass


def _prune(directory: Path) -> None:
    """Keep the KEPT most recently used PCHs (~3.4 MB each): flag sets and smemlint versions come and go."""
    try:
        built = sorted(directory.glob("*.pch"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in built[KEPT:]:
            for p in (old, old.with_suffix(".h"), old.with_suffix(".failed")):
                p.unlink(missing_ok=True)
    except OSError:
        pass


def rejected(tu: ci.TranslationUnit, pch_path: str = "") -> bool:
    """Whether clang complained about the PCH itself (stale, or built for other options); without
    `pch_path`, about any PCH (a reparse, whose preamble was built over one)."""
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Warning:
            continue
        text = d.spelling
        if (pch_path and pch_path in text) or any(m in text for m in _MARKERS):
            return True
    return False


def discard(pch_path: str) -> None:
    try:
        os.unlink(pch_path)
    except OSError:
        pass
