"""The syntax the host-side evaluator reads: its limits and value markers, libclang helpers for
host expressions (casts, copies, record types and their fields, subscripts, assertions), and the
small values it carries (pointer offsets). Shared by values.py and flow.py."""
from __future__ import annotations

import contextlib
import contextvars
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import clang.cindex as ci

K = ci.CursorKind

UNKNOWN = None
MAX_DEPTH = 24  # nested expressions and callers followed
MAX_CALLERS = 64  # calls of a host function whose parameter a launch reads, compared before giving up (HeCBench hexciton: 26 `benchmark(...)` calls, each passing `dim`)
NO_ARGS = "#without-arguments"  # env key: a value read main's argc, taken as 1
SWEPT = "#swept"  # env key: a value read an element of a constant array by a loop's counter (a sweep)
# env key: variables a run with command-line arguments sets otherwise (assigned in a branch on argc not
# taken, or from argc itself): their value here is the no-argument run's, one the user may change
COMMAND_LINE = "#command-line"
# env key: variables whose value read a tensor's size, which the host evaluator takes as large: each
# dimension (`x.size(0)`) 1024 (the size the device side assumes for an integer parameter), the element
# count (`x.numel()`) 1024 squared, so that a ratio of them (`numel() / size(-1)`) is large too; a
# launch's block made from them is the steady state of a large problem
ASSUMED_SIZE = "#assumed-size"
TENSOR_SIZES = {"size": 1 << 10, "numel": 1 << 20}
SIZED_PATH = "#sized-path"  # env key: the point is reached only under a condition on such a size
# env key: variables read from the command line the user gave (config.Settings.program_args): the run's
PROGRAM_ARGS = "#program-args"
TAGS = (SWEPT, COMMAND_LINE, ASSUMED_SIZE, PROGRAM_ARGS)  # the marks a value carries from the variables it read
# marks of a value read from the analysed GPU's properties: "#gpu:" + the cudaDeviceProp field read,
# "#gpu?:" + one the architecture does not fix (values.HostEvaluator._property); added to the tags as read
DEVICE_KNOWN, DEVICE_UNKNOWN = "#gpu:", "#gpu?:"
# env key: words of the branches on the way to the point whose condition the analysed GPU's properties
# decide the other way (`if (max_smem_per_block >= 176 * 1024)` on sm_90, the point in its `else`)
NOT_TAKEN = "#not-taken"
DEVICE_QUERIES = ("cudaDeviceGetAttribute",)  # runtime calls whose out-parameter the analysed GPU fixes


def device_tag(name: str, known: bool) -> str:
    return (DEVICE_KNOWN if known else DEVICE_UNKNOWN) + name


FIRST_ITERATION = "#first-iteration"  # env key: lines of the loops around the target evaluated at their first iteration
LATER_ITERATION = "#later-iteration"  # env key: (line, n) of loops whose first iteration to reach the target is the n-th
END = 1 << 62  # a position after every statement: run a statement whole  # call sites of a wrapper compared before giving up
ARITH = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "/": lambda a, b: int(a / b) if b else None, "%": lambda a, b: (abs(a) % abs(b)) * (1 if a >= 0 else -1) if b else None,
    "<<": lambda a, b: a << b if 0 <= b < 64 else None, ">>": lambda a, b: a >> b if 0 <= b < 64 else None,
    "&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b,
    "<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b), "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b), "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
    "&&": lambda a, b: int(bool(a) and bool(b)), "||": lambda a, b: int(bool(a) or bool(b)),
}
RECORD_FIELDS = {"dim3": ("x", "y", "z"), "uint3": ("x", "y", "z")}
INCREMENTS = ("pre++", "pre--", "post++", "post--")
LOOPS = (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT, K.CXX_FOR_RANGE_STMT)


