"""Inline fixture expectations (`// expect:` ...), matched both ways against a lint result.

Grammar (STYLE.md "Fixture annotations"):
    // expect: ITEM[; ITEM ...]      ITEM = access[@SYMBOL] key=value ... | CODE[@SYMBOL] key=value ...
    // ok: CODE[, CODE]              near-miss: CODE must not fire on this line
    // todo-expect: ITEM[; ...]      known gap: must fail today (xfail), and fails once it passes
    // config: block=32,8,1 select=SMEM001 arch=sm_90   (file header)
SYMBOL is the accessed object's name as reported: `tile`, a struct field `args.bond`, a pointer
loaded from memory `*ptrs[b]`, or `?` for an object smemlint cannot name.
Unknown keys are errors, so a typo never turns an assertion into a no-op.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

ACCESS_KEYS = {"wavefronts", "ideal", "sectors", "ideal_sectors", "width", "op", "space", "predictable"}
DIAG_KEYS = {"ways", "wavefronts", "ideal", "sectors", "ideal_sectors", "severity", "bank", "op"}
DIAG_KEYS |= {"level", "cond_line", "distinct", "callee", "replacement", "width", "kind", "threads", "blocks",
              "launch_line", "write_line", "event", "minimum", "read_line", "other_lines",
              "witness_wavefronts"}  # trap rules (SYNC/CMEM/ATOM/TIME/...)
ACCESS_KEYS |= {"sass_width"}  # widest SASS instruction emitted for the access's line (--sass)
ACCESS_KEYS |= {"charged"}  # the files nvcc's line table charges the access's instructions to, beside its line (--sass)
DIAG_KEYS |= {"sass_width", "instructions", "factor", "registers", "spills"}  # SASS rules
CONFIG_KEYS = {"block", "select", "ignore", "arch", "cuda_headers", "sass"}  # sass=on: compile with nvcc
_ITEM = re.compile(r"^(?P<what>access|[A-Z]+\d{3})(?:@(?P<sym>[A-Za-z_*?][\w.*\[\]]*))?(?P<rest>(?:\s+\w+=\S+)*)\s*$")
_COMMENT = re.compile(r"//\s*(expect|ok|todo-expect|config):\s*((?:(?!//).)*)")


@dataclass
class Item:
    line: int
    what: str  # "access" or a rule code
    symbol: str | None
    values: dict[str, str]
    todo: bool = False

    def __str__(self) -> str:
        vals = " ".join(f"{k}={v}" for k, v in self.values.items())
        return f"line {self.line}: {self.what}{'@' + self.symbol if self.symbol else ''} {vals}".rstrip()


@dataclass
class Expectations:
    items: list[Item] = field(default_factory=list)
    ok: dict[int, set[str]] = field(default_factory=dict)
    config: dict[str, str] = field(default_factory=dict)


class ExpectationError(ValueError):
    pass


def parse(source: str) -> Expectations:
    ex = Expectations()
    for n, text in enumerate(source.splitlines(), 1):
        for m in _COMMENT.finditer(text):
            _parse_directive(ex, n, m.group(1), m.group(2).strip())
    return ex


def _parse_directive(ex: Expectations, n: int, kind: str, body: str) -> None:
    if kind == "config":
        for kv in body.split():
            k, _, v = kv.partition("=")
            if k not in CONFIG_KEYS or not v:
                raise ExpectationError(f"line {n}: unknown config entry {kv!r}")
            ex.config[k] = v
        return
    if kind == "ok":
        ex.ok.setdefault(n, set()).update(c.strip() for c in body.split(",") if c.strip())
        return
    for part in filter(None, (p.strip() for p in body.split(";"))):
        im = _ITEM.match(part)
        if not im:
            raise ExpectationError(f"line {n}: cannot read expectation {part!r}")
        values = dict(kv.split("=", 1) for kv in im.group("rest").split())
        allowed = ACCESS_KEYS if im.group("what") == "access" else DIAG_KEYS
        bad = set(values) - allowed
        if bad:
            raise ExpectationError(f"line {n}: unknown key(s) {sorted(bad)} in {part!r}")
        ex.items.append(Item(n, im.group("what"), im.group("sym"), values, kind == "todo-expect"))


def _same(expected: str, actual: object) -> bool:
    if actual is None:
        return expected in ("null", "none", "None")
    if isinstance(actual, bool):
        return expected.lower() == str(actual).lower()
    if isinstance(actual, (list, tuple)):  # written without spaces: other_lines=[17,18]
        return expected.replace(" ", "") == "[" + ",".join(map(str, actual)) + "]"
    if isinstance(actual, (int, float)):
        try:
            return abs(float(expected) - float(actual)) <= 0.01
        except ValueError:
            return False
    return expected == str(actual)


def _access_value(a, key: str) -> object:
    return {"wavefronts": a.wavefronts_per_request, "ideal": a.ideal_wavefronts_per_request,
            "sectors": a.sectors_per_request, "ideal_sectors": a.ideal_sectors_per_request,
            "width": a.width_bits, "op": a.op, "space": a.space, "predictable": a.predictable,
            "sass_width": max(a.sass_widths) if getattr(a, "sass_widths", None) else None,
            # the files, other than the access's own line, nvcc's line table charges its instructions to
            "charged": sorted({e["file"].replace("\\", "/").rsplit("/", 1)[-1] for e in a.charged_to
                               if (e["file"], e["line"]) != (a.file, a.sass_line)}) if a.charged_to else None}[key]


def _diag_value(d, key: str) -> object:
    if key == "severity":
        return str(d.severity)
    return d.facts.get(key)


def check_item(item: Item, accesses: list, diagnostics: list) -> str | None:
    """None when the item holds, else what is wrong."""
    if item.what == "access":
        cands = [a for a in accesses if a.line == item.line and (item.symbol is None or a.symbol == item.symbol)]
        for k in ("op", "space"):
            if k in item.values:
                cands = [a for a in cands if str(_access_value(a, k)) == item.values[k]]
        if not cands:
            found = ", ".join(f"{a.symbol}:{a.op}" for a in accesses if a.line == item.line) or "none"
            return f"{item}: no such access (accesses on that line: {found})"
        for a in cands:
            for k, v in item.values.items():
                actual = _access_value(a, k)
                if not _same(v, actual):
                    why = "; ".join(x for x in a.assumptions if x.startswith("cannot predict"))
                    return f"{item}: {a.symbol} {a.op} at column {a.column} has {k}={actual} {why}".rstrip()
        return None
    cands = [d for d in diagnostics if d.line == item.line and d.code == item.what and
             (item.symbol is None or d.facts.get("symbol") == item.symbol)]
    if not cands:
        return f"{item}: {item.what} did not fire"
    problems = []
    for d in cands:
        wrong = [f"{k}={_diag_value(d, k)}" for k, v in item.values.items() if not _same(v, _diag_value(d, k))]
        if not wrong:
            return None
        problems.append(", ".join(wrong))
    return f"{item}: {item.what} fired with {' / '.join(problems)}"


def expand(diagnostics: list) -> list:
    """Each finding, and the other sites of a finding that stands for several (grouping.py): their
    lines keep their own expectations, each site checked against its own facts; the finding itself
    (at its first site) carries `other_lines`."""
    return [x for d in diagnostics for x in [d, *d.sites[1:]]]


def compare(ex: Expectations, accesses: list, diagnostics: list) -> tuple[list[str], list[str]]:
    """(failures, todo items that now pass)."""
    diagnostics = expand(diagnostics)
    failures, promoted = [], []
    claimed: set[tuple[int, str]] = set()
    for item in ex.items:
        problem = check_item(item, accesses, diagnostics)
        if item.what != "access":
            claimed.add((item.line, item.what))
        if item.todo:
            if problem is None:
                promoted.append(f"{item}: todo-expect now holds; make it an expect")
            continue
        if problem:
            failures.append(problem)
    for d in diagnostics:
        if (d.line, d.code) in claimed:
            continue
        if d.code in ex.ok.get(d.line, set()):
            failures.append(f"line {d.line}: {d.code} fired on a near-miss marked ok: {d.message}")
        else:
            failures.append(f"line {d.line}: unexpected {d.code}: {d.message}")
    return failures, promoted
