"""`--format text`: compiler-style lines, the source line and a caret under the access."""
from __future__ import annotations

import os
from collections import Counter

from ..coverage import coverage, not_analysed_in, summary_line
from .common import source_of
from ..results import FileResult
from ..diagnostics import Diagnostic, Severity
from ..fixes import applicable, fixable_line

_COLOURS = {Severity.ERROR: "\033[1;31m", Severity.WARNING: "\033[1;35m", Severity.INFO: "\033[1;36m"}
_BOLD, _GREEN, _DIM, _RESET = "\033[1m", "\033[32m", "\033[2m", "\033[0m"


def _line(source: str, n: int) -> str:
    lines = source.splitlines()
    return lines[n - 1] if 0 < n <= len(lines) else ""


def launch_bracket(d: Diagnostic) -> str:
    """The assumption a rule appended to the message as ` [...]` (the kernel's block and where it came
    from), or ''."""
    if d.assumptions and d.message.endswith(f" [{d.assumptions[0]}]"):
        return d.assumptions[0]
    return ""


def _diagnostic(d: Diagnostic, source: str, colour: bool, verbose: bool, fixable: bool = False,
                launch_apart: bool = True) -> list[str]:
    """A finding as a compiler prints it; `launch_apart`: without its kernel's launch assumption,
    which render prints once per kernel (with -q, which prints no notes, it stays on the finding)."""
    c = (lambda code, s: f"{code}{s}{_RESET}") if colour else (lambda code, s: s)
    sev = str(d.severity)
    # the claim on the first line, what backs it on the next (a person reads the first at a glance);
    # `[*]`: `--fix` (with the run's --unsafe-fixes) would fix it, as in ruff
    marker = f" {c(_BOLD, '[*]')}" if fixable else ""
    out = [f"{c(_BOLD, f'{d.file}:{d.line}:{d.column}:')} {c(_COLOURS[d.severity], sev + ':')} "
           f"{d.headline} {c(_DIM, f'[{d.code} {d.name}]')}{marker}"]
    detail = d.detail
    bracket = launch_bracket(d) if launch_apart else ""
    if bracket:  # said on the kernel's note line instead (render)
        detail = detail[:-len(bracket) - 2].rstrip()
    if detail:
        out.append(f"  {c(_DIM, detail)}")
    src = _line(source, d.line)
    edits = list(d.fix.edits) if d.fix is not None else []
    under = [] if len(edits) != 1 else _fixit(edits[0], src) if edits[0].line == d.line else []
    if src:
        width = (d.end_column - d.column) if d.end_line == d.line and d.end_column > d.column else 1
        out += [f"  {src}", f"  {c(_GREEN, _under(src, d.column, width))}"]
        # clang's fix-it: the edit's new text under the caret when it is on this line
        out += [f"  {c(_GREEN, under[-1])}"] if under else []
    if d.fix is not None:
        out.append(f"  {c(_BOLD, 'fix:')} {d.fix.description}")
        if not under:
            out += [f"  {line}" for line in _edits_shown(edits, source, c)]
    if verbose and d.picture:
        out += ["  " + line for line in d.picture.splitlines()]
    return out


def _under(src: str, column: int, width: int, mark: str = "^") -> str:
    """A caret line under `src` from character `column` (1-based), tabs kept so it lines up."""
    lead = "".join("\t" if ch == "\t" else " " for ch in src[:column - 1])
    return lead + " " * max(column - 1 - len(src), 0) + mark + "~" * max(width - 1, 0)


def _char_column(src: str, byte_column: int) -> int:
    """An edit's byte column (fixes.apply_edits) as a character column of `src`."""
    return len(src.encode("utf-8")[:byte_column - 1].decode("utf-8", errors="ignore")) + 1


def _fixit(e, src: str) -> list[str]:  # noqa: ANN001 - a diagnostics.Edit
    """An edit within one line, as clang prints a fix-it: `~` under what it replaces (a caret where it
    inserts) and the new text under that; [] when the edit spans lines or inserts lines."""
    if e.end_line != e.line or "\n" in e.new_text or not src:
        return []
    start, end = _char_column(src, e.column), _char_column(src, e.end_column)
    lead = "".join("\t" if ch == "\t" else " " for ch in src[:start - 1])
    if end > start:
        return [lead + "~" * (end - start), lead + (e.new_text or "(delete)")]
    return [lead + "^", lead + e.new_text]


_EDITS_SHOWN = 3


def _edits_shown(edits: list, source: str, c) -> list[str]:  # noqa: ANN001
    """The fix's edits away from the finding's line: each line as it is, with its fix-it under it;
    a line-inserting edit as the lines it adds (`+`)."""
    out: list[str] = []
    for e in edits[:_EDITS_SHOWN]:
        src = _line(source, e.line)
        fixit = _fixit(e, src)
        n = str(e.line)
        if fixit:
            out += [f"{n} | {src}", f"{' ' * len(n)} | {c(_GREEN, fixit[0])}",
                    f"{' ' * len(n)} | {c(_GREEN, fixit[1])}"]
        elif e.new_text and e.end_line == e.line and e.end_column == e.column:
            out += [f"{n} | {c(_GREEN, '+ ' + added)}" for added in e.new_text.rstrip("\n").split("\n")]
        else:
            out.append(f"{n} | lines {e.line}-{e.end_line} replaced by "
                       f"{e.new_text.count(chr(10)) + 1} line(s) (--diff shows them)")
    if len(edits) > _EDITS_SHOWN:
        out.append(f"... and {len(edits) - _EDITS_SHOWN} more edit(s) (--diff shows them)")
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


