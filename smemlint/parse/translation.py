"""Turn a CUDA source file into a libclang translation unit.

Two header modes:
- "toolkit": clang's CUDA mode over a real CUDA toolkit's headers (found through
  CUDA_HOME, CUDA_PATH, nvcc on PATH or /usr/local/cuda);
- "bundled": `-nocudainc` plus smemlint's own declarations header
  (include/cuda_stub.h), so no toolkit is needed.
"auto" (the default) uses the bundled header, which parses several times faster,
unless the file needs a header only the toolkit has (`cub/`, `thrust/`,
`cutlass/`, `cuda/std/...`: included by the file itself, or reported missing by
the bundled parse) and a toolkit is present; then the toolkit's headers, falling
back to the bundled header when that parse fails in a header. Flags from
compile_commands.json are filtered down to include paths, defines and language
options: nothing is ever executed.
"""
from __future__ import annotations

import functools
import glob
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import clang.cindex as ci

from ..cursors import nodes  # noqa: F401 - cindex's hot methods, replaced once for the process
from . import pch
from .discovery import discover
from .flags import ParseOptions, find_cuda_toolkit, user_flags
from .instances import instance_roots
from .includes import (FALLBACK_DIR, INCLUDE_DIR, LIBRARIES_DIR, STANDIN_DIR, include_dirs_of, toolkit_only,
                       wants_toolkit)
from .representative import Root, representative_roots

# CXTranslationUnit_KeepGoing: keep building the AST after a fatal error such
# as a missing project header, so what did parse can still be linted.
_KEEP_GOING = 0x200


@dataclass
class ParseResult:
    tu: ci.TranslationUnit | None
    mode: str  # "toolkit" | "bundled"
    errors: list[str] = field(default_factory=list)  # error/fatal diagnostics as "file:line:col: message"
    missing_includes: list[str] = field(default_factory=list)
    args: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # for the user: which headers were used, and why


_index: ci.Index | None = None


def get_index() -> ci.Index:
    global _index
    if _index is None:
        # Declarations that come from a precompiled header (pch.py) or an editor's preamble are
        # not listed among the top-level cursors: walks over the file's declarations stay short.
        _index = ci.Index.create(excludeDecls=True)
    return _index


@functools.cache
def _cuda_wrappers() -> str | None:
    """clang's resource directory's include/cuda_wrappers, beside the libclang in use (or None)."""
    d = Path(ci.__file__).parent / "native" / "resource" / "include" / "cuda_wrappers"
    return str(d) if d.is_dir() else None


def _libstdcxx_dirs() -> list[str]:
    """System libstdc++ include dirs: libclang-ng's bundled libc++ clashes with glibc's math.h."""
    roots = sorted(glob.glob("/usr/include/c++/[0-9]*"), key=lambda p: int(Path(p).name.split(".")[0]))
    if not roots:
        return []
    root = roots[-1]
    version = Path(root).name
    dirs = [root]
    dirs += sorted(glob.glob(f"/usr/include/*-linux-gnu/c++/{version}"))
    dirs.append(f"{root}/backward")
    return [d for d in dirs if Path(d).is_dir()]


def clang_args(mode: str, path: str, options: ParseOptions, toolkit: str | None = None,
               discovered: tuple[str, ...] = ()) -> list[str]:
    arch = options.arch if options.arch.startswith("sm_") else "sm_90"
    # every error kept, not clang's first 20: an undefined `TILE_DIM` far down a file whose headers
    # failed first is what undefined_names.py tells the user to define
    args = ["-x", "cuda", "-ferror-limit=0", f"--cuda-gpu-arch={arch}", "-Wno-unknown-cuda-version",
            "-nostdinc++"]
    for d in _libstdcxx_dirs():
        args += ["-isystem", d]
    if mode == "toolkit":
        # before the C++ library: clang's device overloads of <new>, <cmath>, <complex>, <algorithm>,
        # which the driver puts there itself but not under -nostdinc++ (CUB's placement new needs them)
        wrappers = _cuda_wrappers()
        args[args.index("-nostdinc++") + 1:args.index("-nostdinc++") + 1] = ["-isystem", wrappers] if wrappers else []
        args += [f"--cuda-path={toolkit}", "-isystem", str(STANDIN_DIR)]
        cccl = Path(str(toolkit)) / "include" / "cccl"
        if cccl.is_dir():  # CUDA 13 keeps CUB, Thrust and libcu++ here; nvcc adds it, clang does not
            args += ["-isystem", str(cccl)]
    else:
        args += ["-nocudainc", "-nocudalib", "-isystem", str(INCLUDE_DIR), "-include", "cuda_stub.h"]
    args += user_flags(path, options)
    for d in discovered:  # project headers the flags do not reach (discovery.py): searched last
        args += ["-idirafter", d]
    args += ["-idirafter", str(LIBRARIES_DIR), "-idirafter", str(FALLBACK_DIR)]
    return args


