"""`--output-format concise`: one line per finding (`path:line:col: CODE message`) and its fix line;
the text renderer in its concise mode (no source lines, no notes)."""
from __future__ import annotations

from ..results import FileResult
from . import text


def render(results: list[FileResult], arch: str, **options: object) -> str:
    options.pop("concise", None)
    return text.render(results, arch, concise=True, **options)  # type: ignore[arg-type]
