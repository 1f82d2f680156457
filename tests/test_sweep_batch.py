"""The residue sweep's batched evaluation (one run, one virtual block per residue) against one run per residue.

Every kernel here makes the residues of `n` behave differently somewhere: loop trip counts, early
exits, `?:`, divisions by zero, uniformity, variables defined in some blocks only, loads at
parameter-dependent addresses, constant memory, partial warps. For each, the per-site, per-residue
metric of the batched run must equal that of a separate evaluation with that value of `n`; where
the batched run cannot stand for separate ones it must say so (RowDivergence), and the sweep then
falls back to separate runs, so the reported worst cases are the same either way.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from smemlint import analysis
from smemlint.analysis import SWEEP_RESIDUES, _site_metric, analyze_file, run_kernel
from smemlint.config import Settings
from smemlint.symbolic import interp
from smemlint.symbolic.stats import STEP_BUDGET, BudgetExceeded, LaunchConfig
from smemlint.symbolic.launch import resolve
from smemlint.symbolic.values import Known, RowDivergence, Unknown, select

HEAD = """
__constant__ int cst[64];
__device__ int pick(int t, int n) {
    if (n & 1) return t;
    return t * 2;
}
"""

KERNELS = {
    "stride": "s[threadIdx.x * (n + 1) % 8192] = 1.0f;",
    "grid_stride_loop": """
        for (int i = threadIdx.x; i < n; i += blockDim.x) s[(i * 33) % 8192] = g[i];""",
    "trip_count_mod": """
        for (int i = 0; i < (n & 31) + 1; ++i) s[(threadIdx.x * i) % 8192] = 0.0f;""",
    "break_on_n": """
        int acc = 0;
        for (int i = 0; i < 16; ++i) {
            if (i > (n & 7)) break;
            acc += i;
            s[(threadIdx.x * (acc + 1)) % 8192] = 0.0f;
        }""",
    "access_in_loop_condition_after_break": """
        int i = 0;
        while (t[i & 15] >= 0 && i < 32) {
            if (i > (n & 7)) break;
            s[(threadIdx.x * n + i) % 8192] = 0.0f;
            ++i;
        }""",
    "lane_break_on_n": """
        for (int i = 0; i < 8; ++i) {
            if (threadIdx.x + i * 32 > n - 1000) break;
            s[(threadIdx.x * (i + 1)) % 8192] = 0.0f;
        }""",
    "continue_on_n": """
        for (int i = 0; i < 8; ++i) {
            if ((i + n) & 1) continue;
            s[(threadIdx.x * (i + n)) % 8192] = 0.0f;
        }""",
    "select_uniform": "s[(n & 1) ? threadIdx.x : threadIdx.x * 2] = 0.0f;",
    "select_lanes": "s[(threadIdx.x < (n & 31)) ? threadIdx.x * 32 : threadIdx.x] = 0.0f;",
    "select_mixed_kinds": "s[(n & 1) ? threadIdx.x : t[threadIdx.x]] = 0.0f;",
    "division_by_zero": "s[threadIdx.x / ((n - 1) & 3)] = 0.0f;",
    "modulo_by_zero_lanes": "s[threadIdx.x % ((n & 31) - (int)threadIdx.x % 4)] = 0.0f;",
    "uniform_in_some_blocks": """
        int v = threadIdx.x * (n & 1);
        float f = v;
        int w = f;
        s[w + threadIdx.x] = 0.0f;""",
    "defined_in_some_blocks": """
        int x;
        if (n & 1) x = threadIdx.x;
        s[x * 2] = 0.0f;""",
    "early_return": """
        if ((n & 3) == 1) return;
        s[(threadIdx.x * n) % 8192] = 0.0f;""",
    "lane_return": """
        if (threadIdx.x >= (n & 63) + 8) return;
        s[(threadIdx.x * (n & 7)) % 8192] = 0.0f;""",
    "device_function_return": "s[pick(threadIdx.x, n) * 16 % 8192] = 0.0f;",
    "uniform_load_offset": """
        int off = t[n & 15];
        s[threadIdx.x + off] = 0.0f;""",
    "varying_load_by_n": """
        int off = t[(threadIdx.x * (n & 1)) & 15];
        s[threadIdx.x + off] = 0.0f;""",
    "data_dependent_branch": """
        int x = 1;
        if (g[threadIdx.x] > 0.0f) { x = n & 1; }
        s[threadIdx.x * (x + 1)] = 0.0f;""",
    "data_dependent_loop": """
        for (int i = 0; i < n; ++i) {
            if (g[i] > 0.0f) break;
            s[(threadIdx.x * (i + n)) % 8192] = 0.0f;
        }""",
    "popc": "s[__popc(n + threadIdx.x) * 32] = 0.0f;",
    "constant_memory": "g[threadIdx.x] = cst[(threadIdx.x * n) & 63];",
    "global_stride": "g[threadIdx.x * n % 65536] = 1.0f;",
    "global_row_major": "g[(threadIdx.y * n + threadIdx.x) % 65536] = g[threadIdx.x];",
    "vector_width": "reinterpret_cast<float2*>(s)[(threadIdx.x * (n + 3)) % 4096] = make_float2(0.f, 0.f);",
    "do_while": """
        int i = 0;
        do { s[(threadIdx.x * (i + n)) % 8192] = 0.0f; ++i; } while (i < (n & 3));""",
    "two_parameters": "s[(threadIdx.x * n + threadIdx.x * m) % 8192] = 0.0f;",
    "assignment_in_condition": """
        int j = 0;
        while ((j = j + (n & 3) + 1) < 12) s[(threadIdx.x * j) % 8192] = 0.0f;""",
    "nested_loops": """
        for (int a = 0; a < (n & 3) + 1; ++a)
            for (int b = 0; b < ((n >> 2) & 3) + 1; ++b)
                s[(threadIdx.x * (a * 4 + b + 1)) % 8192] = 0.0f;""",
}


def _kernel(body: str, name: str = "k") -> str:
    return f"""
