// smemlint stand-in (see ../cub.cuh)
#pragma once
#include "common.cuh"
namespace cub {
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
 public:
  struct TempStorage { T partials[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z / 32 + 33]; };
  __device__ BlockReduce();
  __device__ BlockReduce(TempStorage &temp_storage);
  template <typename ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op);
  template <typename ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op, int num_valid);
  template <int ITEMS_PER_THREAD, typename ReductionOp> __device__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int num_valid);
  template <int ITEMS_PER_THREAD> __device__ T Sum(T (&inputs)[ITEMS_PER_THREAD]);
};
}  // namespace cub
