"""One walk per body for questions asked of every statement (ir.holding, rules/_data_witness.Reach,
rules/sync004_shared_race.collective_under): the same answers as walking each statement's subtree,
which cost minutes on a body of many thousand statements (HeCBench segsort's bitonic kernels)."""
from __future__ import annotations

from smemlint import ir
from smemlint.rules._data_witness import Reach

SPAN = ir.Span("k.cu", 1, 1, 1, 1)
TID = ir.Builtin(ir.INT, "threadIdx.x")


def _access(site: int) -> ir.Access:
    return ir.Access(ir.INT, site, "ld", ir.VarRef(ir.INT, f"l:a{site}", f"a{site}"))


def _body(depth: int) -> ir.Stmt:
    """Nested ifs, each with an access of its own and a return at the bottom of the last."""
    inner: ir.Stmt = ir.Block(SPAN, (ir.ExprStmt(SPAN, _access(depth)), ir.Return(SPAN, None)))
    for d in range(depth - 1, -1, -1):
        inner = ir.If(SPAN, ir.BinOp(ir.INT, "<", TID, ir.Const(ir.INT, d)),
                      ir.Block(SPAN, (ir.ExprStmt(SPAN, _access(d)), inner)), ir.ExprStmt(SPAN, _access(100 + d)))
    return ir.Block(SPAN, (inner, ir.ExprStmt(SPAN, ir.Call(ir.INT, "f", (), None))))


def test_holding_is_what_walking_each_subtree_finds() -> None:
    body = _body(12)
    is_return = lambda n: isinstance(n, ir.Return)  # noqa: E731
    got = ir.holding(body, is_return)
    nodes = list(ir.walk(body))
    assert {id(n) for n in nodes if any(is_return(x) for x in ir.walk(n))} == got
    assert any(id(n) not in got for n in nodes)  # the trailing call holds none


def test_reach_answers_as_walking_does() -> None:
    body = _body(8)
    reach = Reach(body)
    for n in ir.walk(body):
        for site in (0, 3, 8, 103, 999):
            assert reach.holds(n, site) == any(isinstance(x, ir.Access) and x.site == site for x in ir.walk(n))
        assert reach.exits_in(n) == any(isinstance(x, (ir.Return, ir.Break, ir.Continue)) for x in ir.walk(n))
        assert reach.assigned(n) == ir.assigned_vars(n)
    other = ir.ExprStmt(SPAN, _access(7))  # a node of another body: walked, not looked up
    assert reach.holds(other, 7) and not reach.exits_in(other)
