"""symbolic/assumed.py: assumed integers lowered only where that reaches more accesses (issue 30 item 1)."""
from __future__ import annotations

from types import SimpleNamespace

from smemlint.symbolic.assumed import CANDIDATES, LARGER, fit


def _run(reached_under):  # noqa: ANN001, ANN202
    """A stand-in for run_kernel: the sites a run reaches are what `reached_under(params)` says."""
    calls = []

    def run(params):  # noqa: ANN001, ANN202
        calls.append(dict(params))
        sites = reached_under(params)
        stats = {sid: SimpleNamespace(executions=int(sid in sites), unpredictable=None)
                 for sid in range(4)}
        return SimpleNamespace(stats=stats, steps=10, notes=[], budget_sampled=False, params=dict(params))
    return run, calls


def test_a_shift_amount_is_lowered_to_the_largest_value_that_reaches_more() -> None:
    run, calls = _run(lambda p: {0, 1, 2} if p["log2N"] < 32 else set())
    base = run({"log2N": 1024, "n": 1024})
    params, best, gained = fit({"log2N": 1024, "n": 1024}, ["log2N"], base, run)
    assert params == {"log2N": 16, "n": 1024}  # 256 and 64 still shift everything out
    assert gained == {"log2N": frozenset({0, 1, 2})}
    assert best.params == params


def test_the_next_value_reaches_code_for_odd_sizes() -> None:
    run, _ = _run(lambda p: {0, 1, 2, 3} if p["log2N"] < 32 and p["log2N"] % 2 else
                  ({0, 1, 2} if p["log2N"] < 32 else set()))
    params, _, gained = fit({"log2N": 1024}, ["log2N"], run({"log2N": 1024}), run)
    assert params == {"log2N": 17} and gained == {"log2N": frozenset({0, 1, 2, 3})}


def test_a_value_that_loses_a_reached_access_is_not_taken() -> None:
    # n >= 64 reaches sites 0, 1; smaller n reaches 0 and 2 (a branch for small sizes): not a superset
    run, calls = _run(lambda p: {0, 1} if p["n"] >= 64 else {0, 2})
    base = run({"n": 1024})
    params, best, gained = fit({"n": 1024}, ["n"], base, run)
    assert params == {"n": 1024} and best is base and gained == {}
    assert [c["n"] for c in calls[1:]] == [v for v in CANDIDATES if v < 1024] + [1025] + list(LARGER)


def test_a_size_that_must_hold_others_is_raised_when_no_smaller_value_helps() -> None:
    """HeCBench resize: `output_size / (out_height * out_width)` channels is 0 with every size 1024
    assumed, and the kernel emptied; a larger `output_size` (the smallest of LARGER that does) reaches
    its accesses, a smaller one never does."""
    run, calls = _run(lambda p: {0, 1, 2, 3} if p["output_size"] >= 1 << 20 else {0})
    base = run({"output_size": 1024})
    params, _, gained = fit({"output_size": 1024}, ["output_size"], base, run)
    assert params == {"output_size": 1 << 20} and gained == {"output_size": frozenset({1, 2, 3})}
    assert [c["output_size"] for c in calls[1:]] == [v for v in CANDIDATES if v < 1024] + [1025, 1 << 16, 1 << 20]


def test_nothing_is_tried_when_every_access_is_reached_or_nothing_was_assumed() -> None:
    run, calls = _run(lambda p: {0, 1, 2, 3})
    base = run({"n": 1024})
    assert fit({"n": 1024}, ["n"], base, run)[1] is base and len(calls) == 1
    run, calls = _run(lambda p: {0})
    base = run({"n": 1024})
    assert fit({"n": 1024}, [], base, run)[1] is base and len(calls) == 1


def test_what_another_block_reaches_counts_under_an_assumed_grid() -> None:
    """symbolic/edge_blocks.py: block 0 always takes `if (b < nActive)` (sites 0, 1); the assumed grid's last
    block (63) takes the other branch (sites 2, 3) only once nActive is below 64. Alone, block 0 gains
    nothing from a smaller count and the default stayed; with the last block counted, 16 is taken."""
    run, _ = _run(lambda p: {0, 1})
    base = run({"nActive": 1024})
    assert fit({"nActive": 1024}, ["nActive"], base, run)[0] == {"nActive": 1024}

    def also(p):  # noqa: ANN001, ANN202
        return (frozenset({2, 3}) if p["nActive"] <= 63 else frozenset({0, 1})), 10
    params, _, gained = fit({"nActive": 1024}, ["nActive"], base, run, also)
    assert params == {"nActive": 16} and gained == {"nActive": frozenset({2, 3})}
    # where the other block reaches nothing more, nothing changes
    assert fit({"nActive": 1024}, ["nActive"], base, run, lambda p: (frozenset({0, 1}), 10))[0] == {"nActive": 1024}


