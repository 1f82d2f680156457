/* smemlint's stand-in for the PyTorch C++ extension API (torch/extension.h and friends).

   Searched after every include directory the user gives (-idirafter), so a real PyTorch on the
   include path wins. It declares what CUDA extension files use around their launches: at::Tensor
   with data_ptr<T>(), size(), numel(), options(); c10::Half and c10::BFloat16 (2 bytes, like the
   real ones); the AT_DISPATCH_* macros, which instantiate the dispatched lambda once per type
   with `scalar_t` bound, as PyTorch's do; getCurrentCUDAStream; TORCH_CHECK; PYBIND11_MODULE.
   Declarations only: nothing here is ever run. */
#pragma once
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <iostream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

namespace c10 {
/* (defined, not only declared: with --sass, nvcc compiles the file against these, and ptxas needs
   the conversions' bodies; they convert as c10's do, through the toolkit's types) */
struct alignas(2) Half {
    unsigned short x;
    Half() = default;
    __host__ __device__ inline Half(__half v) : x(__half_raw(v).x) {}
    __host__ __device__ inline Half(float v) : Half(__float2half(v)) {}
    __host__ __device__ inline operator __half() const { __half_raw r; r.x = x; return __half(r); }
    __host__ __device__ inline operator float() const { return __half2float(__half(*this)); }
};
struct alignas(2) BFloat16 {
    unsigned short x;
    BFloat16() = default;
    __host__ __device__ inline BFloat16(__nv_bfloat16 v) : x(__nv_bfloat16_raw(v).x) {}
    __host__ __device__ inline BFloat16(float v) : BFloat16(__float2bfloat16(v)) {}
    explicit __host__ __device__ inline operator __nv_bfloat16() const {
        __nv_bfloat16_raw r; r.x = x; return __nv_bfloat16(r);
    }
    __host__ __device__ inline operator float() const { return __bfloat162float(__nv_bfloat16(*this)); }
};
/* the arithmetic c10/util/Half-inl.h and BFloat16-inl.h define: with their own type and int the
   reduced type, with float float, with double double (so `a + b` is not ambiguous between the
   conversions to float and to __half) */
#define __SMEMLINT_REDUCED_OPS(R)                                                                    \
    __host__ __device__ inline R operator+(const R &a, const R &b) { return (float)a + (float)b; }  \
    __host__ __device__ inline R operator-(const R &a, const R &b) { return (float)a - (float)b; }  \
    __host__ __device__ inline R operator*(const R &a, const R &b) { return (float)a * (float)b; }  \
    __host__ __device__ inline R operator/(const R &a, const R &b) { return (float)a / (float)b; }  \
    __host__ __device__ inline R operator-(const R &a) { return -(float)a; }                        \
    __host__ __device__ inline R &operator+=(R &a, const R &b) { a = a + b; return a; }             \
    __host__ __device__ inline R &operator-=(R &a, const R &b) { a = a - b; return a; }             \
    __host__ __device__ inline R &operator*=(R &a, const R &b) { a = a * b; return a; }             \
    __host__ __device__ inline R &operator/=(R &a, const R &b) { a = a / b; return a; }             \
    __host__ __device__ inline float operator+(R a, float b) { return (float)a + b; }               \
    __host__ __device__ inline float operator-(R a, float b) { return (float)a - b; }               \
    __host__ __device__ inline float operator*(R a, float b) { return (float)a * b; }               \
    __host__ __device__ inline float operator/(R a, float b) { return (float)a / b; }               \
    __host__ __device__ inline float operator+(float a, R b) { return a + (float)b; }               \
    __host__ __device__ inline float operator-(float a, R b) { return a - (float)b; }               \
    __host__ __device__ inline float operator*(float a, R b) { return a * (float)b; }               \
    __host__ __device__ inline float operator/(float a, R b) { return a / (float)b; }               \
    __host__ __device__ inline double operator+(R a, double b) { return (double)(float)a + b; }     \
    __host__ __device__ inline double operator*(R a, double b) { return (double)(float)a * b; }     \
    __host__ __device__ inline double operator+(double a, R b) { return a + (double)(float)b; }     \
    __host__ __device__ inline double operator-(R a, double b) { return (double)(float)a - b; }     \
    __host__ __device__ inline double operator/(R a, double b) { return (double)(float)a / b; }     \
    __host__ __device__ inline double operator-(double a, R b) { return a - (double)(float)b; }     \
    __host__ __device__ inline double operator/(double a, R b) { return a / (double)(float)b; }     \
    __host__ __device__ inline double operator*(double a, R b) { return a * (double)(float)b; }     \
    __host__ __device__ inline R operator+(R a, int b) { return a + R((float)b); }                  \
    __host__ __device__ inline R operator-(R a, int b) { return a - R((float)b); }                  \
    __host__ __device__ inline R operator*(R a, int b) { return a * R((float)b); }                  \
    __host__ __device__ inline R operator/(R a, int b) { return a / R((float)b); }                  \
    __host__ __device__ inline R operator+(int a, R b) { return R((float)a) + b; }                  \
    __host__ __device__ inline R operator*(int a, R b) { return R((float)a) * b; }                  \
    __host__ __device__ inline R operator+(R a, int64_t b) { return a + R((float)b); }              \
    __host__ __device__ inline R operator*(R a, int64_t b) { return a * R((float)b); }              \
    __host__ __device__ inline R operator/(R a, int64_t b) { return a / R((float)b); }              \
    __host__ __device__ inline bool operator<(const R &a, const R &b) { return (float)a < (float)b; }  \
    __host__ __device__ inline bool operator>(const R &a, const R &b) { return (float)a > (float)b; }  \
    __host__ __device__ inline bool operator<=(const R &a, const R &b) { return (float)a <= (float)b; } \
    __host__ __device__ inline bool operator>=(const R &a, const R &b) { return (float)a >= (float)b; } \
    __host__ __device__ inline bool operator==(const R &a, const R &b) { return (float)a == (float)b; } \
    __host__ __device__ inline bool operator!=(const R &a, const R &b) { return (float)a != (float)b; } \
    __host__ __device__ inline bool operator<(R a, int b) { return (float)a < (float)b; }             \
    __host__ __device__ inline bool operator>(R a, int b) { return (float)a > (float)b; }             \
    __host__ __device__ inline bool operator<=(R a, int b) { return (float)a <= (float)b; }           \
    __host__ __device__ inline bool operator>=(R a, int b) { return (float)a >= (float)b; }           \
    __host__ __device__ inline bool operator==(R a, int b) { return (float)a == (float)b; }           \
    __host__ __device__ inline bool operator!=(R a, int b) { return (float)a != (float)b; }
/* c10/util/Half-inl.h and BFloat16-inl.h: __ldg of the reduced types, found by argument lookup */
__device__ inline Half __ldg(const Half *ptr) { return ::__ldg(reinterpret_cast<const __half *>(ptr)); }
__device__ inline BFloat16 __ldg(const BFloat16 *ptr) { return ::__ldg(reinterpret_cast<const __nv_bfloat16 *>(ptr)); }
__SMEMLINT_REDUCED_OPS(Half)
__SMEMLINT_REDUCED_OPS(BFloat16)
#undef __SMEMLINT_REDUCED_OPS
/* c10::complex as PyTorch lays it out (real_, imag_, aligned to twice T), with its arithmetic */
template <typename T> struct alignas(sizeof(T) * 2) complex {
    T real_, imag_;
    __host__ __device__ constexpr complex() : real_(), imag_() {}
    __host__ __device__ constexpr complex(const T &re, const T &im = T()) : real_(re), imag_(im) {}
    template <typename U> __host__ __device__ explicit constexpr complex(const complex<U> &o)
        : real_(o.real()), imag_(o.imag()) {}
    __host__ __device__ constexpr T real() const { return real_; }
    __host__ __device__ constexpr T imag() const { return imag_; }
    __host__ __device__ complex &operator+=(const complex &o) { real_ += o.real_; imag_ += o.imag_; return *this; }
    __host__ __device__ complex &operator-=(const complex &o) { real_ -= o.real_; imag_ -= o.imag_; return *this; }
    __host__ __device__ complex &operator*=(const complex &o) {
        T re = real_ * o.real_ - imag_ * o.imag_; imag_ = real_ * o.imag_ + imag_ * o.real_; real_ = re; return *this;
    }
};
template <typename T> __host__ __device__ complex<T> operator+(complex<T> a, const complex<T> &b) { return a += b; }
template <typename T> __host__ __device__ complex<T> operator-(complex<T> a, const complex<T> &b) { return a -= b; }
template <typename T> __host__ __device__ complex<T> operator*(complex<T> a, const complex<T> &b) { return a *= b; }
template <typename T> __host__ __device__ complex<T> operator*(complex<T> a, const T &b) { return complex<T>(a.real_ * b, a.imag_ * b); }
template <typename T> __host__ __device__ complex<T> operator*(const T &b, complex<T> a) { return complex<T>(a.real_ * b, a.imag_ * b); }
template <typename T> __host__ __device__ complex<T> operator+(complex<T> a, const T &b) { return complex<T>(a.real_ + b, a.imag_); }
template <typename T> __host__ __device__ complex<T> operator+(const T &b, complex<T> a) { return complex<T>(a.real_ + b, a.imag_); }
template <typename T> __host__ __device__ bool operator==(const complex<T> &a, const complex<T> &b) { return a.real_ == b.real_ && a.imag_ == b.imag_; }
template <typename T> __host__ __device__ T real(const complex<T> &z) { return z.real_; }
template <typename T> __host__ __device__ T imag(const complex<T> &z) { return z.imag_; }
template <typename T> struct scalar_value_type { using type = T; };
template <typename T> struct scalar_value_type<complex<T>> { using type = T; };
enum class ScalarType : int8_t {
    Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf, ComplexFloat, ComplexDouble, Bool,
    BFloat16, Float8_e5m2, Float8_e4m3fn, UInt16, UInt32, UInt64, Undefined
};
struct Device {
    int index() const; bool is_cuda() const;
    int type() const;  /* a DeviceType: at::kCUDA, at::kCPU */
    bool operator==(const Device &) const; bool operator!=(const Device &) const;
};
enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };
struct ArrayRefInt {
    ArrayRefInt();
    ArrayRefInt(std::initializer_list<int64_t>);
    ArrayRefInt(const std::vector<int64_t> &);
    size_t size() const;
    int64_t operator[](size_t) const;
    const int64_t *begin() const;
    const int64_t *end() const;
    std::vector<int64_t> vec() const;
};
using IntArrayRef = ArrayRefInt;
struct TypeMeta { bool operator==(ScalarType) const; bool operator!=(ScalarType) const; };
std::ostream &operator<<(std::ostream &, const TypeMeta &);
struct TensorOptions {
    TensorOptions();
    TensorOptions(ScalarType);
    TensorOptions dtype(ScalarType) const;
    TypeMeta dtype() const;
    TensorOptions device(Device) const;
    TensorOptions device(int, int = 0) const;
    TensorOptions requires_grad(bool) const;
    TensorOptions layout(int) const;
};
std::ostream &operator<<(std::ostream &, const TensorOptions &);
/* c10/util/Optional.h: c10::optional is std::optional (at::optional names it too) */
using std::optional;
using std::nullopt;
size_t elementSize(ScalarType);
namespace cuda {
struct CUDAStream {
    cudaStream_t stream() const;
    operator cudaStream_t() const;
};
CUDAStream getCurrentCUDAStream(int8_t device_index = -1);
CUDAStream getDefaultCUDAStream(int8_t device_index = -1);
struct CUDAGuard { explicit CUDAGuard(Device); explicit CUDAGuard(int); };
struct OptionalCUDAGuard { OptionalCUDAGuard(); explicit OptionalCUDAGuard(Device); explicit OptionalCUDAGuard(std::optional<Device>); };
void MaybeSetDevice(int8_t device);
void set_device(int8_t device);
int8_t current_device();
void device_synchronize();
}  // namespace cuda
}  // namespace c10

