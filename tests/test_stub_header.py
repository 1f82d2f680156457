"""The bundled CUDA declarations header (smemlint/parse/include/cuda_stub.h).

Every snippet is parsed by the real libclang (libclang-ng) with exactly the
arguments smemlint uses in bundled mode (no CUDA toolkit) and must produce no
error or fatal diagnostic.
"""
from __future__ import annotations

import glob
import os
import re
import time
from pathlib import Path

import pytest

ci = pytest.importorskip("clang.cindex")

INCLUDE_DIR = Path(__file__).resolve().parent.parent / "smemlint" / "parse" / "include"
STANDIN_DIR = INCLUDE_DIR / "toolkit_standins"
LIBRARIES_DIR = INCLUDE_DIR / "libraries"  # CUDA libraries' stand-ins, searched last in either mode


def _libstdcxx_args() -> list[str]:
    roots = [p for p in glob.glob("/usr/include/c++/*") if re.fullmatch(r"\d+", Path(p).name)]
    if not roots:
        return []
    root = max(roots, key=lambda p: int(Path(p).name))
    n = Path(root).name
    dirs = [root, *sorted(glob.glob(f"/usr/include/*-linux-gnu/c++/{n}")), f"{root}/backward"]
    args = ["-nostdinc++"]
    for d in dirs:
        if os.path.isdir(d):
            args += ["-isystem", d]
    return args


def bundled_args(extra: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The bundled-mode clang arguments (the real ones live in smemlint/parse/translation.py)."""
    return ["-x", "cuda", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
            "-isystem", str(INCLUDE_DIR), "-include", "cuda_stub.h", *extra, *_libstdcxx_args(),
            "-idirafter", str(LIBRARIES_DIR)]


_index = None


def parse(src: str, extra: list[str] | tuple[str, ...] = (), name: str = "snippet.cu"):
    global _index
    if _index is None:
        _index = ci.Index.create()
    return _index.parse(name, args=bundled_args(extra), unsaved_files=[(name, src)])


def teardown_module():
    # Drop the Index while the bindings are still loaded (its __del__ fails at
    # interpreter shutdown otherwise).
    global _index
    _index = None


def errors(tu) -> list[str]:
    out = []
    for d in tu.diagnostics:
        if d.severity >= ci.Diagnostic.Error:
            loc = d.location
            out.append(f"{loc.file.name if loc.file else '?'}:{loc.line}:{loc.column}: {d.spelling}")
    return out


def assert_clean(src: str, extra: list[str] | tuple[str, ...] = ()):
    tu = parse(src, extra)
    errs = errors(tu)
    assert not errs, "\n".join(errs)
    return tu


def timed_parse(src: str, repeat: int = 5) -> float:
    parse(src)  # warm-up
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        parse(src)
        best = min(best, time.perf_counter() - t)
    return best


def walk(cursor):
    yield cursor
    for c in cursor.get_children():
        yield from walk(c)


# --------------------------------------------------------------------------- (1)
# A kernel using every group of declarations.
SNIPPET_ALL = r"""
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <device_launch_parameters.h>
#include <math_constants.h>
#include <cooperative_groups.h>
#include <helper_cuda.h>
namespace cg = cooperative_groups;

__constant__ float c_coef[16];
__device__ int d_counter;
__managed__ int m_value;
extern __shared__ float dyn_smem[];

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}
__device__ __noinline__ int helper(int x) { return x * 2; }
__host__ __device__ inline float both(float x) { return x + 1.0f; }

