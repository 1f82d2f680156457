"""Lint paths: find CUDA files, analyse each, run the rules. Shared by the CLI, tests and editors.

`lint_file` lints one file in this process and returns the live result (IR,
evaluator records) that `smemlint show` and the editor need. `lint_paths` is
what `smemlint check` runs: cached results first, then the rest in long-lived
worker processes (`--jobs`; a single file too), each file under a time and a
memory limit, shipping back the portable result (results.portable) that
renderers, baselines and suppressions read. A worker that runs out of time or
memory, or dies, costs only its file, and a fresh worker takes its place.
Workers die with the process that started them, however it ends.
"""
from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from . import grouping, suppress
from .headers_alone import explain_headers_alone
from .host.elsewhere import agreed_values
from .parse.written import written_kernels
from .config import Settings
from .diagnostics import Rule
from .results import FileResult, KernelResult, internal_error_message, portable

if TYPE_CHECKING:
    from .cache import Cache

CUDA_SUFFIXES = (".cu", ".cuh")
# headers of other names walked when their text defines a `__global__` kernel (tiny-cuda-nn's
# include/tiny-cuda-nn/*.h): the kernels of a tree are found where they are written (issue 29 item 3)
KERNEL_HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx", ".cuhpp", ".inl")
_HEADER_SCAN = 1 << 20  # bytes of a header read for a kernel


