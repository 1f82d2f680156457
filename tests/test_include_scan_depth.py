"""The include scan's forecast reaches a toolkit-only header deep in a large header tree (PyTorch's
c10/util/complex.h includes thrust/complex.h ~600 headers in): a missed forecast costs a second parse."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.parse.flags import find_cuda_toolkit
from smemlint.parse.includes import MAX_SCANNED_HEADERS, wants_toolkit

TOOLKIT = find_cuda_toolkit()
pytestmark = pytest.mark.skipif(TOOLKIT is None or not (Path(str(TOOLKIT)) / "include" / "cccl" / "thrust").is_dir()
                                and not (Path(str(TOOLKIT)) / "include" / "thrust").is_dir(),
                                reason="no CUDA toolkit with Thrust on this machine")


def _tree(root: Path, depth: int, last: str) -> Path:
    inc = root / "inc"
    inc.mkdir()
    for i in range(depth):
        nxt = f'#include <lib/h{i + 1}.h>\n' if i + 1 < depth else last
        (inc / "lib").mkdir(exist_ok=True)
        (inc / "lib" / f"h{i}.h").write_text("#pragma once\n" + nxt)
    src = root / "k.cu"
    src.write_text("#include <lib/h0.h>\n__global__ void k() {}\n")
    return src


def test_a_toolkit_header_600_project_headers_deep_is_forecast(tmp_path: Path) -> None:
    src = _tree(tmp_path, 600, "#include <thrust/complex.h>\n")
    assert 600 < MAX_SCANNED_HEADERS
    assert wants_toolkit(str(src), None, str(TOOLKIT), [str(tmp_path / "inc")])


def test_a_deep_tree_of_bundled_headers_is_not(tmp_path: Path) -> None:
    src = _tree(tmp_path, 600, "#include <cuda_runtime.h>\n")
    assert not wants_toolkit(str(src), None, str(TOOLKIT), [str(tmp_path / "inc")])
