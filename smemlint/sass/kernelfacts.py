"""Per-kernel SASS facts as plain data (OUTPUT.md `kernels[].sass`): instruction count and bytes,
counts by opcode family with widths, loops (backward branches) and their body bytes, the memory
instructions of each source line (`-lineinfo`), registers, shared, local/stack bytes and spills.
`KernelFacts.to_dict()` is the JSON. How they are made from a `.cu`, a cubin or PTX is in facts.py
and ptx.py, which both build these.
"""
from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field

from ..model import get_arch
from . import names
from .parse import Instr, same_file
from .ptx_opcodes import width_bits as ptx_width_bits

INSTRUCTION_BYTES = get_arch("sm_90").sass_instruction_bytes  # HARDWARE.md: 16 bytes, Volta and later

_WIDTHS = {"U8": 8, "S8": 8, "U16": 16, "S16": 16, "64": 64, "128": 128}
# opcode → (space, op) for joining SASS to source accesses
_SPACE = {"LDS": ("shared", "ld"), "LDSM": ("shared", "ld"), "STS": ("shared", "st"),
          "LDG": ("global", "ld"), "STG": ("global", "st"), "ATOMS": ("shared", "atomic"),
          "ATOMG": ("global", "atomic"), "RED": ("global", "atomic"), "REDG": ("global", "atomic"),
          "LDL": ("local", "ld"), "STL": ("local", "st")}
# Tensor-core-era data movement and math, counted per kernel and per source line (issue 17):
# ldmatrix / stmatrix, cp.async (LDGSTS), TMA loads / stores and bulk copies, mma.sync (HMMA) and
# wgmma (HGMMA). Not joined to source accesses by width (widths_on_line skips them).
TENSOR_FAMILIES = ("LDSM", "STSM", "LDGSTS", "UTMALDG", "UTMASTG", "UBLKCP", "HMMA", "HGMMA")


_BRANCHES = frozenset({"BRA", "BRX", "JMP", "JMX", "CALL", "RET", "EXIT", "BSSY", "BSYNC", "WARPSYNC", "BREAK"})
# `[R14+0xc]`, `[R16+-0x8]`, `[R20]`: one register plus an optional immediate (what layout_on_line reads)
_ADDRESS = re.compile(r"\[(R\d+)(?:\+(-?0x[0-9a-fA-F]+))?\]")


def width_bits(opcode: str) -> int | None:
    """Bits per lane of a load/store opcode (LDS.128 → 128, STG.E.U16 → 16, LDS → 32)."""
    parts = opcode.split(".")
    if parts[0] not in _SPACE or parts[0] == "LDSM":
        return None
    for p in parts[1:]:
        if p in _WIDTHS:
            return _WIDTHS[p]
    return 32


def family(opcode: str) -> str | None:
    """The counted family of an opcode: LDS.128, STS, LDG.E.64, BAR.SYNC, SHFL, ...; None if not counted."""
    parts = opcode.split(".")
    m = parts[0]
    w = next((p for p in parts[1:] if p in _WIDTHS), None)
    if m in ("LDS", "STS", "LDL", "STL"):
        return f"{m}.{w}" if w else m
    if m in ("LDG", "STG"):
        return f"{m}.E.{w}" if w else f"{m}.E"
    if m in ("LDSM", "LDC", "ULDC", "ATOMS", "ATOMG", "ATOM", "RED", "REDG", "SHFL", "LDGSTS", "MEMBAR",
             "VOTE", "MATCH", "CALL", "EXIT") or m in TENSOR_FAMILIES:
        return m
    if opcode.startswith("BAR.SYNC") or opcode == "BAR":
        return "BAR.SYNC"
    if m == "BAR":
        return "BAR." + parts[1] if len(parts) > 1 else "BAR"
    return None


@dataclass
class Loop:
    start: int
    end: int  # offset just past the backward branch
    instructions: int
    depth: int  # 0: outermost
    first_line: int | None
    last_line: int | None
    footprint_bytes: int  # body plus the device functions it calls
    nounroll: bool | None = None  # PTX: `.pragma "nounroll"` inside
    ptx: bool = False  # start/end are PTX statement indices, not byte offsets

    @property
    def bytes(self) -> int | None:
        return None if self.ptx else self.end - self.start

    def to_dict(self) -> dict:
        d = {"start": self.start, "end": self.end, "bytes": self.bytes, "instructions": self.instructions,
             "depth": self.depth, "lines": [self.first_line, self.last_line],
             "footprint_bytes": None if self.ptx else self.footprint_bytes}
        if self.ptx:
            d["nounroll"] = self.nounroll
        return d


