"""The maximum-value flow with concave arc values (swisspairing.matching.flow) against networkx.

:class:`ConvexFlow` must send the asked amount at the greatest value, or say it cannot; the
reference is networkx's network simplex on the same network with each segment of an arc made
its own arc (through a node of its own, so that parallel segments need no multigraph).  The
fide-dutch exchange walk (D.2 / 4.3, :mod:`swisspairing.plugins.fide_dutch.joint_walk`) relies
on it for the order of exchanges.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from swisspairing.matching.flow import ConvexFlow


def _reference(
    arcs: list[tuple[int, int, list[tuple[int, int]]]], n: int, amount: int
) -> int | None:
    g = nx.DiGraph()
    for v in range(n):
        g.add_node(v, demand=0)
    g.nodes[0]["demand"] = -amount
    g.nodes[n - 1]["demand"] = amount
    for i, (t, h, segments) in enumerate(arcs):
        for j, (cap, value) in enumerate(segments):
            mid = ("seg", i, j)
            g.add_edge(t, mid, capacity=cap, weight=-value)
            g.add_edge(mid, h, capacity=cap, weight=0)
    try:
        cost, _flow = nx.network_simplex(g)
    except nx.NetworkXUnfeasible:
        return None
    return -cost


def _random_network(rng: random.Random) -> tuple[list, int, int]:
    n = rng.randint(2, 6)
    arcs = []
    for _ in range(rng.randint(1, 12)):
        t, h = sorted(rng.sample(range(n), 2))  # (no cycle: the empty flow is optimal)
        values = sorted((rng.randint(-6, 6) for _ in range(rng.randint(1, 3))), reverse=True)
        arcs.append((t, h, [(rng.randint(0, 3), v) for v in values]))
    return arcs, n, rng.randint(0, 5)


@pytest.mark.parametrize("seed", range(60))
def test_value_agrees_with_network_simplex(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        arcs, n, amount = _random_network(rng)
        net = ConvexFlow()
        for v in range(n):
            net._node(v)
        for t, h, segments in arcs:
            net.add_arc(t, h, segments)
        got = net.solve(0, n - 1, amount)
        assert got == _reference(arcs, n, amount), (arcs, amount)
        if got is None:
            continue
        # the flow it reports is a flow of that amount, within the capacities, worth its value
        balance = [0] * n
        worth = 0
        for k, (t, h, segments) in enumerate(arcs):
            f = net.flow[k]
            assert 0 <= f <= sum(c for c, _ in segments)
            balance[t] -= f
            balance[h] += f
            left = f
            for cap, value in segments:
                used = min(cap, left)
                worth += used * value
                left -= used
        assert balance[0] == -amount and balance[n - 1] == amount
        assert all(b == 0 for b in balance[1 : n - 1])
        assert worth == got


def test_lexicographic_values() -> None:
    """Values of a few hundred bits (a lexicographic order of criteria) are exact: the flow
    prefers one unit of a higher field to any number of a lower one."""
    big = 1 << 300
    net = ConvexFlow()
    cheap = net.add_arc("s", "a", [(5, 1)])
    dear = net.add_arc("s", "b", [(1, big), (4, -big)])
    net.add_arc("a", "t", [(5, 0)])
    net.add_arc("b", "t", [(5, 0)])
    assert net.solve("s", "t", 2) == big + 1
    assert (net.flow[cheap], net.flow[dear]) == (1, 1)


def test_rising_values_are_refused() -> None:
    with pytest.raises(ValueError, match="concave"):
        ConvexFlow().add_arc("s", "t", [(1, 0), (1, 1)])
