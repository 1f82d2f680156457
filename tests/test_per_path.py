"""Include set-up in real trees (issue 27 item 7): `[[tool.smemlint.per-path]]` gives a part of the
tree its own include folders, defines and block (LeetCUDA's two `utils.h`); a file's
compile_commands.json flags come before the configured ones; the editor shows a missing header at
its `#include` and a buffer that no longer parses at clang's first error. Through the real command
line and a real language-server process."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from test_lsp import Client

# TILE comes from the utils.h the include path finds: 32 makes a 32-way conflict, 33 pads it away
KERNEL = """#include "utils.h"
__global__ void k(float *out) {
    __shared__ float tile[32][TILE];
    tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void launch(float *o) { k<<<1, dim3(32, 32)>>>(o); }
"""


def _tree(root: Path) -> Path:
    for folder, tile in (("inc_a", 32), ("inc_b", 33)):
        (root / folder).mkdir(parents=True)
        (root / folder / "utils.h").write_text(f"#define TILE {tile}\n")
    for part in ("a", "b"):
        (root / "src" / part).mkdir(parents=True)
        (root / "src" / part / "k.cu").write_text(KERNEL)
    return root


def _findings(root: Path, *args: str) -> dict[str, list[str]]:
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "-j", "1", "--output-format",
                        "json", "--exit-zero", *args, "src"], cwd=root, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    out: dict[str, list[str]] = {}
    for f in doc["files"]:
        assert not f["notes"], f  # every header found
        out[Path(f["path"]).parts[1]] = []
    for d in doc["diagnostics"]:
        out[Path(d["file"]).parts[1]].append(d["code"])
    return out


def test_per_path_include_folders_defines_and_block(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    # one global list: src/b finds inc_a's utils.h first, as a single include list must
    (root / "pyproject.toml").write_text('[tool.smemlint]\ninclude = ["inc_a", "inc_b"]\n')
    assert _findings(root) == {"a": ["SMEM001"], "b": ["SMEM001"]}
    (root / "pyproject.toml").write_text(
        '[tool.smemlint]\ninclude = ["inc_a"]\n\n[[tool.smemlint.per-path]]\npath = "src/b/**"\n'
        'include = ["inc_b"]\n')
    assert _findings(root) == {"a": ["SMEM001"], "b": []}
    # a define and a block per path: `src/a` padded by a define (no header then), its launch gone
    (root / "src" / "a" / "k.cu").write_text(KERNEL.replace('#include "utils.h"\n', "").split("void launch")[0])
    (root / "pyproject.toml").write_text(
        '[tool.smemlint]\ninclude = ["inc_a"]\n\n[[tool.smemlint.per-path]]\npath = ["src/a/*.cu"]\n'
        'define = ["TILE=33"]\nblock = "32,32"\n')
    shown = subprocess.run([sys.executable, "-m", "smemlint", "check", "--show-settings", "src"], cwd=root,
                           capture_output=True, text=True).stdout
    assert "[[tool.smemlint.per-path]]" in shown and 'define = ["TILE=33"]' in shown
    assert _findings(root) == {"a": [], "b": ["SMEM001"]}
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "--output-format", "json",
                        "--exit-zero", "src/a/k.cu"], cwd=root, capture_output=True, text=True)
    assert json.loads(r.stdout)["kernels"][0]["block"] == [32, 32, 1]
    (root / "pyproject.toml").write_text('[tool.smemlint]\n[[tool.smemlint.per-path]]\npath = "src"\nincludes = []\n')
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "src"], cwd=root, capture_output=True, text=True)
    assert r.returncode == 2 and "unknown [[tool.smemlint.per-path]] key 'includes'; did you mean 'include'?" in r.stderr


def test_compile_commands_come_first(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / "pyproject.toml").write_text('[tool.smemlint]\ninclude = ["inc_a"]\n')
    (root / "compile_commands.json").write_text(json.dumps([
        {"directory": str(root), "file": "src/b/k.cu", "command": f"nvcc -I{root / 'inc_b'} -c src/b/k.cu"}]))
    assert _findings(root) == {"a": ["SMEM001"], "b": []}


def test_the_editor_shows_a_missing_header_and_a_parse_error(tmp_path: Path) -> None:
    c = Client(tmp_path)
    try:
        c.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
        c.notify("initialized")
        path = tmp_path / "k.cu"
        text = "#include <cstdio>\n" + KERNEL.replace("utils.h", "project/missing.h").replace("TILE", "33")
        path.write_text(text)
        uri = path.as_uri()
        c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cuda", "version": 1,
                                                           "text": text}})
        (d,) = [d for d in c.diagnostics(uri)["diagnostics"] if d.get("code") == "missing-include"]
        assert d["range"]["start"]["line"] == 1 and "`project/missing.h` not found" in d["message"]
        broken = text.replace("__syncthreads();", "__syncthreads()")
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"text": broken}]})
        pub = c.diagnostics(uri)
        codes = [d.get("code") for d in pub["diagnostics"]]
        assert "missing-include" in codes  # the header is still missing; the parse error below it
        fixed = broken.replace("project/missing.h", "cstdlib")
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                            "contentChanges": [{"text": fixed}]})
        (e,) = [d for d in c.diagnostics(uri)["diagnostics"] if d.get("code") == "parse-error"]
        assert e["range"]["start"]["line"] == 5 and "the buffer does not parse" in e["message"]
        assert "expected ';'" in e["message"]
    finally:
        c.proc.kill()
        c.proc.wait(timeout=10)
