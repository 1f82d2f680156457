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
    # each instance named by its function (was `copy_rows<?, 1>`)
    assert {k.name for k in result.kernels} >= {"copy_rows<copy_f32, 1>", "copy_rows<copy_block_first, 8>"}


def test_a_null_function_argument_calls_nothing() -> None:
    # copy_unlaunched's representative instance passes a null pointer: no access is made up
    result = lint_file(str(FIXTURE), Settings())
    assert not [a for a in result.accesses if a.kernel.startswith("copy_unlaunched")]


def test_instances_that_differ_only_in_the_function_are_each_analysed(tmp_path: Path) -> None:
    # named `k<?>` both, the second was taken for the first and not analysed (ggml's four cpy_f32_f16)
    path = tmp_path / "k.cu"
    path.write_text("typedef void (*op_t)(float *);\n"
                    "__device__ void one(float *p) { p[threadIdx.x] = 1; }\n"
                    "__device__ void spread(float *p) { p[threadIdx.x * 8] = 2; }\n"
                    "template <op_t op> __global__ void k(float *p) { op(p); }\n"
                    "int main() { k<one><<<1, 32>>>(0); k<spread><<<1, 32>>>(0); }\n", encoding="utf-8")
    result = lint_file(str(path), Settings())
    got = {(a.kernel, a.line, a.sectors_per_request) for a in result.accesses}
    assert got == {("k<one>", 2, 4.0), ("k<spread>", 3, 32.0)}
