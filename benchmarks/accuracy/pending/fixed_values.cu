// Values the program fixes, as the hardware sees them (issue 30 item 6 and item 7's fast division):
// an initialized __constant__ scalar lane mask guarding 64- and 128-bit loads, constexpr / enum /
// static-storage constants in indices, and ggml-style fast division (`__umulhi(n, mp) + n >> L`)
// in shared and global indices. One block of 128 threads per kernel; sites marked `// @site`.
// Written by the hw33 helper for smemlint; measured with benchmarks/accuracy/pending/device.sh.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdint>

__constant__ unsigned kActive = 0x0000ffffu;
__constant__ unsigned kOdd = 0xaaaaaaaau;
__constant__ int kStride = 3;
constexpr int kPad = 2;
enum { kRow = 33 };
static const int kStep = 4;
__device__ const int kShift = 1;

__global__ void const_mask_f2(const float2 *in, float2 *out) {
    int lane = threadIdx.x % 32;
    float2 v = make_float2(0.f, 0.f);
    if ((kActive >> lane) & 1u) v = in[threadIdx.x]; // @site mask16-f2
    out[threadIdx.x] = v;
}

__global__ void const_mask_f4(const float4 *in, float4 *out) {
    int lane = threadIdx.x % 32;
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    if (kOdd & (1u << lane)) v = in[threadIdx.x]; // @site odd-f4
    out[threadIdx.x] = v;
}

__global__ void const_stride(const float *in, float *out) {
    __shared__ float s[128 * 8];
    for (int i = threadIdx.x; i < 128 * 8; i += blockDim.x) s[i] = in[i];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x * kStride]; // @site constant-stride3
    out[threadIdx.x + 128] = s[threadIdx.x * kPad]; // @site constexpr-stride2
    out[threadIdx.x + 256] = s[(threadIdx.x % 32) * kRow % 1024]; // @site enum-stride33
    out[threadIdx.x + 384] = s[threadIdx.x * kStep % 1024]; // @site static-stride4
    out[threadIdx.x + 512] = in[threadIdx.x << kShift]; // @site device-const-shift
}

// ggml's fast division: for a divisor d, mp = floor(2^32 * (2^L - d) / d) + 1, L = ceil(log2 d)
static uint3 init_fastdiv_values(uint32_t d) {
    uint32_t L = 0;
    while (L < 32 && (uint32_t{1} << L) < d) L++;
    uint32_t mp = (uint32_t)((uint64_t{1} << 32) * ((uint64_t{1} << L) - d) / d + 1);
    return make_uint3(mp, L, d);
}
static __device__ __forceinline__ uint32_t fastdiv(uint32_t n, const uint3 fd) {
    const uint32_t hi = __umulhi(n, fd.x);
    return (hi + n) >> fd.y;
}
static __device__ __forceinline__ uint32_t fastmodulo(uint32_t n, const uint3 fd) {
    return n - fastdiv(n, fd) * fd.z;
}

__global__ void fastdiv_index(const float *in, float *out, const uint3 d3, const uint3 d6) {
    __shared__ float s[2048];
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) s[i] = in[i];
    __syncthreads();
    const uint32_t t = threadIdx.x;
    float a = s[fastdiv(t, d3) * 32 + fastmodulo(t, d3)]; // @site shared-div3
    float b = s[fastmodulo(t, d6) * 64]; // @site shared-mod6-stride64
    float c = in[fastdiv(t * 7, d6) * 33]; // @site global-div6
    out[t] = a + b + c;
}

int main() {
    float *fi, *fo;
    if (cudaMalloc(&fi, 1 << 22) || cudaMalloc(&fo, 1 << 22)) return 1;
    cudaMemset(fi, 0, 1 << 22);
    const_mask_f2<<<1, 128>>>((const float2 *)fi, (float2 *)fo);
    const_mask_f4<<<1, 128>>>((const float4 *)fi, (float4 *)fo);
    const_stride<<<1, 128>>>(fi, fo);
    fastdiv_index<<<1, 128>>>(fi, fo, init_fastdiv_values(3), init_fastdiv_values(6));
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
