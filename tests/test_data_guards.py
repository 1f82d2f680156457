"""Issue 30 item 1: a guard on loaded data is reported as such, not assumed taken. A `continue` or
`break` under a data-dependent condition (HeCBench d3q19-bgk: `if (boundary == bounce) continue;`
after loading the cell's flag) used to leave every lane, so nothing after it in the loop was
evaluated ("not executed by any thread"); now the rest of the body runs for the lanes the data lets
through, each of its accesses saying which path it is on, as both sides of a data-dependent `if` are."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

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
