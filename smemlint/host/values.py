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

import bisect
import math
import re
from dataclasses import dataclass
from typing import Callable

import clang.cindex as ci

from ..cursors.folding import operator_of

K = ci.CursorKind

UNKNOWN = None
MAX_DEPTH = 24  # nested expressions and callers followed
MAX_CALLERS = 16
_NO_ARGS = "#without-arguments"  # env key: a value read main's argc, taken as 1
_FIRST = "#first-iteration"  # env key: lines of the loops around the target evaluated at their first iteration
_END = 1 << 62  # a position after every statement: run a statement whole  # call sites of a wrapper compared before giving up
_ARITH = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "/": lambda a, b: int(a / b) if b else None, "%": lambda a, b: (abs(a) % abs(b)) * (1 if a >= 0 else -1) if b else None,
    "<<": lambda a, b: a << b if 0 <= b < 64 else None, ">>": lambda a, b: a >> b if 0 <= b < 64 else None,
    "&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b,
    "<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b), "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b), "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
    "&&": lambda a, b: int(bool(a) and bool(b)), "||": lambda a, b: int(bool(a) or bool(b)),
}
_RECORD_FIELDS = {"dim3": ("x", "y", "z"), "uint3": ("x", "y", "z")}
_INCREMENTS = ("pre++", "pre--", "post++", "post--")
_LOOPS = (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT, K.CXX_FOR_RANGE_STMT)


def _kids(c: ci.Cursor) -> list[ci.Cursor]:
    return list(c.get_children())


_ROUNDING = {"ceil": math.ceil, "ceilf": math.ceil, "floor": math.floor, "floorf": math.floor}


def _floating(c: ci.Cursor) -> bool:
    try:
        return c.type.get_canonical().kind in (ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.LONGDOUBLE)
    except Exception:  # noqa: BLE001
        return False


def _strip(c: ci.Cursor) -> ci.Cursor:
    while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
                     K.CXX_FUNCTIONAL_CAST_EXPR) or (c.kind == K.CALL_EXPR and _is_copy(c)):
        ch = [x for x in _kids(c) if x.kind.is_expression()]
        if len(ch) != 1:
            break
        c = ch[0]
    return c


def _is_copy(c: ci.Cursor) -> bool:
    """An implicit copy/move constructor call (`dim3 b = a;`): one argument of the same record."""
    try:
        args = list(c.get_arguments())
        return len(args) == 1 and args[0].type.get_canonical().spelling == c.type.get_canonical().spelling
    except Exception:  # noqa: BLE001
        return False


def _record_fields(t: ci.Type) -> tuple[str, ...] | None:
    t = t.get_canonical()
    if t.kind != ci.TypeKind.RECORD:
        return None
    name = _record_name(t)
    if name in _RECORD_FIELDS:
        return _RECORD_FIELDS[name]
    decl = t.get_declaration()
    fields = tuple(f.spelling for f in decl.get_children() if f.kind == K.FIELD_DECL)
    return fields or None


def _record_name(t: ci.Type) -> str:
    """`dim3` for `const dim3`, `struct dim3`, `::dim3`."""
    return t.get_canonical().get_declaration().spelling


def _default_record(t: ci.Type) -> dict | None:
    """A record default-constructed: dim3's fields are 1, others unknown."""
    fields = _record_fields(t)
    if fields is None:
        return None
    one = 1 if _record_name(t) == "dim3" else UNKNOWN
    out: dict = {}
    for f in t.get_canonical().get_declaration().get_children():
        if f.kind == K.FIELD_DECL:
            sub = _default_record(f.type) if f.type.get_canonical().kind == ci.TypeKind.RECORD else None
            out[f.spelling] = sub if sub is not None else one
    return out or {f: one for f in fields}