namespace at {
using c10::optional;
using c10::nullopt;
using c10::elementSize;
using c10::BFloat16;
using c10::Device;
using c10::MemoryFormat;
using c10::Half;
using c10::IntArrayRef;
using c10::ScalarType;
using c10::TensorOptions;
constexpr ScalarType kByte = ScalarType::Byte, kChar = ScalarType::Char, kShort = ScalarType::Short,
                     kInt = ScalarType::Int, kLong = ScalarType::Long, kHalf = ScalarType::Half,
                     kFloat = ScalarType::Float, kDouble = ScalarType::Double, kBool = ScalarType::Bool,
                     kBFloat16 = ScalarType::BFloat16, kFloat16 = ScalarType::Half,
                     kFloat32 = ScalarType::Float, kFloat64 = ScalarType::Double, kInt32 = ScalarType::Int,
                     kInt64 = ScalarType::Long, kInt8 = ScalarType::Char, kUInt8 = ScalarType::Byte,
                     kFloat8_e4m3fn = ScalarType::Float8_e4m3fn, kFloat8_e5m2 = ScalarType::Float8_e5m2;
constexpr int kCUDA = 1, kCPU = 0, kStrided = 0;
class Tensor {
  public:
    Tensor();
    template <typename T> T *data_ptr() const;
    void *data_ptr() const;
    template <typename T> T *mutable_data_ptr() const;
    void *mutable_data_ptr() const;
    template <typename T> const T *const_data_ptr() const;
    const void *const_data_ptr() const;
    int64_t size(int64_t dim) const;
    int64_t stride(int64_t dim) const;
    IntArrayRef sizes() const;
    IntArrayRef strides() const;
    int64_t numel() const;
    int64_t dim() const;
    int64_t ndimension() const;
    size_t element_size() const;
    size_t nbytes() const;
    ScalarType scalar_type() const;
    TensorOptions options() const;
    c10::TypeMeta dtype() const;
    Device device() const;
    int get_device() const;
    bool is_cuda() const;
    bool is_contiguous() const;
    bool is_contiguous(MemoryFormat) const;
    MemoryFormat suggest_memory_format() const;
    bool defined() const;
    Tensor contiguous() const;
    Tensor view(IntArrayRef) const;
    Tensor reshape(IntArrayRef) const;
    Tensor to(ScalarType) const;
    Tensor clone() const;
    Tensor transpose(int64_t, int64_t) const;
    Tensor select(int64_t, int64_t) const;
    Tensor slice(int64_t, int64_t, int64_t) const;
    Tensor &zero_();
    Tensor &fill_(double);
    Tensor operator[](int64_t) const;
    template <typename T> T item() const;
    /* more of at::Tensor's methods host code calls around its launches (declared, never run) */
    Tensor cpu() const;
    Tensor cuda() const;
    Tensor to(TensorOptions) const;
    Tensor to(Device) const;
    Tensor max() const;
    Tensor min() const;
    Tensor sum() const;
    Tensor mean() const;
    Tensor abs() const;
    Tensor sum(int64_t, bool = false) const;
    Tensor unsqueeze(int64_t) const;
    Tensor squeeze() const;
    Tensor squeeze(int64_t) const;
    Tensor flatten(int64_t = 0, int64_t = -1) const;
    Tensor permute(IntArrayRef) const;
    Tensor expand(IntArrayRef) const;
    Tensor expand_as(const Tensor &) const;
    Tensor view_as(const Tensor &) const;
    Tensor narrow(int64_t, int64_t, int64_t) const;
    Tensor index_select(int64_t, const Tensor &) const;
    Tensor new_empty(IntArrayRef, TensorOptions = {}) const;
    Tensor new_zeros(IntArrayRef, TensorOptions = {}) const;
    Tensor &copy_(const Tensor &, bool = false);
    template <typename S> Tensor &masked_fill_(const Tensor &, S);
    template <typename S> Tensor &add_(S);
    template <typename S> Tensor &sub_(S);
    template <typename S> Tensor &mul_(S);
    template <typename S, typename... R> Tensor &div_(S, R...);
    template <typename S> Tensor &true_divide_(S);
    bool is_floating_point() const;
    bool is_complex() const;
    int64_t storage_offset() const;
    Tensor operator-() const;
};
/* Tensor arithmetic and comparisons, with a tensor or a scalar on either side */
template <typename S> Tensor operator+(const Tensor &, const S &);
template <typename S> Tensor operator-(const Tensor &, const S &);
template <typename S> Tensor operator*(const Tensor &, const S &);
template <typename S> Tensor operator/(const Tensor &, const S &);
template <typename S> Tensor operator==(const Tensor &, const S &);
template <typename S> Tensor operator!=(const Tensor &, const S &);
template <typename S> Tensor operator<(const Tensor &, const S &);
template <typename S> Tensor operator>(const Tensor &, const S &);
template <typename S> Tensor operator<=(const Tensor &, const S &);
template <typename S> Tensor operator>=(const Tensor &, const S &);
Tensor operator*(double, const Tensor &);
Tensor operator+(double, const Tensor &);
Tensor full_like(const Tensor &, double, TensorOptions = {});
Tensor empty_strided(IntArrayRef, IntArrayRef, TensorOptions = {});
Tensor cat(const std::vector<Tensor> &, int64_t = 0);
Tensor stack(const std::vector<Tensor> &, int64_t = 0);
Tensor where(const Tensor &, const Tensor &, const Tensor &);
std::ostream &operator<<(std::ostream &, const Tensor &);
Tensor empty(IntArrayRef, TensorOptions = {});
Tensor empty_like(const Tensor &, TensorOptions = {});
std::optional<Device> device_of(const Tensor &);
Tensor zeros(IntArrayRef, TensorOptions = {});
Tensor zeros_like(const Tensor &, TensorOptions = {});
Tensor ones(IntArrayRef, TensorOptions = {});
Tensor ones_like(const Tensor &, TensorOptions = {});
Tensor full(IntArrayRef, double, TensorOptions = {});
Tensor randn(IntArrayRef, TensorOptions = {});
Tensor arange(int64_t, TensorOptions = {});
namespace cuda {
using c10::cuda::CUDAStream;
using c10::cuda::getCurrentCUDAStream;
using c10::cuda::getDefaultCUDAStream;
using c10::cuda::CUDAGuard;
using c10::cuda::OptionalCUDAGuard;
struct DeviceProp { int multiProcessorCount, maxThreadsPerBlock, warpSize; size_t sharedMemPerBlock; };
cudaDeviceProp *getCurrentDeviceProperties();
}  // namespace cuda
}  // namespace at

