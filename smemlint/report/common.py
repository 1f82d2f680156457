"""Helpers shared by the renderers and the LSP server: rule doc links, column units."""
from __future__ import annotations

import os
from pathlib import Path

from .. import suppress
from ..results import FileResult
from ..rules import MODULES

_REPO_DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "rules"


def help_uri(code: str) -> str:
    """Where a rule's documentation lives: `docs/rules/<CODE>.md` of the repository, at the commit
    smemlint was installed from, on the web (what SARIF's helpUri and the editor's links need to
    open anywhere, not a file:// path into one machine's site-packages).

    In order: `SMEMLINT_DOCS_URL` (a base URL) wins; else the web page of the repository and commit
    pip recorded when it installed smemlint from a git URL (`pip install "smemlint @
    git+REPO_URL@COMMIT_SHA"`, PEP 610's direct_url.json; GitHub, GitLab and other hosts with
    GitHub's `/blob/` layout); else the page of a checkout's `docs/rules/` (an editable install, or
    a clone pip installed from); else the rule's own module, whose docstring is the doc page.
    """
    base = os.environ.get("SMEMLINT_DOCS_URL")
    if base:
        return base.rstrip("/") + f"/{code}.md"
    web = _installed_docs_base()
    if web:
        return f"{web}/{code}.md"
    for docs in (_REPO_DOCS, _installed_from_dir()):
        if docs is not None and (docs / f"{code}.md").is_file():
            return (docs / f"{code}.md").as_uri()
    module = next((m for m in MODULES if m.RULE.code == code), suppress if code == suppress.RULE.code else None)
    if module is not None and getattr(module, "__file__", None):
        return Path(module.__file__).resolve().as_uri()
    return _REPO_DOCS.as_uri()


def _direct_url() -> dict | None:
    """What pip recorded of where smemlint was installed from (PEP 610), if anything."""
    import json
    from importlib import metadata

    try:
        text = metadata.distribution("smemlint").read_text("direct_url.json")
        return json.loads(text) if text else None
    except Exception:  # noqa: BLE001 - not installed by pip, or a broken record: no web link
        return None


def docs_base(direct_url: dict | None) -> str | None:
    """The web address of `docs/rules` at the installed commit, from a PEP 610 record; None when the
    record names no git repository on the web (a local path, an archive, an editable checkout)."""
    if not isinstance(direct_url, dict):
        return None
    vcs = direct_url.get("vcs_info") or {}
    url, commit = str(direct_url.get("url") or ""), vcs.get("commit_id")
    if vcs.get("vcs") != "git" or not commit:
        return None
    url = url.removeprefix("git+")
    if url.startswith("ssh://git@"):
        url = "https://" + url[len("ssh://git@"):]
    elif url.startswith("git@") and ":" in url:  # scp-like: git@github.com:owner/smemlint.git
        host, path = url[len("git@"):].split(":", 1)
        url = f"https://{host}/{path}"
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme not in ("https", "http") or not parts.hostname:
        return None
    host = parts.hostname + (f":{parts.port}" if parts.port else "")  # never a token in the userinfo
    blob = "/-/blob/" if "gitlab" in parts.hostname else "/blob/"
    return f"{parts.scheme}://{host}{parts.path.rstrip('/').removesuffix('.git')}{blob}{commit}/docs/rules"


def _installed_docs_base() -> str | None:
    return docs_base(_direct_url())


def _installed_from_dir() -> Path | None:
    """The `docs/rules` of the directory pip installed smemlint from (`pip install ./smemlint`)."""
    record = _direct_url()
    url = str((record or {}).get("url") or "")
    if not url.startswith("file://") or (record or {}).get("vcs_info"):
        return None
    from urllib.parse import unquote, urlparse

    return Path(unquote(urlparse(url).path)) / "docs" / "rules"


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
