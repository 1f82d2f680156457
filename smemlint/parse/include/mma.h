/* smemlint stand-in for <mma.h> (WMMA tensor-core API, bundled mode).
   Loose templates: enough for fragment declarations and the load / store /
   mma calls to parse and resolve by name, not a model of the fragments. */
#ifndef SMEMLINT_STANDIN_MMA_H
#define SMEMLINT_STANDIN_MMA_H
#include "cuda_stub.h"

namespace nvcuda {
namespace wmma {
struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
enum layout_t { mem_row_major, mem_col_major };
namespace precision {
struct tf32;
}
namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
}
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}

template <class T> struct __smemlint_storage { typedef T type; };
template <> struct __smemlint_storage<precision::tf32> { typedef float type; };
template <> struct __smemlint_storage<experimental::precision::u4> { typedef unsigned int type; };
template <> struct __smemlint_storage<experimental::precision::s4> { typedef int type; };
template <> struct __smemlint_storage<experimental::precision::b1> { typedef unsigned int type; };

template <class Use, int m, int n, int k> struct __smemlint_frag_size { enum { value = (m * n + 31) / 32 }; };
template <int m, int n, int k> struct __smemlint_frag_size<matrix_a, m, n, k> { enum { value = (m * k + 31) / 32 }; };
template <int m, int n, int k> struct __smemlint_frag_size<matrix_b, m, n, k> { enum { value = (k * n + 31) / 32 }; };

template <class Use, int m, int n, int k, class T, class Layout = void> class fragment {
public:
    typedef typename __smemlint_storage<T>::type element_type;
    typedef element_type storage_element_type;
    enum { num_elements = __smemlint_frag_size<Use, m, n, k>::value, num_storage_elements = num_elements };
    element_type x[num_elements];
};

template <class Frag, class V> __attribute__((device)) void fill_fragment(Frag &a, const V &v);
template <class Frag, class P> __attribute__((device)) void load_matrix_sync(Frag &a, const P *mptr, unsigned ldm);
template <class Frag, class P>
__attribute__((device)) void load_matrix_sync(Frag &a, const P *mptr, unsigned ldm, layout_t layout);
template <class P, class Frag>
__attribute__((device)) void store_matrix_sync(P *mptr, const Frag &a, unsigned ldm, layout_t layout);
template <class D, class A, class B, class C>
__attribute__((device)) void mma_sync(D &d, const A &a, const B &b, const C &c, bool satf = false);
template <class D, class A, class B, class C>
__attribute__((device)) void bmma_sync(D &d, const A &a, const B &b, const C &c,
                                       experimental::bmmaBitOp = experimental::bmmaBitOpXOR,
                                       experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC);
__attribute__((device)) float __float_to_tf32(float in);
} /* namespace wmma */
} /* namespace nvcuda */

#endif /* SMEMLINT_STANDIN_MMA_H */
