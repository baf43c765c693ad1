"""swisspairing.matching: maximum-weight matching agrees with brute force and with networkx.

The optimum is checked, not one particular matching: several matchings may share it.  Weights are
small random integers, negative ones (with ``max_cardinality``), and lexicographic big integers
(bit fields 2⁴⁰ or 2¹⁰⁰ apart, as ``dutch-current.md`` G.2 builds them), where an error in any low
field would still change the total.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing.matching import WeightedMatching, max_weight_matching

Edge = tuple[int, int, int]


def brute_optimum(n: int, edges: Sequence[Edge], max_cardinality: bool) -> tuple[int, int]:
    """(pairs, weight) of the best matching by enumeration: most pairs first when asked."""
    w = {}
    for u, v, x in edges:
        w[(u, v)] = w[(v, u)] = x
    best: tuple[int, int] | None = None

    def rec(i: int, used: frozenset[int], pairs: int, total: int) -> None:
        nonlocal best
        while i < n and i in used:
            i += 1
        if i >= n:
            key = (pairs, total) if max_cardinality else (0, total)
            if best is None or key > best:
                best = key
            return
        rec(i + 1, used | {i}, pairs, total)
        for j in range(i + 1, n):
            if j not in used and (i, j) in w:
                rec(i + 1, used | {i, j}, pairs + 1, total + w[(i, j)])

    rec(0, frozenset(), 0, 0)
    assert best is not None
    return best


def value(mate: dict[int, int], edges: Sequence[Edge], max_cardinality: bool) -> tuple[int, int]:
    """(pairs, weight) of ``mate``, after checking that it is a matching of the graph."""
    w = {}
    for u, v, x in edges:
        w[(u, v)] = w[(v, u)] = x
    pairs = total = 0
    for a, b in mate.items():
        assert mate[b] == a, "the mate mapping is symmetric"
        assert (a, b) in w, "a matched pair is an edge"
        if a < b:
            pairs += 1
            total += w[(a, b)]
    return (pairs, total) if max_cardinality else (0, total)


def random_graph(rng: random.Random, n: int) -> list[Edge]:
    p = rng.random()
    kind = rng.randrange(4)
    edges: list[Edge] = []
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < p:
                if kind == 0:
                    w = rng.randint(1, 10)
                elif kind == 1:
                    w = rng.randint(-5, 10)
                elif kind == 2:  # four lexicographic fields
                    w = sum(rng.randint(0, 3) << (40 * f) for f in range(4))
                else:  # one huge leading field, near ties below
                    w = rng.choice([1, 2, 3]) * 2**100 + rng.randint(0, 5)
                edges.append((i, j, w))
    rng.shuffle(edges)
    return edges


@pytest.mark.parametrize("seed", range(4))
def test_brute_force_small_graphs(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(800):
        n = rng.randint(0, 10)
        edges = random_graph(rng, n)
        for mc in (False, True):
            got = max_weight_matching(edges, max_cardinality=mc)
            assert value(got, edges, mc) == brute_optimum(n, edges, mc), (edges, mc)
            if not mc:
                assert all(  # a pair of weight <= 0 adds nothing and is left out
                    w > 0 for u, v, w in edges if got.get(u) == v
                )


@pytest.mark.parametrize("seed", range(2))
def test_brute_force_with_the_dense_start_forced(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dense jump start (solve on each vertex's heaviest edges, then repair the duals on
    the others) with one candidate edge per vertex, so that it runs on small graphs and many
    edges need repair: the optimum must not change."""
    from swisspairing.matching import weighted

    monkeypatch.setattr(weighted._Solver, "CANDIDATES", 1)
    rng = random.Random(100 + seed)
    for _ in range(600):
        n = rng.randint(4, 10)
        edges = random_graph(rng, n)
        for mc in (False, True):
            got = max_weight_matching(edges, max_cardinality=mc)
            assert value(got, edges, mc) == brute_optimum(n, edges, mc), (edges, mc)
            wm: WeightedMatching[int] = WeightedMatching()
            for u, v, w in edges:
                wm.set_weight(u, v, w)
            assert value(wm.solve(max_cardinality=mc), edges, mc) == value(got, edges, mc)


