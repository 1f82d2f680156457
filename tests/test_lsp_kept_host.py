"""The host facts the editor keeps across edits of kernel bodies (host/kept.py).

An edit inside a kernel reuses the host side of the document's last whole lint (its launches and
their values, the call facts of the other functions) and gives what a from-scratch lint of the
edited text gives; an edit of host code, or a kernel body that feeds the host side (a call of a
function whose callers the launch values read, a preprocessor line), takes the extraction from the
whole unit, with the same result.
"""
from __future__ import annotations

import os
from pathlib import Path

from smemlint.config import Settings
from smemlint.host.kept import KeptHost
from smemlint.lint import lint_file
from smemlint.lsp.server import SmemlintServer

SOURCE = r"""#include <cuda_runtime.h>
#include <type_traits>

__global__ void copy(float* out, const float* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i * 2] = in[i];
#ifdef COPY_CHECKS
    if (i == 0) out[1] = 0.0f;
#endif
}

template <int B>
__global__ void tile(float* out) {
    __shared__ float s[B][B];
    s[threadIdx.x][threadIdx.y] = 1.0f;
    __syncthreads();
    out[threadIdx.y * B + threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

#define ROWS 32
__managed__ int cols = 32;

__global__ void reduce(float* out, const float* in, int n) {
    __shared__ float s[32][32];
    int r = 0;
    // the rows
    for (int k = 0; k < 2; ++k) r += k;
    s[threadIdx.x][threadIdx.y] = in[threadIdx.x * 32 + threadIdx.y];
    __syncthreads();
    out[threadIdx.x + r] = s[threadIdx.x][0];
}

void run_copy(float* out, const float* in, int n) {
    copy<<<n / 128, 128>>>(out, in, n);
}

void run_reduce(float* out, const float* in, int n) {
    reduce<<<64, dim3(cols, ROWS)>>>(out, in, n);
}

int main() {
    float *out, *in;
    int n = 1 << 20;
    run_copy(out, in, n);
    auto launch = [&](auto b) { tile<decltype(b)::value><<<64, dim3(b.value, b.value)>>>(out); };
    launch(std::integral_constant<int, 16>{});
    run_reduce(out, in, n);
    return 0;
}
"""


def _findings(result) -> list[tuple]:
    return sorted((d.file, d.line, d.column, d.code, d.message) for d in result.diagnostics)


def _numbers(result) -> list[tuple]:
    return sorted((a.kernel, a.line, a.column, a.op, a.block, str(a.wavefronts_per_request),
                   str(a.sectors_per_request), tuple(a.assumptions)) for a in result.accesses)


def _server(tmp_path: Path) -> tuple[SmemlintServer, str, KeptHost]:
    path = tmp_path / "host.cu"
    path.write_text(SOURCE)
    server = SmemlintServer(0)
    server.to_cache = lambda *a: None  # a whole lint each open: the facts are kept from it
    server.from_cache = lambda *a: None
    server.lint_text("u", str(path), SOURCE)
    return server, str(path), server.units["u"][2]


def _edit(server: SmemlintServer, path: str, old: str, new: str):
    """The server's result of the edit, a from-scratch lint's, and whether the edit re-linted one
    kernel and reused the host facts."""
    assert SOURCE.count(old) == 1, old
    text = SOURCE.replace(old, new)
    server.lint_text("u", path, SOURCE)  # from the original each time, as after an undo
    kept = server.units["u"][2]
    incremental, reused = server.incremental, kept.reused
    got = server.lint_text("u", path, text)
    return got, lint_file(path, Settings(), text), server.incremental > incremental, kept.reused > reused


