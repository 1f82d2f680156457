"""Values of the lane evaluator: one entry per thread of the block.

- `Known`: an exact integer per thread (numpy int64), optionally plus a
  block-uniform unknown (`shift`): the true value is `arr + u` for one unknown
  `u` shared by every thread (e.g. an offset read from memory at a uniform
  address). A uniform shift of a shared address by whole words only permutes
  banks, so bank predictions stay exact; for global memory it leaves the
  alignment unknown.
- `Ptr`: a pointer into a memory symbol, with a byte offset per thread.
- `Unknown`: not modelled; `lane_varying` says whether it may differ between
  threads (data-dependent) or is the same for all (block-uniform).

Batched evaluation (the residue sweep, interp.py): an array may also have shape
(R, T) (or (R, 1) for a value that is the same in every thread), one row per
"virtual block" (one value of a swept parameter); values that do not depend on
it keep shape (T,) and numpy broadcasting does the rest. A Value is one object
for all rows, so where the rows would disagree on what kind of value to make
(uniform in one block, varying in another; a merge that one block needs and
another does not), the evaluation raises `RowDivergence` and the caller
batches fewer blocks at a time instead (analysis.py).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..ir import CType, Symbol


class RowDivergence(Exception):
    """The virtual blocks of a batched evaluation would need different kinds of values.

    `rows`, where known: the blocks that go one way (a boolean per block); batched apart from the
    others, each side gets past this point (analysis._residue_metrics splits the batch there)."""

    def __init__(self, what: str, rows: np.ndarray | None = None) -> None:
        super().__init__(what)
        self.rows = rows


@dataclass(frozen=True)
class Known:
    arr: np.ndarray
    shift: str | None = None  # reason, when a block-uniform unknown is added
    # Derived from a size the program did not give (an assumed kernel parameter): evaluated in wide
    # integers, never wrapped to its C type. The real value is unknown, so a product of such sizes
    # (`idx < B * T * C`) wrapping to 0 or a negative number would be an artefact of the assumed
    # value, not something the program does: such a guard would empty the kernel.
    wide: bool = False

    # The evaluator makes one or more of these per step: writing the fields straight into the
    # instance dict costs half of the frozen dataclass's __init__ (object.__setattr__ per field).
    # The class stays a frozen dataclass for eq, hash and repr.
    #
    # `bounds` (not a field: no part of the value's identity): (lo, hi) Python ints with every
    # element of `arr` in [lo, hi], where known (constants, thread indices, what +, -, * and
    # conversions make of them). A conversion to an integer type that holds [lo, hi] is then a
    # no-op and skips the wrap (two numpy casts). Sound under int64 overflow too: the interval
    # holds the exact integer result, so where it fits in the target type numpy's array is exact.
    #
    # `truth` (not a field either): a comparison's own booleans, `arr != 0` already made, for
    # the evaluator's truth() of the same value.
    #
    # `step` (not a field either, and not written by __init__: a class default, set on the few values
    # that have one by `with_step`): for a value with a `shift`, a positive integer the unknown is a
    # multiple of (1: an integer; `u * width`: the width), where known; None where not.
    step = None

    def __init__(self, arr: np.ndarray, shift: str | None = None, wide: bool = False,
                 bounds: tuple[int, int] | None = None, truth: np.ndarray | None = None) -> None:
        d = self.__dict__
        d["arr"] = arr
        d["shift"] = shift
        d["wide"] = wide
        d["bounds"] = bounds
        d["truth"] = truth

    def uniform(self) -> bool:
        """The same in every thread of the block (of each block, for a batched value)."""
        a = self.arr
        if a.ndim <= 1:
            return all_equal(a)
        per_row = np.all(a == a[..., :1], axis=-1)
        if per_row.all():
            return True
        if not per_row.any():
            return False
        raise RowDivergence("uniform in some blocks only", per_row)


@dataclass(frozen=True)
class Unknown:
    lane_varying: bool
    reason: str

    def __init__(self, lane_varying: bool, reason: str) -> None:  # fast, as Known's
        d = self.__dict__
        d["lane_varying"] = lane_varying
        d["reason"] = reason


@dataclass(frozen=True)
class Ptr:
    symbol: Symbol | None
    offset: Known | Unknown

    def __init__(self, symbol: Symbol | None, offset: Known | Unknown) -> None:  # fast, as Known's
        d = self.__dict__
        d["symbol"] = symbol
        d["offset"] = offset


@dataclass(frozen=True)
class Fields:
    """A struct-typed variable: the values of the fields known by byte offset, `rest` for the others
    (what the whole struct was made from: data loaded at some address, a parameter, ...)."""

    known: tuple[tuple[int, "Value"], ...]
    rest: Unknown

    def get(self, offset: int) -> "Value":
        for off, v in self.known:
            if off == offset:
                return v
        return self.rest

    def with_field(self, offset: int, width: int, value: "Value") -> "Fields":
        """This struct with the field at `offset` (`width` bytes) set; fields it overlaps are dropped."""
        keep = tuple((o, v) for o, v in self.known if not offset <= o < offset + max(width, 1))
        return Fields(tuple(sorted(keep + ((offset, value),), key=lambda ov: ov[0])), self.rest)


Value = Known | Unknown | Ptr | Fields

# Whole-array tests of one-dimensional lane arrays (a few hundred elements), the evaluator's most
# frequent questions. numpy's reductions cost ~0.6 us each at this size, mostly call overhead;
# comparing the array's bytes is exact for integers and booleans (one byte pattern per value, and
# numpy's booleans are always 0 or 1) and three times cheaper.
_BYTES_EXACT = frozenset("iub")
_BOOL = np.dtype(np.bool_)


def all_equal(a: np.ndarray) -> bool:
    """Every element of a one-dimensional array equal (True for an empty one)."""
    if not a.size:
        return True
    if a.dtype.kind in _BYTES_EXACT:
        b = a.tobytes()
        return b == b[:a.itemsize] * a.size
    return bool(np.all(a == a[0]))


# The last mask asked about and its answers (all, any): one mask is asked again and again (each
# statement of a loop body stores under it). Held here, so its id cannot be reused; the evaluator
# never writes into an array it has made, so the answers stay true. One tuple, replaced whole, so
# threads never see one mask's answers paired with another.
_LAST_MASK: tuple = (None, False, False)


def _mask_facts(m: np.ndarray) -> tuple:
    global _LAST_MASK
    last = _LAST_MASK
    if last[0] is not m:
        b = m.tobytes()
        last = _LAST_MASK = (m, b"\x00" not in b, b"\x01" in b)
    return last


def mask_all(m: np.ndarray) -> bool:
    """m.all() of a boolean mask, as a Python bool."""
    if m.ndim == 1 and m.dtype is _BOOL:
        return _mask_facts(m)[1]
    return bool(m.all())


def mask_any(m: np.ndarray) -> bool:
    """m.any() of a boolean mask, as a Python bool."""
    if m.ndim == 1 and m.dtype is _BOOL:
        return _mask_facts(m)[2]
    return bool(m.any())


_SIGNED = {1: np.int8, 2: np.int16, 4: np.int32}


def wrap(arr: np.ndarray, ct: CType, wide: bool = False) -> np.ndarray:
    """C conversion to the integer type `ct` (two's complement wrap); none for a `wide` value."""
    if wide:
        return arr
    bits = ct.bytes * 8
    if bits <= 0 or bits >= 64:
        return arr
    if bits == 8 and ct.spelling == "bool":  # a conversion to bool is `!= 0`, not the low 8 bits
        return (arr != 0).astype(np.int64)
    if ct.signed and ct.bytes in _SIGNED:
        return arr.astype(_SIGNED[ct.bytes]).astype(np.int64)  # numpy's integer casts keep the low bits
    m = (1 << bits) - 1
    arr = arr & m
    if ct.signed:
        half = 1 << (bits - 1)
        arr = np.where(arr >= half, arr - (1 << bits), arr)
    return arr


_RANGES: dict[tuple[int, bool], tuple[int, int]] = {}


def type_range(ct: CType) -> tuple[int, int] | None:
    """(min, max) of an integer type that wrap() converts to; None where wrap() does nothing."""
    if ct.bytes == 1 and ct.spelling == "bool":
        return (0, 1)
    key = (ct.bytes, ct.signed)
    r = _RANGES.get(key)
    if r is None:
        bits = ct.bytes * 8
        if bits <= 0 or bits >= 64:
            return None
        r = _RANGES[key] = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if ct.signed else (0, (1 << bits) - 1)
    return r


def _wrap_range(ct: CType, wide: bool, bounds: tuple[int, int] | None) -> tuple[int, int] | None:
    """The range a conversion to `ct` wraps into; None where it is a no-op (a wide value, a 64-bit
    type, or `bounds` inside the type's range)."""
    r = None if wide else type_range(ct)
    if r is None or (bounds is not None and r[0] <= bounds[0] and bounds[1] <= r[1]):
        return None
    return r


def to_type(arr: np.ndarray, ct: CType, shift: str | None = None, wide: bool = False,
            bounds: tuple[int, int] | None = None) -> Known:
    """Known(wrap(arr, ct, wide), shift, wide), without the wrap where `bounds` (arr's) proves it a
    no-op; the result's bounds are what is known of it."""
    r = _wrap_range(ct, wide, bounds)
    return Known(arr, shift, wide, bounds) if r is None else Known(wrap(arr, ct), shift, False, r)


def converted(v: Known, ct: CType) -> Known:
    """The C conversion of an integer value to the integer type `ct`: `v` itself where it is a no-op."""
    r = _wrap_range(ct, v.wide, v.bounds)
    return v if r is None else with_step(Known(wrap(v.arr, ct), v.shift, False, r), v.step)


def with_step(k: Known, step: int | None) -> Known:
    """`k`, its shift known to be a multiple of `step` (nothing said where `step` is None)."""
    if step is not None and k.shift:
        k.__dict__["step"] = step
    return k


# A shift made of one unknown per warp (the result of `max(row + u, 0)` where `row` is the same in
# every lane of a warp): `Known.shift` ends with this. Each warp's addresses move together; the
# warps' unknowns are not the same, so such a value is never uniform over the block (its `arr`
# holds each thread's warp: one value per warp, distinct between warps).
PER_WARP = " (one value per warp)"


def warp_labels(args: list["Value"], n: int) -> np.ndarray | None:
    """Each thread's warp (0, 1, ...; the block's threads in order, 32 a warp), where every operand
    of a pure function is the same in every lane of each warp: an integer whose lanes agree warp by
    warp (`row / num_heads` with `row` from `threadIdx.y`), with or without a shift, or a uniform
    unknown. None where an operand may differ between the lanes of a warp."""
    first = None
    for a in args:
        if type(a) is Unknown:
            if a.lane_varying:
                return None
            continue
        if type(a) is not Known:
            return None
        arr = a.arr
        if arr.shape[-1] == 1:
            continue
        if arr.shape[-1] != n:
            return None
        if first is None:
            first = np.arange(n) // 32 * 32
        if not np.array_equal(arr, arr[..., first]):
            return None
    return np.arange(n, dtype=np.int64) // 32


def is_varying(v: Value) -> bool:
    if isinstance(v, Known):
        return not v.uniform()
    if isinstance(v, Unknown):
        return v.lane_varying
    if isinstance(v, Fields):
        return v.rest.lane_varying or any(is_varying(f) for _, f in v.known)
    return is_varying(v.offset)


def unknown_from(reason: str, *operands: Value) -> Unknown:
    for o in operands:  # (a loop, not any() of a generator: this runs for every float operation)
        if type(o) is Unknown:
            if o.lane_varying:
                return Unknown(True, reason)
        elif is_varying(o):
            return Unknown(True, reason)
    return Unknown(False, reason)


def select(mask: np.ndarray, a: Value, b: Value) -> Value:
    """Per thread: a where mask, else b."""
    if mask.ndim <= 1:
        if mask_all(mask):
            return a
        if not mask_any(mask):
            return b
        return _merge(mask, a, b)
    every = mask.all(axis=-1)
    if every.all():
        return a
    some = mask.any(axis=-1)
    if not some.any():
        return b
    if not every.any() and some.all():
        return _merge(mask, a, b)
    return _select_rows(mask, a, b, every, ~some, some & ~every)


def _union(a: tuple[int, int] | None, b: tuple[int, int] | None) -> tuple[int, int] | None:
    if a is None or b is None:
        return None
    return (a[0] if a[0] < b[0] else b[0], a[1] if a[1] > b[1] else b[1])


def _merge(mask: np.ndarray, a: Value, b: Value) -> Value:
    """select() where the mask is neither all nor none of the threads."""
    if isinstance(a, Known) and isinstance(b, Known):
        shift = a.shift or b.shift
        return Known(np.where(mask, a.arr, b.arr), shift, a.wide or b.wide, _union(a.bounds, b.bounds))
    if isinstance(a, Ptr) and isinstance(b, Ptr) and a.symbol == b.symbol:
        return Ptr(a.symbol, select(mask, a.offset, b.offset))  # type: ignore[arg-type]
    if isinstance(a, Fields) and isinstance(b, Fields):
        rest = a.rest if a.rest == b.rest else Unknown(a.rest.lane_varying or b.rest.lane_varying, a.rest.reason)
        offsets = sorted({o for o, _ in a.known} | {o for o, _ in b.known})
        return Fields(tuple((o, _merge(mask, a.get(o), b.get(o))) for o in offsets), rest)
    reason = a.reason if isinstance(a, Unknown) else b.reason if isinstance(b, Unknown) else "mixed pointers"
    return Unknown(True, reason)


def _select_rows(mask: np.ndarray, a: Value, b: Value, every: np.ndarray, none: np.ndarray,
                 mixed: np.ndarray) -> Value:
    """select() of a batched mask whose blocks differ: block by block a (all), b (none) or the merge.

    One value holds them all only when they are of one kind: integers (np.where gives each
    block its own) with one shift, pointers to one symbol, or one and the same unknown.
    """
    if isinstance(a, Known) and isinstance(b, Known):
        shifts = set()
        if every.any():
            shifts.add(a.shift)
        if none.any():
            shifts.add(b.shift)
        if mixed.any():
            shifts.add(a.shift or b.shift)
        if len(shifts) > 1:
            raise RowDivergence("a selection that keeps a shift in some blocks only", _one_side(every, none))
        return Known(np.where(mask, a.arr, b.arr), shifts.pop(), a.wide or b.wide, _union(a.bounds, b.bounds))
    if isinstance(a, Ptr) and isinstance(b, Ptr) and a.symbol == b.symbol:
        return Ptr(a.symbol, _select_rows(mask, a.offset, b.offset, every, none, mixed))  # type: ignore[arg-type]
    outcomes = []
    if every.any():
        outcomes.append(a)
    if none.any():
        outcomes.append(b)
    if mixed.any():
        outcomes.append(_merge(mask, a, b))
    first = outcomes[0]
    if isinstance(first, Unknown) and all(o == first for o in outcomes):
        return first
    raise RowDivergence("a selection of different kinds of values in different blocks", _one_side(every, none))


def _one_side(every: np.ndarray, none: np.ndarray) -> np.ndarray:
    """The blocks of a selection that take all of one value: those that take all of `a` where some
    do not, else those that take all of `b`."""
    return every if every.any() and not every.all() else none


@dataclass(frozen=True)
class ParamValue:
    """A kernel parameter's assumed value; reading it is noted so the sweep knows it matters."""

    name: str
    value: Known
