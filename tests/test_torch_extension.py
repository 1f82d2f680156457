"""PyTorch extension files parse without PyTorch (bundled stand-ins) and give their launches."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("headers", ["bundled", "toolkit"])
def test_dispatch_instantiates_each_type_with_the_launch(headers) -> None:
    r = lint_file(str(DATA / "torch_extension.cu"), Settings(cuda_headers=headers))
    assert r.status == "ok", r.error
    assert not [n for n in r.notes if "error" in n], r.notes  # torch/extension.h & co. parse cleanly
    kernels = {k.name: k for k in r.kernels}
    assert set(kernels) == {"scale_rows<float>", "scale_rows<double>", "scale_rows<c10::Half>"}
    for k in kernels.values():
        # `const dim3 threads(32, 8)` outside the dispatch lambda, the launch inside it
        assert k.block == (32, 8, 1) and "from the launch" in k.assumptions[0], k.assumptions
    half = [a for a in kernels["scale_rows<c10::Half>"].accesses if a.space == "shared"]
    assert half and all(a.width_bits == 16 for a in half)  # c10::Half is 2 bytes, as in PyTorch


def test_real_torch_headers_win_over_the_stand_ins(tmp_path) -> None:
    inc = tmp_path / "inc" / "torch"
    inc.mkdir(parents=True)
    (inc / "extension.h").write_text("#pragma once\n#define SMEMLINT_TEST_REAL_TORCH 1\n")
    src = tmp_path / "k.cu"
    src.write_text("#include <torch/extension.h>\n#ifndef SMEMLINT_TEST_REAL_TORCH\n#error stand-in used\n#endif\n"
                   "__global__ void k(float *x) { x[threadIdx.x] = 0; }\n")
    r = lint_file(str(src), Settings(include=(str(tmp_path / "inc"),)))
    assert not [n for n in r.notes if "stand-in used" in n], r.notes


def test_launcher_checks_of_a_multi_tensor_extension_parse(tmp_path) -> None:
    """What apex's multi_tensor_apply.cuh writes around its launch (device checks, memory formats, the
    device guard, AT_CUDA_CHECK) parses with the stand-ins: no compile error, so nothing of the
    launcher is dropped."""
    src = tmp_path / "mt.cu"
    src.write_text(
        "#include <torch/extension.h>\n#include <ATen/cuda/CUDAContext.h>\n#include <ATen/cuda/Exceptions.h>\n"
        "#include <c10/cuda/CUDAGuard.h>\n"
        "__global__ void scale(float *x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2; }\n"
        "void run(std::vector<at::Tensor> &ts) {\n"
        "  auto ref_device = ts[0].device();\n"
        "  TORCH_CHECK(ref_device.type() == at::kCUDA, \"expected cuda\");\n"
        "  TORCH_CHECK(ts[0].is_contiguous() || ts[0].is_contiguous(at::MemoryFormat::ChannelsLast), \"layout\");\n"
        "  TORCH_CHECK(ts[1].device() == ref_device, \"same device\");\n"
        "  const at::cuda::OptionalCUDAGuard device_guard(device_of(ts[0]));\n"
        "  scale<<<4, 256>>>(ts[0].data_ptr<float>(), 1024);\n"
        "  AT_CUDA_CHECK(cudaGetLastError());\n}\n")
    r = lint_file(str(src), Settings())
    assert r.status == "ok", r.error
    assert not [n for n in r.notes if "error" in n or "missing" in n], r.notes
    assert [k.block for k in r.kernels] == [(256, 1, 1)]
