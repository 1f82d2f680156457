/* smemlint stand-in for ATen/cuda/detail/TensorInfo.cuh (see ../../../torch_standin.h): the
   struct a kernel receives by value and the offset computation its device code calls, written as
   PyTorch writes them (so the layout and the per-lane arithmetic are the real ones). */
#pragma once
#include "../../../torch_standin.h"

#define MAX_TENSORINFO_DIMS 25

namespace at { namespace cuda { namespace detail {

template <typename T, typename IndexType>
struct TensorInfo {
    TensorInfo();
    TensorInfo(T *p, int dim, IndexType sz[MAX_TENSORINFO_DIMS], IndexType st[MAX_TENSORINFO_DIMS]);
    void reduceDim(int dim);
    int collapseDims(const int excludeDim = -1);
    __host__ __device__ inline bool isContiguous() const { return (dims == 1 && strides[0] == 1); }
    T *data;
    IndexType sizes[MAX_TENSORINFO_DIMS];
    IndexType strides[MAX_TENSORINFO_DIMS];
    int dims;
};

template <typename T, typename IndexType, int Dims>
struct IndexToOffset {
    static __host__ __device__ IndexType get(IndexType linearId, const TensorInfo<T, IndexType> &info) {
        IndexType offset = 0;
        for (int i = Dims - 1; i > 0; --i) {
            IndexType curDimIndex = linearId % info.sizes[i];
            IndexType curDimOffset = curDimIndex * info.strides[i];
            offset += curDimOffset;
            linearId /= info.sizes[i];
        }
        return offset + linearId * info.strides[0];
    }
};

template <typename T, typename IndexType>
struct IndexToOffset<T, IndexType, -1> {
    static inline __host__ __device__ IndexType get(IndexType linearId, const TensorInfo<T, IndexType> &info) {
        IndexType offset = 0;
        for (int i = info.dims - 1; i > 0; --i) {
            IndexType curDimIndex = linearId % info.sizes[i];
            IndexType curDimOffset = curDimIndex * info.strides[i];
            offset += curDimOffset;
            linearId /= info.sizes[i];
        }
        return offset + linearId * info.strides[0];
    }
};

template <typename scalar, typename IndexType>
TensorInfo<scalar, IndexType> getTensorInfo(const at::Tensor &t);

}}}  // namespace at::cuda::detail
