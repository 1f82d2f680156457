"""A function pointer given as a template argument (ggml's `cpy_f32_f16<cpy_1_f32_f16>`): in the
kernel's instance, a call through the parameter is a call of that function (issue 29's reach)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "function_pointer_arguments.cu"


def test_each_instance_calls_the_function_its_launch_names() -> None:
    result = lint_file(str(FIXTURE), Settings())
    assert result.status == "ok", result.error
    got = sorted((a.line, a.op, a.sectors_per_request) for a in result.accesses
                 if a.kernel.startswith("copy_rows") and a.space == "global")
    # copy_f32's load and store (line 15), copy_block_first's (line 21): each by its own instance only
    assert got == [(15, "ld", 4.0), (15, "st", 4.0), (21, "ld", 16.0), (21, "st", 4.0)]
    assert all(a.predictable for a in result.accesses if a.kernel.startswith("copy_rows"))


def test_a_null_function_argument_calls_nothing() -> None:
    # copy_unlaunched's representative instance passes a null pointer: no access is made up
    result = lint_file(str(FIXTURE), Settings())
    assert not [a for a in result.accesses if a.kernel.startswith("copy_unlaunched")]
