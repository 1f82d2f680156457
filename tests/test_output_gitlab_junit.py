"""`--output-format gitlab` (GitLab Code Quality) and `--output-format junit` (JUnit XML), through the
real command on the bundled fixtures and on files written here."""
from __future__ import annotations

import json
import os
import re
import shutil
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from smemlint.cli import main

from kernels import transpose

ROOT = Path(__file__).parent.parent
FIXTURES = ROOT / "fixtures"
GITLAB_SEVERITY = {"error": "major", "warning": "minor", "info": "info"}
CLEAN = transpose(grid=1).replace("tile[32][32]", "tile[32][33]")


def _runner() -> CliRunner:
    try:  # click < 8.2 mixes stderr into stdout unless told
        return CliRunner(mix_stderr=False)
    except TypeError:
        return CliRunner()


def check(*args: str, cwd: Path = ROOT) -> tuple[int, str]:
    """`smemlint check --no-cache ARGS` run in `cwd`: its exit code and standard output."""
    old = os.getcwd()
    os.chdir(cwd)
    try:
        r = _runner().invoke(main, ["check", "--no-cache", *args], catch_exceptions=False)
    finally:
        os.chdir(old)
    return r.exit_code, r.stdout


def json_report(*args: str, cwd: Path = ROOT) -> dict:
    return json.loads(check("--output-format", "json", *args, cwd=cwd)[1])


@pytest.fixture(scope="module")
def fixtures_reports() -> dict:
    """The json, gitlab and junit reports of the whole fixtures directory (linted once each)."""
    out = {"json": json_report("fixtures")}
    for fmt in ("gitlab", "junit"):
        code, text = check("--output-format", fmt, "fixtures")
        out[fmt] = text
        out[fmt + "_exit"] = code
    return out


def _gitlab_entries_ok(entries: list) -> None:
    assert isinstance(entries, list)
    for e in entries:
        assert set(e) >= {"description", "check_name", "fingerprint", "severity", "location"}, e
        assert isinstance(e["description"], str) and e["description"]
        assert isinstance(e["check_name"], str) and e["description"].startswith(e["check_name"] + " ")
        assert isinstance(e["fingerprint"], str) and re.fullmatch(r"[0-9a-f]{32,}", e["fingerprint"])
        assert e["severity"] in {"info", "minor", "major", "critical", "blocker"}
        loc = e["location"]
        assert isinstance(loc["path"], str) and not loc["path"].startswith(("./", "/")) and "\\" not in loc["path"]
        lines = loc["lines"]
        assert isinstance(lines["begin"], int) and isinstance(lines["end"], int)
        assert 1 <= lines["begin"] <= lines["end"]
    fps = [e["fingerprint"] for e in entries]
    assert len(fps) == len(set(fps)), "fingerprints are not unique"


def _findings(doc: dict) -> Counter:
    return Counter((d["file"], d["line"], d["code"], d["severity"], d["message"]) for d in doc["diagnostics"])


# ------------------------------------------------------------------ gitlab

@pytest.mark.parametrize("target", ["fixtures/histogram.cu", "fixtures"])
def test_gitlab_is_a_code_quality_report_of_every_finding(target: str, fixtures_reports: dict) -> None:
    if target == "fixtures":
        doc, (code, text) = fixtures_reports["json"], (fixtures_reports["gitlab_exit"], fixtures_reports["gitlab"])
    else:
        doc, (code, text) = json_report(target), check("--output-format", "gitlab", target)
    assert code == 1  # the fixtures have findings: the exit code does not depend on the format
    entries = json.loads(text)
    _gitlab_entries_ok(entries)
    assert doc["diagnostics"] and all(f["status"] == "ok" for f in doc["files"])
    assert len(entries) == len(doc["diagnostics"])
    # the same findings, path for path and line for line, with GitLab's severities
    got = Counter((e["location"]["path"], e["location"]["lines"]["begin"], e["check_name"], e["severity"],
                   e["description"][len(e["check_name"]) + 1:]) for e in entries)
    want = Counter((f, line, c, GITLAB_SEVERITY[s], m) for (f, line, c, s, m), n in _findings(doc).items()
                   for _ in range(n))
    assert got == want
    for e in entries:
        assert (ROOT / e["location"]["path"]).is_file()