__global__ void {name}(float* g, const int* t, int n, int m) {{
    __shared__ float s[8192];
    {body}
}}
"""


def _source(body: str) -> str:
    return HEAD + _kernel(body)


def _compare(path: str, block=(32, 4, 1)) -> list[str]:
    """Per swept parameter: 'batched' or 'fallback: why'; asserts the per-residue metrics agree."""
    settings = Settings(cuda_headers="bundled", block=block)
    result = analyze_file(path, settings)
    assert result.status == "ok", result.error
    out = []
    for kr in result.kernels:
        kernel, unit = kr.ir, kr.unit
        resolved = resolve(kernel, unit, *settings.block_for(kernel.name))
        base_run = run_kernel(unit, kernel, resolved.config, settings.arch)
        assumed = [p for p in sorted(base_run.params_read)
                   if resolved.param_sources.get(p, "").endswith("in this file)")]
        for name in assumed:
            cfg = resolved.config
            base = cfg.params[name]
            try:
                batched = run_kernel(unit, kernel, cfg, settings.arch, sweep=name)
            except RowDivergence as e:
                out.append(f"fallback: {e}")
                continue
            out.append("batched")
            for r in range(SWEEP_RESIDUES):
                params = dict(cfg.params)
                params[name] = base - base % SWEEP_RESIDUES + r
                one = run_kernel(unit, kernel, LaunchConfig(cfg.block, cfg.grid, cfg.block_idx, params),
                                 settings.arch)
                for sid, st in one.stats.items():
                    assert batched.stats[sid].row_metrics()[r] == _site_metric(st), (kernel.name, name, r, sid)
    return out


def _no_batching(monkeypatch) -> None:
    """Make the sweep's batched evaluation fail, so it evaluates one residue at a time."""
    real = analysis.run_kernel

    def no_batching(*args, sweep=None, **kwargs):
        if sweep is not None:
            raise RowDivergence("disabled for the test")
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "run_kernel", no_batching)


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_batched_sweep_equals_one_run_per_residue(tmp_path: Path, name: str) -> None:
    p = tmp_path / "k.cu"
    p.write_text(_source(KERNELS[name]))
    outcomes = _compare(str(p))
    assert outcomes, "no parameter was swept"
    if name in ("uniform_in_some_blocks", "defined_in_some_blocks", "varying_load_by_n"):
        assert any(o.startswith("fallback") for o in outcomes), outcomes  # the blocks need different values


@pytest.mark.parametrize("block", [(48, 1, 1), (33, 3, 1), (256, 1, 1)])
def test_partial_warps_do_not_straddle_blocks(tmp_path: Path, block) -> None:
    p = tmp_path / "k.cu"
    p.write_text(_source("s[(threadIdx.x * n) % 8192] = g[threadIdx.x * (n + 1) % 4096];"))
    assert _compare(str(p), block) == ["batched"]


