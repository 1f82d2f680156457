"""symbolic/steering.py: which sites the assumed integers can steer threads to (the fit of assumed sizes' goals)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.symbolic.steering import unsteered

SOURCE = """\
__device__ int twice(int a) { return a * 2; }
__device__ void put(int &r, int v) { r = v; }

template <int C>
__global__ void steer(float *o, int n, int m) {
    __shared__ int s[32];
    if (C > 2 && threadIdx.x >= n) o[0] = 1.0f;          // line 7: a template argument decides
    for (int i = threadIdx.x; i < n; i += 32) o[i] = 2.0f; // line 8: n decides
    int x = 0;
    for (int i = 0; i < n; ++i) x = 1;
    if (x) o[2] = 1.0f;                                    // line 11: through x, assigned in a loop n bounds
    s[threadIdx.x] = n;
    __syncthreads();
    if (s[0] > 5) o[3] = 1.0f;                             // line 14: through shared memory
    if (twice(n) > 3) o[5] = 1.0f;                         // line 15: through a function's result
    for (int i = 0; i < 8; ++i) { if (i == n) break; o[6] = 1.0f; }  // line 16: a steered break
    int y = 0;
    put(y, n);
    if (y) o[7] = 1.0f;                                    // line 19: through a reference parameter
    if (m > 3) o[8] = 1.0f;                                // line 20: m is not assumed
    if (threadIdx.x == 0) o[9] = 1.0f;                     // line 21: the thread's index only
    if (n < 4) return;
    o[10] = 1.0f;                                          // line 23: after a steered return
}
void run(float *o, int n, int m) { steer<1><<<1, 32>>>(o, n, m); }
"""


def _lines(tmp_path: Path, names: list[str]) -> tuple[set[tuple[int, str]], set[tuple[int, str]]]:
    path = tmp_path / "steer.cu"
    path.write_text(SOURCE)
    (k,) = lint_file(str(path), Settings()).kernels
    calm = unsteered(k.unit, k.ir, names)
    sites = {s.id: (s.span.line, s.op) for s in k.ir.sites}
    return {sites[i] for i in calm}, {v for i, v in sites.items() if i not in calm}


def test_only_sites_a_condition_on_the_integers_leads_to_are_steered(tmp_path) -> None:  # noqa: ANN001
    calm, steered = _lines(tmp_path, ["n"])
    # a template argument, a parameter that is not assumed and the thread's index decide these; the
    # store and the load of `s` run whatever n is (what they store is n's, not whether they run)
    assert calm == {(7, "st"), (12, "st"), (14, "ld"), (20, "st"), (21, "st")}
    # n bounds the loop; x is set in a loop n bounds (an implicit flow); n is stored in shared memory
    # and loaded back; a function's result, a break, a reference parameter, an early return
    assert steered == {(8, "st"), (11, "st"), (14, "st"), (15, "st"), (16, "st"), (19, "st"), (23, "st")}


def test_with_no_assumed_integer_nothing_is_steered_and_m_steers_its_own(tmp_path) -> None:  # noqa: ANN001
    calm, steered = _lines(tmp_path, [])
    assert not steered
    calm, steered = _lines(tmp_path, ["m"])
    # memory is one whole: the store m decides (line 20) steers every load after it, `s[0]` on line 14 too
    # (over-approximate: a site called calm must be)
    assert steered == {(20, "st"), (14, "st")}
