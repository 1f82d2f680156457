"""One finding per root cause: sites a rule marks with the same group key become one finding.

A rule that reports per access (SMEM001, SMEM002, GMEM001) gives each site's diagnostic a
`group` key naming its cause (the kernel analysis, the array or pointer, the cause and the fix).
After suppression comments have had their say, sites with equal keys (in one file, of one code)
are reported as one finding at the first (lowest line), whose message lists the other lines and
whose `facts["other_lines"]` holds them; the fix is attached once. The finding keeps every site's
own diagnostic in `sites` (its own first), so JSON lists each site with its numbers, and a
baseline, like a suppression, can take one site out of a group: `group()` is applied again to
what is left.

Grouping is applied to per-site diagnostics; giving it grouped ones regroups their sites.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from .diagnostics import Diagnostic

MAX_LISTED = 8  # other lines named in the message; facts["other_lines"] holds them all


def sites_of(d: Diagnostic) -> list[Diagnostic]:
    """The per-site diagnostics behind `d` (itself when it is not a group)."""
    return list(d.sites) if d.sites else [d]


def flatten(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return [s for d in diagnostics for s in sites_of(d)]


def group(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics with each set of equal group keys (per file and code) made one finding."""
    out: list[Diagnostic] = []
    buckets: dict[tuple, list[Diagnostic]] = {}
    for d in flatten(diagnostics):
        if d.group:
            buckets.setdefault((d.file, d.code, d.group), []).append(d)
        else:
            out.append(d)
    for members in buckets.values():
        if len(members) > 1:
            out.append(combine(members))
        else:  # a cause at one site: nothing else to list (`[]`, as SYNC001 says it)
            out.append(dataclasses.replace(members[0], facts={**members[0].facts, "other_lines": []}))
    return sorted(out, key=lambda d: (d.file, d.line, d.column, d.code))


HEADLINE = 100  # characters a headline may take (issue 27: read in one glance)


def also_text(others: list[int], sites: int) -> str:
    """`(also lines 41, 57)`: where else the same cause is, short enough for the first line."""
    if not others:
        return f"({sites} accesses on this line)"
    shown = ", ".join(map(str, others[:MAX_LISTED]))
    more = f" and {len(others) - MAX_LISTED} more" if len(others) > MAX_LISTED else ""
    return f"(also line{'s' if len(others) > 1 else ''} {shown}{more})"


def combine(members: list[Diagnostic]) -> Diagnostic:
    """One finding for sites of one cause: the first site's, naming the others' lines."""
    members = sorted(members, key=lambda d: (d.line, d.column))
    head = members[0]
    others = sorted({m.line for m in members[1:]} - {head.line})
    cut = [i for i in (head.message.find("; "), head.message.find(" [")) if i > 0]
    at = min(cut) if cut else len(head.message)
    # after the claim, before the evidence: the headline (text, concise) shows it, unless that makes
    # the headline longer than a glance (100 characters): then it opens the next line
    also = also_text(others, len(members))
    if at + 1 + len(also) <= HEADLINE:
        message = f"{head.message[:at]} {also}{head.message[at:]}"
    else:
        rest = head.message[at:]
        message = f"{head.message[:at]}; {also}" + (rest if rest.startswith(" [") else "; " + rest[2:] if rest else "")
    fix = head.fix or next((m.fix for m in members if m.fix is not None), None)
    facts = {**head.facts, "other_lines": others}
    if all("share" in m.facts for m in members):  # impact.py: the cause costs what its sites cost together
        facts["share"] = round(min(1.0, sum(float(m.facts["share"]) for m in members)), 4)
    return dataclasses.replace(head, message=message, fix=fix, facts=facts,
                               severity=max(m.severity for m in members), sites=members)
