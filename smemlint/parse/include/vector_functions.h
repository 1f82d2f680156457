/* smemlint stand-in for the CUDA header <vector_functions.h>: everything it would declare
   lives in cuda_stub.h (bundled mode, -nocudainc). */
#ifndef SMEMLINT_STANDIN_VECTOR_FUNCTIONS_H
#define SMEMLINT_STANDIN_VECTOR_FUNCTIONS_H
#include "cuda_stub.h"
#endif
