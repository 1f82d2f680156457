/* smemlint stand-in: see torch_standin.h. */
#pragma once
#include "../../torch_standin.h"
/* ATen/cuda/CUDAContext.h's handles (the cuBLAS declarations: the bundled stand-ins when the toolkit lacks them) */
#include <cublas_v2.h>
#include <cublasLt.h>
namespace at { namespace cuda {
cublasHandle_t getCurrentCUDABlasHandle();
cublasLtHandle_t getCurrentCUDABlasLtHandle();
int warp_size();
}}  // namespace at::cuda
