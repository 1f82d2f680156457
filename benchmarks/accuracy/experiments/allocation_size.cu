// Experiment: the same conflict-free padded-row read (rows of 33 words, 8 warps) from a
// static and a dynamic array, launched with small and large shared-memory allocations.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void static_rows(float* out) {
    __shared__ float buf[32][33];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = buf[threadIdx.y][threadIdx.x];
}

__global__ void dynamic_rows(float* out) {
    extern __shared__ float dbuf[];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = dbuf[threadIdx.y * 33 + threadIdx.x];
}

int main() {
    float* d;
    cudaMalloc(&d, 1 << 20);
    cudaFuncSetAttribute(static_rows, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
    cudaFuncSetAttribute(dynamic_rows, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
    for (int warps : {8, 16, 32}) {
        dim3 b(32, warps);
        for (int extra : {0, 1024, 4096, 16384, 47 * 1024}) static_rows<<<1, b, extra>>>(d);
        for (int bytes : {4224, 8448, 16384, 47 * 1024}) dynamic_rows<<<1, b, bytes>>>(d);
    }
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
