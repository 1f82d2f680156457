"""Explicit instantiations a macro writes (issue 29 item 2, ggml's template-instances/*.cu): each file
calls `DECL_MMQ_CASE(GGML_TYPE_Q4_0);`, whose `#define` in the included header expands to
`template void mul_mat_q_case<GGML_TYPE_Q4_0>(...);`; the host template's instance launches the
kernel with concrete arguments."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from smemlint.parse.instances import explicit_instances

HEADER = """#pragma once
template <int STRIDE>
__global__ void strided(float *out) {
    __shared__ float s[32 * STRIDE];
    s[threadIdx.x * STRIDE] = 1.f;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x * STRIDE];
}

template <int STRIDE>
void strided_case(float *out) {
    strided<STRIDE><<<1, 32>>>(out);
}

#define DECL_STRIDED_CASE(stride)     \\
    template void strided_case        \\
    <stride>(float *out)

#define NOT_AN_INSTANCE(x) static int x##_unused = 0

extern DECL_STRIDED_CASE(2);
"""
INSTANCE = '#include "k.cuh"\n\nDECL_STRIDED_CASE(2);\nNOT_AN_INSTANCE(a);\n'


def test_a_macro_written_instantiation_is_read(tmp_path: Path) -> None:
    (tmp_path / "k.cuh").write_text(HEADER)
    (tmp_path / "inst.cu").write_text(INSTANCE)
    assert explicit_instances(INSTANCE, str(tmp_path / "inst.cu")) == ["strided_case<2>"]
    # the header's own `extern DECL_...(2);` declares, it does not instantiate; a macro of another body is no instance
    assert explicit_instances(HEADER, str(tmp_path / "k.cuh")) == []
    assert explicit_instances("NOT_AN_INSTANCE(b);\n", str(tmp_path / "x.cu")) == []


def test_the_macro_written_instance_launches_its_kernel(tmp_path: Path) -> None:
    (tmp_path / "k.cuh").write_text(HEADER)
    (tmp_path / "inst.cu").write_text(INSTANCE)
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "--format", "json", "--exit-zero",
                        "inst.cu"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    report = json.loads(r.stdout)
    assert [k["name"] for k in report["kernels"]] == ["strided<2>"], report["kernels"]
    [st] = [a for a in report["accesses"] if a["space"] == "shared" and a["op"] == "st"]
    assert st["predictable"] and st["wavefronts_per_request"] == 2.0, st  # stride 2: a 2-way conflict
