/* smemlint stand-in for ATen/cuda/DeviceUtils.cuh (see ../../torch_standin.h): the warp intrinsics under
   ATen's names, as ATen writes them for CUDA (the *_sync forms with a full mask by default), and doLdg. */
#pragma once
#include "../../torch_standin.h"

__device__ __forceinline__ unsigned int ACTIVE_MASK() { return __activemask(); }
__device__ __forceinline__ void WARP_SYNC(unsigned mask = 0xffffffff) { __syncwarp(mask); }
__device__ __forceinline__ unsigned int WARP_BALLOT(int predicate, unsigned int mask = 0xffffffff) {
    return __ballot_sync(mask, predicate);
}
template <typename T>
__device__ __forceinline__ T WARP_SHFL_XOR(T value, int laneMask, int width = warpSize, unsigned int mask = 0xffffffff) {
    return __shfl_xor_sync(mask, value, laneMask, width);
}
template <typename T>
__device__ __forceinline__ T WARP_SHFL(T value, int srcLane, int width = warpSize, unsigned int mask = 0xffffffff) {
    return __shfl_sync(mask, value, srcLane, width);
}
template <typename T>
__device__ __forceinline__ T WARP_SHFL_UP(T value, unsigned int delta, int width = warpSize, unsigned int mask = 0xffffffff) {
    return __shfl_up_sync(mask, value, delta, width);
}
template <typename T>
__device__ __forceinline__ T WARP_SHFL_DOWN(T value, unsigned int delta, int width = warpSize, unsigned int mask = 0xffffffff) {
    return __shfl_down_sync(mask, value, delta, width);
}
template <typename T>
__device__ __forceinline__ T doLdg(const T *p) { return __ldg(p); }
