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
        ) -> tuple[dict[str, int], Interpreter, dict[str, frozenset[int]]]:
    """Lower the `assumed` parameters (those the evaluation read) where the default leaves accesses
    unreached that a smaller value reaches. `also`: the sites another block reaches under a trial's
    values and the steps it took (a grid no launch gives: its last block, where code for the blocks past
    a count runs), None where it stops. Returns the parameters, the run under them, and for each
    parameter changed the sites its default left unreached."""
    sites = frozenset(base.stats)
    have = reached(base)
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
