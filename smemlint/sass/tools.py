"""Find and run the CUDA tools that give SASS: nvcc, cuobjdump, nvdisasm.

Where a tool is looked for, in order: PATH; `$CUDA_HOME/bin`, `$CUDA_PATH/bin`;
the default install prefixes `/usr/local/cuda/bin` and `/usr/local/cuda-*/bin`
(newest first); the pip packages `nvidia-cuda-nvcc`, `nvidia-cuda-cuobjdump`,
`nvidia-cuda-nvdisasm` (installed as `nvidia/<dir>/bin/<tool>` in site-packages;
`pip install smemlint[sass]` brings the last two).

Tools are always run with an argument list and a timeout: never a shell.
"""
from __future__ import annotations

import functools
import glob
import importlib.util
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

TOOLS = ("nvcc", "cuobjdump", "nvdisasm")
PIP_PACKAGES = {"nvcc": "nvidia-cuda-nvcc", "cuobjdump": "nvidia-cuda-cuobjdump",
                "nvdisasm": "nvidia-cuda-nvdisasm"}
COMPILE_TIMEOUT_S = 60.0
TOOL_TIMEOUT_S = 30.0


class ToolError(RuntimeError):
    """A tool failed, timed out or could not be started; the message says which and why."""


def _pip_bin_dirs() -> list[Path]:
    """`nvidia/*/bin` directories of the pip CUDA packages (layouts `cu13/bin`, `cuda_nvcc/bin`, ...)."""
    roots: list[str] = []
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        roots += list(spec.submodule_search_locations)
    # the interpreter running smemlint may not be the one whose site-packages hold the tools
    for prefix in {sys.prefix, sys.base_prefix}:
        roots += glob.glob(os.path.join(prefix, "lib", "python3*", "site-packages", "nvidia"))
    dirs: list[Path] = []
    for root in dict.fromkeys(roots):
        dirs += [Path(d) for d in sorted(glob.glob(os.path.join(root, "*", "bin")), reverse=True)]
    return dirs


def candidate_dirs() -> list[Path]:
    dirs: list[Path] = []
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(var):
            dirs.append(Path(os.environ[var]) / "bin")
    dirs.append(Path("/usr/local/cuda/bin"))
    dirs += [Path(d) for d in sorted(glob.glob("/usr/local/cuda-*/bin"), reverse=True)]
    dirs += _pip_bin_dirs()
    return dirs


@functools.lru_cache(maxsize=None)
def find_tool(name: str) -> str | None:
    """Absolute path of `name` (nvcc, cuobjdump, nvdisasm), or None."""
    found = shutil.which(name)
    if found:
        return found
    for d in candidate_dirs():
        p = d / name
        if p.is_file() and os.access(p, os.X_OK):
            return str(p)
    return None


@dataclass(frozen=True)
class Toolchain:
    nvcc: str | None
    cuobjdump: str | None
    nvdisasm: str | None

    @classmethod
    def find(cls) -> "Toolchain":
        return cls(find_tool("nvcc"), find_tool("cuobjdump"), find_tool("nvdisasm"))

    @property
    def can_disassemble(self) -> bool:
        return self.cuobjdump is not None and self.nvdisasm is not None

    def missing(self, *names: str) -> list[str]:
        return [n for n in (names or TOOLS) if getattr(self, n) is None]

    def missing_note(self, *names: str) -> str:
        """One sentence naming what is missing and how to get it."""
        gone = self.missing(*names)
        if not gone:
            return ""
        how = []
        if "nvcc" in gone:
            how.append("install the CUDA toolkit (or set CUDA_HOME)")
        if "cuobjdump" in gone or "nvdisasm" in gone:
            how.append("`pip install 'smemlint[sass]'` (nvidia-cuda-cuobjdump, nvidia-cuda-nvdisasm)")
        return f"{', '.join(gone)} not found: " + " and ".join(how)


def run_both(argv: list[str], *, timeout: float = TOOL_TIMEOUT_S, cwd: str | None = None) -> tuple[str, str]:
    """Run a tool; return (stdout, stderr). Raises ToolError with the tool's own words on failure."""
    tool = Path(argv[0]).name
    try:
        proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, errors="replace",
                              timeout=timeout, stdin=subprocess.DEVNULL, check=False)
    except subprocess.TimeoutExpired as e:
        raise ToolError(f"{tool} timed out after {timeout:g} s") from e
    except OSError as e:
        raise ToolError(f"{tool} could not be started: {e}") from e
    if proc.returncode != 0:
        msg = (proc.stderr or proc.stdout).strip().splitlines()
        errors = [m for m in msg if "error" in m.lower()] or msg
        raise ToolError(f"{tool} failed (exit {proc.returncode}): " + " | ".join(errors[:3])[:600])
    return proc.stdout, proc.stderr


def run(argv: list[str], *, timeout: float = TOOL_TIMEOUT_S, cwd: str | None = None) -> str:
    """Run a tool; return its stdout."""
    return run_both(argv, timeout=timeout, cwd=cwd)[0]


__all__ = ["Toolchain", "ToolError", "find_tool", "run", "run_both", "TOOLS", "PIP_PACKAGES",
           "COMPILE_TIMEOUT_S", "TOOL_TIMEOUT_S"]
