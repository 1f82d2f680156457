// smemlint stand-in (see ../cub.cuh)
#pragma once
#include "common.cuh"
namespace cub {
template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, int INNER_SCAN_ALGORITHM = 0, int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
 public:
  struct TempStorage { KeyT keys[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD + 1]; };
  __device__ BlockRadixSort();
  __device__ BlockRadixSort(TempStorage &temp_storage);
  __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
  __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                       int end_bit = sizeof(KeyT) * 8);
  __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
  __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
};
}  // namespace cub
