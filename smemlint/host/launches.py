"""The kernels a file launches, and each launch's shape and arguments as the host code computes
them: the `__global__` definition (or template) a launch refers to, its template instantiation's
name, and the grid, block, dynamic shared bytes and integer arguments at the launch (values.py).
"""
from __future__ import annotations

import os
import re

import clang.cindex as ci

from .. import ir
from ..cursors.nodes import FileNames, children, has_attribute, span_of
from ..parse.includes import INCLUDE_DIR
from .calls import Launch
from .syntax import ASSUMED_SIZE, COMMAND_LINE, DEVICE_KNOWN, DEVICE_UNKNOWN, INTEGERS, PROGRAM_ARGS, SWEPT, children_of
from .values import HostEvaluator, dim3_from

K = ci.CursorKind
SMALL_ARGUMENT = 1024  # a block's most threads: an argument below it may be a size smaller than the block


def _is_integer_grid(expr: ci.Cursor) -> bool:
    """`k<<<n, 256>>>`: a grid written as an integer (converted to a dim3 by its constructor)."""
    c = expr
    for _ in range(8):
        if c.type.get_canonical().kind in INTEGERS:
            return True
        ch = [x for x in children(c) if x.kind.is_expression()]
        if c.kind == K.CALL_EXPR and len(ch) > 1 and not any(any(True for _ in x.get_tokens()) for x in ch[1:]):
            ch = ch[:1]  # dim3's constructor, its y and z the default arguments (written nowhere)
        if len(ch) != 1 or c.kind not in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CALL_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR):
            return False
        c = ch[0]
    return False


def _grid_partial(hv: HostEvaluator, launch: Launch, fn, at, sized: bool) -> tuple[int | None, int | None, int | None] | None:
    """What a grid the evaluator cannot read in whole still says of its shape: an integer grid is
    (None, 1, 1); a dim3 the components it reads, but none made from tensor sizes: those are sizes taken
    as large, not the grid's shape (apex's `grid_y < 8 ? 1 : grid_y` is 1 for 1024 rows, more for the
    sizes it runs on)."""
    if launch.grid is None:
        return None
    if _is_integer_grid(launch.grid):
        return (None, 1, 1)
    return None if sized else hv.dim3_partial(launch.grid, fn, at)


def kernel_pattern(ref: ci.Cursor) -> ci.Cursor | None:
    """The `__global__` definition a launch refers to: the template for a specialisation."""
    try:
        template = ref.specialized_template if ref.get_num_template_arguments() > 0 else None
        defn = (template or ref).get_definition() or template
    except Exception:  # noqa: BLE001
        return None
    if defn is None or defn.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) or \
            not has_attribute(defn, K.CUDAGLOBAL_ATTR):
        return None
    return defn


def is_bundled(c: ci.Cursor) -> bool:
    """Declared in smemlint's own stand-in headers."""
    f = c.location.file
    return f is not None and os.path.abspath(f.name).startswith(_BUNDLED_INCLUDE)


_BUNDLED_INCLUDE = str(INCLUDE_DIR) + os.sep


def walk_decls(c: ci.Cursor, main: str, file_of: FileNames):
    for ch in children_of(c):  # (the extraction's remembered children: it walks them more than once)
        f = file_of(ch)
        if f is not None and f != main:
            continue
        yield ch
        if ch.kind in (K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL, K.CLASS_DECL, K.STRUCT_DECL):
            yield from walk_decls(ch, main, file_of)


def loc_key(c: ci.Cursor) -> str:
    loc = c.location
    return f"{loc.file.name if loc.file else ''}:{loc.line}:{loc.column}:{c.spelling}"


_PARAMS = (K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER)


def _is_bool_parameter(c: ci.Cursor, i: int) -> bool:
    """Is the i-th template parameter of the template `c` specialises a `bool`? (libclang gives a
    `true` argument's value as -1: the 1-bit integer, sign-extended)"""
    try:
        template = c.specialized_template
        if template is None:
            return False
        # each template's answer once per translation unit (kept on it: a CuTe kernel names the
        # same templates' instances tens of thousands of times)
        known = c.translation_unit.__dict__.setdefault("_smemlint_bool_parameters", {})
        flags = known.get(template)
        if flags is None:
            params = [p for p in template.get_children() if p.kind in _PARAMS]
            flags = known[template] = tuple(p.kind == K.TEMPLATE_NON_TYPE_PARAMETER and
                                            p.type.get_canonical().kind == ci.TypeKind.BOOL for p in params)
        return i < len(flags) and flags[i]
    except Exception:  # noqa: BLE001 - a template clang cannot show is read as integers
        return False


