// smemlint stand-in (see ../cub.cuh)
#pragma once
#include "../block/common.cuh"
namespace cub {
template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
 public:
  struct TempStorage { T exchange[LOGICAL_WARP_THREADS]; };
  __device__ WarpScan(TempStorage &temp_storage);
  __device__ void InclusiveSum(T input, T &inclusive_output);
  __device__ void ExclusiveSum(T input, T &exclusive_output);
  template <typename ScanOp> __device__ void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op);
  template <typename ScanOp> __device__ void ExclusiveScan(T input, T &exclusive_output, T initial_value, ScanOp scan_op);
};
}  // namespace cub
