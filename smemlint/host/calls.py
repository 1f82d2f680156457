"""Call and qualifier facts of a translation unit, host code included (ir.CallFact).

The kernel lowering (lower/extract.py) keeps what the lane evaluator needs; the
rules about CUDA traps also need what the code *calls* and in which order:
legacy shuffles, `atomicAdd` on `__half`, and on the host the timer reads,
kernel launches and synchronizations around them. This module walks every
function definition of the main file once and records each call expression
with its callee, arguments (text and canonical type), enclosing function and
whether that function runs on the host or the device. It also records which
variables are `volatile` objects or pointers to `volatile` data.

Called from `Extractor.run()`; like the rest of parsing and lowering it never raises
on user code (a cursor it cannot read is skipped).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

import clang.cindex as ci

from .. import ir
from ..cursors.folding import operator_of
from ..cursors.nodes import MAX_WALK, FileNames, children, decl_key, span_of, subtree
from ..cursors.nodes import key as cursor_key
from ..parse.includes import INCLUDE_DIR
from ..parse.instances import INSTANCE_ROOT  # the functions taking the address of an explicit instance
from .syntax import children_of
from .values import HostEvaluator
from .wrappers import WrapperIndex, resolve

K = ci.CursorKind
T = ci.TypeKind

_FUNCTIONS = (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR)
_SCOPES = (K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL, K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE)


_CALL_EXPR = K.CALL_EXPR.value
# Runtime API launches: (grid, block, dynamic shared memory) argument positions, after the kernel at 0.
# the calls a `<<<grid, block>>>` launch is lowered to, before the kernel call itself
LAUNCH_CONFIG_CALLS = {"cudaConfigureCall", "__cudaPushCallConfiguration"}
_API_LAUNCHES = {"cudaLaunchKernel": (1, 2, 4), "cudaLaunchCooperativeKernel": (1, 2, 4)}
_API_LAUNCHES_EX = {"cudaLaunchKernelEx", "cudaLaunchKernelExC"}  # (const cudaLaunchConfig_t *, kernel, ...)
_CASTS = (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
          K.CXX_REINTERPRET_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR)


@dataclass
class Launch:
    """A kernel launch as written: `k<<<grid, block, smem>>>(args)` or a runtime API call."""

    call: ci.Cursor
    kernel: ci.Cursor  # the launched kernel's declaration (a template specialisation where one is launched)
    function: ci.Cursor  # the host function that launches it
    grid: ci.Cursor | None = None
    block: ci.Cursor | None = None
    smem: ci.Cursor | None = None
    args: list[ci.Cursor] = field(default_factory=list)  # kernel arguments (none known for cudaLaunchKernel)
    config: ci.Cursor | None = None  # cudaLaunchKernelEx: the cudaLaunchConfig_t object
    via: str = "<<<>>>"
    # a launch through a function pointer: the host variables whose values select this kernel
    # (`fp[i]<<<...>>>` with `case 1: fp[0] = derivative_y;` before it: i = 0, the switch's
    # variable = 1), by the host evaluator's keys
    bindings: dict[str, int] = field(default_factory=dict)


_DECLS = (K.VAR_DECL.value, K.PARM_DECL.value)


def collect(tu: ci.TranslationUnit, path: str, lines: list[str], unit: ir.TranslationUnit,
            host_calls: list[tuple[ci.Cursor, ci.Cursor]] | None = None,
            functions: list[ci.Cursor] | None = None, file_of: FileNames | None = None,
            instance_callers: dict[int, list[tuple[ci.Cursor, ci.Cursor]]] | None = None,
            calls_of=None) -> list[Launch]:
    """Fill unit.calls and unit.volatile_vars; return the kernel launches in source order.

    One walk over every function body of the main file serves both: the extractor needs the
    launches first (they say which template instantiations to analyse), the rules the call facts.
    `host_calls`, when given, receives every (call, enclosing function) of the main file: the host
    evaluator finds a wrapper's callers there. `file_of`: the extraction's FileNames, when it has one.
    `instance_callers`, when given, receives the calls of each host function walked as an instance
    (its cursor's hash -> [(call, enclosing function)]): whether the analysed GPU reaches its launches.
    `calls_of`, when given, says which functions have their calls read (the editor reading again only the
    kernels an edit changed and the functions that launch the edited one: host/kept.py); the others
    give their volatile declarations only, and the included files' functions are not walked.
    """
    main = tu.spelling
    calls: list[tuple[int, ir.CallFact]] = []
    launches: list[tuple[int, Launch]] = []
    callees = _Callees()
    file_of = file_of or FileNames()
    wrappers = WrapperIndex(LAUNCH_CONFIG_CALLS)
    instances = _Instances(main)
    assigned = Assigned()
    entries: list[ci.Cursor] = []  # host functions of the included kernel files: walked as instances
    for fn in _definitions(tu.cursor, main, file_of, entry_files(main, lines), entries):
        if functions is not None:
            functions.append(fn)
        reads_calls = calls_of is None or calls_of(fn)
        try:
            root = fn.spelling.startswith(INSTANCE_ROOT)
            context = _context(fn)
            fkey = fn.get_usr() or decl_key(fn)
            tree = subtree(fn, MAX_WALK)
            if tree is not None:
                nodes, kids = _in_walk_order(*tree)
            else:  # over the budget: the cursor-by-cursor walk, which notes where it stopped
                nodes, kids = _descendants(fn, unit), children
            for c in nodes:
                kind = c._kind_id  # the raw kind: CursorKind.from_id for every node is a measurable cost
                if kind == _CALL_EXPR and reads_calls:
                    offset = c.extent.start.offset
                    c_kids = kids(c)
                    launch = _is_launch(c_kids)
                    found = _chevron_launch(c, c_kids, fn) if launch else _api_launch(c, fn)
                    if found is not None:
                        launches.append((offset, found))
                    elif launch:
                        launches += [(offset, x) for x in _pointer_launches(c, c_kids, fn, assigned, kids)]
                    else:
                        launches += [(offset, x) for x in _wrapper_launches(c, fn, wrappers, assigned, kids)]
                    if host_calls is not None:
                        host_calls.append((c, fn))
                    instances.add(c.referenced, (c, fn))
                    fact = _call_fact(c, c_kids, kids, launch, callees, path, lines, fn.spelling, fkey, context, main)
                    if fact is not None:
                        calls.append((offset, fact))
                elif kind == _DECL_REF_EXPR and root and reads_calls:  # `(void)&host_template<args>;` (INSTANCE_ROOT)
                    instances.add(c.referenced)
                elif kind in _DECLS and _is_volatile(c.type):
                    unit.volatile_vars.add(decl_key(c))
            for p in fn.get_arguments() if fn.kind != K.FUNCTION_TEMPLATE else ():
                if _is_volatile(p.type):
                    unit.volatile_vars.add(decl_key(p))
        except Exception:  # noqa: BLE001 - a function we cannot read adds no facts
            continue
    for fn in entries if calls_of is None else ():  # (after the main file's calls: what it calls keeps its own values first)
        instances.add(fn)
    launches += _instantiated_launches(instances, wrappers, assigned, unit)
    if instance_callers is not None:
        instance_callers.update(instances.callers)
    for c in children_of(tu.cursor):  # file-scope `volatile __shared__` / `__device__` objects
        try:
            if c.kind == K.VAR_DECL and file_of(c) == main and _is_volatile(c.type):
                unit.volatile_vars.add(decl_key(c))
        except Exception:  # noqa: BLE001
            continue
    calls.sort(key=lambda x: x[0])
    unit.calls = [f for _, f in calls]
    launches.sort(key=lambda x: x[0])
    return [c for _, c in launches]


MAX_INSTANCES = 256  # host template instances (and included files' host functions) walked for launches, per file
_BUNDLED = str(INCLUDE_DIR) + os.sep
_DECL_REF_EXPR = K.DECL_REF_EXPR.value


class _Instances:
    """The host functions a file's code calls that are not walked as the main file's own: the host
    function template instances it calls (or explicitly instantiates), whose bodies, as clang
    instantiated them, launch kernels with concrete template arguments (issue 29 item 2: `auto
    kernel = &k<Traits>; kernel<<<...>>>` in a host template, each `*_SWITCH` branch's constant
    bound), which the template's own text leaves dependent; and the host functions defined in a
    project file it includes (issue 29 item 3: a header's or an included `.cu`'s launcher called
    from here launches its kernels with this file's macros and the values this file passes)."""

    def __init__(self, main: str = "") -> None:
        self.queue: list[ci.Cursor] = []
        self.seen: set[int] = set()
        self.main = main
        self.callers: dict[int, list[tuple[ci.Cursor, ci.Cursor]]] = {}  # instance's hash -> (call, function)s

    def add(self, ref: ci.Cursor | None, called: tuple[ci.Cursor, ci.Cursor] | None = None) -> None:
        """Walk `ref` (once), called by `called` (the call, its enclosing function), if it is an instance."""
        try:
            ref = instance_called(ref, self.main)
            if ref is None:
                return
            key = ref.hash  # one declaration per instance
            if called is not None:
                self.callers.setdefault(key, []).append(called)
            if key in self.seen or len(self.seen) >= MAX_INSTANCES:
                return
            self.seen.add(key)
            if walked_for_launches(ref):
                self.queue.append(ref)
        except Exception:  # noqa: BLE001 - an instance clang cannot show is not followed
            return


def instance_called(ref: ci.Cursor | None, main: str) -> ci.Cursor | None:
    """What a call of `ref` makes `collect` look at as an instance (_Instances): a function template
    instance, or the definition of a non-template function declared in a project file other than the
    main file (not a system or bundled header); None for any other callee."""
    if ref is None or ref.kind != K.FUNCTION_DECL:
        return None
    if ref.get_num_template_arguments() > 0:
        return ref
    defn = ref.get_definition()
    f = defn.location.file if defn is not None else None
    if f is None or f.name == main or defn.location.is_in_system_header or \
            os.path.abspath(f.name).startswith(_BUNDLED):
        return None
    return defn


def walked_for_launches(instance: ci.Cursor) -> bool:
    """Whether `collect` walks an instance's body for the launches in it: a host function with a body."""
    return _context(instance) == "host" and any(ch.kind == K.COMPOUND_STMT for ch in instance.get_children())


def _instantiated_launches(instances: _Instances, wrappers: WrapperIndex, assigned: Assigned,
                           unit: ir.TranslationUnit) -> list[tuple[int, Launch]]:
    """The launches in the bodies of the host template instances the file reaches (and in the
    instances those call), each with its instance as the enclosing function: the launched kernel is
    a concrete specialisation there, and values are read in the instantiated body."""
    out: list[tuple[int, Launch]] = []
    while instances.queue:
        fn = instances.queue.pop(0)
        try:
            tree = subtree(fn, MAX_WALK)
            if tree is not None:
                nodes, kids = _in_walk_order(*tree)
            else:  # over the budget, or a visit `subtree` cannot follow (an instance that passes a lambda:
                # tiny-cuda-nn's `generate_random(..., [upper, lower] __device__ (T v) {...})`)
                nodes, kids = _descendants(fn, unit), children
            for c in nodes:
                if c._kind_id != _CALL_EXPR:
                    continue
                offset = c.extent.start.offset
                c_kids = kids(c)
                launch = _is_launch(c_kids)
                found = _chevron_launch(c, c_kids, fn) if launch else _api_launch(c, fn)
                if found is not None:
                    out.append((offset, found))
                elif launch:
                    out += [(offset, x) for x in _pointer_launches(c, c_kids, fn, assigned, kids)]
                else:
                    out += [(offset, x) for x in _wrapper_launches(c, fn, wrappers, assigned, kids)]
                    instances.add(c.referenced, (c, fn))
        except Exception:  # noqa: BLE001 - an instance we cannot read adds no launch
            continue
    return out


def _chevron_launch(c: ci.Cursor, c_kids: list[ci.Cursor], fn: ci.Cursor) -> Launch | None:
    kernel = c.referenced
    config = next((g for g in c_kids if g._kind_id == _CALL_EXPR and g.spelling in LAUNCH_CONFIG_CALLS), None)
    if kernel is None or config is None or kernel.kind == K.VAR_DECL:  # a variable: _pointer_launches
        return None
    cargs = list(config.get_arguments())
    return Launch(c, kernel, fn, *(cargs[i] if i < len(cargs) else None for i in range(3)),
                  args=list(c.get_arguments()))


def _wrapper_launches(c: ci.Cursor, fn: ci.Cursor, wrappers: WrapperIndex, assigned: Assigned | None = None,
                      kids=children) -> list[Launch]:
    """A call of a launch wrapper (wrappers.py) that passes it a kernel, or a variable `fn` assigns
    kernels to (each one launched, with the `case` labels that select it: _pointer_launches): a
    launch of that kernel at the call, with what the wrapper writes in `<<<>>>` and passes the
    kernel read at the call."""
    def variable(arg: ci.Cursor) -> list:
        ref = _strip_casts(arg)
        var = ref.referenced if ref.kind == K.DECL_REF_EXPR else None
        if assigned is None or var is None or var.kind != K.VAR_DECL:
            return []
        return [(kernel, dict(labels)) for kernel, where, labels in assigned.of(fn, var, kids) if not where]

    out = []
    for kernel, fwd, bindings in wrappers.launches_of(c, variable):
        call_args = list(c.get_arguments())
        grid, block, smem = (resolve(part, call_args)[0] for part in fwd.config)
        args = [a for part in fwd.args for a in resolve(part, call_args) if a is not None]
        out.append(Launch(c, kernel, fn, grid, block, smem, args=args, via=f"launch wrapper `{c.spelling}`",
                          bindings=bindings))
    return out


def _pointer_launches(c: ci.Cursor, c_kids: list[ci.Cursor], fn: ci.Cursor, assigned: Assigned,
                      kids=children) -> list[Launch]:
    """`fp<<<grid, block>>>(args)` / `fp[i]<<<...>>>`: one launch per kernel the enclosing function
    assigns to that pointer (or element) before, each with the values that select it: the element's
    index, and the `case` label of a `switch` the assignment is under."""
    config = next((g for g in c_kids if g._kind_id == _CALL_EXPR and g.spelling in LAUNCH_CONFIG_CALLS), None)
    callee = _strip_casts(c_kids[0]) if c_kids else None
    if config is None or callee is None:
        return []
    indices: list[ci.Cursor] = []
    while callee.kind == K.ARRAY_SUBSCRIPT_EXPR:
        inner = [x for x in children(callee) if x.kind.is_expression()]
        if len(inner) != 2:
            return []
        indices.insert(0, _strip_casts(inner[1]))
        callee = _strip_casts(inner[0])
    var = callee.referenced if callee.kind == K.DECL_REF_EXPR else None
    if var is None or var.kind not in (K.VAR_DECL, K.PARM_DECL):
        return []
    cargs = list(config.get_arguments())
    out = []
    for kernel, where, labels in assigned.of(fn, var, kids):
        if len(where) != len(indices):
            continue
        bindings = dict(labels)
        for at, value in zip(indices, where):
            if at.kind == K.INTEGER_LITERAL:
                if _literal(at) != value:
                    break
            elif at.kind == K.DECL_REF_EXPR and at.referenced is not None:
                bindings[HostEvaluator._key(at.referenced)] = value
            else:
                break
        else:
            out.append(Launch(c, kernel, fn, *(cargs[i] if i < len(cargs) else None for i in range(3)),
                              args=list(c.get_arguments()), via="function pointer", bindings=bindings))
    return out


class Assigned:
    """The `var[c...] = kernel;` assignments of each host function, found in one walk of its body
    (for every variable at once) the first time a pointer launch in it asks: flash-attention's
    `run_flash_fwd` instance launches 64 `kernel` pointers, each of whose lookups walked all of its
    ~10,000 cursors (27 s of a 31 s file)."""

    def __init__(self) -> None:
        self._by_fn: dict[int, list[tuple[ci.Cursor, dict[int, list]]]] = {}

    def of(self, fn: ci.Cursor, var: ci.Cursor, kids=children) -> list[tuple[ci.Cursor, tuple[int, ...], tuple]]:
        """(kernel, constant element indices, ((switch variable key, case label), ...)) of each
        `var[c...] = kernel;` in `fn`."""
        known = self._by_fn.setdefault(fn.hash, [])
        table = next((t for f, t in known if f == fn), None)
        if table is None:
            table = _assignments(fn, kids)
            known.append((fn, table))
        return [entry for v, entry in table.get(var.hash, ()) if v == var]


def _assignments(fn: ci.Cursor, kids) -> dict[int, list]:
    """Every `v[c...] = kernel;` (and `auto v = &kernel;`) in `fn`, by the assigned variable's hash:
    [(variable, (kernel, where, labels)), ...]. Empty when the body cannot be read."""
    found: dict[int, list] = {}

    def record(v: ci.Cursor, entry: tuple) -> None:
        found.setdefault(v.hash, []).append((v, entry))

    def visit(node: ci.Cursor, labels: tuple, skip: tuple) -> None:
        nkids = kids(node)
        kind = node.kind
        if kind == K.SWITCH_STMT and len(nkids) >= 2:
            cond = _strip_casts(nkids[0])
            key = HostEvaluator._key(cond.referenced) if cond.kind == K.DECL_REF_EXPR and cond.referenced is not None else None
            label = None
            for stmt in (list(kids(nkids[-1])) if nkids[-1].kind == K.COMPOUND_STMT else [nkids[-1]]):
                while stmt.kind in (K.CASE_STMT, K.DEFAULT_STMT):
                    inner = list(kids(stmt))
                    if stmt.kind == K.DEFAULT_STMT or not inner or _strip_casts(inner[0]).kind != K.INTEGER_LITERAL:
                        label = None
                    else:
                        label = _literal(_strip_casts(inner[0]))
                    stmt = inner[-1] if inner else stmt
                    if stmt.kind not in (K.CASE_STMT, K.DEFAULT_STMT):
                        break
                visit(stmt, labels + ((key, label),) if key is not None and label is not None else labels, skip)
            return
        is_init = kind == K.VAR_DECL and nkids and nkids[-1].kind.is_expression()
        if is_init or kind == K.BINARY_OPERATOR and len(nkids) == 2 and operator_of(node) == "=":
            # `var = k;`, or the declaration's initialiser: `auto kernel = &k<Traits>;`
            lhs, rhs = (None, _strip_casts(nkids[-1])) if is_init else (_strip_casts(nkids[0]), _strip_casts(nkids[1]))
            while rhs.kind == K.UNARY_OPERATOR:  # `&kernel`
                inner = [x for x in children(rhs) if x.kind.is_expression()]
                if len(inner) != 1:
                    break
                rhs = _strip_casts(inner[0])
            where: list[int] = []
            while lhs is not None and lhs.kind == K.ARRAY_SUBSCRIPT_EXPR:
                inner = [x for x in children(lhs) if x.kind.is_expression()]
                index = _strip_casts(inner[1]) if len(inner) == 2 else None
                if index is None or index.kind != K.INTEGER_LITERAL:
                    return
                where.insert(0, _literal(index))
                lhs = _strip_casts(inner[0])
            target = node if is_init else (lhs.referenced if lhs.kind == K.DECL_REF_EXPR else None)
            if target is not None and not any(target == s for s in skip):
                # `k`, or a host function's call that returns kernels (exllamav2's
                # `fp = pick_layer_norm_kernel(bpw)` returns one of 16 instances): each is launched
                kernels = [rhs.referenced] if rhs.kind == K.DECL_REF_EXPR else \
                    _returned_kernels(rhs.referenced) if rhs._kind_id == _CALL_EXPR else []
                for kernel in kernels:
                    if _is_kernel(kernel):
                        record(target, (kernel, tuple(where), labels))
            if not is_init:
                return
            # a declaration's initialiser is not walked for the declared variable itself (its own
            # assignment is the initialiser), but is for every other variable
            for ch in nkids:
                visit(ch, labels, skip + (node,))
            return
        for ch in nkids:
            visit(ch, labels, skip)

    try:
        visit(fn, (), ())
    except Exception:  # noqa: BLE001 - what cannot be read selects no kernel
        return {}
    return found


def _is_kernel(f: ci.Cursor | None) -> bool:
    return f is not None and f.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and \
        any(a.kind == K.CUDAGLOBAL_ATTR for a in f.get_children())


def _returned_kernels(f: ci.Cursor | None) -> list[ci.Cursor]:
    """The kernels a host function's `return` statements name (`return k<3>;`, `return &k;`), read
    from its definition; none for a kernel, a function without a body, or a body too large to walk."""
    f = f.get_definition() if f is not None and not _is_kernel(f) else None
    tree = subtree(f, MAX_WALK) if f is not None else None
    if tree is None:
        return []
    out = []
    for c in tree[0]:
        if c.kind != K.RETURN_STMT:
            continue
        value = [_strip_casts(x) for x in children(c) if x.kind.is_expression()]
        while len(value) == 1 and value[0].kind == K.UNARY_OPERATOR:
            value = [_strip_casts(x) for x in children(value[0]) if x.kind.is_expression()]
        if len(value) == 1 and value[0].kind == K.DECL_REF_EXPR and _is_kernel(value[0].referenced):
            out.append(value[0].referenced)
    return out


def _literal(c: ci.Cursor) -> int | None:
    try:
        return int(next(c.get_tokens()).spelling.rstrip("uUlL"), 0)
    except (StopIteration, ValueError):
        return None


def _api_launch(c: ci.Cursor, fn: ci.Cursor) -> Launch | None:
    """`cudaLaunchKernel((void *)k, grid, block, args, smem, stream)` and its cooperative and Ex forms."""
    name = c.spelling
    if name not in _API_LAUNCHES and name not in _API_LAUNCHES_EX:
        return None
    args = list(c.get_arguments())
    at = 1 if name in _API_LAUNCHES_EX else 0
    if len(args) <= at:
        return None
    kernel = _strip_casts(args[at]).referenced
    if kernel is None or kernel.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
        return None
    if name in _API_LAUNCHES_EX:
        config = _strip_casts(args[0])
        if config.kind == K.UNARY_OPERATOR:  # `&config`
            inner = [x for x in children(config) if x.kind.is_expression()]
            config = inner[0] if inner else config
        kernel_args = args[2:] if name == "cudaLaunchKernelEx" else []
        return Launch(c, kernel, fn, args=kernel_args, config=config, via=name)
    g, b, m = _API_LAUNCHES[name]
    pick = [args[i] if i < len(args) and args[i].extent.start.line > 0 else None for i in (g, b, m)]
    return Launch(c, kernel, fn, *pick, via=name)


def _strip_casts(c: ci.Cursor) -> ci.Cursor:
    while c.kind in _CASTS:
        inner = [x for x in children(c) if x.kind.is_expression()]
        if len(inner) != 1:
            break
        c = inner[0]
    return c


def _is_launch(call_children: list[ci.Cursor]) -> bool:
    """A call whose first child is the `<<<grid, block>>>` configuration call clang builds for a launch."""
    return any(g._kind_id == _CALL_EXPR and g.spelling in LAUNCH_CONFIG_CALLS for g in call_children)


def _in_walk_order(cursors: list[ci.Cursor], tree: list[list[int]]):
    """The descendants of cursors[0], depth first in source order, and a children lookup for them.

    The order matters: calls are sorted by offset, and calls at one offset (inside a macro
    expansion) keep the order in which they were found.
    """
    order: list[ci.Cursor] = []
    # depth first, children in source order: the calls of one macro expansion (one offset) come in
    # the order the macro's body writes them (HeCBench's `benchmark(...)` macro: launch,
    # cudaDeviceSynchronize, then the clock read), not in the order a wider walk meets them
    stack = list(reversed(tree[0]))
    while stack:
        n = stack.pop()
        order.append(cursors[n])
        stack.extend(reversed(tree[n]))
    index_of = {id(c): i for i, c in enumerate(cursors)}

    def kids(c: ci.Cursor) -> list[ci.Cursor]:
        return [cursors[i] for i in tree[index_of[id(c)]]]
    return order, kids


def _definitions(c: ci.Cursor, main: str, file_of: FileNames, parts: frozenset[str] = frozenset(),
                 entries: list[ci.Cursor] | None = None, is_part: dict[str, bool] | None = None):
    """The main file's function definitions; those of `parts` (entry_files) with external linkage go to `entries`."""
    if is_part is None:
        is_part = {}  # a file's name -> whether it is one of `parts` (one realpath per file, not per declaration)
    for ch in children_of(c):  # (the extraction's remembered children: it walks them more than once)
        f = file_of(ch)
        if f != main:
            if entries is not None and f is not None and parts and ch.kind in (K.FUNCTION_DECL, K.LINKAGE_SPEC, K.NAMESPACE):
                part = is_part.get(f)
                if part is None:
                    part = is_part[f] = os.path.realpath(f) in parts
                if part:
                    for fn in [ch] if ch.kind == K.FUNCTION_DECL else _definitions(ch, f, file_of):
                        if fn.kind == K.FUNCTION_DECL and fn.is_definition() and fn.linkage == ci.LinkageKind.EXTERNAL:
                            entries.append(fn)
            continue
        if ch.kind in _FUNCTIONS and ch.is_definition():
            yield ch
        if ch.kind in _SCOPES:
            yield from _definitions(ch, main, file_of, parts, entries, is_part)


_QUOTED_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"/\\]+)"')


def entry_files(main: str, lines: list[str]) -> frozenset[str]:
    """The kernel files this file includes from its own folder (`#include "imageDenoising_copy_kernel.cuh"`,
    a file that defines a `__global__` kernel): parts of this translation unit. Their host functions with
    external linkage are its entry points too, called from elsewhere (cuda-samples' imageDenoising: the
    `.cuh`'s `extern "C" cuda_Copy(...)` launches `Copy<<<...>>>`, and a `.cpp` calls it); linted alone,
    such a file lacks what its includer declares first (`TColor`, the block-size macros)."""
    folder = os.path.dirname(os.path.abspath(main))
    out = set()
    for line in lines:
        m = _QUOTED_INCLUDE.match(line)
        if m is None:
            continue
        path = os.path.join(folder, m.group(1))
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                if "__global__" in fh.read():
                    out.add(os.path.realpath(path))
        except OSError:
            continue
    return frozenset(out)


def _descendants(c: ci.Cursor, unit: ir.TranslationUnit):
    """The descendants of `c` in `_in_walk_order`'s order (depth first, children in source order),
    cursor by cursor: the walk of a function too large for `subtree`, which stops at MAX_WALK."""
    budget = MAX_WALK  # an exponential macro expansion can make one function millions of cursors
    stack = list(reversed(list(c.get_children())))
    while stack:
        n = stack.pop()
        budget -= 1
        if budget < 0:
            unit.notes.append(f"{c.spelling}: over {MAX_WALK} syntax nodes; calls and kernel launches "
                              "after that not read")
            return
        yield n
        stack.extend(reversed(list(n.get_children())))


def _context(fn: ci.Cursor) -> str:
    kinds = {ch.kind for ch in fn.get_children()}
    if K.CUDAGLOBAL_ATTR in kinds:
        return "global"
    if K.CUDADEVICE_ATTR in kinds:
        return "device"
    return "host"


def _is_volatile(t: ci.Type) -> bool:
    try:
        if t.is_volatile_qualified():
            return True
        for u in (t, t.get_canonical()):  # libclang drops the qualifier of a canonical array's elements
            if u.kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE, T.POINTER):
                if u.get_pointee().is_volatile_qualified():
                    return True
            elif u.kind in (T.CONSTANTARRAY, T.INCOMPLETEARRAY):
                e = u.element_type
                while e.kind == T.CONSTANTARRAY:
                    e = e.element_type
                if e.is_volatile_qualified():
                    return True
    except Exception:  # noqa: BLE001
        return False
    return False


def _text(lines: list[str], sp: ir.Span) -> str:
    if not 0 < sp.line <= len(lines):
        return ""
    if sp.line == sp.end_line:
        return lines[sp.line - 1][sp.column - 1:sp.end_column - 1]
    parts = [lines[sp.line - 1][sp.column - 1:]]
    parts += [ln.strip() for ln in lines[sp.line:sp.end_line - 1]]
    if sp.end_line <= len(lines):
        parts.append(lines[sp.end_line - 1][:sp.end_column - 1].strip())
    return " ".join(p for p in parts if p)


def _written_in_macro(a: ci.Cursor) -> str:
    """An argument's text where its extent gives none (a call written as a macro's argument,
    `CHECK(cudaEventSynchronize(stop))`, has its extent at the macro's call): a variable or member,
    or the address of one, by name; "" for anything else. (The argument cursors are not the walk's
    objects: their children are asked of libclang.)"""
    while a.kind == K.UNEXPOSED_EXPR or a.kind == K.PAREN_EXPR:
        ch = children(a)
        if len(ch) != 1:
            return ""
        a = ch[0]
    if a.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR):
        return a.spelling or ""
    if a.kind == K.UNARY_OPERATOR and operator_of(a) == "&":
        ch = children(a)
        inner = _written_in_macro(ch[0]) if len(ch) == 1 else ""
        return f"&{inner}" if inner else ""
    return ""


