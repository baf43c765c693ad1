"""swisspairing.matching: the bit-set Edmonds search and the Kuhn search against brute force.

Every maximum-cardinality question of the package goes through :func:`augment_path` (issue
19: one implementation), every bipartite one through :func:`bipartite_matching`; both are
checked here on random graphs against enumeration.
"""

from __future__ import annotations

import itertools
import random

from swisspairing.matching import (
    augment_path,
    bipartite_matching,
    exposed_mask,
    matching_size_masks,
    max_matching_size,
    maximum_matching_masks,
)


def _brute_size(n: int, edges: list[tuple[int, int]]) -> int:
    for k in range(n // 2, 0, -1):
        for combo in itertools.combinations(edges, k):
            used = [v for e in combo for v in e]
            if len(set(used)) == len(used):
                return k
    return 0


def test_maximum_matching_masks_against_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(300):
        n = rng.randint(1, 10)
        edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.35]
        adj = [0] * n
        for a, b in edges:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
        active = 0
        for v in range(n):
            if rng.random() < 0.85:
                active |= 1 << v
        mate = maximum_matching_masks(adj, active)
        sub = [(a, b) for a, b in edges if active >> a & 1 and active >> b & 1]
        size = 0
        for v in range(n):
            if mate[v] >= 0:
                assert mate[mate[v]] == v and active >> v & 1
                assert (min(v, mate[v]), max(v, mate[v])) in sub
                size += 1
        assert size // 2 == _brute_size(n, sub)
        # no augmenting path is left from any exposed vertex (Berge)
        free = exposed_mask(mate, active)
        for v in range(n):
            if free >> v & 1:
                assert augment_path(v, adj, active, list(mate), free) < 0


def test_matching_size_masks_against_brute_force() -> None:
    """:func:`matching_size_masks` (issue 20: the Dutch-1992 bracket bounds on bit sets) is the
    size of a maximum matching of the active vertices, and with ``need`` it reaches ``need``
    exactly when the maximum does; :func:`max_matching_size` (the same on a predicate) agrees."""
    rng = random.Random(11)
    for _ in range(300):
        n = rng.randint(1, 10)
        edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.4]
        adj = [0] * n
        for a, b in edges:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
        active = 0
        for v in range(n):
            if rng.random() < 0.85:
                active |= 1 << v
        sub = [(a, b) for a, b in edges if active >> a & 1 and active >> b & 1]
        best = _brute_size(n, sub)
        assert matching_size_masks(adj, active) == best
        vertices = [v for v in range(n) if active >> v & 1]
        pairs = set(sub)
        assert (
            max_matching_size(vertices, lambda a, b, e=pairs: (min(a, b), max(a, b)) in e) == best
        )
        for need in range(n // 2 + 2):
            assert (matching_size_masks(adj, active, need=need) >= need) == (best >= need)


def test_bipartite_matching_is_maximum() -> None:
    rng = random.Random(9)
    for _ in range(300):
        nl, nr = rng.randint(0, 6), rng.randint(0, 6)
        ok = {(i, j) for i in range(nl) for j in range(nr) if rng.random() < 0.4}
        left, right = list(range(nl)), [f"r{j}" for j in range(nr)]
        for greedy in (True, False):
            match = bipartite_matching(
                left, right, lambda i, r, ok=ok: (i, int(r[1:])) in ok, greedy=greedy
            )
            got = [j for j in match if j != -1]
            assert len(got) == len(set(got))
            assert all((i, j) in ok for i, j in enumerate(match) if j != -1)
            edges = [(i, nl + j) for i, j in ok]
            assert len(got) == _brute_size(nl + nr, edges)
