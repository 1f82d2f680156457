"""The language server reuses the result cache (issue 16 item 8): a document opened as saved is
served from the entry `smemlint check` made for it; a buffer that differs from the file is linted."""
from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from smemlint.cli import main
from smemlint.lsp.server import SmemlintServer

ROOT = Path(__file__).resolve().parent.parent


def test_opened_file_is_served_from_the_cache(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "transpose_smem.cu"
    text = (ROOT / "fixtures" / "transpose_smem.cu").read_text()
    path.write_text(text)
    r = CliRunner().invoke(main, ["check", "--exit-zero", "--output-format", "concise", str(path)])
    assert r.exit_code == 0, r.output
    server = SmemlintServer(0)
    try:
        opened = server.lint_text("file://a", str(path), text)
        assert opened.from_cache
        assert [d.code for d in opened.diagnostics] and r.output.count("SMEM001") >= 1
        edited = server.lint_text("file://a", str(path), text + "\n// an edit\n")
        assert not edited.from_cache  # the buffer is no longer the file: linted
        assert [(d.line, d.code) for d in edited.diagnostics] == [(d.line, d.code) for d in opened.diagnostics]
    finally:
        server.close()


def test_unsaved_buffer_is_linted_and_not_cached(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "k.cu"
    path.write_text("__global__ void k(float *o) { o[threadIdx.x] = 0; }\n")
    server = SmemlintServer(0)
    try:
        buffer = "__global__ void k(float *o) { o[threadIdx.x * 32] = 0; }\n"
        got = server.lint_text("file://b", str(path), buffer)
        assert not got.from_cache and any(d.code == "GMEM001" for d in got.diagnostics)
        assert not list((tmp_path / "cache").rglob("*.pickle"))  # an unsaved buffer leaves no entry
    finally:
        server.close()
    second = SmemlintServer(0)
    try:
        saved = second.lint_text("file://b", str(path), path.read_text())
        assert not saved.from_cache  # nothing was cached for this content yet
        assert list((tmp_path / "cache").rglob("*.pickle"))  # the file as saved is now cached
        again = SmemlintServer(0)
        assert again.lint_text("file://b", str(path), path.read_text()).from_cache
        again.close()
    finally:
        second.close()
    assert os.path.exists(path)


def test_an_edit_after_a_cached_open_relints_one_kernel(tmp_path: Path, monkeypatch) -> None:
    """Served from the cache, the document is parsed behind the answer, so that the first edit inside
    a kernel re-lints that kernel only instead of the whole file."""
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "transpose_smem.cu"
    text = (ROOT / "fixtures" / "transpose_smem.cu").read_text()
    path.write_text(text)
    assert CliRunner().invoke(main, ["check", "--exit-zero", str(path)]).exit_code == 0
    server = SmemlintServer(0)
    try:
        opened = server.executor.submit(server.lint_text, "file://c", str(path), text).result()
        assert opened.from_cache
        server.executor.submit(lambda: None).result()  # the background parse has run
        assert server.bases["file://c"][2].unit is not None
        lines = text.split("\n")
        inside = next(n for n, line in enumerate(lines) if "__syncthreads();" in line)
        lines[inside] += "  "
        server.lint_text("file://c", str(path), "\n".join(lines))
        assert server.incremental == 1
    finally:
        server.close()
