/* smemlint stand-in for <cooperative_groups/reduce.h> (bundled mode). */
#ifndef SMEMLINT_STANDIN_CG_REDUCE_H
#define SMEMLINT_STANDIN_CG_REDUCE_H
#include "../cooperative_groups.h"

namespace cooperative_groups {
template <class T> struct plus { __attribute__((device)) T operator()(const T &a, const T &b) const; };
template <class T> struct less { __attribute__((device)) T operator()(const T &a, const T &b) const; };
template <class T> struct greater { __attribute__((device)) T operator()(const T &a, const T &b) const; };
template <class T> struct bit_and { __attribute__((device)) T operator()(const T &a, const T &b) const; };
template <class T> struct bit_or { __attribute__((device)) T operator()(const T &a, const T &b) const; };
template <class T> struct bit_xor { __attribute__((device)) T operator()(const T &a, const T &b) const; };

template <class Group, class T, class Op> __attribute__((device)) T reduce(const Group &group, T val, Op op);
template <class Group, class T, class Op> __attribute__((device)) T inclusive_scan(const Group &group, T val, Op op);
template <class Group, class T> __attribute__((device)) T inclusive_scan(const Group &group, T val);
template <class Group, class T, class Op> __attribute__((device)) T exclusive_scan(const Group &group, T val, Op op);
template <class Group, class T> __attribute__((device)) T exclusive_scan(const Group &group, T val);
} /* namespace cooperative_groups */

#endif /* SMEMLINT_STANDIN_CG_REDUCE_H */
