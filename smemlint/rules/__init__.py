"""The rule registry: each rule is one module with RULE (metadata + doc) and check(ctx)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType

from ..analysis import AccessResult, FileResult, KernelResult
from ..config import Settings
from ..diagnostics import Diagnostic, Fix, Rule, Severity
from ..parse.representative import REPRESENTATIVE_INTEGER
from . import gmem001_uncoalesced_global, smem001_shared_bank_conflict
from . import sass001_vector_width_lost, sass002_icache_pressure, sass003_register_spill
from . import (atom001_half_atomic_add, cmem001_constant_divergent, gmem002_scalar_global_loop,
               launch001_block_not_warp_multiple, smem002_shared_vector_split, smem003_shared_unpredictable,
               sync001_barrier_divergence, sync002_implicit_warp_sync, sync003_legacy_shuffle,
               sync004_shared_race, time001_unsynchronized_host_timer, time002_event_not_synchronized)

MODULES: tuple[ModuleType, ...] = (
    smem001_shared_bank_conflict,
    gmem001_uncoalesced_global,
    sass001_vector_width_lost,
    sass002_icache_pressure,
    sass003_register_spill,
    smem002_shared_vector_split,
    smem003_shared_unpredictable,
    gmem002_scalar_global_loop,
    cmem001_constant_divergent,
    sync001_barrier_divergence,
    sync002_implicit_warp_sync,
    sync003_legacy_shuffle,
    sync004_shared_race,
    atom001_half_atomic_add,
    launch001_block_not_warp_multiple,
    time001_unsynchronized_host_timer,
    time002_event_not_synchronized,
)


def _rule_with_doc(module: ModuleType) -> Rule:
    r: Rule = module.RULE
    return Rule(r.code, r.name, r.severity, r.summary, (module.__doc__ or "").strip())


RULES: dict[str, Rule] = {m.RULE.code: _rule_with_doc(m) for m in MODULES}


@dataclass
class RuleContext:
    result: FileResult
    settings: Settings
    rule: Rule
    found: list[Diagnostic] = field(default_factory=list)

    def accesses(self) -> Iterator[tuple[KernelResult, AccessResult]]:
        for k in self.result.kernels:
            for a in k.accesses:
                yield k, a

    def report(self, access: AccessResult, message: str, *, facts: dict | None = None,
               fix: Fix | None = None, picture: str = "", severity: Severity | None = None,
               group: tuple = ()) -> Diagnostic:
        """A finding at an access; sites given equal `group` keys are reported as one (grouping.py)."""
        return Diagnostic(access.file, access.line, access.column, access.end_line, access.end_column,
                          self.rule.code, self.rule.name, severity or self.rule.severity, message, fix,
                          dict(facts or {}), list(access.assumptions), picture, group)

    @staticmethod
    def analysis_key(k: KernelResult) -> tuple:
        """One kernel analysis (instantiation and launch): a root cause is grouped within it."""
        return k.file, k.line, k.name, tuple(k.block)


def run_rules(result: FileResult, settings: Settings, every_rule: bool = False) -> list[Diagnostic]:
    """The findings of the enabled rules (`every_rule`: of all of them, which lint.apply_filters
    then filters, so that a cached result serves any selection)."""
    out: list[Diagnostic] = []
    if result.status != "ok":
        return out
    # SASS is compiled only when asked for (--sass) and an enabled rule declares it needs it
    if settings.sass and any(getattr(m, "NEEDS_SASS", False) and settings.enabled(m.RULE.code) for m in MODULES):
        from ..analysis import attach_sass

        attach_sass(result, settings)
    for module in MODULES:
        rule = RULES[module.RULE.code]
        if not every_rule and not settings.enabled(rule.code):
            continue
        ctx = RuleContext(result, settings, rule)
        try:
            out.extend(module.check(ctx))
        except Exception as e:  # noqa: BLE001 - a broken rule must not lose the other findings
            result.notes.append(f"rule {rule.code} failed on this file ({type(e).__name__}: {e})")
    # one diagnostic per position and code (template instantiations repeat the same site); none from an
    # instance analysed with a representative integer (its numbers are said to be that value's, but a
    # 4-way conflict at `kStride = 4` is a claim about a value the program may never use)
    seen: dict[tuple, Diagnostic] = {}
    for d in out:
        if any(REPRESENTATIVE_INTEGER in a for a in d.assumptions):
            continue
        key = (d.file, d.line, d.column, d.code)
        if key not in seen:
            seen[key] = d
    from ..impact import attach as attach_impact

    attach_impact(result, seen.values())  # what each finding costs its kernel (facts["share"])
    return sorted(seen.values(), key=lambda d: (d.file, d.line, d.column, d.code))
