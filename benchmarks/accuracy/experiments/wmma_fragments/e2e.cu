// End-to-end check of the wmma model through the C++ API, as the tensor-core GEMM samples write it
// (written here, not copied): one fragment load or store of interest per kernel and per
// (space, direction), so that ncu's per-kernel counters are that access's; every other access of
// the kernel is in another space or direction. One warp per block, one block.
#include <cstdint>
#include <cstdio>
#include <mma.h>
using namespace nvcuda;

#define SH_D 64   // dmma's SHMEM_STRIDE (N * BLOCK_ROW_TILES = 8 * 8)
#define SH_F 128  // tf32 / imma SHMEM_STRIDE (16 * 8)

// double accumulator loaded from shared memory (shared ld), then stored to global
__global__ void d_acc_ld(double *g)
{
    extern __shared__ double shd[][SH_D];
    for (int i = threadIdx.x; i < 8 * SH_D; i += 32) (&shd[0][0])[i] = i;
    __syncwarp();
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> c;
    wmma::load_matrix_sync(c, &shd[0][8], SH_D, wmma::mem_row_major);
    wmma::store_matrix_sync(g, c, 8, wmma::mem_row_major);
}

// double accumulator stored to shared memory (shared st), loaded from global
__global__ void d_acc_st(double *g)
{
    extern __shared__ double shd[][SH_D];
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> c;
    wmma::load_matrix_sync(c, g, 8192, wmma::mem_row_major);
    wmma::store_matrix_sync(&shd[0][8], c, SH_D, wmma::mem_row_major);
    __syncwarp();
    if (threadIdx.x == 0) g[0] = shd[0][8] + shd[7][15];
}

// double A (row-major) and B (col-major) from shared rows of 68 doubles (K * CHUNK_K + SKEW_DOUBLE)
__global__ void d_ab_ld(double *g)
{
    extern __shared__ double sab[][68];
    for (int i = threadIdx.x; i < 16 * 68; i += 32) (&sab[0][0])[i] = i;
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> c;
    wmma::fill_fragment(c, 0.0);
    wmma::load_matrix_sync(a, &sab[0][4], 68);
    wmma::load_matrix_sync(b, &sab[8][4], 68);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(g, c, 8, wmma::mem_row_major);
}

// tf32 A and B from shared rows of 72 floats (K * CHUNK_K + SKEW_FLOAT)
__global__ void t_ab_ld(float *g)
{
    extern __shared__ float sf[][72];
    for (int i = threadIdx.x; i < 32 * 72; i += 32) (&sf[0][0])[i] = i;
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
    wmma::fill_fragment(c, 0.0f);
    wmma::load_matrix_sync(a, &sf[0][8], 72);
    wmma::load_matrix_sync(b, &sf[16][8], 72);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(g, c, 16, wmma::mem_row_major);
}

// tf32's float accumulator loaded from shared memory (SHMEM_STRIDE 128)
__global__ void t_acc_ld(float *g)
{
    extern __shared__ float sc[][SH_F];
    for (int i = threadIdx.x; i < 16 * SH_F; i += 32) (&sc[0][0])[i] = i;
    __syncwarp();
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
    wmma::load_matrix_sync(c, &sc[0][16], SH_F, wmma::mem_row_major);
    wmma::store_matrix_sync(g, c, 16, wmma::mem_row_major);
}

// tf32's float accumulator stored to shared memory col-major at ldm 20
__global__ void t_acc_st_col(float *g)
{
    extern __shared__ float scol[][20];
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
    wmma::load_matrix_sync(c, g, 4096, wmma::mem_row_major);
    wmma::store_matrix_sync(&scol[0][0], c, 20, wmma::mem_col_major);
    __syncwarp();
    if (threadIdx.x == 0) g[0] = scol[0][0] + scol[15][15];
}

// u8 A (row-major) and B (col-major) from shared rows of 288 bytes (K * CHUNK_K + SKEW_UINT8)
__global__ void i_ab_ld(int *g)
{
    extern __shared__ uint8_t su[][288];
    for (int i = threadIdx.x; i < 32 * 288 / 4; i += 32) ((int *)&su[0][0])[i] = i;
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, uint8_t, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, uint8_t, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
    wmma::fill_fragment(c, 0);
    wmma::load_matrix_sync(a, &su[0][16], 288);
    wmma::load_matrix_sync(b, &su[16][16], 288);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(g, c, 16, wmma::mem_row_major);
}

// int accumulator stored to shared memory (SHMEM_STRIDE 128), loaded from global
__global__ void i_acc_st(int *g)
{
    extern __shared__ int si[][SH_F];
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
    wmma::load_matrix_sync(c, g, 4096, wmma::mem_row_major);
    wmma::store_matrix_sync(&si[0][16], c, SH_F, wmma::mem_row_major);
    __syncwarp();
    if (threadIdx.x == 0) g[0] = si[0][16] + si[15][31];
}

// global: u8 A row-major and B col-major, tf32 A, double accumulator stored col-major
__global__ void glob(const uint8_t *ua, const float *fa, double *d)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, uint8_t, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, uint8_t, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
    wmma::fill_fragment(c, 0);
    wmma::load_matrix_sync(a, ua, 4096);
    wmma::load_matrix_sync(b, ua + 64, 4096);
    wmma::mma_sync(c, a, b, c);
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> ta;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> tb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> tc;
    wmma::fill_fragment(tc, 0.0f);
    wmma::load_matrix_sync(ta, fa, 4096);
    wmma::load_matrix_sync(tb, fa + 64, 4096);
    wmma::mma_sync(tc, ta, tb, tc);
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> dc;
    wmma::fill_fragment(dc, (double)(c.x[0] + tc.x[0]));
    wmma::store_matrix_sync(d, dc, 8192, wmma::mem_col_major);
}

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

int main()
{
    char *g;
    CHECK(cudaMalloc(&g, 64 << 20));
    CHECK(cudaMemset(g, 0, 64 << 20));
    double *gd = (double *)g;
    float *gf = (float *)g;
    int *gi = (int *)g;
    d_acc_ld<<<1, 32, 8 * SH_D * sizeof(double)>>>(gd);
    d_acc_st<<<1, 32, 8 * SH_D * sizeof(double)>>>(gd);
    d_ab_ld<<<1, 32, 16 * 68 * sizeof(double)>>>(gd);
    t_ab_ld<<<1, 32, 32 * 72 * sizeof(float)>>>(gf);
    t_acc_ld<<<1, 32, 16 * SH_F * sizeof(float)>>>(gf);
    t_acc_st_col<<<1, 32, 16 * 20 * sizeof(float)>>>(gf);
    i_ab_ld<<<1, 32, 32 * 288>>>(gi);
    i_acc_st<<<1, 32, 16 * SH_F * sizeof(int)>>>(gi);
    glob<<<1, 32>>>((const uint8_t *)g, gf, gd);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    printf("e2e: ok\n");
    return 0;
}
