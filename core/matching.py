"""Maximum-cardinality matching, for feasibility checks while searching pairings.

A pairing system proceeds by its own rules (transpositions, exchanges, candidate orders);
these functions only answer "can the rest still be completed?", so that a search can cut a
branch at once instead of enumerating every completion of it.

- :func:`max_matching_size` — general graphs (Edmonds' blossom algorithm, O(V³)), with a
  greedy start that usually settles the question without the blossom phase.
- :func:`bipartite_saturates` — whether every left vertex can be matched (augmenting paths).
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Hashable, Iterable, Sequence, TypeVar

__all__ = ["max_matching_size", "has_matching_of_size", "bipartite_saturates"]

T = TypeVar("T", bound=Hashable)


def _greedy(vertices: Sequence[int], adj: list[list[int]]) -> list[int]:
    mate = [-1] * len(vertices)
    # fewest neighbours first: a good greedy order
    for v in sorted(range(len(vertices)), key=lambda i: len(adj[i])):
        if mate[v] != -1:
            continue
        best = -1
        for w in adj[v]:
            if mate[w] == -1 and (best == -1 or len(adj[w]) < len(adj[best])):
                best = w
        if best != -1:
            mate[v], mate[best] = best, v
    return mate


def _edmonds(n: int, adj: list[list[int]], mate: list[int]) -> list[int]:
    """Edmonds' blossom algorithm (classic O(V³) formulation) starting from ``mate``."""
    for root in range(n):
        if mate[root] != -1:
            continue
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        q = deque([root])
        found = -1

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

        while q and found == -1:
            v = q.popleft()
            for to in adj[v]:
                if base[v] == base[to] or mate[v] == to:
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
                                q.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        found = to
                        break
                    used[mate[to]] = True
                    q.append(mate[to])
        v = found
        while v != -1:
            pv = parent[v]
            ppv = mate[pv]
            mate[v] = pv
            mate[pv] = v
            v = ppv
    return mate


def max_matching_size(vertices: Sequence[T], adjacent: Callable[[T, T], bool], *, need: int | None = None) -> int:
    """Size of a maximum matching of the graph on ``vertices`` whose edges are the pairs
    with ``adjacent(a, b)``.  With ``need``, stops as soon as a matching that large is found."""
    n = len(vertices)
    adj: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        a = vertices[i]
        for j in range(i + 1, n):
            if adjacent(a, vertices[j]):
                adj[i].append(j)
                adj[j].append(i)
    mate = _greedy(vertices, adj)
    size = sum(1 for m in mate if m != -1) // 2
    if need is not None and size >= need:
        return size
    if size == n // 2:
        return size
    mate = _edmonds(n, adj, mate)
    return sum(1 for m in mate if m != -1) // 2


def has_matching_of_size(vertices: Sequence[T], adjacent: Callable[[T, T], bool], size: int) -> bool:
    """Whether ``size`` disjoint adjacent pairs exist among ``vertices``."""
    if size <= 0:
        return True
    if 2 * size > len(vertices):
        return False
    return max_matching_size(vertices, adjacent, need=size) >= size


def bipartite_saturates(left: Sequence[T], right: Iterable[T], allowed: Callable[[int, T], bool]) -> bool:
    """Whether every ``left[i]`` can be matched to a distinct ``right`` vertex ``r`` with
    ``allowed(i, r)`` (Kuhn's augmenting paths after a greedy start)."""
    rights = list(right)
    if len(rights) < len(left):
        return False
    adj = [[j for j, r in enumerate(rights) if allowed(i, r)] for i in range(len(left))]
    if any(not a for a in adj):
        return False
    match_r = [-1] * len(rights)
    match_l = [-1] * len(left)
    for i in sorted(range(len(left)), key=lambda i: len(adj[i])):
        for j in adj[i]:
            if match_r[j] == -1:
                match_r[j] = i
                match_l[i] = j
                break

    def augment(i: int, seen: list[bool]) -> bool:
        stack = [(i, iter(adj[i]))]
        path: list[tuple[int, int]] = []
        while stack:
            u, it = stack[-1]
            advanced = False
            for j in it:
                if seen[j]:
                    continue
                seen[j] = True
                if match_r[j] == -1:
                    path.append((u, j))
                    for (lu, rj) in path:
                        match_r[rj] = lu
                        match_l[lu] = rj
                    return True
                path.append((u, j))
                stack.append((match_r[j], iter(adj[match_r[j]])))
                advanced = True
                break
            if not advanced:
                stack.pop()
                if path:
                    path.pop()
        return False

    for i in range(len(left)):
        if match_l[i] == -1 and not augment(i, [False] * len(rights)):
            return False
    return True

