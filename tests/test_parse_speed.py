"""What makes parsing fast (the precompiled bundled header, a null check without libclang) changes no answer."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.parse import pch
from smemlint.parse.flags import ParseOptions
from smemlint.parse.translation import parse, reparse
from smemlint.lint import lint_file
from smemlint.report.json_report import report_dict
from smemlint.results import portable

FIXTURES = Path(__file__).parent.parent / "fixtures"


def _options(tmp_path: Path, **kw) -> ParseOptions:
    return ParseOptions(cuda_headers="bundled", pch_dir=str(tmp_path / "pch"), **kw)


def _top_level_files(tu) -> set[str]:
    return {c.location.file.name for c in tu.cursor.get_children() if c.location.file is not None}


def test_pch_is_built_once_and_hides_header_declarations(tmp_path) -> None:
    src = FIXTURES / "square_tile.cu"
    first = parse(str(src), _options(tmp_path))
    built = list((tmp_path / "pch").glob("*.pch"))
    assert len(built) == 1 and first.errors == []
    assert "-include-pch" not in first.args  # the arguments a user would pass; the PCH is an internal detail
    again = parse(str(src), _options(tmp_path))
    assert list((tmp_path / "pch").glob("*.pch")) == built
    # Only the file's own declarations are top-level cursors; the bundled header's ~2000 are not walked.
    assert _top_level_files(again.tu) == {str(src)}
    plain = parse(str(src), ParseOptions(cuda_headers="bundled"))
    assert len(list(plain.tu.cursor.get_children())) > 500


def test_a_define_gets_its_own_pch(tmp_path) -> None:
    src = tmp_path / "k.cu"
    src.write_text("__global__ void k(float *o) { o[threadIdx.x * WIDTH] = 0; }\n")
    a = parse(str(src), _options(tmp_path, defines=("WIDTH=2",)))
    b = parse(str(src), _options(tmp_path, defines=("WIDTH=3",)))
    assert a.errors == [] and b.errors == []
    assert len(list((tmp_path / "pch").glob("*.pch"))) == 2


def test_corrupt_pch_falls_back_to_the_plain_header_and_is_discarded(tmp_path) -> None:
    src = FIXTURES / "square_tile.cu"
    parse(str(src), _options(tmp_path))
    (built,) = (tmp_path / "pch").glob("*.pch")
    built.write_bytes(b"not a precompiled header" * 100)
    result = parse(str(src), _options(tmp_path))
    assert result.errors == [] and result.tu is not None
    assert not built.exists() or built.read_bytes() != b"not a precompiled header" * 100


def test_unwritable_pch_directory_still_parses(tmp_path) -> None:
    blocker = tmp_path / "pch"
    blocker.write_text("a file where the directory should be")
    result = parse(str(FIXTURES / "square_tile.cu"), _options(tmp_path))
    assert result.errors == [] and result.tu is not None


def test_no_pch_environment_switch(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SMEMLINT_NO_PCH", "1")
    parse(str(FIXTURES / "square_tile.cu"), _options(tmp_path))
    assert not (tmp_path / "pch").exists()


@pytest.mark.parametrize("name", ["square_tile.cu", "transpose_global.cu", "reduce_smem.cu", "histogram.cu", "loops_templates.cu"])
def test_predictions_are_the_same_with_and_without_the_pch(tmp_path, monkeypatch, name) -> None:
    settings = Settings(cuda_headers="bundled")
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path))
    with_pch = lint_file(str(FIXTURES / name), settings)
    assert list((tmp_path / "pch").glob("*.pch"))
    monkeypatch.setenv("SMEMLINT_NO_PCH", "1")
    without = lint_file(str(FIXTURES / name), settings)

    def comparable(r):
        d = report_dict([portable(r)], "sm_90")
        for f in d["files"]:
            f.pop("seconds", None)
        d.pop("summary", None)
        return d

    assert comparable(with_pch) == comparable(without)


def test_fast_null_check_agrees_with_libclang() -> None:
    import clang.cindex as ci

    result = parse(str(FIXTURES / "square_tile.cu"), ParseOptions(cuda_headers="bundled"))
    cursors = list(result.tu.cursor.walk_preorder())[:3000]
    null = ci.conf.lib.clang_getNullCursor()
    assert null.is_null()
    for c in cursors:
        assert c.is_null() == bool(ci.conf.lib.clang_equalCursors(c, null))
    assert not any(c.is_null() for c in cursors)


def test_pch_keeps_the_bundled_header_a_system_header(tmp_path) -> None:
    # Built from the header itself (a main file, not a system header), the PCH made libstdc++'s
    # constexpr <cmath> overloads clash with the stub's __device__ ones: 20 errors llm.c did not have.
    src = tmp_path / "m.cu"
    src.write_text("#include <cmath>\n#include <algorithm>\n"
                   "__global__ void k(float *o) { o[threadIdx.x] = std::sqrt(std::fabs(o[0])); }\n")
    with_pch = parse(str(src), _options(tmp_path))
    assert list((tmp_path / "pch").glob("*.pch"))
    plain = parse(str(src), ParseOptions(cuda_headers="bundled"))
    assert with_pch.errors == plain.errors == []


def test_old_pchs_are_pruned(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(pch, "KEPT", 2)
    src = tmp_path / "k.cu"
    src.write_text("__global__ void k(float *o) { o[threadIdx.x * WIDTH] = 0; }\n")
    for width in (1, 2, 3):
        assert parse(str(src), _options(tmp_path, defines=(f"WIDTH={width}",))).errors == []
    assert len(list((tmp_path / "pch").glob("*.pch"))) == 2
    assert len(list((tmp_path / "pch").glob("*.h"))) == 2


def test_an_editors_parse_uses_the_pch_and_reparses(tmp_path) -> None:
    """The language server's parse (editing=True) is built over the PCH: ~10 ms instead of ~140 ms
    for a small kernel file, and the same findings as the command line's parse."""
    src = FIXTURES / "transpose_smem.cu"
    text = src.read_text()
    edited = parse(str(src), _options(tmp_path), text, editing=True)
    assert list((tmp_path / "pch").glob("*.pch")) and edited.errors == []
    assert _top_level_files(edited.tu) == {str(src)}
    again = reparse(edited, str(src), text.replace("TILE + 1]", "TILE + 2]"))
    assert again is not None and again.errors == []

    settings = Settings(cuda_headers="bundled")
    fresh = parse(str(src), _options(tmp_path), text, editing=True)
    ours, cli = lint_file(str(src), settings, text, parsed=fresh), lint_file(str(src), settings, text)
    assert [(d.line, d.column, d.code, d.message) for d in ours.diagnostics] == \
        [(d.line, d.column, d.code, d.message) for d in cli.diagnostics]


