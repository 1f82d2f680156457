"""The `smemlint` command."""
from __future__ import annotations

import dataclasses
import difflib
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

import click

from . import __version__
from .config import Settings, find_pyproject, load, merge, parse_block, program_args
from .diagnostics import Severity
from .exclude import Excluder
from .lint import DEFAULT_FILE_MEMORY, DEFAULT_FILE_TIMEOUT, all_rules, collect, default_jobs, lint_file, lint_paths
from .model import get_arch
from . import baseline, impact
from .report import FORMATS, OUTPUT_FORMATS
from .report.progress import Progress
from .results import is_internal_error


def _settings(paths: tuple[str, ...], config: str | None, **cli) -> Settings:
    pyproject = Path(config) if config else find_pyproject(Path(paths[0]) if paths else Path.cwd())
    try:
        base = load(pyproject)
    except ValueError as e:
        raise click.UsageError(str(e)) from e
    where = str(pyproject) if pyproject is not None else "the configuration"
    for option in ("select", "ignore"):  # `--select SMEM001,SASS001` as well as repeated options
        cli[option] = tuple(c.strip() for v in cli.get(option) or () for c in v.split(",") if c.strip())
        _check_codes(cli.get(option) or (), f"--{option}")
        if not cli.get(option):
            _check_codes(getattr(base, option), f"{where}: [tool.smemlint] {option}")
    for pattern, codes in base.per_path_ignores:
        _check_codes(codes, f"{where}: [tool.smemlint.per-path-ignores] {pattern!r}")
    return merge(base, **cli)


def _check_codes(codes, where: str) -> None:
    """Every rule code (or code prefix: `SMEM`, `SYNC00`) names a rule; a typo is a usage error
    (exit 2) naming the closest code, never a run that silently selects or ignores nothing."""
    if not codes:
        return  # (the rule registry is not imported: a warm run needs no rule)
    known = sorted(all_rules())
    for code in codes:
        if any(k.startswith(code) for k in known):
            continue
        upper = code.upper()
        if upper and any(k.startswith(upper) for k in known):
            hint = f"rule codes are upper case: {upper!r}"
        else:
            close = difflib.get_close_matches(upper, known, n=1, cutoff=0.5)
            hint = f"did you mean {close[0]!r}?" if close else "`smemlint rules` lists them"
        raise click.UsageError(f"{where}: unknown rule code {code!r}; {hint}")


EXIT_INTERNAL = 3  # smemlint itself failed (1: findings, 2: usage error or a file that could not be linted)


class _Terminated(BaseException):
    """SIGTERM to the run: unwinds like Ctrl-C, so workers are killed and scratch files removed."""


def _on_sigterm(signum, frame) -> None:  # noqa: ANN001, ARG001
    raise _Terminated()


class _Main(click.Group):
    """The command group, with the exits no command should improvise: an internal error is one line
    and exit 3 (its traceback with --verbose or SMEMLINT_DEBUG=1), an interrupt exits 130, SIGTERM 143."""

    def invoke(self, ctx: click.Context):  # noqa: ANN201
        from .lint import debugging

        handler = None
        if threading.current_thread() is threading.main_thread():
            handler = signal.signal(signal.SIGTERM, _on_sigterm)
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            click.echo("smemlint: interrupted", err=True)
            sys.exit(130)
        except _Terminated:
            sys.exit(128 + signal.SIGTERM)
        except Exception as e:  # noqa: BLE001
            if debugging() or ctx.meta.get("smemlint.verbose"):
                traceback.print_exc()
                hint = ""
            else:
                hint = " (SMEMLINT_DEBUG=1 or --verbose shows where)"
            first = str(e).splitlines()[0] if str(e) else ""
            click.echo(f"smemlint: internal error: {type(e).__name__}{': ' + first if first else ''}{hint}; "
                       "please report it", err=True)
            sys.exit(EXIT_INTERNAL)
        finally:
            if handler is not None:
                signal.signal(signal.SIGTERM, handler)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="smemlint")
