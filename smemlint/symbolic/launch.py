"""Which launch configuration a kernel is analysed under, and why.

Order (first that applies): an inline annotation `// smemlint: block(x, y, z)`
above the kernel; a launch `k<<<grid, block>>>` with constant operands in the
same file; `__launch_bounds__(N)` (a 1-D block of N); the `--block` option or
`[tool.smemlint] block`; then the documented defaults below.
"""
from __future__ import annotations

import os
import shlex
from dataclasses import dataclass

from .. import ir
from .roles import index_bounds, index_offsets
from .stats import LaunchConfig

DEFAULT_INT_PARAM = 1024  # a power of two: typical problem size, the worst case for strides
DEFAULT_GRID = (64, 1, 1)
# a grid dimension no launch gives, along which the kernel reads its block's index or the grid's size:
# a large problem spreads over it too (apex's SyncBatchNorm reduces across blocks `if (gridDim.y > 1)`)
DEFAULT_GRID_SPREAD = (64, 8, 4)
DEFAULT_BLOCK_1D = (256, 1, 1)
DEFAULT_BLOCK_2D = (32, 8, 1)
DEFAULT_BLOCK_3D = (8, 8, 4)


@dataclass(frozen=True)
class Resolved:
    config: LaunchConfig
    block_source: str  # sentence for `assumptions`
    grid_source: str
    param_sources: dict[str, str]
    launch: ir.LaunchSite | None
    other_blocks: tuple[tuple[int, int, int], ...] = ()
    pointer_sources: tuple[str, ...] = ()  # pointer arguments passed past their allocation's start
    grid_spread: tuple[int, ...] = ()  # dimensions (1: y, 2: z) of an assumed grid given more than one block



def _place(span, path: str) -> str:
    """`file:line` of a launch: the file's own path, or the header a host template instance wrote it in."""
    if span.file and span.file != path:
        rel = os.path.relpath(span.file)
        return f"{span.file if rel.startswith('..') else rel}:{span.line}"
    return f"{path}:{span.line}"

