"""What makes extraction fast (cursors/nodes.py) reads the same AST as cindex's own calls."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.cursors import nodes as cursors
from smemlint.host import calls
from smemlint.parse.flags import ParseOptions
from smemlint.parse.translation import parse

FIXTURES = Path(__file__).parent.parent / "fixtures"


@pytest.fixture(scope="module")
def tu():
    # A fixture with host code, launches, templates and macros: a varied AST.
    parsed = parse(str(FIXTURES / "loops_templates.cu"), ParseOptions(cuda_headers="bundled"))
    assert parsed.tu is not None
    return parsed.tu


def _functions(tu):
    return list(calls._definitions(tu.cursor, tu.spelling, cursors.FileNames()))


def _shape(c):
    """What identifies a cursor for these comparisons: its kind, spelling and where it is."""
    ext = c.extent
    return c.kind, c.spelling, ext.start.offset, ext.end.offset


def test_children_are_cindex_children(tu) -> None:
    for fn in _functions(tu):
        stack = [fn]
        while stack:
            c = stack.pop()
            mine = cursors.children(c)
            assert [_shape(x) for x in mine] == [_shape(x) for x in c.get_children()]
            stack.extend(mine)


def test_subtree_walks_in_the_order_of_descendants(tu) -> None:
    from smemlint import ir

    functions = _functions(tu)
    assert functions
    for fn in functions:
        tree = cursors.subtree(fn, calls.MAX_WALK)
        assert tree is not None
        order, kids = calls._in_walk_order(*tree)
        expected = list(calls._descendants(fn, ir.TranslationUnit("x")))
        assert [_shape(c) for c in order] == [_shape(c) for c in expected]
        for c in order:
            assert [_shape(x) for x in kids(c)] == [_shape(x) for x in c.get_children()]


def test_subtree_over_its_limit_is_none(tu) -> None:
    fn = max(_functions(tu), key=lambda f: len(cursors.subtree(f, calls.MAX_WALK)[0]))
    size = len(cursors.subtree(fn, calls.MAX_WALK)[0]) - 1  # descendants, without the root
    assert cursors.subtree(fn, size) is not None
    assert cursors.subtree(fn, size - 1) is None


def test_locations_and_file_names_are_cindex_ones(tu) -> None:
    file_of = cursors.FileNames()
    for c in tu.cursor.get_children():
        loc = c.location
        assert cursors.line_column(loc) == (loc.line, loc.column)
        assert file_of(c) == (loc.file.name if loc.file is not None else None)
        ext = c.extent
        assert cursors.line_column(cursors.range_end(ext)) == (ext.end.line, ext.end.column)