def test_gitlab_fingerprints_survive_an_inserted_line(tmp_path: Path) -> None:
    # messages of these name other lines ("the launch at k.cu:82", "the `if` on line 44"): a hash of the
    # message would change when a line is inserted above
    for name in ("block_shapes.cu", "rules/sync001_barrier_divergence.cu", "histogram.cu"):
        shutil.copy(FIXTURES / name, tmp_path / Path(name).name)
    before = json.loads(check("--output-format", "gitlab", ".", cwd=tmp_path)[1])
    for p in tmp_path.glob("*.cu"):
        p.write_text("\n" + p.read_text())
    after = json.loads(check("--output-format", "gitlab", ".", cwd=tmp_path)[1])
    _gitlab_entries_ok(before)
    _gitlab_entries_ok(after)
    assert len(before) == len(after) > 10
    old = {e["fingerprint"]: e for e in before}
    new = {e["fingerprint"]: e for e in after}
    assert set(old) == set(new)
    for fp, e in old.items():
        moved = new[fp]
        assert (moved["check_name"], moved["location"]["path"]) == (e["check_name"], e["location"]["path"])
        assert moved["location"]["lines"]["begin"] == e["location"]["lines"]["begin"] + 1
    assert any(old[fp]["description"] != new[fp]["description"] for fp in old)  # the test means something


def test_gitlab_and_junit_of_a_clean_file_and_of_no_files(tmp_path: Path) -> None:
    (tmp_path / "clean.cu").write_text(CLEAN)
    code, text = check("--output-format", "gitlab", "clean.cu", cwd=tmp_path)
    assert code == 0 and json.loads(text) == []
    code, text = check("--output-format", "junit", "clean.cu", cwd=tmp_path)
    root = ET.fromstring(text)
    assert code == 0 and (root.get("tests"), root.get("failures"), root.get("errors")) == ("1", "0", "0")
    (case,) = root.iter("testcase")
    assert case.get("name") == "smemlint" and case.get("classname") == "clean.cu" and len(case) == 0
    (tmp_path / "empty").mkdir()
    code, text = check("--output-format", "gitlab", "empty", cwd=tmp_path)
    assert code == 2 and json.loads(text) == []  # nothing linted: an empty report, and exit 2 (issue 27)
    root = ET.fromstring(check("--format", "junit", "empty", cwd=tmp_path)[1])  # --format knows the names too
    assert root.tag == "testsuites" and root.get("tests") == "0" and len(root) == 0


# ------------------------------------------------------------------ junit

def test_junit_suites_and_counts_match_the_findings(fixtures_reports: dict) -> None:
    doc = fixtures_reports["json"]
    assert fixtures_reports["junit_exit"] == 1
    text = fixtures_reports["junit"]
    assert text.startswith("<?xml")
    root = ET.fromstring(text)
    assert root.tag == "testsuites" and root.get("name") == "smemlint"
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == [f["path"] for f in doc["files"]]
    total = Counter()
    for s in suites:
        cases = s.findall("testcase")
        failures = sum(1 for c in cases if c.find("failure") is not None)
        errors = sum(1 for c in cases if c.find("error") is not None)
        assert (int(s.get("tests")), int(s.get("failures")), int(s.get("errors"))) == (len(cases), failures, errors)
        assert cases, s.get("name")
        if not failures:  # a file without findings: one passing testcase
            assert [(c.get("name"), len(c)) for c in cases] == [("smemlint", 0)]
        total.update(tests=len(cases), failures=failures, errors=errors)
    assert total["failures"] == len(doc["diagnostics"]) and total["errors"] == 0
    assert (int(root.get("tests")), int(root.get("failures")), int(root.get("errors"))) == \
        (total["tests"], total["failures"], total["errors"])
    # every finding, with its code, position, message and fix
    got = Counter()
    for s in suites:
        for c in s.iter("testcase"):
            f = c.find("failure")
            if f is None:
                continue
            code, _, pos = c.get("name").partition(" at ")
            line, col = map(int, pos.split(":"))
            assert f.get("type") == code
            # in its own file's suite, or, for a header's kernel analysed in the file that includes it
            # (fixtures/included_kernel_files.cuh, in included_kernel_files.cu), in the includer's
            assert c.get("classname") == s.get("name") or c.get("classname").endswith((".cuh", ".h", ".hpp"))
            got[(c.get("classname"), line, col, code, f.get("message"), f.text)] += 1
    want = Counter((d["file"], d["line"], d["column"], d["code"], d["message"],
                    d["message"] + (f"\nfix: {d['fix']['description']}" if d["fix"] else ""))
                   for d in doc["diagnostics"])
    assert got == want
    assert any("\nfix: " in k[5] for k in got)