def _qualified(ref: ci.Cursor | None) -> str:
    parts: list[str] = []
    n = ref
    while n is not None and n.kind != K.TRANSLATION_UNIT and len(parts) < 12:
        if n.spelling:
            parts.append(n.spelling)
        n = n.semantic_parent
    return "::".join(reversed(parts))


class _Callees:
    """What a call fact needs of the function a call refers to, read once per function.

    Many calls name the same few functions; answers are keyed by the referenced cursor's
    value, so this memo must not outlive the translation unit (one `collect`).
    """

    def __init__(self) -> None:
        self._is_constructor: dict[bytes, bool] = {}
        self._names: dict[bytes, tuple[str, str]] = {}
        self._system: dict[bytes, bool | None] = {}
        self._canonical_spellings: dict[bytes, str] = {}
        self._calls_in: dict[bytes, tuple[str, ...]] = {}

    def is_constructor(self, ref: ci.Cursor) -> bool:
        k = cursor_key(ref)
        known = self._is_constructor.get(k)
        if known is None:
            known = self._is_constructor[k] = ref.kind == K.CONSTRUCTOR
        return known

    def in_system_header(self, ref: ci.Cursor | None) -> bool | None:
        """Is the callee declared in a system header (toolkit or bundled)? None: not resolved."""
        if ref is None:
            return None
        k = cursor_key(ref)
        known = self._system.get(k)
        if known is None:
            try:
                loc = ref.location
                known = None if loc.file is None else bool(loc.is_in_system_header)
            except Exception:  # noqa: BLE001
                known = None
            self._system[k] = known
        return known

    def names(self, ref: ci.Cursor | None) -> tuple[str, str]:
        """(qualified name, USR) of the callee."""
        if ref is None:
            return "", ""
        k = cursor_key(ref)
        known = self._names.get(k)
        if known is None:
            try:
                usr = ref.get_usr() or ""
            except Exception:  # noqa: BLE001
                usr = ""
            known = self._names[k] = (_qualified(ref), usr)
        return known

    def calls_in(self, ref: ci.Cursor | None, main: str, depth: int = 3) -> tuple[str, ...]:
        """The names a function defined in another file of the project calls, and those its own
        such callees call (`depth` levels); () for the main file's functions (their calls are
        facts of their own), system headers' and unresolved ones."""
        if ref is None or depth <= 0 or self.in_system_header(ref) is not False:
            return ()
        try:
            fn = ref.get_definition()
            if fn is None or fn.location.file is None or fn.location.file.name == main:
                return ()
        except Exception:  # noqa: BLE001
            return ()
        k = cursor_key(fn)
        known = self._calls_in.get(k)
        if known is None:
            self._calls_in[k] = ()  # a recursive helper ends here
            names: list[str] = []
            tree = subtree(fn, MAX_WALK)
            for c in (tree[0] if tree is not None else ()):
                if c._kind_id == _CALL_EXPR and c.spelling and c.spelling not in names:
                    names.append(c.spelling)
                    try:
                        names += [n for n in self.calls_in(c.referenced, main, depth - 1) if n not in names]
                    except Exception:  # noqa: BLE001
                        pass
            known = self._calls_in[k] = tuple(names)
        return known

    def canonical_spelling(self, t: ci.Type) -> str:
        k = bytes(t)  # the raw CXType: equal bytes are the same type
        known = self._canonical_spellings.get(k)
        if known is None:
            known = self._canonical_spellings[k] = t.get_canonical().spelling
        return known


