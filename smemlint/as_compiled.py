"""What nvcc emitted, joined to a file's results (floor 7: it reads results and the SASS facts, never
the evaluator): per kernel, the lines nvcc's line table charges each access to (`charged_to`), the
widths SASS confirms, and the accesses costed as nvcc emitted them (loads merged into wider ones,
constant-trip loops laid out, unrolled runtime loops); without --sass, the shared loads nvcc is
predicted to merge (symbolic/merging.py). analysis.attach_sass compiles and calls it."""
from __future__ import annotations

import os
from collections.abc import Callable

from .results import AccessResult, KernelResult, per_request
from .symbolic.costing import ALSO_ON_LOCAL
from .symbolic.stats import SiteStats


def attach_kernel_facts(k: KernelResult, kf, arch: str) -> None:
    """One kernel's SASS facts `kf` (sass/kernelfacts.py) joined to its accesses."""
    k.sass, k.sass_facts = kf.to_dict(), kf
    _attach_charged_lines(k, kf)
    merged: dict[int, int] = {}
    laid: dict[int, tuple[tuple[int, int], ...]] = {}
    unrolled: dict[int, tuple[int, int, int]] = {}
    for a in k.accesses:
        if a.space not in ("shared", "global") or a.op not in ("ld", "st"):
            continue
        widths = kf.widths_on_line(a.sass_line, a.space, a.op, a.file)
        if not widths:
            continue  # a vector load may be attributed to the line that uses the value (HARDWARE.md)
        a.sass_widths = tuple(sorted(widths, reverse=True))
        names = kf.describe_line(a.sass_line, a.space, a.op, a.file)
        if set(widths) == {a.width_bits}:
            a.assumptions.append(f"SASS ({kf.arch}) confirms the {a.width_bits}-bit width: {names} on this line")
        else:
            a.assumptions.append(f"SASS ({kf.arch}) emits {names} on this line; the model used one "
                                 f"{a.width_bits}-bit access as written")
        layout = _laid_out_by_compiler(k, kf, a, widths)
        if layout is not None:
            laid[a.stats.site.id] = layout
        elif (steps := _unrolled_by_compiler(k, kf, a, widths)) is not None:
            unrolled[a.stats.site.id] = steps
        elif _merged_by_compiler(k, a, widths):
            merged[a.stats.site.id] = widths[0] // 8
    merged.update(_merged_on_shared_lines(k, kf, arch))
    if merged or laid or unrolled:
        _cost_as_emitted(k, merged, arch, _sass_explanation(kf), laid, unrolled)


def _attach_charged_lines(k: KernelResult, kf) -> None:
    """`charged_to` of each shared or global access that Nsight Compute also counts on another line
    than its own (sass/kernelfacts.py `charged_lines`, from nvcc's line table): a toolkit operator or
    intrinsic inlined there (`half2 x = p[i]`: `cuda_fp16.h`'s copy; `wmma` fragments: `mma.hpp`;
    `atomicAdd`: its header), the kernel's call of a header's helper the access is in, or another
    line nvcc charged; for an access with no instruction of its own, the line nvcc moved them to
    (kernelfacts.moved_to: a load hoisted to a barrier; a load into a local array, to its use).
    Every place with the instructions counted there and `of` (the access's instructions), its own
    line first; None when all are counted on its own line only."""
    claimed: dict[tuple, set[int]] = {}
    for a in k.accesses:
        claimed.setdefault((a.file, a.space, a.op), set()).add(a.sass_line)
    # lines whose store is also a helper's store into a register array (apex's `load_store(r_in, in, ...)`)
    for a in k.accesses:
        if a.op == "st" and a.stats is not None and ALSO_ON_LOCAL in a.stats.notes:
            claimed.setdefault((a.file, "local", "st"), set()).add(a.sass_line)
    for a in k.accesses:
        if a.space not in ("shared", "global"):
            continue
        places, total = kf.charged_lines(a.sass_line, a.space, a.op, a.file,
                                         frozenset(claimed[(a.file, a.space, a.op)]))
        own = (a.file, a.sass_line)
        into_local = a.op == "ld" and a.sass_line in claimed.get((a.file, "local", "st"), ())
        if not places and a.op in ("ld", "st") and (moved := kf.moved_to(
                a.sass_line, a.space, a.op, a.file, frozenset(claimed[(a.file, a.space, a.op)]), into_local)):
            places, total = {(a.file, moved[0]): moved[1]}, moved[1]
        if not places or set(places) == {own}:
            continue
        a.charged_to = [{"file": f, "line": ln, "instructions": n, "of": total}
                        for (f, ln), n in sorted(places.items(), key=lambda kv: (kv[0] != own, kv[0]))]
        elsewhere = ", ".join(f"{os.path.basename(e['file'])}:{e['line']} ({e['instructions']})"
                              for e in a.charged_to if (e["file"], e["line"]) != own)
        a.assumptions.append(f"SASS ({kf.arch}): Nsight Compute also counts {total} instruction(s) of this "
                             f"access on {elsewhere} (`charged_to`, nvcc's line table)")