def template_arg(c: ci.Cursor, i: int) -> str:
    kind = c.get_template_argument_kind(i)
    if kind == ci.TemplateArgumentKind.INTEGRAL:
        value = c.get_template_argument_value(i)
        if value in (0, -1, 1) and _is_bool_parameter(c, i):
            return "true" if value else "false"
        return str(value)
    if kind == ci.TemplateArgumentKind.TYPE:
        return c.get_template_argument_type(i).spelling
    if kind == ci.TemplateArgumentKind.DECLARATION:  # a function named as the argument: libclang says
        # which only in the instance's USR (`c:@F@cpy_f32_f16<#@F@cpy_1_f32_f16#*1C#*C#>#...`)
        usr = c.get_usr() or ""
        names = _DECLARATION_ARG.findall(usr[usr.find("<"):]) if "<" in usr else []
        kinds = [c.get_template_argument_kind(j) for j in range(c.get_num_template_arguments())]
        nth = kinds[:i].count(ci.TemplateArgumentKind.DECLARATION)
        if len(names) == kinds.count(ci.TemplateArgumentKind.DECLARATION):
            return names[nth]
    return "?"


_DECLARATION_ARG = re.compile(r"#@(?:N@\w+@)*F@(\w+)")


def display_name(c: ci.Cursor) -> str:
    n = c.get_num_template_arguments() if c.kind == K.FUNCTION_DECL else -1
    if n > 0:
        args = [template_arg(c, i) for i in range(n)]
        if args[-1] == "?" and (pack := _pack_types(c)) is not None:
            args[-1:] = pack  # (none: `k<T>` with an empty pack)
        return f"{c.spelling}<{', '.join(args)}>" if args else c.spelling
    return c.spelling


def _pack_types(c: ci.Cursor) -> list[str] | None:
    """The types of a trailing parameter pack (`ArgTypes... args`: apex's `multi_tensor_apply_kernel`),
    as c++filt writes them in the kernel's name: those of the instance's parameters the pack became
    (libclang gives no pack's elements). None where the template's last parameter is not the pack."""
    try:
        template = c.specialized_template
        declared = [p for p in template.get_children() if p.kind == K.PARM_DECL] if template is not None else []
        if not declared or not declared[-1].type.spelling.endswith("..."):
            return None
        params = list(c.get_arguments())
        start = len(declared) - 1
        return [p.type.spelling for p in params[start:]] if len(params) >= start else None
    except Exception:  # noqa: BLE001 - a template clang cannot show keeps its `?`
        return None


def instances_to_analyse(args: list[tuple[str, ...]], n: int) -> list[int]:
    """Which of a kernel's launched instances (their template arguments, as display_name writes them)
    are analysed when at most `n` may be: those with the fewest `true` arguments first (its feature
    flags off: the common path, flash-attention's), but each flag that some launched instance sets is
    set in one analysed instance (the first in that order that sets it), so that the code only a flag
    runs is analysed too (pytorch_scatter's `HAS_VAL`: `src_data[row_idx]` is read only where it is
    true; with the fewest flags alone, none of the 16 analysed of 108 read it). In the fewest-flags order."""
    order = sorted(range(len(args)), key=lambda i: sum(a == "true" for a in args[i]))
    chosen: list[int] = []
    covered: set[int] = set()
    for i in order:
        new = {p for p, a in enumerate(args[i]) if a == "true"} - covered
        if new and len(chosen) < n:
            chosen.append(i)
            covered |= new
    taken = set(chosen)
    chosen += [i for i in order if i not in taken][:max(0, n - len(chosen))]
    rank = {i: r for r, i in enumerate(order)}
    return sorted(chosen, key=rank.__getitem__)


