"""Uniform means the same in every thread that executes the instruction (Expressions._uniform): a
value the threads outside the mask hold differently (a loop counter of threads that left the loop,
the warp index of warps that returned) is no difference. HeCBench storeKVCache's
`offset = out_loc[warp_id]` after `if (warp_id >= batch_size) return;` with one warp left: one slot,
8 sectors per request as measured (was: "cannot predict"). And a request of one thread costs one
sector (one wavefront) wherever it points (costing.Costing.record)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.symbolic.stats import EVERY_LANE

KERNELS = """
__global__ void perWarpSlot(unsigned long long *cache, const long *loc, const unsigned long long *src, int batch) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = idx / 32, lane = idx % 32;
    if (warp >= batch) return;
    long off = loc[warp];
    cache[off * 64 + lane] = src[warp * 64 + lane];
}
__global__ void staleCounter(const int *idx, float *out) {
    int t = threadIdx.x;
    for (int c = 0; c <= t % 4; c++)
        out[idx[c] * 128 + t] = 1.0f;
}
__global__ void oneThread(const int *idx, float *out) {
    int t = threadIdx.x;
    if (t == 5 && idx[t] > 0)
        out[idx[t] * 128] = 1.0f;
}
__global__ void leader(const int *bins, float *out, const float *in) {
    int t = threadIdx.x;
    float v = in[blockIdx.x * blockDim.x + t];
    if (t % 32 == 0)
        out[bins[blockIdx.x * 4 + t / 32]] = v;
}
int main() { perWarpSlot<<<1, 128>>>(0, 0, 0, 1); staleCounter<<<1, 128>>>(0, 0); oneThread<<<1, 128>>>(0, 0); leader<<<8, 128>>>(0, 0, 0); }
"""


def _stores(tmp_path: Path) -> dict:
    p = tmp_path / "k.cu"
    p.write_text(KERNELS)
    r = lint_file(str(p), Settings())
    assert r.status == "ok", r.error
    return {k.name: [a for a in k.accesses if a.op == "st"] for k in r.kernels}


def test_a_value_loaded_at_one_address_by_every_active_thread_is_uniform(tmp_path) -> None:
    stores = _stores(tmp_path)
    (slot,) = stores["perWarpSlot"]  # warp 0 alone: one slot, 32 lanes x 8 bytes
    assert slot.predictable and slot.sectors_per_request == 8.0 and slot.requests == 1, slot.assumptions
    # iteration c: the threads with t % 4 >= c, whose `c` is one value (the others stopped earlier)
    (stale,) = stores["staleCounter"]
    assert stale.predictable and stale.sectors_per_request == 4.0 and stale.requests == 16, stale.assumptions


def test_one_thread_is_not_called_uniform(tmp_path) -> None:
    """A single thread is trivially uniform; what it loads is still taken as one value per thread, as
    before (saying otherwise would only split the batched evaluations whose other blocks run more
    threads there): its condition is one each thread decides."""
    (one,) = _stores(tmp_path)["oneThread"]
    assert any("`idx`" in a and EVERY_LANE in a for a in one.assumptions), one.assumptions


def test_a_request_of_one_thread_costs_one_sector_wherever_it_points(tmp_path) -> None:
    """Each warp's leader storing to a slot it loaded (`out[bins[...]] = v` under `t % 32 == 0`): one
    thread per request, one sector each, in every block of the grid's average (was: "cannot predict")."""
    stores = _stores(tmp_path)
    for name, requests in (("leader", 32), ("oneThread", 1)):
        (st,) = stores[name]
        assert st.predictable and st.sectors_per_request == 1.0 and st.requests == requests, (name, st.assumptions)
        assert any("each request is one thread's: one sector wherever it points" in a for a in st.assumptions)
