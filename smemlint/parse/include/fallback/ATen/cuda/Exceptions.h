/* smemlint stand-in for ATen/cuda/Exceptions.h (see ../../torch_standin.h): the error-checking macros
   around CUDA runtime calls (they evaluate the call; the check itself is host code). */
#pragma once
#include "../../torch_standin.h"

/* C10_CUDA_CHECK and C10_CUDA_KERNEL_LAUNCH_CHECK come with torch_standin.h */
#define AT_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
#define AT_CUDA_DRIVER_CHECK(EXPR) ((void)(EXPR))
