"""Kernels written in a file's text (parse/written.py), the denominator of reach: definitions only,
attributes and templates read through, comments, strings and macro bodies skipped."""
from __future__ import annotations

from smemlint.parse.written import written_kernels


def test_definitions_in_the_text() -> None:
    text = """
// __global__ void commented() {}
/* __global__ void blockComment() {} */
template <int N>
__global__ void __launch_bounds__(256, 2) tmpl(float *x) { x[0] = 1; }
__global__ void declared(int);
static __global__ void plain(const char *s = "__global__ void inString(){") {
}
#define K(name) __global__ void name(float *p) { \\
   p[0] = 0; }
K(made)
extern "C" __global__ void
  multiLine(
    int a) {}
"""
    assert written_kernels(text) == [("tmpl", 5), ("plain", 7), ("multiLine", 12)]


def test_no_kernel_no_crash() -> None:
    assert written_kernels("") == []
    assert written_kernels("__global__") == []
    assert written_kernels("__global__ void (") == []


def test_a_kernel_in_a_raw_string_is_text_not_code() -> None:
    # tiny-cuda-nn's src/network.cu hands NVRTC `R"( __global__ void mlp_convert_params_to_jit_layout(...) )"`
    text = ('__global__ void a(float *x) { x[0] = 0; }\n'
            'const char *src = R"rtc(\n__global__ void b(float *x) { x[0] = ")"; }\n)rtc";\n'
            '__global__ void c(float *x) { x[0] = 0; }\n')
    assert written_kernels(text) == [("a", 1), ("c", 5)]


def test_an_attribute_macro_before_the_name_is_not_the_name() -> None:
    # apex's megatron softmax: `__global__ void C10_LAUNCH_BOUNDS_1(128) warp_rows(...)`; an upper-case
    # call followed by another name and its parameters is an attribute macro; a lower-case one is not
    text = ("__global__ void C10_LAUNCH_BOUNDS_1(128) warp_rows(const float *x) {}\n"
            "template <int N> __global__ void MY_BOUNDS(N, 2) tiled<N>(float *x) {}\n"
            "__global__ void plain(int a) __attribute__((noinline)) {}\n")
    assert written_kernels(text) == [("warp_rows", 1), ("tiled", 2), ("plain", 3)]
