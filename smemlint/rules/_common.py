"""Helpers the trap rules share: analyses computed once per file, diagnostics at any span.

Uniformity and control-flow graphs are cached on the FileResult, so SYNC001,
CMEM001, SMEM003, ... ask the same analysis the same question.
"""
from __future__ import annotations

import re

from collections.abc import Iterator

from .. import ir
from ..analysis import AccessResult, KernelResult
from ..diagnostics import Diagnostic, Fix, Severity
from ..lower.extract import read_source
from ..symbolic.cfg import CFG, walk_exprs
from ..symbolic.recorder import BLOCK_BARRIERS  # noqa: F401 - the rules' name for it
from ..symbolic.stats import EVERY_LANE
from ..symbolic.uniformity import KernelUniformity


def unit(ctx) -> ir.TranslationUnit | None:
    return ctx.result.unit


def kernels(ctx) -> Iterator[tuple[ir.Kernel, KernelResult | None]]:
    u = unit(ctx)
    if u is None:
        return
    by_key = {k.ir.key: k for k in ctx.result.kernels if k.ir is not None}
    for k in u.kernels:
        yield k, by_key.get(k.key)


def under_lane_data(a: AccessResult) -> str:
    """For an access evaluated under a condition on data that may differ between a warp's lanes,
    the clause a number-giving finding adds ("; if every lane gets here (condition on line 12
    depends on a value loaded from `in`)"): lanes the data turns away could cost less; else ''."""
    if a.data_dependent != "lanes":
        return ""
    guard = next((n for n in a.assumptions if n.endswith(EVERY_LANE) and " depends on " in n), "")
    return f"; if every lane gets here ({guard[:-len(EVERY_LANE)]})" if guard else ""


def uniformity(ctx, kernel: ir.Kernel) -> KernelUniformity:
    key = ("uniformity", kernel.key)
    cache = ctx.result.cache
    if key not in cache:
        cache[key] = KernelUniformity(ctx.result.unit, kernel, flat_dims(ctx, kernel), widest_block_x(ctx, kernel))
    return cache[key]


def _launch_blocks(ctx, kernel: ir.Kernel) -> list:
    """The block of every launch of the kernel smemlint read (a partial one where only some
    dimensions are known), or [the analysed block] when no launch names it and the kernel was
    launched; a None entry where a block is unknown, assumed, or one of several a loop tries."""
    u = unit(ctx)
    launches = [launch for launch in u.launches if launch.kernel == kernel.key] if u is not None else []
    # a block that is the first of the shapes a loop tries (llm.c's block_sizes[]) does not say what
    # the others are: unknown
    blocks = [None if launch.swept else launch.block or launch.block_partial for launch in launches]
    if not blocks:
        kr = next((k for kk, k in kernels(ctx) if kk.key == kernel.key), None)
        blocks = [kr.block] if kr is not None and kr.launched else [None]
    return blocks


def widest_block_x(ctx, kernel: ir.Kernel) -> int | None:
    """The largest blockDim.x of the kernel's launches, when every launch smemlint read gives it
    (find_context_dups<128> launched with a 128-thread block): a stride of that many threads or
    more starts every thread in the first stride. None when a launch's block is unknown."""
    blocks = _launch_blocks(ctx, kernel)
    if any(b is None or not isinstance(b[0], int) for b in blocks):
        return None
    return max(b[0] for b in blocks)


def flat_dims(ctx, kernel: ir.Kernel) -> frozenset[str]:
    """`threadIdx.y`/`.z` of a block dimension that is 1 in every launch of the kernel smemlint read
    (llm.c's `dim3(32, block_y)` makes threadIdx.z 0 in every thread): none when a launch's block
    is unknown, or when the kernel's block was assumed."""
    blocks = _launch_blocks(ctx, kernel)
    if any(b is None for b in blocks):
        return frozenset()
    return frozenset(f"threadIdx.{axis}" for i, axis in ((1, "y"), (2, "z")) if all(b[i] == 1 for b in blocks))


def cfg(ctx, key: str, body: ir.Stmt) -> CFG:
    ck = ("cfg", key)
    cache = ctx.result.cache
    if ck not in cache:
        cache[ck] = CFG(body)
    return cache[ck]


