"""A launched template instance clang never instantiated has no body: the kernel's template is
analysed instead, with a note, rather than an empty kernel (a launch inside a host function template
that nothing instantiates; HeCBench's nonzero after a missing <cub/cub.cuh>)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

SOURCE = """template <int N>
__global__ void scale(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * N;
}

template <typename U>
void run(U *x, int n)
{
    scale<3><<<(n + 255) / 256, 256>>>((float *)x, n);  // (not 4: the representative instance would give it a body)
}
"""


def test_a_bodiless_instance_is_analysed_as_its_template(tmp_path: Path) -> None:
    path = tmp_path / "k.cu"
    path.write_text(SOURCE)
    r = lint_file(str(path), Settings(cuda_headers="bundled"))
    assert r.status == "ok", r.error
    assert any("that clang did not instantiate" in n for n in r.notes), r.notes
    numbers = {(a.line, a.op, a.sectors_per_request) for k in r.kernels for a in k.accesses}
    assert numbers == {(6, "ld", 4.0), (6, "st", 4.0)}, numbers
