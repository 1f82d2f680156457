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
