"""A progress bar on stderr for long runs: only on a terminal, only for many files, never when piped."""
from __future__ import annotations

import os
import shutil
from typing import TextIO

MIN_FILES = 20  # below this a run is short enough not to need one


class Progress:
    def __init__(self, total: int, stream: TextIO, *, min_files: int = MIN_FILES) -> None:
        self.total = total
        self.stream = stream
        self.done = 0
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        self.enabled = tty and total > min_files and os.environ.get("TERM") != "dumb"

    def step(self, path: str) -> None:
        self.done += 1
        if not self.enabled:
            return
        width = shutil.get_terminal_size((80, 24)).columns
        bar_w = 24
        filled = bar_w * self.done // max(self.total, 1)
        head = f"[{'#' * filled}{'.' * (bar_w - filled)}] {self.done}/{self.total} "
        room = max(width - len(head) - 1, 0)
        name = path if len(path) <= room else "..." + path[-max(room - 3, 0):] if room > 3 else ""
        self.stream.write("\r\033[K" + head + name)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r\033[K")
            self.stream.flush()
