/* smemlint stand-in for the CUDA header <cuda_pipeline.h>: everything it would declare
   lives in cuda_stub.h (bundled mode, -nocudainc). */
#ifndef SMEMLINT_STANDIN_CUDA_PIPELINE_H
#define SMEMLINT_STANDIN_CUDA_PIPELINE_H
#include "cuda_stub.h"
#endif
