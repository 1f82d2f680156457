// Experiment: conflict-free shared loads whose 32 words are not 128-byte aligned
// (rows of a padded tile), issued by many warps together vs one warp at a time.
#include <cuda_runtime.h>
#include <cstdio>

template <int PAD>
__global__ void together(float* out) {
    __shared__ float buf[32][32 + PAD];
    __syncthreads();
    float v = buf[threadIdx.y][threadIdx.x];
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

template <int PAD>
__global__ void one_warp_at_a_time(float* out) {
    __shared__ float buf[32][32 + PAD];
    float v = 0.f;
    for (int w = 0; w < blockDim.y; ++w) {
        __syncthreads();
        if (threadIdx.y == w) v = buf[threadIdx.y][threadIdx.x];
    }
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

template <int SHIFT>
__global__ void shifted_rows(float* out) {
    // every warp reads 32 consecutive words starting SHIFT words past a 128-byte row
    __shared__ float buf[32 * 33 + 32];
    __syncthreads();
    float v = buf[threadIdx.y * 32 + SHIFT + threadIdx.x];
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

int main() {
    float* d;
    cudaMalloc(&d, 1 << 20);
    for (int warps : {1, 2, 4, 8, 16, 32}) {
        dim3 b(32, warps);
        together<0><<<1, b>>>(d); together<1><<<1, b>>>(d); together<2><<<1, b>>>(d); together<4><<<1, b>>>(d);
        one_warp_at_a_time<1><<<1, b>>>(d); one_warp_at_a_time<2><<<1, b>>>(d);
        shifted_rows<0><<<1, b>>>(d); shifted_rows<1><<<1, b>>>(d); shifted_rows<16><<<1, b>>>(d);
    }
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
