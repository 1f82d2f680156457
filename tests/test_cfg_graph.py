"""The CFG's own small graph (symbolic/cfg.py) against networkx, which it replaced to start faster.

Random directed graphs, with cycles, self-loops, repeated edges and unreachable nodes: the same
nodes, edges and successor order as networkx's DiGraph, the same descendants and the same
immediate dominators. networkx is only a test dependency (the oracle).
"""
from __future__ import annotations

from hypothesis import given, settings, strategies as st
import pytest

from smemlint.symbolic.cfg import Graph, descendants, immediate_dominators

nx = pytest.importorskip("networkx", reason="the oracle: pip install -e '.[test]'")

edges_st = st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=40)


def _both(nodes: list[int], edges: list[tuple[int, int]]) -> tuple[Graph, object]:
    ours, theirs = Graph(), nx.DiGraph()
    for n in nodes:
        ours.add_node(n, kind="k", label=n)
        theirs.add_node(n, kind="k", label=n)
    for a, b in edges:
        ours.add_edge(a, b)
        theirs.add_edge(a, b)
    return ours, theirs


@settings(max_examples=300, deadline=None)
@given(nodes=st.lists(st.integers(0, 11), max_size=12), edges=edges_st, start=st.integers(0, 11))
def test_graph_and_dominators_match_networkx(nodes, edges, start) -> None:
    ours, theirs = _both(nodes, edges)
    assert list(ours) == list(theirs)
    assert list(ours.nodes.items()) == list(theirs.nodes(data=True))
    assert list(ours.edges) == list(theirs.edges)
    for n in ours:
        assert ours.nodes[n] == theirs.nodes[n]
        assert list(ours.successors(n)) == list(theirs.successors(n))
    if start not in theirs:
        return
    assert descendants(ours, start) == nx.descendants(theirs, start)
    assert immediate_dominators(ours, start) == nx.immediate_dominators(theirs, start)


def test_dominators_of_a_loop_with_an_early_exit() -> None:
    # 0 -> 1 -> 2 -> 3 -> 1 (a loop), 2 -> 4 (break), 3 -> 5, 4 -> 5
    g, _ = _both([], [(0, 1), (1, 2), (2, 3), (3, 1), (2, 4), (3, 5), (4, 5)])
    assert immediate_dominators(g, 0) == {1: 0, 2: 1, 3: 2, 4: 2, 5: 2}
    assert descendants(g, 3) == {1, 2, 4, 5}
