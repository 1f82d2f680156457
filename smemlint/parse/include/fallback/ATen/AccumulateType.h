/* smemlint stand-in for ATen/AccumulateType.h (see ../torch_standin.h): at::acc_type<T, is_cuda>, the type
   a reduction over T accumulates in, as ATen maps it. On the GPU (is_cuda = true): Half and BFloat16
   (and CUDA's half) accumulate in float, float in float, double in double, the integers in int64_t, bool
   in bool; on the CPU float accumulates in double. Extensions name it in their launchers' dispatch
   lambdas (apex's layer norm: `using accscalar_t = at::acc_type<scalar_t, true>;`). */
#pragma once
#include "../torch_standin.h"

namespace at {
template <typename T, bool is_cuda> struct AccumulateType {};
template <typename T> struct AccumulateType<T, true> { using type = T; };  /* float, double, bool */
template <> struct AccumulateType<c10::Half, true> { using type = float; };
template <> struct AccumulateType<c10::BFloat16, true> { using type = float; };
template <> struct AccumulateType<__half, true> { using type = float; };
template <> struct AccumulateType<__nv_bfloat16, true> { using type = float; };
template <> struct AccumulateType<char, true> { using type = int64_t; };
template <> struct AccumulateType<signed char, true> { using type = int64_t; };
template <> struct AccumulateType<unsigned char, true> { using type = int64_t; };
template <> struct AccumulateType<short, true> { using type = int64_t; };
template <> struct AccumulateType<int, true> { using type = int64_t; };
template <> struct AccumulateType<long, true> { using type = int64_t; };
template <> struct AccumulateType<long long, true> { using type = int64_t; };
template <typename T> struct AccumulateType<T, false> { using type = T; };
template <> struct AccumulateType<float, false> { using type = double; };
template <> struct AccumulateType<c10::Half, false> { using type = float; };
template <> struct AccumulateType<c10::BFloat16, false> { using type = float; };
template <> struct AccumulateType<int, false> { using type = int64_t; };
template <typename T, bool is_cuda> using acc_type = typename AccumulateType<T, is_cuda>::type;
}  // namespace at
