"""Atomics: the model measured on the H100 (model/banks.atomic_wavefronts, global sectors), the
instruction nvcc picks (extract.atomic_form), and the committed measurement
(benchmarks/accuracy/idioms/atomics-truth-sm90.jsonl: every modelled site exact)."""
from __future__ import annotations


import pytest
from hypothesis import given, strategies as st

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.model.banks import atomic_wavefronts, shared_wavefronts

from measured import judged


lanes = st.lists(st.one_of(st.none(), st.integers(0, 1023).map(lambda w: 4 * w)), min_size=32, max_size=32)


@given(lanes)
def test_an_increment_costs_what_a_load_of_the_same_words_costs(addresses) -> None:
    assert atomic_wavefronts(addresses, "popc").wavefronts == shared_wavefronts(addresses, 4, "ld").wavefronts


@given(lanes, st.sampled_from(["add", "int"]))
def test_other_atomics_serve_every_lane_of_a_bank(addresses, form) -> None:
    active = [a for a in addresses if a is not None]
    cost = atomic_wavefronts(addresses, form).wavefronts
    if not active:
        assert cost == 0
        return
    per_bank = max(sum(1 for a in active if (a // 4) % 32 == b) for b in range(32))
    one_word = len({a // 4 for a in active}) == 1
    assert cost == (1 if form == "add" and one_word else per_bank)
    assert atomic_wavefronts(addresses, "popc").wavefronts <= cost <= len(active)


@pytest.mark.parametrize("words, form, measured", [
    # benchmarks/accuracy/pending/atomics.cu on the H100: word index per lane -> wavefronts
    (lambda t: t, "popc", 1), (lambda t: t // 2, "popc", 1), (lambda t: t % 16, "popc", 1),
    (lambda t: 2 * t, "popc", 2), (lambda t: 32 * t, "popc", 32), (lambda t: 33 * t % 1024, "popc", 1),
    (lambda t: 0, "popc", 1), (lambda t: t, "add", 1), (lambda t: 32 * t % 1024, "add", 32),
    (lambda t: t % 16, "add", 2), (lambda t: 0, "add", 1), (lambda t: 2 * t, "add", 2),
])
def test_measured_patterns(words, form, measured) -> None:
    assert atomic_wavefronts([4 * words(t) for t in range(32)], form).wavefronts == measured


KERNELS = r"""
__global__ void forms(int *g, float *f, unsigned long long *l, int *out) {
    __shared__ int s[256];
    __shared__ float sf[256];
    int t = threadIdx.x;
    s[t] = 0; sf[t] = 0.0f;
    __syncthreads();
    atomicAdd(&s[t], 1);                    // POPC
    int old = atomicAdd(&s[t % 16], 1);     // ADD_USED
    atomicAdd(&s[t % 16], t);               // ADD_VALUE
    atomicMax(&s[32 * t % 256], t);         // INT
    atomicMax(&s[0], t);                    // INT_ONE_WORD
    atomicAdd(&sf[t], 1.0f);                // FLOAT_SHARED
    atomicAdd(&f[8 * t], 1.0f);             // FLOAT_GLOBAL
    atomicAdd(&l[t], 1ull);                 // WIDE_GLOBAL
    __syncthreads();
    out[t] = old + s[t] + (int)sf[t];
}
int main() { forms<<<1, 32>>>(0, 0, 0, 0); }
"""


def test_the_instruction_and_its_cost_from_the_source(tmp_path) -> None:
    path = tmp_path / "forms.cu"
    path.write_text(KERNELS)
    r = lint_file(str(path), Settings())
    assert r.status == "ok", r.error
    tag = {n: i for i, text in enumerate(KERNELS.splitlines(), 1) if "//" in text for n in [text.split("// ")[-1]]}
    by_line = {a.line: a for a in r.accesses if a.op == "atomic"}

    def cost(name):
        a = by_line[tag[name]]
        return a.instruction, a.wavefronts_per_request if a.space == "shared" else a.sectors_per_request

    assert cost("POPC") == ("atomic.popc", 1.0)
    assert cost("ADD_USED") == ("atomic.add", 2.0)  # the old value is used: ATOMS.ADD, lanes on one word count
    assert cost("ADD_VALUE") == ("atomic.add", 2.0)
    assert cost("INT") == ("atomic.int", 32.0)  # 32 lanes in bank 0 (over 8 words: each lane served)
    assert cost("FLOAT_GLOBAL") == ("atomic.float32", 32.0)
    assert cost("WIDE_GLOBAL") == ("atomic.int64", 8.0)
    for name, why in (("INT_ONE_WORD", "one word"), ("FLOAT_SHARED", "compare-and-swap loop")):
        a = by_line[tag[name]]
        assert not a.predictable and any(why in x for x in a.assumptions), a.assumptions


def test_loop_written_in_a_macro_keeps_its_parts(tmp_path) -> None:
    """A `for` in a macro: libclang gives the macro definition's tokens, the parts all sit at the
    macro's call; the parts are init, condition, increment (was: all taken as the increment)."""
    path = tmp_path / "macro.cu"
    path.write_text("#define ZERO(s, n) for (int i = threadIdx.x; i < n; i += blockDim.x) s[i] = 0;\n"
                    "__global__ void k(int *out) {\n    __shared__ int s[1024];\n    ZERO(s, 1024)\n"
                    "    __syncthreads();\n    out[threadIdx.x] = s[threadIdx.x];\n}\n"
                    "int main() { k<<<1, 256>>>(0); }\n")
    r = lint_file(str(path), Settings())
    store = next(a for a in r.accesses if a.op == "st" and a.space == "shared")
    assert store.predictable and store.requests == 8 * 4, store.assumptions  # 8 warps, 4 iterations


def test_every_modelled_atomic_of_the_measurement_is_exact() -> None:
    rows = judged("atomics")
    assert len(rows) >= 50
    wrong = [r for r in rows if r["verdict"] == "wrong"]
    assert not wrong, wrong[:3]
    unpredicted = {r["kernel"] for r in rows if r["verdict"] != "exact"}
    assert unpredicted == {"s_red_f32", "s_red_f32_stride2", "s_red_u64"}  # the compare-and-swap loops
