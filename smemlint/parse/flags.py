"""The flags a file is parsed with, known before parsing and without libclang: include paths,
defines and language options from the settings and compile_commands.json, and the CUDA toolkit.

Split from parse.py so that a warm run (the result cache's keys) never loads libclang.
"""
from __future__ import annotations

import glob
import json
import os
import shlex
import shutil
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ParseOptions:
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()  # "NAME" or "NAME=VALUE"
    undefines: tuple[str, ...] = ()
    forced_includes: tuple[str, ...] = ()
    std: str | None = None
    cuda_headers: str = "auto"  # "auto" | "toolkit" | "bundled"
    arch: str = "sm_90"
    compile_commands: str | None = None  # path to compile_commands.json or a directory holding one
    pch_dir: str | None = None  # where the precompiled bundled header is kept (pch.py); None: not used


def find_cuda_toolkit() -> str | None:
    """The root of a CUDA toolkit with headers, or None."""
    candidates = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH")]
    nvcc = shutil.which("nvcc")
    if nvcc:
        candidates.append(str(Path(os.path.realpath(nvcc)).parent.parent))
    candidates += ["/usr/local/cuda", *sorted(glob.glob("/usr/local/cuda-*"), reverse=True)]
    for root in candidates:
        if root and (Path(root) / "include" / "cuda_runtime.h").is_file():
            return root
    return None


# ------------------------------------------------------------ compile_commands.json

_KEEP_WITH_VALUE = {"-I", "-isystem", "-D", "-U", "-include", "--include-path", "--define-macro",
                    "--undefine-macro", "-iquote", "-idirafter"}


def filter_flags(argv: list[str], directory: str = ".") -> list[str]:
    """Keep only include paths, defines and language standard from a compiler command line."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        value = None
        flag = None
        for f in sorted(_KEEP_WITH_VALUE, key=len, reverse=True):
            if a == f and i + 1 < len(argv):
                flag, value = f, argv[i + 1]
                i += 1
                break
            if a.startswith(f) and len(a) > len(f) and f.startswith("-") and not f.startswith("--"):
                flag, value = f, a[len(f):]
                break
            if f.startswith("--") and a.startswith(f + "="):
                flag, value = f, a[len(f) + 1:]
                break
        i += 1
        if flag is None:
            if a.startswith("-std=") or a.startswith("--std="):
                std = a.split("=", 1)[1]
                out.append("-std=" + std)
            continue
        flag = {"--include-path": "-I", "--define-macro": "-D", "--undefine-macro": "-U",
                "-iquote": "-I", "-idirafter": "-isystem"}.get(flag, flag)
        if flag in ("-I", "-isystem", "-include") and not os.path.isabs(value):
            value = os.path.normpath(os.path.join(directory, value))
        out += [flag, value]
    return out


def find_compile_commands(path: str, hint: str | None) -> str | None:
    if hint:
        p = Path(hint)
        if p.is_dir():
            p = p / "compile_commands.json"
        return str(p) if p.is_file() else None
    return _compile_commands_above(os.path.dirname(os.path.realpath(path)), time.monotonic())


_CC_MEMO_SECONDS = 5.0  # a warm run asks for every file of a tree; an editor may create one meanwhile
_cc_found: dict[str, tuple[float, str | None]] = {}


def _compile_commands_above(directory: str, now: float) -> str | None:
    """The nearest compile_commands.json (or build/compile_commands.json) from `directory` up to the
    project root (.git or pyproject.toml). Each directory's answer is kept a few seconds, so the
    files of a tree share the walk up from their common parents."""
    memo = _cc_found.get(directory)
    if memo is not None and now - memo[0] <= _CC_MEMO_SECONDS:
        return memo[1]
    found: str | None = None
    for cand in (os.path.join(directory, "compile_commands.json"),
                 os.path.join(directory, "build", "compile_commands.json")):
        if os.path.isfile(cand):
            found = cand
            break
    else:
        parent = os.path.dirname(directory)
        at_root = os.path.exists(os.path.join(directory, ".git")) or \
            os.path.exists(os.path.join(directory, "pyproject.toml"))
        if not at_root and parent != directory:
            found = _compile_commands_above(parent, now)
    _cc_found[directory] = (now, found)
    return found


_cc_cache: dict[str, dict[str, list[str]]] = {}


def flags_from_compile_commands(path: str, cc_path: str | None) -> list[str]:
    if not cc_path:
        return []
    table = _cc_cache.get(cc_path)
    if table is None:
        table = {}
        try:
            entries = json.loads(Path(cc_path).read_text(encoding="utf-8", errors="replace"))
        except (OSError, ValueError):
            entries = []
        for e in entries if isinstance(entries, list) else []:
            if not isinstance(e, dict) or "file" not in e:
                continue
            directory = str(e.get("directory", "."))
            argv = e.get("arguments")
            if not isinstance(argv, list):
                try:
                    argv = shlex.split(str(e.get("command", "")))
                except ValueError:
                    argv = []
            f = os.path.normpath(os.path.join(directory, str(e["file"])))
            table[f] = filter_flags([str(a) for a in argv], directory)
        _cc_cache[cc_path] = table
    return table.get(os.path.normpath(os.path.abspath(path)), [])


def user_flags(path: str, options: ParseOptions) -> list[str]:
    flags = flags_from_compile_commands(path, find_compile_commands(path, options.compile_commands))
    for d in options.include_dirs:
        flags += ["-I", d]
    for d in options.defines:
        flags.append("-D" + d)
    for u in options.undefines:
        flags.append("-U" + u)
    for inc in options.forced_includes:
        flags += ["-include", inc]
    if options.std:
        flags.append("-std=" + options.std)
    if not any(f.startswith("-std=") for f in flags):
        flags.append("-std=c++17")
    return flags
