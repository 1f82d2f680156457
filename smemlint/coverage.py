"""How much of a run could be analysed, and why not the rest (issue 15, item 6).

A run over a tree whose include paths were not given ends with every file
"linted" and almost nothing predicted: CUTLASS's examples without `-I` give 7
kernels in 120 files. The coverage says so at the end of every run, as data
(the JSON report's `coverage`) and as one line of the text summary, with a
warning when most of the tree could not be analysed.

It is computed from portable results only (results.py), so results read back
from the cache or from a worker count the same.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass, field

from .lower.calltree import UNMODELLED_NOTE
from .parse.written import MAX_SCAN, written_kernels
from .results import FileResult
from .undefined_names import NOTE_START as UNDEFINED_NOTE

# how analysis.py and extract.py word what they could not do (their notes are the data here)
_MISSING = "missing includes (analysed what parsed): "
_COMPILE_ERRORS = re.compile(r"^\d+ compile error\(s\); analysed what parsed")
_KERNEL_FAILED = re.compile(r"^kernel .*: analysis failed|: could not analyse \(")
_NOT_INSTANTIATED = ": template kernel not instantiated by a launch"
_SASS_SKIPPED = "SASS skipped: "  # sass/facts.py: --sass was asked and no SASS was made
MOSTLY = 0.5  # under this share analysed, the run warns
REASONS = 3  # reasons named in the text line


@dataclass
class Coverage:
    files: int = 0
    files_not_linted: int = 0  # status "error": nothing analysed
    files_with_parse_errors: int = 0  # linted, but clang reported errors (missing includes among them)
    files_missing_includes: int = 0
    # linted, but nothing of what was asked could be analysed (not_analysed()): exit 2 unless --exit-zero
    files_not_analysed: int = 0
    # the __global__ functions the run's files define, counted from their text (parse/written.py), and
    # how many of them got a shared or global number in some instance: reach, counted from the source
    kernels_written: int = 0
    kernels_written_with_numbers: int = 0
    kernels_written_not_found: int = 0
    kernels_written_not_compiled: int = 0  # in #if branches the build leaves out: not counted above
    # found, with no shared or global access in any analysis (registers, local memory, textures, printf;
    # not a kernel that hands memory to a call not followed, `curand_init(..., &states[i])`): they have
    # no shared or global number to give; reach over the others is
    # kernels_written_with_numbers / (kernels_written - this)
    kernels_written_without_memory_access: int = 0
    kernels_found: int = 0
    kernels_with_predictions: int = 0  # at least one access with a number
    kernels_failed: int = 0  # found, but their analysis failed
    kernels_not_instantiated: int = 0  # templates analysed without their template arguments
    # why the kernels written without a shared or global number got none, one reason each (issue 29
    # item 7): [{"reason": ..., "kernels": n}], most kernels first
    kernels_without_numbers: list[dict] = field(default_factory=list)
    accesses: int = 0
    accesses_predicted: int = 0
    reasons: list[dict] = field(default_factory=list)  # [{"reason": ..., "files": n}], most files first
    warning: str | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def _error_kind(message: str) -> str:
    """A file's error without what is particular to the file ("took longer than 60 s ...")."""
    return re.sub(r"\s*\(.*", "", message.split(";")[0]).strip() or "could not be linted"


def predicted_files(results: list[FileResult]) -> set[str]:
    """The files (absolute) that define a kernel with a number somewhere in the run: a header that
    does not parse alone is covered when a file that includes it analysed its kernels."""
    import os

    return {os.path.abspath(k.file) for r in results for k in r.kernels if any(a.predictable for a in k.accesses)}


def not_analysed_in(results: list[FileResult]) -> dict[str, str]:
    """not_analysed() of each file of a run, by path."""
    covered = predicted_files(results)
    return {r.path: why for r in results if (why := not_analysed(r, covered))}


