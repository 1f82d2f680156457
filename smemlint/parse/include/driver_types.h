/* smemlint stand-in for the CUDA header <driver_types.h>: everything it would declare
   lives in cuda_stub.h (bundled mode, -nocudainc). */
#ifndef SMEMLINT_STANDIN_DRIVER_TYPES_H
#define SMEMLINT_STANDIN_DRIVER_TYPES_H
#include "cuda_stub.h"
#endif
