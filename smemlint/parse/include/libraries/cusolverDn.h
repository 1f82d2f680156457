/* smemlint stand-in for <cusolverDn.h> (searched after every other directory, in both parse
   modes): the dense solver's handle and set-up calls, as declarations; not modelled. */
#ifndef SMEMLINT_STANDIN_CUSOLVERDN_H
#define SMEMLINT_STANDIN_CUSOLVERDN_H
#include <cuda_runtime_api.h>
#include "cusolver_common.h"
#include "cublas_api.h"

typedef struct cusolverDnContext *cusolverDnHandle_t;
typedef struct syevjInfo *syevjInfo_t;
typedef struct gesvdjInfo *gesvdjInfo_t;
typedef struct cusolverDnParams *cusolverDnParams_t;

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId);
#endif
