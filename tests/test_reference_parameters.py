"""A scalar `T &` parameter of a device function bound to a caller's local variable is written back
when the call returns (HeCBench rainflow's `Extrema(..., int &result_length)`); by value and
`const &` parameters write nothing back. Checked on the IR (which calls carry write-backs) and on
the numbers (the loop the write-back bounds runs its 3 iterations)."""
from __future__ import annotations

from pathlib import Path

from smemlint import ir
from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "reference_parameters.cu"


def test_scalar_reference_parameters_write_back_to_the_callers_variables() -> None:
    r = lint_file(str(FIXTURE), Settings())
    assert r.status == "ok", r.error
    (k,) = r.kernels
    calls = {c.name: c for c in ir.walk(k.ir.body) if isinstance(c, ir.Call)}
    assert [type(o).__name__ if o is not None else None for o in calls["countUp"].outs] == [None, "VarRef"]
    assert [type(o).__name__ for o in calls["setStride"].outs] == ["VarRef"]
    assert calls["byValue"].outs == () and calls["readOnly"].outs == ()
    loop_store = next(a for a in k.accesses if a.op == "st" and a.text.startswith("out[j * 128"))
    assert loop_store.requests == 12 and loop_store.sectors_per_request == 4.0, loop_store.assumptions
