"""A kernel whose only memory traffic is inside a library call smemlint does not follow (cuda-samples'
`initRNG`: `curand_init(seed, tid, 0, &rngStates[tid])`) is not "found, no shared or global access"
(issue 29 item 7): its kernel record says which calls it hands memory to, and the coverage counts it
among the kernels with memory access, with that reason for having no number. A kernel that hands a
call only a local (`&localState`) or prints a pointer still has no memory access."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.coverage import coverage
from smemlint.lint import lint_file
from smemlint.lower.calltree import UNMODELLED_NOTE

SOURCE = """\
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <cstdio>

__device__ void seed_one(curandState *s, unsigned int i) { curand_init(1234, i, 0, &s[i]); }

__global__ void initRNG(curandState *const rngStates, const unsigned int seed)
{
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(seed, tid, 0, &rngStates[tid]);
}

__global__ void initThroughHelper(curandState *states)   // the call in a device function it calls
{
    seed_one(states, blockIdx.x * blockDim.x + threadIdx.x);
}

__global__ void localOnly(unsigned int seed)             // a local state: no memory of the kernel's
{
    curandState local;
    curand_init(seed, threadIdx.x, 0, &local);
    if (curand_uniform(&local) > 2.0f) printf("%p\\n", &local);
}

__global__ void printsPointer(float *p)                  // printf reads no memory through its pointer
{
    printf("%p\\n", p);
}

template <class T>
__global__ void unresolved(T *p)                        // a call clang could not resolve (a missing header's)
{
    copy_tile(p, 0);
}

int main()
{
    initRNG<<<64, 256>>>(0, 1);
    initThroughHelper<<<64, 256>>>(0);
    localOnly<<<64, 256>>>(1);
    printsPointer<<<1, 32>>>(0);
}
"""


def test_library_only_kernels_are_not_counted_as_without_memory(tmp_path: Path) -> None:
    path = tmp_path / "rng.cu"
    path.write_text(SOURCE, encoding="utf-8")
    result = lint_file(str(path), Settings())
    assert result.status == "ok", result.error
    notes = {k.name: [n for n in k.notes if n.startswith(UNMODELLED_NOTE)] for k in result.kernels}
    assert {k: v for k, v in notes.items() if not k.startswith("unresolved")} == {
        "initRNG": [UNMODELLED_NOTE + "`curand_init`"], "initThroughHelper": [UNMODELLED_NOTE + "`curand_init`"],
        "localOnly": [], "printsPointer": []}
    assert [v for k, v in notes.items() if k.startswith("unresolved")] == [[]]
    c = coverage([result])
    assert c.kernels_written == 5 and c.kernels_written_with_numbers == 0
    assert c.kernels_written_without_memory_access == 3  # localOnly, printsPointer, unresolved
    why = {w["reason"]: w["kernels"] for w in c.kernels_without_numbers}
    assert why == {"found: its shared or global memory is accessed only inside calls not modelled (a library's)": 2,
                   "found, no shared or global access": 2,
                   "found as a template no launch instantiates, no shared or global access seen": 1}
