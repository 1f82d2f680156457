"""SASS with the real tools: nvcc compiles our fixtures, cuobjdump/nvdisasm read them back.

Skipped (with the reason) where the tools are missing; the no-tools path is tested everywhere.
"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from smemlint.cli import main
from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.sass import facts as sass_facts
from smemlint.sass.tools import Toolchain

FIX = Path(__file__).parent.parent / "fixtures" / "sass"
TOOLS = Toolchain.find()
needs_tools = pytest.mark.skipif(TOOLS.nvcc is None or not TOOLS.can_disassemble,
                                 reason="SASS tools missing: " + (TOOLS.missing_note() or "-"))


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "sass-cache"))


@needs_tools
def test_unroll_grows_past_the_threshold_and_shrinks_under_unroll_1():
    r = sass_facts.from_source(str(FIX / "icache_unroll.cu"))
    big, small = r.for_kernel("overUnrolled"), r.for_kernel("unrolledOnce")
    hot_big = max(lp.footprint_bytes for lp in big.loops)
    hot_small = max(lp.footprint_bytes for lp in small.loops)
    assert hot_big > 32 * 1024  # HARDWARE.md: SM-level cache on sm_90
    assert hot_small < 5 * 1024  # fits the L0 cache
    assert big.bytes > 10 * small.bytes


@needs_tools
def test_compiled_output_is_cached_by_content(tmp_path):
    src = tmp_path / "k.cu"
    src.write_text((FIX / "vector_width.cu").read_text())
    first = sass_facts.from_source(str(src))
    again = sass_facts.from_source(str(src))
    assert not first.cached and again.cached
    assert again.kernels.keys() == first.kernels.keys()
    src.write_text(src.read_text().replace("64 * 4 + 4", "64 * 4 + 8"))
    assert not sass_facts.from_source(str(src)).cached


@needs_tools
@pytest.mark.parametrize("kind", ["-c", "-fatbin", "-cubin"])
def test_binaries_give_the_same_facts_as_the_source(tmp_path, kind):
    out = tmp_path / ("k.o" if kind == "-c" else "k.fatbin" if kind == "-fatbin" else "k.cubin")
    subprocess.run([TOOLS.nvcc, kind, "-lineinfo", "-arch=sm_90", "-o", str(out), str(FIX / "vector_width.cu")],
                   check=True, capture_output=True, timeout=120)
    from_bin = sass_facts.from_path(str(out), None)
    from_src = sass_facts.from_source(str(FIX / "vector_width.cu"))
    assert from_bin.kind == "sass" and set(from_bin.kernels) == set(from_src.kernels)
    for sym, kf in from_bin.kernels.items():
        assert kf.counts == from_src.kernels[sym].counts
        assert kf.spills_bytes is None  # only ptxas reports spills
    split = from_bin.for_kernel("splitByAlignment")
    assert sorted(split.widths_on_line(24, "shared", "ld")) == [32, 128]


@needs_tools
def test_ptx_inside_a_fatbin(tmp_path):
    out = tmp_path / "ptx_only.fatbin"
    subprocess.run([TOOLS.nvcc, "-fatbin", "-gencode", "arch=compute_90,code=compute_90", "-o", str(out),
                    str(FIX / "vector_width.cu")], check=True, capture_output=True, timeout=120)
    r = sass_facts.from_path(str(out), None)
    assert r.kind == "ptx" and r.for_kernel("keeps128").counts["bar.sync"] == 1
    assert any("PTX" in n for n in r.notes)


@needs_tools
def test_check_sass_adds_facts_and_findings():
    res = CliRunner().invoke(main, ["check", "--sass", "--format", "json", "--select", "SASS", str(FIX)])
    assert res.exit_code == 1, res.output
    doc = json.loads(res.output)
    assert {d["code"] for d in doc["diagnostics"]} == {"SASS001", "SASS002", "SASS003"}
    sass = {k["name"]: k["sass"] for k in doc["kernels"]}
    assert sass["keeps128"]["counts"]["LDS.128"] == 1 and sass["spills"]["spills_bytes"] == 788
    assert sass["overUnrolled"]["loops"][0]["bytes"] > 32 * 1024


@needs_tools
def test_header_kernels_get_the_sass_of_the_file_that_launches_them(tmp_path, monkeypatch):
    """SGEMM_CUDA's layout: kernels in `src/kernels/*.cuh`, launched from `src/runner.cu`, found
    through `-I src` (relative to where smemlint runs, as for the parse). The header's lines come from
    the launching file's compile; the header linted alone is compiled as CUDA (`-x cu`)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "tile.cuh").write_text(
        "template <int BM>\n"
        "__global__ void tile(const float *in, float *out) {\n"
        "    __shared__ float As[8 * BM];\n"
        "    As[threadIdx.x] = in[threadIdx.x];\n"
        "    __syncthreads();\n"
        "    float s = 0.0f;\n"
        "    for (int i = 0; i < 4; ++i) s += As[(threadIdx.x / 32) * 4 + i];  // MERGED\n"
        "    out[threadIdx.x] = s;\n"
        "}\n"
        "__global__ void plain(float *out) { out[threadIdx.x] = 1.0f; }\n")
    (tmp_path / "runner.cu").write_text('#include "tile.cuh"\n'
                                        "void run(const float *i, float *o) { tile<64><<<1, 128>>>(i, o); }\n")
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["check", "--sass", "--format", "json", "--no-cache", "-I", "src",
                                  "runner.cu", "src/tile.cuh"])
    doc = json.loads(r.output)
    assert not [n for f in doc["files"] for n in f.get("notes", []) if "SASS skipped" in n], doc["files"]
    merged = [a for a in doc["accesses"] if a["kernel"] == "tile<64>" and a["space"] == "shared" and a["op"] == "ld"]
    assert merged and all(any("merged this 32-bit access into" in x for x in a["assumptions"]) for a in merged)
    assert {k["name"] for k in doc["kernels"] if k.get("sass")} >= {"tile<64>", "plain"}


