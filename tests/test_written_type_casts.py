"""A cast whose written type names a template with expression arguments (`(fragment_t<T, N>*)in`):
its operand is the pointer cast, not an opaque expression (issue 29's reach: tiny-cuda-nn's
activation kernels read and write every element through such casts)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "written_type_casts.cu"


def test_the_operand_of_a_written_template_cast_is_the_pointer() -> None:
    result = lint_file(str(FIXTURE), Settings())
    assert result.status == "ok", result.error
    by_line = {(a.line, a.op): a for a in result.accesses if a.space == "global"}
    # C-style, reinterpret_cast and static_cast, each one global access of 16 bytes a lane
    assert {(25, "ld"), (27, "st"), (36, "ld"), (37, "st")} <= set(by_line)
    assert all(a.predictable and a.width_bits == 128 for a in by_line.values())
    assert by_line[(36, "ld")].sectors_per_request == 32.0  # every other fragment
    assert not any("unknown origin" in s for a in result.accesses for s in a.assumptions)


def test_a_cast_of_an_expression_still_reads_its_operand(tmp_path: Path) -> None:
    # one expression child: `(float*)(p + 1)` keeps its operand, the pointer arithmetic included
    path = tmp_path / "k.cu"
    path.write_text("__global__ void k(char *p) { ((float *)(p + 4))[threadIdx.x * 2] = 0; }\n"
                    "int main() { k<<<1, 32>>>(0); }\n", encoding="utf-8")
    result = lint_file(str(path), Settings())
    assert [(a.space, a.sectors_per_request) for a in result.accesses] == [("global", 8.0)]  # bytes 4..255
