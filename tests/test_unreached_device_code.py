"""Rules about device semantics look only at code the build runs (issue 26 item 3): a legacy
shuffle in a device function no kernel calls (pytorch_scatter's `__shfl_up(at::Half)` overload,
used only by its ROCm build's macro) or in an inactive `#ifdef USE_ROCM` branch is not reported;
the same shuffle in a function a kernel calls is."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

UTILS = """#pragma once
__device__ __inline__ float shfl_down_legacy(float v, unsigned d) { return __shfl_down(v, d); }  // only ROCm uses it
__device__ __inline__ float shfl_down_modern(float v, unsigned d) { return __shfl_down_sync(0xffffffff, v, d); }
#ifdef USE_ROCM
#define SHFL_DOWN(v, d) __shfl_down(v, d)
#else
#define SHFL_DOWN(v, d) __shfl_down_sync(0xffffffff, v, d)
#endif
"""
KERNELS = """#include "utils.cuh"
__device__ float unused_helper(float v) { return __shfl_xor(v, 1); }
__device__ float used_helper(float v) { return __shfl_xor(v, 2); }
__global__ void reduce(float *out, const float *in)
{
    float v = in[threadIdx.x];
    v += shfl_down_modern(v, 16);
    v += SHFL_DOWN(v, 8);
#ifdef USE_ROCM
    v += __shfl_down(v, 4);
#endif
    v += used_helper(v);
    out[threadIdx.x] = v;
}
int main() { reduce<<<1, 32>>>(0, 0); }
"""


def check(tmp_path: Path, *paths: str) -> list[str]:
    (tmp_path / "utils.cuh").write_text(UTILS)
    (tmp_path / "kernels.cu").write_text(KERNELS)
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "1", "--select", "SYNC003",
                        "--output-format", "concise", "--exit-zero", *paths],
                       cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return [line.split(": SYNC003")[0] for line in r.stdout.splitlines() if ": SYNC003 " in line]


def test_only_device_code_a_kernel_calls(tmp_path: Path) -> None:
    # line 3 of kernels.cu (used_helper) is reported; unused_helper (line 2), the ROCm branch
    # (line 10) and utils.cuh's legacy overload, which no kernel calls, are not
    assert check(tmp_path, ".") == ["kernels.cu:3:48"]


def test_a_helper_header_alone_is_not_a_build(tmp_path: Path) -> None:
    assert check(tmp_path, "utils.cuh") == []
