"""Cheaper ways to read a libclang AST than cindex's own.

Every call through ctypes costs microseconds, and `Cursor.get_children()` is the costliest
of the common ones: it builds a new ctypes callback object per call and returns fresh
Cursor objects, which carry none of the properties (kind, type, spelling, extent) already
read from earlier copies of the same cursors. The extraction stage lowers thousands of
cursors per file, so it reads children through here.
"""
from __future__ import annotations

import ctypes

import clang.cindex as ci

from ..ir import Span

_lib = ci.conf.lib
_CONTINUE, _RECURSE, _BREAK = 1, 2, 0  # CXChildVisitResult
MAX_WALK = 100_000  # cursors visited per function when looking for launches and calls

# ------------------------------------------------------------ cindex methods, replaced for the process
#
# Null checks and kinds without a call per question (parse.py imports this module, so every
# process that parses has them). `Cursor.kind` goes through cindex's null-cursor guard and
# `CursorKind.from_id` (an Enum call) each time, and `CursorKind.is_expression()` and
# `is_attribute()` call into libclang: together a few microseconds per question, asked several
# times for each of thousands of cursors. The answers are fixed per kind, so they are looked up
# in tables built once. A kind id that cindex does not know still raises as before (through
# from_id). The guard is not needed for `kind`: cindex never hands out a null cursor (they come
# back as None), and the raw kind of one is INVALID_FILE anyway.

_CURSOR_KINDS = dict(ci.CursorKind._value2member_map_)
_TYPE_KINDS = dict(ci.TypeKind._value2member_map_)
_EXPRESSION_KINDS = frozenset(k for k in ci.CursorKind if ci.conf.lib.clang_isExpression(k))
_ATTRIBUTE_KINDS = frozenset(k for k in ci.CursorKind if ci.conf.lib.clang_isAttribute(k))


def _cursor_kind(self: ci.Cursor) -> ci.CursorKind:
    kind = _CURSOR_KINDS.get(self._kind_id)
    return kind if kind is not None else ci.CursorKind.from_id(self._kind_id)


def _type_kind(self: ci.Type) -> ci.TypeKind:
    kind = _TYPE_KINDS.get(self._kind_id)
    return kind if kind is not None else ci.TypeKind.from_id(self._kind_id)


def _is_expression(self: ci.CursorKind) -> bool:
    return self in _EXPRESSION_KINDS


def _is_attribute(self: ci.CursorKind) -> bool:
    return self in _ATTRIBUTE_KINDS


def _is_null(self: ci.Cursor) -> bool:
    """cindex's Cursor.is_null without a call into libclang: clang_getNullCursor() is
    {CXCursor_InvalidFile, 0, {NULL, NULL, NULL}}. cindex checks it before every method of every
    cursor (~8000 times for a small file), and the ctypes call was a tenth of the extraction time."""
    return self._kind_id == _INVALID_FILE and not any(self.data)


_INVALID_FILE = ci.CursorKind.INVALID_FILE.value

def _unguarded(f):
    """The method cindex's `cursor_null_guard` wraps (`f` itself where it wraps none)."""
    if getattr(f, "__name__", "") == "inner" and f.__closure__:
        inner = [cell.cell_contents for cell in f.__closure__ if callable(cell.cell_contents)]
        if len(inner) == 1:
            return inner[0]
    return f


# The guard costs a Python call and an is_null() before every method and property of every cursor
# (~950,000 of them lowering flash-attention's backward kernels); it is never needed here, for the
# reason above. Each guarded method is replaced by the one it wraps.
for _name, _attr in list(vars(ci.Cursor).items()):
    if isinstance(_attr, property) and _unguarded(_attr.fget) is not _attr.fget:
        setattr(ci.Cursor, _name, property(_unguarded(_attr.fget), doc=_attr.__doc__))
    elif callable(_attr) and _unguarded(_attr) is not _attr:
        setattr(ci.Cursor, _name, _unguarded(_attr))

_MISSING = object()


