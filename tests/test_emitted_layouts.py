"""With --sass, a shared read is costed as the instructions nvcc emitted for it (issue 17 item 6):
laid out as straight-line instructions of mixed widths (symbolic/emitted.py `laid`, sass/facts.py
`layout_on_line`: the peel of a loop's first iteration into a narrow LDS before its LDS.128s, the
over-read of an aligned group before the first iteration, the same layout repeated by an outer loop
nvcc unrolled), or unrolled around a run-time trip count (`unrolled`, `runtime_unroll_on_line`:
bodies of wide loads, then a remainder). benchmarks/accuracy/pending/emitted_layouts.cu was
measured on the H100 (benchmarks/accuracy/idioms/emitted-layouts-truth-sm90.jsonl); every site must
get ncu's requests and wavefronts per request.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from smemlint.sass.facts import KernelFacts
from smemlint.sass.parse import Instr
from smemlint.symbolic.emitted import anchor_of

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "benchmarks" / "accuracy" / "pending" / "emitted_layouts.cu"
TRUTH = ROOT / "benchmarks" / "accuracy" / "idioms" / "emitted-layouts-truth-sm90.jsonl"


def _sass_tools() -> bool:
    from smemlint.sass.tools import find_tool

    return shutil.which("nvcc") is not None and all(find_tool(t) for t in ("cuobjdump", "nvdisasm"))


@pytest.mark.skipif(not _sass_tools(), reason="needs nvcc, cuobjdump and nvdisasm to read what nvcc emits")
def test_measured_layouts_are_predicted_exactly() -> None:
    out = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "--sass", "--format", "json",
                          str(SOURCE)], capture_output=True, text=True, cwd=ROOT, check=False)
    report = json.loads(out.stdout)
    predicted = {(a["kernel"], a["line"]): a for a in report["accesses"] if a["space"] == "shared" and a["op"] == "ld"}
    truth = [json.loads(t) for t in TRUTH.read_text().splitlines()]
    sites = [t for t in truth if t.get("kind") == "site" and t["space"] == "shared" and t["op"] == "ld"]
    assert len(sites) == 17
    for t in sites:
        a = predicted[(t["kernel"], t["line"])]
        assert (a["requests"], a["wavefronts_per_request"]) == (t["requests"], t["wavefronts_per_request"]), \
            f"{t['kernel']}:{t['line']} {t['sass']}: measured {t['requests']} requests of " \
            f"{t['wavefronts_per_request']}, predicted {a['requests']} of {a['wavefronts_per_request']}"
        if len(set(t["sass"])) > 1 or t["kernel"].startswith(("rt_", "runtime")):
            assert any("costed as emitted" in x for x in a["assumptions"]), a["assumptions"]


def _facts(listing: list[tuple[str, str, str]]) -> KernelFacts:
    """KernelFacts of (opcode, operands, predicate) instructions, every memory one on line 7."""
    kf = KernelFacts("k", "k", "sm_90", "sass", line_file="k.cu")
    for n, (opcode, operands, predicate) in enumerate(listing):
        target = int(operands, 16) if opcode == "BRA" else None
        kf.instrs.append(Instr(n * 16, opcode, predicate, operands, "k.cu", 7, target=target))
    return kf


def test_layout_of_a_peeled_straight_line() -> None:
    kf = _facts([("LDS", "R15, [R14+0xc]", ""), ("LDS.128", "R8, [R14+0x10]", ""),
                 ("LDS.128", "R4, [R14+0x20]", ""), ("LDS", "R17, [R14+0x30]", "")])
    assert kf.layout_on_line(7, "shared", "ld") == ((0, 4), (4, 16), (20, 16), (36, 4))


def test_layout_repeated_by_an_unrolled_outer_loop_on_other_registers() -> None:
    kf = _facts([("LDS", "R1, [R21+0xc]", ""), ("LDS.128", "R4, [R21+0x10]", ""),
                 ("LDS.128", "R4, [R18+0x10]", ""), ("LDS", "R1, [R18+0xc]", "")])
    assert kf.layout_on_line(7, "shared", "ld") == ((0, 4), (4, 16))


def test_no_layout_for_a_runtime_trip_loop_and_its_remainder() -> None:
    """krt4 of nvcc 13.0: an unrolled body of LDS.64 in a loop, then a remainder loop of LDS."""
    kf = _facts([("LDS.64", "R18, [R16+-0x8]", ""), ("LDS.64", "R2, [R16]", ""), ("BRA", "0x0", "@P1"),
                 ("LDS", "R0, [R17]", ""), ("BRA", "0x30", "@P0")])
    assert kf.layout_on_line(7, "shared", "ld") is None


def test_runtime_trip_unrolling_is_read_from_the_groups() -> None:
    """runtime_trip (nvcc 13.0): bodies of 8, 4 and 2 LDS.64 in loops, a remainder loop of one LDS."""
    kf = _facts([("LDS.64", "R2, [R5+-0x8]", ""), ("LDS.64", "R4, [R5]", ""), ("LDS.64", "R6, [R5+0x8]", ""),
                 ("LDS.64", "R8, [R5+0x10]", ""), ("BRA", "0x0", "@P1"), ("LDS.64", "R2, [R5+-0x8]", ""),
                 ("LDS.64", "R4, [R5]", ""), ("BRA", "0x50", "@P0"), ("LDS", "R0, [R3]", ""), ("BRA", "0x80", "@P0")])
    assert kf.layout_on_line(7, "shared", "ld") is None
    assert kf.runtime_unroll_on_line(7, "shared", "ld", 4) == (8, 4, 4)
    assert kf.runtime_unroll_on_line(7, "shared", "ld", 8) is None  # LDS.64 is not a merge of doubles
    # rt_outer: the remainder read at once by one LDS.128 (up to 3 floats)
    kf = _facts([("LDS.64", "R2, [R5+-0x8]", ""), ("LDS.64", "R4, [R5]", ""), ("BRA", "0x0", "@P1"),
                 ("LDS.128", "R4, [R4]", "")])
    assert kf.runtime_unroll_on_line(7, "shared", "ld", 4) == (8, 4, 16)
    # a body that is not contiguous, or a remainder too narrow for what is left of a step
    kf = _facts([("LDS.64", "R2, [R5]", ""), ("LDS.64", "R4, [R5+0x10]", ""), ("BRA", "0x0", "@P1"),
                 ("LDS", "R0, [R3]", "")])
    assert kf.runtime_unroll_on_line(7, "shared", "ld", 4) is None
    kf = _facts([("LDS.128", "R2, [R5]", ""), ("LDS.128", "R4, [R5+0x10]", ""), ("BRA", "0x0", "@P1"),
                 ("LDS.64", "R0, [R3]", "")])
    assert kf.runtime_unroll_on_line(7, "shared", "ld", 4) is None


def test_no_layout_across_a_branch_target_or_under_a_predicate() -> None:
    """A narrow peel before a loop of LDS.128 (a branch target): the peel runs once, the loop as
    often as the run decides; two groups of different layouts."""
    kf = _facts([("LDS", "R8, [R14+0xc]", ""), ("LDS.128", "R4, [R14+0x10]", ""), ("BRA", "0x10", "@P0")])
    assert kf.layout_on_line(7, "shared", "ld") is None
    kf = _facts([("LDS.128", "R8, [R14]", ""), ("LDS.128", "R4, [R14+0x10]", "@P0")])
    assert kf.layout_on_line(7, "shared", "ld") is None


def test_anchor_puts_every_instruction_at_its_alignment() -> None:
    rows = np.arange(32) * 144  # 36-float rows
    assert anchor_of(rows + 12, ((0, 4), (4, 16), (20, 16), (36, 4))) == 0  # k = 3: the LDS peel
    assert anchor_of(rows + 4, ((0, 16), (16, 16), (32, 16), (48, 16))) == 4  # k = 1 inside the LDS.128 of k = 0
    assert anchor_of(rows + 8, ((0, 4), (4, 16))) is None  # the LDS.128 would be 12 bytes off
    assert anchor_of(np.arange(32) * 132 + 4, ((0, 16),)) is None  # 33-float rows: lanes disagree
