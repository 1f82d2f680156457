"""The LSP transport and document sync of lsp/protocol.py (the server's own, not pygls')."""
from __future__ import annotations

import io
import json

from hypothesis import given, strategies as st

from smemlint.lsp.protocol import Writer, apply_change, offset_of, read_message, uri_to_path


def _pos(text: str, index: int) -> dict:
    """The LSP position (UTF-16) of a string index, computed independently of protocol.py."""
    before = text[:index]
    line = before.count("\n")
    col = before[before.rfind("\n") + 1:]
    return {"line": line, "character": len(col.encode("utf-16-le")) // 2}


def test_incremental_change_with_astral_characters() -> None:
    text = "a😀b\nc\n"
    # replace "b" (UTF-16 character 3: the emoji takes two units)
    change = {"range": {"start": {"line": 0, "character": 3}, "end": {"line": 0, "character": 4}}, "text": "X"}
    assert apply_change(text, change) == "a😀X\nc\n"
    assert apply_change(text, {"text": "new"}) == "new"
    # a position past the end of a line or of the text clamps to it
    assert offset_of(text, 0, 99) == text.index("\n") and offset_of(text, 9, 0) == len(text)


@given(st.text(alphabet="ab\n😀é", max_size=30), st.data())
def test_any_range_replacement(text: str, data) -> None:
    a = data.draw(st.integers(0, len(text)))
    b = data.draw(st.integers(a, len(text)))
    new = data.draw(st.text(alphabet="xy\n😀", max_size=5))
    change = {"range": {"start": _pos(text, a), "end": _pos(text, b)}, "text": new}
    assert apply_change(text, change) == text[:a] + new + text[b:]


def test_framing_round_trip_and_bad_bodies() -> None:
    out = io.BytesIO()
    w = Writer(out)
    w.send({"id": 1, "result": {"é": "😀"}})
    w.send({"method": "x", "params": {}})
    stream = io.BytesIO(out.getvalue() + b"Content-Length: 3\r\n\r\n{x}" + b"Content-Length: 10\r\n\r\n{}")
    assert read_message(stream) == {"jsonrpc": "2.0", "id": 1, "result": {"é": "😀"}}
    assert read_message(stream)["method"] == "x"
    assert "invalid" in read_message(stream)  # not JSON: the server answers a parse error and goes on
    assert read_message(stream) is None  # truncated body: the end


def test_uri_to_path() -> None:
    assert uri_to_path("file:///tmp/a%20b/k.cu") == "/tmp/a b/k.cu"
    assert uri_to_path("untitled:Untitled-1") == "untitled:Untitled-1"
    json.dumps(uri_to_path("file:///x"))
