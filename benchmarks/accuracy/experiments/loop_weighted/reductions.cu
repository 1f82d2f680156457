// Loop-weighted shared-memory costs (issue 30 item 3): accesses executed over loop iterations
// whose active lanes change. One block per launch; `in` holds distinct values, so every shared
// array is written before it is read. Built with -O3 -lineinfo -arch=sm_90; profiled with
// `ncu --section SourceCounters --clock-control none` (run.sh).
#include <cstdio>
#include <cuda_runtime.h>

// 1. tree reduction, sequential addressing (conflict-free every iteration)
__global__ void reduce_sequential(const float *in, float *out)
{
    extern __shared__ float sdata[];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// 2. interleaved addressing, divergent modulo test
__global__ void reduce_interleaved_mod(const float *in, float *out)
{
    extern __shared__ float sdata[];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// 3. interleaved addressing, strided index (bank conflicts that grow with s)
__global__ void reduce_interleaved_strided(const float *in, float *out)
{
    extern __shared__ float sdata[];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        unsigned index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// 4. work-efficient (Blelloch) exclusive scan of 2 * blockDim.x elements, no padding
__global__ void scan_blelloch(const float *in, float *out, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int offset = 1;
    temp[2 * thid] = in[2 * thid];
    temp[2 * thid + 1] = in[2 * thid + 1];
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (thid == 0)
        temp[n - 1] = 0;
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    out[2 * thid] = temp[2 * thid];
    out[2 * thid + 1] = temp[2 * thid + 1];
}

// 5. tree reduction over an active count that halves (`if (t < active)`), double elements
__global__ void reduce_active_double(const double *in, double *out)
{
    __shared__ double buf[512];
    int t = threadIdx.x;
    buf[t] = in[blockIdx.x * 512 + t];
    __syncthreads();
    for (int active = 256; active > 0; active >>= 1) {
        if (t < active)
            buf[t] = buf[t] + buf[t + active];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = buf[0];
}

// 6. strided-index tree over a padded-free float2 array: 8-byte elements, stride 2*s
__global__ void reduce_strided_float2(const float2 *in, float2 *out)
{
    __shared__ float2 v[256];
    unsigned tid = threadIdx.x;
    v[tid] = in[tid];
    __syncthreads();
    for (unsigned s = 1; s < 256; s <<= 1) {
        unsigned i = 2 * s * tid;
        if (i < 256) {
            float2 a = v[i], b = v[i + s];
            v[i] = make_float2(a.x + b.x, a.y + b.y);
        }
        __syncthreads();
    }
    if (tid == 0)
        out[0] = v[0];
}

// 7. work-efficient scan with GPU Gems 3's bank offset (CONFLICT_FREE_OFFSET(n) = n >> 5)
#define CFO(n) ((n) >> 5)
__global__ void scan_blelloch_padded(const float *in, float *out, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int offset = 1;
    int ai0 = thid, bi0 = thid + n / 2;
    temp[ai0 + CFO(ai0)] = in[ai0];
    temp[bi0 + CFO(bi0)] = in[bi0];
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += CFO(ai);
            bi += CFO(bi);
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (thid == 0)
        temp[n - 1 + CFO(n - 1)] = 0;
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += CFO(ai);
            bi += CFO(bi);
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    out[ai0] = temp[ai0 + CFO(ai0)];
    out[bi0] = temp[bi0 + CFO(bi0)];
}

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

int main()
{
    const int N = 1 << 16;
    float *in, *out; double *din, *dout; float2 *fin, *fout;
    CHECK(cudaMalloc(&in, N * sizeof(float))); CHECK(cudaMalloc(&out, N * sizeof(float)));
    CHECK(cudaMalloc(&din, N * sizeof(double))); CHECK(cudaMalloc(&dout, N * sizeof(double)));
    CHECK(cudaMalloc(&fin, N * sizeof(float2))); CHECK(cudaMalloc(&fout, N * sizeof(float2)));
    float *h = new float[2 * N];
    for (int i = 0; i < 2 * N; ++i) h[i] = (float)(i % 97) * 0.5f + 1.0f;
    CHECK(cudaMemcpy(in, h, N * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(din, h, N * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(fin, h, N * sizeof(float2), cudaMemcpyHostToDevice));
    reduce_sequential<<<1, 256, 256 * sizeof(float)>>>(in, out);
    reduce_interleaved_mod<<<1, 256, 256 * sizeof(float)>>>(in, out);
    reduce_interleaved_strided<<<1, 256, 256 * sizeof(float)>>>(in, out);
    scan_blelloch<<<1, 256, 512 * sizeof(float)>>>(in, out, 512);
    reduce_active_double<<<1, 512>>>(din, dout);
    reduce_strided_float2<<<1, 256>>>(fin, fout);
    scan_blelloch_padded<<<1, 256, (512 + 16) * sizeof(float)>>>(in, out, 512);
    // the same kernels at other block sizes (separate launches in the report)
    reduce_interleaved_strided<<<1, 64, 64 * sizeof(float)>>>(in, out);
    reduce_interleaved_strided<<<1, 512, 512 * sizeof(float)>>>(in, out);
    reduce_sequential<<<1, 1024, 1024 * sizeof(float)>>>(in, out);
    scan_blelloch<<<1, 64, 128 * sizeof(float)>>>(in, out, 128);
    scan_blelloch<<<1, 512, 1024 * sizeof(float)>>>(in, out, 1024);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    printf("reductions: ok\n");
    return 0;
}
