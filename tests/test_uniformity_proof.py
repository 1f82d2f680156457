"""Property: a value is uniform only when that is proved, never by default (issue 13, item 6).

Hypothesis writes kernels whose shared- and global-memory indices mix thread indices and
constants with values loaded from memory: per thread (`vals[t]`, the fields of a per-thread
`int4`), at one address for the whole block (`uni[0]`, the fields of `uni4[0]`), read
through intrinsics (`__umul24`, `min`) and through a helper that indexes a pointer it is given
(the shape of cuda-samples' histogram64: `s_ThreadBase[UMUL(data, 64)]++` with `data` a field of a
per-thread `uint4`, once predicted 1.0 wavefront where the H100 measured 2.0). Each kernel is
costed by brute force (tests/test_fuzz.py's naive HARDWARE.md model) under several random
fillings of the memory it reads. Where smemlint gives a number, every filling must give that
number: a value that depends on data must make the access "cannot predict", not a guess.

Uniformly loaded values are filled with multiples of 32 elements: smemlint's documented
assumption that a block-uniform unknown offset keeps 32-byte alignment (so it only renames banks
and keeps sectors) then holds, and the property tests uniformity, not that assumption.
"""
from __future__ import annotations

import os
import random
import tempfile
from dataclasses import dataclass

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from test_fuzz import BAD_NOTES, E, common, sectors, wavefronts, wrap

from smemlint.config import Settings
from smemlint.lint import lint_file

TILE = 256
OUT = 1024
FILLINGS = 3
# leaf name -> (C text, type, how the value is made: "tid" thread index, "lane" per-thread data, "uni" uniform data)
LEAVES = {
    "tx": ("tx", "i"), "ty": ("ty", "i"), "ux": ("ux", "u"),
    "a": ("a", "i"), "vx": ("v.x", "i"), "vy": ("v.y", "i"), "vm": ("__umul24((unsigned)v.z, 3u)", "u"),
    "u": ("u", "i"), "wx": ("w.x", "i"), "wz": ("w.z", "i"), "um": ("min(u, 4096)", "i"),
}
PER_THREAD = ("a", "vx", "vy", "vm")


@dataclass(frozen=True)
class Leaf(E):
    def c(self) -> str:
        return LEAVES[str(self.value)][0] if self.op == "var" else super().c()


def leaves():
    var = st.sampled_from(sorted(LEAVES)).map(lambda n: Leaf("var", LEAVES[n][1], value=n))
    const = st.tuples(st.integers(0, 40), st.sampled_from("iiu")).map(lambda c: Leaf("const", c[1], value=c[0]))
    return st.one_of(var, var, const)


def expressions(depth: int = 2):
    if depth == 0:
        return leaves()
    sub = expressions(depth - 1)
    arith = st.tuples(st.sampled_from(["+", "-", "*", "&", "^"]), sub, sub).map(
        lambda a: E(a[0], common(a[1].t, a[2].t), (a[1], a[2])))
    return st.one_of(leaves(), arith, arith)


@dataclass(frozen=True)
class Line:
    kind: str  # "copy": tile[s & 255] = out[g & 1023] | "helper": put(tile + (s & 255), off) and gput(...)
    s: E
    g: E
    off: E | None = None


def lines():
    copy = st.builds(Line, st.just("copy"), expressions(), expressions())
    # the offset a helper adds to the pointer it is given: a multiple of a uniform or a per-thread value
    off = st.tuples(st.sampled_from(sorted(LEAVES)), st.integers(1, 3)).map(
        lambda a: E("*", "u", (Leaf("var", LEAVES[a[0]][1], value=a[0]), Leaf("const", "u", value=a[1]))))
    helper = st.builds(Line, st.just("helper"), expressions(1), expressions(1), off)
    return st.one_of(copy, helper)


@dataclass(frozen=True)
class Kernel:
    block: int
    body: tuple[Line, ...]


kernels = st.builds(Kernel, st.sampled_from([32, 48, 64, 96]), st.lists(lines(), min_size=1, max_size=3).map(tuple))


def render(k: Kernel) -> tuple[str, dict[int, tuple[Line, str]]]:
    src = [
        "__device__ void put(int *base, unsigned off) { base[off] = 1; }",
        "__device__ void gput(int *base, unsigned off) { base[off] = 2; }",
        "__global__ void prop(const int *vals, const int *uni, const int4 *vals4, const int4 *uni4, int *out) {",
        "    __shared__ int tile[256];",
        "    int tx = threadIdx.x; int ty = threadIdx.y; unsigned ux = threadIdx.x;",
        "    int a = vals[tx]; int u = uni[0];",
        "    int4 v = vals4[tx]; int4 w = uni4[blockIdx.x];",
    ]
    at: dict[int, tuple[Line, str]] = {}
    for ln in k.body:
        if ln.kind == "copy":
            src.append(f"    tile[({ln.s.c()}) & {TILE - 1}] = out[({ln.g.c()}) & {OUT - 1}];")
            at[len(src)] = (ln, "copy")
        else:
            src.append(f"    put(tile + (({ln.s.c()}) & {TILE - 1}), {ln.off.c()});")
            at[len(src)] = (ln, "put")
            src.append(f"    gput(out + (({ln.g.c()}) & {OUT - 1}), {ln.off.c()});")
            at[len(src)] = (ln, "gput")
    src.append("}")
    src.append(f"int main() {{ prop<<<1, {k.block}>>>(0, 0, 0, 0, 0); }}")
    return "\n".join(src) + "\n", at


