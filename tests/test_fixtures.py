"""Every fixture's inline expectations hold, both ways (real libclang, no mocks)."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.config import Settings, parse_block
from smemlint.parse.flags import find_cuda_toolkit
from smemlint.lint import lint_file
from smemlint.model import get_arch

from expectations import compare, parse

FIXTURES_DIR = (Path(__file__).parent.parent / "fixtures").resolve()
FIXTURES = sorted((Path(__file__).parent.parent / "fixtures").rglob("*.cu"))


HEADERS = ["bundled", pytest.param("toolkit", marks=pytest.mark.skipif(
    find_cuda_toolkit() is None, reason="no CUDA toolkit headers on this machine (CUDA_HOME, nvcc, /usr/local/cuda)"))]


def settings_for(config: dict[str, str], headers: str) -> Settings:
    return Settings(
        block=parse_block(config["block"]) if "block" in config else None,
        select=tuple(config["select"].split(",")) if "select" in config else (),
        ignore=tuple(config["ignore"].split(",")) if "ignore" in config else (),
        arch=get_arch(config.get("arch", "sm_90")).name,
        cuda_headers=config.get("cuda_headers", headers),
        sass=config.get("sass") == "on",
    )


@pytest.mark.parametrize("headers", HEADERS)
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture(path: Path, headers: str) -> None:
    source = path.read_text(encoding="utf-8")
    ex = parse(source)
    if ex.config.get("sass") == "on":
        from smemlint.sass.tools import Toolchain

        tools = Toolchain.find()
        if tools.nvcc is None or not tools.can_disassemble:
            pytest.skip("SASS fixture: " + tools.missing_note())
    if ex.config.get("cuda_headers", headers) != headers:
        pytest.skip(f"the fixture is for the {ex.config['cuda_headers']} headers only (its comment says why)")
    result = lint_file(str(path), settings_for(ex.config, headers))
    assert result.status == "ok", result.error
    assert result.parse_mode == headers, result.notes
    # Records are compared with the expectations of the file they are in: the fixture, or a header
    # of fixtures/ it includes (helpers defined there report their own lines).
    # (and every header of fixtures/ it includes: an expectation there holds even where nothing is found)
    files = {str(path)} | {a.file for a in result.accesses} | {d.file for d in result.diagnostics} | \
        {f for f in result.includes or () if Path(f).resolve().is_relative_to(FIXTURES_DIR)}
    failures, promoted = [], []
    for f in sorted(files):
        if f != str(path) and not Path(f).resolve().is_relative_to(FIXTURES_DIR):
            continue
        expected = ex if f == str(path) else parse(Path(f).read_text(encoding="utf-8"))
        bad, good = compare(expected, [a for a in result.accesses if a.file == f],
                            [d for d in result.diagnostics if d.file == f])
        failures += [f"{Path(f).name}: {x}" for x in bad]
        promoted += [f"{Path(f).name}: {x}" for x in good]
    assert not failures, "\n".join(failures)
    assert not promoted, "\n".join(promoted)


def test_fixtures_exist() -> None:
    assert len(FIXTURES) >= 10