def test_worst_cases_equal_with_and_without_batching(tmp_path: Path, monkeypatch) -> None:
    p = tmp_path / "k.cu"
    p.write_text(HEAD + "".join(_kernel(body, f"k_{name}") for name, body in KERNELS.items()))
    settings = Settings(cuda_headers="bundled", block=(32, 4, 1))

    def worst(res):
        return [(a.kernel, a.line, a.column, a.worst_case, a.wavefronts_per_request, a.sectors_per_request)
                for k in res.kernels for a in k.accesses]

    batched = analyze_file(str(p), settings)
    assert batched.status == "ok" and len(batched.kernels) == len(KERNELS), batched.notes
    assert any(a.worst_case for k in batched.kernels for a in k.accesses)

    _no_batching(monkeypatch)
    assert worst(analyze_file(str(p), settings)) == worst(batched)


def test_select_of_batched_masks() -> None:
    t = np.arange(4)
    rows = np.arange(3)[:, None]
    a, b = Known(t * 10), Known(t * 100)
    mask = np.array([[True] * 4, [False] * 4, [True, False, True, False]])
    v = select(mask, a, b)
    assert isinstance(v, Known) and v.arr.tolist() == [[0, 10, 20, 30], [0, 100, 200, 300], [0, 100, 20, 300]]
    # same kind in every block: one value
    u = Unknown(True, "x")
    assert select(mask, u, u) == u
    # a Known in one block, an unknown in another: no single value
    with pytest.raises(RowDivergence):
        select(mask, a, u)
    # a shift that only some blocks keep
    with pytest.raises(RowDivergence):
        select(mask, Known(t, "s"), b)
    # uniformity per block
    assert Known(rows + 0 * t).uniform()
    assert not Known(rows + t).uniform()
    with pytest.raises(RowDivergence):
        Known(rows * t).uniform()



COSTLY = """
__global__ void k(float* g, int n{extra}) {{
    __shared__ float s[8192];
    {pre}
    for (int i = 0; i < 64; ++i)
        for (int j = 0; j < {inner}; ++j)
            s[(threadIdx.x * {stride} + i + j) % 8192] += g[threadIdx.x * n + i];
}}
"""
NOT_COMPUTED = "worst case over the residues of {} not computed (the kernel is too costly to re-evaluate 31 more times)"


def _lint(tmp_path: Path, text: str, block=(32, 1, 1)):
    p = tmp_path / "k.cu"
    p.write_text(text)
    r = analyze_file(str(p), Settings(cuda_headers="bundled", block=block))
    assert r.status == "ok" and len(r.kernels) == 1, r.notes
    return r.kernels[0]


def _not_computed(k) -> list[str]:
    return [a for a in k.assumptions if "not computed" in a]


def test_a_kernel_too_costly_for_separate_runs_is_swept_batched(tmp_path: Path, monkeypatch) -> None:
    text = COSTLY.format(extra="", pre="", inner=8, stride="n")
    k = _lint(tmp_path, text)
    it = run_kernel(k.unit, k.ir, k.config, "sm_90")
    assert analysis._one_by_one_cost(it, ["n"]) > analysis.SWEEP_STEPS >= analysis._sweep_cost(it, ["n"])
    assert not _not_computed(k)
    assert [a.worst_case for a in k.accesses if a.space == "shared"] == \
        [{"wavefronts_per_request": 16.0, "condition": "n % 32 == 16"}] * 2
    # what 31 more separate runs give (allowed here by a larger step budget)
    monkeypatch.setattr(analysis, "SWEEP_STEPS", 10 ** 9)
    _no_batching(monkeypatch)
    assert [a.worst_case for a in _lint(tmp_path, text).accesses] == [a.worst_case for a in k.accesses]


