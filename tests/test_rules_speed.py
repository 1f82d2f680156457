"""The rules' faster shortcuts give the answers of their plain definitions."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from smemlint.analysis import analyze_file, run_kernel
from smemlint.config import Settings
from smemlint.rules import smem001_shared_bank_conflict as smem001
from smemlint.rules import sync004_shared_race as sync004

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


class _Seen:
    """What the lane recorder keeps: per site, (symbol, address per thread, active threads, barrier
    interval) per execution."""

    def __init__(self, seen):
        self.seen = seen
        self.unknown: set[int] = set()


def _cross_thread_by_definition(seen, write: int, read: int) -> bool:
    """Some thread reads, in the barrier interval of a write, an address another thread wrote there."""
    writers: dict[tuple[str, int, int], set[int]] = {}
    for sym, addr, mask, interval in seen[write]:
        for t in np.nonzero(mask)[0].tolist():
            writers.setdefault((sym, interval, int(addr[t])), set()).add(t)
    for sym, addr, mask, interval in seen[read]:
        for t in np.nonzero(mask)[0].tolist():
            w = writers.get((sym, interval, int(addr[t])))
            if w and (len(w) > 1 or t not in w):
                return True
    return False


def _evidence_holds(seen, write: int, read: int, evidence) -> bool:
    """The (reader, writer, address) returned is a real cross-thread pair of one interval."""
    reader, writer, address = evidence
    if reader == writer:
        return False
    wrote = any(m[writer] and int(a[writer]) == address and (s, i) == (rs, ri)
                for s, a, m, i in seen[write] for rs, ra, rm, ri in seen[read]
                if rm[reader] and int(ra[reader]) == address)
    return wrote


def test_cross_thread_matches_its_definition() -> None:
    rng = np.random.default_rng(7)
    for case in range(3000):
        n = int(rng.integers(1, 40))
        span = int(rng.integers(1, 3 * n + 2))

        def executions(count):
            out = []
            for _ in range(count):
                sym = "ab"[int(rng.integers(0, 2))] if case % 3 else "a"
                if rng.random() < 0.3:
                    addr = np.arange(n, dtype=np.int64) * int(rng.integers(0, 3))  # own element, or shared
                else:
                    addr = rng.integers(0, span, size=n, dtype=np.int64)
                out.append((sym, addr, rng.random(n) < rng.random(), int(rng.integers(0, 2))))
            return out

        seen = {1: executions(int(rng.integers(0, 4))), 2: executions(int(rng.integers(0, 4)))}
        for write, read in ((1, 2), (1, 1)):
            evidence = sync004._cross_thread(_Seen(seen), write, read)
            assert (evidence is not None) == _cross_thread_by_definition(seen, write, read), case
            assert evidence is None or _evidence_holds(seen, write, read, evidence), case


def _ideal_after_full_run(k, sym_key, accesses, arch, **layout) -> bool:
    """SMEM001's layout trial as first written: evaluate the whole kernel, then look at the counts."""
    it = run_kernel(k.unit, k.ir, k.config, arch, costed=frozenset({sym_key}), **layout)
    for a in accesses:
        st = it.stats.get(a.stats.site.id)
        if st is None or st.requests == 0 or st.unpredictable or st.wavefronts > st.ideal:
            return False
    return True


@pytest.mark.parametrize("name", ["square_tile.cu", "rect_tile.cu", "double_smem.cu", "narrow_types.cu",
                                  "swizzle.cu", "stencil.cu"])
def test_layout_trial_stops_early_with_the_same_answer(name: str) -> None:
    settings = Settings()
    result = analyze_file(str(FIXTURES / name), settings)
    tried = 0
    for k in result.kernels:
        if k.ir is None or k.unit is None or k.config is None:
            continue
        symbols = {a.stats.symbol for a in k.accesses if a.stats and a.stats.symbol and a.space == "shared"}
        for sym in symbols:
            same = [a for a in k.accesses if a.stats and a.stats.symbol == sym and a.predictable
                    and a.op in ("ld", "st")]
            if not same or not sym.dims:
                continue
            layouts = [{"dims_override": {sym.key: sym.dims[:-1] + (sym.dims[-1] + pad,)}} for pad in (0, 1, 2, 4)]
            layouts.append({"remap": {sym.key: lambda off: off + (off // 128) * 4}})
            for layout in layouts:
                assert smem001._try_layout(k, sym.key, same, settings.arch, **layout) == \
                    _ideal_after_full_run(k, sym.key, same, settings.arch, **layout), (name, sym.name, layout)
                tried += 1
    assert tried


def _rule_runs(monkeypatch) -> list:
    """The concurrency rules' own evaluations (a Recorder that costs nothing) made while linting."""
    from smemlint.symbolic import recorder

    made = []
    original = recorder.Recorder.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        if kwargs.get("costed") == frozenset():
            made.append(self)

    monkeypatch.setattr(recorder.Recorder, "__init__", init)
    return made


def _findings(result) -> list:
    return [(d.code, d.line, d.column, d.message) for d in result.all_diagnostics]


@pytest.mark.parametrize("name", ["rules/sync004_shared_race.cu", "rules/sync004_evidence.cu",
                                  "rules/sync001_barrier_divergence.cu", "rules/cg_barriers.cu"])
def test_the_analysis_evaluation_serves_the_rules_with_the_same_findings(name: str, monkeypatch) -> None:
    """A kernel with shared memory or barriers is evaluated once for the analysis and the rules'
    per-thread addresses (analysis.analyze_kernel's `lanes`): the findings are those of the rules'
    own evaluation, and the rules evaluate fewer kernels themselves."""
    from smemlint import analysis
    from smemlint.lint import lint_file

    settings = Settings()
    shared_runs = _rule_runs(monkeypatch)
    shared = lint_file(str(FIXTURES / name), settings)
    own = len(shared_runs)
    monkeypatch.setattr(analysis, "may_race", lambda kernel: False)  # the rules evaluate every kernel themselves
    shared_runs.clear()
    alone = lint_file(str(FIXTURES / name), settings)
    assert _findings(shared) == _findings(alone)
    assert any(d.code in ("SYNC004", "SYNC001") for d in alone.all_diagnostics)
    assert own < len(shared_runs)


def test_a_replayed_loop_keeps_the_rules_evaluation_their_own(tmp_path, monkeypatch) -> None:
    """An inner loop replayed from its first run (interp.exec_loop) keeps no addresses: that kernel's
    run is not handed to the rules, which evaluate it themselves, finding the race after the loop."""
    from smemlint.lint import lint_file

    src = tmp_path / "replayed.cu"
    src.write_text("__global__ void k(float *out)\n{\n    __shared__ float s[256];\n"
                   "    for (int j = 0; j < 4; j++) {\n"
                   "        for (int i = 0; i < 8; i++) { s[threadIdx.x] = i; }\n"
                   "        out[threadIdx.x] = s[(threadIdx.x + 1) % 256];\n"
                   "        __syncthreads();\n    }\n}\n"
                   "int main() { float *o; k<<<1, 256>>>(o); }\n")
    runs = _rule_runs(monkeypatch)
    result = lint_file(str(src), Settings())
    (kr,) = result.kernels
    assert "SYNC004" in {d.code for d in result.all_diagnostics}
    assert len(runs) == 1  # the analysis replayed the inner loop: its run was not the rules'
    from smemlint.symbolic.recorder import Recorder

    it = run_kernel(kr.unit, kr.ir, kr.config, "sm_90", record=True)
    assert isinstance(it, Recorder) and it.replays > 0 and not it.shares_lanes()
