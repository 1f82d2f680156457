"""A cooperative-groups grid's ranks (`grid.thread_rank()`, `grid.size()`, `grid.block_rank()`) are
the thread-index arithmetic they stand for (issue 29's reach: cuda-samples' grid-stride loops)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "grid_groups.cu"


def test_grid_ranks_give_numbers() -> None:
    result = lint_file(str(FIXTURE), Settings())
    assert result.status == "ok", result.error
    got = sorted((a.kernel, a.op, a.sectors_per_request) for a in result.accesses)
    assert got == [("gridCopy", "ld", 4.0), ("gridCopy", "st", 4.0), ("gridSpread", "st", 32.0)]


def test_a_generic_thread_group_is_not_guessed(tmp_path: Path) -> None:
    # `thread_group` may be any group: its rank is not taken for the block's where the call passes a
    # `thread_group` variable; where it passes the block itself, the function is lowered for the block
    # (lower/callees.group_arguments, fixtures/generic_group_parameters.cu)
    path = tmp_path / "k.cu"
    path.write_text("#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
                    "__device__ void put(cg::thread_group g, int *x) { x[g.thread_rank()] = 0; }\n"
                    "__global__ void k(int *x) { cg::thread_group g = cg::this_thread_block(); put(g, x); }\n"
                    "__global__ void b(int *x) { put(cg::this_thread_block(), x); }\n"
                    "int main() { k<<<1, 64>>>(0); b<<<1, 64>>>(0); }\n", encoding="utf-8")
    result = lint_file(str(path), Settings())
    got = sorted((a.kernel, a.predictable, a.sectors_per_request) for a in result.accesses if a.space == "global")
    assert got == [("b", True, 4.0), ("k", False, None)]
