"""CUDA library headers a toolkit lacks (cuBLAS, cuBLASLt, cuSPARSE, cuSOLVER, cuRAND) fall back to the bundled
declarations in either parse mode (issue 29 item 4): PyTorch's ATen/cuda/CUDAContextLight.h includes
all four, and a toolkit without them made every extension file 'missing includes'."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.parse.flags import find_cuda_toolkit

SOURCE = """\
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cublasLt.h>
#include <cusparse.h>
#include <cusolverDn.h>
#include <cusolver_common.h>
#include <curand_kernel.h>

cusparseHandle_t sparse_handle();
cusolverDnHandle_t solver_handle();

__global__ void draw(curandState *states, float *out)
{
    curand_init(1234, threadIdx.x, 0, &states[threadIdx.x]);
    out[threadIdx.x] = curand_uniform(&states[threadIdx.x]);
}

__global__ void scale(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}

int main()
{
    float *x;
    cublasHandle_t h;
    cublasCreate(&h);
    cusparseStatus_t s = cusparseSetStream(sparse_handle(), 0);
    cusolverStatus_t t = cusolverDnSetStream(solver_handle(), 0);
    if (s != CUSPARSE_STATUS_SUCCESS || t != CUSOLVER_STATUS_SUCCESS) return 1;
    scale<<<4, 256>>>(x, 1024);
    return 0;
}
"""

MODES = ["bundled", pytest.param("toolkit", marks=pytest.mark.skipif(
    find_cuda_toolkit() is None, reason="no CUDA toolkit headers on this machine (CUDA_HOME, nvcc, /usr/local/cuda)"))]


@pytest.mark.parametrize("mode", MODES)
def test_library_headers_parse_in_either_mode(tmp_path: Path, mode: str) -> None:
    path = tmp_path / "uses_libraries.cu"
    path.write_text(SOURCE, encoding="utf-8")
    result = lint_file(str(path), dataclasses.replace(Settings(), cuda_headers=mode))
    assert result.status == "ok", result.error
    assert result.parse_mode == mode
    assert not any("missing include" in n for n in result.notes), result.notes
    costs = {a.op: a.sectors_per_request for a in result.accesses if a.kernel == "scale"}
    assert costs == {"ld": 4.0, "st": 4.0}


@pytest.mark.parametrize("mode", MODES)
def test_a_real_library_header_on_the_include_path_wins(tmp_path: Path, mode: str) -> None:
    # the stand-ins are searched last: a cuBLAS the user's flags reach is the one parsed (here one
    # whose only declaration is what the kernel needs, which the stand-in does not have)
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "cublas_v2.h").write_text("#pragma once\nconstexpr int kFromRealCublas = 64;\n")
    path = tmp_path / "k.cu"
    path.write_text("#include <cublas_v2.h>\n__global__ void k(float *x) { x[threadIdx.x * kFromRealCublas] = 0; }\n"
                    "int main() { k<<<1, 32>>>(0); }\n", encoding="utf-8")
    settings = dataclasses.replace(Settings(), cuda_headers=mode, include=(str(tmp_path / "inc"),))
    result = lint_file(str(path), settings)
    assert result.status == "ok" and result.parse_mode == mode, (result.error, result.notes)
    assert [a.sectors_per_request for a in result.accesses] == [32.0]


@pytest.mark.parametrize("mode", MODES)
def test_cufft_types_and_calls_parse_in_either_mode(tmp_path: Path, mode: str) -> None:
    # cuda-samples' simpleCUFFT: a kernel over cufftComplex* (a float2: 8 bytes a lane) and the plan
    # calls around it; helper_cuda.h's error names need every cufftResult
    path = tmp_path / "fft.cu"
    path.write_text("#include <cufft.h>\n#include <cufftXt.h>\n"
                    "__global__ void scale(cufftComplex *a, int n) {\n"
                    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                    "    if (i < n) { a[i].x *= 2.0f; a[2 * i].y = 0.0f; }\n}\n"
                    "int main() {\n    cufftHandle plan; cufftComplex *d = 0; cudaLibXtDesc *x = 0;\n"
                    "    if (cufftPlan1d(&plan, 1024, CUFFT_C2C, 1) != CUFFT_SUCCESS) return 1;\n"
                    "    cufftExecC2C(plan, d, d, CUFFT_FORWARD);\n"
                    "    cufftXtMalloc(plan, &x, CUFFT_XT_FORMAT_INPLACE);\n"
                    "    int r = CUFFT_NVSHMEM_FAILURE + x->descriptor->nGPUs;\n"
                    "    scale<<<4, 256>>>(d, 1024);\n    cufftDestroy(plan);\n    return r;\n}\n", encoding="utf-8")
    result = lint_file(str(path), dataclasses.replace(Settings(), cuda_headers=mode))
    assert result.status == "ok", result.error
    assert not any("compile error" in n or "missing include" in n for n in result.notes), result.notes
    # .x of consecutive float2s: 8 sectors (two 4-byte fields of 32 lanes' 8-byte elements);
    # .y of every other one: 16
    got = sorted((a.op, a.sectors_per_request) for a in result.accesses)
    assert got == [("ld", 8.0), ("st", 8.0), ("st", 16.0)]