@dataclass
class _Errors:
    """What a parse's error diagnostics say about the headers it was given."""

    errors: list[str] = field(default_factory=list)  # every error, "file:line:col: message"
    missing: list[str] = field(default_factory=list)  # #includes of the user's code that were not found
    in_system_header: bool = False  # an error in the CUDA / C++ headers of the mode itself
    in_project_header: bool = False  # an error in one of the project's own headers
    from_driver: bool = False  # an error with no place: the driver's ("cannot find CUDA installation")

    @property
    def in_header(self) -> bool:
        return self.in_system_header or self.in_project_header


def from_root(d: ci.Diagnostic, main: str, roots: list[Root]) -> Root | None:
    """The representative root (representative.py) whose instantiation gave the error `d`: the root
    its place or one of its notes ("in instantiation of ... requested here") is in, or None."""
    for loc in [d.location, *(c.location for c in d.children)]:
        if loc.file is not None and loc.file.name == main:
            for r in roots:
                if loc.line == r.line and r.start <= loc.column < r.end:
                    return r
    return None


def _collect(tu: ci.TranslationUnit, roots: list[Root] = ()) -> _Errors:
    out = _Errors()
    main = tu.spelling
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Error:
            continue
        if roots and from_root(d, main, roots) is not None:
            continue  # not the file's error: a representative instance that does not compile is not used
        loc = d.location
        fname = loc.file.name if loc.file else "<unknown>"
        out.errors.append(f"{fname}:{loc.line}:{loc.column}: {d.spelling}")
        if loc.file is None:
            # "too many errors emitted, stopping now" is clang's cut-off, not an error of a header; other
            # errors without a place are the driver's ("cannot find CUDA installation"): the mode's own
            if not d.spelling.startswith("too many errors emitted"):
                out.in_system_header = out.from_driver = True
            continue
        system = loc.is_in_system_header
        if "file not found" in d.spelling and not system:
            out.missing.append(d.spelling.split("'")[1] if "'" in d.spelling else d.spelling)
        elif system:
            out.in_system_header = True  # a toolkit header missing a header of its own counts here too
        elif fname != main:
            out.in_project_header = True
    return out


# CXTranslationUnit_PrecompiledPreamble | CXTranslationUnit_CreatePreambleOnFirstParse: an editor
# reparses the same file on every edit; the headers before the first line of code are kept compiled.
_EDITING = 0x04 | 0x100


def _may_do_better(mode: str, found: _Errors, toolkit: str | None, other: str | None, needed: bool) -> bool:
    """Whether a parse with the other header mode could have fewer errors than this one.

    Only when the errors point at this mode's headers: an error inside the CUDA or C++ headers
    themselves (a toolkit clang cannot use, a stub that lacks a declaration), a missing header
    that the toolkit has, or an error in a project header while every #include was found (a
    declaration the bundled stub lacks). Errors in project headers that follow from a missing
    project header (ggml's common.cuh without ggml.h) would be the same with any CUDA headers.
    `needed`: the toolkit was chosen because the file's includes name a header only it has (Thrust,
    CUB, or a library's that a full install has: llm.c's `nvml.h`): the bundled declarations do better then only
    where clang could not use the toolkit at all, or where the project's own headers do not compile
    against this toolkit (llm.c's `cudaMemAdvise(ptr, n, advice, device)`, CUDA 12's form, under CUDA 13):
    the parse with fewer errors is kept.
    """
    if other is None:
        return False
    if mode == "toolkit" and needed:
        return found.from_driver or (found.in_project_header and not found.in_system_header)
    if found.in_system_header:
        return True
    if mode == "bundled" and toolkit and toolkit_only(found.missing, toolkit):
        return True
    return found.in_project_header and not found.missing


