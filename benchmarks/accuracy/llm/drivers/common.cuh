// Helpers shared by this part's host drivers (smemlint benchmark, issue 28 part 3): device buffers filled with
// deterministic pseudo-random values, and a check after each launch.
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define DRV_CHECK(x)                                                                                  \
    do {                                                                                              \
        cudaError_t e_ = (x);                                                                         \
        if (e_ != cudaSuccess) {                                                                      \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));        \
            exit(1);                                                                                  \
        }                                                                                             \
    } while (0)
#define STEP(name, call)                                                                              \
    do {                                                                                              \
        call;                                                                                         \
        DRV_CHECK(cudaGetLastError());                                                                \
        DRV_CHECK(cudaDeviceSynchronize());                                                           \
        printf("ran %s\n", name);                                                                     \
    } while (0)

static uint32_t drv_state = 12345u;
static inline float drv_uniform(float lo, float hi) {
    drv_state = drv_state * 1664525u + 1013904223u;
    return lo + (hi - lo) * ((drv_state >> 8) / 16777216.0f);
}
static inline float* frand(size_t n, float lo = -1.0f, float hi = 1.0f) {
    std::vector<float> h(n);
    for (auto& v : h) v = drv_uniform(lo, hi);
    float* d;
    DRV_CHECK(cudaMalloc(&d, n * sizeof(float)));
    DRV_CHECK(cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    return d;
}
static inline half* hrand(size_t n, float lo = -1.0f, float hi = 1.0f) {
    std::vector<half> h(n);
    for (auto& v : h) v = __float2half(drv_uniform(lo, hi));
    half* d;
    DRV_CHECK(cudaMalloc(&d, n * sizeof(half)));
    DRV_CHECK(cudaMemcpy(d, h.data(), n * sizeof(half), cudaMemcpyHostToDevice));
    return d;
}
template <typename T>
static inline T* zeros(size_t n) {
    T* d;
    DRV_CHECK(cudaMalloc(&d, n * sizeof(T)));
    DRV_CHECK(cudaMemset(d, 0, n * sizeof(T)));
    return d;
}
template <typename T>
static inline T* upload(const std::vector<T>& h) {
    T* d;
    DRV_CHECK(cudaMalloc(&d, h.size() * sizeof(T)));
    DRV_CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}