__global__ void __launch_bounds__(256, 2)
all_kernel(const float* __restrict__ in, float* __restrict__ out, int n, __grid_constant__ const int k,
           __half* hp, __nv_bfloat16* bp, float4* v4, double* dp, unsigned long long* ullp) {
  __shared__ float tile[32][33];
  __shared__ __align__(16) float4 tile4[64];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  dim3 g = gridDim; uint3 t = threadIdx; dim3 t3 = threadIdx; (void)g; (void)t; (void)t3;
  tile[threadIdx.y][threadIdx.x] = in[tid] * c_coef[lane & 15] + dyn_smem[lane];
  // synchronisation
  __syncthreads();
  int cnt = __syncthreads_count(tid < n) + __syncthreads_and(1) + __syncthreads_or(0);
  __syncwarp(); __syncwarp(0xffff);
  __threadfence(); __threadfence_block(); __threadfence_system();
  // shuffles, votes, match, reduce
  float f = __shfl_sync(0xffffffff, in[0], 0);
  int i = __shfl_up_sync(0xffffffff, tid, 1) + __shfl_xor_sync(0xffffffff, tid, 1, 16);
  unsigned u = __shfl_down_sync(0xffffffff, 3u, 1);
  double d = __shfl_xor_sync(0xffffffff, dp[0], 2);
  long long ll = __shfl_sync(0xffffffff, (long long)tid, 0);
  __half h = __shfl_xor_sync(0xffffffff, hp[0], 1);
  __half2 h2 = __shfl_down_sync(0xffffffff, __halves2half2(h, h), 1);
  i += __shfl(tid, 0) + __shfl_up(tid, 1) + __shfl_down(tid, 1, 16) + __shfl_xor(tid, 1);
  f += __shfl(f, 0) + __shfl_down(f, 2) + __shfl_xor(f, 4, 16);
  i += __any(tid) + __all(tid) + __ballot(tid) + __any_sync(~0u, tid) + __all_sync(~0u, tid);
  unsigned b = __ballot_sync(0xffffffff, tid < n) | __activemask() | __match_any_sync(~0u, tid);
  b += __reduce_add_sync(~0u, b) + __reduce_min_sync(~0u, tid) + __reduce_max_sync(~0u, b)
     + __reduce_or_sync(~0u, b) + u + (unsigned)ll + (unsigned)cnt;
  // atomics
  atomicAdd(&d_counter, 1); atomicAdd(&out[0], 1.0f); atomicAdd(dp, 1.0); atomicAdd(ullp, 1ull);
  atomicAdd((unsigned*)&d_counter, 1u); atomicAdd(hp, h); atomicAdd(bp, bp[1]);
  atomicAdd((__half2*)hp, h2); atomicAdd((__nv_bfloat162*)bp, __halves2bfloat162(bp[0], bp[1]));
  atomicSub(&d_counter, 1); atomicExch(&d_counter, 0); atomicExch(&out[1], 2.0f);
  atomicMin(&d_counter, 3); atomicMax(&d_counter, 4); atomicMax(ullp, 5ull);
  atomicInc((unsigned*)&d_counter, 10u); atomicDec((unsigned*)&d_counter, 10u);
  atomicCAS(&d_counter, 1, 2); atomicCAS(ullp, 1ull, 2ull);
  atomicAnd(&d_counter, 1); atomicOr(&d_counter, 2); atomicXor(&d_counter, 3);
  atomicAdd_block(&d_counter, 1); atomicAdd_system(&out[2], 1.0f);
  // cache-hinted loads / stores
  float4 q = __ldg(v4); float r = __ldg(&in[tid]); float2 f2 = __ldg((const float2*)in);
  int4 i4 = __ldg((const int4*)in); double dd = __ldg(dp);
  r += __ldcs(&in[0]) + __ldcg(&in[1]); __stcs(&out[0], r); __stcg(&out[1], r);
  // integer / float intrinsics
  i = __popc(b) + __popcll(*ullp) + __clz(tid) + __ffs(tid) + (int)__brev(b) + __mul24(i, i) + (int)__umul24(b, b)
      + __mulhi(i, i) + (int)__umulhi(b, b) + (int)__byte_perm(b, b, 0x3210) + (int)__prmt(b, b, 1);
  f = __fdividef(f, 2.f) + __expf(f) + __logf(f) + __sinf(f) + __cosf(f) + __powf(f, 2.f) + __saturatef(f)
      + __fmaf_rn(f, f, f) + __int_as_float(__float_as_int(f)) + (float)__float2int_rn(f) + __int2float_rn(i)
      + rsqrtf(f) + min(1, 2) + max(1u, 2u) + min(1ll, 2ll) + min(1.f, 2.f) + max(1.0, 2.0) + both(f);
  long long c0 = clock64() + clock(); __nanosleep(100); (void)c0;
  // math
  f += sqrtf(f) + expf(f) + logf(f) + fabsf(f) + fmaxf(f, 1.f) + fminf(f, 1.f) + powf(f, 2.f) + tanhf(f)
     + sinf(f) + cosf(f) + floorf(f) + ceilf(f) + roundf(f) + erff(f) + exp2f(f) + log2f(f) + fmodf(f, 2.f);
  d += exp(d) + log(d) + sqrt(d) + pow(d, 2.0) + fabs(d) + sin(d) + sqrt(f) + abs(-3) + abs(f) + isnan(f);
  float sn, cs; sincosf(f, &sn, &cs); __sincosf(f, &sn, &cs);
  f += CUDART_PI_F + CUDART_INF_F + sn + cs;
  // half / bfloat16
  __half a = __float2half(1.0f), c = __float2half_rn(2.0f);
  half2 hh = __floats2half2_rn(1.f, 2.f); hh = __half2half2(a); a = __low2half(hh); c = __high2half(hh);
  float fl = __half2float(a) + __bfloat162float(__float2bfloat16(1.f));
  hh = __float22half2_rn(f2); float2 back = __half22float2(hh);
  a = __hadd(a, c); a = __hmul(a, c); a = __hfma(a, c, a);
  hh = __hadd2(hh, hh); hh = __hmul2(hh, hh); hh = __hfma2(hh, hh, hh);
  a = a + c; a = a - c; a = a * c; a = a / c; a += c; hh = hh + hh; hh += hh; hh = hh * hh;
  bool gt = __hgt(a, c) && __hlt(a, c) && (a < c); (void)gt;
  __nv_bfloat16 bf = bp[0]; __nv_bfloat162 bf2 = __halves2bfloat162(bf, bf);
  bf = bf + bf; bf = bf * bf; bf += bf; bf2 = bf2 + bf2; nv_bfloat16 bx = __hadd(bf, bf); (void)bx;
  fl += __half2float(a) + __low2float(hh) + (float)bf;
  // device-side C library
  printf("%d %f\n", tid, fl);
  assert(tid >= 0);
  // cooperative groups
  cg::thread_block block = cg::this_thread_block();
  block.sync(); unsigned rk = block.thread_rank() + block.size();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  warp.sync(); f = warp.shfl_down(f, 1) + warp.shfl_xor(f, 2) + warp.shfl(f, 0);
  rk += warp.thread_rank() + warp.size();
  auto t16 = cg::tiled_partition<16>(block); t16.sync();
  // vector types and make_* constructors
  char4 c4 = make_char4(1, 2, 3, 4); uchar2 u2 = make_uchar2(1, 2); short4 s4 = make_short4(1, 2, 3, 4);
  int2 ii2 = make_int2(1, 2); uint4 ui4 = make_uint4(1, 2, 3, 4); long2 l2 = make_long2(1, 2);
  ulonglong2 ull2 = make_ulonglong2(1, 2); double2 d2 = make_double2(1, 2); float3 f3 = make_float3(1, 2, 3);
  double4 d4 = make_double4(1, 2, 3, 4); double4_32a d4a = make_double4_32a(1, 2, 3, 4);
  longlong4_16a l4 = make_longlong4_16a(1, 2, 3, 4);
  tile4[threadIdx.x] = q;
  out[tid] = warp_sum(tile[threadIdx.x][threadIdx.y]) + helper(k) + f + (float)d + m_value + q.x + f2.y + i4.z
           + dd + back.x + c4.w + f3.z + d4.w + d4a.x + rk + u2.x + s4.w + ii2.y + ui4.z + l2.x + ull2.y
           + d2.x + l4.w;
}