def _call_fact(c: ci.Cursor, c_kids: list[ci.Cursor], kids, launch: bool, callees: _Callees, path: str,
               lines: list[str], fname: str, fkey: str, context: str, main: str = "") -> ir.CallFact | None:
    """The fact of call `c`; `c_kids` are its children, `kids` gives any cursor's children."""
    name = c.spelling
    if not name or name.startswith("operator") or name in LAUNCH_CONFIG_CALLS:
        return None
    ref = c.referenced
    if ref is not None and callees.is_constructor(ref):
        return None
    sp = span_of(c, path)
    callee = _callee_span(c, c_kids, kids, name, path)
    args = list(c.get_arguments())
    texts = tuple(_text(lines, span_of(a, path)) or _written_in_macro(a) for a in args)
    types = []
    for a in args:
        try:
            types.append(callees.canonical_spelling(a.type))
        except Exception:  # noqa: BLE001
            types.append("")
    qualified, key = callees.names(ref)
    inner = () if launch else callees.calls_in(ref, main)
    return ir.CallFact(name, qualified or name, sp, callee, texts, tuple(types), fname, context,
                       launch, key, fkey, callees.in_system_header(ref), inner)


def _callee_span(c: ci.Cursor, c_kids: list[ci.Cursor], kids, name: str, path: str) -> ir.Span:
    """Where the callee's name is written (the last name token before the arguments)."""
    for ch in c_kids:
        s = ch
        while s.kind == K.UNEXPOSED_EXPR and len(kids(s)) == 1:
            s = kids(s)[0]
        if s.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.OVERLOADED_DECL_REF) and s.spelling == name:
            loc = s.location
            if loc.file is not None and loc.line > 0:
                return ir.Span(path, loc.line, loc.column, loc.line, loc.column + len(name))
        break
    loc = c.location
    return ir.Span(path, loc.line, loc.column, loc.line, loc.column + len(name))