class HostEvaluator:
    """Values of host expressions at a point of a function; one per translation unit."""

    def __init__(self, const_value: Callable[[ci.Cursor], int | None],
                 host_calls: list[tuple[ci.Cursor, ci.Cursor]],
                 definitions: list[ci.Cursor] | None = None):
        self.const_value = const_value
        self._host_calls = host_calls  # every (call, enclosing function) of the file
        self._definitions = definitions  # every function defined in the file
        self._globals: dict[str, object] | None = None  # file-scope variable -> its value (_global_value)
        self.bindings: dict[str, int] = {}  # variables whose values a launch through a function pointer fixes
        self._callers: dict[str, list[tuple[ci.Cursor, ci.Cursor]]] | None = None
        self._envs: dict[tuple[str, int], dict] = {}
        self._orders: dict[str, dict] = {}
        # function -> its top-level statements, their (start, end) positions, the env before each
        self._bodies: dict[str, tuple[list[ci.Cursor], list[tuple[int, int]], list[dict]]] = {}
        self._asserted: dict[str, list[tuple[int, str, ci.Cursor]]] = {}  # function -> its `assert(v % m == 0)`s
        self._lines: dict[str, list[str]] = {}  # source lines of files with assertions looked at

    def callers(self, usr: str) -> list[tuple[ci.Cursor, ci.Cursor]]:
        """The calls of function `usr` in the file, indexed on the first question (most files ask none)."""
        if self._callers is None:
            self._callers = {}
            for call, fn in self._host_calls:
                ref = call.referenced
                if ref is not None and ref.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD):
                    self._callers.setdefault(ref.get_usr() or "", []).append((call, fn))
        return self._callers.get(usr, [])

    # ------------------------------------------------------------ public

    def value(self, expr: ci.Cursor, function: ci.Cursor | None, at: ci.Cursor | None = None, depth: int = 0):
        """The value of `expr`, evaluated in `function` just before `at` (default: `expr` itself) runs:
        the arguments of one launch share the state before the launch (int, dict, or UNKNOWN)."""
        env = self._env_at(function, at if at is not None else expr) if function is not None else {}
        return self._eval(expr, env, function, depth)

    def int_value(self, expr: ci.Cursor, function: ci.Cursor | None, at: ci.Cursor | None = None) -> int | None:
        v = self.value(expr, function, at)
        return v if isinstance(v, int) else None

    def dim3_value(self, expr: ci.Cursor, function: ci.Cursor | None,
                   at: ci.Cursor | None = None) -> tuple[int, int, int] | None:
        v = self.value(expr, function, at)
        if isinstance(v, int):
            return (v, 1, 1)
        if isinstance(v, dict) and all(isinstance(v.get(f), int) for f in "xyz"):
            return (v["x"], v["y"], v["z"])
        return None

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

    def _env_at(self, function: ci.Cursor, point: ci.Cursor) -> dict:
        """The variables' values just before `point` (a cursor inside `function`'s body) runs."""
        order = self._order_of(function)
        at = order.get(_node(point))
        if at is None:
            return {}
        key = (function.get_usr() or function.spelling, at[0])
        env = self._envs.get(key)
        if env is None:
            try:
                env = self._run_body(function, at[0], order)
            except RecursionError:
                env = {}
            self._envs[key] = env
        if self.bindings:
            env = dict(env)
            env.update(self.bindings)
        return env

    def _run_body(self, function: ci.Cursor, target: int, order: dict) -> dict:
        """The environment at `target`, from the state after each top-level statement before it
        (kept per function: a file of a thousand launches in one function runs each statement once)."""
        fkey = function.get_usr() or function.spelling
        if fkey not in self._bodies:
            body = next((c for c in _kids(function) if c.kind == K.COMPOUND_STMT), None)
            stmts = _kids(body) if body is not None else []
            self._bodies[fkey] = (stmts, [order.get(_node(x), (0, 0)) for x in stmts], [{}])
        stmts, spans, before = self._bodies[fkey]
        i = bisect.bisect_right([end for _, end in spans], target)  # statements wholly before the target
        while len(before) <= i and len(before) <= len(stmts):
            env = _copy(before[-1])
            self._run(stmts[len(before) - 1], env, function, _END, order)
            before.append(env)
        env = _copy(before[min(i, len(before) - 1)])
        if i < len(stmts) and spans[i][0] <= target:
            self._run(stmts[i], env, function, target, order)
        return env

    def _order_of(self, function: ci.Cursor) -> dict:
        """Node (_node) -> (its preorder index, one past its last descendant's) in `function`.

        Positions are preorder indices, not file offsets: every statement of a macro expansion
        has the macro call's offsets (LeetCUDA's launches are written inside macros)."""
        key = function.get_usr() or function.spelling
        order = self._orders.get(key)
        if order is None:
            order = {}
            counter = [0]

            def visit(c: ci.Cursor, depth: int) -> None:
                start = counter[0]
                counter[0] += 1
                if depth < 200:
                    for ch in c.get_children():
                        visit(ch, depth + 1)
                order[_node(c)] = (start, counter[0])

            try:
                visit(function, 0)
            except RecursionError:
                pass
            self._orders[key] = order
        return order

    def _run(self, stmt: ci.Cursor, env: dict, fn: ci.Cursor, target: int, order: dict) -> bool:
        """Execute `stmt` up to preorder index `target`; True when it was reached (stop there)."""
        start, end = order.get(_node(stmt), (0, 0))
        contains = start <= target < end
        k = stmt.kind
        if k == K.COMPOUND_STMT:
            for s in _kids(stmt):
                if order.get(_node(s), (0, 0))[0] > target:
                    return True
                if self._run(s, env, fn, target, order):
                    return True
            return False
        if not contains:
            if k == K.DECL_STMT or k.is_expression():
                self._execute(stmt, env, fn)
            elif k in (K.RETURN_STMT, K.BREAK_STMT, K.CONTINUE_STMT, K.NULL_STMT):
                pass
            elif k == K.IF_STMT and self._run_decided_branch(stmt, env, fn, order):
                pass
            else:  # a branch or loop not on the way to the target: what it assigns is unknown after it
                self._forget_assigned(stmt, env)
            return False

        def inside(c: ci.Cursor) -> bool:
            a, b = order.get(_node(c), (0, 0))
            return a <= target < b

        kids = _kids(stmt)
        if k == K.IF_STMT:
            for i, ch in enumerate(kids):
                if inside(ch):
                    if ch.kind.is_expression() or ch.kind == K.DECL_STMT:
                        return self._run_into(ch, env, fn, target, order)
                    return self._run(ch, env, fn, target, order) or True
                if i == 0 or ch.kind == K.DECL_STMT:  # the condition (and its declaration) ran
                    self._execute(ch, env, fn)
            return True
        if k in _LOOPS:
            body = (kids[0] if k == K.DO_STMT else kids[-1]) if kids else None  # do { body } while (cond)
            if body is None or not inside(body):
                self._forget_assigned(stmt, env)  # the target is in the loop's header
                return True
            first = self._enter_first_iteration(stmt, kids, env, fn)
            if first:
                env[_FIRST] = tuple(env.get(_FIRST, ())) + (stmt.location.line,)
            else:
                self._forget_assigned(stmt, env)  # each iteration may see other values
            self._run(body, env, fn, target, order)
            return True
        if k in (K.SWITCH_STMT, K.CASE_STMT, K.DEFAULT_STMT, K.LABEL_STMT, K.CXX_TRY_STMT, K.CXX_CATCH_STMT):
            for ch in kids:
                if inside(ch):
                    if ch.kind.is_expression():
                        return self._run_into(ch, env, fn, target, order)
                    return self._run(ch, env, fn, target, order) or True
            return True
        return self._run_into(stmt, env, fn, target, order)

    def _run_decided_branch(self, stmt: ci.Cursor, env: dict, fn: ci.Cursor, order: dict) -> bool:
        """An `if` before the target whose condition is known (`if (argc > 1) n = atoi(argv[1]);`
        in a program run without arguments): run the branch it takes. False: not known."""
        kids = _kids(stmt)
        if len(kids) < 2 or any(ch.kind == K.DECL_STMT for ch in kids):
            return False
        cond = self._eval(kids[0], env, fn, 0)
        if not isinstance(cond, int):
            return False
        branch = kids[1] if cond else (kids[2] if len(kids) > 2 else None)
        if branch is not None:
            if branch.kind == K.COMPOUND_STMT or not (branch.kind == K.DECL_STMT or branch.kind.is_expression()):
                self._run(branch, env, fn, _END, order)
            else:
                self._execute(branch, env, fn)
        return True

    def _run_into(self, stmt: ci.Cursor, env: dict, fn: ci.Cursor, target: int, order: dict) -> bool:
        """The target is inside this statement or expression: nothing of it has run, except the body
        of a lambda that holds the target (called where it is written, as AT_DISPATCH's are)."""
        for c in stmt.walk_preorder():
            if c.kind == K.LAMBDA_EXPR:
                a, b = order.get(_node(c), (0, 0))
                if a <= target < b:
                    body = next((x for x in _kids(c) if x.kind == K.COMPOUND_STMT), None)
                    if body is not None:
                        self._run(body, env, fn, target, order)
                    break
        return True

    def _enter_first_iteration(self, loop: ci.Cursor, kids: list, env: dict, fn: ci.Cursor) -> bool:
        """Run a loop's initialisation and check that its body is entered: True when the first
        iteration's state is known (then `env` holds it)."""
        k = loop.kind
        if k == K.CXX_FOR_RANGE_STMT:
            return False
        if k == K.DO_STMT:
            return True  # the body runs once before the condition is tested
        if k == K.WHILE_STMT:
            cond = kids[0] if kids else None
        else:  # for (init; cond; step) body: libclang lists only the parts present, so which part
            # is which is certain only when all three are there
            parts = kids[:-1]
            if len(parts) != 3:
                return False
            self._execute(parts[0], env, fn)
            cond = parts[1]
        if cond is None:
            return False
        return self._eval(cond, env, fn, 0) not in (UNKNOWN, 0, False)

    def pointer_offset(self, expr: ci.Cursor, function: ci.Cursor | None, at: ci.Cursor | None = None) -> int | None:
        """Bytes a pointer argument points past the allocation it is computed from (`d_in + RADIUS`,
        `&buf[pad]`, a variable holding `bufferIn + padding`); 0 for a pointer variable that holds
        no known offset (an allocation, or a parameter); None when that is not known."""
        s = _strip(expr)
        if s.type.get_canonical().kind != ci.TypeKind.POINTER:
            return None
        env = self._env_at(function, at if at is not None else expr) if function is not None else {}
        v = self._pointer(s, env, function, 0)
        return v.bytes if isinstance(v, _Offset) else None

    def asserted_multiple(self, expr: ci.Cursor, function: ci.Cursor | None, at: ci.Cursor) -> int | None:
        """The modulus the launching function asserts a variable argument is a multiple of before the
        launch (`assert(QKV_seqlen % max(Br, Bc) == 0);`, `TORCH_CHECK(n % 4 == 0, ...)`): sizes the
        program rejects are no evidence (rules/sync001's size probe). 0: a modulus not evaluated (of
        a template's parameters); None if it asserts none."""
        s = _strip(expr)
        if function is None or s.kind != K.DECL_REF_EXPR or s.referenced is None:
            return None
        key = self._key(s.referenced)
        asserted = [(i, m) for i, k, m in self._assertions(function) if k == key]
        if not asserted:
            return None
        here = self._order_of(function).get(_node(at), (0, 0))[0]
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
        for c in function.walk_preorder():
            if c.kind == K.BINARY_OPERATOR and operator_of(c) == "==":
                kids = _kids(c)
            elif c.kind == K.CALL_EXPR and len(_kids(c)) == 3 and _is_equality_ref(_kids(c)[1]):
                # in a template, `n % max(Br, Bc) == 0` is a dependent call: (lhs, `==`, rhs)
                kids = [_kids(c)[0], _kids(c)[2]]
            else:
                continue
            if len(kids) != 2 or self.const_value(_strip(kids[1])) != 0:
                continue
            mod = _strip(kids[0])
            parts = _kids(mod)
            if mod.kind != K.BINARY_OPERATOR or operator_of(mod) != "%" or len(parts) != 2:
                continue
            var = _strip(parts[0])
            if var.kind == K.DECL_REF_EXPR and var.referenced is not None and self._in_assertion(c):
                out.append((order.get(_node(c), (1 << 62, 0))[0], self._key(var.referenced), parts[1]))
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
        return bool(_ASSERTION.search(text[:col]) or _ASSERTION_CALL.match(text[col:]))

    def _pointer(self, e: ci.Cursor, env: dict, fn: ci.Cursor | None, depth: int):
        """A pointer expression as an offset from a variable (_Offset), or UNKNOWN."""
        s = _strip(e)
        if depth > MAX_DEPTH:
            return UNKNOWN
        if s.kind == K.DECL_REF_EXPR and s.referenced is not None:
            v = env.get(self._key(s.referenced), UNKNOWN)
            # a pointer variable holding no offset we know of stands for its own allocation
            return v if isinstance(v, _Offset) else _Offset(self._key(s.referenced), 0)
        kids = _kids(s)
        if s.kind == K.BINARY_OPERATOR and operator_of(s) in ("+", "-") and len(kids) == 2:
            first_is_ptr = _strip(kids[0]).type.get_canonical().kind == ci.TypeKind.POINTER
            ptr, idx = (kids[0], kids[1]) if first_is_ptr else (kids[1], kids[0])
            if operator_of(s) == "-" and not first_is_ptr:
                return UNKNOWN
            sign = -1 if operator_of(s) == "-" else 1
        elif s.kind == K.UNARY_OPERATOR and operator_of(s) == "&" and kids and \
                _strip(kids[0]).kind == K.ARRAY_SUBSCRIPT_EXPR:
            sub = _kids(_strip(kids[0]))
            if len(sub) != 2:
                return UNKNOWN
            ptr, idx, sign = sub[0], sub[1], 1
        else:
            return UNKNOWN
        if _strip(ptr).type.get_canonical().kind not in (ci.TypeKind.POINTER, ci.TypeKind.CONSTANTARRAY):
            return UNKNOWN
        base = self._pointer(ptr, env, fn, depth + 1)
        n = self._eval(idx, env, fn, depth + 1)
        size = _strip(ptr).type.get_canonical().get_pointee().get_size()
        if not isinstance(base, _Offset) or not isinstance(n, int) or isinstance(n, bool) or size <= 0:
            return UNKNOWN
        return _Offset(base.base, base.bytes + sign * n * size)

    def first_iteration_of(self, function: ci.Cursor | None, at: ci.Cursor) -> tuple[int, ...]:
        """Lines of the loops around `at` whose first iteration the values at `at` are from."""
        if function is None:
            return ()
        return tuple(self._env_at(function, at).get(_FIRST, ()))

    def without_arguments(self, function: ci.Cursor | None, at: ci.Cursor) -> bool:
        """Did the values at `at` take `main`'s `argc` as 1 (the program run without arguments)?"""
        return function is not None and bool(self._env_at(function, at).get(_NO_ARGS))

    def _forget_assigned(self, stmt: ci.Cursor, env: dict) -> None:
        for c in stmt.walk_preorder():
            if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR):
                target = self._assigned_var(c)
                if target is not None:
                    env[target] = UNKNOWN
            elif c.kind == K.VAR_DECL:
                env[self._key(c)] = UNKNOWN

    def _assigned_var(self, c: ci.Cursor) -> str | None:
        op = operator_of(c)
        kids = _kids(c)
        if not kids:
            return None
        if c.kind == K.UNARY_OPERATOR and op not in _INCREMENTS and op != "&":
            return None
        if c.kind == K.BINARY_OPERATOR and op != "=":
            return None
        base = _strip(kids[0])
        while base.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
            inner = [x for x in _kids(base) if x.kind.is_expression()]
            if not inner:
                return None
            base = _strip(inner[0])
        if base.kind == K.DECL_REF_EXPR and base.referenced is not None:
            return self._key(base.referenced)
        return None

    @staticmethod
    def _key(decl: ci.Cursor) -> str:
        return decl.get_usr() or f"{decl.spelling}@{decl.location.line}:{decl.location.column}"

    # ------------------------------------------------------------ statements

    def _execute(self, stmt: ci.Cursor, env: dict, fn: ci.Cursor) -> None:
        k = stmt.kind
        if k == K.DECL_STMT:
            for d in _kids(stmt):
                if d.kind == K.VAR_DECL:
                    self._declare(d, env, fn)
            return
        s = _strip(stmt)
        if s.kind == K.BINARY_OPERATOR and operator_of(s) == "=":
            lhs, rhs = _kids(s)
            pointer = _strip(lhs).type.get_canonical().kind == ci.TypeKind.POINTER
            self._assign(lhs, self._pointer(rhs, env, fn, 0) if pointer else self._eval(rhs, env, fn, 0), env, fn)
        elif s.kind == K.CALL_EXPR and s.spelling == "operator=":
            args = [x for x in _kids(s) if x.kind.is_expression()]
            if len(args) >= 2:
                self._assign(args[0], self._eval(args[-1], env, fn, 0), env, fn)
        elif s.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            lhs, rhs = _kids(s)
            op = operator_of(s)[:-1]
            old, new = self._eval(lhs, env, fn, 0), self._eval(rhs, env, fn, 0)
            f = _ARITH.get(op)
            self._assign(lhs, f(old, new) if f and isinstance(old, int) and isinstance(new, int) else UNKNOWN,
                         env, fn)
        elif s.kind == K.UNARY_OPERATOR and operator_of(s) in _INCREMENTS:
            inner = _kids(s)[0]
            old = self._eval(inner, env, fn, 0)
            step = 1 if "++" in operator_of(s) else -1
            self._assign(inner, old + step if isinstance(old, int) else UNKNOWN, env, fn)
        # Anything else may still change a variable through its address (`cudaGetDeviceCount(&n)`).
        for c in stmt.walk_preorder():
            if c.kind == K.UNARY_OPERATOR and operator_of(c) == "&":
                target = self._assigned_var(c)
                if target is not None:
                    env[target] = UNKNOWN

    def _declare(self, d: ci.Cursor, env: dict, fn: ci.Cursor) -> None:
        init = [x for x in _kids(d) if x.kind.is_expression()]
        key = self._key(d)
        if init and d.type.get_canonical().kind == ci.TypeKind.POINTER:
            env[key] = self._pointer(init[-1], env, fn, 0)  # `float *src = bufferIn + padding;`
        elif init:
            env[key] = self._eval(init[-1], env, fn, 0)
            if env[key] is UNKNOWN and _record_fields(d.type) is not None:
                env[key] = self._construct(init[-1], d.type, env, fn, 0)
        else:
            env[key] = _default_record(d.type) if _record_fields(d.type) is not None else UNKNOWN

    def _assign(self, lhs: ci.Cursor, value, env: dict, fn: ci.Cursor, path: list | None = None) -> None:
        """`lhs = value` in `env`; `path`: lhs's fields and indices when evaluated elsewhere (_path)."""
        base = _element_base(lhs)
        if base.kind != K.DECL_REF_EXPR or base.referenced is None:
            target = self._assigned_var(lhs) if lhs.kind == K.UNARY_OPERATOR else None
            if target:
                env[target] = UNKNOWN
            return
        if _subscripted(lhs) and base.referenced.type.get_canonical().kind != ci.TypeKind.CONSTANTARRAY:
            return  # `p[i] = v` writes where the pointer points, not the pointer (its index is not evaluated)
        path = self._path(lhs, env, fn) if path is None else path
        key = self._key(base.referenced)
        if path is None:  # an element whose index is not known: the whole array is
            env[key] = UNKNOWN
            return
        if not path:
            env[key] = value
            return
        record = env.get(key)
        if not isinstance(record, dict):
            record = _default_record(base.referenced.type) or {}
            if key not in env:  # a record declared elsewhere: its other fields are not known
                record = {f: UNKNOWN for f in record}
        record = _copy(record)
        env[key] = record
        for name in reversed(path[1:]):
            sub = record.get(name)
            sub = _copy(sub) if isinstance(sub, dict) else {}
            record[name] = sub
            record = sub
        record[path[0]] = value

    def _path(self, lhs: ci.Cursor, env: dict, fn: ci.Cursor) -> list | None:
        """The fields and element indices an lvalue selects, outermost first (`block[1][0].x`:
        ["x", 0, 1]); None when an index is not known."""
        path: list = []
        base = _strip(lhs)
        while base.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
            inner = [x for x in _kids(base) if x.kind.is_expression()]
            if not inner:
                return None
            if base.kind == K.MEMBER_REF_EXPR:
                path.append(base.spelling)
            else:
                index = self._eval(inner[1], env, fn, 0) if len(inner) == 2 else UNKNOWN
                if not isinstance(index, int) or isinstance(index, bool):
                    return None
                path.append(index)
            base = _strip(inner[0])
        return path

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
        init = [x for x in _kids(ref) if x.kind.is_expression()] if _initialized(ref) else []
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
            pointer = _strip(lhs).type.get_canonical().kind == ci.TypeKind.POINTER
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
                for c in fn.walk_preorder():
                    kind = c.kind
                    if kind == K.CALL_EXPR:
                        if c.spelling != "operator=":
                            continue
                        sides = [x for x in _kids(c) if x.kind.is_expression()]
                        sides = [sides[0], sides[-1]] if len(sides) >= 2 else []
                    elif kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR):
                        op = operator_of(c)
                        if kind == K.UNARY_OPERATOR and op not in _INCREMENTS and op != "&" or \
                                kind == K.BINARY_OPERATOR and op != "=":
                            continue
                        sides = _kids(c)
                    else:
                        continue
                    if not sides:
                        continue
                    base = _element_base(sides[0])
                    ref = base.referenced if base.kind == K.DECL_REF_EXPR else None
                    if ref is None or ref.kind != K.VAR_DECL or ref.semantic_parent is None or \
                            ref.semantic_parent.kind not in _FILE_SCOPES:
                        continue
                    if kind != K.UNARY_OPERATOR and ref.type.get_canonical().kind == ci.TypeKind.POINTER and \
                            _strip(sides[0]).kind != K.DECL_REF_EXPR:
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
        s = _strip(e)
        k = s.kind
        if k == K.DECL_REF_EXPR:
            ref = s.referenced
            if ref is None:
                return UNKNOWN
            key = self._key(ref)
            if key in env:
                return _copy(env[key])
            if ref.kind == K.ENUM_CONSTANT_DECL:
                return ref.enum_value
            if ref.kind == K.PARM_DECL and fn is not None:
                if _is_argc(ref, fn):
                    # the program as run without command-line arguments (the run a reader pictures,
                    # and the one a benchmark's default sizes are written for); the launch says so
                    env[_NO_ARGS] = True
                    return 1
                return self._from_callers(ref, fn, depth)
            if ref.kind == K.VAR_DECL:
                v = self.const_value(s)
                if v is not None:
                    return v
                if _is_constant(ref):
                    init = [x for x in _kids(ref) if x.kind.is_expression()]
                    if init:
                        return self._eval(init[-1], {}, None, depth + 1)
                if ref.semantic_parent is not None and ref.semantic_parent.kind in _FILE_SCOPES:
                    return _copy(self._global_value(ref, depth))
            return UNKNOWN
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            kids = [x for x in _kids(s) if x.kind.is_expression()]
            if len(kids) != 2:
                return UNKNOWN
            base, index = self._eval(kids[0], env, fn, depth + 1), self._eval(kids[1], env, fn, depth + 1)
            if isinstance(base, dict) and isinstance(index, int) and not isinstance(index, bool):
                return _copy(base.get(index, UNKNOWN))
            return UNKNOWN
        if k in (K.INTEGER_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.CHARACTER_LITERAL, K.CXX_UNARY_EXPR):
            return self.const_value(s)
        if k == K.MEMBER_REF_EXPR:
            inner = [x for x in _kids(s) if x.kind.is_expression()]
            if not inner:
                return UNKNOWN
            base = self._eval(inner[0], env, fn, depth + 1)
            if isinstance(base, dict):
                return _copy(base.get(s.spelling, UNKNOWN))
            return UNKNOWN
        if k == K.BINARY_OPERATOR:
            kids = _kids(s)
            if len(kids) != 2:
                return UNKNOWN
            op = operator_of(s)
            f = _ARITH.get(op)
            if f is None:
                return UNKNOWN
            a = self._eval(kids[0], env, fn, depth + 1)
            b = self._eval(kids[1], env, fn, depth + 1)
            if op in "+-*/" and _floating(s) and isinstance(a, (int, float)) and isinstance(b, (int, float)) \
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
            kids = _kids(s)
            op = operator_of(s)
            if kids and op in ("-", "+", "~", "!"):
                v = self._eval(kids[0], env, fn, depth + 1)
                if isinstance(v, int):
                    return {"-": -v, "+": v, "~": ~v, "!": int(not v)}[op]
            return UNKNOWN
        if k == K.CONDITIONAL_OPERATOR:
            kids = _kids(s)
            if len(kids) == 3:
                c = self._eval(kids[0], env, fn, depth + 1)
                if isinstance(c, int):
                    return self._eval(kids[1] if c else kids[2], env, fn, depth + 1)
                a, b = (self._eval(x, env, fn, depth + 1) for x in kids[1:])
                return a if a == b else UNKNOWN
            return UNKNOWN
        if k == K.CALL_EXPR and s.spelling in _ROUNDING:
            args = list(s.get_arguments())
            v = self._eval(args[0], env, fn, depth + 1) if len(args) == 1 else UNKNOWN
            if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
                return int(_ROUNDING[s.spelling](v))
            return UNKNOWN
        if k == K.CALL_EXPR and s.spelling in ("min", "max", "std::min", "std::max", "fmin", "fmax"):
            vals = [self._eval(a, env, fn, depth + 1) for a in s.get_arguments()]
            if len(vals) == 2 and all(isinstance(v, int) for v in vals):
                return min(vals) if "min" in s.spelling else max(vals)
            return UNKNOWN
        if _record_fields(s.type) is not None and k in (K.CALL_EXPR, K.INIT_LIST_EXPR, K.UNEXPOSED_EXPR,
                                                        K.CXX_FUNCTIONAL_CAST_EXPR):
            return self._construct(s, s.type, env, fn, depth)
        v = self.const_value(s)
        return v if v is not None else UNKNOWN

    def _construct(self, e: ci.Cursor, t: ci.Type, env: dict, fn: ci.Cursor | None, depth: int):
        """A record built by a constructor or an initializer list: `dim3(32, 8)`, `{16, 16}`."""
        fields = _record_fields(t)
        if fields is None:
            return UNKNOWN
        s = _strip(e)
        args = list(s.get_arguments()) if s.kind == K.CALL_EXPR else \
            [x for x in _kids(s) if x.kind.is_expression()]
        if len(args) == 1 and s.kind != K.INIT_LIST_EXPR:
            inner = _strip(args[0])
            if inner.kind in (K.INIT_LIST_EXPR, K.CALL_EXPR) and _record_fields(inner.type) is not None:
                return self._construct(inner, t, env, fn, depth + 1)
            if _record_fields(inner.type) is not None:
                return self._eval(inner, env, fn, depth + 1)
        out = _default_record(t) or {f: UNKNOWN for f in fields}
        for name, a in zip(fields, args):
            if a.extent.start.line == 0:  # a default argument: the record's default stays
                continue
            out[name] = self._eval(a, env, fn, depth + 1)
        return out

    def _from_callers(self, param: ci.Cursor, fn: ci.Cursor, depth: int):
        """A parameter's value: the one every caller in the translation unit passes, if they agree."""
        params = [p for p in fn.get_arguments()] if fn.kind != K.FUNCTION_TEMPLATE else \
            [p for p in _kids(fn) if p.kind == K.PARM_DECL]
        index = next((i for i, p in enumerate(params) if p == param), None)
        calls = self.callers(fn.get_usr() or "")
        if index is None or not calls or len(calls) > MAX_CALLERS:
            return UNKNOWN
        values = []
        for call, caller in calls:
            args = list(call.get_arguments())
            if index >= len(args):
                return UNKNOWN
            if args[index].extent.start.line == 0:  # a default argument
                default = [x for x in _kids(param) if x.kind.is_expression()]
                v = self._eval(default[-1], {}, None, depth + 1) if default else UNKNOWN
            else:
                env = self._env_at(caller, call) if caller is not fn else {}
                v = self._eval(args[index], env, caller, depth + 1)
            if v is UNKNOWN or (values and v != values[0]):
                return UNKNOWN
            values.append(v)
        return values[0] if values else UNKNOWN


