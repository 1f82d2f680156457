"""Host values across the files of one run (lint.py's second pass): the integer arguments a file's host
code passes to functions it calls but does not define, read in the caller's file, given to the file that
defines them where its own translation unit calls them nowhere. HeCBench tsne: fit_tsne.cu calls
`tsne::ComputeRepulsiveForces(..., num_points, n_terms)` with `const int n_terms = 4`, and rep_forces.cu
launches `compute_repulsive_forces_kernel<<<...>>>(..., n_terms)` inside it, where `n_terms` was assumed."""
from __future__ import annotations

import clang.cindex as ci

from ..cursors.nodes import in_system_header
from .syntax import PROGRAM_ARGS, integral

K = ci.CursorKind
MAX_CALLS_OUT = 64  # calls of functions defined elsewhere whose integer arguments a file evaluates


def defined_elsewhere(fn: ci.Cursor | None) -> bool:
    """A function of external linkage that another file of the program may call."""
    try:
        return fn is not None and fn.linkage == ci.LinkageKind.EXTERNAL
    except ValueError:  # a linkage kind this binding does not know
        return False


def arguments_passed_out(evaluator, host_calls: list[tuple[ci.Cursor, ci.Cursor]]) -> dict[str, dict[int, tuple]]:
    """USR of each project function this file calls without defining it -> {argument index: (value,
    read from the command line the user named)} for the integer arguments every such call of the file
    passes alike and that constants give (literals, `const` locals, globals, enumerators: the first
    MAX_CALLS_OUT calls), or `main` of a named run (config.Settings.program_args) gives; elsewhere a variable
    the caller assigns is not followed (no value)."""
    out: dict[str, dict[int, tuple | None]] = {}
    seen = 0
    for call, fn in host_calls:
        ref = call.referenced
        if fn is None or ref is None or ref.kind != K.FUNCTION_DECL or ref.get_definition() is not None \
                or in_system_header(ref) or not defined_elsewhere(ref):
            continue
        args = list(call.get_arguments())
        ints = [i for i, a in enumerate(args) if integral(a)]
        if not ints:
            continue
        seen += 1
        if seen > MAX_CALLS_OUT:
            break
        slot = out.setdefault(ref.get_usr() or "", {})
        for i in ints:
            # from constants alone: running the caller's statements up to each call (a call after nested
            # loops, HeCBench minimod's main.cu) can cost far more than the file's launches do; but `main`
            # of a run the user named (--program-args) is run: its values are that run's
            # (HeCBench morphology: `dilate(..., hsize, vsize)` with `int hsize = atoi(argv[1])`)
            named = bool(evaluator.program_args) and fn.spelling == "main"
            v, marks = evaluator.marked_value(args[i], fn, call) if named else \
                (evaluator.constant_value(args[i]), frozenset())
            here = (v, PROGRAM_ARGS in marks) if isinstance(v, int) and not isinstance(v, bool) else None
            slot[i] = here if slot.get(i, here) == here else None  # the file's calls disagree: none
    return {usr: {i: v for i, v in s.items() if v is not None} for usr, s in out.items() if usr and
            any(v is not None for v in s.values())}


def agreed_values(passed: list[tuple[str, dict[str, dict[int, tuple]]]], asked: set[tuple[str, int]],
                  related) -> dict[tuple[str, int], tuple]:
    """(USR, index) -> (value, read from the named run's arguments) for the parameters a file asked about, from the files
    of the run (their folder, `related` to the asking file's) that call the function: where they agree."""
    found: dict[tuple[str, int], tuple | None] = {}
    for where, by_usr in passed:
        if not related(where):
            continue
        for usr, by_index in by_usr.items():
            for i, v in by_index.items():
                if (usr, i) in asked:
                    found[(usr, i)] = v if found.get((usr, i), v) == v else None
    return {k: v for k, v in found.items() if v is not None}