def covering_instances(args: list[tuple[str, ...]], base: int) -> list[int]:
    """For a kernel whose instances are too costly to analyse many of (flash-attention's forward
    kernel: ~1,500 statements each, 39 launched): `base` (the common path, analysed first), then,
    one at a time, the instance that sets the most flags and template argument values not yet
    analysed (ties: the one that adds more flags, then the fewest flags set, then the given order:
    a flag's code before another value of an argument), until every flag some launch sets
    and every value some launch gives each non-flag argument is in an analysed instance. Fewer
    instances than one per flag, each flag's code still analysed once."""
    def features(a: tuple[str, ...]) -> set[tuple[int, str]]:
        return {(j, v) for j, v in enumerate(a) if v != "false"}

    feats = [features(a) for a in args]
    trues = [sum(v == "true" for v in a) for a in args]
    chosen = [base]
    covered = set(feats[base])
    while True:
        best = min(range(len(args)), key=lambda i: (-len(feats[i] - covered),
                                                    -sum(v == "true" for _, v in feats[i] - covered), trues[i], i))
        if not feats[best] - covered:
            return chosen
        chosen.append(best)
        covered |= feats[best]


def dim3_of(v) -> tuple[int, int, int] | None:
    if isinstance(v, dict) and all(isinstance(v.get(f), int) for f in "xyz"):
        return (v["x"], v["y"], v["z"])
    return None


def launch_site(hv: HostEvaluator, launch: Launch, ref: ci.Cursor, path: str, lines: list[str],
                decl_key) -> ir.LaunchSite:
    """The launch's shape and constant arguments, as the host code computes them (values.py).
    `ref`: the kernel it launches; `lines`: the file's text; `decl_key`: a declaration's key."""
    fn, at = launch.function, launch.call
    hv.bindings = launch.bindings
    try:
        if launch.config is not None:  # cudaLaunchKernelEx: the fields of its cudaLaunchConfig_t
            config = hv.value(launch.config, fn, at)
            config = config if isinstance(config, dict) else {}
            grid, block = dim3_of(config.get("gridDim")), dim3_of(config.get("blockDim"))
            smem = config.get("dynamicSmemBytes")
            smem = smem if isinstance(smem, int) else None
            marks = [frozenset()] * 3
        else:  # each value with the marks of what it read (one evaluation: flow.marked_value)
            (grid, block, smem), marks = zip(*(hv.marked_value(e, fn, at) if e is not None else (None, frozenset())
                                               for e in (launch.grid, launch.block, launch.smem)))
            grid, block = dim3_from(grid), dim3_from(block)
            smem = smem if isinstance(smem, int) else None
        partial = hv.dim3_partial(launch.block, fn, at) if block is None and launch.block is not None else None
        grid_partial = _grid_partial(hv, launch, fn, at, ASSUMED_SIZE in marks[0]) if grid is None else None
        args, arg_marks = zip(*(hv.marked_value(a, fn, at) for a in launch.args)) if launch.args else ((), ())
        args = tuple(v if isinstance(v, int) else None for v in args)
        offsets = tuple(hv.pointer_offset(a, fn, at) for a in launch.args)
        # a launch through a function pointer takes the loop values that select its kernel
        first = hv.first_iteration_of(fn, at) if not launch.bindings else ()
        later = hv.later_iterations_of(fn, at) if first else ()
        no_args = hv.without_arguments(fn, at)
        swept = launch.block is not None and SWEPT in marks[1]
        multiples = tuple(hv.asserted_multiple(a, fn, at) if v is None else None
                          for a, v in zip(launch.args, args))
        # (a size below a block, `num_nodes = 1`, may be an edge run the command line replaces)
        command_line = tuple(isinstance(v, int) and 0 <= v < SMALL_ARGUMENT and COMMAND_LINE in m
                             for v, m in zip(args, arg_marks))
        # values made from a tensor's size (taken as large): a block is the steady state of a large
        # problem and is kept, said so; a grid, shared bytes or an argument is a size, left unknown
        sized = block is not None and ASSUMED_SIZE in marks[1]
        if sized and hv.sized_path(fn, at):
            block = None  # (a launch under `switch (NT) { case 32:` took NT from the sizes: not that case's)
            sized = False
        if ASSUMED_SIZE in marks[0] and grid is not None:
            grid, grid_partial = None, _grid_partial(hv, launch, fn, at, True)
        smem = None if ASSUMED_SIZE in marks[2] else smem
        args = tuple(None if ASSUMED_SIZE in m else v for v, m in zip(args, arg_marks))
        device = _device_words(hv, ("grid", "block", "smem", *(f"arg{i}" for i in range(len(arg_marks)))),
                               (*marks, *arg_marks))
        given = hv.program_args if any(PROGRAM_ARGS in m for m in (*marks, *arg_marks)) else ()
    except Exception:  # noqa: BLE001 - an expression the evaluator cannot read leaves the launch unknown
        device = given = ()
        grid = block = smem = partial = grid_partial = None
        args = ()
        offsets = ()
        first = later = ()
        no_args = swept = sized = False
        multiples = command_line = ()
    finally:
        hv.bindings = {}
    key = (ref.get_usr() or decl_key(ref)) + display_name(ref)
    block_text = ""
    # a launch in a host template instance may be written in a header: its place is there
    where = launch.call.location.file
    if where is not None and where.name != path:
        return ir.LaunchSite(key, span_of(launch.call, where.name), grid, block, smem, args, "", first,
                             offsets, partial, no_args, multiples, command_line=command_line, sized=sized,
                             later_iterations=later, grid_partial=grid_partial, device_properties=device,
                             program_args=given)
    if launch.block is not None:
        sp = span_of(launch.block, path)
        whole = span_of(launch.call, path)  # the same span: written inside a macro's expansion
        if sp.line == sp.end_line and 0 < sp.line <= len(lines) and \
                (sp.column, sp.end_column) != (whole.column, whole.end_column):
            block_text = lines[sp.line - 1][sp.column - 1:sp.end_column - 1]
    return ir.LaunchSite(key, span_of(launch.call, path), grid, block, smem, args, block_text, first,
                         offsets, partial, no_args, multiples, swept, command_line, sized, later, grid_partial,
                         device, given)


