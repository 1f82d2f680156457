"""Generate the speed corpus: realistic CUDA files, several kernels each, with host launches.

Each file mixes the shapes real code has: shared-memory tiles (transpose, matmul),
block reductions (shared tree, warp shuffles), stencils with halos, vectorised
elementwise kernels, templates instantiated from host code, `__device__` helpers,
`#define`d tile sizes, and a host function that allocates, launches and times.
Sizes, padding, types and the kernel mix vary with a seeded random generator, so
the corpus is the same on every run and every machine.

    python benchmarks/speed/gen_corpus.py OUTDIR [--files 320] [--seed 7]

The files are written at run time (benchmarks/speed/run.py calls this into a
temporary directory); they are not committed.
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path

TYPES = ["float", "double", "int", "__half", "float2", "float4"]
SCALAR = {"float": "float", "double": "double", "int": "int", "__half": "float", "float2": "float", "float4": "float"}


def transpose(r: random.Random, i: int) -> tuple[str, str]:
    tile = r.choice([16, 32])
    rows = r.choice([4, 8, 16]) if tile == 32 else r.choice([8, 16])
    pad = r.choice([0, 0, 1, 2])
    name = f"transpose{i}"
    src = f"""
#define TILE_{i} {tile}
#define ROWS_{i} {rows}
// {tile}x{tile} tile moved by a {tile}x{rows} block, {'padded by ' + str(pad) if pad else 'unpadded'}
__global__ void {name}(float *out, const float *in, int width, int height)
{{
    __shared__ float tile[TILE_{i}][TILE_{i} + {pad}];
    int x = blockIdx.x * TILE_{i} + threadIdx.x;
    int y = blockIdx.y * TILE_{i} + threadIdx.y;
    for (int j = 0; j < TILE_{i}; j += ROWS_{i}) {{
        if (x < width && y + j < height)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    }}
    __syncthreads();
    x = blockIdx.y * TILE_{i} + threadIdx.x;
    y = blockIdx.x * TILE_{i} + threadIdx.y;
    for (int j = 0; j < TILE_{i}; j += ROWS_{i}) {{
        if (x < height && y + j < width)
            out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
    }}
}}
"""
    launch = (f"    {{ dim3 block(TILE_{i}, ROWS_{i}); dim3 grid((n + TILE_{i} - 1) / TILE_{i}, "
              f"(n + TILE_{i} - 1) / TILE_{i});\n      {name}<<<grid, block>>>(d_out, d_in, n, n); }}\n")
    return src, launch


def matmul(r: random.Random, i: int) -> tuple[str, str]:
    t = r.choice([8, 16, 32])
    pad = r.choice([0, 1])
    name = f"matmul{i}"
    src = f"""
// C = A * B with {t}x{t} shared tiles
template <int BS>
__global__ void {name}(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int n)
{{
    __shared__ float As[BS][BS + {pad}];
    __shared__ float Bs[BS][BS];
    int row = blockIdx.y * BS + threadIdx.y;
    int col = blockIdx.x * BS + threadIdx.x;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += BS) {{
        As[threadIdx.y][threadIdx.x] = A[row * n + k0 + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * n + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BS; ++k)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }}
    if (row < n && col < n)
        C[row * n + col] = acc;
}}
"""
    launch = f"    {{ dim3 block({t}, {t}); dim3 grid(n / {t}, n / {t}); {name}<{t}><<<grid, block>>>(d_in, d_in, d_out, n); }}\n"
    return src, launch


def reduction(r: random.Random, i: int) -> tuple[str, str]:
    bs = r.choice([128, 256, 512])
    style = r.choice(["tree", "interleaved", "shuffle"])
    name = f"reduce{i}"
    if style == "shuffle":
        body = f"""
__device__ __forceinline__ float warpSum{i}(float v)
{{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffff, v, o);
    return v;
}}

__global__ void {name}(const float *in, float *out, int n)
{{
    __shared__ float partial[32];
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += in[i];
    v = warpSum{i}(v);
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    if (warp == 0) {{
        v = lane < blockDim.x / 32 ? partial[lane] : 0.0f;
        v = warpSum{i}(v);
        if (lane == 0) atomicAdd(out, v);
    }}
}}
"""
    else:
        idx = "2 * s * tid" if style == "interleaved" else "tid"
        cond = "idx + s < blockDim.x" if style == "interleaved" else "tid < s"
        loop = ("for (unsigned s = 1; s < blockDim.x; s *= 2)" if style == "interleaved"
                else "for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)")
        body = f"""
