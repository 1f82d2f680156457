// Atomics on the H100: what one warp-level atomic costs in L2 sectors (global) and L1 wavefronts
// (shared), per lane-address pattern, with and without a returned value (RED vs ATOM). One kernel
// per pattern, one line per atomic, 8 warps per block; the per-line counters come from ncu's
// SourceCounters section (benchmarks/accuracy/realprograms/ncu_dump.py). Also the multi-line
// accesses of tests/test_instruction_line.py, to check that ncu counts them on the line nvcc's line
// table gives (instruction_line).
#include <cuda_runtime.h>
#include <cstdio>

#define T threadIdx.x
#define SINK(v) if ((v) == 0x7fffffff) out[T] = (v)

// ---- global, no return value (RED)
__global__ void g_red_same(int *a, int *out) { atomicAdd(&a[0], 1); }
__global__ void g_red_warp(int *a, int *out) { atomicAdd(&a[T / 32], 1); }
__global__ void g_red_contig(int *a, int *out) { atomicAdd(&a[T], 1); }
__global__ void g_red_pairs(int *a, int *out) { atomicAdd(&a[T / 2], 1); }
__global__ void g_red_stride2(int *a, int *out) { atomicAdd(&a[2 * T], 1); }
__global__ void g_red_stride8(int *a, int *out) { atomicAdd(&a[8 * T], 1); }
__global__ void g_red_stride32(int *a, int *out) { atomicAdd(&a[32 * T], 1); }
__global__ void g_red_half16(int *a, int *out) { atomicAdd(&a[T % 16], 1); }
__global__ void g_red_perm(int *a, int *out) { atomicAdd(&a[(T * 7) % 32 + (T / 32) * 32], 1); }
__global__ void g_red_offset1(int *a, int *out) { atomicAdd(&a[T + 1], 1); }
__global__ void g_red_f32(float *a, int *out) { atomicAdd(&a[T], 1.0f); }
__global__ void g_red_f32_same(float *a, int *out) { atomicAdd(&a[0], 1.0f); }
__global__ void g_red_u64(unsigned long long *a, int *out) { atomicAdd(&a[T], 1ull); }
__global__ void g_red_u64_same(unsigned long long *a, int *out) { atomicAdd(&a[0], 1ull); }
__global__ void g_red_f64(double *a, int *out) { atomicAdd(&a[T], 1.0); }
__global__ void g_red_max(int *a, int *out) { atomicMax(&a[T], (int)T); }
__global__ void g_red_or_stride8(unsigned *a, int *out) { atomicOr(&a[8 * T], 1u); }
__global__ void g_red_partial(int *a, int *out) { if (T % 32 < 8) atomicAdd(&a[T], 1); }
__global__ void g_red_same_val(int *a, int *out) { atomicAdd(&a[0], (int)T); }
__global__ void g_red_stride8_val(int *a, int *out) { atomicAdd(&a[8 * T], (int)T); }
// ---- global, value used (ATOM)
__global__ void g_atom_same(int *a, int *out) { int v = atomicAdd(&a[0], 1); SINK(v); }
__global__ void g_atom_contig(int *a, int *out) { int v = atomicAdd(&a[T], 1); SINK(v); }
__global__ void g_atom_stride8(int *a, int *out) { int v = atomicAdd(&a[8 * T], 1); SINK(v); }
__global__ void g_atom_cas(int *a, int *out) { int v = atomicCAS(&a[T], 0, 1); SINK(v); }
__global__ void g_atom_exch_stride2(int *a, int *out) { int v = atomicExch(&a[2 * T], 1); SINK(v); }
__global__ void g_atom_u64(unsigned long long *a, int *out) { unsigned long long v = atomicAdd(&a[T], 1ull); SINK((int)v); }

// ---- shared (ATOMS); each array is written before the atomics and read after
#define SHARED_KERNEL(name, type, n, expr, value, ret)                              \
    __global__ void name(int *out) {                                                \
        __shared__ type s[n];                                                       \
        for (int i = T; i < n; i += blockDim.x) s[i] = 0;                           \
        __syncthreads();                                                            \
        ret atomicAdd(&s[expr], value);                                             \
        __syncthreads();                                                            \
        out[T] = (int)s[T % n];                                                     \
    }
