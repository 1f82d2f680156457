"""Every Python script under benchmarks/ compiles: the scripts run on the device machine or by hand, never in
the suite, and a syntax error there (a `global` after its name's use, stop 42's compare.py) would surface only
when the next person measures."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "benchmarks").rglob("*.py"))


def test_there_are_benchmark_scripts() -> None:
    assert len(SCRIPTS) > 20


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_compiles(path: Path) -> None:
    compile(path.read_text(encoding="utf-8"), str(path), "exec")


def test_the_per_file_summary_of_a_report() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("file_seconds", ROOT / "benchmarks" / "speed" / "file_seconds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    files = [{"seconds": float(s), "status": "ok" if s != 7 else "timeout", "path": f"f{s}.cu"} for s in range(1, 21)]
    got = module.summary({"files": files, "kernels": [1, 2], "accesses": [1]})
    assert (got["files"], got["ok"], got["p95_s"], got["median_s"], got["max_s"], got["total_s"]) == \
        (20, 19, 19.0, 10.5, 20.0, 210.0)
    assert got["slowest"][0] == (20.0, "f20.cu") and len(got["slowest"]) == 8
