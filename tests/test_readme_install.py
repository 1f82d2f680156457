"""The README's install line and GitHub workflow, run as pasted (issue 27 item 2): `REPO_URL` and
`COMMIT_SHA` filled in with a local repository holding the working tree and its HEAD, in a fresh
virtual environment (pip builds the wheel from that commit), then the workflow's `run:` steps in
order in a throwaway project (the `uses:` steps are GitHub's own actions). Needs what pip needs to
install smemlint's dependencies (an index or a warm cache), as tests/test_precommit.py does."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import yaml

from kernels import transpose
from readme import readme_block
from snapshot import GIT_ENV, fill_in, snapshot


def _bash(script: str, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    # what a GitHub `run:` step is: `bash -e {0}`
    return subprocess.run(["bash", "-e", "-c", script], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=540)


def test_install_line_and_workflow_as_pasted(tmp_path: Path) -> None:
    env = {**os.environ, **GIT_ENV, "SMEMLINT_CACHE_DIR": str(tmp_path / "cache"), "NO_COLOR": "1"}
    repo, sha = snapshot(tmp_path, env)
    # pip's `name @ url` wants a host in a file URL (PEP 508): file://localhost/...
    url = f"file://localhost{repo.as_posix()}"
    venv.EnvBuilder(with_pip=True).create(tmp_path / "venv")
    env["PATH"] = f"{tmp_path / 'venv' / 'bin'}{os.pathsep}{env['PATH']}"
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)

    install = [line.split("#")[0].strip() for line in readme_block('pip install "smemlint @ git+').splitlines()]
    assert install[0] == 'pip install "smemlint @ git+REPO_URL@COMMIT_SHA"', install
    r = _bash(fill_in(install[0], url, sha), tmp_path, env)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    version = _bash("smemlint --version", tmp_path, env)
    assert version.returncode == 0 and "smemlint" in version.stdout
    # the installed smemlint is the venv's, built from the commit, not this checkout
    where = _bash("python -c 'import smemlint; print(smemlint.__file__)'", tmp_path / "venv", env).stdout
    assert str(tmp_path / "venv") in where, where
    # pip recorded the repository and commit: what the rule doc links are made of (issue 27 item 8)
    record = _bash("python -c 'import json; from smemlint.report.common import _direct_url; "
                   "print(json.dumps(_direct_url()))'", tmp_path, env)
    recorded = json.loads(record.stdout)
    assert recorded["vcs_info"]["commit_id"] == sha and recorded["url"].endswith(repo.as_posix()), recorded

    # a project adopting the gate: a kernel with a conflict, its findings recorded in a baseline
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    (project / "src" / "old.cu").write_text(transpose("old"))
    r = _bash("smemlint check --write-baseline .smemlint-baseline.json src/", project, env)
    assert r.returncode == 0, r.stderr

    wf = yaml.safe_load(fill_in(readme_block("# .github/workflows/smemlint.yml"), url, sha))
    (job,) = wf["jobs"].values()
    runs = [step["run"] for step in job["steps"] if "run" in step]
    for script in runs:
        r = _bash(script, project, env)
        assert r.returncode == 0, (script, r.stdout[-2000:], r.stderr[-2000:])
    sarif = json.loads((project / "smemlint.sarif").read_text())
    assert [res["ruleId"] for res in sarif["runs"][0]["results"]] == ["SMEM001"]

    # a new conflict: the gate (the last step) fails, with a GitHub annotation for it alone
    (project / "src" / "new.cu").write_text(transpose("fresh"))
    r = _bash(runs[-1], project, env)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "::warning file=src/new.cu" in r.stdout and "src/old.cu" not in r.stdout

    # the other way the README installs it: from a clone (REPO_URL only)
    assert install[1] == "git clone REPO_URL smemlint && pip install ./smemlint", install
    r = _bash(install[1].replace("REPO_URL", str(repo)), tmp_path, env)
    assert r.returncode == 0, r.stderr[-2000:]
    assert (tmp_path / "smemlint" / "smemlint" / "cli.py").is_file()
