"""A host variable a call writes through its address in a declaration's initializer (`bool ok =
loadImage(path, &width, &height);`, HeCBench boxfilter) is not its initial value at the launch:
every access of the kernel was "not executed by any thread" with `width = 0`. An address a
declaration only stores (`int *kept[] = {&n};`) and a variable passed by value keep the value."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "out_parameters.cu"


def test_a_variable_written_through_its_address_in_a_declaration_is_not_its_initial_value() -> None:
    r = lint_file(str(FIXTURE), Settings())
    assert r.status == "ok", r.error
    k = {k.name: k for k in r.kernels}
    copy = k["copyImage"]
    assert any(x.startswith("width = 1024 assumed") for x in copy.assumptions), copy.assumptions
    assert not any("width = 0" in x for x in copy.assumptions)
    assert all(a.predictable and a.sectors_per_request == 4.0 for a in copy.accesses)
    lanes = k["firstLanes"]
    assert any(x.startswith("n = 16 from the launch") for x in lanes.assumptions), lanes.assumptions
    assert all(a.sectors_per_request == 2.0 and a.requests == 1 for a in lanes.accesses)


def test_a_static_member_read_through_an_object_is_the_class_constant() -> None:
    """HeCBench p4: `Params p; dim3 threads(p.num_anchors);` with `static const int num_anchors =
    num_classes * 2;` gives block (6) (it was assumed 256); a member nothing sets stays unknown."""
    fixture = Path(__file__).parent.parent / "fixtures" / "static_members.cu"
    r = lint_file(str(fixture), Settings())
    assert r.status == "ok", r.error
    k = {k.name: k for k in r.kernels}
    assert k["perAnchor"].block == (6, 1, 1), k["perAnchor"].assumptions
    assert k["perWidth"].block == (256, 1, 1) and "assumed" in k["perWidth"].assumptions[0]
