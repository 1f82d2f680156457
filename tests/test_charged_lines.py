"""Where nvcc's line table charges an access's instructions (`charged_to`, issue 30 item 4).

Nsight Compute counts an instruction on the innermost line of nvcc's line table: the copy operator of
`__half2` inlined at `half2 v = x[i]` is counted on cuda_fp16.h's line, `atomicAdd` on its header's, a
helper's body on the helper's. The first test pins the reading of `inlined at` frames without tools; the
second checks `charged_to` of a real lint against the `nvdisasm -gi` table nvcc writes (read here by its
own small reader), where nvcc is installed; the third checks that the benchmark's judge counts an access
on its own line and, with the share of its instructions there, on each line it is charged to.
"""
from __future__ import annotations

import importlib.util
import os
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.sass.kernelfacts import KernelFacts
from smemlint.sass.parse import Instr
from smemlint.sass.tools import Toolchain

ROOT = Path(__file__).parent.parent
FIXTURE = ROOT / "fixtures" / "sass" / "charged_lines.cu"
HDR = "/cuda/include/cuda_fp16.hpp"


def _facts(instrs: list[Instr]) -> KernelFacts:
    kf = KernelFacts("k", "k", "sm_90", "sass")
    kf.instrs, kf.line_file = instrs, "k.cu"
    return kf


def test_charged_lines_follow_the_innermost_frame_of_each_file():
    kf = _facts([
        Instr(0x00, "LDG.E", "", "R2, desc[UR4][R2.64]", HDR, 264, (("k.cu", 10),)),   # copy operator, from 10
        Instr(0x10, "LDG.E", "", "R3, desc[UR4][R4.64]", "k.cu", 10),                   # an unrolled copy on 10
        Instr(0x20, "STG.E", "", "desc[UR4][R6.64], R3", HDR, 274, (("k.cu", 10),)),    # a store: another op
        Instr(0x30, "LDG.E", "", "R5, desc[UR4][R8.64]", "k.cu", 5, (("k.cu", 10),)),   # a helper's line 5
        Instr(0x40, "LDG.E", "@!PT", "RZ, desc[UR4][R8.64]", HDR, 264, (("k.cu", 10),)),  # never executes
        Instr(0x50, "LDG.E", "", "R9, desc[UR4][R8.64]", HDR, 264, (("k.cu", 12),)),    # from another line
        Instr(0x60, "STG.E", "", "desc[UR4][R6.64], R3", "h.cuh", 73, (("k.cu", 65),)),  # a header's helper
    ])
    # ncu's view of k.cu counts the copy operator's load on line 10, its view of the header on 264
    assert kf.charged_lines(10, "global", "ld", "k.cu") == ({("k.cu", 10): 2, (HDR, 264): 1, ("k.cu", 5): 1}, 3)
    # the helper's line has an access of its own: its instruction is that access's
    assert kf.charged_lines(10, "global", "ld", "k.cu", frozenset({5, 10})) == ({("k.cu", 10): 2, (HDR, 264): 1}, 2)
    assert kf.charged_lines(10, "global", "st", "k.cu") == ({("k.cu", 10): 1, (HDR, 274): 1}, 1)
    assert kf.charged_lines(11, "global", "ld", "k.cu") == ({}, 0)
    assert kf.charged_lines(10, "shared", "ld", "k.cu") == ({}, 0)
    # an access in a header's helper is counted on the kernel's call too
    assert kf.charged_lines(73, "global", "st", "h.cuh") == ({("h.cuh", 73): 1, ("k.cu", 65): 1}, 1)
    ptx = _facts(kf.instrs)
    ptx.source = "ptx"  # no SASS line table: nothing is said
    assert ptx.charged_lines(10, "global", "ld", "k.cu") == ({}, 0)