def writes_kernels(path: str) -> bool:
    """Does the file's text define a `__global__` kernel (parse.written)? False if it cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read(_HEADER_SCAN)
    except OSError:
        return False
    return b"__global__" in data and bool(written_kernels(data.decode("utf-8", errors="replace")))
_SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox"}
DEFAULT_FILE_TIMEOUT = 60.0  # seconds one file may take (--file-timeout)
DEFAULT_FILE_MEMORY = 4096  # MiB of address space one worker may map (--file-memory); a lint uses ~400


def collect(paths: Iterable[str], excluded: Callable[..., bool] | None = None,
            force_exclude: bool = False, left_out: list[str] | None = None,
            unreadable: list[tuple[str, str]] | None = None) -> tuple[list[str], list[str]]:
    """CUDA files under `paths` (directories walked, sorted) and the paths that do not exist.

    Symbolic links to directories are not followed while walking (as git and ruff do), so a
    link loop cannot make the walk endless. A path given by name that exists but is not a plain
    file or directory (a link loop, a dangling link, a FIFO) is kept: linting it gives the
    per-file message that says what it is. Nothing here raises on a strange file; the only files
    read are headers not named `.cuh` that a walk meets (linted when they define a `__global__` kernel).
    `excluded(path, is_dir, beneath)` (smemlint/exclude.py) leaves out what a walk meets; a path
    named here is always kept (as ruff does), unless `force_exclude`. `left_out` collects the
    CUDA files and directories the exclusions dropped (what says why nothing was linted);
    `unreadable` the directories the walk could not list, with why (never skipped silently).
    """
    out = excluded or (lambda path, is_dir, beneath=None: False)
    files: list[str] = []
    missing: list[str] = []
    dropped = left_out if left_out is not None else []
    for p in paths:
        if os.path.isdir(p):
            if force_exclude and out(p, True):
                dropped.append(p)
                continue
            below = None if force_exclude else p
            def failed(e: OSError) -> None:
                if unreadable is not None:
                    unreadable.append((e.filename or p, e.strerror or str(e)))

            for root, dirs, names in os.walk(p, onerror=failed):
                kept_dirs = []
                for d in sorted(dirs):
                    if d in _SKIP_DIRS or d.startswith("."):
                        continue
                    if out(os.path.join(root, d), True, below):
                        dropped.append(os.path.join(root, d))
                    else:
                        kept_dirs.append(d)
                dirs[:] = kept_dirs
                for n in sorted(names):
                    if n.endswith(CUDA_SUFFIXES) or (n.endswith(KERNEL_HEADER_SUFFIXES) and
                                                     writes_kernels(os.path.join(root, n))):
                        f = os.path.join(root, n)
                        (dropped if out(f, False, below) else files).append(f)
        elif os.path.lexists(p):
            (dropped if force_exclude and out(p, False) else files).append(p)
        else:
            missing.append(p)
    seen: set[str] = set()
    unique = []
    for f in files:
        key = os.path.realpath(f)  # never raises: a link loop resolves to itself
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique, missing


def lint_file(path: str, settings: Settings, text: str | None = None, parsed=None,
              focus: int | None = None, host=None) -> FileResult:
    """Analyse one file in this process and run the rules; the result keeps its live objects.

    `parsed` (a parse.translation.ParseResult of this path) skips the parse: the editor reparses
    a kept translation unit instead of parsing from scratch; `focus` (a line): only the kernel
    defined around it is analysed (lsp/incremental.py); `host` (a host.kept.KeptHost): the host facts
    of the document's last whole lint, kept by the editor, reused by a focused one. Every rule runs (`all_diagnostics`, what
    the cache keeps); the pure filters then give `diagnostics` (apply_filters).
    """
    from .analysis import analyze_file
    from .rules import run_rules

    t0 = time.perf_counter()
    settings = settings.for_path(path)  # [[tool.smemlint.per-path]]: its include folders, defines, block
    result = analyze_file(path, settings, text, parsed=parsed, focus=focus, host=host)
    result.all_diagnostics = run_rules(result, settings, every_rule=True)
    apply_filters(result, settings)
    if result.status == "ok":
        result.seconds = time.perf_counter() - t0  # the rules included: what the file really cost
    return result


def apply_filters(result: FileResult, settings: Settings) -> FileResult:
    """`result.diagnostics` from `result.all_diagnostics` under the filters that need no analysis:
    select/ignore, per-path-ignores, suppression comments (and SUP001 for unused ones), then one
    finding per cause. A cached result is filtered again under each run's settings, so changing
    `--select` re-analyses nothing (cache.analysis_settings keys the cache without the filters)."""
    everything = result.all_diagnostics
    if everything is None:  # a result made without every rule (none is, today): keep what it has
        return result
    if result.status != "ok":
        result.diagnostics = []
        return result
    ignored = settings.ignored_in(result.path)
    if ignored:  # [tool.smemlint.per-path-ignores]
        def enabled(c: str) -> bool:
            return settings.enabled(c) and not c.startswith(ignored)
    else:
        enabled = settings.enabled
    diagnostics = [d for d in everything if enabled(d.code)]
    codes = all_rules()
    diagnostics = suppress.apply(result.path, result.source, diagnostics, enabled=enabled,
                                 known=lambda c: any(code.startswith(c) for code in codes))
    # after the suppressions: a silenced site leaves its group, the others stay one finding
    result.diagnostics = grouping.group(diagnostics)
    return result


def all_rules() -> dict[str, Rule]:
    """Every code smemlint can report: the rules, plus SUP001 (unused suppression) from suppress.py."""
    from .rules import RULES

    return {**RULES, suppress.RULE.code: suppress.RULE}


# ------------------------------------------------------------------ many files

def default_jobs() -> int:
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except (AttributeError, OSError):
        return max(os.cpu_count() or 1, 1)


def _failed(path: str, message: str, seconds: float) -> FileResult:
    return FileResult(path, status="error", error=message, seconds=seconds)


def _timeout_message(timeout: float) -> str:
    return f"took longer than {timeout:g} s (--file-timeout); not linted"


def _memory_message(limit_mb: int) -> str:
    return f"needed more than {limit_mb} MiB of memory (--file-memory); not linted"


def debugging() -> bool:
    """SMEMLINT_DEBUG set: tracebacks of internal errors, and the workers' own stderr, are shown."""
    return os.environ.get("SMEMLINT_DEBUG", "") not in ("", "0")


def _internal_error(path: str, e: BaseException, seconds: float) -> FileResult:
    if debugging():
        traceback.print_exc()
    return _failed(path, internal_error_message(e), seconds)


