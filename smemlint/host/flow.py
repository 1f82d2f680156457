"""Running a host function's statements in source order up to a point (the launch): the
environment of variables there, loops entered at their first iteration, branches whose condition
is known, assignments to variables and fields. A mixin of values.HostEvaluator, which evaluates
the expressions (`_eval`)."""
from __future__ import annotations

import bisect

import clang.cindex as ci

from ..cursors.folding import operator_of
from ..cursors.nodes import for_header
from .loop_writes import outer_writes
from .syntax import (ARITH, ASSUMED_SIZE, COMMAND_LINE, DEVICE_KNOWN, END, FIRST_ITERATION, INCREMENTS, LATER_ITERATION, LOOPS,
                     MAX_DEPTH, NO_ARGS, NOT_TAKEN, PROGRAM_ARGS, SIZED_PATH, SWEPT, TAGS, UNKNOWN, children_of, copied, default_record,
                     element_base, node_position, record_fields, strip, subscripted, walk)

K = ci.CursorKind
WHOLE_LOOP_ITERATIONS = 64  # a loop before the launch is run to its end within this many iterations
# body runs of a loop run whole and the loops nested in it, together: enough for any two nested loops the
# per-loop limit lets end; three of known bounds (a named run's `for k < NZ: for j < NY: for i < NX` of 128
# each, HeCBench laplace3d) are given up on after that many, not after 65^3 (past the file's time limit)
WHOLE_LOOP_BODIES = (WHOLE_LOOP_ITERATIONS + 1) ** 2
FIRST_REACHING_ITERATIONS = 64  # iterations run looking for the first that reaches a launch (per question)
CALLEE_NODES = 400  # a called host function's body is run for its value or its reference parameters up to this size
_JUMPS = (K.BREAK_STMT, K.CONTINUE_STMT, K.RETURN_STMT, K.GOTO_STMT, K.INDIRECT_GOTO_STMT)


