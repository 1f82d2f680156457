"""Binding a reference, or passing a struct by reference, reads nothing (issue 29 item 6, mamba's
selective scan): `auto &c = cond ? smemA : smemB;` is one of two objects in memory, not a load of
both; `fill(smem)` and cub's `BlockScanT(temp_storage)` hand the object over, and the callee's
accesses through its `TempStorage &` parameter are to that memory (shared here), not to a copy."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).parent.parent / "fixtures" / "shared_structs.cu"


def _report() -> dict:
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "--format", "json", "--exit-zero",
                        str(FIXTURE)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _line(text: str) -> int:
    return next(i for i, line in enumerate(FIXTURE.read_text().splitlines(), 1) if text in line)


def test_reference_bindings_and_by_reference_arguments_are_not_loads() -> None:
    report = _report()
    accesses = [a for a in report["accesses"] if a["kernel"] == "boundByReference"]
    quiet = {_line(t) for t in ("auto &chosen = variableB", "auto &view = reinterpret_cast", "auto &smemB = reinterpret_cast", "fillColumn(chosen, t);", "BlockOp op(chosen);",
                                "fillRow(smemB, t);")}
    assert not [a for a in accesses if a["line"] in quiet], accesses
    # every access of the kernel and its helpers is a 4-byte one, to shared or global memory
    assert accesses and all(a["width_bits"] == 32 and a["space"] in ("shared", "global") and a["predictable"]
                            for a in accesses), accesses


def test_callee_reaches_the_callers_shared_struct() -> None:
    report = _report()
    row = [a for a in report["accesses"] if a["kernel"] == "boundByReference" and a["line"] == _line("view.buf[0][2 * t]")]
    assert [(a["space"], a["wavefronts_per_request"]) for a in row] == [("shared", 2.0)], row