namespace torch {
using namespace at;
using at::Tensor;
namespace autograd { struct Function {}; }
}  // namespace torch

#define TORCH_CHECK(cond, ...) ((void)(cond))
#define TORCH_INTERNAL_ASSERT(cond, ...) ((void)(cond))
#define AT_ASSERTM(cond, ...) ((void)(cond))
#define AT_ASSERT(cond, ...) ((void)(cond))
#define AT_ERROR(...) throw std::runtime_error("")
#define C10_CUDA_CHECK(expr) ((void)(expr))
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
#define C10_WARP_SIZE 32
/* c10/macros/Macros.h */
#define C10_HOST_DEVICE __host__ __device__
#define C10_DEVICE __device__
#define C10_HOST __host__
#define C10_LIKELY(expr) (expr)
#define C10_UNLIKELY(expr) (expr)
#define C10_ALWAYS_INLINE inline
#define C10_LAUNCH_BOUNDS_0 __launch_bounds__(256, 4)
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block) __launch_bounds__((max_threads_per_block))
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks_per_sm) \
    __launch_bounds__((max_threads_per_block), (min_blocks_per_sm))
/* ATen/cuda/Exceptions.h's cuBLAS check */
#define TORCH_CUDABLAS_CHECK(expr) ((void)(expr))
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME smemlint_extension
#endif

