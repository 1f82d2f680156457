"""The Language Server Protocol's transport and documents, as much of it as smemlint serves.

JSON-RPC 2.0 messages framed by `Content-Length` headers over stdin/stdout, and the open
documents kept in sync by full or incremental changes (positions in UTF-16 code units, the
protocol's default). Written here rather than taken from pygls: importing pygls' protocol
types alone takes about half a second, and an editor waits for `initialize` on every start.
"""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from typing import BinaryIO
from urllib.parse import unquote, urlparse

PARSE_ERROR, METHOD_NOT_FOUND, INTERNAL_ERROR = -32700, -32601, -32603
SERVER_NOT_INITIALIZED, REQUEST_CANCELLED = -32002, -32800


def read_message(stream: BinaryIO) -> dict | None:
    """The next message, or None at the end of the stream. A body that is not JSON is returned as
    {"invalid": reason} so the server can answer with a parse error and go on."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            if length is None:
                continue  # stray blank line between messages
            break
        name, _, value = line.decode("ascii", errors="replace").partition(":")
        if name.strip().lower() == "content-length":
            try:
                length = int(value.strip())
            except ValueError:
                length = None
    body = stream.read(length)
    if len(body) < length:
        return None
    try:
        msg = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return {"invalid": str(e)}
    return msg if isinstance(msg, dict) else {"invalid": "not a JSON object"}


class Writer:
    """Writes framed messages; one at a time (the event loop and the lint thread both write)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()

    def send(self, msg: dict) -> None:
        data = json.dumps({"jsonrpc": "2.0", **msg}, ensure_ascii=False).encode("utf-8")
        with self.lock:
            self.stream.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
            self.stream.flush()


def uri_to_path(uri: str) -> str:
    """The file system path of a `file:` URI (other schemes: the URI itself, linted as a name)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return uri
    return unquote(parsed.path)


def utf16_offset_to_index(line: str, units: int) -> int:
    """A UTF-16 offset in `line` -> a Python string index (past the end: the end)."""
    count = 0
    for i, ch in enumerate(line):
        if count >= units:
            return i
        count += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


def offset_of(text: str, line: int, character: int) -> int:
    """The string index of an LSP position (0-based line, UTF-16 character) in `text`."""
    start = 0
    for _ in range(line):
        nl = text.find("\n", start)
        if nl < 0:
            return len(text)
        start = nl + 1
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    return start + utf16_offset_to_index(text[start:end], character)


def apply_change(text: str, change: dict) -> str:
    """`text` after one `contentChanges` entry: the whole text, or a range replaced."""
    rng = change.get("range")
    if rng is None:
        return change["text"]
    a = offset_of(text, rng["start"]["line"], rng["start"]["character"])
    b = offset_of(text, rng["end"]["line"], rng["end"]["character"])
    return text[:a] + change["text"] + text[max(a, b):]


@dataclass
class Document:
    uri: str
    version: int | None
    source: str
