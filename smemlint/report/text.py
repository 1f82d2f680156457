"""`--format text`: compiler-style lines, the source line and a caret under the access."""
from __future__ import annotations

import os
from collections import Counter

from ..coverage import coverage, summary_line
from .common import source_of
from ..results import FileResult
from ..diagnostics import Diagnostic, Severity

_COLOURS = {Severity.ERROR: "\033[1;31m", Severity.WARNING: "\033[1;35m", Severity.INFO: "\033[1;36m"}
_BOLD, _GREEN, _DIM, _RESET = "\033[1m", "\033[32m", "\033[2m", "\033[0m"


def _line(source: str, n: int) -> str:
    lines = source.splitlines()
    return lines[n - 1] if 0 < n <= len(lines) else ""


def _diagnostic(d: Diagnostic, source: str, colour: bool, verbose: bool) -> list[str]:
    c = (lambda code, s: f"{code}{s}{_RESET}") if colour else (lambda code, s: s)
    sev = str(d.severity)
    # the claim on the first line, what backs it on the next (a person reads the first at a glance)
    out = [f"{c(_BOLD, f'{d.file}:{d.line}:{d.column}:')} {c(_COLOURS[d.severity], sev + ':')} "
           f"{d.headline} {c(_DIM, f'[{d.code} {d.name}]')}"]
    if d.detail:
        out.append(f"  {c(_DIM, d.detail)}")
    src = _line(source, d.line)
    if src:
        width = (d.end_column - d.column) if d.end_line == d.line and d.end_column > d.column else 1
        caret = " " * (d.column - 1) + "^" + "~" * max(width - 1, 0)
        # keep tabs so the caret lines up under the source
        caret = "".join("\t" if ch == "\t" and i < d.column - 1 else caret[i] for i, ch in
                        enumerate(src[:len(caret)])) + caret[len(src):] if src else caret
        out += [f"  {src}", f"  {c(_GREEN, caret)}"]
    if d.fix is not None:
        out.append(f"  {c(_BOLD, 'fix:')} {d.fix.description}")
    if verbose and d.picture:
        out += ["  " + line for line in d.picture.splitlines()]
    return out


def _access_table(r: FileResult) -> list[str]:
    out = []
    for k in r.kernels:
        out.append(f"{r.path}:{k.line}: kernel {k.name}, block {k.block[0]}x{k.block[1]}x{k.block[2]}")
        for a in k.accesses:
            if not a.predictable:
                why = next((x for x in a.assumptions if x.startswith("cannot predict")), "cannot predict")
                num = why
            elif a.space == "shared" and a.wavefronts_per_request is not None:
                num = f"{a.wavefronts_per_request:g} wavefronts/request (ideal {a.ideal_wavefronts_per_request:g})"
            elif a.space == "global" and a.sectors_per_request is not None:
                num = f"{a.sectors_per_request:g} sectors/request (ideal {a.ideal_sectors_per_request:g})"
            else:
                num = "not modelled"
            text = f" `{a.text}`" if a.text else ""
            out.append(f"  {a.line}:{a.column} {a.space or '?'} {a.op} {a.width_bits}-bit{text}: {num}")
    return out


def _concise(d: Diagnostic) -> list[str]:
    """`--output-format concise`: `path:line:col: CODE headline` and the fix line."""
    return [f"{d.file}:{d.line}:{d.column}: {d.code} {d.headline}"] + ([f"  fix: {d.fix.description}"] if d.fix else [])


def render(results: list[FileResult], arch: str, *, colour: bool | None = None, verbose: bool = False,
           accesses: bool = False, baselined: int = 0, quiet: bool = False, concise: bool = False,
           **_: object) -> str:
    if colour is None:
        colour = False
    out: list[str] = []
    counts: Counter[str] = Counter()
    for r in results:
        if r.status != "ok":
            out.append(f"{r.path}: error: {r.error}")
            continue
        for note in [] if quiet or concise else r.notes:
            out.append(f"{r.path}: note: {note}")
        if accesses:
            out += _access_table(r)
        for d in r.diagnostics:
            out += _concise(d) if concise else _diagnostic(d, source_of(d.file, r), colour, verbose)
            counts[d.code] += 1
    return "\n".join(out + ([] if quiet else _summary(results, counts, baselined)))


def _summary(results: list[FileResult], counts: Counter[str], baselined: int = 0) -> list[str]:
    """The run's last lines: files, kernels, accesses and findings by rule; then the coverage."""
    out = []
    n_files = len(results)
    n_err = sum(1 for r in results if r.status != "ok")
    n_kernels = sum(len(r.kernels) for r in results)
    n_acc = sum(len(r.accesses) for r in results)
    found = sum(counts.values())
    summary = (f"{n_files} file{'s' * (n_files != 1)}, {n_kernels} kernel{'s' * (n_kernels != 1)}, "
               f"{n_acc} access{'es' * (n_acc != 1)}: ")
    summary += (f"{found} finding{'s' * (found != 1)} (" + ", ".join(f"{k} x{v}" for k, v in sorted(counts.items()))
                + ")") if found else "no findings"
    if baselined:
        summary += f"; {baselined} known finding{'s' * (baselined != 1)} in the baseline not shown"
    if n_err:
        summary += f"; {n_err} file{'s' * (n_err != 1)} could not be linted"
    out.append(summary)
    if results:  # how much could be analysed (coverage.py owns the words)
        cov = coverage(results)
        out.append(summary_line(cov))
        if cov.warning:
            out.append(f"warning: {cov.warning}")
    return out


def statistics(results: list[FileResult], arch: str, *, baselined: int = 0, **_: object) -> str:
    """`--statistics`: one line per rule that fired (count, code, name, files, fixes offered),
    most frequent first, then the run's summary and coverage: a screen for any tree."""
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    files: dict[str, set[str]] = {}
    fixable: Counter[str] = Counter()
    for r in results:
        for d in r.diagnostics:
            counts[d.code] += 1
            names[d.code] = d.name
            files.setdefault(d.code, set()).add(d.file)
            fixable[d.code] += d.fix is not None and bool(d.fix.edits)
    out = []
    width = max((len(str(n)) for n in counts.values()), default=1)
    cw = max((len(c) for c in counts), default=0)
    nw = max((len(n) for n in names.values()), default=0)
    for code, n in sorted(counts.items(), key=lambda cn: (-cn[1], cn[0])):
        f = len(files[code])
        fix = f", {fixable[code]} with a verified fix" if fixable[code] else ""
        out.append(f"{n:>{width}}  {code:<{cw}}  {names[code]:<{nw}}  {f} file{'s' * (f != 1)}{fix}")
    errors = [f"{r.path}: error: {r.error}" for r in results if r.status != "ok"]
    return "\n".join(errors + out + _summary(results, counts, baselined))


def use_colour(stream) -> bool:
    return stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
