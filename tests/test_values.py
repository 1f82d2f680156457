"""The evaluator's integer conversions (values.wrap) against C's two's complement rule, written out here."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smemlint.ir import CType
from smemlint.symbolic.values import Known, converted, to_type, wrap


def c_convert(v: int, size: int, signed: bool) -> int:
    bits = size * 8
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v


@pytest.mark.parametrize("size", [1, 2, 4, 8])
@pytest.mark.parametrize("signed", [True, False])
def test_wrap_is_twos_complement(size: int, signed: bool) -> None:
    rng = np.random.default_rng(size * 2 + signed)
    edges = [0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769, 65535, 65536,
             2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**32 - 1, 2**32, 2**63 - 1, -2**63]
    values = np.concatenate([np.array(edges, dtype=np.int64),
                             rng.integers(-2**63, 2**63 - 1, 2000, dtype=np.int64),
                             rng.integers(-70000, 70000, 2001, dtype=np.int64)])
    got = wrap(values.reshape(2, -1), CType("int", size, signed)).reshape(-1)
    if size == 8:
        assert np.array_equal(got, values)  # 64-bit values are kept as they are (numpy int64)
    else:
        assert got.tolist() == [c_convert(int(v), size, signed) for v in values]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-(1 << 40), 1 << 40), min_size=1, max_size=40), st.sampled_from([1, 2, 4, 8]),
       st.booleans(), st.integers(0, 1 << 40))
def test_a_conversion_skipped_by_bounds_is_the_wrap(values: list[int], size: int, signed: bool, slack: int) -> None:
    """values.to_type/converted skip the wrap where the value's bounds fit the type: the result is
    then what wrap() gives, and its bounds hold every element, whatever bounds (true ones) came in."""
    arr = np.array(values, dtype=np.int64)
    ct = CType("int", size, signed)
    bounds = (min(values) - slack, max(values) + slack)
    for made in (to_type(arr, ct, bounds=bounds), converted(Known(arr, bounds=bounds), ct)):
        assert np.array_equal(made.arr, wrap(arr, ct))
        assert made.bounds is not None and made.bounds[0] <= made.arr.min() and made.arr.max() <= made.bounds[1]