def node_facts(ctx, key: str, body: ir.Stmt) -> tuple[dict[int, list[ir.Call]], dict[int, list[ir.Access]]]:
    """Node of the function's CFG -> the calls, and the memory accesses, it evaluates itself, in order.
    One walk per function and file: SYNC001 and SYNC004 ask of every node, for every kernel that
    reaches the function."""
    ck = ("cfg-node-facts", key)
    cache = ctx.result.cache
    if ck not in cache:
        g = cfg(ctx, key, body)
        calls: dict[int, list[ir.Call]] = {}
        accesses: dict[int, list[ir.Access]] = {}
        for n in g.nodes():
            exprs = g.exprs(n)
            calls[n] = [e for e in exprs if isinstance(e, ir.Call)]
            accesses[n] = [e for e in exprs if isinstance(e, ir.Access)]
        cache[ck] = calls, accesses
    return cache[ck]


def bodies(ctx, kernel: ir.Kernel) -> list[tuple[str, ir.Stmt, str]]:
    """(function key, body, display name) of the kernel and every device function it reaches."""
    u = unit(ctx)
    out = [(kernel.key, kernel.body, kernel.name)]
    for fkey in uniformity(ctx, kernel).functions():
        f = u.functions[fkey]
        out.append((fkey, f.body, f.name))
    return out


def access_results(ctx) -> dict[tuple[str, int], AccessResult]:
    """(kernel key, site id) -> the evaluator's record of that access."""
    out = {}
    for k in ctx.result.kernels:
        if k.ir is None:
            continue
        for a in k.accesses:
            if a.stats is not None:
                out[(k.ir.key, a.stats.site.id)] = a
    return out


def sites(u: ir.TranslationUnit) -> dict[int, ir.AccessSite]:
    return {s.id: s for k in u.kernels for s in k.sites}


def unit_sites(ctx) -> dict[int, ir.AccessSite]:
    """sites() of the file's unit, made once per file."""
    key = ("sites",)
    cache = ctx.result.cache
    if key not in cache:
        cache[key] = sites(unit(ctx))
    return cache[key]


def syncing(ctx, names: frozenset[str]) -> set[str]:
    """syncing_functions() of the file's unit, made once per file for each set of barrier names
    (from the functions' call facts, each function walked once per file)."""
    key = ("syncing", names)
    cache = ctx.result.cache
    if key not in cache:
        facts_key = ("call facts",)
        if facts_key not in cache:
            cache[facts_key] = call_facts(unit(ctx))
        cache[key] = syncing_functions(cache[facts_key], names)
    return cache[key]


def call_facts(u: ir.TranslationUnit) -> dict[str, tuple[set[str], set[str]]]:
    """Per device function: the names it calls or waits at (its calls', and its barrier
    statements'), and the functions it calls."""
    out: dict[str, tuple[set[str], set[str]]] = {}
    for key, f in u.functions.items():
        names: set[str] = set()
        callees: set[str] = set()
        for e in walk_exprs([_stmt_exprs(f.body)]):
            if isinstance(e, ir.Call):
                names.add(e.name)
                if e.function:
                    callees.add(e.function)
        out[key] = names | _barrier_names(f.body), callees
    return out


def syncing_functions(facts: dict[str, tuple[set[str], set[str]]], names: frozenset[str]) -> set[str]:
    """Keys of device functions that call one of `names` (directly or through other functions), from
    the unit's call_facts."""
    found = {key for key, (called, _) in facts.items() if not called.isdisjoint(names)}
    changed = True
    while changed:
        changed = False
        for key, (_, callees) in facts.items():
            if key not in found and callees & found:
                found.add(key)
                changed = True
    return found


def _barrier_names(s: ir.Stmt) -> set[str]:
    """The names of the barrier statements of `s` (not those of the functions it calls)."""
    out: set[str] = set()
    stack = [s]
    while stack:
        n = stack.pop()
        if isinstance(n, ir.Barrier):
            out.add(n.name)
        if isinstance(n, ir.Block):
            stack.extend(n.body)
        elif isinstance(n, ir.If):
            stack.extend(x for x in (n.then, n.other) if x is not None)
        elif isinstance(n, ir.Loop):
            stack.extend(x for x in (n.init, n.body) if x is not None)
        elif isinstance(n, ir.Unsupported):
            stack.extend(n.parts)
    return out


def _stmt_exprs(s: ir.Stmt) -> list[ir.Expr]:
    out: list[ir.Expr] = []
    stack = [s]
    while stack:
        n = stack.pop()
        if n is None:
            continue
        if isinstance(n, ir.Block):
            stack.extend(n.body)
        elif isinstance(n, ir.If):
            out.append(n.cond)
            stack.extend((n.then, n.other))
        elif isinstance(n, ir.Loop):
            out += [x for x in (n.cond, n.step) if x is not None]
            stack.extend((n.init, n.body))
        elif isinstance(n, ir.Decl) and n.init is not None:
            out.append(n.init)
        elif isinstance(n, ir.ExprStmt):
            out.append(n.expr)
        elif isinstance(n, ir.Return) and n.value is not None:
            out.append(n.value)
        elif isinstance(n, ir.Unsupported):
            stack.extend(n.parts)
    return out