def test_a_pch_pruned_under_an_open_document_gives_a_fresh_parse(tmp_path) -> None:
    src = FIXTURES / "square_tile.cu"
    text = src.read_text()
    edited = parse(str(src), _options(tmp_path), text, editing=True)
    for p in (tmp_path / "pch").iterdir():
        p.unlink()  # what _prune does to the least recently used PCHs, from another process
    assert reparse(edited, str(src), text + "\n") is None  # the caller parses afresh
    fresh = parse(str(src), _options(tmp_path), text + "\n", editing=True)
    assert fresh.errors == [] and list((tmp_path / "pch").glob("*.pch"))


THRUST_FILE = """#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
__global__ void scale(float *x, int n)
{
    __shared__ float tile[32][33];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = x[i];
    __syncthreads();
    x[i] = 2.0f * tile[threadIdx.x][threadIdx.y];
}
int main()
{
    thrust::device_vector<float> v(1 << 20);
    thrust::sort(v.begin(), v.end());
    scale<<<1024, dim3(32, 32)>>>(thrust::raw_pointer_cast(v.data()), 1 << 20);
    return 0;
}
"""


def _toolkit_with_thrust() -> bool:
    from smemlint.parse.flags import find_cuda_toolkit

    toolkit = find_cuda_toolkit()
    return toolkit is not None and any((Path(toolkit) / "include" / sub / "thrust" / "sort.h").is_file()
                                       for sub in ("", "cccl"))


@pytest.mark.skipif(not _toolkit_with_thrust(), reason="needs a CUDA toolkit with Thrust (the toolkit preamble PCH)")
def test_thrust_files_get_the_toolkit_preamble_precompiled(tmp_path, monkeypatch) -> None:
    """Issue 15 item 3: Thrust/CUB files parse with the toolkit's headers, 2-3 s of text each; their
    Thrust and CUB headers are precompiled once (pch.TOOLKIT_PREAMBLE) and every answer stays the same."""
    src = tmp_path / "sorted.cu"
    src.write_text(THRUST_FILE)
    settings = Settings(cuda_headers="auto")
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path / "cache"))
    with_pch = lint_file(str(src), settings)
    wrappers = [p.read_text() for p in (tmp_path / "cache" / "pch").glob("*.h")]
    assert any("thrust/sort.h" in w for w in wrappers), wrappers
    assert with_pch.parse_mode == "toolkit"
    monkeypatch.setenv("SMEMLINT_NO_PCH", "1")
    without = lint_file(str(src), settings)

    def comparable(r):
        d = report_dict([portable(r)], "sm_90")
        for f in d["files"]:
            f.pop("seconds", None)
        return d

    assert comparable(with_pch) == comparable(without)
    assert any(a["space"] == "shared" for a in comparable(with_pch)["accesses"])


def test_a_macro_before_thrust_keeps_the_headers_parsed_from_text() -> None:
    """THRUST_DEVICE_SYSTEM and the like configure Thrust: defined before it is included, the
    precompiled headers (read without it) would be the wrong ones."""
    assert pch.wants_toolkit_preamble(b"#include <cstdio>\n#include <thrust/sort.h>\n#define N 4\n")
    assert pch.wants_toolkit_preamble(b"#define MY_KERNEL_CU\n#define NOMINMAX\n#include <thrust/sort.h>\n")
    assert not pch.wants_toolkit_preamble(b"#define THRUST_DEVICE_SYSTEM 2\n#include <thrust/sort.h>\n")
    assert not pch.wants_toolkit_preamble(b"#include <thrust/sort.h>\n  #  undef NDEBUG\n#include <cub/cub.cuh>\n")
    assert not pch.wants_toolkit_preamble(b"#include <cooperative_groups.h>\n")


def test_the_toolkit_preamble_is_shared_across_project_include_directories(tmp_path) -> None:
    """One PCH for a tree whatever its -I directories, unless one of them holds its own Thrust."""
    args, dirs = pch.without_user_dirs(["-x", "cuda", "-I", "/a", "-I/b", "-idirafter", "/c", "-isystem", "/d"])
    assert args == ["-x", "cuda", "-isystem", "/d"] and dirs == ["/a", "/b", "/c"]
    (tmp_path / "vendored" / "thrust").mkdir(parents=True)
    assert pch.precompiled_toolkit(None, ["-I", str(tmp_path / "vendored")], tmp_path / "pch") is None  # type: ignore[arg-type]
    assert pch.precompiled_toolkit(None, [], tmp_path / "pch", beside=str(tmp_path / "vendored")) is None  # type: ignore[arg-type]
    assert pch.wants_toolkit_preamble(b'#include "thrust/for_each.h"\n')
