"""Integer intrinsics evaluated lane by lane (`__popc`, `__clz`, `__brev`, `__byte_perm`, `__umulhi`,
...), and which called functions are pure (their result depends on their arguments alone, so a
call may be hoisted or its value computed)."""
from __future__ import annotations

import numpy as np

_U32 = 0xFFFFFFFF


def _u32(x: np.ndarray) -> np.ndarray:
    return x & _U32


def _s32(x: np.ndarray) -> np.ndarray:
    x = x & _U32
    return np.where(x >= 1 << 31, x - (1 << 32), x)


def _bits_reversed(x: np.ndarray) -> np.ndarray:
    x = _u32(x)
    r = np.zeros_like(x)
    for i in range(32):
        r |= ((x >> i) & 1) << (31 - i)
    return r


def _clz(x: np.ndarray, bits: int) -> np.ndarray:
    x = x.astype(np.uint64) & np.uint64((1 << bits) - 1 if bits < 64 else (1 << 64) - 1)
    n = np.full(x.shape, bits, dtype=np.int64)
    for i in range(bits):
        n = np.where((x >> np.uint64(i)) & np.uint64(1), bits - 1 - i, n)
    return n


def _ffs(x: np.ndarray, bits: int) -> np.ndarray:
    x = x.astype(np.uint64) & np.uint64((1 << bits) - 1 if bits < 64 else (1 << 64) - 1)
    n = np.zeros(x.shape, dtype=np.int64)
    for i in range(bits - 1, -1, -1):
        n = np.where((x >> np.uint64(i)) & np.uint64(1), i + 1, n)
    return n


def _byte_perm(x: np.ndarray, y: np.ndarray, s: np.ndarray) -> np.ndarray:
    """__byte_perm(x, y, s): byte i of the result is byte (s >> 4i) & 7 of the 8 bytes y:x."""
    both = (_u32(y) << 32) | _u32(x)
    r = np.zeros(np.broadcast(x, y, s).shape, dtype=np.int64)
    for i in range(4):
        sel = (s >> (4 * i)) & 7
        r |= ((both >> (8 * sel)) & 0xFF) << (8 * i)
    return r


def integer_intrinsic(name: str, xs: list[np.ndarray]) -> np.ndarray | None:
    """The exact value of a CUDA integer intrinsic (or min/max/abs) on known integers; else None.

    The arguments are already converted to the parameter types by clang's implicit casts."""
    n = len(xs)
    if n == 2 and name in ("min", "umin", "llmin", "ullmin", "std::min"):
        return np.minimum(xs[0], xs[1])
    if n == 2 and name in ("max", "umax", "llmax", "ullmax", "std::max"):
        return np.maximum(xs[0], xs[1])
    if n == 1 and name in ("abs", "llabs", "std::abs"):
        return np.abs(xs[0])
    if n == 2 and name == "__umul24":
        return (xs[0] & 0xFFFFFF) * (xs[1] & 0xFFFFFF)
    if n == 2 and name == "__mul24":
        a, b = xs[0] & 0xFFFFFF, xs[1] & 0xFFFFFF
        a, b = np.where(a >= 1 << 23, a - (1 << 24), a), np.where(b >= 1 << 23, b - (1 << 24), b)
        return a * b
    if n == 2 and name == "__umulhi":
        return ((_u32(xs[0]).astype(np.uint64) * _u32(xs[1]).astype(np.uint64)) >> np.uint64(32)).astype(np.int64)
    if n == 2 and name == "__mulhi":
        return (_s32(xs[0]) * _s32(xs[1])) >> 32
    if n == 1 and name == "__popc":
        return np.bitwise_count(_u32(xs[0]).astype(np.uint64)).astype(np.int64)
    if n == 1 and name == "__popcll":
        return np.bitwise_count(xs[0].astype(np.uint64)).astype(np.int64)
    if n == 1 and name == "__clz":
        return _clz(xs[0], 32)
    if n == 1 and name == "__clzll":
        return _clz(xs[0], 64)
    if n == 1 and name == "__ffs":
        return _ffs(xs[0], 32)
    if n == 1 and name == "__ffsll":
        return _ffs(xs[0], 64)
    if n == 1 and name == "__brev":
        return _bits_reversed(xs[0])
    if n == 3 and name == "__byte_perm":
        return _byte_perm(*xs)
    if n == 3 and name in ("__funnelshift_l", "__funnelshift_lc", "__funnelshift_r", "__funnelshift_rc"):
        lo, hi, sh = _u32(xs[0]), _u32(xs[1]), _u32(xs[2])
        sh = np.minimum(sh, 32) if name.endswith("c") else sh & 31
        if name.startswith("__funnelshift_l"):
            return np.where(sh == 0, hi, _u32((hi << sh) | (lo >> (32 - sh))))
        return np.where(sh == 32, hi, _u32(np.where(sh == 0, lo, (lo >> sh) | (hi << (32 - sh)))))
    if n == 3 and name == "__sad":
        return np.abs(_s32(xs[0]) - _s32(xs[1])) + _u32(xs[2])
    if n == 3 and name == "__usad":
        return np.abs(_u32(xs[0]) - _u32(xs[1])) + _u32(xs[2])
    return None


_PURE_NAMES = frozenset(
    "min max umin umax llmin llmax ullmin ullmax abs llabs labs fabs fabsf sqrt sqrtf rsqrt rsqrtf cbrt cbrtf "
    "exp expf exp2 exp2f exp10 exp10f expm1 expm1f log logf log2 log2f log10 log10f log1p log1p pow powf "
    "sin sinf cos cosf tan tanf sinh sinhf cosh coshf tanh tanhf asin asinf acos acosf atan atanf atan2 atan2f "
    "floor floorf ceil ceilf round roundf lround lroundf llround llroundf trunc truncf rint rintf lrint lrintf "
    "nearbyint nearbyintf fmod fmodf remainder remainderf fmin fminf fmax fmaxf fma fmaf fdim fdimf erf erff "
    "erfc erfcf erfinv erfinvf copysign copysignf ldexp ldexpf hypot hypotf isnan isinf isfinite signbit "
    "rcbrt rcbrtf norm3d norm3df norm4d norm4df rnorm3d rnorm3df".split())
_PURE_PREFIXES = ("std::", "__float", "__double", "__int", "__uint", "__ll", "__ull", "__short", "__ushort",
                  "__half", "__h", "__bfloat", "__nv_cvt", "__f", "__d", "__mul", "__umul", "__popc", "__clz",
                  "__ffs", "__brev", "__byte_perm", "__funnelshift", "__sad", "__usad", "__saturate", "__v",
                  "__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__powf", "__sinf", "__cosf", "__tanf",
                  "__frcp", "__frsqrt", "__isnan", "__isinf", "__cvta", "__low2", "__high2", "__lows2",
                  "__highs2", "__floats2", "__float22", "__halves2", "make_", "operator")
_IMPURE_PREFIXES = ("std::rand", "__shfl", "__ballot", "__activemask", "__match", "__ld", "__st", "__lane",
                    "__vote", "__any", "__all", "__reduce", "__syncthreads_")


def is_pure_function(name: str) -> bool:
    """A function whose result depends only on its arguments (math, conversions, intrinsics of the
    CUDA math API, constructors of vector types): the same in every thread when they all are."""
    if name.startswith(_IMPURE_PREFIXES):
        return False
    return name in _PURE_NAMES or name.startswith(_PURE_PREFIXES)