def _concise(d: Diagnostic, fixable: bool = False) -> list[str]:
    """`--output-format concise`: exactly one line, `path:line:col: CODE [*] headline` (ruff's)."""
    return [f"{d.file}:{d.line}:{d.column}: {d.code}{' [*]' if fixable else ''} {d.headline}"]


def render(results: list[FileResult], arch: str, *, colour: bool | None = None, verbose: bool = False,
           accesses: bool = False, baselined: int = 0, quiet: bool = False, concise: bool = False,
           unsafe_fixes: bool = False, **_: object) -> str:
    if colour is None:
        colour = False
    out: list[str] = []
    counts: Counter[str] = Counter()
    unanalysed = not_analysed_in(results)
    for r in results:
        if r.status != "ok":
            out.append(f"{r.path}: error: {r.error}")
            continue
        for note in [] if quiet or concise else r.notes:
            out.append(f"{r.path}: note: {note}")
        why = unanalysed.get(r.path)
        if why:
            out.append(f"{r.path}: error: {why}")
        if accesses:
            out += _access_table(r)
        launch = ""
        for d in r.diagnostics:
            fixable = applicable(d, unsafe_fixes, r.path)
            if not concise and not quiet and launch_bracket(d) and launch_bracket(d) != launch:
                # a kernel's launch assumption once, before its first finding (not ~280 characters on each)
                launch = launch_bracket(d)
                out.append(f"{d.file}: note: findings below: {launch}")
            out += _concise(d, fixable) if concise else \
                _diagnostic(d, source_of(d.file, r), colour, verbose, fixable, launch_apart=not quiet)
            counts[d.code] += 1
    return "\n".join(out + ([] if quiet else _summary(results, counts, baselined, unsafe_fixes)))


def _summary(results: list[FileResult], counts: Counter[str], baselined: int = 0,
             unsafe_fixes: bool = False) -> list[str]:
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
    fixes = fixable_line(results, unsafe_fixes)
    if fixes:
        out.append(fixes)
    if results:  # how much could be analysed (coverage.py owns the words)
        cov = coverage(results)
        out.append(summary_line(cov))
        if cov.warning:
            out.append(f"warning: {cov.warning}")
    return out


def rule_statistics(results: list[FileResult], unsafe_fixes: bool = False) -> list[dict]:
    """Per rule that fired, most frequent first: code, name, count, files, findings with a fix and
    findings `--fix` would fix (ruff's `--statistics` fields, and smemlint's files)."""
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    files: dict[str, set[str]] = {}
    with_fix: Counter[str] = Counter()
    fixable: Counter[str] = Counter()
    for r in results:
        for d in r.diagnostics:
            counts[d.code] += 1
            names[d.code] = d.name
            files.setdefault(d.code, set()).add(d.file)
            with_fix[d.code] += d.fix is not None and bool(d.fix.edits)
            fixable[d.code] += applicable(d, unsafe_fixes, r.path)
    return [{"code": code, "name": names[code], "count": n, "files": len(files[code]),
             "with_fix": with_fix[code], "fixable": fixable[code]}
            for code, n in sorted(counts.items(), key=lambda cn: (-cn[1], cn[0]))]


def statistics(results: list[FileResult], arch: str, *, baselined: int = 0, unsafe_fixes: bool = False,
               quiet: bool = False, **_: object) -> str:
    """`--statistics`: one line per rule that fired (count, code, name, files, fixes offered),
    most frequent first, then the run's summary and coverage (not with -q): a screen for any tree."""
    rows = rule_statistics(results, unsafe_fixes)
    out = []
    width = max((len(str(row["count"])) for row in rows), default=1)
    cw = max((len(row["code"]) for row in rows), default=0)
    nw = max((len(row["name"]) for row in rows), default=0)
    for row in rows:
        f = row["files"]
        fix = f", {row['with_fix']} with a verified fix" if row["with_fix"] else ""
        mark = "[*] " if row["fixable"] else "    " if any(r["fixable"] for r in rows) else ""
        out.append(f"{row['count']:>{width}}  {row['code']:<{cw}}  {mark}{row['name']:<{nw}}  "
                   f"{f} file{'s' * (f != 1)}{fix}")
    errors = [f"{r.path}: error: {r.error}" for r in results if r.status != "ok"]
    counts = Counter({row["code"]: row["count"] for row in rows})
    return "\n".join(errors + out + ([] if quiet else _summary(results, counts, baselined, unsafe_fixes)))


def use_colour(stream) -> bool:
    return stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
