"""Representative instances of template kernels (issue 29 item 2): a kernel template that nothing
visible instantiates is analysed with representative template arguments instead of as a template
whose element types and sizes are unknown. Read from the file's text, before the parse: after the
closing brace of each template kernel the text defines (not one whose parameters are all values with
defaults: extract.py analyses those with the defaults), on the same line (no line moves, and the
root is in the kernel's own namespace), the parse gets a function taking the address of one
instance (`REPRESENTATIVE_ROOT`), so that clang instantiates it. lower/representatives.py uses the
instance only for a kernel no launch of the file instantiates, and only where its instantiation
gave no error (the errors it gives are not the file's: translation.py drops them).

The arguments, one per template parameter without a declared default (the defaults are clang's):
- a type parameter: `float` (a representative scalar type);
- a `bool`: `false`; an integer a `static_assert` of the kernel pins (`N == 4`): that value; an
  integer that is the kernel's whole `__launch_bounds__`: 128 (a block size); any other integer (a
  size, a count, a vector width, a dimension): 4, a small power of two, said so on every access
  ("N = 4 (a representative integer)"): the numbers are that instance's, other values may differ
  (before stop 36 such a kernel stayed a template whose addresses and element types were unknown:
  tiny-cuda-nn's grid encodings, `vec<N_POS_DIMS>`); where 4 does not compile (a `static_assert`,
  an array of `N - 4` elements) the template is analysed as before;
- any other non-type parameter: `static_cast<E>(0)`, used only where clang says E is an enum (its
  first enumerator when its enumerators are not numbered otherwise);
- a template template parameter or a parameter pack: no representative instance.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .instances import split_outside
from .written import matching_close, definitions

REPRESENTATIVE_ROOT = "__smemlint_representative_"
MAX_ROOTS = 64
BLOCK_SIZE = 128  # an integer parameter named in __launch_bounds__
INTEGER = 4  # any other integer parameter: a small power of two (a vector width, a dimension, a count)
# said beside the value; an instance analysed with it gives numbers but no findings (rules/__init__.py):
# a finding needs a value the program uses, and this one is ours
REPRESENTATIVE_INTEGER = "(a representative integer)"
_INTEGRAL = re.compile(r"^(?:const\s+)?(?:(?:unsigned|signed|short|long|int|char|size_t|ptrdiff_t|"
                       r"u?int(?:8|16|32|64)_t|index_t|uint|std::size_t|std::u?int(?:8|16|32|64)_t)\s*)+$")
_QUALIFIERS = re.compile(r"^[\s\w():,]*$")  # static, inline, __launch_bounds__(...), __device__ ... between


@dataclass(frozen=True)
class Root:
    line: int  # 1-based line of the root (the kernel's closing brace)
    start: int  # 1-based columns of the root's text on that line
    end: int
    kernel: str
    arguments: str  # `T = float, N = 128 (its __launch_bounds__)`: what was chosen (not the declared defaults)
    launch_bound: int | None = None  # the value given to the parameter that is the kernel's __launch_bounds__
    enums: tuple[str, ...] = ()  # the parameters given `static_cast<E>(0)`: used only if clang says E is an enum


def _split(params: str) -> list[str]:
    """A template parameter list's parameters (a default's braces hold its commas)."""
    return [p for p in split_outside(params, "(<[{", ")>]}") if p]


def _template_head(code: str, at: int) -> str | None:
    """The parameter list of the `template <...>` right before the kernel's head at `at`, or None."""
    start = max(0, at - 4000)
    i = code.rfind("template", start, at)
    while i >= 0:
        j = i + len("template")
        rest = code[j:at]
        if re.match(r"\s*<", rest) and (i == 0 or not (code[i - 1].isalnum() or code[i - 1] == "_")):
            lt = j + rest.index("<")
            gt = matching_close(code, lt, "<", ">")
            if gt <= at and _QUALIFIERS.match(code[gt:at]) and ";" not in code[gt:at]:
                return code[lt + 1:gt - 1]
            return None
        i = code.rfind("template", start, i)
    return None


