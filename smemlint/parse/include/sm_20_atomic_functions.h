/* smemlint stand-in for the CUDA header <sm_20_atomic_functions.h>: everything it would declare
   lives in cuda_stub.h (bundled mode, -nocudainc). */
#ifndef SMEMLINT_STANDIN_SM_20_ATOMIC_FUNCTIONS_H
#define SMEMLINT_STANDIN_SM_20_ATOMIC_FUNCTIONS_H
#include "cuda_stub.h"
#endif