def parse(path: str, options: ParseOptions = ParseOptions(), text: str | None = None,
          editing: bool = False) -> ParseResult:
    """Parse `path` (or `text`, its unsaved content). `editing`: keep a preamble for `reparse`.

    One parse per file where it can be: in auto mode the headers are chosen before parsing, from
    the file's #include lines (through its project headers); a second parse, with the other
    headers, only when the first one's errors say it could do better (_may_do_better), and the
    parse with fewer errors is kept.
    """
    unsaved = [(path, text)] if text is not None else None
    unsaved, lines, roots = _with_instance_roots(path, text, unsaved)
    toolkit = find_cuda_toolkit() if options.cuda_headers in ("auto", "toolkit") else None
    try:
        found_headers = discover(path, text, include_dirs_of(user_flags(path, options)))
    except OSError:
        found_headers = []
    discovered = tuple(dict.fromkeys(d for _, d in found_headers))
    needed = False  # the includes need the toolkit's headers
    if not toolkit or options.cuda_headers == "bundled":
        modes = ["bundled"]
    elif options.cuda_headers == "toolkit":
        modes = ["toolkit", "bundled"]  # the bundled header only if the toolkit's own headers fail (below)
    elif wants_toolkit(path, text, toolkit, include_dirs_of(user_flags(path, options))):
        modes = ["toolkit", "bundled"]
        needed = True
    else:
        modes = ["bundled", "toolkit"]  # the toolkit only if the bundled parse misses one of its headers
    tried: list[ParseResult] = []
    for n, mode in enumerate(modes):
        args = clang_args(mode, path, options, toolkit, discovered)
        other = modes[n + 1] if n + 1 < len(modes) else None
        try:
            # an editor's parse uses the PCH too: its preamble is then built over the precompiled
            # header (~10 ms for a small kernel file instead of ~140 ms), and reparses stay as cheap
            tu = _parse(path, args, unsaved, _KEEP_GOING | (_EDITING if editing else 0),
                        options.pch_dir)
        except ci.TranslationUnitLoadError as e:
            tried.append(ParseResult(None, mode, [f"{path}: clang could not parse the file ({e})"], args=args))
            again = other is not None
        else:
            found = _collect(tu, roots)
            found.errors = _own_errors(found.errors, path, lines)
            tried.append(ParseResult(tu, mode, found.errors, found.missing, args))
            again = _may_do_better(mode, found, toolkit, other, needed)
        if not again:
            break
    # the first parse unless a later one has a translation unit and fewer errors
    best = tried[0]
    for r in tried[1:]:
        if r.tu is not None and (best.tu is None or len(r.errors) < len(best.errors)):
            best = r
    if best.mode == "bundled" and tried[0].mode == "toolkit":
        first = tried[0].errors[0] if tried[0].errors else "clang could not parse the file"
        best.notes.append(f"with the CUDA toolkit's headers ({toolkit}) the parse failed in a header ({first}); "
                          "parsed with smemlint's bundled CUDA declarations instead")
    for name, where in found_headers:
        best.notes.append(f'#include "{name}" is not where the -I flags point; found it in this repository at '
                          f"{where} and searched there last (pass -I or compile_commands.json to choose)")
    return best


def _parse(path: str, args: list[str], unsaved, flags: int, pch_dir: str | None) -> ci.TranslationUnit:
    """Parse with the bundled header precompiled when a PCH directory is given; plain otherwise."""
    index = get_index()
    base = pch.without_forced(args) if pch_dir and pch.enabled() else None
    if base is not None:
        built = pch.precompiled(index, base, INCLUDE_DIR, Path(pch_dir))
        if built is not None:
            try:
                tu = index.parse(path, args=["-include-pch", built, *base], unsaved_files=unsaved, options=flags)
            except ci.TranslationUnitLoadError:
                tu = None  # an unreadable PCH can make clang refuse the whole file
            if tu is not None and not pch.rejected(tu, built):
                return tu
            pch.discard(built)  # stale (a header it read changed) or unreadable: rebuilt next time
    elif pch_dir and pch.enabled() and any(a.startswith("--cuda-path=") for a in args) \
            and pch.wants_toolkit_preamble(_source_bytes(path, unsaved)):
        built = pch.precompiled_toolkit(index, args, Path(pch_dir), os.path.dirname(os.path.abspath(path)))
        if built is not None:
            try:
                tu = index.parse(path, args=["-include-pch", built, *args], unsaved_files=unsaved, options=flags)
            except ci.TranslationUnitLoadError:
                tu = None
            if tu is not None and not pch.rejected(tu, built):
                return tu
            pch.discard(built)
    return index.parse(path, args=args, unsaved_files=unsaved, options=flags)


