"""The host functions of a kernel file included from the same folder are entry points of the
includer's translation unit (issue 29 item 3: cuda-samples' imageDenoising, whose `.cuh` kernel
files launch their kernels from `extern "C"` functions a `.cpp` calls)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.host.calls import entry_files
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "included_kernel_files.cu"


def test_an_included_kernel_file_launches_with_the_includers_macros() -> None:
    result = lint_file(str(FIXTURE), Settings())
    assert result.status == "ok", result.error
    blocks = {k.name: k.block for k in result.kernels}
    assert blocks == {"copyRows": (8, 8, 1), "copyCols": (8, 8, 1)}  # not neverLaunched (static, uncalled)
    assert all(a.predictable for a in result.accesses)


def test_only_kernel_files_of_the_same_folder_are_entry_files(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    kernel = '__global__ void k(float *x) { x[threadIdx.x] = 0; }\nextern "C" void run(float *x) { k<<<1, 32>>>(x); }\n'
    (tmp_path / "k.cuh").write_text(kernel)
    (tmp_path / "lib" / "k.cuh").write_text(kernel)
    (tmp_path / "decls.h").write_text("typedef float real;\n")  # no kernel: not a kernel file
    main = tmp_path / "main.cu"
    lines = ['#include "k.cuh"', '#include "lib/k.cuh"', '#include "decls.h"', "#include <k.cuh>"]
    main.write_text("\n".join(lines) + "\n")
    assert entry_files(str(main), lines) == {str((tmp_path / "k.cuh").resolve())}
