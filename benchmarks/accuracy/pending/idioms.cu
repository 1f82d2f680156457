// Kernels for the idioms of issue 13, to be measured on the H100 (one block per launch, each
// kernel isolating its accesses; shared arrays are written before they are read). Not yet in
// the corpus: see README.md in this folder for what smemlint predicts on each line.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <cstdlib>

struct S32 { float a[8]; };                      // 32 bytes, 4-byte aligned
struct __align__(16) A32 { float4 lo, hi; };     // 32 bytes, 16-byte aligned

template <class T> struct SharedMemory {
    __device__ inline operator T *() { extern __shared__ int __smem[]; return (T *)__smem; }
};

#define UMUL(a, b) __umul24((a), (b))

__constant__ int perm[32] = {0, 8, 16, 24, 1, 9, 17, 25, 2, 10, 18, 26, 3, 11, 19, 27,
                             4, 12, 20, 28, 5, 13, 21, 29, 6, 14, 22, 30, 7, 15, 23, 31};
__device__ constexpr int reversed4[4] = {3, 2, 1, 0};

// histogram64's shape: per-thread data scaled onto a per-thread base (data: random bytes)
__global__ void hist_data(const uint4 *in, unsigned *out) {
    __shared__ unsigned s_Hist[64 * 64];
    for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x) s_Hist[i] = 0;
    __syncthreads();
    unsigned *s_Base = s_Hist + threadIdx.x;
    uint4 data = in[threadIdx.x];
    s_Base[UMUL(data.x & 63u, 64)] += 1u;
    __syncthreads();
    out[threadIdx.x] = s_Hist[threadIdx.x];
}
// the same with a value loaded once for the block (uniform shift)
__global__ void hist_uniform(const uint4 *in, unsigned *out) {
    __shared__ unsigned s_Hist[64 * 64];
    for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x) s_Hist[i] = 0;
    __syncthreads();
    unsigned *s_Base = s_Hist + threadIdx.x;
    uint4 same = in[0];
    s_Base[UMUL(same.y & 63u, 64)] += 1u;
    __syncthreads();
    out[threadIdx.x] = s_Hist[threadIdx.x];
}
__global__ void f3_load(const float3 *in, float *out) { int i = threadIdx.x; float3 v = in[i]; out[i] = v.x + v.y + v.z; }
__global__ void f3_store(float3 *o) { int i = threadIdx.x; o[i] = make_float3(i, 2 * i, 3 * i); }
__global__ void s32_copy(const S32 *in, S32 *out) { int i = threadIdx.x; out[i] = in[i]; }
__global__ void a32_copy(const A32 *in, A32 *out) { int i = threadIdx.x; out[i] = in[i]; }
__global__ void sf3_rw(float *out) {
    __shared__ float3 t[64];
    int i = threadIdx.x;
    t[i] = make_float3(i, i, i);
    __syncthreads();
    float3 v = t[63 - i];
    out[i] = v.x + v.y + v.z;
}
__global__ void bf16_load(const __nv_bfloat16 *in, float *out) { int i = threadIdx.x; out[i] = (float)in[i]; }
__global__ void half2_low(const __half2 *in, float *out) { int i = threadIdx.x; out[i] = __low2float(in[i]); }
__global__ void ldg_f4(const float4 *in, float4 *out) { int i = threadIdx.x; out[i] = __ldg(&in[i]); }
__global__ void stcs_f4(const float4 *in, float4 *out) { int i = threadIdx.x; __stcs(&out[2 * i], in[i]); }
__global__ void ldcs_f(const float *in, float *out) { int i = threadIdx.x; out[i] = __ldcs(&in[3 * i]); }
__global__ void f2_xy(const float2 *in, float *out) { int i = threadIdx.x; out[i] = in[i].x + in[i].y; }
__global__ void u4_xy(const uchar4 *in, int *out) { int i = threadIdx.x; out[i] = in[i].x + in[i].y; }
__global__ void table_perm(float *out) {
    __shared__ float s[32 * 32];
    int t = threadIdx.x;
    for (int i = t; i < 32 * 32; i += blockDim.x) s[i] = 0.f;
    __syncthreads();
    s[perm[t] * 32] = 1.f;
    __syncthreads();
    out[t] = s[t * 32];
}
__global__ void table_constexpr(float *out) {
    __shared__ float s[32 * 32];
    int t = threadIdx.x;
    for (int i = t; i < 32 * 32; i += blockDim.x) s[i] = 0.f;
    __syncthreads();
    s[reversed4[t & 3] * 32] = 1.f;
    __syncthreads();
    out[t] = s[t];
}
__global__ void intrinsic_index(float *out) {
    __shared__ float s[1024];
    unsigned t = threadIdx.x;
    for (unsigned i = t; i < 1024; i += blockDim.x) s[i] = 0.f;
    __syncthreads();
    s[__funnelshift_r(0u, t, 27)] = 1.f;
    s[__umulhi(t, 0x20000000u)] = 2.f;
    __syncthreads();
    out[t] = s[t];
}
__global__ void proxy_reduce(const float *in, float *out) {
    float *sdata = SharedMemory<float>();
    unsigned tid = threadIdx.x;
    sdata[tid] = in[tid];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[0] = sdata[0];
}

int main() {
    const size_t bytes = 1 << 20;
    void *a = nullptr, *b = nullptr;
    cudaMalloc(&a, bytes);
    cudaMalloc(&b, bytes);
    unsigned char *host = (unsigned char *)malloc(bytes);
    srand(20261123);
    for (size_t i = 0; i < bytes; ++i) host[i] = (unsigned char)(rand() & 0xff);
    cudaMemcpy(a, host, bytes, cudaMemcpyHostToDevice);
    hist_data<<<1, 64>>>((const uint4 *)a, (unsigned *)b);
    hist_uniform<<<1, 64>>>((const uint4 *)a, (unsigned *)b);
    f3_load<<<1, 32>>>((const float3 *)a, (float *)b);
    f3_store<<<1, 32>>>((float3 *)b);
    s32_copy<<<1, 32>>>((const S32 *)a, (S32 *)b);
    a32_copy<<<1, 32>>>((const A32 *)a, (A32 *)b);
    sf3_rw<<<1, 64>>>((float *)b);
    bf16_load<<<1, 32>>>((const __nv_bfloat16 *)a, (float *)b);
    half2_low<<<1, 32>>>((const __half2 *)a, (float *)b);
    ldg_f4<<<1, 32>>>((const float4 *)a, (float4 *)b);
    stcs_f4<<<1, 32>>>((const float4 *)a, (float4 *)b);
    ldcs_f<<<1, 32>>>((const float *)a, (float *)b);
    f2_xy<<<1, 32>>>((const float2 *)a, (float *)b);
    u4_xy<<<1, 32>>>((const uchar4 *)a, (int *)b);
    table_perm<<<1, 32>>>((float *)b);
    table_constexpr<<<1, 32>>>((float *)b);
    intrinsic_index<<<1, 32>>>((float *)b);
    proxy_reduce<<<1, 256, 256 * sizeof(float)>>>((const float *)a, (float *)b);
    cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    free(host);
    return 0;
}
