// smemlint stand-in (see ../cub.cuh)
#pragma once
#include "../block/common.cuh"
namespace cub {
template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
 public:
  struct TempStorage { T reduce[LOGICAL_WARP_THREADS + LOGICAL_WARP_THREADS / 2]; };
  __device__ WarpReduce(TempStorage &temp_storage);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int valid_items);
  template <typename ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op);
  template <typename ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op, int valid_items);
};
}  // namespace cub
