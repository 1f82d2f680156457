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
