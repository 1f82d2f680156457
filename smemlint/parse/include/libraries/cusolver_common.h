/* smemlint stand-in for <cusolver_common.h> (searched after every other directory, in both parse
   modes): the status codes, as PyTorch's ATen/cuda/Exceptions.h checks them; not modelled. */
#ifndef SMEMLINT_STANDIN_CUSOLVER_COMMON_H
#define SMEMLINT_STANDIN_CUSOLVER_COMMON_H
#include <library_types.h>

#define CUSOLVER_VER_MAJOR 12
#define CUSOLVER_VER_MINOR 0
#define CUSOLVER_VER_PATCH 0
#define CUSOLVER_VERSION (CUSOLVER_VER_MAJOR * 1000 + CUSOLVER_VER_MINOR * 100 + CUSOLVER_VER_PATCH)

typedef enum {
    CUSOLVER_STATUS_SUCCESS = 0,
    CUSOLVER_STATUS_NOT_INITIALIZED = 1,
    CUSOLVER_STATUS_ALLOC_FAILED = 2,
    CUSOLVER_STATUS_INVALID_VALUE = 3,
    CUSOLVER_STATUS_ARCH_MISMATCH = 4,
    CUSOLVER_STATUS_EXECUTION_FAILED = 6,
    CUSOLVER_STATUS_INTERNAL_ERROR = 7,
    CUSOLVER_STATUS_NOT_SUPPORTED = 15
} cusolverStatus_t;
#endif
