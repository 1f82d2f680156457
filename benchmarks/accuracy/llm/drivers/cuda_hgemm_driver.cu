// Host driver for Bruce-Lee-LY/cuda_hgemm's hand-written HGEMM kernels (src/wmma, src/mma, src/simt_naive.cu),
// smemlint benchmark issue 28 part 3. Calls each of the library's launchers once (its own main.cu needs gflags
// and OpenMP and times every kernel many times) on a 7B model's projection: 1024 tokens (batch 2 x 512) times a
// 4096 x 4096 weight, C = A (M x K, row major) * B (K x N, column major), all half.
#include "common.cuh"

#define HGEMM_FUNC(name) void name(half *A, half *B, half *C, size_t M, size_t N, size_t K)
HGEMM_FUNC(simtNaive);
HGEMM_FUNC(wmmaNaive);
HGEMM_FUNC(wmmaBase);
HGEMM_FUNC(wmmaPadding);
HGEMM_FUNC(wmmaAsync);
HGEMM_FUNC(wmmaAsyncPg2s);
HGEMM_FUNC(wmmaAsyncPg2sPs2r);
HGEMM_FUNC(wmmaAsyncStage2);
HGEMM_FUNC(wmmaAsyncStage3);
HGEMM_FUNC(mmaNaive);
HGEMM_FUNC(mmaBase);
HGEMM_FUNC(mmaPermuted);
HGEMM_FUNC(mmaAsync);
HGEMM_FUNC(mmaAsyncPg2s);
HGEMM_FUNC(mmaAsyncPg2sPs2r);
HGEMM_FUNC(mmaAsyncStage2);
HGEMM_FUNC(mmaAsyncStage3);
HGEMM_FUNC(mmaAsyncStage4);

int main() {
    const size_t M = 1024, N = 4096, K = 4096;
    half* A = hrand(M * K);
    half* B = hrand(K * N);
    half* C = zeros<half>(M * N);
    struct { const char* name; void (*fn)(half*, half*, half*, size_t, size_t, size_t); } all[] = {
        {"simtNaive", simtNaive}, {"wmmaNaive", wmmaNaive}, {"wmmaBase", wmmaBase}, {"wmmaPadding", wmmaPadding},
        {"wmmaAsync", wmmaAsync}, {"wmmaAsyncPg2s", wmmaAsyncPg2s}, {"wmmaAsyncPg2sPs2r", wmmaAsyncPg2sPs2r},
        {"wmmaAsyncStage2", wmmaAsyncStage2}, {"wmmaAsyncStage3", wmmaAsyncStage3}, {"mmaNaive", mmaNaive},
        {"mmaBase", mmaBase}, {"mmaPermuted", mmaPermuted}, {"mmaAsync", mmaAsync}, {"mmaAsyncPg2s", mmaAsyncPg2s},
        {"mmaAsyncPg2sPs2r", mmaAsyncPg2sPs2r}, {"mmaAsyncStage2", mmaAsyncStage2},
        {"mmaAsyncStage3", mmaAsyncStage3}, {"mmaAsyncStage4", mmaAsyncStage4}};
    for (auto& f : all) STEP(f.name, f.fn(A, B, C, M, N, K));
    printf("done\n");
    return 0;
}
