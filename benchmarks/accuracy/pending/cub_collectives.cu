// cub block and warp collectives on the H100 (issue 29 item 5): per calling source line, shared
// wavefronts (ld/st) and global sectors, for 128 threads and 4 items per thread. -lineinfo puts
// cub's instructions in cub's headers; `nvdisasm -gi` gives the call line each was inlined at
// (device.sh saves it), which is where smemlint charges them. One collective per line marked `// @site`.
// Written by the hw33 helper for smemlint; measured with benchmarks/accuracy/pending/device.sh.
#include <cub/cub.cuh>
#include <cstdio>

constexpr int BLOCK = 128, ITEMS = 4, TILE = BLOCK * ITEMS;

template <cub::BlockLoadAlgorithm L, cub::BlockStoreAlgorithm S>
__global__ void load_store(const float *in, float *out) {
    using Load = cub::BlockLoad<float, BLOCK, ITEMS, L>;
    using Store = cub::BlockStore<float, BLOCK, ITEMS, S>;
    __shared__ union { typename Load::TempStorage load; typename Store::TempStorage store; } tmp;
    float items[ITEMS];
    Load(tmp.load).Load(in + blockIdx.x * TILE, items); // @site load
    for (int i = 0; i < ITEMS; i++) items[i] = items[i] * 2.0f + (float)threadIdx.x;
    __syncthreads();
    Store(tmp.store).Store(out + blockIdx.x * TILE, items); // @site store
}

template <cub::BlockReduceAlgorithm A>
__global__ void reduce(const float *in, float *out) {
    using Reduce = cub::BlockReduce<float, BLOCK, A>;
    __shared__ typename Reduce::TempStorage tmp;
    float items[ITEMS];
    for (int i = 0; i < ITEMS; i++) items[i] = in[blockIdx.x * TILE + i * BLOCK + threadIdx.x];
    float total = Reduce(tmp).Sum(items); // @site reduce-items
    __syncthreads();
    float one = Reduce(tmp).Sum(items[0]); // @site reduce-one
    if (threadIdx.x == 0) out[blockIdx.x] = total + one;
}

template <cub::BlockScanAlgorithm A>
__global__ void scan(const int *in, int *out) {
    using Scan = cub::BlockScan<int, BLOCK, A>;
    __shared__ typename Scan::TempStorage tmp;
    int items[ITEMS];
    for (int i = 0; i < ITEMS; i++) items[i] = in[blockIdx.x * TILE + threadIdx.x * ITEMS + i];
    Scan(tmp).ExclusiveSum(items, items); // @site scan-items
    __syncthreads();
    int one;
    Scan(tmp).InclusiveSum(items[0], one); // @site scan-one
    for (int i = 0; i < ITEMS; i++) out[blockIdx.x * TILE + threadIdx.x * ITEMS + i] = items[i] + one;
}

__global__ void warp_reduce(const float *in, float *out) {
    using WR = cub::WarpReduce<float>;
    __shared__ typename WR::TempStorage tmp[BLOCK / 32];
    float v = in[blockIdx.x * BLOCK + threadIdx.x];
    float s = WR(tmp[threadIdx.x / 32]).Sum(v); // @site warp-reduce
    if (threadIdx.x % 32 == 0) out[blockIdx.x * 4 + threadIdx.x / 32] = s;
}

__global__ void radix_sort(const int *in, int *out) {
    using Sort = cub::BlockRadixSort<int, BLOCK, ITEMS>;
    __shared__ typename Sort::TempStorage tmp;
    int keys[ITEMS];
    for (int i = 0; i < ITEMS; i++) keys[i] = in[blockIdx.x * TILE + threadIdx.x * ITEMS + i];
    Sort(tmp).Sort(keys); // @site radix-sort
    for (int i = 0; i < ITEMS; i++) out[blockIdx.x * TILE + threadIdx.x * ITEMS + i] = keys[i];
}

int main() {
    float *fi, *fo;
    if (cudaMalloc(&fi, 1 << 22) || cudaMalloc(&fo, 1 << 22)) return 1;
    int *ii = (int *)fi, *io = (int *)fo;
    unsigned seed = 12345;
    static int host[TILE * 2];
    for (int i = 0; i < TILE * 2; i++) { seed = seed * 1664525u + 1013904223u; host[i] = (int)(seed >> 8); }
    cudaMemcpy(ii, host, sizeof(host), cudaMemcpyHostToDevice);
    load_store<cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_DIRECT><<<1, BLOCK>>>(fi, fo);
    load_store<cub::BLOCK_LOAD_STRIPED, cub::BLOCK_STORE_STRIPED><<<1, BLOCK>>>(fi, fo);
    load_store<cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_VECTORIZE><<<1, BLOCK>>>(fi, fo);
    load_store<cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_TRANSPOSE><<<1, BLOCK>>>(fi, fo);
    load_store<cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE><<<1, BLOCK>>>(fi, fo);
    load_store<cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED, cub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED><<<1, BLOCK>>>(fi, fo);
    reduce<cub::BLOCK_REDUCE_WARP_REDUCTIONS><<<1, BLOCK>>>(fi, fo);
    reduce<cub::BLOCK_REDUCE_RAKING><<<1, BLOCK>>>(fi, fo);
    reduce<cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY><<<1, BLOCK>>>(fi, fo);
    scan<cub::BLOCK_SCAN_RAKING><<<1, BLOCK>>>(ii, io);
    scan<cub::BLOCK_SCAN_RAKING_MEMOIZE><<<1, BLOCK>>>(ii, io);
    scan<cub::BLOCK_SCAN_WARP_SCANS><<<1, BLOCK>>>(ii, io);
    warp_reduce<<<1, BLOCK>>>(fi, fo);
    radix_sort<<<1, BLOCK>>>(ii, io);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
