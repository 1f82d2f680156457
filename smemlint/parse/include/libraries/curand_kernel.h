/* smemlint stand-in for <curand_kernel.h> (cuRAND device API; searched after every other directory, in both parse modes).
   State types and the generator functions as loose templates over the state:
   enough for kernels using curand_init / curand_uniform / ... to parse. */
#ifndef SMEMLINT_STANDIN_CURAND_KERNEL_H
#define SMEMLINT_STANDIN_CURAND_KERNEL_H
#include <cuda_runtime.h>
#include "curand.h"

struct curandStateXORWOW {
    unsigned int d, v[5];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
struct curandStatePhilox4_32_10 {
    uint4 ctr;
    uint4 output;
    uint2 key;
    unsigned int STATE;
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateMRG32k3a {
    unsigned int s1[3];
    unsigned int s2[3];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
struct curandStateSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 { unsigned long long i, x, c; unsigned long long direction_vectors[64]; };
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 { unsigned long long i, x, c; unsigned long long direction_vectors[64]; };
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;
struct curandStateMtgp32 { unsigned int s[1024]; int offset; int pIdx; void *k; };
typedef struct curandStateMtgp32 curandStateMtgp32_t;
typedef struct curandDiscreteDistribution_st *curandDiscreteDistribution_t;

#define __SMEMLINT_CR_D __attribute__((device))
template <class S>
__SMEMLINT_CR_D void curand_init(unsigned long long seed, unsigned long long subsequence,
                                 unsigned long long offset, S *state);
template <class S> __SMEMLINT_CR_D void curand_init(unsigned int *direction_vectors, unsigned int offset, S *state);
template <class S>
__SMEMLINT_CR_D void curand_init(unsigned int *direction_vectors, unsigned int scramble_c, unsigned int offset,
                                 S *state);
template <class S>
__SMEMLINT_CR_D void curand_init(unsigned long long *direction_vectors, unsigned long long offset, S *state);
template <class S>
__SMEMLINT_CR_D void curand_init(unsigned long long *direction_vectors, unsigned long long scramble_c,
                                 unsigned long long offset, S *state);
template <class S> __SMEMLINT_CR_D unsigned int curand(S *state);
template <class S> __SMEMLINT_CR_D uint4 curand4(S *state);
template <class S> __SMEMLINT_CR_D float curand_uniform(S *state);
template <class S> __SMEMLINT_CR_D float4 curand_uniform4(S *state);
template <class S> __SMEMLINT_CR_D double curand_uniform_double(S *state);
template <class S> __SMEMLINT_CR_D double2 curand_uniform2_double(S *state);
template <class S> __SMEMLINT_CR_D float curand_normal(S *state);
template <class S> __SMEMLINT_CR_D float2 curand_normal2(S *state);
template <class S> __SMEMLINT_CR_D float4 curand_normal4(S *state);
template <class S> __SMEMLINT_CR_D double curand_normal_double(S *state);
template <class S> __SMEMLINT_CR_D double2 curand_normal2_double(S *state);
template <class S> __SMEMLINT_CR_D float curand_log_normal(S *state, float mean, float stddev);
template <class S> __SMEMLINT_CR_D double curand_log_normal_double(S *state, double mean, double stddev);
template <class S> __SMEMLINT_CR_D unsigned int curand_poisson(S *state, double lambda);
template <class S> __SMEMLINT_CR_D unsigned int curand_discrete(S *state, curandDiscreteDistribution_t d);
template <class S> __SMEMLINT_CR_D void skipahead(unsigned long long n, S *state);
template <class S> __SMEMLINT_CR_D void skipahead_sequence(unsigned long long n, S *state);
template <class S> __SMEMLINT_CR_D void skipahead_subsequence(unsigned long long n, S *state);
#undef __SMEMLINT_CR_D

#endif /* SMEMLINT_STANDIN_CURAND_KERNEL_H */
