"""Kernel symbols → the names smemlint prints (`tk<4>`), enough Itanium demangling for kernels.

Kernels are mangled the Itanium way by nvcc: `_Z2tkILi4EEvPK6float4Pf` is
`tk<4>(const float4*, float*)`. Only the function's own name and its template
arguments are needed to join SASS to source, so only those are decoded; an
unusual symbol falls back to its plain name (matched when unambiguous).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_BUILTIN = {"v": "void", "b": "bool", "c": "char", "a": "signed char", "h": "unsigned char", "s": "short",
            "t": "unsigned short", "i": "int", "j": "unsigned int", "l": "long", "m": "unsigned long",
            "x": "long long", "y": "unsigned long long", "f": "float", "d": "double", "e": "long double",
            "n": "__int128", "o": "unsigned __int128", "w": "wchar_t"}


class _Fail(Exception):
    pass


@dataclass(frozen=True)
class Demangled:
    scope: tuple[str, ...]  # enclosing namespaces / classes
    name: str
    template_args: tuple[str, ...] | None  # None: not a template

    @property
    def display(self) -> str:
        if self.template_args is None:
            return self.name
        return f"{self.name}<{', '.join(self.template_args)}>"


class _Reader:
    def __init__(self, s: str) -> None:
        self.s, self.i = s, 0

    def peek(self, n: int = 1) -> str:
        return self.s[self.i:self.i + n]

    def take(self, n: int = 1) -> str:
        if self.i + n > len(self.s):
            raise _Fail
        out = self.s[self.i:self.i + n]
        self.i += n
        return out

    def number(self) -> int:
        m = re.match(r"n?\d+", self.s[self.i:])
        if not m:
            raise _Fail
        self.i += m.end()
        t = m.group()
        return -int(t[1:]) if t.startswith("n") else int(t)

    def source_name(self) -> str:
        n = self.number()
        if n <= 0:
            raise _Fail
        return self.take(n)

    def type(self) -> str:
        c = self.peek()
        if c in _BUILTIN:
            self.take()
            return _BUILTIN[c]
        if c in ("P", "R"):
            self.take()
            return self.type() + (" *" if c == "P" else " &")
        if c == "K":
            self.take()
            return "const " + self.type()
        if c == "V":
            self.take()
            return "volatile " + self.type()
        if c.isdigit():
            name = self.source_name()  # a class template's instance: `18TensorListMetadataILi2EE`
            return f"{name}<{', '.join(self.template_args())}>" if self.peek() == "I" else name
        if c == "N":
            scope, name, args = self.nested()
            return "::".join(scope + (name,)) + (f"<{', '.join(args)}>" if args is not None else "")
        if self.peek(4) == "DF16" and self.peek(5) == "DF16_":
            self.take(5)
            return "_Float16"
        raise _Fail

    def template_args(self) -> tuple[str, ...]:
        if self.take() != "I":
            raise _Fail
        out = []
        while self.peek() != "E":
            if not self.peek():
                raise _Fail
            out.append(self.template_arg())
        self.take()
        return tuple(out)

    def template_arg(self) -> str:
        if self.peek() == "L":
            self.take()
            if self.peek(2) == "_Z":
                raise _Fail  # pointer-to-object argument
            ty = self.type()
            v = self.number()
            if self.take() != "E":
                raise _Fail
            return ("true" if v else "false") if ty == "bool" else str(v)
        if self.peek() == "J":
            self.take()
            inner = []
            while self.peek() != "E":
                inner.append(self.template_arg())
            self.take()
            return ", ".join(inner)
        return self.type()

    def nested(self) -> tuple[tuple[str, ...], str, tuple[str, ...] | None]:
        if self.take() != "N":
            raise _Fail
        while self.peek() in ("K", "V", "r"):
            self.take()
        parts: list[str] = []
        args = None
        while self.peek() != "E":
            if self.peek() == "I":
                args = self.template_args()
                continue
            if args is not None:
                parts[-1] += f"<{', '.join(args)}>"
                args = None
            if self.peek(2) == "St":
                self.take(2)
                parts.append("std")
                continue
            parts.append(self.source_name())
        self.take()
        if not parts:
            raise _Fail
        return tuple(parts[:-1]), parts[-1], args


def demangle(symbol: str) -> Demangled:
    """Name and template arguments of a kernel symbol; a plain (extern "C") name stays as it is."""
    if not symbol.startswith("_Z"):
        return Demangled((), symbol, None)
    r = _Reader(symbol)
    r.i = 2
    try:
        if r.peek() == "N":
            scope, name, args = r.nested()
            return Demangled(scope, name, args)
        if r.peek(2) == "St":
            r.take(2)
        name = r.source_name()
        args = r.template_args() if r.peek() == "I" else None
        return Demangled((), name, args)
    except (_Fail, IndexError):
        m = re.match(r"_ZN?(\d+)", symbol)
        if m:
            n = int(m.group(1))
            start = m.end()
            return Demangled((), symbol[start:start + n], None)
        return Demangled((), symbol, None)


def _norm(text: str) -> str:
    t = text.replace(" ", "").replace("true", "1").replace("false", "0")
    return re.sub(r"(?<=[\d])[uUlL]+", "", t)


def split_display(name: str) -> tuple[str, str | None]:
    """`tk<4, float>` → ("tk", "4,float"); `k` → ("k", None)."""
    if "<" in name and name.endswith(">"):
        base, _, rest = name.partition("<")
        return base.strip(), _norm(rest[:-1])
    return name.strip(), None


def match(kernel_name: str, symbols: list[str]) -> str | None:
    """The symbol of `symbols` that is smemlint's kernel `kernel_name` (templates included), or None."""
    base, args = split_display(kernel_name)
    same = [(s, demangle(s)) for s in symbols]
    same = [(s, d) for s, d in same if d.name == base]
    if not same:
        return None
    if args is not None:
        exact = [s for s, d in same if d.template_args is not None and _norm(",".join(d.template_args)) == args]
        if len(exact) == 1:
            return exact[0]
        if exact:
            return None
        return None if len(same) != 1 else same[0][0]
    plain = [s for s, d in same if d.template_args is None]
    if len(plain) == 1:
        return plain[0]
    return same[0][0] if len(same) == 1 else None


__all__ = ["Demangled", "demangle", "match", "split_display"]