/* Dispatch: one `case` per type, `scalar_t` bound in it, the lambda called there (as in ATen). */
#define AT_PRIVATE_CASE_TYPE(enum_type, type, ...) \
    case enum_type: {                              \
        using scalar_t = type;                     \
        return __VA_ARGS__();                      \
    }
#define AT_DISPATCH_CASE(enum_type, ...) AT_PRIVATE_CASE_TYPE(enum_type, c10::impl::ScalarTypeToCPPTypeT<enum_type>, __VA_ARGS__)
#define AT_DISPATCH_SWITCH(TYPE, NAME, ...) \
    [&] {                                   \
        switch (c10::ScalarType(TYPE)) {    \
            __VA_ARGS__                     \
            default:                        \
                break;                      \
        }                                   \
    }()
namespace c10 { namespace impl {
template <ScalarType> struct ScalarTypeToCPPType;
template <> struct ScalarTypeToCPPType<ScalarType::Float> { using type = float; };
template <> struct ScalarTypeToCPPType<ScalarType::Double> { using type = double; };
template <> struct ScalarTypeToCPPType<ScalarType::Half> { using type = c10::Half; };
template <> struct ScalarTypeToCPPType<ScalarType::BFloat16> { using type = c10::BFloat16; };
template <> struct ScalarTypeToCPPType<ScalarType::Int> { using type = int; };
template <> struct ScalarTypeToCPPType<ScalarType::Long> { using type = int64_t; };
template <> struct ScalarTypeToCPPType<ScalarType::Short> { using type = int16_t; };
template <> struct ScalarTypeToCPPType<ScalarType::Char> { using type = int8_t; };
template <> struct ScalarTypeToCPPType<ScalarType::Byte> { using type = uint8_t; };
template <> struct ScalarTypeToCPPType<ScalarType::Bool> { using type = bool; };
template <ScalarType S> using ScalarTypeToCPPTypeT = typename ScalarTypeToCPPType<S>::type;
} }  // namespace c10::impl
#define AT_PRIVATE_FLOATING(...) \
    AT_PRIVATE_CASE_TYPE(at::ScalarType::Double, double, __VA_ARGS__) \
    AT_PRIVATE_CASE_TYPE(at::ScalarType::Float, float, __VA_ARGS__)
