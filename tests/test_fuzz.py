"""Fuzz: random valid kernels through the real pipeline (libclang, lowering, lane evaluation, rules).

Hypothesis generates kernels whose shared- and global-memory index expressions mix threadIdx.x/y/z,
constants, a loop variable and + - * / % & | ^ << >>, comparisons and ternaries, in signed and
unsigned 32-bit arithmetic, under guards, early returns and short loops, for 1-3-D blocks (partial
warps included) and element types of 1 to 16 bytes. Each kernel is linted (which must not raise or
leave an "internal error" / "analysis failed" / "rule ... failed" note), and every access's
prediction is compared with a brute force written here from HARDWARE.md, independent of
smemlint.model and smemlint.symbolic: evaluate the expression for every thread with C semantics,
group the threads into warps, and apply the naive definitions of wavefronts and sectors.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from smemlint.config import Settings
from smemlint.lint import lint_file

ELEMENTS = {"char": 1, "short": 2, "int": 4, "float": 4, "double": 8, "float2": 8, "float4": 16}
TILE = 256  # elements of the shared array; indices are masked into it
OUT = 1024  # elements of the global array the kernel reads and writes
BAD_NOTES = ("internal error", "analysis failed", "failed on this file", "could not lower", "could not analyse")

# ---------------------------------------------------------------- C semantics (int / unsigned, 32 bits)


def wrap(v: int, t: str) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if t == "i" and v >= 1 << 31 else v


def common(a: str, b: str) -> str:
    return "u" if "u" in (a, b) else "i"


@dataclass(frozen=True)
class E:
    """An expression: its C text, its type ("i" int, "u" unsigned) and how to evaluate it."""

    op: str
    t: str
    args: tuple = ()
    value: int | str = 0  # constant value or variable name

    def c(self) -> str:
        if self.op == "const":
            return f"{self.value}u" if self.t == "u" else str(self.value)
        if self.op == "var":
            return str(self.value)
        if self.op == "?:":
            cmp, a, b = self.args
            return f"({cmp.c()} ? {a.c()} : {b.c()})"
        a, b = self.args
        return f"({a.c()} {self.op} {b.c()})"

    def ev(self, env: dict[str, int]) -> int:
        if self.op == "const":
            return int(self.value)
        if self.op == "var":
            return env[str(self.value)]
        if self.op == "?:":
            cmp, a, b = self.args
            return wrap(a.ev(env) if cmp.ev(env) else b.ev(env), self.t)
        a, b = self.args
        x, y = a.ev(env), b.ev(env)
        if self.op in ("<<", ">>"):  # the type of the left operand; shift counts are small constants
            return wrap(x << y, self.t) if self.op == "<<" else wrap(x >> y, self.t)
        t = common(a.t, b.t)
        x, y = wrap(x, t), wrap(y, t)
        if self.op in ("<", "<=", ">", ">=", "==", "!="):
            return int({"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y, "!=": x != y}[self.op])
        if self.op in ("/", "%"):
            q = abs(x) // abs(y) * (1 if (x >= 0) == (y >= 0) else -1)  # truncation toward zero
            return wrap(q if self.op == "/" else x - q * y, t)
        r = {"+": x + y, "-": x - y, "*": x * y, "&": x & y, "|": x | y, "^": x ^ y}[self.op]
        return wrap(r, t)


def leaves(loop: bool):
    names = [("tx", "i"), ("ty", "i"), ("tz", "i"), ("ux", "u")] + ([("i", "i")] * 2 if loop else [])
    var = st.sampled_from(names).map(lambda n: E("var", n[1], value=n[0]))
    const = st.tuples(st.integers(0, 64), st.sampled_from("iiiu")).map(lambda c: E("const", c[1], value=c[0]))
    return st.one_of(var, var, const)


def expressions(loop: bool, depth: int = 3):
    if depth == 0:
        return leaves(loop)
    sub = expressions(loop, depth - 1)
    arith = st.tuples(st.sampled_from(["+", "-", "*", "&", "|", "^"]), sub, sub).map(
        lambda a: E(a[0], common(a[1].t, a[2].t), (a[1], a[2])))
    div = st.tuples(st.sampled_from(["/", "%"]), sub, st.integers(1, 17)).map(
        lambda a: E(a[0], a[1].t, (a[1], E("const", "i", value=a[2]))))
    shift = st.tuples(st.sampled_from(["<<", ">>"]), sub, st.integers(0, 5)).map(
        lambda a: E(a[0], a[1].t, (a[1], E("const", "i", value=a[2]))))
    tern = st.tuples(comparisons(loop, depth - 1), sub, sub).map(
        lambda a: E("?:", common(a[1].t, a[2].t), (a[0], a[1], a[2])))
    return st.one_of(leaves(loop), arith, arith, div, shift, tern)


def comparisons(loop: bool, depth: int = 2):
    sub = expressions(loop, depth)
    return st.tuples(st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), sub, sub).map(
        lambda a: E(a[0], "i", (a[1], a[2])))


# ---------------------------------------------------------------- kernels


@dataclass(frozen=True)
class Access:
    store: bool  # tile[s] = out[g] (shared store, global load); else out[g] = tile[s]
    s: E
    g: E


@dataclass(frozen=True)
class Stmt:
    kind: str  # "plain" | "if" | "loop"
    access: Access
    guard: E | None = None
    other: Access | None = None  # else branch of "if"
    trips: int = 0


def accesses(loop: bool):
    return st.builds(Access, st.booleans(), expressions(loop), expressions(loop, 2))


@st.composite
def statements(draw):
    kind = draw(st.sampled_from(["plain", "if", "loop"]))
    if kind == "plain":
        return Stmt("plain", draw(accesses(False)))
    if kind == "if":
        other = draw(st.none() | accesses(False))
        return Stmt("if", draw(accesses(False)), draw(comparisons(False, 1)), other)
    guard = draw(st.none() | comparisons(True, 1))
    return Stmt("loop", draw(accesses(True)), guard, None, draw(st.integers(1, 4)))


@dataclass(frozen=True)
class Kernel:
    elem: str
    block: tuple[int, int, int]
    early_return: E | None
    body: tuple[Stmt, ...]


kernels = st.builds(
    Kernel,
    st.sampled_from(sorted(ELEMENTS)),
    st.tuples(st.sampled_from([1, 2, 3, 7, 8, 16, 17, 32, 33, 48, 64]), st.integers(1, 4), st.integers(1, 2))
    .filter(lambda b: b[0] * b[1] * b[2] <= 256),
    st.none() | comparisons(False, 1),
    st.lists(statements(), min_size=1, max_size=3).map(tuple),
)


def render(k: Kernel) -> tuple[str, dict[int, Access]]:
    """CUDA source, and the access written on each line."""
    lines = [f"__global__ void fuzz({k.elem}* out) {{",
             f"    __shared__ {k.elem} tile[{TILE}];",
             "    int tx = threadIdx.x; int ty = threadIdx.y; int tz = threadIdx.z; unsigned ux = threadIdx.x;"]
    at: dict[int, Access] = {}

    def put(a: Access, indent: str) -> None:
        s, g = f"tile[{a.s.c()} & {TILE - 1}]", f"out[{a.g.c()} & {OUT - 1}]"
        lines.append(f"{indent}{s} = {g};" if a.store else f"{indent}{g} = {s};")
        at[len(lines)] = a

    if k.early_return is not None:
        lines.append(f"    if ({k.early_return.c()}) return;")
    for s in k.body:
        if s.kind == "plain":
            put(s.access, "    ")
        elif s.kind == "if":
            lines.append(f"    if ({s.guard.c()}) {{")
            put(s.access, "        ")
            if s.other is not None:
                lines.append("    } else {")
                put(s.other, "        ")
            lines.append("    }")
        else:
            lines.append(f"    for (int i = 0; i < {s.trips}; ++i) {{")
            if s.guard is not None:
                lines.append(f"        if ({s.guard.c()})")
            put(s.access, "            ")
            lines.append("    }")
    lines.append("}")
    bx, by, bz = k.block
    lines.append(f"int main() {{ dim3 b({bx}, {by}, {bz}); fuzz<<<1, b>>>(0); }}")
    return "\n".join(lines) + "\n", at


# ---------------------------------------------------------------- brute force (HARDWARE.md, naively)


def executions(k: Kernel) -> list[tuple[int, dict[int, dict[str, int]]]]:
    """Every execution of an access line: (line, {linear thread id: env}) for the threads that run it."""
    bx, by, bz = k.block
    envs = {}
    for z in range(bz):
        for y in range(by):
            for x in range(bx):
                env = {"tx": x, "ty": y, "tz": z, "ux": x}
                if k.early_return is None or not k.early_return.ev(env):
                    envs[x + y * bx + z * bx * by] = env
    _, at = render(k)
    lines = iter(sorted(at))  # access lines in the order the statements were written
    out = []
    for s in k.body:
        if s.kind == "plain":
            out.append((next(lines), envs))
        elif s.kind == "if":
            out.append((next(lines), {t: e for t, e in envs.items() if s.guard.ev(e)}))
            if s.other is not None:
                out.append((next(lines), {t: e for t, e in envs.items() if not s.guard.ev(e)}))
        else:
            line = next(lines)
            for i in range(s.trips):
                it = {t: {**e, "i": i} for t, e in envs.items()}
                if s.guard is not None:
                    it = {t: e for t, e in it.items() if s.guard.ev(e)}
                out.append((line, it))
    return out


def pair_condition(lanes: list[int | None]) -> bool:
    for d in (1, 2):
        if all(a is None or lanes[i ^ d] is None or lanes[i ^ d] == a for i, a in enumerate(lanes)):
            return True
    return False


def wavefronts(lanes: list[int | None], width: int, load: bool) -> int:
    if width <= 4:
        phases = [range(32)]
    elif width == 8:
        phases = [range(32)] if load and pair_condition(lanes) else [range(16), range(16, 32)]
    else:
        phases = [range(16), range(16, 32)] if load and pair_condition(lanes) else \
            [range(q, q + 8) for q in (0, 8, 16, 24)]
    total = 0
    for ph in phases:
        words_in_bank: dict[int, set[int]] = {}
        for i in ph:
            a = lanes[i]
            if a is None:
                continue
            for w in range(a // 4, (a + width - 1) // 4 + 1):
                words_in_bank.setdefault(w % 32, set()).add(w)
        total += max((len(ws) for ws in words_in_bank.values()), default=0)
    return total


def sectors(lanes: list[int | None], width: int) -> int:
    return len({b // 32 for a in lanes if a is not None for b in range(a, a + width)})


def brute_force(k: Kernel) -> dict[tuple[int, str], tuple[int, int]]:
    """(line, space) -> (total wavefronts or sectors, requests)."""
    width = ELEMENTS[k.elem]
    bx, by, bz = k.block
    n = bx * by * bz
    _, at = render(k)
    totals: dict[tuple[int, str], list[int]] = {}
    for line, active in executions(k):
        a = at[line]
        for space in ("shared", "global"):
            tot = totals.setdefault((line, space), [0, 0])
            for w0 in range(0, n, 32):
                lanes: list[int | None] = [None] * 32
                for t in range(w0, min(w0 + 32, n)):
                    if t in active:
                        e = a.s if space == "shared" else a.g
                        mask = TILE - 1 if space == "shared" else OUT - 1
                        lanes[t - w0] = (e.ev(active[t]) & mask) * width
                if all(x is None for x in lanes):
                    continue
                load = not a.store if space == "shared" else a.store
                tot[0] += wavefronts(lanes, width, load) if space == "shared" else sectors(lanes, width)
                tot[1] += 1
    return {key: (v[0], v[1]) for key, v in totals.items()}


# ---------------------------------------------------------------- the property


SETTINGS = Settings(cuda_headers="bundled")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(kernels)
def test_predictions_equal_brute_force(k: Kernel) -> None:
    source, at = render(k)
    note(source)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "fuzz.cu")
        with open(path, "w") as fh:
            fh.write(source)
        result = lint_file(path, SETTINGS)
    assert result.status == "ok", result.error
    assert not any(b in n for n in result.notes for b in BAD_NOTES), result.notes
    assert not any(b in n for kr in result.kernels for n in kr.notes for b in BAD_NOTES)
    assert not any("compile error" in n for n in result.notes), result.notes  # the generator writes valid code
    expected = brute_force(k)
    # keyed by the array (an access no thread runs has no space)
    got = {(a.line, "shared" if a.symbol == "tile" else "global"): a for a in result.accesses}
    assert set(got) == set(expected), (sorted(got), sorted(expected))
    for key, (total, requests) in expected.items():
        a = got[key]
        note(f"line {key[0]} {key[1]}: brute force {total}/{requests}, smemlint {a.wavefronts_per_request} "
             f"{a.sectors_per_request} {a.assumptions}")
        if requests == 0:
            assert not a.predictable
            continue
        assert a.predictable, a.assumptions
        assert a.width_bits == ELEMENTS[k.elem] * 8
        value = a.wavefronts_per_request if key[1] == "shared" else a.sectors_per_request
        assert abs(value - total / requests) < 1e-3, (key, value, total / requests)
        assert a.requests == requests
