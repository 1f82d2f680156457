"""Shared-memory access whose lanes collide on a bank (SMEM001, shared-bank-conflict).

## What it finds
A shared-memory load or store that needs more wavefronts per warp-level
request than its width requires: lanes of one phase touch different 4-byte
words of the same bank, and the bank serves them one after another.

Shared memory has 32 banks of 4 bytes; byte address `a` lives in bank
`(a / 4) % 32`. 1-, 2- and 4-byte accesses are served one warp at a time,
8-byte accesses a half-warp at a time and 16-byte accesses a quarter-warp at a
time (loads whose neighbouring lanes share addresses merge into larger phases;
stores never merge on Hopper). A phase costs the largest number of different
words any bank must deliver. Lanes reading the same word cost nothing extra
(broadcast).

One finding per cause: accesses of one kernel (one instantiation and launch)
that have the same N-way conflict on the same array, removed by the same fix
(or, without a fix, with the same lane stride), are one finding at the first,
whose message lists the other lines (`facts.other_lines`; JSON's `other_sites`
gives each access its own numbers). A suppression comment on one of the lines
takes that line out of the finding.

## Why it is slow
Each extra wavefront is another pass through the shared-memory pipeline. A
32x32 float tile read by column costs 32 wavefronts instead of 1: measured on
an H100, 992 bank conflicts over the 32 warps of a 32x32 block (31 extra
wavefronts per request). A 32x16 block reading a tile column-wise measured 240
conflicts over 16 warps, 16 wavefronts per request.

## Example
```cuda
__shared__ float tile[32][32];
tile[threadIdx.y][threadIdx.x] = in[i];
__syncthreads();
out[j] = tile[threadIdx.x][threadIdx.y];   // 32-way: every lane hits bank (ty % 32)
```

## Use instead
```cuda
__shared__ float tile[32][33];             // one word of padding per row
...
out[j] = tile[threadIdx.x][threadIdx.y];   // 1 wavefront per request
```
or swizzle the column index: `tile[r][c ^ (r % 32)]` on every access.
smemlint re-runs its model on the padded layout before it suggests padding,
and only suggests a fix that really gives the ideal count and keeps every
access to the array as wide as the compiler emits it: where a `float4` cast
or loads nvcc merges into LDS.128 touch the array, the padding is 16 bytes
(a one-word pad would misalign them: a fault for the store, four scalar loads
for the merged one), or no fix is offered.

## Measured on Hopper (H100, Nsight Compute)
- 4-byte accesses: lanes at a word stride `s` cost `gcd(s, 32)` wavefronts.
- 8-byte loads (LDS.64) are served per half-warp, 16-byte loads (LDS.128) per
  quarter-warp, unless every lane shares its address with lane `i^1` (or every
  lane with lane `i^2`): then per warp / per half-warp. So 32 lanes reading one
  float4 cost 2, and a float2 per lane pair costs 1.
- Stores never merge: STS.64 with one address for the whole warp costs 2,
  STS.128 costs 4. The Turing-era rules are right for loads only.
- 1- and 2-byte accesses count distinct 4-byte words per bank over the whole
  warp: `char` lanes 8 bytes apart cost 2.
- The hardware counter `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_*`
  is wavefronts minus phases; smemlint's numbers are per request,
  `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_*` over
  `smsp__sass_inst_executed_op_shared_*`, exact on all 414 isolated shared
  sites of benchmarks/accuracy. Loads of words nothing has stored to can cost
  more, and vary between runs; the numbers are for reads of written data.
- ldmatrix / stmatrix (inline PTX, and wmma's fragment loads, which compile
  to one LDSM.16.M88.4): each 8x8 matrix is one phase of its 8 row addresses
  (lanes 8m..8m+7), 16 bytes each; a 64x64 half tile of 128-byte rows read
  16 rows at a time costs 32 wavefronts per ldmatrix.x4 where 4 would do,
  swizzled (`chunk ^ (row % 8)`) or padded to 144-byte rows it costs 4
  (fixtures/tensor_tile_loader.cu, measured). For such arrays the fix offered
  is the padding, or the 16-byte-chunk XOR swizzle written for `[r][c]`, each
  re-evaluated first; for wmma the padding fix also edits the `ldm` argument.
- cp.async's shared-memory figure is not a bank-conflict count (32 chunks in
  32 rows cost 32 however the rows are padded or swizzled) and is not reported
  here; the layout it fills is judged where the tile is read.

## How to silence
`// smemlint: ignore[SMEM001]` on the line, or `ignore = ["SMEM001"]` in
`[tool.smemlint]`.

## Limitations
The numbers are for the launch configuration in the message (block shape,
parameter values); data-dependent addresses are reported by SMEM003 instead.
The compiler may merge adjacent scalar accesses into vector ones (see the SASS
rules); this rule reasons about the access as written.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

import numpy as np

from .. import ir
from ..analysis import AccessResult, KernelResult, iteration_words
from ..diagnostics import Diagnostic, Edit, Fix, Rule, Severity
from ..picture import lanes_to_banks
from ..symbolic.interp import Interpreter
from ._common import per_request, source_of, under_lane_data

RULE = Rule(code="SMEM001", name="shared-bank-conflict", severity=Severity.WARNING,
            summary="shared-memory access needs more wavefronts than its width requires")

_EPS = 1e-9


def _instruction(a: AccessResult) -> str:
    return a.stats.site.instruction if a.stats else ""


def _bank_costed(a: AccessResult) -> bool:
    """cp.async's shared-side figure is not a bank-conflict count (model/tensor.py): 32 chunks in 32
    rows cost 32 however the rows are padded or swizzled. Its layout's conflicts are paid, and
    reported, where the tile is read (ldmatrix, LDS)."""
    return not _instruction(a).startswith(("cp.async", "__pipeline", "cuda::memcpy_async"))


def _conflicting(a: AccessResult) -> bool:
    # atomics (and their compare-and-swap loops' loads) have their wavefronts in the report; the padding
    # fix is verified for loads and stores only
    return (a.space == "shared" and a.op in ("ld", "st") and not ir.spin_loop_load(a.op, a.instruction) and a.predictable and _bank_costed(a) and a.wavefronts_per_request is not None
            and a.ideal_wavefronts_per_request is not None
            and a.wavefronts_per_request > a.ideal_wavefronts_per_request + _EPS)


def _lanes_text(lanes: tuple[int, ...]) -> str:
    if len(lanes) > 6:
        return ", ".join(map(str, lanes[:5])) + f", ... ({len(lanes)} lanes)"
    return ", ".join(map(str, lanes))


class _NotIdeal(Exception):
    """A watched access already missed its ideal count under the trial layout."""


class _LayoutTrial(Interpreter):
    """The lane evaluator for a changed layout, stopping as soon as a watched access misses its ideal.

    Exact: a request never costs fewer wavefronts than its ideal (a phase costs at least one), and
    counts and the unpredictable mark only accumulate, so an access above its ideal, or
    unpredictable, part way through is so at the end: the layout is not the fix either way.
    Most candidate paddings fail, and most fail at the first request of the array."""

    def __init__(self, *args, watched: frozenset[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.watched = watched

    def record(self, site_id, op, ptr, width, mask, piece=0) -> None:
        super().record(site_id, op, ptr, width, mask, piece)
        if site_id in self.watched:
            st = self.stats[site_id]
            if st.unpredictable or st.wavefronts > st.ideal:
                raise _NotIdeal


def _try_layout(k: KernelResult, sym_key: str, accesses: list[AccessResult], arch: str, **layout) -> bool:
    """Does the changed layout give every access of the symbol its ideal count, and none worse?"""
    watched = frozenset(a.stats.site.id for a in accesses if a.stats)
    it = _LayoutTrial(k.unit, k.ir, k.config, arch, costed=frozenset({sym_key}), watched=watched, **layout)
    try:
        it.run()
    except _NotIdeal:
        return False
    for a in accesses:
        st = it.stats.get(a.stats.site.id) if a.stats else None
        if st is None or st.requests == 0 or st.unpredictable:
            return False
        if st.wavefronts > st.ideal:
            return False
    return True


def _last_dimension(source: str, sym) -> tuple[int, int, int, str, str] | None:
    """The innermost `[...]` of the declaration, wherever it is written (the declaration may be
    spread over lines: `float tile[32]\n [33];`): (line, first column, end column of its text,
    its text, the declarator up to it). None when the declaration cannot be read."""
    if sym.decl is None:
        return None
    lines = source.splitlines(keepends=True)
    ln = sym.decl.line
    if not 0 < ln <= len(lines):
        return None
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    begin = starts[ln - 1] + sym.decl.column - 1
    text = source[begin:]
    stop = re.search(r"[;={]", text)  # the declarator ends at its initializer or the statement's end
    text = text[:stop.start()] if stop else text
    m = None
    for m in re.finditer(r"\[([^\[\]]*)\]", text):
        pass
    if m is None:
        return None
    at = begin + m.start(1)
    line = next(i for i in range(len(starts) - 1) if starts[i] <= at < starts[i + 1])
    col = at - starts[line] + 1
    head = text[:m.start(1)]
    name_at = head.rfind(sym.name)
    declarator = re.sub(r"\s+", "", head[name_at:]) if name_at >= 0 else ""
    return line + 1, col, col + len(m.group(1)), m.group(1), declarator


def _decl_edit(source: str, sym, new_last: str) -> tuple[Edit | None, str]:
    """Replace the innermost `[...]` of the declaration; returns the edit and the new declarator text."""
    found = _last_dimension(source, sym)
    if found is None:
        return None, ""
    ln, start, end, _, head = found
    declarator = head + new_last + "]" if head else ""
    return Edit(ln, start, ln, end, new_last), declarator


def _padding_fix(ctx, k: KernelResult, a: AccessResult) -> Fix | None:
    sym = a.stats.symbol if a.stats else None
    if sym is None or sym.dynamic or not sym.dims or sym.elem.bytes <= 0:
        return None
    same = [x for x in k.accesses if x.stats and x.stats.symbol == sym and x.predictable
            and x.op in ("ld", "st") and _bank_costed(x)]
    wide = any(x.width_bits >= 128 for x in same)  # ldmatrix rows, LDS.128: move 16-byte chunks
    wmma = any(_instruction(x).startswith("wmma.") for x in same)
    # the widest access of the array as the compiler emits it (a float4 cast, loads nvcc merges into
    # LDS.128): a new layout must keep every access that wide aligned, or the store faults
    # (misaligned address) and the merged loads fall apart into scalar ones (SGEMM_CUDA kernels 5-9)
    vector = _emitted_bytes(k, sym, same)
    arch = ctx.settings.arch
    if len(sym.dims) >= 2:
        last = sym.dims[-1]
        one_word = max(1, 4 // sym.elem.bytes)
        for pad in sorted({one_word, 1, 2 * one_word, 4 * one_word}):
            dims = sym.dims[:-1] + (last + pad,)
            if (last + pad) * sym.elem.bytes % vector:
                continue  # rows no longer a multiple of the widest access: misaligned
            if _try_layout(k, sym.key, same, arch, dims_override={sym.key: dims}):
                found = _last_dimension(source_of(ctx, sym.decl.file), sym) if sym.decl else None
                old_last = found[3].strip() if found else str(last)
                new_last = f"{old_last} + {pad}" if not old_last.isdigit() else str(last + pad)
                edit, declarator = _decl_edit(source_of(ctx, sym.decl.file), sym, new_last) \
                    if sym.decl and sym.decl.file == a.file else (None, "")
                shape = "][".join(map(str, dims))
                padded = f"{sym.name}[{shape}]"
                desc = f"pad each row by {pad * sym.elem.bytes} bytes: declare `{declarator or padded}`"
                if declarator and declarator.replace(" ", "") != padded:
                    desc += f" ({padded})"
                edits = (edit,) if edit else ()
                if wmma:
                    desc += f" and pass the new row length {last + pad} as `ldm` to load/store_matrix_sync"
                    ldm_edits = _ldm_edits(source_of(ctx, a.file), same, old_last, last, new_last)
                    edits = edits + ldm_edits if edits and ldm_edits is not None else ()
                return Fix(desc, edits,
                           verified=f"re-evaluated with {sym.name}[{shape}]: every access of `{sym.name}` "
                                    "in this kernel needs its ideal wavefronts")
        row_bytes = last * sym.elem.bytes
        if wide and row_bytes % 128 == 0 and sym.elem.bytes <= 16:
            fix = _chunk_swizzle_fix(k, sym, same, arch, row_bytes)
            if fix is not None:
                return fix
        if row_bytes % 128 == 0 and sym.elem.bytes <= 4 and not wide:
            words = row_bytes // 4

            def swizzle(off: np.ndarray, row_bytes=row_bytes, words=words) -> np.ndarray:
                row = off // row_bytes
                word = (off % row_bytes) // 4
                return row * row_bytes + ((word ^ (row % 32)) % words) * 4 + off % 4

            if _try_layout(k, sym.key, same, arch, remap={sym.key: swizzle}):
                per = 4 // sym.elem.bytes
                col = "c" if per == 1 else f"c ^ ((r % 32) * {per})"
                expr = f"{sym.name}[r][c ^ (r % 32)]" if per == 1 else f"{sym.name}[r][{col}]"
                return Fix(f"XOR-swizzle the column on every access: `{expr}`",
                           verified="re-evaluated with the swizzled layout: every access of "
                                    f"`{sym.name}` needs its ideal wavefronts")
    elif len(sym.dims) == 1 and sym.elem.bytes == 4:
        # a gap of the widest access's size (a word, or 16 bytes for float4 / LDS.128: every access
        # stays aligned) every `every` bytes, the first that verifies
        n = sym.dims[0]
        for every in (128, 256, 512, 1024, 2048, 4096):
            if every >= n * 4:
                break

            def skew(off: np.ndarray, every=every) -> np.ndarray:
                return off + (off // every) * vector

            if _try_layout(k, sym.key, same, arch, remap={sym.key: skew}):
                words, gap = every // 4, vector // 4
                index = f"i + i / {words}" if gap == 1 else f"i + (i / {words}) * {gap}"
                what = "one padding word" if gap == 1 else f"{vector} padding bytes"
                return Fix(f"insert {what} every {words} words: index `{sym.name}[{index}]` and declare "
                           f"`{sym.name}[{n + (n // words) * gap}]`",
                           verified=f"re-evaluated with the padded index: every access of `{sym.name}` "
                                    f"needs its ideal wavefronts and keeps its {vector}-byte alignment")
    return None


def _emitted_bytes(k: KernelResult, sym, same: list[AccessResult]) -> int:
    """Bytes of the widest access to `sym` as nvcc emits it: its own width, or the wider load nvcc is
    predicted to merge it into (symbolic/merging.py); at least the element."""
    from ..symbolic.merging import predicted_merges

    widest = max([sym.elem.bytes, 4] + [x.width_bits // 8 for x in same])
    if k.ir is not None and k.unit is not None:
        merged = predicted_merges(k.ir, k.unit.functions, k.unit.volatile_vars)
        sites = {x.stats.site.id for x in same if x.stats}
        widest = max([widest] + [m.bytes for sid, m in merged.items() if sid in sites])
    return widest


def _ldm_edits(source: str, same: list[AccessResult], old_last: str, last: int,
               new_last: str) -> tuple[Edit, ...] | None:
    """Edits of the `ldm` argument of every wmma call on the array, where it is written as the old
    row length (`16`, or the declaration's `BK`); None when one cannot be edited that way."""
    lines = source.splitlines()
    edits = []
    for x in same:
        if not _instruction(x).startswith("wmma."):
            continue
        if x.line != x.end_line or not 0 < x.line <= len(lines):
            return None
        text = lines[x.line - 1]
        open_at = text.find("(", x.column - 1)
        if open_at < 0:
            return None
        args, depth, start = [], 0, open_at + 1
        for i in range(open_at + 1, len(text)):
            ch = text[i]
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                if depth == 0:
                    args.append((start, i))
                    break
                depth -= 1
            elif ch == "," and depth == 0:
                args.append((start, i))
                start = i + 1
        if len(args) < 3:
            return None
        a0, a1 = args[2]
        arg = text[a0:a1]
        if arg.strip() not in (old_last, str(last)):
            return None
        lead = len(arg) - len(arg.lstrip())
        edits.append(Edit(x.line, a0 + lead + 1, x.line, a0 + len(arg.rstrip()) + 1, new_last))
    return tuple(sorted(set(edits), key=lambda e: (e.line, e.column)))


def _chunk_swizzle_fix(k: KernelResult, sym, same: list[AccessResult], arch: str, row_bytes: int) -> Fix | None:
    """XOR the 16-byte chunk of a row with the row (mod 8): the 8 rows an ldmatrix matrix (or a
    quarter-warp of LDS.128) reads then start in 8 different chunks, so all 32 banks, whatever the
    row length. Offered only when every access of the array re-evaluates to its ideal count."""

    def swizzle(off: np.ndarray, row_bytes=row_bytes) -> np.ndarray:
        row = off // row_bytes
        chunk = (off % row_bytes) // 16
        return row * row_bytes + (chunk ^ (row % 8)) * 16 + off % 16

    if not _try_layout(k, sym.key, same, arch, remap={sym.key: swizzle}):
        return None
    per = max(1, 16 // sym.elem.bytes)  # elements per 16-byte chunk
    col = f"((c / {per}) ^ (r % 8)) * {per} + c % {per}" if per > 1 else "c ^ (r % 8)"
    return Fix(f"XOR-swizzle the 16-byte chunks of each row on every access (stores and loads alike): "
               f"element [r][c] at `{sym.name}[r][{col}]`",
               verified="re-evaluated with the swizzled layout: every access of "
                        f"`{sym.name}` needs its ideal wavefronts")


def check(ctx) -> Iterator[Diagnostic]:
    fixes: dict[tuple[str, str], Fix | None] = {}
    for k, a in ctx.accesses():
        if not _conflicting(a) or a.stats is None or a.stats.worst is None:
            continue
        cost = a.stats.worst.detail
        sym = a.stats.symbol
        key = (k.ir.key if k.ir else k.name, sym.key if sym else a.symbol)
        if key not in fixes:
            fixes[key] = _padding_fix(ctx, k, a)
        fix = fixes[key]
        wf, ideal = a.wavefronts_per_request, a.ideal_wavefronts_per_request
        worst = a.stats.worst
        # the headline has one number: the average over requests when the worst request costs more
        # (then the worst is said on the next line), never "31-way: 16 wavefronts" side by side
        if abs(wf - cost.wavefronts) < 1e-9:
            msg = (f"{cost.ways}-way bank conflict on `{a.symbol}`: {per_request(wf)} wavefronts per request "
                   f"where {per_request(ideal)} would do")
            worst_said = ""
        else:
            msg = (f"bank conflict on `{a.symbol}`: {per_request(wf)} wavefronts per request on average "
                   f"where {per_request(ideal)} would do")
            where = iteration_words(a.worst_iteration)
            worst_said = (f"the worst request is {cost.ways}-way ({per_request(cost.wavefronts)} wavefronts)"
                          f"{', ' + where if where else ''}: ")
        if cost.worst_bank is not None:
            msg += (f"; {worst_said}in warp {worst.warp}, lanes {_lanes_text(cost.worst_lanes)} hit bank "
                    f"{cost.worst_bank} at {cost.ways} different words")
        elif worst_said:
            msg += "; " + worst_said.rstrip(": ")
        # a C++ access costed wider than written was merged (an instruction's own width is its own)
        written = a.stats.site.width * 8 if not a.stats.site.instruction else 0
        if 0 < written < a.width_bits and a.sass_widths:  # costed as emitted (--sass; symbolic/emitted.py)
            msg += (f"; the compiler merged these {written}-bit reads into {a.width_bits}-bit instructions "
                    "(SASS), costed as emitted")
        elif 0 < written < a.width_bits:  # predicted from the unrolled loop (symbolic/merging.py)
            msg += (f"; nvcc merges these {written}-bit reads of the unrolled loop into {a.width_bits}-bit "
                    "loads (predicted; --sass checks), costed as those")
        msg += under_lane_data(a)
        msg += f" [{a.assumptions[0]}]" if a.assumptions else ""
        picture = lanes_to_banks(worst.addresses, a.width_bits // 8, cost.wavefronts, cost.ideal, cost.worst_bank)
        facts = {"symbol": a.symbol, "ways": cost.ways, "wavefronts": wf, "ideal": ideal, "bank": cost.worst_bank,
                 "warp": worst.warp, "lanes": list(cost.worst_lanes)}
        if a.worst_case:
            facts["worst_case"] = a.worst_case
        # one finding per cause: the same N-way conflict on the same array in the same analysis,
        # removed by the same fix; without a fix, also the same lane stride (the layout as read)
        cause = (cost.ways, fix) if fix is not None else (cost.ways, None, _lane_stride(worst.addresses))
        yield ctx.report(a, msg, facts=facts, fix=fix, picture=picture,
                         group=(ctx.analysis_key(k), key[1], cause))


def _lane_stride(addresses: tuple[int | None, ...]) -> int | None:
    """Bytes between the addresses of consecutive active lanes, when that is one number."""
    active = [(lane, x) for lane, x in enumerate(addresses) if x is not None]
    strides = {(b - x) // (lb - la) if (b - x) % (lb - la) == 0 else None
               for (la, x), (lb, b) in zip(active, active[1:])}
    return strides.pop() if len(strides) == 1 else None
