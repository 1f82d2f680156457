/* smemlint stand-in for <cusparse.h> (searched after every other directory, in both parse
   modes): the handle, status and the calls PyTorch's ATen/cuda headers name, as declarations, so
   host code that includes them parses where the toolkit has no cuSPARSE; not modelled. */
#ifndef SMEMLINT_STANDIN_CUSPARSE_H
#define SMEMLINT_STANDIN_CUSPARSE_H
#include <cuda_runtime_api.h>
#include <library_types.h>

typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusparseMatDescr *cusparseMatDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef enum {
    CUSPARSE_STATUS_SUCCESS = 0,
    CUSPARSE_STATUS_NOT_INITIALIZED = 1,
    CUSPARSE_STATUS_ALLOC_FAILED = 2,
    CUSPARSE_STATUS_INVALID_VALUE = 3,
    CUSPARSE_STATUS_ARCH_MISMATCH = 4,
    CUSPARSE_STATUS_EXECUTION_FAILED = 6,
    CUSPARSE_STATUS_INTERNAL_ERROR = 7,
    CUSPARSE_STATUS_NOT_SUPPORTED = 10
} cusparseStatus_t;

cusparseStatus_t cusparseCreate(cusparseHandle_t *handle);
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId);
const char *cusparseGetErrorString(cusparseStatus_t status);
const char *cusparseGetErrorName(cusparseStatus_t status);
#endif