_ASSERTIONS = r"(assert|static_assert|TORCH_CHECK|TORCH_INTERNAL_ASSERT|CHECK|CUTE_STATIC_ASSERT)"
_ASSERTION = re.compile(r"\b" + _ASSERTIONS + r"\s*\(\s*\(*\s*$")
_ASSERTION_CALL = re.compile(_ASSERTIONS + r"\s*\(")


_FILE_SCOPES = (K.TRANSLATION_UNIT, K.NAMESPACE)


def _element_base(c: ci.Cursor) -> ci.Cursor:
    """The variable an lvalue's fields and elements belong to (`block` of `block[1][0].x`)."""
    base = _strip(c)
    while base.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
        inner = [x for x in _kids(base) if x.kind.is_expression()]
        if not inner:
            break
        base = _strip(inner[0])
    return base


def _initialized(var: ci.Cursor) -> bool:
    """Is a variable declared with an initializer (not only the implicit construction of `dim3 g[3];`)?"""
    try:
        names = [t.spelling for t in var.get_tokens()]
    except Exception:  # noqa: BLE001
        return True
    after = names[names.index(var.spelling) + 1:] if var.spelling in names else names
    return any(t in ("=", "{", "(") for t in after)


def _subscripted(c: ci.Cursor) -> bool:
    """Does an lvalue select an element by index somewhere (`a[i].x`, `m[1][2]`)?"""
    base = _strip(c)
    while base.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
        if base.kind == K.ARRAY_SUBSCRIPT_EXPR:
            return True
        inner = [x for x in _kids(base) if x.kind.is_expression()]
        if not inner:
            return False
        base = _strip(inner[0])
    return False


