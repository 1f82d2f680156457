"""What PTX can tell when no SASS is at hand (a `.ptx` file, or PTX inside a fatbin: `cuobjdump -ptx`).

PTX gives the accesses the front end of the compiler asked for: `ld.shared` /
`st.shared` / `ld.global` with their vector widths (`.v2`, `.v4`), `bar.sync`,
`.pragma "nounroll"`, loops (backward branches) and source lines (`.loc`).
It cannot give what ptxas decides later: the final vectorization (ptxas may
still split or merge accesses), registers and spills, and code size in bytes.
Those are listed in `KernelFacts.unknown`; prefer SASS when nvcc is present.
"""
from __future__ import annotations

import re
from collections import Counter

from . import names
from .kernelfacts import KernelFacts, Loop
from .parse import same_file
from .ptx_opcodes import memory_access, family

PTX_UNKNOWN = ["final vectorization (ptxas may split or merge accesses)", "registers and spills",
               "code size in bytes (instruction-cache footprint)"]

_ENTRY = re.compile(r"^\s*(?:\.(?:visible|weak|extern)\s+)*\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)")
_FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"([^"]*)"')
_LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)\s+\d+(.*)$")
_INLINED = re.compile(r"inlined_at\s+(\d+)\s+(\d+)\s+\d+")
_LABEL = re.compile(r"^\s*([$\w]+):\s*$")
_PRED = re.compile(r"^@!?%\w+\s+")
_BRA = re.compile(r"\bbra(?:\.uni)?\s+([$\w]+)\s*;")


def facts_from_ptx(text: str, line_file: str | None) -> dict[str, KernelFacts]:
    files: dict[int, str] = {}
    for raw in text.splitlines():
        m = _FILE.match(raw)
        if m:
            files[int(m.group(1))] = m.group(2)
    target = re.search(r"^\s*\.target\s+(sm_\d+)", text, re.M)
    if line_file is None and len(files) == 1:
        line_file = next(iter(files.values()))
    out: dict[str, KernelFacts] = {}
    cur: KernelFacts | None = None
    depth = 0
    body: list[tuple[str, str, list[int]]] = []  # (kind, text, lines); kind: "i" instruction, "l" label, "p" pragma
    lines_now: list[int] = []

    def finish() -> None:
        if cur is None:
            return
        labels = {t: n for n, (k, t, _) in enumerate(body) if k == "l"}
        instr_idx = [n for n, (k, _, _) in enumerate(body) if k == "i"]
        cur.ptx_instructions = len(instr_idx)
        spans = []
        for n, (k, t, _) in enumerate(body):
            b = _BRA.search(t) if k == "i" else None
            if b and b.group(1) in labels and labels[b.group(1)] < n:
                spans.append((labels[b.group(1)], n))
        for s, e in sorted(set(spans)):
            inner = body[s:e + 1]
            lns = [ln for k, _, ls in inner if k == "i" for ln in ls]
            nounroll = any(k == "p" and "nounroll" in t for k, t, _ in inner)
            d = sum(1 for s2, e2 in spans if (s2, e2) != (s, e) and s2 <= s and e <= e2)
            cur.loops.append(Loop(s, e, sum(1 for k, _, _ in inner if k == "i"), d, min(lns) if lns else None,
                                  max(lns) if lns else None, 0, nounroll=nounroll, ptx=True))

    for raw in text.splitlines():
        s = raw.strip()
        m = _ENTRY.match(raw)
        if m and depth == 0:
            finish()
            cur = KernelFacts(m.group(2), names.demangle(m.group(2)).display, target.group(1) if target else None,
                              "ptx")
            cur.unknown = list(PTX_UNKNOWN)
            cur.line_file = line_file
            cur.entry = m.group(1) == "entry"
            out[cur.symbol] = cur
            body, lines_now = [], []
            continue
        if cur is None:
            continue
        depth += s.count("{") - s.count("}")
        if not s or s.startswith("//"):
            continue
        m = _LOC.match(raw)
        if m:
            lines_now = []
            fidx, ln = int(m.group(1)), int(m.group(2))
            chain = [(fidx, ln)] + [(int(a), int(b)) for a, b in _INLINED.findall(m.group(3))]
            for f, ln2 in chain:
                if line_file and f in files and same_file(files[f], line_file):
                    lines_now.append(ln2)
            continue
        m = _LABEL.match(raw)
        if m:
            body.append(("l", m.group(1), []))
            continue
        if s.startswith(".pragma"):
            body.append(("p", s, []))
            cur.counts['pragma "nounroll"'] = cur.counts.get('pragma "nounroll"', 0) + ("nounroll" in s)
            continue
        if s.startswith(".") or not s.endswith(";") or s in ("{", "}"):
            continue
        instr = _PRED.sub("", s)
        opcode = instr.split(None, 1)[0].rstrip(";")
        body.append(("i", instr, list(lines_now)))
        fam = family(opcode)
        if fam:
            cur.counts[fam] = cur.counts.get(fam, 0) + 1
            if memory_access(opcode):
                for ln in dict.fromkeys(lines_now):
                    cur.lines.setdefault(ln, Counter())[fam] += 1
    finish()
    return {k: v for k, v in out.items() if v.entry}


__all__ = ["facts_from_ptx", "PTX_UNKNOWN"]
