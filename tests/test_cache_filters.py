"""The analysis is cached independently of the pure filters (issue 27 item 3): changing --select,
--ignore, per-path-ignores, --fail-on or the output format re-analyses nothing, and the findings of a
hit are those a fresh lint gives under the new filters (suppressions and SUP001 included). Through
the real command line, with the cache in a temporary directory."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
FIXTURES = [ROOT / "fixtures" / "transpose_smem.cu", ROOT / "fixtures" / "rules" / "sync003_legacy_shuffle.cu"]
SUPPRESSED = """__global__ void k(float *o) {
    __shared__ float t[32][32];
    t[threadIdx.x][0] = o[threadIdx.x];  // smemlint: ignore[SMEM001]
    __syncthreads();
    o[threadIdx.x * 32] = t[0][threadIdx.x];
}
"""


def _check(cache: Path, cwd: Path, *args: str) -> tuple[dict, int]:
    env = {**os.environ, "SMEMLINT_CACHE_DIR": str(cache)}
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "-j", "1", "--output-format", "json",
                        "--exit-zero", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout), r.returncode


def _findings(doc: dict) -> list[tuple]:
    return sorted((Path(d["file"]).name, d["line"], d["code"], d["message"]) for d in doc["diagnostics"])


def test_changing_the_filters_analyses_nothing(tmp_path: Path) -> None:
    (tmp_path / "suppressed.cu").write_text(SUPPRESSED)
    paths = [str(p) for p in FIXTURES] + ["suppressed.cu"]
    cache = tmp_path / "cache"
    first, _ = _check(cache, tmp_path, *paths)
    assert {d["code"] for d in first["diagnostics"]} >= {"SMEM001", "SYNC003"}
    for args in (["--select", "SYNC003"], ["--ignore", "SMEM"], ["--select", "SUP001"], ["--select", "GMEM001"]):
        warm, _ = _check(cache, tmp_path, *args, *paths)
        # every file served from the cache: no file has to be analysed again
        assert all(f["seconds"] < 0.5 for f in warm["files"]), (args, [f["seconds"] for f in warm["files"]])
        fresh, _ = _check(tmp_path / "fresh", tmp_path, "--no-cache", *args, *paths)
        assert _findings(warm) == _findings(fresh), args
    # SMEM001 enabled: the suppression silences a finding, so it is not reported unused (SUP001)
    only_sup, _ = _check(cache, tmp_path, "--select", "SUP001,SMEM", *paths)
    assert not [d for d in only_sup["diagnostics"] if d["code"] == "SUP001"]


def test_the_cache_key_leaves_out_the_filters() -> None:
    from smemlint.cache import Cache
    from smemlint.config import Settings

    base = Cache(Settings()).base
    assert Cache(Settings(select=("SMEM001",), ignore=("GMEM",), per_path_ignores=(("x/**", ("SYNC",)),),
                          exclude=("build/",))).base == base
    assert Cache(Settings(block=(32, 8, 1))).base != base  # what the analysis reads still counts
