"""The host side of a file kept across the editor's edits of kernel bodies.

The editor re-lints the one kernel an edit was in (lsp/incremental.py), and the host side of that
lint used to be redone from the whole translation unit each time: the call facts of every function,
the launches, the analysed GPU's branches and the launch values (about 0.1-0.25 s of CPU on llm.c's
attention files, against a kernel evaluated in a few milliseconds). An edit inside a kernel's body
cannot change them when

- the project headers are the same files, not saved since (KeptHost.headers; the system headers
  and the toolkit's are taken as unchanged);
- the text outside the kernels' bodies is the same, byte for byte (the same declarations, host
  functions, macros, and every kernel's braces at the same line and column), and so is what the
  parse appends to it for the explicit instances it writes (parse/instances.py); and
- no changed body, as it was and as it is, feeds the host side: no launch in it, no call of a host
  function walked as an instance (calls.walked_for_launches), no call passing integers to a function
  of another file (elsewhere.arguments_passed_out), no preprocessor line, and nothing the host
  evaluator's answers read (values.changes_answers: a call of a function whose callers it asked, a
  write of a file-scope variable whose value it asked).

Then the kept facts are what a full extraction of the new text computes, and they are reused: the
changed bodies (and the host functions whose calls reach the launched template instances, found
again as cursors of the new unit) are walked for their calls; every function is walked for its
`volatile` declarations, whose keys name cursors of one translation unit. Anything else, or any
doubt (a launch whose instance is not found again, a note from the walk), falls back to the
extraction from the whole unit. The kept facts hold no cursor: cursors die with their unit.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass

import clang.cindex as ci

from .. import ir
from ..cursors.folding import const_value
from ..cursors.nodes import FileNames, children
from ..parse.instances import instance_roots
from .calls import collect, instance_called, walked_for_launches
from .elsewhere import arguments_passed_out
from .launches import display_name, kernel_pattern, loc_key
from .values import HostEvaluator, changes_answers

K = ci.CursorKind
_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*(\w*)(.*)$", re.MULTILINE)
_COMMENT_OR_STRING = re.compile(rb'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', re.DOTALL)
_OPENS, _NEXT_BRANCH = (b"if", b"ifdef", b"ifndef"), (b"elif", b"elifdef", b"elifndef", b"else")
_UNROLL = re.compile(rb"[ \t]+(?:unroll|nounroll)\b")


def _preprocessor_reaches_out(inside: bytes) -> bool:
    """Whether a body's preprocessor lines may change the code outside it: any directive but a loop's
    unrolling (`#pragma unroll 4`) and conditionals opened and closed within it (`#ifdef DEBUG` ...
    `#endif`: they choose the body's own lines); `#define`, `#undef`, `#pragma pack`, a conditional
    left open, a continued directive, `_Pragma` do. Comments and strings are not read for them."""
    text = _COMMENT_OR_STRING.sub(lambda m: b"\n" * m.group().count(b"\n"), inside)
    if b"_Pragma" in text:
        return True
    depth = 0
    for m in _DIRECTIVE.finditer(text):
        word, rest = m.group(1), m.group(2)
        if rest.rstrip().endswith(b"\\"):
            return True
        if word in _OPENS:
            depth += 1
        elif word in _NEXT_BRANCH or word == b"endif":
            if depth == 0:
                return True
            depth -= word == b"endif"
        elif not (word == b"pragma" and _UNROLL.match(rest)):
            return True
    return depth != 0


@dataclass(frozen=True)
class KeptLaunch:
    """One launch of the file, as the full extraction found it (in its order)."""

    kernel: tuple[str, int, int] | None  # the launched kernel's definition: file, first and last line
    site: ir.LaunchSite | None  # its launch site (None: launch_site made none)
    instance: tuple[str, str] | None  # a launched template instance: (loc_key, display_name)
    # the main file's functions whose calls reach it (to find the instance again), by their place: line,
    # column, name (a lambda's USR names its offset, which an edit before it moves; its line does not)
    roots: frozenset[tuple[int, int, str]]


@dataclass(frozen=True)
class HostFacts:
    """What the full extraction of a text computed on the host side, and what it read to do so."""

    bodies: tuple[tuple[int, int, int, int], ...]  # each kernel body: line and column of `{`, of `}`
    skeleton: bytes  # the text with every kernel body's inside cut out
    # what the parse appended for the explicit instances the text writes (read from the text as a
    # whole: a line in a body might be read as one), whose instances are walked for launches
    appended: str
    insides: tuple[bytes, ...]  # ... the insides, by body
    inert: tuple[bool, ...]  # ... whether each inside, as it was, fed nothing of the host side
    calls: tuple[tuple[ir.CallFact, ...], ...]  # the call facts inside each body
    calls_outside: tuple[ir.CallFact, ...]  # ... and outside every body
    notes: tuple[str, ...]  # the file notes of the host side (the analysed GPU's branches)
    launches: tuple[KeptLaunch, ...]
    arguments_out: dict
    asked_elsewhere: frozenset
    asked_functions: frozenset[str]
    asked_globals: frozenset[str]


class KeptHost:
    """The host facts of one document, from its last full extraction (lint_file's `host`)."""

    def __init__(self) -> None:
        self.facts: HostFacts | None = None
        self.reused = 0  # extractions that reused them (tests and benchmarks read it)
        self._headers: tuple | None = None

    def headers(self, included: list[str] | None) -> None:
        """The project headers the text to extract includes (parse.includes.project_headers): facts kept
        while they were other files, or the same files before a save, are forgotten (a header's launch
        wrapper or macro changes the host side with no change in the document's text)."""
        try:
            stamp = tuple((f, os.stat(f).st_mtime_ns) for f in included) if included is not None else None
        except OSError:
            stamp = None
        if stamp is None or stamp != self._headers:
            self.facts = None
        self._headers = stamp


@dataclass
class Reused:
    """The host side of a focused extraction, from kept facts and the new unit."""

    calls: list[ir.CallFact]
    volatile_vars: set[str]
    notes: list[str]
    arguments_out: dict
    asked_elsewhere: set
    instances: list[ci.Cursor | None]  # per launch of the focused kernel: the launched template instance
    sites: list[ir.LaunchSite]


def kernel_bodies(kernels: list[ci.Cursor], main: str, data: bytes) -> list[tuple[int, int, tuple, list]] | None:
    """(offset of `{`, offset past `}`, (line, column of `{`, line, column of `}`), its kernel definitions)
    of each kernel body of the main file of text `data`, in order (a body once: an explicit
    instantiation shares its template's); None when one cannot be read. The offsets are the text's,
    from lines and columns: the parse may add text to the file after a template kernel
    (parse/representative.py, same lines)."""
    starts = [0] + [m.end() for m in re.finditer(b"\n", data)]
    out: dict[int, tuple[int, int, tuple, list]] = {}
    for k in kernels:
        body = next((ch for ch in children(k) if ch.kind == K.COMPOUND_STMT), None)
        if body is None:
            continue
        start, end = body.extent.start, body.extent.end
        if start.file is None or end.file is None or start.file.name != main or end.file.name != main or \
                end.line > len(starts):
            return None
        first = starts[start.line - 1] + start.column - 1
        span = (start.line, start.column, end.line, end.column - 1)
        out.setdefault(first, (first, starts[end.line - 1] + end.column - 1, span, []))[3].append(k)
    found = [out[k] for k in sorted(out)]
    if any(a[1] > b[0] for a, b in zip(found, found[1:])):
        return None  # nested or overlapping: not bodies side by side
    return found


def _split(data: bytes, bodies) -> tuple[bytes, tuple[bytes, ...]] | None:
    """The text with each body's inside cut out, and the insides; None if a body is not `{...}`."""
    parts, insides, at = [], [], 0
    for start, end, _, _ in bodies:
        if data[start:start + 1] != b"{" or data[end - 1:end] != b"}":
            return None
        parts.append(data[at:start + 1])
        insides.append(data[start + 1:end - 1])
        at = end - 1
    parts.append(data[at:])
    return b"\x00".join(parts), tuple(insides)


def _inside(span: ir.Span, body: tuple[int, int, int, int]) -> bool:
    return (body[0], body[1]) < (span.line, span.column) < (body[2], body[3])


def _by_function(host_calls) -> dict[int, list]:
    out: dict[int, list] = {}
    for call, fn in host_calls:
        out.setdefault(fn.hash, []).append((call, fn))
    return out


def _feeds_host(kernel: ci.Cursor, inside: bytes, calls: dict[int, list], launches, notes: list[str], main: str,
                asked_functions: set[str], asked_globals: set[str]) -> bool:
    """Whether a kernel's body (its calls among `calls`, by function, the launches found in it) may
    feed the host side."""
    mine = [(c, f) for c, f in calls.get(kernel.hash, ()) if f == kernel]
    if notes or _preprocessor_reaches_out(inside) or any(launch.function == kernel for launch in launches):
        return True
    for call, _ in mine:
        instance = instance_called(call.referenced, main)
        if instance is not None and walked_for_launches(instance):
            return True
    if arguments_passed_out(HostEvaluator(const_value, []), mine):
        return True
    written = HostEvaluator(const_value, [], [kernel]).written_globals()
    return changes_answers(mine, written, asked_functions, asked_globals)


def _place(fn: ci.Cursor) -> tuple[int, int, str]:
    return fn.location.line, fn.location.column, fn.spelling


def _roots(fn: ci.Cursor, main_functions: dict[int, tuple], instance_callers, depth: int = 0) -> set[tuple]:
    """The main file's functions whose calls reach `fn` (itself, if it is one), through instances."""
    if fn.hash in main_functions:
        return {main_functions[fn.hash]}
    if depth > 8:
        return set()
    out: set[tuple] = set()
    for _, caller in instance_callers.get(fn.hash, ()):
        out |= _roots(caller, main_functions, instance_callers, depth + 1)
    return out


def _extent_lines(ref: ci.Cursor) -> tuple[str, int, int] | None:
    pattern = kernel_pattern(ref)
    if pattern is None:
        return None
    ext = pattern.extent
    return (ext.start.file.name if ext.start.file else "", ext.start.line, ext.end.line)


def keep(*args) -> HostFacts | None:
    """The host facts of a full extraction (_keep's arguments), or None where they cannot be kept."""
    try:
        return _keep(*args)
    except Exception:  # noqa: BLE001 - then an edit's extraction computes them from its whole unit
        return None


def _keep(kernels: list[ci.Cursor], main: str, data: bytes, unit: ir.TranslationUnit, notes: list[str],
         launched: list[tuple[object, ci.Cursor, ir.LaunchSite | None]], hv: HostEvaluator, host_calls,
         functions: list[ci.Cursor], instance_callers, found: list, collect_notes: list[str]) -> HostFacts | None:
    """`launched`: each launch of the full extraction, its kernel and its site, in order (those the
    analysed GPU runs); `found`: every launch collect found; `notes`: the host side's notes,
    `collect_notes` those of collect (then nothing is kept)."""
    bodies = kernel_bodies(kernels, main, data)
    split = _split(data, bodies) if bodies is not None else None
    order = [(c.span.line, c.span.column) for c in unit.calls]
    if split is None or collect_notes or order != sorted(order):
        return None  # (calls are kept by body and put back in order of place: the order must be that)
    skeleton, insides = split
    asked_functions, asked_globals = set(hv.asked_functions), hv.asked_globals
    calls = _by_function(host_calls)
    inert = tuple(not any(_feeds_host(k, inside, calls, found, [], main, asked_functions, asked_globals)
                          for k in owned)
                  for (_, _, _, owned), inside in zip(bodies, insides))
    main_functions = {f.hash: _place(f) for f in functions}
    kept = []
    for launch, ref, site in launched:
        templated = ref.get_num_template_arguments() > 0
        kept.append(KeptLaunch(_extent_lines(ref), site, (loc_key(ref), display_name(ref)) if templated else None,
                               frozenset(_roots(launch.function, main_functions, instance_callers))
                               if templated else frozenset()))
    spans = tuple(b for _, _, b, _ in bodies)
    return HostFacts(spans, skeleton, instance_roots(data.decode("utf-8", errors="replace"), main), insides, inert,
                     tuple(tuple(c for c in unit.calls if _inside(c.span, b)) for b in spans),
                     tuple(c for c in unit.calls if not any(_inside(c.span, b) for b in spans)),
                     tuple(notes), tuple(kept), unit.arguments_out, frozenset(hv.asked_elsewhere),
                     frozenset(asked_functions), frozenset(asked_globals))


def reuse(facts: HostFacts, tu: ci.TranslationUnit, path: str, lines: list[str], data: bytes,
          kernels: list[ci.Cursor], in_focus, file_of: FileNames) -> Reused | None:
    """The host side of a focused extraction of the unit `tu` of text `data` from kept facts, or None
    when they may not hold for it (then the extraction computes it from the whole unit).
    `in_focus(file, first line, last line)`: whether a kernel defined there is the focused one."""
    try:
        return _reuse(facts, tu, path, lines, data, kernels, in_focus, file_of)
    except Exception:  # noqa: BLE001 - a cursor that cannot be read: the whole unit's extraction says what it can
        return None


def _reuse(facts: HostFacts, tu: ci.TranslationUnit, path: str, lines: list[str], data: bytes,
           kernels: list[ci.Cursor], in_focus, file_of: FileNames) -> Reused | None:
    main = tu.spelling
    bodies = kernel_bodies(kernels, main, data)
    split = _split(data, bodies) if bodies is not None else None
    if split is None or split[0] != facts.skeleton or tuple(b for _, _, b, _ in bodies) != facts.bodies or \
            instance_roots(data.decode("utf-8", errors="replace"), main) != facts.appended:
        return None
    insides = split[1]
    changed = [i for i, inside in enumerate(insides) if inside != facts.insides[i]]
    if not all(facts.inert[i] for i in changed):
        return None
    focused = [kl for kl in facts.launches if kl.kernel is not None and in_focus(*kl.kernel)]
    roots = set().union(*(kl.roots for kl in focused if kl.instance is not None))
    if any(kl.instance is not None and not kl.roots for kl in focused):
        return None
    changed_kernels = [k for i in changed for k in bodies[i][3]]
    scratch = ir.TranslationUnit(path)
    host_calls: list = []
    instance_callers: dict = {}

    def walked(fn: ci.Cursor) -> bool:
        return any(fn == k for k in changed_kernels) or (bool(roots) and _place(fn) in roots)

    found = collect(tu, path, lines, scratch, host_calls, None, file_of, instance_callers, calls_of=walked)
    calls = _by_function(host_calls)
    if any(_feeds_host(k, insides[i], calls, found, scratch.notes, main, set(facts.asked_functions),
                       set(facts.asked_globals)) for i in changed for k in bodies[i][3]):
        return None
    refs = {}
    for launch in found:
        if launch.kernel.get_num_template_arguments() > 0:
            refs.setdefault((loc_key(launch.kernel), display_name(launch.kernel)), launch.kernel)
    instances = [refs.get(kl.instance) if kl.instance is not None else None for kl in focused]
    if any(r is None and kl.instance is not None for r, kl in zip(instances, focused)):
        return None
    calls = list(facts.calls_outside)
    for i, b in enumerate(facts.bodies):
        calls += [c for c in scratch.calls if _inside(c.span, b)] if i in changed else facts.calls[i]
    calls.sort(key=lambda c: (c.span.line, c.span.column))  # (stable: the full extraction's order)
    return Reused(calls, scratch.volatile_vars, list(facts.notes), facts.arguments_out, set(facts.asked_elsewhere),
                  instances, [kl.site for kl in focused if kl.site is not None])
