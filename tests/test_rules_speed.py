"""The rules' faster shortcuts give the answers of their plain definitions."""
from __future__ import annotations

import numpy as np

from smemlint.rules import sync004_shared_race as sync004


class _Seen:
    """What the lane recorder keeps: per site, (symbol, address per thread, active threads) per execution."""

    def __init__(self, seen):
        self.seen = seen
        self.unknown: set[int] = set()


def _cross_thread_by_definition(seen, write: int, read: int) -> bool:
    writers: dict[tuple[str, int], set[int]] = {}
    for sym, addr, mask in seen[write]:
        for t in np.nonzero(mask)[0].tolist():
            writers.setdefault((sym, int(addr[t])), set()).add(t)
    for sym, addr, mask in seen[read]:
        for t in np.nonzero(mask)[0].tolist():
            w = writers.get((sym, int(addr[t])))
            if w and (len(w) > 1 or t not in w):
                return True
    return False


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
                out.append((sym, addr, rng.random(n) < rng.random()))
            return out

        seen = {1: executions(int(rng.integers(0, 4))), 2: executions(int(rng.integers(0, 4)))}
        assert sync004._cross_thread(_Seen(seen), 1, 2) == _cross_thread_by_definition(seen, 1, 2), case
        assert sync004._cross_thread(_Seen(seen), 1, 1) == _cross_thread_by_definition(seen, 1, 1), case
