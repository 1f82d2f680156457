// Shared reads of constant-trip loops that nvcc lays out as straight-line instructions of mixed
// widths: a narrow peel before 16-byte loads, over-reads of the aligned group before the first
// iteration, and a tail. Each kernel stores its tile before reading it.
#include <cuda_fp16.h>
#define S 36  // floats per row: 144 bytes, a multiple of 16
__global__ void peel3(float *out)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 3; k < 13; k++)
        s += tile[tx][k];
    out[tx] = s;
}
__global__ void over1(float *out)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 1; k < 16; k++)
        s += tile[tx][k];
    out[tx] = s;
}
__global__ void odd7(float *out)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 0; k < 7; k++)
        s += tile[tx][k];
    out[tx] = s;
}
__global__ void pairs(float *out)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 3; k < 13; k++)
        s += tile[tx / 2][k];
    out[tx] = s;
}
__global__ void peel2(float *out)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 2; k < 14; k++)
        s += tile[tx][k];
    out[tx] = s;
}
__global__ void outer(float *out, int rows)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int r = 0; r < rows; r++)
        for (int k = 3; k < 13; k++)
            s += tile[(tx + r) & 31][k];
    out[tx] = s;
}
__global__ void rowcast(float *out)
{
    __shared__ float tile[4][S];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int i = tx; i < 4 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 1; k < 7; k++)
        s += tile[ty][k];
    out[ty * 32 + tx] = s;
}
__global__ void halves(float *out)
{
    __shared__ __half tile[32][40];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * 40; i += 32) tile[i / 40][i % 40] = __float2half((float)i);
    __syncthreads();
    float s = 0.0f;
    for (int k = 1; k < 15; k++)
        s += __half2float(tile[tx][k]);
    out[tx] = s;
}
__global__ void rowpeel(float *out)
{
    __shared__ float tile[4][S];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int i = tx; i < 4 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 3; k < 13; k++)
        s += tile[ty][k];
    out[ty * 32 + tx] = s;
}
__global__ void rowpeel2(float *out)
{
    __shared__ float tile[4][S];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int i = tx; i < 4 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 2; k < 14; k++)
        s += tile[ty][k];
    out[ty * 32 + tx] = s;
}
__global__ void outer_odd(float *out, int rows)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int r = 0; r < rows; r++)
        for (int k = 3; k < 13; k++)
            s += tile[(tx + 3 * r) & 31][k];
    out[tx] = s;
}
// A runtime trip count: nvcc 13.0 unrolls by 4 into LDS.64 pairs in a loop (bodies of 16, 8 and 4
// iterations) and leaves the last n % 4 iterations to a loop of LDS.
__global__ void runtime_trip(float *out, int n)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 0; k < n; k++)
        s += tile[tx][k];
    out[tx] = s;
}
__global__ void rt_pairs(float *out, int n)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 0; k < n; k++)
        s += tile[tx / 2][k];
    out[tx] = s;
}
__global__ void rt_row(float *out, int n)
{
    __shared__ float tile[4][S];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int i = tx; i < 4 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 0; k < n; k++)
        s += tile[ty][k];
    out[ty * 32 + tx] = s;
}
__global__ void rt_twice(float *out, int n)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int k = 0; k < 2 * n; k++)
        s += tile[tx][k];
    out[tx] = s;
}
__global__ void rt_outer(float *out, int rows, int n)
{
    __shared__ float tile[32][S];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * S; i += 32) tile[i / S][i % S] = (float)i;
    __syncthreads();
    float s = 0.0f;
    for (int r = 0; r < rows; r++)
        for (int k = 0; k < n; k++)
            s += tile[(tx + 5 * r) & 31][k];
    out[tx] = s;
}
__global__ void rt_double(float *out, int n)
{
    __shared__ double tile[32][18];
    int tx = threadIdx.x;
    for (int i = tx; i < 32 * 18; i += 32) tile[i / 18][i % 18] = (double)i;
    __syncthreads();
    double s = 0.0;
    for (int k = 0; k < n; k++)
        s += tile[tx][k];
    out[tx] = (float)s;
}
int main()
{
    float *out;
    cudaMalloc(&out, 1 << 20);
    peel3<<<1, 32>>>(out);
    over1<<<1, 32>>>(out);
    odd7<<<1, 32>>>(out);
    pairs<<<1, 32>>>(out);
    peel2<<<1, 32>>>(out);
    outer<<<1, 32>>>(out, 8);
    rowcast<<<1, dim3(32, 4)>>>(out);
    halves<<<1, 32>>>(out);
    rowpeel<<<1, dim3(32, 4)>>>(out);
    rowpeel2<<<1, dim3(32, 4)>>>(out);
    outer_odd<<<1, 32>>>(out, 7);
    runtime_trip<<<1, 32>>>(out, 14);
    rt_pairs<<<1, 32>>>(out, 11);
    rt_row<<<1, dim3(32, 4)>>>(out, 10);
    rt_twice<<<1, 32>>>(out, 7);
    rt_outer<<<1, 32>>>(out, 3, 9);
    rt_double<<<1, 32>>>(out, 13);
    cudaDeviceSynchronize();
    return 0;
}
