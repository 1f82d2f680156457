"""SYNC001 decided from the uniformity proof, not from a condition's text (issue 26 item 2)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

# arrayfire's iir.cuh in miniature: a template kernel no launch instantiates, whose by-value struct
# parameter has fields of a dependent type; a field of a by-value parameter is the same in every thread
PARAM_FIELD = """template <typename T> struct Param { T *ptr; int dims[4]; int strides[4]; };
template <typename T>
__global__ void iir(Param<T> y, Param<T> c)
{
    __shared__ T s_y;
    for (int i = 0; i < y.dims[0]; i++) {
        if (threadIdx.x == 0) s_y = c.ptr[i];
        __syncthreads();
        y.ptr[i * blockDim.x + threadIdx.x] = s_y;
        __syncthreads();
    }
}
"""

# the loop bound read per thread from memory: threads leave the loop at different trips
LANE_BOUND = PARAM_FIELD.replace("i < y.dims[0]", "i < c.ptr[threadIdx.x]")


def lint(tmp_path: Path, text: str, name: str = "k.cuh"):
    f = tmp_path / name
    f.write_text(text)
    return lint_file(str(f), Settings(select=("SYNC001",)))


def test_field_of_a_by_value_parameter_is_uniform(tmp_path: Path) -> None:
    r = lint(tmp_path, PARAM_FIELD)
    assert [d.message for d in r.diagnostics] == []


def test_a_bound_read_per_thread_still_diverges(tmp_path: Path) -> None:
    r = lint(tmp_path, LANE_BOUND)
    assert [d.line for d in r.diagnostics] == [8], [d.message for d in r.diagnostics]


# SGEMM_CUDA's kernel 11: the condition is quoted from the header the kernel is in, never from the
# file that includes it (there, line 4 is host code)
HEADER = """#pragma once
__global__ void halves(float *out)
{
    __shared__ float s[256];
    bool second = threadIdx.x >= 128;
    if (second == 0) {
        s[threadIdx.x] = 1.0f;
        __syncthreads();
    } else {
        __syncthreads();
        s[threadIdx.x] = 2.0f;
    }
    out[threadIdx.x] = s[255 - threadIdx.x];
}
"""
MAIN = """#include "k.cuh"
int host_only(int argc) { return argc; }
int helper(int x) { return x * 2; }
void host_code_that_must_not_be_quoted(int n) { (void)n; }
int main() { halves<<<1, 256>>>(0); }
"""


def test_condition_quoted_from_its_own_file(tmp_path: Path) -> None:
    (tmp_path / "k.cuh").write_text(HEADER)
    (tmp_path / "main.cu").write_text(MAIN)
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "1", "--select", "SYNC001",
                        "--exit-zero", "main.cu"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert "k.cuh:8:" in r.stdout and "`if (second == 0) {`" in r.stdout, r.stdout + r.stderr
    assert "host_code_that_must_not_be_quoted" not in r.stdout


# NVIDIA code-samples' uvm_oversubs.cu: the loop leaves when `tid - threadIdx.x` passes n; tid is
# threadIdx.x plus block-uniform strides, so the thread terms cancel and every thread leaves together
BLOCK_STEP = """__global__ void read_blocksync(float *ptr, unsigned long n)
{
    float accum = 0.0f;
    unsigned long tid = threadIdx.x + blockIdx.x * blockDim.x;
    while (1) {
        if ((tid - threadIdx.x) > n)
            break;
        if (tid < n)
            accum += ptr[tid];
        tid += blockDim.x * gridDim.x;
        __syncthreads();
    }
    if (threadIdx.x == 0)
        ptr[0] = accum;
}
int main() { read_blocksync<<<132, 256>>>(0, 1000000); }
"""
# the thread terms do not cancel (threadIdx.x counted twice): threads leave at different trips
NO_CANCEL = BLOCK_STEP.replace("(tid - threadIdx.x) > n", "(tid + threadIdx.x) > n")


def test_thread_terms_that_cancel_are_uniform(tmp_path: Path) -> None:
    assert [d.message for d in lint(tmp_path, BLOCK_STEP, "k.cu").diagnostics] == []


def test_thread_terms_that_add_up_still_diverge(tmp_path: Path) -> None:
    r = lint(tmp_path, NO_CANCEL, "k.cu")
    assert [d.line for d in r.diagnostics] == [11], [d.message for d in r.diagnostics]


# FasterTransformer's generate_dups_indices: a block-stride loop over a bound padded to whole
# blocks runs the same number of trips in every thread, so the block scan and barriers inside it
# are reached by all
PADDED = """__global__ void dups(int *out, const int *in, int n)
{
    __shared__ int offset;
    const int padded = blockDim.x * ((n + blockDim.x - 1) / blockDim.x);
    for (int i = threadIdx.x; i < padded; i += blockDim.x) {
        int v = i < n ? in[i] : 0;
        __syncthreads();
        if (threadIdx.x == 0) offset = v;
        __syncthreads();
        if (i < n) out[i] = v + offset;
    }
}
int main() { dups<<<1, 128>>>(0, 0, 1000); }
"""
# the bound not padded: threads past n % blockDim.x run one trip fewer
UNPADDED = PADDED.replace("i < padded;", "i < n;")


def test_block_stride_over_whole_blocks_is_uniform(tmp_path: Path) -> None:
    assert [d.message for d in lint(tmp_path, PADDED, "k.cu").diagnostics] == []


def test_block_stride_over_a_ragged_bound_diverges(tmp_path: Path) -> None:
    r = lint(tmp_path, UNPADDED, "k.cu")
    assert [d.line for d in r.diagnostics] == [7], [d.message for d in r.diagnostics]


# FasterTransformer's find_context_dups<TB_SIZE>: the stride and the padding are the template's
# TB_SIZE, and the launch's block is TB_SIZE threads: every thread starts in the first stride and
# runs the same trips (uniform only because of the launch: the proof reads its block)
TB_PADDED = """template <int TB_SIZE>
__global__ void dups(int *out, const int *in, int n)
{
    __shared__ int offset;
    const int padded = TB_SIZE * ((n + TB_SIZE - 1) / TB_SIZE);
    for (int i = threadIdx.x; i < padded; i += TB_SIZE) {
        int v = i < n ? in[i] : 0;
        __syncthreads();
        if (threadIdx.x == 0) offset = v;
        __syncthreads();
        if (i < n) out[i] = v + offset;
    }
}
int main() { dim3 block(128); dups<128><<<1, block>>>(0, 0, 1000); }
"""
# launched with a block wider than the stride: threads 128..255 start past the first stride and
# run one trip fewer where n is not a multiple of 128
TB_WIDER = TB_PADDED.replace("dim3 block(128)", "dim3 block(256)")


def test_constant_stride_no_narrower_than_the_launch_block_is_uniform(tmp_path: Path) -> None:
    assert [d.message for d in lint(tmp_path, TB_PADDED, "k.cu").diagnostics] == []


def test_constant_stride_narrower_than_the_launch_block_diverges(tmp_path: Path) -> None:
    r = lint(tmp_path, TB_WIDER, "k.cu")
    assert [d.line for d in r.diagnostics] == [8], [d.message for d in r.diagnostics]


# FasterTransformer's top-k kernels: the return sits in the `else` of a thread-dependent test, under
# a block-uniform one; every thread either returns or goes on to the barrier (an early exit, which
# since Volta cannot hang a barrier, and whose threads write nothing read after it)
NESTED_EXIT = """__global__ void topk(int *count, float *score, const float *in, int k)
{
    __shared__ float best;
    if (count != nullptr) {
        if (count[blockIdx.x] == 0 && threadIdx.x == 0) {
            score[blockIdx.x] = 1e30f;
        } else if (count[blockIdx.x] == k) {
            return;
        }
    }
    if (threadIdx.x == 0) best = in[blockIdx.x];
    __syncthreads();
    score[blockIdx.x * blockDim.x + threadIdx.x] = best;
}
int main() { topk<<<8, 128>>>(0, 0, 0, 4); }
"""
# the same tests with the barrier inside the thread-dependent branch: thread 0 waits at a barrier
# the others never reach
NESTED_BARRIER = NESTED_EXIT.replace("score[blockIdx.x] = 1e30f;", "score[blockIdx.x] = 1e30f; __syncthreads();")


def test_return_nested_in_the_else_of_a_thread_test_is_an_exit(tmp_path: Path) -> None:
    assert [d.message for d in lint(tmp_path, NESTED_EXIT, "k.cu").diagnostics] == []


def test_barrier_inside_the_thread_test_still_diverges(tmp_path: Path) -> None:
    r = lint(tmp_path, NESTED_BARRIER, "k.cu")
    assert [d.line for d in r.diagnostics] == [6], [d.message for d in r.diagnostics]
