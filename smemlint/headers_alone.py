"""A header linted alone that only parses inside the files that include it (issue 27 item 7).

llm.c's `llmc/zero.cuh` uses `cudaCheck` without including what declares it: its includers do that
first. Linted alone it has compile errors, and a run over the tree said so as if something were
wrong. When a file of the same run includes the header and parses cleanly, and nothing of the
header went without a number for it (it has no kernel, or its kernels got numbers somewhere in the
run), the note says that instead, and the header no longer counts as parsed with errors. A `.cu`
that another file includes (HeCBench's `main.cu` includes `kernels.cu` after defining its macros)
is such a header too.
"""
from __future__ import annotations

import os
import re

from .results import FileResult
from .undefined_names import NOTE_START as UNDEFINED_NOTE

HEADER_SUFFIXES = (".cuh", ".h", ".hpp", ".hh")
_COMPILE_ERRORS = re.compile(r"^(\d+) compile error\(s\); analysed what parsed")  # analysis.py's note
_PARSE_NOTES = ("missing includes", )


def _clean(r: FileResult) -> bool:
    return r.status == "ok" and not any(_COMPILE_ERRORS.match(n) or n.startswith(_PARSE_NOTES) for n in r.notes)


def explain_headers_alone(results: list[FileResult]) -> None:
    """Reword, in place, the compile-error note of each header a cleanly parsing file of the run includes."""
    includers: dict[str, str] = {}
    for r in results:
        if _clean(r):
            for inc in r.includes or ():
                includers.setdefault(os.path.realpath(inc), r.path)
    if not includers:
        return
    numbered = {os.path.realpath(k.file) for r in results for k in r.kernels
                if any(a.predictable for a in k.accesses)}
    for r in results:
        if r.status != "ok":  # a header, or a `.cu` another file includes (HeCBench's kernels.cu)
            continue
        real = os.path.realpath(r.path)
        by = includers.get(real)
        if by is None or (r.kernels and real not in numbered):
            continue
        for i, note in enumerate(r.notes):
            m = _COMPILE_ERRORS.match(note)
            if m:
                what = "header" if r.path.endswith(HEADER_SUFFIXES) else "file"
                r.notes[i] = (f"linted alone this {what} has {m.group(1)} compile error(s): it needs what its "
                              f"includers declare first; {by} includes it and parses cleanly")
        # the names it leaves undefined are its includers' (macros they define first), not -D flags to pass
        r.notes[:] = [n for n in r.notes if not n.startswith(UNDEFINED_NOTE)]