def test_an_access_without_instructions_takes_the_nearest_unclaimed_line():
    kf = _facts([
        Instr(0x00, "LDS", "", "R2, [UR4]", "k.cu", 17),                  # hoisted to the barrier on 17
        Instr(0x10, "LDS", "", "R3, [R4]", "k.cu", 12),                   # line 12's own load
        Instr(0x20, "LDS", "", "R5, [UR4]", "k.cu", 4, (("k.cu", 9),)),   # a helper's load, called from 9
        Instr(0x30, "LDS", "@!PT", "RZ, [UR4]", "k.cu", 19),              # never executes
        Instr(0x40, "STS", "", "[UR4], R2", "k.cu", 18),                  # another op
    ])
    assert kf.moved_to(20, "shared", "ld", "k.cu", frozenset({12, 20})) == (17, 1)
    # nothing unclaimed between the access and a claimed line above it: not its instructions
    assert kf.moved_to(16, "shared", "ld", "k.cu", frozenset({12, 16})) is None
    assert kf.moved_to(20, "shared", "ld", "k.cu", frozenset({12, 18, 20})) is None
    # an instruction below the access is not moved up from it; a helper's is counted on its own line
    assert kf.moved_to(15, "shared", "ld", "k.cu", frozenset({12, 15})) is None
    # a load into a local array kept in registers: charged to the array's use below it
    assert kf.moved_to(15, "shared", "ld", "k.cu", frozenset({12, 15}), down=True) == (17, 1)
    assert kf.moved_to(15, "shared", "ld", "k.cu", frozenset({12, 15, 16}), down=True) is None
    assert kf.moved_to(11, "shared", "ld", "k.cu", frozenset({11, 12})) == (4, 1)
    assert kf.moved_to(20, "global", "ld", "k.cu") is None
    ptx = _facts(kf.instrs)
    ptx.source = "ptx"
    assert ptx.moved_to(20, "shared", "ld", "k.cu") is None


@pytest.mark.skipif(Toolchain.find().nvcc is None or not Toolchain.find().can_disassemble,
                    reason="SASS tools missing: " + (Toolchain.find().missing_note() or "-"))
def test_a_moved_load_is_charged_where_nvcc_put_it(tmp_path, monkeypatch):
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path / "cache"))
    path = ROOT / "fixtures" / "sass" / "hoisted_loads.cu"
    lines = path.read_text().splitlines()
    r = lint_file(str(path), Settings(sass=True))
    assert r.status == "ok", r.error
    (hoisted,) = [a for a in r.accesses if a.kernel == "center" and a.space == "shared" and a.op == "ld"]
    (e,) = hoisted.charged_to
    assert lines[e["line"] - 1].strip() == "__syncthreads();" and e["instructions"] == e["of"] == 1
    (kept,) = [a for a in r.accesses if a.kernel == "scale" and a.space == "shared" and a.op == "ld"]
    assert kept.charged_to is None
    (packed,) = [a for a in r.accesses if a.kernel == "packed" and a.space == "global" and a.op == "ld"]
    (e,) = packed.charged_to
    assert lines[e["line"] - 1].strip() == "sum += static_cast<int>(pack[i]);"


_FRAME = re.compile(r'//##\s*File\s+"([^"]*)",\s*line\s+(\d+)(.*)$')
_CALL = re.compile(r'inlined at\s+"([^"]*)",\s*line\s+(\d+)')
_MEM = re.compile(r"^\s*/\*[0-9a-f]+\*/\s+(@!?P\w+\s+)?(LDG|STG|LDS|STS|ATOMG|REDG|RED)\b")


def _table(listing: str) -> list[tuple[str, str, list[tuple[str, int]]]]:
    """(function symbol, opcode, frames innermost first as (file name, line)) of each executed memory
    instruction."""
    out = []
    frames: list = []
    previous_was_frame = False
    function = ""
    for raw in listing.splitlines():
        if raw.startswith("//-") and ".text." in raw:
            function = raw.split(".text.", 1)[1].split()[0]
        m = _FRAME.search(raw)
        if m:
            here = (os.path.basename(m.group(1)), int(m.group(2)))
            calls = [(os.path.basename(f), int(n)) for f, n in _CALL.findall(m.group(3))]
            if previous_was_frame and len(frames) > 1 and here == frames[-1]:
                frames = [*frames, *calls]  # -gi continues the chain: the caller's own line, called from ...
            else:
                frames = [here, *calls]
            previous_was_frame = True
            continue
        previous_was_frame = False
        m = _MEM.match(raw)
        if m and (m.group(1) or "").strip() != "@!PT":
            out.append((function, m.group(2), frames))
    return out


TOOLS = Toolchain.find()


@pytest.mark.skipif(TOOLS.nvcc is None or not TOOLS.can_disassemble,
                    reason="SASS tools missing: " + (TOOLS.missing_note() or "-"))
