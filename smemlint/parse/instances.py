"""Explicit instantiations of host function templates (issue 29 item 2): a `.cu` that only writes
`template void selective_scan_fwd_cuda<float, float>(SSMParamsBase &, cudaStream_t);` (mamba,
flash-attention: one file per type or head size) runs the template's body with those arguments, and
its launches launch concrete kernel instances. libclang lists no cursor for an explicit
instantiation, so the parse gets, after the file's own text, one function per instantiation that
takes the instance's address (`INSTANCE_ROOT`), written in the namespaces the instantiation is
written in (flash-attention's `namespace FLASH_NAMESPACE { template void run_mha_fwd_splitkv_dispatch<...>(...); }`:
the name is looked up there); host/calls.py walks the instance clang made from there. Errors clang
reports in those appended lines are not the file's (translation.py drops them). An `extern template`
declaration is not read: that instance is another file's, and clang does not instantiate its body here.
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


def macro_instances(code: str, path: str, text: str | None = None) -> list[tuple[int, str]]:
    """The explicit instantiations that macros called at file scope write: each call of a function-like
    macro (defined in the file or in a header it includes by a quoted name, looked up beside it) whose
    body starts with `template`, expanded (its parameters replaced; `#` and `##` not supported), as
    (the call's offset in `code`, the expansion). `code` is the text with comments and strings blanked;
    `text` the text itself."""
    calls = list(_INVOCATION.finditer(code))
    if not calls:
        return []
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
        out.append((call.start(), re.sub(r"\b[A-Za-z_]\w*\b", lambda m: values.get(m.group(0), m.group(0)), body) + ";"))
    return out


# what opens or closes a scope: `namespace N {` (`inline namespace`, `namespace A::B {`, an anonymous
# one), `extern "C" {` (its string blanked), any other brace
_SCOPE = re.compile(r"\b(?:inline[ \t]+)?namespace\b\s*(?P<name>[A-Za-z_]\w*(?:\s*::\s*(?:inline\s+)?[A-Za-z_]\w*)*)?\s*\{"
                    r"|\bextern\s*\"[^\"\n]*\"\s*(?P<linkage>\{)|[{}]")


def namespaces_at(code: str, offsets: list[int]) -> list[tuple[str, ...] | None]:
    """The namespaces open at each of the sorted `offsets` of `code` (comments and strings blanked),
    outermost first (`""` for an anonymous one); None where a class or function body is open there."""
    stack: list[tuple[str, ...] | None] = []  # per open brace: the namespaces it opens, () for `extern "C" {`
    out = []
    scopes = _SCOPE.finditer(code)
    m = next(scopes, None)
    for offset in offsets:
        while m is not None and m.end() <= offset:
            tok = m.group(0)
            if tok == "}":
                if stack:
                    stack.pop()
            elif m.group("linkage") is not None:
                stack.append(())
            elif tok == "{":
                stack.append(None)
            else:
                name = m.group("name")
                stack.append(tuple(re.sub(r"\binline\s+", "", n).strip() for n in name.split("::")) if name else ("",))
            m = next(scopes, None)
        out.append(None if any(s is None for s in stack) else tuple(n for s in stack for n in s))  # type: ignore[union-attr]
    return out


def scoped_instances(text: str, path: str = "") -> list[tuple[tuple[str, ...], str]]:
    """(the namespaces it is written in, `NAME<ARGS>`) of each explicit instantiation definition of a
    function template in the text (comments and strings skipped), and of each a macro called at file
    scope writes (macro_instances, in the namespaces of the call)."""
    code = _BLANK.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    found: list[tuple[int, re.Match[str]]] = [(m.start(), m) for m in _EXPLICIT.finditer(code)]
    # (the includes' names are strings: read from the text)
    for offset, expansion in macro_instances(code, path, text):
        found += [(offset, m) for m in _EXPLICIT.finditer(expansion)]
    found.sort(key=lambda x: x[0])
    scopes = namespaces_at(code, [offset for offset, _ in found])
    out: list[tuple[tuple[str, ...], str]] = []
    for (_, m), scope in zip(found, scopes):
        if "__global__" in m.group(0):  # a kernel's own instance: lowered as such, no host body to walk
            continue
        inst = (scope or (), f"{m.group('name')}<{' '.join(m.group('args').split())}>")
        if inst not in out:
            out.append(inst)
    return out[:MAX_ROOTS]


def explicit_instances(text: str, path: str = "") -> list[str]:
    """`NAME<ARGS>` of each explicit instantiation definition of a function template in the text
    (comments and strings skipped), and of each a macro called at file scope writes (macro_instances)."""
    return list(dict.fromkeys(inst for _, inst in scoped_instances(text, path)))


def instance_roots(text: str, path: str = "") -> str:
    """What the parse appends to `text`: one function taking the address of each explicit instance,
    in the namespaces the instantiation is written in (empty when there is none)."""
    insts = scoped_instances(text, path)
    if not insts:
        return ""
    body = ""
    for i, (scope, inst) in enumerate(insts):
        root = f"static void {INSTANCE_ROOT}{i}() {{ (void)&{inst}; }}"
        body += "".join(f"namespace {n} {{ " for n in scope) + root + " }" * len(scope) + "\n"
    return ("" if text.endswith("\n") else "\n") + body