def _device_words(hv: HostEvaluator, parts: tuple[str, ...], marks: tuple[frozenset[str], ...]
                  ) -> tuple[tuple[str, str], ...]:
    """(part, words) for each analysed GPU's property a launch value read (syntax.device_tag's marks)."""
    if hv.device is None:
        return ()
    out = []
    for part, marked in zip(parts, marks):
        for tag in sorted(marked):
            if tag.startswith(DEVICE_KNOWN):
                out.append((part, hv.device.words(tag[len(DEVICE_KNOWN):])))
            elif tag.startswith(DEVICE_UNKNOWN):
                out.append((part, hv.device.unknown_words(tag[len(DEVICE_UNKNOWN):])))
    return tuple(out)


# a file note's words for the launches the analysed GPU does not run (run_by_device)
NOT_RUN_NOTE = "the launches reached only through its other branch are not analysed"
# ... and for a kernel no other launch launches, analysed with those launches all the same
ONLY_THERE_NOTE = "launched only through its other branch: analysed with those launches, which the analysed GPU " \
    "does not run (a GPU that takes that branch does)"


def run_by_device(hv: HostEvaluator, found: list[Launch], notes: list[str]) -> list[Launch]:
    """The launches the analysed GPU runs: not those reached only through a branch its properties
    decide the other way (HostEvaluator.not_reached: flash-attention's traits for other GPUs), said in
    a note per condition. A kernel only such launches launch keeps them (cuda-samples
    cudaTensorCoreGemm's `simple_wmma_gemm`, its fallback where shared memory is smaller): the code is
    the user's, and what it costs is said with the note that the analysed GPU does not run it."""
    kept, skipped = [], {}
    for launch in found:
        try:
            why = hv.not_reached(launch.function, launch.call)
        except Exception:  # noqa: BLE001 - a launch whose way is not read is kept
            why = None
        if why is None:
            kept.append(launch)
        else:
            skipped.setdefault(why, []).append(launch)
    running = {loc_key(p) for launch in kept if (p := kernel_pattern(launch.kernel)) is not None}
    only_there: list[Launch] = []
    for why, launches in skipped.items():
        alone = [launch for launch in launches
                 if (p := kernel_pattern(launch.kernel)) is not None and loc_key(p) not in running]
        pruned = [launch for launch in launches if not any(launch is a for a in alone)]
        if pruned:
            instances = {display_name(launch.kernel) for launch in pruned}
            names = sorted({launch.kernel.spelling for launch in pruned})
            notes.append(f"{why}: {NOT_RUN_NOTE} ({len(instances)} kernel(s) or instance(s) of {', '.join(names)})")
        if alone:
            notes.append(f"{why}: {', '.join(sorted({launch.kernel.spelling for launch in alone}))} "
                         f"{ONLY_THERE_NOTE}")
            only_there += alone
    taken = {id(launch) for launch in kept + only_there}
    return [launch for launch in found if id(launch) in taken]