def test_charged_to_matches_nvdisasm_line_table(tmp_path, monkeypatch):
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path / "cache"))
    r = lint_file(str(FIXTURE), Settings(sass=True))
    assert r.status == "ok", r.error
    cubin = tmp_path / "k.cubin"
    subprocess.run([TOOLS.nvcc, "-cubin", "-lineinfo", "-arch=sm_90", "-o", str(cubin), str(FIXTURE)], check=True,
                   capture_output=True, timeout=300)
    listing = subprocess.run([TOOLS.nvdisasm, "-gi", "-c", str(cubin)], check=True, capture_output=True,
                             text=True, timeout=120).stdout
    table = _table(listing)
    opcodes = {("global", "ld"): ("LDG",), ("global", "st"): ("STG",), ("shared", "ld"): ("LDS",),
               ("shared", "st"): ("STS",), ("global", "atomic"): ("ATOMG", "REDG", "RED")}
    charged = [a for a in r.accesses if a.charged_to]
    assert len(charged) == 10  # both half2 copies, both atomics, the 4 half2 accesses of stage_half2, put's 2 stores
    for a in r.accesses:
        if a.space not in ("shared", "global"):
            continue
        want, total = Counter(), 0
        name = os.path.basename(a.file)
        for function, op, frames in table:
            mine = [ln for f, ln in frames if f == name]
            if f"{len(a.kernel)}{a.kernel}" in function and op in opcodes[(a.space, a.op)] and mine and \
                    mine[0] == a.line:
                total += 1
                inner = {}
                for f, ln in frames:
                    inner.setdefault(f, ln)
                want.update((f, ln) for f, ln in inner.items() if f != name)
        got = Counter({(os.path.basename(e["file"]), e["line"]): e["instructions"] for e in a.charged_to or []
                       if os.path.basename(e["file"]) != name})
        assert got == want, (a.line, a.op)
        assert all(e["of"] == total for e in a.charged_to or []), (a.line, a.op)
        assert bool(a.charged_to) == bool(want)


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


def test_judge_counts_an_access_where_its_instructions_are_charged(tmp_path):
    rp = _load("realprograms_compare", ROOT / "benchmarks" / "accuracy" / "realprograms" / "compare.py")
    (tmp_path / "targets" / "include").mkdir(parents=True)
    header = tmp_path / "targets" / "include" / "cuda_fp16.hpp"
    header.write_text("")
    (tmp_path / "cuda").symlink_to(tmp_path / "targets")  # ncu names it through /usr/local/cuda's link
    root = tmp_path / "repo"
    root.mkdir()
    k = rp._Kernel("k.cu", 3, "kern", (256, 1, 1))

    def access(line, sectors, charged):
        a = {"file": "k.cu", "line": line, "space": "global", "op": "st", "sectors_per_request": sectors,
             "wavefronts_per_request": None, "requests": 64, "assumptions": [], "width_bits": 32,
             "charged_to": charged}
        return [(pf, pl, rp.charged_access(a, share)) for pf, pl, share in rp.charged_places(a, "k.cu", line, root)]

    found = {"accesses": {}, "kernels": {"kern": [k]}}
    for line, sectors, charged in [
            (10, 4.0, [{"file": "k.cu", "line": 10, "instructions": 4, "of": 4},
                       {"file": str(header), "line": 274, "instructions": 3, "of": 4}]),  # 3 of 4 in the header
            (11, 8.0, [{"file": "k.cu", "line": 11, "instructions": 1, "of": 1},
                       {"file": str(header), "line": 274, "instructions": 1, "of": 1}]),
            (12, 2.0, None)]:
        for pf, pl, acc in access(line, sectors, charged):
            found["accesses"].setdefault((pf, pl, "global", "st", "kern"), []).append((acc, k))
    site = {"program": "p", "file": str(tmp_path / "cuda" / "include" / "cuda_fp16.hpp"), "line": 274,
            "kernel": "kern", "space": "global", "op": "st", "sass": ["STG.E"]}
    truth = {"block": [256, 1, 1]}
    # the header line: 3/4 of line 10's requests at 4.0 and all of line 11's at 8.0
    e = rp.judge(dict(site, sectors_per_request=(48 * 4.0 + 64 * 8.0) / 112), found, truth)
    assert (e["verdict"], e["accesses_on_line"]) == ("exact", 2)
    assert rp.judge(dict(site, sectors_per_request=4.0), found, truth)["verdict"] == "wrong"
    own = dict(site, file="k.cu", sectors_per_request=4.0)
    assert rp.judge(dict(own, line=10), found, truth)["verdict"] == "exact"
    # on its own line too, all of it: the calling file's view counts the inlined instructions there
    assert rp.judge(dict(own, line=11, sectors_per_request=8.0), found, truth)["verdict"] == "exact"
    assert rp.judge(dict(own, line=12, sectors_per_request=2.0), found, truth)["verdict"] == "exact"
