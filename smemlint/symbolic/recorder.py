"""The lane evaluator keeping what the concurrency rules check on evidence: each thread's address at
every access and the barrier interval it ran in (SYNC004's races), the threads that returned and the
warp-collectives they leave short (SYNC001). One evaluation can serve both the analysis (its costs)
and these rules: analysis.py evaluates a kernel that has shared memory or barriers with this class
and hands the run to the rules when no loop was replayed (a replayed loop keeps no addresses)."""
from __future__ import annotations

import numpy as np

from .. import ir
from .interp import Interpreter
from .stats import SOFT_STEP_BUDGET, LaunchConfig
from .values import Known, Ptr


def lanes_key(kernel_key: str, config: LaunchConfig, params: dict[str, int] | None = None) -> tuple:
    """The key of a kernel's recorded evaluation in a file's rule cache (FileResult.cache): by the
    block evaluated and the sizes probed (rules/sync004_shared_race.concrete_lanes)."""
    return ("race-lanes", kernel_key, config.block_idx, tuple(sorted((params or {}).items())))


def may_race(kernel: ir.Kernel) -> bool:
    """Might the concurrency rules evaluate this kernel's lanes (SYNC004's races on shared memory,
    SYNC001's barriers)? Then the analysis evaluates it with a Recorder (analysis.run_kernel's `record`)."""
    return bool(kernel.shared or kernel.barriers)


def analysed_key(kernel_key: str) -> tuple:
    """The key of the analysis's own run of a kernel (a Recorder, where may_race) in the file's rule cache."""
    return ("analysed-run", kernel_key)


def analysed_run(cache: dict, kernels: list, kr, config: LaunchConfig) -> "Recorder | None":  # noqa: ANN001
    """The analysis's run of `kr` (a results.KernelResult of the file's `kernels`) where it is what the
    rules' own evaluation of `config` would be: the launch analysed (block 0, the launch's own sizes),
    one analysis of that kernel key in the file (the rules' cache is by kernel key, not by block
    shape), and a run that kept what theirs keeps (Recorder.shares_lanes)."""
    it = cache.get(analysed_key(kr.ir.key))
    if it is None or it.config != config or it.config != kr.config or not it.shares_lanes():
        return None
    return it if sum(k.ir is not None and k.ir.key == kr.ir.key for k in kernels) == 1 else None


BLOCK_BARRIERS = {"__syncthreads", "__syncthreads_and", "__syncthreads_or", "__syncthreads_count",
                  "__barrier_sync"}
WARP_BARRIERS = {"__syncwarp"}
# instructions every lane of the warp must execute together (.sync.aligned): tensor-core fragment
# loads and stores, as access sites of the IR
COLLECTIVE_INSTRUCTIONS = ("ldmatrix", "stmatrix", "wmma.")
_MASKED = ("__ballot_sync", "__any_sync", "__all_sync", "__uni_sync", "__match_any_sync", "__match_all_sync",
           "__syncwarp")


def whole_warp_call(e: ir.Call) -> bool:
    """A call that every lane of the warp must make: a tensor-core `mma_sync`, or a warp intrinsic
    whose member mask is the constant full warp (`__shfl_xor_sync(0xffffffff, ...)`, `__syncwarp()`)."""
    name = e.name.rsplit("::", 1)[-1]
    if name == "mma_sync":
        return True
    if not (name in _MASKED or (name.startswith(("__shfl", "__reduce_")) and name.endswith("_sync"))):
        return False
    if not e.args:
        return name == "__syncwarp"
    m = e.args[0]
    while isinstance(m, ir.Cast):
        m = m.operand
    return isinstance(m, ir.Const) and m.value & 0xFFFFFFFF == 0xFFFFFFFF


