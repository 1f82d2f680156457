"""The configuration loader works where `tomllib` does not exist (Python 3.10, which we support)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_declared_dependency_for_old_pythons() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert "tomli" in text and "python_version < '3.11'" in text


def test_config_loads_without_tomllib(tmp_path) -> None:
    pytest.importorskip("tomli", reason="the test extra installs tomli; without it there is nothing to fall back to")
    (tmp_path / "pyproject.toml").write_text('[tool.smemlint]\nselect = ["SMEM001"]\n')
    code = ("import sys; sys.modules['tomllib'] = None\n"  # `import tomllib` now raises ImportError
            "from pathlib import Path\n"
            "from smemlint.config import load\n"
            f"s = load(Path({str(tmp_path / 'pyproject.toml')!r}))\n"
            "print(s.select)")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "SMEM001" in p.stdout