def test_a_kernel_cut_short_is_not_swept(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(interp, "SOFT_STEP_BUDGET", interp.STEP_BUDGET)  # the hard stop, not loop sampling
    k = _lint(tmp_path, COSTLY.format(extra=", int m", pre="", inner=64, stride="(n + m)"))
    assert any("evaluation steps" in t for t in k.notes)  # the main evaluation stopped at its step budget
    assert _not_computed(k) == [NOT_COMPUTED.format("m, n")]
    assert all(a.worst_case is None for a in k.accesses)


def test_a_batched_run_over_its_budget_is_stopped(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(interp, "SOFT_STEP_BUDGET", interp.STEP_BUDGET)  # the work budget, not loop sampling
    # every value depends on n + m, in a block of 256: far more work than steps
    text = COSTLY.format(extra=", int m", pre="", inner=12, stride="(n + m)")
    k = _lint(tmp_path, text, block=(256, 1, 1))
    it = run_kernel(k.unit, k.ir, k.config, "sm_90")
    assert it.steps <= STEP_BUDGET and analysis._one_by_one_cost(it, ["m", "n"]) > analysis.SWEEP_STEPS
    with pytest.raises(BudgetExceeded):
        run_kernel(k.unit, k.ir, k.config, "sm_90", sweep="n", sweep_budget=analysis.SWEEP_STEPS // 2)
    assert _not_computed(k) == [NOT_COMPUTED.format("m, n")]
    assert all(a.worst_case is None for a in k.accesses)


def test_a_divergent_kernel_too_costly_for_separate_runs_is_not_swept(tmp_path: Path) -> None:
    pre = "int x; if (n & 1) x = 1;"
    k = _lint(tmp_path, COSTLY.format(extra="", pre=pre, inner=8, stride="(n + x)"))
    with pytest.raises(RowDivergence):
        run_kernel(k.unit, k.ir, k.config, "sm_90", sweep="n")
    assert _not_computed(k) == [NOT_COMPUTED.format("n")]


def test_diverging_residues_are_split_not_run_one_by_one(tmp_path, monkeypatch) -> None:
    """A helper that returns only for some residues makes the batched run diverge; halving the
    residues finds groups that agree, and the worst case equals the one of separate runs."""
    import smemlint.analysis as analysis
    from smemlint.config import Settings
    from smemlint.lint import lint_file

    src = tmp_path / "k.cu"
    src.write_text("""
__device__ int pick(int n, int t) { if (n % 32 >= 24) return t * n; return t; }
__global__ void k(float *out, int n)
{
    __shared__ float s[32 * 33];
    s[pick(n, threadIdx.x)] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = s[pick(n, threadIdx.x)];
}
void go(float *o, int n) { k<<<1, 32>>>(o, n); }
""")
    calls = {"batched": 0, "single": 0}
    orig = analysis.run_kernel

    def counting(*a, **kw):
        calls["batched" if kw.get("sweep") else "single"] += 1
        return orig(*a, **kw)

    analysis.run_kernel = counting
    try:
        result = lint_file(str(src), Settings(cuda_headers="bundled"))
    finally:
        analysis.run_kernel = orig
    worst = {a.line: a.worst_case for k in result.kernels for a in k.accesses if a.space == "shared"}
    assert worst and all(w == {"wavefronts_per_request": 8.0, "condition": "n % 32 == 24"} for w in worst.values()), worst
    assert calls["batched"] > 1  # the first batched run diverged and was split
    assert calls["single"] < 8  # the main run plus a few; one by one would be 31 more
    _no_batching(monkeypatch)  # one run per residue: the reference
    reference = lint_file(str(src), Settings(cuda_headers="bundled"))
    assert worst == {a.line: a.worst_case for k in reference.kernels for a in k.accesses if a.space == "shared"}


def test_a_divergence_splits_the_residues_where_they_part(tmp_path: Path, monkeypatch) -> None:
    """Only residue 31 of n leaves the block idle (no lane enters the `if`), so `i` is defined in
    the other blocks only: the batch is split into {31} and the 31 others, not halved down to
    groups of four and single runs. (The same happens with an int product that overflows for
    some residues, as in llm.c's unpermute kernels.)"""
    src = tmp_path / "k.cu"
    src.write_text("""
__global__ void k(float *out, int n)
{
    __shared__ float s[1024];
    if (threadIdx.x < ((n + 1) & 31) * 8) {
        int i = threadIdx.x * ((n & 7) + 1);
        s[i % 1024] = out[i];
    }
}
void go(float *o, int n) { k<<<1, 32>>>(o, n); }
""")
    groups: list[tuple] = []
    real = analysis.run_kernel

    def recording(*a, **kw):
        if kw.get("sweep"):
            groups.append(kw["residues"])
        return real(*a, **kw)

    monkeypatch.setattr(analysis, "run_kernel", recording)
    settings = Settings(cuda_headers="bundled")
    [kernel] = analyze_file(str(src), settings).kernels
    assert groups == [tuple(range(32)), tuple(range(31))]
    worst = [(a.line, a.worst_case) for a in kernel.accesses]
    assert any(w for _, w in worst), worst
    monkeypatch.setattr(analysis, "run_kernel", real)
    _no_batching(monkeypatch)
    assert [(a.line, a.worst_case) for a in analyze_file(str(src), settings).kernels[0].accesses] == worst
