// smemlint stand-in (see ../cub.cuh)
#pragma once
#include "common.cuh"
namespace cub {
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
 public:
  struct TempStorage { T partials[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 33]; };
  __device__ BlockScan();
  __device__ BlockScan(TempStorage &temp_storage);
  __device__ void ExclusiveSum(T input, T &output);
  __device__ void ExclusiveSum(T input, T &output, T &block_aggregate);
  template <int ITEMS_PER_THREAD> __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]);
  template <int ITEMS_PER_THREAD>
  __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T &block_aggregate);
  __device__ void InclusiveSum(T input, T &output);
  __device__ void InclusiveSum(T input, T &output, T &block_aggregate);
  template <int ITEMS_PER_THREAD> __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]);
  template <typename ScanOp> __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op);
  template <typename ScanOp> __device__ void InclusiveScan(T input, T &output, ScanOp scan_op);
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T initial_value, ScanOp scan_op);
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op);
};
}  // namespace cub
