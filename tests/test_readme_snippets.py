"""The README's CI snippets, parsed from the README as a user would paste them."""
from __future__ import annotations

import os
from pathlib import Path

import yaml  # PyYAML comes with pre-commit (the test extra): a run without it fails, not skips

from readme import readme_block


def test_github_workflow_uploads_sarif_always_then_gates() -> None:
    wf = yaml.safe_load(readme_block("# .github/workflows/smemlint.yml"))
    triggers = wf.get("on", wf.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers and {"push", "pull_request"} <= set(triggers)
    (job,) = wf["jobs"].values()
    assert job["permissions"] == {"contents": "read", "security-events": "write"}
    steps = job["steps"]
    runs = [(i, s["run"]) for i, s in enumerate(steps) if "run" in s]
    sarif = next(i for i, r in runs if "--format sarif" in r)
    assert "--exit-zero" in runs[[i for i, _ in runs].index(sarif)][1]
    upload = next(i for i, s in enumerate(steps) if str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif"))
    assert steps[upload].get("if") == "always()" and steps[upload]["with"]["sarif_file"] == "smemlint.sarif"
    gate = next(i for i, r in runs if "--format github" in r)
    assert sarif < upload < gate  # the gate cannot keep the report from being uploaded
    assert "--exit-zero" not in steps[gate]["run"]


def test_github_workflow_restores_the_cache_before_linting() -> None:
    """Issue 27 item 3: the workflow keeps smemlint's cache between runs, where smemlint puts it."""
    from smemlint.cache import cache_dir

    wf = yaml.safe_load(readme_block("# .github/workflows/smemlint.yml"))
    (job,) = wf["jobs"].values()
    steps = job["steps"]
    cached = [i for i, s in enumerate(steps) if str(s.get("uses", "")).startswith("actions/cache@")]
    assert cached, "no actions/cache step"
    step = steps[cached[0]]
    home = str(Path.home())
    default = str(cache_dir()) if not os.environ.get("SMEMLINT_CACHE_DIR") and not os.environ.get(
        "XDG_CACHE_HOME") else os.path.join(home, ".cache", "smemlint")
    assert step["with"]["path"].replace("~", home, 1) == default
    assert "restore-keys" in step["with"] and "${{ github.sha }}" in step["with"]["key"]
    first_lint = next(i for i, s in enumerate(steps) if "smemlint check" in s.get("run", ""))
    assert cached[0] < first_lint
