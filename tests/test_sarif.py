"""`--format sarif` validated against the official SARIF 2.1.0 schema, and `--format github`."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from kernels import transpose

ROOT = Path(__file__).parent.parent
# the official OASIS SARIF 2.1.0 schema (errata01), kept in the repository so a fresh clone validates
SCHEMA = ROOT / "tests" / "data" / "sarif-schema-2.1.0.json"

CONFLICT = transpose()


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "smemlint", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def _validate(doc: dict) -> None:
    import jsonschema  # the `test` extra: a run without it has validated nothing, so it fails

    schema = json.loads(SCHEMA.read_text())
    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])


def test_sarif_is_valid_and_complete(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cu").write_text(CONFLICT)
    (tmp_path / "src" / "bad.cu").write_bytes(b"\0\1\2" * 100)
    r = run("check", "--format", "sarif", "src", cwd=tmp_path)
    assert r.returncode == 2, r.stderr  # a file could not be linted
    doc = json.loads(r.stdout)
    _validate(doc)
    assert doc["version"] == "2.1.0"
    (run_,) = doc["runs"]
    driver = run_["tool"]["driver"]
    rules = {x["id"]: x for x in driver["rules"]}
    assert {"SMEM001", "GMEM001", "SUP001"} <= set(rules)
    smem = rules["SMEM001"]
    assert smem["name"] == "shared-bank-conflict" and smem["defaultConfiguration"]["level"] == "warning"
    assert "## Why it is slow" in smem["help"]["markdown"] and smem["fullDescription"]["text"]
    assert smem["helpUri"].startswith(("file://", "http"))
    (res,) = [x for x in run_["results"] if x["ruleId"] == "SMEM001"]
    assert driver["rules"][res["ruleIndex"]]["id"] == "SMEM001"
    loc = res["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "src/k.cu", "uriBaseId": "%SRCROOT%"}
    assert loc["region"]["startLine"] == 6 and loc["region"]["startColumn"] == 43
    assert loc["region"]["endLine"] == 6 and loc["region"]["endColumn"] > 43
    assert "tile[threadIdx.x][threadIdx.y]" in loc["region"]["snippet"]["text"]
    assert res["partialFingerprints"]["smemlint/v1"]
    assert res["properties"]["facts"]["ways"] == 32
    (change,) = res["fixes"][0]["artifactChanges"]
    assert change["replacements"][0]["insertedContent"]["text"] == "33"
    inv = run_["invocations"][0]
    assert inv["executionSuccessful"] is False
    assert any("bad.cu" in n["message"]["text"] for n in inv["toolExecutionNotifications"])


def test_partial_fingerprints_survive_lines_inserted_above(tmp_path: Path) -> None:
    f = tmp_path / "k.cu"
    f.write_text(CONFLICT)
    before = json.loads(run("check", "--format", "sarif", "k.cu", cwd=tmp_path).stdout)["runs"][0]["results"]
    f.write_text("// a licence header\n#include <cstdio>\n\n" + CONFLICT.replace("__syncthreads();",
                                                                                "__syncthreads();  // sync"))
    after = json.loads(run("check", "--format", "sarif", "k.cu", cwd=tmp_path).stdout)["runs"][0]["results"]
    assert [x["locations"][0]["physicalLocation"]["region"]["startLine"] for x in after] == [9]
    assert [x["partialFingerprints"] for x in before] == [x["partialFingerprints"] for x in after]


def test_github_annotations(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text(CONFLICT)
    r = run("check", "--format", "github", "k.cu", cwd=tmp_path)
    assert r.returncode == 1
    (line,) = [x for x in r.stdout.splitlines() if x.startswith("::")]
    assert line.startswith("::warning file=k.cu,line=6,col=43,endLine=6,endColumn=")
    assert ",title=SMEM001 shared-bank-conflict::32-way bank conflict" in line
    assert "%0Afix: pad each row" in line  # newlines escaped: one annotation per line


def test_fail_on_threshold(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_text(CONFLICT)
    assert run("check", "--fail-on", "warning", "k.cu", cwd=tmp_path).returncode == 1
    assert run("check", "--fail-on", "error", "k.cu", cwd=tmp_path).returncode == 0
    assert run("check", "--fail-on", "nope", "k.cu", cwd=tmp_path).returncode == 2


def test_github_annotations_say_when_github_cuts_them(tmp_path: Path) -> None:
    for i in range(12):
        (tmp_path / f"k{i}.cu").write_text(CONFLICT)
    (tmp_path / "broken.cu").write_text('#include "nowhere.h"\n' + CONFLICT)
    r = run("check", "--format", "github", "./", cwd=tmp_path)
    lines = r.stdout.splitlines()
    warnings = [x for x in lines if x.startswith("::warning ")]
    assert len(warnings) == 13 and all(",title=SMEM001" in x for x in warnings)
    assert not any("file=./" in x or "file=/" in x for x in lines)  # paths relative and clean
    assert any(x.startswith("::notice file=broken.cu,") and "missing includes" in x for x in lines)
    (cap,) = [x for x in lines if "at most 10 annotations" in x]
    assert cap.startswith("::notice title=smemlint::") and "13 warnings" in cap and "SARIF" in cap
