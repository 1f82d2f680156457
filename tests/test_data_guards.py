"""Issue 30 item 1: a guard on loaded data is reported as such, not assumed taken. A `continue` or
`break` under a data-dependent condition (HeCBench d3q19-bgk: `if (boundary == bounce) continue;`
after loading the cell's flag) used to leave every lane, so nothing after it in the loop was
evaluated ("not executed by any thread"); now the rest of the body runs for the lanes the data lets
through, each of its accesses saying which path it is on, as both sides of a data-dependent `if` are."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.report.json_report import report_dict
from smemlint.symbolic.stats import WHOLE_BLOCKS

FIXTURE = Path(__file__).parent.parent / "fixtures" / "data_guards.cu"


def _kernels():
    r = lint_file(str(FIXTURE), Settings())
    assert r.status == "ok", r.error
    return {k.name: k for k in r.kernels}


def _line(text: str) -> int:
    return next(i for i, t in enumerate(FIXTURE.read_text().splitlines(), 1) if text in t)


def _past(a) -> list[str]:
    return [x for x in a.assumptions if x.startswith("the path past a `")]


def test_the_path_past_a_data_dependent_continue_is_evaluated_and_said() -> None:
    k = _kernels()["skipOnFlag"]
    guard = _line("if (f == 3)")
    after = [a for a in k.accesses if a.line == _line("out[i] = in[i] * 2.0f;")]
    assert len(after) == 2 and all(a.predictable and a.sectors_per_request == 4.0 for a in after)
    for a in after:
        assert _past(a) == [f"the path past a `continue` whose condition on line {guard} depends on a value "
                            "loaded from `flags`; assumed taken by every lane"], a.assumptions
    # the flag's own load, before the guard, is on no such path (not in its iteration, nor the next:
    # a `continue` ends one iteration only)
    (flag,) = [a for a in k.accesses if a.line == _line("char f = flags[i];")]
    assert flag.predictable and not _past(flag), flag.assumptions


def test_a_data_dependent_break_is_said_in_the_iterations_after_it() -> None:
    k = _kernels()["stopOnFlag"]
    store = next(a for a in k.accesses if a.op == "st")
    assert store.predictable and store.sectors_per_request == 4.0 and store.requests == 16, store.assumptions
    assert any("`break`" in x for x in _past(store))
    # the next iteration's flag load runs only for the lanes that did not break: said too
    (flag,) = [a for a in k.accesses if a.line == _line("int f = flags[k * n + threadIdx.x];")]
    assert flag.requests == 16 and any("`break`" in x for x in _past(flag)), flag.assumptions


def test_a_continue_on_the_thread_index_still_skips_its_lanes() -> None:
    k = _kernels()["skipOnIndex"]
    assert all(a.sectors_per_request == 2.0 and not _past(a) for a in k.accesses), \
        [(a.text, a.sectors_per_request, a.assumptions) for a in k.accesses]


def test_a_guard_on_a_word_the_whole_block_loads_is_taken_by_whole_blocks() -> None:
    k = _kernels()["blockAndLaneGuards"]
    under = [a for a in k.accesses if a.line == _line("out[i] = s[t];")]
    assert {(a.space, a.wavefronts_per_request or a.sectors_per_request) for a in under} == \
        {("shared", 1.0), ("global", 4.0)}
    for a in under:
        assert a.data_dependent == "blocks", a.assumptions
        assert f"condition on line {_line('if (last)')} depends on a value loaded from `last`{WHOLE_BLOCKS}" \
            in a.assumptions, a.assumptions
    # a loop whose trip count every thread loads from one word: the same
    in_loop = [a for a in k.accesses if a.line == _line("out[i + (k + 1) * 4096] = s[t];")]
    assert in_loop and all(a.data_dependent == "blocks" for a in in_loop)
    assert all(any(n.startswith("loop condition on line") for n in a.assumptions) for a in in_loop)
    # before any guard: none
    assert all(a.data_dependent is None for a in k.accesses if a.line == _line("s[t] = in[i];"))


def test_a_guard_on_per_lane_data_is_a_full_warps_number_and_the_finding_says_so() -> None:
    r = lint_file(str(FIXTURE), Settings())
    k = next(k for k in r.kernels if k.name == "blockAndLaneGuards")
    guard, line = _line("if (in[i] > 0.f)"), _line("out[i] = s[(t * 2) % 128];")
    under = [a for a in k.accesses if a.line == line]
    assert len(under) == 2 and all(a.data_dependent == "lanes" for a in under)
    (conflict,) = [d for d in r.diagnostics if d.code == "SMEM001" and d.line == line]
    assert f"; if every lane gets here (condition on line {guard} depends on a value loaded from `in`)" \
        in conflict.message, conflict.message
    # the report's field, for a CI gate that treats such numbers apart
    entries = [e for e in report_dict([r], "sm_90")["accesses"] if e["line"] in (line, _line("out[i] = s[t];"))]
    assert sorted({e["data_dependent"] for e in entries}) == ["blocks", "lanes"]


def test_and_and_or_short_circuit_as_in_c() -> None:
    """`i < 16 && a[i * 8] > 0`: lanes 16-31 neither load `a` nor take the branch (16 sectors, then 2),
    where both operands used to be evaluated by every lane (32 sectors) and the branch taken by all
    (4); `||` leaves the right operand to the lanes the left one does not decide. A pointer compared
    with nullptr decides for whole blocks."""
    k = _kernels()["shortCircuit"]
    by_line = {(a.line, a.symbol): a for a in k.accesses}
    first, second = _line("if (i < 16 && a[i * 8] > 0.f)"), _line("if (i >= 16 || a[i * 8 + 1] > 0.f)")
    assert by_line[(first, "a")].sectors_per_request == 16.0 and by_line[(first, "a")].data_dependent is None
    assert by_line[(first + 1, "out")].sectors_per_request == 2.0
    assert by_line[(first + 1, "out")].data_dependent == "lanes"
    assert by_line[(second, "a")].sectors_per_request == 16.0
    stores = [a for a in k.accesses if a.line == _line("out[128 + blockIdx.x] = bias[blockIdx.x];")]
    assert len(stores) == 2 and all(a.data_dependent == "blocks" for a in stores)
    assert any("a comparison of the pointer `bias`" in n for n in stores[0].assumptions), stores[0].assumptions
