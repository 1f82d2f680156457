/* smemlint stand-in for <cublas_v2.h>: see cublas_api.h (bundled mode). */
#ifndef SMEMLINT_STANDIN_CUBLAS_V2_H
#define SMEMLINT_STANDIN_CUBLAS_V2_H
#include "cublas_api.h"
#endif
