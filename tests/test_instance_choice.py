"""Which launched instances of a kernel are analysed when more are launched than may be: the fewest
flags set first, each flag some launch sets set in one analysed instance (fixtures/flag_instances.cu:
the real parse)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.host.launches import instances_to_analyse
from smemlint.lint import lint_file

FIXTURE = Path(__file__).parent.parent / "fixtures" / "flag_instances.cu"


def test_each_flag_set_once_in_the_fewest_flags_order() -> None:
    args = [("float", str(r), "false", "false") for r in range(18)] + [("float", "0", "true", "false"),
                                                                     ("float", "1", "true", "true")]
    chosen = instances_to_analyse(args, 4)
    assert chosen == [0, 1, 18, 19]  # the flag-less first, then HAS_VAL alone, then the one that adds STRIDED
    assert instances_to_analyse(args, 2) == [18, 19]  # the flags before more of the common path
    assert instances_to_analyse(args[:3], 16) == [0, 1, 2]  # fewer than the limit: all, in order


def test_the_flag_only_one_launch_sets_is_analysed() -> None:
    r = lint_file(str(FIXTURE), Settings())
    names = {k.name for k in r.kernels}
    assert len(names) == 16 and "segment_sum<float, 0, true, false>" in names
    assert any(a.symbol == "src" and a.sectors_per_request == 4 for a in r.accesses)
