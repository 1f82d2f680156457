"""<DirectXMath.h> (a Windows SDK header) falls back to the bundled storage types (issue 29 item 4):
cuda-samples' simpleD3D11/12 kernels write `struct Vertex { XMFLOAT3 position; XMFLOAT4 color; }`
through a pointer, and without the header every access had an element type of unknown size.
The fixture `fixtures/directx_types.cu` holds the numbers; here, that the stand-in is searched last."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

KERNEL = """\
#include <DirectXMath.h>
using namespace DirectX;
struct Vertex { XMFLOAT3 position; XMFLOAT4 color; };
__global__ void k(Vertex *v) { v[blockIdx.x * blockDim.x + threadIdx.x].color.x = 0.0f; }
int main() { k<<<4, 256>>>(0); }
"""


def _sectors(path: Path, settings: Settings) -> list[float | None]:
    result = lint_file(str(path), settings)
    assert result.status == "ok", result.error
    return [a.sectors_per_request for a in result.accesses if a.kernel == "k"]


def test_bundled_storage_types_size_the_vertex(tmp_path: Path) -> None:
    path = tmp_path / "sinewave.cu"
    path.write_text(KERNEL, encoding="utf-8")
    assert _sectors(path, Settings()) == [28.0]  # 28-byte Vertex: one sector a lane, 28 where 4 would do


def test_a_real_directxmath_on_the_include_path_wins(tmp_path: Path) -> None:
    # a header of the user's (here one whose XMFLOAT3 is padded to 16 bytes: a 32-byte Vertex) is the one parsed
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "DirectXMath.h").write_text(
        "#pragma once\nnamespace DirectX { struct XMFLOAT3 { float x, y, z, pad; };"
        " struct XMFLOAT4 { float x, y, z, w; }; }\n", encoding="utf-8")
    path = tmp_path / "sinewave.cu"
    path.write_text(KERNEL, encoding="utf-8")
    import dataclasses

    assert _sectors(path, dataclasses.replace(Settings(), include=(str(tmp_path / "inc"),))) == [32.0]