class Recorder(Interpreter):
    """The lane evaluator, keeping each access's per-thread addresses and the barrier interval it ran
    in (for the concrete race check). Every barrier the evaluation passes (`__syncthreads()`, a
    cooperative group's `sync()`, `bar.sync`, inside called functions too) starts a new interval;
    with `replay=False` (the rules' own runs) loops run iteration by iteration, so the barrier of every
    iteration is counted; the analysis's run replays them, and serves the rules only if it replayed none."""

    MAX_EXECUTIONS = 256

    def __init__(self, *args, replay: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        # `replay`: loops run again with the same inputs are replayed from their first run (the
        # analysis's evaluation, interp.exec_loop); the addresses and intervals kept are then
        # those of a run without replay only while `replays` stays 0 (shares_lanes)
        self._replay = replay
        self._extra_steps = 0  # steps of the shuffles' operands evaluated again, not counted with `replay`
        self.seen: dict[int, list[tuple[str, np.ndarray, np.ndarray, int]]] = {}
        self.unknown: set[int] = set()
        self.interval = 0
        # SYNC001's early exit before a warp-collective: the threads each kernel-level `return`
        # took (id(stmt) -> (line, threads)), and each execution of a collective that needs the
        # whole warp after some thread returned: (what, span, executing threads, returned threads)
        self.exits: dict[int, tuple[int, np.ndarray]] = {}
        # (what, span, executing threads, returned threads, each thread's source thread or None, intrinsic)
        self.collectives: list[tuple[str, ir.Span | None, np.ndarray, np.ndarray, np.ndarray | None, str]] = []
        # every execution of such a collective outside data-dependent conditions, for lanes that skip
        # one under a lane-varying `if`: (what, span, intrinsic, executing lanes, lanes alive then,
        # each thread's source thread or None)
        self.executions: list[tuple[str, ir.Span | None, str, np.ndarray, np.ndarray, np.ndarray | None]] = []
        self._calls: list[ir.Call] = []  # the calls of device functions being evaluated, outermost first
        self._collective_sites = {s.id: s for k in self.unit.kernels for s in k.sites
                                  if s.instruction.startswith(COLLECTIVE_INSTRUCTIONS)}

    def observe(self, site_id, op, ptr, width, mask) -> None:
        self._keep(site_id, ptr, mask)

    def record(self, site_id, op, ptr, width, mask, piece=0) -> None:
        super().record(site_id, op, ptr, width, mask, piece)
        self._keep(site_id, ptr, mask)
        site = self._collective_sites.get(site_id)
        if site is not None and not piece:
            text = site.text if site.text and len(site.text) <= 60 else site.instruction
            self._collective(f"`{text}`", site.span, mask, site.instruction)

    def _collective(self, what: str, span: ir.Span | None, mask: np.ndarray, name: str = "",
                    source: np.ndarray | None = None) -> None:
        returned = self._frames[0].returned if self._frames else None
        if not self._guards and len(self.executions) < self.MAX_EXECUTIONS and mask.any():
            outer = self._calls[0] if self._calls else None
            at = (f"`{outer.name}`'s {what}", outer.span) if outer is not None and outer.span is not None else (what, span)
            alive = self._true if returned is None else self._true & ~returned
            self.executions.append((*at, name or what, self.alive(mask).copy(), alive.copy(), source))
        if returned is not None and len(self.collectives) < self.MAX_EXECUTIONS and mask.any():
            outer = self._calls[0] if self._calls else None
            if outer is not None and outer.span is not None:  # in a helper: named at the kernel's call
                what = f"`{outer.name}`'s {what}"
                span = outer.span
            self.collectives.append((what, span, mask.copy(), returned.copy(), source, name or what))

    def _exec_return(self, s: ir.Return, mask) -> None:
        if len(self._frames) == 1 and s.span is not None:  # the kernel's own: these threads exit
            _, before = self.exits.get(id(s), (0, None))
            self.exits[id(s)] = (s.span.line, mask.copy() if before is None else before | mask)
        super()._exec_return(s, mask)

    def _keep(self, site_id, ptr, mask) -> None:
        if isinstance(ptr, Ptr) and ptr.symbol is not None and isinstance(ptr.offset, Known) and not self._guards:
            lst = self.seen.setdefault(site_id, [])
            if len(lst) < self.MAX_EXECUTIONS:
                lst.append((ptr.symbol.key, ptr.offset.arr.copy(), mask.copy(), self.interval))
            else:
                self.unknown.add(site_id)
        else:
            self.unknown.add(site_id)

    def _exec_nothing(self, s, mask) -> None:
        if isinstance(s, ir.Barrier):
            self.interval += 1

    def call(self, e: ir.Call, mask):
        if e.name in BLOCK_BARRIERS or e.name in WARP_BARRIERS:
            self.interval += 1
        if whole_warp_call(e):
            name = e.name.rsplit("::", 1)[-1]
            steps = self._steps
            source = self._shuffle_source(name, e, mask)
            if self._replay:  # the analysis's run: its steps are the plain evaluator's (budgets, costs)
                self._extra_steps += self._steps - steps
                self._steps = steps
            self._collective(f"`{e.name}`", e.span, mask, name, source)
        if e.function is None or e.function not in self.unit.functions:
            return super().call(e, mask)
        self._calls.append(e)
        try:
            return super().call(e, mask)
        finally:
            self._calls.pop()

    def exec_loop(self, s: ir.Loop, mask) -> None:
        if self._replay:
            super().exec_loop(s, mask)
        else:
            self._run_loop(s, mask)

    def shares_lanes(self) -> bool:
        """Did this run keep what a run without replay keeps (no loop replayed, no stop for nesting
        too deep, which costing's deeper calls could reach first, and no step limit that the rules'
        run, which also counts the shuffles' operands evaluated again, could meet elsewhere)? Then
        the rules may read it as their own evaluation of the same launch."""
        if self._extra_steps and self._steps + self._extra_steps > SOFT_STEP_BUDGET:
            return False
        return self.replays == 0 and not any(text == "code nested too deeply; analysis stopped"
                                             for _, _, text in self.notes)

    def _shuffle_source(self, name: str, e: ir.Call, mask) -> np.ndarray | None:
        """The thread each thread of the block reads at a shuffle (`__shfl_xor_sync(m, v, 16)`: lane
        ^ 16 of its warp; out of its `width` segment: itself), -1 where not known; None for a
        collective that is not a shuffle."""
        if not name.startswith("__shfl") or len(e.args) < 3:
            return None
        n = len(self._true)
        t = np.arange(n, dtype=np.int64)
        unknown = np.full(n, -1, dtype=np.int64)
        try:
            k = self.eval(e.args[2], mask)
            w = self.eval(e.args[3], mask) if len(e.args) > 3 else self._const(32)
        except Exception:  # noqa: BLE001 - an operand not evaluated: no source known
            return unknown
        if not (isinstance(w, Known) and w.arr.shape == (n,)):
            w = self._const(32)  # the default `warpSize` (or a width not evaluated: the whole warp)
        if not (isinstance(k, Known) and k.arr.shape == (n,)):
            return unknown
        k, w = k.arr.astype(np.int64), np.clip(w.arr.astype(np.int64), 1, 32)
        lane = t % 32
        base = t - lane + lane // w * w  # the first thread of the lane's width segment
        if name.startswith("__shfl_xor"):
            src = lane ^ k
            src = np.where(src // w == lane // w, t - lane + src, t)
        elif name.startswith("__shfl_down"):
            src = np.where(lane % w + k < w, t + k, t)
        elif name.startswith("__shfl_up"):
            src = np.where(lane % w - k >= 0, t - k, t)
        else:
            src = base + k % w
        return np.where((src >= 0) & (src < n), src, -1)
