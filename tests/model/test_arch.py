"""Architecture table and lookup; `model/` imports nothing outside itself."""

from __future__ import annotations

import ast
import dataclasses
import sys
from pathlib import Path

import pytest

import smemlint.model
from smemlint.model import ARCHES, DEFAULT_ARCH, Arch, get_arch


@pytest.mark.parametrize("spelling", ["sm_90", "90", "sm90", "compute_90", "SM_90", " sm_90 ",
                                      "sm_90a", 90])
def test_spellings_of_sm_90(spelling):
    assert get_arch(spelling) is ARCHES["sm_90"]


@pytest.mark.parametrize("name", ["sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90"])
def test_every_known_arch_by_every_spelling(name):
    digits = name[3:]
    for spelling in (name, digits, f"sm{digits}", f"compute_{digits}"):
        assert get_arch(spelling).name == name


def test_default_arch():
    assert DEFAULT_ARCH == "sm_90"
    assert get_arch() is ARCHES["sm_90"]


@pytest.mark.parametrize("bad", ["sm_130", "sm_95", "sm_61", "hopper", "", "sm_", "compute_9x", "9.0"])
def test_unknown_arch_lists_the_known_names(bad):
    with pytest.raises(ValueError) as info:
        get_arch(bad)
    message = str(info.value)
    assert repr(bad) in message
    for name in ARCHES:
        assert name in message


def test_the_documented_numbers():
    # HARDWARE.md: 32 banks x 4 bytes, 32-byte sectors, 16-byte SASS instructions, 32-lane warps.
    for name, arch in ARCHES.items():
        assert arch.name == name
        assert (arch.warp_size, arch.banks, arch.bank_bytes, arch.sector_bytes,
                arch.sass_instruction_bytes) == (32, 32, 4, 32, 16)
        assert arch.bank_period_bytes == 128
        assert arch.compute_capability == int(name[3:])
        for field in dataclasses.fields(Arch):
            if field.name.endswith("_source"):
                assert getattr(arch, field.name), f"{name}.{field.name} cites nothing"


def test_only_sm_90_is_measured():
    assert [name for name, arch in ARCHES.items() if arch.measured] == ["sm_90"]
    for arch in ARCHES.values():
        assert ("HARDWARE.md" in arch.banks_source) == arch.measured


def test_sm_90_instruction_cache_thresholds():
    # HARDWARE.md instruction-footprint table: <= 5 KB fits L0, > 32 KB and > 128 KB miss.
    arch = ARCHES["sm_90"]
    assert (arch.icache_l0_fit_bytes, arch.icache_sm_fit_bytes, arch.icache_gpc_fit_bytes) == (
        5 * 1024, 32 * 1024, 128 * 1024)
    assert arch.icache_sm_fit_bytes // arch.sass_instruction_bytes == 2048
    assert arch.icache_gpc_fit_bytes // arch.sass_instruction_bytes == 8192
    for name, other in ARCHES.items():
        if name != "sm_90":
            assert other.icache_sm_fit_bytes is None


def test_arch_is_frozen_and_hashable():
    arch = ARCHES["sm_90"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        arch.banks = 16  # type: ignore[misc]
    assert hash(arch) == hash(get_arch("90"))


def test_model_imports_only_the_standard_library_and_itself():
    # STYLE.md: model -> nothing. No clang, no numpy, no other smemlint package.
    package = Path(smemlint.model.__file__).parent
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0, f"{path.name}: use absolute imports"
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                ok = name.startswith("smemlint.model") or (
                    top in sys.stdlib_module_names or top == "__future__")
                assert ok, f"{path.name} imports {name}"
