// Shared-memory float / double atomicAdd and compare-and-swap loops on the H100 (issue 30 item 7):
// what each compiles to (ATOMS.CAST.SPIN loops) and what it costs per source line: requests
// (warp-level executions, the loop's trips included) and L1 wavefronts, per lane pattern. One atomic
// per kernel on the line marked `// @site`; each array is written before the atomics and read after.
// Kernels named *_w run one warp (block 32), *_b eight (block 256) to see retries between warps.
// Written by the hw33 helper for smemlint; measured with benchmarks/accuracy/pending/device.sh.
#include <cuda_runtime.h>
#include <cstdio>

#define T threadIdx.x

#define ADD_KERNEL(name, type, n, expr, value)                                         \
    __global__ void name(int *out) {                                                   \
        __shared__ type s[n];                                                          \
        for (int i = T; i < n; i += blockDim.x) s[i] = 0;                              \
        __syncthreads();                                                               \
        atomicAdd(&s[expr], value); /* @site */                                        \
        __syncthreads();                                                               \
        out[T] = (int)s[T % n];                                                        \
    }
// float, no returned value
ADD_KERNEL(f32_contig_w, float, 1024, T, 1.0f)
ADD_KERNEL(f32_same_w, float, 1024, 0, 1.0f)
ADD_KERNEL(f32_pairs_w, float, 1024, T / 2, 1.0f)
ADD_KERNEL(f32_stride2_w, float, 1024, (2 * T) % 1024, 1.0f)
ADD_KERNEL(f32_stride4_w, float, 1024, (4 * T) % 1024, 1.0f)
ADD_KERNEL(f32_stride32_w, float, 1024, (32 * T) % 1024, 1.0f)
ADD_KERNEL(f32_stride33_w, float, 1056, (33 * T) % 1056, 1.0f)
ADD_KERNEL(f32_half16_w, float, 1024, T % 16, 1.0f)
ADD_KERNEL(f32_quads_w, float, 1024, T / 4, 1.0f)
ADD_KERNEL(f32_contig_b, float, 1024, T, 1.0f)
ADD_KERNEL(f32_same_b, float, 1024, 0, 1.0f)
ADD_KERNEL(f32_stride2_b, float, 1024, (2 * T) % 1024, 1.0f)
ADD_KERNEL(f32_warpsame_b, float, 1024, T / 32, 1.0f)
// double
ADD_KERNEL(f64_contig_w, double, 512, T, 1.0)
ADD_KERNEL(f64_same_w, double, 512, 0, 1.0)
ADD_KERNEL(f64_pairs_w, double, 512, T / 2, 1.0)
ADD_KERNEL(f64_stride2_w, double, 512, (2 * T) % 512, 1.0)
ADD_KERNEL(f64_stride16_w, double, 512, (16 * T) % 512, 1.0)
ADD_KERNEL(f64_contig_b, double, 512, T % 512, 1.0)
// 64-bit integer add (CAS loop too)
ADD_KERNEL(u64_same_w, unsigned long long, 512, 0, 1ull)
ADD_KERNEL(u64_stride2_w, unsigned long long, 512, (2 * T) % 512, 1ull)

// float add whose old value is used
#define RET_KERNEL(name, expr)                                                         \
    __global__ void name(int *out) {                                                   \
        __shared__ float s[1024];                                                      \
        for (int i = T; i < 1024; i += blockDim.x) s[i] = 0;                           \
        __syncthreads();                                                               \
        float v = atomicAdd(&s[expr], 1.0f); /* @site */                               \
        __syncthreads();                                                               \
        out[T] = (int)(v + s[T]);                                                      \
    }
RET_KERNEL(f32ret_contig_w, T)
RET_KERNEL(f32ret_same_w, 0)
RET_KERNEL(f32ret_stride2_w, (2 * T) % 1024)

// one atomicCAS (no loop)
#define CAS_KERNEL(name, expr)                                                         \
    __global__ void name(int *out) {                                                   \
        __shared__ int s[1024];                                                        \
        for (int i = T; i < 1024; i += blockDim.x) s[i] = 0;                           \
        __syncthreads();                                                               \
        int v = atomicCAS(&s[expr], 0, (int)T + 1); /* @site */                        \
        __syncthreads();                                                               \
        out[T] = v + s[T];                                                             \
    }
CAS_KERNEL(cas_contig_w, T)
CAS_KERNEL(cas_same_w, 0)
CAS_KERNEL(cas_stride2_w, (2 * T) % 1024)
CAS_KERNEL(cas_stride32_w, (32 * T) % 1024)

// the CAS loop users write (a float max through atomicCAS), load / CAS on their own lines;
// P: 0 contiguous, 1 one address, 2 stride 2 words
template <int P>
__global__ void casloop(int *out) {
    __shared__ int s[1024];
    for (int i = T; i < 1024; i += blockDim.x) s[i] = 0;
    __syncthreads();
    int *a = &s[P == 0 ? T : P == 1 ? 0 : (2 * T) % 1024];
    float val = (float)T;
    int old = *a; // @site load
    int assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed)))); // @site cas
    } while (assumed != old);
    __syncthreads();
    out[T] = s[T];
}

int main() {
    int *out;
    cudaMalloc(&out, 1 << 20);
    dim3 w(32), b(256);
    f32_contig_w<<<1, w>>>(out); f32_same_w<<<1, w>>>(out); f32_pairs_w<<<1, w>>>(out);
    f32_stride2_w<<<1, w>>>(out); f32_stride4_w<<<1, w>>>(out); f32_stride32_w<<<1, w>>>(out);
    f32_stride33_w<<<1, w>>>(out); f32_half16_w<<<1, w>>>(out); f32_quads_w<<<1, w>>>(out);
    f32_contig_b<<<1, b>>>(out); f32_same_b<<<1, b>>>(out); f32_stride2_b<<<1, b>>>(out);
    f32_warpsame_b<<<1, b>>>(out);
    f64_contig_w<<<1, w>>>(out); f64_same_w<<<1, w>>>(out); f64_pairs_w<<<1, w>>>(out);
    f64_stride2_w<<<1, w>>>(out); f64_stride16_w<<<1, w>>>(out); f64_contig_b<<<1, b>>>(out);
    u64_same_w<<<1, w>>>(out); u64_stride2_w<<<1, w>>>(out);
    f32ret_contig_w<<<1, w>>>(out); f32ret_same_w<<<1, w>>>(out); f32ret_stride2_w<<<1, w>>>(out);
    cas_contig_w<<<1, w>>>(out); cas_same_w<<<1, w>>>(out); cas_stride2_w<<<1, w>>>(out);
    cas_stride32_w<<<1, w>>>(out);
    casloop<0><<<1, w>>>(out); casloop<1><<<1, w>>>(out); casloop<2><<<1, w>>>(out);
    casloop<1><<<1, b>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
