"""Launch values the analysed GPU fixes (issue 30): a cudaDeviceProp's fields and cudaDeviceGetAttribute's
out-parameter take the analysed architecture's values (smemlint/model/device_properties.py), said so at
the launch; what the architecture does not fix (the SM count off sm_90, the L2's size) stays unknown, and
the launch names the property; a branch those values decide prunes the launches of its other side."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.model import get_arch
from smemlint.model.device_properties import ATTRIBUTES, device_properties

FIXTURE = Path(__file__).parent.parent / "fixtures" / "device_properties.cu"


@pytest.fixture(scope="module")
def on_arch():
    done: dict = {}

    def lint(arch: str):
        if arch not in done:
            r = lint_file(str(FIXTURE), Settings(arch=arch))
            assert r.status == "ok", r.error
            done[arch] = r
        return done[arch]
    return lint


def _kernels(r) -> dict:
    return {k.name: k for k in r.kernels}


def _said(kernel, start: str) -> str:
    return next((x for x in kernel.assumptions if x.startswith(start)), "")


def test_sm90_properties_are_the_measured_h200s() -> None:
    """The numbers cudaGetDeviceProperties gave on the H200 (2026-11-28) for the fields in the table."""
    d = device_properties(get_arch("sm_90"))
    assert {name: d.value(name) for name in ("multiProcessorCount", "major", "minor", "warpSize",
                                             "maxThreadsPerBlock", "maxThreadsPerMultiProcessor",
                                             "maxBlocksPerMultiProcessor", "sharedMemPerBlock",
                                             "sharedMemPerBlockOptin", "sharedMemPerMultiprocessor",
                                             "reservedSharedMemPerBlock", "regsPerBlock",
                                             "regsPerMultiprocessor", "totalConstMem")} == {
        "multiProcessorCount": 132, "major": 9, "minor": 0, "warpSize": 32, "maxThreadsPerBlock": 1024,
        "maxThreadsPerMultiProcessor": 2048, "maxBlocksPerMultiProcessor": 32, "sharedMemPerBlock": 49152,
        "sharedMemPerBlockOptin": 232448, "sharedMemPerMultiprocessor": 233472, "reservedSharedMemPerBlock": 1024,
        "regsPerBlock": 65536, "regsPerMultiprocessor": 65536, "totalConstMem": 65536}
    assert d.value("maxGridSize") == {0: 2147483647, 1: 65535, 2: 65535}
    assert d.value("l2CacheSize") is None  # 50 MB on the H100, 60 MB on the H200: not sm_90's


def test_other_architectures_give_only_what_their_compute_capability_fixes() -> None:
    a100 = device_properties(get_arch("sm_80"))
    assert a100.value("multiProcessorCount") is None  # the A100 has 108 SMs, an A30 56: a product's fact
    assert (a100.value("sharedMemPerBlockOptin"), a100.value("maxThreadsPerMultiProcessor")) == (166912, 2048)
    assert device_properties(get_arch("sm_86")).value("sharedMemPerBlockOptin") == 101376
    ada = device_properties(get_arch("sm_89"))  # not in the table's source: only the common limits
    assert (ada.value("major"), ada.value("minor"), ada.value("warpSize")) == (8, 9, 32)
    assert ada.value("sharedMemPerBlockOptin") is None
    assert all(field in device_properties(get_arch("sm_90")).fields or field in (
        "l2CacheSize", "clockRate", "memoryClockRate", "memoryBusWidth") for field, _ in ATTRIBUTES.values())


def test_a_grid_of_blocks_per_sm_is_known_on_sm90(on_arch) -> None:
    k = _kernels(on_arch("sm_90"))
    grid = _said(k["perSM"], "grid ")
    assert grid.startswith("grid (2112,1,1) from the launch") and "multiProcessorCount = 132" in grid, grid
    assert "H100 SXM5 / H200" in grid
    attribute = _said(k["perSMAttribute"], "grid ")  # cudaDeviceGetAttribute's out-parameter, in a do-while macro
    assert attribute.startswith("grid (264,1,1) from the launch"), attribute
    pointer = k["fromPointer"]  # `props->...` through the pointer a call returns
    assert pointer.block == (1024, 1, 1) and "maxThreadsPerBlock = 1,024" in pointer.assumptions[0]
    assert _said(pointer, "grid ").startswith("grid (132,1,1) from the launch")
    assert _said(k["perSMReference"], "grid ").startswith("grid (132,1,1) from the launch")  # a `const cudaDeviceProp &`
    lanes = _said(k["firstLanes"], "n = ")
    assert lanes.startswith("n = 16 from the launch") and "warpSize = 32" in lanes, lanes


def test_the_sm_count_is_unknown_where_the_architecture_does_not_fix_it(on_arch) -> None:
    k = _kernels(on_arch("sm_80"))
    for name in ("perSM", "perSMAttribute", "fromPointer"):
        grid = _said(k[name], "grid ")
        assert grid.startswith("grid (64,1,1) assumed") and "multiProcessorCount, not known for sm_80" in grid, grid
    assert k["fromPointer"].block == (1024, 1, 1)  # a compute-capability limit: known there too


def test_a_field_not_in_the_table_stays_unknown_and_is_named(on_arch) -> None:
    n = _said(_kernels(on_arch("sm_90"))["perL2Line"], "n = ")
    assert n.startswith("n = 1024 assumed") and "l2CacheSize, not known for sm_90" in n, n


def test_a_branch_the_analysed_gpu_decides_prunes_the_other_sides_launches(on_arch) -> None:
    """An instance of a kernel that runs elsewhere (`strided<2>` beside `strided<1>`) is not analysed
    where the analysed GPU takes the other branch; a kernel launched only there (`smallTile`) is
    analysed with that launch, the note saying the analysed GPU does not run it."""
    hopper, ampere = on_arch("sm_90"), on_arch("sm_80")
    assert {"bigTile", "strided<1>", "smallTile"} <= set(_kernels(hopper)) and "strided<2>" not in _kernels(hopper)
    assert {"smallTile", "strided<2>", "bigTile"} <= set(_kernels(ampere)) and "strided<1>" not in _kernels(ampere)
    said = [n for n in hopper.notes if n.startswith("`optin >= 176 * 1024` holds on sm_90")]
    assert any("232,448" in n and n.endswith("(1 kernel(s) or instance(s) of strided)") for n in said), hopper.notes
    assert any("smallTile launched only through its other branch: analysed with those launches, which the "
               "analysed GPU does not run" in n for n in said), hopper.notes
    assert any(n.startswith("`optin >= 176 * 1024` does not hold on sm_80") for n in ampere.notes), ampere.notes


def test_a_structured_binding_of_the_compute_capability_decides_a_branch(on_arch) -> None:
    """flash-attention's `auto [cc_major, cc_minor] = get_compute_capability(...); bool is_sm8x = cc_major == 8
    && cc_minor > 0; if (is_sm8x)`: the tuple a helper returns, bound by name."""
    hopper = on_arch("sm_90")
    assert {"otherTile", "sm8xTile"} <= set(_kernels(hopper))
    assert any(n.startswith("`is_sm8x` does not hold on sm_90 (major = 9") and "sm8xTile launched only through" in n
               for n in hopper.notes), hopper.notes
    ga10x = on_arch("sm_86")
    assert {"sm8xTile", "otherTile"} <= set(_kernels(ga10x))
    assert any(n.startswith("`is_sm8x` holds on sm_86") and "otherTile launched only through" in n
               for n in ga10x.notes), ga10x.notes


def test_every_kernel_written_gets_a_number_even_where_the_analysed_gpu_does_not_launch_it() -> None:
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "--format", "json", str(FIXTURE)],
                       capture_output=True, text=True, timeout=300)
    assert json.loads(r.stdout)["coverage"]["kernels_without_numbers"] == []


def test_only_a_point_on_a_branch_of_an_if_is_asked_whether_the_gpu_reaches_it(tmp_path) -> None:
    """HostEvaluator.not_reached runs the host flow to a launch (and to each call of its function) only
    where an `if` around that point could take the other branch (syntax.on_a_branch): a call outside
    every branch (llm.c's launch helpers, their calls in a `for` over block sizes) is not run for that."""
    import clang.cindex as ci

    from smemlint.host.flow import StatementRunner
    from smemlint.host.syntax import on_a_branch
    src = tmp_path / "b.cpp"
    src.write_text("void g(int);\n"
                   "void f(int n) {\n"
                   "  for (int i = 0; i < n; i++) g(1);\n"        # line 3: in a loop, on no branch
                   "  if (n > 4) { g(2); } else g(3);\n"          # line 4: both branches
                   "  if (int m = n; m > 2) g(4);\n"              # line 5: after an initializer
                   "  switch (n) { case 1: g(5); }\n"             # line 6: a switch decides nothing here
                   "}\n")
    tu = ci.Index.create().parse(str(src), args=["-std=c++17"])
    f = next(c for c in tu.cursor.get_children() if c.spelling == "f" and c.is_definition())
    calls = {c.location.line * 10 + int(next(next(c.get_arguments()).get_tokens()).spelling): c for c in f.walk_preorder()
             if c.kind == ci.CursorKind.CALL_EXPR}
    order, memo = StatementRunner._order_of(type("R", (StatementRunner,), {"_orders": {}})(), f), {}
    assert {k: on_a_branch(f, c, order, memo) for k, c in calls.items()} == \
        {31: False, 42: True, 43: True, 54: True, 65: False}
