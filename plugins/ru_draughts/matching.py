"""General-graph matching (Edmonds' blossom algorithm), used as a feasibility oracle.

The RDF rules pair a score group by a fixed candidate order with chronological
backtracking ("break the last formed pair", RDF 5.4.10.5.5(3), 5.4.10.7.5).  Searched
naively, a group without a complete pairing costs exponential time before the search
gives up.  These functions answer "can the rest still be paired completely?" in
polynomial time, so the rule's search only enters branches that can succeed: the pairing
found is the same one the unbounded chronological search would find, only faster.

Vertices are ``0..n-1``; ``adj[v]`` lists the neighbours of ``v``; ``active[v]`` says
whether ``v`` is still in the graph; ``mate[v]`` is ``v``'s partner or ``-1``.
"""

from __future__ import annotations

from collections import deque
from typing import Sequence

__all__ = ["augment", "maximum_matching", "has_perfect_matching"]


def augment(root: int, adj: Sequence[Sequence[int]], mate: list[int], active: Sequence[bool]) -> bool:
    """Look for an augmenting path from the exposed vertex ``root``; apply it to ``mate``.

    Returns whether one was found (``mate`` is unchanged otherwise).  Edmonds' algorithm:
    breadth-first search over alternating paths, contracting odd cycles (blossoms).
    """
    n = len(adj)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = True
            blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if not active[to] or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark_path(v, cur, to, blossom)
                mark_path(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    u = to
                    while u != -1:
                        pv = parent[u]
                        ppv = mate[pv]
                        mate[u] = pv
                        mate[pv] = u
                        u = ppv
                    return True
                nxt = mate[to]
                used[nxt] = True
                queue.append(nxt)
    return False


def maximum_matching(adj: Sequence[Sequence[int]], active: Sequence[bool] | None = None) -> list[int]:
    """A maximum matching of the active vertices, as a ``mate`` list."""
    n = len(adj)
    act = [True] * n if active is None else list(active)
    mate = [-1] * n
    for v in range(n):  # greedy start
        if act[v] and mate[v] == -1:
            for w in adj[v]:
                if act[w] and mate[w] == -1 and w != v:
                    mate[v] = w
                    mate[w] = v
                    break
    for v in range(n):
        if act[v] and mate[v] == -1:
            augment(v, adj, mate, act)
    return mate


def has_perfect_matching(adj: Sequence[Sequence[int]], active: Sequence[bool] | None = None) -> bool:
    """Whether every active vertex can be matched."""
    n = len(adj)
    act = [True] * n if active is None else list(active)
    mate = maximum_matching(adj, act)
    return all(mate[v] != -1 for v in range(n) if act[v])
