"""Explicit instantiations of host function templates (issue 29 item 2): a `.cu` that only writes
`template void selective_scan_fwd_cuda<float, float>(SSMParamsBase &, cudaStream_t);` (mamba,
flash-attention: one file per type or head size) runs the template's body with those arguments, and
its launches launch concrete kernel instances. libclang lists no cursor for an explicit
instantiation, so the parse gets, after the file's own text, one function per instantiation that
takes the instance's address (`INSTANCE_ROOT`); host/calls.py walks the instance clang made from
there. Errors clang reports in those appended lines are not the file's (translation.py drops them).
"""
from __future__ import annotations

import os
import re

INSTANCE_ROOT = "__smemlint_instance_"
MAX_ROOTS = 64

_BLANK = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', re.S)
# `template RET NAME<ARGS>(PARAMS);` at the start of a line (not `extern template`, not
# `template <...>`, not `template class X<...>;`): an explicit instantiation definition
_EXPLICIT = re.compile(r"^[ \t]*template[ \t]+(?!<)(?![ \t]*(?:class|struct|union)\b)[^;{}()<>]*?"
                       r"(?P<name>[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)[ \t]*<(?P<args>[^;{}]*?)>[ \t]*\([^;{}]*\)"
                       r"[ \t]*(?:const[ \t]*)?;", re.M)


# a macro called alone on a line at file scope (`DECL_MMQ_CASE(GGML_TYPE_Q4_0);`), and function-like
# `#define`s (continued lines too) and quoted includes, for the instantiations macros write (ggml's
# template-instances/*.cu: one `DECL_*_CASE(...)` line per instance, its `#define` in the header)
_INVOCATION = re.compile(r"^[ \t]*(?P<name>[A-Za-z_]\w*)[ \t]*\((?P<args>[^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*)\)[ \t]*;",
                         re.M)
_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(?P<name>[A-Za-z_]\w*)\((?P<params>[^)]*)\)"
                     r"(?P<body>(?:[^\n]*\\\n)*[^\n]*)", re.M)
_QUOTED = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)
MAX_HEADER = 1 << 20  # bytes of an included header read for its macros


def split_outside(text: str, opening: str = "(<[", closing: str = ")>]") -> list[str]:
    """`text` split at the commas outside the brackets (by default a macro call's arguments: braces do
    not protect a comma from the preprocessor), each part stripped."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in opening:
            depth += 1
        elif ch in closing:
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [*out, cur.strip()]


def macro_instances(code: str, path: str, text: str | None = None) -> str:
    """The explicit instantiations that macros called at file scope write: each call of a function-like
    macro (defined in the file or in a header it includes by a quoted name, looked up beside it) whose
    body starts with `template`, expanded (its parameters replaced; `#` and `##` not supported), one a line.
    `code` is the text with comments and strings blanked; `text` the text itself."""
    calls = list(_INVOCATION.finditer(code))
    if not calls:
        return ""
    texts = [code]
    folder = os.path.dirname(os.path.abspath(path)) if path else ""
    for inc in _QUOTED.findall(text if text is not None else code) if folder else ():
        try:
            with open(os.path.join(folder, inc), "rb") as fh:
                texts.append(fh.read(MAX_HEADER).decode("utf-8", errors="replace"))
        except OSError:
            continue
    macros: dict[str, tuple[list[str], str]] = {}
    for t in texts:
        for m in _DEFINE.finditer(t):
            body = " ".join(m.group("body").replace("\\\n", " ").split())
            if body.startswith("template ") and "#" not in body:
                macros[m.group("name")] = ([p.strip() for p in m.group("params").split(",")], body)
    out = []
    for call in calls:
        if call.group("name") not in macros:
            continue
        params, body = macros[call.group("name")]
        args = split_outside(call.group("args"))
        if len(args) != len(params):
            continue
        values = dict(zip(params, args))
        out.append(re.sub(r"\b[A-Za-z_]\w*\b", lambda m: values.get(m.group(0), m.group(0)), body) + ";")
    return "\n".join(out)


def explicit_instances(text: str, path: str = "") -> list[str]:
    """`NAME<ARGS>` of each explicit instantiation definition of a function template in the text
    (comments and strings skipped), and of each a macro called at file scope writes (macro_instances)."""
    code = _BLANK.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    expanded = macro_instances(code, path, text)  # (the includes' names are strings: read from the text)
    if expanded:
        code += "\n" + expanded
    out: list[str] = []
    for m in _EXPLICIT.finditer(code):
        if "__global__" in m.group(0):  # a kernel's own instance: lowered as such, no host body to walk
            continue
        inst = f"{m.group('name')}<{' '.join(m.group('args').split())}>"
        if inst not in out:
            out.append(inst)
    return out[:MAX_ROOTS]


def instance_roots(text: str, path: str = "") -> str:
    """What the parse appends to `text`: one function taking the address of each explicit instance
    (empty when there is none)."""
    insts = explicit_instances(text, path)
    if not insts:
        return ""
    body = "".join(f"static void {INSTANCE_ROOT}{i}() {{ (void)&{inst}; }}\n" for i, inst in enumerate(insts))
    return ("" if text.endswith("\n") else "\n") + body
