// Experiment: do conflict-free shared loads cost extra wavefronts when a block has many warps?
// Variants of one row read `buf[ty][tx]` (conflict-free) and one column read of a padded tile.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void row_plain(float* out) {
    __shared__ float buf[64][32];
    float v = buf[threadIdx.y][threadIdx.x];
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

__global__ void row_after_barrier(float* out) {
    __shared__ float buf[64][32];
    __syncthreads();
    float v = buf[threadIdx.y][threadIdx.x];
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

__global__ void row_initialised(float* out) {
    __shared__ float buf[64][32];
    buf[threadIdx.y][threadIdx.x] = threadIdx.x;
    __syncthreads();
    float v = buf[threadIdx.y][threadIdx.x];
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

__global__ void col_padded_after_barrier(float* out) {
    __shared__ float buf[32][33];
    buf[threadIdx.y][threadIdx.x] = threadIdx.x;
    __syncthreads();
    float v = buf[threadIdx.x][threadIdx.y];
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

int main() {
    float* d;
    cudaMalloc(&d, 1 << 20);
    for (int rows : {4, 8, 16, 32}) {
        row_plain<<<1, dim3(32, rows)>>>(d);
        row_after_barrier<<<1, dim3(32, rows)>>>(d);
        row_initialised<<<1, dim3(32, rows)>>>(d);
        col_padded_after_barrier<<<1, dim3(32, rows)>>>(d);
    }
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
