"""Shared loads nvcc merges when it unrolls a loop, predicted without --sass (symbolic/merging.py).

The fixture fixtures/unrolled/merged_loads.cu holds each case both ways; its `// expect:` numbers
are checked by test_fixtures.py. Here: that nvcc really emits what the fixture says (where nvcc is
installed), and that the alignment arithmetic under the prediction is sound for every value.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smemlint import ir
from smemlint.symbolic.merging import BIG, Form, _Definitions, _Forms, _Loop, _Scope

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "unrolled" / "merged_loads.cu"
_WIDTH = re.compile(r"access@(\w+) op=ld width=(\d+)")


def _sass_tools() -> bool:
    from smemlint.sass.tools import find_tool

    return shutil.which("nvcc") is not None and all(find_tool(t) for t in ("cuobjdump", "nvdisasm"))


@pytest.mark.skipif(not _sass_tools(), reason="needs nvcc, cuobjdump and nvdisasm to read what nvcc emits")
def test_fixture_widths_are_what_nvcc_emits() -> None:
    """Each `width=W` of a shared load in the fixture: W > 32 only where nvcc emitted W-bit loads for
    the line and nothing narrower; W = 32 where nvcc kept 32-bit loads (beside wider ones only in the
    runtime-trip loop, which the model leaves as written)."""
    from smemlint.sass.facts import from_source

    sr = from_source(str(FIXTURE), "sm_90", [])
    assert sr.kernels, sr.notes
    lines = FIXTURE.read_text().splitlines()
    checked = 0
    for n, text in enumerate(lines, 1):
        m = _WIDTH.search(text)
        if not m or "__shared__" not in "\n".join(lines[max(0, n - 12):n]):
            continue
        widths = set()
        for kf in sr.kernels.values():
            widths |= set(kf.widths_on_line(n, "shared", "ld", str(FIXTURE)))
        if not widths:
            continue  # a global load (rowSumGlobal)
        expected = int(m.group(2))
        if expected > 32:
            assert widths == {expected}, f"line {n}: nvcc emitted {sorted(widths)}, the fixture says {expected}"
        else:
            assert 32 in widths, f"line {n}: nvcc emitted {sorted(widths)}, the fixture says as written"
        checked += 1
    assert checked >= 10


# ------------------------------------------------------------------ the arithmetic, for every value

INT = ir.INT
IV = ir.VarRef(INT, "k", "k")
OTHERS = [ir.VarRef(INT, f"v{i}", f"v{i}") for i in range(3)]  # parameters: any value


def _exprs():
    leaves = st.one_of(st.integers(-64, 64).map(lambda c: ir.Const(INT, c)), st.just(IV), st.sampled_from(OTHERS))

    def extend(children):
        return st.one_of(
            st.tuples(st.sampled_from(["+", "-", "*"]), children, children).map(lambda t: ir.BinOp(INT, *t)),
            st.tuples(children, st.integers(0, 5)).map(lambda t: ir.BinOp(INT, "<<", t[0], ir.Const(INT, t[1]))),
        )
    return st.recursive(leaves, extend, max_leaves=8)


def _value(e: ir.Expr, env: dict[str, int]) -> int:
    if isinstance(e, ir.Const):
        return e.value
    if isinstance(e, ir.VarRef):
        return env[e.var]
    a, b = _value(e.lhs, env), _value(e.rhs, env)
    return {"+": a + b, "-": a - b, "*": a * b, "<<": a << b if b >= 0 else 0}[e.op]


@settings(max_examples=300, deadline=None)
@given(_exprs(), st.lists(st.integers(-1000, 1000), min_size=4, max_size=4))
def test_form_holds_for_every_value(e: ir.Expr, values: list[int]) -> None:
    """Whatever the parameters' values: value = coef * k + const + (a multiple of align)."""
    loop = _Loop(ir.Loop(None, None, None, None, ir.Block(None, ())), "k", 0, 8, frozenset())
    form = _Forms(loop, _Scope(ir.Block(None, ()))).integer(e)
    if form is None:
        return  # not affine in k: no prediction is made
    env = {"k": values[0], **{v.var: x for v, x in zip(OTHERS, values[1:])}}
    rest = _value(e, env) - form.coef * env["k"] - form.const
    assert form.align == BIG and rest == 0 or rest % form.align == 0


def test_form_arithmetic_examples() -> None:
    loop = _Loop(ir.Loop(None, None, None, None, ir.Block(None, ())), "k", 0, 8, frozenset())
    forms = _Forms(loop, _Scope(ir.Block(None, ())))
    row = ir.BinOp(INT, "*", OTHERS[0], ir.Const(INT, 32))  # v0 * 32 + k
    assert forms.integer(ir.BinOp(INT, "+", row, IV)) == Form(1, 32, 0)
    assert forms.integer(ir.BinOp(INT, "+", IV, OTHERS[1])) == Form(1, 1, 0)  # + a parameter: alignment 1
    assert forms.integer(ir.BinOp(INT, "*", IV, IV)) is None  # not affine in k
    assert _Definitions(ir.Block(None, ())).single_init("x") is None


def test_instructions_are_not_called_merged() -> None:
    """A wmma fragment load is costed at its own instructions' width, wider than its half elements:
    that is not a merge, and SMEM001 must not say nvcc merged anything (seen on LeetCUDA's and
    cuda-samples' tensor-core GEMMs)."""
    from smemlint.config import Settings
    from smemlint.lint import lint_file

    result = lint_file(str(ROOT / "fixtures" / "wmma_gemm.cu"), Settings())
    smem = [d for d in result.diagnostics if d.code == "SMEM001"]
    assert smem
    assert not [d.message for d in smem if "merge" in d.message]
