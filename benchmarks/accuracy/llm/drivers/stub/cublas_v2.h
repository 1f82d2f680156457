// Stand-in for cuBLAS's header (smemlint benchmark drivers, issue 28 part 3). cuda_hgemm's common.h and LeetCUDA's
// kernels/hgemm/utils/utils.h include it; the measured programs never call cuBLAS (cuda_hgemm's
// cublas_tensor_op.cu is not built, LeetCUDA's utils.h uses it only in its result check, which the
// HGEMM_MMA_DEBUG builds measured here do not run), so these declarations only let the sources compile.
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
typedef struct cublasContext* cublasHandle_t;
typedef enum { CUBLAS_STATUS_SUCCESS = 0 } cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1 } cublasOperation_t;
typedef enum { CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1 } cublasMath_t;
typedef enum { CUBLAS_COMPUTE_16F = 64 } cublasComputeType_t;
typedef enum { CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99 } cublasGemmAlgo_t;
static inline cublasStatus_t cublasCreate(cublasHandle_t*) { return CUBLAS_STATUS_SUCCESS; }
static inline cublasStatus_t cublasDestroy(cublasHandle_t) { return CUBLAS_STATUS_SUCCESS; }
static inline cublasStatus_t cublasSetMathMode(cublasHandle_t, cublasMath_t) { return CUBLAS_STATUS_SUCCESS; }
static inline size_t cublasGetCudartVersion() { return 0; }
static inline cublasStatus_t cublasHgemm(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                         const half*, const half*, int, const half*, int, const half*, half*, int) {
    return CUBLAS_STATUS_SUCCESS;
}
static inline cublasStatus_t cublasGemmEx(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                          const void*, const void*, cudaDataType, int, const void*, cudaDataType, int,
                                          const void*, void*, cudaDataType, int, cublasComputeType_t,
                                          cublasGemmAlgo_t) {
    return CUBLAS_STATUS_SUCCESS;
}
