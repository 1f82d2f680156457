/*
 * cuda_stub.h -- smemlint's bundled CUDA declarations.
 *
 * Lets libclang parse CUDA sources on a machine without a CUDA toolkit.  It is
 * force-included (-include cuda_stub.h) in "bundled" mode, with
 *   -x cuda -nocudainc -nocudalib --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version
 *   -isystem <this directory>
 * so it is always the very first thing the translation unit sees.
 *
 * Everything here is a *declaration* used only for parsing and semantic
 * analysis: no code is ever generated from it.  Layouts (sizes, alignments,
 * field names) of the vector / half types follow CUDA 13.0 exactly, because the
 * linter's shared-memory and coalescing models depend on them.  Function
 * signatures follow the public CUDA 13.0 API.
 *
 * Notes on how libclang sees CUDA (clang 22, as shipped by libclang-ng):
 *  - libclang parses the *device* side of a -x cuda TU (target nvptx64,
 *    __CUDA_ARCH__ predefined, __NVPTX__ defined).  Device code (kernels,
 *    __device__ functions) may therefore only call __device__ or
 *    __host__ __device__ functions; calls to host-only functions are hard
 *    errors.  The C library (glibc <math.h>, <stdio.h>, ...) declares host-only
 *    functions, so this header adds __device__ *overloads* for the math
 *    functions, printf, malloc, free, memcpy, memset and __assert_fail, the same
 *    way clang's own CUDA wrapper headers do.  (A __host__ __device__
 *    redeclaration of an extern "C" glibc function is rejected by clang with
 *    "__host__ function 'sqrtf' cannot overload __host__ __device__ function",
 *    in either include order; a plain __device__ overload works in both.)
 *  - For math functions that libstdc++ also defines as constexpr overloads in
 *    namespace std (std::sqrt(float), ...), the __device__ overloads are
 *    using-declared into std *before* <cmath> can be seen, so libstdc++'s
 *    constexpr versions stay host-only instead of becoming implicitly
 *    __host__ __device__ and clashing (again mirroring clang's wrapper).
 *  - <<<...>>> launches: the device-side parse (libclang's default, and
 *    --cuda-device-only) looks up cudaConfigureCall -- with or without a
 *    detected CUDA install --, a host-side parse (--cuda-host-only) looks up
 *    __cudaPushCallConfiguration.  Both are declared.
 *  - threadIdx & co. are plain structs with fields x, y, z so that
 *    `threadIdx.x` is a MEMBER_REF_EXPR of a FIELD_DECL in libclang.
 */
#ifndef SMEMLINT_CUDA_STUB_H
#define SMEMLINT_CUDA_STUB_H

#ifndef __cplusplus
#error "smemlint cuda_stub.h is C++ only (parse with -x cuda)"
#endif

#define __SMEMLINT_CUDA_STUB__ 1


/* ======================================================================== */
/* 1. Compiler identification                                               */
/* ======================================================================== */
/* __CUDACC__ must be defined before any libstdc++ header is seen: with GNU
   extensions libstdc++ uses __float128 unless __CUDACC__ is defined. */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
/* clang predefines __CUDA_ARCH__ (900 for sm_90) on the device side, which is
   the side libclang parses; define it anyway for a host-side parse so device
   code paths in user headers stay visible. */
#ifndef __CUDA_ARCH__
#define __CUDA_ARCH__ 900
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 13
#endif
#ifndef __CUDACC_VER_MINOR__
#define __CUDACC_VER_MINOR__ 0
#endif
#ifndef __CUDACC_VER_BUILD__
#define __CUDACC_VER_BUILD__ 0
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 13000
#endif
#ifndef __CUDART_API_VERSION
#define __CUDART_API_VERSION 13000
#endif
/* Guards of the real headers this one stands in for, so that code testing for
   them (#ifdef __CUDA_RUNTIME_H__) behaves as under nvcc. */
#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__
#endif
#ifndef __VECTOR_TYPES_H__
#define __VECTOR_TYPES_H__
#endif
#ifndef __DRIVER_TYPES_H__
#define __DRIVER_TYPES_H__
#endif
#ifndef __CUDA_FP16_TYPES_EXIST__
#define __CUDA_FP16_TYPES_EXIST__
#endif
#ifndef __CUDA_BF16_TYPES_EXIST__
#define __CUDA_BF16_TYPES_EXIST__
#endif


/* ======================================================================== */
/* 2. Execution-space and qualifier macros                                  */
/* ======================================================================== */
#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#ifndef __managed__
/* clang honours the 'managed' attribute only in HIP mode; in CUDA mode it
   is dropped with a warning, which would leave a managed variable looking like
   a host variable (and make every kernel that uses it an error).  A managed
   variable is a device variable that the host may also touch, so spell it as
   __device__ plus an annotation the linter can find (ANNOTATE_ATTR
   "cuda_managed"). */
#define __managed__ __attribute__((device)) __attribute__((annotate("cuda_managed")))
#endif
#ifndef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#endif
/* clang treats __noinline__ as a keyword in CUDA mode (so that libstdc++'s
   __attribute__((__noinline__)) keeps working); only define it as a macro for
   a clang that does not. */
#if !defined(__noinline__) && __is_identifier(__noinline__)
#define __noinline__ __attribute__((noinline))
#endif
#ifndef __restrict__
#define __restrict__ __restrict
#endif
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif
#ifndef __builtin_align__
#define __builtin_align__(n) __attribute__((aligned(n)))
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#endif
#ifndef __grid_constant__
#if __has_attribute(grid_constant)
#define __grid_constant__ __attribute__((grid_constant))
#else
#define __grid_constant__
#endif
#endif
#ifndef __cluster_dims__
#if __has_attribute(cluster_dims)
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#else
#define __cluster_dims__(...)
#endif
#endif
#ifndef __maxnreg__
#define __maxnreg__(n)
#endif
#ifndef __no_return__
#define __no_return__ __attribute__((noreturn))
#endif
#ifndef __inline_hint__
#define __inline_hint__
#endif
#ifndef __device_builtin__
#define __device_builtin__
#endif
#ifndef __device_builtin_texture_type__
#define __device_builtin_texture_type__
#endif
#ifndef __device_builtin_surface_type__
#define __device_builtin_surface_type__
#endif
#ifndef __cudart_builtin__
#define __cudart_builtin__
#endif
#ifndef CUDARTAPI
#define CUDARTAPI
#endif
#ifndef CUDARTAPI_CDECL
#define CUDARTAPI_CDECL
#endif
#ifndef CUDART_CB
#define CUDART_CB
#endif
#ifndef CUDART_DEVICE
#define CUDART_DEVICE __attribute__((device))
#endif

/* Internal spellings, independent of whatever the user later does to the
   public macros.  #undef'd at the end of this file. */
#define __SMEMLINT_D __attribute__((device))
#define __SMEMLINT_HD __attribute__((host)) __attribute__((device))
#define __SMEMLINT_HDI static __inline__ __attribute__((host)) __attribute__((device))

/* clang's own stddef.h (from the resource directory): size_t, ptrdiff_t, NULL. */
#include <stddef.h>

/* The C headers nvcc's cuda_runtime.h drags into every .cu file (through
   crt/common_functions.h, crt/math_functions.h and driver_types.h), so code
   that relies on them -- printf/assert/sqrt/memcpy/INT_MAX without an
   #include -- parses as it compiles under nvcc.  The plain C library headers
   are cheap, and so are <new>, <cstdlib> and <utility> (included at the end of
   this file); the heavy C++ ones nvcc also adds (<cmath>, <functional>) cost
   ~0.1 s per parse with libstdc++ and are left to the user's own #includes
   (the __device__ math overloads below do not need them).  libstdc++'s
   <math.h>/<stdlib.h> wrappers would
   pull in <cmath>/<cstdlib>, so they are bypassed with
   _GLIBCXX_INCLUDE_NEXT_C_HEADERS: this includes glibc's headers directly, and
   a later #include <cmath> by the user still works normally.
   -DSMEMLINT_NO_IMPLICIT_INCLUDES skips these (and the C++ ones at the end of
   this file), saving ~25 ms per parse for code that includes what it uses. */
#ifndef SMEMLINT_NO_IMPLICIT_INCLUDES
#pragma push_macro("_GLIBCXX_INCLUDE_NEXT_C_HEADERS")
#undef _GLIBCXX_INCLUDE_NEXT_C_HEADERS
#define _GLIBCXX_INCLUDE_NEXT_C_HEADERS 1
#if __has_include(<stdio.h>)
#include <stdio.h>
#endif
#if __has_include(<stdlib.h>)
#include <stdlib.h>
#endif
#if __has_include(<string.h>)
#include <string.h>
#endif
#if __has_include(<time.h>)
#include <time.h>
#endif
#if __has_include(<assert.h>)
#include <assert.h>
#endif
#if __has_include(<math.h>)
#include <math.h>
#endif
#include <limits.h>
#pragma pop_macro("_GLIBCXX_INCLUDE_NEXT_C_HEADERS")
/* <new> is cheap and nvcc provides it too (placement new in device code). */
#if __has_include(<new>)
#include <new>
#endif
#endif /* SMEMLINT_NO_IMPLICIT_INCLUDES */
/* glibc's <math.h> defines the classification functions as macros; <cmath>
   (which nvcc's headers include) replaces them with overloaded functions.  Do
   the same, so that isnan(x) & co. resolve to the overloads declared below. */
#undef fpclassify
#undef isfinite
#undef isinf
#undef isnan
#undef isnormal
#undef signbit
#undef isgreater
#undef isgreaterequal
#undef isless
#undef islessequal
#undef islessgreater
#undef isunordered