def test_messages_with_markup_characters_round_trip() -> None:
    targets = ["fixtures/rules/sync001_barrier_divergence.cu", "fixtures/elementwise_pack.cu"]
    doc = json_report(*targets)
    tricky = {d["message"] for d in doc["diagnostics"] if re.search(r"[<&\"']", d["message"])}
    assert any("<" in m for m in tricky) and any("&" in m for m in tricky)
    text = check("--output-format", "junit", *targets)[1]
    assert "&lt;" in text and "&amp;" in text
    messages = {f.get("message") for f in ET.fromstring(text).iter("failure")}
    texts = {f.text.split("\nfix: ")[0] for f in ET.fromstring(text).iter("failure")}
    assert tricky <= messages and tricky <= texts
    entries = json.loads(check("--output-format", "gitlab", *targets)[1])
    assert tricky <= {e["description"].split(" ", 1)[1] for e in entries}


# ------------------------------------------------------------------ files that could not be linted

def test_a_file_that_could_not_be_linted_is_an_error_entry_and_the_others_are_reported(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "histogram.cu", tmp_path / "histogram.cu")
    (tmp_path / "binary.cu").write_bytes(b"\x7fELF\x00\x01\x02<&>\xff\xfe\x00" * 8)
    # a control character in a file name: XML 1.0 cannot hold it, the report must still parse
    (tmp_path / "odd\x1bname.cu").write_bytes(b"\x00\x00\x00")
    (tmp_path / "syntax.cu").write_text("__global__ void k(int *p) { p[threadIdx.x] = ; }}}\n")
    doc = json_report(".", cwd=tmp_path)
    failed = {os.path.normpath(f["path"]) for f in doc["files"] if f["status"] != "ok"}  # (json keeps `./`)
    assert failed == {"binary.cu", "odd\x1bname.cu"}
    for d in doc["diagnostics"]:
        d["file"] = os.path.normpath(d["file"])
    assert any(d["file"] == "histogram.cu" for d in doc["diagnostics"])

    code, text = check("--output-format", "gitlab", ".", cwd=tmp_path)
    assert code == 2  # a file could not be linted
    entries = json.loads(text)
    _gitlab_entries_ok(entries)
    errors = [e for e in entries if e["check_name"] == "smemlint/could-not-lint"]
    assert {e["location"]["path"] for e in errors} == failed
    for e in errors:
        assert e["severity"] == "major" and e["location"]["lines"] == {"begin": 1, "end": 1}
        assert "could not lint" in e["description"]
    assert len(entries) == len(doc["diagnostics"]) + len(failed)
    assert Counter(e["location"]["path"] for e in entries if e not in errors) == \
        Counter(d["file"] for d in doc["diagnostics"])

    code, text = check("--output-format", "junit", ".", cwd=tmp_path)
    assert code == 2
    root = ET.fromstring(text)
    assert int(root.get("errors")) == len(failed)
    assert int(root.get("failures")) == len(doc["diagnostics"])
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert len(suites) == len(doc["files"])
    binary = suites["binary.cu"]
    (case,) = binary.findall("testcase")
    err = case.find("error")
    assert binary.get("errors") == "1" and err is not None and "binary file" in err.get("message")
    assert any(name.startswith("odd") and s.get("errors") == "1" for name, s in suites.items())
    histogram = suites["histogram.cu"]
    assert int(histogram.get("failures")) == sum(1 for d in doc["diagnostics"] if d["file"] == "histogram.cu") > 0
    # the file with a syntax error is linted (what parsed): reported, its compile errors in system-out
    syntax = suites["syntax.cu"]
    assert syntax.get("errors") == "0" and "compile error" in syntax.findtext("system-out")
