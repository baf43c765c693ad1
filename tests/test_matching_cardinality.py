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
    even_vertices,
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


def _random_graph(rng: random.Random, density: float) -> tuple[int, list[int], int, list]:
    """Up to 10 vertices with edges of the given density as bit-set rows, most vertices
    active; the number of vertices, the rows, the active mask and the edges among the
    active vertices."""
    n = rng.randint(1, 10)
    edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < density]
    adj = [0] * n
    for a, b in edges:
        adj[a] |= 1 << b
        adj[b] |= 1 << a
    active = 0
    for v in range(n):
        if rng.random() < 0.85:
            active |= 1 << v
    sub = [(a, b) for a, b in edges if active >> a & 1 and active >> b & 1]
    return n, adj, active, sub


def test_maximum_matching_masks_against_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(300):
        n, adj, active, sub = _random_graph(rng, 0.35)
        mate = maximum_matching_masks(adj, active)
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
        n, adj, active, sub = _random_graph(rng, 0.4)
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


def _perfect(adj: list[int], vertices: int) -> bool:
    """Brute force: can the vertices of the bit set all be matched?"""
    if not vertices:
        return True
    v = (vertices & -vertices).bit_length() - 1
    rest = vertices & ~(1 << v)
    return any(
        adj[v] >> u & 1 and _perfect(adj, rest & ~(1 << u))
        for u in range(len(adj))
        if rest >> u & 1
    )


def test_even_vertices_are_those_whose_removal_leaves_a_perfect_matching() -> None:
    """:func:`even_vertices` (issue 20): in a graph ``H`` with a perfect matching ``M``, the
    search from ``M(s)`` in ``H - s`` names exactly the ``y`` for which ``H - s - y`` can be
    matched perfectly (Gallai–Edmonds), checked against brute force."""
    rng = random.Random(17)
    checked = 0
    for _ in range(400):
        n = rng.randrange(2, 11, 2)
        edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.45]
        adj = [0] * n
        for a, b in edges:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
        full = (1 << n) - 1
        mate = maximum_matching_masks(adj, full)
        if exposed_mask(mate, full):
            continue  # no perfect matching
        for s in range(n):
            x = mate[s]
            rest = list(mate)
            rest[s] = rest[x] = -1
            even = even_vertices(x, adj, full & ~(1 << s), rest)
            assert rest == [-1 if v in (s, x) else mate[v] for v in range(n)]
            for y in range(n):
                if y == s:
                    continue
                rest_vertices = full & ~(1 << s) & ~(1 << y)
                assert bool(even >> y & 1) == _perfect(adj, rest_vertices), (s, y)
                checked += 1
    assert checked > 1000
