"""The README's fenced blocks, as the snippet tests read them."""
from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def readme_block(first_line: str) -> str:
    """The README's fenced block whose first line is `first_line`."""
    for block in re.findall(r"```\w*\n(.*?)```", README.read_text(), flags=re.S):
        if block.startswith(first_line):
            return block
    raise AssertionError(f"no README block starts with {first_line!r}")