class StatementRunner:
    def _env_at(self, function: ci.Cursor, point: ci.Cursor) -> dict:
        """The variables' values just before `point` (a cursor inside `function`'s body) runs."""
        order = self._order_of(function)
        at = order.get(node_position(point))
        if at is None:
            return {}
        key = (function.get_usr() or function.spelling, at[0])
        env = self._envs.get(key)
        if env is None:
            saved, self._touched = self._touched, set()  # what running the body reads is not the value evaluated
            # (and the body's own reads of argc mark it, even when a callee's arguments asked for it)
            probing, self._callee_arguments = self._callee_arguments, 0
            self._trials, self._missed = 0, False
            try:
                env = self._run_body(function, at[0], order)
            except RecursionError:
                env = {}
            finally:
                self._touched = saved
                self._callee_arguments = probing
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
            body = next((c for c in children_of(function) if c.kind == K.COMPOUND_STMT), None)
            stmts = children_of(body) if body is not None else []
            self._bodies[fkey] = (stmts, [order.get(node_position(x), (0, 0)) for x in stmts], [{}])
        stmts, spans, before = self._bodies[fkey]
        i = bisect.bisect_right([end for _, end in spans], target)  # statements wholly before the target
        while len(before) <= i and len(before) <= len(stmts):
            env = copied(before[-1])
            self._run(stmts[len(before) - 1], env, function, END, order)
            before.append(env)
        env = copied(before[min(i, len(before) - 1)])
        if i < len(stmts) and spans[i][0] <= target:
            self._run(stmts[i], env, function, target, order)
        return env

    def _order_of(self, function: ci.Cursor) -> dict:
        """Node (node_position) -> (its preorder index, one past its last descendant's) in `function`.

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
                    for ch in children_of(c):
                        visit(ch, depth + 1)
                order[node_position(c)] = (start, counter[0])

            try:
                visit(function, 0)
            except RecursionError:
                pass
            self._orders[key] = order
        return order

    def _run(self, stmt: ci.Cursor, env: dict, fn: ci.Cursor, target: int, order: dict) -> bool:
        """Execute `stmt` up to preorder index `target`; True when it was reached (stop there)."""
        start, end = order.get(node_position(stmt), (0, 0))
        contains = start <= target < end
        k = stmt.kind
        if k == K.COMPOUND_STMT:
            for s in children_of(stmt):
                if order.get(node_position(s), (0, 0))[0] > target:
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
            elif k in LOOPS and self._keeps_outer_state(stmt):
                pass  # (running it would change nothing the flow follows)
            elif k in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT) and self._run_whole_loop(stmt, env, fn, order):
                pass
            else:  # a branch or loop not on the way to the target: what it assigns is unknown after it
                self._forget_assigned(stmt, env)
                cond = children_of(stmt)[0] if k == K.IF_STMT and children_of(stmt) else None
                if cond is not None and cond.kind.is_expression():
                    # the condition itself runs either way: `if (cudaDeviceGetAttribute(&n, ...) != cudaSuccess)`
                    self._forget_written_through(cond, env)
            return False

        def inside(c: ci.Cursor) -> bool:
            a, b = order.get(node_position(c), (0, 0))
            return a <= target < b

        kids = children_of(stmt)
        if k in (K.IF_STMT, K.SWITCH_STMT) and kids and kids[0].kind.is_expression() and not inside(kids[0]) and \
                ASSUMED_SIZE in self._evaluated(lambda: self._eval(kids[0], env, fn, 0))[1]:
            # the target is reached only under a condition on a size taken as large (`switch (NT) {
            # case 32: k<32><<<S, NT>>>`): that value says nothing of the values on this path
            env[SIZED_PATH] = True
        if k == K.IF_STMT:
            taken, tags = None, frozenset()
            for i, ch in enumerate(kids):
                if inside(ch):
                    if taken is not None and i in (1, 2) and bool(taken) != (i == 1):
                        self._missed = True  # the condition, known here, takes the other branch
                        if self._decided_by_device(tags, env):
                            env[NOT_TAKEN] = tuple(env.get(NOT_TAKEN, ())) + (self._decision(kids[0], taken, tags),)
                    if ch.kind.is_expression() or ch.kind == K.DECL_STMT:
                        return self._run_into(ch, env, fn, target, order)
                    return self._run(ch, env, fn, target, order) or True
                if i == 0 and len(kids) > 1 and ch.kind != K.DECL_STMT:
                    value, tags = self._evaluated(lambda: self._eval(ch, env, fn, 0))
                    self._touched |= tags  # (what the condition read marks the value being evaluated, as before)
                    taken = value if isinstance(value, (int, float)) else None
                if i == 0 or ch.kind == K.DECL_STMT:  # the condition (and its declaration) ran
                    self._execute(ch, env, fn)
                    if ch.kind == K.DECL_STMT:
                        taken = None
            return True
        if k in LOOPS:
            body = (kids[0] if k == K.DO_STMT else kids[-1]) if kids else None  # do { body } while (cond)
            if body is None or not inside(body):
                self._forget_assigned(stmt, env)  # the target is in the loop's header
                return True
            first = self._enter_first_iteration(stmt, kids, env, fn)
            if first:
                env[FIRST_ITERATION] = tuple(env.get(FIRST_ITERATION, ())) + (stmt.location.line,)
            else:
                self._forget_assigned(stmt, env)  # each iteration may see other values
            if first and k in (K.FOR_STMT, K.WHILE_STMT) and self._first_reaching(stmt, kids, body, env, fn,
                                                                                  target, order):
                return True
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

    def _decided_by_device(self, tags: frozenset[str], env: dict) -> bool:
        """Does a known condition read the analysed GPU's properties and nothing whose value is one of
        several (a sweep's, the command line's, a size taken as large, a loop's first iteration)?"""
        return any(t.startswith(DEVICE_KNOWN) for t in tags) and not tags & set(TAGS) and \
            not env.get(FIRST_ITERATION)

    def _decision(self, cond: ci.Cursor, taken, tags: frozenset[str]) -> str:
        """"`max_smem_per_block >= 176 * 1024` holds on sm_90 (sharedMemPerBlockOptin = 232,448, ...)"."""
        text = _spelled(cond)
        facts = "; ".join(self.device.words(t[len(DEVICE_KNOWN):]) for t in sorted(tags)
                          if t.startswith(DEVICE_KNOWN))
        return f"`{text}` {'holds' if taken else 'does not hold'} on {self.device.arch} ({facts})"

    _callee_arguments = 0  # > 0 while run_callee evaluates a callee's arguments (values.py reads it)
    _missed = False  # set when a branch on the way to the target is not the one its known condition takes
    _trials = 0  # iterations the searches of _first_reaching have run for the current question
    _loop_bodies: int | None = None  # body runs left to the loops run whole now (None: none is running)

    def _first_reaching(self, loop: ci.Cursor, kids: list, body: ci.Cursor, env: dict, fn: ci.Cursor,
                        target: int, order: dict) -> bool:
        """The launch's first execution where the loop's first iteration does not reach it: an `if` on the
        way to it whose condition, known there, takes the other branch (HeCBench storeKVCache's
        `for (item_size = 1; ...; item_size *= 2) ... if (row_size_bytes % 256 == 0) store_kv_cache_256x1<<<...>>>`
        first runs when `item_size` is 4). Runs whole iterations (their step and test known) until one
        reaches the target, within FIRST_REACHING_ITERATIONS; then `env` holds that iteration's state up to
        the target and True. False, `env` untouched, where the first iteration reaches it or no iteration
        is found; where the loop ends before any iteration reaches it, `_missed` stays set for a loop around."""
        _, cond, step = for_header(loop, kids[:-1]) if loop.kind == K.FOR_STMT else (None, kids[0] if kids else None, None)
        state = copied(env)
        for n in range(1, FIRST_REACHING_ITERATIONS + 1):
            outer, self._missed = self._missed, False
            trial = copied(state)
            self._run(body, trial, fn, target, order)
            missed, self._missed = self._missed, outer
            if not missed:
                if n == 1:
                    return False  # as before: the first iteration's state, run again by the caller
                trial[LATER_ITERATION] = tuple(trial.get(LATER_ITERATION, ())) + ((loop.location.line, n),)
                env.clear()
                env.update(trial)
                return True
            self._trials += 1
            if self._trials > FIRST_REACHING_ITERATIONS or _leaves_early(body):
                return False  # too costly to follow, or an iteration may leave early: the first iteration's state
            self._run(body, state, fn, END, order)
            if step is not None:
                self._execute(step, state, fn)
            test = self._eval(cond, state, fn, 0) if cond is not None else UNKNOWN
            if test is UNKNOWN or not isinstance(test, (int, float)):
                return False
            if not test:  # the loop ends and never reaches it: nor does this iteration of a loop around
                self._missed = True
                return False
        return False

    def _run_decided_branch(self, stmt: ci.Cursor, env: dict, fn: ci.Cursor, order: dict) -> bool:
        """An `if` before the target whose condition is known (`if (argc > 1) n = atoi(argv[1]);`
        in a program run without arguments): run the branch it takes. False: not known."""
        kids = children_of(stmt)
        if len(kids) < 2 or any(ch.kind == K.DECL_STMT for ch in kids):
            return False
        cond, tags = self._evaluated(lambda: self._eval(kids[0], env, fn, 0))
        if not isinstance(cond, int):
            return False
        branch = kids[1] if cond else (kids[2] if len(kids) > 2 else None)
        skipped = kids[2] if cond and len(kids) > 2 else (None if cond else kids[1])
        if COMMAND_LINE in tags and skipped is not None:
            # `if (argc > 1) n = atoi(argv[1]);`: a run with arguments sets what the branch not taken assigns
            env[COMMAND_LINE] = env.get(COMMAND_LINE, frozenset()) | {
                key for c in walk(skipped) if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR)
                and (key := self._assigned_var(c)) is not None}
        if branch is not None:
            if branch.kind == K.COMPOUND_STMT or not (branch.kind == K.DECL_STMT or branch.kind.is_expression()):
                self._run(branch, env, fn, END, order)
            else:
                self._execute(branch, env, fn)
            # `if (C > 1024) block = 512;`: chosen by a size taken as large; `if (argc == 2)`: by the named run
            for tag in (ASSUMED_SIZE, PROGRAM_ARGS):
                if tag in tags:
                    env[tag] = env.get(tag, frozenset()) | {
                        key for c in walk(branch) if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR)
                        and (key := self._assigned_var(c)) is not None}
        return True

    def _outer_writes(self, stmt: ci.Cursor) -> set[str] | None:
        """loop_writes.outer_writes, remembered per statement."""
        at = node_position(stmt)
        if at not in self._writes:
            self._writes[at] = outer_writes(stmt, self._key)
        return self._writes[at]

    def _keeps_outer_state(self, loop: ci.Cursor) -> bool:
        return self._outer_writes(loop) == set()

    def _outlasts(self, init, cond: ci.Cursor, step, body: ci.Cursor, env: dict, fn: ci.Cursor) -> bool:  # noqa: ANN001
        """Does the loop's header alone test true more than WHOLE_LOOP_ITERATIONS times, where its body
        changes nothing the test or the step reads? Then running it whole would give up after as many
        body runs (HeCBench chemv's `for (i = 0; i < 370; i++)` filling a host array)."""
        written = self._outer_writes(body)
        if step is None or written is None or written & {
                self._key(c.referenced) for x in (cond, step) for c in walk(x)
                if c.kind == K.DECL_REF_EXPR and c.referenced is not None}:
            return False
        header = copied(env)
        if init is not None:
            self._execute(init, header, fn)
        for _ in range(WHOLE_LOOP_ITERATIONS + 1):
            test = self._eval(cond, header, fn, 0)
            if test is UNKNOWN or not isinstance(test, (int, float)) or not test:
                return False
            self._execute(step, header, fn)
        return True

    def _run_whole_loop(self, loop: ci.Cursor, env: dict, fn: ci.Cursor, order: dict) -> bool:
        """A loop before the target whose condition is known at every test, run to its end (at most
        WHOLE_LOOP_ITERATIONS): HeCBench fwt's `for (; log2N > 7; log2N -= 2, N >>= 2, M <<= 2)` before
        the launch that takes `N / 4` threads; a `do { ... } while (0)` macro's body (`GPU_CHECK(...)`) once.
        False (env untouched) where a test is not known, the loop runs longer, or its body leaves it early
        (`break`, `continue`, `goto`; `return` but in a `do` body)."""
        kids = children_of(loop)
        do = loop.kind == K.DO_STMT  # `do { body } while (cond)`: the body runs before the first test
        body = (kids[0] if do else kids[-1]) if kids else None
        # (a `return` in a `do` body, `if (e != cudaSuccess) return 1;`, ends the function: what follows the
        # loop sees the iterations that did not take it)
        jumps = [k for k in _JUMPS if k != K.RETURN_STMT] if do else _JUMPS
        if body is None or any(c.kind in jumps for c in walk(body)):
            return False
        if do:
            init, cond, step = None, (kids[1] if len(kids) == 2 else None), None
        else:
            init, cond, step = for_header(loop, kids[:-1]) if loop.kind == K.FOR_STMT else (None, kids[0], None)
        if cond is None or not do and self._outlasts(init, cond, step, body, env, fn):
            return False
        outermost = self._loop_bodies is None
        if outermost:
            self._loop_bodies = WHOLE_LOOP_BODIES
        try:
            trial = copied(env)
            if init is not None:
                self._execute(init, trial, fn)
            for n in range(WHOLE_LOOP_ITERATIONS + 1):
                if not (do and n == 0):
                    test = self._eval(cond, trial, fn, 0)
                    if test is UNKNOWN or not isinstance(test, (int, float)):
                        return False
                    if not test:
                        env.clear()
                        env.update(trial)
                        return True
                self._loop_bodies -= 1
                if self._loop_bodies < 0:
                    return False
                self._run(body, trial, fn, END, order)
                if self._loop_bodies < 0:  # (a loop nested in the body spent what was left)
                    return False
                if step is not None:
                    self._execute(step, trial, fn)
            return False
        finally:
            if outermost:
                self._loop_bodies = None

    def _run_into(self, stmt: ci.Cursor, env: dict, fn: ci.Cursor, target: int, order: dict) -> bool:
        """The target is inside this statement or expression: nothing of it has run, except the body
        of a lambda that holds the target (called where it is written, as AT_DISPATCH's are)."""
        for c in walk(stmt):
            if c.kind == K.LAMBDA_EXPR:
                a, b = order.get(node_position(c), (0, 0))
                if a <= target < b:
                    body = next((x for x in children_of(c) if x.kind == K.COMPOUND_STMT), None)
                    if body is not None:
                        self._run(body, env, fn, target, order)
                    break
        return True

    def _enter_first_iteration(self, loop: ci.Cursor, kids: list, env: dict, fn: ci.Cursor) -> bool:
        """Run a loop's initialisation and check that its body is entered: True when the first
        iteration's state is known (then `env` holds it)."""
        k = loop.kind
        if k == K.CXX_FOR_RANGE_STMT:
            return self._enter_first_element(kids, env, fn)
        if k == K.DO_STMT:
            return True  # the body runs once before the condition is tested
        if k == K.WHILE_STMT:
            cond = kids[0] if kids else None
        else:  # for (init; cond; step) body
            init, cond, _ = for_header(loop, kids[:-1])
            if init is not None:
                self._execute(init, env, fn)
        if cond is None:
            return False
        return self._eval(cond, env, fn, 0) not in (UNKNOWN, 0, False)

    def _enter_first_element(self, kids: list, env: dict, fn: ci.Cursor) -> bool:
        """`for (auto params : inputs)` over a list of constants (HeCBench sampling's `const std::vector<Dataset>
        inputs = {{1000, 0, 2000, ...}, ...}`, `int sizes[] = {...}`, `for (int b : {32, 64})`): the loop variable
        bound to the first element, marked as a sweep's value (as `block_sizes[j]` is). False: not such a list."""
        if len(kids) < 3 or kids[0].kind != K.VAR_DECL:
            return False
        elements = self._eval(kids[1], env, fn, 0)
        if not isinstance(elements, dict):
            ref = strip(kids[1]).referenced if strip(kids[1]).kind == K.DECL_REF_EXPR else None
            if ref is None or ref.kind != K.VAR_DECL or not ref.type.is_const_qualified():
                return False  # (a list the function may change before the loop: not read)
            listed = next((c for c in walk(ref) if c.kind == K.INIT_LIST_EXPR
                           and c.type.get_canonical().kind == ci.TypeKind.CONSTANTARRAY), None)
            elements = self._eval(listed, {}, None, 0) if listed is not None else None
        first = elements.get(0, UNKNOWN) if isinstance(elements, dict) else UNKNOWN
        if first is UNKNOWN:
            return False
        key = self._key(kids[0])
        env[key] = copied(first)
        self._mark(env, key, frozenset({SWEPT}))
        return True

    def first_iteration_of(self, function: ci.Cursor | None, at: ci.Cursor) -> tuple[int, ...]:
        """Lines of the loops around `at` whose first iteration the values at `at` are from."""
        if function is None:
            return ()
        return tuple(self._env_at(function, at).get(FIRST_ITERATION, ()))

    def later_iterations_of(self, function: ci.Cursor | None, at: ci.Cursor) -> tuple[tuple[int, int], ...]:
        """(line, n) of the loops around `at` whose first iteration to reach it is the n-th (n > 1)."""
        if function is None:
            return ()
        return tuple(self._env_at(function, at).get(LATER_ITERATION, ()))

    def without_arguments(self, function: ci.Cursor | None, at: ci.Cursor) -> bool:
        """Did the values at `at` take `main`'s `argc` as 1 (the program run without arguments)?"""
        return function is not None and bool(self._env_at(function, at).get(NO_ARGS))

    def marked_value(self, expr: ci.Cursor, function: ci.Cursor | None, at: ci.Cursor) -> tuple:
        """`value(expr, function, at)` and the marks (syntax.TAGS) of what it read, in one evaluation:
        ASSUMED_SIZE when it read a tensor's size (taken as large: syntax.TENSOR_SIZES)."""
        return self._evaluated(lambda: self.value(expr, function, at))

    def sized_path(self, function: ci.Cursor | None, at: ci.Cursor) -> bool:
        """Is `at` reached only under a condition on a tensor's size?"""
        return function is not None and bool(self._env_at(function, at).get(SIZED_PATH))

    def _evaluated(self, evaluate) -> tuple:  # noqa: ANN001
        """(`evaluate()`, the marks (syntax.TAGS) of the variables it read: `_eval` notes them in `_touched`)."""
        saved, self._touched = self._touched, set()
        try:
            return evaluate(), frozenset(self._touched)
        finally:
            self._touched = saved

    tags = TAGS  # syntax.TAGS and the device properties read so far (values.HostEvaluator._property)

    def _mark(self, env: dict, key: str, tags: frozenset[str]) -> None:
        """env[tag] for each of self.tags: the variables whose values came from one so marked."""
        for tag in self.tags:
            marked = env.get(tag, frozenset())
            if tag in tags:
                env[tag] = marked | {key}
            elif key in marked:
                env[tag] = marked - {key}

    def _forget_assigned(self, stmt: ci.Cursor, env: dict) -> None:
        for c in walk(stmt):
            if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR):
                target = self._assigned_var(c)
                if target is not None:
                    env[target] = UNKNOWN
            elif c.kind == K.VAR_DECL:
                env[self._key(c)] = UNKNOWN

    def _assigned_var(self, c: ci.Cursor) -> str | None:
        op = operator_of(c)
        kids = children_of(c)
        if not kids:
            return None
        if c.kind == K.UNARY_OPERATOR and op not in INCREMENTS and op != "&":
            return None
        if c.kind == K.BINARY_OPERATOR and op != "=":
            return None
        base = strip(kids[0])
        while base.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
            inner = [x for x in children_of(base) if x.kind.is_expression()]
            if not inner:
                return None
            base = strip(inner[0])
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
            for d in children_of(stmt):
                if d.kind == K.VAR_DECL:
                    self._declare(d, env, fn)
                elif d.kind == K.UNEXPOSED_DECL:
                    self._decompose(d, env, fn)
            # `bool ok = loadImage(path, &width, &height);` writes width and height as it declares ok (an
            # address kept, `void *args[] = {&n, &p};`, writes nothing yet)
            self._forget_written_through(stmt, env, calls_only=True)
            return
        s = strip(stmt)
        if s.kind == K.BINARY_OPERATOR and operator_of(s) == ",":  # `i += 2, n >>= 2` (a loop's step)
            for part in children_of(s):
                self._execute(part, env, fn)
            return
        if s.kind == K.BINARY_OPERATOR and operator_of(s) == "=":
            lhs, rhs = children_of(s)
            pointer = strip(lhs).type.get_canonical().kind == ci.TypeKind.POINTER
            if pointer:
                self._assign(lhs, self._pointer(rhs, env, fn, 0), env, fn)
            else:
                value, tags = self._evaluated(lambda: self._eval(rhs, env, fn, 0))
                self._assign(lhs, value, env, fn)
                target = strip(lhs)
                if target.kind == K.DECL_REF_EXPR and target.referenced is not None:
                    self._mark(env, self._key(target.referenced), tags)
                elif tags and (base := element_base(lhs)).kind == K.DECL_REF_EXPR and base.referenced is not None:
                    # `block.x = block_x`: the record holds a value so marked (its other fields may not)
                    key = self._key(base.referenced)
                    for tag in tags:
                        env[tag] = env.get(tag, frozenset()) | {key}
        elif s.kind == K.CALL_EXPR and s.spelling == "operator=":
            args = [x for x in children_of(s) if x.kind.is_expression()]
            if len(args) >= 2:
                self._assign(args[0], self._eval(args[-1], env, fn, 0), env, fn)
        elif s.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            lhs, rhs = children_of(s)
            op = operator_of(s)[:-1]
            old, new = self._eval(lhs, env, fn, 0), self._eval(rhs, env, fn, 0)
            f = ARITH.get(op)
            self._assign(lhs, f(old, new) if f and isinstance(old, int) and isinstance(new, int) else UNKNOWN,
                         env, fn)
        elif s.kind == K.UNARY_OPERATOR and operator_of(s) in INCREMENTS:
            inner = children_of(s)[0]
            old = self._eval(inner, env, fn, 0)
            step = 1 if "++" in operator_of(s) else -1
            self._assign(inner, old + step if isinstance(old, int) else UNKNOWN, env, fn)
        elif s.kind == K.CALL_EXPR and self._written_back(s, env, fn):
            return
        self._forget_written_through(stmt, env)

    def run_callee(self, call: ci.Cursor, env: dict, fn: ci.Cursor | None, depth: int):
        """Run the body of the host function `call` calls, its parameters bound to the arguments'
        values (a reference parameter to the caller's variable's value): (the environment where it
        returns, the expression it returns or None, its definition). An early `return` in an `if` is
        taken or passed by its condition (`if (n == 0) return 0;`, `if (...) { return 1; } else {
        return 0; }`). None where the body is not run: no definition outside the system headers, a
        `return` under a condition not known or in a loop, too deep, or not a plain function."""
        ref = call.referenced
        if ref is None or ref.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) or depth > MAX_DEPTH:
            return None
        defn = ref.get_definition() or ref
        if defn.location.is_in_system_header:
            return None
        body = next((c for c in children_of(defn) if c.kind == K.COMPOUND_STMT), None)
        if body is None:
            return None
        kinds = [c.kind for c in walk(body)]
        if len(kinds) > CALLEE_NODES or K.GOTO_STMT in kinds or K.CXX_TRY_STMT in kinds:
            return None
        params = [c for c in children_of(defn) if c.kind == K.PARM_DECL]
        args = list(call.get_arguments())
        if len(args) > len(params):
            return None
        inner: dict = {}
        # (an argument that reads argc, `findCudaDevice(argc, argv)`, does not make the caller the
        # no-argument run: values.py reads this while the arguments are evaluated)
        self._callee_arguments += 1
        try:
            self._bind_arguments(params, args, inner, env, fn, depth)
        finally:
            self._callee_arguments -= 1
        running = self._running_callees
        fkey = defn.get_usr() or defn.spelling
        if fkey in running or len(running) > 4:  # recursion, or calls nested too deep to be worth it
            return None
        running.add(fkey)
        try:
            ended, last = self._run_to_return(children_of(body), inner, defn, self._order_of(defn))
        finally:
            running.discard(fkey)
        if not ended:
            return None
        returned = [x for x in children_of(last) if x.kind.is_expression()] if last is not None else []
        return inner, (returned[0] if len(returned) == 1 else None), defn

    def _run_to_return(self, stmts: list[ci.Cursor], env: dict, fn: ci.Cursor, order: dict
                       ) -> tuple[bool, ci.Cursor | None]:
        """Run a callee's statements until one returns: (True, that `return`), (True, None) where they
        end without one, (False, None) where a `return` is not reached by a known path (under a
        condition not known, or in a loop or a switch)."""
        for st in stmts:
            if st.kind == K.RETURN_STMT:
                return True, st
            if not any(c.kind == K.RETURN_STMT for c in walk(st)):
                self._run(st, env, fn, END, order)
                continue
            kids = children_of(st)
            if st.kind == K.COMPOUND_STMT:
                ended, ret = self._run_to_return(kids, env, fn, order)
            elif st.kind == K.IF_STMT and len(kids) >= 2 and kids[0].kind.is_expression():
                cond = self._eval(kids[0], env, fn, 0)
                if not isinstance(cond, (int, float)):
                    return False, None
                branch = kids[1] if cond else (kids[2] if len(kids) > 2 else None)
                if branch is None:
                    continue
                ended, ret = self._run_to_return([branch], env, fn, order)
            else:
                return False, None
            if not ended or ret is not None:
                return ended, ret
        return True, None

    def _bind_arguments(self, params: list, args: list, inner: dict, env: dict, fn: ci.Cursor | None,
                        depth: int) -> None:
        """A callee's parameters in `inner`: each argument's value and marks, a reference parameter the
        caller's variable's, a missing argument its default."""
        for i, p in enumerate(params):
            if i < len(args):
                a = strip(args[i])
                if p.type.kind == ci.TypeKind.LVALUEREFERENCE and a.kind == K.DECL_REF_EXPR and a.referenced is not None:
                    outer = self._key(a.referenced)
                    inner[self._key(p)] = copied(env.get(outer, UNKNOWN))
                    self._mark(inner, self._key(p), frozenset(t for t in self.tags if outer in env.get(t, ())))
                else:
                    inner[self._key(p)], tags = self._evaluated(lambda: self._eval(args[i], env, fn, depth + 1))
                    self._mark(inner, self._key(p), tags)
            else:  # a default argument: `const bool coop_flag = false`
                default = [x for x in children_of(p) if x.kind.is_expression()]
                inner[self._key(p)] = self._eval(default[-1], {}, None, depth + 1) if default else UNKNOWN

    def _written_back(self, call: ci.Cursor, env: dict, fn: ci.Cursor) -> bool:
        """`flexible_launch_configs(reduction, stride, block, grid)` (apex's SyncBatchNorm): a host
        function that writes its non-const reference parameters; the caller's variables take the
        values they have at the end of its body. False: not such a call, or its body not run."""
        ref = call.referenced
        params = [c for c in children_of(ref) if c.kind == K.PARM_DECL] if ref is not None else []
        outs = [i for i, p in enumerate(params) if p.type.kind == ci.TypeKind.LVALUEREFERENCE
                and not p.type.get_pointee().is_const_qualified()]
        args = list(call.get_arguments())
        if not outs or ref.location.is_in_system_header or \
                any(i < len(args) and strip(args[i]).kind != K.DECL_REF_EXPR for i in outs):
            return False  # (`configure(cfg.block)`: a field written, not followed; forgotten below)
        ran = self.run_callee(call, env, fn, 0)
        if ran is None:
            return False
        inner, _, defn = ran
        defined = [c for c in children_of(defn) if c.kind == K.PARM_DECL]
        for i in outs:
            a = strip(args[i]) if i < len(args) else None
            if a is not None and a.kind == K.DECL_REF_EXPR and a.referenced is not None and i < len(defined):
                param = self._key(defined[i])
                env[self._key(a.referenced)] = inner.get(param, UNKNOWN)
                self._mark(env, self._key(a.referenced), frozenset(t for t in self.tags if param in inner.get(t, ())))
        return True

    def _forget_written_through(self, stmt: ci.Cursor, env: dict, calls_only: bool = False) -> None:
        """Anything else may still change a variable through its address (`cudaGetDeviceCount(&n)`),
        or an array through the pointer it decays to (`fill(sizes, n)`, `cudaMemcpy(sizes, ...)`).
        `calls_only`: only addresses a call is given. What the analysed GPU fixes is written instead
        (`cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, 0)`: values.HostEvaluator.device_query)."""
        queried = []
        for c in walk(stmt):
            if c.kind == K.UNARY_OPERATOR and operator_of(c) == "&" and not calls_only:
                target = self._assigned_var(c)
                if target is not None:
                    env[target] = UNKNOWN
            elif c.kind == K.CALL_EXPR:
                answer = self.device_query(c)
                if answer is not None:
                    queried.append(answer)
                ref = c.referenced
                params = [p for p in children_of(ref) if p.kind == K.PARM_DECL] if ref is not None else []
                for i, a in enumerate(c.get_arguments()):
                    a = strip(a)
                    base = element_base(a)
                    if i < len(params) and base.kind == K.DECL_REF_EXPR and base.referenced is not None and \
                            base.referenced.type.get_canonical().kind != ci.TypeKind.POINTER and \
                            params[i].type.kind == ci.TypeKind.LVALUEREFERENCE and \
                            not params[i].type.get_pointee().is_const_qualified():
                        env[self._key(base.referenced)] = UNKNOWN  # `configure(block)` through a `dim3 &`
                        continue
                    if a.kind == K.UNARY_OPERATOR and operator_of(a) == "&" and calls_only:
                        target = self._assigned_var(a)
                        if target is not None:
                            env[target] = UNKNOWN
                    elif a.kind == K.DECL_REF_EXPR and a.referenced is not None and \
                            a.type.get_canonical().kind == ci.TypeKind.CONSTANTARRAY:
                        env[self._key(a.referenced)] = UNKNOWN
        for key, value, tags in queried:
            env[key] = value
            self._mark(env, key, tags)

    def _declare(self, d: ci.Cursor, env: dict, fn: ci.Cursor) -> None:
        init = [x for x in children_of(d) if x.kind.is_expression()]
        key = self._key(d)
        if init and d.type.get_canonical().kind == ci.TypeKind.POINTER:
            env[key] = self._pointer(init[-1], env, fn, 0)  # `float *src = bufferIn + padding;`
        elif init:
            env[key], tags = self._evaluated(lambda: self._eval(init[-1], env, fn, 0))
            self._mark(env, key, tags)
            if env[key] is UNKNOWN and record_fields(d.type) is not None:
                env[key] = self._construct(init[-1], d.type, env, fn, 0)
        else:
            env[key] = default_record(d.type) if record_fields(d.type) is not None else UNKNOWN

    def _decompose(self, d: ci.Cursor, env: dict, fn: ci.Cursor) -> None:
        """A structured binding (`auto [cc_major, cc_minor] = get_compute_capability(device);`, flash-attention's
        launch templates): each name holds its element of the value, a tuple's by position, a record's
        fields or an array's elements in order; not known where their count is not the names'."""
        kids = children_of(d)
        names = [c for c in kids if c.kind == K.UNEXPOSED_DECL]
        init = [c for c in kids if c.kind.is_expression()]
        if not names or not init:
            return
        value, tags = self._evaluated(lambda: self._eval(init[-1], env, fn, 0))
        parts = list(value.values()) if isinstance(value, dict) else []
        for i, name in enumerate(names):
            key = self._key(name)
            env[key] = copied(parts[i]) if len(parts) == len(names) else UNKNOWN
            self._mark(env, key, tags)

    def _assign(self, lhs: ci.Cursor, value, env: dict, fn: ci.Cursor, path: list | None = None) -> None:
        """`lhs = value` in `env`; `path`: lhs's fields and indices when evaluated elsewhere (_path)."""
        base = element_base(lhs)
        if base.kind != K.DECL_REF_EXPR or base.referenced is None:
            target = self._assigned_var(lhs) if lhs.kind == K.UNARY_OPERATOR else None
            if target:
                env[target] = UNKNOWN
            return
        if subscripted(lhs) and base.referenced.type.get_canonical().kind != ci.TypeKind.CONSTANTARRAY:
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
            record = default_record(base.referenced.type) or {}
            if key not in env:  # a record declared elsewhere: its other fields are not known
                record = {f: UNKNOWN for f in record}
        record = copied(record)
        env[key] = record
        for name in reversed(path[1:]):
            sub = record.get(name)
            sub = copied(sub) if isinstance(sub, dict) else {}
            record[name] = sub
            record = sub
        record[path[0]] = value

    def _path(self, lhs: ci.Cursor, env: dict, fn: ci.Cursor) -> list | None:
        """The fields and element indices an lvalue selects, outermost first (`block[1][0].x`:
        ["x", 0, 1]); None when an index is not known."""
        path: list = []
        base = strip(lhs)
        while base.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
            inner = [x for x in children_of(base) if x.kind.is_expression()]
            if not inner:
                return None
            if base.kind == K.MEMBER_REF_EXPR:
                path.append(base.spelling)
            else:
                index = self._eval(inner[1], env, fn, 0) if len(inner) == 2 else UNKNOWN
                if not isinstance(index, int) or isinstance(index, bool):
                    return None
                path.append(index)
            base = strip(inner[0])
        return path