def not_analysed(r: FileResult, covered: set[str] | frozenset[str] = frozenset()) -> str | None:
    """Why a linted file passed without being analysed, or None: no kernel got a number because the
    file does not parse (or every kernel's analysis failed), or `--sass` was asked and no SASS could
    be made. A file that parses and simply has no kernel (host code, a header of device helpers) is
    analysed: there was nothing to predict; so is a header that does not parse alone whose kernels
    a file including it analysed (`covered`: predicted_files())."""
    import os

    if r.status != "ok":
        return None  # not linted at all: its error says why
    sass = next((n[len(_SASS_SKIPPED):] for n in r.notes if n.startswith(_SASS_SKIPPED)), None)
    failed = sum(1 for n in r.notes if _KERNEL_FAILED.search(n))
    predicted = any(a.predictable for k in r.kernels for a in k.accesses)
    compile_errors = next((n for n in r.notes if _COMPILE_ERRORS.match(n)), None)
    missing = any(n.startswith(_MISSING) for n in r.notes)
    why = None
    if not predicted and failed and not r.kernels:
        why = f"no kernel could be analysed (the analysis of {failed} kernel{'s' * (failed != 1)} failed)"
    elif not predicted and compile_errors and os.path.abspath(r.path) not in covered \
            and (r.kernels or not r.path.endswith(".cuh")):
        # (a header with no kernel, linted alone, often needs what its includer declares first)
        first = compile_errors.split("First: ", 1)[-1] if "First: " in compile_errors else ""
        n = compile_errors.split(" ", 1)[0]
        why = f"no kernel could be analysed: the file does not parse ({n} compile error(s){'; first: ' + first if first else ''})"
        if r.path.endswith((".cuh", ".h", ".hpp")):
            why += "; a header that needs its includer's declarations can be left out with `extend-exclude`"
    elif not predicted and missing and r.kernels and any(k.accesses for k in r.kernels):
        why = "no kernel could be analysed: headers are missing (see the note)"
    if sass is not None:
        sass_why = f"--sass was asked and no SASS could be made ({sass})"
        why = f"{why}; {sass_why}" if why else sass_why
    return why


def coverage(results: list[FileResult]) -> Coverage:
    c = Coverage(files=len(results))
    reasons: Counter[str] = Counter()
    unanalysed = not_analysed_in(results)
    for r in results:
        if r.status != "ok":
            c.files_not_linted += 1
            reasons[f"not linted: {_error_kind(r.error or '')}"] += 1
            continue
        if r.path in unanalysed:
            c.files_not_analysed += 1
            if any(n.startswith(_SASS_SKIPPED) for n in r.notes):
                reasons["no SASS made (--sass)"] += 1
        missing = [n[len(_MISSING):] for n in r.notes if n.startswith(_MISSING)]
        if missing:
            c.files_missing_includes += 1
            c.files_with_parse_errors += 1
            for header in {h.strip() for h in missing[0].split(",") if h.strip()}:
                reasons[f"missing include {header}"] += 1
        elif any(_COMPILE_ERRORS.match(n) for n in r.notes):
            c.files_with_parse_errors += 1
            reasons["compile errors"] += 1
        if any(n.startswith(UNDEFINED_NOTE) for n in r.notes):
            reasons["sizes not defined in the source (pass -D)"] += 1
        failed = sum(1 for n in r.notes if _KERNEL_FAILED.search(n))
        templates = sum(1 for n in r.notes if _NOT_INSTANTIATED in n)
        c.kernels_failed += failed
        c.kernels_not_instantiated += templates
        if failed:
            reasons["kernel analysis failed"] += 1
        if templates:
            reasons["template kernels not launched in the file"] += 1
        c.kernels_found += len(r.kernels) + failed
        for k in r.kernels:
            predicted = sum(1 for a in k.accesses if a.predictable)
            c.accesses += len(k.accesses)
            c.accesses_predicted += predicted
            c.kernels_with_predictions += predicted > 0
    _reach(c, results, reasons)
    c.reasons = [{"reason": why, "files": n} for why, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))]
    c.warning = _warning(c)
    return c