# The children of each cursor, remembered for the translation unit being read (the Extractor's
# ChildrenMemo, lent by `remembered_children`): the host flow walks a function's statements again
# for every launch and caller it evaluates, and each libclang get_children() is a visit with a
# Python callback per child. The lists are shared: never changed by their readers.
_memo: contextvars.ContextVar[Callable[[ci.Cursor], list[ci.Cursor]] | None] = \
    contextvars.ContextVar("children_memo", default=None)


@contextlib.contextmanager
def remembered_children(memo: Callable[[ci.Cursor], list[ci.Cursor]]) -> Iterator[None]:
    token = _memo.set(memo)
    try:
        yield
    finally:
        _memo.reset(token)


def children_of(c: ci.Cursor) -> list[ci.Cursor]:
    memo = _memo.get()
    return memo(c) if memo is not None else list(c.get_children())


def walk(c: ci.Cursor) -> Iterator[ci.Cursor]:
    """`c` and every cursor below it, in preorder (libclang's walk_preorder, over children_of)."""
    stack = [c]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(children_of(n)))


ROUNDING = {"ceil": math.ceil, "ceilf": math.ceil, "floor": math.floor, "floorf": math.floor}


def floating(c: ci.Cursor) -> bool:
    try:
        return c.type.get_canonical().kind in (ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.LONGDOUBLE)
    except Exception:  # noqa: BLE001
        return False


INTEGERS = frozenset({ci.TypeKind.BOOL, ci.TypeKind.CHAR_U, ci.TypeKind.UCHAR, ci.TypeKind.CHAR16, ci.TypeKind.CHAR32,
                      ci.TypeKind.USHORT, ci.TypeKind.UINT, ci.TypeKind.ULONG, ci.TypeKind.ULONGLONG, ci.TypeKind.CHAR_S,
                      ci.TypeKind.SCHAR, ci.TypeKind.SHORT, ci.TypeKind.INT, ci.TypeKind.LONG, ci.TypeKind.LONGLONG})


def integral(c: ci.Cursor) -> bool:
    try:
        return c.type.get_canonical().kind in INTEGERS
    except Exception:  # noqa: BLE001
        return False


def float_literal(c: ci.Cursor) -> float | None:
    """The value of a floating literal (`1e6`, `2.5f`, `0x1p4`), None if its text is not one."""
    tokens = [t.spelling for t in c.get_tokens()]
    if len(tokens) != 1:
        return None
    text = tokens[0].rstrip("fFlL")
    try:
        return float.fromhex(text) if text.lower().startswith("0x") else float(text)
    except ValueError:
        return None


def strip(c: ci.Cursor) -> ci.Cursor:
    while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
                     K.CXX_FUNCTIONAL_CAST_EXPR) or (c.kind == K.CALL_EXPR and is_copy(c)):
        ch = [x for x in children_of(c) if x.kind.is_expression()]
        if len(ch) != 1:
            break
        c = ch[0]
    return c


def is_copy(c: ci.Cursor) -> bool:
    """An implicit copy/move constructor call (`dim3 b = a;`): one argument of the same record."""
    try:
        args = list(c.get_arguments())
        return len(args) == 1 and args[0].type.get_canonical().spelling == c.type.get_canonical().spelling
    except Exception:  # noqa: BLE001
        return False


def record_fields(t: ci.Type) -> tuple[str, ...] | None:
    t = t.get_canonical()
    if t.kind != ci.TypeKind.RECORD:
        return None
    name = record_name(t)
    if name in RECORD_FIELDS:
        return RECORD_FIELDS[name]
    decl = t.get_declaration()
    fields = tuple(f.spelling for f in decl.get_children() if f.kind == K.FIELD_DECL)
    if not fields:  # a class template's implicit instance (`Range<16>`): libclang lists no children
        try:
            fields = tuple(f.spelling for f in t.get_fields())
        except Exception:  # noqa: BLE001 - an incomplete or dependent type
            fields = ()
    return fields or None


def record_name(t: ci.Type) -> str:
    """`dim3` for `const dim3`, `struct dim3`, `::dim3`."""
    return t.get_canonical().get_declaration().spelling