#define AT_PRIVATE_INTEGRAL(...) \
    AT_PRIVATE_CASE_TYPE(at::ScalarType::Byte, uint8_t, __VA_ARGS__) \
    AT_PRIVATE_CASE_TYPE(at::ScalarType::Char, int8_t, __VA_ARGS__) \
    AT_PRIVATE_CASE_TYPE(at::ScalarType::Int, int32_t, __VA_ARGS__) \
    AT_PRIVATE_CASE_TYPE(at::ScalarType::Long, int64_t, __VA_ARGS__) \
    AT_PRIVATE_CASE_TYPE(at::ScalarType::Short, int16_t, __VA_ARGS__)
#define __SMEMLINT_DISPATCH(TYPE, CASES) [&] { switch (c10::ScalarType(TYPE)) { CASES default: break; } }()
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) \
                        AT_PRIVATE_CASE_TYPE(at::ScalarType::Half, c10::Half, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND(S1, TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) \
                        AT_PRIVATE_CASE_TYPE(S1, c10::impl::ScalarTypeToCPPTypeT<S1>, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND2(S1, S2, TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) \
                        AT_PRIVATE_CASE_TYPE(S1, c10::impl::ScalarTypeToCPPTypeT<S1>, __VA_ARGS__) \
                        AT_PRIVATE_CASE_TYPE(S2, c10::impl::ScalarTypeToCPPTypeT<S2>, __VA_ARGS__))
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_CASE_TYPE(at::ScalarType::Half, c10::Half, __VA_ARGS__) \
                        AT_PRIVATE_CASE_TYPE(at::ScalarType::BFloat16, c10::BFloat16, __VA_ARGS__))
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...) __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_INTEGRAL(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) AT_PRIVATE_INTEGRAL(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND_HALF(TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) AT_PRIVATE_INTEGRAL(__VA_ARGS__) \
                        AT_PRIVATE_CASE_TYPE(at::ScalarType::Half, c10::Half, __VA_ARGS__))
