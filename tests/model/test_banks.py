"""Shared-memory wavefront model against HARDWARE.md and a brute-force reference."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smemlint.model import ARCHES, SharedCost, get_arch, shared_wavefronts

WARP = 32
PROPERTY = settings(max_examples=300, deadline=None)


def warps_of_block(bx: int, by: int, bz: int = 1):
    """Yield each warp of a block as 32 (x, y, z) lane coordinates, None past the end.

    Linear thread id x + y*bx + z*bx*by, as in HARDWARE.md "Warps, active lanes".
    """
    threads = [(x, y, z) for z in range(bz) for y in range(by) for x in range(bx)]
    for start in range(0, len(threads), WARP):
        chunk = threads[start:start + WARP]
        yield chunk + [None] * (WARP - len(chunk))


def lanes(f, active=lambda lane: True):
    return [f(lane) if active(lane) else None for lane in range(WARP)]


# --- brute-force reference, straight from the HARDWARE.md text -------------------------


def ref_words(a: int, w: int) -> list[int]:
    return list(range(a // 4, (a + w - 1) // 4 + 1))


def ref_pair(addresses, distance: int) -> bool:
    return all(
        addresses[i ^ distance] is None or addresses[i ^ distance] == addresses[i]
        for i in range(WARP)
        if addresses[i] is not None
    )


def ref_shared(addresses, w: int, op: str):
    """(wavefronts, ideal, ways, phases, worst_bank, worst_lanes, merged), no shortcuts."""
    merged = False
    if w in (1, 2, 4):
        size = 32
    elif op == "st":
        size = 16 if w == 8 else 8
    else:
        # With no active lane there is nothing to merge.
        merged = any(a is not None for a in addresses) and (
            ref_pair(addresses, 1) or ref_pair(addresses, 2))
        if w == 8:
            size = 32 if merged else 16
        else:
            size = 16 if merged else 8
    wavefronts = ideal = ways = 0
    phases = []
    worst_bank, worst_lanes = None, ()
    for start in range(0, 32, size):
        phase = [i for i in range(start, start + size) if addresses[i] is not None]
        if not phase:
            continue
        ideal += 1
        phases.append(tuple(phase))
        per_bank = []
        for bank in range(32):
            words = {wd for i in phase for wd in ref_words(addresses[i], w) if wd % 32 == bank}
            per_bank.append(len(words))
        cost = max(per_bank)
        wavefronts += cost
        if cost > ways:
            ways = cost
            worst_bank = per_bank.index(cost)
            first_lane = {}
            for i in phase:
                for wd in ref_words(addresses[i], w):
                    if wd % 32 == worst_bank and wd not in first_lane:
                        first_lane[wd] = i
            worst_lanes = tuple(sorted(first_lane.values()))
    return wavefronts, ideal, ways, tuple(phases), worst_bank, worst_lanes, merged


def as_tuple(cost: SharedCost):
    return (cost.wavefronts, cost.ideal, cost.ways, cost.phases, cost.worst_bank,
            cost.worst_lanes, cost.merged)


# --- measured checks (HARDWARE.md "Shared memory: wavefronts per request") -----------


@pytest.mark.parametrize("op", ["ld", "st"])
@pytest.mark.parametrize("stride", list(range(0, 65)) + [96, 127, 128, 129, 1024])
def test_word_stride_costs_gcd(stride, op):
    # "a full-warp 32-bit word stride s costs gcd(s, 32)"; stride 0 is one word, a broadcast.
    cost = shared_wavefronts(lanes(lambda i: 4 * stride * i), 4, op)
    assert cost.wavefronts == (math.gcd(stride, 32) if stride else 1)
    assert cost.ideal == 1
    assert cost.conflicts == cost.wavefronts - 1


@pytest.mark.parametrize("op", ["ld", "st"])
@pytest.mark.parametrize("ty", [0, 1, 17, 31])
@pytest.mark.parametrize("row, expected", [(32, 32), (33, 1)])
def test_float_tile_read_by_column(row, expected, ty, op):
    # tile[threadIdx.x][threadIdx.y] on float [32][row]: [32][32] costs 32, [32][33] costs 1.
    cost = shared_wavefronts(lanes(lambda tx: 4 * (tx * row + ty)), 4, op)
    assert cost.wavefronts == expected
    assert cost.ways == expected


@pytest.mark.parametrize("op", ["ld", "st"])
def test_8bit_stride_8_bytes_costs_2(op):
    cost = shared_wavefronts(lanes(lambda i: 8 * i), 1, op)
    assert cost.wavefronts == 2
    assert cost.worst_bank == 0
    assert cost.worst_lanes == (0, 16)


@pytest.mark.parametrize("op", ["ld", "st"])
def test_16bit_stride_32_elements_costs_16(op):
    cost = shared_wavefronts(lanes(lambda i: 2 * 32 * i), 2, op)
    assert cost.wavefronts == 16
    assert cost.worst_bank == 0
    assert cost.worst_lanes == tuple(range(0, 32, 2))


@pytest.mark.parametrize("op", ["ld", "st"])
@pytest.mark.parametrize("ty", range(32))
def test_xor_swizzle_costs_1(ty, op):
    # tile[tx][ty ^ tx] on float [32][32], warp = one row of a 32x32 block.
    cost = shared_wavefronts(lanes(lambda tx: 4 * (tx * 32 + (ty ^ tx))), 4, op)
    assert cost.wavefronts == 1


@pytest.mark.parametrize("width, expected", [(8, 2), (16, 4)])
def test_store_all_lanes_one_address_never_merges(width, expected):
    # Measured on Hopper: all-same-address STS.64 costs 2, STS.128 costs 4.
    cost = shared_wavefronts([256] * WARP, width, "st")
    assert cost.wavefronts == expected
    assert cost.ideal == expected
    assert cost.conflicts == 0
    assert not cost.merged


def test_lds128_all_lanes_one_address_costs_2():
    cost = shared_wavefronts([256] * WARP, 16, "ld")
    assert cost.wavefronts == 2
    assert cost.ideal == 2
    assert cost.merged
    assert cost.phases == (tuple(range(16)), tuple(range(16, 32)))


def test_lds64_all_lanes_one_address_costs_1():
    # Follows from the rule (pair condition -> one phase, two words in two banks).
    cost = shared_wavefronts([256] * WARP, 8, "ld")
    assert (cost.wavefronts, cost.ideal, cost.merged) == (1, 1, True)


@pytest.mark.parametrize("bx, by", [(32, 32), (32, 8), (16, 16)])
def test_gemm_row_broadcast_becomes_lds128_costing_2(bx, by):
    # HARDWARE.md: As[ty][k] in an unrolled tiled-GEMM loop becomes an LDS.128
    # broadcast, 2 wavefronts per request (float As[32][32], k a multiple of 4).
    for warp in warps_of_block(bx, by):
        addresses = [4 * (t[1] * 32 + 8) for t in warp]
        assert shared_wavefronts(addresses, 16, "ld").wavefronts == 2


@pytest.mark.parametrize("op", ["ld", "st"])
def test_paired_float_buffer_as_64_bit_is_conflict_free(op):
    # buf[2*t] / buf[2*t+1] become STS.64 / LDS.64: two half-warp phases, one wavefront each.
    cost = shared_wavefronts(lanes(lambda t: 8 * t), 8, op)
    assert (cost.wavefronts, cost.ideal) == (2, 2)


def test_counter_992_over_32_warps_of_32x32_block_is_32_wavefronts():
    # Seed counter: 992 bank conflicts over the 32 warps of a 32x32 block reading
    # a float [32][32] tile by column (tile[tx][ty]); conflicts = wavefronts - phases.
    costs = [shared_wavefronts([4 * (t[0] * 32 + t[1]) for t in warp], 4, "ld")
             for warp in warps_of_block(32, 32)]
    assert len(costs) == 32
    assert sum(c.wavefronts - c.ideal for c in costs) == 992
    assert {c.wavefronts for c in costs} == {32}


@pytest.mark.parametrize("element, row", [(4, 16), (2, 32)])
def test_counter_240_over_16_warps_of_32x16_block_is_16_wavefronts(element, row):
    # Seed counter: 240 conflicts over the 16 warps of a 32x16 block = 15 extra per
    # request = 16 wavefronts. HARDWARE.md does not record the seed's tile; two
    # column reads tile[tx][ty] that give it: float [32][16] and __half [32][32].
    costs = [shared_wavefronts([element * (t[0] * row + t[1]) for t in warp], element, "ld")
             for warp in warps_of_block(32, 16)]
    assert len(costs) == 16
    assert sum(c.wavefronts - c.ideal for c in costs) == 240
    assert {c.wavefronts for c in costs} == {16}


# --- the pair condition -------------------------------------------------------------


def test_pair_condition_at_distance_1_merges_lds64():
    # Lanes 2k and 2k+1 share an address; the pairs spread over both half-warps.
    cost = shared_wavefronts(lanes(lambda i: 8 * (i // 2)), 8, "ld")
    assert cost.merged
    assert cost.phases == (tuple(range(32)),)
    assert cost.wavefronts == 1


def test_pair_condition_at_distance_2_merges_lds64():
    cost = shared_wavefronts(lanes(lambda i: 8 * ((i // 4) * 2 + (i & 1))), 8, "ld")
    assert cost.merged
    assert cost.wavefronts == 1


def test_pair_alternatives_cannot_be_mixed_within_a_warp():
    # First half-warp pairs at distance 1, second at distance 2: neither holds warp-wide.
    def address(i):
        return 8 * (i // 2) if i < 16 else 8 * (8 + (i - 16) // 4 * 2 + (i & 1))
    cost = shared_wavefronts(lanes(address), 8, "ld")
    assert not cost.merged
    assert cost.ideal == 2


def test_merged_lds128_phases_still_conflict():
    # Pairs at distance 1 merge quarter-warps into half-warps; the 8 distinct
    # addresses of each half-warp sit 128 bytes apart, all in banks 0-3.
    cost = shared_wavefronts(lanes(lambda i: 128 * (i // 2)), 16, "ld")
    assert cost.merged
    assert (cost.wavefronts, cost.ideal, cost.ways) == (16, 2, 8)
    assert cost.worst_bank == 0
    assert cost.worst_lanes == tuple(range(0, 16, 2))


@pytest.mark.parametrize("distance", [4, 8, 16])
def test_pairs_at_larger_distances_never_merge(distance):
    cost = shared_wavefronts(lanes(lambda i: 8 * (i & ~distance)), 8, "ld")
    assert not cost.merged
    assert cost.ideal == 2


def test_inactive_partner_lanes_satisfy_the_pair_condition():
    # Only even lanes active: every partner i^1 is inactive, so LDS.128 uses half-warps.
    cost = shared_wavefronts(lanes(lambda i: 16 * i, active=lambda i: i % 2 == 0), 16, "ld")
    assert cost.merged
    assert cost.ideal == 2
    assert cost.wavefronts == 4  # 8 lanes x 4 words = 32 words over 32 banks, twice each


# --- edge cases and validation ------------------------------------------------------


def test_no_active_lane_costs_nothing():
    cost = shared_wavefronts([None] * WARP, 4, "ld")
    assert cost == SharedCost(0, 0, 0, (), None, (), False)


def test_empty_phases_are_not_counted():
    cost = shared_wavefronts(lanes(lambda i: 16 * i, active=lambda i: 8 <= i < 16), 16, "st")
    assert cost.phases == (tuple(range(8, 16)),)
    assert (cost.wavefronts, cost.ideal) == (1, 1)


@pytest.mark.parametrize("width", [0, 3, 6, 12, 32])
def test_rejects_unknown_width(width):
    with pytest.raises(ValueError, match="width"):
        shared_wavefronts([0] * WARP, width, "ld")


@pytest.mark.parametrize("op", ["atomic", "red", "LD", ""])
def test_rejects_unmodelled_op(op):
    with pytest.raises(ValueError, match="op"):
        shared_wavefronts([0] * WARP, 4, op)


@pytest.mark.parametrize("count", [0, 16, 31, 33])
def test_rejects_wrong_lane_count(count):
    with pytest.raises(ValueError, match="32 lane addresses"):
        shared_wavefronts([0] * count, 4, "ld")


def test_explicit_arch_gives_the_same_numbers():
    addresses = lanes(lambda i: 4 * 32 * i)
    for arch in ARCHES.values():
        assert shared_wavefronts(addresses, 4, "ld", arch).wavefronts == 32
    assert shared_wavefronts(addresses, 4, "ld", get_arch("sm_80")).ways == 32


# --- properties against the reference ----------------------------------------------

WIDTHS = st.sampled_from([1, 2, 4, 8, 16])
OPS = st.sampled_from(["ld", "st"])


@st.composite
def warp_addresses(draw, width: int):
    """32 lane addresses (None = inactive) mixing broadcasts, strides, pairs and noise."""
    kind = draw(st.sampled_from(["pool", "stride", "pairs", "random"]))
    unit = draw(st.sampled_from([1, width, width, 4]))  # mostly naturally aligned
    if kind == "pool":
        pool = draw(st.lists(st.integers(-64, 600), min_size=1, max_size=6))
        addresses = [draw(st.sampled_from(pool)) * unit for _ in range(WARP)]
    elif kind == "stride":
        base = draw(st.integers(-300, 300))
        stride = draw(st.sampled_from([0, 1, 2, 3, 4, 8, 16, 17, 32, 33, 64]))
        addresses = [(base + stride * i) * unit for i in range(WARP)]
    elif kind == "pairs":
        distance = draw(st.sampled_from([1, 2, 4]))
        group = [draw(st.integers(0, 300)) * unit for _ in range(WARP)]
        addresses = [group[i & ~distance] for i in range(WARP)]
        if draw(st.booleans()):
            addresses[draw(st.integers(0, WARP - 1))] = draw(st.integers(0, 300)) * unit
    else:
        addresses = [draw(st.integers(-500, 5000)) for _ in range(WARP)]
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
    return draw(warp_addresses(width)), width, draw(OPS)


@PROPERTY
@given(requests())
def test_matches_brute_force_reference(request):
    addresses, width, op = request
    assert as_tuple(shared_wavefronts(addresses, width, op)) == ref_shared(addresses, width, op)


@PROPERTY
@given(requests(), st.integers(-40, 40))
def test_shift_by_bank_period_changes_nothing(request, k):
    addresses, width, op = request
    shifted = [None if a is None else a + 128 * k for a in addresses]
    assert shared_wavefronts(shifted, width, op) == shared_wavefronts(addresses, width, op)


@PROPERTY
@given(requests())
def test_structural_invariants(request):
    addresses, width, op = request
    cost = shared_wavefronts(addresses, width, op)
    active = [i for i, a in enumerate(addresses) if a is not None]
    per_phase_max = {1: 32, 2: 32, 4: 32, 8: 16, 16: 8}[width]
    if cost.merged:
        per_phase_max *= 2
    # Phases partition the active lanes, in lane order, within their group size.
    assert [i for phase in cost.phases for i in phase] == active
    assert all(len(p) <= per_phase_max and p[-1] - p[0] < per_phase_max for p in cost.phases)
    assert cost.ideal == len(cost.phases) <= WARP // per_phase_max
    assert cost.ideal <= cost.wavefronts <= cost.ways * cost.ideal
    assert cost.conflicts == cost.wavefronts - cost.ideal >= 0
    # A phase of n lanes touches at most n * words-per-lane words of a bank... and at
    # most one per lane, since a lane's <= 5 words sit in distinct banks.
    assert cost.ways <= max((len(p) for p in cost.phases), default=0)
    if not active:
        assert cost == SharedCost(0, 0, 0, (), None, (), False)
        return
    assert cost.ways >= 1
    assert len(cost.worst_lanes) == cost.ways
    for lane in cost.worst_lanes:
        a = addresses[lane]
        assert any(word % 32 == cost.worst_bank for word in ref_words(a, width))
    assert cost.merged == (op == "ld" and width >= 8
                           and (ref_pair(addresses, 1) or ref_pair(addresses, 2)))


@PROPERTY
@given(requests())
def test_loads_never_cost_more_than_stores(request):
    # A merged load phase is a union of store phases; max over banks of a union <= sum.
    addresses, width, _ = request
    assert (shared_wavefronts(addresses, width, "ld").wavefronts
            <= shared_wavefronts(addresses, width, "st").wavefronts)


@PROPERTY
@given(requests(), st.integers(0, WARP - 1))
def test_deactivating_a_lane_never_costs_more(request, lane):
    addresses, width, op = request
    fewer = list(addresses)
    fewer[lane] = None
    assert (shared_wavefronts(fewer, width, op).wavefronts
            <= shared_wavefronts(addresses, width, op).wavefronts)


@PROPERTY
@given(warp_addresses(4), st.permutations(range(WARP)), OPS, st.sampled_from([1, 2, 4]))
def test_narrow_access_cost_ignores_lane_order(addresses, order, op, width):
    # 1/2/4-byte requests are one whole-warp phase: which lane holds which address is moot.
    permuted = [addresses[i] for i in order]
    a, b = shared_wavefronts(addresses, width, op), shared_wavefronts(permuted, width, op)
    assert (a.wavefronts, a.ideal, a.ways, a.worst_bank) == (b.wavefronts, b.ideal, b.ways,
                                                             b.worst_bank)
