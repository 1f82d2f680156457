/* smemlint stand-in for ATen/cuda/Atomic.cuh (see ../../torch_standin.h): gpuAtomicAdd as ATen writes
   it for the types extensions use: the hardware atomic for float, double and int, two for a complex
   (its real and imaginary parts, as ATen does); c10::Half and BFloat16 declared (a CAS loop in ATen). */
#pragma once
#include "../../torch_standin.h"

__device__ inline float gpuAtomicAdd(float *address, float val) { return atomicAdd(address, val); }
__device__ inline double gpuAtomicAdd(double *address, double val) { return atomicAdd(address, val); }
__device__ inline int gpuAtomicAdd(int *address, int val) { return atomicAdd(address, val); }
template <typename T>
__device__ inline c10::complex<T> gpuAtomicAdd(c10::complex<T> *address, c10::complex<T> val) {
    T re = atomicAdd(reinterpret_cast<T *>(address), val.real_);
    T im = atomicAdd(reinterpret_cast<T *>(address) + 1, val.imag_);
    return c10::complex<T>(re, im);
}
__device__ c10::Half gpuAtomicAdd(c10::Half *address, c10::Half val);
__device__ c10::BFloat16 gpuAtomicAdd(c10::BFloat16 *address, c10::BFloat16 val);
template <typename T>
__device__ inline void gpuAtomicAddNoReturn(T *address, T val) { gpuAtomicAdd(address, val); }