# a launch written `k<< <grid, block>> >(...)` (Visual Studio's formatting): nvcc reads it as a launch,
# clang lexes `<<` `<` and sees none; the same text with the chevrons joined, spaces kept after them
# so that every column stays where it was
_SPLIT_LAUNCH = re.compile(r"<<(\s+)<(?!<)([^;<>]*?)>>(\s+)>")


def _joined_chevrons(text: str) -> str:
    return _SPLIT_LAUNCH.sub(lambda m: f"<<<{m.group(1)}{m.group(2)}>>>{m.group(3)}", text)


def _with_instance_roots(path: str, text: str | None, unsaved):
    """(unsaved files, lines of the file's own text or None, representative roots): the file's text
    with a representative root after each template kernel nothing may instantiate (representative.py,
    same lines), with instances.py's functions after it where it explicitly instantiates host
    templates, and with split launch chevrons joined (`<< <` ... `>> >`), else `unsaved` as it was."""
    try:
        if text is None:
            if os.path.getsize(path) > 4 * 1024 * 1024:
                return unsaved, None, []
            with open(path, "rb") as fh:
                data = fh.read()
            if (b"template" not in data and b"#include" not in data and b"<< " not in data) or b"\0" in data:
                return unsaved, None, []
            text = data.decode("utf-8", errors="replace")
        # (a macro in an included header may write the instantiation: ggml's template-instances/*.cu)
        roots = instance_roots(text, path) if "template" in text or "#include" in text else ""
    except OSError:
        return unsaved, None, []
    own, reps = representative_roots(text) if "template" in text and "__global__" in text else (text, [])
    joined = _joined_chevrons(own) if "<< " in own else own
    if not roots:
        return ([(path, joined)] if joined != text else unsaved), None, reps
    # the file's own lines: the roots start on the line after its last (instance_roots ends an unended line)
    return [(path, joined + roots)], text.count("\n") + (0 if text.endswith("\n") else 1), reps


def _own_errors(errors: list[str], path: str, lines: int | None) -> list[str]:
    """The errors less those in the lines appended after the file's own (`lines` of them)."""
    if lines is None:
        return errors
    out = []
    for e in errors:
        if e.startswith(path + ":"):
            try:
                if int(e[len(path) + 1:].split(":", 1)[0]) > lines:
                    continue
            except ValueError:
                pass
        out.append(e)
    return out


def _source_bytes(path: str, unsaved) -> bytes:
    for name, text in unsaved or ():
        if name == path:
            return text.encode("utf-8", "replace") if isinstance(text, str) else bytes(text)
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError:
        return b""


def reparse(previous: ParseResult, path: str, text: str) -> ParseResult | None:
    """Reparse `previous` (a parse of `path` made with editing=True) with the file's new text.

    Much cheaper than a fresh parse: the preamble (the headers) stays compiled. None when a
    fresh parse is needed (no translation unit, clang refused, or the parse now fails in a header).
    """
    if previous.tu is None:
        return None
    unsaved, lines, roots = _with_instance_roots(path, text, [(path, text)])
    try:
        previous.tu.reparse(unsaved_files=unsaved, options=_KEEP_GOING)
    except ci.TranslationUnitLoadError:
        return None  # e.g. the PCH its preamble was built on was pruned from the cache meanwhile
    found = _collect(previous.tu, roots)
    found.errors = _own_errors(found.errors, path, lines)
    if found.in_header or pch.rejected(previous.tu):
        return None  # a fresh parse rebuilds the PCH (or goes without it)
    return ParseResult(previous.tu, previous.mode, found.errors, found.missing, previous.args, list(previous.notes))
