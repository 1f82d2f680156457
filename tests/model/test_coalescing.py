"""Global-memory sector model against HARDWARE.md and a brute-force reference."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smemlint.model import ARCHES, GlobalCost, global_sectors, load_efficiency

WARP = 32
PROPERTY = settings(max_examples=300, deadline=None)


def warps_of_block(bx: int, by: int, bz: int = 1):
    """Yield each warp of a block as 32 (x, y, z) lane coordinates, None past the end."""
    threads = [(x, y, z) for z in range(bz) for y in range(by) for x in range(bx)]
    for start in range(0, len(threads), WARP):
        chunk = threads[start:start + WARP]
        yield chunk + [None] * (WARP - len(chunk))


def lanes(f, active=lambda lane: True):
    return [f(lane) if active(lane) else None for lane in range(WARP)]


def ref_global(addresses, w: int):
    """(sectors, ideal, bytes_requested, distinct_bytes) straight from HARDWARE.md."""
    touched = {b for a in addresses if a is not None for b in range(a, a + w)}
    active = sum(a is not None for a in addresses)
    sectors = len({b // 32 for b in touched})
    ideal = (len(touched) + 31) // 32
    return sectors, ideal, active * w, len(touched)


def as_tuple(cost: GlobalCost):
    return cost.sectors, cost.ideal, cost.bytes_requested, cost.distinct_bytes


# --- measured examples (HARDWARE.md "Global memory: sectors per request") -----------


@pytest.mark.parametrize(
    "name, address, width, sectors",
    [
        ("coalesced 4-byte", lambda i: 4 * i, 4, 4),
        ("word stride 2", lambda i: 8 * i, 4, 8),
        ("word stride 4", lambda i: 16 * i, 4, 16),
        ("word stride 8", lambda i: 32 * i, 4, 32),
        ("word stride 9", lambda i: 36 * i, 4, 32),
        ("word stride 32", lambda i: 128 * i, 4, 32),
        ("word stride 1024", lambda i: 4096 * i, 4, 32),
        ("offset by one float", lambda i: 4 * i + 4, 4, 5),
        ("12-byte AoS field", lambda i: 12 * i, 4, 12),
        ("float4", lambda i: 16 * i, 16, 16),
        ("half", lambda i: 2 * i, 2, 2),
    ],
)
def test_measured_examples(name, address, width, sectors):
    cost = global_sectors(lanes(address), width)
    assert cost.sectors == sectors, name


@pytest.mark.parametrize("bx, by, sectors", [(32, 8, 32), (32, 32, 32), (16, 16, 16)])
def test_transposed_write(bx, by, sectors):
    # out[x * n + y] (float, n = 1024): blocks (32,8) and (32,32) cost 32 per
    # request, (16,16) puts two rows y, y+1 in a warp, adjacent in memory: 16.
    n = 1024
    for warp in warps_of_block(bx, by):
        assert global_sectors([4 * (t[0] * n + t[1]) for t in warp], 4).sectors == sectors


def test_ideal_of_measured_examples():
    assert global_sectors(lanes(lambda i: 4 * i), 4).ideal == 4
    assert global_sectors(lanes(lambda i: 4 * i + 4), 4).ideal == 4
    assert global_sectors(lanes(lambda i: 128 * i), 4).ideal == 4
    assert global_sectors(lanes(lambda i: 16 * i), 16).ideal == 16
    assert global_sectors(lanes(lambda i: 2 * i), 2).ideal == 2


def test_broadcast_is_one_sector():
    cost = global_sectors([100] * WARP, 4)
    assert cost == GlobalCost(sectors=1, ideal=1, bytes_requested=128, distinct_bytes=4)


def test_no_active_lane_costs_nothing():
    assert global_sectors([None] * WARP, 8) == GlobalCost(0, 0, 0, 0)


def test_partial_warp_counts_active_lanes_only():
    cost = global_sectors(lanes(lambda i: 4 * i, active=lambda i: i < 8), 4)
    assert cost == GlobalCost(sectors=1, ideal=1, bytes_requested=32, distinct_bytes=32)


@pytest.mark.parametrize("width", [0, 3, 5, 12, 32])
def test_rejects_unknown_width(width):
    with pytest.raises(ValueError, match="width"):
        global_sectors([0] * WARP, width)


@pytest.mark.parametrize("count", [0, 31, 33])
def test_rejects_wrong_lane_count(count):
    with pytest.raises(ValueError, match="32 lane addresses"):
        global_sectors([0] * count, 4)


def test_every_arch_gives_the_same_numbers():
    for arch in ARCHES.values():
        assert global_sectors(lanes(lambda i: 12 * i), 4, arch).sectors == 12


# --- load_efficiency ----------------------------------------------------------------


@pytest.mark.parametrize(
    "requested, sectors, expected",
    [(128, 4, 1.0), (128, 32, 0.125), (128, 5, 0.8), (128, 1, 1.0), (0, 0, 1.0), (4, 1, 0.125)],
)
def test_load_efficiency(requested, sectors, expected):
    assert load_efficiency(requested, sectors) == pytest.approx(expected)


def test_load_efficiency_other_sector_size():
    assert load_efficiency(128, 2, sector_bytes=128) == pytest.approx(0.5)


@pytest.mark.parametrize("requested, sectors", [(4, 0), (-1, 1), (1, -1)])
def test_load_efficiency_rejects_impossible_input(requested, sectors):
    with pytest.raises(ValueError):
        load_efficiency(requested, sectors)


# --- properties against the reference ----------------------------------------------

WIDTHS = st.sampled_from([1, 2, 4, 8, 16])


@st.composite
def warp_addresses(draw, width: int):
    """32 lane addresses (None = inactive) mixing broadcasts, strides and noise."""
    kind = draw(st.sampled_from(["pool", "stride", "random"]))
    unit = draw(st.sampled_from([1, width, width, 4]))
    if kind == "pool":
        pool = draw(st.lists(st.integers(-64, 2000), min_size=1, max_size=8))
        addresses = [draw(st.sampled_from(pool)) * unit for _ in range(WARP)]
    elif kind == "stride":
        base = draw(st.integers(-300, 300))
        stride = draw(st.sampled_from([0, 1, 2, 3, 4, 8, 12, 16, 33, 1024]))
        addresses = [(base + stride * i) * unit for i in range(WARP)]
    else:
        addresses = [draw(st.integers(-1000, 10000)) for _ in range(WARP)]
    mask = draw(st.sampled_from(["all", "random", "sparse", "half", "none"]))
    if mask == "random":
        keep = [draw(st.booleans()) for _ in range(WARP)]
    elif mask == "sparse":
        keep = [draw(st.integers(0, 7)) == 0 for _ in range(WARP)]
    elif mask == "half":
        cut = draw(st.integers(0, WARP))
        keep = [i < cut for i in range(WARP)]
    elif mask == "none":
        keep = [False] * WARP
    else:
        keep = [True] * WARP
    return [a if k else None for a, k in zip(addresses, keep)]


@st.composite
def requests(draw):
    width = draw(WIDTHS)
    return draw(warp_addresses(width)), width


@PROPERTY
@given(requests())
def test_matches_brute_force_reference(request):
    addresses, width = request
    assert as_tuple(global_sectors(addresses, width)) == ref_global(addresses, width)


@PROPERTY
@given(requests(), st.integers(-100, 100))
def test_shift_by_whole_sectors_changes_nothing(request, k):
    addresses, width = request
    shifted = [None if a is None else a + 32 * k for a in addresses]
    assert global_sectors(shifted, width) == global_sectors(addresses, width)


@PROPERTY
@given(requests(), st.permutations(range(WARP)))
def test_lane_order_does_not_matter(request, order):
    addresses, width = request
    assert global_sectors([addresses[i] for i in order], width) == global_sectors(addresses, width)


@PROPERTY
@given(requests())
def test_structural_invariants(request):
    addresses, width = request
    cost = global_sectors(addresses, width)
    active = sum(a is not None for a in addresses)
    assert cost.bytes_requested == active * width
    assert cost.distinct_bytes <= cost.bytes_requested
    assert cost.ideal <= cost.sectors
    assert cost.ideal * 32 >= cost.distinct_bytes > (cost.ideal - 1) * 32 or cost.ideal == 0
    # Each lane's bytes span at most 2 sectors (width <= 16 < 32).
    assert cost.sectors <= 2 * active
    assert (cost.sectors == 0) == (active == 0)
    efficiency = load_efficiency(cost.bytes_requested, cost.sectors)
    assert 0.0 <= efficiency <= 1.0
