"""Representative instances of template kernels nothing instantiates (issue 29 item 2): the
arguments chosen from the text, the instance analysed and worded as representative, never used
where a real instance exists or where it does not compile (real libclang, no mocks)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file, lint_paths
from smemlint.parse.representative import REPRESENTATIVE_ROOT, representative_roots

FIXTURE = Path(__file__).parent.parent / "fixtures" / "representative_instances.cu"


def _chosen(text: str) -> dict[str, str]:
    new, roots = representative_roots(text)
    assert new.count("\n") == text.count("\n")  # no line moves
    for r in roots:  # each root's columns are where its text is
        line = new.splitlines()[r.line - 1]
        assert line[r.start - 1:r.end - 1].startswith(f" static void {REPRESENTATIVE_ROOT}")
    return {r.kernel: r.arguments for r in roots}


def test_the_arguments_chosen_from_the_text() -> None:
    text = """
template <typename T, int N> __global__ void a(T *x) { x[N] = 0; }
template <typename T, bool B, Mode M, int K = 3> __global__ void b(T *x) { x[0] = 0; } template <int N> __global__ void c(float *x) { static_assert(N == 8, ""); x[N] = 0; }
template <int N> __global__ void __launch_bounds__(N) d(float *x) { x[0] = 0; }
template <int N = 4> __global__ void e(float *x) { x[N] = 0; }
template <typename... Ts> __global__ void f(Ts... xs) { }
template <template <class> class C> __global__ void g(float *x) { }
template <typename T> __global__ void h(T *x) { x[0] = 0; }
void run(float *x) { h<float><<<1, 32>>>(x); }
"""
    assert _chosen(text) == {
        "a": "T = float, N = 4 (a representative integer)",  # an integer with no role: 4, said so
        "b": "T = float, B = false, M = Mode(0), the enumerator of value 0",
        "c": "N = 8 (its static_assert)",
        "d": "N = 128 (its __launch_bounds__)",
        "h": "T = float",  # launched by name: a root too (extract.py uses it only if no launch gives an instance)
    }  # e: every parameter a value with a default; f, g: a pack,
    # a template template


def test_two_roots_on_one_line_keep_their_columns() -> None:
    text = "template <typename T> __global__ void a(T *x) { x[0] = 0; } template <typename T> __global__ void b(T *x) { }\n"
    assert set(_chosen(text)) == {"a", "b"}


def test_a_representative_instance_says_so_and_a_failed_one_is_not_used() -> None:
    r = lint_file(str(FIXTURE), Settings())
    assert r.status == "ok"
    names = {k.name for k in r.kernels}
    assert names == {"gather_even<float>", "transpose_sum<float, 128, 0, 2>", "widened<float, 4>", "strided",
                     "scatter2<float>", "for_each", "copy<double>"}  # strided<float, 4> fails its static_assert
    assert {k.name: k.block for k in r.kernels}["transpose_sum<float, 128, 0, 2>"] == (128, 1, 1)
    kernels = {k.name: k for k in r.kernels}
    assert kernels["gather_even<float>"].representative and not kernels["copy<double>"].representative
    assert any(n.startswith("gather_even: template kernel not instantiated by a launch in this file; analysed as "
                            "gather_even<float>, with representative template arguments (T = float)") for n in r.notes)
    # every access of a representative instance says so; a launched instance's never does
    for a in r.accesses:
        said = any(s.startswith("representative instance ") for s in a.assumptions)
        assert said == a.kernel.startswith(("gather_even", "transpose_sum", "widened", "scatter2")), (a.kernel, a.assumptions)
    # `for_each<float>` does not compile (`fun(i)` on a float): not the file's error, not analysed
    assert not any("compile error" in n for n in r.notes), r.notes
    assert any(n.startswith("for_each: template kernel not instantiated by a launch in this file; values that depend")
               for n in r.notes)


def test_a_representative_gives_way_to_an_instance_launched_elsewhere(tmp_path) -> None:
    (tmp_path / "k.cuh").write_text("template <typename T>\n__global__ void copy2(const T *in, T *out) {\n"
                                    "  out[threadIdx.x] = in[threadIdx.x * 2];\n}\n")
    (tmp_path / "run.cu").write_text('#include "k.cuh"\nvoid run(const double *i, double *o) {\n'
                                     "  auto k = &copy2<double>;\n  k<<<1, 64>>>(i, o);\n}\n")
    alone = lint_file(str(tmp_path / "k.cuh"), Settings())
    assert [k.name for k in alone.kernels] == ["copy2<float>"]
    results = lint_paths([str(tmp_path / "run.cu"), str(tmp_path / "k.cuh")], Settings(), jobs=1)
    assert sorted(k.name for r in results for k in r.kernels) == ["copy2<double>"]
    assert not any("representative" in n for r in results for n in r.notes)


def test_value_zero_only_for_an_enum(tmp_path) -> None:
    # `static_cast<Mode>(0)` is the first enumerator; for an integer typedef it would be a made-up size
    (tmp_path / "k.cu").write_text("enum Mode { A, B };\ntypedef int Size;\n"
                                   "template <typename T, Mode M> __global__ void e(T *x) { x[threadIdx.x] = M; }\n"
                                   "template <typename T, Size S> __global__ void s(T *x) { x[threadIdx.x * S] = 0; }\n")
    r = lint_file(str(tmp_path / "k.cu"), Settings())
    assert sorted(k.name for k in r.kernels) == ["e<float, 0>", "s"]
