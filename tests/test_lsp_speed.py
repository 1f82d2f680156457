"""The editor's three figures (issue 16 item 6), measured over stdio on the real server process.

Targets: `initialize` answered in under 0.5 s; the first diagnostics of a typical single-kernel
file within 0.5 s of didOpen, sent right after `initialized` (a cold server, as when an editor
starts it for the file it opens); an edit's diagnostics within 0.3 s, the debounce (default
0.1 s) included. Measured with benchmarks/speed/lsp.py's own client, so the test and the benchmark
time the same thing; the figures are printed whatever happens.

The bounds asserted are ten times the targets: a shared 2-core machine under load can miss a
target by some margin, an order of magnitude is a regression (a lint that no longer reparses, an
analysis imported at start). benchmarks/speed/results-lsp.json holds the measured figures.
"""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"initialize_s": 0.5, "first_diagnostics_s": 0.5, "edit_diagnostics_max_s": 0.3}
SLACK = 10


def _benchmark(name: str = "lsp"):
    spec = importlib.util.spec_from_file_location(f"{name}_benchmark", ROOT / "benchmarks" / "speed" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.mark.parametrize("rel", ["fixtures/rules/smem002_shared_vector_split.cu", "fixtures/transpose_smem.cu"])
def test_lsp_answers_within_bounds(rel: str, capsys) -> None:
    bench = _benchmark()
    path = ROOT / rel
    row = bench.one(path, kernels=2)
    with capsys.disabled():
        figures = ", ".join(f"{k} {row[k]:.3f} s (target {t} s)" for k, t in TARGETS.items() if k in row)
        print(f"\nLSP speed, {rel} ({len(bench.kernel_bodies(path.read_text()))} kernel(s)): {figures}")
    assert row["diagnostics"] > 0
    assert row.get("edits"), "no edit was made: the benchmark found no digit inside a kernel"
    assert row["edits_matching_full_lint"] == f"{row['edits']}/{row['edits']}"  # an edit's lint equals a fresh one
    for k, target in TARGETS.items():
        assert row[k] < target * SLACK, f"{k} = {row[k]} s, more than {SLACK}x its {target} s target"


# Issue 15 item 5: a file as kernel-dense as llm.c's attention_backward.cu (28 kernels): first
# diagnostics within 1.5 s, an edit inside one kernel within 0.3 s (debounce included).
DENSE_TARGETS = {"first_diagnostics_s": 1.5, "edit_diagnostics_median_s": 0.3, "edit_diagnostics_max_s": 0.3}


def test_lsp_on_a_kernel_dense_file(tmp_path: Path, capsys) -> None:
    """A generated 28-kernel file (benchmarks/speed/gen_corpus.py: tiles, reductions, stencils,
    templates, host launches), opened cold and edited inside its first 12 kernels (those with a digit to change) over stdio."""
    text = _benchmark("gen_corpus").make_file(random.Random(28), 0, kernels=28)
    path = tmp_path / "dense28.cu"
    path.write_text(text, encoding="utf-8")
    bench = _benchmark()
    row = bench.one(path, kernels=12)
    with capsys.disabled():
        figures = ", ".join(f"{k} {row[k]:.3f} s (target {t} s)" for k, t in DENSE_TARGETS.items() if k in row)
        print(f"\nLSP speed, a generated 28-kernel file ({row['edits']} edits): {figures}")
    assert len(bench.kernel_bodies(text)) == 28
    assert row["edits"] >= 6, row
    assert row["edits_matching_full_lint"] == f"{row['edits']}/{row['edits']}"
    for k, target in DENSE_TARGETS.items():
        assert row[k] < target * SLACK, f"{k} = {row[k]} s, more than {SLACK}x its {target} s target"
