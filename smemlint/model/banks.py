"""Shared-memory wavefronts of one warp-level request (HARDWARE.md "Shared memory").

A request is split into phases of active lanes; a phase costs the largest
number of distinct 4-byte words any one bank must deliver, and the request
costs the sum over phases. Which lanes form a phase depends on the access width
and, for 8- and 16-byte loads only, on the pair condition.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from smemlint.model.arch import ARCHES, DEFAULT_ARCH, Arch

SHARED_WIDTHS = (1, 2, 4, 8, 16)
SHARED_OPS = ("ld", "st")


@dataclass(frozen=True)
class SharedCost:
    wavefronts: int
    ideal: int
    ways: int
    phases: tuple[tuple[int, ...], ...]
    worst_bank: int | None
    worst_lanes: tuple[int, ...]
    merged: bool
    requests: int = 1  # warp-level instructions of the request (a compare-and-swap loop's trips)

    @property
    def conflicts(self) -> int:
        """What `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_*` counts for this request."""
        return self.wavefronts - self.ideal


def shared_wavefronts(
    addresses: Sequence[int | None], width: int, op: str, arch: Arch | None = None
) -> SharedCost:
    """Cost of one warp-level shared-memory request.

    `addresses[i]` is the byte address lane i accesses, or None when lane i is
    inactive; there must be exactly `arch.warp_size` entries. `width` is the
    access size in bytes (1, 2, 4, 8 or 16); `op` is "ld" or "st".

    `worst_bank` and `worst_lanes` describe the first phase of the highest
    cost: the lowest-numbered bank holding the most distinct words, and for
    each of those words the lowest lane touching it (so one lane per word,
    len(worst_lanes) == ways). `merged` is True when the pair condition chose
    the coarser phases of an 8- or 16-byte load with at least one active lane.
    """
    arch = arch or ARCHES[DEFAULT_ARCH]
    if width not in SHARED_WIDTHS:
        raise ValueError(f"shared access width must be one of {SHARED_WIDTHS} bytes, not {width!r}")
    if op not in SHARED_OPS:
        # Atomics and reductions were not measured; their cost is not modelled.
        raise ValueError(f"shared op must be 'ld' or 'st', not {op!r} (atomics are not modelled)")
    key = _normalised(addresses, arch)
    if key is None:
        return SharedCost(0, 0, 0, (), None, (), False)
    return _shared_cost(key, width, op, arch.warp_size, arch.banks, arch.bank_bytes)


def _normalised(addresses: Sequence[int | None], arch: Arch) -> tuple[int | None, ...] | None:
    """The lane addresses shifted down by whole bank periods (None when no lane is active).

    Shifting every lane by a whole bank period changes no bank and no word equality, so the
    memoised costs see one key per pattern; floor division keeps the addresses >= 0."""
    if len(addresses) != arch.warp_size:
        raise ValueError(f"expected {arch.warp_size} lane addresses, got {len(addresses)}")
    active = [a for a in addresses if a is not None]
    if not active:
        return None
    shift = (min(active) // arch.bank_period_bytes) * arch.bank_period_bytes
    return tuple(None if a is None else a - shift for a in addresses)


def _pair_condition(addresses: tuple[int | None, ...]) -> bool:
    for distance in (1, 2):
        if all(
            a is None or addresses[lane ^ distance] is None or addresses[lane ^ distance] == a
            for lane, a in enumerate(addresses)
        ):
            return True
    return False


@lru_cache(maxsize=65536)
def _shared_cost(
    addresses: tuple[int | None, ...],
    width: int,
    op: str,
    warp_size: int,
    banks: int,
    bank_bytes: int,
) -> SharedCost:
    merged = False
    if width <= 4:
        group = warp_size
    elif op == "st":
        # Measured on Hopper: STS.64 / STS.128 never merge (all lanes one address cost 2 / 4).
        group = warp_size // 2 if width == 8 else warp_size // 4
    else:
        merged = _pair_condition(addresses)
        if width == 8:
            group = warp_size if merged else warp_size // 2
        else:
            group = warp_size // 2 if merged else warp_size // 4

    lanes_of = tuple(
        tuple(lane for lane in range(start, start + group) if addresses[lane] is not None)
        for start in range(0, warp_size, group))
    cost = _phases_cost(addresses, lanes_of, width, banks, bank_bytes)
    return dataclasses.replace(cost, merged=merged)


def phased_wavefronts(
    addresses: Sequence[int | None], phases: Sequence[Sequence[int]], width: int, arch: Arch | None = None
) -> SharedCost:
    """Cost of one request whose phases are given: the lanes of each phase, each lane reading or
    writing `width` bytes at its address (None: no address). Each phase costs the largest number of
    distinct words one bank holds among the words its lanes touch; wavefronts are the sum.

    `shared_wavefronts` chooses the phases from the width, op and pair condition; instructions
    whose lanes have roles choose their own (model/tensor.py: one phase per 8x8 matrix of
    ldmatrix/stmatrix, 8 lanes of 16 bytes each).
    """
    arch = arch or ARCHES[DEFAULT_ARCH]
    key = _normalised(addresses, arch)
    if key is None:
        return SharedCost(0, 0, 0, (), None, (), False)
    groups = tuple(tuple(lane for lane in phase if key[lane] is not None) for phase in phases)
    return _phases_cost(key, groups, width, arch.banks, arch.bank_bytes)


@lru_cache(maxsize=65536)
def _phases_cost(
    addresses: tuple[int | None, ...],
    groups: tuple[tuple[int, ...], ...],
    width: int,
    banks: int,
    bank_bytes: int,
) -> SharedCost:
    phases: list[tuple[int, ...]] = []
    wavefronts = 0
    ways = 0
    worst_bank: int | None = None
    worst_lanes: tuple[int, ...] = ()
    for lanes in groups:
        if not lanes:
            continue
        phases.append(lanes)
        # bank -> {word: lowest lane touching it}
        words_by_bank: dict[int, dict[int, int]] = {}
        for lane in lanes:
            a = addresses[lane]
            for word in range(a // bank_bytes, (a + width - 1) // bank_bytes + 1):
                words_by_bank.setdefault(word % banks, {}).setdefault(word, lane)
        bank, words = min(words_by_bank.items(), key=lambda item: (-len(item[1]), item[0]))
        cost = len(words)
        wavefronts += cost
        if cost > ways:
            ways = cost
            worst_bank = bank
            worst_lanes = tuple(sorted(words.values()))
    return SharedCost(
        wavefronts=wavefronts,
        ideal=len(phases),
        ways=ways,
        phases=tuple(phases),
        worst_bank=worst_bank,
        worst_lanes=worst_lanes,
        merged=False,
    )


# Shared-memory atomics (ATOMS), measured on the H100 (sm_90, nvcc 13.0 -O3; Nsight Compute's
# per-instruction L1 wavefronts; benchmarks/accuracy/pending/atomics.cu, one warp pattern per kernel):
#
#   `atomicAdd(&s[i], 1)`, old value unused -> ATOMS.POPC.INC: the 4-byte load rule (distinct words
#       per bank; lanes on one word combine): s[T] 1, s[T/2] 1, s[T%16] 1, s[2T] 2, s[32T] 32,
#       s[33T] 1, s[5T%64] 1, s[0] 1.
#   other 32-bit integer atomics (ATOMS.ADD, and the value or the old value used): every lane is its
#       own access, lanes on one word included: the most lanes any bank serves. s[T] 1, s[2T] 2,
#       s[32T] 32, s[T%16] 2 (16 words, two lanes each: the load rule would say 1).
#   an add whose lanes all name one word: nvcc sums the warp's values first (REDUX.SUM or a vote)
#       and one lane issues it: 1.
#   `atomicCAS` (ATOMS.CAS): two wavefronts per lane a bank serves, lanes on one word included:
#       s[T] 2, s[2T] 4, s[32T] 64, s[0] 64 (2026-11-27, pending/smem_atomics_fp.cu).
#   float adds, double adds and 64-bit integer adds compile to a loop of LDS and ATOMS.CAST.SPIN[.64]
#       (2026-11-27, pending/smem_atomics_fp.cu, one warp per kernel). Each trip, per bank (per
#       half-warp and bank for 64 bits) one pending lane succeeds, and one lane per word; the others
#       go round again. A trip's CAST.SPIN costs 2 wavefronts (64 bits: 2 per half-warp with a
#       pending lane), its LDS what a load of the pending lanes costs. Measured trips / CAST
#       wavefronts per warp, float: s[T] 1/2, s[T/2] 2/4, s[2T] 2/4, s[4T] 4/8, s[32T] 32/64,
#       s[33T] 1/2, s[T%16] 2/4, s[T/4] 4/8, s[0] 32/64; double: s[T] 1/4, s[T/2] 2/8, s[2T] 2/8,
#       s[16T] 16/64, s[0] 32/96; a 64-bit integer add whose lanes name one word is combined first
#       (one lane: 1/2). Warps of a block that add to one word retry on each other's writes
#       (f32 s[0], 8 warps: 2017 and 1988 trips in two runs where 256 would do): not modelled.
ATOMIC_FORMS = ("popc", "add", "int", "cas", "float32", "float64", "int64")
SPIN_FORMS = ("float32", "float64", "int64")  # compare-and-swap loops; the value is the lane width


def atomic_wavefronts(addresses: Sequence[int | None], form: str, arch: Arch | None = None) -> SharedCost:
    """Cost of one warp's shared-memory atomic (see the measurements above).

    `form`: "popc" (an increment by 1 whose old value is unused), "add" (another integer add or
    subtract), "int" (min/max/and/or/xor/exch/inc/dec), "cas" (atomicCAS), or a compare-and-swap
    loop: "float32", "float64" (float and double adds), "int64" (64-bit integer adds); a loop's
    `requests` are its trips. For "int" with every active lane on one word the caller must not ask
    (not measured: nvcc may combine the lanes)."""
    arch = arch or ARCHES[DEFAULT_ARCH]
    if form not in ATOMIC_FORMS:
        raise ValueError(f"atomic form must be one of {ATOMIC_FORMS}, not {form!r}")
    key = _normalised(addresses, arch)
    if key is None:
        return SharedCost(0, 0, 0, (), None, (), False)
    if form == "popc":
        return _shared_cost(key, 4, "ld", arch.warp_size, arch.banks, arch.bank_bytes)
    if form == "cas":
        c = _lanes_per_bank(key, False, arch.banks, arch.bank_bytes)
        return SharedCost(2 * c.wavefronts, 2, c.ways, c.phases, c.worst_bank, c.worst_lanes, False)
    if form in SPIN_FORMS:
        return spin_loop(key, 8 if form.endswith("64") else 4, form == "int64", arch)[0]
    return _lanes_per_bank(key, form == "add", arch.banks, arch.bank_bytes)


def spin_loop(addresses: Sequence[int | None], width: int, combine_one_word: bool = False,
              arch: Arch | None = None) -> tuple[SharedCost, int]:
    """One warp's compare-and-swap loop (LDS, ATOMS.CAST.SPIN[.64]) on `width`-byte words: its
    CAST.SPIN instructions (requests = trips) and the wavefronts of its LDS over those trips."""
    arch = arch or ARCHES[DEFAULT_ARCH]
    key = _normalised(addresses, arch)
    if key is None:
        return SharedCost(0, 0, 0, (), None, (), False, 0), 0
    return _spin_loop(key, width, combine_one_word, arch.warp_size, arch.banks, arch.bank_bytes)


def spin_loop_loads(addresses: Sequence[int | None], width: int, combine_one_word: bool = False,
                    arch: Arch | None = None) -> SharedCost:
    """The LDS of one warp's compare-and-swap loop, one per trip (requests = trips), each costing
    what a load of that trip's pending lanes costs (measured with the loop: spin_loop's comment)."""
    arch = arch or ARCHES[DEFAULT_ARCH]
    loop, loads = spin_loop(addresses, width, combine_one_word, arch)
    first = shared_wavefronts(addresses, width, "ld", arch)
    return dataclasses.replace(first, wavefronts=loads, ideal=first.ideal * loop.requests, requests=loop.requests)


@lru_cache(maxsize=16384)
def _spin_loop(addresses: tuple[int | None, ...], width: int, combine_one_word: bool, warp_size: int,
               banks: int, bank_bytes: int) -> tuple[SharedCost, int]:
    half = warp_size // 2
    pending = [lane for lane, a in enumerate(addresses) if a is not None]
    if combine_one_word and len({addresses[lane] for lane in pending}) == 1:
        pending = pending[:1]  # nvcc sums the warp's values first; one lane adds
    first = tuple(pending)
    trips = cast = loads = ideal = 0
    while pending:
        trips += 1
        lanes = tuple(addresses[lane] if lane in pending else None for lane in range(warp_size))
        loads += _shared_cost(lanes, width, "ld", warp_size, banks, bank_bytes).wavefronts
        halves = len({lane // half for lane in pending}) if width == 8 else 1
        cast += 2 * halves
        ideal = ideal or 2 * halves
        taken_banks: set[tuple[int, int]] = set()
        taken_words: set[int] = set()
        left = []
        for lane in pending:
            a = addresses[lane]
            bank = (lane // half if width == 8 else 0, (a // bank_bytes) % banks)  # type: ignore[operator]
            if bank in taken_banks or a in taken_words:
                left.append(lane)
                continue
            taken_banks.add(bank)
            taken_words.add(a)  # type: ignore[arg-type]
        pending = left
    worst = first[0]
    return SharedCost(cast, ideal * trips, trips, (first,), (addresses[worst] // bank_bytes) % banks,  # type: ignore[operator]
                      first, False, trips), loads


@lru_cache(maxsize=65536)
def _lanes_per_bank(addresses: tuple[int | None, ...], combine_one_word: bool, banks: int,
                    bank_bytes: int) -> SharedCost:
    lanes = tuple(lane for lane, a in enumerate(addresses) if a is not None)
    words = {addresses[lane] // bank_bytes for lane in lanes}  # type: ignore[operator]
    if combine_one_word and len(words) == 1:
        return SharedCost(1, 1, 1, (lanes,), next(iter(words)) % banks, lanes[:1], False)
    by_bank: dict[int, list[int]] = {}
    for lane in lanes:
        by_bank.setdefault((addresses[lane] // bank_bytes) % banks, []).append(lane)  # type: ignore[operator]
    bank, served = min(by_bank.items(), key=lambda item: (-len(item[1]), item[0]))
    return SharedCost(len(served), 1, len(served), (lanes,), bank, tuple(served), False)


def one_word(addresses: Sequence[int | None], bank_bytes: int = 4) -> bool:
    """Do the active lanes all name one word (and is there one)?"""
    words = {a // bank_bytes for a in addresses if a is not None}
    return len(words) == 1
