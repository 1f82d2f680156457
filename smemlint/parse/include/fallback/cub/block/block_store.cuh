// smemlint stand-in (see ../cub.cuh)
#pragma once
#include "common.cuh"
namespace cub {
enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
 public:
  struct TempStorage { T items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD + 1]; };
  __device__ BlockStore();
  __device__ BlockStore(TempStorage &temp_storage);
  template <typename OutputIteratorT> __device__ void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]);
  template <typename OutputIteratorT> __device__ void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items);
};
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]);
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]);
}  // namespace cub