/* ======================================================================== */
/* 3. Built-in vector types (CUDA 13.0 vector_types.h layouts)              */
/* ======================================================================== */
struct char1 { signed char x; };
struct __attribute__((aligned(2))) char2 { signed char x, y; };
struct char3 { signed char x, y, z; };
struct __attribute__((aligned(4))) char4 { signed char x, y, z, w; };
struct uchar1 { unsigned char x; };
struct __attribute__((aligned(2))) uchar2 { unsigned char x, y; };
struct uchar3 { unsigned char x, y, z; };
struct __attribute__((aligned(4))) uchar4 { unsigned char x, y, z, w; };
struct short1 { short x; };
struct __attribute__((aligned(4))) short2 { short x, y; };
struct short3 { short x, y, z; };
struct __attribute__((aligned(8))) short4 { short x, y, z, w; };
struct ushort1 { unsigned short x; };
struct __attribute__((aligned(4))) ushort2 { unsigned short x, y; };
struct ushort3 { unsigned short x, y, z; };
struct __attribute__((aligned(8))) ushort4 { unsigned short x, y, z, w; };
struct int1 { int x; };
struct __attribute__((aligned(8))) int2 { int x, y; };
struct int3 { int x, y, z; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
struct uint1 { unsigned int x; };
struct __attribute__((aligned(8))) uint2 { unsigned int x, y; };
struct uint3 { unsigned int x, y, z; };
struct __attribute__((aligned(16))) uint4 { unsigned int x, y, z, w; };
struct long1 { long int x; };
struct __attribute__((aligned(2*sizeof(long int)))) long2 { long int x, y; };
struct long3 { long int x, y, z; };
struct __attribute__((aligned(16))) long4 { long int x, y, z, w; };
struct __attribute__((aligned(16))) long4_16a { long int x, y, z, w; };
struct __attribute__((aligned(32))) long4_32a { long int x, y, z, w; };
struct ulong1 { unsigned long int x; };
struct __attribute__((aligned(2*sizeof(unsigned long int)))) ulong2 { unsigned long int x, y; };
struct ulong3 { unsigned long int x, y, z; };
struct __attribute__((aligned(16))) ulong4 { unsigned long int x, y, z, w; };
struct __attribute__((aligned(16))) ulong4_16a { unsigned long int x, y, z, w; };
struct __attribute__((aligned(32))) ulong4_32a { unsigned long int x, y, z, w; };
struct longlong1 { long long int x; };
struct __attribute__((aligned(16))) longlong2 { long long int x, y; };
struct longlong3 { long long int x, y, z; };
struct __attribute__((aligned(16))) longlong4 { long long int x, y, z, w; };
struct __attribute__((aligned(16))) longlong4_16a { long long int x, y, z, w; };
struct __attribute__((aligned(32))) longlong4_32a { long long int x, y, z, w; };
struct ulonglong1 { unsigned long long int x; };
struct __attribute__((aligned(16))) ulonglong2 { unsigned long long int x, y; };
struct ulonglong3 { unsigned long long int x, y, z; };
struct __attribute__((aligned(16))) ulonglong4 { unsigned long long int x, y, z, w; };
struct __attribute__((aligned(16))) ulonglong4_16a { unsigned long long int x, y, z, w; };
struct __attribute__((aligned(32))) ulonglong4_32a { unsigned long long int x, y, z, w; };
struct float1 { float x; };
struct __attribute__((aligned(8))) float2 { float x, y; };
struct float3 { float x, y, z; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct double1 { double x; };
struct __attribute__((aligned(16))) double2 { double x, y; };
struct double3 { double x, y, z; };
struct __attribute__((aligned(16))) double4 { double x, y, z, w; };
struct __attribute__((aligned(16))) double4_16a { double x, y, z, w; };
struct __attribute__((aligned(32))) double4_32a { double x, y, z, w; };
/* dim3: a plain struct (fields x, y, z) with CUDA's constexpr constructors. */
struct dim3 {
    unsigned int x, y, z;
    __SMEMLINT_HD constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    __SMEMLINT_HD constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    __SMEMLINT_HD constexpr operator uint3(void) const { return uint3{x, y, z}; }
};

/* make_<type>() constructors (vector_functions.h) */
__SMEMLINT_HDI char1 make_char1(signed char x) { char1 t = {x}; return t; }
__SMEMLINT_HDI char2 make_char2(signed char x, signed char y) { char2 t = {x, y}; return t; }
__SMEMLINT_HDI char3 make_char3(signed char x, signed char y, signed char z) { char3 t = {x, y, z}; return t; }
__SMEMLINT_HDI char4 make_char4(signed char x, signed char y, signed char z, signed char w) { char4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI uchar1 make_uchar1(unsigned char x) { uchar1 t = {x}; return t; }
__SMEMLINT_HDI uchar2 make_uchar2(unsigned char x, unsigned char y) { uchar2 t = {x, y}; return t; }
__SMEMLINT_HDI uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z) { uchar3 t = {x, y, z}; return t; }
__SMEMLINT_HDI uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { uchar4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI short1 make_short1(short x) { short1 t = {x}; return t; }
__SMEMLINT_HDI short2 make_short2(short x, short y) { short2 t = {x, y}; return t; }
__SMEMLINT_HDI short3 make_short3(short x, short y, short z) { short3 t = {x, y, z}; return t; }
__SMEMLINT_HDI short4 make_short4(short x, short y, short z, short w) { short4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI ushort1 make_ushort1(unsigned short x) { ushort1 t = {x}; return t; }
__SMEMLINT_HDI ushort2 make_ushort2(unsigned short x, unsigned short y) { ushort2 t = {x, y}; return t; }
__SMEMLINT_HDI ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z) { ushort3 t = {x, y, z}; return t; }
__SMEMLINT_HDI ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w) { ushort4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI int1 make_int1(int x) { int1 t = {x}; return t; }
__SMEMLINT_HDI int2 make_int2(int x, int y) { int2 t = {x, y}; return t; }
__SMEMLINT_HDI int3 make_int3(int x, int y, int z) { int3 t = {x, y, z}; return t; }
__SMEMLINT_HDI int4 make_int4(int x, int y, int z, int w) { int4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI uint1 make_uint1(unsigned int x) { uint1 t = {x}; return t; }
__SMEMLINT_HDI uint2 make_uint2(unsigned int x, unsigned int y) { uint2 t = {x, y}; return t; }
__SMEMLINT_HDI uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { uint3 t = {x, y, z}; return t; }
__SMEMLINT_HDI uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) { uint4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI long1 make_long1(long int x) { long1 t = {x}; return t; }
__SMEMLINT_HDI long2 make_long2(long int x, long int y) { long2 t = {x, y}; return t; }
__SMEMLINT_HDI long3 make_long3(long int x, long int y, long int z) { long3 t = {x, y, z}; return t; }
__SMEMLINT_HDI long4 make_long4(long int x, long int y, long int z, long int w) { long4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI long4_16a make_long4_16a(long int x, long int y, long int z, long int w) { long4_16a t = {x, y, z, w}; return t; }
__SMEMLINT_HDI long4_32a make_long4_32a(long int x, long int y, long int z, long int w) { long4_32a t = {x, y, z, w}; return t; }
__SMEMLINT_HDI ulong1 make_ulong1(unsigned long int x) { ulong1 t = {x}; return t; }
__SMEMLINT_HDI ulong2 make_ulong2(unsigned long int x, unsigned long int y) { ulong2 t = {x, y}; return t; }
__SMEMLINT_HDI ulong3 make_ulong3(unsigned long int x, unsigned long int y, unsigned long int z) { ulong3 t = {x, y, z}; return t; }
__SMEMLINT_HDI ulong4 make_ulong4(unsigned long int x, unsigned long int y, unsigned long int z, unsigned long int w) { ulong4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI ulong4_16a make_ulong4_16a(unsigned long int x, unsigned long int y, unsigned long int z, unsigned long int w) { ulong4_16a t = {x, y, z, w}; return t; }
__SMEMLINT_HDI ulong4_32a make_ulong4_32a(unsigned long int x, unsigned long int y, unsigned long int z, unsigned long int w) { ulong4_32a t = {x, y, z, w}; return t; }
__SMEMLINT_HDI longlong1 make_longlong1(long long int x) { longlong1 t = {x}; return t; }
__SMEMLINT_HDI longlong2 make_longlong2(long long int x, long long int y) { longlong2 t = {x, y}; return t; }
__SMEMLINT_HDI longlong3 make_longlong3(long long int x, long long int y, long long int z) { longlong3 t = {x, y, z}; return t; }
__SMEMLINT_HDI longlong4 make_longlong4(long long int x, long long int y, long long int z, long long int w) { longlong4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI longlong4_16a make_longlong4_16a(long long int x, long long int y, long long int z, long long int w) { longlong4_16a t = {x, y, z, w}; return t; }
__SMEMLINT_HDI longlong4_32a make_longlong4_32a(long long int x, long long int y, long long int z, long long int w) { longlong4_32a t = {x, y, z, w}; return t; }
__SMEMLINT_HDI ulonglong1 make_ulonglong1(unsigned long long int x) { ulonglong1 t = {x}; return t; }
__SMEMLINT_HDI ulonglong2 make_ulonglong2(unsigned long long int x, unsigned long long int y) { ulonglong2 t = {x, y}; return t; }
__SMEMLINT_HDI ulonglong3 make_ulonglong3(unsigned long long int x, unsigned long long int y, unsigned long long int z) { ulonglong3 t = {x, y, z}; return t; }
__SMEMLINT_HDI ulonglong4 make_ulonglong4(unsigned long long int x, unsigned long long int y, unsigned long long int z, unsigned long long int w) { ulonglong4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI ulonglong4_16a make_ulonglong4_16a(unsigned long long int x, unsigned long long int y, unsigned long long int z, unsigned long long int w) { ulonglong4_16a t = {x, y, z, w}; return t; }
__SMEMLINT_HDI ulonglong4_32a make_ulonglong4_32a(unsigned long long int x, unsigned long long int y, unsigned long long int z, unsigned long long int w) { ulonglong4_32a t = {x, y, z, w}; return t; }
__SMEMLINT_HDI float1 make_float1(float x) { float1 t = {x}; return t; }
__SMEMLINT_HDI float2 make_float2(float x, float y) { float2 t = {x, y}; return t; }
__SMEMLINT_HDI float3 make_float3(float x, float y, float z) { float3 t = {x, y, z}; return t; }
__SMEMLINT_HDI float4 make_float4(float x, float y, float z, float w) { float4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI double1 make_double1(double x) { double1 t = {x}; return t; }
__SMEMLINT_HDI double2 make_double2(double x, double y) { double2 t = {x, y}; return t; }
__SMEMLINT_HDI double3 make_double3(double x, double y, double z) { double3 t = {x, y, z}; return t; }
__SMEMLINT_HDI double4 make_double4(double x, double y, double z, double w) { double4 t = {x, y, z, w}; return t; }
__SMEMLINT_HDI double4_16a make_double4_16a(double x, double y, double z, double w) { double4_16a t = {x, y, z, w}; return t; }
__SMEMLINT_HDI double4_32a make_double4_32a(double x, double y, double z, double w) { double4_32a t = {x, y, z, w}; return t; }

/* ======================================================================== */
/* 4. Built-in variables                                                    */
/* ======================================================================== */
/* Plain structs, so threadIdx.x is a MEMBER_REF_EXPR to FIELD_DECL 'x'. */
extern const __SMEMLINT_D uint3 threadIdx;
extern const __SMEMLINT_D uint3 blockIdx;
extern const __SMEMLINT_D dim3 blockDim;
extern const __SMEMLINT_D dim3 gridDim;
extern const __SMEMLINT_D int warpSize;
/* Thread-block clusters (sm_90) */
extern const __SMEMLINT_D dim3 clusterDim;
extern const __SMEMLINT_D uint3 clusterIdx;

/* ======================================================================== */
/* 5. __half / __nv_bfloat16 (cuda_fp16.h / cuda_bf16.h, CUDA 13.0 API)     */
/* ======================================================================== */
struct __attribute__((aligned(2))) __half_raw { unsigned short x; };
struct __attribute__((aligned(4))) __half2_raw { unsigned short x; unsigned short y; };
struct __attribute__((aligned(2))) __nv_bfloat16_raw { unsigned short x; };
struct __attribute__((aligned(4))) __nv_bfloat162_raw { unsigned short x; unsigned short y; };
struct __nv_bfloat16;
struct __attribute__((aligned(2))) __half {
protected:
    unsigned short __x;
public:
    __half() = default;
    __SMEMLINT_HD constexpr __half(const __half_raw &hr) : __x(hr.x) {}
    __SMEMLINT_HD __half &operator=(const __half_raw &hr);
    __SMEMLINT_HD operator __half_raw() const;
    __SMEMLINT_HD __half(float f);
    __SMEMLINT_HD __half(double f);
    __SMEMLINT_HD __half(short val);
    __SMEMLINT_HD __half(unsigned short val);
    __SMEMLINT_HD __half(int val);
    __SMEMLINT_HD __half(unsigned int val);
    __SMEMLINT_HD __half(long val);
    __SMEMLINT_HD __half(unsigned long val);
    __SMEMLINT_HD __half(long long val);
    __SMEMLINT_HD __half(unsigned long long val);
    __SMEMLINT_HD operator float() const;
    __SMEMLINT_HD explicit operator bool() const;
    __SMEMLINT_HD operator signed char() const;
    __SMEMLINT_HD operator unsigned char() const;
    __SMEMLINT_HD operator char() const;
    __SMEMLINT_HD operator short() const;
    __SMEMLINT_HD operator unsigned short() const;
    __SMEMLINT_HD operator int() const;
    __SMEMLINT_HD operator unsigned int() const;
    __SMEMLINT_HD operator long() const;
    __SMEMLINT_HD operator unsigned long() const;
    __SMEMLINT_HD operator long long() const;
    __SMEMLINT_HD operator unsigned long long() const;
    __SMEMLINT_HD __half &operator=(float val);
    __SMEMLINT_HD __half &operator=(double val);
    __SMEMLINT_HD __half &operator=(short val);
    __SMEMLINT_HD __half &operator=(unsigned short val);
    __SMEMLINT_HD __half &operator=(int val);
    __SMEMLINT_HD __half &operator=(unsigned int val);
    __SMEMLINT_HD __half &operator=(long long val);
    __SMEMLINT_HD __half &operator=(unsigned long long val);
};
struct __attribute__((aligned(4))) __half2 {
    __half x;
    __half y;
    __half2() = default;
    __SMEMLINT_HD constexpr __half2(const __half &a, const __half &b) : x(a), y(b) {}
    __SMEMLINT_HD __half2(const __half2_raw &h2r);
    __SMEMLINT_HD __half2 &operator=(const __half2_raw &h2r);
    __SMEMLINT_HD operator __half2_raw() const;
};
struct __attribute__((aligned(2))) __nv_bfloat16 {
protected:
    unsigned short __x;
public:
    __nv_bfloat16() = default;
    __SMEMLINT_HD constexpr __nv_bfloat16(const __nv_bfloat16_raw &hr) : __x(hr.x) {}
    __SMEMLINT_HD __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr);
    __SMEMLINT_HD operator __nv_bfloat16_raw() const;
    __SMEMLINT_HD __nv_bfloat16(float f);
    __SMEMLINT_HD __nv_bfloat16(double f);
    __SMEMLINT_HD __nv_bfloat16(short val);
    __SMEMLINT_HD __nv_bfloat16(unsigned short val);
    __SMEMLINT_HD __nv_bfloat16(int val);
    __SMEMLINT_HD __nv_bfloat16(unsigned int val);
    __SMEMLINT_HD __nv_bfloat16(long val);
    __SMEMLINT_HD __nv_bfloat16(unsigned long val);
    __SMEMLINT_HD __nv_bfloat16(long long val);
    __SMEMLINT_HD __nv_bfloat16(unsigned long long val);
    __SMEMLINT_HD operator float() const;
    __SMEMLINT_HD explicit operator bool() const;
    __SMEMLINT_HD operator signed char() const;
    __SMEMLINT_HD operator unsigned char() const;
    __SMEMLINT_HD operator char() const;
    __SMEMLINT_HD operator short() const;
    __SMEMLINT_HD operator unsigned short() const;
    __SMEMLINT_HD operator int() const;
    __SMEMLINT_HD operator unsigned int() const;
    __SMEMLINT_HD operator long() const;
    __SMEMLINT_HD operator unsigned long() const;
    __SMEMLINT_HD operator long long() const;
    __SMEMLINT_HD operator unsigned long long() const;
    __SMEMLINT_HD __nv_bfloat16 &operator=(float val);
    __SMEMLINT_HD __nv_bfloat16 &operator=(double val);
    __SMEMLINT_HD __nv_bfloat16 &operator=(short val);
    __SMEMLINT_HD __nv_bfloat16 &operator=(unsigned short val);
    __SMEMLINT_HD __nv_bfloat16 &operator=(int val);
    __SMEMLINT_HD __nv_bfloat16 &operator=(unsigned int val);
    __SMEMLINT_HD __nv_bfloat16 &operator=(long long val);
    __SMEMLINT_HD __nv_bfloat16 &operator=(unsigned long long val);
};
struct __attribute__((aligned(4))) __nv_bfloat162 {
    __nv_bfloat16 x;
    __nv_bfloat16 y;
    __nv_bfloat162() = default;
    __SMEMLINT_HD constexpr __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
    __SMEMLINT_HD __nv_bfloat162(const __nv_bfloat162_raw &h2r);
    __SMEMLINT_HD __nv_bfloat162 &operator=(const __nv_bfloat162_raw &h2r);
    __SMEMLINT_HD operator __nv_bfloat162_raw() const;
};
typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
/* Operators (__host__ __device__ in CUDA 13.0) */
__SMEMLINT_HD __half operator+(const __half &lh, const __half &rh);
__SMEMLINT_HD __half operator-(const __half &lh, const __half &rh);
__SMEMLINT_HD __half operator*(const __half &lh, const __half &rh);
__SMEMLINT_HD __half operator/(const __half &lh, const __half &rh);
__SMEMLINT_HD __half &operator+=(__half &lh, const __half &rh);
__SMEMLINT_HD __half &operator-=(__half &lh, const __half &rh);
__SMEMLINT_HD __half &operator*=(__half &lh, const __half &rh);
__SMEMLINT_HD __half &operator/=(__half &lh, const __half &rh);
__SMEMLINT_HD __half &operator++(__half &h);
__SMEMLINT_HD __half &operator--(__half &h);
__SMEMLINT_HD __half operator++(__half &h, int);
__SMEMLINT_HD __half operator--(__half &h, int);
__SMEMLINT_HD __half operator+(const __half &h);
__SMEMLINT_HD __half operator-(const __half &h);
__SMEMLINT_HD bool operator==(const __half &lh, const __half &rh);
__SMEMLINT_HD bool operator!=(const __half &lh, const __half &rh);
__SMEMLINT_HD bool operator<(const __half &lh, const __half &rh);
__SMEMLINT_HD bool operator>(const __half &lh, const __half &rh);
__SMEMLINT_HD bool operator<=(const __half &lh, const __half &rh);
__SMEMLINT_HD bool operator>=(const __half &lh, const __half &rh);
__SMEMLINT_HD __half2 operator+(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD __half2 operator-(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD __half2 operator*(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD __half2 operator/(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD __half2 &operator+=(__half2 &lh, const __half2 &rh);
__SMEMLINT_HD __half2 &operator-=(__half2 &lh, const __half2 &rh);
__SMEMLINT_HD __half2 &operator*=(__half2 &lh, const __half2 &rh);
__SMEMLINT_HD __half2 &operator/=(__half2 &lh, const __half2 &rh);
__SMEMLINT_HD __half2 &operator++(__half2 &h);
__SMEMLINT_HD __half2 &operator--(__half2 &h);
__SMEMLINT_HD __half2 operator++(__half2 &h, int);
__SMEMLINT_HD __half2 operator--(__half2 &h, int);
__SMEMLINT_HD __half2 operator+(const __half2 &h);
__SMEMLINT_HD __half2 operator-(const __half2 &h);
__SMEMLINT_HD bool operator==(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD bool operator!=(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD bool operator<(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD bool operator>(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD bool operator<=(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD bool operator>=(const __half2 &lh, const __half2 &rh);
__SMEMLINT_HD __nv_bfloat16 operator+(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD __nv_bfloat16 operator-(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD __nv_bfloat16 operator*(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD __nv_bfloat16 operator/(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD __nv_bfloat16 &operator+=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD __nv_bfloat16 &operator-=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD __nv_bfloat16 &operator*=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD __nv_bfloat16 &operator/=(__nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD __nv_bfloat16 &operator++(__nv_bfloat16 &h);
__SMEMLINT_HD __nv_bfloat16 &operator--(__nv_bfloat16 &h);
__SMEMLINT_HD __nv_bfloat16 operator++(__nv_bfloat16 &h, int);
__SMEMLINT_HD __nv_bfloat16 operator--(__nv_bfloat16 &h, int);
__SMEMLINT_HD __nv_bfloat16 operator+(const __nv_bfloat16 &h);
__SMEMLINT_HD __nv_bfloat16 operator-(const __nv_bfloat16 &h);
__SMEMLINT_HD bool operator==(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD bool operator!=(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD bool operator<(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD bool operator>(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD bool operator<=(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD bool operator>=(const __nv_bfloat16 &lh, const __nv_bfloat16 &rh);
__SMEMLINT_HD __nv_bfloat162 operator+(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD __nv_bfloat162 operator-(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD __nv_bfloat162 operator*(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD __nv_bfloat162 operator/(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD __nv_bfloat162 &operator+=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD __nv_bfloat162 &operator-=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD __nv_bfloat162 &operator*=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD __nv_bfloat162 &operator/=(__nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD __nv_bfloat162 &operator++(__nv_bfloat162 &h);
__SMEMLINT_HD __nv_bfloat162 &operator--(__nv_bfloat162 &h);
__SMEMLINT_HD __nv_bfloat162 operator++(__nv_bfloat162 &h, int);
__SMEMLINT_HD __nv_bfloat162 operator--(__nv_bfloat162 &h, int);
__SMEMLINT_HD __nv_bfloat162 operator+(const __nv_bfloat162 &h);
__SMEMLINT_HD __nv_bfloat162 operator-(const __nv_bfloat162 &h);
__SMEMLINT_HD bool operator==(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD bool operator!=(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD bool operator<(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD bool operator>(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD bool operator<=(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
__SMEMLINT_HD bool operator>=(const __nv_bfloat162 &lh, const __nv_bfloat162 &rh);
/* Conversion / arithmetic / comparison / math functions: the CUDA 13.0
   cuda_fp16.h and cuda_bf16.h API, __host__ __device__ or __device__ as there.
   Shuffles, cache-hinted loads/stores and atomicAdd for these types are with
   the other overloads in sections 6-8. */
__SMEMLINT_HD __half __double2half(double a);
__SMEMLINT_HD __half __float2half(float a);
__SMEMLINT_HD __half __float2half_rn(float a);
__SMEMLINT_HD __half __float2half_rz(float a);
__SMEMLINT_HD __half __float2half_rd(float a);
__SMEMLINT_HD __half __float2half_ru(float a);
__SMEMLINT_HD float __half2float(__half a);
__SMEMLINT_HD __half2 __float2half2_rn(float a);
__SMEMLINT_HD __half2 __floats2half2_rn(float a, float b);
__SMEMLINT_HD float __low2float(__half2 a);
__SMEMLINT_HD float __high2float(__half2 a);
__SMEMLINT_HD signed char __half2char_rz(__half h);
__SMEMLINT_HD unsigned char __half2uchar_rz(__half h);
__SMEMLINT_HD short int __half2short_rz(__half h);
__SMEMLINT_HD unsigned short int __half2ushort_rz(__half h);
__SMEMLINT_HD int __half2int_rz(__half h);
__SMEMLINT_HD unsigned int __half2uint_rz(__half h);
__SMEMLINT_HD long long int __half2ll_rz(__half h);
__SMEMLINT_HD unsigned long long int __half2ull_rz(__half h);
__SMEMLINT_HD __half2 make_half2(__half x, __half y);
__SMEMLINT_HD __half2 __float22half2_rn(float2 a);
__SMEMLINT_HD float2 __half22float2(__half2 a);
__SMEMLINT_D int __half2int_rn(__half h);
__SMEMLINT_D int __half2int_rd(__half h);
__SMEMLINT_D int __half2int_ru(__half h);
__SMEMLINT_HD __half __int2half_rn(int i);
__SMEMLINT_HD __half __int2half_rz(int i);
__SMEMLINT_HD __half __int2half_rd(int i);
__SMEMLINT_HD __half __int2half_ru(int i);
__SMEMLINT_D short int __half2short_rn(__half h);
__SMEMLINT_D short int __half2short_rd(__half h);
__SMEMLINT_D short int __half2short_ru(__half h);
__SMEMLINT_HD __half __short2half_rn(short int i);
__SMEMLINT_HD __half __short2half_rz(short int i);
__SMEMLINT_HD __half __short2half_rd(short int i);
__SMEMLINT_HD __half __short2half_ru(short int i);
__SMEMLINT_D unsigned int __half2uint_rn(__half h);
__SMEMLINT_D unsigned int __half2uint_rd(__half h);
__SMEMLINT_D unsigned int __half2uint_ru(__half h);
__SMEMLINT_HD __half __uint2half_rn(unsigned int i);
__SMEMLINT_HD __half __uint2half_rz(unsigned int i);
__SMEMLINT_HD __half __uint2half_rd(unsigned int i);
__SMEMLINT_HD __half __uint2half_ru(unsigned int i);
__SMEMLINT_D unsigned short int __half2ushort_rn(__half h);
__SMEMLINT_D unsigned short int __half2ushort_rd(__half h);
__SMEMLINT_D unsigned short int __half2ushort_ru(__half h);
__SMEMLINT_HD __half __ushort2half_rn(unsigned short int i);
__SMEMLINT_HD __half __ushort2half_rz(unsigned short int i);
__SMEMLINT_HD __half __ushort2half_rd(unsigned short int i);
__SMEMLINT_HD __half __ushort2half_ru(unsigned short int i);
__SMEMLINT_D unsigned long long int __half2ull_rn(__half h);
__SMEMLINT_D unsigned long long int __half2ull_rd(__half h);
__SMEMLINT_D unsigned long long int __half2ull_ru(__half h);
__SMEMLINT_HD __half __ull2half_rn(unsigned long long int i);
__SMEMLINT_HD __half __ull2half_rz(unsigned long long int i);
__SMEMLINT_HD __half __ull2half_rd(unsigned long long int i);
__SMEMLINT_HD __half __ull2half_ru(unsigned long long int i);
__SMEMLINT_D long long int __half2ll_rn(__half h);
__SMEMLINT_D long long int __half2ll_rd(__half h);
__SMEMLINT_D long long int __half2ll_ru(__half h);
__SMEMLINT_HD __half __ll2half_rn(long long int i);
__SMEMLINT_HD __half __ll2half_rz(long long int i);
__SMEMLINT_HD __half __ll2half_rd(long long int i);
__SMEMLINT_HD __half __ll2half_ru(long long int i);
__SMEMLINT_D __half htrunc(__half h);
__SMEMLINT_D __half hceil(__half h);
__SMEMLINT_D __half hfloor(__half h);
__SMEMLINT_D __half hrint(__half h);
__SMEMLINT_D __half2 h2trunc(__half2 h);
__SMEMLINT_D __half2 h2ceil(__half2 h);
__SMEMLINT_D __half2 h2floor(__half2 h);
__SMEMLINT_D __half2 h2rint(__half2 h);
__SMEMLINT_HD __half2 __half2half2(__half a);
__SMEMLINT_HD __half2 __lowhigh2highlow(__half2 a);
__SMEMLINT_HD __half2 __lows2half2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __highs2half2(__half2 a, __half2 b);
__SMEMLINT_HD __half __high2half(__half2 a);
__SMEMLINT_HD __half __low2half(__half2 a);
__SMEMLINT_HD int __hisinf(__half a);
__SMEMLINT_HD __half2 __halves2half2(__half a, __half b);
__SMEMLINT_HD __half2 __low2half2(__half2 a);
__SMEMLINT_HD __half2 __high2half2(__half2 a);
__SMEMLINT_HD short int __half_as_short(__half h);
__SMEMLINT_HD unsigned short int __half_as_ushort(__half h);
__SMEMLINT_HD __half __short_as_half(short int i);
__SMEMLINT_HD __half __ushort_as_half(unsigned short int i);
__SMEMLINT_HD __half __hmax(__half a, __half b);
__SMEMLINT_HD __half __hmin(__half a, __half b);
__SMEMLINT_HD __half2 __hmax2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hmin2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __heq2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hne2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hle2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hge2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hlt2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hgt2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hequ2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hneu2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hleu2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hgeu2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hltu2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hgtu2(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __heq2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hne2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hle2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hge2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hlt2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hgt2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hequ2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hneu2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hleu2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hgeu2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hltu2_mask(__half2 a, __half2 b);
__SMEMLINT_HD unsigned int __hgtu2_mask(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hisnan2(__half2 a);
__SMEMLINT_HD __half2 __hadd2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hsub2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hmul2(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hadd2_rn(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hsub2_rn(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hmul2_rn(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __h2div(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __habs2(__half2 a);
__SMEMLINT_HD __half2 __hadd2_sat(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hsub2_sat(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hmul2_sat(__half2 a, __half2 b);
__SMEMLINT_D __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__SMEMLINT_D __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c);
__SMEMLINT_HD __half2 __hneg2(__half2 a);
__SMEMLINT_HD __half __habs(__half a);
__SMEMLINT_HD __half __hadd(__half a, __half b);
__SMEMLINT_HD __half __hsub(__half a, __half b);
__SMEMLINT_HD __half __hmul(__half a, __half b);
__SMEMLINT_HD __half __hadd_rn(__half a, __half b);
__SMEMLINT_HD __half __hsub_rn(__half a, __half b);
__SMEMLINT_HD __half __hmul_rn(__half a, __half b);
__SMEMLINT_HD __half __hdiv(__half a, __half b);
__SMEMLINT_HD __half __hadd_sat(__half a, __half b);
__SMEMLINT_HD __half __hsub_sat(__half a, __half b);
__SMEMLINT_HD __half __hmul_sat(__half a, __half b);
__SMEMLINT_D __half __hfma(__half a, __half b, __half c);
__SMEMLINT_D __half __hfma_sat(__half a, __half b, __half c);
__SMEMLINT_HD __half __hneg(__half a);
__SMEMLINT_HD bool __hbeq2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hbne2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hble2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hbge2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hblt2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hbgt2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hbequ2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hbneu2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hbleu2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hbgeu2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hbltu2(__half2 a, __half2 b);
__SMEMLINT_HD bool __hbgtu2(__half2 a, __half2 b);
__SMEMLINT_HD bool __heq(__half a, __half b);
__SMEMLINT_HD bool __hne(__half a, __half b);
__SMEMLINT_HD bool __hle(__half a, __half b);
__SMEMLINT_HD bool __hge(__half a, __half b);
__SMEMLINT_HD bool __hlt(__half a, __half b);
__SMEMLINT_HD bool __hgt(__half a, __half b);
__SMEMLINT_HD bool __hequ(__half a, __half b);
__SMEMLINT_HD bool __hneu(__half a, __half b);
__SMEMLINT_HD bool __hleu(__half a, __half b);
__SMEMLINT_HD bool __hgeu(__half a, __half b);
__SMEMLINT_HD bool __hltu(__half a, __half b);
__SMEMLINT_HD bool __hgtu(__half a, __half b);
__SMEMLINT_HD bool __hisnan(__half a);
__SMEMLINT_HD __half __hmax_nan(__half a, __half b);
__SMEMLINT_HD __half __hmin_nan(__half a, __half b);
__SMEMLINT_D __half __hfma_relu(__half a, __half b, __half c);
__SMEMLINT_HD __half2 __hmax2_nan(__half2 a, __half2 b);
__SMEMLINT_HD __half2 __hmin2_nan(__half2 a, __half2 b);
__SMEMLINT_D __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c);
__SMEMLINT_D __half2 __hcmadd(__half2 a, __half2 b, __half2 c);
__SMEMLINT_D __half hsqrt(__half a);
__SMEMLINT_D __half hrsqrt(__half a);
__SMEMLINT_D __half hrcp(__half a);
__SMEMLINT_D __half hlog(__half a);
__SMEMLINT_D __half hlog2(__half a);
__SMEMLINT_D __half hlog10(__half a);
__SMEMLINT_D __half hexp(__half a);
__SMEMLINT_D __half htanh_approx(__half a);
__SMEMLINT_D __half2 h2tanh_approx(__half2 a);
__SMEMLINT_D __half htanh(__half a);
__SMEMLINT_D __half2 h2tanh(__half2 a);
__SMEMLINT_D __half hexp2(__half a);
__SMEMLINT_D __half hexp10(__half a);
__SMEMLINT_D __half hcos(__half a);
__SMEMLINT_D __half hsin(__half a);
__SMEMLINT_D __half2 h2sqrt(__half2 a);
__SMEMLINT_D __half2 h2rsqrt(__half2 a);
__SMEMLINT_D __half2 h2rcp(__half2 a);
__SMEMLINT_D __half2 h2log(__half2 a);
__SMEMLINT_D __half2 h2log2(__half2 a);
__SMEMLINT_D __half2 h2log10(__half2 a);
__SMEMLINT_D __half2 h2exp(__half2 a);
__SMEMLINT_D __half2 h2exp2(__half2 a);
__SMEMLINT_D __half2 h2exp10(__half2 a);
__SMEMLINT_D __half2 h2cos(__half2 a);
__SMEMLINT_D __half2 h2sin(__half2 a);
__SMEMLINT_HD __nv_bfloat16 __double2bfloat16(double a);
__SMEMLINT_HD __nv_bfloat16 __float2bfloat16(float a);
__SMEMLINT_HD __nv_bfloat16 __float2bfloat16_rn(float a);
__SMEMLINT_HD __nv_bfloat16 __float2bfloat16_rz(float a);
__SMEMLINT_HD __nv_bfloat16 __float2bfloat16_rd(float a);
__SMEMLINT_HD __nv_bfloat16 __float2bfloat16_ru(float a);
__SMEMLINT_HD float __bfloat162float(__nv_bfloat16 a);
__SMEMLINT_HD __nv_bfloat162 __float2bfloat162_rn(float a);
__SMEMLINT_HD __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__SMEMLINT_HD float __low2float(__nv_bfloat162 a);
__SMEMLINT_HD float __high2float(__nv_bfloat162 a);
__SMEMLINT_HD __nv_bfloat162 __float22bfloat162_rn(float2 a);
__SMEMLINT_HD float2 __bfloat1622float2(__nv_bfloat162 a);
__SMEMLINT_HD signed char __bfloat162char_rz(__nv_bfloat16 h);
__SMEMLINT_HD unsigned char __bfloat162uchar_rz(__nv_bfloat16 h);
__SMEMLINT_D int __bfloat162int_rn(__nv_bfloat16 h);
__SMEMLINT_HD int __bfloat162int_rz(__nv_bfloat16 h);
__SMEMLINT_D int __bfloat162int_rd(__nv_bfloat16 h);
__SMEMLINT_D int __bfloat162int_ru(__nv_bfloat16 h);
__SMEMLINT_HD __nv_bfloat16 __int2bfloat16_rn(int i);
__SMEMLINT_D __nv_bfloat16 __int2bfloat16_rz(int i);
__SMEMLINT_D __nv_bfloat16 __int2bfloat16_rd(int i);
__SMEMLINT_D __nv_bfloat16 __int2bfloat16_ru(int i);
__SMEMLINT_D short int __bfloat162short_rn(__nv_bfloat16 h);
__SMEMLINT_HD short int __bfloat162short_rz(__nv_bfloat16 h);
__SMEMLINT_D short int __bfloat162short_rd(__nv_bfloat16 h);
__SMEMLINT_D short int __bfloat162short_ru(__nv_bfloat16 h);
__SMEMLINT_HD __nv_bfloat16 __short2bfloat16_rn(short int i);
__SMEMLINT_D __nv_bfloat16 __short2bfloat16_rz(short int i);
__SMEMLINT_D __nv_bfloat16 __short2bfloat16_rd(short int i);
__SMEMLINT_D __nv_bfloat16 __short2bfloat16_ru(short int i);
__SMEMLINT_D unsigned int __bfloat162uint_rn(__nv_bfloat16 h);
__SMEMLINT_HD unsigned int __bfloat162uint_rz(__nv_bfloat16 h);
__SMEMLINT_D unsigned int __bfloat162uint_rd(__nv_bfloat16 h);
__SMEMLINT_D unsigned int __bfloat162uint_ru(__nv_bfloat16 h);
__SMEMLINT_HD __nv_bfloat16 __uint2bfloat16_rn(unsigned int i);
__SMEMLINT_D __nv_bfloat16 __uint2bfloat16_rz(unsigned int i);
__SMEMLINT_D __nv_bfloat16 __uint2bfloat16_rd(unsigned int i);
__SMEMLINT_D __nv_bfloat16 __uint2bfloat16_ru(unsigned int i);
__SMEMLINT_D unsigned short int __bfloat162ushort_rn(__nv_bfloat16 h);
__SMEMLINT_HD unsigned short int __bfloat162ushort_rz(__nv_bfloat16 h);
__SMEMLINT_D unsigned short int __bfloat162ushort_rd(__nv_bfloat16 h);
__SMEMLINT_D unsigned short int __bfloat162ushort_ru(__nv_bfloat16 h);
__SMEMLINT_HD __nv_bfloat16 __ushort2bfloat16_rn(unsigned short int i);
__SMEMLINT_D __nv_bfloat16 __ushort2bfloat16_rz(unsigned short int i);
__SMEMLINT_D __nv_bfloat16 __ushort2bfloat16_rd(unsigned short int i);
__SMEMLINT_D __nv_bfloat16 __ushort2bfloat16_ru(unsigned short int i);
__SMEMLINT_D unsigned long long int __bfloat162ull_rn(__nv_bfloat16 h);
__SMEMLINT_HD unsigned long long int __bfloat162ull_rz(__nv_bfloat16 h);
__SMEMLINT_HD __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y);
__SMEMLINT_D unsigned long long int __bfloat162ull_rd(__nv_bfloat16 h);
__SMEMLINT_D unsigned long long int __bfloat162ull_ru(__nv_bfloat16 h);
__SMEMLINT_HD __nv_bfloat16 __ull2bfloat16_rn(unsigned long long int i);
__SMEMLINT_D __nv_bfloat16 __ull2bfloat16_rz(unsigned long long int i);
__SMEMLINT_D __nv_bfloat16 __ull2bfloat16_rd(unsigned long long int i);
__SMEMLINT_D __nv_bfloat16 __ull2bfloat16_ru(unsigned long long int i);
__SMEMLINT_D long long int __bfloat162ll_rn(__nv_bfloat16 h);
__SMEMLINT_HD long long int __bfloat162ll_rz(__nv_bfloat16 h);
__SMEMLINT_D long long int __bfloat162ll_rd(__nv_bfloat16 h);
__SMEMLINT_D long long int __bfloat162ll_ru(__nv_bfloat16 h);
__SMEMLINT_HD __nv_bfloat16 __ll2bfloat16_rn(long long int i);
__SMEMLINT_D __nv_bfloat16 __ll2bfloat16_rz(long long int i);
__SMEMLINT_D __nv_bfloat16 __ll2bfloat16_rd(long long int i);
__SMEMLINT_D __nv_bfloat16 __ll2bfloat16_ru(long long int i);
__SMEMLINT_D __nv_bfloat16 htrunc(__nv_bfloat16 h);
__SMEMLINT_D __nv_bfloat16 hceil(__nv_bfloat16 h);
__SMEMLINT_D __nv_bfloat16 hfloor(__nv_bfloat16 h);
__SMEMLINT_D __nv_bfloat16 hrint(__nv_bfloat16 h);
__SMEMLINT_D __nv_bfloat162 h2trunc(__nv_bfloat162 h);
__SMEMLINT_D __nv_bfloat162 h2ceil(__nv_bfloat162 h);
__SMEMLINT_D __nv_bfloat162 h2floor(__nv_bfloat162 h);
__SMEMLINT_D __nv_bfloat162 h2rint(__nv_bfloat162 h);
__SMEMLINT_HD __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a);
__SMEMLINT_HD __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 a);
__SMEMLINT_HD __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a);
__SMEMLINT_HD __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a);
__SMEMLINT_HD int __hisinf(__nv_bfloat16 a);
__SMEMLINT_HD __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a);
__SMEMLINT_HD __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a);
__SMEMLINT_HD short int __bfloat16_as_short(__nv_bfloat16 h);
__SMEMLINT_HD unsigned short int __bfloat16_as_ushort(__nv_bfloat16 h);
__SMEMLINT_HD __nv_bfloat16 __short_as_bfloat16(short int i);
__SMEMLINT_HD __nv_bfloat16 __ushort_as_bfloat16(unsigned short int i);
__SMEMLINT_HD __nv_bfloat162 __heq2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hne2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hle2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hge2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hlt2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hgt2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hequ2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hneu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hleu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hgeu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hltu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hgtu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __heq2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hne2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hle2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hge2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hlt2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hgt2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hequ2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hneu2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hleu2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hgeu2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hltu2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD unsigned int __hgtu2_mask(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hisnan2(__nv_bfloat162 a);
__SMEMLINT_HD __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hsub2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hadd2_rn(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hsub2_rn(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hmul2_rn(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __h2div(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __habs2(__nv_bfloat162 a);
__SMEMLINT_HD __nv_bfloat162 __hadd2_sat(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hsub2_sat(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hmul2_sat(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_D __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__SMEMLINT_D __nv_bfloat162 __hfma2_sat(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__SMEMLINT_HD __nv_bfloat162 __hneg2(__nv_bfloat162 a);
__SMEMLINT_HD __nv_bfloat16 __habs(__nv_bfloat16 a);
__SMEMLINT_HD __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hadd_rn(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hsub_rn(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hmul_rn(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hadd_sat(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hsub_sat(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hmul_sat(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_D __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__SMEMLINT_D __nv_bfloat16 __hfma_sat(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__SMEMLINT_HD __nv_bfloat16 __hneg(__nv_bfloat16 a);
__SMEMLINT_HD bool __hbeq2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hbne2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hble2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hbge2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hblt2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hbgt2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hbequ2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hbneu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hbleu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hbgeu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hbltu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __hbgtu2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD bool __heq(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hne(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hle(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hge(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hequ(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hneu(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hleu(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hgeu(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hltu(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hgtu(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD bool __hisnan(__nv_bfloat16 a);
__SMEMLINT_HD __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hmax_nan(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_HD __nv_bfloat16 __hmin_nan(__nv_bfloat16 a, __nv_bfloat16 b);
__SMEMLINT_D __nv_bfloat16 __hfma_relu(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__SMEMLINT_HD __nv_bfloat162 __hmax2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hmin2(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hmax2_nan(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_HD __nv_bfloat162 __hmin2_nan(__nv_bfloat162 a, __nv_bfloat162 b);
__SMEMLINT_D __nv_bfloat162 __hfma2_relu(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__SMEMLINT_D __nv_bfloat162 __hcmadd(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__SMEMLINT_D __nv_bfloat16 hsqrt(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 hrsqrt(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 hrcp(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 hlog(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 hlog2(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 hlog10(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 hexp(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 htanh_approx(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat162 h2tanh_approx(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat16 htanh(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat162 h2tanh(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat16 hexp2(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 hexp10(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 hcos(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat16 hsin(__nv_bfloat16 a);
__SMEMLINT_D __nv_bfloat162 h2sqrt(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2rsqrt(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2rcp(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2log(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2log2(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2log10(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2exp(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2exp2(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2exp10(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2cos(__nv_bfloat162 a);
__SMEMLINT_D __nv_bfloat162 h2sin(__nv_bfloat162 a);

/* ======================================================================== */
/* 6. Synchronisation, warp-level primitives                                */
/* ======================================================================== */
__SMEMLINT_D void __syncthreads(void);
__SMEMLINT_D int __syncthreads_count(int predicate);
__SMEMLINT_D int __syncthreads_and(int predicate);
__SMEMLINT_D int __syncthreads_or(int predicate);
__SMEMLINT_D void __syncwarp(unsigned int mask = 0xffffffffu);
__SMEMLINT_D void __threadfence(void);
__SMEMLINT_D void __threadfence_block(void);
__SMEMLINT_D void __threadfence_system(void);
__SMEMLINT_D void __barrier_sync(unsigned int id);
__SMEMLINT_D void __barrier_sync_count(unsigned int id, unsigned int cnt);
__SMEMLINT_D void __nanosleep(unsigned int ns);
__SMEMLINT_D __attribute__((noreturn)) void __trap(void);
__SMEMLINT_D void __brkpt(void);
__SMEMLINT_D void __prof_trigger(int counter);

/* votes */
__SMEMLINT_D int __all_sync(unsigned int mask, int predicate);
__SMEMLINT_D int __any_sync(unsigned int mask, int predicate);
__SMEMLINT_D int __uni_sync(unsigned int mask, int predicate);
__SMEMLINT_D unsigned int __ballot_sync(unsigned int mask, int predicate);
__SMEMLINT_D unsigned int __activemask(void);
/* legacy (pre-Volta, removed for sm_70+ but still found in old code) */
__SMEMLINT_D int __all(int predicate);
__SMEMLINT_D int __any(int predicate);
__SMEMLINT_D unsigned int __ballot(int predicate);
/* shuffles */
__SMEMLINT_D int __shfl_sync(unsigned int mask, int var, int srcLane, int width = warpSize);
__SMEMLINT_D int __shfl_up_sync(unsigned int mask, int var, unsigned int delta, int width = warpSize);
__SMEMLINT_D int __shfl_down_sync(unsigned int mask, int var, unsigned int delta, int width = warpSize);
__SMEMLINT_D int __shfl_xor_sync(unsigned int mask, int var, int laneMask, int width = warpSize);
__SMEMLINT_D unsigned int __shfl_sync(unsigned int mask, unsigned int var, int srcLane, int width = warpSize);
__SMEMLINT_D unsigned int __shfl_up_sync(unsigned int mask, unsigned int var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned int __shfl_down_sync(unsigned int mask, unsigned int var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned int __shfl_xor_sync(unsigned int mask, unsigned int var, int laneMask, int width = warpSize);
__SMEMLINT_D long __shfl_sync(unsigned int mask, long var, int srcLane, int width = warpSize);
__SMEMLINT_D long __shfl_up_sync(unsigned int mask, long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D long __shfl_down_sync(unsigned int mask, long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D long __shfl_xor_sync(unsigned int mask, long var, int laneMask, int width = warpSize);
__SMEMLINT_D unsigned long __shfl_sync(unsigned int mask, unsigned long var, int srcLane, int width = warpSize);
__SMEMLINT_D unsigned long __shfl_up_sync(unsigned int mask, unsigned long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned long __shfl_down_sync(unsigned int mask, unsigned long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned long __shfl_xor_sync(unsigned int mask, unsigned long var, int laneMask, int width = warpSize);
__SMEMLINT_D long long __shfl_sync(unsigned int mask, long long var, int srcLane, int width = warpSize);
__SMEMLINT_D long long __shfl_up_sync(unsigned int mask, long long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D long long __shfl_down_sync(unsigned int mask, long long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D long long __shfl_xor_sync(unsigned int mask, long long var, int laneMask, int width = warpSize);
__SMEMLINT_D unsigned long long __shfl_sync(unsigned int mask, unsigned long long var, int srcLane, int width = warpSize);
__SMEMLINT_D unsigned long long __shfl_up_sync(unsigned int mask, unsigned long long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned long long __shfl_down_sync(unsigned int mask, unsigned long long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned long long __shfl_xor_sync(unsigned int mask, unsigned long long var, int laneMask, int width = warpSize);
__SMEMLINT_D float __shfl_sync(unsigned int mask, float var, int srcLane, int width = warpSize);
__SMEMLINT_D float __shfl_up_sync(unsigned int mask, float var, unsigned int delta, int width = warpSize);
__SMEMLINT_D float __shfl_down_sync(unsigned int mask, float var, unsigned int delta, int width = warpSize);
__SMEMLINT_D float __shfl_xor_sync(unsigned int mask, float var, int laneMask, int width = warpSize);
__SMEMLINT_D double __shfl_sync(unsigned int mask, double var, int srcLane, int width = warpSize);
__SMEMLINT_D double __shfl_up_sync(unsigned int mask, double var, unsigned int delta, int width = warpSize);
__SMEMLINT_D double __shfl_down_sync(unsigned int mask, double var, unsigned int delta, int width = warpSize);
__SMEMLINT_D double __shfl_xor_sync(unsigned int mask, double var, int laneMask, int width = warpSize);
__SMEMLINT_D __half __shfl_sync(unsigned int mask, __half var, int srcLane, int width = warpSize);
__SMEMLINT_D __half __shfl_up_sync(unsigned int mask, __half var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __half __shfl_down_sync(unsigned int mask, __half var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __half __shfl_xor_sync(unsigned int mask, __half var, int laneMask, int width = warpSize);
__SMEMLINT_D __half2 __shfl_sync(unsigned int mask, __half2 var, int srcLane, int width = warpSize);
__SMEMLINT_D __half2 __shfl_up_sync(unsigned int mask, __half2 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __half2 __shfl_down_sync(unsigned int mask, __half2 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __half2 __shfl_xor_sync(unsigned int mask, __half2 var, int laneMask, int width = warpSize);
__SMEMLINT_D __nv_bfloat16 __shfl_sync(unsigned int mask, __nv_bfloat16 var, int srcLane, int width = warpSize);
__SMEMLINT_D __nv_bfloat16 __shfl_up_sync(unsigned int mask, __nv_bfloat16 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __nv_bfloat16 __shfl_down_sync(unsigned int mask, __nv_bfloat16 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __nv_bfloat16 __shfl_xor_sync(unsigned int mask, __nv_bfloat16 var, int laneMask, int width = warpSize);
__SMEMLINT_D __nv_bfloat162 __shfl_sync(unsigned int mask, __nv_bfloat162 var, int srcLane, int width = warpSize);
__SMEMLINT_D __nv_bfloat162 __shfl_up_sync(unsigned int mask, __nv_bfloat162 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __nv_bfloat162 __shfl_down_sync(unsigned int mask, __nv_bfloat162 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __nv_bfloat162 __shfl_xor_sync(unsigned int mask, __nv_bfloat162 var, int laneMask, int width = warpSize);
/* legacy shuffles (no mask) */
__SMEMLINT_D int __shfl(int var, int srcLane, int width = warpSize);
__SMEMLINT_D int __shfl_up(int var, unsigned int delta, int width = warpSize);
__SMEMLINT_D int __shfl_down(int var, unsigned int delta, int width = warpSize);
__SMEMLINT_D int __shfl_xor(int var, int laneMask, int width = warpSize);
__SMEMLINT_D unsigned int __shfl(unsigned int var, int srcLane, int width = warpSize);
__SMEMLINT_D unsigned int __shfl_up(unsigned int var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned int __shfl_down(unsigned int var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned int __shfl_xor(unsigned int var, int laneMask, int width = warpSize);
__SMEMLINT_D long __shfl(long var, int srcLane, int width = warpSize);
__SMEMLINT_D long __shfl_up(long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D long __shfl_down(long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D long __shfl_xor(long var, int laneMask, int width = warpSize);
__SMEMLINT_D unsigned long __shfl(unsigned long var, int srcLane, int width = warpSize);
__SMEMLINT_D unsigned long __shfl_up(unsigned long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned long __shfl_down(unsigned long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned long __shfl_xor(unsigned long var, int laneMask, int width = warpSize);
__SMEMLINT_D long long __shfl(long long var, int srcLane, int width = warpSize);
__SMEMLINT_D long long __shfl_up(long long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D long long __shfl_down(long long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D long long __shfl_xor(long long var, int laneMask, int width = warpSize);
__SMEMLINT_D unsigned long long __shfl(unsigned long long var, int srcLane, int width = warpSize);
__SMEMLINT_D unsigned long long __shfl_up(unsigned long long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned long long __shfl_down(unsigned long long var, unsigned int delta, int width = warpSize);
__SMEMLINT_D unsigned long long __shfl_xor(unsigned long long var, int laneMask, int width = warpSize);
__SMEMLINT_D float __shfl(float var, int srcLane, int width = warpSize);
__SMEMLINT_D float __shfl_up(float var, unsigned int delta, int width = warpSize);
__SMEMLINT_D float __shfl_down(float var, unsigned int delta, int width = warpSize);
__SMEMLINT_D float __shfl_xor(float var, int laneMask, int width = warpSize);
__SMEMLINT_D double __shfl(double var, int srcLane, int width = warpSize);
__SMEMLINT_D double __shfl_up(double var, unsigned int delta, int width = warpSize);
__SMEMLINT_D double __shfl_down(double var, unsigned int delta, int width = warpSize);
__SMEMLINT_D double __shfl_xor(double var, int laneMask, int width = warpSize);
__SMEMLINT_D __half __shfl(__half var, int srcLane, int width = warpSize);
__SMEMLINT_D __half __shfl_up(__half var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __half __shfl_down(__half var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __half __shfl_xor(__half var, int laneMask, int width = warpSize);
__SMEMLINT_D __half2 __shfl(__half2 var, int srcLane, int width = warpSize);
__SMEMLINT_D __half2 __shfl_up(__half2 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __half2 __shfl_down(__half2 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __half2 __shfl_xor(__half2 var, int laneMask, int width = warpSize);
__SMEMLINT_D __nv_bfloat16 __shfl(__nv_bfloat16 var, int srcLane, int width = warpSize);
__SMEMLINT_D __nv_bfloat16 __shfl_up(__nv_bfloat16 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __nv_bfloat16 __shfl_down(__nv_bfloat16 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __nv_bfloat16 __shfl_xor(__nv_bfloat16 var, int laneMask, int width = warpSize);
__SMEMLINT_D __nv_bfloat162 __shfl(__nv_bfloat162 var, int srcLane, int width = warpSize);
__SMEMLINT_D __nv_bfloat162 __shfl_up(__nv_bfloat162 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __nv_bfloat162 __shfl_down(__nv_bfloat162 var, unsigned int delta, int width = warpSize);
__SMEMLINT_D __nv_bfloat162 __shfl_xor(__nv_bfloat162 var, int laneMask, int width = warpSize);
/* match / reduce */
__SMEMLINT_D unsigned int __match_any_sync(unsigned int mask, int value);
__SMEMLINT_D unsigned int __match_all_sync(unsigned int mask, int value, int *pred);
__SMEMLINT_D unsigned int __match_any_sync(unsigned int mask, unsigned int value);
__SMEMLINT_D unsigned int __match_all_sync(unsigned int mask, unsigned int value, int *pred);
__SMEMLINT_D unsigned int __match_any_sync(unsigned int mask, long value);
__SMEMLINT_D unsigned int __match_all_sync(unsigned int mask, long value, int *pred);
__SMEMLINT_D unsigned int __match_any_sync(unsigned int mask, unsigned long value);
__SMEMLINT_D unsigned int __match_all_sync(unsigned int mask, unsigned long value, int *pred);
__SMEMLINT_D unsigned int __match_any_sync(unsigned int mask, long long value);
__SMEMLINT_D unsigned int __match_all_sync(unsigned int mask, long long value, int *pred);
__SMEMLINT_D unsigned int __match_any_sync(unsigned int mask, unsigned long long value);
__SMEMLINT_D unsigned int __match_all_sync(unsigned int mask, unsigned long long value, int *pred);
__SMEMLINT_D unsigned int __match_any_sync(unsigned int mask, float value);
__SMEMLINT_D unsigned int __match_all_sync(unsigned int mask, float value, int *pred);
__SMEMLINT_D unsigned int __match_any_sync(unsigned int mask, double value);
__SMEMLINT_D unsigned int __match_all_sync(unsigned int mask, double value, int *pred);
__SMEMLINT_D unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__SMEMLINT_D int __reduce_add_sync(unsigned int mask, int value);
__SMEMLINT_D unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__SMEMLINT_D int __reduce_min_sync(unsigned int mask, int value);
__SMEMLINT_D unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__SMEMLINT_D int __reduce_max_sync(unsigned int mask, int value);
__SMEMLINT_D unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
__SMEMLINT_D unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
__SMEMLINT_D unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);
__SMEMLINT_D unsigned int __fns(unsigned int mask, unsigned int base, int offset);

/* ======================================================================== */
/* 7. Atomics (plus _block and _system scopes)                              */
/* ======================================================================== */
__SMEMLINT_D int atomicAdd(int *address, int val);
__SMEMLINT_D unsigned int atomicAdd(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicAdd(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D float atomicAdd(float *address, float val);
__SMEMLINT_D double atomicAdd(double *address, double val);
__SMEMLINT_D __half atomicAdd(__half *address, __half val);
__SMEMLINT_D __half2 atomicAdd(__half2 *address, __half2 val);
__SMEMLINT_D __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 val);
__SMEMLINT_D __nv_bfloat162 atomicAdd(__nv_bfloat162 *address, __nv_bfloat162 val);
__SMEMLINT_D float2 atomicAdd(float2 *address, float2 val);
__SMEMLINT_D float4 atomicAdd(float4 *address, float4 val);
__SMEMLINT_D int atomicSub(int *address, int val);
__SMEMLINT_D unsigned int atomicSub(unsigned int *address, unsigned int val);
__SMEMLINT_D int atomicExch(int *address, int val);
__SMEMLINT_D unsigned int atomicExch(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicExch(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D float atomicExch(float *address, float val);
__SMEMLINT_D int atomicMin(int *address, int val);
__SMEMLINT_D unsigned int atomicMin(unsigned int *address, unsigned int val);
__SMEMLINT_D long long int atomicMin(long long int *address, long long int val);
__SMEMLINT_D unsigned long long int atomicMin(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicMax(int *address, int val);
__SMEMLINT_D unsigned int atomicMax(unsigned int *address, unsigned int val);
__SMEMLINT_D long long int atomicMax(long long int *address, long long int val);
__SMEMLINT_D unsigned long long int atomicMax(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D unsigned int atomicInc(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned int atomicDec(unsigned int *address, unsigned int val);
__SMEMLINT_D int atomicAnd(int *address, int val);
__SMEMLINT_D unsigned int atomicAnd(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicAnd(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicOr(int *address, int val);
__SMEMLINT_D unsigned int atomicOr(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicOr(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicXor(int *address, int val);
__SMEMLINT_D unsigned int atomicXor(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicXor(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicCAS(int *address, int compare, int val);
__SMEMLINT_D unsigned int atomicCAS(unsigned int *address, unsigned int compare, unsigned int val);
__SMEMLINT_D unsigned long long int atomicCAS(unsigned long long int *address, unsigned long long int compare, unsigned long long int val);
__SMEMLINT_D unsigned short int atomicCAS(unsigned short int *address, unsigned short int compare, unsigned short int val);
__SMEMLINT_D int atomicAdd_block(int *address, int val);
__SMEMLINT_D unsigned int atomicAdd_block(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicAdd_block(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D float atomicAdd_block(float *address, float val);
__SMEMLINT_D double atomicAdd_block(double *address, double val);
__SMEMLINT_D __half atomicAdd_block(__half *address, __half val);
__SMEMLINT_D __half2 atomicAdd_block(__half2 *address, __half2 val);
__SMEMLINT_D __nv_bfloat16 atomicAdd_block(__nv_bfloat16 *address, __nv_bfloat16 val);
__SMEMLINT_D __nv_bfloat162 atomicAdd_block(__nv_bfloat162 *address, __nv_bfloat162 val);
__SMEMLINT_D float2 atomicAdd_block(float2 *address, float2 val);
__SMEMLINT_D float4 atomicAdd_block(float4 *address, float4 val);
__SMEMLINT_D int atomicSub_block(int *address, int val);
__SMEMLINT_D unsigned int atomicSub_block(unsigned int *address, unsigned int val);
__SMEMLINT_D int atomicExch_block(int *address, int val);
__SMEMLINT_D unsigned int atomicExch_block(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicExch_block(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D float atomicExch_block(float *address, float val);
__SMEMLINT_D int atomicMin_block(int *address, int val);
__SMEMLINT_D unsigned int atomicMin_block(unsigned int *address, unsigned int val);
__SMEMLINT_D long long int atomicMin_block(long long int *address, long long int val);
__SMEMLINT_D unsigned long long int atomicMin_block(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicMax_block(int *address, int val);
__SMEMLINT_D unsigned int atomicMax_block(unsigned int *address, unsigned int val);
__SMEMLINT_D long long int atomicMax_block(long long int *address, long long int val);
__SMEMLINT_D unsigned long long int atomicMax_block(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D unsigned int atomicInc_block(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned int atomicDec_block(unsigned int *address, unsigned int val);
__SMEMLINT_D int atomicAnd_block(int *address, int val);
__SMEMLINT_D unsigned int atomicAnd_block(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicAnd_block(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicOr_block(int *address, int val);
__SMEMLINT_D unsigned int atomicOr_block(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicOr_block(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicXor_block(int *address, int val);
__SMEMLINT_D unsigned int atomicXor_block(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicXor_block(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicCAS_block(int *address, int compare, int val);
__SMEMLINT_D unsigned int atomicCAS_block(unsigned int *address, unsigned int compare, unsigned int val);
__SMEMLINT_D unsigned long long int atomicCAS_block(unsigned long long int *address, unsigned long long int compare, unsigned long long int val);
__SMEMLINT_D unsigned short int atomicCAS_block(unsigned short int *address, unsigned short int compare, unsigned short int val);
__SMEMLINT_D int atomicAdd_system(int *address, int val);
__SMEMLINT_D unsigned int atomicAdd_system(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicAdd_system(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D float atomicAdd_system(float *address, float val);
__SMEMLINT_D double atomicAdd_system(double *address, double val);
__SMEMLINT_D __half atomicAdd_system(__half *address, __half val);
__SMEMLINT_D __half2 atomicAdd_system(__half2 *address, __half2 val);
__SMEMLINT_D __nv_bfloat16 atomicAdd_system(__nv_bfloat16 *address, __nv_bfloat16 val);
__SMEMLINT_D __nv_bfloat162 atomicAdd_system(__nv_bfloat162 *address, __nv_bfloat162 val);
__SMEMLINT_D float2 atomicAdd_system(float2 *address, float2 val);
__SMEMLINT_D float4 atomicAdd_system(float4 *address, float4 val);
__SMEMLINT_D int atomicSub_system(int *address, int val);
__SMEMLINT_D unsigned int atomicSub_system(unsigned int *address, unsigned int val);
__SMEMLINT_D int atomicExch_system(int *address, int val);
__SMEMLINT_D unsigned int atomicExch_system(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicExch_system(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D float atomicExch_system(float *address, float val);
__SMEMLINT_D int atomicMin_system(int *address, int val);
__SMEMLINT_D unsigned int atomicMin_system(unsigned int *address, unsigned int val);
__SMEMLINT_D long long int atomicMin_system(long long int *address, long long int val);
__SMEMLINT_D unsigned long long int atomicMin_system(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicMax_system(int *address, int val);
__SMEMLINT_D unsigned int atomicMax_system(unsigned int *address, unsigned int val);
__SMEMLINT_D long long int atomicMax_system(long long int *address, long long int val);
__SMEMLINT_D unsigned long long int atomicMax_system(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D unsigned int atomicInc_system(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned int atomicDec_system(unsigned int *address, unsigned int val);
__SMEMLINT_D int atomicAnd_system(int *address, int val);
__SMEMLINT_D unsigned int atomicAnd_system(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicAnd_system(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicOr_system(int *address, int val);
__SMEMLINT_D unsigned int atomicOr_system(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicOr_system(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicXor_system(int *address, int val);
__SMEMLINT_D unsigned int atomicXor_system(unsigned int *address, unsigned int val);
__SMEMLINT_D unsigned long long int atomicXor_system(unsigned long long int *address, unsigned long long int val);
__SMEMLINT_D int atomicCAS_system(int *address, int compare, int val);
__SMEMLINT_D unsigned int atomicCAS_system(unsigned int *address, unsigned int compare, unsigned int val);
__SMEMLINT_D unsigned long long int atomicCAS_system(unsigned long long int *address, unsigned long long int compare, unsigned long long int val);
__SMEMLINT_D unsigned short int atomicCAS_system(unsigned short int *address, unsigned short int compare, unsigned short int val);

/* ======================================================================== */
/* 8. Cache-hinted loads and stores                                         */
/* ======================================================================== */
__SMEMLINT_D char __ldg(const char *ptr); __SMEMLINT_D signed char __ldg(const signed char *ptr); __SMEMLINT_D short __ldg(const short *ptr); __SMEMLINT_D int __ldg(const int *ptr); __SMEMLINT_D long __ldg(const long *ptr); __SMEMLINT_D long long __ldg(const long long *ptr); __SMEMLINT_D unsigned char __ldg(const unsigned char *ptr); __SMEMLINT_D unsigned short __ldg(const unsigned short *ptr); __SMEMLINT_D unsigned int __ldg(const unsigned int *ptr); __SMEMLINT_D unsigned long __ldg(const unsigned long *ptr); __SMEMLINT_D unsigned long long __ldg(const unsigned long long *ptr); __SMEMLINT_D float __ldg(const float *ptr); __SMEMLINT_D double __ldg(const double *ptr); __SMEMLINT_D char2 __ldg(const char2 *ptr); __SMEMLINT_D char4 __ldg(const char4 *ptr); __SMEMLINT_D short2 __ldg(const short2 *ptr); __SMEMLINT_D short4 __ldg(const short4 *ptr); __SMEMLINT_D int2 __ldg(const int2 *ptr); __SMEMLINT_D int4 __ldg(const int4 *ptr); __SMEMLINT_D longlong2 __ldg(const longlong2 *ptr); __SMEMLINT_D uchar2 __ldg(const uchar2 *ptr); __SMEMLINT_D uchar4 __ldg(const uchar4 *ptr); __SMEMLINT_D ushort2 __ldg(const ushort2 *ptr); __SMEMLINT_D ushort4 __ldg(const ushort4 *ptr); __SMEMLINT_D uint2 __ldg(const uint2 *ptr); __SMEMLINT_D uint4 __ldg(const uint4 *ptr); __SMEMLINT_D ulonglong2 __ldg(const ulonglong2 *ptr); __SMEMLINT_D float2 __ldg(const float2 *ptr); __SMEMLINT_D float4 __ldg(const float4 *ptr); __SMEMLINT_D double2 __ldg(const double2 *ptr); __SMEMLINT_D __half __ldg(const __half *ptr); __SMEMLINT_D __half2 __ldg(const __half2 *ptr); __SMEMLINT_D __nv_bfloat16 __ldg(const __nv_bfloat16 *ptr); __SMEMLINT_D __nv_bfloat162 __ldg(const __nv_bfloat162 *ptr);
__SMEMLINT_D char __ldcg(const char *ptr); __SMEMLINT_D signed char __ldcg(const signed char *ptr); __SMEMLINT_D short __ldcg(const short *ptr); __SMEMLINT_D int __ldcg(const int *ptr); __SMEMLINT_D long __ldcg(const long *ptr); __SMEMLINT_D long long __ldcg(const long long *ptr); __SMEMLINT_D unsigned char __ldcg(const unsigned char *ptr); __SMEMLINT_D unsigned short __ldcg(const unsigned short *ptr); __SMEMLINT_D unsigned int __ldcg(const unsigned int *ptr); __SMEMLINT_D unsigned long __ldcg(const unsigned long *ptr); __SMEMLINT_D unsigned long long __ldcg(const unsigned long long *ptr); __SMEMLINT_D float __ldcg(const float *ptr); __SMEMLINT_D double __ldcg(const double *ptr); __SMEMLINT_D char2 __ldcg(const char2 *ptr); __SMEMLINT_D char4 __ldcg(const char4 *ptr); __SMEMLINT_D short2 __ldcg(const short2 *ptr); __SMEMLINT_D short4 __ldcg(const short4 *ptr); __SMEMLINT_D int2 __ldcg(const int2 *ptr); __SMEMLINT_D int4 __ldcg(const int4 *ptr); __SMEMLINT_D longlong2 __ldcg(const longlong2 *ptr); __SMEMLINT_D uchar2 __ldcg(const uchar2 *ptr); __SMEMLINT_D uchar4 __ldcg(const uchar4 *ptr); __SMEMLINT_D ushort2 __ldcg(const ushort2 *ptr); __SMEMLINT_D ushort4 __ldcg(const ushort4 *ptr); __SMEMLINT_D uint2 __ldcg(const uint2 *ptr); __SMEMLINT_D uint4 __ldcg(const uint4 *ptr); __SMEMLINT_D ulonglong2 __ldcg(const ulonglong2 *ptr); __SMEMLINT_D float2 __ldcg(const float2 *ptr); __SMEMLINT_D float4 __ldcg(const float4 *ptr); __SMEMLINT_D double2 __ldcg(const double2 *ptr); __SMEMLINT_D __half __ldcg(const __half *ptr); __SMEMLINT_D __half2 __ldcg(const __half2 *ptr); __SMEMLINT_D __nv_bfloat16 __ldcg(const __nv_bfloat16 *ptr); __SMEMLINT_D __nv_bfloat162 __ldcg(const __nv_bfloat162 *ptr);
__SMEMLINT_D char __ldca(const char *ptr); __SMEMLINT_D signed char __ldca(const signed char *ptr); __SMEMLINT_D short __ldca(const short *ptr); __SMEMLINT_D int __ldca(const int *ptr); __SMEMLINT_D long __ldca(const long *ptr); __SMEMLINT_D long long __ldca(const long long *ptr); __SMEMLINT_D unsigned char __ldca(const unsigned char *ptr); __SMEMLINT_D unsigned short __ldca(const unsigned short *ptr); __SMEMLINT_D unsigned int __ldca(const unsigned int *ptr); __SMEMLINT_D unsigned long __ldca(const unsigned long *ptr); __SMEMLINT_D unsigned long long __ldca(const unsigned long long *ptr); __SMEMLINT_D float __ldca(const float *ptr); __SMEMLINT_D double __ldca(const double *ptr); __SMEMLINT_D char2 __ldca(const char2 *ptr); __SMEMLINT_D char4 __ldca(const char4 *ptr); __SMEMLINT_D short2 __ldca(const short2 *ptr); __SMEMLINT_D short4 __ldca(const short4 *ptr); __SMEMLINT_D int2 __ldca(const int2 *ptr); __SMEMLINT_D int4 __ldca(const int4 *ptr); __SMEMLINT_D longlong2 __ldca(const longlong2 *ptr); __SMEMLINT_D uchar2 __ldca(const uchar2 *ptr); __SMEMLINT_D uchar4 __ldca(const uchar4 *ptr); __SMEMLINT_D ushort2 __ldca(const ushort2 *ptr); __SMEMLINT_D ushort4 __ldca(const ushort4 *ptr); __SMEMLINT_D uint2 __ldca(const uint2 *ptr); __SMEMLINT_D uint4 __ldca(const uint4 *ptr); __SMEMLINT_D ulonglong2 __ldca(const ulonglong2 *ptr); __SMEMLINT_D float2 __ldca(const float2 *ptr); __SMEMLINT_D float4 __ldca(const float4 *ptr); __SMEMLINT_D double2 __ldca(const double2 *ptr); __SMEMLINT_D __half __ldca(const __half *ptr); __SMEMLINT_D __half2 __ldca(const __half2 *ptr); __SMEMLINT_D __nv_bfloat16 __ldca(const __nv_bfloat16 *ptr); __SMEMLINT_D __nv_bfloat162 __ldca(const __nv_bfloat162 *ptr);
__SMEMLINT_D char __ldcs(const char *ptr); __SMEMLINT_D signed char __ldcs(const signed char *ptr); __SMEMLINT_D short __ldcs(const short *ptr); __SMEMLINT_D int __ldcs(const int *ptr); __SMEMLINT_D long __ldcs(const long *ptr); __SMEMLINT_D long long __ldcs(const long long *ptr); __SMEMLINT_D unsigned char __ldcs(const unsigned char *ptr); __SMEMLINT_D unsigned short __ldcs(const unsigned short *ptr); __SMEMLINT_D unsigned int __ldcs(const unsigned int *ptr); __SMEMLINT_D unsigned long __ldcs(const unsigned long *ptr); __SMEMLINT_D unsigned long long __ldcs(const unsigned long long *ptr); __SMEMLINT_D float __ldcs(const float *ptr); __SMEMLINT_D double __ldcs(const double *ptr); __SMEMLINT_D char2 __ldcs(const char2 *ptr); __SMEMLINT_D char4 __ldcs(const char4 *ptr); __SMEMLINT_D short2 __ldcs(const short2 *ptr); __SMEMLINT_D short4 __ldcs(const short4 *ptr); __SMEMLINT_D int2 __ldcs(const int2 *ptr); __SMEMLINT_D int4 __ldcs(const int4 *ptr); __SMEMLINT_D longlong2 __ldcs(const longlong2 *ptr); __SMEMLINT_D uchar2 __ldcs(const uchar2 *ptr); __SMEMLINT_D uchar4 __ldcs(const uchar4 *ptr); __SMEMLINT_D ushort2 __ldcs(const ushort2 *ptr); __SMEMLINT_D ushort4 __ldcs(const ushort4 *ptr); __SMEMLINT_D uint2 __ldcs(const uint2 *ptr); __SMEMLINT_D uint4 __ldcs(const uint4 *ptr); __SMEMLINT_D ulonglong2 __ldcs(const ulonglong2 *ptr); __SMEMLINT_D float2 __ldcs(const float2 *ptr); __SMEMLINT_D float4 __ldcs(const float4 *ptr); __SMEMLINT_D double2 __ldcs(const double2 *ptr); __SMEMLINT_D __half __ldcs(const __half *ptr); __SMEMLINT_D __half2 __ldcs(const __half2 *ptr); __SMEMLINT_D __nv_bfloat16 __ldcs(const __nv_bfloat16 *ptr); __SMEMLINT_D __nv_bfloat162 __ldcs(const __nv_bfloat162 *ptr);
__SMEMLINT_D char __ldlu(const char *ptr); __SMEMLINT_D signed char __ldlu(const signed char *ptr); __SMEMLINT_D short __ldlu(const short *ptr); __SMEMLINT_D int __ldlu(const int *ptr); __SMEMLINT_D long __ldlu(const long *ptr); __SMEMLINT_D long long __ldlu(const long long *ptr); __SMEMLINT_D unsigned char __ldlu(const unsigned char *ptr); __SMEMLINT_D unsigned short __ldlu(const unsigned short *ptr); __SMEMLINT_D unsigned int __ldlu(const unsigned int *ptr); __SMEMLINT_D unsigned long __ldlu(const unsigned long *ptr); __SMEMLINT_D unsigned long long __ldlu(const unsigned long long *ptr); __SMEMLINT_D float __ldlu(const float *ptr); __SMEMLINT_D double __ldlu(const double *ptr); __SMEMLINT_D char2 __ldlu(const char2 *ptr); __SMEMLINT_D char4 __ldlu(const char4 *ptr); __SMEMLINT_D short2 __ldlu(const short2 *ptr); __SMEMLINT_D short4 __ldlu(const short4 *ptr); __SMEMLINT_D int2 __ldlu(const int2 *ptr); __SMEMLINT_D int4 __ldlu(const int4 *ptr); __SMEMLINT_D longlong2 __ldlu(const longlong2 *ptr); __SMEMLINT_D uchar2 __ldlu(const uchar2 *ptr); __SMEMLINT_D uchar4 __ldlu(const uchar4 *ptr); __SMEMLINT_D ushort2 __ldlu(const ushort2 *ptr); __SMEMLINT_D ushort4 __ldlu(const ushort4 *ptr); __SMEMLINT_D uint2 __ldlu(const uint2 *ptr); __SMEMLINT_D uint4 __ldlu(const uint4 *ptr); __SMEMLINT_D ulonglong2 __ldlu(const ulonglong2 *ptr); __SMEMLINT_D float2 __ldlu(const float2 *ptr); __SMEMLINT_D float4 __ldlu(const float4 *ptr); __SMEMLINT_D double2 __ldlu(const double2 *ptr); __SMEMLINT_D __half __ldlu(const __half *ptr); __SMEMLINT_D __half2 __ldlu(const __half2 *ptr); __SMEMLINT_D __nv_bfloat16 __ldlu(const __nv_bfloat16 *ptr); __SMEMLINT_D __nv_bfloat162 __ldlu(const __nv_bfloat162 *ptr);
__SMEMLINT_D char __ldcv(const char *ptr); __SMEMLINT_D signed char __ldcv(const signed char *ptr); __SMEMLINT_D short __ldcv(const short *ptr); __SMEMLINT_D int __ldcv(const int *ptr); __SMEMLINT_D long __ldcv(const long *ptr); __SMEMLINT_D long long __ldcv(const long long *ptr); __SMEMLINT_D unsigned char __ldcv(const unsigned char *ptr); __SMEMLINT_D unsigned short __ldcv(const unsigned short *ptr); __SMEMLINT_D unsigned int __ldcv(const unsigned int *ptr); __SMEMLINT_D unsigned long __ldcv(const unsigned long *ptr); __SMEMLINT_D unsigned long long __ldcv(const unsigned long long *ptr); __SMEMLINT_D float __ldcv(const float *ptr); __SMEMLINT_D double __ldcv(const double *ptr); __SMEMLINT_D char2 __ldcv(const char2 *ptr); __SMEMLINT_D char4 __ldcv(const char4 *ptr); __SMEMLINT_D short2 __ldcv(const short2 *ptr); __SMEMLINT_D short4 __ldcv(const short4 *ptr); __SMEMLINT_D int2 __ldcv(const int2 *ptr); __SMEMLINT_D int4 __ldcv(const int4 *ptr); __SMEMLINT_D longlong2 __ldcv(const longlong2 *ptr); __SMEMLINT_D uchar2 __ldcv(const uchar2 *ptr); __SMEMLINT_D uchar4 __ldcv(const uchar4 *ptr); __SMEMLINT_D ushort2 __ldcv(const ushort2 *ptr); __SMEMLINT_D ushort4 __ldcv(const ushort4 *ptr); __SMEMLINT_D uint2 __ldcv(const uint2 *ptr); __SMEMLINT_D uint4 __ldcv(const uint4 *ptr); __SMEMLINT_D ulonglong2 __ldcv(const ulonglong2 *ptr); __SMEMLINT_D float2 __ldcv(const float2 *ptr); __SMEMLINT_D float4 __ldcv(const float4 *ptr); __SMEMLINT_D double2 __ldcv(const double2 *ptr); __SMEMLINT_D __half __ldcv(const __half *ptr); __SMEMLINT_D __half2 __ldcv(const __half2 *ptr); __SMEMLINT_D __nv_bfloat16 __ldcv(const __nv_bfloat16 *ptr); __SMEMLINT_D __nv_bfloat162 __ldcv(const __nv_bfloat162 *ptr);
__SMEMLINT_D void __stwb(char *ptr, char value); __SMEMLINT_D void __stwb(signed char *ptr, signed char value); __SMEMLINT_D void __stwb(short *ptr, short value); __SMEMLINT_D void __stwb(int *ptr, int value); __SMEMLINT_D void __stwb(long *ptr, long value); __SMEMLINT_D void __stwb(long long *ptr, long long value); __SMEMLINT_D void __stwb(unsigned char *ptr, unsigned char value); __SMEMLINT_D void __stwb(unsigned short *ptr, unsigned short value); __SMEMLINT_D void __stwb(unsigned int *ptr, unsigned int value); __SMEMLINT_D void __stwb(unsigned long *ptr, unsigned long value); __SMEMLINT_D void __stwb(unsigned long long *ptr, unsigned long long value); __SMEMLINT_D void __stwb(float *ptr, float value); __SMEMLINT_D void __stwb(double *ptr, double value); __SMEMLINT_D void __stwb(char2 *ptr, char2 value); __SMEMLINT_D void __stwb(char4 *ptr, char4 value); __SMEMLINT_D void __stwb(short2 *ptr, short2 value); __SMEMLINT_D void __stwb(short4 *ptr, short4 value); __SMEMLINT_D void __stwb(int2 *ptr, int2 value); __SMEMLINT_D void __stwb(int4 *ptr, int4 value); __SMEMLINT_D void __stwb(longlong2 *ptr, longlong2 value); __SMEMLINT_D void __stwb(uchar2 *ptr, uchar2 value); __SMEMLINT_D void __stwb(uchar4 *ptr, uchar4 value); __SMEMLINT_D void __stwb(ushort2 *ptr, ushort2 value); __SMEMLINT_D void __stwb(ushort4 *ptr, ushort4 value); __SMEMLINT_D void __stwb(uint2 *ptr, uint2 value); __SMEMLINT_D void __stwb(uint4 *ptr, uint4 value); __SMEMLINT_D void __stwb(ulonglong2 *ptr, ulonglong2 value); __SMEMLINT_D void __stwb(float2 *ptr, float2 value); __SMEMLINT_D void __stwb(float4 *ptr, float4 value); __SMEMLINT_D void __stwb(double2 *ptr, double2 value); __SMEMLINT_D void __stwb(__half *ptr, __half value); __SMEMLINT_D void __stwb(__half2 *ptr, __half2 value); __SMEMLINT_D void __stwb(__nv_bfloat16 *ptr, __nv_bfloat16 value); __SMEMLINT_D void __stwb(__nv_bfloat162 *ptr, __nv_bfloat162 value);
__SMEMLINT_D void __stcg(char *ptr, char value); __SMEMLINT_D void __stcg(signed char *ptr, signed char value); __SMEMLINT_D void __stcg(short *ptr, short value); __SMEMLINT_D void __stcg(int *ptr, int value); __SMEMLINT_D void __stcg(long *ptr, long value); __SMEMLINT_D void __stcg(long long *ptr, long long value); __SMEMLINT_D void __stcg(unsigned char *ptr, unsigned char value); __SMEMLINT_D void __stcg(unsigned short *ptr, unsigned short value); __SMEMLINT_D void __stcg(unsigned int *ptr, unsigned int value); __SMEMLINT_D void __stcg(unsigned long *ptr, unsigned long value); __SMEMLINT_D void __stcg(unsigned long long *ptr, unsigned long long value); __SMEMLINT_D void __stcg(float *ptr, float value); __SMEMLINT_D void __stcg(double *ptr, double value); __SMEMLINT_D void __stcg(char2 *ptr, char2 value); __SMEMLINT_D void __stcg(char4 *ptr, char4 value); __SMEMLINT_D void __stcg(short2 *ptr, short2 value); __SMEMLINT_D void __stcg(short4 *ptr, short4 value); __SMEMLINT_D void __stcg(int2 *ptr, int2 value); __SMEMLINT_D void __stcg(int4 *ptr, int4 value); __SMEMLINT_D void __stcg(longlong2 *ptr, longlong2 value); __SMEMLINT_D void __stcg(uchar2 *ptr, uchar2 value); __SMEMLINT_D void __stcg(uchar4 *ptr, uchar4 value); __SMEMLINT_D void __stcg(ushort2 *ptr, ushort2 value); __SMEMLINT_D void __stcg(ushort4 *ptr, ushort4 value); __SMEMLINT_D void __stcg(uint2 *ptr, uint2 value); __SMEMLINT_D void __stcg(uint4 *ptr, uint4 value); __SMEMLINT_D void __stcg(ulonglong2 *ptr, ulonglong2 value); __SMEMLINT_D void __stcg(float2 *ptr, float2 value); __SMEMLINT_D void __stcg(float4 *ptr, float4 value); __SMEMLINT_D void __stcg(double2 *ptr, double2 value); __SMEMLINT_D void __stcg(__half *ptr, __half value); __SMEMLINT_D void __stcg(__half2 *ptr, __half2 value); __SMEMLINT_D void __stcg(__nv_bfloat16 *ptr, __nv_bfloat16 value); __SMEMLINT_D void __stcg(__nv_bfloat162 *ptr, __nv_bfloat162 value);
__SMEMLINT_D void __stcs(char *ptr, char value); __SMEMLINT_D void __stcs(signed char *ptr, signed char value); __SMEMLINT_D void __stcs(short *ptr, short value); __SMEMLINT_D void __stcs(int *ptr, int value); __SMEMLINT_D void __stcs(long *ptr, long value); __SMEMLINT_D void __stcs(long long *ptr, long long value); __SMEMLINT_D void __stcs(unsigned char *ptr, unsigned char value); __SMEMLINT_D void __stcs(unsigned short *ptr, unsigned short value); __SMEMLINT_D void __stcs(unsigned int *ptr, unsigned int value); __SMEMLINT_D void __stcs(unsigned long *ptr, unsigned long value); __SMEMLINT_D void __stcs(unsigned long long *ptr, unsigned long long value); __SMEMLINT_D void __stcs(float *ptr, float value); __SMEMLINT_D void __stcs(double *ptr, double value); __SMEMLINT_D void __stcs(char2 *ptr, char2 value); __SMEMLINT_D void __stcs(char4 *ptr, char4 value); __SMEMLINT_D void __stcs(short2 *ptr, short2 value); __SMEMLINT_D void __stcs(short4 *ptr, short4 value); __SMEMLINT_D void __stcs(int2 *ptr, int2 value); __SMEMLINT_D void __stcs(int4 *ptr, int4 value); __SMEMLINT_D void __stcs(longlong2 *ptr, longlong2 value); __SMEMLINT_D void __stcs(uchar2 *ptr, uchar2 value); __SMEMLINT_D void __stcs(uchar4 *ptr, uchar4 value); __SMEMLINT_D void __stcs(ushort2 *ptr, ushort2 value); __SMEMLINT_D void __stcs(ushort4 *ptr, ushort4 value); __SMEMLINT_D void __stcs(uint2 *ptr, uint2 value); __SMEMLINT_D void __stcs(uint4 *ptr, uint4 value); __SMEMLINT_D void __stcs(ulonglong2 *ptr, ulonglong2 value); __SMEMLINT_D void __stcs(float2 *ptr, float2 value); __SMEMLINT_D void __stcs(float4 *ptr, float4 value); __SMEMLINT_D void __stcs(double2 *ptr, double2 value); __SMEMLINT_D void __stcs(__half *ptr, __half value); __SMEMLINT_D void __stcs(__half2 *ptr, __half2 value); __SMEMLINT_D void __stcs(__nv_bfloat16 *ptr, __nv_bfloat16 value); __SMEMLINT_D void __stcs(__nv_bfloat162 *ptr, __nv_bfloat162 value);
__SMEMLINT_D void __stwt(char *ptr, char value); __SMEMLINT_D void __stwt(signed char *ptr, signed char value); __SMEMLINT_D void __stwt(short *ptr, short value); __SMEMLINT_D void __stwt(int *ptr, int value); __SMEMLINT_D void __stwt(long *ptr, long value); __SMEMLINT_D void __stwt(long long *ptr, long long value); __SMEMLINT_D void __stwt(unsigned char *ptr, unsigned char value); __SMEMLINT_D void __stwt(unsigned short *ptr, unsigned short value); __SMEMLINT_D void __stwt(unsigned int *ptr, unsigned int value); __SMEMLINT_D void __stwt(unsigned long *ptr, unsigned long value); __SMEMLINT_D void __stwt(unsigned long long *ptr, unsigned long long value); __SMEMLINT_D void __stwt(float *ptr, float value); __SMEMLINT_D void __stwt(double *ptr, double value); __SMEMLINT_D void __stwt(char2 *ptr, char2 value); __SMEMLINT_D void __stwt(char4 *ptr, char4 value); __SMEMLINT_D void __stwt(short2 *ptr, short2 value); __SMEMLINT_D void __stwt(short4 *ptr, short4 value); __SMEMLINT_D void __stwt(int2 *ptr, int2 value); __SMEMLINT_D void __stwt(int4 *ptr, int4 value); __SMEMLINT_D void __stwt(longlong2 *ptr, longlong2 value); __SMEMLINT_D void __stwt(uchar2 *ptr, uchar2 value); __SMEMLINT_D void __stwt(uchar4 *ptr, uchar4 value); __SMEMLINT_D void __stwt(ushort2 *ptr, ushort2 value); __SMEMLINT_D void __stwt(ushort4 *ptr, ushort4 value); __SMEMLINT_D void __stwt(uint2 *ptr, uint2 value); __SMEMLINT_D void __stwt(uint4 *ptr, uint4 value); __SMEMLINT_D void __stwt(ulonglong2 *ptr, ulonglong2 value); __SMEMLINT_D void __stwt(float2 *ptr, float2 value); __SMEMLINT_D void __stwt(float4 *ptr, float4 value); __SMEMLINT_D void __stwt(double2 *ptr, double2 value); __SMEMLINT_D void __stwt(__half *ptr, __half value); __SMEMLINT_D void __stwt(__half2 *ptr, __half2 value); __SMEMLINT_D void __stwt(__nv_bfloat16 *ptr, __nv_bfloat16 value); __SMEMLINT_D void __stwt(__nv_bfloat162 *ptr, __nv_bfloat162 value);

/* ======================================================================== */
/* 9. Integer / floating-point intrinsics                                   */
/* ======================================================================== */
__SMEMLINT_D int __popc(unsigned int x); __SMEMLINT_D int __popcll(unsigned long long int x);
__SMEMLINT_D int __clz(int x); __SMEMLINT_D int __clzll(long long int x);
__SMEMLINT_D int __ffs(int x); __SMEMLINT_D int __ffsll(long long int x);
__SMEMLINT_D unsigned int __brev(unsigned int x); __SMEMLINT_D unsigned long long int __brevll(unsigned long long int x);
__SMEMLINT_D unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__SMEMLINT_D unsigned int __prmt(unsigned int x, unsigned int y, unsigned int s);
__SMEMLINT_D int __mul24(int x, int y); __SMEMLINT_D unsigned int __umul24(unsigned int x, unsigned int y);
__SMEMLINT_D int __mulhi(int x, int y); __SMEMLINT_D unsigned int __umulhi(unsigned int x, unsigned int y);
__SMEMLINT_D long long int __mul64hi(long long int x, long long int y);
__SMEMLINT_D unsigned long long int __umul64hi(unsigned long long int x, unsigned long long int y);
__SMEMLINT_D int __hadd(int x, int y); __SMEMLINT_D int __rhadd(int x, int y);
__SMEMLINT_D unsigned int __uhadd(unsigned int x, unsigned int y); __SMEMLINT_D unsigned int __urhadd(unsigned int x, unsigned int y);
__SMEMLINT_D unsigned int __sad(int x, int y, unsigned int z); __SMEMLINT_D unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__SMEMLINT_D unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
__SMEMLINT_D unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
__SMEMLINT_D unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
__SMEMLINT_D unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);
__SMEMLINT_D int __dp4a(int srcA, int srcB, int c); __SMEMLINT_D unsigned int __dp4a(unsigned int srcA, unsigned int srcB, unsigned int c);
__SMEMLINT_D int __dp2a_lo(int srcA, int srcB, int c); __SMEMLINT_D unsigned int __dp2a_lo(unsigned int srcA, unsigned int srcB, unsigned int c);
__SMEMLINT_D int __dp2a_hi(int srcA, int srcB, int c); __SMEMLINT_D unsigned int __dp2a_hi(unsigned int srcA, unsigned int srcB, unsigned int c);
__SMEMLINT_D float __fdividef(float x, float y); __SMEMLINT_D float __expf(float x); __SMEMLINT_D float __exp10f(float x);
__SMEMLINT_D float __logf(float x); __SMEMLINT_D float __log2f(float x); __SMEMLINT_D float __log10f(float x);
__SMEMLINT_D float __sinf(float x); __SMEMLINT_D float __cosf(float x); __SMEMLINT_D float __tanf(float x);
__SMEMLINT_D void __sincosf(float x, float *sptr, float *cptr);
__SMEMLINT_D float __powf(float x, float y); __SMEMLINT_D float __saturatef(float x);
__SMEMLINT_D float __frsqrt_rn(float x);
__SMEMLINT_D int __float_as_int(float x); __SMEMLINT_D float __int_as_float(int x);
__SMEMLINT_D unsigned int __float_as_uint(float x); __SMEMLINT_D float __uint_as_float(unsigned int x);
__SMEMLINT_D long long int __double_as_longlong(double x); __SMEMLINT_D double __longlong_as_double(long long int x);
__SMEMLINT_D int __double2hiint(double x); __SMEMLINT_D int __double2loint(double x); __SMEMLINT_D double __hiloint2double(int hi, int lo);
__SMEMLINT_D unsigned int __isGlobal(const void *ptr); __SMEMLINT_D unsigned int __isShared(const void *ptr);
__SMEMLINT_D unsigned int __isConstant(const void *ptr); __SMEMLINT_D unsigned int __isLocal(const void *ptr);
__SMEMLINT_D size_t __cvta_generic_to_global(const void *ptr); __SMEMLINT_D size_t __cvta_generic_to_shared(const void *ptr);
__SMEMLINT_D size_t __cvta_generic_to_constant(const void *ptr); __SMEMLINT_D size_t __cvta_generic_to_local(const void *ptr);
__SMEMLINT_D void *__cvta_global_to_generic(size_t rawbits); __SMEMLINT_D void *__cvta_shared_to_generic(size_t rawbits);
__SMEMLINT_D void *__cvta_constant_to_generic(size_t rawbits); __SMEMLINT_D void *__cvta_local_to_generic(size_t rawbits);
__SMEMLINT_D long clock(void); __SMEMLINT_D long long int clock64(void);
__SMEMLINT_D unsigned long long __globaltimer(void);
__SMEMLINT_D float __fadd_rn(float x, float y); __SMEMLINT_D float __fsub_rn(float x, float y); __SMEMLINT_D float __fmul_rn(float x, float y); __SMEMLINT_D float __fdiv_rn(float x, float y); __SMEMLINT_D float __fmaf_rn(float x, float y, float z); __SMEMLINT_D float __frcp_rn(float x); __SMEMLINT_D float __fsqrt_rn(float x);
__SMEMLINT_D double __dadd_rn(double x, double y); __SMEMLINT_D double __dsub_rn(double x, double y); __SMEMLINT_D double __dmul_rn(double x, double y); __SMEMLINT_D double __ddiv_rn(double x, double y); __SMEMLINT_D double __fma_rn(double x, double y, double z); __SMEMLINT_D double __drcp_rn(double x); __SMEMLINT_D double __dsqrt_rn(double x);
__SMEMLINT_D float __fmaf_ieee_rn(float x, float y, float z);
__SMEMLINT_D int __float2int_rn(float x); __SMEMLINT_D unsigned int __float2uint_rn(float x); __SMEMLINT_D long long int __float2ll_rn(float x); __SMEMLINT_D unsigned long long int __float2ull_rn(float x); __SMEMLINT_D int __double2int_rn(double x); __SMEMLINT_D unsigned int __double2uint_rn(double x); __SMEMLINT_D long long int __double2ll_rn(double x); __SMEMLINT_D unsigned long long int __double2ull_rn(double x); __SMEMLINT_D float __double2float_rn(double x); __SMEMLINT_D float __int2float_rn(int x); __SMEMLINT_D float __uint2float_rn(unsigned int x); __SMEMLINT_D float __ll2float_rn(long long int x); __SMEMLINT_D float __ull2float_rn(unsigned long long int x); __SMEMLINT_D double __ll2double_rn(long long int x); __SMEMLINT_D double __ull2double_rn(unsigned long long int x);
__SMEMLINT_D float __fadd_rz(float x, float y); __SMEMLINT_D float __fsub_rz(float x, float y); __SMEMLINT_D float __fmul_rz(float x, float y); __SMEMLINT_D float __fdiv_rz(float x, float y); __SMEMLINT_D float __fmaf_rz(float x, float y, float z); __SMEMLINT_D float __frcp_rz(float x); __SMEMLINT_D float __fsqrt_rz(float x);
__SMEMLINT_D double __dadd_rz(double x, double y); __SMEMLINT_D double __dsub_rz(double x, double y); __SMEMLINT_D double __dmul_rz(double x, double y); __SMEMLINT_D double __ddiv_rz(double x, double y); __SMEMLINT_D double __fma_rz(double x, double y, double z); __SMEMLINT_D double __drcp_rz(double x); __SMEMLINT_D double __dsqrt_rz(double x);
__SMEMLINT_D float __fmaf_ieee_rz(float x, float y, float z);
__SMEMLINT_D int __float2int_rz(float x); __SMEMLINT_D unsigned int __float2uint_rz(float x); __SMEMLINT_D long long int __float2ll_rz(float x); __SMEMLINT_D unsigned long long int __float2ull_rz(float x); __SMEMLINT_D int __double2int_rz(double x); __SMEMLINT_D unsigned int __double2uint_rz(double x); __SMEMLINT_D long long int __double2ll_rz(double x); __SMEMLINT_D unsigned long long int __double2ull_rz(double x); __SMEMLINT_D float __double2float_rz(double x); __SMEMLINT_D float __int2float_rz(int x); __SMEMLINT_D float __uint2float_rz(unsigned int x); __SMEMLINT_D float __ll2float_rz(long long int x); __SMEMLINT_D float __ull2float_rz(unsigned long long int x); __SMEMLINT_D double __ll2double_rz(long long int x); __SMEMLINT_D double __ull2double_rz(unsigned long long int x);
__SMEMLINT_D float __fadd_ru(float x, float y); __SMEMLINT_D float __fsub_ru(float x, float y); __SMEMLINT_D float __fmul_ru(float x, float y); __SMEMLINT_D float __fdiv_ru(float x, float y); __SMEMLINT_D float __fmaf_ru(float x, float y, float z); __SMEMLINT_D float __frcp_ru(float x); __SMEMLINT_D float __fsqrt_ru(float x);
__SMEMLINT_D double __dadd_ru(double x, double y); __SMEMLINT_D double __dsub_ru(double x, double y); __SMEMLINT_D double __dmul_ru(double x, double y); __SMEMLINT_D double __ddiv_ru(double x, double y); __SMEMLINT_D double __fma_ru(double x, double y, double z); __SMEMLINT_D double __drcp_ru(double x); __SMEMLINT_D double __dsqrt_ru(double x);
__SMEMLINT_D float __fmaf_ieee_ru(float x, float y, float z);
__SMEMLINT_D int __float2int_ru(float x); __SMEMLINT_D unsigned int __float2uint_ru(float x); __SMEMLINT_D long long int __float2ll_ru(float x); __SMEMLINT_D unsigned long long int __float2ull_ru(float x); __SMEMLINT_D int __double2int_ru(double x); __SMEMLINT_D unsigned int __double2uint_ru(double x); __SMEMLINT_D long long int __double2ll_ru(double x); __SMEMLINT_D unsigned long long int __double2ull_ru(double x); __SMEMLINT_D float __double2float_ru(double x); __SMEMLINT_D float __int2float_ru(int x); __SMEMLINT_D float __uint2float_ru(unsigned int x); __SMEMLINT_D float __ll2float_ru(long long int x); __SMEMLINT_D float __ull2float_ru(unsigned long long int x); __SMEMLINT_D double __ll2double_ru(long long int x); __SMEMLINT_D double __ull2double_ru(unsigned long long int x);
__SMEMLINT_D float __fadd_rd(float x, float y); __SMEMLINT_D float __fsub_rd(float x, float y); __SMEMLINT_D float __fmul_rd(float x, float y); __SMEMLINT_D float __fdiv_rd(float x, float y); __SMEMLINT_D float __fmaf_rd(float x, float y, float z); __SMEMLINT_D float __frcp_rd(float x); __SMEMLINT_D float __fsqrt_rd(float x);
__SMEMLINT_D double __dadd_rd(double x, double y); __SMEMLINT_D double __dsub_rd(double x, double y); __SMEMLINT_D double __dmul_rd(double x, double y); __SMEMLINT_D double __ddiv_rd(double x, double y); __SMEMLINT_D double __fma_rd(double x, double y, double z); __SMEMLINT_D double __drcp_rd(double x); __SMEMLINT_D double __dsqrt_rd(double x);
__SMEMLINT_D float __fmaf_ieee_rd(float x, float y, float z);
__SMEMLINT_D int __float2int_rd(float x); __SMEMLINT_D unsigned int __float2uint_rd(float x); __SMEMLINT_D long long int __float2ll_rd(float x); __SMEMLINT_D unsigned long long int __float2ull_rd(float x); __SMEMLINT_D int __double2int_rd(double x); __SMEMLINT_D unsigned int __double2uint_rd(double x); __SMEMLINT_D long long int __double2ll_rd(double x); __SMEMLINT_D unsigned long long int __double2ull_rd(double x); __SMEMLINT_D float __double2float_rd(double x); __SMEMLINT_D float __int2float_rd(int x); __SMEMLINT_D float __uint2float_rd(unsigned int x); __SMEMLINT_D float __ll2float_rd(long long int x); __SMEMLINT_D float __ull2float_rd(unsigned long long int x); __SMEMLINT_D double __ll2double_rd(long long int x); __SMEMLINT_D double __ull2double_rd(unsigned long long int x);
__SMEMLINT_D double __int2double_rn(int x); __SMEMLINT_D double __uint2double_rn(unsigned int x);
/* SIMD video intrinsics */
__SMEMLINT_D unsigned int __vabs2(unsigned int a); __SMEMLINT_D unsigned int __vabs4(unsigned int a); __SMEMLINT_D unsigned int __vabsss2(unsigned int a); __SMEMLINT_D unsigned int __vabsss4(unsigned int a);
__SMEMLINT_D unsigned int __vneg2(unsigned int a); __SMEMLINT_D unsigned int __vneg4(unsigned int a); __SMEMLINT_D unsigned int __vnegss2(unsigned int a); __SMEMLINT_D unsigned int __vnegss4(unsigned int a);
__SMEMLINT_D unsigned int __vabsdiffs2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vabsdiffs4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vabsdiffu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vabsdiffu4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vadd2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vadd4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vaddss2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vaddss4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vaddus2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vaddus4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vavgs2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vavgs4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vavgu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vavgu4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vhaddu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vhaddu4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vcmpeq2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpeq4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpges2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpges4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vcmpgeu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpgeu4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpgts2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpgts4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vcmpgtu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpgtu4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmples2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmples4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vcmpleu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpleu4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmplts2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmplts4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vcmpltu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpltu4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpne2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vcmpne4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vmaxs2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vmaxs4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vmaxu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vmaxu4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vmins2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vmins4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vminu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vminu4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vsads2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsads4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsadu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsadu4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vseteq2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vseteq4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetges2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetges4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vsetgeu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetgeu4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetgts2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetgts4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vsetgtu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetgtu4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetles2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetles4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vsetleu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetleu4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetlts2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetlts4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vsetltu2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetltu4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetne2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsetne4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vsub2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsub4(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsubss2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsubss4(unsigned int a, unsigned int b);
__SMEMLINT_D unsigned int __vsubus2(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int __vsubus4(unsigned int a, unsigned int b);
/* cp.async (cuda_pipeline_primitives.h) */
__SMEMLINT_D void __pipeline_memcpy_async(void *__restrict dst_shared, const void *__restrict src_global,
                                          size_t size_and_align, size_t zfill = 0);
__SMEMLINT_D void __pipeline_commit(void);
__SMEMLINT_D void __pipeline_wait_prior(size_t prior);
__SMEMLINT_D void __pipeline_arrive_on(unsigned long long *bar);

/* ======================================================================== */
/* 10. min / max (global namespace, __host__ __device__, as in CUDA 13.0)   */
/* ======================================================================== */
__SMEMLINT_HD int min(int a, int b);
__SMEMLINT_HD unsigned int min(unsigned int a, unsigned int b);
__SMEMLINT_HD unsigned int min(int a, unsigned int b);
__SMEMLINT_HD unsigned int min(unsigned int a, int b);
__SMEMLINT_HD long int min(long int a, long int b);
__SMEMLINT_HD unsigned long int min(unsigned long int a, unsigned long int b);
__SMEMLINT_HD unsigned long int min(long int a, unsigned long int b);
__SMEMLINT_HD unsigned long int min(unsigned long int a, long int b);
__SMEMLINT_HD long long int min(long long int a, long long int b);
__SMEMLINT_HD unsigned long long int min(unsigned long long int a, unsigned long long int b);
__SMEMLINT_HD unsigned long long int min(long long int a, unsigned long long int b);
__SMEMLINT_HD unsigned long long int min(unsigned long long int a, long long int b);
__SMEMLINT_HD float min(float a, float b);
__SMEMLINT_HD double min(double a, double b);
__SMEMLINT_HD double min(float a, double b);
__SMEMLINT_HD double min(double a, float b);
__SMEMLINT_HD int max(int a, int b);
__SMEMLINT_HD unsigned int max(unsigned int a, unsigned int b);
__SMEMLINT_HD unsigned int max(int a, unsigned int b);
__SMEMLINT_HD unsigned int max(unsigned int a, int b);
__SMEMLINT_HD long int max(long int a, long int b);
__SMEMLINT_HD unsigned long int max(unsigned long int a, unsigned long int b);
__SMEMLINT_HD unsigned long int max(long int a, unsigned long int b);
__SMEMLINT_HD unsigned long int max(unsigned long int a, long int b);
__SMEMLINT_HD long long int max(long long int a, long long int b);
__SMEMLINT_HD unsigned long long int max(unsigned long long int a, unsigned long long int b);
__SMEMLINT_HD unsigned long long int max(long long int a, unsigned long long int b);
__SMEMLINT_HD unsigned long long int max(unsigned long long int a, long long int b);
__SMEMLINT_HD float max(float a, float b);
__SMEMLINT_HD double max(double a, double b);
__SMEMLINT_HD double max(float a, double b);
__SMEMLINT_HD double max(double a, float b);
__SMEMLINT_D long long int llmin(long long int a, long long int b); __SMEMLINT_D long long int llmax(long long int a, long long int b);
__SMEMLINT_D unsigned long long int ullmin(unsigned long long int a, unsigned long long int b); __SMEMLINT_D unsigned long long int ullmax(unsigned long long int a, unsigned long long int b);
__SMEMLINT_D unsigned int umin(unsigned int a, unsigned int b); __SMEMLINT_D unsigned int umax(unsigned int a, unsigned int b);
/* __device__ std::min / std::max.  libstdc++'s are constexpr (hence implicitly
   __host__ __device__) only from C++14 on; these keep std::min/max usable in
   device code under -std=c++11 too.  The enable_if(true) attribute makes them
   distinct overloads that overload resolution prefers over libstdc++'s (the
   trick clang's own cuda_wrappers/algorithm uses). */
namespace std {
template <class T> __attribute__((enable_if(true, ""))) __SMEMLINT_D const T &min(const T &a, const T &b);
template <class T> __attribute__((enable_if(true, ""))) __SMEMLINT_D const T &max(const T &a, const T &b);
template <class T, class Compare>
__attribute__((enable_if(true, ""))) __SMEMLINT_D const T &min(const T &a, const T &b, Compare comp);
template <class T, class Compare>
__attribute__((enable_if(true, ""))) __SMEMLINT_D const T &max(const T &a, const T &b, Compare comp);
} /* namespace std */

/* ======================================================================== */
/* 11. Device math functions                                                */
/* ======================================================================== */
/* __device__ overloads next to glibc's host-only declarations (see the note at
   the top).  C names (sqrtf, sqrt, ...) and the C++ float overloads of the
   <cmath> names (sqrt(float), ...).  All are plain declarations, valid whether
   <math.h>/<cmath> is included before or after (with -include this header
   always comes first anyway). */
__SMEMLINT_D double acos(double x); __SMEMLINT_D float acosf(float x); __SMEMLINT_D float acos(float x);
__SMEMLINT_D double acosh(double x); __SMEMLINT_D float acoshf(float x); __SMEMLINT_D float acosh(float x);
__SMEMLINT_D double asin(double x); __SMEMLINT_D float asinf(float x); __SMEMLINT_D float asin(float x);
__SMEMLINT_D double asinh(double x); __SMEMLINT_D float asinhf(float x); __SMEMLINT_D float asinh(float x);
__SMEMLINT_D double atan(double x); __SMEMLINT_D float atanf(float x); __SMEMLINT_D float atan(float x);
__SMEMLINT_D double atanh(double x); __SMEMLINT_D float atanhf(float x); __SMEMLINT_D float atanh(float x);
__SMEMLINT_D double cbrt(double x); __SMEMLINT_D float cbrtf(float x); __SMEMLINT_D float cbrt(float x);
__SMEMLINT_D double ceil(double x); __SMEMLINT_D float ceilf(float x); __SMEMLINT_D float ceil(float x);
__SMEMLINT_D double cos(double x); __SMEMLINT_D float cosf(float x); __SMEMLINT_D float cos(float x);
__SMEMLINT_D double cosh(double x); __SMEMLINT_D float coshf(float x); __SMEMLINT_D float cosh(float x);
__SMEMLINT_D double erf(double x); __SMEMLINT_D float erff(float x); __SMEMLINT_D float erf(float x);
__SMEMLINT_D double erfc(double x); __SMEMLINT_D float erfcf(float x); __SMEMLINT_D float erfc(float x);
__SMEMLINT_D double exp(double x); __SMEMLINT_D float expf(float x); __SMEMLINT_D float exp(float x);
__SMEMLINT_D double exp2(double x); __SMEMLINT_D float exp2f(float x); __SMEMLINT_D float exp2(float x);
__SMEMLINT_D double expm1(double x); __SMEMLINT_D float expm1f(float x); __SMEMLINT_D float expm1(float x);
__SMEMLINT_D double fabs(double x); __SMEMLINT_D float fabsf(float x); __SMEMLINT_D float fabs(float x);
__SMEMLINT_D double floor(double x); __SMEMLINT_D float floorf(float x); __SMEMLINT_D float floor(float x);
__SMEMLINT_D double lgamma(double x); __SMEMLINT_D float lgammaf(float x); __SMEMLINT_D float lgamma(float x);
__SMEMLINT_D double log(double x); __SMEMLINT_D float logf(float x); __SMEMLINT_D float log(float x);
__SMEMLINT_D double log10(double x); __SMEMLINT_D float log10f(float x); __SMEMLINT_D float log10(float x);
__SMEMLINT_D double log1p(double x); __SMEMLINT_D float log1pf(float x); __SMEMLINT_D float log1p(float x);
__SMEMLINT_D double log2(double x); __SMEMLINT_D float log2f(float x); __SMEMLINT_D float log2(float x);
__SMEMLINT_D double logb(double x); __SMEMLINT_D float logbf(float x); __SMEMLINT_D float logb(float x);
__SMEMLINT_D double nearbyint(double x); __SMEMLINT_D float nearbyintf(float x); __SMEMLINT_D float nearbyint(float x);
__SMEMLINT_D double rint(double x); __SMEMLINT_D float rintf(float x); __SMEMLINT_D float rint(float x);
__SMEMLINT_D double round(double x); __SMEMLINT_D float roundf(float x); __SMEMLINT_D float round(float x);
__SMEMLINT_D double sin(double x); __SMEMLINT_D float sinf(float x); __SMEMLINT_D float sin(float x);
__SMEMLINT_D double sinh(double x); __SMEMLINT_D float sinhf(float x); __SMEMLINT_D float sinh(float x);
__SMEMLINT_D double sqrt(double x); __SMEMLINT_D float sqrtf(float x); __SMEMLINT_D float sqrt(float x);
__SMEMLINT_D double tan(double x); __SMEMLINT_D float tanf(float x); __SMEMLINT_D float tan(float x);
__SMEMLINT_D double tanh(double x); __SMEMLINT_D float tanhf(float x); __SMEMLINT_D float tanh(float x);
__SMEMLINT_D double tgamma(double x); __SMEMLINT_D float tgammaf(float x); __SMEMLINT_D float tgamma(float x);
__SMEMLINT_D double trunc(double x); __SMEMLINT_D float truncf(float x); __SMEMLINT_D float trunc(float x);
__SMEMLINT_D double rsqrt(double x); __SMEMLINT_D float rsqrtf(float x); __SMEMLINT_D float rsqrt(float x);
__SMEMLINT_D double rcbrt(double x); __SMEMLINT_D float rcbrtf(float x); __SMEMLINT_D float rcbrt(float x);
__SMEMLINT_D double sinpi(double x); __SMEMLINT_D float sinpif(float x); __SMEMLINT_D float sinpi(float x);
__SMEMLINT_D double cospi(double x); __SMEMLINT_D float cospif(float x); __SMEMLINT_D float cospi(float x);
__SMEMLINT_D double exp10(double x); __SMEMLINT_D float exp10f(float x); __SMEMLINT_D float exp10(float x);
__SMEMLINT_D double erfinv(double x); __SMEMLINT_D float erfinvf(float x); __SMEMLINT_D float erfinv(float x);
__SMEMLINT_D double erfcinv(double x); __SMEMLINT_D float erfcinvf(float x); __SMEMLINT_D float erfcinv(float x);
__SMEMLINT_D double erfcx(double x); __SMEMLINT_D float erfcxf(float x); __SMEMLINT_D float erfcx(float x);
__SMEMLINT_D double normcdf(double x); __SMEMLINT_D float normcdff(float x); __SMEMLINT_D float normcdf(float x);
__SMEMLINT_D double normcdfinv(double x); __SMEMLINT_D float normcdfinvf(float x); __SMEMLINT_D float normcdfinv(float x);
__SMEMLINT_D double j0(double x); __SMEMLINT_D float j0f(float x); __SMEMLINT_D float j0(float x);
__SMEMLINT_D double j1(double x); __SMEMLINT_D float j1f(float x); __SMEMLINT_D float j1(float x);
__SMEMLINT_D double y0(double x); __SMEMLINT_D float y0f(float x); __SMEMLINT_D float y0(float x);
__SMEMLINT_D double y1(double x); __SMEMLINT_D float y1f(float x); __SMEMLINT_D float y1(float x);
__SMEMLINT_D double cyl_bessel_i0(double x); __SMEMLINT_D float cyl_bessel_i0f(float x); __SMEMLINT_D float cyl_bessel_i0(float x);
__SMEMLINT_D double cyl_bessel_i1(double x); __SMEMLINT_D float cyl_bessel_i1f(float x); __SMEMLINT_D float cyl_bessel_i1(float x);
__SMEMLINT_D double atan2(double x, double y); __SMEMLINT_D float atan2f(float x, float y); __SMEMLINT_D float atan2(float x, float y);
__SMEMLINT_D double copysign(double x, double y); __SMEMLINT_D float copysignf(float x, float y); __SMEMLINT_D float copysign(float x, float y);
__SMEMLINT_D double fdim(double x, double y); __SMEMLINT_D float fdimf(float x, float y); __SMEMLINT_D float fdim(float x, float y);
__SMEMLINT_D double fmax(double x, double y); __SMEMLINT_D float fmaxf(float x, float y); __SMEMLINT_D float fmax(float x, float y);
__SMEMLINT_D double fmin(double x, double y); __SMEMLINT_D float fminf(float x, float y); __SMEMLINT_D float fmin(float x, float y);
__SMEMLINT_D double fmod(double x, double y); __SMEMLINT_D float fmodf(float x, float y); __SMEMLINT_D float fmod(float x, float y);
__SMEMLINT_D double hypot(double x, double y); __SMEMLINT_D float hypotf(float x, float y); __SMEMLINT_D float hypot(float x, float y);
__SMEMLINT_D double nextafter(double x, double y); __SMEMLINT_D float nextafterf(float x, float y); __SMEMLINT_D float nextafter(float x, float y);
__SMEMLINT_D double pow(double x, double y); __SMEMLINT_D float powf(float x, float y); __SMEMLINT_D float pow(float x, float y);
__SMEMLINT_D double remainder(double x, double y); __SMEMLINT_D float remainderf(float x, float y); __SMEMLINT_D float remainder(float x, float y);
__SMEMLINT_D double rhypot(double x, double y); __SMEMLINT_D float rhypotf(float x, float y); __SMEMLINT_D float rhypot(float x, float y);
__SMEMLINT_D double fma(double x, double y, double z); __SMEMLINT_D float fmaf(float x, float y, float z); __SMEMLINT_D float fma(float x, float y, float z);
__SMEMLINT_D double pow(double x, int y); __SMEMLINT_D float pow(float x, int y);
__SMEMLINT_D double frexp(double x, int *e); __SMEMLINT_D float frexpf(float x, int *e); __SMEMLINT_D float frexp(float x, int *e);
__SMEMLINT_D double ldexp(double x, int e); __SMEMLINT_D float ldexpf(float x, int e); __SMEMLINT_D float ldexp(float x, int e);
__SMEMLINT_D double modf(double x, double *ip); __SMEMLINT_D float modff(float x, float *ip); __SMEMLINT_D float modf(float x, float *ip);
__SMEMLINT_D double remquo(double x, double y, int *q); __SMEMLINT_D float remquof(float x, float y, int *q); __SMEMLINT_D float remquo(float x, float y, int *q);
__SMEMLINT_D double scalbn(double x, int n); __SMEMLINT_D float scalbnf(float x, int n); __SMEMLINT_D float scalbn(float x, int n);
__SMEMLINT_D double scalbln(double x, long int n); __SMEMLINT_D float scalblnf(float x, long int n); __SMEMLINT_D float scalbln(float x, long int n);
__SMEMLINT_D int ilogb(double x); __SMEMLINT_D int ilogbf(float x); __SMEMLINT_D int ilogb(float x);
__SMEMLINT_D long long int llrint(double x); __SMEMLINT_D long long int llrintf(float x); __SMEMLINT_D long long int llrint(float x);
__SMEMLINT_D long long int llround(double x); __SMEMLINT_D long long int llroundf(float x); __SMEMLINT_D long long int llround(float x);
__SMEMLINT_D long int lrint(double x); __SMEMLINT_D long int lrintf(float x); __SMEMLINT_D long int lrint(float x);
__SMEMLINT_D long int lround(double x); __SMEMLINT_D long int lroundf(float x); __SMEMLINT_D long int lround(float x);
__SMEMLINT_D double nan(const char *tag); __SMEMLINT_D float nanf(const char *tag);
__SMEMLINT_D void sincos(double x, double *s, double *c); __SMEMLINT_D void sincosf(float x, float *s, float *c);
__SMEMLINT_D void sincospi(double x, double *s, double *c); __SMEMLINT_D void sincospif(float x, float *s, float *c);
__SMEMLINT_D double jn(int n, double x); __SMEMLINT_D float jnf(int n, float x); __SMEMLINT_D double yn(int n, double x); __SMEMLINT_D float ynf(int n, float x);
__SMEMLINT_D double norm3d(double a, double b, double c); __SMEMLINT_D float norm3df(float a, float b, float c);
__SMEMLINT_D double rnorm3d(double a, double b, double c); __SMEMLINT_D float rnorm3df(float a, float b, float c);
__SMEMLINT_D double norm4d(double a, double b, double c, double d); __SMEMLINT_D float norm4df(float a, float b, float c, float d);
__SMEMLINT_D double rnorm4d(double a, double b, double c, double d); __SMEMLINT_D float rnorm4df(float a, float b, float c, float d);
__SMEMLINT_D double norm(int dim, const double *p); __SMEMLINT_D float normf(int dim, const float *p);
__SMEMLINT_D double rnorm(int dim, const double *p); __SMEMLINT_D float rnormf(int dim, const float *p);
__SMEMLINT_D float fdividef(float x, float y);
__SMEMLINT_D int abs(int x); __SMEMLINT_D long int abs(long int x); __SMEMLINT_D long long int abs(long long int x); __SMEMLINT_D float abs(float x); __SMEMLINT_D double abs(double x);
__SMEMLINT_D long int labs(long int x); __SMEMLINT_D long long int llabs(long long int x);
__SMEMLINT_D bool signbit(double x); __SMEMLINT_D bool signbit(float x); __SMEMLINT_D bool isfinite(double x); __SMEMLINT_D bool isfinite(float x);
__SMEMLINT_D bool isinf(double x); __SMEMLINT_D bool isinf(float x); __SMEMLINT_D bool isnan(double x); __SMEMLINT_D bool isnan(float x);
__SMEMLINT_D bool isnormal(double x); __SMEMLINT_D bool isnormal(float x); __SMEMLINT_D int fpclassify(double x); __SMEMLINT_D int fpclassify(float x);
__SMEMLINT_D bool isgreater(double x, double y); __SMEMLINT_D bool isgreater(float x, float y);
__SMEMLINT_D bool isgreaterequal(double x, double y); __SMEMLINT_D bool isgreaterequal(float x, float y);
__SMEMLINT_D bool isless(double x, double y); __SMEMLINT_D bool isless(float x, float y);
__SMEMLINT_D bool islessequal(double x, double y); __SMEMLINT_D bool islessequal(float x, float y);
__SMEMLINT_D bool islessgreater(double x, double y); __SMEMLINT_D bool islessgreater(float x, float y);
__SMEMLINT_D bool isunordered(double x, double y); __SMEMLINT_D bool isunordered(float x, float y);
__SMEMLINT_D int __isnan(double x); __SMEMLINT_D int __isnanf(float x); __SMEMLINT_D int __isinf(double x); __SMEMLINT_D int __isinff(float x);
__SMEMLINT_D int __finite(double x); __SMEMLINT_D int __finitef(float x); __SMEMLINT_D int __isfinited(double x);
__SMEMLINT_D int __signbitd(double x); __SMEMLINT_D int __signbitf(float x);
/* Host-side classification functions.  glibc defines isnan & co. as macros,
   which this header #undefs (as <cmath>, which nvcc always includes, does);
   these keep unqualified isnan(x) working in host code.  enable_if(true) makes
   them distinct from libstdc++'s std::isnan(float) & co. (so a later
   `using std::isnan;` from <math.h> does not clash) and preferred by overload
   resolution. */
__attribute__((host)) __attribute__((enable_if(true, ""))) bool isfinite(float x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isfinite(double x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isfinite(long double x);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool isinf(float x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isinf(double x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isinf(long double x);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool isnan(float x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isnan(double x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isnan(long double x);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool isnormal(float x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isnormal(double x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isnormal(long double x);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool signbit(float x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool signbit(double x); __attribute__((host)) __attribute__((enable_if(true, ""))) bool signbit(long double x);
__attribute__((host)) __attribute__((enable_if(true, ""))) int fpclassify(float x); __attribute__((host)) __attribute__((enable_if(true, ""))) int fpclassify(double x); __attribute__((host)) __attribute__((enable_if(true, ""))) int fpclassify(long double x);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool isgreater(float x, float y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isgreater(double x, double y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isgreater(long double x, long double y);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool isgreaterequal(float x, float y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isgreaterequal(double x, double y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isgreaterequal(long double x, long double y);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool isless(float x, float y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isless(double x, double y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isless(long double x, long double y);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool islessequal(float x, float y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool islessequal(double x, double y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool islessequal(long double x, long double y);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool islessgreater(float x, float y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool islessgreater(double x, double y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool islessgreater(long double x, long double y);
__attribute__((host)) __attribute__((enable_if(true, ""))) bool isunordered(float x, float y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isunordered(double x, double y); __attribute__((host)) __attribute__((enable_if(true, ""))) bool isunordered(long double x, long double y);
/* Make the __device__ overloads members of std before libstdc++'s <cmath>
   declares its constexpr float/long double overloads there (which would
   otherwise become implicitly __host__ __device__ and clash). */
namespace std {
using ::acos; using ::acosh; using ::asin; using ::asinh; using ::atan; using ::atanh; using ::cbrt; using ::ceil;
using ::cos; using ::cosh; using ::erf; using ::erfc; using ::exp; using ::exp2; using ::expm1; using ::fabs;
using ::floor; using ::lgamma; using ::log; using ::log10; using ::log1p; using ::log2; using ::logb; using ::nearbyint;
using ::rint; using ::round; using ::sin; using ::sinh; using ::sqrt; using ::tan; using ::tanh; using ::tgamma;
using ::trunc; using ::atan2; using ::copysign; using ::fdim; using ::fmax; using ::fmin; using ::fmod; using ::hypot;
using ::nextafter; using ::pow; using ::remainder; using ::fma; using ::abs; using ::labs; using ::llabs; using ::frexp;
using ::ldexp; using ::modf; using ::remquo; using ::scalbn; using ::scalbln; using ::ilogb; using ::llrint; using ::llround;
using ::lrint; using ::lround; using ::nan; using ::nanf; using ::signbit; using ::isfinite; using ::isinf; using ::isnan;
using ::isnormal; using ::fpclassify; using ::isgreater; using ::isgreaterequal; using ::isless; using ::islessequal; using ::islessgreater; using ::isunordered;
} /* namespace std */

/* ======================================================================== */
/* 12. C library functions available in device code                         */
/* ======================================================================== */
extern "C" {
__SMEMLINT_D int printf(const char *format, ...);
__SMEMLINT_D int vprintf(const char *format, const char *args);
__SMEMLINT_D void *malloc(size_t size);
__SMEMLINT_D void free(void *ptr);
__SMEMLINT_D void __assertfail(const char *message, const char *file, unsigned int line,
                               const char *function, size_t charSize);
/* glibc's assert() expands to __assert_fail(...) */
__SMEMLINT_D void __assert_fail(const char *assertion, const char *file, unsigned int line,
                                const char *function);
}
__SMEMLINT_D void *memcpy(void *dst, const void *src, size_t n);
__SMEMLINT_D void *memset(void *dst, int c, size_t n);
namespace std {
using ::printf; using ::malloc; using ::free; using ::memcpy; using ::memset;
} /* namespace std */

/* Device-side operator new / delete (CUDA supports them on the device heap),
   as __device__ overloads of the host ones, like clang's cuda_wrappers/new. */
__SMEMLINT_D void *operator new(size_t size);
__SMEMLINT_D void *operator new[](size_t size);
__SMEMLINT_D void operator delete(void *ptr) noexcept;
__SMEMLINT_D void operator delete[](void *ptr) noexcept;
#if __cplusplus >= 201402L
__SMEMLINT_D void operator delete(void *ptr, size_t size) noexcept;
__SMEMLINT_D void operator delete[](void *ptr, size_t size) noexcept;
#endif
#if defined(_GLIBCXX_NEW) || defined(_LIBCPP_NEW) || defined(_NEW_)
__SMEMLINT_D void *operator new(size_t size, const std::nothrow_t &) noexcept;
__SMEMLINT_D void *operator new[](size_t size, const std::nothrow_t &) noexcept;
__SMEMLINT_D void operator delete(void *ptr, const std::nothrow_t &) noexcept;
__SMEMLINT_D void operator delete[](void *ptr, const std::nothrow_t &) noexcept;
#endif
#if !(__cpp_lib_constexpr_new >= 202406L)
__SMEMLINT_D void *operator new(size_t, void *ptr) noexcept;
__SMEMLINT_D void *operator new[](size_t, void *ptr) noexcept;
#endif
__SMEMLINT_D void operator delete(void *, void *) noexcept;
__SMEMLINT_D void operator delete[](void *, void *) noexcept;

/* ======================================================================== */
/* 13. Host runtime API (cuda_runtime_api.h / cuda_runtime.h subset)        */
/* ======================================================================== */
/* Enumerator names and values as in CUDA 13.0 driver_types.h. */
enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3,
    cudaErrorCudartUnloading = 4,
    cudaErrorProfilerDisabled = 5,
    cudaErrorProfilerNotInitialized = 6,
    cudaErrorProfilerAlreadyStarted = 7,
    cudaErrorProfilerAlreadyStopped = 8,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidPitchValue = 12,
    cudaErrorInvalidSymbol = 13,
    cudaErrorInvalidHostPointer = 16,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidTexture = 18,
    cudaErrorInvalidTextureBinding = 19,
    cudaErrorInvalidChannelDescriptor = 20,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorAddressOfConstant = 22,
    cudaErrorTextureFetchFailed = 23,
    cudaErrorTextureNotBound = 24,
    cudaErrorSynchronizationError = 25,
    cudaErrorInvalidFilterSetting = 26,
    cudaErrorInvalidNormSetting = 27,
    cudaErrorMixedDeviceExecution = 28,
    cudaErrorNotYetImplemented = 31,
    cudaErrorMemoryValueTooLarge = 32,
    cudaErrorStubLibrary = 34,
    cudaErrorInsufficientDriver = 35,
    cudaErrorCallRequiresNewerDriver = 36,
    cudaErrorInvalidSurface = 37,
    cudaErrorDuplicateVariableName = 43,
    cudaErrorDuplicateTextureName = 44,
    cudaErrorDuplicateSurfaceName = 45,
    cudaErrorDevicesUnavailable = 46,
    cudaErrorIncompatibleDriverContext = 49,
    cudaErrorMissingConfiguration = 52,
    cudaErrorPriorLaunchFailure = 53,
    cudaErrorLaunchMaxDepthExceeded = 65,
    cudaErrorLaunchFileScopedTex = 66,
    cudaErrorLaunchFileScopedSurf = 67,
    cudaErrorSyncDepthExceeded = 68,
    cudaErrorLaunchPendingCountExceeded = 69,
    cudaErrorInvalidDeviceFunction = 98,
    cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101,
    cudaErrorDeviceNotLicensed = 102,
    cudaErrorSoftwareValidityNotEstablished = 103,
    cudaErrorStartupFailure = 127,
    cudaErrorInvalidKernelImage = 200,
    cudaErrorDeviceUninitialized = 201,
    cudaErrorMapBufferObjectFailed = 205,
    cudaErrorUnmapBufferObjectFailed = 206,
    cudaErrorArrayIsMapped = 207,
    cudaErrorAlreadyMapped = 208,
    cudaErrorNoKernelImageForDevice = 209,
    cudaErrorAlreadyAcquired = 210,
    cudaErrorNotMapped = 211,
    cudaErrorNotMappedAsArray = 212,
    cudaErrorNotMappedAsPointer = 213,
    cudaErrorECCUncorrectable = 214,
    cudaErrorUnsupportedLimit = 215,
    cudaErrorDeviceAlreadyInUse = 216,
    cudaErrorPeerAccessUnsupported = 217,
    cudaErrorInvalidPtx = 218,
    cudaErrorInvalidGraphicsContext = 219,
    cudaErrorNvlinkUncorrectable = 220,
    cudaErrorJitCompilerNotFound = 221,
    cudaErrorUnsupportedPtxVersion = 222,
    cudaErrorJitCompilationDisabled = 223,
    cudaErrorUnsupportedExecAffinity = 224,
    cudaErrorUnsupportedDevSideSync = 225,
    cudaErrorContained = 226,
    cudaErrorInvalidSource = 300,
    cudaErrorFileNotFound = 301,
    cudaErrorSharedObjectSymbolNotFound = 302,
    cudaErrorSharedObjectInitFailed = 303,
    cudaErrorOperatingSystem = 304,
    cudaErrorInvalidResourceHandle = 400,
    cudaErrorIllegalState = 401,
    cudaErrorLossyQuery = 402,
    cudaErrorSymbolNotFound = 500,
    cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701,
    cudaErrorLaunchTimeout = 702,
    cudaErrorLaunchIncompatibleTexturing = 703,
    cudaErrorPeerAccessAlreadyEnabled = 704,
    cudaErrorPeerAccessNotEnabled = 705,
    cudaErrorSetOnActiveProcess = 708,
    cudaErrorContextIsDestroyed = 709,
    cudaErrorAssert = 710,
    cudaErrorTooManyPeers = 711,
    cudaErrorHostMemoryAlreadyRegistered = 712,
    cudaErrorHostMemoryNotRegistered = 713,
    cudaErrorHardwareStackError = 714,
    cudaErrorIllegalInstruction = 715,
    cudaErrorMisalignedAddress = 716,
    cudaErrorInvalidAddressSpace = 717,
    cudaErrorInvalidPc = 718,
    cudaErrorLaunchFailure = 719,
    cudaErrorCooperativeLaunchTooLarge = 720,
    cudaErrorTensorMemoryLeak = 721,
    cudaErrorNotPermitted = 800,
    cudaErrorNotSupported = 801,
    cudaErrorSystemNotReady = 802,
    cudaErrorSystemDriverMismatch = 803,
    cudaErrorCompatNotSupportedOnDevice = 804,
    cudaErrorMpsConnectionFailed = 805,
    cudaErrorMpsRpcFailure = 806,
    cudaErrorMpsServerNotReady = 807,
    cudaErrorMpsMaxClientsReached = 808,
    cudaErrorMpsMaxConnectionsReached = 809,
    cudaErrorMpsClientTerminated = 810,
    cudaErrorCdpNotSupported = 811,
    cudaErrorCdpVersionMismatch = 812,
    cudaErrorStreamCaptureUnsupported = 900,
    cudaErrorStreamCaptureInvalidated = 901,
    cudaErrorStreamCaptureMerge = 902,
    cudaErrorStreamCaptureUnmatched = 903,
    cudaErrorStreamCaptureUnjoined = 904,
    cudaErrorStreamCaptureIsolation = 905,
    cudaErrorStreamCaptureImplicit = 906,
    cudaErrorCapturedEvent = 907,
    cudaErrorStreamCaptureWrongThread = 908,
    cudaErrorTimeout = 909,
    cudaErrorGraphExecUpdateFailure = 910,
    cudaErrorExternalDevice = 911,
    cudaErrorInvalidClusterSize = 912,
    cudaErrorFunctionNotLoaded = 913,
    cudaErrorInvalidResourceType = 914,
    cudaErrorInvalidResourceConfiguration = 915,
    cudaErrorUnknown = 999,
    cudaErrorApiFailureBase = 10000
};
typedef enum cudaError cudaError_t;

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef void (*cudaHostFn_t)(void *userData);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);

#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

enum cudaDeviceAttr {
    cudaDevAttrMaxThreadsPerBlock = 1,
    cudaDevAttrMaxBlockDimX = 2,
    cudaDevAttrMaxBlockDimY = 3,
    cudaDevAttrMaxBlockDimZ = 4,
    cudaDevAttrMaxGridDimX = 5,
    cudaDevAttrMaxGridDimY = 6,
    cudaDevAttrMaxGridDimZ = 7,
    cudaDevAttrMaxSharedMemoryPerBlock = 8,
    cudaDevAttrTotalConstantMemory = 9,
    cudaDevAttrWarpSize = 10,
    cudaDevAttrMaxPitch = 11,
    cudaDevAttrMaxRegistersPerBlock = 12,
    cudaDevAttrClockRate = 13,
    cudaDevAttrTextureAlignment = 14,
    cudaDevAttrGpuOverlap = 15,
    cudaDevAttrMultiProcessorCount = 16,
    cudaDevAttrKernelExecTimeout = 17,
    cudaDevAttrIntegrated = 18,
    cudaDevAttrCanMapHostMemory = 19,
    cudaDevAttrComputeMode = 20,
    cudaDevAttrMaxTexture1DWidth = 21,
    cudaDevAttrMaxTexture2DWidth = 22,
    cudaDevAttrMaxTexture2DHeight = 23,
    cudaDevAttrMaxTexture3DWidth = 24,
    cudaDevAttrMaxTexture3DHeight = 25,
    cudaDevAttrMaxTexture3DDepth = 26,
    cudaDevAttrMaxTexture2DLayeredWidth = 27,
    cudaDevAttrMaxTexture2DLayeredHeight = 28,
    cudaDevAttrMaxTexture2DLayeredLayers = 29,
    cudaDevAttrSurfaceAlignment = 30,
    cudaDevAttrConcurrentKernels = 31,
    cudaDevAttrEccEnabled = 32,
    cudaDevAttrPciBusId = 33,
    cudaDevAttrPciDeviceId = 34,
    cudaDevAttrTccDriver = 35,
    cudaDevAttrMemoryClockRate = 36,
    cudaDevAttrGlobalMemoryBusWidth = 37,
    cudaDevAttrL2CacheSize = 38,
    cudaDevAttrMaxThreadsPerMultiProcessor = 39,
    cudaDevAttrAsyncEngineCount = 40,
    cudaDevAttrUnifiedAddressing = 41,
    cudaDevAttrMaxTexture1DLayeredWidth = 42,
    cudaDevAttrMaxTexture1DLayeredLayers = 43,
    cudaDevAttrMaxTexture2DGatherWidth = 45,
    cudaDevAttrMaxTexture2DGatherHeight = 46,
    cudaDevAttrMaxTexture3DWidthAlt = 47,
    cudaDevAttrMaxTexture3DHeightAlt = 48,
    cudaDevAttrMaxTexture3DDepthAlt = 49,
    cudaDevAttrPciDomainId = 50,
    cudaDevAttrTexturePitchAlignment = 51,
    cudaDevAttrMaxTextureCubemapWidth = 52,
    cudaDevAttrMaxTextureCubemapLayeredWidth = 53,
    cudaDevAttrMaxTextureCubemapLayeredLayers = 54,
    cudaDevAttrMaxSurface1DWidth = 55,
    cudaDevAttrMaxSurface2DWidth = 56,
    cudaDevAttrMaxSurface2DHeight = 57,
    cudaDevAttrMaxSurface3DWidth = 58,
    cudaDevAttrMaxSurface3DHeight = 59,
    cudaDevAttrMaxSurface3DDepth = 60,
    cudaDevAttrMaxSurface1DLayeredWidth = 61,
    cudaDevAttrMaxSurface1DLayeredLayers = 62,
    cudaDevAttrMaxSurface2DLayeredWidth = 63,
    cudaDevAttrMaxSurface2DLayeredHeight = 64,
    cudaDevAttrMaxSurface2DLayeredLayers = 65,
    cudaDevAttrMaxSurfaceCubemapWidth = 66,
    cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67,
    cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68,
    cudaDevAttrMaxTexture1DLinearWidth = 69,
    cudaDevAttrMaxTexture2DLinearWidth = 70,
    cudaDevAttrMaxTexture2DLinearHeight = 71,
    cudaDevAttrMaxTexture2DLinearPitch = 72,
    cudaDevAttrMaxTexture2DMipmappedWidth = 73,
    cudaDevAttrMaxTexture2DMipmappedHeight = 74,
    cudaDevAttrComputeCapabilityMajor = 75,
    cudaDevAttrComputeCapabilityMinor = 76,
    cudaDevAttrMaxTexture1DMipmappedWidth = 77,
    cudaDevAttrStreamPrioritiesSupported = 78,
    cudaDevAttrGlobalL1CacheSupported = 79,
    cudaDevAttrLocalL1CacheSupported = 80,
    cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
    cudaDevAttrMaxRegistersPerMultiprocessor = 82,
    cudaDevAttrManagedMemory = 83,
    cudaDevAttrIsMultiGpuBoard = 84,
    cudaDevAttrMultiGpuBoardGroupID = 85,
    cudaDevAttrHostNativeAtomicSupported = 86,
    cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
    cudaDevAttrPageableMemoryAccess = 88,
    cudaDevAttrConcurrentManagedAccess = 89,
    cudaDevAttrComputePreemptionSupported = 90,
    cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
    cudaDevAttrReserved92 = 92,
    cudaDevAttrReserved93 = 93,
    cudaDevAttrReserved94 = 94,
    cudaDevAttrCooperativeLaunch = 95,
    cudaDevAttrReserved96 = 96,
    cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
    cudaDevAttrCanFlushRemoteWrites = 98,
    cudaDevAttrHostRegisterSupported = 99,
    cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
    cudaDevAttrDirectManagedMemAccessFromHost = 101,
    cudaDevAttrMaxBlocksPerMultiprocessor = 106,
    cudaDevAttrMaxPersistingL2CacheSize = 108,
    cudaDevAttrMaxAccessPolicyWindowSize = 109,
    cudaDevAttrReservedSharedMemoryPerBlock = 111,
    cudaDevAttrSparseCudaArraySupported = 112,
    cudaDevAttrHostRegisterReadOnlySupported = 113,
    cudaDevAttrTimelineSemaphoreInteropSupported = 114,
    cudaDevAttrMemoryPoolsSupported = 115,
    cudaDevAttrGPUDirectRDMASupported = 116,
    cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117,
    cudaDevAttrGPUDirectRDMAWritesOrdering = 118,
    cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
    cudaDevAttrClusterLaunch = 120,
    cudaDevAttrDeferredMappingCudaArraySupported = 121,
    cudaDevAttrReserved122 = 122,
    cudaDevAttrReserved123 = 123,
    cudaDevAttrReserved124 = 124,
    cudaDevAttrIpcEventSupport = 125,
    cudaDevAttrMemSyncDomainCount = 126,
    cudaDevAttrReserved127 = 127,
    cudaDevAttrReserved128 = 128,
    cudaDevAttrReserved129 = 129,
    cudaDevAttrNumaConfig = 130,
    cudaDevAttrNumaId = 131,
    cudaDevAttrReserved132 = 132,
    cudaDevAttrMpsEnabled = 133,
    cudaDevAttrHostNumaId = 134,
    cudaDevAttrD3D12CigSupported = 135,
    cudaDevAttrVulkanCigSupported = 138,
    cudaDevAttrGpuPciDeviceId = 139,
    cudaDevAttrGpuPciSubsystemId = 140,
    cudaDevAttrReserved141 = 141,
    cudaDevAttrHostNumaMemoryPoolsSupported = 142,
    cudaDevAttrHostNumaMultinodeIpcSupported = 143,
    cudaDevAttrHostMemoryPoolsSupported = 144,
    cudaDevAttrReserved145 = 145,
    cudaDevAttrOnlyPartialHostNativeAtomicSupported = 147,
    cudaDevAttrMax
};
enum cudaComputeMode {
    cudaComputeModeDefault = 0,
    cudaComputeModeExclusive = 1,
    cudaComputeModeProhibited = 2,
    cudaComputeModeExclusiveProcess = 3
};
enum cudaMemoryAdvise {
    cudaMemAdviseSetReadMostly = 1,
    cudaMemAdviseUnsetReadMostly = 2,
    cudaMemAdviseSetPreferredLocation = 3,
    cudaMemAdviseUnsetPreferredLocation = 4,
    cudaMemAdviseSetAccessedBy = 5,
    cudaMemAdviseUnsetAccessedBy = 6
};
enum cudaMemRangeAttribute {
    cudaMemRangeAttributeReadMostly = 1,
    cudaMemRangeAttributePreferredLocation = 2,
    cudaMemRangeAttributeAccessedBy = 3,
    cudaMemRangeAttributeLastPrefetchLocation = 4,
    cudaMemRangeAttributePreferredLocationType = 5,
    cudaMemRangeAttributePreferredLocationId = 6,
    cudaMemRangeAttributeLastPrefetchLocationType = 7,
    cudaMemRangeAttributeLastPrefetchLocationId = 8
};
enum cudaMemoryType {
    cudaMemoryTypeUnregistered = 0,
    cudaMemoryTypeHost = 1,
    cudaMemoryTypeDevice = 2,
    cudaMemoryTypeManaged = 3
};
enum cudaResourceType {
    cudaResourceTypeArray = 0x00,
    cudaResourceTypeMipmappedArray = 0x01,
    cudaResourceTypeLinear = 0x02,
    cudaResourceTypePitch2D = 0x03
};
enum cudaStreamCaptureMode {
    cudaStreamCaptureModeGlobal = 0,
    cudaStreamCaptureModeThreadLocal = 1,
    cudaStreamCaptureModeRelaxed = 2
};
enum cudaStreamCaptureStatus {
    cudaStreamCaptureStatusNone = 0,
    cudaStreamCaptureStatusActive = 1,
    cudaStreamCaptureStatusInvalidated = 2
};
enum cudaGraphInstantiateFlags {
    cudaGraphInstantiateFlagAutoFreeOnLaunch = 1,
    cudaGraphInstantiateFlagUpload = 2,
    cudaGraphInstantiateFlagDeviceLaunch = 4,
    cudaGraphInstantiateFlagUseNodePriority = 8
};
enum cudaLimit {
    cudaLimitStackSize = 0x00,
    cudaLimitPrintfFifoSize = 0x01,
    cudaLimitMallocHeapSize = 0x02,
    cudaLimitDevRuntimeSyncDepth = 0x03,
    cudaLimitDevRuntimePendingLaunchCount = 0x04,
    cudaLimitMaxL2FetchGranularity = 0x05,
    cudaLimitPersistingL2CacheSize = 0x06
};
enum cudaFuncAttribute {
    cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
    cudaFuncAttributePreferredSharedMemoryCarveout = 9,
    cudaFuncAttributeClusterDimMustBeSet = 10,
    cudaFuncAttributeRequiredClusterWidth = 11,
    cudaFuncAttributeRequiredClusterHeight = 12,
    cudaFuncAttributeRequiredClusterDepth = 13,
    cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
    cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
    cudaFuncAttributeMax
};
enum cudaSharedCarveout {
    cudaSharedmemCarveoutDefault = -1,
    cudaSharedmemCarveoutMaxShared = 100,
    cudaSharedmemCarveoutMaxL1 = 0
};
enum cudaMemLocationType {
    cudaMemLocationTypeInvalid = 0,
    cudaMemLocationTypeNone = 0,
    cudaMemLocationTypeDevice = 1,
    cudaMemLocationTypeHost = 2,
    cudaMemLocationTypeHostNuma = 3,
    cudaMemLocationTypeHostNumaCurrent = 4
};
enum cudaAccessProperty {
    cudaAccessPropertyNormal = 0,
    cudaAccessPropertyStreaming = 1,
    cudaAccessPropertyPersisting = 2
};
enum cudaChannelFormatKind {
    cudaChannelFormatKindSigned = 0,
    cudaChannelFormatKindUnsigned = 1,
    cudaChannelFormatKindFloat = 2,
    cudaChannelFormatKindNone = 3,
    cudaChannelFormatKindNV12 = 4,
    cudaChannelFormatKindUnsignedNormalized8X1 = 5,
    cudaChannelFormatKindUnsignedNormalized8X2 = 6,
    cudaChannelFormatKindUnsignedNormalized8X4 = 7,
    cudaChannelFormatKindUnsignedNormalized16X1 = 8,
    cudaChannelFormatKindUnsignedNormalized16X2 = 9,
    cudaChannelFormatKindUnsignedNormalized16X4 = 10,
    cudaChannelFormatKindSignedNormalized8X1 = 11,
    cudaChannelFormatKindSignedNormalized8X2 = 12,
    cudaChannelFormatKindSignedNormalized8X4 = 13,
    cudaChannelFormatKindSignedNormalized16X1 = 14,
    cudaChannelFormatKindSignedNormalized16X2 = 15,
    cudaChannelFormatKindSignedNormalized16X4 = 16,
    cudaChannelFormatKindUnsignedBlockCompressed1 = 17,
    cudaChannelFormatKindUnsignedBlockCompressed1SRGB = 18,
    cudaChannelFormatKindUnsignedBlockCompressed2 = 19,
    cudaChannelFormatKindUnsignedBlockCompressed2SRGB = 20,
    cudaChannelFormatKindUnsignedBlockCompressed3 = 21,
    cudaChannelFormatKindUnsignedBlockCompressed3SRGB = 22,
    cudaChannelFormatKindUnsignedBlockCompressed4 = 23,
    cudaChannelFormatKindSignedBlockCompressed4 = 24,
    cudaChannelFormatKindUnsignedBlockCompressed5 = 25,
    cudaChannelFormatKindSignedBlockCompressed5 = 26,
    cudaChannelFormatKindUnsignedBlockCompressed6H = 27,
    cudaChannelFormatKindSignedBlockCompressed6H = 28,
    cudaChannelFormatKindUnsignedBlockCompressed7 = 29,
    cudaChannelFormatKindUnsignedBlockCompressed7SRGB = 30,
    cudaChannelFormatKindUnsignedNormalized1010102 = 31
};
enum cudaFuncCache {
    cudaFuncCachePreferNone = 0,
    cudaFuncCachePreferShared = 1,
    cudaFuncCachePreferL1 = 2,
    cudaFuncCachePreferEqual = 3
};
enum cudaSharedMemConfig {
    cudaSharedMemBankSizeDefault = 0,
    cudaSharedMemBankSizeFourByte = 1,
    cudaSharedMemBankSizeEightByte = 2
};
enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4
};
enum cudaGraphNodeType {
    cudaGraphNodeTypeKernel = 0x00,
    cudaGraphNodeTypeMemcpy = 0x01,
    cudaGraphNodeTypeMemset = 0x02,
    cudaGraphNodeTypeHost = 0x03,
    cudaGraphNodeTypeGraph = 0x04,
    cudaGraphNodeTypeEmpty = 0x05,
    cudaGraphNodeTypeWaitEvent = 0x06,
    cudaGraphNodeTypeEventRecord = 0x07,
    cudaGraphNodeTypeExtSemaphoreSignal = 0x08,
    cudaGraphNodeTypeExtSemaphoreWait = 0x09,
    cudaGraphNodeTypeMemAlloc = 0x0a,
    cudaGraphNodeTypeMemFree = 0x0b,
    cudaGraphNodeTypeConditional = 0x0d,
    cudaGraphNodeTypeCount
};
enum cudaLaunchAttributeID {
    cudaLaunchAttributeIgnore = 0,
    cudaLaunchAttributeAccessPolicyWindow = 1,
    cudaLaunchAttributeCooperative = 2,
    cudaLaunchAttributeSynchronizationPolicy = 3,
    cudaLaunchAttributeClusterDimension = 4,
    cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
    cudaLaunchAttributeProgrammaticStreamSerialization = 6,
    cudaLaunchAttributeProgrammaticEvent = 7,
    cudaLaunchAttributePriority = 8,
    cudaLaunchAttributeMemSyncDomainMap = 9,
    cudaLaunchAttributeMemSyncDomain = 10,
    cudaLaunchAttributePreferredClusterDimension = 11,
    cudaLaunchAttributeLaunchCompletionEvent = 12,
    cudaLaunchAttributeDeviceUpdatableKernelNode = 13,
    cudaLaunchAttributePreferredSharedMemoryCarveout = 14,
    cudaLaunchAttributeNvlinkUtilCentricScheduling = 16
};
enum cudaResourceViewFormat {
    cudaResViewFormatNone = 0x00,
    cudaResViewFormatUnsignedChar1 = 0x01,
    cudaResViewFormatUnsignedChar2 = 0x02,
    cudaResViewFormatUnsignedChar4 = 0x03,
    cudaResViewFormatSignedChar1 = 0x04,
    cudaResViewFormatSignedChar2 = 0x05,
    cudaResViewFormatSignedChar4 = 0x06,
    cudaResViewFormatUnsignedShort1 = 0x07,
    cudaResViewFormatUnsignedShort2 = 0x08,
    cudaResViewFormatUnsignedShort4 = 0x09,
    cudaResViewFormatSignedShort1 = 0x0a,
    cudaResViewFormatSignedShort2 = 0x0b,
    cudaResViewFormatSignedShort4 = 0x0c,
    cudaResViewFormatUnsignedInt1 = 0x0d,
    cudaResViewFormatUnsignedInt2 = 0x0e,
    cudaResViewFormatUnsignedInt4 = 0x0f,
    cudaResViewFormatSignedInt1 = 0x10,
    cudaResViewFormatSignedInt2 = 0x11,
    cudaResViewFormatSignedInt4 = 0x12,
    cudaResViewFormatHalf1 = 0x13,
    cudaResViewFormatHalf2 = 0x14,
    cudaResViewFormatHalf4 = 0x15,
    cudaResViewFormatFloat1 = 0x16,
    cudaResViewFormatFloat2 = 0x17,
    cudaResViewFormatFloat4 = 0x18,
    cudaResViewFormatUnsignedBlockCompressed1 = 0x19,
    cudaResViewFormatUnsignedBlockCompressed2 = 0x1a,
    cudaResViewFormatUnsignedBlockCompressed3 = 0x1b,
    cudaResViewFormatUnsignedBlockCompressed4 = 0x1c,
    cudaResViewFormatSignedBlockCompressed4 = 0x1d,
    cudaResViewFormatUnsignedBlockCompressed5 = 0x1e,
    cudaResViewFormatSignedBlockCompressed5 = 0x1f,
    cudaResViewFormatUnsignedBlockCompressed6H = 0x20,
    cudaResViewFormatSignedBlockCompressed6H = 0x21,
    cudaResViewFormatUnsignedBlockCompressed7 = 0x22
};
enum cudaCGScope {
    cudaCGScopeInvalid = 0,
    cudaCGScopeGrid = 1,
    cudaCGScopeReserved = 2
};
enum cudaGraphicsRegisterFlags {
    cudaGraphicsRegisterFlagsNone = 0,
    cudaGraphicsRegisterFlagsReadOnly = 1,
    cudaGraphicsRegisterFlagsWriteDiscard = 2,
    cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
    cudaGraphicsRegisterFlagsTextureGather = 8
};
enum cudaDeviceP2PAttr {
    cudaDevP2PAttrPerformanceRank = 1,
    cudaDevP2PAttrAccessSupported = 2,
    cudaDevP2PAttrNativeAtomicSupported = 3,
    cudaDevP2PAttrCudaArrayAccessSupported = 4,
    cudaDevP2PAttrOnlyPartialNativeAtomicSupported = 5
};
enum cudaTextureAddressMode {
    cudaAddressModeWrap = 0,
    cudaAddressModeClamp = 1,
    cudaAddressModeMirror = 2,
    cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode {
    cudaFilterModePoint = 0,
    cudaFilterModeLinear = 1
};
enum cudaTextureReadMode {
    cudaReadModeElementType = 0,
    cudaReadModeNormalizedFloat = 1
};
enum cudaSurfaceBoundaryMode {
    cudaBoundaryModeZero = 0,
    cudaBoundaryModeClamp = 1,
    cudaBoundaryModeTrap = 2
};
enum cudaSurfaceFormatMode {
    cudaFormatModeForced = 0,
    cudaFormatModeAuto = 1
};

typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef struct CUkern_st *cudaKernel_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
typedef struct CUuuid_st { char bytes[16]; } cudaUUID_t;
#define CUDA_IPC_HANDLE_SIZE 64
typedef struct cudaIpcMemHandle_st { char reserved[CUDA_IPC_HANDLE_SIZE]; } cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st { char reserved[CUDA_IPC_HANDLE_SIZE]; } cudaIpcEventHandle_t;
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceLmemResizeToMax 0x10
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02
#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01

/* cudaDeviceProp with CUDA 13.0's field list. */
struct cudaDeviceProp {
    char name[256];
    cudaUUID_t uuid;
    char luid[8];
    unsigned int luidDeviceNodeMask;
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    size_t totalConstMem;
    int major;
    int minor;
    size_t textureAlignment;
    size_t texturePitchAlignment;
    int multiProcessorCount;
    int integrated;
    int canMapHostMemory;
    int maxTexture1D;
    int maxTexture1DMipmap;
    int maxTexture2D[2];
    int maxTexture2DMipmap[2];
    int maxTexture2DLinear[3];
    int maxTexture2DGather[2];
    int maxTexture3D[3];
    int maxTexture3DAlt[3];
    int maxTextureCubemap;
    int maxTexture1DLayered[2];
    int maxTexture2DLayered[3];
    int maxTextureCubemapLayered[2];
    int maxSurface1D;
    int maxSurface2D[2];
    int maxSurface3D[3];
    int maxSurface1DLayered[2];
    int maxSurface2DLayered[3];
    int maxSurfaceCubemap;
    int maxSurfaceCubemapLayered[2];
    size_t surfaceAlignment;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID;
    int pciDeviceID;
    int pciDomainID;
    int tccDriver;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryBusWidth;
    int l2CacheSize;
    int persistingL2CacheMaxSize;
    int maxThreadsPerMultiProcessor;
    int streamPrioritiesSupported;
    int globalL1CacheSupported;
    int localL1CacheSupported;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    int multiGpuBoardGroupID;
    int hostNativeAtomicSupported;
    int pageableMemoryAccess;
    int concurrentManagedAccess;
    int computePreemptionSupported;
    int canUseHostPointerForRegisteredMem;
    int cooperativeLaunch;
    size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables;
    int directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor;
    int accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int hostRegisterSupported;
    int sparseCudaArraySupported;
    int hostRegisterReadOnlySupported;
    int timelineSemaphoreInteropSupported;
    int memoryPoolsSupported;
    int gpuDirectRDMASupported;
    unsigned int gpuDirectRDMAFlushWritesOptions;
    int gpuDirectRDMAWritesOrdering;
    unsigned int memoryPoolSupportedHandleTypes;
    int deferredMappingCudaArraySupported;
    int ipcEventSupported;
    int clusterLaunch;
    int unifiedFunctionPointers;
    int deviceNumaConfig;
    int deviceNumaId;
    int mpsEnabled;
    int hostNumaId;
    unsigned int gpuPciDeviceID;
    unsigned int gpuPciSubsystemID;
    int hostNumaMultinodeIpcSupported;
    /* Removed in CUDA 13.0 but still common in older code; kept so it parses. */
    int clockRate;
    int memoryClockRate;
    int deviceOverlap;
    int kernelExecTimeoutEnabled;
    int computeMode;
    int maxTexture1DLinear;
    int singleToDoublePrecisionPerfRatio;
    int cooperativeMultiDeviceLaunch;
    int reserved[56];
};
struct cudaFuncAttributes {
    size_t sharedSizeBytes;
    size_t constSizeBytes;
    size_t localSizeBytes;
    int maxThreadsPerBlock;
    int numRegs;
    int ptxVersion;
    int binaryVersion;
    int cacheModeCA;
    int maxDynamicSharedSizeBytes;
    int preferredShmemCarveout;
    int clusterDimMustBeSet;
    int requiredClusterWidth;
    int requiredClusterHeight;
    int requiredClusterDepth;
    int clusterSchedulingPolicyPreference;
    int nonPortableClusterSizeAllowed;
    int reserved[16];
};
struct cudaPointerAttributes {
    enum cudaMemoryType type;
    int device;
    void *devicePointer;
    void *hostPointer;
    long reserved[8];
};
struct cudaChannelFormatDesc { int x; int y; int z; int w; enum cudaChannelFormatKind f; };
struct cudaExtent { size_t width; size_t height; size_t depth; };
struct cudaPos { size_t x; size_t y; size_t z; };
struct cudaPitchedPtr { void *ptr; size_t pitch; size_t xsize; size_t ysize; };
struct cudaMemcpy3DParms {
    cudaArray_t srcArray;
    struct cudaPos srcPos;
    struct cudaPitchedPtr srcPtr;
    cudaArray_t dstArray;
    struct cudaPos dstPos;
    struct cudaPitchedPtr dstPtr;
    struct cudaExtent extent;
    enum cudaMemcpyKind kind;
};
struct cudaResourceDesc {
    enum cudaResourceType resType;
    union {
        struct { cudaArray_t array; } array;
        struct { cudaMipmappedArray_t mipmap; } mipmap;
        struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
        struct {
            void *devPtr;
            struct cudaChannelFormatDesc desc;
            size_t width;
            size_t height;
            size_t pitchInBytes;
        } pitch2D;
        struct { int reserved[32]; } reserved;
    } res;
    unsigned int flags;
};
struct cudaResourceViewDesc {
    enum cudaResourceViewFormat format;
    size_t width;
    size_t height;
    size_t depth;
    unsigned int firstMipmapLevel;
    unsigned int lastMipmapLevel;
    unsigned int firstLayer;
    unsigned int lastLayer;
    unsigned int reserved[16];
};
struct cudaTextureDesc {
    enum cudaTextureAddressMode addressMode[3];
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};
struct cudaMemLocation { enum cudaMemLocationType type; int id; };
struct cudaAccessPolicyWindow {
    void *base_ptr;
    size_t num_bytes;
    float hitRatio;
    enum cudaAccessProperty hitProp;
    enum cudaAccessProperty missProp;
};
struct cudaKernelNodeParams {
    void *func;
    dim3 gridDim;
    dim3 blockDim;
    unsigned int sharedMemBytes;
    void **kernelParams;
    void **extra;
};
struct cudaMemsetParams {
    void *dst;
    size_t pitch;
    unsigned int value;
    unsigned int elementSize;
    size_t width;
    size_t height;
};
/* Launch attributes (cudaLaunchKernelEx, stream / kernel-node attributes). */
union cudaLaunchAttributeValue {
    char pad[64];
    struct cudaAccessPolicyWindow accessPolicyWindow;
    int cooperative;
    int syncPolicy;
    struct { unsigned int x; unsigned int y; unsigned int z; } clusterDim;
    int clusterSchedulingPolicyPreference;
    int programmaticStreamSerializationAllowed;
    int priority;
    unsigned int sharedMemCarveout;
};
typedef struct cudaLaunchAttribute_st {
    enum cudaLaunchAttributeID id;
    union cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
    dim3 gridDim;
    dim3 blockDim;
    size_t dynamicSmemBytes;
    cudaStream_t stream;
    cudaLaunchAttribute *attrs;
    unsigned int numAttrs;
} cudaLaunchConfig_t;
#define cudaStreamAttrID cudaLaunchAttributeID
#define cudaStreamAttrValue cudaLaunchAttributeValue
#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaStreamAttributePriority cudaLaunchAttributePriority
#define cudaKernelNodeAttrID cudaLaunchAttributeID
#define cudaKernelNodeAttrValue cudaLaunchAttributeValue
#define cudaKernelNodeAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow

static __inline__ __attribute__((host)) struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz,
                                                                                    size_t ysz) {
    struct cudaPitchedPtr s = {d, p, xsz, ysz};
    return s;
}
static __inline__ __attribute__((host)) struct cudaPos make_cudaPos(size_t x, size_t y, size_t z) {
    struct cudaPos p = {x, y, z};
    return p;
}
static __inline__ __attribute__((host)) struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) {
    struct cudaExtent e = {w, h, d};
    return e;
}

/* Texture / surface objects */
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
/* Texture fetches: value-returning templates and the out-pointer forms. */
template <class T> __SMEMLINT_D T tex1Dfetch(cudaTextureObject_t texObject, int x);
template <class T> __SMEMLINT_D void tex1Dfetch(T *retVal, cudaTextureObject_t texObject, int x);
template <class T> __SMEMLINT_D T tex1D(cudaTextureObject_t texObject, float x);
template <class T> __SMEMLINT_D void tex1D(T *retVal, cudaTextureObject_t texObject, float x);
template <class T> __SMEMLINT_D T tex2D(cudaTextureObject_t texObject, float x, float y);
template <class T> __SMEMLINT_D void tex2D(T *retVal, cudaTextureObject_t texObject, float x, float y);
template <class T> __SMEMLINT_D T tex3D(cudaTextureObject_t texObject, float x, float y, float z);
template <class T> __SMEMLINT_D void tex3D(T *retVal, cudaTextureObject_t texObject, float x, float y, float z);
template <class T> __SMEMLINT_D T tex1DLayered(cudaTextureObject_t texObject, float x, int layer);
template <class T> __SMEMLINT_D void tex1DLayered(T *retVal, cudaTextureObject_t texObject, float x, int layer);
template <class T> __SMEMLINT_D T tex2DLayered(cudaTextureObject_t texObject, float x, float y, int layer);
template <class T> __SMEMLINT_D void tex2DLayered(T *retVal, cudaTextureObject_t texObject, float x, float y, int layer);
template <class T> __SMEMLINT_D T texCubemap(cudaTextureObject_t texObject, float x, float y, float z);
template <class T> __SMEMLINT_D void texCubemap(T *retVal, cudaTextureObject_t texObject, float x, float y, float z);
template <class T> __SMEMLINT_D T texCubemapLayered(cudaTextureObject_t texObject, float x, float y, float z, int layer);
template <class T> __SMEMLINT_D void texCubemapLayered(T *retVal, cudaTextureObject_t texObject, float x, float y, float z, int layer);
template <class T> __SMEMLINT_D T tex1DLod(cudaTextureObject_t texObject, float x, float level);
template <class T> __SMEMLINT_D void tex1DLod(T *retVal, cudaTextureObject_t texObject, float x, float level);
template <class T> __SMEMLINT_D T tex2DLod(cudaTextureObject_t texObject, float x, float y, float level);
template <class T> __SMEMLINT_D void tex2DLod(T *retVal, cudaTextureObject_t texObject, float x, float y, float level);
template <class T> __SMEMLINT_D T tex3DLod(cudaTextureObject_t texObject, float x, float y, float z, float level);
template <class T> __SMEMLINT_D void tex3DLod(T *retVal, cudaTextureObject_t texObject, float x, float y, float z, float level);
template <class T> __SMEMLINT_D T tex2DLayeredLod(cudaTextureObject_t texObject, float x, float y, int layer, float level);
template <class T> __SMEMLINT_D void tex2DLayeredLod(T *retVal, cudaTextureObject_t texObject, float x, float y, int layer, float level);
template <class T> __SMEMLINT_D T texCubemapLod(cudaTextureObject_t texObject, float x, float y, float z, float level);
template <class T> __SMEMLINT_D void texCubemapLod(T *retVal, cudaTextureObject_t texObject, float x, float y, float z, float level);
template <class T> __SMEMLINT_D T tex1DGrad(cudaTextureObject_t texObject, float x, float dPdx, float dPdy);
template <class T> __SMEMLINT_D void tex1DGrad(T *retVal, cudaTextureObject_t texObject, float x, float dPdx, float dPdy);
template <class T> __SMEMLINT_D T tex2DGrad(cudaTextureObject_t texObject, float x, float y, float2 dPdx, float2 dPdy);
template <class T> __SMEMLINT_D void tex2DGrad(T *retVal, cudaTextureObject_t texObject, float x, float y, float2 dPdx, float2 dPdy);
template <class T> __SMEMLINT_D T tex3DGrad(cudaTextureObject_t texObject, float x, float y, float z, float4 dPdx, float4 dPdy);
template <class T> __SMEMLINT_D void tex3DGrad(T *retVal, cudaTextureObject_t texObject, float x, float y, float z, float4 dPdx, float4 dPdy);
template <class T> __SMEMLINT_D T tex2Dgather(cudaTextureObject_t texObject, float x, float y, int comp = 0);
template <class T> __SMEMLINT_D void tex2Dgather(T *retVal, cudaTextureObject_t texObject, float x, float y, int comp = 0);
/* Surface reads / writes (value-returning and out-pointer reads). */
template <class T> __SMEMLINT_D T surf1Dread(cudaSurfaceObject_t surfObject, int x, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf1Dread(T *res, cudaSurfaceObject_t surfObject, int x, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf1Dwrite(T data, cudaSurfaceObject_t surfObject, int x, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D T surf2Dread(cudaSurfaceObject_t surfObject, int x, int y, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf2Dread(T *res, cudaSurfaceObject_t surfObject, int x, int y, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf2Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D T surf3Dread(cudaSurfaceObject_t surfObject, int x, int y, int z, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf3Dread(T *res, cudaSurfaceObject_t surfObject, int x, int y, int z, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf3Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int z, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D T surf1DLayeredread(cudaSurfaceObject_t surfObject, int x, int layer, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf1DLayeredread(T *res, cudaSurfaceObject_t surfObject, int x, int layer, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf1DLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int layer, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D T surf2DLayeredread(cudaSurfaceObject_t surfObject, int x, int y, int layer, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf2DLayeredread(T *res, cudaSurfaceObject_t surfObject, int x, int y, int layer, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surf2DLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int layer, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D T surfCubemapread(cudaSurfaceObject_t surfObject, int x, int y, int face, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surfCubemapread(T *res, cudaSurfaceObject_t surfObject, int x, int y, int face, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surfCubemapwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int face, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D T surfCubemapLayeredread(cudaSurfaceObject_t surfObject, int x, int y, int layerFace, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surfCubemapLayeredread(T *res, cudaSurfaceObject_t surfObject, int x, int y, int layerFace, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);
template <class T> __SMEMLINT_D void surfCubemapLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int layerFace, enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap);

extern "C" {
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                              size_t height, enum cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count,
                                cudaStream_t stream = 0);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice, cudaStream_t stream = 0);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset = 0,
                               enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset = 0,
                                 enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr);

cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDriverGetVersion(int *driverVersion);
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);

cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);

cudaError_t cudaStreamCreate(cudaStream_t *pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                  unsigned int flags);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);

cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig);
cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize,
                                                          size_t dynamicSMemSize);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                   int blockSize, size_t dynamicSMemSize,
                                                                   unsigned int flags);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                      int numBlocks, int blockSize);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem, cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice, int dstDevice);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device);
cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId);
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaThreadExit(void);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length = 0,
                                     unsigned int flags = cudaMemAttachSingle);
cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority);
cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags);
cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, enum cudaLaunchAttributeID attr,
                                   const union cudaLaunchAttributeValue *value);
cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, enum cudaLaunchAttributeID attr,
                                   union cudaLaunchAttributeValue *value_out);
cudaError_t cudaCtxResetPersistingL2Cache(void);
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location);
cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize, enum cudaMemRangeAttribute attribute,
                                     const void *devPtr, size_t count);
cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream = 0);
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent);
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent);
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
                            size_t height = 0, unsigned int flags = 0);
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags = 0);
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                     const struct cudaChannelFormatDesc *desc, struct cudaExtent extent,
                                     unsigned int numLevels, unsigned int flags = 0);
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray,
                                       unsigned int level);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array);
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
                              enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                     size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
                                     cudaStream_t stream = 0);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream = 0);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr);
cudaError_t cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags);
cudaError_t cudaIpcCloseMemHandle(void *devPtr);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle);
cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags = 0);
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags = 0);
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *pMemsetParams);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies);
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
cudaError_t cudaFuncGetName(const char **name, const void *func);
cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream = 0);
cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream = 0);
cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size, cudaGraphicsResource_t resource);
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
} /* extern "C" */

/* C++ API templates (cuda_runtime.h) */
template <class T> cudaError_t cudaMalloc(T **devPtr, size_t size);
template <class T> cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
template <class T> cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0);
template <class T> cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags);
template <class T> cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height);
template <class T> cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream);
template <class T> cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                                                  size_t offset = 0,
                                                  enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T> cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                                                       size_t offset = 0,
                                                       enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                       cudaStream_t stream = 0);
template <class T> cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                                    size_t offset = 0,
                                                    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T> cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
                                                         size_t offset = 0,
                                                         enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                         cudaStream_t stream = 0);
template <class T> cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol);
template <class T> cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol);
template <class T> cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value);
template <class T> cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry);
template <class T> cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig);
template <class T> cudaError_t cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config);
template <class T> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                                                             int blockSize,
                                                                             size_t dynamicSMemSize);
template <class T> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags);
template <class T> cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                                                  size_t dynamicSMemSize = 0,
                                                                  int blockSizeLimit = 0);
template <class T> cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, T func,
                                                                         int numBlocks, int blockSize);
template <class T> cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                                size_t sharedMem = 0, cudaStream_t stream = 0);
template <class T> cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                                           size_t sharedMem = 0, cudaStream_t stream = 0);
template <class T> struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
template <class T> cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags);
template <class T> cudaError_t cudaIpcOpenMemHandle(T **devPtr, cudaIpcMemHandle_t handle, unsigned int flags);
template <class T> cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, T func,
                                                                           size_t dynamicSMemSize = 0,
                                                                           int blockSizeLimit = 0,
                                                                           unsigned int flags = 0);
template <class T, class UnaryFunction>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize, T func,
                                                           UnaryFunction blockSizeToDynamicSMemSize,
                                                           int blockSizeLimit = 0);
/* CUDA 11 signature of cudaGraphInstantiate, still common. */
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, cudaGraphNode_t *pErrorNode,
                                 char *pLogBuffer, size_t bufferSize);
cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags);
template <typename... ExpTypes, typename... ActTypes>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(ExpTypes...),
                               ActTypes &&...args);
template <class T> cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, T *kernel, void **args);
/* CUDA 13 replaced the int device argument of cudaMemPrefetchAsync / cudaMemAdvise
   by a cudaMemLocation; accept both spellings (the other one is extern "C" above). */
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream = 0);
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, int device);

/* Device-side runtime API (cuda_device_runtime_api.h): the subset that device
   code (dynamic parallelism, error checks in __host__ __device__ helpers) may
   call.  __device__ overloads of the host functions above. */
extern "C" {
__SMEMLINT_D cudaError_t cudaGetLastError(void);
__SMEMLINT_D cudaError_t cudaPeekAtLastError(void);
__SMEMLINT_D const char *cudaGetErrorString(cudaError_t error);
__SMEMLINT_D const char *cudaGetErrorName(cudaError_t error);
__SMEMLINT_D cudaError_t cudaGetDevice(int *device);
__SMEMLINT_D cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
__SMEMLINT_D cudaError_t cudaMalloc(void **devPtr, size_t size);
__SMEMLINT_D cudaError_t cudaFree(void *devPtr);
__SMEMLINT_D cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                         enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__SMEMLINT_D cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
__SMEMLINT_D cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
__SMEMLINT_D cudaError_t cudaStreamDestroy(cudaStream_t stream);
__SMEMLINT_D cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__SMEMLINT_D cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
__SMEMLINT_D cudaError_t cudaEventDestroy(cudaEvent_t event);
/* Removed from device code in CUDA 12, still in older dynamic-parallelism code. */
__SMEMLINT_D cudaError_t cudaDeviceSynchronize(void);
__SMEMLINT_D cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
/* What clang lowers a device-side k<<<...>>>(...) to (needs -fgpu-rdc). */
__SMEMLINT_D void *cudaGetParameterBuffer(size_t alignment, size_t size);
__SMEMLINT_D cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                                          dim3 blockDimension, unsigned int sharedMemSize, cudaStream_t stream);
__SMEMLINT_D void *cudaGetParameterBufferV2(void *func, dim3 gridDimension, dim3 blockDimension,
                                            unsigned int sharedMemSize);
__SMEMLINT_D cudaError_t cudaLaunchDeviceV2(void *parameterBuffer, cudaStream_t stream);
}
#define cudaStreamTailLaunch ((cudaStream_t)0x3)
#define cudaStreamFireAndForget ((cudaStream_t)0x4)


/* ======================================================================== */
/* 14. <<<grid, block, smem, stream>>> launch configuration                 */
/* ======================================================================== */
/* clang turns k<<<g, b, s, st>>>(args) into a CUDAKernelCallExpr (a CALL_EXPR
   to the kernel in libclang, whose second child is the configuration call).
   clang 22.1 (libclang-ng) looks up cudaConfigureCall when parsing the device
   side -- what libclang does by default and with --cuda-device-only, whatever
   CUDA version it detects -- and __cudaPushCallConfiguration when parsing the
   host side (--cuda-host-only).  Declare both. */
extern "C" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                         cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                struct CUstream_st *stream = 0);
extern "C" cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                                  void *stream);


/* ======================================================================== */
/* 15. C++ headers nvcc's cuda_runtime.h also provides                      */
/* ======================================================================== */
/* Cheap ones only (<cstdlib> ~2 ms, <utility> ~9 ms): std::forward / std::move /
   std::swap / std::pair / std::exit work without an #include, as under nvcc.
   <cstdlib> must come after the math overloads and the std using-declarations
   above (its constexpr std::abs overloads would otherwise become implicitly
   __host__ __device__ and clash with the __device__ ones). */
#ifndef SMEMLINT_NO_IMPLICIT_INCLUDES
#if __has_include(<cstdlib>)
#include <cstdlib>
#endif
#if __has_include(<utility>)
#include <utility>
#endif
#endif /* SMEMLINT_NO_IMPLICIT_INCLUDES */

#undef __SMEMLINT_D
#undef __SMEMLINT_HD
#undef __SMEMLINT_HDI

#endif /* SMEMLINT_CUDA_STUB_H */
