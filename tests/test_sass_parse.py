"""SASS/PTX parsing and facts on committed captures of our own fixtures (no CUDA tools needed).

tests/data/*.sass.txt: `nvdisasm -gi -c` / `cuobjdump -sass` of fixtures/sass/*.cu built with
`nvcc -cubin -lineinfo -arch=sm_90` (CUDA 13.0); *.ptxas.txt: `-Xptxas -v`; *.res-usage.txt:
`cuobjdump -res-usage`; vector_width.ptx: `nvcc -ptx -lineinfo`.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.sass import names
from smemlint.sass.facts import facts_from_listing, family, width_bits
from smemlint.sass.parse import parse_cuobjdump_sass, parse_nvdisasm, parse_ptxas_info, parse_res_usage
from smemlint.sass.ptx import facts_from_ptx
from smemlint.sass.tools import Toolchain

DATA = Path(__file__).parent / "data"


def _facts(stem: str):
    fns = parse_nvdisasm((DATA / f"{stem}.nvdisasm.sass.txt").read_text())
    res = parse_res_usage((DATA / f"{stem}.res-usage.txt").read_text())
    ptxas = parse_ptxas_info((DATA / f"{stem}.ptxas.txt").read_text())
    return facts_from_listing(fns, f"{stem}.cu", res, ptxas, "sm_90")


def _kernel(facts, name):
    sym = names.match(name, list(facts))
    assert sym, f"{name} not in {list(facts)}"
    return facts[sym]


@pytest.mark.parametrize("opcode, fam, bits", [
    ("LDS", "LDS", 32), ("LDS.128", "LDS.128", 128), ("LDS.U16", "LDS.U16", 16), ("STS.64", "STS.64", 64),
    ("LDG.E.128.CONSTANT", "LDG.E.128", 128), ("LDG.E", "LDG.E", 32), ("STG.E.U8", "STG.E.U8", 8),
    ("BAR.SYNC.DEFER_BLOCKING", "BAR.SYNC", None), ("SHFL.BFLY", "SHFL", None), ("LDL.64", "LDL.64", 64),
    ("ATOMS.ADD", "ATOMS", 32), ("FFMA", None, None), ("LDSM.16.M88.4", "LDSM", None)])
def test_families_and_widths(opcode, fam, bits):
    assert family(opcode) == fam
    assert width_bits(opcode) == bits


def test_nvdisasm_listing_gives_kernels_counts_and_lines():
    facts = _facts("vector_width")
    k = _kernel(facts, "keeps128")
    assert k.counts["LDS.128"] == 1 and k.counts["STS.128"] == 1 and k.counts["BAR.SYNC"] == 1
    assert k.bytes == 16 * k.instructions
    assert k.widths_on_line(13, "shared", "st") == [128]
    split = _kernel(facts, "splitByAlignment")
    assert sorted(split.widths_on_line(24, "shared", "ld")) == [32, 128]
    assert split.describe_line(24, "shared", "ld") == "LDS.128 + LDS"
    g = _kernel(facts, "globalSplit")
    assert g.widths_on_line(30, "global", "ld") == [32, 32, 32, 32]
    assert _kernel(facts, "globalAligned").widths_on_line(36, "global", "ld") == [128]


def test_resources_and_spills():
    facts = _facts("spill")
    s, ok = _kernel(facts, "spills"), _kernel(facts, "noSpills")
    assert (s.registers, s.spill_stores_bytes, s.spill_loads_bytes) == (32, 368, 420)
    assert s.counts["STL"] > 0 and s.counts["LDL"] > 0
    assert ok.spills_bytes == 0 and ok.registers == 54
    # the runtime `steps` loop is a backward branch with its body on lines 12-13
    assert any(lp.first_line is not None and lp.first_line <= 13 <= lp.last_line for lp in s.loops)


def test_padding_and_trap_branch_are_not_code():
    k = _kernel(_facts("vector_width"), "keeps128")
    assert k.instrs[-1].mnemonic == "EXIT"
    assert not k.loops  # the `BRA self` after EXIT is not a loop


def test_cuobjdump_listing_without_line_info():
    fns = parse_cuobjdump_sass((DATA / "vector_width.cuobjdump.sass.txt").read_text())
    facts = facts_from_listing(fns, None)
    nv = _facts("vector_width")
    for sym, kf in facts.items():
        assert kf.counts == nv[sym].counts and kf.instructions == nv[sym].instructions
        assert not kf.lines and kf.unknown


def test_ptx_facts_say_what_only_sass_knows():
    facts = facts_from_ptx((DATA / "vector_width.ptx").read_text(), None)
    k = _kernel(facts, "keeps128")
    assert k.source == "ptx" and k.counts["ld.shared.v4.u32"] == 1 and k.counts["bar.sync"] == 1
    assert k.widths_on_line(13, "shared", "st") == [128]
    assert any("vectorization" in u for u in k.unknown) and any("registers" in u for u in k.unknown)
    d = k.to_dict()
    assert d["bytes"] is None and d["registers"] is None
    split = _kernel(facts, "splitByAlignment")
    assert split.loops and split.loops[0].first_line == 21 and split.loops[0].nounroll
    # PTX asks for four 32-bit loads on line 24; ptxas made them LDS.128 + LDS (test above): only SASS knows
    assert split.widths_on_line(24, "shared", "ld") == [32, 32, 32, 32]


@pytest.mark.parametrize("symbol, display", [
    ("_Z2tkILi4EEvPK6float4Pf", "tk<4>"), ("_Z5plainPfi", "plain"), ("kern", "kern"),
    ("_ZN2ns6kernelIfLj32EEEvPT_", "kernel<float, 32>"), ("_Z1kILb1EEvv", "k<true>"),
    ("_Z9transposeI6__halfLi16EEvPT_", "transpose<__half, 16>")])
def test_demangle(symbol, display):
    assert names.demangle(symbol).display == display


def test_match_templates_and_overloads():
    syms = ["_Z2tkILi4EEvPK6float4Pf", "_Z2tkILi8EEvPK6float4Pf", "_Z5plainPfi"]
    assert names.match("tk<8>", syms) == syms[1]
    assert names.match("tk<4>", syms) == syms[0]
    assert names.match("plain", syms) == syms[2]
    assert names.match("tk", syms) is None  # ambiguous: never guess
    assert names.match("other", syms) is None


def test_missing_tools_note_names_the_fix():
    t = Toolchain(None, None, None)
    note = t.missing_note()
    assert "nvcc" in note and "smemlint[sass]" in note and not t.can_disassemble


def test_an_inlined_instruction_keeps_its_innermost_line():
    """`nvdisasm -gi` writes the inline stack as `line 2 inlined at ..., line 8` and then the outer
    frame's own `line 8`; the instruction is line 2's, inlined at 8 (SGEMM_CUDA's `processFromSmem`
    loads were all put on the kernel's call line)."""
    listing = "\n".join([
        '//--------------------- .text._Z1kPf   --------------------------',
        '\t//## File "/t/inl.cu", line 8',
        '        /*00c0*/                   IMAD.WIDE.U32 R2, R9, 0x4, R2 ;',
        '\t//## File "/t/inl.cu", line 2 inlined at "/t/inl.cu", line 8',
        '\t//## File "/t/inl.cu", line 8',
        '        /*00d0*/                   LDS R7, [R4+UR4] ;',
        '\t//## File "/t/inl.cu", line 8',
        '        /*00e0*/                   STG.E desc[UR6][R2.64], R7 ;'])
    (fn,) = parse_nvdisasm(listing)
    lds, stg = (i for i in fn.instrs if i.opcode in ("LDS", "STG.E"))
    assert (lds.line, lds.inlined_at) == (2, (("/t/inl.cu", 8),))
    assert (stg.line, stg.inlined_at) == (8, ())


def test_a_deeper_inline_chain_keeps_every_frame():
    """A chain three deep is written one frame a line, each `inlined at` the next (exllamav2's
    `x_.set_half2(...)`: `__half2`'s copy in cuda_fp16.hpp, inlined in matrix_view.cuh's helper, inlined
    in rope.cu's device function, inlined in the kernel): the instruction is the header's line, called
    from each of them in order, innermost first."""
    listing = "\n".join([
        '//--------------------- .text._Z1kPf   --------------------------',
        '\t//## File "/c/cuda_fp16.hpp", line 274 inlined at "/t/mv.cuh", line 73',
        '\t//## File "/t/mv.cuh", line 73 inlined at "/t/rope.cu", line 65',
        '\t//## File "/t/rope.cu", line 65 inlined at "/t/rope.cu", line 138',
        '\t//## File "/t/rope.cu", line 138',
        '        /*00e0*/                   STG.E desc[UR6][R2.64], R7 ;',
        '\t//## File "/t/rope.cu", line 139',
        '        /*00f0*/                   STG.E desc[UR6][R4.64], R7 ;'])
    (fn,) = parse_nvdisasm(listing)
    deep, plain = fn.instrs
    assert (deep.file, deep.line) == ("/c/cuda_fp16.hpp", 274)
    assert deep.inlined_at == (("/t/mv.cuh", 73), ("/t/rope.cu", 65), ("/t/rope.cu", 138))
    assert deep.lines_in("/t/rope.cu") == [65, 138] and deep.lines_in("/t/mv.cuh") == [73]
    assert (plain.line, plain.inlined_at) == (139, ())
