// smemlint stand-in (see ../cub.cuh)
#pragma once
namespace cub {
struct Sum { template <typename T> __device__ T operator()(const T &a, const T &b) const { return a + b; } };
struct Max { template <typename T> __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; } };
struct Min { template <typename T> __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; } };
template <typename T> struct Uninitialized { T data; };
struct NullType {};
}  // namespace cub
