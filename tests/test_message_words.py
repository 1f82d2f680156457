"""No internal names in what the user reads (issue 15, item 7): no libclang cursor kind (`call_expr`,
`unexposed_expr`, `cxx_for_range_stmt`, ...) and no empty backtick name in any message, note or
assumption, over the fixtures, a generated corpus and a file of constructs the analysis does not model.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import clang.cindex as ci

from smemlint.config import Settings
from smemlint.lower.wording import construct, named
from smemlint.lint import lint_paths

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "benchmarks" / "speed"))
from gen_corpus import generate  # noqa: E402

# every cursor kind libclang has, as the analysis used to print them ("lvalue call_expr", "GOTO_STMT")
KIND_NAMES = sorted({k.name.lower() for k in ci.CursorKind.get_all_kinds() if "_" in k.name}, key=len, reverse=True)
INTERNAL = re.compile(r"\b(" + "|".join(KIND_NAMES) + r")\b|``", re.IGNORECASE)

# what a kernel may contain that the evaluator does not model: each gives a note or an assumption
UNMODELLED = """
#include <cuda_runtime.h>
struct Tile {
    float v[64];
    __device__ float &at(int i) { return v[i]; }
};
__device__ float &pick(float *base, int i) { return base[i]; }
struct Pair { int a, b; };
template <int N> struct Box { static constexpr int n = N; };
struct Half { unsigned short bits; __device__ operator float() const { return bits; } };
__device__ Half load_half(const Half *p) { return *p; }

__global__ void unmodelled(float *out, const int *idx, int n, const Half *h)
{
    __shared__ float s[256];
    __shared__ Tile t;
    int tid = threadIdx.x;
    auto twice = [](int x) { return 2 * x; };
    s[twice(tid) & 255] = out[tid];
    pick(s, tid * 2) = 1.0f;
    t.at(tid * 3 & 63) = 2.0f;
    int k = (tid++, tid * 4);
    s[k & 255] = 3.0f;
    int arr[4] = {1, 2, 3, 4};
    for (int v : arr) s[(v * tid) & 255] += 1.0f;
    if (n > 3) goto done;
    s[idx[tid] & 255] = 4.0f;
done:
    Pair a{tid, 2};
    s[(a.a * 2) & 255] = 5.0f;
    int *p = new int[4];
    s[p[0] & 255] = 6.0f;
    delete[] p;
    s[(Box<4>::n * tid) & 255] = 7.0f;
    s[__builtin_bit_cast(int, 1.0f) & 255] = 8.0f;
    s[({ int q = tid; q * 3; }) & 255] = 9.0f;
    __syncthreads();
    out[tid] = s[tid] + t.v[tid & 63] + (float)load_half(&h[tid]);
}
int main() { unmodelled<<<1, 128>>>(0, 0, 4, 0); }

template <typename Copy>  // never launched: `size<2>(...)` stays a call clang cannot resolve (no name)
__global__ void dependent(float *out)
{
    __shared__ float s[256];
    Copy copy;
    int n = size<2>(copy.slice(threadIdx.x));
    for (int i = 0; i < n; ++i)
        s[(threadIdx.x * 2 + i) & 255] = out[i];
}
"""


def texts(result) -> list[tuple[str, str]]:  # noqa: ANN001
    """(where, text) of everything a user reads about one file."""
    out = [("error", result.error or "")] + [("file note", n) for n in result.notes]
    for k in result.kernels:
        out += [("kernel note", n) for n in k.notes] + [("kernel assumption", a) for a in k.assumptions]
        for a in k.accesses:
            out += [("access assumption", s) for s in a.assumptions]
            if a.worst_case:
                out.append(("worst case", str(a.worst_case.get("condition", ""))))
    for d in result.diagnostics:
        out.append(("diagnostic", d.message))
        if d.fix is not None:
            out.append(("fix", d.fix.description))
    return out


def test_messages_name_no_cursor_kind_and_no_empty_name(tmp_path: Path) -> None:
    odd = tmp_path / "unmodelled.cu"
    odd.write_text(UNMODELLED)
    files = [str(odd), *sorted(str(p) for p in (ROOT / "fixtures").rglob("*.cu"))]
    files += [str(p) for p in generate(tmp_path / "corpus", files=24, seed=11)]
    results = lint_paths(files, Settings(cuda_headers="bundled"), jobs=2)
    assert all(r.status == "ok" for r in results), [(r.path, r.error) for r in results if r.status != "ok"]
    bad = [(r.path, where, t) for r in results for where, t in texts(r) if INTERNAL.search(t)]
    assert not bad, "\n".join(f"{Path(p).name}: {w}: {t}" for p, w, t in bad[:20])
    # every finding's first line (what, where, how much) reads at a glance (issue 14.9)
    long = [(r.path, d.code, d.headline) for r in results for d in r.diagnostics if len(d.headline) > 160]
    assert not long, "\n".join(f"{Path(p).name}: {c}: {h}" for p, c, h in long[:10])
    # the file of unmodelled constructs did say what it could not analyse, in C++ words
    notes = {n for where, n in texts(results[0]) if where == "kernel note"}
    assert {"line 25: a range-based for loop not analysed", "line 26: a goto not analysed",
            "the loop at line 48 has a trip count that depends on the result of a call clang could not resolve; "
            "its first 4 iterations sampled"} <= notes, notes


def test_every_cursor_kind_has_words() -> None:
    for kind in ci.CursorKind.get_all_kinds():
        words = construct(kind)
        assert words and not INTERNAL.search(words), (kind.name, words)
    assert construct(ci.CursorKind.CALL_EXPR) == "the result of a function call"
    assert named("", "an unnamed value") == "an unnamed value" and named("tile", "?") == "`tile`"
