"""SASS facts of tensor-core-era kernels (issue 17 item 5): LDSM, STSM, LDGSTS, UTMALDG/UTMASTG,
HMMA/HGMMA counted per kernel and per source line, from our measured fixtures compiled by the
real nvcc (skipped where the tools are missing)."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.sass import facts as sass_facts
from smemlint.sass.parse import Function, Instr
from smemlint.sass.tools import Toolchain

FIX = Path(__file__).parent.parent / "fixtures"
TOOLS = Toolchain.find()
needs_tools = pytest.mark.skipif(TOOLS.nvcc is None or not TOOLS.can_disassemble,
                                 reason="SASS tools missing: " + (TOOLS.missing_note() or "-"))


@pytest.mark.parametrize("opcode,fam", [("LDSM.16.MT88.4", "LDSM"), ("STSM.16.M88.4", "STSM"),
                                        ("LDGSTS.E.BYPASS.128", "LDGSTS"), ("UTMALDG.2D", "UTMALDG"),
                                        ("UTMASTG.2D", "UTMASTG"), ("UBLKCP.S.G", "UBLKCP"),
                                        ("HMMA.16816.F32", "HMMA"), ("HGMMA.64x128x16.F32", "HGMMA")])
def test_tensor_families(opcode, fam):
    assert sass_facts.family(opcode) == fam
    assert sass_facts.width_bits(opcode) is None  # never joined to an access as a width


@needs_tools
def test_tile_loader_counts_per_kernel_and_line():
    r = sass_facts.from_source(str(FIX / "tensor_tile_loader.cu"), "sm_90")
    plain = r.for_kernel("loaderPlain")
    assert plain is not None
    assert plain.counts["LDSM"] == 4 and plain.counts["LDGSTS"] == 21  # x4 per k-step, unrolled
    assert plain.lines[60]["LDSM"] == 4
    assert plain.lines[42]["LDGSTS"] + plain.lines[53]["LDGSTS"] == 21
    # the `@!PT LDS RZ, [RZ]` placeholders beside LDGSTS never execute: not counted as loads
    assert "LDS" not in plain.lines.get(42, {}) and "LDS" not in plain.counts
    padded = r.for_kernel("loaderPadded")  # __pipeline_memcpy_async: lines through the inline stack
    assert padded.lines[112]["LDGSTS"] + padded.lines[123]["LDGSTS"] == 21


@needs_tools
def test_wmma_counts():
    r = sass_facts.from_source(str(FIX / "wmma_gemm.cu"), "sm_90")
    k = r.for_kernel("wmmaGemmUnpadded")
    assert k.counts["HMMA"] == 8 and k.counts["LDSM"] == 5
    assert k.lines[37]["LDSM"] == 1 and k.lines[40]["LDSM"] == 4 and k.lines[41]["HMMA"] == 8


def test_never_executed_instructions_are_not_counted():
    instrs = [Instr(0, "LDS", "@!PT", "RZ, [RZ]", "k.cu", 7), Instr(16, "LDGSTS.E.BYPASS.128", "", "[R1], [R2.64]", "k.cu", 7),
              Instr(32, "HGMMA.64x128x16.F32", "", "", "k.cu", 9), Instr(48, "UTMALDG.2D", "", "", "k.cu", 5),
              Instr(64, "EXIT", "", "")]
    kf = sass_facts.kernel_facts(Function("k", True, instrs, "sm_90"), {}, line_file="k.cu")
    assert kf.counts == {"LDGSTS": 1, "HGMMA": 1, "UTMALDG": 1, "EXIT": 1}
    assert kf.lines == {7: {"LDGSTS": 1}, 9: {"HGMMA": 1}, 5: {"UTMALDG": 1}}
    assert kf.instructions == 5  # the placeholder still takes its 16 bytes