def _lint_in_worker(path: str, settings: Settings, memory_mb: int | None) -> tuple[FileResult, bool]:
    """Lint one file inside a worker; the flag says the worker ran out of memory and should be replaced."""
    t0 = time.perf_counter()
    try:
        result = portable(lint_file(path, settings))
    except MemoryError:
        return _failed(path, _memory_message(memory_mb or 0), time.perf_counter() - t0), True
    except Exception as e:  # noqa: BLE001 - a bug of smemlint's (a rule, say): the file's message says so
        return _internal_error(path, e, time.perf_counter() - t0), False
    if memory_mb and any("MemoryError" in m for m in [result.error or "", *result.notes]):
        # the analysis turned it into an internal error or a failed kernel: it is the limit
        return _failed(path, _memory_message(memory_mb), time.perf_counter() - t0), True
    return result, False


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _die_with_parent(parent: int) -> None:
    """Make this worker end when the process that started it ends, however it ends (killed by a CI
    time-out, an editor closing it): Linux's parent-death signal, else a thread watching the parent.
    Without it a worker blocked on its pipe outlives the run (each worker holds copies of the other
    workers' pipes, so a parent's death is not an end-of-file)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl")
    except (OSError, AttributeError):
        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(0.2)
            os._exit(1)

        threading.Thread(target=watch, name="smemlint-parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def _worker(conn, settings: Settings, memory_mb: int | None, parent: int) -> None:  # noqa: ANN001
    """Body of a forked worker: lint the paths it is sent, one at a time, until it is sent None;
    answer (portable result, whether this worker must be replaced).

    A worker lints many files, so what one file warms (libclang, the models' memos; all keyed by
    exact inputs, so no result depends on the files before it) serves the next, and no fork is
    paid per file. It exits without cleanup, and at once after running out of memory. Its stderr
    goes nowhere (unless SMEMLINT_DEBUG): what goes wrong with a file is that file's message, not
    a "Fatal Python error" from an interpreter out of memory, nor libclang's chatter."""
    code = 0
    try:
        _die_with_parent(parent)
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # the parent decides what an interrupt means
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if not debugging():
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)
            os.close(devnull)
            import faulthandler

            faulthandler.disable()  # a host that enabled it (pytest, -X faulthandler) keeps its own copy of stderr
        if memory_mb:
            import resource

            limit = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        while True:
            path = conn.recv()
            if path is None:
                break
            t0 = time.perf_counter()
            result, exhausted = _lint_in_worker(path, settings, memory_mb)
            try:
                conn.send((result, exhausted))
            except MemoryError:
                conn.send((_failed(path, _memory_message(memory_mb or 0), time.perf_counter() - t0), True))
                exhausted = True
            except Exception as e:  # noqa: BLE001 - an unpicklable result is our bug, not the user's
                conn.send((_internal_error(path, e, time.perf_counter() - t0), exhausted))
            if exhausted:
                break
    except BaseException:  # noqa: BLE001
        code = 1
    finally:
        try:
            conn.close()
        finally:
            os._exit(code)  # no atexit handlers, no flushing of the parent's inherited buffers


_WARM_UP_KERNEL = """
__global__ void warm_up(const float *in, float *out, int n)
{
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    for (int k = 0; k < 4; ++k) {
        if (x < n)
            tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * n + x + k];
        __syncthreads();
        out[x * n + threadIdx.y] = tile[threadIdx.x][threadIdx.y];
        __syncthreads();
    }
}
void launch(const float *in, float *out, int n) { warm_up<<<n / 32, dim3(32, 8)>>>(in, out, n); }
"""


def _warm_up(settings: Settings) -> None:
    """Lint a small kernel once before forking: every worker then inherits what a first file costs
    (libclang's first parse, lazily built tables, the models' memo; ~20 ms) instead of paying it."""
    import tempfile

    try:
        with tempfile.TemporaryDirectory(prefix="smemlint-warm-") as d:
            path = os.path.join(d, "warm_up.cu")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(_WARM_UP_KERNEL)
            lint_file(path, settings)
    except Exception:  # noqa: BLE001 - only a speed-up
        pass


