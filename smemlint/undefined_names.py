"""Sizes a source uses but never defines (issue 26 item 1).

A kernel source compiled at run time (NVRTC: arrayfire's `kernel/*.cuh`, whose `TILE_DIM` and
`THREADS_Y` its host code passes as `-D` when it compiles them) leaves those names undeclared
when it is linted alone: clang reports `use of undeclared identifier 'TILE_DIM'`, the arrays they
size have no layout, and every access into them is unpredictable for a reason the author cannot
act on in the source. The file then says once what it needs (`-D TILE_DIM=...`), instead of one
"cannot be predicted" per access. Only names spelled as macros are meant (upper case, digits and
`_`): an undeclared lower-case name is an ordinary compile error.
"""
from __future__ import annotations

import re

_UNDECLARED = re.compile(r": use of undeclared identifier '([A-Z_][A-Z0-9_]*)'$")
NOTE_START = "names not defined in this source"  # coverage.py counts files by it


def undefined_macros(errors: list[str]) -> list[str]:
    """The macro-like names clang found undeclared (`file:line:col: message` strings), first use first."""
    names: dict[str, None] = {}
    for e in errors:
        m = _UNDECLARED.search(e)
        if m:
            names.setdefault(m.group(1))
    return list(names)


def note(names: list[str], headers_missing: bool = False) -> str:
    """What the file needs, once: the names and the flags that give them. With headers not found,
    the names may be theirs (cufft.h's `CUFFT_R2C`): the note says so instead of guessing NVRTC."""
    quoted = ", ".join(f"`{n}`" for n in names)
    flags = " ".join(f"-D {n}=..." for n in names)
    origin = "a header that was not found, or the -D of a runtime compile?" if headers_missing \
        else "a source compiled at run time, whose host code defines them?"
    return f"{NOTE_START}: {quoted} ({origin}); pass {flags} (or -I) to predict the accesses they size" \
        if headers_missing else f"{NOTE_START}: {quoted} ({origin}); pass {flags} to predict the accesses they size"