def _merged_by_compiler(k: KernelResult, a: AccessResult, widths: list[int]) -> bool:
    """Did nvcc merge this access into wider instructions? Only wider ones on its line, and it the
    only source access of its space and direction there (so the instructions are its own)."""
    return (len(set(widths)) == 1 and widths[0] > a.width_bits and a.predictable and a.stats is not None
            and not a.stats.site.instruction
            and sum(1 for b in k.accesses if (b.sass_line, b.space, b.op) == (a.sass_line, a.space, a.op)) == 1)


def _alone_and_widened(k: KernelResult, a: AccessResult, widths: list[int]) -> bool:
    """A shared access for which nvcc made something other than one instruction of the written width
    per execution (wider ones, maybe beside narrow ones), the only one of its space and direction on
    its line (so the line's instructions are its own)."""
    return (a.space == "shared" and max(widths) > a.width_bits and min(widths) >= a.width_bits and a.predictable
            and a.stats is not None and not a.stats.site.instruction
            and sum(1 for b in k.accesses if (b.sass_line, b.space, b.op) == (a.sass_line, a.space, a.op)) == 1)


def _laid_out_by_compiler(k: KernelResult, kf, a: AccessResult, widths: list[int]) -> tuple[tuple[int, int], ...] | None:
    """The layout of such an access's instructions (sass/facts.py `layout_on_line`): a constant-trip
    loop unrolled into straight-line code."""
    return kf.layout_on_line(a.sass_line, a.space, a.op, a.file) if _alone_and_widened(k, a, widths) else None


