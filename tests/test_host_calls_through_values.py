"""Launch values carried through host code the way llm.c's dev/cuda files carry them (issue 29 item 2,
issue 30 item 2): a launching function passed as a function pointer and called through it, and a
generic dispatch lambda called with `std::integral_constant<int, N>{}` whose body launches
`k<int_const.value><<<..., int_const.value>>>` with the enclosing function's parameters captured."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURES = Path(__file__).parent.parent / "fixtures"


def _kernels(name: str) -> dict:
    result = lint_file(str(FIXTURES / name), Settings())
    assert result.status == "ok"
    return {k.name: k for k in result.kernels}


def test_each_dispatched_instance_has_the_block_its_constant_names() -> None:
    kernels = _kernels("integral_constant_lambdas.cu")
    assert kernels["strided<64>"].block == (64, 1, 1)
    assert kernels["strided<128>"].block == (128, 1, 1)
    said = " ".join(kernels["strided<128>"].assumptions)
    assert "`int_const.value` from the launch" in said and "stride = 2 from the launch" in said


def test_a_capture_the_launching_function_assigns_is_not_taken_from_its_callers() -> None:
    said = " ".join(_kernels("integral_constant_lambdas.cu")["stridedChanged<64>"].assumptions)
    assert "stride = 1024 assumed" in said


def test_a_function_called_through_a_pointer_parameter_gets_its_callers_values() -> None:
    kernels = _kernels("host_function_pointers.cu")
    assert kernels["strided"].block == (128, 1, 1)
    assert "stride = 2 from the launch" in " ".join(kernels["strided"].assumptions)
    assert kernels["coalescedTwice"].block == (256, 1, 1)  # its two callers disagree: the default, assumed
    assert any("assumed" in a for a in kernels["coalescedTwice"].assumptions)


def test_reference_parameters_a_host_helper_writes_give_the_launch_configuration() -> None:
    # apex's `flexible_launch_configs(reduction, stride, block, grid)`, with `h_last_pow2` of several statements
    kernels = _kernels("host_out_parameters.cu")
    k = kernels["column_sums"]
    assert k.block == (32, 16, 1)
    assert k.config.grid == (4, 1, 1)  # grid.x = 128 / 32 = 4
    # (its blocks move the addresses by 32 floats, a whole 128-byte line: block 0 stands for them: block_shift.py)
    assert "every block of the grid costs what block (0,0,0) does" in " ".join(k.assumptions)
    assert {(a.line, a.op): a.sectors_per_request for a in k.accesses} == {(32, "ld"): 4.0, (33, "st"): 4.0}


def test_a_helper_not_run_leaves_its_reference_parameter_unknown_not_the_default() -> None:
    k = _kernels("host_out_parameters.cu")["scale"]
    assert k.block == (256, 1, 1)
    assert "is not a constant smemlint can follow" in k.assumptions[0]


def test_a_block_made_from_tensor_sizes_is_the_large_problems_and_said_so() -> None:
    k = _kernels("tensor_size_blocks.cu")["channel_sums"]
    assert k.block == (32, 16, 1)
    assert "tensor sizes taken as large" in k.assumptions[0], k.assumptions
    # the grid and the size arguments made from the sizes stay unknown (the device side's assumption)
    said = " ".join(k.assumptions)
    assert "grid" not in said and "stride = 1024 assumed" in said and "reduction = 1024 assumed" in said


def test_a_launch_under_a_condition_on_a_size_does_not_take_the_large_value() -> None:
    kernels = _kernels("tensor_size_blocks.cu")
    for name in ("rows<32>", "rows<64>"):
        assert kernels[name].block == (256, 1, 1)
        assert "is not a constant smemlint can follow" in kernels[name].assumptions[0]


def test_a_helper_whose_early_returns_a_known_condition_decides_gives_its_value() -> None:
    k = _kernels("host_out_parameters.cu")["rows_of"]  # min(pow_two_divider(8208), 64) = 16, a power of 2
    assert k.block == (16, 1, 1), k.assumptions
    assert [a.sectors_per_request for a in k.accesses] == [2.0]
