"""One parse per file, chosen well (issue 15, item 2): the headers are chosen before parsing from the
#include lines (through project headers), a second parse happens only when it can do better, and the
better one is kept. Each case counts the parses libclang really runs.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import smemlint.parse.translation as parse_mod
from smemlint.parse.flags import ParseOptions, find_cuda_toolkit
from smemlint.parse.translation import parse

pytestmark = pytest.mark.skipif(find_cuda_toolkit() is None, reason="needs a CUDA toolkit")

KERNEL = """
__global__ void k(float *out)
{
    __shared__ float tile[32][32];
    tile[threadIdx.x][threadIdx.y] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
"""


@pytest.fixture
def parses(monkeypatch):  # noqa: ANN001, ANN201
    """The header modes of the parses libclang runs, in order."""
    modes: list[str] = []
    real = parse_mod._parse

    def counting(path, args, *rest):  # noqa: ANN001, ANN002
        modes.append("bundled" if "-nocudainc" in args else "toolkit")
        return real(path, args, *rest)

    monkeypatch.setattr(parse_mod, "_parse", counting)
    return modes


def test_a_toolkit_header_behind_a_project_header_is_seen_before_parsing(tmp_path: Path, parses) -> None:
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "reduce.cuh").write_text("#pragma once\n#include <cub/block/block_reduce.cuh>\n")
    (tmp_path / "common.h").write_text('#pragma once\n#include "reduce.cuh"\n')
    f = tmp_path / "k.cu"
    f.write_text('#include "common.h"\n' + KERNEL)
    r = parse(str(f), ParseOptions(include_dirs=(str(tmp_path / "inc"),)))
    assert (r.mode, r.errors, parses) == ("toolkit", [], ["toolkit"])


def test_errors_that_follow_from_a_missing_project_header_cost_one_parse(tmp_path: Path, parses) -> None:
    # ggml's common.cuh without -I: ggml.h is not found, and common.cuh then fails on every GGML_ name
    (tmp_path / "common.cuh").write_text('#pragma once\n#include "ggml.h"\n'
                                         + "".join(f"static const int t{i} = GGML_TYPE_{i};\n" for i in range(30)))
    f = tmp_path / "k.cu"
    f.write_text('#include "common.cuh"\n' + KERNEL)
    r = parse(str(f), ParseOptions())
    assert r.mode == "bundled" and r.missing_includes == ["ggml.h"]
    assert len(r.errors) > 30  # every error is kept (no cut-off: parse.py passes -ferror-limit=0)
    assert parses == ["bundled"]


def test_many_errors_in_the_file_itself_cost_one_parse(tmp_path: Path, parses) -> None:
    f = tmp_path / "k.cu"
    f.write_text(KERNEL + "".join(f"int x{i} = undeclared_{i};\n" for i in range(30)))
    r = parse(str(f), ParseOptions())
    # every one is reported (no cut-off at clang's default 20: an undefined TILE_DIM far down a file
    # whose headers already failed is still seen, undefined_names.py)
    assert r.mode == "bundled" and sum("undeclared" in e for e in r.errors) == 30
    assert parses == ["bundled"]


def test_a_declaration_the_bundled_header_lacks_is_parsed_again_and_the_better_kept(tmp_path: Path, parses) -> None:
    # every #include is found, yet a project header fails with the bundled declarations: the toolkit's do better
    (tmp_path / "graph.h").write_text("#pragma once\n#include <cuda_runtime.h>\n"
                                      "inline void pool(cudaMemPool_t *p, const cudaMemPoolProps *props)"
                                      " { cudaMemPoolCreate(p, props); }\n")
    f = tmp_path / "k.cu"
    f.write_text('#include "graph.h"\n' + KERNEL)
    r = parse(str(f), ParseOptions())
    assert parses == ["bundled", "toolkit"]
    assert (r.mode, r.errors) == ("toolkit", [])


def test_a_plain_file_is_one_bundled_parse(tmp_path: Path, parses) -> None:
    f = tmp_path / "k.cu"
    f.write_text("#include <cuda_runtime.h>\n#include <cstdio>\n" + KERNEL)
    r = parse(str(f), ParseOptions())
    assert (r.mode, r.errors, parses) == ("bundled", [], ["bundled"])


def test_a_file_that_needs_the_toolkit_is_not_parsed_again_with_the_bundled_header(tmp_path: Path, parses) -> None:
    # clang fails inside CUB's own headers (a construct it does not support): the bundled declarations,
    # without CUB at all, cannot do better
    f = tmp_path / "k.cu"
    f.write_text("#include <cub/block/block_reduce.cuh>\n" + KERNEL + "int broken_here = ;\n")
    r = parse(str(f), ParseOptions())
    assert r.mode == "toolkit" and parses == ["toolkit"]


def test_a_project_header_that_does_not_compile_against_this_toolkit_is_parsed_again(tmp_path: Path, parses) -> None:
    """A file that needs the toolkit (CUB here; on a full CUDA install, llm.c's `#ifdef`-ed `nccl.h`) whose
    own header calls an API this toolkit changed (llm.c's `cudaMemAdvise(ptr, n, advice, device)`: CUDA 12's
    form, an error under CUDA 13's headers): the bundled declarations are tried too and the parse with fewer
    errors kept, with a note; an error only in the file itself still costs one parse (above)."""
    (tmp_path / "util.cuh").write_text("#pragma once\ninline void prefer(float *p, size_t n) "
                                       "{ cudaMemAdvise(p, n, cudaMemAdviseSetPreferredLocation, 0); }\n")
    f = tmp_path / "k.cu"
    f.write_text('#include <cub/block/block_reduce.cuh>\n#include "util.cuh"\n' + KERNEL)
    first = parse(str(f), ParseOptions(cuda_headers="toolkit"))
    del parses[:]
    if first.mode == "toolkit" and not first.errors:
        pytest.skip("this toolkit's cudaMemAdvise still takes a device number (CUDA 12)")
    r = parse(str(f), ParseOptions())
    assert parses == ["toolkit", "bundled"]
    assert (r.mode, r.errors) == ("bundled", [])
    assert any("parsed with smemlint's bundled CUDA declarations instead" in n for n in r.notes), r.notes