def source_of(ctx, path: str) -> str:
    """The text of the linted file, or of a header of it (a kernel defined there and launched here)."""
    if path == ctx.result.path:
        return ctx.result.source
    try:
        return read_source(path)
    except OSError:
        return ""


def line_text(ctx, line: int, path: str | None = None) -> str:
    lines = source_of(ctx, path or ctx.result.path).splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def diag(ctx, span: ir.Span, message: str, *, facts: dict | None = None, fix: Fix | None = None,
         severity: Severity | None = None, assumptions: list[str] | None = None, group: tuple = ()) -> Diagnostic:
    """A finding at `span`; findings given equal `group` keys are reported as one (grouping.py)."""
    return Diagnostic(span.file, span.line, span.column, span.end_line, span.end_column, ctx.rule.code,
                      ctx.rule.name, severity or ctx.rule.severity, message, fix, dict(facts or {}),
                      list(assumptions or []), group=group)


def expr_key(e: object) -> str:
    """A structural key of an expression, ignoring positions: equal keys, equal values per thread."""
    if isinstance(e, ir.Const):
        return str(e.value)
    if isinstance(e, ir.Builtin):
        return e.name
    if isinstance(e, ir.VarRef):
        return f"${e.var}"
    if isinstance(e, ir.SymbolRef):
        return f"@{e.symbol.key}"
    if isinstance(e, ir.BinOp):
        return f"({expr_key(e.lhs)}{e.op}{expr_key(e.rhs)})"
    if isinstance(e, ir.UnOp):
        return f"({e.op}{expr_key(e.operand)})"
    if isinstance(e, ir.Cast):
        return expr_key(e.operand)
    if isinstance(e, ir.Subscript):
        return f"{expr_key(e.base)}[{expr_key(e.index)}]"
    if isinstance(e, ir.Deref):
        return f"*{expr_key(e.pointer)}"
    if isinstance(e, ir.Member):
        return f"{expr_key(e.base)}.{e.offset}"
    if isinstance(e, ir.AddrOf):
        return f"&{expr_key(e.lvalue)}"
    if isinstance(e, ir.Select):
        return f"({expr_key(e.cond)}?{expr_key(e.then)}:{expr_key(e.other)})"
    return f"<{type(e).__name__}:{id(e)}>"


def root_object(lv: ir.Expr) -> str | None:
    """The array or pointer variable an lvalue lands in: a symbol key or a local's key."""
    root = ir.lvalue_root(lv)
    if isinstance(root, ir.SymbolRef):
        return root.symbol.key
    return root.var if isinstance(root, ir.VarRef) else None


def per_request(x: float) -> str:
    """A per-request number as a message says it: whole numbers as they are, others to 3 significant
    digits (30.9322 -> 30.9, 3.9002 -> 3.9, 1.0625 -> 1.06), never an exponent."""
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.0f}" if abs(x) >= 100 else f"{x:.3g}"


def average_word(*values: float) -> str:
    """' on average' when a per-request number is not a whole number: it averages requests that differ
    (the message then says so, instead of reading as the cost of every request)."""
    return " on average" if any(abs(v - round(v)) > 1e-9 for v in values) else ""


_ASSUMED_PARAM = re.compile(r"^(\w+) = (\d+) assumed\b")


def assumed_sizes(assumptions: list[str], value: int) -> str:
    """`value` (a stride in elements) said with the runtime values it was computed from when some were
    assumed (an integer parameter not constant at a launch is taken as 1024): ' (with N = 1024 assumed)',
    or ''."""
    names = []
    for text in assumptions:
        m = _ASSUMED_PARAM.match(text)
        if m and value and value % int(m.group(2)) == 0:
            names.append(f"{m.group(1)} = {m.group(2)}")
    if not names:
        return ""
    values = {n.split(" = ")[1] for n in names}
    if len(values) == 1:  # the usual case: every such parameter taken as 1024
        return f" (from sizes assumed {values.pop()}: {', '.join(dict.fromkeys(n.split(' = ')[0] for n in names))})"
    return f" (from assumed sizes {', '.join(dict.fromkeys(names))})"
