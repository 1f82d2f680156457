"""Accesses nvcc predicates instead of branching around count the warps whose lanes are all off
(as_compiled._count_predicated_warps; HARDWARE.md "How to measure": ncu's per-line "instructions
executed" counts them). Apex's layer norm measured 0.25 sectors per request for a store one lane of
four warps makes (`if (threadIdx.x == 0 && threadIdx.y == 0) mean[i1] = mu;`, predicated)."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.sass.kernelfacts import KernelFacts
from smemlint.sass.parse import Instr
from smemlint.sass.tools import Toolchain

ROOT = Path(__file__).parent.parent
TOOLS = Toolchain.find()


def test_a_line_is_predicated_only_when_every_instruction_of_the_access_is_guarded():
    kf = KernelFacts("k", "k", "sm_90", "sass")
    kf.instrs, kf.line_file = [
        Instr(0x00, "LDS", "@!P0", "R0, [R5]", "k.cu", 9, ()),
        Instr(0x10, "STS", "@!P0", "[R5], R0", "k.cu", 9, ()),
        Instr(0x20, "STG.E", "", "desc[UR4][R2.64], R0", "k.cu", 12, ()),
        Instr(0x30, "LDS", "@!P1", "R1, [R5]", "k.cu", 14, ()),
        Instr(0x40, "LDS", "", "R2, [R5+0x4]", "k.cu", 14, ()),
        Instr(0x50, "LDS", "@PT", "R3, [R5]", "k.cu", 16, ()),
    ], "k.cu"
    assert kf.predicated_on_line(9, "shared", "ld") and kf.predicated_on_line(9, "shared", "st")
    assert not kf.predicated_on_line(12, "global", "st")  # branched around: no guard
    assert not kf.predicated_on_line(14, "shared", "ld")  # one of the two is not guarded
    assert not kf.predicated_on_line(16, "shared", "ld")  # @PT: always
    assert not kf.predicated_on_line(20, "shared", "ld")  # nothing there


@pytest.mark.skipif(TOOLS.nvcc is None or not TOOLS.can_disassemble,
                    reason="SASS tools missing: " + (TOOLS.missing_note() or "-"))
def test_the_warps_a_predicated_access_runs_in_are_its_requests(tmp_path, monkeypatch):
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path / "cache"))
    path = ROOT / "fixtures" / "sass" / "predicated_warps.cu"
    r = lint_file(str(path), Settings(sass=True))
    assert r.status == "ok", r.error
    (k,) = r.kernels
    kf = k.sass_facts
    assert kf is not None
    lines = path.read_text().splitlines()
    step = [a for a in r.accesses if "buf[threadIdx.x] +=" in lines[a.line - 1]]
    assert len(step) == 3  # two loads and the store
    for a in r.accesses:
        said = any("nvcc predicates this access" in x for x in a.assumptions)
        # adjusted exactly where the SASS guards the line's instructions and warps were off there
        assert said == (kf.predicated_on_line(a.sass_line, a.space, a.op, a.file)
                        and a.stats.warps_reaching > a.stats.requests), (a.line, a.op)
    if all(kf.predicated_on_line(a.sass_line, a.space, a.op, a.file) for a in step):
        for a in step:  # 12 wavefronts: 4, 2, then 1 warp with lanes on, 8 warps executing each of 8 steps
            assert a.wavefronts_per_request == pytest.approx(12 / 64)
            assert a.requests == 64 * 64  # (every one of the launch's 64 blocks alike)
    (last,) = [a for a in r.accesses if a.space == "global" and a.op == "st"]
    if not kf.predicated_on_line(last.sass_line, "global", "st"):
        assert last.sectors_per_request == 1.0 and last.requests == 64
