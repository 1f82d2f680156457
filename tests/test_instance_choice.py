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


def test_a_costly_kernels_instances_cover_each_flag_and_value_in_few() -> None:
    from smemlint.host.launches import covering_instances

    # flash-attention's forward kernel: traits, then dropout, local, alibi, even_K, softcap flags
    t32, t64 = "Traits<128, 32>", "Traits<128, 64>"
    args = [(t32, "false", "false", "false", "false", "false"), (t64, "false", "false", "false", "false", "false"),
            (t32, "true", "false", "false", "false", "false"), (t32, "false", "true", "false", "false", "false"),
            (t32, "false", "false", "true", "true", "false"), (t64, "true", "true", "false", "false", "false"),
            (t32, "false", "false", "false", "false", "true"), (t64, "false", "true", "true", "true", "true")]
    chosen = covering_instances(args, 0)
    assert chosen[0] == 0 and chosen[1] == 7  # the base, then the launch that adds the most not yet analysed
    covered = set().union(*({(j, v) for j, v in enumerate(args[i]) if v != "false"} for i in chosen))
    assert covered == set().union(*({(j, v) for j, v in enumerate(a) if v != "false"} for a in args))
    assert len(chosen) == 3  # base, t64 with local/alibi/even_K/softcap, then dropout (fewest flags: index 2)
    assert chosen[2] == 2
    assert covering_instances(args[:1], 0) == [0]  # nothing more to cover


def test_over_the_statement_budget_the_flag_comes_before_more_values(monkeypatch) -> None:
    import smemlint.lower.extract as extract

    # 19 launched, 16 chosen; each instance lowers to a few statements: with a budget of 20 the
    # instances are too costly for 16, so the base, then HAS_VAL (a flag), then other REDUCE values
    monkeypatch.setattr(extract, "INSTANCE_STATEMENTS", 20)
    r = lint_file(str(FIXTURE), Settings())
    names = [k.name for k in r.kernels]
    assert names[:2] == ["segment_sum<float, 0, false, false>", "segment_sum<float, 0, true, false>"]
    assert 2 < len(names) < 16
    assert any(a.symbol == "src" and a.sectors_per_request == 4 for a in r.accesses)
    assert any("of the 19 launched analysed" in n for n in r.notes)
    assert not any("template instantiations launched;" in n for n in r.notes)