int main() {
  float *d_in, *d_out; int n = 1 << 20;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  cudaMalloc((void**)&d_out, n * sizeof(float));
  cudaMallocManaged(&d_in, 4); cudaMallocHost((void**)&d_in, 4); cudaFreeHost(d_in);
  float h_coef[16] = {};
  cudaMemcpyToSymbol(c_coef, h_coef, sizeof(h_coef));
  cudaMemcpy(d_out, d_in, 4, cudaMemcpyDeviceToDevice);
  cudaStream_t s; cudaStreamCreate(&s);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  cudaEventRecord(e0, s);
  cudaMemcpyAsync(d_out, d_in, 4, cudaMemcpyHostToDevice, s); cudaMemset(d_out, 0, 4);
  cudaFuncSetAttribute(all_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  int nb; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, all_kernel, 256, 0);
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0); cudaSetDevice(0);
  int sm = prop.multiProcessorCount + prop.warpSize + prop.maxThreadsPerBlock + (int)prop.sharedMemPerBlock;
  printf("%s\n", prop.name);
  dim3 grid((n + 255) / 256), block(256);
  all_kernel<<<grid, block, 1024, s>>>(d_in, d_out, n, 3, nullptr, nullptr, nullptr, nullptr, nullptr);
  void* args[] = {&d_in}; cudaLaunchKernel((const void*)all_kernel, grid, block, args, 0, s);
  cudaEventRecord(e1, s); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1);
  cudaStreamSynchronize(s); cudaStreamDestroy(s); cudaEventDestroy(e0); cudaEventDestroy(e1);
  cudaDeviceSynchronize(); cudaError_t err = cudaGetLastError(); err = cudaPeekAtLastError();
  if (err != cudaSuccess) printf("%s\n", cudaGetErrorString(err));
  getLastCudaError("all_kernel");
  cudaFree(d_in); cudaFree(d_out);
  return sm + nb + (int)ms;
}
"""


def test_every_declaration_group_parses():
    tu = assert_clean(SNIPPET_ALL)
    kernels = [c for c in walk(tu.cursor) if c.kind == ci.CursorKind.FUNCTION_DECL and c.spelling == "all_kernel"]
    assert kernels


@pytest.mark.parametrize("std", ["c++11", "c++14", "c++17", "c++20"])
def test_every_declaration_group_parses_in_each_standard(std):
    assert_clean(SNIPPET_ALL, [f"-std={std}"])


# --------------------------------------------------------------------------- (2)
STD_HEADERS = """
#include <cstdio>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cstdint>
"""

STD_BODY = r"""
__global__ void kern(float* out, const float* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  float y = sqrtf(x) + std::sqrt(x) + sqrt(x) + std::exp(x) + expf(x) + fabsf(x) + std::fabs(x) + fabs(x)
          + std::min(x, 1.0f) + std::max(x, 0.0f) + min(x, 2.0f) + max(i, 3) + powf(x, 2) + std::pow(x, 2.0f)
          + floorf(x) + std::floor(x) + (std::isnan(x) ? 1.f : 0.f) + (isinf(x) ? 1.f : 0.f) + fmaxf(x, 0.f)
          + std::abs(x) + abs(i) + std::abs(i) + tanhf(x) + std::tanh(x) + log1pf(x) + std::log(x) + erff(x);
  int32_t a = 1; uint64_t b = 2; int64_t c = std::min<int64_t>(a, (int64_t)b);
  printf("%f %lld\n", y, (long long)c);
  out[i] = y;
}
int main() {
  std::vector<float> h(1024, 1.0f);
  std::sort(h.begin(), h.end());
  float m = *std::max_element(h.begin(), h.end());
  double s = std::sqrt(2.0) + sqrt(3.0) + std::fabs(-1.0) + fabs(-2.0) + pow(2.0, 3.0) + std::min(1.0, 2.0);
  float *d; cudaMalloc(&d, h.size() * sizeof(float));
  kern<<<(1024 + 255) / 256, 256>>>(d, d, 1024);
  cudaDeviceSynchronize();
  printf("%f %f %d\n", m, s, abs(-3));
  return 0;
}
"""

SNIPPET_STD_BEFORE = STD_HEADERS + "#include <cuda_runtime.h>\n" + STD_BODY
SNIPPET_STD_AFTER = "#include <cuda_runtime.h>\n" + STD_HEADERS + STD_BODY


@pytest.mark.parametrize("src", [SNIPPET_STD_BEFORE, SNIPPET_STD_AFTER], ids=["std-first", "cuda-first"])
def test_standard_headers_before_and_after_cuda_runtime(src):
    assert_clean(src)


@pytest.mark.parametrize("hdr", ["<cmath>", "<math.h>", "<cstdlib>", "<stdlib.h>", "<cstring>", "<cassert>",
                                 "<iostream>", "<memory>", "<numeric>", "<random>", "<complex>", "<limits>",
                                 "<functional>", "<string>", "<map>", "<new>", "<cfloat>", "<climits>"])
@pytest.mark.parametrize("where", ["before", "after"])
def test_more_standard_headers(hdr, where):
    body = r"""
