"""The README's Neovim snippet in a real Neovim (issue 16, item 6): headless, diagnostics read back.

`nvim --headless -u init.lua kernel.cu` with init.lua = the README's snippet for the installed
Neovim's version, plus a few lines of this test's own that poll `vim.diagnostic.get()` until
smemlint's diagnostics arrive and settle, then make an edit in the buffer (the padding that
removes one conflict), wait for the diagnostics to change and settle again, write both sets to a
JSON file and quit. Both sets must equal what `smemlint check` says about the same text:
positions, codes, severities and messages (the server adds the fix line to a message).

Skips when `nvim` is not on PATH (`.ci/run` installs Debian's where apt-get works).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from readme import readme_block

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "transpose_smem.cu"
# the edit: pad `big` by one column, which removes its 32-way conflict (line 76 of the fixture)
DECL_BEFORE, DECL_AFTER = "__shared__ float big[TILE][TILE];", "__shared__ float big[TILE][TILE + 1];"
SEVERITY = {"error": 1, "warning": 2, "info": 3}

# Appended to the README's snippet. Phase 1: the first diagnostics, once unchanged for 0.5 s.
# Then the edit; phase 2: diagnostics different from phase 1's, once unchanged for 0.5 s.
HARNESS = r"""
-- appended by tests/test_neovim.py
local out_path, file = vim.env.SMEMLINT_TEST_OUT, vim.env.SMEMLINT_TEST_FILE
local edit = vim.fn.json_decode(vim.env.SMEMLINT_TEST_EDIT)
local started = vim.loop.hrtime()
local phases, last, same = {}, nil, 0
local function finish(why)
  local clients = {}
  for _, c in pairs(vim.lsp.get_active_clients()) do
    table.insert(clients, { name = c.name, root_dir = c.config.root_dir })
  end
  local f = assert(io.open(out_path, "w"))
  f:write(vim.fn.json_encode({ why = why, phases = phases, clients = clients, filetype = vim.bo.filetype,
                                version = vim.version() }))
  f:close()
  vim.cmd("qa!")
