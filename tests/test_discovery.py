"""Project headers the flags do not reach are found in the file's repository (parse/discovery.py):
ggml's `#include "ggml.h"` without `-I include`."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from smemlint.cli import main

HEADER = "struct Pair { float x; float y; };\n"
KERNEL = ('#include "pair.h"\n'
          "__global__ void k(const Pair *p, float *out) { out[threadIdx.x] = p[threadIdx.x].x; }\n"
          "int main() { Pair *p; float *o; k<<<1, 32>>>(p, o); return 0; }\n")


def _repo(root: Path, headers: list[str], git: bool = True) -> Path:
    if git:
        (root / ".git").mkdir(parents=True)
    for d in headers:
        (root / d).mkdir(parents=True, exist_ok=True)
        (root / d / "pair.h").write_text(HEADER)
    (root / "src").mkdir(parents=True, exist_ok=True)
    (root / "src" / "k.cu").write_text(KERNEL)
    return root / "src" / "k.cu"


def _lint(path: Path, *flags: str) -> dict:
    r = CliRunner().invoke(main, ["check", "--format", "json", "--no-cache", "--exit-zero", *flags, str(path)])
    return json.loads(r.output)


def _load_of_p(doc: dict) -> dict:
    return next(a for a in doc["accesses"] if a["symbol"] == "p")


def test_header_found_in_the_repository(tmp_path: Path) -> None:
    doc = _lint(_repo(tmp_path, ["include"]))
    notes = doc["files"][0].get("notes", [])
    assert any('#include "pair.h"' in n and str(tmp_path / "include") in n for n in notes), notes
    assert not any("missing includes" in n for n in notes)
    load = _load_of_p(doc)
    assert load["predictable"] and load["sectors_per_request"] == 8  # 8-byte records, one field read


def test_two_candidates_are_not_guessed(tmp_path: Path) -> None:
    doc = _lint(_repo(tmp_path, ["include", "other"]))
    notes = doc["files"][0].get("notes", [])
    assert any("missing includes" in n and "pair.h" in n for n in notes), notes
    assert not any("found it in this repository" in n for n in notes)


def test_outside_a_repository_nothing_is_added(tmp_path: Path) -> None:
    doc = _lint(_repo(tmp_path, ["include"], git=False))
    notes = doc["files"][0].get("notes", [])
    assert not any("found it in this repository" in n for n in notes), notes


def test_given_flags_need_no_discovery(tmp_path: Path) -> None:
    path = _repo(tmp_path, ["include"])
    doc = _lint(path, "-I", str(tmp_path / "include"))
    notes = doc["files"][0].get("notes", [])
    assert not any("found it in this repository" in n or "missing includes" in n for n in notes), notes
    assert _load_of_p(doc)["predictable"]