__global__ void k(float* p, int n) {
  float x = p[threadIdx.x];
  p[threadIdx.x] = sqrtf(x) + sqrt(x) + std::sqrt(x) + fabsf(x) + std::abs(x) + abs(n) + fminf(x, 1.f)
                 + std::max(x, 1.f) + (isnan(x) ? 0.f : 1.f) + (std::isfinite(x) ? 1.f : 0.f);
}
int main() { float f = 2.f; return (int)(std::sqrt(2.0) + sqrt(f) + std::fabs(-1.0) + (isnan(f) ? 1 : 0)); }
"""
    inc = f"#include {hdr}\n"
    src = (inc + "#include <cuda_runtime.h>\n" if where == "before" else "#include <cuda_runtime.h>\n" + inc) + body
    assert_clean(src)


# --------------------------------------------------------------------------- (3)
SNIPPET_TEMPLATES = r"""
#include <cuda_runtime.h>
template <typename T, int BLOCK>
__global__ void scale(T* p, T factor, int n) {
  __shared__ T buf[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  buf[threadIdx.x] = i < n ? p[i] : T(0);
  __syncthreads();
  if (i < n) p[i] = buf[threadIdx.x] * factor;
}
template <typename T> __device__ T square(T x) { return x * x; }
template <typename T> __global__ void sq(T* p) { p[threadIdx.x] = square(p[threadIdx.x]); }
template <typename T> void launch(T* p, int n, cudaStream_t s) {
  scale<T, 256><<<(n + 255) / 256, 256, 0, s>>>(p, T(2), n);
  sq<<<1, 32>>>(p);
}
int main() {
  float* f; double* d; int* i; __half* h;
  launch(f, 10, 0); launch(d, 10, 0); launch(i, 10, 0);
  scale<__half, 128><<<1, 128>>>(h, __float2half(1.f), 128);
  return 0;
}
"""


def test_templates_instantiated_from_launches():
    tu = assert_clean(SNIPPET_TEMPLATES)
    names = {c.spelling for c in walk(tu.cursor) if c.kind == ci.CursorKind.FUNCTION_TEMPLATE}
    assert {"scale", "sq", "square", "launch"} <= names


# --------------------------------------------------------------------------- (4)
SNIPPET_LAUNCHES = r"""
#include <cuda_runtime.h>
__global__ void k(float* p) { p[threadIdx.x] = 0.f; }
int main() {
  float* p = nullptr; cudaStream_t st; cudaStreamCreate(&st);
  dim3 grid(4, 2), block(32, 8);
  size_t smem = 1024;
  k<<<grid, block>>>(p);
  k<<<4, 256>>>(p);
  k<<<grid, block, smem>>>(p);
  k<<<grid, block, smem, st>>>(p);
  k<<<dim3(1, 2, 3), dim3(32), 0, 0>>>(p);
  k<<<grid, block, 0, cudaStreamPerThread>>>(p);
  return 0;
}
"""


@pytest.mark.parametrize("side", [[], ["--cuda-device-only"], ["--cuda-host-only"]], ids=["default", "device", "host"])
def test_launch_syntax_variants(side):
    # libclang parses the device side by default; clang 22 then looks up
    # cudaConfigureCall, and __cudaPushCallConfiguration on the host side.
    tu = assert_clean(SNIPPET_LAUNCHES, side)
    launches = [c for c in walk(tu.cursor)
                if c.kind == ci.CursorKind.CALL_EXPR and c.spelling == "k" and c.location.file
                and c.location.file.name == "snippet.cu"]
    assert len(launches) == 6
    for call in launches:
        assert call.referenced is not None and call.referenced.kind == ci.CursorKind.FUNCTION_DECL
        assert call.referenced.spelling == "k"
        # The <<<...>>> configuration is the launch's second child: a call to
        # cudaConfigureCall (device side) or __cudaPushCallConfiguration (host side).
        children = list(call.get_children())
        assert children[1].kind == ci.CursorKind.CALL_EXPR
        expected = "__cudaPushCallConfiguration" if side == ["--cuda-host-only"] else "cudaConfigureCall"
        assert children[1].spelling == expected


def test_device_side_launch_with_rdc():
    src = r"""
__global__ void child(int* p) { p[threadIdx.x] = 1; }
__global__ void parent(int* p) { child<<<1, 32>>>(p); }
"""
    assert_clean(src, ["-fgpu-rdc"])


# --------------------------------------------------------------------------- (5)
SNIPPET_LAYOUT = r"""
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2");
static_assert(sizeof(double4) == 32 && alignof(double4) == 16, "double4");
static_assert(sizeof(double4_32a) == 32 && alignof(double4_32a) == 32, "double4_32a");
static_assert(sizeof(long4_16a) == 32 && alignof(long4_16a) == 16, "long4_16a");
static_assert(sizeof(longlong2) == 16 && alignof(longlong2) == 16, "longlong2");
static_assert(sizeof(long2) == 2 * sizeof(long) && alignof(long2) == 2 * sizeof(long), "long2");
static_assert(sizeof(char2) == 2 && alignof(char2) == 2, "char2");
static_assert(sizeof(char3) == 3 && alignof(char3) == 1, "char3");
static_assert(sizeof(char4) == 4 && alignof(char4) == 4, "char4");
static_assert(sizeof(short2) == 4 && alignof(short2) == 4, "short2");
static_assert(sizeof(short4) == 8 && alignof(short4) == 8, "short4");
static_assert(sizeof(int2) == 8 && alignof(int2) == 8, "int2");
static_assert(sizeof(int4) == 16 && alignof(int4) == 16, "int4");
static_assert(sizeof(uint3) == 12 && alignof(uint3) == 4, "uint3");
static_assert(sizeof(dim3) == 12 && alignof(dim3) == 4, "dim3");
static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "__half");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "__half2");
static_assert(sizeof(__nv_bfloat16) == 2 && alignof(__nv_bfloat16) == 2, "bf16");
static_assert(sizeof(__nv_bfloat162) == 4 && alignof(__nv_bfloat162) == 4, "bf162");
static_assert(dim3().x == 1 && dim3(4).y == 1 && dim3(4, 5, 6).z == 6, "dim3 constexpr");
"""


def test_layouts_static_asserts():
    assert_clean(SNIPPET_LAYOUT)


def _cuda_toolkit() -> str | None:
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root and (Path(root) / "include" / "vector_types.h").is_file():
            return root
    return None


VECTOR_TYPES = [f"{b}{n}" for b in ("char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                                     "longlong", "ulonglong", "float", "double") for n in (1, 2, 3, 4)]
VECTOR_TYPES += [f"{b}4_{a}" for b in ("long", "ulong", "longlong", "ulonglong", "double") for a in ("16a", "32a")]
VECTOR_TYPES += ["dim3", "__half", "__half2", "__nv_bfloat16", "__nv_bfloat162"]


def _layouts(tu) -> dict[str, tuple[int, int]]:
    out = {}
    for c in tu.cursor.get_children():
        if c.kind == ci.CursorKind.VAR_DECL and c.spelling.startswith("v_"):
            out[VECTOR_TYPES[int(c.spelling[2:])]] = (c.type.get_size(), c.type.get_align())
    return out


@pytest.mark.skipif(_cuda_toolkit() is None, reason="no CUDA toolkit headers to compare with")
def test_layouts_match_the_real_toolkit():
    src = ("#include <cuda_runtime.h>\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n"
           + "\n".join(f"{t} v_{i};" for i, t in enumerate(VECTOR_TYPES)) + "\n")
    ours = _layouts(assert_clean(src))
    toolkit_args = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
                    f"--cuda-path={_cuda_toolkit()}", "-isystem", str(STANDIN_DIR), *_libstdcxx_args()]
    index = ci.Index.create()
    tu = index.parse("snippet.cu", args=toolkit_args, unsaved_files=[("snippet.cu", src)])
    if errors(tu):
        pytest.skip("the toolkit headers do not parse here: " + errors(tu)[0])
    real = _layouts(tu)
    assert len(ours) == len(VECTOR_TYPES)
    assert ours == real


# --------------------------------------------------------------------------- (6)
def test_threadidx_x_is_a_member_ref_to_a_field():
    tu = assert_clean(r"""
