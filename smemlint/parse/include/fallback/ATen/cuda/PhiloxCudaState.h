/* smemlint stand-in for ATen/cuda/PhiloxCudaState.h (see ../../torch_standin.h): the seed and offset
   of a Philox random stream as ATen passes them to a kernel (by value, or by pointer when captured
   in a CUDA graph). flash-attention's kernels read it through at::cuda::philox::unpack. */
#pragma once
#include <cstdint>

namespace at {
struct PhiloxCudaState {
    PhiloxCudaState() = default;
    PhiloxCudaState(uint64_t seed, uint64_t offset) { seed_.val = seed; offset_.val = offset; }
    PhiloxCudaState(int64_t *seed, int64_t *offset_extragraph, uint32_t offset_intragraph) {
        seed_.ptr = seed;
        offset_.ptr = offset_extragraph;
        offset_intragraph_ = offset_intragraph;
        captured_ = true;
    }
    union Payload {
        uint64_t val;
        int64_t *ptr;
    };
    Payload seed_{};
    Payload offset_{};
    uint32_t offset_intragraph_ = 0;
    bool captured_ = false;
};
}  // namespace at
