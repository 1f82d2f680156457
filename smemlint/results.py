"""What linting one file produces: per-access and per-kernel records, and the file's result.

The records mirror OUTPUT.md's `accesses` and `kernels` entries, so the JSON
renderer is a mapping, not a translation. This module imports nothing heavy
(no clang, no numpy): results read back from the cache or from a worker process
are rendered without loading the analysis. Fields marked "live" hold the
analysis' own objects for rules and editors; `portable()` drops them.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import ir
    from .symbolic.stats import LaunchConfig, SiteStats


@dataclass
class AccessResult:
    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    kernel: str
    space: str | None
    op: str
    symbol: str
    width_bits: int
    block: tuple[int, int, int]
    predictable: bool
    wavefronts_per_request: float | None
    ideal_wavefronts_per_request: float | None
    sectors_per_request: float | None
    ideal_sectors_per_request: float | None
    assumptions: list[str]
    worst_case: dict | None
    # not part of the JSON contract
    stats: SiteStats | None = None
    requests: int = 0
    text: str = ""
    sass_widths: tuple[int, ...] | None = None  # bits per lane of the SASS emitted for this line (--sass)

    object_name: str | None = None  # `object` once `stats` is dropped (portable results)
    # the line nvcc's line table gives its instruction (what ncu's per-line view shows), when it is
    # not `line`: a load hoisted out of its loop (the loop's line), an access written over several
    # lines (the line its expression ends); None: `line`
    instruction_line: int | None = None
    # the grid's costliest block and its per-request cost, when the per-request fields are the
    # average over the grid's blocks and that block differs from it (issue 12 item 4)
    worst_block: dict | None = None
    # the costliest request and the loop iterations it ran in, when it costs more than the average:
    # {"wavefronts_per_request" | "sectors_per_request", "warp", "loops": [{"line", "iteration", "variable"}]}
    # (analysis.worst_iteration_of; issue 30 item 3)
    worst_iteration: dict | None = None
    # evaluated under a condition on loaded data (symbolic/stats.data_dependence): "lanes" (assumed
    # taken by every lane of a warp), "blocks" (taken or not by whole blocks), None (no such condition)
    data_dependent: str | None = None
    # where nvcc's line table charges this access's instructions when some land on another line than
    # its own (a toolkit header's operator or intrinsic, a helper): [{"file", "line", "instructions"}]
    # (--sass; analysis._attach_charged_lines); None otherwise
    charged_to: list | None = None
    # an instruction whose lanes play roles (model/tensor.py): "ldmatrix.x4", "cp.async.cg",
    # "wmma.load.matrix_a", "st.shared.v2.b32", ...; "" for an access written in C++
    instruction: str = ""
    # the costliest request (its warp, lane addresses and cost: symbolic/stats.WorstRequest), kept
    # when `stats` is dropped, for `smemlint show` and hovers served from the cache
    worst_request: object | None = None

    @property
    def worst(self):
        """The costliest request, from the live statistics or from a portable result."""
        return self.stats.worst if self.stats is not None else self.worst_request

    @property
    def sass_line(self) -> int:
        """The line its instructions are on in nvcc's line table (what SASS is joined by)."""
        return self.instruction_line or self.line

    @property
    def object(self) -> str | None:
        """The memory object (shared array, pointer parameter) the access lands in."""
        if self.stats is None:
            return self.object_name
        return self.stats.symbol.name if self.stats.symbol else None


@dataclass
class KernelResult:
    file: str
    line: int
    name: str
    block: tuple[int, int, int]
    assumptions: list[str]
    accesses: list[AccessResult]
    notes: list[str]
    global_load_efficiency: float | None = None
    global_store_efficiency: float | None = None
    sass: dict | None = None
    sass_facts: object | None = None  # sass.facts.KernelFacts behind `sass`, for the SASS rules
    # for rules that re-run the evaluation (fix verification)
    ir: ir.Kernel | None = None
    unit: ir.TranslationUnit | None = None
    config: LaunchConfig | None = None
    end_line: int = 0  # last line of the kernel's definition (in `file`)
    launched: bool = False  # its block came from a launch the analysis read (not assumed)
    representative: bool = False  # an instance with representative template arguments (nothing instantiates it)
    key: str = ""  # ir.Kernel.key: its USR and template arguments, the same in every file of a program


