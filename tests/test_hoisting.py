"""Loads nvcc executes once per loop (symbolic/hoisting.py), both ways, on real parses.

The rule was measured on the H100 (PolyBench's `tmp[i] += A[..k] * B[k..]`, mini-nbody's `p[i].x`
in the j loop: benchmarks/accuracy/realprograms); these tests pin down when it applies and when a
store, a barrier, a branch or `volatile` keeps the per-iteration load.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file

KERNELS = r"""
__global__ void accumulate(float *tmp, const float *A, const float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < 64; k++) {                  // LOOP accumulate
        tmp[i] += A[i * 64 + k] * x[k];             // ACC accumulate
    }
}
__global__ void other_store(float *tmp, const float *A, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < 64; k++) {
        tmp[i] += A[i * 64 + k];                    // ACC other_store
        out[k * 32 + i] = 0.0f;                     // may alias tmp: every tmp load stays
    }
}
struct Body { float x, y, z, vx, vy, vz; };
__global__ void forces(Body *p, float *f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int j = 0; j < 64; j++) {                  // LOOP forces
        s += p[j].x - p[i].x;                       // ACC forces
    }
    f[i] = s;
}
__global__ void branch(Body *p, float *f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int j = 0; j < 64; j++) {
        if (j % 2 == 0) s += p[i].x;                // ACC branch
    }
    f[i] = s;
}
__global__ void barrier(float *f) {
    __shared__ float a[64], b[64];
    int t = threadIdx.x;
    float s = 0.0f;
    for (int k = 0; k < 64; k++) {                  // LOOP barrier
        a[k] = b[t];                                // ACC barrier
        __syncthreads();
    }
    f[t] = s + a[t];
}
__global__ void two_arrays(float *f) {
    __shared__ float a[64], b[64];
    int t = threadIdx.x;
    for (int k = 0; k < 64; k++) {                  // LOOP two_arrays
        a[k] = b[t];                                // ACC two_arrays
    }
    f[t] = a[t];
}
__global__ void same_array(float *f) {
    __shared__ float a[128];
    int t = threadIdx.x;
    for (int k = 0; k < 64; k++) {
        a[k + 64] = a[t];                           // ACC same_array
    }
    f[t] = a[t];
}
__global__ void through_volatile(volatile float *v, float *f) {
    int t = threadIdx.x;
    float s = 0.0f;
    for (int k = 0; k < 64; k++) {
        s += v[t];                                  // ACC through_volatile
    }
    f[t] = s;
}
int main() {
    accumulate<<<1, 32>>>(0, 0, 0, 64); other_store<<<1, 32>>>(0, 0, 0, 64); forces<<<1, 32>>>(0, 0, 64);
    branch<<<1, 32>>>(0, 0, 64); barrier<<<1, 32>>>(0); two_arrays<<<1, 32>>>(0); same_array<<<1, 32>>>(0);
    through_volatile<<<1, 32>>>(0, 0);
}
"""


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    path = tmp_path_factory.mktemp("hoist") / "hoist.cu"
    path.write_text(KERNELS)
    r = lint_file(str(path), Settings())
    assert r.status == "ok", r.error
    return r


def _line(tag: str) -> int:
    return next(i for i, text in enumerate(KERNELS.splitlines(), 1) if text.rstrip().endswith(tag))


def _loads(result, kernel: str) -> dict[str, tuple[int, int]]:
    """symbol text -> (requests, instruction line) of the loads on the kernel's ACC line."""
    line = _line(f"// ACC {kernel}")
    return {a.text: (a.requests, a.instruction_line or a.line) for a in result.accesses
            if a.kernel == kernel and a.line == line and a.op == "ld"}


def test_accumulator_is_loaded_once(result) -> None:
    loads = _loads(result, "accumulate")
    loop = _line("// LOOP accumulate")
    assert loads["tmp[i]"] == (1, loop)  # one warp, once: forwarded from the previous iteration's store
    assert loads["A[i * 64 + k]"][0] == 64 and loads["x[k]"][0] == 64


def test_a_store_that_may_alias_keeps_every_load(result) -> None:
    loads = _loads(result, "other_store")
    assert loads["tmp[i]"][0] == 64


def test_loop_invariant_field_hoisted_without_stores(result) -> None:
    loads = _loads(result, "forces")
    assert loads["p[i].x"] == (1, _line("// LOOP forces"))
    assert loads["p[j].x"][0] == 64


def test_no_hoisting_under_a_branch_a_barrier_or_volatile(result) -> None:
    assert _loads(result, "branch")["p[i].x"][0] == 32  # every iteration that takes the branch
    assert _loads(result, "barrier")["b[t]"][0] == 64
    assert _loads(result, "through_volatile")["v[t]"][0] == 64


def test_distinct_shared_arrays_do_not_alias_but_one_array_does(result) -> None:
    assert _loads(result, "two_arrays")["b[t]"] == (1, _line("// LOOP two_arrays"))
    assert _loads(result, "same_array")["a[t]"][0] == 64
