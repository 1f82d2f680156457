"""Statements after an unconditional `return` are not lowered (nvcc emits nothing for them), unless a
`case` or a label after it can be jumped to (fixtures/unreachable_code.cu, real libclang)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "unreachable_code.cu"


def test_code_after_a_return_has_no_access_but_a_case_after_it_has() -> None:
    r = lint_file(str(FIXTURE), Settings())
    assert r.status == "ok"
    assert {k.name for k in r.kernels} == {"skipped_on_this_arch", "by_mode"}
    assert not [a for a in r.accesses if a.kernel == "skipped_on_this_arch"]  # was 2, "not executed by any thread"
    after_return = [a for a in r.accesses if a.kernel == "by_mode" and a.line == 26]
    assert {(a.symbol, a.sectors_per_request) for a in after_return} == {("in", 4.0), ("out", 4.0)}
