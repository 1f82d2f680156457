/* smemlint stand-in for the CUDA header <cuda_device_runtime_api.h>: everything it would declare
   lives in cuda_stub.h (bundled mode, -nocudainc). */
#ifndef SMEMLINT_STANDIN_CUDA_DEVICE_RUNTIME_API_H
#define SMEMLINT_STANDIN_CUDA_DEVICE_RUNTIME_API_H
#include "cuda_stub.h"
#endif