SHARED_KERNEL(s_red_same, int, 1024, 0, 1, )
SHARED_KERNEL(s_red_warp, int, 1024, T / 32, 1, )
SHARED_KERNEL(s_red_contig, int, 1024, T, 1, )
SHARED_KERNEL(s_red_pairs, int, 1024, T / 2, 1, )
SHARED_KERNEL(s_red_stride2, int, 1024, (2 * T) % 1024, 1, )
SHARED_KERNEL(s_red_stride32, int, 1024, (32 * T) % 1024, 1, )
SHARED_KERNEL(s_red_stride33, int, 1024, (33 * T) % 1024, 1, )
SHARED_KERNEL(s_red_half16, int, 1024, T % 16, 1, )
SHARED_KERNEL(s_red_hist, int, 1024, (T * 5) % 64, 1, )
SHARED_KERNEL(s_red_f32, float, 1024, T, 1.0f, )
SHARED_KERNEL(s_red_f32_stride2, float, 1024, (2 * T) % 1024, 1.0f, )
SHARED_KERNEL(s_red_u64, unsigned long long, 512, T % 512, 1ull, )
SHARED_KERNEL(s_red_same_val, int, 1024, 0, (int)T, )
SHARED_KERNEL(s_red_contig_val, int, 1024, T, (int)T, )
SHARED_KERNEL(s_red_stride32_val, int, 1024, (32 * T) % 1024, (int)T, )
SHARED_KERNEL(s_red_half16_val, int, 1024, T % 16, (int)T, )

#define SHARED_RET(name, expr)                                                      \
    __global__ void name(int *out) {                                                \
        __shared__ int s[1024];                                                     \
        for (int i = T; i < 1024; i += blockDim.x) s[i] = 0;                        \
        __syncthreads();                                                            \
        int v = atomicAdd(&s[expr], 1);                                             \
        __syncthreads();                                                            \
        out[T] = v + s[T];                                                          \
    }
SHARED_RET(s_atom_same, 0)
SHARED_RET(s_atom_contig, T)
SHARED_RET(s_atom_stride2, (2 * T) % 1024)

// ---- multi-line accesses (instruction_line)
__global__ void lines(float *A, float *C, float4 *V) {
    __shared__ float S[1024];
    int t = threadIdx.x;
    S[t] = A[t];
    __syncthreads();
    float x = *(S +
                t + 1);
    float y = S[t
                + 2] *
              2.0f;
    C[t + 32]
        += x + y;
    float4 w = V[
        t];
    C[t + 64] = w.x + w.
        y;
    reinterpret_cast<float4 *>(
        &V[t + 64])[0] =
        w;
}

int main() {
    int *a, *out;
    cudaMalloc(&a, 1 << 20);
    cudaMalloc(&out, 1 << 20);
    cudaMemset(a, 0, 1 << 20);
    dim3 g(2), b(256);
    int *i = a;
    float *f = (float *)a;
    unsigned *u = (unsigned *)a;
    unsigned long long *l = (unsigned long long *)a;
    double *d = (double *)a;
    g_red_same<<<g, b>>>(i, out); g_red_warp<<<g, b>>>(i, out); g_red_contig<<<g, b>>>(i, out);
    g_red_pairs<<<g, b>>>(i, out); g_red_stride2<<<g, b>>>(i, out); g_red_stride8<<<g, b>>>(i, out);
    g_red_stride32<<<g, b>>>(i, out); g_red_half16<<<g, b>>>(i, out); g_red_perm<<<g, b>>>(i, out);
    g_red_offset1<<<g, b>>>(i, out); g_red_f32<<<g, b>>>(f, out); g_red_f32_same<<<g, b>>>(f, out);
    g_red_u64<<<g, b>>>(l, out); g_red_u64_same<<<g, b>>>(l, out); g_red_f64<<<g, b>>>(d, out);
    g_red_max<<<g, b>>>(i, out); g_red_or_stride8<<<g, b>>>(u, out); g_red_partial<<<g, b>>>(i, out);
    g_red_same_val<<<g, b>>>(i, out); g_red_stride8_val<<<g, b>>>(i, out);
    g_atom_same<<<g, b>>>(i, out); g_atom_contig<<<g, b>>>(i, out); g_atom_stride8<<<g, b>>>(i, out);
    g_atom_cas<<<g, b>>>(i, out); g_atom_exch_stride2<<<g, b>>>(i, out); g_atom_u64<<<g, b>>>(l, out);
    s_red_same<<<g, b>>>(out); s_red_warp<<<g, b>>>(out); s_red_contig<<<g, b>>>(out);
    s_red_pairs<<<g, b>>>(out); s_red_stride2<<<g, b>>>(out); s_red_stride32<<<g, b>>>(out);
    s_red_stride33<<<g, b>>>(out); s_red_half16<<<g, b>>>(out); s_red_hist<<<g, b>>>(out);
    s_red_f32<<<g, b>>>(out); s_red_f32_stride2<<<g, b>>>(out); s_red_u64<<<g, b>>>(out);
    s_red_same_val<<<g, b>>>(out); s_red_contig_val<<<g, b>>>(out); s_red_stride32_val<<<g, b>>>(out);
    s_red_half16_val<<<g, b>>>(out);
    s_atom_same<<<g, b>>>(out); s_atom_contig<<<g, b>>>(out); s_atom_stride2<<<g, b>>>(out);
    lines<<<1, 32>>>(f, f + 4096, (float4 *)(f + 8192));
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