def filling(rng: random.Random) -> dict[str, object]:
    return {"vals": [rng.randrange(0, 600) for _ in range(TILE)],
            "vals4": [[rng.randrange(0, 600) for _ in range(4)] for _ in range(TILE)],
            "uni": 32 * rng.randrange(0, 40), "uni4": [32 * rng.randrange(0, 40) for _ in range(4)]}


def env_of(t: int, f: dict) -> dict[str, int]:
    v, w = f["vals4"][t], f["uni4"]
    return {"tx": t, "ty": 0, "ux": t, "a": f["vals"][t], "vx": v[0], "vy": v[1],
            "vm": wrap((v[2] & 0xFFFFFF) * 3, "u"), "u": f["uni"], "wx": w[0], "wz": w[2], "um": min(f["uni"], 4096)}


def brute_force(k: Kernel, f: dict) -> dict[tuple[int, str], float]:
    """(line, space) -> wavefronts or sectors per request, for one filling of memory."""
    _, at = render(k)
    out: dict[tuple[int, str], float] = {}
    for line, (ln, kind) in at.items():
        for space in (("shared", "global") if kind == "copy" else ("shared",) if kind == "put" else ("global",)):
            total = requests = 0
            for w0 in range(0, k.block, 32):
                lanes: list[int | None] = [None] * 32
                for t in range(w0, min(w0 + 32, k.block)):
                    env = env_of(t, f)
                    if kind == "copy":
                        e, m = (ln.s, TILE - 1) if space == "shared" else (ln.g, OUT - 1)
                        lanes[t - w0] = (e.ev(env) & m) * 4
                    else:
                        base = (ln.s if kind == "put" else ln.g).ev(env) & (TILE - 1 if kind == "put" else OUT - 1)
                        lanes[t - w0] = (base + ln.off.ev(env)) * 4
                # copy: a shared store and a global load; the helpers store
                total += wavefronts(lanes, 4, False) if space == "shared" else sectors(lanes, 4)
                requests += 1
            out[(line, space)] = total / requests
    return out


SETTINGS = Settings(cuda_headers="bundled")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(kernels, st.integers(0, 1 << 30))
def test_no_number_that_data_could_change(k: Kernel, seed: int) -> None:
    source, at = render(k)
    note(source)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "prop.cu")
        with open(path, "w") as fh:
            fh.write(source)
        result = lint_file(path, SETTINGS)
    assert result.status == "ok", result.error
    assert not any(b in n for n in result.notes for b in BAD_NOTES), result.notes
    assert not any("compile error" in n for n in result.notes), result.notes
    rng = random.Random(seed)
    truths = [brute_force(k, filling(rng)) for _ in range(FILLINGS)]
    predicted = 0
    for a in result.accesses:
        space = "shared" if a.symbol in ("tile", "base") and a.space == "shared" else a.space
        if a.line not in at and a.symbol == "base":
            continue  # the helpers' own lines: checked at their calls below
        key = (a.line, space)
        if key not in truths[0] or not a.predictable:
            continue
        value = a.wavefronts_per_request if space == "shared" else a.sectors_per_request
        seen = sorted({round(t[key], 4) for t in truths})  # the report's per-request figures have 4 decimals
        note(f"line {a.line} {space}: smemlint {value}, brute force {seen}")
        assert seen == [round(value, 4)], (key, value, seen, a.assumptions)
        predicted += 1


def test_histogram64_shape_is_not_predicted() -> None:
    """cuda-samples' histogram64: a per-thread loaded byte, scaled, added to a per-thread base pointer."""
    source = """
#define UMUL(a, b) __umul24((a), (b))
inline __device__ void addByte(unsigned char *s_ThreadBase, unsigned int data) { s_ThreadBase[UMUL(data, 64)]++; }
__global__ void histogram64(const uint4 *d_Data, unsigned *out) {
    __shared__ unsigned char s_Hist[64 * 64];
    unsigned char *s_ThreadBase = s_Hist + threadIdx.x;
    uint4 data = d_Data[blockIdx.x * blockDim.x + threadIdx.x];
    addByte(s_ThreadBase, (data.x >> 2) & 0x3FU);
    uint4 same = d_Data[blockIdx.x];
    addByte(s_ThreadBase, (same.y >> 2) & 0x3FU);
}
int main() { histogram64<<<1, 64>>>(0, 0); }
"""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "hist.cu")
        with open(path, "w") as fh:
            fh.write(source)
        result = lint_file(path, SETTINGS)
    hist = [a for a in result.accesses if a.symbol == "s_ThreadBase" or a.space == "shared"]
    assert hist and not any(a.predictable for a in hist if a.line == 3 and a.op == "st" and
                            "data" in " ".join(a.assumptions)), [(a.line, a.predictable, a.assumptions) for a in hist]