def _leaves_early(body: ci.Cursor) -> bool:
    """Can an iteration of the loop whose body this is end before its last statement: a `break` or
    `continue` of this loop (not of a loop inside it; a `break` of a `switch` inside it neither), a
    `return` or a `goto`?"""
    def visit(c: ci.Cursor, breaks: bool, continues: bool) -> bool:
        for ch in children_of(c):
            if ch.kind in (K.RETURN_STMT, K.GOTO_STMT, K.INDIRECT_GOTO_STMT) or \
                    breaks and ch.kind == K.BREAK_STMT or continues and ch.kind == K.CONTINUE_STMT:
                return True
            if visit(ch, breaks and ch.kind not in LOOPS + (K.SWITCH_STMT,), continues and ch.kind not in LOOPS):
                return True
        return False
    return visit(body, True, True)


_JOINED_AFTER = (".", "->", "::", "(", "[", "!", "~")
_JOINED_BEFORE = (".", "->", "::", ")", "]", ",", ";")


def _spelled(cursor: ci.Cursor) -> str:
    """A condition as written, from its tokens: `deviceProp.sharedMemPerMultiprocessor >= SHMEM_SZ`, not
    `deviceProp . sharedMemPerMultiprocessor >= SHMEM_SZ`."""
    out, prev = "", ""
    for t in cursor.get_tokens():
        s = t.spelling
        if out and s not in _JOINED_BEFORE and prev not in _JOINED_AFTER:
            out += " "
        out, prev = out + s, s
    return out
