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
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..ir import CType, Symbol


@dataclass(frozen=True)
class Known:
    arr: np.ndarray
    shift: str | None = None  # reason, when a block-uniform unknown is added

    def uniform(self) -> bool:
        return bool(np.all(self.arr == self.arr[0])) if self.arr.size else True


@dataclass(frozen=True)
class Unknown:
    lane_varying: bool
    reason: str


@dataclass(frozen=True)
class Ptr:
    symbol: Symbol | None
    offset: Known | Unknown


Value = Known | Unknown | Ptr


def wrap(arr: np.ndarray, ct: CType) -> np.ndarray:
    """C conversion to the integer type `ct` (two's complement wrap)."""
    bits = ct.bytes * 8
    if bits <= 0 or bits >= 64:
        return arr
    m = (1 << bits) - 1
    arr = arr & m
    if ct.signed:
        half = 1 << (bits - 1)
        arr = np.where(arr >= half, arr - (1 << bits), arr)
    return arr


def is_varying(v: Value) -> bool:
    if isinstance(v, Known):
        return not v.uniform()
    if isinstance(v, Unknown):
        return v.lane_varying
    return is_varying(v.offset)


def unknown_from(reason: str, *operands: Value) -> Unknown:
    return Unknown(any(is_varying(o) for o in operands), reason)


def select(mask: np.ndarray, a: Value, b: Value) -> Value:
    """Per thread: a where mask, else b."""
    if mask.all():
        return a
    if not mask.any():
        return b
    if isinstance(a, Known) and isinstance(b, Known):
        shift = a.shift or b.shift
        return Known(np.where(mask, a.arr, b.arr), shift)
    if isinstance(a, Ptr) and isinstance(b, Ptr) and a.symbol == b.symbol:
        return Ptr(a.symbol, select(mask, a.offset, b.offset))  # type: ignore[arg-type]
    reason = a.reason if isinstance(a, Unknown) else b.reason if isinstance(b, Unknown) else "mixed pointers"
    return Unknown(True, reason)