def main() -> None:
    """Static linter for CUDA C++: bank conflicts, coalescing and CUDA traps, predicted per source line."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(sorted(FORMATS)), default="text", show_default=True,
              help="Output format.")
@click.option("--output-format", "output_format", type=click.Choice(sorted(OUTPUT_FORMATS)),
              help="ruff's names: full (the text format), concise (one line per finding), json, sarif, "
                   "github, gitlab (Code Quality report), junit (JUnit XML); wins over --format.")
@click.option("--block", help="Block shape for kernels with no launch or annotation, e.g. 32,8.")
@click.option("--arch", help="Target architecture (default sm_90).")
@click.option("--program-args", "program_args_text", metavar="TEXT",
              help="The command line the linted program is run with (`main`'s arguments, e.g. \"1024 100 16\"): "
                   "host values read from argv are that run's; default: run without arguments.")
@click.option("-I", "include", multiple=True, help="Add an include directory.")
@click.option("-D", "define", multiple=True, help="Define a macro (NAME or NAME=VALUE).")
@click.option("--std", help="C++ standard, e.g. c++17.")
@click.option("--cuda-headers", type=click.Choice(["auto", "toolkit", "bundled"]),
              help="Parse with the CUDA toolkit's headers, smemlint's bundled declarations, or auto.")
@click.option("-p", "--compile-commands", "compile_commands", type=click.Path(),
              help="compile_commands.json (or its directory) to take -I/-D/-std flags from.")
@click.option("--fix", "apply_fixes", is_flag=True, help="Apply the safe fixes (SYNC003, SUP001) to the files, "
                                                          "each file linted again before it is written.")
@click.option("--unsafe-fixes", is_flag=True, help="With --fix or --diff: also the fixes that change an array's "
                                                   "layout or what the program waits for (see `smemlint explain`).")
@click.option("--diff", "show_diff", is_flag=True, help="Print the fixes as a unified diff instead of writing them "
                                                        "(exit 1 when there is one).")
@click.option("--show-fixes", is_flag=True, help="With --fix: list the findings that were fixed.")
@click.option("--stdin-filename", help="With `-` as the path: the name the text read from standard input is "
                                       "linted and reported as (its directory finds pyproject.toml and headers).")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False, writable=True),
              help="Write the report to this file instead of standard output.")
@click.option("-q", "--quiet", is_flag=True, help="Text format: the findings only (no notes, summary or coverage).")
@click.option("--statistics", is_flag=True, help="One line per rule that fired (count, code, name, files) and the "
                                                 "summary, instead of every finding; with --output-format json, "
                                                 "the same as a JSON list.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings (2 and 3 still mean "
                                                "a file could not be linted / smemlint failed).")
@click.option("--select", multiple=True, help="Only these rule codes (prefixes allowed; repeat or separate by commas).")
@click.option("--extend-select", multiple=True, help="Rule codes to enable besides the configured selection.")
@click.option("--show-settings", is_flag=True, help="Print the settings the run would use (configuration and "
                                                    "options merged) and exit.")
@click.option("--ignore", multiple=True, help="Skip these rule codes (prefixes allowed; repeat or separate by commas).")
@click.option("--exclude", multiple=True, help="Leave out paths matching these gitignore patterns (replaces the "
                                               "configured `exclude`; repeat or separate by commas).")
@click.option("--extend-exclude", multiple=True, help="Leave out these patterns besides the configured ones.")
@click.option("--force-exclude/--no-force-exclude", default=None,
              help="Apply the exclusions to paths named on the command line too (by default a named path is "
                   "always linted; the pre-commit hook passes this).")
@click.option("--respect-gitignore/--no-respect-gitignore", default=None,
              help="Leave out what the tree's .gitignore files ignore (default: yes, in a git checkout).")
@click.option("--min-impact", "min_impact", metavar="SHARE",
              help="Hide cost findings (SMEM001/002, GMEM001/002) whose access accounts for less than this share of "
                   "its kernel's shared wavefronts or global sectors (facts.share): 0.05 or 5%; trap rules stay.")
@click.option("--fail-on", type=click.Choice(["info", "warning", "error"]), default="info", show_default=True,
              help="Exit 1 only for findings at or above this severity.")
@click.option("--accesses", "-a", is_flag=True, help="Text format: list every access with its numbers.")
@click.option("--verbose", "-v", is_flag=True, help="Text format: show the lane-to-bank picture of each conflict.")
@click.option("--config", type=click.Path(exists=True, dir_okay=False), help="pyproject.toml to read.")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False),
              help="Report only findings not recorded in this baseline file.")
@click.option("--write-baseline", "write_baseline", type=click.Path(dir_okay=False),
              help="Record every current finding in this file (then exit 0).")
@click.option("--color", "--colour", "color", type=click.Choice(["auto", "always", "never"]), default="auto",
              show_default=True, help="Text format: colour (auto: on a terminal, unless NO_COLOR is set).")
@click.option("--sass", is_flag=True, help="Also compile with nvcc and run the SASS rules (SASS001-003).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), help="Files linted in parallel (default: the number of cores).")
@click.option("--file-timeout", type=click.FloatRange(min=0), default=DEFAULT_FILE_TIMEOUT, show_default=True,
              help="Seconds one file may take before it is reported as not linted (0: no limit).")
@click.option("--file-memory", type=click.IntRange(min=0), default=DEFAULT_FILE_MEMORY, show_default=True,
              help="MiB of memory one file's worker may use before the file is reported as not linted (0: no limit).")
@click.option("--no-cache", is_flag=True, help="Lint every file again instead of reusing results of unchanged files, "
                                               "and write nothing to the cache "
                                               "(cache: $SMEMLINT_CACHE_DIR or ~/.cache/smemlint).")
def check(paths, fmt, output_format, block, arch, program_args_text, include, define, std, cuda_headers, compile_commands, apply_fixes,
          unsafe_fixes, show_diff, show_fixes, stdin_filename,
          output_file, quiet,
          statistics, exit_zero,
          select, extend_select, show_settings, ignore, exclude, extend_exclude, force_exclude, respect_gitignore,
          min_impact, fail_on, accesses, verbose, config, baseline_path, write_baseline, color, sass, jobs,
          file_timeout, file_memory, no_cache) -> None:
    """Lint CUDA files and directories (default: the current directory).

    Exit status: 0 no findings at or above --fail-on, 1 findings, 2 a usage error or a file that
    could not be linted, 3 an internal error of smemlint."""
    click.get_current_context().meta["smemlint.verbose"] = verbose
    paths = paths or (".",)
    if output_format:
        fmt = OUTPUT_FORMATS[output_format]
    try:
        block_t = parse_block(block) if block else None
        arch_name = get_arch(arch).name if arch else None
        run_args = program_args(program_args_text, "--program-args") if program_args_text else None
        minimum = impact.parse_min_impact(min_impact) if min_impact is not None else None
    except ValueError as e:
        raise click.UsageError(str(e)) from e
    from_stdin = paths == ("-",)
    if from_stdin:
        stdin_text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
        paths = (stdin_filename or "stdin.cu",)
    settings = _settings(paths, config, block=block_t, arch=arch_name, program_args=run_args, include=include,
                         define=define, std=std, cuda_headers=cuda_headers, compile_commands=compile_commands,
                         select=select, ignore=ignore, sass=True if sass else None)
    extend = tuple(c.strip() for v in extend_select for c in v.split(",") if c.strip())
    if extend:
        _check_codes(extend, "--extend-select")
        if settings.select:  # an empty selection is every rule already
            settings = dataclasses.replace(settings, select=tuple(dict.fromkeys(settings.select + extend)))
    if statistics and fmt not in ("text", "concise", "json"):
        raise click.UsageError(f"--statistics prints a table (text) or its data (json), not {output_format or fmt}")
    if show_settings:
        from .config import settings_toml

        click.echo(f"# from {settings.source or 'defaults (no [tool.smemlint] found)'} and the command line")
        click.echo("\n".join(settings_toml(settings)))
        return
    def _patterns(values) -> tuple[str, ...]:
        return tuple(c.strip() for v in values for c in v.split(",") if c.strip())

    if exclude:
        settings = dataclasses.replace(settings, exclude=_patterns(exclude))
    if extend_exclude:
        settings = dataclasses.replace(settings, extend_exclude=settings.extend_exclude + _patterns(extend_exclude))
    if respect_gitignore is not None:
        settings = dataclasses.replace(settings, respect_gitignore=respect_gitignore)
    if force_exclude is not None:
        settings = dataclasses.replace(settings, force_exclude=force_exclude)
    excluder = Excluder(settings.exclude + settings.extend_exclude, settings.root, settings.respect_gitignore)
    left_out: list[str] = []
    unreadable: list[tuple[str, str]] = []
    files, missing = (list(paths), []) if from_stdin else collect(paths, excluder.excluded,
                                                                   settings.force_exclude, left_out, unreadable)
    for m in missing:
        click.echo(f"smemlint: error: {m}: no such file or directory", err=True)
    for d, why in unreadable:  # counted with the missing paths: the run exits 2
        click.echo(f"smemlint: error: {d}: cannot read the directory ({why}); what is below it is not linted",
                   err=True)
        missing.append(d)
    # nothing to lint: the reason now, the (empty) report as usual, then exit 2 (see _nothing_linted)
    nothing = _nothing_linted(paths, missing, left_out, settings.force_exclude) if not files else None
    known = None
    if baseline_path and not write_baseline:
        try:
            known = baseline.load(Path(baseline_path))
        except ValueError as e:
            raise click.UsageError(str(e)) from e
    t0 = time.perf_counter()
    progress = Progress(len(files), sys.stderr)
    cache = None
    scratch = None
    if not no_cache:
        from .cache import Cache

        cache = Cache(settings)
    else:  # nothing is written to the cache directory: the precompiled header lives for this run only
        scratch = tempfile.mkdtemp(prefix="smemlint-pch-")
        settings = dataclasses.replace(settings, pch_dir=scratch)
    try:
        if from_stdin:  # one text, linted here (no worker, no cache: the text is not a file's)
            results = [lint_file(files[0], settings, stdin_text)]
        else:
            results = lint_paths(files, settings, jobs=jobs or default_jobs(), timeout=file_timeout or None,
                                 memory_mb=file_memory or None, cache=cache, on_done=progress.step)
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    if cache is not None and cache.stored:
        cache.prune()  # the least recently used results, over SMEMLINT_CACHE_MAX_MB
    progress.close()
    elapsed = time.perf_counter() - t0
    if write_baseline:
        n = baseline.write(results, Path(write_baseline))
        click.echo(f"smemlint: wrote {n} finding(s) to {write_baseline}", err=True)
        sys.exit(EXIT_INTERNAL if any(is_internal_error(r) for r in results)
                 else 2 if missing or any(r.status != "ok" for r in results) else nothing or 0)
    if apply_fixes or show_diff:
        from .fixes import fixable_counts

        safe, hidden = fixable_counts(results)
        results, changed = _fix(results, settings, unsafe_fixes, write=apply_fixes and not show_diff
                                and not from_stdin, show=show_fixes)
        n = safe + hidden if unsafe_fixes else safe
        more = "" if unsafe_fixes or not hidden else \
            f" ({hidden} hidden fix{'es' * (hidden != 1)} can be enabled with --unsafe-fixes)"
        if show_diff:  # as ruff: what the diff stands for, and what --unsafe-fixes would add
            click.echo(f"smemlint: would fix {n} finding{'s' * (n != 1)}{more}" if n else
                       f"smemlint: no fixes available{more}", err=True)
            sys.exit(1 if changed else 0)
        if more:  # --fix: the fixes it left alone
            click.echo(f"smemlint: {more.strip(' ()')}", err=True)
    baselined = baseline.filter_known(results, Path(baseline_path), known) if known is not None else 0
    if minimum is not None:
        under = impact.drop_below(results, minimum)
        if under and not quiet:
            click.echo(f"smemlint: {under} finding{'s' * (under != 1)} under --min-impact {min_impact} not shown",
                       err=True)
    from .report.text import use_colour

    colour = (use_colour(sys.stdout) and not output_file) if color == "auto" else color == "always"
    if statistics and fmt == "json":  # ruff's `--statistics --output-format json`: the table as data
        import json

        from .report.text import rule_statistics

        out = json.dumps(rule_statistics(results, unsafe_fixes), indent=2)
    elif statistics and fmt in ("text", "concise"):
        from .report.text import statistics as render_statistics

        out = render_statistics(results, settings.arch, baselined=baselined, unsafe_fixes=unsafe_fixes, quiet=quiet)
    else:
        out = FORMATS[fmt](results, settings.arch, colour=colour, verbose=verbose, accesses=accesses,
                           seconds=elapsed, baselined=baselined, quiet=quiet, unsafe_fixes=unsafe_fixes)
    if output_file:
        try:
            Path(output_file).write_text(out + "\n", encoding="utf-8")
        except OSError as e:
            raise click.UsageError(f"cannot write {output_file}: {e.strerror or e}") from e
    else:
        click.echo(out, color=True if colour else None)  # click strips escapes when piped unless told
    threshold = Severity.parse(fail_on)
    if any(is_internal_error(r) for r in results):
        sys.exit(EXIT_INTERNAL)
    if nothing is not None:
        sys.exit(nothing)
    if missing or any(r.status != "ok" for r in results):
        sys.exit(2)
    from .coverage import not_analysed_in

    if not exit_zero and not_analysed_in(results):
        sys.exit(2)  # linted but not analysed (does not parse, no SASS with --sass): not a pass
    if not exit_zero and any(d.severity >= threshold for r in results for d in r.diagnostics):
        sys.exit(1)


def _nothing_linted(paths, missing: list[str], left_out: list[str], force_exclude: bool) -> int:
    """No file to lint: say why and give exit status 2 (a CI gate that linted nothing must not pass),
    except 0 where --force-exclude left out every file named (pre-commit staged only excluded files)."""
    if missing and len(missing) == len(paths):
        return 2  # each was reported as missing already
    if left_out:
        shown = ", ".join(left_out[:3]) + (f" and {len(left_out) - 3} more" if len(left_out) > 3 else "")
        why = ("what was found is excluded by `exclude`/`extend-exclude` or a .gitignore"
               + (" (--force-exclude)" if force_exclude else "") + f": {shown}")
    else:
        why = f"no .cu or .cuh file under {', '.join(p for p in paths if p not in missing)}"
    if force_exclude and left_out and all(os.path.isfile(p) for p in paths) and not missing:
        click.echo(f"smemlint: nothing to lint: {why}", err=True)
        return 0
    click.echo(f"smemlint: error: nothing linted: {why}", err=True)
    return 2


def _fix(results, settings: Settings, unsafe: bool, *, write: bool, show: bool):
    """Apply (write) or print (--diff) the fixes of every file; the results to report (a written
    file's are those of its fixed text) and whether anything changed."""
    from .fixes import fix_file

    out, changed = [], False
    for r in results:
        ff = fix_file(r, settings, unsafe)
        if ff is None:
            out.append(r)
            continue
        if ff.refused:
            click.echo(f"smemlint: {r.path}: fixes not applied: {ff.refused}", err=True)
            out.append(r)
            continue
        changed = True
        if not write:
            click.echo(ff.diff(), nl=False)
            out.append(r)
            continue
        try:
            Path(r.path).write_text(ff.new, encoding="utf-8")
        except OSError as e:
            click.echo(f"smemlint: {r.path}: cannot write the fixes ({e.strerror or e})", err=True)
            out.append(r)
            continue
        if show:
            for d in ff.applied:
                click.echo(f"fixed: {r.path}:{d.line}:{d.column}: {d.code} {d.fix.description}", err=True)
        out.append(ff.result)
    return out, changed


@main.command()
@click.argument("code")
@click.option("--markdown", is_flag=True, help="Print the rule's doc page as Markdown (docs/rules/CODE.md).")
def explain(code: str, markdown: bool) -> None:
    """Print the documentation of a rule."""
    known = all_rules()
    rule = known.get(code.upper()) or next((r for r in known.values() if r.name == code), None)
    if rule is None:
        names = {r.name: r.code for r in known.values()}
        close = difflib.get_close_matches(code.upper(), sorted(known), n=1, cutoff=0.5) or \
            [names[n] for n in difflib.get_close_matches(code.lower(), sorted(names), n=1, cutoff=0.6)]
        hint = f"did you mean {close[0]!r}?" if close else "`smemlint rules` lists them"
        raise click.UsageError(f"unknown rule {code!r}; {hint}")
    if markdown:
        click.echo(f"# {rule.code} {rule.name}\n\nDefault severity: {rule.severity}. {rule.summary}.\n")
    else:
        click.echo(f"{rule.code} {rule.name} ({rule.severity})\n")
    click.echo(rule.doc)


@main.command("sass")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--arch", help="Target architecture for .cu files (default sm_90); for binaries, the code to read "
                             "(default: every architecture inside).")
