"""Host-side values at a launch: what `grid`, `block` and the integer arguments hold there.

A small flow-sensitive evaluator over the launching function's statements, in source order up to
the launch: declarations with initializers, assignments and compound assignments (also to fields:
`dim3 b; b.x = 128;`, `config.blockDim = dim3(256);`), `++`/`--`, constructors of records
(`dim3(32, 8)`, `{16, 16}`), integer arithmetic, `?:` with a known condition, `min`/`max`, and
whatever clang itself evaluates (literals, `constexpr`, enumerators, macros). A parameter of the
launching function takes the value its callers in the translation unit pass, when they all pass
the same one (host wrappers that carry the block or the grid).

A value the evaluator cannot be sure of is unknown, never a guess: a variable assigned in a branch
or loop that is not on the way to the launch, or one whose address is taken. A launch inside a
`for`/`while`/`do` loop is evaluated as its first execution: the loop's initialisation runs and its
body runs once up to the launch (the launch Nsight Compute profiles first, and the one a reader
looks at); `first_iteration_of` names those loops so that the analysis can say so. When the loop's
condition is not known to hold at first, what the loop assigns is unknown instead.

Values are ints, or dicts of field name -> value for records (dim3, cudaLaunchConfig_t); UNKNOWN
marks what is not known.
"""
from __future__ import annotations

import math
from typing import Callable

import clang.cindex as ci

from ..cursors.folding import operator_of
from ..model.device_properties import ATTRIBUTES, DeviceProperties
from .elsewhere import defined_elsewhere
from .flow import StatementRunner
from .syntax import (ARITH, RECORD_FIELDS, record_name, ASSERTION, ASSERTION_CALL, FILE_SCOPES, FIRST_ITERATION, INCREMENTS, MAX_CALLERS,
                     ASSUMED_SIZE, COMMAND_LINE, COMPARISONS, CONVERSIONS, DEVICE_QUERIES, MAX_DEPTH, NO_ARGS, NOT_TAKEN, PROGRAM_ARGS, ROUNDING,
                     SWEPT, TENSOR_SIZES, UNKNOWN, Offset, children_of, copied,
                     default_record, device_tag, element_base, float_literal, floating, initialized, integral, main_parameter,
                     is_device_record, on_a_branch, string_call, string_literal, is_constant, is_equality_ref,
                     node_position, record_fields, strip, walk)

K = ci.CursorKind
MAX_CALLER_DEPTH = 8  # calls followed up from a launch looking for a branch the analysed GPU does not take
THIS = "#this"  # env key: the record a constructor being evaluated makes (_constructed)