def _kept(method, name: str):
    """`method` (of no argument) asked of libclang once per object and kept on it, as cindex keeps a
    cursor's spelling, type and extent. A Type or a Cursor object stands for one fixed entity, and
    lowering asks the same ones the same questions many times: the canonical type, its spelling,
    size and pointee (118,000 canonical types of 17,000 types for flash-attention's backward file)."""
    slot = "_kept_" + name

    def kept(self):
        known = self.__dict__.get(slot, _MISSING)
        if known is _MISSING:
            known = self.__dict__[slot] = method(self)
        return known
    kept.__doc__ = method.__doc__
    return kept


def _kept_iterator(method, name: str):
    """As `_kept`, for a method that returns an iterator: its items are kept, a new iterator each time."""
    listed = _kept(lambda self: list(method(self)), name)

    def kept(self):
        return iter(listed(self))
    kept.__doc__ = method.__doc__
    return kept


for _name in ("get_canonical", "get_pointee", "get_size", "get_align", "is_const_qualified", "get_declaration"):
    setattr(ci.Type, _name, _kept(getattr(ci.Type, _name), _name))
for _name in ("spelling", "element_type"):
    setattr(ci.Type, _name, property(_kept(getattr(ci.Type, _name).fget, _name)))
for _name in ("get_usr", "get_definition", "get_num_template_arguments"):
    setattr(ci.Cursor, _name, _kept(getattr(ci.Cursor, _name), _name))
ci.Cursor.get_arguments = _kept_iterator(ci.Cursor.get_arguments, "get_arguments")  # type: ignore[method-assign]

ci.Cursor.is_null = _is_null  # type: ignore[method-assign]
ci.Cursor.kind = property(_cursor_kind)  # type: ignore[method-assign,assignment]
ci.Type.kind = property(_type_kind)  # type: ignore[method-assign,assignment]
ci.CursorKind.is_expression = _is_expression  # type: ignore[method-assign]
ci.CursorKind.is_attribute = _is_attribute  # type: ignore[method-assign]


def _append_child(child: ci.Cursor, _parent: ci.Cursor, out: list) -> int:
    out.append(child)
    return _CONTINUE


_APPEND_CHILD = ci.cursor_visit_callback(_append_child)  # made once, not once per visit


def children(c: ci.Cursor) -> list[ci.Cursor]:
    """The children of `c`, as `list(c.get_children())` gives them."""
    out: list[ci.Cursor] = []
    _lib.clang_visitChildren(c, _APPEND_CHILD, out)
    tu = c._tu
    for ch in out:
        ch._tu = tu  # keeps the translation unit alive while a cursor of it is (as cindex does)
    return out


def key(c: ci.Cursor) -> bytes:
    """The raw CXCursor value: equal keys are the same cursor (of one translation unit).

    Unlike `Cursor.hash` it needs no call into libclang and cannot collide. Keys are only
    meaningful within one translation unit, so memos keyed by them live for one extraction.
    """
    return bytes(c)


class ChildrenMemo:
    """`children(c)` remembered per cursor for the life of one extraction (one translation unit).

    The same Cursor objects come back on each request, so the properties cindex caches on
    them (kind, type, spelling, extent, referenced) are read from libclang once.
    """

    def __init__(self) -> None:
        self._known: dict[bytes, list[ci.Cursor]] = {}

    def __call__(self, c: ci.Cursor) -> list[ci.Cursor]:
        k = bytes(c)
        kids = self._known.get(k)
        if kids is None:
            kids = self._known[k] = children(c)
        return kids

    def arguments(self, call: ci.Cursor) -> list[ci.Cursor]:
        """A call's arguments, each as the object of the call's child it is (as most are), whose
        properties are then read once."""
        kids = {bytes(ch): ch for ch in self(call)}
        return [kids.get(bytes(a), a) for a in call.get_arguments()]


# ------------------------------------------------------------ locations

range_start = _lib.clang_getRangeStart  # SourceRange.start without the property's overhead
range_end = _lib.clang_getRangeEnd
_expansion = _lib.clang_getInstantiationLocation


_spelling = _lib.clang_getSpellingLocation


