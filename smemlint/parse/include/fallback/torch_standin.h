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
#include <initializer_list>
#include <iostream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

namespace c10 {
struct alignas(2) Half {
    unsigned short x;
    Half() = default;
    __host__ __device__ Half(float v);
    __host__ __device__ Half(__half v);
    __host__ __device__ operator float() const;
};
struct alignas(2) BFloat16 {
    unsigned short x;
    BFloat16() = default;
    __host__ __device__ BFloat16(float v);
    __host__ __device__ operator float() const;
};
template <typename T> struct complex { T real_, imag_; };
enum class ScalarType : int8_t {
    Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf, ComplexFloat, ComplexDouble, Bool,
    BFloat16, Float8_e5m2, Float8_e4m3fn, UInt16, UInt32, UInt64, Undefined
};
struct Device { int index() const; bool is_cuda() const; };
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
namespace cuda {
struct CUDAStream {
    cudaStream_t stream() const;
    operator cudaStream_t() const;
};
CUDAStream getCurrentCUDAStream(int8_t device_index = -1);
CUDAStream getDefaultCUDAStream(int8_t device_index = -1);
struct CUDAGuard { explicit CUDAGuard(Device); explicit CUDAGuard(int); };
struct OptionalCUDAGuard { OptionalCUDAGuard(); explicit OptionalCUDAGuard(Device); };
}  // namespace cuda
}  // namespace c10

namespace at {
using c10::BFloat16;
using c10::Device;
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
};
std::ostream &operator<<(std::ostream &, const Tensor &);
Tensor empty(IntArrayRef, TensorOptions = {});
Tensor empty_like(const Tensor &, TensorOptions = {});
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