@dataclass
class FileResult:
    path: str
    status: str = "ok"
    error: str | None = None
    kernels: list[KernelResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    diagnostics: list = field(default_factory=list)
    parse_mode: str = ""
    seconds: float = 0.0
    source: str = ""  # the text analysed (rules build fixes from it)
    unit: ir.TranslationUnit | None = None  # the IR, for rules that read more than accesses
    cache: dict = field(default_factory=dict)  # analyses computed once per file and shared by rules
    includes: list[str] | None = field(default_factory=list)  # files clang included (the cache's); None: unknown
    from_cache: bool = False
    # every rule's findings before select/ignore, per-path-ignores, suppressions and grouping (what the
    # cache stores; lint.apply_filters derives `diagnostics` from it); None: not known
    all_diagnostics: list | None = None
    # keys of the kernels and of the functions they call (reach.py): what of the file a build runs;
    # None: not known (a result of an older smemlint read from the cache)
    reached_functions: list[str] | None = None
    # names of the __global__ functions the file's text defines (parse/written.py): what coverage
    # counts reach against; None: not read (a result of an older smemlint, or the file not read)
    kernels_written: list[str] | None = None
    # of those, the ones in code this build does not compile (inactive #if branches)
    kernels_not_compiled: list[str] | None = None
    # the launches read in this file of kernels it does not define (ir.LaunchSite): the kernel's own
    # file is analysed with them when it launches the kernel nowhere itself (lint.py)
    launches_of_others: list = field(default_factory=list)
    kernels_launched: list[str] = field(default_factory=list)  # keys of the kernels launched in this file
    # host values across files (host/elsewhere.py): the integer arguments this file passes to functions it
    # calls and does not define, and the parameters of its own functions it read with no caller in the file
    arguments_out: dict = field(default_factory=dict)
    asked_elsewhere: set = field(default_factory=set)

    @property
    def accesses(self) -> list[AccessResult]:
        return [a for k in self.kernels for a in k.accesses]


INTERNAL_ERROR = "internal error"  # how a file's error message starts when smemlint itself failed


def per_request(total: int, requests: int) -> float:
    """A per-request average as the report gives it (4 decimals; 0 with no request)."""
    return round(total / requests, 4) if requests else 0.0


def internal_error_message(e: BaseException) -> str:
    """A file's error when smemlint itself failed on it (a bug to report, not a problem of the file)."""
    return f"{INTERNAL_ERROR} while linting ({type(e).__name__}: {e}); please report it"


def is_internal_error(result: FileResult) -> bool:
    return result.status == "error" and (result.error or "").startswith(INTERNAL_ERROR)


def portable(result: FileResult) -> FileResult:
    """A copy of `result` without the live analysis objects (IR, clang-derived stats, rule caches):
    what the renderers, baselines and suppressions read, small and picklable."""
    out = copy.copy(result)
    out.unit = None
    out.cache = {}
    out.kernels = []
    for k in result.kernels:
        kc = copy.copy(k)
        kc.ir = kc.unit = kc.config = kc.sass_facts = None
        kc.accesses = []
        for a in k.accesses:
            ac = copy.copy(a)
            ac.object_name = a.object
            ac.worst_request = a.worst
            ac.stats = None
            ac.assumptions = list(a.assumptions)
            kc.accesses.append(ac)
        out.kernels.append(kc)
    out.diagnostics = list(result.diagnostics)
    out.all_diagnostics = list(result.all_diagnostics) if result.all_diagnostics is not None else None
    out.notes = list(result.notes)
    return out
