// smemlint stand-in (see ../cub.cuh)
#pragma once
#include "common.cuh"
namespace cub {
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
 public:
  struct TempStorage { T buff[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD + 32]; };
  __device__ BlockExchange();
  __device__ BlockExchange(TempStorage &temp_storage);
  template <typename OutputT> __device__ void StripedToBlocked(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD]);
  template <typename OutputT> __device__ void BlockedToStriped(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD]);
  template <typename OutputT> __device__ void WarpStripedToBlocked(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD]);
  template <typename OutputT> __device__ void BlockedToWarpStriped(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD]);
};
}  // namespace cub
