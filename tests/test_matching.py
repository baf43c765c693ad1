"""core/matching.py: the feasibility oracles agree with brute force on random graphs."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing.matching import (
    bipartite_saturates,
    has_matching_of_size,
    has_perfect_matching,
    max_matching_size,
)


def brute_matching(n: int, edges: set[frozenset[int]]) -> int:
    best = 0

    def rec(rest: list[int], k: int) -> None:
        nonlocal best
        best = max(best, k)
        if len(rest) < 2:
            return
        a = rest[0]
        rec(rest[1:], k)
        for b in rest[1:]:
            if frozenset((a, b)) in edges:
                rec([x for x in rest[1:] if x != b], k + 1)

    rec(list(range(n)), 0)
    return best


graphs = st.integers(0, 10).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.sets(
            st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, max(n - 1, 0)))
            .filter(lambda e: e[0] != e[1])
            .map(frozenset)
        ),
    )
)


@settings(max_examples=300)
@given(graphs)
def test_max_matching_size_is_maximum(graph: tuple[int, set[frozenset[int]]]) -> None:
    n, edges = graph
    size = max_matching_size(list(range(n)), lambda a, b: frozenset((a, b)) in edges)
    assert size == brute_matching(n, edges)
    assert has_matching_of_size(list(range(n)), lambda a, b: frozenset((a, b)) in edges, size)
    assert not has_matching_of_size(
        list(range(n)), lambda a, b: frozenset((a, b)) in edges, size + 1
    )
    adj = [[w for w in range(n) if frozenset((v, w)) in edges] for v in range(n)]
    assert has_perfect_matching(adj) == (2 * size == n)


def test_blossom_is_needed() -> None:
    """An odd cycle with a tail: greedy fails, the blossom step finds the perfect matching."""
    edges = {frozenset(e) for e in [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5)]}
    assert max_matching_size(list(range(6)), lambda a, b: frozenset((a, b)) in edges) == 3


@settings(max_examples=300)
@given(st.integers(0, 6), st.integers(0, 7), st.randoms(use_true_random=False))
def test_bipartite_saturates(left: int, right: int, rnd) -> None:  # type: ignore[no-untyped-def]
    edges = {(i, r) for i in range(left) for r in range(right) if rnd.random() < 0.45}
    expected = left <= right and any(
        all((i, perm[i]) in edges for i in range(left))
        for perm in itertools.permutations(range(right), left)
    )
    assert (
        bipartite_saturates(list(range(left)), range(right), lambda i, r: (i, r) in edges)
        == expected
    )