class HostEvaluator(StatementRunner):
    """Values of host expressions at a point of a function; one per translation unit."""

    def __init__(self, const_value: Callable[[ci.Cursor], int | None],
                 host_calls: list[tuple[ci.Cursor, ci.Cursor]],
                 definitions: list[ci.Cursor] | None = None, elsewhere: dict | None = None,
                 device: DeviceProperties | None = None,
                 instance_callers: dict[int, list[tuple[ci.Cursor, ci.Cursor]]] | None = None,
                 program_args: tuple[str, ...] = ()):
        self.const_value = const_value
        self.program_args = program_args  # the command line `main` is run with (none: without arguments)
        self.device = device  # what the analysed architecture's GPU answers (None: nothing known)
        # the calls of each host function walked as an instance, by its cursor's hash (calls.collect)
        self._instance_callers = instance_callers or {}
        self._not_reached: dict[tuple, str | None] = {}
        # (USR, parameter index) -> (value, read from the named run's arguments): what the other files of the
        # run pass to a function this file defines and calls nowhere (host/elsewhere.py, lint.py's second pass)
        self.elsewhere = elsewhere or {}
        self.asked_elsewhere: set[tuple[str, int]] = set()  # such parameters read here with no caller in the file
        self._host_calls = host_calls  # every (call, enclosing function) of the file
        self._definitions = definitions  # every function defined in the file
        self._globals: dict[str, object] | None = None  # file-scope variable -> its value (_global_value)
        self.bindings: dict[str, int] = {}  # variables whose values a launch through a function pointer fixes
        # the marks (syntax.TAGS) of the variables the value being evaluated read (flow.StatementRunner._evaluated)
        self._touched: set[str] = set()
        self._running_callees: set[str] = set()  # host functions flow.run_callee is running (no recursion)
        self._callers: dict[str, list[tuple[ci.Cursor, ci.Cursor]]] | None = None
        # the functions (USRs) whose calls in the file an answer read: what an edit of a kernel's body
        # must not call for the answers to be kept (changes_answers)
        self.asked_functions: set[str] = set()
        self._envs: dict[tuple[str, int], dict] = {}
        self._orders: dict[str, dict] = {}
        self._branches: dict[str, list[tuple[int, int]]] = {}  # function -> its `if` branches (syntax.on_a_branch)
        self._writes: dict[tuple[int, int], set[str] | None] = {}  # statement -> flow._outer_writes's answer
        # function -> its top-level statements, their (start, end) positions, the env before each
        self._bodies: dict[str, tuple[list[ci.Cursor], list[tuple[int, int]], list[dict]]] = {}
        self._asserted: dict[str, list[tuple[int, str, ci.Cursor]]] = {}  # function -> its `assert(v % m == 0)`s
        self._lines: dict[str, list[str]] = {}  # source lines of files with assertions looked at

    def callers(self, usr: str) -> list[tuple[ci.Cursor, ci.Cursor]]:
        """The calls of function `usr` in the file, indexed on the first question (most files ask none)."""
        self.asked_functions.add(usr)
        if self._callers is None:
            self._callers = {}
            through: dict[tuple[str, int], list[tuple[ci.Cursor, ci.Cursor]]] = {}
            for call, fn in self._host_calls:
                ref = call.referenced
                if ref is not None and ref.kind in _FUNCTIONS:
                    self._callers.setdefault(ref.get_usr() or "", []).append((call, fn))
                elif ref is not None and ref.kind == K.PARM_DECL:  # `softmax_fn(B, T)`: a function-pointer parameter
                    index = _parameter_index(ref)
                    if index is not None:
                        through.setdefault((ref.semantic_parent.get_usr() or "", index), []).append((call, fn))
            if through:
                self._add_calls_through_parameters(through)
        return self._callers.get(usr, [])

    def _add_calls_through_parameters(self, through: dict[tuple[str, int], list[tuple[ci.Cursor, ci.Cursor]]]) -> None:
        """A function passed as an argument (`attention_backward1(..., launch_softmax_6, ...)`) is called
        wherever the callee calls the parameter it lands in: those calls are its callers too (their
        arguments are evaluated in the callee, whose own parameters come from its callers)."""
        assert self._callers is not None
        for call, _ in self._host_calls:
            ref = call.referenced
            if ref is None or ref.kind not in _FUNCTIONS:
                continue
            for i, arg in enumerate(call.get_arguments()):
                passed = _function_named(arg)
                inner = through.get((ref.get_usr() or "", i)) if passed is not None else None
                if inner:
                    known = self._callers.setdefault(passed.get_usr() or "", [])  # type: ignore[union-attr]
                    known.extend(c for c in inner if c not in known)

    # ------------------------------------------------------------ public

    @property
    def asked_globals(self) -> set[str]:
        """The file-scope variables (keys) whose values an answer read (_global_value)."""
        return set(self._globals or ())

    def written_globals(self) -> set[str]:
        """The file-scope variables (keys) the functions this evaluator was given write."""
        return set(self._global_writes())

    def value(self, expr: ci.Cursor, function: ci.Cursor | None, at: ci.Cursor | None = None, depth: int = 0):
        """The value of `expr`, evaluated in `function` just before `at` (default: `expr` itself) runs:
        the arguments of one launch share the state before the launch (int, dict, or UNKNOWN)."""
        env = self._env_at(function, at if at is not None else expr) if function is not None else {}
        return self._eval(expr, env, function, depth)

    def constant_value(self, expr: ci.Cursor):
        """The value of `expr` from constants alone (literals, `const` variables with constant
        initializers, globals, enumerators): no statement of a function is run, no caller followed."""
        return self._eval(expr, {}, None, 0)

    def int_value(self, expr: ci.Cursor, function: ci.Cursor | None, at: ci.Cursor | None = None) -> int | None:
        v = self.value(expr, function, at)
        return v if isinstance(v, int) else None

    def dim3_value(self, expr: ci.Cursor, function: ci.Cursor | None,
                   at: ci.Cursor | None = None) -> tuple[int, int, int] | None:
        return dim3_from(self.value(expr, function, at))

    def dim3_partial(self, expr: ci.Cursor, function: ci.Cursor | None,
                     at: ci.Cursor | None = None) -> tuple[int | None, int | None, int | None] | None:
        """The components of a dim3 the evaluator can read, None for the others: `dim3(threads, 1,
        1)` with `threads` unknown is (None, 1, 1), a 1-D block of some size."""
        v = self.value(expr, function, at)
        if isinstance(v, dict):
            parts = tuple(v.get(f) if isinstance(v.get(f), int) else None for f in "xyz")
            return parts if any(p is not None for p in parts) else None  # type: ignore[return-value]
        return None

    # ------------------------------------------------------------ environments

    def pointer_offset(self, expr: ci.Cursor, function: ci.Cursor | None, at: ci.Cursor | None = None) -> int | None:
        """Bytes a pointer argument points past the allocation it is computed from (`d_in + RADIUS`,
        `&buf[pad]`, a variable holding `bufferIn + padding`); 0 for a pointer variable that holds
        no known offset (an allocation, or a parameter); None when that is not known."""
        s = strip(expr)
        if s.type.get_canonical().kind != ci.TypeKind.POINTER:
            return None
        env = self._env_at(function, at if at is not None else expr) if function is not None else {}
        v = self._pointer(s, env, function, 0)
        return v.bytes if isinstance(v, Offset) else None

    def asserted_multiple(self, expr: ci.Cursor, function: ci.Cursor | None, at: ci.Cursor) -> int | None:
        """The modulus the launching function asserts a variable argument is a multiple of before the
        launch (`assert(QKV_seqlen % max(Br, Bc) == 0);`, `TORCH_CHECK(n % 4 == 0, ...)`): sizes the
        program rejects are no evidence (rules/sync001's size probe). 0: a modulus not evaluated (of
        a template's parameters); None if it asserts none."""
        s = strip(expr)
        if function is None or s.kind != K.DECL_REF_EXPR or s.referenced is None:
            return None
        key = self._key(s.referenced)
        asserted = [(i, m) for i, k, m in self._assertions(function) if k == key]
        if not asserted:
            return None
        here = self._order_of(function).get(node_position(at), (0, 0))[0]
        env = self._env_at(function, at)
        for i, modulus in asserted:
            if i >= here:
                continue
            m = self._eval(modulus, env, function, 0)
            if isinstance(m, int) and not isinstance(m, bool):
                if m > 1:
                    return m
            else:
                return 0  # a modulus of the template's parameters (`max(Br, Bc)`): a multiple, of a tile
        return None

    def _assertions(self, function: ci.Cursor) -> list[tuple[int, str, ci.Cursor]]:
        """`assert(v % m == 0)` conditions in `function`: (preorder index, v's key, m), once per function."""
        fkey = function.get_usr() or function.spelling
        if fkey in self._asserted:
            return self._asserted[fkey]
        order = self._order_of(function)
        out = []
        for c in walk(function):
            if c.kind == K.BINARY_OPERATOR and operator_of(c) == "==":
                kids = children_of(c)
            elif c.kind == K.CALL_EXPR and len(children_of(c)) == 3 and is_equality_ref(children_of(c)[1]):
                # in a template, `n % max(Br, Bc) == 0` is a dependent call: (lhs, `==`, rhs)
                kids = [children_of(c)[0], children_of(c)[2]]
            else:
                continue
            if len(kids) != 2 or self.const_value(strip(kids[1])) != 0:
                continue
            mod = strip(kids[0])
            parts = children_of(mod)
            if mod.kind != K.BINARY_OPERATOR or operator_of(mod) != "%" or len(parts) != 2:
                continue
            var = strip(parts[0])
            if var.kind == K.DECL_REF_EXPR and var.referenced is not None and self._in_assertion(c):
                out.append((order.get(node_position(c), (1 << 62, 0))[0], self._key(var.referenced), parts[1]))
        self._asserted[fkey] = out
        return out

    def _in_assertion(self, c: ci.Cursor) -> bool:
        """Is the condition `c` written as the argument of an assertion macro (`assert(...)`)?"""
        start = c.extent.start
        if start.file is None or start.line <= 0:
            return False
        name = start.file.name
        if name not in self._lines:
            try:
                with open(name, encoding="utf-8", errors="replace") as f:
                    self._lines[name] = f.read().splitlines()
            except OSError:
                self._lines[name] = []
        lines = self._lines[name]
        text = lines[start.line - 1] if start.line <= len(lines) else ""
        col = max(start.column - 1, 0)
        # the condition's own position, or (inside the macro's expansion) the macro's call
        return bool(ASSERTION.search(text[:col]) or ASSERTION_CALL.match(text[col:]))

    def _pointer(self, e: ci.Cursor, env: dict, fn: ci.Cursor | None, depth: int):
        """A pointer expression as an offset from a variable (Offset), or UNKNOWN."""
        s = strip(e)
        if depth > MAX_DEPTH:
            return UNKNOWN
        if s.kind == K.DECL_REF_EXPR and s.referenced is not None:
            v = env.get(self._key(s.referenced), UNKNOWN)
            # a pointer variable holding no offset we know of stands for its own allocation
            return v if isinstance(v, Offset) else Offset(self._key(s.referenced), 0)
        kids = children_of(s)
        if s.kind == K.BINARY_OPERATOR and operator_of(s) in ("+", "-") and len(kids) == 2:
            first_is_ptr = strip(kids[0]).type.get_canonical().kind == ci.TypeKind.POINTER
            ptr, idx = (kids[0], kids[1]) if first_is_ptr else (kids[1], kids[0])
            if operator_of(s) == "-" and not first_is_ptr:
                return UNKNOWN
            sign = -1 if operator_of(s) == "-" else 1
        elif s.kind == K.UNARY_OPERATOR and operator_of(s) == "&" and kids and \
                strip(kids[0]).kind == K.ARRAY_SUBSCRIPT_EXPR:
            sub = children_of(strip(kids[0]))
            if len(sub) != 2:
                return UNKNOWN
            ptr, idx, sign = sub[0], sub[1], 1
        else:
            return UNKNOWN
        if strip(ptr).type.get_canonical().kind not in (ci.TypeKind.POINTER, ci.TypeKind.CONSTANTARRAY):
            return UNKNOWN
        base = self._pointer(ptr, env, fn, depth + 1)
        n = self._eval(idx, env, fn, depth + 1)
        size = strip(ptr).type.get_canonical().get_pointee().get_size()
        if not isinstance(base, Offset) or not isinstance(n, int) or isinstance(n, bool) or size <= 0:
            return UNKNOWN
        return Offset(base.base, base.bytes + sign * n * size)

    def _global_value(self, ref: ci.Cursor, depth: int):
        """A file-scope variable's value as the whole file gives it: its initializer when no function
        writes it; else what the assignments in the file's functions give each element and field
        (`block[1][0] = dim3(sPencils, my, 1);` in a setup function), each assigned once or always to
        the same value. Written any other way (`+=`, `++`, its address taken): not known."""
        if self._globals is None:
            self._globals = {}
            self._writes = self._global_writes()
        key = self._key(ref)
        if key in self._globals:
            return self._globals[key]
        self._globals[key] = UNKNOWN  # while it is worked out: a value that depends on itself is not known
        writes = self._writes.get(key)
        init = [x for x in children_of(ref) if x.kind.is_expression()] if initialized(ref) else []
        if writes is None:
            value = self._eval(init[-1], {}, None, depth + 1) if init else UNKNOWN
        elif init or any(w is None for w in writes):
            value = UNKNOWN
        else:
            value = self._assigned_value(ref, writes)
        self._globals[key] = value
        return value

    def _assigned_value(self, ref: ci.Cursor, writes: list) -> object:
        env: dict = {}
        key = self._key(ref)
        seen: dict[tuple, object] = {}
        for lhs, rhs, assignment, fn in writes:
            at_env = self._env_at(fn, assignment)
            path = self._path(lhs, at_env, fn)
            if path is None:
                return UNKNOWN
            pointer = strip(lhs).type.get_canonical().kind == ci.TypeKind.POINTER
            value = self._pointer(rhs, at_env, fn, 0) if pointer else self._eval(rhs, at_env, fn, 0)
            if tuple(path) in seen and seen[tuple(path)] != value:
                value = UNKNOWN  # assigned different values: which one a launch sees is not known
            seen[tuple(path)] = value
            self._assign(lhs, value, env, fn, path)
        return env.get(key, UNKNOWN)

    def _global_writes(self) -> dict[str, list]:
        """File-scope variable -> its plain assignments [(lhs, rhs, assignment, function)] (`=` or a
        class's `operator=`), with None for a write of any other kind; one walk over the file's
        functions."""
        writes: dict[str, list] = {}
        for fn in self._definitions or ():
            try:
                for c in walk(fn):
                    kind = c.kind
                    if kind == K.CALL_EXPR:
                        if c.spelling != "operator=":
                            continue
                        sides = [x for x in children_of(c) if x.kind.is_expression()]
                        sides = [sides[0], sides[-1]] if len(sides) >= 2 else []
                    elif kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR):
                        op = operator_of(c)
                        if kind == K.UNARY_OPERATOR and op not in INCREMENTS and op != "&" or \
                                kind == K.BINARY_OPERATOR and op != "=":
                            continue
                        sides = children_of(c)
                    else:
                        continue
                    if not sides:
                        continue
                    base = element_base(sides[0])
                    ref = base.referenced if base.kind == K.DECL_REF_EXPR else None
                    if ref is None or ref.kind != K.VAR_DECL or ref.semantic_parent is None or \
                            ref.semantic_parent.kind not in FILE_SCOPES:
                        continue
                    if kind != K.UNARY_OPERATOR and ref.type.get_canonical().kind == ci.TypeKind.POINTER and \
                            strip(sides[0]).kind != K.DECL_REF_EXPR:
                        continue  # a store through a global pointer, not to it
                    plain = kind == K.CALL_EXPR or kind == K.BINARY_OPERATOR
                    writes.setdefault(self._key(ref), []).append((sides[0], sides[1], c, fn) if plain else None)
            except Exception:  # noqa: BLE001 - a function that cannot be walked: its writes are not known
                continue
        return writes

    # ------------------------------------------------------------ expressions

    def _eval(self, e: ci.Cursor, env: dict, fn: ci.Cursor | None, depth: int):
        if depth > MAX_DEPTH:
            return UNKNOWN
        s = strip(e)
        k = s.kind
        if floating(s) and integral(e):  # `int n = 1e6;`, `(int)(0.5 * N)`: a floating value made an integer
            v = float_literal(s) if k == K.FLOATING_LITERAL else self._eval(s, env, fn, depth + 1)
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v):
                return UNKNOWN
            return int(v != 0) if e.type.get_canonical().kind == ci.TypeKind.BOOL else int(v)
        if k == K.DECL_REF_EXPR:
            ref = s.referenced
            if ref is None or ref.kind == K.TEMPLATE_NON_TYPE_PARAMETER:
                # in a host template's instance, a non-type parameter stands for its argument (clang's
                # SubstNonTypeTemplateParmExpr: a reference with the argument as its child)
                inner = [x for x in children_of(s) if x.kind.is_expression()]
                return self._eval(inner[0], env, fn, depth + 1) if len(inner) == 1 else UNKNOWN
            key = self._key(ref)
            if key in env:
                self._touched.update(tag for tag in self.tags if key in env.get(tag, ()))
                return copied(env[key])
            if ref.kind == K.ENUM_CONSTANT_DECL:
                return ref.enum_value
            if ref.kind == K.PARM_DECL and fn is not None:
                which = main_parameter(ref, fn)  # 0: argc, 1: argv
                if self.program_args and which is not None:
                    # the run the user named (config.Settings.program_args): argv as an array of its words
                    self._touched.add(PROGRAM_ARGS)
                    return dict(enumerate((fn.translation_unit.spelling, *self.program_args))) if which else \
                        1 + len(self.program_args)
                if which == 0:
                    # the program as run without command-line arguments (the run a reader pictures,
                    # and the one a benchmark's default sizes are written for); the launch says so
                    # (not for a callee's argument, `findCudaDevice(argc, argv)`: flow.run_callee)
                    if not self._callee_arguments:
                        env[NO_ARGS] = True
                    self._touched.add(COMMAND_LINE)
                    return 1
                owner = _captured_from(ref, fn)
                if owner is not None:  # a lambda's capture of its enclosing function's parameter
                    return self._from_callers(ref, owner, depth, env)
                return self._from_callers(ref, fn, depth, env)
            if ref.kind == K.VAR_DECL:
                v = self.const_value(s)
                if v is not None:
                    return v
                if is_constant(ref):
                    init = [x for x in children_of(ref) if x.kind.is_expression()]
                    if init:
                        return self._eval(init[-1], {}, None, depth + 1)
                if ref.semantic_parent is not None and ref.semantic_parent.kind in FILE_SCOPES:
                    return copied(self._global_value(ref, depth))
            return UNKNOWN
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            kids = [x for x in children_of(s) if x.kind.is_expression()]
            if len(kids) != 2:
                return UNKNOWN
            base, index = self._eval(kids[0], env, fn, depth + 1), self._eval(kids[1], env, fn, depth + 1)
            if isinstance(base, dict) and isinstance(index, int) and not isinstance(index, bool):
                if env.get(FIRST_ITERATION) and strip(kids[1]).kind != K.INTEGER_LITERAL:
                    self._touched.add(SWEPT)  # `block_sizes[j]` in a loop: the first of the values it walks
                return copied(base.get(index, UNKNOWN))
            return UNKNOWN
        if k in (K.INTEGER_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.CHARACTER_LITERAL, K.CXX_UNARY_EXPR):
            return self.const_value(s)
        if k == K.MEMBER_REF_EXPR:
            ref = s.referenced
            if ref is not None and ref.kind == K.VAR_DECL:
                # a static data member read through an object (`p.num_anchors` of `static const int
                # num_anchors = num_classes * 2;`, `int_const.value` of the std::integral_constant<int, 32>
                # a dispatch lambda is called with): the class's constant, as `Params::num_anchors` is
                v = self.const_value(s)
                if v is None and is_constant(ref):
                    init = [x for x in children_of(ref) if x.kind.is_expression()]
                    v = self._eval(init[-1], {}, None, depth + 1) if init else None
                return UNKNOWN if v is None else v
            inner = [x for x in children_of(s) if x.kind.is_expression()]
            if not inner:  # a member of the record a constructor makes (_constructed), or not known
                this = env.get(THIS)
                return copied(this.get(s.spelling, UNKNOWN)) if isinstance(this, dict) else UNKNOWN
            base = self._eval(inner[0], env, fn, depth + 1)
            v = copied(base.get(s.spelling, UNKNOWN)) if isinstance(base, dict) else UNKNOWN
            if v is UNKNOWN and is_device_record(inner[0]):
                # a field of a cudaDeviceProp the program did not set itself (cudaGetDeviceProperties' or
                # at::cuda::getCurrentDeviceProperties()'s, a global, a parameter): the analysed GPU's
                return self._property(s.spelling)
            return v
        if k == K.BINARY_OPERATOR:
            kids = children_of(s)
            if len(kids) != 2:
                return UNKNOWN
            op = operator_of(s)
            f = ARITH.get(op)
            if f is None:
                return UNKNOWN
            a = self._eval(kids[0], env, fn, depth + 1)
            b = self._eval(kids[1], env, fn, depth + 1)
            if op in "+-*/" and floating(s) and isinstance(a, (int, float)) and isinstance(b, (int, float)) \
                    and not isinstance(a, bool) and not isinstance(b, bool):
                # float arithmetic (PolyBench's grid: `ceil((float)NI / (float)block.x)`); the value
                # stays a float, so only ceil/floor (or nothing) makes an integer of it
                try:
                    return {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else None}[op] or \
                        (0.0 if op != "/" else UNKNOWN)
                except (OverflowError, ZeroDivisionError):
                    return UNKNOWN
            if isinstance(a, int) and isinstance(b, int):
                try:
                    return f(a, b)
                except (ValueError, OverflowError, ZeroDivisionError):
                    return UNKNOWN
            return UNKNOWN
        if k == K.UNARY_OPERATOR:
            kids = children_of(s)
            op = operator_of(s)
            if kids and op in ("-", "+", "~", "!"):
                v = self._eval(kids[0], env, fn, depth + 1)
                if isinstance(v, int):
                    return {"-": -v, "+": v, "~": ~v, "!": int(not v)}[op]
            return UNKNOWN
        if k == K.CONDITIONAL_OPERATOR:
            kids = children_of(s)
            if len(kids) == 3:
                c = self._eval(kids[0], env, fn, depth + 1)
                if isinstance(c, int):
                    return self._eval(kids[1] if c else kids[2], env, fn, depth + 1)
                a, b = (self._eval(x, env, fn, depth + 1) for x in kids[1:])
                return a if a == b else UNKNOWN
            return UNKNOWN
        if k == K.CALL_EXPR and s.spelling in ROUNDING:
            args = list(s.get_arguments())
            v = self._eval(args[0], env, fn, depth + 1) if len(args) == 1 else UNKNOWN
            if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
                return int(ROUNDING[s.spelling](v))
            return UNKNOWN
        if k == K.CALL_EXPR and s.spelling in TENSOR_SIZES and _on_tensor(s):
            # a tensor's size: unknown here; a large one, and every value made from it is marked so
            # (launches.py keeps only a block made from it, said so; grids and arguments stay unknown)
            self._touched.add(ASSUMED_SIZE)
            return TENSOR_SIZES[s.spelling]
        if k == K.CALL_EXPR and (s.spelling in CONVERSIONS or s.spelling in COMPARISONS):
            # `atoi(argv[3])`, `std::stoi(argv[1])`, `strcmp(argv[1], "benchmark") == 0` on the named run's words
            args = list(s.get_arguments())  # (a base left to its default, std::stoi's, has no children: 10)
            third = self._eval(args[2], env, fn, depth + 1) if len(args) > 2 and children_of(args[2]) else \
                (10 if s.spelling in CONVERSIONS else None)
            v = string_call(s.spelling, [self._text(a, env, fn, depth) for a in args[:2]], third)
            return UNKNOWN if v is None else v
        if k == K.CALL_EXPR and s.spelling in ("min", "max", "std::min", "std::max", "fmin", "fmax"):
            vals = [self._eval(a, env, fn, depth + 1) for a in s.get_arguments()]
            if len(vals) == 2 and all(isinstance(v, int) for v in vals):
                return min(vals) if "min" in s.spelling else max(vals)
            return UNKNOWN
        if k == K.INIT_LIST_EXPR and s.type.get_canonical().kind == ci.TypeKind.CONSTANTARRAY:
            # `int block_sizes[] = {32, 64, 128};`: element index -> value, as arrays of records are
            return {i: self._eval(x, env, fn, depth + 1)
                    for i, x in enumerate(x for x in children_of(s) if x.kind.is_expression())}
        if (k == K.INIT_LIST_EXPR or k == K.CALL_EXPR and s.referenced is not None and s.referenced.kind == K.CONSTRUCTOR) \
                and record_name(s.type) == "tuple":
            # `return {major, minor};` as a std::tuple<int, int>: element index -> value (a structured binding
            # reads it: flow._decompose)
            args = list(s.get_arguments()) if k == K.CALL_EXPR else [x for x in children_of(s) if x.kind.is_expression()]
            return {i: self._eval(a, env, fn, depth + 1) for i, a in enumerate(args)}
        if k == K.CALL_EXPR:
            v = self._returned(s, env, fn, depth)
            if v is not UNKNOWN:
                return v
        if record_fields(s.type) is not None and k in (K.CALL_EXPR, K.INIT_LIST_EXPR, K.UNEXPOSED_EXPR,
                                                        K.CXX_FUNCTIONAL_CAST_EXPR):
            return self._construct(s, s.type, env, fn, depth)
        v = self.const_value(s)
        return v if v is not None else UNKNOWN

    def not_reached(self, function: ci.Cursor, at: ci.Cursor, depth: int = 0) -> str | None:
        """Why the analysed GPU never runs `at` in `function`: the words of a branch on the way to it whose
        condition its properties decide the other way (flow.StatementRunner._decision), there or at every
        call of `function` in the file (flash-attention's `if (max_smem_per_block >= 176 * 1024)
        run_flash_bwd<A>(...); else run_flash_bwd<B>(...);` and the launches in `run_flash_bwd<B>`).
        None where it may run: no such branch, or a call of `function` not under one, or none in the file."""
        key = (function.hash, node_position(at))
        if key in self._not_reached:
            return self._not_reached[key]
        self._not_reached[key] = None  # (a recursion reaches it)
        on_branch = on_a_branch(function, at, self._order_of(function), self._branches)  # (else none to decide)
        words = self._env_at(function, at).get(NOT_TAKEN) if on_branch else None
        if words:
            found = words[0]
        elif depth >= MAX_CALLER_DEPTH:
            found = None
        else:
            callers = self.callers(function.get_usr() or "")  # (asked: the instance's callers are the function's)
            calls = list(self._instance_callers.get(function.hash, ()))
            calls += [c for c in callers if c not in calls]
            found = None
            for call, caller in calls:
                found = self.not_reached(caller, call, depth + 1)
                if found is None:
                    break
        self._not_reached[key] = found
        return found

    def _property(self, name: str, element: int | None = None):
        """The analysed GPU's property `name` (a cudaDeviceProp field; `element` of an array field),
        marked so that a launch's value made from it says so (syntax.device_tag); UNKNOWN where the
        architecture does not fix it, marked too (the launch names the property it could not read)."""
        v = self.device.value(name) if self.device is not None else None
        if isinstance(v, dict) and element is not None:
            v = v.get(element)
        tag = device_tag(name, v is not None)
        if tag not in self.tags:
            self.tags = self.tags + (tag,)
        self._touched.add(tag)
        return copied(v) if v is not None else UNKNOWN

    def device_query(self, call: ci.Cursor) -> tuple[str, object, frozenset[str]] | None:
        """`cudaDeviceGetAttribute(&v, cudaDevAttrX, dev)`: (v's key, the attribute's value on the analysed
        GPU or UNKNOWN, its marks); None for any other call, or an attribute named by a variable."""
        if call.spelling not in DEVICE_QUERIES:
            return None
        args = [strip(a) for a in call.get_arguments()]
        if len(args) < 2 or args[0].kind != K.UNARY_OPERATOR or operator_of(args[0]) != "&":
            return None
        target = [strip(x) for x in children_of(args[0]) if x.kind.is_expression()]
        attribute = args[1].referenced if args[1].kind == K.DECL_REF_EXPR else None
        if len(target) != 1 or target[0].kind != K.DECL_REF_EXPR or target[0].referenced is None or \
                attribute is None or attribute.kind != K.ENUM_CONSTANT_DECL:
            return None
        name, element = ATTRIBUTES.get(attribute.spelling, (attribute.spelling, None))
        value, tags = self._evaluated(lambda: self._property(name, element))
        return self._key(target[0].referenced), value, tags

    def _text(self, e: ci.Cursor, env: dict, fn: ci.Cursor | None, depth: int) -> str | None:
        """A string argument's text: a plain literal, or a word of the named run's argv (through a
        `std::string` made of it); None otherwise."""
        s = strip(e)
        if s.kind == K.STRING_LITERAL:
            return string_literal(s)
        text = self._eval(e, env, fn, depth + 1)
        if not isinstance(text, str) and s.kind == K.CALL_EXPR:  # std::string(argv[1])
            inner = list(s.get_arguments())
            text = self._eval(inner[0], env, fn, depth + 1) if inner else UNKNOWN
        return text if isinstance(text, str) else None

    def _returned(self, call: ci.Cursor, env: dict, fn: ci.Cursor | None, depth: int):
        """A call of a function whose body ends in its only `return e;` (llm.c's `ceil_div(total,
        block_size)`, apex's `h_last_pow2(n)` of shifts and ors): the statements before it run with
        the parameters bound to the arguments' values (flow.run_callee), then `e`."""
        ran = self.run_callee(call, env, fn, depth)
        if ran is None or ran[1] is None:
            return UNKNOWN
        inner, returned, defn = ran
        return self._eval(returned, inner, defn, depth + 1)

    def _construct(self, e: ci.Cursor, t: ci.Type, env: dict, fn: ci.Cursor | None, depth: int):
        """A record built by a constructor or an initializer list: `dim3(32, 8)`, `{16, 16}`."""
        fields = record_fields(t)
        if fields is None:
            return UNKNOWN
        s = strip(e)
        args = list(s.get_arguments()) if s.kind == K.CALL_EXPR else \
            [x for x in children_of(s) if x.kind.is_expression()]
        if len(args) == 1 and s.kind != K.INIT_LIST_EXPR:
            inner = strip(args[0])
            if inner.kind in (K.INIT_LIST_EXPR, K.CALL_EXPR) and record_fields(inner.type) is not None:
                return self._construct(inner, t, env, fn, depth + 1)
            if record_fields(inner.type) is not None:
                return self._eval(inner, env, fn, depth + 1)
        ctor = s.referenced if s.kind == K.CALL_EXPR else None
        if ctor is not None and ctor.kind == K.CONSTRUCTOR and record_name(t) not in RECORD_FIELDS:
            return self._constructed(ctor, args, t, env, fn, depth)
        out = default_record(t) or {f: UNKNOWN for f in fields}
        for name, a in zip(fields, args):
            if a.extent.start.line == 0:  # a default argument: the record's default stays
                continue
            out[name] = self._eval(a, env, fn, depth + 1)
        return out

    def _constructed(self, ctor: ci.Cursor, args: list[ci.Cursor], t: ci.Type, env: dict, fn: ci.Cursor | None,
                     depth: int):
        """A record made by a constructor the program writes (`Range<16> I(first, last)` whose
        `Range(int s, int e) : start(s), end(e), tpb(N) { blocks = (end - start) / N; }`): its
        member initializers, then its body's plain `member = value;` statements in order, with its
        parameters bound to the arguments' values (a template's non-type parameter is its instance's
        argument). A member the body writes any other way (in an `if`, a loop, `+=`) is unknown."""
        defn = ctor.get_definition() or ctor
        kids = children_of(defn)
        params = [c for c in kids if c.kind == K.PARM_DECL]
        if len(args) > len(params):
            return UNKNOWN
        inner: dict = {}
        for i, p in enumerate(params):
            if i < len(args) and args[i].extent.start.line != 0:
                inner[self._key(p)] = self._eval(args[i], env, fn, depth + 1)
            else:  # a default argument
                default = [x for x in children_of(p) if x.kind.is_expression()]
                inner[self._key(p)] = self._eval(default[-1], {}, None, depth + 1) if default else UNKNOWN
        this = default_record(t) or {f: UNKNOWN for f in record_fields(t) or ()}
        for field in this:  # a member neither initializer nor body sets is not known
            this[field] = UNKNOWN if record_name(t) != "dim3" else this[field]
        inner[THIS] = this
        for i, c in enumerate(kids):
            if c.kind == K.MEMBER_REF and i + 1 < len(kids) and kids[i + 1].kind.is_expression():
                this[c.spelling] = self._eval(kids[i + 1], inner, None, depth + 1)
        body = next((c for c in kids if c.kind == K.COMPOUND_STMT), None)
        for st in children_of(body) if body is not None else ():
            sides = children_of(st) if st.kind == K.BINARY_OPERATOR and operator_of(st) == "=" else []
            target = strip(sides[0]) if len(sides) == 2 else None
            if target is not None and target.kind == K.MEMBER_REF_EXPR and target.spelling in this and \
                    not [x for x in children_of(target) if x.kind.is_expression()]:
                this[target.spelling] = self._eval(sides[1], inner, None, depth + 1)
                continue
            for x in walk(st):  # what any other statement writes to a member is not known
                writes = x.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR) and \
                    (operator_of(x) == "=" if x.kind == K.BINARY_OPERATOR else
                     operator_of(x) in INCREMENTS if x.kind == K.UNARY_OPERATOR else True)
                lhs = strip(children_of(x)[0]) if writes and children_of(x) else None
                if lhs is not None and lhs.kind == K.MEMBER_REF_EXPR and lhs.spelling in this:
                    this[lhs.spelling] = UNKNOWN
        return this

    def _from_callers(self, param: ci.Cursor, fn: ci.Cursor, depth: int, here: dict | None = None):
        """A parameter's value: the one every caller in the translation unit passes, if they agree.
        What the callers' values are from (the first iteration of a loop around a call, `main` run
        without arguments) is noted in `here`, the environment the parameter is read in."""
        index = next((i for i, p in enumerate(_parameters_of(fn)) if p == param), None)
        calls = self.callers(fn.get_usr() or "")
        if index is not None and not calls and defined_elsewhere(fn):  # called from another file, if at all
            key = (fn.get_usr() or "", index)
            if key not in self.elsewhere:
                self.asked_elsewhere.add(key)
                return UNKNOWN
            value, named = self.elsewhere[key]
            if named:  # the caller's `main` read the command line the user named
                self._touched.add(PROGRAM_ARGS)
            return value
        if index is None or not calls or len(calls) > MAX_CALLERS:
            return UNKNOWN
        values = []
        for call, caller in calls:
            args = list(call.get_arguments())
            if index >= len(args):
                return UNKNOWN
            if args[index].extent.start.line == 0:  # a default argument
                default = [x for x in children_of(param) if x.kind.is_expression()]
                v = self._eval(default[-1], {}, None, depth + 1) if default else UNKNOWN
            else:
                env = self._env_at(caller, call) if caller is not fn else {}
                v = self._eval(args[index], env, caller, depth + 1)
                if here is not None and v is not UNKNOWN:
                    for mark in (FIRST_ITERATION, NO_ARGS):
                        if env.get(mark) and not (mark == NO_ARGS and self._callee_arguments):
                            here[mark] = tuple(dict.fromkeys(tuple(here.get(mark, ())) + tuple(env[mark]))) \
                                if mark == FIRST_ITERATION else True
            if v is UNKNOWN or (values and v != values[0]):
                return UNKNOWN
            values.append(v)
        return values[0] if values else UNKNOWN


