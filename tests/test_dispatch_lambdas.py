"""Launches in dispatch lambdas and `*_SWITCH` macros (issue 29 item 2), through the bundled stand-ins
for PyTorch's headers (item 4), and CUB's placement new under the toolkit's headers."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "dispatch_lambdas.cu"


@pytest.mark.parametrize("headers", ["bundled", "toolkit"])
def test_each_dispatched_type_and_each_switch_branch_is_an_instance(headers) -> None:
    r = lint_file(str(FIXTURE), Settings(cuda_headers=headers))
    assert r.status == "ok" and not r.notes, (r.error, r.notes)  # the stand-ins parse cleanly
    blocks = {k.name: k.block for k in r.kernels}
    # AT_DISPATCH_ALL_TYPES_AND2(Half, BFloat16, ...): the 7 types of ALL_TYPES and the 2 named
    assert {n for n in blocks if n.startswith("dispatched<")} == {
        f"dispatched<{t}>" for t in ("double", "float", "unsigned char", "signed char", "int", "long", "short",
                                     "c10::Half", "c10::BFloat16")}
    assert all(b == (64, 1, 1) for n, b in blocks.items() if n.startswith("dispatched<"))
    # BOOL_SWITCH: one instance per branch, named as C++ writes a bool (libclang says -1 for true)
    assert blocks["switched<true>"] == blocks["switched<false>"] == (128, 1, 1)
    assert all(b == (256, 1, 1) for n, b in blocks.items() if n.startswith("onlyPassed<"))


def test_c10_complex_and_reduced_types_parse(tmp_path) -> None:
    """mamba's selective scan includes c10/util/complex.h and does complex arithmetic in device code;
    pytorch_scatter adds at::Half values and reads them with __ldg: without PyTorch, all parse."""
    src = tmp_path / "k.cu"
    src.write_text(
        "#include <c10/util/complex.h>\n#include <c10/util/Half.h>\n#include <torch/extension.h>\n"
        "using complex_t = c10::complex<float>;\n"
        "__global__ void k(const complex_t *a, const at::Half *h, float *out) {\n"
        "    complex_t z = a[threadIdx.x] * a[0] + complex_t(1.f, 2.f);\n"
        "    at::Half s = __ldg(h + threadIdx.x) + h[0];\n"
        "    out[threadIdx.x] = z.real_ * 2 + (float)s;\n"
        "}\n"
        "void run(torch::Tensor t) { auto o = torch::full_like(t, 0.0); o.masked_fill_(o == 1.f, 0.0); }\n")
    r = lint_file(str(src), Settings())
    assert r.status == "ok" and not r.notes, (r.error, r.notes)
    (k,) = r.kernels
    loads = [a for a in k.accesses if a.space == "global" and a.op == "ld"]
    assert any(a.width_bits == 64 for a in loads)  # a complex<float> is 8 bytes, read as one


def test_cub_placement_new_parses_with_the_toolkit(tmp_path) -> None:
    """CUB's BlockLoad constructs items with placement new in device code: clang's cuda_wrappers/<new>
    declares it, and must come before the C++ library under -nostdinc++."""
    from smemlint.parse.flags import find_cuda_toolkit

    toolkit = find_cuda_toolkit()
    if toolkit is None or not (Path(toolkit) / "include" / "cccl" / "cub").is_dir() and \
            not (Path(toolkit) / "include" / "cub").is_dir():
        pytest.skip("no CUDA toolkit with CUB")
    src = tmp_path / "k.cu"
    src.write_text(
        "#include <cub/block/block_load.cuh>\n"
        "template <typename T> __global__ void k(const T *in, T *out) {\n"
        "    using BL = cub::BlockLoad<T, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;\n"
        "    __shared__ typename BL::TempStorage tmp;\n"
        "    T items[4];\n    BL(tmp).Load(in, items);\n    out[threadIdx.x] = items[0];\n}\n"
        "template __global__ void k<float>(const float *, float *);\n")
    r = lint_file(str(src), Settings(cuda_headers="toolkit"))
    assert r.status == "ok" and not [n for n in r.notes if "compile error" in n], r.notes


def test_explicit_instance_of_a_host_template_launches_its_kernels() -> None:
    """A file that only writes `template void run_strided<float>(...)`: the template's instance (and
    the instances it calls) launch concrete kernels through a `*_SWITCH` branch's constant and a
    kernel pointer, with the block the instance's template argument gives; a host template nothing
    instantiates launches nothing."""
    fixture = FIXTURE.parent / "host_template_instances.cu"
    r = lint_file(str(fixture), Settings())
    # the appended instance roots add no error; the template no instance launches is said so
    assert r.status == "ok" and [n.split(":")[0] for n in r.notes] == ["neverLaunched"], (r.error, r.notes)
    kernels = {k.name: k for k in r.kernels if not k.name.startswith("neverLaunched")}
    assert set(kernels) == {f"strided<float, {n}, {s}>" for n in (64, 128) for s in (1, 2)}
    for name, k in kernels.items():
        threads, stride = (int(x) for x in name[len("strided<float, "):-1].split(", "))
        assert k.block == (threads, 1, 1), (name, k.block)
        assert "host_template_launch.cuh:23" in k.assumptions[0], k.assumptions
        (store,) = [a for a in k.accesses if a.space == "shared" and a.op == "st"]
        assert store.wavefronts_per_request == stride, (name, store.wavefronts_per_request)
    # analysed as its representative instance (kStride = 4), said on its accesses
    (never,) = [k for k in r.kernels if k.name == "neverLaunched<4>"]
    assert all(any("representative" in x for x in a.assumptions) for a in never.accesses if a.space == "shared")


def test_explicit_instance_in_a_namespace_launches_and_extern_template_does_not() -> None:
    """flash-attention's split-KV files: `namespace FLASH_NAMESPACE { extern template void align<...>(...);
    template void dispatch<...>(...); }` with the templates in a header of another folder. The root
    that takes the instance's address is written in the same namespaces, so the instance's launch is
    found (split_kernel<2> at the block 64 it writes); the `extern template` instance is another
    file's: its kernel is not launched from here, so it is analysed as the representative instance
    (kStride = 4, a representative integer, and said so), not with a launch of this file."""
    fixture = FIXTURE.parent / "namespaced_instances.cu"
    r = lint_file(str(fixture), Settings())
    assert r.status == "ok" and not [n for n in r.notes if "compile error" in n], (r.error, r.notes)
    kernels = {k.name: k for k in r.kernels}
    assert set(kernels) == {"split_kernel<2>", "aligned_kernel<4>"}, set(kernels)
    assert kernels["split_kernel<2>"].block == (64, 1, 1)
    assert "namespaced_launch.cuh:24" in kernels["split_kernel<2>"].assumptions[0], kernels["split_kernel<2>"].assumptions
    (store,) = [a for a in kernels["split_kernel<2>"].accesses if a.space == "shared" and a.op == "st"]
    assert store.wavefronts_per_request == 2
    aligned = kernels["aligned_kernel<4>"]
    assert not aligned.launched and "a representative integer" in " ".join(aligned.assumptions), aligned.assumptions


def test_instance_roots_are_written_in_the_instantiations_namespaces() -> None:
    from smemlint.parse.instances import instance_roots, scoped_instances
    from smemlint.parse.translation import _with_instance_roots

    text = ("using namespace cute;\nnamespace NS_MACRO {\nextern template void a<int>(int);\n"
            "template void run<cutlass::half_t, 64>(Params &p, cudaStream_t s);\n}  // namespace\n"
            "namespace outer { inline namespace v1 {\nstruct S { int x; };\ntemplate void f<1>(int);\n} }\n"
            "namespace {\ntemplate void h<2>(int);\n}\nextern \"C\" { void c(); }\ntemplate void g<3>(int);\n")
    assert scoped_instances(text) == [(("NS_MACRO",), "run<cutlass::half_t, 64>"), (("outer", "v1"), "f<1>"),
                                      (("",), "h<2>"), ((), "g<3>")]
    roots = instance_roots(text).splitlines()
    assert roots[0].startswith("namespace NS_MACRO { static void") and roots[0].endswith("(void)&run<cutlass::half_t, 64>; } }")
    assert roots[1].startswith("namespace outer { namespace v1 { static void") and roots[1].endswith("} } }")
    assert roots[2].startswith("namespace  { static void") and roots[3].startswith("static void")
    # the appended roots start on the line after the file's own last line, with or without a final newline
    for own in (text, text.rstrip("\n")):
        unsaved, lines, _ = _with_instance_roots("x.cu", own, None)
        assert lines == 14 and unsaved[0][1].splitlines()[lines].startswith("namespace NS_MACRO {")


def test_explicit_instances_are_read_from_the_text() -> None:
    from smemlint.parse.instances import explicit_instances, instance_roots

    text = ("extern template void f<int>(int);\n// template void c<int>(int);\n"
            "template __global__ void k<float>(float *);\ntemplate class A<int>;\n"
            "template <> void g<int>(int) {}\n  template void h<3, float>(float *x, int n);\n"
            "template void ns::m<float, complex_t>(SSMParamsBase &params, cudaStream_t stream);\n")
    assert explicit_instances(text) == ["h<3, float>", "ns::m<float, complex_t>"]
    assert instance_roots("int x;") == ""
    assert "(void)&h<3, float>;" in instance_roots(text)


@pytest.mark.parametrize("header", ["ATen/cuda/PhiloxUtils.cuh", "ATen/cuda/detail/UnpackRaw.cuh"])
def test_philox_state_unpacks_in_device_code(tmp_path, header) -> None:
    """flash-attention's kernels unpack the dropout seed from an at::PhiloxCudaState
    (philox_unpack.cuh): without PyTorch the stand-ins declare both, so the kernel parses and the
    accesses after the unpack are analysed."""
    src = tmp_path / "k.cu"
    src.write_text(
        f"#include <ATen/cuda/PhiloxCudaState.h>\n#include <{header}>\n#include <tuple>\n"
        "__global__ void k(at::PhiloxCudaState philox, unsigned long long *out) {\n"
        "    auto seed = at::cuda::philox::unpack(philox);\n"
        "    out[blockIdx.x * blockDim.x + threadIdx.x] = std::get<0>(seed) + std::get<1>(seed);\n"
        "}\n")
    r = lint_file(str(src), Settings())
    assert r.status == "ok" and not r.notes, (r.error, r.notes)
    (k,) = r.kernels
    (store,) = [a for a in k.accesses if a.op == "st"]
    assert store.space == "global" and store.line == 6 and store.predictable
    assert store.sectors_per_request == 8  # 32 lanes x 8 bytes, consecutive