def completed_block(partial: tuple[int | None, int | None, int | None]) -> tuple[int, int, int]:
    """A block whose known components are kept and unknown ones filled so that it has about 256
    threads (the 1-D default): (None, 1, 1) -> (256, 1, 1), (32, None, 1) -> (32, 8, 1)."""
    known = 1
    for p in partial:
        known *= p if p else 1
    left = max(1, DEFAULT_BLOCK_1D[0] // known)
    out = []
    for p in partial:
        if p:
            out.append(p)
        else:
            out.append(left)
            left = 1
    return out[0], out[1], out[2]


def assumed_grid(kernel: ir.Kernel, partial: tuple[int | None, int | None, int | None] | None
                 ) -> tuple[tuple[int, int, int], tuple[int, ...]]:
    """The grid a kernel is analysed under where no launch gives it whole: the components a launch
    gives (`partial`), the others DEFAULT_GRID's, or DEFAULT_GRID_SPREAD's along y and z where the kernel
    reads blockIdx or gridDim there (1 there emptied `if (gridDim.y > 1)` in every large run); and
    those spread dimensions (1: y, 2: z)."""
    grid: list[int] = []
    spread: list[int] = []
    for d, axis in enumerate("xyz"):
        given = partial[d] if partial is not None else None
        if given is not None and given >= 1:
            grid.append(given)
        elif d and (f"blockIdx.{axis}" in kernel.uses or f"gridDim.{axis}" in kernel.uses):
            grid.append(DEFAULT_GRID_SPREAD[d])
            spread.append(d)
        else:
            grid.append(DEFAULT_GRID[d])
    return (grid[0], grid[1], grid[2]), tuple(spread)


def default_block(kernel: ir.Kernel) -> tuple[int, int, int]:
    if "threadIdx.z" in kernel.uses or "blockDim.z" in kernel.uses:
        return DEFAULT_BLOCK_3D
    if "threadIdx.y" in kernel.uses or "blockDim.y" in kernel.uses:
        return DEFAULT_BLOCK_2D
    return DEFAULT_BLOCK_1D


def _fmt(b: tuple[int, int, int]) -> str:
    return f"({b[0]},{b[1]},{b[2]})"


def _valid(b: tuple[int, int, int] | None) -> bool:
    return b is not None and all(v >= 1 for v in b) and b[0] * b[1] * b[2] <= 1024


def _first_iteration(launch: ir.LaunchSite, path: str = "", part: str = "") -> str:
    """The words saying which execution of the program and of its loops a launch's values are from
    (the loops' file named where the launch is in another file than `path`), and the analysed GPU's
    properties its value `part` ("grid", "block", "arg<i>") read."""
    words = []
    if launch.first_iteration:
        lines = ", ".join(str(n) for n in launch.first_iteration)
        where = f"{os.path.basename(launch.span.file)} " if launch.span.file and path and \
            os.path.abspath(launch.span.file) != os.path.abspath(path) else ""
        later = dict(launch.later_iterations)
        if later:  # a loop whose first iterations do not reach the launch (a branch on its counter)
            lines = " and ".join(f"iteration {later[n]} of the loop at {where}line {n}, whose earlier iterations do "
                                 "not reach it" if n in later else f"the first iteration of the loop at {where}line {n}"
                                 for n in launch.first_iteration)
            words.append(f"its first execution: {lines}")
        else:
            words.append(f"its first execution: the first iteration of the loop at {where}"
                         f"line{'s' if len(launch.first_iteration) > 1 else ''} {lines}" +
                         (", the first of the values it walks" if launch.swept else ""))
    if launch.without_arguments:
        words.append("the program run without command-line arguments")
    if launch.program_args:
        words.append(f"the program run with the arguments `{shlex.join(launch.program_args)}`")
    if launch.sized:
        words.append("tensor sizes taken as large, the steady state: a small tensor may give another block")
    read = [w for p, w in launch.device_properties if p == part]
    if read:
        words.append("the analysed GPU's " + "; ".join(read))
    return f" ({'; '.join(words)})" if words else ""


def _unread_properties(launches: list[ir.LaunchSite], part: str, path: str) -> str:
    """Why a value no launch gives whole is not known where it read a property the architecture does
    not fix (`prop.l2CacheSize`): " (the launch reads the GPU's ...)", or ""."""
    for launch in launches:
        read = [w for p, w in launch.device_properties if p == part and ", not known for " in w]
        if read:
            return f" (the launch at {_place(launch.span, path)} reads the GPU's {'; '.join(read)})"
    return ""


def _edge_sizes(kernel: ir.Kernel, launch: ir.LaunchSite | None, block: tuple[int, int, int]) -> frozenset[str]:
    """The parameters whose value at the launch is the no-argument run's (the command line changes
    it), a size a thread's index is compared with (roles.index_bounds), and smaller than the block:
    `int num_nodes = 1; if (argc > 2) num_nodes = atoi(argv[2]);` launching `if (i < n)` with 256
    threads runs one lane of one warp, an edge of the problem the steady state is assumed for."""
    if launch is None or not any(launch.command_line):
        return frozenset()
    threads = block[0] * block[1] * block[2]
    small = {p.name for i, p in enumerate(kernel.params)
             if i < len(launch.command_line) and launch.command_line[i] and p.ctype.is_int
             and isinstance(launch.args[i], int) and launch.args[i] < threads}
    return frozenset(small & index_bounds(kernel)) if small else frozenset()


def resolve(kernel: ir.Kernel, unit: ir.TranslationUnit,
            setting_block: tuple[int, int, int] | None = None,
            setting_source: str = "the configuration (--block)") -> Resolved:
    launches = [s for s in unit.launches if s.kernel == kernel.key]
    launch = next((s for s in launches if _valid(s.block)), None)
    others = tuple(sorted({s.block for s in launches if _valid(s.block) and launch and s.block != launch.block}))
    path = unit.path
    if kernel.annotation_block and _valid(kernel.annotation_block):
        block = kernel.annotation_block
        line = kernel.annotation_span.line if kernel.annotation_span else kernel.span.line
        block_source = f"block {_fmt(block)} from the annotation at {path}:{line}"
    elif launch is not None:
        block = launch.block  # type: ignore[assignment]
        text = f" `{launch.block_text}`" if launch.block_text else ""
        block_source = f"block {_fmt(block)}{text} from the launch at {_place(launch.span, path)}" + \
            _first_iteration(launch, path, "block")
    elif kernel.launch_bounds and 1 <= kernel.launch_bounds <= 1024:
        block = (kernel.launch_bounds, 1, 1)
        block_source = f"block {_fmt(block)} from __launch_bounds__({kernel.launch_bounds})"
    elif setting_block and _valid(setting_block):
        block = setting_block
        block_source = f"block {_fmt(block)} from {setting_source}"
    else:
        block = default_block(kernel)
        unread = next((s for s in launches if s.block is None), None)
        if unread is not None and unread.block_partial is not None:
            block = completed_block(unread.block_partial)
            shape = ",".join("?" if p is None else str(p) for p in unread.block_partial)
            text = f" `{unread.block_text}`" if unread.block_text else ""
            block_source = f"block {_fmt(block)} assumed: the launch at {_place(unread.span, path)} gives the " \
                           f"block{text} as ({shape}), the rest is not a constant smemlint can follow (set one " \
                           f"with `// smemlint: block(x, y)` above the kernel or --block)"
        elif unread is not None:
            text = f" `{unread.block_text}`" if unread.block_text else ""
            block_source = f"block {_fmt(block)} assumed: the block{text} of the launch at {path}:" \
                           f"{unread.span.line} is not a constant smemlint can follow (set one with " \
                           f"`// smemlint: block(x, y)` above the kernel or --block)"
        else:
            block_source = f"block {_fmt(block)} assumed (no launch in this file; set one with " \
                           f"`// smemlint: block(x, y)` above the kernel or --block)"
    if launch is not None and launch.grid is not None and all(v >= 1 for v in launch.grid):
        grid, spread = launch.grid, ()
        grid_source = f"grid {_fmt(grid)} from the launch at {_place(launch.span, path)}" + \
            _first_iteration(launch, path, "grid")
    else:
        grid, spread = assumed_grid(kernel, next((s.grid_partial for s in ([launch] if launch else launches)
                                                  if s.grid is None), None))
        grid_source = f"grid {_fmt(grid)} assumed" + (
            f" (more than one block along {' and '.join('xyz'[d] for d in spread)}, which the kernel indexes: a "
            "large problem's grid)" if spread else "") + _unread_properties([launch] if launch else launches, "grid", path)
    params: dict[str, int] = {}
    sources: dict[str, str] = {}
    assumed: set[str] = set()
    multiples: dict[str, int] = {}
    # the launch whose arguments are read: the one the block is from, else the first (its block not
    # read: `k<<<64, atoi(argv[1])>>>(x, 64)` still passes 64)
    given = launch if launch is not None else (launches[0] if launches else None)
    edges = _edge_sizes(kernel, given, block)
    starts = index_offsets(kernel) if any(
        p.ctype.is_int and not (given is not None and i < len(given.args) and given.args[i] is not None)
        for i, p in enumerate(kernel.params)) else frozenset()
    for i, p in enumerate(kernel.params):
        if not p.ctype.is_int:
            continue
        value = given.args[i] if given is not None and i < len(given.args) else None
        is_flag = p.ctype.spelling.split()[-1:] == ["bool"]  # (`const bool` too)
        passed = {s.args[i] if i < len(s.args) else None for s in launches}
        if is_flag and value is not None and len(passed) > 1:
            # launches that pass it differently (apex's layer norm and RMS norm launch one instance with
            # `rms_only` false and true): a flag, each value's code evaluated; the first launch's value ran
            # the other's code nowhere
            shown = " and ".join(sorted(str(v) for v in passed if v is not None))
            sources[p.name] = f"{p.name}: the launches in this file pass {shown}" + \
                (" (and a value not a constant)" if None in passed else "") + "; the code under each of its values " \
                "is evaluated"
            continue
        if p.name in edges:
            params[p.name] = DEFAULT_INT_PARAM
            assumed.add(p.name)
            sources[p.name] = f"{p.name} = {DEFAULT_INT_PARAM} assumed: the launch at {_place(given.span, path)} " \
                f"passes {value}, the program's value without command-line arguments, which change it; " \
                f"fewer elements than the block's {block[0] * block[1] * block[2]} threads is an edge of the " \
                f"problem, not its steady state"  # type: ignore[union-attr]
        elif value is None and is_flag:
            # a flag, not a size: left unknown, so each `if` on it runs both of its branches (1024 was
            # `true` and emptied a kernel behind `if (skip) return;`); its accesses say so
            sources[p.name] = f"{p.name}: a flag no launch in this file gives; the code under each of its " \
                "values is evaluated"
        elif value is not None:
            params[p.name] = value
            sources[p.name] = f"{p.name} = {value} from the launch at {_place(given.span, path)}" + \
                _first_iteration(given, path, f"arg{i}")  # type: ignore[union-attr]
        elif p.name in starts:
            params[p.name] = 0  # where the index starts: the problem's start, not a size (1024 emptied
            assumed.add(p.name)  # `i = start + tid; if (i < n)` with n = 1024 too: HeCBench sw4ck)
            sources[p.name] = f"{p.name} = 0 assumed: an origin (added to the thread's index before it is " \
                "compared with a size, or subtracted from an index or a bound), not a size; not a constant at " \
                "a launch in this file"
        else:
            params[p.name] = DEFAULT_INT_PARAM
            assumed.add(p.name)  # evaluated in wide integers: its products never wrap into a false guard
            # (what the launching code asserts holds also where its block shape is not read)
            m = given.asserted_multiples[i] if given is not None and i < len(given.asserted_multiples) \
                else None
            if m is not None:
                multiples[p.name] = m  # 0: a multiple of a modulus not evaluated
            sources[p.name] = f"{p.name} = {DEFAULT_INT_PARAM} assumed (not a constant at a launch in this file)" + \
                (_unread_properties([given], f"arg{i}", path) if given is not None else "")
    fields: dict[str, int] = {}
    for p in kernel.params:
        if p.int_fields:
            # a struct passed by value that no launch fills (flash-attention's Flash_fwd_params, HeCBench
            # d3q19-bgk's BoxCU domain): its integer fields as integer parameters are, by role
            starts = starts or index_offsets(kernel)
            names = [name for _, name, _ in p.int_fields]
            fields.update((name, 0 if name in starts else DEFAULT_INT_PARAM) for name in names)
            origins = [n.split(".", 1)[1] for n in names if n in starts]
            sizes = [n.split(".", 1)[1] for n in names if n not in starts]
            shown = ", ".join(sizes[:8]) + (f" and {len(sizes) - 8} more" if len(sizes) > 8 else "")
            sources[p.name] = f"`{p.name}`: a struct passed by value that no launch in this file fills; its integer " \
                f"fields ({shown}) = {DEFAULT_INT_PARAM} assumed (a size of the problem, the steady state)" + \
                (f", {', '.join(origins)} = 0 assumed (origins: added to an index or subtracted)" if origins else "") + \
                ", its flags and other fields unknown (the code under each of their values is evaluated)"
    offsets: dict[str, int] = {}
    pointer_sources = []
    for i, p in enumerate(kernel.params):
        off = launch.pointer_offsets[i] if launch is not None and i < len(launch.pointer_offsets) else None
        if p.symbol is not None and off:
            offsets[p.name] = off
            pointer_sources.append(f"`{p.name}` points {off} bytes past the start of a (256-byte-aligned) allocation: "
                                   f"the launch at {_place(launch.span, path)} passes it so")  # type: ignore[union-attr]
    return Resolved(LaunchConfig(block, grid, (0, 0, 0), params, frozenset(assumed), offsets, multiples, fields),
                    block_source,
                    grid_source, sources, launch, others, tuple(pointer_sources), spread)