_FUNCTIONS = (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD)


def dim3_from(v) -> tuple[int, int, int] | None:
    """A launch dimension from a host value: an integer `n` is (n, 1, 1), a dim3 its three fields."""
    if isinstance(v, int):
        return (v, 1, 1)
    if isinstance(v, dict) and all(isinstance(v.get(f), int) for f in "xyz"):
        return (v["x"], v["y"], v["z"])
    return None


def _on_tensor(call: ci.Cursor) -> bool:
    """Is `call` a method of an `at::Tensor` (`x.size(0)`, `t->numel()`)?"""
    member = next((c for c in children_of(call) if c.kind == K.MEMBER_REF_EXPR), None)
    obj = [c for c in children_of(member) if c.kind.is_expression()] if member is not None else []
    if not obj:
        return False
    t = obj[0].type.get_canonical()
    if t.kind == ci.TypeKind.POINTER:
        t = t.get_pointee()
    return t.spelling.removeprefix("const ").strip() in ("at::Tensor", "at::TensorBase")


def _parameter_index(param: ci.Cursor) -> int | None:
    """The position of `param` among its function's parameters."""
    fn = param.semantic_parent
    if fn is None or fn.kind not in _FUNCTIONS:
        return None
    return next((i for i, p in enumerate(_parameters_of(fn)) if p == param), None)


