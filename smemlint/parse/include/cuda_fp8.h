/* smemlint stand-in for the CUDA header <cuda_fp8.h> (CUDA 13.0 API, bundled mode): the fp8 storage
   types, their conversions and the __nv_fp8_* classes, declared only (their bodies are register
   arithmetic: no memory access for the analysis to see). */
#ifndef SMEMLINT_STANDIN_CUDA_FP8_H
#define SMEMLINT_STANDIN_CUDA_FP8_H
#include "cuda_stub.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

__host__ __device__ __nv_fp8_storage_t __nv_cvt_double_to_fp8(const double, const __nv_saturation_t,
                                                         const __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(const double2, const __nv_saturation_t,
                                                              const __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(const float, const __nv_saturation_t,
                                                        const __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(const float2, const __nv_saturation_t,
                                                             const __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(const __half_raw, const __nv_saturation_t,
                                                          const __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(const __half2_raw, const __nv_saturation_t,
                                                               const __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw, const __nv_saturation_t,
                                                              const __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw,
                                                                   const __nv_saturation_t,
                                                                   const __nv_fp8_interpretation_t);
__host__ __device__ __half_raw __nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t, const __nv_fp8_interpretation_t);
__host__ __device__ __half2_raw __nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t,
                                                     const __nv_fp8_interpretation_t);

#define __SMEMLINT_FP8(name, storage)                                          \
    struct __attribute__((aligned(sizeof(storage)))) name {                    \
        storage __x;                                                           \
        name() = default;                                                      \
        __host__ __device__ explicit name(const float);                              \
        __host__ __device__ explicit name(const double);                             \
        __host__ __device__ explicit name(const __half);                             \
        __host__ __device__ explicit name(const __nv_bfloat16);                      \
        __host__ __device__ explicit operator float() const;                         \
        __host__ __device__ explicit operator __half() const;                        \
    };
__SMEMLINT_FP8(__nv_fp8_e4m3, __nv_fp8_storage_t)
__SMEMLINT_FP8(__nv_fp8_e5m2, __nv_fp8_storage_t)
__SMEMLINT_FP8(__nv_fp8x2_e4m3, __nv_fp8x2_storage_t)
__SMEMLINT_FP8(__nv_fp8x2_e5m2, __nv_fp8x2_storage_t)
__SMEMLINT_FP8(__nv_fp8x4_e4m3, __nv_fp8x4_storage_t)
__SMEMLINT_FP8(__nv_fp8x4_e5m2, __nv_fp8x4_storage_t)
#undef __SMEMLINT_FP8

#endif