@dataclass
class KernelFacts:
    symbol: str
    name: str  # demangled display name
    arch: str | None
    source: str  # "sass" or "ptx"
    instructions: int = 0
    bytes: int = 0
    footprint_bytes: int = 0  # the kernel plus every device function it calls
    counts: dict[str, int] = field(default_factory=dict)
    loops: list[Loop] = field(default_factory=list)
    registers: int | None = None
    shared_bytes: int | None = None
    local_bytes: int | None = None
    stack_bytes: int | None = None
    spill_stores_bytes: int | None = None
    spill_loads_bytes: int | None = None
    barriers: int | None = None
    calls: list[str] = field(default_factory=list)
    line_file: str | None = None  # the source file `lines` refer to
    lines: dict[int, Counter] = field(default_factory=dict)  # memory opcode families per source line
    unknown: list[str] = field(default_factory=list)  # facts this source cannot give
    entry: bool = True
    ptx_instructions: int | None = None
    instrs: list[Instr] = field(default_factory=list, repr=False)
    _other_lines: dict[str, dict[int, Counter]] = field(default_factory=dict, repr=False)

    @property
    def spills_bytes(self) -> int | None:
        if self.spill_stores_bytes is None and self.spill_loads_bytes is None:
            return None
        return (self.spill_stores_bytes or 0) + (self.spill_loads_bytes or 0)

    def lines_of(self, path: str | None) -> dict[int, Counter]:
        """Memory opcode families per source line of `path` (None: the compiled file): a kernel of a
        header, compiled in the file that includes and launches it, has its lines in the header."""
        if path is None or self.line_file is None or same_file(path, self.line_file):
            return self.lines
        if path not in self._other_lines:
            self._other_lines[path] = memory_lines(self.instrs, path)
        return self._other_lines[path]

    def widths_on_line(self, line: int, space: str, op: str, path: str | None = None) -> list[int]:
        """Bits per lane of the memory instructions emitted for `line` (of `path`) in `space` doing `op`."""
        out: list[int] = []
        for fam, n in self.lines_of(path).get(line, {}).items():
            if self.source == "ptx":
                parts = fam.split(".")
                w = ptx_width_bits(fam) if parts[0] == op and len(parts) > 1 and parts[1] == space else None
            else:
                w = width_bits(fam) if _SPACE.get(fam.split(".")[0]) == (space, op) else None
            if w is not None:
                out += [w] * n
        return out

    def groups_on_line(self, line: int, space: str, op: str, path: str | None = None
                       ) -> list[tuple[tuple[int, int], ...]] | None:
        """The memory instructions of `line` in `space` doing `op`, cut into groups: each a
        straight-line run (no branch, branch target or predicate among them) off one register plus
        immediates (`LDS R15, [R14+0xc]`, `LDS.128 R8, [R14+0x10]`), so every instruction of a group
        executes whenever its first does. Each group as its layout: (byte offset, bytes per lane) of
        each instruction, sorted, the first at offset 0. None when an instruction is predicated or
        addresses memory otherwise."""
        if self.source != "sass":
            return None
        key = path if path is not None else self.line_file
        ops = [(i, ins) for i, ins in enumerate(self.instrs)
               if ins.predicate != "@!PT" and _SPACE.get(ins.mnemonic) == (space, op) and ins.mnemonic != "LDSM"
               and line in (ins.lines_in(key) if key is not None else [ins.line])]
        if not ops or any(ins.predicate for _, ins in ops):
            return None
        targets = {ins.target for ins in self.instrs if ins.target is not None}
        groups: list[list[tuple[int, int]]] = []
        register = previous = None
        for i, ins in ops:
            m, w = _ADDRESS.search(ins.operands), width_bits(ins.opcode)
            if m is None or w is None:
                return None
            between = self.instrs[previous + 1:i + 1] if previous is not None else []
            if m.group(1) != register or any(x.mnemonic in _BRANCHES for x in between) or \
                    any(x.offset in targets for x in between):
                groups.append([])
            groups[-1].append((int(m.group(2) or "0", 16), w // 8))
            register, previous = m.group(1), i
        return [tuple((off - min(g)[0], size) for off, size in sorted(g)) for g in groups]

    def layout_on_line(self, line: int, space: str, op: str, path: str | None = None) -> tuple[tuple[int, int], ...] | None:
        """The one layout of every group of `line` (groups_on_line): one unrolled run of a
        constant-trip loop, repeated where an outer loop was unrolled around it; None when the
        groups differ (a runtime-trip loop's unrolled body beside its remainder loop)."""
        layouts = set(self.groups_on_line(line, space, op, path) or ())
        return layouts.pop() if len(layouts) == 1 else None

    def runtime_unroll_on_line(self, line: int, space: str, op: str, element: int, path: str | None = None
                               ) -> tuple[int, int, int] | None:
        """nvcc's unrolling of a loop with a run-time trip count, for an access of `element` bytes:
        (bytes per lane of the unrolled body's instructions, iterations per unrolled step, bytes per
        lane of the remainder's instruction). The line must hold unrolled bodies of contiguous
        instructions of one width above `element`, each a whole number of steps (nvcc 13.0 unrolls
        by 4 and nests bodies of 16, 8 and 4 iterations), and one remainder instruction: either
        `element` wide (a loop of one per remaining iteration: `runtime_trip` of
        benchmarks/accuracy/pending/emitted_layouts.cu) or wide enough for the step's remaining
        iterations at once (one LDS.128 for up to 3 floats: `rt_outer`). The first trip - trip % step
        iterations then run as the body's instructions from the first iteration on, the rest as the
        remainder; None for any other shape."""
        groups = self.groups_on_line(line, space, op, path)
        if not groups:
            return None
        singles = [g for g in groups if len(g) == 1]
        bodies = [g for g in groups if len(g) > 1]
        widths = {size for g in bodies for _, size in g}
        if len(singles) != 1 or not bodies or len(widths) != 1:
            return None
        wide, rest = widths.pop(), singles[0][0][1]
        if wide <= element or wide % element or any(g[i][0] != i * wide for g in bodies for i in range(len(g))):
            return None  # not a merge, or not contiguous
        step = min(len(g) for g in bodies) * wide // element
        if any(len(g) * wide // element % step for g in bodies):
            return None
        if rest != element and rest < (step - 1) * element:
            return None
        return wide, step, rest

    def charged_lines(self, line: int, space: str, op: str, path: str | None = None,
                      claimed: frozenset[int] = frozenset()) -> tuple[dict[tuple[str, int], int], int]:
        """Where Nsight Compute counts the memory instructions of an access written on `line` of `path`
        in `space` doing `op`: its view of each file puts an instruction on the innermost frame of nvcc's
        line table in that file (own line, then `inlined at` call sites). The access's instructions are
        those whose innermost frame in `path` is `line`, or another line not in `claimed` (lines where
        the analysis has an access of its own in this space and op: their instructions are theirs).
        Returns ({(file, line): instructions counted there}, instructions of the access): `path`'s place
        (`line`, or the other line nvcc charged), and one place in each other file of the frames: a
        toolkit operator or intrinsic inlined at the line (`__half2`'s copy, `wmma::load_matrix_sync`,
        `atomicAdd`: their header lines), or, for an access in a header's helper, the call in the
        kernel's file. ({}, 0) without SASS line info."""
        key = path if path is not None else self.line_file
        if self.source != "sass" or key is None:
            return {}, 0
        out: dict[tuple[str, int], int] = {}
        total = 0
        for frames, mine in self._frames_of(space, op, key):
            if line not in mine or (mine[0] != line and mine[0] in claimed):
                continue
            total += 1
            places = [(key, mine[0])]
            for f, ln in frames:
                f = os.path.normpath(f)
                if not same_file(f, key) and not any(same_file(f, p) for p, _ in places):
                    places.append((f, ln))
            for where in places:
                out[where] = out.get(where, 0) + 1
        return out, total

    def _frames_of(self, space: str, op: str, key: str):
        """(frames innermost first, the lines of `key`'s file among them) of each executed memory
        instruction in `space` doing `op` that nvcc's line table places."""
        for ins in self.instrs:
            if ins.predicate == "@!PT" or ins.file is None or ins.line is None:
                continue
            if _SPACE.get(ins.mnemonic) != (space, op):
                continue
            frames = [(ins.file, ins.line), *ins.inlined_at]
            yield frames, [ln for f, ln in frames if same_file(f, key)]

    def moved_to(self, line: int, space: str, op: str, path: str | None = None,
                 claimed: frozenset[int] = frozenset(), down: bool = False) -> tuple[int, int] | None:
        """Where nvcc put the instructions of an access written on `line` that has none of its own
        (`charged_lines` found nothing): a load hoisted to a barrier or an `if` above it, a store
        charged to its loop's header; with `down`, also a load into a local array that nvcc keeps
        in registers, charged to the array's first use below. The nearest line above `line` (then,
        with `down`, below it) whose instructions in `space` doing `op` have their innermost frame of
        `path` there, that no access of the analysis claims, with no claimed line between (an
        unclaimed instruction past a claimed line is not this access's to take). (that line, its
        instructions), or None."""
        key = path if path is not None else self.line_file
        if self.source != "sass" or key is None:
            return None
        unclaimed: Counter = Counter()
        for _, mine in self._frames_of(space, op, key):
            if mine and mine[0] != line and mine[0] not in claimed:
                unclaimed[mine[0]] += 1
        above = [ln for ln in unclaimed if ln < line]
        below = [ln for ln in unclaimed if ln > line] if down else []
        for there in ([max(above)] if above else []) + ([min(below)] if below else []):
            low, high = min(there, line), max(there, line)
            if not any(low < c < high for c in claimed):
                return there, unclaimed[there]
        return None

    def describe_line(self, line: int, space: str, op: str, path: str | None = None) -> str:
        """`LDS.128 + 3x LDS`: the instructions of `line` (of `path`) in `space` doing `op`."""
        parts = []
        for fam, n in sorted(self.lines_of(path).get(line, {}).items(), key=lambda kv: -(width_bits(kv[0]) or 0)):
            if _SPACE.get(fam.split(".")[0]) == (space, op) or (
                    self.source == "ptx" and fam.startswith(f"{op}.{space}")):
                parts.append(fam if n == 1 else f"{n}x {fam}")
        return " + ".join(parts)

    def to_dict(self) -> dict:
        sass = self.source == "sass"
        return {"arch": self.arch, "source": self.source, "symbol": self.symbol,
                "instructions": self.instructions if sass else None, "bytes": self.bytes if sass else None,
                "footprint_bytes": self.footprint_bytes if sass else None,
                "ptx_instructions": self.ptx_instructions,
                "registers": self.registers, "shared_bytes": self.shared_bytes, "local_bytes": self.local_bytes,
                "stack_bytes": self.stack_bytes, "spills_bytes": self.spills_bytes,
                "spill_stores_bytes": self.spill_stores_bytes, "spill_loads_bytes": self.spill_loads_bytes,
                "barriers": self.barriers, "counts": dict(sorted(self.counts.items())),
                "loops": [lp.to_dict() for lp in self.loops], "calls": self.calls,
                "lines": {str(ln): dict(sorted(c.items())) for ln, c in sorted(self.lines.items())},
                "unknown": self.unknown}


@dataclass
class SassResult:
    """What one input gave: facts per kernel symbol, and notes on what could not be done."""
    path: str
    kind: str = "none"  # "sass" | "ptx" | "none"
    kernels: dict[str, KernelFacts] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    cached: bool = False

    def for_kernel(self, kernel_name: str) -> KernelFacts | None:
        sym = names.match(kernel_name, list(self.kernels))
        return self.kernels.get(sym) if sym else None


def memory_lines(instrs: list[Instr], path: str) -> dict[int, Counter]:
    """Memory (and tensor-core) opcode families per source line of `path`, of the instructions
    that execute (`@!PT` never does: nvcc's `@!PT LDS RZ, [RZ]` placeholders beside LDGSTS)."""
    lines: dict[int, Counter] = {}
    for ins in instrs:
        fam = family(ins.opcode)
        if ins.predicate == "@!PT" or fam is None or (fam.split(".")[0] not in _SPACE and fam not in TENSOR_FAMILIES):
            continue
        for ln in dict.fromkeys(ins.lines_in(path)):
            lines.setdefault(ln, Counter())[fam] += 1
    return lines