@click.option("-I", "include", multiple=True, help="Add an include directory (.cu files).")
@click.option("-D", "define", multiple=True, help="Define a macro (.cu files).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--lines", is_flag=True, help="Text format: also list the memory instructions of each source line.")
@click.option("--timeout", type=float, default=60.0, show_default=True, help="Seconds allowed for one nvcc run.")
def sass_cmd(paths, arch, include, define, fmt, lines, timeout) -> None:
    """Per-kernel SASS facts of .cu files (compiled with nvcc), .ptx, cubins, objects, libraries, fatbins."""
    from .parse.flags import ParseOptions, user_flags
    from .sass.facts import from_path
    from .sass.table import render_json, render_text

    try:
        arch_name = get_arch(arch).name if arch else None
    except ValueError as e:
        raise click.UsageError(str(e)) from e
    results = []
    for p in paths:
        flags = user_flags(p, ParseOptions(tuple(include), tuple(define), arch=arch_name or "sm_90"))
        is_source = p.lower().endswith((".cu", ".cuh"))
        results.append(from_path(p, arch_name or "sm_90" if is_source else arch_name, flags, timeout=timeout))
    click.echo(render_json(results) if fmt == "json" else render_text(results, lines=lines))
    if not any(r.kernels for r in results):
        sys.exit(2)