def test_an_edit_inside_a_kernel_reuses_the_host_facts(tmp_path: Path) -> None:
    server, path, kept = _server(tmp_path)
    assert kept.facts is not None
    for old, new in (("s[threadIdx.x][threadIdx.y] = 1.0f;", "s[threadIdx.y][threadIdx.x] = 1.0f;"),  # a template
                     # longer: what follows moves; in a body with a conditional of its own lines
                     ("if (i < n) out[i * 2]", "if (i < n) out[i * 12]"),
                     ("    int r = 0;", "    int r = 1;"),
                     ("    // the rows", "    #pragma unroll 2")):  # says how to compile the loop only
        got, want, incremental, reused = _edit(server, path, old, new)
        assert incremental and reused, old
        assert _findings(got) == _findings(want), old
        assert _numbers(got) == _numbers(want), old
    server.close()


def test_the_focused_lint_with_kept_facts_equals_the_one_without(tmp_path: Path) -> None:
    """The unit a focused lint makes from kept facts is the one it makes from the whole unit: the
    same launch sites, call facts and numbers."""
    path = tmp_path / "host.cu"
    path.write_text(SOURCE)
    kept = KeptHost()
    lint_file(str(path), Settings(), SOURCE, host=kept)
    text = SOURCE.replace("s[threadIdx.x][threadIdx.y] = 1.0f;", "s[threadIdx.y][threadIdx.x] = 2.0f;")
    focus = SOURCE[:SOURCE.index("= 1.0f;")].count("\n") + 1
    got = lint_file(str(path), Settings(), text, focus=focus, host=kept)
    want = lint_file(str(path), Settings(), text, focus=focus)
    assert kept.reused == 1
    assert got.unit.launches == want.unit.launches and got.unit.launches
    assert got.unit.calls == want.unit.calls
    assert _numbers(got) == _numbers(want) and _findings(got) == _findings(want)


def test_an_edit_of_host_code_recomputes_the_facts(tmp_path: Path) -> None:
    server, path, kept = _server(tmp_path)
    before = kept.facts
    got, want, incremental, reused = _edit(server, path, "dim3(cols, ROWS)>>>", "dim3(cols, 16)>>>")
    assert not incremental and not reused
    assert server.units["u"][2].facts is not before  # made again by the whole lint
    assert _findings(got) == _findings(want) and _numbers(got) == _numbers(want)
    server.close()


def test_a_kernel_body_that_feeds_the_host_side_is_not_reused(tmp_path: Path) -> None:
    """`reduce`'s block reads the file-scope `cols`, which a write in a kernel's body makes unknown,
    and `ROWS`, which a `#define` in a body changes for the host code after it."""
    server, path, kept = _server(tmp_path)
    for old, new in (("    int r = 0;", "    int r = 0; cols = 2;"),
                     ("    // the rows", "#define ROWS 8")):
        got, want, incremental, reused = _edit(server, path, old, new)
        assert incremental and not reused, new
        assert _findings(got) == _findings(want), new
    server.close()


def test_a_header_saved_since_forgets_the_facts(tmp_path: Path) -> None:
    """The block comes from a macro of a header: saved with another value, the facts kept from the
    header as it was are not reused, and the edit's result is that of a lint with the new header."""
    header = tmp_path / "sizes.h"
    header.write_text("#define ROWS 32\n")
    text = SOURCE.replace("#define ROWS 32\n", '#include "sizes.h"\n')
    path = tmp_path / "host.cu"
    path.write_text(text)
    server = SmemlintServer(0)
    server.to_cache = lambda *a: None
    server.from_cache = lambda *a: None
    server.lint_text("u", str(path), text)
    kept = server.units["u"][2]
    assert kept.facts is not None
    header.write_text("#define ROWS 8\n")
    stat = header.stat()
    os.utime(header, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # (a save within the same tick)
    edited = text.replace("    int r = 0;", "    int r = 1;")
    got = server.lint_text("u", str(path), edited)
    assert kept.reused == 0
    want = lint_file(str(path), Settings(), edited)
    assert _findings(got) == _findings(want) and _numbers(got) == _numbers(want)
    server.close()
