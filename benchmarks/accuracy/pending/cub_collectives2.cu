// cub BlockLoad/BlockStore, second H100 run (issue 29 item 5): 8 items per thread (BlockExchange pads
// its array: offset + offset / 32) and 2 items per thread (8 bytes per thread), 128 threads, float.
// Written by the hw33 helper for smemlint; measured like cub_collectives.cu (cub_truth.py).
#include <cub/cub.cuh>
#include <cstdio>

constexpr int BLOCK = 128;

template <cub::BlockLoadAlgorithm L, cub::BlockStoreAlgorithm S>
__global__ void items8(const float *in, float *out) {
    using Load = cub::BlockLoad<float, BLOCK, 8, L>;
    using Store = cub::BlockStore<float, BLOCK, 8, S>;
    __shared__ union { typename Load::TempStorage load; typename Store::TempStorage store; } tmp;
    float items[8];
    Load(tmp.load).Load(in + blockIdx.x * BLOCK * 8, items); // @site load
    for (int i = 0; i < 8; i++) items[i] = items[i] * 2.0f + (float)threadIdx.x;
    __syncthreads();
    Store(tmp.store).Store(out + blockIdx.x * BLOCK * 8, items); // @site store
}

template <cub::BlockLoadAlgorithm L, cub::BlockStoreAlgorithm S>
__global__ void items2(const float *in, float *out) {
    using Load = cub::BlockLoad<float, BLOCK, 2, L>;
    using Store = cub::BlockStore<float, BLOCK, 2, S>;
    __shared__ union { typename Load::TempStorage load; typename Store::TempStorage store; } tmp;
    float items[2];
    Load(tmp.load).Load(in + blockIdx.x * BLOCK * 2, items); // @site load
    for (int i = 0; i < 2; i++) items[i] = items[i] * 2.0f + (float)threadIdx.x;
    __syncthreads();
    Store(tmp.store).Store(out + blockIdx.x * BLOCK * 2, items); // @site store
}

int main() {
    float *fi, *fo;
    if (cudaMalloc(&fi, 1 << 22) || cudaMalloc(&fo, 1 << 22)) return 1;
    cudaMemset(fi, 0, 1 << 22);
    items8<cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_DIRECT><<<1, BLOCK>>>(fi, fo);
    items8<cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_TRANSPOSE><<<1, BLOCK>>>(fi, fo);
    items8<cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE><<<1, BLOCK>>>(fi, fo);
    items8<cub::BLOCK_LOAD_STRIPED, cub::BLOCK_STORE_VECTORIZE><<<1, BLOCK>>>(fi, fo);
    items2<cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_TRANSPOSE><<<1, BLOCK>>>(fi, fo);
    items2<cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE><<<1, BLOCK>>>(fi, fo);
    items2<cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_VECTORIZE><<<1, BLOCK>>>(fi, fo);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
