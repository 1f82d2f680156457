"""The language server, driven over stdio by a minimal JSON-RPC client (no mocks, the real process)."""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest


ROOT = Path(__file__).parent.parent

# The access on line 6 (0-based 5) reads a column of a 32x32 float tile: a 32-way conflict.
# `/*é*/` before it makes byte and UTF-16 columns differ, so the conversion is checked.
CONFLICT = """\
__global__ void k(float* out) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    // the transposed read
    out[threadIdx.y * 32 + threadIdx.x] = /*é*/ tile[threadIdx.x][threadIdx.y];
}
int main() { dim3 b(32, 32); k<<<4096, b>>>(0); }
"""
CLEAN = CONFLICT.replace("tile[32][32]", "tile[32][33]")
ACCESS_LINE = 5
ACCESS_CHAR = CONFLICT.splitlines()[ACCESS_LINE].index("tile[threadIdx.x]")  # UTF-16 == code points here


class Client:
    """Content-Length framed JSON-RPC over the server's stdin/stdout."""

    def __init__(self, cwd: Path) -> None:
        self.tmp = cwd / "tmp"  # the server's temporary directory: libclang's preambles go there
        self.tmp.mkdir()
        self.proc = subprocess.Popen([sys.executable, "-m", "smemlint", "lsp", "--debounce", "0.3"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(self.tmp)})
        self.inbox: queue.Queue[dict] = queue.Queue()
        self.notifications: list[dict] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                k, _, v = line.decode("ascii").partition(":")
                headers[k.strip().lower()] = v.strip()
            body = out.read(int(headers["content-length"]))
            self.inbox.put(json.loads(body))

    def send(self, msg: dict) -> None:
        data = json.dumps({"jsonrpc": "2.0", **msg}).encode("utf-8")
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.proc.stdin.flush()

    def notify(self, method: str, params: dict | None = None) -> None:
        self.send({"method": method, "params": params or {}})

    def _next(self, deadline: float) -> dict:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        try:
            msg = self.inbox.get(timeout=left)
        except queue.Empty:
            raise TimeoutError from None
        if "method" in msg and "id" in msg:  # a request from the server (e.g. registerCapability)
            self.send({"id": msg["id"], "result": None})
        elif "method" in msg:
            self.notifications.append(msg)
        return msg

    def request(self, method: str, params: dict, timeout: float = 60) -> dict:
        self.next_id += 1
        rid = self.next_id
        self.send({"id": rid, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while True:
            msg = self._next(deadline)
            if msg.get("id") == rid and "method" not in msg:
                assert "error" not in msg, msg
                return msg["result"]

    def diagnostics(self, uri: str, timeout: float = 60) -> dict:
        """The next publishDiagnostics for `uri`."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self._next(deadline)
            if msg.get("method") == "textDocument/publishDiagnostics" and msg["params"]["uri"] == uri:
                return msg["params"]

    def quiet(self, seconds: float) -> list[dict]:
        """Everything that arrives within `seconds`."""
        deadline = time.monotonic() + seconds
        got = []
        try:
            while True:
                got.append(self._next(deadline))
        except TimeoutError:
            return got


@pytest.fixture
def client(tmp_path: Path):
    c = Client(tmp_path)
    yield c
    if c.proc.poll() is None:
        c.proc.kill()
    c.proc.wait(timeout=10)


def _change(c: Client, uri: str, version: int, text: str) -> None:
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                        "contentChanges": [{"text": text}]})


def test_lsp_session_end_to_end(client: Client, tmp_path: Path) -> None:
    path = tmp_path / "k.cu"
    path.write_text(CLEAN)  # the file on disk is clean: only the unsaved buffer has the conflict
    uri = path.as_uri()
    init = client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(),
                                         "capabilities": {"textDocument": {
                                             "hover": {"contentFormat": ["markdown", "plaintext"]},
                                             "publishDiagnostics": {"versionSupport": True,
                                                                    "codeDescriptionSupport": True},
                                             "codeAction": {"codeActionLiteralSupport": {
                                                 "codeActionKind": {"valueSet": ["quickfix"]}}}}}})
    caps = init["capabilities"]
    assert caps["hoverProvider"] and caps["codeActionProvider"]
    assert init["serverInfo"]["name"] == "smemlint"
    client.notify("initialized")

    # didOpen: the buffer's text is linted, not the file on disk
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cuda", "version": 1,
                                                            "text": CONFLICT}})
    pub = client.diagnostics(uri)
    assert pub["version"] == 1
    (d,) = pub["diagnostics"]
    assert d["code"] == "SMEM001" and d["source"] == "smemlint" and d["severity"] == 2
    assert "32-way bank conflict" in d["message"]
    assert d["range"]["start"] == {"line": ACCESS_LINE, "character": ACCESS_CHAR}
    assert d["range"]["end"]["line"] == ACCESS_LINE and d["range"]["end"]["character"] > ACCESS_CHAR
    href = d["codeDescription"]["href"]
    assert Path(unquote(urlparse(href).path)).is_file(), href  # the rule's doc page exists

    # a burst of edits is debounced into one lint of the newest text; older versions never publish
    _change(client, uri, 2, CLEAN)
    _change(client, uri, 3, "// one more line\n" + CONFLICT)
    _change(client, uri, 4, CLEAN)
    pub = client.diagnostics(uri)
    assert pub["version"] == 4 and pub["diagnostics"] == []
    late = [m for m in client.quiet(1.5) if m.get("method") == "textDocument/publishDiagnostics"]
    assert late == [], late  # no stale result for versions 2 or 3 arrives afterwards

    # an edit that brings the conflict back, two lines lower
    text5 = "// two\n// lines\n" + CONFLICT
    _change(client, uri, 5, text5)
    pub = client.diagnostics(uri)
    assert pub["version"] == 5
    (d,) = pub["diagnostics"]
    assert d["range"]["start"] == {"line": ACCESS_LINE + 2, "character": ACCESS_CHAR}

    # codeAction: the padding fix as a WorkspaceEdit
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}})
    fixes = [a for a in actions if "edit" in a and any(e["newText"] == "33" for e in a["edit"]["changes"][uri])]
    assert fixes, actions
    (edit,) = fixes[0]["edit"]["changes"][uri]
    decl_line = text5.splitlines().index("    __shared__ float tile[32][32];")
    assert edit["range"]["start"]["line"] == decl_line
    line = text5.splitlines()[decl_line]
    start, end = edit["range"]["start"]["character"], edit["range"]["end"]["character"]
    assert line[:start] + "33" + line[end:] == "    __shared__ float tile[32][33];"
    assert fixes[0]["kind"] == "quickfix"
    assert any("ignore[SMEM001]" in e["newText"] for a in actions for e in a["edit"]["changes"][uri])

    # hover on the conflicting access: its worst warp's lanes and banks
    h = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                              "position": {"line": ACCESS_LINE + 2, "character": ACCESS_CHAR + 2}})
    value = h["contents"]["value"]
    assert "lane   0   1" in value and "bank   0   0" in value and "32 different words" in value, value
    assert "SMEM001" in value
    # hovering outside any access: nothing
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                 "position": {"line": 0, "character": 0}}) is None

    # save: linted again at once
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    pub = client.diagnostics(uri)
    assert pub["version"] == 5 and len(pub["diagnostics"]) == 1

    assert client.request("shutdown", {}) is None
    client.notify("exit")
    assert client.proc.wait(timeout=20) == 0


def test_incremental_sync_and_bad_messages(client: Client, tmp_path: Path) -> None:
    path = tmp_path / "k.cu"
    uri = path.as_uri()
    client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
    client.notify("initialized")
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cuda", "version": 1,
                                                            "text": CLEAN}})
    assert client.diagnostics(uri)["diagnostics"] == []
    # a ranged change (the editor sends only what changed): `33` -> `32` brings the conflict back
    line = CLEAN.splitlines().index("    __shared__ float tile[32][33];")
    col = CLEAN.splitlines()[line].index("33")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + 2}},
         "text": "32"}]})
    pub = client.diagnostics(uri)
    assert pub["version"] == 2 and [d["code"] for d in pub["diagnostics"]] == ["SMEM001"]
    # garbage and unknown methods are answered with errors; the server goes on
    assert client.proc.stdin is not None
    client.proc.stdin.write(b"Content-Length: 5\r\n\r\n{oops")
    client.proc.stdin.flush()
    client.send({"id": 99, "method": "workspace/frobnicate", "params": {}})
    deadline = time.monotonic() + 30
    errors = {}
    while len(errors) < 2:
        msg = client._next(deadline)
        if "error" in msg:
            errors[msg["error"]["code"]] = msg
    assert set(errors) == {-32700, -32601}
    h = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                              "position": {"line": ACCESS_LINE, "character": ACCESS_CHAR + 2}})
    assert "32 different words" in h["contents"]["value"]


def test_no_preamble_left_behind(client: Client, tmp_path: Path) -> None:
    """libclang keeps an edited file's headers in a preamble file; the server removes it on exit."""
    path = tmp_path / "k.cu"
    text = "#include <cstdio>\n#include <cstdlib>\n" + CONFLICT
    path.write_text(text)  # libclang builds a preamble for a file that exists on disk
    uri = path.as_uri()
    client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
    client.notify("initialized")
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cuda", "version": 1,
                                                            "text": text}})
    client.diagnostics(uri)
    _change(client, uri, 2, text.replace("tile[32][32]", "tile[32][33]"))
    assert client.diagnostics(uri)["version"] == 2
    assert list(client.tmp.glob("preamble-*")), "no preamble: this test checks nothing"
    assert client.request("shutdown", {}) is None
    client.notify("exit")
    assert client.proc.wait(timeout=20) == 0
    assert list(client.tmp.glob("preamble-*")) == []
