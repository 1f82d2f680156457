"""Device lambdas run by the kernels they are passed to (fixtures/device_lambdas.cu, the real parse):
captured variables read as the closure's fields, named after them; a lambda capturing `this` is
not followed; a host template instance that writes a lambda is walked for its launches."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "device_lambdas.cu"


def _line(text: str) -> int:
    return next(n for n, ln in enumerate(FIXTURE.read_text().splitlines(), 1) if text in ln)


def _result():
    return lint_file(str(FIXTURE), Settings())


def test_captured_pointers_are_the_closures_fields() -> None:
    r = _result()
    by_line = {}
    for a in r.accesses:
        if a.file.endswith("device_lambdas.cu"):
            by_line.setdefault(a.line, set()).add((a.symbol, a.op, a.sectors_per_request))
    assert by_line[_line('out[i] = in[i];')] == {("fun.out", "st", 4.0), ("fun.in", "ld", 4.0)}
    assert by_line[_line('in[i * stride]')] == {("fun.out", "st", 4.0), ("fun.in", "ld", 8.0)}  # `stride` folded: a constant
    assert by_line[_line('o[i] = v;')] == {("fun.o", "st", 4.0)}  # an initialized capture


def test_a_lambda_that_captures_this_is_not_followed() -> None:
    r = _result()
    line = _line("[this] __device__")
    this_kernel = [k for k in r.kernels if f"device_lambdas.cu:{line}:" in k.name]
    assert len(this_kernel) == 1  # launched, analysed, its body not followed
    assert not [a for a in r.accesses if a.line == line + 1 and a.file.endswith("device_lambdas.cu")]


def test_a_host_instance_that_writes_a_lambda_launches_its_kernel() -> None:
    r = _result()
    gen = [k for k in r.kernels if k.name.startswith("generate_kernel<float, CounterRng, 4,")]
    assert len(gen) == 1 and "from the launch at" in gen[0].assumptions[0]
    assert any(a.symbol == "out" and a.op == "st" and a.sectors_per_request == 4 and a.predictable
               for a in r.accesses if a.file.endswith("device_lambda_launch.cuh"))