// block reduction, {style} addressing
__global__ void {name}(const float *in, float *out, int n)
{{
    __shared__ float sdata[{bs}];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    float v = (i < n ? in[i] : 0.0f) + (i + blockDim.x < n ? in[i + blockDim.x] : 0.0f);
    sdata[tid] = v;
    __syncthreads();
    {loop} {{
        unsigned idx = {idx};
        if ({cond})
            sdata[idx] += sdata[idx + s];
        __syncthreads();
    }}
    if (tid == 0) out[blockIdx.x] = sdata[0];
}}
"""
    launch = f"    {name}<<<(n + {2 * bs - 1}) / {2 * bs}, {bs}>>>(d_in, d_out, n);\n"
    return body, launch


def stencil(r: random.Random, i: int) -> tuple[str, str]:
    radius = r.choice([1, 2, 3, 4])
    bx, by = r.choice([(32, 8), (32, 4), (16, 16), (64, 4)])
    name = f"stencil{i}"
    src = f"""
#define RADIUS_{i} {radius}
#define BX_{i} {bx}
#define BY_{i} {by}
__constant__ float coeff{i}[2 * RADIUS_{i} + 1];

// 2D {2 * radius + 1}-point stencil along x and y, shared tile with halo
__global__ void {name}(const float *in, float *out, int nx, int ny)
{{
    __shared__ float s[BY_{i} + 2 * RADIUS_{i}][BX_{i} + 2 * RADIUS_{i}];
    int gx = blockIdx.x * BX_{i} + threadIdx.x;
    int gy = blockIdx.y * BY_{i} + threadIdx.y;
    int lx = threadIdx.x + RADIUS_{i};
    int ly = threadIdx.y + RADIUS_{i};
    s[ly][lx] = in[gy * nx + gx];
    if (threadIdx.x < RADIUS_{i}) {{
        s[ly][lx - RADIUS_{i}] = in[gy * nx + gx - RADIUS_{i}];
        s[ly][lx + BX_{i}] = in[gy * nx + gx + BX_{i}];
    }}
    if (threadIdx.y < RADIUS_{i}) {{
        s[ly - RADIUS_{i}][lx] = in[(gy - RADIUS_{i}) * nx + gx];
        s[ly + BY_{i}][lx] = in[(gy + BY_{i}) * nx + gx];
    }}
    __syncthreads();
    float acc = coeff{i}[RADIUS_{i}] * s[ly][lx];
    for (int k = 1; k <= RADIUS_{i}; ++k)
        acc += coeff{i}[RADIUS_{i} + k] * (s[ly][lx + k] + s[ly][lx - k] + s[ly + k][lx] + s[ly - k][lx]);
    if (gx < nx && gy < ny)
        out[gy * nx + gx] = acc;
}}
"""
    launch = (f"    {{ dim3 block(BX_{i}, BY_{i}); dim3 grid(n / BX_{i}, n / BY_{i});\n"
              f"      {name}<<<grid, block>>>(d_in, d_out, n, n); }}\n")
    return src, launch


def elementwise(r: random.Random, i: int) -> tuple[str, str]:
    t = r.choice(TYPES)
    stride = r.choice([1, 1, 2, 4])
    bs = r.choice([128, 256, 512, 1024])
    name = f"axpy{i}"
    if t == "__half":
        op = "y[j] = __float2half(a * __half2float(x[j]) + __half2float(y[j]));"
    elif t == "float2":
        op = "float2 u = x[j], w = y[j]; y[j] = make_float2(a * u.x + w.x, a * u.y + w.y);"
    elif t == "float4":
        op = "float4 u = x[j], w = y[j]; y[j] = make_float4(a * u.x + w.x, a * u.y + w.y, a * u.z + w.z, a * u.w + w.w);"
    else:
        op = f"y[j] = ({t})(a * x[j] + y[j]);"
    src = f"""