class _WorkerProcess:
    """A worker process and the file it is linting (None while idle)."""

    def __init__(self, ctx, settings: Settings, memory_mb: int | None) -> None:  # noqa: ANN001
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker, args=(child, settings, memory_mb, os.getpid()), daemon=True)
        self.proc.start()
        child.close()
        self.task: tuple[int, str, float] | None = None  # (index, path, start)

    def give(self, i: int, path: str) -> None:
        self.task = (i, path, time.perf_counter())
        self.conn.send(path)

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.proc.kill()
        else:
            with contextlib.suppress(OSError):  # it died already: the join below reaps it
                self.conn.send(None)
        self.proc.join(timeout=5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(timeout=5)
        self.conn.close()


def _run_workers(todo: list[tuple[int, str]], settings: Settings, jobs: int, timeout: float | None,
                 memory_mb: int | None, done: Callable[[int, FileResult], None]) -> None:
    import multiprocessing as mp
    from multiprocessing.connection import wait

    # Load the analysis before forking, so each worker starts with it imported, and warm it up.
    from . import analysis, rules  # noqa: F401

    if len(todo) > 1:  # a lone file gains nothing from it
        _warm_up(settings)

    ctx = mp.get_context("fork")
    queue = list(reversed(todo))
    workers: list[_WorkerProcess] = []
    finished = False
    try:
        workers += [_WorkerProcess(ctx, settings, memory_mb) for _ in range(min(jobs, len(todo)))]
        while True:
            for w in workers:
                if w.task is None and queue:
                    w.give(*queue.pop())
            busy = [w for w in workers if w.task is not None]
            if not busy:
                break
            wait_for = None
            if timeout:
                wait_for = max(min(w.task[2] for w in busy) + timeout - time.perf_counter(), 0.0)  # type: ignore[index]
            ready = set(wait([w.conn for w in busy] + [w.proc.sentinel for w in busy], timeout=wait_for))
            for n, w in enumerate(workers):
                if w.task is None:
                    continue
                i, path, t0 = w.task
                result = None
                if w.conn in ready or w.proc.sentinel in ready:
                    exhausted = False
                    try:
                        if w.conn.poll():
                            result, exhausted = w.conn.recv()
                    except (EOFError, OSError):
                        result = None
                    if result is not None:
                        w.task = None
                        done(i, result)
                        if exhausted:  # out of memory: its heap is suspect, a fresh one takes its place
                            w.stop()
                            workers[n] = _WorkerProcess(ctx, settings, memory_mb)
                        continue
                    if w.proc.sentinel not in ready and w.proc.is_alive():
                        continue  # its pipe closed as it dies: the sentinel follows
                    w.proc.join(timeout=5)
                    code = w.proc.exitcode
                    sig = -code if code is not None and code < 0 else None
                    why = f"killed by signal {sig}" if sig else f"exit status {code}"
                    message = f"the worker linting this file died ({why})"
                    if memory_mb:
                        message += f"; it may have needed more than {memory_mb} MiB (--file-memory)"
                    result = _failed(path, message, time.perf_counter() - t0)
                elif timeout and time.perf_counter() - t0 >= timeout:
                    result = _failed(path, _timeout_message(timeout), time.perf_counter() - t0)
                else:
                    continue
                # the worker is dead or stuck: it goes, a fresh one takes its place
                w.task = None
                w.stop(kill=True)
                done(i, result)
                workers[n] = _WorkerProcess(ctx, settings, memory_mb)
        finished = True
    finally:  # interrupted (Ctrl-C, SIGTERM, an error here): every worker is killed at once
        for w in workers:
            w.stop(kill=not finished or w.task is not None)


def lint_paths(files: list[str], settings: Settings, *, jobs: int | None = None,
               timeout: float | None = DEFAULT_FILE_TIMEOUT, memory_mb: int | None = DEFAULT_FILE_MEMORY,
               cache: Cache | None = None, on_done: Callable[[str], None] | None = None) -> list[FileResult]:
    """Portable results for `files`, in order: from `cache` where it holds them, the others linted
    in up to `jobs` worker processes (a single file too: its time and memory limits, and a crash
    of libclang, are then a worker's, not this process')."""
    results: list[FileResult | None] = [None] * len(files)
    keys: list[str | None] = [None] * len(files)
    todo: list[tuple[int, str]] = []
    for i, f in enumerate(files):
        if cache is not None:
            keys[i] = cache.key(f)
            hit = cache.get(keys[i])
            if hit is not None:
                results[i] = apply_filters(hit, settings)  # stored unfiltered: this run's select/ignore
                if on_done:
                    on_done(f)
                continue
        todo.append((i, f))

    def done(i: int, result: FileResult) -> None:
        results[i] = result
        if cache is not None:
            cache.put(keys[i], result)
        if on_done:
            on_done(files[i])

    jobs = jobs or default_jobs()
    if todo:
        _run_workers(todo, settings, jobs, timeout, memory_mb, done)
    # a kernel launched only from another file of the program (kernel.cu's, from main.cu), or a host
    # function whose parameters only another file's calls give (rep_forces.cu's, from fit_tsne.cu): its
    # file again, with those launches and values (each such file's result cached under what it was given)
    redo = {i: (launches, ()) for i, launches in launched_elsewhere(results).items()}
    for i, values in valued_elsewhere(results).items():
        redo[i] = (redo.get(i, ((), ()))[0], values)
    for i, (elsewhere, values) in sorted(redo.items()):
        again = dataclasses.replace(settings, launches_elsewhere=elsewhere, values_elsewhere=values)
        later = type(cache)(again, cache.dir) if cache is not None else None
        key = later.key(files[i]) if later is not None else None
        hit = later.get(key) if later is not None else None
        if hit is not None:
            results[i] = apply_filters(hit, again)
            continue

        def redone(_: int, result: FileResult, i: int = i, later=later, key=key) -> None:
            results[i] = result
            if later is not None:
                later.put(key, result)

        _run_workers([(i, files[i])], again, 1, timeout, memory_mb, redone)
    merged = merge_across_files([r for r in results if r is not None])
    explain_headers_alone(merged)  # a header that parses only where it is included: said so, not an error
    return merged


def launched_elsewhere(results: list[FileResult | None]) -> dict[int, tuple]:
    """For each result (by index) defining a kernel it does not launch itself, the launches of that
    kernel read in the other files of the run: a kernel of kernel.cu, declared in kernel.h, launched
    from main.cu. A launch counts for a kernel of the same key (its USR: name and parameter types)
    defined in the launching file's folder or a folder above or below it, so that two programs of one
    tree, each with its own `main.cu` and a kernel of the same name, do not lend each other theirs."""
    sites: dict[str, list] = {}
    for r in results:
        for s in (r.launches_of_others if r is not None else ()):
            sites.setdefault(s.kernel, []).append((os.path.dirname(os.path.abspath(r.path)), s))
    out: dict[int, tuple] = {}
    if not sites:
        return out
    for i, r in enumerate(results):
        if r is None or r.status != "ok":
            continue
        here = os.path.dirname(os.path.abspath(r.path))
        given = [s for k in r.kernels if not k.launched and "<" not in k.name and k.key not in r.kernels_launched
                 for where, s in sites.get(k.key, ()) if _related(here, where)]
        if given:
            out[i] = tuple(given)
    return out


def valued_elsewhere(results: list[FileResult | None]) -> dict[int, tuple]:
    """For each result (by index) whose host code read a parameter of a function it defines and calls
    nowhere, the values the other files of the run (in its folder, or one above or below it) all pass
    there: ((USR, index), (value, read from the named run's arguments)) pairs (host/elsewhere.py)."""
    passed = [(os.path.dirname(os.path.abspath(r.path)), out) for r in results
              if r is not None and (out := getattr(r, "arguments_out", None))]
    out: dict[int, tuple] = {}
    if not passed:
        return out
    for i, r in enumerate(results):
        asked = getattr(r, "asked_elsewhere", None) if r is not None and r.status == "ok" else None
        if not asked:
            continue
        here = os.path.dirname(os.path.abspath(r.path))
        found = agreed_values(passed, set(asked), lambda where, here=here: _related(here, where))
        if found:
            out[i] = tuple(sorted(found.items()))
    return out


def _related(a: str, b: str) -> bool:
    common = os.path.commonpath([a, b])
    return common in (a, b)


def _within(d, k: KernelResult) -> bool:
    """Diagnostic `d` lies in kernel `k`'s definition."""
    return d.file == k.file and k.line <= d.line <= max(k.end_line, k.line)


def _in_includer(r: FileResult, k: KernelResult) -> bool:
    """Kernel `k` was analysed in a file other than its own: a file that includes it."""
    return os.path.realpath(r.path) != os.path.realpath(k.file)


def _one_name_per_file(results: list[FileResult]) -> None:
    """Every file named one way for the whole run: `./src/x.cuh` (a header as the walk of `.` found
    it) and `src/x.cuh` (as clang named it for an includer) are one file, so its kernels and
    findings merge. Files are told apart by their real path; the name kept is the first one met,
    without `./` and `a/../` (os.path.normpath)."""
    names: dict[str, str] = {}

    def name(path: str) -> str:
        return names.setdefault(os.path.realpath(path), os.path.normpath(path)) if path else path

    for r in results:
        r.path = name(r.path)
        for k in r.kernels:
            k.file = name(k.file)
            for a in k.accesses:
                a.file = name(a.file)
        for d in r.diagnostics:
            for s in {id(x): x for x in [d, *d.sites]}.values():
                s.file = name(s.file)


def _drop_unreached(results: list[FileResult]) -> None:
    """Findings about device code no kernel of the run calls are dropped (reach.py): a helper
    header linted on its own has no kernel, the files that include it say what the build runs.
    Findings name their function by `facts["function_key"]`; a result without the reach of its
    kernels (an older cache entry) keeps every finding."""
    from .reach import is_reached  # the IR's modules: not loaded for cached results without findings

    ok = [r for r in results if r.status == "ok"]
    if any(r.reached_functions is None for r in ok):
        return
    reached = {k for r in ok for k in r.reached_functions or ()}
    for r in ok:
        r.diagnostics = [d for d in r.diagnostics
                         if not d.facts.get("function_key") or is_reached(str(d.facts["function_key"]), reached)]


def merge_across_files(results: list[FileResult]) -> list[FileResult]:
    """One report per kernel for the whole run, however many linted files include it.

    A kernel of a header is analysed in every linted file that launches it (with that file's
    launch and macros) and in the header itself when the header is linted (with an assumed block,
    or its own launchers' launch). The run keeps, per kernel definition (file, line): its
    instantiations (a template analysed without arguments gives way to them); per instantiation,
    the analyses under a launch read in a file that includes the kernel if there is one, else under
    a launch read in its own file, else those made in a file that includes it, else the others; and
    of those, one per block shape. A dropped analysis takes its accesses with it, and its diagnostics: those inside the kernel's lines, and those on its
    accesses' lines (a helper's, in another header) that no kept analysis of its file reaches;
    identical diagnostics are reported once.
    """
    _one_name_per_file(results)
    _drop_unreached(results)
    by_kernel: dict[tuple[str, int], list[tuple[FileResult, KernelResult]]] = {}
    for r in results:
        for k in r.kernels:
            # keyed by where the definition ends: a template's own analysis starts at its `template`
            # line, an instantiation's at the function's (SGEMM_CUDA's kernels: 12 and 13)
            by_kernel.setdefault((k.file, k.end_line or k.line), []).append((r, k))
    dropped: dict[int, list[KernelResult]] = {}
    for entries in by_kernel.values():
        if len(entries) < 2:
            continue
        # a template analysed without arguments (the header alone), or as a representative instance,
        # gives way to its instantiations
        instantiated = [e for e in entries if "<" in e[1].name and not e[1].representative] or \
            [e for e in entries if "<" in e[1].name]
        for r, k in entries:
            if instantiated and not any(k is kk for _, kk in instantiated):
                dropped.setdefault(id(r), []).append(k)
        by_name: dict[str, list[tuple[FileResult, KernelResult]]] = {}
        for e in instantiated or entries:
            by_name.setdefault(e[1].name, []).append(e)
        for same in by_name.values():
            launched = [e for e in same if e[1].launched]
            # a header's (or an included `.cu`'s) kernel launched from a file that includes it: that file's
            # analysis has the build's macros and launch values, the file's own (linted alone) may not
            # (and where no launch's block was read, the includer's analysis still has the macros and
            # declarations the header alone lacks: HeCBench is's kernels.h takes MAX_KEY from is.h)
            keep = [e for e in launched if _in_includer(*e)] or launched or \
                [e for e in same if _in_includer(*e)] or same
            shapes: set[tuple[int, int, int]] = set()
            for r, k in same:
                if any(k is kk for _, kk in keep) and k.block not in shapes:
                    shapes.add(k.block)
                    continue
                dropped.setdefault(id(r), []).append(k)
    seen: dict[tuple, int] = {}  # diagnostic -> the file result that reported it first
    for r in results:
        gone = dropped.get(id(r), [])
        if gone:
            r.kernels = [k for k in r.kernels if not any(k is g for g in gone)]
            # a template analysed without arguments here is instantiated by a launch elsewhere
            r.notes = [n for n in r.notes if not any(n.startswith(f"{g.name.split('<')[0]}: template kernel not instantiated")
                                                     for g in gone)]
        # the lines of the dropped analyses' accesses (a helper's, in another header, too) that no kept
        # analysis of this file reaches: their diagnostics go with them
        gone_lines = {(a.file, a.line) for g in gone for a in g.accesses} - \
            {(a.file, a.line) for k in r.kernels for a in k.accesses}
        kept, regroup = [], False
        for d in r.diagnostics:
            sites = []
            for s in grouping.sites_of(d):  # site by site: a group reported by two files is one
                inside = (any(_within(s, g) for g in gone) and not any(_within(s, k) for k in r.kernels)) or \
                    (s.file, s.line) in gone_lines
                key = (s.file, s.line, s.column, s.code, s.message)
                if inside or seen.setdefault(key, id(r)) != id(r):
                    continue
                sites.append(s)
            if len(sites) == len(grouping.sites_of(d)):
                kept.append(d)
            else:
                kept += sites
                regroup = True
        r.diagnostics = grouping.group(kept) if regroup else kept
    return results