def _argument(param: str, name: str, body: str, bounds: str) -> tuple[str, str] | None:
    """(argument text, how it is described) for one template parameter without a default."""
    m = re.match(r"^(?:typename|class)\s+([A-Za-z_]\w*)$", param)
    if m:
        return "float", f"{m.group(1)} = float"
    if "..." in param or param.startswith("template") or re.match(r"^(?:typename|class)\s*$", param):
        return None
    m = re.match(r"^(.*?)\s*\b([A-Za-z_]\w*)$", param)
    if not m or not m.group(1).strip():
        return None
    typ, var = " ".join(m.group(1).split()), m.group(2)
    if typ in ("bool", "const bool"):
        return "false", f"{var} = false"
    if _INTEGRAL.match(typ):
        pin = re.search(rf"static_assert\s*\(\s*{var}\s*==\s*(\d+)\s*[,)&]", body)
        if pin:
            return pin.group(1), f"{var} = {pin.group(1)} (its static_assert)"
        if bounds.strip("() ") == var:
            return str(BLOCK_SIZE), f"{var} = {BLOCK_SIZE} (its __launch_bounds__)"
        # a size, a count, a vector width, a dimension: a representative value, said so (a value the
        # instance cannot take, `static_assert(N % 8 == 0)`, fails to compile: the template is analysed)
        return str(INTEGER), f"{var} = {INTEGER} {REPRESENTATIVE_INTEGER}"
    if not re.match(r"^[A-Za-z_][\w:]*$", typ):
        return None
    return f"static_cast<{typ}>(0)", f"{var} = {typ}(0), the enumerator of value 0"


def representative_roots(text: str) -> tuple[str, list[Root]]:
    """The text with a root after each template kernel's body (same lines), and the roots."""
    code, found = definitions(text)
    if len(text) > len(code):
        return text, []
    inserts: list[tuple] = []  # (where, root text, kernel, arguments, bound, enum parameters)
    for name, at, brace in found:
        head = _template_head(code, at)
        if head is None:
            continue
        params = _split(head)
        close = matching_close(code, brace, "{", "}")
        # every parameter a value with a default (extract.py analyses the template with its defaults): no
        # root. (A kernel launched by name gets one too: its launch may be in a host template nothing
        # instantiates, tiny-cuda-nn's `kernel_one_blob<T><<<...>>>` in a class template's method;
        # extract.py uses it only where no launch gives an instance.)
        if all("=" in p and not re.match(r"^(?:typename|class)\b", p) for p in params):
            continue
        body = code[brace:close]
        bounds_m = re.search(r"__launch_bounds__\s*\(", code[at:brace])
        paren = at + bounds_m.end() - 1 if bounds_m else -1
        bounds = code[paren:matching_close(code, paren, "(", ")")] if bounds_m else ""
        # the arguments up to the last parameter without a default (clang fills the defaults after it)
        last = max((i for i, p in enumerate(params) if "=" not in p), default=-1)
        args, said = [], []
        for p in params[:last + 1]:
            if "=" in p:
                default = p.split("=", 1)[1].strip()
                if any(re.search(rf"\b{re.escape(q.split('=')[0].split()[-1])}\b", default)
                       for q in params if q.split('=')[0].split()):
                    args = None  # a default that names another parameter: not written out here
                    break
                args.append(default)
                continue
            chosen = _argument(p, name, body, bounds)
            if chosen is None:
                args = None
                break
            args.append(chosen[0])
            said.append(chosen[1])
        if args is None or close > len(code) or code[close - 1] != "}":
            continue
        bound = BLOCK_SIZE if any("__launch_bounds__" in x for x in said) else None
        enums = tuple(x.split(" = ", 1)[0] for x in said if x.endswith("the enumerator of value 0"))
        inserts.append((close, f"{name}<{', '.join(args)}>" if args else f"{name}<>", name, ", ".join(said), bound,
                        enums))
        if len(inserts) >= MAX_ROOTS:
            break
    if not inserts:
        return text, []
    out, roots, last = "", [], 0
    for n, (where, inst, name, said, bound, enums) in enumerate(inserts):
        root = f" static void {REPRESENTATIVE_ROOT}{n}() {{ (void)&{inst}; }}"
        out += text[last:where]
        line = out.count("\n") + 1
        col = len(out) - (out.rfind("\n") + 1) + 1  # where the root starts, after any root before it on the line
        roots.append(Root(line, col, col + len(root), name, said, bound, enums))
        out += root
        last = where
    return out + text[last:], roots
