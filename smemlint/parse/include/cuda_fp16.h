/* smemlint stand-in for the CUDA header <cuda_fp16.h>: everything it would declare
   lives in cuda_stub.h (bundled mode, -nocudainc). */
#ifndef SMEMLINT_STANDIN_CUDA_FP16_H
#define SMEMLINT_STANDIN_CUDA_FP16_H
#include "cuda_stub.h"
#endif
