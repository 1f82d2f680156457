/* smemlint stand-in for <cooperative_groups.h> (bundled mode, -nocudainc).
   Cooperative groups are not modelled by the linter; this is only enough of
   the API for common code to parse: thread_block, thread_block_tile<N>,
   tiled_partition, grid_group, coalesced_group, cluster_group and the
   binary / labeled partitions.  <cooperative_groups/reduce.h> and
   <cooperative_groups/memcpy_async.h> have stand-ins too. */
#ifndef SMEMLINT_STANDIN_COOPERATIVE_GROUPS_H
#define SMEMLINT_STANDIN_COOPERATIVE_GROUPS_H
#include "cuda_stub.h"

#define __SMEMLINT_CG_D __attribute__((device))

namespace cooperative_groups {

struct thread_group {
    __SMEMLINT_CG_D void sync() const;
    __SMEMLINT_CG_D unsigned long long thread_rank() const;
    __SMEMLINT_CG_D unsigned long long size() const;
    __SMEMLINT_CG_D unsigned long long num_threads() const;
};

struct thread_block : thread_group {
    __SMEMLINT_CG_D void sync() const;
    __SMEMLINT_CG_D unsigned int thread_rank() const;
    __SMEMLINT_CG_D unsigned int size() const;
    __SMEMLINT_CG_D unsigned int num_threads() const;
    __SMEMLINT_CG_D dim3 group_index() const;
    __SMEMLINT_CG_D dim3 thread_index() const;
    __SMEMLINT_CG_D dim3 group_dim() const;
    __SMEMLINT_CG_D dim3 dim_threads() const;
};
__SMEMLINT_CG_D thread_block this_thread_block();

struct grid_group : thread_group {
    __SMEMLINT_CG_D void sync() const;
    __SMEMLINT_CG_D bool is_valid() const;
    __SMEMLINT_CG_D unsigned long long thread_rank() const;
    __SMEMLINT_CG_D unsigned long long size() const;
    __SMEMLINT_CG_D unsigned long long num_threads() const;
    __SMEMLINT_CG_D unsigned long long block_rank() const;
    __SMEMLINT_CG_D unsigned long long num_blocks() const;
    __SMEMLINT_CG_D dim3 group_dim() const;
    __SMEMLINT_CG_D dim3 block_index() const;
};
__SMEMLINT_CG_D grid_group this_grid();

struct coalesced_group : thread_group {
    __SMEMLINT_CG_D void sync() const;
    __SMEMLINT_CG_D unsigned int thread_rank() const;
    __SMEMLINT_CG_D unsigned int size() const;
    __SMEMLINT_CG_D unsigned int num_threads() const;
    __SMEMLINT_CG_D unsigned int meta_group_rank() const;
    __SMEMLINT_CG_D unsigned int meta_group_size() const;
    template <class T> __SMEMLINT_CG_D T shfl(T var, unsigned int srcRank) const;
    template <class T> __SMEMLINT_CG_D T shfl_up(T var, unsigned int delta) const;
    template <class T> __SMEMLINT_CG_D T shfl_down(T var, unsigned int delta) const;
    __SMEMLINT_CG_D int any(int predicate) const;
    __SMEMLINT_CG_D int all(int predicate) const;
    __SMEMLINT_CG_D unsigned int ballot(int predicate) const;
};
__SMEMLINT_CG_D coalesced_group coalesced_threads();

/* thread_block_tile<N> is the parent-erased tile; thread_block_tile<N, P>
   (what tiled_partition<N>(p) returns) converts to it, as in CUDA. */
template <unsigned int N, class ParentT = void> struct thread_block_tile;

template <unsigned int N> struct thread_block_tile<N, void> : thread_group {
    static constexpr unsigned int num_threads_v = N;
    __SMEMLINT_CG_D void sync() const;
    __SMEMLINT_CG_D unsigned int thread_rank() const;
    __SMEMLINT_CG_D unsigned int size() const;
    __SMEMLINT_CG_D unsigned int num_threads() const;
    __SMEMLINT_CG_D unsigned int meta_group_rank() const;
    __SMEMLINT_CG_D unsigned int meta_group_size() const;
    template <class T> __SMEMLINT_CG_D T shfl(T var, int srcRank) const;
    template <class T> __SMEMLINT_CG_D T shfl_up(T var, unsigned int delta) const;
    template <class T> __SMEMLINT_CG_D T shfl_down(T var, unsigned int delta) const;
    template <class T> __SMEMLINT_CG_D T shfl_xor(T var, unsigned int laneMask) const;
    __SMEMLINT_CG_D int any(int predicate) const;
    __SMEMLINT_CG_D int all(int predicate) const;
    __SMEMLINT_CG_D unsigned int ballot(int predicate) const;
    template <class T> __SMEMLINT_CG_D unsigned int match_any(T val) const;
    template <class T> __SMEMLINT_CG_D unsigned int match_all(T val, int &pred) const;
};
template <unsigned int N, class ParentT> struct thread_block_tile : thread_block_tile<N, void> {};

template <unsigned int N, class ParentT>
__SMEMLINT_CG_D thread_block_tile<N, ParentT> tiled_partition(const ParentT &parent);
__SMEMLINT_CG_D thread_group tiled_partition(const thread_group &parent, unsigned int tilesz);

/* Partitions of a tile / coalesced group. */
template <class Group> __SMEMLINT_CG_D coalesced_group binary_partition(const Group &parent, bool pred);
template <class Group> __SMEMLINT_CG_D coalesced_group labeled_partition(const Group &parent, int label);
template <class Group> __SMEMLINT_CG_D coalesced_group labeled_partition(const Group &parent, unsigned int label);

/* Scratch memory for tiles larger than a warp: this_thread_block(scratch). */
template <unsigned int MaxBlockSize = 1024, unsigned int TileCommunicationSize = 8,
          unsigned int MaxTileSize = 1024>
struct block_tile_memory {
    char scratch[MaxBlockSize / 32 * TileCommunicationSize + 64];
};
template <unsigned int MaxBlockSize, unsigned int TileCommunicationSize, unsigned int MaxTileSize>
__SMEMLINT_CG_D thread_block
this_thread_block(block_tile_memory<MaxBlockSize, TileCommunicationSize, MaxTileSize> &scratch);

/* Thread-block clusters (sm_90): distributed shared memory. */
struct cluster_group : thread_group {
    __SMEMLINT_CG_D void sync() const;
    __SMEMLINT_CG_D void barrier_arrive() const;
    __SMEMLINT_CG_D void barrier_wait() const;
    __SMEMLINT_CG_D unsigned int thread_rank() const;
    __SMEMLINT_CG_D unsigned int size() const;
    __SMEMLINT_CG_D unsigned int num_threads() const;
    __SMEMLINT_CG_D unsigned int block_rank() const;
    __SMEMLINT_CG_D unsigned int num_blocks() const;
    __SMEMLINT_CG_D dim3 block_index() const;
    __SMEMLINT_CG_D dim3 dim_blocks() const;
    __SMEMLINT_CG_D dim3 thread_index() const;
    __SMEMLINT_CG_D dim3 dim_threads() const;
    __SMEMLINT_CG_D unsigned int query_shared_rank(const void *addr) const;
    template <class T> __SMEMLINT_CG_D T *map_shared_rank(T *addr, int rank) const;
};
__SMEMLINT_CG_D cluster_group this_cluster();

template <class Group> __SMEMLINT_CG_D void sync(const Group &g);
template <class Group> __SMEMLINT_CG_D unsigned long long thread_rank(const Group &g);
template <class Group> __SMEMLINT_CG_D unsigned long long group_size(const Group &g);

} /* namespace cooperative_groups */

#undef __SMEMLINT_CG_D
#endif /* SMEMLINT_STANDIN_COOPERATIVE_GROUPS_H */