@main.command()
def rules() -> None:
    """List the rules."""
    for r in all_rules().values():
        click.echo(f"{r.code:<10} {r.name:<24} {str(r.severity):<8} {r.summary}")


@main.command()
@click.argument("location")
@click.option("--block", help="Block shape for kernels with no launch or annotation, e.g. 32,8.")
@click.option("--config", type=click.Path(exists=True, dir_okay=False), help="pyproject.toml to read.")
@click.option("--ir", "show_ir", is_flag=True, help="FILE:KERNEL: print the kernel's IR and the lane addresses "
              "of each access's costliest request, as evaluated (for contributors).")
def show(location: str, block: str | None, config: str | None, show_ir: bool) -> None:
    """Show the lanes and banks of the costliest request of the accesses at FILE:LINE
    (with --ir, FILE:KERNEL: what smemlint made of that kernel)."""
    from .picture import describe_access

    path, _, line_s = location.rpartition(":")
    if show_ir:
        _show_ir(path, line_s, _settings((path,), config, block=parse_block(block) if block else None))
        return
    if not path or not line_s.isdigit():
        raise click.UsageError("expected FILE:LINE")
    settings = _settings((path,), config, block=parse_block(block) if block else None)
    from .cache import Cache

    # the same results `check` stores: an unchanged file is not analysed again
    (r,) = lint_paths([path], settings, jobs=1, cache=Cache(settings))
    if r.status != "ok":
        click.echo(f"{path}: error: {r.error}", err=True)
        sys.exit(2)
    found = [a for a in r.accesses if a.line == int(line_s)]
    if not found:
        click.echo(f"{path}:{line_s}: no memory access found on this line", err=True)
        sys.exit(1)
    for a in found:
        click.echo(describe_access(a, path))


