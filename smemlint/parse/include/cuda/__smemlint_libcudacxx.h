/* smemlint stand-in for the parts of libcu++ (<cuda/barrier>, <cuda/pipeline>)
   used to stage data into shared memory asynchronously: cuda::barrier,
   cuda::pipeline, cuda::memcpy_async, cuda::aligned_size_t (bundled mode).
   Declarations only; loose templates where the real API is heavily templated.
   cuda::std is not provided. */
#ifndef SMEMLINT_STANDIN_LIBCUDACXX_H
#define SMEMLINT_STANDIN_LIBCUDACXX_H
#include "../cuda_stub.h"
#include "../cooperative_groups.h"

#define __SMEMLINT_CX_D __attribute__((device))
#define __SMEMLINT_CX_HD __attribute__((host)) __attribute__((device))

namespace cuda {
enum thread_scope {
    thread_scope_system = 0,
    thread_scope_device = 1,
    thread_scope_block = 2,
    thread_scope_thread = 3
};

template <size_t Alignment> struct aligned_size_t {
    static constexpr size_t align = Alignment;
    size_t value;
    __SMEMLINT_CX_HD constexpr explicit aligned_size_t(size_t v) : value(v) {}
    __SMEMLINT_CX_HD constexpr operator size_t() const { return value; }
};

struct __smemlint_empty_completion {
    __SMEMLINT_CX_HD void operator()() const noexcept {}
};

template <thread_scope Scope, class CompletionFunction = __smemlint_empty_completion> class barrier {
public:
    typedef unsigned long long arrival_token;
    barrier() = default;
    barrier(const barrier &) = delete;
    barrier &operator=(const barrier &) = delete;
    __SMEMLINT_CX_HD barrier(ptrdiff_t expected, CompletionFunction completion = CompletionFunction());
    __SMEMLINT_CX_HD arrival_token arrive(ptrdiff_t update = 1);
    __SMEMLINT_CX_HD void wait(arrival_token &&phase) const;
    __SMEMLINT_CX_HD bool try_wait(arrival_token &&phase) const;
    __SMEMLINT_CX_HD void arrive_and_wait();
    __SMEMLINT_CX_HD void arrive_and_drop();
    __SMEMLINT_CX_HD static constexpr ptrdiff_t max() noexcept { return 0x7fffffff; }
    template <thread_scope S, class F>
    friend __SMEMLINT_CX_HD void init(barrier<S, F> *bar, ptrdiff_t expected, F completion);
};
template <thread_scope Scope, class CompletionFunction>
__SMEMLINT_CX_HD void init(barrier<Scope, CompletionFunction> *bar, ptrdiff_t expected,
                           CompletionFunction completion = CompletionFunction());

template <thread_scope Scope> class pipeline {
public:
    pipeline(const pipeline &) = delete;
    __SMEMLINT_CX_D void producer_acquire();
    __SMEMLINT_CX_D void producer_commit();
    __SMEMLINT_CX_D void consumer_wait();
    __SMEMLINT_CX_D void consumer_release();
    __SMEMLINT_CX_D bool quit();
};
template <thread_scope Scope, unsigned char StagesCount = 2> class pipeline_shared_state {
public:
    pipeline_shared_state() = default;
    pipeline_shared_state(const pipeline_shared_state &) = delete;
    char __storage[8 * (StagesCount + 1)];
};
enum class pipeline_role { producer, consumer };

__SMEMLINT_CX_D pipeline<thread_scope_thread> make_pipeline();
template <class Group, thread_scope Scope, unsigned char StagesCount>
__SMEMLINT_CX_D pipeline<Scope> make_pipeline(const Group &group,
                                              pipeline_shared_state<Scope, StagesCount> *shared_state);
template <class Group, thread_scope Scope, unsigned char StagesCount>
__SMEMLINT_CX_D pipeline<Scope> make_pipeline(const Group &group,
                                              pipeline_shared_state<Scope, StagesCount> *shared_state,
                                              size_t producer_count);
template <class Group, thread_scope Scope, unsigned char StagesCount>
__SMEMLINT_CX_D pipeline<Scope> make_pipeline(const Group &group,
                                              pipeline_shared_state<Scope, StagesCount> *shared_state,
                                              pipeline_role role);
template <unsigned char Prior> __SMEMLINT_CX_D void pipeline_consumer_wait_prior(pipeline<thread_scope_thread> &pipe);
__SMEMLINT_CX_D void pipeline_producer_commit(pipeline<thread_scope_thread> &pipe,
                                              barrier<thread_scope_block> &bar);

/* memcpy_async: thread / group variants, with a barrier or a pipeline as the
   completion mechanism; Size is size_t or aligned_size_t<N>. */
template <class T, class Size, thread_scope Scope, class F>
__SMEMLINT_CX_D void memcpy_async(T *dst, const T *src, Size size, barrier<Scope, F> &bar);
template <class Size, thread_scope Scope, class F>
__SMEMLINT_CX_D void memcpy_async(void *dst, const void *src, Size size, barrier<Scope, F> &bar);
template <class Group, class T, class Size, thread_scope Scope, class F>
__SMEMLINT_CX_D void memcpy_async(const Group &group, T *dst, const T *src, Size size, barrier<Scope, F> &bar);
template <class Group, class Size, thread_scope Scope, class F>
__SMEMLINT_CX_D void memcpy_async(const Group &group, void *dst, const void *src, Size size,
                                  barrier<Scope, F> &bar);
template <class T, class Size, thread_scope Scope>
__SMEMLINT_CX_D void memcpy_async(T *dst, const T *src, Size size, pipeline<Scope> &pipe);
template <class Size, thread_scope Scope>
__SMEMLINT_CX_D void memcpy_async(void *dst, const void *src, Size size, pipeline<Scope> &pipe);
template <class Group, class T, class Size, thread_scope Scope>
__SMEMLINT_CX_D void memcpy_async(const Group &group, T *dst, const T *src, Size size, pipeline<Scope> &pipe);
template <class Group, class Size, thread_scope Scope>
__SMEMLINT_CX_D void memcpy_async(const Group &group, void *dst, const void *src, Size size,
                                  pipeline<Scope> &pipe);
} /* namespace cuda */

#undef __SMEMLINT_CX_D
#undef __SMEMLINT_CX_HD
#endif /* SMEMLINT_STANDIN_LIBCUDACXX_H */
