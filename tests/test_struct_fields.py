"""Struct parameters passed by value (issue 29, flash-attention's Flash_fwd_params): fixtures/
struct_field_sizes.cu read as records: the integer fields no launch fills are assumed sizes, said so;
fields of a base class are the struct's own; an object with no data is copied without a load."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "struct_field_sizes.cu"


def _result():
    r = lint_file(str(FIXTURE), Settings())
    assert r.status == "ok", r.error
    return r


def test_integer_fields_are_assumed_sizes_and_the_helper_body_runs() -> None:
    accesses = [a for a in _result().accesses if a.kernel == "attn"]
    assert {a.symbol for a in accesses} >= {"params.q", "params.o", "tile"}  # q and o: fields of the base
    assert all(a.predictable for a in accesses)
    said = " ".join(accesses[0].assumptions)
    assert "integer fields (row_stride, seqlen, d) = 1024 assumed" in said
    assert "skip" not in said.split("integer fields")[1].split(")")[0]  # a bool field is a flag, not a size


def test_an_object_with_no_data_is_not_loaded() -> None:
    line = next(i for i, t in enumerate(FIXTURE.read_text().splitlines(), 1) if "pick(kTag" in t)
    on_line = {a.symbol for a in _result().accesses if a.line == line}
    assert on_line == {"tile"}, on_line
