"""The editor's one-kernel re-lint (lsp/incremental.py) gives what a full lint of the edited text gives.

Edits inside each kernel of real fixtures (a digit, an index, a comment) are linted the way the
server does after an edit, and compared with a from-scratch lint of the same text: same findings
at the same places with the same messages. Edits that leave a kernel, change the line count or
break the parse must take the full lint.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest


from smemlint.config import Settings  # noqa: E402
from smemlint.lint import lint_file  # noqa: E402
from smemlint.lsp import incremental  # noqa: E402
from smemlint.lsp.server import SmemlintServer  # noqa: E402

ROOT = Path(__file__).parent.parent
FILES = ["fixtures/strides.cu", "fixtures/rules/sync001_barrier_divergence.cu", "fixtures/loops_templates.cu",
         "fixtures/rules/sync004_evidence.cu", "fixtures/rules/launch001_block_not_warp_multiple.cu"]


def _findings(result) -> list[tuple]:
    return sorted((d.file, d.line, d.column, d.code, d.message, d.fix.description if d.fix else "")
                  for d in result.diagnostics)


def _body_lines(result) -> list[incremental.Body]:
    return sorted(incremental.bodies(result), key=lambda b: b.line)


def _edits(text: str, body: incremental.Body, rng: random.Random) -> list[str]:
    """Edits a user makes inside `body` that keep the line count."""
    lines = text.split("\n")
    out = []
    inner = list(range(body.line + 1, body.end_line))
    rng.shuffle(inner)
    for ln in inner:
        src = lines[ln - 1]
        for pattern, repl in ((r"\b([1-9])\b", lambda m: str(int(m.group(1)) % 9 + 1)),
                              (r"threadIdx\.x", lambda m: "threadIdx.y"),
                              (r"$", lambda m: "  // edited")):
            new = re.sub(pattern, repl, src, count=1)
            if new != src and not src.lstrip().startswith("#"):
                out.append("\n".join(lines[:ln - 1] + [new] + lines[ln:]))
        if len(out) >= 2:
            break
    return out


@pytest.mark.parametrize("rel", FILES)
def test_one_kernel_relint_equals_full_lint(rel: str, tmp_path: Path) -> None:
    path = tmp_path / Path(rel).name
    text = (ROOT / rel).read_text()
    path.write_text(text)
    server = SmemlintServer(0)
    first = server.lint_text("u", str(path), text)
    assert _findings(first) == _findings(lint_file(str(path), Settings(), text))
    rng = random.Random(rel)
    tried = taken = 0
    for body in _body_lines(first)[:6]:
        for edited in _edits(text, body, rng)[:1]:
            server.lint_text("u", str(path), text)  # back to the original, as after an undo
            before = server.incremental
            got = server.lint_text("u", str(path), edited)
            want = lint_file(str(path), Settings(), edited)
            assert _findings(got) == _findings(want), (rel, body)
            assert sorted((a.line, a.column, a.kernel) for a in got.accesses) == \
                sorted((a.line, a.column, a.kernel) for a in want.accesses), (rel, body)
            tried += 1
            taken += server.incremental > before
    server.close()
    assert tried >= 2
    assert taken >= 1  # the comparison is about the one-kernel path, not only the full-lint fallback


def test_the_one_kernel_path_is_taken_and_falls_back_when_it_must(tmp_path: Path) -> None:
    path = tmp_path / "strides.cu"
    text = (ROOT / "fixtures/strides.cu").read_text()
    path.write_text(text)
    server = SmemlintServer(0)
    first = server.lint_text("u", str(path), text)
    body = _body_lines(first)[3]
    lines = text.split("\n")
    ln = body.line + 1
    # a comment typed inside a kernel: one kernel re-linted
    edited = "\n".join(lines[:ln - 1] + [lines[ln - 1] + " // note"] + lines[ln:])
    server.lint_text("u", str(path), edited)
    assert server.incremental == 1
    # a new line: every line below moves, the whole file is linted
    server.lint_text("u", str(path), "\n".join(lines[:ln - 1] + ["", lines[ln - 1]] + lines[ln:]))
    assert server.incremental == 1
    # a syntax error inside the kernel: the full lint says so, as it would on disk
    server.lint_text("u", str(path), text)
    broken = "\n".join(lines[:ln - 1] + [lines[ln - 1] + " int int int;"] + lines[ln:])
    got = server.lint_text("u", str(path), broken)
    assert server.incremental == 1  # the blanked copy's compile error sends it to the full lint
    assert any("compile error" in n for n in got.notes)
    server.close()


def test_changed_lines_and_blank() -> None:
    assert incremental.changed_lines("a\nb\nc", "a\nB\nc") == (2, 2)
    assert incremental.changed_lines("a\nb\nc", "a\nb\nc") is None
    assert incremental.changed_lines("a\nb", "a\nb\nc") is None
    text = "void k() {\n  x = 1; // é\n  y = 2;\n}\nint z;"
    b = incremental.Body(1, 10, 4, 2)
    out = incremental.blank(text, [b])
    assert out.split("\n")[0] == "void k() {" and out.split("\n")[3] == "}"
    assert out.split("\n")[1].strip() == "" and out.count("\n") == text.count("\n")
    assert out.endswith("int z;")
