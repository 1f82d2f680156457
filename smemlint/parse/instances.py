"""Explicit instantiations of host function templates (issue 29 item 2): a `.cu` that only writes
`template void selective_scan_fwd_cuda<float, float>(SSMParamsBase &, cudaStream_t);` (mamba,
flash-attention: one file per type or head size) runs the template's body with those arguments, and
its launches launch concrete kernel instances. libclang lists no cursor for an explicit
instantiation, so the parse gets, after the file's own text, one function per instantiation that
takes the instance's address (`INSTANCE_ROOT`); host/calls.py walks the instance clang made from
there. Errors clang reports in those appended lines are not the file's (translation.py drops them).
"""
from __future__ import annotations

import re

INSTANCE_ROOT = "__smemlint_instance_"
MAX_ROOTS = 64

_BLANK = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', re.S)
# `template RET NAME<ARGS>(PARAMS);` at the start of a line (not `extern template`, not
# `template <...>`, not `template class X<...>;`): an explicit instantiation definition
_EXPLICIT = re.compile(r"^[ \t]*template[ \t]+(?!<)(?![ \t]*(?:class|struct|union)\b)[^;{}()<>]*?"
                       r"(?P<name>[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)[ \t]*<(?P<args>[^;{}]*?)>[ \t]*\([^;{}]*\)"
                       r"[ \t]*(?:const[ \t]*)?;", re.M)


def explicit_instances(text: str) -> list[str]:
    """`NAME<ARGS>` of each explicit instantiation definition of a function template in the text
    (comments and strings skipped; one written inside a macro's expansion is not seen)."""
    code = _BLANK.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    out: list[str] = []
    for m in _EXPLICIT.finditer(code):
        if "__global__" in m.group(0):  # a kernel's own instance: lowered as such, no host body to walk
            continue
        inst = f"{m.group('name')}<{' '.join(m.group('args').split())}>"
        if inst not in out:
            out.append(inst)
    return out[:MAX_ROOTS]


def instance_roots(text: str) -> str:
    """What the parse appends to `text`: one function taking the address of each explicit instance
    (empty when there is none)."""
    insts = explicit_instances(text)
    if not insts:
        return ""
    body = "".join(f"static void {INSTANCE_ROOT}{i}() {{ (void)&{inst}; }}\n" for i, inst in enumerate(insts))
    return ("" if text.endswith("\n") else "\n") + body
