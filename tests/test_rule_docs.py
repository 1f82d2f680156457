"""Rule docs are runnable: each trap rule's "## Example" fires its code, its "## Use instead" does not.

STYLE.md habit 3 (pylint-style executable doc examples). Also: `smemlint explain CODE` prints the doc of
every registered rule, and every doc has the sections a user looks for.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from smemlint.cli import main
from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.rules import RULES

# Rules whose examples are complete source files (the SMEM001/GMEM001 docs show fragments, the SASS
# rules need a compiler).
EXECUTABLE = ["SMEM002", "SMEM003", "GMEM002", "CMEM001", "SYNC001", "SYNC002", "SYNC003", "SYNC004",
              "ATOM001", "LAUNCH001", "TIME001", "TIME002"]
SECTIONS = ["## What it finds", "## Example", "## Use instead", "## How to silence"]


def section_code(doc: str, heading: str) -> str:
    """The first ```cuda block under `heading` (before the next `## `)."""
    start = doc.index(heading) + len(heading)
    nxt = doc.find("\n## ", start)
    body = doc[start:nxt if nxt >= 0 else len(doc)]
    m = re.search(r"```cuda\n(.*?)```", body, re.S)
    assert m, f"no ```cuda block under {heading}"
    return m.group(1)


def wrap(snippet: str) -> str:
    """Snippets without a kernel are statements: put them in one."""
    if "__global__" in snippet:
        return snippet
    return "__global__ void smemlintDocExample(float *out, const float *in)\n{\n" + snippet + "\n}\n"


def lint_codes(tmp_path: Path, name: str, text: str, code: str) -> list[str]:
    path = tmp_path / name
    path.write_text(wrap(text), encoding="utf-8")
    result = lint_file(str(path), Settings(cuda_headers="bundled", select=(code,)))
    assert result.status == "ok", result.error
    return [d.code for d in result.diagnostics]


@pytest.mark.parametrize("code", EXECUTABLE)
def test_doc_examples_run(code: str, tmp_path: Path) -> None:
    doc = RULES[code].doc
    bad = lint_codes(tmp_path, "bad.cu", section_code(doc, "## Example"), code)
    good = lint_codes(tmp_path, "good.cu", section_code(doc, "## Use instead"), code)
    assert code in bad, f"{code}'s Example does not fire it"
    assert code not in good, f"{code}'s Use instead still fires it"


@pytest.mark.parametrize("code", EXECUTABLE)
def test_doc_sections(code: str) -> None:
    doc = RULES[code].doc
    for s in SECTIONS:
        assert s in doc, f"{code} doc lacks {s!r}"


@pytest.mark.parametrize("code", sorted(RULES))
def test_explain_every_rule(code: str) -> None:
    out = CliRunner().invoke(main, ["explain", code])
    assert out.exit_code == 0, out.output
    assert RULES[code].name in out.output or code in out.output


def test_rules_lists_every_code() -> None:
    out = CliRunner().invoke(main, ["rules"])
    assert out.exit_code == 0
    for code in EXECUTABLE:
        assert code in out.output


def test_the_doc_pages_are_the_rule_docstrings() -> None:
    """docs/rules/CODE.md (the stable URL SARIF and the editor link to) is what `smemlint explain
    --markdown CODE` prints: regenerate the pages when a rule's docstring changes."""
    docs = Path(__file__).resolve().parent.parent / "docs" / "rules"
    stale = [code for code in RULES
             if CliRunner().invoke(main, ["explain", "--markdown", code]).output
             != (docs / f"{code}.md").read_text(encoding="utf-8")]
    assert stale == [], f"regenerate: for c in {' '.join(stale)}; do smemlint explain --markdown $c > docs/rules/$c.md; done"