def _show_ir(path: str, name: str, settings) -> None:  # noqa: ANN001 - Settings
    """`show --ir`: analysed in this process, uncached, so that the IR is at hand."""
    from .analysis import analyze_file
    from .irdump import kernel_ir, lane_addresses

    if not path or not name:
        raise click.UsageError("expected FILE:KERNEL")
    result = analyze_file(path, settings)
    if result.status != "ok":
        click.echo(f"{path}: error: {result.error}", err=True)
        sys.exit(2)
    found = [k for k in result.kernels if name in (k.name, k.name.split("<")[0]) and k.ir is not None]
    if not found:
        names = ", ".join(sorted({k.name for k in result.kernels})) or "none"
        click.echo(f"{path}: no kernel `{name}` analysed (kernels: {names})", err=True)
        sys.exit(1)
    for k in found:
        click.echo(kernel_ir(k.unit, k.ir))
        click.echo(lane_addresses(k))


@main.command()
def clean() -> None:
    """Remove the cache directory (results and precompiled headers), as `ruff clean` does."""
    from .cache import cache_dir

    d = cache_dir()
    if not d.exists():
        click.echo(f"smemlint: no cache at {d}")
        return
    shutil.rmtree(d, ignore_errors=True)
    click.echo(f"smemlint: removed {d}" + (" (some files could not be removed)" if d.exists() else ""))


@main.command()
@click.option("--debounce", type=float, default=0.1, show_default=True,
              help="Seconds to wait after an edit before linting the buffer.")
def lsp(debounce: float) -> None:
    """Start the Language Server on stdin/stdout."""
    from .lsp.server import main as serve

    serve(debounce)


if __name__ == "__main__":
    main()