__global__ void k(float* p) {
  p[threadIdx.x + blockIdx.x * blockDim.x] = gridDim.y + threadIdx.z;
}
""")
    refs = [c for c in walk(tu.cursor) if c.kind == ci.CursorKind.MEMBER_REF_EXPR
            and c.location.file and c.location.file.name == "snippet.cu"]
    assert {r.spelling for r in refs} == {"x", "y", "z"}
    for r in refs:
        assert r.referenced.kind == ci.CursorKind.FIELD_DECL
        base = next(r.get_children())
        assert base.kind == ci.CursorKind.DECL_REF_EXPR
        assert base.spelling in ("threadIdx", "blockIdx", "blockDim", "gridDim")
    x_of_threadidx = [r for r in refs if r.spelling == "x" and next(r.get_children()).spelling == "threadIdx"]
    assert x_of_threadidx and x_of_threadidx[0].referenced.semantic_parent.spelling == "uint3"


# --------------------------------------------------------------------------- more
def test_managed_variable_is_a_device_variable_with_annotation():
    tu = assert_clean("__managed__ int counter;\n__global__ void k() { counter += 1; }\n")
    var = next(c for c in tu.cursor.get_children() if c.spelling == "counter")
    kinds = {c.kind for c in var.get_children()}
    assert ci.CursorKind.CUDADEVICE_ATTR in kinds
    annotations = [c.spelling for c in var.get_children() if c.kind == ci.CursorKind.ANNOTATE_ATTR]
    assert annotations == ["cuda_managed"]


def test_math_include_order_device_and_host():
    body = r"""
