"""Helpers shared by the renderers and the LSP server: rule doc links, column units."""
from __future__ import annotations

import os
from pathlib import Path

from .. import suppress
from ..results import FileResult
from ..rules import MODULES

_REPO_DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "rules"


def help_uri(code: str) -> str:
    """Where a rule's documentation lives.

    `SMEMLINT_DOCS_URL` (a base URL, e.g. your fork's `.../blob/main/docs/rules/`) wins; else the
    page `docs/rules/<CODE>.md` of this checkout (written by `smemlint explain --markdown`); else the
    rule's own module, whose docstring is the doc page. Every answer names something that exists.
    """
    base = os.environ.get("SMEMLINT_DOCS_URL")
    if base:
        return base.rstrip("/") + f"/{code}.md"
    page = _REPO_DOCS / f"{code}.md"
    if page.is_file():
        return page.as_uri()
    module = next((m for m in MODULES if m.RULE.code == code), suppress if code == suppress.RULE.code else None)
    if module is not None and getattr(module, "__file__", None):
        return Path(module.__file__).resolve().as_uri()
    return _REPO_DOCS.as_uri()


def source_of(path: str, r: FileResult) -> str:
    """The text of the file a finding is in: the linted file, or a header it includes."""
    if path == r.path:
        return r.source
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except OSError:
        return ""


def line_text(source: str, line: int) -> str:
    lines = source.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def byte_to_utf16(text: str, column: int) -> int:
    """1-based byte column in `text` → 0-based UTF-16 offset (what LSP and SARIF's default count)."""
    prefix = text.encode("utf-8")[:max(column - 1, 0)].decode("utf-8", errors="ignore")
    return len(prefix.encode("utf-16-le")) // 2 + max(column - 1 - len(text.encode("utf-8")), 0)


def utf16_to_byte(text: str, offset: int) -> int:
    """0-based UTF-16 offset in `text` → 1-based byte column."""
    units = 0
    for i, ch in enumerate(text):
        if units >= offset:
            return len(text[:i].encode("utf-8")) + 1
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(text.encode("utf-8")) + 1 + max(offset - units, 0)
