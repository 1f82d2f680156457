"""The `__global__` kernels a file's text defines, read from the text alone (no parse): what the
coverage statement counts reach against. A kernel the front end never found is the worst miss, and
a count made from what was found cannot show it.

Comments and string literals (raw ones too: a kernel's source handed to NVRTC is text) are skipped;
a `__global__` inside a `#define` is not counted (the kernels such a macro makes are named where it
is expanded, which the text does not say).
"""
from __future__ import annotations

import re

# a raw string literal (`R"(...)"`, tiny-cuda-nn's NVRTC kernel sources) is text, not code
_TOKEN = re.compile(r'\bR"([^()\\\s"]{0,16})\(.*?\)\1"|//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'
                    r'\'(?:\\.|[^\'\\\n])*\'|\b__global__\b', re.S)
_NAME_BEFORE_PAREN = re.compile(r"([A-Za-z_]\w*)\s*(?:<[^<>()]*>)?\s*\($")
_NAME_AFTER = re.compile(r"\s*([A-Za-z_]\w*)\s*(?:<[^<>()]*>)?\s*\(")
_ATTRIBUTES = {"__launch_bounds__", "__cluster_dims__", "__attribute__", "__declspec", "alignas",
               "__maxnreg__", "__noinline__", "__forceinline__"}
MAX_SCAN = 4 * 1024 * 1024  # characters of a file read for kernels


def _in_define(text: str, at: int) -> bool:
    """Is position `at` inside a preprocessor directive (a `#define` body, continued lines too)?"""
    start = text.rfind("\n", 0, at) + 1
    while True:
        line = text[start:text.find("\n", start) if text.find("\n", start) >= 0 else len(text)]
        if line.lstrip().startswith("#"):
            return True
        if start == 0:
            return False
        prev_end = start - 1
        prev_start = text.rfind("\n", 0, prev_end) + 1
        if not text[prev_start:prev_end].rstrip().endswith("\\"):
            return False
        start = prev_start


def matching_close(text: str, i: int, open_: str, close: str) -> int:
    """Index just past the bracket that closes the one at `i` (len(text) if none)."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_:
            depth += 1
        elif text[j] == close:
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


def blanked(text: str) -> tuple[str, list[int]]:
    """The text with comments and strings blanked (same length, same lines), and where each
    `__global__` token is in it."""
    parts = []
    last = 0
    hits = []
    for m in _TOKEN.finditer(text):
        parts.append(text[last:m.start()])
        if m.group(0) == "__global__":
            hits.append(m.start())
            parts.append(m.group(0))
        else:
            parts.append(re.sub(r"[^\n]", " ", m.group(0)))
        last = m.end()
    parts.append(text[last:])
    return "".join(parts), hits


def definitions(text: str) -> tuple[str, list[tuple[str, int, int]]]:
    """(the blanked text, [(name, where its `__global__` is, where its body's `{` is)]) of each
    `__global__` function the text defines, in order."""
    code, hits = blanked(text[:MAX_SCAN])
    out = []
    for at in hits:
        if _in_define(code, at):
            continue
        i = at + len("__global__")
        name = None
        while i < len(code):
            paren = code.find("(", i)
            if paren < 0:
                break
            m = _NAME_BEFORE_PAREN.search(code[max(i, paren - 400):paren + 1])
            if m is None or ";" in code[i:paren] or "{" in code[i:paren]:
                break
            if m.group(1) in _ATTRIBUTES:
                i = matching_close(code, paren, "(", ")")
                continue
            close = matching_close(code, paren, "(", ")")
            after = _NAME_AFTER.match(code, close)
            if m.group(1).isupper() and after is not None and after.group(1) not in _ATTRIBUTES:
                i = close  # an attribute macro (`C10_LAUNCH_BOUNDS_1(128) name(...)`): the name follows
                continue
            name = m.group(1)
            i = close
            break
        if name is None:
            continue
        follow = re.search(r"[{;]", code[i:])
        if follow is not None and follow.group(0) == "{":
            out.append((name, at, i + follow.start()))
    return code, out


def written_kernels(text: str) -> list[tuple[str, int]]:
    """(name, line) of each `__global__` function the text defines (a declaration ending in `;` is
    not a definition), in order."""
    code, found = definitions(text)
    return [(name, code.count("\n", 0, at) + 1) for name, at, _ in found]
