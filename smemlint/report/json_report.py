"""`--format json`: the report of OUTPUT.md (a contract: fields are only ever added)."""
from __future__ import annotations

import json
from dataclasses import asdict

from .. import __version__
from ..coverage import coverage, not_analysed_in
from ..results import FileResult
from ..diagnostics import Diagnostic

_ACCESS_FIELDS = ("file", "line", "column", "kernel", "space", "op", "symbol", "width_bits", "block",
                  "predictable", "wavefronts_per_request", "ideal_wavefronts_per_request",
                  "sectors_per_request", "ideal_sectors_per_request", "assumptions", "worst_case")


def diagnostic_dict(d: Diagnostic) -> dict:
    fix = None
    if d.fix is not None:
        fix = {"description": d.fix.description, "edits": [asdict(e) for e in d.fix.edits],
               "verified": d.fix.verified or None}
    # one finding per root cause (grouping.py): the other lines of the cause, and every other site
    # with its own position, message and facts (the per-access numbers are in `accesses`)
    other_sites = [{"line": s.line, "column": s.column, "end_line": s.end_line, "end_column": s.end_column,
                    "message": s.message, "facts": s.facts} for s in d.sites[1:]]
    return {"file": d.file, "line": d.line, "column": d.column, "end_line": d.end_line,
            "end_column": d.end_column, "code": d.code, "name": d.name, "severity": str(d.severity),
            "message": d.message, "fix": fix, "facts": d.facts, "assumptions": d.assumptions,
            "other_lines": list(d.facts.get("other_lines") or []), "other_sites": other_sites}


def report_dict(results: list[FileResult], arch: str) -> dict:
    files, accesses, diags, kernels = [], [], [], []
    unanalysed = not_analysed_in(results)
    for r in results:
        files.append({"path": r.path, "status": r.status, "error": r.error, "notes": r.notes,
                      "headers": r.parse_mode or None, "seconds": round(r.seconds, 4),
                      "not_analysed": unanalysed.get(r.path)})
        for k in r.kernels:
            kernels.append({"file": k.file, "line": k.line, "name": k.name, "block": list(k.block),
                            "assumptions": k.assumptions, "notes": k.notes,
                            "global_load_efficiency": k.global_load_efficiency,
                            "global_store_efficiency": k.global_store_efficiency, "sass": k.sass,
                            "accesses": len(k.accesses), "representative": k.representative})
            for a in k.accesses:
                entry = {f: getattr(a, f) for f in _ACCESS_FIELDS}
                entry["block"] = list(a.block)
                entry["end_line"], entry["end_column"] = a.end_line, a.end_column
                entry["requests"] = a.requests
                entry["object"] = a.object
                entry["instruction_line"] = a.instruction_line or a.line
                entry["worst_block"] = a.worst_block
                entry["worst_iteration"] = a.worst_iteration
                entry["data_dependent"] = a.data_dependent
                entry["charged_to"] = a.charged_to
                entry["instruction"] = a.instruction or None
                accesses.append(entry)
        diags += [diagnostic_dict(d) for d in r.diagnostics]
    return {"tool": {"name": "smemlint", "version": __version__}, "arch": arch, "files": files,
            "accesses": accesses, "diagnostics": diags, "kernels": kernels,
            "coverage": coverage(results).to_dict()}


def render(results: list[FileResult], arch: str, **_: object) -> str:
    return json.dumps(report_dict(results, arch), indent=2)