def _is_equality_ref(c: ci.Cursor) -> bool:
    """The reference to `operator==` in a dependent call (libclang spells it "", its token is `==`)."""
    if c.kind not in (K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF):
        return False
    return c.spelling in ("==", "operator==") or [t.spelling for t in c.get_tokens()] == ["=="]


def _is_argc(param: ci.Cursor, fn: ci.Cursor) -> bool:
    """`param` is the first parameter of the program's `int main(int argc, char **argv)`."""
    if fn.spelling != "main" or fn.kind != K.FUNCTION_DECL or \
            (fn.semantic_parent is not None and fn.semantic_parent.kind != K.TRANSLATION_UNIT):
        return False
    params = list(fn.get_arguments())
    return len(params) == 2 and params[0] == param


def _node(c: ci.Cursor) -> tuple[int, int]:
    """A cursor's identity across walks: libclang's hash and kind. Cursors of one node reached by
    different walks (get_arguments, children, the fast subtree reader) need not compare equal."""
    return (c.hash, c.kind.value)


@dataclass(frozen=True)
class _Offset:
    """A host pointer's value: `bytes` past what the variable `base` (a declaration's key) held."""
    base: str
    bytes: int


def _copy(v):
    return {k: _copy(x) for k, x in v.items()} if isinstance(v, dict) else v


def _is_constant(decl: ci.Cursor) -> bool:
    """A `const`/`constexpr` variable: its initializer is its value wherever it is read."""
    try:
        return decl.type.is_const_qualified() or any(t.spelling == "constexpr" for t in decl.get_tokens())
    except Exception:  # noqa: BLE001
        return False
