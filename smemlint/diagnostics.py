"""What rules produce: typed diagnostics, rendered by report/ and served by lsp/."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum


class Severity(IntEnum):
    INFO = 1
    WARNING = 2
    ERROR = 3

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> "Severity":
        return cls[text.upper()]


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str
    doc: str = ""


@dataclass(frozen=True)
class Edit:
    line: int
    column: int
    end_line: int
    end_column: int
    new_text: str


@dataclass(frozen=True)
class Fix:
    description: str
    edits: tuple[Edit, ...] = ()
    verified: str = ""  # what re-running the model on the fixed code gave


@dataclass
class Diagnostic:
    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    name: str
    severity: Severity
    message: str
    fix: Fix | None = None
    facts: dict[str, object] = field(default_factory=dict)
    assumptions: list[str] = field(default_factory=list)
    picture: str = ""  # lanes → banks, for the terminal and editor hover
    # One finding per root cause (grouping.py): sites a rule gives the same key are reported as one
    # finding at the first, which keeps every site's own diagnostic in `sites` (itself first).
    group: tuple = ()
    sites: list["Diagnostic"] = field(default_factory=list)

    @property
    def headline(self) -> str:
        """What, where and how much, for a glance: the message up to its first `; ` or ` [`
        (rules write the claim first, then why and under which assumptions)."""
        return split_message(self.message)[0]

    @property
    def detail(self) -> str:
        """The rest of the message: the evidence and the assumptions ('' when there is none)."""
        return split_message(self.message)[1]


def split_message(message: str) -> tuple[str, str]:
    cuts = [i for i in (message.find("; "), message.find(" [")) if i > 0]
    if not cuts:
        return message, ""
    i = min(cuts)
    rest = message[i:].lstrip("; ").strip()
    return message[:i], rest