def from_macro(c: ci.Cursor) -> bool:
    """Is `c` (its first token) written inside a macro's expansion, its spelling somewhere else than
    where the expansion puts it (a macro's body, or an argument of a macro call)?"""
    start = range_start(c.extent)
    spelled, expanded = ctypes.c_uint(), ctypes.c_uint()
    spelled_in, expanded_in = ci.c_object_p(), ci.c_object_p()
    _spelling(start, ctypes.byref(spelled_in), None, None, ctypes.byref(spelled))
    _expansion(start, ctypes.byref(expanded_in), None, None, ctypes.byref(expanded))
    return spelled.value != expanded.value or \
        ctypes.cast(spelled_in, ctypes.c_void_p).value != ctypes.cast(expanded_in, ctypes.c_void_p).value


# clang_getInstantiationLocation typed with plain pointers: the file comes back as an address in a
# c_void_p (cindex's typing needs a c_object_p and a ctypes.cast for it: twice the time, asked for
# each of the 100,000 declarations of a CuTe unit and for each span)
_expansion_raw = ctypes.CFUNCTYPE(None, ci.SourceLocation, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                  ctypes.c_void_p)(("clang_getInstantiationLocation", _lib))


def line_column(loc: ci.SourceLocation) -> tuple[int, int]:
    """(loc.line, loc.column) in one call, without building the File object cindex makes each time."""
    line, column = ctypes.c_uint(), ctypes.c_uint()
    _expansion_raw(loc, None, ctypes.byref(line), ctypes.byref(column), None)
    return line.value, column.value


def file_line_column(loc: ci.SourceLocation) -> tuple[int | None, int, int]:
    """(file handle or None, line, column) of a location's expansion, in one call."""
    f = ctypes.c_void_p()
    line, column = ctypes.c_uint(), ctypes.c_uint()
    _expansion_raw(loc, ctypes.byref(f), ctypes.byref(line), ctypes.byref(column), None)
    return f.value, line.value, column.value


def start_offset(c: ci.Cursor) -> int:
    """`c.extent.start.offset` in one call, without the SourceLocation and File objects cindex makes."""
    offset = ctypes.c_uint()
    _expansion_raw(range_start(c.extent), None, None, None, ctypes.byref(offset))
    return offset.value


def file_name(handle: int) -> str:
    """The name of a file handle from file_line_column."""
    return ci.File(ctypes.cast(handle, ci.c_object_p)).name


class FileNames:
    """`c.location.file.name` (None where there is no file), asking libclang each file's name once,
    and each cursor's once: the extraction walks the translation unit's declarations (over 100,000
    from CuTe's headers) three times, for kernels, for host functions and for representatives.

    Keyed by libclang's file handle and raw cursor: one instance per translation unit.
    """

    def __init__(self) -> None:
        self._names: dict[int, str] = {}
        self._of: dict[bytes, str | None] = {}

    def __call__(self, c: ci.Cursor) -> str | None:
        k = bytes(c)
        name = self._of.get(k, _MISSING)
        if name is _MISSING:
            name = self._of[k] = self._file_of(c)
        return name  # type: ignore[return-value]

    def _file_of(self, c: ci.Cursor) -> str | None:
        f = ctypes.c_void_p()
        _expansion_raw(c.location, ctypes.byref(f), None, None, None)
        handle = f.value
        if handle is None:
            return None
        name = self._names.get(handle)
        if name is None:
            name = self._names[handle] = file_name(handle)
        return name


# ------------------------------------------------------------ whole subtrees

class _SubtreeReader:
    """State of one recursive visit (see `subtree`)."""

    def __init__(self, root: ci.Cursor, limit: int):
        self.cursors: list[ci.Cursor] = [root]
        self.children: list[list[int]] = [[]]
        self.open: list[tuple[bytes, int]] = [(bytes(root), 0)]  # the chain of ancestors being visited
        self.limit = limit
        self.failed = False


def _record(child: ci.Cursor, parent: ci.Cursor, r: _SubtreeReader) -> int:
    parent_key = bytes(parent)
    open_ = r.open
    while open_[-1][0] != parent_key:  # the visit has left the subtrees of the last ones
        open_.pop()
        if not open_:  # cannot happen with libclang's visitor; the caller falls back if it does
            r.failed = True
            return _BREAK
    index = len(r.cursors)
    if index > r.limit:
        r.failed = True
        return _BREAK
    r.cursors.append(child)
    r.children.append([])
    r.children[open_[-1][1]].append(index)
    open_.append((bytes(child), index))
    return _RECURSE


