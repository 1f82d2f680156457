"""A cache that hits (issue 15, item 4): linting an unchanged tree again analyses nothing, whatever its
files look like (no #include at all, missing headers, compile errors, the toolkit's headers)."""
from __future__ import annotations

from pathlib import Path

import pytest

import smemlint.lint as lint
from smemlint.cache import Cache
from smemlint.config import Settings
from smemlint.parse.flags import find_cuda_toolkit

from kernels import transpose

GOOD = transpose("good", grid=1)


def _tree(root: Path) -> list[str]:
    (root / "inc").mkdir(parents=True)
    (root / "inc" / "tile.h").write_text("#pragma once\n#define TILE 32\n")
    (root / "vendor").mkdir()
    (root / "vendor" / "lib.h").write_text("#pragma once\n")
    files = {
        "no_includes.cu": GOOD,  # includes nothing at all
        "with_header.cu": '#include "inc/tile.h"\n' + GOOD.replace("good", "with_header"),
        "missing_header.cu": '#include "project/absent.h"\n' + GOOD.replace("good", "missing"),
        # <vendor/lib.h> exists beside the file, but angle brackets do not search there: missing, and stays so
        "angled_beside.cu": "#include <vendor/lib.h>\n" + GOOD.replace("good", "angled"),
        "compile_error.cu": GOOD.replace("good", "broken") + "int broken_here = ;\n",
        "template.cu": "template <int N> __global__ void t(float *o)"
                       " { __shared__ float s[64]; s[threadIdx.x * N] = o[0]; }\n",
        "empty.cu": "",
    }
    if find_cuda_toolkit() is not None:
        files["cub_user.cu"] = "#include <cub/block/block_reduce.cuh>\n" + GOOD.replace("good", "cub_user")
    for name, text in files.items():
        (root / name).write_text(text)
    return sorted(str(root / n) for n in files)


def test_a_second_run_over_an_unchanged_tree_analyses_nothing(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    files = _tree(tmp_path / "tree")
    settings = Settings()
    first = lint.lint_paths(files, settings, jobs=2, cache=Cache(settings, tmp_path / "cache"))
    assert all(r.status == "ok" for r in first), [(r.path, r.error) for r in first]
    assert not any(r.from_cache for r in first)

    def no_linting(*_args, **_kwargs) -> None:  # noqa: ANN002, ANN003
        raise AssertionError("the second run linted a file again")

    monkeypatch.setattr(lint, "_run_workers", no_linting)
    cache = Cache(settings, tmp_path / "cache")
    second = lint.lint_paths(files, settings, jobs=2, cache=cache)
    assert all(r.from_cache for r in second) and (cache.hits, cache.misses) == (len(files), 0)
    assert [(r.path, r.notes, len(r.kernels)) for r in second] == [(r.path, r.notes, len(r.kernels)) for r in first]

    # touching a header (same bytes, new mtime) still hits; changing it misses only its includer
    header = tmp_path / "tree" / "inc" / "tile.h"
    header.write_text(header.read_text())
    cache = Cache(settings, tmp_path / "cache")
    assert all(r.from_cache for r in lint.lint_paths(files, settings, jobs=2, cache=cache))
    header.write_text("#pragma once\n#define TILE 33\n")
    monkeypatch.undo()
    cache = Cache(settings, tmp_path / "cache")
    third = lint.lint_paths(files, settings, jobs=2, cache=cache)
    assert [Path(r.path).name for r in third if not r.from_cache] == ["with_header.cu"]


def test_the_least_recently_used_results_are_evicted_over_the_limit(tmp_path: Path) -> None:
    import os
    import time

    cache = Cache(Settings(), tmp_path / "cache")
    files = []
    for i in range(6):
        f = tmp_path / f"k{i}.cu"
        f.write_text(GOOD.replace("good", f"k{i}"))
        files.append(str(f))
    lint.lint_paths(files, Settings(), jobs=1, cache=cache)
    entries = sorted((tmp_path / "cache").glob("*/*.pickle"))
    assert len(entries) == 6 and cache.stored == 6
    for n, p in enumerate(entries):  # ages: entries[0] the oldest
        os.utime(p, (time.time() - 1000 + n, time.time() - 1000 + n))
    assert cache.get(cache.key(files[0])) is not None  # a hit makes its entry the most recent
    size = entries[0].stat().st_size
    removed = cache.prune(limit=int(size * 4.5))  # room for 4 entries; down to 80%: 3 are kept
    kept = sorted((tmp_path / "cache").glob("*/*.pickle"))
    assert removed == 3 and len(kept) == 3
    assert Cache(Settings(), tmp_path / "cache").get(cache.key(files[0])) is not None  # the one just used stays


def test_clean_removes_the_cache(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "SMEMLINT_CACHE_DIR": str(tmp_path / "cache")}
    (tmp_path / "k.cu").write_text(GOOD)
    subprocess.run([sys.executable, "-m", "smemlint", "check", str(tmp_path / "k.cu")], env=env,
                   capture_output=True, timeout=120)
    assert any((tmp_path / "cache").iterdir())
    r = subprocess.run([sys.executable, "-m", "smemlint", "clean"], env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0 and "removed" in r.stdout and not (tmp_path / "cache").exists()
