/* smemlint stand-in for ATen/cuda/detail/UnpackRaw.cuh (see ../../../torch_standin.h): a Philox
   state's (seed, offset), read from the state itself, or through its pointers when captured. */
#pragma once
#include <tuple>
#include "../PhiloxCudaState.h"

namespace at {
namespace cuda {
namespace philox {
__host__ __device__ __forceinline__ std::tuple<uint64_t, uint64_t> unpack(at::PhiloxCudaState arg) {
    if (arg.captured_) {
        return std::make_tuple(static_cast<uint64_t>(*arg.seed_.ptr),
                               static_cast<uint64_t>(*(arg.offset_.ptr) + arg.offset_intragraph_));
    }
    return std::make_tuple(arg.seed_.val, arg.offset_.val);
}
}  // namespace philox
}  // namespace cuda
}  // namespace at