def _base_name(kernel: str) -> str:
    """`transpose<32, float>` -> `transpose`; `ns::k` -> `k` (the text names the function alone)."""
    return kernel.split("<", 1)[0].rsplit("::", 1)[-1]


def _written_in(r: FileResult) -> list[str]:
    if r.kernels_written is not None:
        return r.kernels_written
    # a file a worker could not finish (time, memory, a crash): its kernels are still written there
    if r.status != "ok" and any(w in (r.error or "") for w in ("--file-timeout", "--file-memory", "worker")):
        import os
        import stat

        try:  # a regular file only (a FIFO named .cu would block the read), as analysis reads it
            st = os.stat(r.path)
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_SCAN:
                return []
            with open(r.path, encoding="utf-8", errors="replace") as fh:
                return [name for name, _ in written_kernels(fh.read())]
        except OSError:
            return []
    return []


def _reach(c: Coverage, results: list[FileResult], reasons: Counter) -> None:
    """The kernels written in the run's files, and which of them were found and got a number (by
    file and name: a template's instances count for the one kernel written)."""
    import os

    written = {(os.path.abspath(r.path), name) for r in results for name in _written_in(r)}
    left_out = {(os.path.abspath(r.path), name) for r in results for name in r.kernels_not_compiled or ()}
    found, numbered = set(), set()
    memory: dict[tuple[str, str], list] = {}  # a found kernel's shared and global accesses, all instances
    library: dict[tuple[str, str], list[str]] = {}  # calls not modelled it hands memory to (lower/calltree.py)
    for r in results:
        for k in r.kernels:
            key = (os.path.abspath(k.file), _base_name(k.name))
            found.add(key)
            memory.setdefault(key, []).extend(a for a in k.accesses if a.space in ("shared", "global"))
            library.setdefault(key, []).extend(n[len(UNMODELLED_NOTE):] for n in k.notes if n.startswith(UNMODELLED_NOTE))
            if any(a.predictable and a.space in ("shared", "global") for a in k.accesses):
                numbered.add(key)
    # a header's kernel inactive in one includer's build may be compiled in another's
    left_out -= found
    written -= left_out
    c.kernels_written = len(written)
    c.kernels_written_not_compiled = len(left_out)
    c.kernels_written_with_numbers = len(written & numbered)
    missed = written - found
    c.kernels_written_not_found = len(missed)
    for _ in {path for path, _ in missed}:
        reasons["kernels written but never found"] += 1
    files = {os.path.abspath(r.path): r for r in results}
    # (a kernel whose memory is handed to a library call, `curand_init(..., &states[i])`, has memory traffic)
    c.kernels_written_without_memory_access = sum(1 for key in written
                                                  if key in memory and not memory[key] and not library.get(key))
    why: Counter[str] = Counter(_why_no_number(key, files, memory, library) for key in written - numbered)
    c.kernels_without_numbers = [{"reason": w, "kernels": n}
                                 for w, n in sorted(why.items(), key=lambda kv: (-kv[1], kv[0]))]


def _why_no_number(key: tuple[str, str], files: dict[str, FileResult], memory: dict[tuple[str, str], list],
                   library: dict[tuple[str, str], list[str]]) -> str:
    """One reason a kernel written in the source got no shared or global number."""
    if key not in memory:
        r = files.get(key[0])
        if r is None or r.status != "ok":
            return "not found: the file was not linted"
        if any(n.startswith(_MISSING) for n in r.notes):
            return "not found: the file misses includes"
        if any(_COMPILE_ERRORS.match(n) for n in r.notes):
            return "not found: the file has compile errors"
        return "not found (a template no launch instantiates, or launched only from files not linted)"
    if not memory[key] and library.get(key):
        return "found: its shared or global memory is accessed only inside calls not modelled (a library's)"
    if not memory[key]:
        r = files.get(key[0])
        if r is not None and any(n.startswith(f"{key[1]}{_NOT_INSTANTIATED}") and "cannot be predicted" in n
                                 for n in r.notes):
            return "found as a template no launch instantiates, no shared or global access seen"
        return "found, no shared or global access"
    reasons = Counter(_fold(next((a[len(_CANNOT):] for a in acc.assumptions if a.startswith(_CANNOT)),
                                 "no reason given")) for acc in memory[key])
    return "no number: " + reasons.most_common(1)[0][0]