end
local timer = vim.loop.new_timer()
timer:start(50, 50, vim.schedule_wrap(function()
  local seconds = (vim.loop.hrtime() - started) / 1e9
  if seconds > tonumber(vim.env.SMEMLINT_TEST_TIMEOUT) then
    timer:stop()
    return finish("timeout")
  end
  local bufnr = vim.fn.bufnr(file)
  local diagnostics = vim.diagnostic.get(bufnr)
  local encoded = vim.fn.json_encode(diagnostics)
  if encoded == last then same = same + 1 else same, last = 0, encoded end
  local done = phases[#phases]
  if #diagnostics == 0 or same < 10 or (done and done.encoded == encoded) then
    return
  end
  table.insert(phases, { diagnostics = diagnostics, encoded = encoded, seconds = seconds })
  if #phases == 2 then
    timer:stop()
    return finish("done")
  end
  local line = vim.api.nvim_buf_get_lines(bufnr, edit.line, edit.line + 1, true)[1]
  local from = string.find(line, edit.before, 1, true)
  vim.api.nvim_buf_set_text(bufnr, edit.line, from - 1, edit.line, from - 1 + #edit.before, { edit.after })
end))
"""


def _nvim_version(nvim: str) -> tuple[int, int]:
    first = subprocess.run([nvim, "--version"], capture_output=True, text=True, timeout=30).stdout.split("\n")[0]
    m = re.search(r"v(\d+)\.(\d+)", first)
    assert m, first
    return int(m.group(1)), int(m.group(2))


def _snippet(version: tuple[int, int]) -> str:
    if version >= (0, 10):
        return readme_block("-- init.lua, Neovim 0.10+")
    if version >= (0, 8):
        return readme_block("-- init.lua, Neovim 0.8 and 0.9")
    if version >= (0, 7):
        return readme_block("-- init.lua, Neovim 0.7")
    pytest.skip(f"Neovim {version[0]}.{version[1]} has no nvim_create_autocmd; the README covers 0.7 and newer")


def _cli(path: Path, env: dict) -> list[dict]:
    p = subprocess.run([sys.executable, "-m", "smemlint", "check", "--output-format", "json", str(path)],
                       capture_output=True, text=True, env=env, cwd=path.parent, timeout=300)
    assert p.returncode in (0, 1), p.stderr
    return [d for d in json.loads(p.stdout)["diagnostics"] if Path(d["file"]) == path]


def _as_nvim(d: dict) -> tuple:
    """A CLI finding as Neovim shows the server's (0-based line, byte column: this text is ASCII)."""
    message = d["message"] + (f"\nfix: {d['fix']['description']}" if d["fix"] else "")
    return (d["line"] - 1, d["column"] - 1, d["end_line"] - 1, d["end_column"] - 1, d["code"],
            SEVERITY[d["severity"]], message)


def _shown(d: dict) -> tuple:
    return (d["lnum"], d["col"], d["end_lnum"], d["end_col"], d["code"], d["severity"], d["message"])


@pytest.mark.parametrize("marker", ["pyproject.toml", ".git"])
def test_neovim_shows_the_cli_findings(tmp_path: Path, marker: str) -> None:
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.skip("nvim is not installed (Debian: apt-get install neovim; .ci/run does it where apt-get works)")
    bindir = os.path.dirname(sys.executable)
    if shutil.which("smemlint", path=bindir) is None:
        pytest.skip(f"no `smemlint` script beside {sys.executable} (pip install -e .) for the snippet's cmd")
    version = _nvim_version(nvim)
    init = tmp_path / "init.lua"
    init.write_text(_snippet(version) + HARNESS)

    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    if marker == ".git":
        (project / ".git").mkdir()
    else:
        (project / marker).write_text("[tool.smemlint]\n")
    kernel = project / "src" / "kernel.cu"
    text = FIXTURE.read_text()
    kernel.write_text(text)
    decl_line = next(i for i, s in enumerate(text.splitlines()) if DECL_BEFORE in s)

    out = tmp_path / "out.json"
    # Neovim's own configuration, state and logs in tmp; the snippet's `smemlint` is this checkout's
    home = tmp_path / "home"
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
           "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
           "XDG_STATE_HOME": str(home / "state"), "XDG_CACHE_HOME": str(home / "cache"),
           "SMEMLINT_CACHE_DIR": str(tmp_path / "smemlint-cache"), "TMPDIR": str(tmp_path),
           "SMEMLINT_TEST_OUT": str(out), "SMEMLINT_TEST_FILE": str(kernel), "SMEMLINT_TEST_TIMEOUT": "90",
           "SMEMLINT_TEST_EDIT": json.dumps({"line": decl_line, "before": DECL_BEFORE, "after": DECL_AFTER})}
    p = subprocess.run([nvim, "--headless", "-u", str(init), str(kernel)], cwd=project / "src", env=env,
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=180)
    assert out.exists(), f"Neovim wrote no result (exit {p.returncode}): {p.stdout}\n{p.stderr}"
    got = json.loads(out.read_text())
    assert got["why"] == "done", (got, p.stderr)
    assert got["filetype"] == "cuda"
    assert got["clients"] == [{"name": "smemlint", "root_dir": str(project)}]  # the snippet found the root

    opened, edited = got["phases"]
    print(f"\nNeovim {version[0]}.{version[1]}: first diagnostics {opened['seconds']:.2f} s after start, "
          f"the edit's {edited['seconds'] - opened['seconds']:.2f} s after it (0.5 s settling included in each)")
    cli_env = {**os.environ, "SMEMLINT_CACHE_DIR": str(tmp_path / "cli-cache")}
    assert sorted(map(_shown, opened["diagnostics"])) == sorted(map(_as_nvim, _cli(kernel, cli_env)))
    assert {d["source"] for d in opened["diagnostics"]} == {"smemlint"}
    assert any(d["lnum"] == 75 and d["code"] == "SMEM001" for d in opened["diagnostics"])

    kernel.write_text(text.replace(DECL_BEFORE, DECL_AFTER, 1))  # what the buffer holds after the edit
    assert sorted(map(_shown, edited["diagnostics"])) == sorted(map(_as_nvim, _cli(kernel, cli_env)))
    assert not any(d["lnum"] == 75 for d in edited["diagnostics"])
