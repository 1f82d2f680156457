"""`--format sarif`: SARIF 2.1.0 for code-scanning dashboards (GitHub, GitLab, Azure DevOps)."""
from __future__ import annotations

import json
import os
from pathlib import Path

from .. import __version__, suppress
from ..coverage import not_analysed_in
from ..results import FileResult
from ..baseline import fingerprints
from ..diagnostics import Diagnostic, Rule, Severity
from ..impact import sarif_rank
from ..rules import RULES
from .common import byte_to_utf16, help_uri, line_text, source_of

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
FINGERPRINT_KEY = "smemlint/v1"


def _rules() -> list[Rule]:
    return [*RULES.values(), suppress.RULE]


def _rule_entry(r: Rule) -> dict:
    first = r.doc.split("\n\n", 1)[0].replace("\n", " ").strip() if r.doc else r.summary
    return {"id": r.code, "name": r.name,
            "shortDescription": {"text": r.summary},
            "fullDescription": {"text": first},
            "help": {"text": r.doc or r.summary, "markdown": r.doc or r.summary},
            "helpUri": help_uri(r.code),
            "defaultConfiguration": {"level": _LEVEL[r.severity]},
            "properties": {"tags": ["cuda", "performance" if r.code[:4] in ("SMEM", "GMEM", "CMEM", "SASS")
                                    else "correctness"]}}


def _uri(path: str, root: str) -> tuple[str, str | None]:
    """Relative to the source root when below it (what code scanning wants), else an absolute file URI."""
    p = os.path.abspath(path)
    rel = os.path.relpath(p, root) if os.path.splitdrive(p)[0] == os.path.splitdrive(root)[0] else ".."
    if not rel.startswith(".."):
        return Path(rel).as_posix(), "%SRCROOT%"
    return Path(p).as_uri(), None


def _region(source: str, line: int, column: int, end_line: int, end_column: int, snippet: bool = True) -> dict:
    start_text, end_text = line_text(source, line), line_text(source, end_line)
    region = {"startLine": line, "startColumn": byte_to_utf16(start_text, column) + 1}
    if end_line >= line and (end_line, end_column) > (line, column):
        region["endLine"] = end_line
        region["endColumn"] = byte_to_utf16(end_text, end_column) + 1
    if snippet and start_text:
        region["snippet"] = {"text": start_text}
    return region


def _location(path: str, root: str, region: dict) -> dict:
    uri, base = _uri(path, root)
    artifact = {"uri": uri, **({"uriBaseId": base} if base else {})}
    return {"physicalLocation": {"artifactLocation": artifact, "region": region}}


def _result(d: Diagnostic, r: FileResult, fp: str, index: dict[str, int], root: str) -> dict:
    out = {"ruleId": d.code, "level": _LEVEL[d.severity], "message": {"text": d.message},
           "locations": [_location(d.file, root, _region(source_of(d.file, r), d.line, d.column, d.end_line,
                                                         d.end_column))],
           "partialFingerprints": {FINGERPRINT_KEY: fp},
           "properties": {"name": d.name, "facts": d.facts, "assumptions": d.assumptions}}
    rank = sarif_rank(d)
    if rank is not None:  # the share of its kernel's traffic, in percent: the hot loop first
        out["rank"] = rank
    related = _related(d, r, root)
    if related:
        out["relatedLocations"] = related
    if d.code in index:
        out["ruleIndex"] = index[d.code]
    if d.fix is not None:
        out["properties"]["fix"] = d.fix.description
        if d.fix.edits:
            uri, base = _uri(d.file, root)
            out["fixes"] = [{"description": {"text": d.fix.description}, "artifactChanges": [{
                "artifactLocation": {"uri": uri, **({"uriBaseId": base} if base else {})},
                "replacements": [{"deletedRegion": _region(r.source, e.line, e.column, e.end_line, e.end_column,
                                                           snippet=False),
                                  "insertedContent": {"text": e.new_text}} for e in d.fix.edits]}]}]
    if d.picture:
        out["properties"]["picture"] = d.picture
    return out


def _related(d: Diagnostic, r: FileResult, root: str) -> list[dict]:
    """The other places of a finding that stands for one cause at several (grouping.py: each site,
    with its own claim; SYNC001/SYNC002: the other lines of `facts.other_lines`)."""
    source = source_of(d.file, r)
    if d.sites:
        return [{"id": i, **_location(s.file, root, _region(source, s.line, s.column, s.end_line, s.end_column)),
                 "message": {"text": f"the same cause: {s.headline}"}} for i, s in enumerate(d.sites[1:], 1)]
    lines = d.facts.get("other_lines") or []
    return [{"id": i, **_location(d.file, root, _region(source, line, 1, line, 1)),
             "message": {"text": f"the same cause as line {d.line}"}} for i, line in enumerate(lines, 1)
            if isinstance(line, int)]


def report_dict(results: list[FileResult], arch: str) -> dict:
    root = os.getcwd()
    rules = _rules()
    index = {r.code: i for i, r in enumerate(rules)}
    sarif_results, notifications = [], []
    unanalysed = not_analysed_in(results)
    for r in results:
        if r.status != "ok":
            uri, base = _uri(r.path, root)
            notifications.append({"level": "error", "message": {"text": f"{r.path}: {r.error}"},
                                  "locations": [{"physicalLocation": {"artifactLocation": {
                                      "uri": uri, **({"uriBaseId": base} if base else {})}}}]})
            continue
        why = unanalysed.get(r.path)
        if why:
            notifications.append({"level": "error", "message": {"text": f"{r.path}: {why}"}})
        for note in r.notes:
            notifications.append({"level": "note", "message": {"text": f"{r.path}: {note}"}})
        for d, fp in zip(r.diagnostics, fingerprints(r)):
            sarif_results.append(_result(d, r, fp, index, root))
    run = {
        "tool": {"driver": {"name": "smemlint", "version": __version__, "semanticVersion": __version__,
                            "informationUri": help_uri("SMEM001").rsplit("/", 1)[0] + "/",
                            "rules": [_rule_entry(r) for r in rules]}},
        "originalUriBaseIds": {"%SRCROOT%": {"uri": Path(root).as_uri() + "/"}},
        "columnKind": "utf16CodeUnits",
        "invocations": [{"executionSuccessful": all(r.status == "ok" for r in results) and not unanalysed,
                         "toolExecutionNotifications": notifications}],
        "results": sarif_results,
        "properties": {"arch": arch},
    }
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def render(results: list[FileResult], arch: str, **_: object) -> str:
    return json.dumps(report_dict(results, arch), indent=2)
