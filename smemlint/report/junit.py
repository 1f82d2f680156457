"""`--output-format junit`: JUnit XML, for CI systems that show test reports (GitLab, Jenkins, Azure).

One `<testsuite>` per linted file; each finding is a failed `<testcase>`, a file without findings
one passing testcase named `smemlint`, and a file that could not be linted a testcase with an
`<error>`. Built with ElementTree, which escapes `<`, `&` and quotes; characters XML 1.0 cannot
hold at all (control characters from a binary file's name or error) are replaced.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ..results import FileResult
from .gitlab import _rel

_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _x(text: object) -> str:
    return _NOT_XML.sub("\ufffd", str(text))


def report(results: list[FileResult]) -> ET.Element:
    root = ET.Element("testsuites", name="smemlint")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    seconds = 0.0
    for r in results:
        path = _x(_rel(r.path))
        suite = ET.SubElement(root, "testsuite", name=path)
        counts = {"tests": 0, "failures": 0, "errors": 0}
        if r.status != "ok":
            case = ET.SubElement(suite, "testcase", name="smemlint", classname=path)
            ET.SubElement(case, "error", message=_x(f"could not lint: {r.error}"), type=_x(r.status)).text = \
                _x(f"{path}: could not lint: {r.error}")
            counts["tests"] += 1
            counts["errors"] += 1
        elif not r.diagnostics:
            ET.SubElement(suite, "testcase", name="smemlint", classname=path)
            counts["tests"] += 1
        for d in r.diagnostics if r.status == "ok" else ():
            case = ET.SubElement(suite, "testcase", name=_x(f"{d.code} at {d.line}:{d.column}"),
                                 classname=_x(_rel(d.file)))
            text = d.message + (f"\nfix: {d.fix.description}" if d.fix else "")
            ET.SubElement(case, "failure", message=_x(d.message), type=_x(d.code)).text = _x(text)
            counts["tests"] += 1
            counts["failures"] += 1
        if r.notes:
            ET.SubElement(suite, "system-out").text = _x("\n".join(r.notes))
        for k, n in counts.items():
            suite.set(k, str(n))
            totals[k] += n
        suite.set("time", f"{r.seconds:.3f}")
        seconds += r.seconds
    for k, n in totals.items():
        root.set(k, str(n))
    root.set("time", f"{seconds:.3f}")
    return root


def render(results: list[FileResult], arch: str, **_: object) -> str:
    root = report(results)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")