@needs_tools
def test_sass_command_table_and_json():
    r = CliRunner().invoke(main, ["sass", str(FIX / "spill.cu")])
    assert r.exit_code == 0, r.output
    assert "kernel spills" in r.output and "368 B stored / 420 B loaded" in r.output
    r = CliRunner().invoke(main, ["sass", "--format", "json", str(FIX / "vector_width.cu")])
    doc = json.loads(r.output)
    assert {k["name"] for k in doc["kernels"]} == {"keeps128", "splitByAlignment", "globalSplit", "globalAligned"}


@needs_tools
def test_no_sass_work_without_the_flag_or_without_a_sass_rule(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("compiled without need")

    monkeypatch.setattr(sass_facts, "from_source", boom)
    lint_file(str(FIX / "spill.cu"), Settings())
    lint_file(str(FIX / "spill.cu"), Settings(sass=True, select=("SMEM",)))


@pytest.mark.parametrize("tools, kind", [(Toolchain(None, None, None), "none"),
                                         (Toolchain("nvcc", None, None), "none")])
def test_without_tools_the_source_is_linted_and_sass_skipped(monkeypatch, tools, kind):
    monkeypatch.setattr(sass_facts.Toolchain, "find", classmethod(lambda cls: tools))
    if tools.nvcc:  # nvcc present but no disassembler: PTX facts (needs a real nvcc)
        if TOOLS.nvcc is None:
            pytest.skip("no nvcc")
        tools = Toolchain(TOOLS.nvcc, None, None)
        monkeypatch.setattr(sass_facts.Toolchain, "find", classmethod(lambda cls: tools))
    r = lint_file(str(FIX / "vector_width.cu"), Settings(sass=True))
    assert r.status == "ok"
    assert not [d for d in r.diagnostics if d.code.startswith("SASS")]
    if tools.nvcc:
        assert any("facts from PTX only" in n for n in r.notes), r.notes
    else:
        notes = [n for n in r.notes if "SASS" in n]
        assert len(notes) == 1 and "SASS skipped" in notes[0] and "nvcc" in notes[0]
        assert all(k.sass is None for k in r.kernels)
