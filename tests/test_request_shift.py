"""Requests moved by whole 128-byte lines cost the same, so the memo of requests may key them alike
(costing._down_to_first_line): checked against the models on random requests."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from smemlint.model.arch import get_arch
from smemlint.model.banks import shared_wavefronts
from smemlint.model.coalescing import global_sectors
from smemlint.symbolic.costing import _down_to_first_line

ARCH = get_arch("sm_90")

lanes = st.lists(st.one_of(st.just(-1), st.integers(0, 4096)), min_size=32, max_size=32)


def _costs(a: np.ndarray, width: int):
    out = []
    for warp in a.reshape(-1, 32).tolist():
        lanes = [x if x >= 0 else None for x in warp]
        if lanes == [None] * 32:
            out.append(None)
            continue
        out.append((shared_wavefronts(lanes, width, "ld", ARCH), shared_wavefronts(lanes, width, "st", ARCH),
                    global_sectors(lanes, width, ARCH)))
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(lanes, min_size=1, max_size=4), st.integers(0, 1 << 20), st.sampled_from([1, 2, 4, 8, 16]))
def test_moving_a_request_by_whole_lines(warps, lines, width) -> None:
    a = np.array(warps, dtype=np.int64).reshape(-1) // width * width
    moved = np.where(a >= 0, a + 128 * lines, -1)
    down = _down_to_first_line(moved)
    active = down >= 0
    assert (active == (a >= 0)).all()
    if active.any():
        assert 0 <= down[active].min() < 128
        assert ((down - a)[active] % 128 == 0).all()  # moved by whole lines only
    assert _costs(down, width) == _costs(a, width) == _costs(moved, width)


def test_rows_of_a_batched_request_move_together() -> None:
    a = np.array([[256 + 4 * i for i in range(32)], [-1] * 16 + [300 + 4 * i for i in range(16)]])
    down = _down_to_first_line(a)
    assert down[0].tolist() == [4 * i for i in range(32)]  # the lowest line of all rows, not of each
    assert down[1].tolist() == [-1] * 16 + [44 + 4 * i for i in range(16)]
    assert _down_to_first_line(np.full(32, -1)).tolist() == [-1] * 32
