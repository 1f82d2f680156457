"""`switch` statements as the `if`s they amount to.

The statements from one label to the next form a segment. A segment runs when the value matches one of
its labels, or a label of a segment before it that falls into it (one that does not end in `break`,
`return`, `continue` or `goto`); `default` matches a value no label names. A `break` that ends a segment
(also the last statement of a braced case, `case 1: { ...; break; }`) leaves the switch: it is dropped,
not lowered as the `break` of an enclosing loop. Each segment is lowered once; the value is evaluated
once, into a variable of its own. A segment with a `break` deeper inside it (under an `if`: it leaves
the switch from its middle) is not lowered, and says so. Before stop 36 each case kept only the
statement right after its label and its `break` ended the enclosing loop (HeCBench flame)."""
from __future__ import annotations

import clang.cindex as ci

from .. import ir
from ..cursors.folding import const_value

K = ci.CursorKind
_DEFAULT = "default"
_ENDS = (K.BREAK_STMT, K.RETURN_STMT, K.CONTINUE_STMT, K.GOTO_STMT)
_OWN_BREAKS = (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT, K.SWITCH_STMT)  # a `break` inside these is theirs


def lower(lw, c: ci.Cursor, sp: ir.Span) -> ir.Stmt:
    """Switch statement `c` (`lw`: the function's lowerer) as the segments above."""
    ch = lw.ex.children(c)
    body = ch[-1] if ch else None
    if body is None or body.kind != K.COMPOUND_STMT:
        return ir.Block(sp, ())
    value = lw.expr(ch[0])
    key = f"switch@{sp.file}:{sp.line}:{sp.column}"
    var = ir.VarRef(value.ctype, key, "(switch value)")
    segments = _segments(lw, body)
    named = [v for labels, _ in segments for v in labels if v is not _DEFAULT]
    parts: list[ir.Stmt] = [ir.Decl(sp, key, "(switch value)", value.ctype, value)]
    entry: list = []
    for labels, stmts in segments:
        entry = entry + labels
        stmts = _flattened_end(lw, stmts)
        ends = bool(stmts) and stmts[-1].kind in _ENDS
        if stmts and stmts[-1].kind == K.BREAK_STMT:
            stmts = stmts[:-1]
        where = lw.span(stmts[0]) if stmts else sp
        if any(_leaves_midway(lw, s) for s in stmts):
            parts.append(ir.Unsupported(where, "a `break` inside a case's statement (it leaves the switch from "
                                               "the middle of the case)"))
        elif stmts:
            parts.append(ir.If(where, _matches(var, entry, named), ir.Block(where, tuple(lw.stmt(s) for s in stmts)),
                               None))
        if ends:
            entry = []
    return ir.Block(sp, tuple(parts))


def _segments(lw, body: ci.Cursor) -> list[tuple[list, list[ci.Cursor]]]:
    """(labels, statements) from each label to the next; statements before the first label never run."""
    out: list[tuple[list, list[ci.Cursor]]] = []
    for item in lw.ex.children(body):
        labels, node = [], item
        while node.kind in (K.CASE_STMT, K.DEFAULT_STMT):
            kids = lw.ex.children(node)
            labels.append(const_value(kids[0]) if node.kind == K.CASE_STMT else _DEFAULT)
            node = kids[-1]
        if labels:
            out.append((labels, [node]))
        elif out:
            out[-1][1].append(item)
    return out


def _flattened_end(lw, stmts: list[ci.Cursor]) -> list[ci.Cursor]:
    """A braced case `{ ...; break; }` ending the segment: its statements in place of the braces."""
    while stmts and stmts[-1].kind == K.COMPOUND_STMT:
        stmts = stmts[:-1] + lw.ex.children(stmts[-1])
    return stmts


def _leaves_midway(lw, c: ci.Cursor) -> bool:
    """A `break` of the switch below `c` (not one of a loop or switch inside it)."""
    if c.kind == K.BREAK_STMT:
        return True
    if c.kind in _OWN_BREAKS:
        return False
    return any(_leaves_midway(lw, x) for x in lw.ex.children(c))


def _matches(var: ir.VarRef, labels: list, named: list) -> ir.Expr:
    """The value equals one of `labels` (`default`: none of the `named` ones); a label smemlint cannot
    evaluate makes the test unknown."""
    if any(v is None for v in labels) or (_DEFAULT in labels and any(v is None for v in named)):
        return ir.Opaque(ir.BOOL, "a case label smemlint cannot evaluate")
    test: ir.Expr | None = None
    for v in labels:
        if v is _DEFAULT:
            one: ir.Expr = ir.Const(ir.BOOL, 1)
            for n in named:
                one = ir.BinOp(ir.BOOL, "&&", one, ir.BinOp(ir.BOOL, "!=", var, ir.Const(var.ctype, n)))
        else:
            one = ir.BinOp(ir.BOOL, "==", var, ir.Const(var.ctype, v))
        test = one if test is None else ir.BinOp(ir.BOOL, "||", test, one)
    return test if test is not None else ir.Const(ir.BOOL, 0)