#define __SMEMLINT_CASE_OF(S, ...) AT_PRIVATE_CASE_TYPE(S, c10::impl::ScalarTypeToCPPTypeT<S>, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND(S1, TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) AT_PRIVATE_INTEGRAL(__VA_ARGS__) \
                        __SMEMLINT_CASE_OF(S1, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND2(S1, S2, TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) AT_PRIVATE_INTEGRAL(__VA_ARGS__) \
                        __SMEMLINT_CASE_OF(S1, __VA_ARGS__) __SMEMLINT_CASE_OF(S2, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND3(S1, S2, S3, TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) AT_PRIVATE_INTEGRAL(__VA_ARGS__) \
                        __SMEMLINT_CASE_OF(S1, __VA_ARGS__) __SMEMLINT_CASE_OF(S2, __VA_ARGS__) \
                        __SMEMLINT_CASE_OF(S3, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND3(S1, S2, S3, TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) __SMEMLINT_CASE_OF(S1, __VA_ARGS__) \
                        __SMEMLINT_CASE_OF(S2, __VA_ARGS__) __SMEMLINT_CASE_OF(S3, __VA_ARGS__))
#define AT_DISPATCH_INTEGRAL_TYPES_AND(S1, TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_INTEGRAL(__VA_ARGS__) __SMEMLINT_CASE_OF(S1, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES(TYPE, NAME, ...) \
    __SMEMLINT_DISPATCH(TYPE, AT_PRIVATE_FLOATING(__VA_ARGS__) \
                        AT_PRIVATE_CASE_TYPE(at::ScalarType::ComplexFloat, c10::complex<float>, __VA_ARGS__) \
                        AT_PRIVATE_CASE_TYPE(at::ScalarType::ComplexDouble, c10::complex<double>, __VA_ARGS__))

namespace pybind11 {
struct arg { explicit arg(const char *); template <typename T> arg &operator=(T &&); };
struct module_ {
    template <typename F, typename... Extra> module_ &def(const char *, F &&, const Extra &...);
    module_ def_submodule(const char *, const char * = nullptr);
};
using module = module_;
}  // namespace pybind11
namespace py = pybind11;
#define PYBIND11_MODULE(name, variable) void __smemlint_pybind11_module(pybind11::module_ &variable)
#define TORCH_LIBRARY(ns, m) void __smemlint_torch_library_##ns(torch::Library &m)
#define TORCH_LIBRARY_IMPL(ns, k, m) void __smemlint_torch_library_impl_##ns##_##k(torch::Library &m)
namespace torch { struct Library { template <typename... A> Library &def(A &&...); template <typename... A> Library &impl(A &&...); }; }

/* c10/util/complex.h adds these to std for c10::complex */
namespace std {
template <typename T> __host__ __device__ constexpr c10::complex<T> conj(const c10::complex<T> &z) {
    return c10::complex<T>(z.real_, -z.imag_);
}
template <typename T> __host__ __device__ constexpr T real(const c10::complex<T> &z) { return z.real_; }
template <typename T> __host__ __device__ constexpr T imag(const c10::complex<T> &z) { return z.imag_; }
template <typename T> __host__ __device__ constexpr T norm(const c10::complex<T> &z) {
    return z.real_ * z.real_ + z.imag_ * z.imag_;
}
}  // namespace std
