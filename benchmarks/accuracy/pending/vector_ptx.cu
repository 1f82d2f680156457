// Vector loads and stores written in inline PTX (issue 17 item 1), measured on the H100: what
// ld/st.shared.v2/.v4 and ld/st.global.v2/.v4 (with cache hints) cost per warp-level request,
// on shared addresses from __cvta_generic_to_shared and from cvta.to.shared inside the asm.
// One kernel per pattern, one block of 128 threads; every shared array is written before it is
// read. Per-line counters: ncu's SourceCounters (realprograms/ncu_dump.py).
#include <cuda_runtime.h>
#include <stdint.h>
#include <cstdio>

#define T threadIdx.x
__device__ __forceinline__ uint32_t s32(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

__global__ void lds128_contig(float *out) {
    __shared__ __align__(16) float s[4 * 128];
    for (int i = T; i < 4 * 128; i += blockDim.x) s[i] = i;
    __syncthreads();
    float a, b, c, d;
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "r"(s32(&s[4 * T])));
    out[T] = a + b + c + d;
}
__global__ void lds128_rows(float *out) {
    __shared__ __align__(16) float s[32 * 128];
    for (int i = T; i < 32 * 128; i += blockDim.x) s[i] = i;
    __syncthreads();
    float a, b, c, d;
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "r"(s32(&s[32 * T])));
    out[T] = a + b + c + d;
}
__global__ void lds128_same(float *out) {
    __shared__ __align__(16) float s[128];
    s[T] = T;
    __syncthreads();
    float a, b, c, d;
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "r"(s32(&s[4 * (T / 32)])));
    out[T] = a + b + c + d;
}
__global__ void lds128_cvta_in_asm(float *out) {
    __shared__ __align__(16) float s[4 * 128];
    for (int i = T; i < 4 * 128; i += blockDim.x) s[i] = i;
    __syncthreads();
    float a, b, c, d;
    asm volatile("{ .reg .u64 p; cvta.to.shared.u64 p, %4; ld.shared.v4.f32 {%0, %1, %2, %3}, [p]; }"
                 : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "l"(&s[4 * ((T * 9) % 128)]));
    out[T] = a + b + c + d;
}
__global__ void lds64_contig(float *out) {
    __shared__ __align__(16) float s[2 * 128];
    for (int i = T; i < 2 * 128; i += blockDim.x) s[i] = i;
    __syncthreads();
    float a, b;
    asm volatile("ld.shared.v2.f32 {%0, %1}, [%2];" : "=f"(a), "=f"(b) : "r"(s32(&s[2 * T])));
    out[T] = a + b;
}
__global__ void lds64_stride16(float *out) {
    __shared__ __align__(16) float s[4 * 128];
    for (int i = T; i < 4 * 128; i += blockDim.x) s[i] = i;
    __syncthreads();
    float a, b;
    asm volatile("ld.shared.v2.f32 {%0, %1}, [%2];" : "=f"(a), "=f"(b) : "r"(s32(&s[4 * T])));
    out[T] = a + b;
}
__global__ void lds64_pairs(float *out) {
    __shared__ __align__(16) float s[2 * 128];
    for (int i = T; i < 2 * 128; i += blockDim.x) s[i] = i;
    __syncthreads();
    float a, b;
    asm volatile("ld.shared.v2.f32 {%0, %1}, [%2];" : "=f"(a), "=f"(b) : "r"(s32(&s[2 * (T / 2) + 64 * (T % 2)])));
    out[T] = a + b;
}
__global__ void sts128_contig(float *out) {
    __shared__ __align__(16) float s[4 * 128];
    asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(s32(&s[4 * T])), "f"(1.0f), "f"(2.0f), "f"(3.0f), "f"((float)T));
    __syncthreads();
    out[T] = s[(4 * T + 5) % 512];
}
__global__ void sts128_rows(float *out) {
    __shared__ __align__(16) float s[16 * 128];
    asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(s32(&s[16 * T])), "f"(1.0f), "f"(2.0f), "f"(3.0f), "f"((float)T));
    __syncthreads();
    out[T] = s[16 * ((T + 1) % 128)];
}
__global__ void sts64_contig(float *out) {
    __shared__ __align__(16) float s[2 * 128];
    asm volatile("st.shared.v2.f32 [%0], {%1, %2};" ::"r"(s32(&s[2 * T])), "f"(1.0f), "f"((float)T));
    __syncthreads();
    out[T] = s[(2 * T + 3) % 256];
}
__global__ void sts64_rows(float *out) {
    __shared__ __align__(16) float s[32 * 128];
    asm volatile("st.shared.v2.f32 [%0], {%1, %2};" ::"r"(s32(&s[32 * T])), "f"(1.0f), "f"((float)T));
    __syncthreads();
    out[T] = s[32 * ((T + 1) % 128)];
}
__global__ void lds32_stride2(float *out) {
    __shared__ float s[2 * 128];
    for (int i = T; i < 2 * 128; i += blockDim.x) s[i] = i;
    __syncthreads();
    float a;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(a) : "r"(s32(&s[2 * T])));
    out[T] = a;
}
__global__ void ldg128_contig(const float *in, float *out) {
    float a, b, c, d;
    asm volatile("ld.global.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "l"(in + 4 * T));
    out[T] = a + b + c + d;
}
__global__ void ldg128_nc_stride32(const float *in, float *out) {
    float a, b, c, d;
    asm volatile("ld.global.nc.L1::no_allocate.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "l"(in + 8 * T));
    out[T] = a + b + c + d;
}
__global__ void ldg64_contig(const float *in, float *out) {
    float a, b;
    asm volatile("ld.global.v2.f32 {%0, %1}, [%2];" : "=f"(a), "=f"(b) : "l"(in + 2 * T));
    out[T] = a + b;
}
__global__ void ldg64_cs_offset(const float *in, float *out) {
    float a, b;
    asm volatile("ld.global.cs.v2.f32 {%0, %1}, [%2];" : "=f"(a), "=f"(b) : "l"(in + 2 * T + 2));
    out[T] = a + b;
}
__global__ void stg128_contig(float *out) {
    asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(out + 4 * T), "f"(1.0f), "f"(2.0f), "f"(3.0f), "f"((float)T));
}
__global__ void stg128_cs_stride2(float *out) {
    asm volatile("st.global.cs.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(out + 8 * T), "f"(1.0f), "f"(2.0f), "f"(3.0f), "f"((float)T));
}
__global__ void stg64_rows(float *out) {
    asm volatile("st.global.v2.f32 [%0], {%1, %2};" ::"l"(out + 64 * T), "f"(1.0f), "f"((float)T));
}
__global__ void ldg32_stride3(const float *in, float *out) {
    float a;
    asm volatile("ld.global.f32 %0, [%1];" : "=f"(a) : "l"(in + 3 * T));
    out[T] = a;
}

int main() {
    float *in, *out;
    cudaMalloc(&in, 1 << 22);
    cudaMalloc(&out, 1 << 22);
    cudaMemset(in, 0, 1 << 22);
    lds128_contig<<<1, 128>>>(out); lds128_rows<<<1, 128>>>(out); lds128_same<<<1, 128>>>(out);
    lds128_cvta_in_asm<<<1, 128>>>(out); lds64_contig<<<1, 128>>>(out); lds64_stride16<<<1, 128>>>(out);
    lds64_pairs<<<1, 128>>>(out); sts128_contig<<<1, 128>>>(out); sts128_rows<<<1, 128>>>(out);
    sts64_contig<<<1, 128>>>(out); sts64_rows<<<1, 128>>>(out); lds32_stride2<<<1, 128>>>(out);
    ldg128_contig<<<1, 128>>>(in, out); ldg128_nc_stride32<<<1, 128>>>(in, out); ldg64_contig<<<1, 128>>>(in, out);
    ldg64_cs_offset<<<1, 128>>>(in, out); stg128_contig<<<1, 128>>>(out); stg128_cs_stride2<<<1, 128>>>(out);
    stg64_rows<<<1, 128>>>(out); ldg32_stride3<<<1, 128>>>(in, out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
