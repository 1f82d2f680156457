/* smemlint stand-in for <cublas_v2.h>: see cublas_api.h (searched after every other directory, in both parse modes). */
#ifndef SMEMLINT_STANDIN_CUBLAS_V2_H
#define SMEMLINT_STANDIN_CUBLAS_V2_H
#include "cublas_api.h"
#endif