_CANNOT = "cannot predict: "  # how an unpredictable access says why (analysis.py)


def _fold(why: str) -> str:
    """A reason without what is particular to one access (names in backticks, numbers)."""
    return re.sub(r"\b\d+\b", "N", re.sub(r"`[^`]*`", "`X`", why))


def _warning(c: Coverage) -> str | None:
    """Said only when most kernels got no number (or, no kernel found, most files did not parse): a
    tree whose kernels were all analysed is not warned about for a header its host code misses."""
    if not c.files:
        return None
    unparsed = c.files_not_linted + c.files_with_parse_errors
    if c.kernels_written:  # counted from the source: a kernel never found, or analysed in registers only, counts
        if c.kernels_written_with_numbers >= MOSTLY * c.kernels_written:
            return None
        what = (f"only {c.kernels_written_with_numbers} of {c.kernels_written} kernels written in the source got "
                "a shared or global number")
        if unparsed:
            what += "; of " + _files_part(c)
    elif c.kernels_found:
        if c.kernels_with_predictions >= MOSTLY * c.kernels_found:
            return None
        what = f"only {c.kernels_with_predictions} of {c.kernels_found} kernels got a prediction"
    elif unparsed > MOSTLY * c.files:
        # a file not linted (a time-out, a binary) is not said to be a parse failure
        what = "of " + _files_part(c)
    else:
        return None
    if c.files_missing_includes > MOSTLY * max(unparsed, 1) or c.files_missing_includes * 4 >= c.files:
        hint = "headers were not found: pass -I DIR (or -p compile_commands.json) so the files parse as they build"
    elif c.kernels_not_instantiated > MOSTLY * max(c.kernels_found, 1):
        hint = "most kernels are templates not launched in their file: lint the files that launch them too"
    else:
        hint = "see the notes of each file"
    return f"most of this tree could not be analysed ({what}); {hint}"


def _files_part(c: Coverage) -> str:
    """`N files, K not linted and M parsed with errors`."""
    parts = [f"{n} {why}" for n, why in ((c.files_not_linted, "not linted"),
                                         (c.files_with_parse_errors, "parsed with errors")) if n]
    return f"{c.files} files, " + " and ".join(parts)


def summary_line(c: Coverage) -> str:
    """One line for the text summary: how many kernels written in the source got a shared or global
    number (not how many analyses predicted something: registers only is not a number), why not the
    rest, what stood in the way."""
    if c.kernels_written:
        found = c.kernels_written - c.kernels_written_not_found
        line = f"coverage: {c.kernels_written_with_numbers} of {c.kernels_written} kernel" \
               f"{'s' * (c.kernels_written != 1)} written in the source with a shared or global number ({found} found" + \
               (f"; {c.kernels_written_not_compiled} more in #if branches this build leaves out"
                if c.kernels_written_not_compiled else "") + ")"
    else:
        line = f"coverage: {c.kernels_with_predictions} of {c.kernels_found} kernel{'s' * (c.kernels_found != 1)} " \
               f"with predictions"
    if c.kernels_without_numbers:
        line += "; without a number: " + ", ".join(f"{r['reason']} ({r['kernels']})"
                                                    for r in c.kernels_without_numbers[:REASONS])
    if c.files_with_parse_errors:
        line += f"; {c.files_with_parse_errors} of {c.files} file{'s' * (c.files != 1)} parsed with errors"
    if c.files_not_analysed:
        line += f"; {c.files_not_analysed} file{'s' * (c.files_not_analysed != 1)} not analysed"
    if c.reasons:
        line += "; main reasons: " + ", ".join(f"{r['reason']} ({r['files']} file{'s' * (r['files'] != 1)})"
                                              for r in c.reasons[:REASONS])
    return line