def is_device_record(c: ci.Cursor) -> bool:
    """Is `c` a `cudaDeviceProp` (or a pointer to one: `at::cuda::getCurrentDeviceProperties()`)?"""
    try:
        t = strip(c).type.get_canonical()
        if t.kind == ci.TypeKind.POINTER:
            t = t.get_pointee().get_canonical()
        return t.kind == ci.TypeKind.RECORD and record_name(t) == "cudaDeviceProp"
    except Exception:  # noqa: BLE001
        return False


def default_record(t: ci.Type) -> dict | None:
    """A record default-constructed: dim3's fields are 1, others unknown."""
    fields = record_fields(t)
    if fields is None:
        return None
    one = 1 if record_name(t) == "dim3" else UNKNOWN
    out: dict = {}
    for f in t.get_canonical().get_declaration().get_children():
        if f.kind == K.FIELD_DECL:
            sub = default_record(f.type) if f.type.get_canonical().kind == ci.TypeKind.RECORD else None
            out[f.spelling] = sub if sub is not None else one
    return out or {f: one for f in fields}


ASSERTIONS = r"(assert|static_assert|TORCH_CHECK|TORCH_INTERNAL_ASSERT|CHECK|CUTE_STATIC_ASSERT)"
ASSERTION = re.compile(r"\b" + ASSERTIONS + r"\s*\(\s*\(*\s*$")
ASSERTION_CALL = re.compile(ASSERTIONS + r"\s*\(")


FILE_SCOPES = (K.TRANSLATION_UNIT, K.NAMESPACE)


def element_base(c: ci.Cursor) -> ci.Cursor:
    """The variable an lvalue's fields and elements belong to (`block` of `block[1][0].x`)."""
    base = strip(c)
    while base.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
        inner = [x for x in children_of(base) if x.kind.is_expression()]
        if not inner:
            break
        base = strip(inner[0])
    return base


def initialized(var: ci.Cursor) -> bool:
    """Is a variable declared with an initializer (not only the implicit construction of `dim3 g[3];`)?"""
    try:
        names = [t.spelling for t in var.get_tokens()]
    except Exception:  # noqa: BLE001
        return True
    after = names[names.index(var.spelling) + 1:] if var.spelling in names else names
    return any(t in ("=", "{", "(") for t in after)


def subscripted(c: ci.Cursor) -> bool:
    """Does an lvalue select an element by index somewhere (`a[i].x`, `m[1][2]`)?"""
    base = strip(c)
    while base.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
        if base.kind == K.ARRAY_SUBSCRIPT_EXPR:
            return True
        inner = [x for x in children_of(base) if x.kind.is_expression()]
        if not inner:
            return False
        base = strip(inner[0])
    return False


def is_equality_ref(c: ci.Cursor) -> bool:
    """The reference to `operator==` in a dependent call (libclang spells it "", its token is `==`)."""
    if c.kind not in (K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF):
        return False
    return c.spelling in ("==", "operator==") or [t.spelling for t in c.get_tokens()] == ["=="]


def main_parameter(param: ci.Cursor, fn: ci.Cursor) -> int | None:
    """Which parameter of the program's `int main(int argc, char **argv)` `param` is: 0 (argc), 1
    (argv), None (another function's, or not one of these two)."""
    if fn.spelling != "main" or fn.kind != K.FUNCTION_DECL or \
            (fn.semantic_parent is not None and fn.semantic_parent.kind != K.TRANSLATION_UNIT):
        return None
    params = list(fn.get_arguments())
    return params.index(param) if len(params) == 2 and param in params else None


# the C and C++ library's conversions of a string to a number: name -> integer result (else floating)
CONVERSIONS = {"atoi": True, "atol": True, "atoll": True, "strtol": True, "strtoll": True, "strtoul": True,
               "strtoull": True, "stoi": True, "stol": True, "stoll": True, "stoul": True, "stoull": True,
               "atof": False, "strtod": False, "strtof": False, "stof": False, "stod": False}