def _unrolled_by_compiler(k: KernelResult, kf, a: AccessResult, widths: list[int]) -> tuple[int, int, int] | None:
    """How nvcc unrolled the loop of such an access whose trip count is known at run time only (sass/
    facts.py `runtime_unroll_on_line`)."""
    if not _alone_and_widened(k, a, widths):
        return None
    return kf.runtime_unroll_on_line(a.sass_line, a.space, a.op, a.width_bits // 8, a.file)


def _merged_on_shared_lines(k: KernelResult, kf, arch: str) -> dict[int, int]:
    """Merges on a line holding several accesses of one space and direction, whose SASS has wider
    instructions than any of them is written (the classic `acc += As[ty][k] * Bs[k][tx]` unrolled:
    LDS.128 + LDS): each access is tried alone as merged (symbolic/emitted.py raises when its lanes
    do not fall into whole wider instructions); when the line also keeps instructions of the written
    width, exactly one access may fit, else the line is left as written. Site id -> bytes emitted."""
    from .symbolic.emitted import evaluate_merged

    if k.ir is None or k.unit is None or k.config is None:
        return {}
    groups: dict[tuple, list[AccessResult]] = {}
    for a in k.accesses:
        if a.space in ("shared", "global") and a.op in ("ld", "st") and a.stats is not None:
            groups.setdefault((a.file, a.sass_line, a.space, a.op), []).append(a)
    out: dict[int, int] = {}
    for (path, line, space, op), accesses in groups.items():
        if len({a.stats.site.id for a in accesses}) < 2:
            continue
        widths = set(kf.widths_on_line(line, space, op, path))
        written = {a.width_bits for a in accesses}
        wide = max(widths, default=0)
        if wide <= max(written) or not widths - {wide} <= written:
            continue
        fits = [a for a in accesses if a.width_bits < wide and a.predictable and not a.stats.site.instruction
                and evaluate_merged(k.unit, k.ir, k.config, arch, {a.stats.site.id: wide // 8}) is not None]
        if fits and (len(fits) == 1 or widths == {wide}):
            out.update({a.stats.site.id: wide // 8 for a in fits})
    return out


def _cost_as_emitted(k: KernelResult, merged: dict[int, int], arch: str,
                     explain: Callable[[AccessResult, SiteStats, float, str], str],
                     laid: dict[int, tuple[tuple[int, int], ...]] | None = None,
                     unrolled: dict[int, tuple[int, int, int]] | None = None) -> None:
    """Issue 17 item 6: re-cost the merged accesses (site id -> bytes per lane emitted) as the wider
    instructions nvcc made of them, and the `laid` ones as the instructions of their SASS layout
    (symbolic/emitted.py); `explain` says so in the access's assumptions (given the access, its new
    statistics, its cost per request as written, and how it was costed: "merged", "laid", or
    "unrolled:STEP:BODY_BYTES:REMAINDER_BYTES"). When laid-out or unrolled accesses do not fit
    what the SASS says, those of one emitted width are costed as merged, the others left as written."""
    from .symbolic.emitted import evaluate_merged

    if k.ir is None or k.unit is None or k.config is None:
        return
    laid, unrolled = laid or {}, unrolled or {}
    stats = evaluate_merged(k.unit, k.ir, k.config, arch, merged, laid, unrolled) if laid or unrolled else None
    if stats is None:
        merged = {**merged, **{sid: layout[0][1] for sid, layout in laid.items()
                               if len({size for _, size in layout}) == 1}}
        laid, unrolled = {}, {}
        stats = evaluate_merged(k.unit, k.ir, k.config, arch, merged) if merged else None
    if stats is None:
        return
    for a in k.accesses:
        sid = a.stats.site.id if a.stats else None
        if sid not in merged and sid not in laid and sid not in unrolled:
            continue
        st = stats.get(sid)
        if st is None or st.unpredictable or not st.requests:
            continue
        before = a.wavefronts_per_request if a.space == "shared" else a.sectors_per_request
        if a.space == "shared":
            a.wavefronts_per_request, a.ideal_wavefronts_per_request = per_request(st.wavefronts, st.requests), \
                per_request(st.ideal, st.requests)
        else:
            a.sectors_per_request, a.ideal_sectors_per_request = per_request(st.sectors, st.requests), \
                per_request(st.ideal_sectors, st.requests)
        how = "laid" if sid in laid else "merged" if sid not in unrolled else \
            "unrolled:{1}:{0}:{2}".format(*unrolled[sid])
        text = explain(a, st, before, how)  # (may rewrite the assumptions it replaces)
        a.assumptions.append(text)
        emitted = {merged[sid]} if sid in merged else {size for _, size in laid[sid]} if sid in laid \
            else {unrolled[sid][0], unrolled[sid][2]}
        if len(emitted) == 1:  # (one laid out in instructions of several widths keeps its own: sass_widths has them)
            a.width_bits = emitted.pop() * 8
        a.requests = st.requests
        a.stats = st
        a.worst_case = None  # the residue sweep was of the access as written
        a.worst_block = None  # so was the grid's average


def _sass_explanation(kf) -> Callable[[AccessResult, SiteStats, float, str], str]:
    def explain(a: AccessResult, st: SiteStats, before: float, how_costed: str) -> str:
        names = kf.describe_line(a.sass_line, a.space, a.op, a.file)
        a.assumptions = [x for x in a.assumptions if not x.startswith(f"SASS ({kf.arch}) emits")]
        if how_costed.startswith("unrolled"):
            step, body, rest = (int(x) for x in how_costed.split(":")[1:])
            tail = (f"one {rest * 8}-bit load for the rest" if rest * 8 != a.width_bits else "the rest one by one")
            how = (f"unrolled the loop of this {a.width_bits}-bit access by {step} ({names}): the first "
                   f"trip - trip % {step} iterations run as {body * 8}-bit loads, {tail}")
        elif how_costed == "laid" and len(set(a.sass_widths or ())) > 1:
            how = (f"laid out this {a.width_bits}-bit access as {names} (straight-line code, each once per "
                   f"run of the loop)")
        elif len(set(a.sass_widths or ())) > 1:  # a line shared with accesses nvcc left as they are
            wide = " + ".join(part for part in names.split(" + ") if part.endswith(f".{st.width * 8}")) or names
            how = f"merged this {a.width_bits}-bit access into the line's {wide} (of {names})"
        else:
            how = f"merged this {a.width_bits}-bit access into {names}"
        return (f"SASS ({kf.arch}): the compiler {how}; "
                f"costed as emitted, {st.requests} requests (as written: {before:g} per request over {a.requests})")
    return explain


def apply_predicted_merges(k: KernelResult, arch: str) -> None:
    """Without `--sass`: cost the shared loads nvcc is expected to merge (symbolic/merging.py) as the
    wider loads it makes of them, and say so."""
    from .symbolic.merging import predicted_merges

    if k.ir is None or k.unit is None:
        return
    predicted = {sid: m for sid, m in predicted_merges(k.ir, k.unit.functions, k.unit.volatile_vars).items()
                 if any(a.stats is not None and a.stats.site.id == sid and a.predictable for a in k.accesses)}
    if not predicted:
        return

    def explain(a: AccessResult, st: SiteStats, before: float, how_costed: str) -> str:
        m = predicted[a.stats.site.id]
        return (f"nvcc unrolls the loop at line {m.loop_line} and merges this {a.width_bits}-bit read of {m.text} "
                f"with the next {m.iterations - 1} iteration(s)' into one {m.bytes * 8}-bit load (LDS.{m.bytes * 8}, "
                f"predicted; --sass checks): costed as that load, {st.requests} requests (as written: {before:g} "
                f"per request over {a.requests})")

    _cost_as_emitted(k, {sid: m.bytes for sid, m in predicted.items()}, arch, explain)