// y = a*x + y over {t}, grid-stride loop, element stride {stride}
__global__ void {name}(int n, float a, const {t} *x, {t} *y)
{{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / {stride}; i += blockDim.x * gridDim.x) {{
        int j = i * {stride};
        {op}
    }}
}}
"""
    launch = (f"    {name}<<<(n + {bs - 1}) / {bs}, {bs}>>>(n, 2.0f, reinterpret_cast<const {t} *>(d_in), "
              f"reinterpret_cast<{t} *>(d_out));\n")
    return src, launch


def histogram(r: random.Random, i: int) -> tuple[str, str]:
    bins = r.choice([64, 256, 1024])
    name = f"histo{i}"
    src = f"""
// shared-memory histogram with {bins} bins, privatised per block
__global__ void {name}(const unsigned char *data, unsigned int *hist, int n)
{{
    __shared__ unsigned int local[{bins}];
    for (int b = threadIdx.x; b < {bins}; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % {bins}], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < {bins}; b += blockDim.x)
        atomicAdd(&hist[b], local[b]);
}}
"""
    launch = (f"    {name}<<<120, 256>>>(reinterpret_cast<const unsigned char *>(d_in), "
              f"reinterpret_cast<unsigned int *>(d_out), n);\n")
    return src, launch


def strided(r: random.Random, i: int) -> tuple[str, str]:
    """A runtime stride the analysis sweeps over (bank behaviour depends on its residue)."""
    name = f"gather{i}"
    src = f"""
// column gather with a runtime leading dimension
__global__ void {name}(const float *src, float *dst, int ld, int rows)
{{
    __shared__ float buf[32 * 33];
    int t = threadIdx.x;
    for (int rr = threadIdx.y; rr < rows; rr += blockDim.y)
        buf[t * ld % 1024 + rr] = src[rr * ld + t];
    __syncthreads();
    dst[blockIdx.x * blockDim.x + t] = buf[t];
}}
"""
    launch = f"    {{ dim3 block(32, 4); {name}<<<n / 32, block>>>(d_in, d_out, ld, 32); }}\n"
    return src, launch


KINDS = [transpose, matmul, reduction, stencil, elementwise, histogram, strided]


def make_file(r: random.Random, index: int, kernels: int | None = None) -> str:
    """One file of 1-4 kernels (or of `kernels`: a kernel-dense file, as llm.c's are)."""
    n = kernels or r.choice([1, 2, 2, 3, 3, 4])
    kinds = [r.choice(KINDS) for _ in range(n)]
    parts, launches = [], []
    for k, kind in enumerate(kinds):
        src, launch = kind(r, index * 10 + k)
        parts.append(src)
        launches.append(launch)
    headers = ["#include <cuda_runtime.h>", "#include <cstdio>"]
    if "__half" in "".join(parts):
        headers.insert(1, "#include <cuda_fp16.h>")
    host = f"""
#define CHECK(call)                                                            \\
    do {{                                                                      \\
        cudaError_t err_ = (call);                                             \\
        if (err_ != cudaSuccess) {{                                            \\
            fprintf(stderr, "%s:%d: %s\\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \\
            return 1;                                                          \\
        }}                                                                     \\
    }} while (0)

int run_{index}(int n, int ld)
{{
    float *d_in = nullptr, *d_out = nullptr;
    CHECK(cudaMalloc(&d_in, sizeof(float) * n * n));
    CHECK(cudaMalloc(&d_out, sizeof(float) * n * n));
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
{''.join(launches)}    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    printf("file {index}: %.3f ms\\n", ms);
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    return 0;
}}
"""
    head = f"// generated by benchmarks/speed/gen_corpus.py: file {index}, {n} kernel(s)\n"
    return head + "\n".join(headers) + "\n" + "".join(parts) + host


def generate(out: Path, files: int = 320, seed: int = 7) -> list[Path]:
    r = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(files):
        sub = out / f"module{i // 40:02d}"
        sub.mkdir(exist_ok=True)
        p = sub / f"kernels_{i:04d}.cu"
        p.write_text(make_file(r, i), encoding="utf-8")
        paths.append(p)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--files", type=int, default=320)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    paths = generate(a.out, a.files, a.seed)
    print(f"wrote {len(paths)} files under {a.out}")


if __name__ == "__main__":
    main()