_FLOAT_PREFIX = re.compile(r"\s*[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|inf(inity)?|nan)", re.I)
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def converted(name: str, text: str, base: int = 10) -> int | float | None:
    """What `atoi(text)`, `strtol(text, 0, base)`, `std::stod(text)`... return: the number the text starts
    with (C reads a prefix and gives 0 for none; std::sto* throw then: None). `base` 0: C's 0x / 0 prefixes."""
    std = name.startswith("sto")
    if not CONVERSIONS[name]:
        m = _FLOAT_PREFIX.match(text)
        return float(m.group(0)) if m else (None if std else 0.0)
    rest = text.lstrip()
    sign = -1 if rest[:1] == "-" else 1
    rest = rest[1:] if rest[:1] in "+-" and rest else rest
    if base == 0:
        base = 16 if rest[:2] in ("0x", "0X") else 8 if rest[:1] == "0" else 10
    if base == 16 and rest[:2] in ("0x", "0X"):
        rest = rest[2:]
    if not 2 <= base <= 36:
        return None
    n = 0
    while n < len(rest) and rest[n].lower() in _DIGITS[:base]:
        n += 1
    if n == 0:
        return None if std else 0
    return sign * int(rest[:n], base)


COMPARISONS = ("strcmp", "strncmp")


def string_call(name: str, texts: list, third: object) -> int | float | None:
    """What a conversion (`atoi(s)`, `strtol(s, 0, third)`) or a comparison (`strcmp(a, b)`, `strncmp(a,
    b, third)`) of these texts returns (a text None: not known); None where that is not known."""
    if name in COMPARISONS:
        if len(texts) < 2 or not all(isinstance(t, str) for t in texts) or (name == "strncmp") != isinstance(third, int):
            return None
        a, b = (t[:third] for t in texts) if isinstance(third, int) else texts
        return (a > b) - (a < b)
    if not texts or not isinstance(texts[0], str) or not isinstance(third, int):
        return None
    return converted(name, texts[0], third)


def string_literal(c: ci.Cursor) -> str | None:
    """The text of a plain string literal (`"0.5"`); None for one with escapes or a prefix."""
    t = c.spelling
    return t[1:-1] if len(t) >= 2 and t[0] == t[-1] == '"' and "\\" not in t else None


def node_position(c: ci.Cursor) -> tuple[int, int]:
    """A cursor's identity across walks: libclang's hash and kind. Cursors of one node reached by
    different walks (get_arguments, children, the fast subtree reader) need not compare equal."""
    return (c.hash, c.kind.value)


def on_a_branch(function: ci.Cursor, at: ci.Cursor, order: dict, memo: dict) -> bool:
    """Is `at` on a branch of an `if` of `function`: inside a child of one but its first (the branches,
    and the condition after a C++17 initializer)? Only such a branch can be the one a known condition
    does not take (flow.StatementRunner._run). `order`: the function's preorder ranges (_order_of);
    `memo`: function -> the ranges of those children."""
    key = function.get_usr() or function.spelling
    if key not in memo:
        memo[key] = [order[node_position(k)] for c in walk(function) if c.kind == K.IF_STMT
                     for k in children_of(c)[1:] if node_position(k) in order]
    where = order.get(node_position(at), (-1, -1))[0]
    return any(a <= where < b for a, b in memo[key])


@dataclass(frozen=True)
class Offset:
    """A host pointer's value: `bytes` past what the variable `base` (a declaration's key) held."""
    base: str
    bytes: int


def copied(v):
    return {k: copied(x) for k, x in v.items()} if isinstance(v, dict) else v


def is_constant(decl: ci.Cursor) -> bool:
    """A `const`/`constexpr` variable: its initializer is its value wherever it is read."""
    try:
        return decl.type.is_const_qualified() or any(t.spelling == "constexpr" for t in decl.get_tokens())
    except Exception:  # noqa: BLE001
        return False