def test_against_networkx_larger_graphs() -> None:
    nx = pytest.importorskip("networkx")
    rng = random.Random(7)
    for _ in range(25):
        n = rng.randint(10, 70)
        p = rng.choice([0.05, 0.2, 0.6, 1.0])
        big = rng.random() < 0.4
        edges = []
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < p:
                    if big:
                        w = (
                            rng.randint(0, 3) * 2**90
                            + rng.randint(0, 3) * 2**45
                            + rng.randint(0, 99)
                        )
                    else:
                        w = rng.randint(1, 10**6)
                    edges.append((i, j, w))
        graph = nx.Graph()
        graph.add_weighted_edges_from(edges)
        for mc in (False, True):
            ref: dict[int, int] = {}
            for a, b in nx.max_weight_matching(graph, maxcardinality=mc):
                ref[a], ref[b] = b, a
            got = max_weight_matching(edges, max_cardinality=mc)
            assert value(got, edges, mc) == value(ref, edges, mc)


def test_small_cases_by_hand() -> None:
    # a triangle with a pendant: 1-2 (5) loses to 0-1 (3) + 2-3 (4)
    edges = [(0, 1, 3), (1, 2, 5), (2, 0, 3), (2, 3, 4)]
    assert max_weight_matching(edges) == {0: 1, 1: 0, 2: 3, 3: 2}
    # plain maximum weight prefers one heavy pair, maximum cardinality two light ones
    path = [("a", "b", 1), ("b", "c", 10), ("c", "d", 1)]
    assert max_weight_matching(path) == {"b": "c", "c": "b"}
    assert max_weight_matching(path, max_cardinality=True) == {
        "a": "b",
        "b": "a",
        "c": "d",
        "d": "c",
    }
    # negative weights only count with maximum cardinality
    assert max_weight_matching([(1, 2, -4)]) == {}
    assert max_weight_matching([(1, 2, -4)], max_cardinality=True) == {1: 2, 2: 1}
    assert max_weight_matching([]) == {}


def test_bad_edges() -> None:
    with pytest.raises(ValueError, match="loop"):
        max_weight_matching([(1, 1, 3)])
    with pytest.raises(ValueError, match="repeated edge"):
        max_weight_matching([(1, 2, 3), (2, 1, 4)])
    with pytest.raises(TypeError):  # weights are integers: a float is refused, never rounded
        max_weight_matching([(1, 2, 2.5)])


def test_deterministic_for_equal_inputs() -> None:
    rng = random.Random(3)
    for _ in range(50):
        edges = [(i, j, rng.randint(1, 3)) for i in range(12) for j in range(i + 1, 12)]
        assert max_weight_matching(list(edges)) == max_weight_matching(list(edges))


# -- warm starts -----------------------------------------------------------------------------

_vertex = st.integers(0, 7)
_weight = st.one_of(
    st.integers(-3, 12),
    st.builds(lambda a, b: (a << 64) + b, st.integers(0, 3), st.integers(0, 5)),
    st.none(),
)
_edit = st.one_of(
    st.tuples(st.just("w"), _vertex, _vertex, _weight),
    st.tuples(st.just("del"), _vertex),
    st.tuples(st.just("add"), _vertex),
    st.tuples(st.just("solve"), st.booleans()),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_edit, max_size=40), st.booleans())
def test_warm_start_equals_cold_solve(edits: list[tuple], final_mc: bool) -> None:
    wm: WeightedMatching[int] = WeightedMatching()
    graph: dict[tuple[int, int], int] = {}
    vertices: set[int] = set()

    def check(mc: bool) -> None:
        got = wm.solve(max_cardinality=mc)
        edges = [(u, v, w) for (u, v), w in graph.items()]
        index = {v: i for i, v in enumerate(sorted(vertices))}
        relabelled = [(index[u], index[v], w) for u, v, w in edges]
        mate = {index[a]: index[b] for a, b in got.items()}
        assert value(mate, relabelled, mc) == brute_optimum(len(index), relabelled, mc)
        assert set(got) <= vertices

    for e in edits:
        if e[0] == "w":
            _, u, v, w = e
            if u == v:
                continue
            wm.set_weight(u, v, w)
            key = (min(u, v), max(u, v))
            if w is None:
                graph.pop(key, None)
            else:
                graph[key] = w
                vertices.update((u, v))
        elif e[0] == "del":
            if e[1] in vertices:
                wm.remove_vertex(e[1])
                vertices.discard(e[1])
                graph = {k: w for k, w in graph.items() if e[1] not in k}
        elif e[0] == "add":
            wm.add_vertex(e[1])
            vertices.add(e[1])
        else:
            check(e[1])
    check(final_mc)


