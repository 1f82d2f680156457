"""Rule doc links that open anywhere (issue 27 item 8): SARIF's helpUri and the editor's links are
`docs/rules/<CODE>.md` of the repository at the commit smemlint was installed from (PEP 610's record
of a `pip install "smemlint @ git+REPO_URL@COMMIT_SHA"`), or of the checkout it runs from.
tests/test_readme_install.py checks that the README's install line leaves that record."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from smemlint.lint import all_rules
from smemlint.report.common import docs_base, help_uri

ROOT = Path(__file__).parent.parent
SHA = "0123456789abcdef0123456789abcdef01234567"


def _record(url: str) -> dict:
    return {"url": url, "vcs_info": {"vcs": "git", "commit_id": SHA}}


def test_the_installed_commit_gives_a_web_page() -> None:
    web = f"https://github.com/acme/smemlint/blob/{SHA}/docs/rules"
    assert docs_base(_record("https://github.com/acme/smemlint")) == web
    assert docs_base(_record("https://github.com/acme/smemlint.git")) == web
    assert docs_base(_record("ssh://git@github.com/acme/smemlint.git")) == web
    assert docs_base(_record("git@github.com:acme/smemlint.git")) == web
    assert docs_base(_record("https://ci:secret-token@github.com/acme/smemlint")) == web  # no token leaks
    assert docs_base(_record("https://gitlab.com/acme/smemlint")) == \
        f"https://gitlab.com/acme/smemlint/-/blob/{SHA}/docs/rules"
    # no web repository: no web link
    assert docs_base(_record("file://localhost/srv/smemlint")) is None
    assert docs_base({"url": "file:///srv/smemlint", "dir_info": {"editable": True}}) is None
    assert docs_base({"url": "https://example.com/smemlint-0.2.0.tar.gz", "archive_info": {}}) is None


def test_every_rule_has_its_page_in_the_repository() -> None:
    for code in all_rules():
        page = ROOT / "docs" / "rules" / f"{code}.md"
        assert page.is_file(), code
        # from this checkout the link is that page, never a module in site-packages
        assert help_uri(code) == page.as_uri() or os.environ.get("SMEMLINT_DOCS_URL")


def test_sarif_links_follow_the_base_url(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text("__global__ void k(float *o) { __shfl_down(o[0], 1); }\n")
    env = {**os.environ, "SMEMLINT_DOCS_URL": f"https://github.com/acme/smemlint/blob/{SHA}/docs/rules/"}
    r = subprocess.run([sys.executable, "-m", "smemlint", "check", "--no-cache", "--output-format", "sarif",
                        "k.cu"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    driver = json.loads(r.stdout)["runs"][0]["tool"]["driver"]
    uris = {rule["id"]: rule["helpUri"] for rule in driver["rules"]}
    assert uris["SYNC003"] == f"https://github.com/acme/smemlint/blob/{SHA}/docs/rules/SYNC003.md"
