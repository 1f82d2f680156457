/* smemlint stand-in for ATen/cuda/detail/IndexUtils.cuh (see ../../../torch_standin.h). */
#pragma once
#include "TensorInfo.cuh"

namespace at { namespace cuda { namespace detail {
bool maybeOverlappingIndices(const at::Tensor &t);
bool canUse32BitIndexMath(const at::Tensor &t, int64_t max_elem = 2147483647);
}}}  // namespace at::cuda::detail