def test_warm_start_random_edit_sequences() -> None:
    """Long edit sequences on a dozen vertices, each solve compared with a cold one."""
    rng = random.Random(11)
    for _ in range(30):
        wm: WeightedMatching[int] = WeightedMatching()
        graph: dict[tuple[int, int], int] = {}
        for _ in range(60):
            u, v = rng.sample(range(10), 2)
            key = (min(u, v), max(u, v))
            if rng.random() < 0.2 and key in graph:
                wm.set_weight(u, v, None)
                del graph[key]
            else:
                w = rng.randint(1, 20) if rng.random() < 0.7 else rng.randint(1, 3) << 50
                wm.set_weight(u, v, w)
                graph[key] = w
            if rng.random() < 0.3:
                mc = rng.random() < 0.5
                edges = [(a, b, w) for (a, b), w in graph.items()]
                got = wm.solve(max_cardinality=mc)
                cold = max_weight_matching(edges, max_cardinality=mc)
                assert value(got, edges, mc) == value(cold, edges, mc)


def test_from_edges_solves_as_the_cold_function() -> None:
    """WeightedMatching.from_edges builds the graph at once: its first solve is the same
    matching as max_weight_matching of the same edges (edges of weight <= 0 left out)."""
    rng = random.Random(23)
    for _ in range(300):
        n = rng.randint(0, 14)
        edges = random_graph(rng, n)
        wm = WeightedMatching.from_edges(edges)
        assert wm.solve() == max_weight_matching(edges)


def test_potentials_keep_the_start_and_give_the_optimum() -> None:
    """add_potentials raises each edge uv by p(u) + p(v) (new vertices included) and keeps the
    solved structure; vertices and edges added after it, the next solve is the optimum of the
    new graph (brute force), with or without max_cardinality."""
    rng = random.Random(29)
    for _ in range(400):
        n = rng.randint(2, 10)
        edges = random_graph(rng, n)
        wm = WeightedMatching.from_edges(edges)
        wm.solve(max_cardinality=rng.random() < 0.3)
        extra = rng.randint(0, 3)  # vertices n .. n+extra-1 come with the potentials
        total = n + extra
        if rng.random() < 0.5:
            pot = {v: rng.randint(0, 8) for v in range(total) if rng.random() < 0.8}
        else:  # a completion-like field far above the weights
            pot = {v: rng.randint(1, 3) << 60 for v in range(total)}
        wm.add_potentials(pot)
        graph = {(min(u, v), max(u, v)): w for u, v, w in edges if w > 0}
        graph = {k: w + pot.get(k[0], 0) + pot.get(k[1], 0) for k, w in graph.items()}
        for u in range(n, total):  # edges of the new vertices
            for v in range(total):
                if v != u and rng.random() < 0.5:
                    key = (min(u, v), max(u, v))
                    if key not in graph:
                        graph[key] = rng.randint(1, 12) + pot.get(u, 0) + pot.get(v, 0)
                        wm.set_weight(u, v, graph[key])
        current = [(u, v, w) for (u, v), w in graph.items()]
        for mc in (False, True):
            got = wm.solve(max_cardinality=mc)
            assert value(got, current, mc) == brute_optimum(total, current, mc), (edges, pot)


def test_potentials_refuse_negative_values() -> None:
    wm = WeightedMatching.from_edges([(0, 1, 5)])
    with pytest.raises(ValueError, match="negative potential"):
        wm.add_potentials({0: -1})
