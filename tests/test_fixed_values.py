"""Values the program fixes (issue 30 item 6) and ggml's fast division (item 7): fixtures/fixed_values.cu
read as records, and the H100 measurement of benchmarks/accuracy/pending/fixed_values.cu."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from smemlint import ir
from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.symbolic.values import to_type, wrap

from measured import judged

FIXTURE = Path(__file__).parent.parent / "fixtures" / "fixed_values.cu"


def _accesses():
    r = lint_file(str(FIXTURE), Settings())
    assert r.status == "ok", r.error
    return r.accesses


def test_a_device_const_scalar_is_a_value_and_a_writable_one_a_load() -> None:
    text = FIXTURE.read_text().splitlines()
    line = {name: i for i, t in enumerate(text, 1) for name in ("<< kShift]", "<< kShiftData]") if name in t}
    symbols = {(a.line, a.symbol) for a in _accesses()}
    assert (line["<< kShift]"], "kShift") not in symbols  # nvcc folds it: no LDG (measured)
    assert (line["<< kShiftData]"], "kShiftData") in symbols


def test_a_conversion_to_bool_is_not_zero_not_the_low_byte() -> None:
    values = np.array([0, 1, 256, 0x8000, 0xFF00, 0x80000000], dtype=np.int64)
    assert wrap(values, ir.BOOL).tolist() == [0, 1, 1, 1, 1, 1]
    assert to_type(values, ir.BOOL).arr.tolist() == [0, 1, 1, 1, 1, 1]
    assert wrap(values, ir.CType("int", 1, False, spelling="unsigned char")).tolist() == [0, 1, 0, 0, 0, 0]


def test_fast_division_is_followed_where_its_divisor_is_known() -> None:
    by = {(a.line, a.symbol, a.op): a for a in _accesses()}
    text = FIXTURE.read_text().splitlines()
    known = next(i for i, t in enumerate(text, 1) if "fastmodulo(t, d3)];" in t)
    runtime = next(i for i, t in enumerate(text, 1) if "fastdiv(t, runtime)" in t)
    assert by[(known, "s", "ld")].wavefronts_per_request == 11.0  # measured 11 on the H100
    assert not by[(runtime, "s", "ld")].predictable


def test_the_measured_values_are_exact_but_runtime_divisors() -> None:
    rows = judged("fixed-values")
    assert len(rows) >= 20
    assert not [r for r in rows if r["verdict"] == "wrong"]
    # fastdiv_index's divisors come from the host's init_fastdiv_values(3): a struct argument
    # smemlint does not follow into the kernel
    assert {r["kernel"] for r in rows if r["verdict"] != "exact"} == {"fastdiv_index"}
