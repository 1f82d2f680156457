"""Values for the integers no launch gives, fitted to their use (issue 30 item 1).

A kernel parameter whose value smemlint cannot read at a launch is assumed to be
launch.DEFAULT_INT_PARAM (1024), a typical problem size. Some uses cannot take that value: a
shift amount (`N = 1 << log2N` shifts everything out), a count that is multiplied and subtracted
(`BLOCK_SIZE - iteration * HALO * 2` goes negative), a trip count whose loop would outrun the
evaluation. Under such a value no thread reaches accesses that every real run executes, and the
kernel "empties": a number that is wrong because of an assumption, which is the worst outcome.

The use itself says which values fit: the assumed parameters the evaluation read are lowered, one
at a time, through CANDIDATES (largest first: the steady state of a large problem), then one higher,
then the sizes no smaller or next value helped are raised through LARGER (a size that holds others
several times over; last, as its trials cost the most steps); a value is kept when every access
reached before is still reached and at least one more is. Nothing changes for a kernel whose
accesses are all reached, or where no value reaches more of them (code behind a guard the launch
never takes is not the assumption's doing).
"""
from __future__ import annotations

from collections.abc import Callable

from .. import ir
from .costing import loop_loads
from .interp import Interpreter
from .launch import DEFAULT_INT_PARAM

CANDIDATES = (256, 64, 16, 4, 1)  # the value tried after the default, largest first
# last, for a size no smaller or next value helped, larger ones, smallest first: a size that must hold
# another size several times over (`output_size / (out_height * out_width)` channels, each size 1024
# assumed, is 0 channels: HeCBench resize), the steady state of a larger problem
LARGER = (1 << 16, 1 << 20, 1 << 24)
FIT_STEPS = 200_000  # evaluation steps all the trial runs of one kernel may take together


def reached(it: Interpreter) -> frozenset[int]:
    """The access sites some thread executed, or whose address the evaluation could not follow
    (data-dependent: reached, but not the assumption's doing)."""
    return frozenset(sid for sid, st in it.stats.items() if st.executions or st.unpredictable)


def stopped(it: Interpreter) -> bool:
    return it.budget_sampled or any(text.startswith("analysis stopped after") for _, _, text in it.notes)


def fit(params: dict[str, int], assumed: list[str], base: Interpreter,
        run: Callable[[dict[str, int]], Interpreter],
        also: Callable[[dict[str, int]], tuple[frozenset[int], int] | None] | None = None,
        never: Callable[[], frozenset[int]] | None = None,
        ) -> tuple[dict[str, int], Interpreter, dict[str, frozenset[int]]]:
    """Lower the `assumed` parameters (those the evaluation read) where the default leaves accesses
    unreached that a smaller value reaches. `also`: the sites another block reaches under a trial's
    values and the steps it took (a grid no launch gives: its last block, where code for the blocks past
    a count runs), None where it stops. `never`: sites no evaluation reaches, whatever the integers
    (unreached_loop_loads), or whose reach no value of theirs changes (steering.unsteered); no trial
    is run for them. Returns the parameters, the run under them, and
    for each parameter changed the sites its default left unreached."""
    sites = frozenset(base.stats)
    have = reached(base)
    if have != sites and never is not None:
        # a trial is kept only where it reaches a site outside `have`: a site none reaches, or whose
        # reach no value of the integers changes, is no goal
        sites -= never() - have
    other = also(params) if also is not None and have != sites else None
    have |= other[0] if other else frozenset()
    if have == sites or not assumed or stopped(base):
        return params, base, {}
    state = _Search(params, base, have, run, also)
    for name in assumed:  # smaller values: the use cannot take the default
        for value in CANDIDATES:
            if value < state.chosen[name] and state.tries(name, value):
                break
        if state.have == sites:
            return state.chosen, state.best, state.gained
    for name in assumed:  # the next value: code for odd sizes (`if (log2N & 1)`, a remainder loop)
        state.tries(name, state.chosen[name] + 1)
        if state.have == sites:
            return state.chosen, state.best, state.gained
    for name in assumed:  # last, larger values: a size (not an origin, 0) the use needs more of
        if state.chosen[name] == params[name] == DEFAULT_INT_PARAM:
            for value in LARGER:
                if state.tries(name, value):
                    break
        if state.have == sites:
            break
    return state.chosen, state.best, state.gained


