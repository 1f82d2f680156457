"""symbolic/roles.py: the parameters a thread index is compared with (issue 30 item 1)."""
from __future__ import annotations

from smemlint import ir
from smemlint.symbolic.roles import index_bounds, index_offsets

SPAN = ir.Span("k.cu", 1, 1, 1, 1)


def _kernel(*stmts: ir.Stmt) -> ir.Kernel:
    params = tuple(ir.Param(f"p:{n}", n, ir.INT) for n in ("n", "rows", "shift", "start"))
    return ir.Kernel("k", "k", SPAN, params, ir.Block(SPAN, tuple(stmts)), (), ())


def var(name: str, param: bool = True) -> ir.VarRef:
    return ir.VarRef(ir.INT, f"p:{name}" if param else f"l:{name}", name)


TID = ir.Builtin(ir.INT, "threadIdx.x")
GID = ir.BinOp(ir.INT, "+", ir.BinOp(ir.INT, "*", ir.Builtin(ir.INT, "blockIdx.x"), ir.Builtin(ir.INT, "blockDim.x")), TID)


def test_a_size_an_index_is_compared_with_through_locals() -> None:
    k = _kernel(ir.Decl(SPAN, "l:i", "i", ir.INT, ir.BinOp(ir.INT, "+", var("start"), GID)),
                ir.Decl(SPAN, "l:m", "m", ir.INT, ir.BinOp(ir.INT, "*", var("rows"), var("n"))),
                ir.If(SPAN, ir.BinOp(ir.INT, ">=", var("i", False), var("m", False)), ir.Return(SPAN, None), None))
    # start is on the index's side (an offset), not a size
    assert index_bounds(k) == {"rows", "n"}


def test_no_size_where_both_sides_or_neither_read_the_index() -> None:
    k = _kernel(ir.If(SPAN, ir.BinOp(ir.INT, "<", var("shift"), var("n")), ir.Return(SPAN, None), None),
                ir.If(SPAN, ir.BinOp(ir.INT, "<", TID, ir.BinOp(ir.INT, "+", TID, var("rows"))), ir.Return(SPAN, None), None),
                ir.ExprStmt(SPAN, ir.BinOp(ir.INT, "==", TID, var("start"))))
    assert index_bounds(k) == frozenset()


def test_origins_are_added_to_the_index_or_subtracted() -> None:
    # i = start + gid; if (i < n) ...; a[i - first]; rows * n is a product (a stride, never an origin)
    k = _kernel(ir.Decl(SPAN, "l:i", "i", ir.INT, ir.BinOp(ir.INT, "+", var("start"), GID)),
                ir.If(SPAN, ir.BinOp(ir.INT, "<", var("i", False), var("n")), ir.Return(SPAN, None), None),
                ir.ExprStmt(SPAN, ir.BinOp(ir.INT, "-", var("i", False), ir.UnOp(ir.INT, "-", var("shift")))),
                ir.ExprStmt(SPAN, ir.BinOp(ir.INT, "*", var("rows"), var("n"))))
    assert index_offsets(k) == {"start", "shift"}


def test_a_size_is_never_an_origin() -> None:
    # `n - start` subtracts start, but n is what the index is compared with: n stays a size
    k = _kernel(ir.If(SPAN, ir.BinOp(ir.INT, "<", GID, var("n")), ir.Return(SPAN, None), None),
                ir.ExprStmt(SPAN, ir.BinOp(ir.INT, "-", var("rows"), var("n"))),
                ir.ExprStmt(SPAN, ir.BinOp(ir.INT, "-", ir.Const(ir.INT, 1), var("shift"))))
    assert index_offsets(k) == frozenset()  # n is a bound; `1 - shift` has a constant on the left


def test_an_index_tested_for_equality_gives_origins_not_sizes() -> None:
    # if (gid + start == 0) ...: start is where the index starts (d3q19-bgk's `x + domain.x0 == 0`);
    # if (gid == n - 1) ...: n is tested against, not added: no origin, and no size either (only `<`-like
    # comparisons say a size)
    k = _kernel(ir.If(SPAN, ir.BinOp(ir.INT, "==", ir.BinOp(ir.INT, "+", GID, var("start")), ir.Const(ir.INT, 0)),
                      ir.Return(SPAN, None), None),
                ir.If(SPAN, ir.BinOp(ir.INT, "==", GID, ir.BinOp(ir.INT, "-", var("n"), ir.Const(ir.INT, 1))),
                      ir.Return(SPAN, None), None))
    assert index_offsets(k) == {"start"}
    assert index_bounds(k) == frozenset()


def test_a_loop_step_is_a_stride_not_an_origin() -> None:
    # for (i = start + gid; i < n; i += rows) ...: rows moves the index (ggml's k_repeat_back
    # `i2 += ne2`, also its divisor): a stride, 1024 assumed; start is still where the index starts
    k = _kernel(ir.Decl(SPAN, "l:i", "i", ir.INT, ir.BinOp(ir.INT, "+", var("start"), GID)),
                ir.If(SPAN, ir.BinOp(ir.INT, "<", var("i", False), var("n")), ir.Return(SPAN, None), None),
                ir.ExprStmt(SPAN, ir.Assign(ir.INT, var("i", False),
                                            ir.BinOp(ir.INT, "+", var("i", False), var("rows")), "+=")))
    assert index_offsets(k) == {"start"}
    # the near miss: `i = shift + i` is not a step of a different variable: j = i + shift adds an origin
    k2 = _kernel(ir.Decl(SPAN, "l:j", "j", ir.INT, ir.BinOp(ir.INT, "+", GID, var("shift"))),
                 ir.If(SPAN, ir.BinOp(ir.INT, "<", var("j", False), var("n")), ir.Return(SPAN, None), None))
    assert index_offsets(k2) == {"shift"}
