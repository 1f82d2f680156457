"""Parallel linting, the result cache, per-file limits, the editor's reparse and the header choice."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from smemlint.cache import Cache
from smemlint.config import Settings
from smemlint.parse.flags import find_cuda_toolkit
from smemlint.lint import lint_file, lint_paths
from smemlint.report.json_report import report_dict
from smemlint.results import portable

KERNEL = """#include <cuda_runtime.h>
#include "{header}"
__global__ void k{n}(float *out)
{{
    __shared__ float tile[32][WIDTH];
    tile[threadIdx.x][threadIdx.y] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}}
void run{n}(float *d) {{ dim3 block(32, 8); k{n}<<<1, block>>>(d); }}
"""

# two thousand kernels with their launches: each is quick, all of them take far longer than the timeouts below
SLOW = "#include <cuda_runtime.h>\n" + "".join(f"""
__global__ void k{i}(float *out, const float *in)
{{
    __shared__ float t[32][32];
    t[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.y][threadIdx.x] + {i};
}}
void go{i}(float *o, const float *i) {{ k{i}<<<1, dim3(32, 8)>>>(o, i); }}
""" for i in range(2000))


def _tree(tmp_path: Path, n: int = 3) -> list[str]:
    (tmp_path / "width.h").write_text("#define WIDTH 32\n")
    files = []
    for i in range(n):
        p = tmp_path / f"f{i}.cu"
        p.write_text(KERNEL.format(header="width.h", n=i))
        files.append(str(p))
    return files


def _json(results) -> dict:
    doc = report_dict(results, "sm_90")
    for f in doc["files"]:
        f.pop("seconds")
    return doc


SETTINGS = Settings(cuda_headers="bundled")


def test_parallel_results_match_in_process_and_cache_hits(tmp_path: Path) -> None:
    files = _tree(tmp_path)
    cache = Cache(SETTINGS, tmp_path / "cache")
    first = lint_paths(files, SETTINGS, jobs=2, cache=cache)
    assert [r.status for r in first] == ["ok"] * 3 and not any(r.from_cache for r in first)
    assert all(d.code == "SMEM001" for r in first for d in r.diagnostics) and first[0].diagnostics
    # the same as linting each file here, live objects and all
    assert _json(first) == _json([portable(lint_file(f, SETTINGS)) for f in files])

    cache = Cache(SETTINGS, tmp_path / "cache")
    second = lint_paths(files, SETTINGS, jobs=2, cache=cache)
    assert all(r.from_cache for r in second) and cache.hits == 3
    assert _json(second) == _json(first)

    # editing a header every file includes invalidates them all; editing one file, only that one
    (tmp_path / "width.h").write_text("#define WIDTH 33\n")
    cache = Cache(SETTINGS, tmp_path / "cache")
    third = lint_paths(files, SETTINGS, jobs=2, cache=cache)
    assert not any(r.from_cache for r in third) and not any(r.diagnostics for r in third)
    Path(files[1]).write_text(Path(files[1]).read_text() + "// edited\n")
    cache = Cache(SETTINGS, tmp_path / "cache")
    fourth = lint_paths(files, SETTINGS, jobs=2, cache=cache)
    assert [r.from_cache for r in fourth] == [True, False, True]

    # other settings, other entries
    cache = Cache(Settings(cuda_headers="bundled", block=(32, 4, 1)), tmp_path / "cache")
    assert cache.get(cache.key(files[0])) is None


def _cli(args: list[str], cache_dir: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SMEMLINT_CACHE_DIR=str(cache_dir))
    return subprocess.run([sys.executable, "-m", "smemlint", "check", "--cuda-headers", "bundled", *args],
                          capture_output=True, text=True, env=env)


def test_cli_cache_and_no_cache(tmp_path: Path) -> None:
    files = _tree(tmp_path, 2)
    cache_dir = tmp_path / "cache"
    a = _cli(["--format", "json", *files], cache_dir)
    assert a.returncode == 1, a.stderr
    entries = {p: (p.stat().st_ino, p.read_bytes()) for p in cache_dir.rglob("*.pickle")}
    assert len(entries) == 2
    b = _cli(["--format", "json", *files], cache_dir)
    assert b.returncode == 1
    # read, not rewritten (a hit only touches its entry's time, for the eviction of the least recently used)
    assert {p: (p.stat().st_ino, p.read_bytes()) for p in cache_dir.rglob("*.pickle")} == entries
    fa, fb = json.loads(a.stdout), json.loads(b.stdout)
    assert fa["diagnostics"] == fb["diagnostics"] and fa["accesses"] == fb["accesses"]
    c = _cli(["--format", "json", "--no-cache", "-j", "1", *files], tmp_path / "unused")
    assert json.loads(c.stdout)["diagnostics"] == fa["diagnostics"]
    assert not (tmp_path / "unused").exists()


def test_file_timeout_costs_only_that_file(tmp_path: Path) -> None:
    files = _tree(tmp_path, 2)
    slow = tmp_path / "slow.cu"
    slow.write_text(SLOW)
    r = _cli(["--file-timeout", "3", "--no-cache", *files, str(slow)], tmp_path / "cache")
    assert r.returncode == 2, r.stdout + r.stderr
    assert f"{slow}: error: took longer than 3 s (--file-timeout)" in r.stdout
    assert "3 files" in r.stdout and "1 file could not be linted" in r.stdout
    assert "SMEM001" in r.stdout  # the other files were linted


def test_timeout_for_a_single_file(tmp_path: Path) -> None:
    slow = tmp_path / "slow.cu"
    slow.write_text(SLOW)
    [r] = lint_paths([str(slow)], SETTINGS, timeout=1)
    assert r.status == "error" and "--file-timeout" in r.error


def test_memory_limit_gives_a_per_file_error(tmp_path: Path) -> None:
    big = [tmp_path / "big1.cu", tmp_path / "big2.cu"]
    for p in big:
        p.write_text(SLOW)
    # 64 MiB of address space: less than the worker already maps, so it cannot map more. A small
    # file may fit in the memory a worker inherits (freed by the warm-up lint before the fork);
    # two thousand kernels do not.
    results = lint_paths([str(p) for p in big], SETTINGS, jobs=2, memory_mb=64)
    assert [r.status for r in results] == ["error", "error"]
    assert all("--file-memory" in r.error for r in results), [r.error for r in results]


def _lint_recording_the_worker(monkeypatch, fatal: str | None = None) -> None:  # noqa: ANN001
    """Make lint_file (in the forked workers too) note the process that linted each file, and
    kill the process outright on a path ending in `fatal`."""
    import smemlint.lint as lint

    real = lint.lint_file

    def recording(path, settings, *a, **k):  # noqa: ANN001, ANN002, ANN003
        if fatal and path.endswith(fatal):
            os.kill(os.getpid(), 9)
        result = real(path, settings, *a, **k)
        result.notes.append(f"pid {os.getpid()}")
        return result

    monkeypatch.setattr(lint, "lint_file", recording)


def _pid(result) -> str:  # noqa: ANN001
    return next(n for n in result.notes if n.startswith("pid "))


def test_one_worker_lints_many_files(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    files = _tree(tmp_path, 6)
    _lint_recording_the_worker(monkeypatch)
    results = lint_paths(files, SETTINGS, jobs=2)
    assert [r.status for r in results] == ["ok"] * 6
    workers = {_pid(r) for r in results}
    assert len(workers) == 2 and f"pid {os.getpid()}" not in workers
    one = lint_paths(files, SETTINGS, jobs=1)
    assert len({_pid(r) for r in one}) == 1
    # a worker's memos carry over from file to file; no result depends on them
    for r in (*results, *one):
        r.notes[:] = [n for n in r.notes if not n.startswith("pid ")]
    assert _json(results) == _json(one) == _json([portable(lint_file(f, SETTINGS)) for f in files])


def test_a_dead_worker_costs_only_its_file(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    files = _tree(tmp_path, 5)
    _lint_recording_the_worker(monkeypatch, fatal="f1.cu")
    results = lint_paths(files, SETTINGS, jobs=1)
    assert [r.status for r in results] == ["ok", "error", "ok", "ok", "ok"]
    assert "the worker linting this file died (killed by signal 9)" in results[1].error
    before, after = _pid(results[0]), {_pid(r) for r in results[2:]}
    assert after == {_pid(results[2])} and before not in after  # a fresh worker took the rest


def test_a_timed_out_worker_is_replaced(tmp_path: Path) -> None:
    files = _tree(tmp_path, 3)
    slow = tmp_path / "slow.cu"
    slow.write_text(SLOW)
    results = lint_paths([files[0], str(slow), *files[1:]], SETTINGS, jobs=1, timeout=3)
    assert [r.status for r in results] == ["ok", "error", "ok", "ok"]
    assert "--file-timeout" in results[1].error


def test_editor_reparses_its_translation_unit(tmp_path: Path) -> None:
    from smemlint.lsp.server import SmemlintServer

    [f] = _tree(tmp_path, 1)
    text = Path(f).read_text()
    server = SmemlintServer()
    uri = Path(f).as_uri()
    first = server.lint_text(uri, f, text)
    edited = text.replace("tile[threadIdx.x][threadIdx.y] =", "tile[threadIdx.y][threadIdx.x] =")
    second = server.lint_text(uri, f, edited)
    assert server.reparsed == 1
    assert [d.line for d in first.diagnostics] == [6] and second.diagnostics == []
    fresh = lint_file(f, Settings(), edited)
    assert _json([portable(second)]) == _json([portable(fresh)])
    # a new #include means a fresh parse
    server.lint_text(uri, f, "#include <cstdio>\n" + edited)
    assert server.reparsed == 1
    server.close()


@pytest.mark.skipif(find_cuda_toolkit() is None, reason="no CUDA toolkit on this machine")
def test_auto_headers_bundled_unless_the_toolkit_is_needed(tmp_path: Path) -> None:
    [plain] = _tree(tmp_path, 1)
    cub = tmp_path / "cub_user.cu"
    cub.write_text("#include <cub/block/block_reduce.cuh>\n" + KERNEL.format(header="width.h", n=9))
    indirect = tmp_path / "indirect.cu"
    (tmp_path / "uses_thrust.h").write_text("#include <thrust/device_vector.h>\n")
    indirect.write_text(KERNEL.format(header="uses_thrust.h", n=8).replace("WIDTH", "32"))
    auto = Settings()
    assert lint_file(plain, auto).parse_mode == "bundled"
    assert lint_file(str(cub), auto).parse_mode == "toolkit"
    assert lint_file(str(indirect), auto).parse_mode == "toolkit"
    assert lint_file(plain, Settings(cuda_headers="toolkit")).parse_mode == "toolkit"


def test_missing_header_cached_until_it_appears(tmp_path: Path) -> None:
    p = tmp_path / "needs.cu"
    p.write_text(KERNEL.format(header="later.h", n=0).replace("WIDTH", "32"))
    cache = Cache(SETTINGS, tmp_path / "cache")
    [first] = lint_paths([str(p)], SETTINGS, cache=cache)
    assert first.status == "ok" and any("later.h" in n for n in first.notes)
    cache = Cache(SETTINGS, tmp_path / "cache")
    [again] = lint_paths([str(p)], SETTINGS, cache=cache)
    assert again.from_cache
    (tmp_path / "later.h").write_text("#define UNUSED 1\n")
    cache = Cache(SETTINGS, tmp_path / "cache")
    [now] = lint_paths([str(p)], SETTINGS, cache=cache)
    assert not now.from_cache and not any("later.h" in n for n in now.notes)
