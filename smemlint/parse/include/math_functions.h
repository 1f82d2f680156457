/* smemlint stand-in for the CUDA header <math_functions.h>: everything it would declare
   lives in cuda_stub.h (bundled mode, -nocudainc). */
#ifndef SMEMLINT_STANDIN_MATH_FUNCTIONS_H
#define SMEMLINT_STANDIN_MATH_FUNCTIONS_H
#include "cuda_stub.h"
#endif