def _parameters_of(fn: ci.Cursor) -> list[ci.Cursor]:
    """A function's parameter declarations (libclang lists none for a template: read from its children)."""
    return list(fn.get_arguments()) if fn.kind != K.FUNCTION_TEMPLATE else \
        [p for p in children_of(fn) if p.kind == K.PARM_DECL]


def changes_answers(calls: list[tuple[ci.Cursor, ci.Cursor]], written: set[str], asked_functions: set[str],
                    asked_globals: set[str]) -> bool:
    """Whether a function's calls and its writes of file-scope variables (`written`) may change the
    answers of an evaluator that asked for the callers of `asked_functions` and the values of
    `asked_globals`: the evaluator reads other functions' calls through `callers` only (a call of an
    asked function, a call passing one as an argument, a call through a parameter) and their writes
    through `_global_writes` only. False: the answers stand for any such function (host/kept.py)."""
    if written & asked_globals:
        return True
    for call, _ in calls:
        ref = call.referenced
        if ref is None:
            continue
        if ref.kind == K.PARM_DECL or (ref.get_usr() or "") in asked_functions:
            return True
        for arg in call.get_arguments():
            passed = _function_named(arg)
            if passed is not None and (passed.get_usr() or "") in asked_functions:
                return True
    return False


def _function_named(arg: ci.Cursor) -> ci.Cursor | None:
    """The function an argument names (`f`, `&f`), or None."""
    c = strip(arg)
    if c.kind == K.UNARY_OPERATOR and operator_of(c) == "&":
        kids = [x for x in children_of(c) if x.kind.is_expression()]
        c = strip(kids[0]) if len(kids) == 1 else c
    if c.kind != K.DECL_REF_EXPR:
        return None
    ref = c.referenced
    return ref if ref is not None and ref.kind == K.FUNCTION_DECL else None


def _captured_from(param: ci.Cursor, fn: ci.Cursor) -> ci.Cursor | None:
    """The function whose parameter `param` is, when `fn` (a lambda's call operator) reads it as a
    capture and that function never assigns it: then it holds what that function's callers pass."""
    owner = param.semantic_parent
    if owner is None or owner.kind not in _FUNCTIONS or owner == fn or fn.kind not in (K.CXX_METHOD, K.FUNCTION_TEMPLATE):
        return None
    for c in walk(owner):
        if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR):
            op = operator_of(c)
            if c.kind == K.BINARY_OPERATOR and op != "=" or c.kind == K.UNARY_OPERATOR and op not in INCREMENTS + ("&",):
                continue
            kids = [x for x in children_of(c) if x.kind.is_expression()]
            target = strip(kids[0]) if kids else None
            if target is not None and target.kind == K.DECL_REF_EXPR and target.referenced == param:
                return None
    return owner
