// Host driver for exllamav2's CUDA kernels (turboderp/exllamav2, exllamav2/exllamav2_ext/cuda), smemlint benchmark
// issue 28 part 3. Calls the library's own launchers once each, with the sizes of a Llama-class 7B/8B model:
// hidden 4096, 32 query heads and 8 key/value heads of 128, batch 4 x 512 tokens (2048 rows), a 2048-token cache.
// Built with the library's .cu files unchanged (stub/ supplies an empty ATen/cuda/CUDAContext.h).
#include "common.cuh"
#include "rms_norm.cuh"
#include "layer_norm.cuh"
#include "head_norm.cuh"
#include "rope.cuh"
#include "softcap.cuh"
#include "h_add.cuh"
#include "quantize.cuh"
#include "cache.cuh"

int main() {
    cudaStream_t s = 0;
    const int batch = 4, seq = 512, rows = batch * seq, hidden = 4096, heads = 32, kv_heads = 8, head_dim = 128;
    const int max_seq = 2048, kv_dim = kv_heads * head_dim;

    half* x = hrand((size_t)rows * hidden);
    half* y = zeros<half>((size_t)rows * hidden);
    half* w = hrand(hidden, 0.5f, 1.5f);
    half* b = hrand(hidden, -0.1f, 0.1f);
    STEP("rms_norm", rms_norm_cuda(s, x, w, y, 1e-5f, rows, hidden));
    STEP("layer_norm", layer_norm_cuda(s, x, w, b, y, 1e-5f, rows, hidden));
    STEP("head_norm", head_norm_cuda(s, x, w, b, y, 1e-5f, rows, heads, head_dim));

    half* sin_t = hrand((size_t)max_seq * head_dim);
    half* cos_t = hrand((size_t)max_seq * head_dim);
    half* q = hrand((size_t)rows * heads * head_dim);
    half* k = hrand((size_t)rows * kv_heads * head_dim);
    STEP("rope", rope_cuda(s, q, sin_t, cos_t, batch, seq * heads, head_dim, heads, 0, nullptr, true));
    STEP("rope_qk", rope_cuda_qk(s, q, k, sin_t, cos_t, batch, seq * heads, seq * kv_heads, head_dim, heads,
                                 kv_heads, 0, nullptr, true));

    const uint64_t logits = (uint64_t)8 * 256000;  // softcapped logits (Gemma 2's vocabulary), 8 rows
    float* lf = frand(logits, -30.0f, 30.0f);
    half* lh = hrand(logits, -30.0f, 30.0f);
    STEP("softcap", softcap_cuda_(s, lf, logits, 1.0f / 30.0f));
    STEP("h_softcap", h_softcap_cuda_(s, lh, logits, 1.0f / 30.0f));

    // cuda_vector_add_/set_ are defined (height, width); width % 8 == 0 takes the int4 kernels
    STEP("vector_add_int4", cuda_vector_add_(s, y, x, rows, hidden));
    STEP("vector_set_int4", cuda_vector_set_(s, y, x, rows, hidden));
    const int vocab = 32002;  // even (half2 rows), not a multiple of 8: the plain kernels
    half* va = hrand((size_t)8 * vocab);
    half* vb = hrand((size_t)8 * vocab);
    STEP("vector_add", cuda_vector_add_(s, va, vb, 8, vocab));
    STEP("vector_set", cuda_vector_set_(s, va, vb, 8, vocab));

    // GPTQ-style quantization of one 128-row block of a 4096-column weight
    const int qrows = 128, qcols = 4096;
    float* wts = frand((size_t)qrows * qcols);
    float* quant = zeros<float>((size_t)qrows * qcols);
    float* err = zeros<float>((size_t)qrows * qcols);
    float* scale = frand(qcols, 0.01f, 0.02f);
    float* hinv = frand((size_t)qrows * qrows, 0.5f, 1.5f);
    uint16_t* out_q = zeros<uint16_t>((size_t)qrows * qcols);
    float* qerr = zeros<float>((size_t)65 * 128);
    STEP("quantize", quantize_cuda(s, wts, quant, scale, out_q, qrows, qcols, 8.0f, 15.0f));
    STEP("quantize_rtn", quantize_rtn_cuda(s, wts, scale, out_q, 5, qrows, qcols, 8.0f, 15.0f));
    STEP("fused_quantize_adjust", fused_quantize_adjust_cuda(s, wts, quant, scale, out_q, hinv, err, 5, qrows, qcols,
                                                             8.0f, 15.0f));
    STEP("adjust_error_row", adjust_error_row_cuda(s, hinv, err, wts, quant, 5, qcols, qrows));
    STEP("quantize_err", quantize_err_cuda(s, wts, qerr, scale, qrows, qcols, 8.0f, 15.0f, 2.4f, 0.6f, 1.2f, 32));
    STEP("vv_mul_sub", vv_mul_sub_cuda(s, frand(qrows), frand(qcols), wts, qrows, qcols));

    // key/value cache [batch, max_seq, kv_heads, head_dim]: 512 new tokens at position 0
    const size_t cache_n = (size_t)batch * max_seq * kv_dim;
    half* kc = hrand(cache_n);
    half* vc = hrand(cache_n);
    unsigned char* k8 = zeros<unsigned char>(cache_n);
    unsigned char* v8 = zeros<unsigned char>(cache_n);
    half* ks = zeros<half>(cache_n);
    half* vs = zeros<half>(cache_n);
    const int stride = max_seq * kv_dim, width = seq * kv_dim;
    STEP("fp16_to_fp8", array_fp16_to_fp8_cuda(s, kc, k8, stride, batch, 0, width));
    STEP("fp8_to_fp16", array_fp8_to_fp16_cuda(s, k8, kc, stride, batch, 0, width));
    STEP("fp16_to_q_kv", array_fp16_to_q_kv_cuda(s, kc, k8, ks, vc, v8, vs, kv_dim, stride, batch, 0, width, 4));
    STEP("q_to_fp16_kv", array_q_to_fp16_kv_cuda(s, k8, ks, kc, v8, vs, vc, kv_dim, stride, batch, 0, width, 4));
    // paged: 256-token pages, 8 per sequence, sequence i on pages 8i..8i+7, empty caches getting 512 tokens
    const int page = 256, pages_per_seq = max_seq / page;
    std::vector<int> table(batch * pages_per_seq), seqlens(batch, 0);
    for (int i = 0; i < (int)table.size(); ++i) table[i] = i;
    int* d_table = upload(table);
    int* d_seqlens = upload(seqlens);
    STEP("fp16_to_q_kv_paged", array_fp16_to_q_kv_paged_cuda(s, kc, k8, ks, vc, v8, vs, batch, kv_dim, pages_per_seq,
                                                             d_seqlens, d_table, page, seq, 4));
    STEP("q_to_fp16_kv_paged", array_q_to_fp16_kv_paged_cuda(s, k8, ks, kc, v8, vs, vc, batch, kv_dim, pages_per_seq,
                                                             d_seqlens, d_table, page, 4));
    printf("done\n");
    return 0;
}
