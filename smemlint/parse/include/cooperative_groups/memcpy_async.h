/* smemlint stand-in for <cooperative_groups/memcpy_async.h> (bundled mode). */
#ifndef SMEMLINT_STANDIN_CG_MEMCPY_ASYNC_H
#define SMEMLINT_STANDIN_CG_MEMCPY_ASYNC_H
#include "../cooperative_groups.h"

namespace cooperative_groups {
/* memcpy_async(group, dst, src, bytes) and the typed form (count elements). */
template <class Group>
__attribute__((device)) void memcpy_async(const Group &group, void *dst, const void *src, size_t bytes);
template <class Group, class T>
__attribute__((device)) void memcpy_async(const Group &group, T *dst, const T *src, size_t count);
template <class Group, class T, class DstLayout, class SrcLayout>
__attribute__((device)) void memcpy_async(const Group &group, T *dst, const DstLayout &dstLayout, const T *src,
                                          const SrcLayout &srcLayout);
template <class Group> __attribute__((device)) void wait(const Group &group);
template <unsigned int N, class Group> __attribute__((device)) void wait_prior(const Group &group);
} /* namespace cooperative_groups */

#endif /* SMEMLINT_STANDIN_CG_MEMCPY_ASYNC_H */