__device__ float dev(float x, double y) {
  return sqrtf(x) + sqrt(x) + sqrt(y) + expf(x) + exp(y) + powf(x, 2.f) + fabsf(x) + fmaxf(x, 1.f)
       + tanhf(x) + logf(x) + rsqrtf(x) + std::sqrt(x) + std::pow(x, 2) + (float)abs(-1);
}
float host(float x, double y) { return sqrtf(x) + sqrt(y) + expf(x) + (float)std::sqrt(y) + fabs(y); }
"""
    for first in ("", "#include <cmath>\n", "#include <math.h>\n"):
        for after in ("", "#include <cmath>\n", "#include <math.h>\n"):
            assert_clean(first + "#include <cuda_runtime.h>\n" + after + body)


def test_nvcc_implicit_includes():
    # nvcc's cuda_runtime.h drags in <stdio.h>, <stdlib.h>, <string.h>, <math.h>,
    # <assert.h>, <new>, <utility>: code relying on that must parse as well.
    assert_clean(r"""
__global__ void k(int* p) { assert(p); printf("%d\n", p[0]); p[1] = INT_MAX; }
struct S { int v; };
__global__ void placement(S* p) { new (p) S{1}; }
int main() {
  int* h = (int*)malloc(16); memset(h, 0, 16); printf("%f\n", sqrt(2.0) + fabs(-1.0));
  std::pair<int, int> pr = std::make_pair(1, 2); int m = std::move(pr.first);
  if (isnan(1.0)) std::exit(m);
  free(h); return 0;
}
""")


def test_stub_is_idempotent_and_every_standin_parses_alone():
    headers = sorted(p.relative_to(INCLUDE_DIR).as_posix() for p in INCLUDE_DIR.rglob("*")
                     if p.is_file() and p.parent != STANDIN_DIR)
    assert "cuda_stub.h" in headers
    src = "".join(f"#include <{h}>\n" for h in headers) + '#include "cuda_stub.h"\n#include <cuda_stub.h>\n'
    assert_clean(src)
    for h in headers:
        assert_clean(f"#include <{h}>\n#include <{h}>\n__global__ void k(float* p) {{ p[threadIdx.x] = 0; }}\n")


def test_library_standins():
    assert_clean(r"""
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/memcpy_async.h>
#include <mma.h>
#include <curand_kernel.h>
#include <cublas_v2.h>
#include <cublasLt.h>
#include <nvtx3/nvToolsExt.h>
namespace cg = cooperative_groups;
using namespace nvcuda;
__global__ void k(const float* g, float* out, curandState* st, const half* a, const half* b, float* c) {
  __shared__ float smem[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, smem, g, sizeof(float) * 256, bar);
  cuda::memcpy_async(&smem[threadIdx.x], &g[threadIdx.x], cuda::aligned_size_t<4>(sizeof(float)), bar);
  bar.arrive_and_wait();
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire(); cuda::memcpy_async(smem, g, sizeof(float), pipe); pipe.producer_commit();
  pipe.consumer_wait(); pipe.consumer_release();
  cg::memcpy_async(block, smem, g, 256); cg::wait(block);
  float s = cg::reduce(cg::tiled_partition<32>(block), smem[threadIdx.x], cg::plus<float>());
  curand_init(1234, threadIdx.x, 0, &st[threadIdx.x]);
  s += curand_uniform(&st[threadIdx.x]) + curand_normal(&st[threadIdx.x]);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16); wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  for (int i = 0; i < fc.num_elements; i++) fc.x[i] *= 2.0f;
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
  out[threadIdx.x] = s;
}
int main() {
  cublasHandle_t h; cublasCreate(&h); float alpha = 1, beta = 0; float *A = 0, *B = 0, *C = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, 4, 4, 4, &alpha, A, 4, B, 4, &beta, C, 4);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, &beta, C,
               CUDA_R_32F, 4, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT);
  nvtxRangePush("x"); nvtxRangePop();
  return cublasDestroy(h) == CUBLAS_STATUS_SUCCESS ? 0 : 1;
}
""")


def test_no_implicit_includes_switch():
    assert_clean("#include <cstdio>\n__global__ void k(float* p) { p[0] = sqrtf(p[1]); }\n"
                 "int main() { printf(\"x\"); }\n", ["-DSMEMLINT_NO_IMPLICIT_INCLUDES"])


def test_toolkit_standin_is_empty():
    text = (STANDIN_DIR / "curand_mtgp32_kernel.h").read_text()
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.S).strip()
    assert code == ""


# --------------------------------------------------------------------------- timing
def test_parse_time(capsys):
    t_all = timed_parse(SNIPPET_ALL)
    t_std = timed_parse(SNIPPET_STD_AFTER)
    with capsys.disabled():
        print(f"\n[cuda_stub] parse time: snippet (1) {t_all * 1000:.1f} ms, snippet (2) {t_std * 1000:.1f} ms")
    # Generous bounds: the point is to catch a pathological slowdown, not to benchmark.
    assert t_all < 2.0 and t_std < 4.0