_RECORD = ci.cursor_visit_callback(_record)


def subtree(root: ci.Cursor, limit: int) -> tuple[list[ci.Cursor], list[list[int]]] | None:
    """Every cursor below `root` in one libclang visit, instead of one `get_children()` per cursor.

    Returns (cursors, children): cursors[0] is `root`, children[i] the indices of the
    children of cursors[i] in order. None when there are more than `limit` descendants.
    """
    r = _SubtreeReader(root, limit)
    _lib.clang_visitChildren(root, _RECORD, r)
    if r.failed:
        return None
    tu = root._tu
    for c in r.cursors:
        c._tu = tu
    return r.cursors, r.children


def for_header(loop: ci.Cursor, heads: list[ci.Cursor]) -> tuple:
    """(init, cond, inc) of `for (init; cond; inc)`, None for a part not written. libclang lists only
    the parts present (`heads`: the children before the body), so each is placed by where it starts
    against the header's two semicolons. A loop written in a macro has its parts all at the macro's
    call and the definition's tokens, which say nothing: the usual three-part shape, or nothing."""
    semis: list[int] = []
    depth = 0
    header = [None, None]  # offsets of the header's `(` and `)`
    for tok in loop.get_tokens():
        s = tok.spelling
        if s == "(":
            depth += 1
            if header[0] is None:
                header[0] = tok.extent.start.offset
        elif s == ")":
            depth -= 1
            if depth == 0:
                header[1] = tok.extent.start.offset
                break
        elif s == ";" and depth == 1:
            semis.append(tok.extent.start.offset)
    offsets = [start_offset(h) for h in heads]
    if header[1] is None or len(set(offsets)) != len(offsets) or \
            not all(header[0] < off < header[1] for off in offsets):
        semis = []
    if len(semis) < 2:  # tokens unavailable (macro): fall back on the usual shape
        return tuple(heads) if len(heads) == 3 else (None, None, None)
    init = cond = inc = None
    for h, off in zip(heads, offsets):
        if off > semis[1]:
            inc = h
        elif off > semis[0]:
            cond = h
        else:
            init = h
    return init, cond, inc


def span_of(c: ci.Cursor, path: str) -> Span:
    ext = c.extent
    line, col = line_column(range_start(ext))
    if line == 0:
        line, col = line_column(c.location)
        return Span(path, line, col, line, col + 1)
    end_line, end_col = line_column(range_end(ext))
    if end_line < line:
        end_line, end_col = line, col + 1
    return Span(path, line, col, end_line, end_col)


def decl_key(c: ci.Cursor) -> str:
    line, column = line_column(c.location)
    return f"{c.spelling}@{line}:{column}:{c.hash & 0xffffffff:x}"


def has_attribute(c: ci.Cursor, kind: ci.CursorKind) -> bool:
    return any(ch.kind == kind for ch in children(c))


def in_system_header(c: ci.Cursor) -> bool:
    try:
        return c.location.is_in_system_header
    except Exception:  # noqa: BLE001
        return False


_REACHED_BY_JUMP = (ci.CursorKind.LABEL_STMT, ci.CursorKind.CASE_STMT, ci.CursorKind.DEFAULT_STMT)


def live_statements(stmts: list[ci.Cursor]) -> list[ci.Cursor]:
    """A compound statement's statements up to its first unconditional `return` (what follows is never
    run, and nvcc emits nothing for it: ggml's `NO_DEVICE_CODE; return;` before a kernel's body on an
    arch it skips), unless a label or a `case` after it can be jumped to (then all of them)."""
    for i, s in enumerate(stmts):
        if s.kind == ci.CursorKind.RETURN_STMT:
            rest = stmts[i + 1:]
            return stmts if any(r.kind in _REACHED_BY_JUMP for r in rest) else stmts[:i + 1]
    return stmts
