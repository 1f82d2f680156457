"""One finding per root cause (smemlint/grouping.py): SMEM001/GMEM001 sites of one cause are one
finding at the first line listing the others, in every output; JSON keeps every site; suppressions
and baselines take single sites out of a group (real libclang, the real CLI and server)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from smemlint import grouping
from smemlint.config import Settings
from smemlint.diagnostics import Diagnostic, Severity
from smemlint.lint import lint_file
from smemlint.report import json_report, sarif, text as text_report
from smemlint.lsp.server import to_lsp

ROOT = Path(__file__).parent.parent
FIXTURE = ROOT / "fixtures" / "rules" / "grouped_findings.cu"


def _fixture_kernel(name: str) -> str:
    """The text of one kernel of the fixture, from its `__global__` line to its closing brace."""
    lines = FIXTURE.read_text().splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(f"__global__ void {name}("))
    end = lines.index("}", start)
    return "\n".join(lines[start:end + 1]) + "\n"


# the fixture's unpadded [32][32] tile read by columns on three lines, alone in a file with its launch
THREE_READS = _fixture_kernel("threeColumnReads") + \
    "void launch(float *o, const float *i) { threeColumnReads<<<1, dim3(32, 8)>>>(o, i); }\n"
READS = tuple(n for n, line in enumerate(THREE_READS.splitlines(), 1) if "= tile[x][y" in line)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SMEMLINT_CACHE_DIR": str(cwd / ".cache")}
    return subprocess.run([sys.executable, "-m", "smemlint", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def _fixture_result(**kw):
    return lint_file(str(FIXTURE), Settings(**kw))


def _at(result, line: int, code: str = "SMEM001") -> Diagnostic:
    (d,) = [d for d in result.diagnostics if d.line == line and d.code == code]
    return d


def test_one_finding_per_cause_and_json_keeps_every_site() -> None:
    r = _fixture_result(select=("SMEM001", "GMEM001"))
    smem = [d for d in r.diagnostics if d.code == "SMEM001"]
    head = _at(r, 18)
    assert head.facts["other_lines"] == [19, 20]
    assert "(also lines 19, 20)" in head.headline
    assert not [d for d in smem if d.line in (19, 20)]  # no finding of their own
    assert head.fix is not None and len(head.fix.edits) == 1  # the padding edit, once
    # the near-misses stay apart: two arrays, and two causes on one array
    assert _at(r, 36).facts["other_lines"] == [] and _at(r, 37).facts["other_lines"] == []
    assert _at(r, 50).facts["other_lines"] == [] and _at(r, 51).facts["other_lines"] == []
    # GMEM001: the same stride of `in` on lines 91 and 92 is one finding; another stride on 93 is not
    assert _at(r, 91, "GMEM001").facts["other_lines"] == [92]
    assert _at(r, 93, "GMEM001").facts["other_lines"] == []

    doc = json_report.report_dict([r], "sm_90")
    (d,) = [d for d in doc["diagnostics"] if d["line"] == 18]
    assert d["other_lines"] == [19, 20] and d["facts"]["other_lines"] == [19, 20]
    assert [(s["line"], s["facts"]["ways"], s["facts"]["wavefronts"]) for s in d["other_sites"]] == \
        [(19, 32, 32.0), (20, 32, 32.0)]
    assert all("also" not in s["message"] for s in d["other_sites"])  # each site's own claim
    # the per-access records are complete: every read, each with its own numbers
    reads = [a for a in doc["accesses"] if a["kernel"] == "threeColumnReads" and a["symbol"] == "tile"
             and a["op"] == "ld"]
    assert [(a["line"], a["wavefronts_per_request"]) for a in reads] == [(18, 32.0), (19, 32.0), (20, 32.0)]
    # a finding without other places says so in the same field
    assert all(x["other_lines"] == [] and x["other_sites"] == [] for x in doc["diagnostics"] if x["line"] == 36)


def test_suppressed_sites_leave_their_group() -> None:
    r = _fixture_result()  # every rule: an unused suppression would be SUP001
    assert not [d for d in r.diagnostics if d.code == "SUP001"], [d.message for d in r.diagnostics]
    # ignore[SMEM001] on the middle line: the first and the last stay one finding
    assert _at(r, 64).facts["other_lines"] == [66]
    assert not [d for d in r.diagnostics if d.line == 65 and d.code == "SMEM001"]
    # ignore-next-line on the first: the finding moves to the second, naming the third
    assert not [d for d in r.diagnostics if d.line == 81 - 1 and d.code == "SMEM001"]
    assert _at(r, 81).facts["other_lines"] == [82]


def test_text_sarif_and_lsp_show_the_other_places(tmp_path: Path) -> None:
    path = tmp_path / "k.cu"
    path.write_text(THREE_READS)
    r = lint_file(str(path), Settings(select=("SMEM001",)))
    (d,) = r.diagnostics
    assert d.line == READS[0] and d.facts["other_lines"] == list(READS[1:])

    out = text_report.render([r], "sm_90")
    first = [line for line in out.splitlines() if line.startswith(f"{path}:") and ": note: " not in line]
    assert len(first) == 1 and "(also lines 9, 10)" in first[0], out
    assert "1 finding (SMEM001 x1)" in out

    result = sarif.report_dict([r], "sm_90")["runs"][0]["results"]
    (res,) = result
    related = res["relatedLocations"]
    assert [x["physicalLocation"]["region"]["startLine"] for x in related] == list(READS[1:])
    assert [x["id"] for x in related] == [1, 2]
    assert all(x["message"]["text"].startswith("the same cause: 32-way bank conflict") for x in related)

    uri = path.as_uri()
    (lsp,) = to_lsp(r, THREE_READS, uri)
    info = lsp["relatedInformation"]
    assert [x["location"]["range"]["start"]["line"] for x in info] == [READS[1] - 1, READS[2] - 1]
    assert all(x["location"]["uri"] == uri for x in info)


def test_baseline_knows_every_site_of_a_group(tmp_path: Path) -> None:
    src = tmp_path / "k.cu"
    src.write_text(THREE_READS)
    r = run("check", "--write-baseline", "base.json", "k.cu", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    entries = json.loads((tmp_path / "base.json").read_text())["findings"]
    assert sorted(e["line"] for e in entries) == list(READS)  # one entry per site, as before grouping
    assert run("check", "--baseline", "base.json", "k.cu", cwd=tmp_path).returncode == 0

    # the first read fixed: the group's first site is now line 9, still known
    fixed = THREE_READS.replace("float a = tile[x][y];", "float a = tile[y][x];")
    src.write_text(fixed)
    r = run("check", "--baseline", "base.json", "k.cu", cwd=tmp_path)
    assert r.returncode == 0, r.stdout
    assert "1 known finding in the baseline not shown" in r.stdout

    # a new read with the same cause is reported alone: the known sites leave its group
    src.write_text(fixed.replace("    out[y * 32", "    c += tile[x][y + 24];\n    out[y * 32"))
    r = run("check", "--baseline", "base.json", "--output-format", "json", "k.cu", cwd=tmp_path)
    assert r.returncode == 1, r.stdout
    (d,) = json.loads(r.stdout)["diagnostics"]
    assert d["line"] == 11 and d["other_lines"] == [] and "also" not in d["message"]


def test_unsafe_fix_pads_once_and_every_site_is_fixed(tmp_path: Path) -> None:
    src = tmp_path / "k.cu"
    src.write_text(THREE_READS)
    r = run("check", "--fix", "--unsafe-fixes", "--select", "SMEM001", "k.cu", cwd=tmp_path)
    assert "tile[32][33]" in src.read_text(), r.stdout + r.stderr
    assert run("check", "--select", "SMEM001", "k.cu", cwd=tmp_path).returncode == 0


def _site(line: int, key: tuple = ("k", "tile", 32), code: str = "SMEM001") -> Diagnostic:
    return Diagnostic("k.cu", line, 5, line, 9, code, "shared-bank-conflict", Severity.WARNING,
                      f"32-way bank conflict on `tile`: 32 wavefronts; lanes at {line} [block (32,8,1)]",
                      facts={"ways": 32}, group=key)


def test_regrouping_is_stable() -> None:
    sites = [_site(30), _site(12), _site(20), _site(12, ("k", "other", 2)), _site(40, ()), _site(25, code="GMEM001")]
    once = grouping.group(sites)
    assert [(d.code, d.line, d.facts.get("other_lines")) for d in once] == \
        [("SMEM001", 12, [20, 30]), ("SMEM001", 12, []), ("GMEM001", 25, []), ("SMEM001", 40, None)]
    head = once[0]
    assert head.message.startswith("32-way bank conflict on `tile`: 32 wavefronts (also lines 20, 30); lanes at 12")
    assert [s.line for s in head.sites] == [12, 20, 30] and head.sites[0].message == sites[1].message
    # grouping what is already grouped, or its sites, gives the same findings
    for again in (grouping.group(once), grouping.group(grouping.flatten(once))):
        assert [(d.line, d.message, d.facts) for d in again] == [(d.line, d.message, d.facts) for d in once]
    # many other lines: the first eight are named, the rest counted
    many = grouping.group([_site(n) for n in range(10, 21)])
    assert "(also lines 11, 12, 13, 14, 15, 16, 17, 18 and 2 more)" in many[0].message
    assert many[0].facts["other_lines"] == list(range(11, 21))