def unreached_loop_loads(unit: ir.TranslationUnit, kernel: ir.Kernel) -> frozenset[int]:
    """The sites of the loads a float, double or 64-bit `atomicAdd`'s compare-and-swap loop repeats
    (costing.loop_loads) that no evaluation of the kernel reaches, whatever its integers: such a load is
    costed only with an execution of its atomic on shared memory (costing.Costing.record), and a
    pointer to shared memory comes from nowhere but a shared object named in the code (`ir.SymbolRef`).
    So where the atomic is written in the kernel's own body (not a function's) at an address that names
    no shared object, no variable that may hold a pointer to one (_may_hold_shared), and no function's
    result, its load is never reached. (llm.c's layernorm_backward_kernel2 ends with the global
    `atomicAdd(&dbias[i], x)`: one instruction, whose loop load the fit of assumed sizes would otherwise
    try every value for.)"""
    loads = loop_loads(kernel.sites)  # atomic site -> its loop's load site
    if not loads:
        return frozenset()
    shared_vars = _may_hold_shared(unit, kernel.body)
    addresses: dict[int, list[ir.Expr]] = {}  # atomic site -> its addresses in the kernel's body
    for n in ir.walk(kernel.body):
        if type(n) is ir.Access and n.site in loads:  # type: ignore[attr-defined]
            addresses.setdefault(n.site, []).append(n.lvalue)  # type: ignore[attr-defined]
    elsewhere = _sites_in_functions(unit, kernel.body)  # (reached with a caller's pointers)
    # no node names a load's own site (lowering makes it only beside its atomic): checked all the same
    named = {site for n in ir.walk(kernel.body) if isinstance(site := getattr(n, "site", None), int)}
    return frozenset(load for atomic, load in loads.items()
                     if addresses.get(atomic) and atomic not in elsewhere and load not in elsewhere
                     and load not in named
                     and not any(_names_shared(unit, a, shared_vars) for a in addresses[atomic]))


def _names_shared(unit: ir.TranslationUnit, e: object, shared_vars: set[str]) -> bool:
    """May `e` evaluate to a pointer to shared memory? It names a shared object, a variable in
    `shared_vars` or a field of one, or calls a function of the file (whose result may be one)."""
    for n in ir.walk(e):
        t = type(n)
        if t is ir.SymbolRef and n.symbol.space == "shared":  # type: ignore[attr-defined]
            return True
        if t in (ir.VarRef, ir.LocalField) and n.var in shared_vars:  # type: ignore[attr-defined]
            return True
        if t is ir.Call and n.function in unit.functions:  # type: ignore[attr-defined]
            return True
    return False


def _may_hold_shared(unit: ir.TranslationUnit, body: ir.Stmt) -> set[str]:
    """The variables of a kernel's body that may hold a pointer to shared memory: declared or assigned
    from an expression that may be one (_names_shared), to a fixed point, and every variable a call
    writes back (a `T &` parameter)."""
    defs: list[tuple[str, ir.Expr]] = []
    out: set[str] = set()
    for n in ir.walk(body):
        t = type(n)
        if t is ir.Decl and n.init is not None:  # type: ignore[attr-defined]
            defs.append((n.var, n.init))  # type: ignore[attr-defined]
        elif t is ir.Assign and type(n.target) in (ir.VarRef, ir.LocalField):  # type: ignore[attr-defined]
            defs.append((n.target.var, n.value))  # type: ignore[attr-defined]
        elif t is ir.Call:
            out.update(o.var for o in n.outs if type(o) in (ir.VarRef, ir.LocalField))  # type: ignore[attr-defined]
    grew = True
    while grew:
        grew = False
        for var, value in defs:
            if var not in out and _names_shared(unit, value, out):
                out.add(var)
                grew = True
    return out


def _sites_in_functions(unit: ir.TranslationUnit, body: ir.Stmt) -> set[int]:
    """The access sites in the functions the kernel's body calls, directly or not."""
    seen: set[str] = set()
    roots = [n.function for n in ir.walk(body) if type(n) is ir.Call and n.function in unit.functions]  # type: ignore[attr-defined]
    out: set[int] = set()
    while roots:
        key = roots.pop()
        if key in seen:
            continue
        seen.add(key)
        for n in ir.walk(unit.functions[key].body):  # type: ignore[index]
            site = getattr(n, "site", None)
            if isinstance(site, int):
                out.add(site)
            if type(n) is ir.Call and n.function in unit.functions:  # type: ignore[attr-defined]
                roots.append(n.function)  # type: ignore[attr-defined]
    return out


class _Search:
    """The values chosen so far, the run under them and what it reaches, within FIT_STEPS."""

    def __init__(self, params: dict[str, int], base: Interpreter, have: frozenset[int],
                 run: Callable[[dict[str, int]], Interpreter],
                 also: Callable[[dict[str, int]], tuple[frozenset[int], int] | None] | None = None) -> None:
        self.chosen, self.best, self.have, self.run, self.also = dict(params), base, have, run, also
        self.gained: dict[str, frozenset[int]] = {}
        self.left = FIT_STEPS

    def tries(self, name: str, value: int) -> bool:
        """Run with `name` = `value`; keep it if every access reached before is, and more. True if kept."""
        if self.left < self.best.steps:
            return False
        trial = dict(self.chosen)
        trial[name] = value
        try:
            it = self.run(trial)
        except Exception:  # noqa: BLE001 - a value the evaluation cannot take is not a fit
            return False
        self.left -= it.steps
        now = reached(it)
        if self.also is not None and not stopped(it):
            other = self.also(trial)
            if other is None:
                return False
            now |= other[0]
            self.left -= other[1]
        if stopped(it) or not now > self.have:
            return False
        self.gained[name] = self.gained.get(name, frozenset()) | (now - self.have)
        self.best, self.chosen, self.have = it, trial, now
        return True
