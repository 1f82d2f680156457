"""The H100 measurements of benchmarks/accuracy/idioms, judged against smemlint (for tests)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

IDIOMS = Path(__file__).parent.parent / "benchmarks" / "accuracy" / "idioms"


def judged(program: str) -> list[dict]:
    """Every measured site of one program of idioms/compare.py's PROGRAMS, with its verdict."""
    spec = importlib.util.spec_from_file_location("idioms_compare", IDIOMS / "compare.py")
    cmp = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cmp)  # type: ignore[union-attr]
    return cmp.judge_program(program)