def test_an_assumed_grid_spreads_over_the_dimensions_the_kernel_indexes():
    """symbolic/launch.assumed_grid: one block along y emptied apex's `if (gridDim.y > 1)` cross-block
    reduction in every large run; a launch's known components (an integer grid: (None, 1, 1)) stay."""
    from smemlint.symbolic.launch import assumed_grid
    reads_y = SimpleNamespace(uses={"blockIdx.x", "gridDim.y"})
    assert assumed_grid(reads_y, None) == ((64, 8, 1), (1,))
    assert assumed_grid(reads_y, (None, 1, 1)) == ((64, 1, 1), ())
    assert assumed_grid(reads_y, (None, 3, None)) == ((64, 3, 1), ())
    assert assumed_grid(SimpleNamespace(uses={"blockIdx.z", "threadIdx.x"}), None) == ((64, 1, 4), (2,))
    assert assumed_grid(SimpleNamespace(uses={"blockIdx.x"}), None) == ((64, 1, 1), ())


def test_an_origin_is_never_raised_and_the_next_value_comes_before_larger_ones() -> None:
    """cuda-samples boxFilter: `r` (a radius the roles take for an origin, 0) reaches the main loop at 1;
    larger values are for sizes assumed at the default only, and come last (their runs are the costliest:
    trying them first spent the fit's steps before r = 1 was tried)."""
    run, calls = _run(lambda p: {0, 1, 2, 3} if p["r"] == 1 else {0})
    base = run({"r": 0, "n": 1024})
    params, _, gained = fit({"r": 0, "n": 1024}, ["r"], base, run)
    assert params == {"r": 1, "n": 1024} and [c["r"] for c in calls[1:]] == [1]


def test_real_kernels_a_larger_size_and_a_struct_field_are_fitted() -> None:
    """fixtures/unknown_sizes.cu: `total` raised to 2^24 (a size that must hold others), and the field
    `level.depth` of a struct passed by value lowered to 256, each said on the access."""
    from pathlib import Path

    from smemlint.config import Settings
    from smemlint.lint import lint_file

    r = lint_file(str(Path(__file__).parent.parent / "fixtures" / "unknown_sizes.cu"), Settings())
    notes = {k.name: [n for a in k.accesses for n in a.assumptions if "no thread reaches" in n] for k in r.kernels}
    assert notes["channel_groups"] and all(n.startswith("total = 16777216 assumed (at 1024 no thread reaches")
                                           for n in notes["channel_groups"])
    assert notes["bounded_depth"] and all(n.startswith("level.depth = 256 assumed (at 1024 no thread reaches")
                                          for n in notes["bounded_depth"])


def test_no_value_is_tried_for_a_site_no_evaluation_reaches() -> None:
    """Site 3 is never reached whatever the integers (`never`: the loop load of a global `atomicAdd`):
    the fit runs no trial for it, and its answer is the one every trial would have left."""
    run, calls = _run(lambda p: {0, 1, 2})
    base = run({"n": 1024})
    assert fit({"n": 1024}, ["n"], base, run)[0] == {"n": 1024} and len(calls) > 1
    run, calls = _run(lambda p: {0, 1, 2})
    base = run({"n": 1024})
    params, best, gained = fit({"n": 1024}, ["n"], base, run, never=lambda: frozenset({3}))
    assert params == {"n": 1024} and best is base and gained == {} and len(calls) == 1
    # `never` may name reached sites too (steering.unsteered: their reach no value changes): no goal either
    run, calls = _run(lambda p: {0, 1, 2})
    base = run({"n": 1024})
    params, best, gained = fit({"n": 1024}, ["n"], base, run, never=lambda: frozenset({0, 3}))
    assert params == {"n": 1024} and best is base and gained == {} and len(calls) == 1


def test_the_loop_load_of_an_atomic_on_global_memory_is_never_reached(tmp_path) -> None:
    """A float `atomicAdd` on global memory is one instruction: its compare-and-swap loop's load (a site
    lowering makes beside it) is reached by no evaluation. On shared memory, through a variable that may
    point there, or in a function (whose pointer is its caller's), it may be."""
    from smemlint.config import Settings
    from smemlint.lint import lint_file
    from smemlint.symbolic.assumed import unreached_loop_loads
    from smemlint.symbolic.costing import loop_loads

    path = tmp_path / "adds.cu"
    path.write_text(
        "__device__ void add(float *p, float v) { atomicAdd(p, v); }\n"
        "__global__ void k(float *out, int n) {\n    __shared__ float sum;\n"
        "    if (threadIdx.x < n) { atomicAdd(&sum, 1.0f); atomicAdd(&out[threadIdx.x], 1.0f); }\n}\n"
        "__global__ void through(float *out, int n) {\n    __shared__ float s[256];\n"
        "    float *p = n > 4 ? out : s;\n    atomicAdd(&p[threadIdx.x], 1.0f);\n}\n"
        "__global__ void helper(float *out) { add(&out[threadIdx.x], 1.0f); }\n")
    r = lint_file(str(path), Settings())
    kernels = {k.name: k for k in r.kernels}
    k = kernels["k"].ir
    loads = loop_loads(k.sites)  # atomic site -> its loop load's site
    never = unreached_loop_loads(kernels["k"].unit, k)
    atomics = {s.id: s for s in k.sites if s.op == "atomic"}
    assert len(loads) == 2 and len(never) == 1
    (global_load,) = never
    assert next(atomics[a].symbol_hint for a, ld in loads.items() if ld == global_load) == "out"
    for name in ("through", "helper"):
        kr = kernels[name]
        assert loop_loads(kr.ir.sites) and not unreached_loop_loads(kr.unit, kr.ir)
