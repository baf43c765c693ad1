"""Maximum-cardinality matching, for feasibility checks while searching pairings.

A pairing system proceeds by its own rules (transpositions, exchanges, candidate orders);
these functions only answer "can the rest still be completed?", so that a search can cut a
branch at once instead of enumerating every completion of it.

- :func:`max_matching_size` — general graphs (Edmonds' blossom algorithm, O(V³)), with a
  greedy start that usually settles the question without the blossom phase.
- :func:`bipartite_saturates` — whether every left vertex can be matched (augmenting paths).
- :func:`augment`, :func:`maximum_matching`, :func:`has_perfect_matching` — the blossom
  primitives on index graphs (``adj`` lists, an ``active`` mask, a ``mate`` list), for
  searches that grow or shrink a matching incrementally (RDF group backtracking).
- :func:`max_weight_matching`, :class:`WeightedMatching` — maximum-weight matching on general
  graphs with integer weights of any size (Edmonds' blossom algorithm with dual variables,
  O(V³)), cold or warm-started between edits; see :mod:`swisspairing._weighted_matching`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, TypeVar

from ._weighted_matching import WeightedMatching, max_weight_matching

__all__ = [
    "IncrementalMatching",
    "WeightedMatching",
    "augment",
    "bipartite_saturates",
    "has_matching_of_size",
    "has_perfect_matching",
    "max_matching_size",
    "max_weight_matching",
    "maximum_matching",
]

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


def augment(
    root: int, adj: Sequence[Sequence[int]], mate: list[int], active: Sequence[bool]
) -> bool:
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


def maximum_matching(
    adj: Sequence[Sequence[int]], active: Sequence[bool] | None = None
) -> list[int]:
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


def has_perfect_matching(
    adj: Sequence[Sequence[int]], active: Sequence[bool] | None = None
) -> bool:
    """Whether every active vertex can be matched."""
    n = len(adj)
    act = [True] * n if active is None else list(active)
    mate = maximum_matching(adj, act)
    return all(mate[v] != -1 for v in range(n) if act[v])


def max_matching_size(
    vertices: Sequence[T], adjacent: Callable[[T, T], bool], *, need: int | None = None
) -> int:
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
    active = [True] * n
    for v in range(n):
        if mate[v] == -1:
            augment(v, adj, mate, active)
    return sum(1 for m in mate if m != -1) // 2


def has_matching_of_size(
    vertices: Sequence[T], adjacent: Callable[[T, T], bool], size: int
) -> bool:
    """Whether ``size`` disjoint adjacent pairs exist among ``vertices``."""
    if size <= 0:
        return True
    if 2 * size > len(vertices):
        return False
    return max_matching_size(vertices, adjacent, need=size) >= size


def bipartite_saturates(
    left: Sequence[T], right: Iterable[T], allowed: Callable[[int, T], bool]
) -> bool:
    """Whether every ``left[i]`` can be matched to a distinct ``right`` vertex ``r`` with
    ``allowed(i, r)`` (Kuhn's augmenting paths after a greedy start).

    ``allowed`` is evaluated lazily and at most once per pair, so a dense graph costs little
    more than one scan per left vertex."""
    rights = list(right)
    nl, nr = len(left), len(rights)
    if nr < nl:
        return False
    memo: dict[tuple[int, int], bool] = {}

    def ok(i: int, j: int) -> bool:
        v = memo.get((i, j))
        if v is None:
            v = memo[(i, j)] = allowed(i, rights[j])
        return v

    match_r = [-1] * nr
    match_l = [-1] * nl
    start = 0
    for i in range(nl):
        for step in range(nr):
            j = (start + step) % nr
            if match_r[j] == -1 and ok(i, j):
                match_r[j] = i
                match_l[i] = j
                start = j + 1
                break

    def augment(root: int) -> bool:
        seen = [False] * nr
        # iterative DFS over alternating paths
        stack: list[tuple[int, int]] = [(root, 0)]
        via: list[int] = []
        while stack:
            u, j0 = stack[-1]
            for j in range(j0, nr):
                if seen[j] or not ok(u, j):
                    continue
                seen[j] = True
                stack[-1] = (u, j + 1)
                if match_r[j] == -1:
                    via.append(j)
                    # flip the path
                    for (lu, _), rj in zip(stack, via, strict=False):
                        match_r[rj] = lu
                        match_l[lu] = rj
                    return True
                via.append(j)
                stack.append((match_r[j], 0))
                break
            else:
                stack.pop()
                if via:
                    via.pop()
        return False

    for i in range(nl):
        if match_l[i] == -1 and not augment(i):
            return False
    return True


class _LazyAdjacency:
    """Adjacency lists of an :class:`IncrementalMatching` graph, each built on first use."""

    __slots__ = ("_lists", "_n", "_ok")

    def __init__(self, ok: Callable[[int, int], bool], n: int) -> None:
        self._ok = ok
        self._n = n
        self._lists: dict[int, list[int]] = {}

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, v: int) -> list[int]:
        got = self._lists.get(v)
        if got is None:
            ok = self._ok
            got = self._lists[v] = [w for w in range(self._n) if w != v and ok(v, w)]
        return got


class IncrementalMatching:
    """A perfect matching of a vertex set kept up to date while a search commits pairs.

    A pairing procedure that takes its decisions one pair at a time (row by row, first
    against last, ...) asks :meth:`try_pair` whether the rest can still be completed; the
    answer is exact (Edmonds' blossom augmentation), so a procedure that only commits
    accepted pairs never runs into a dead end and a refused start (:attr:`perfect` false) is
    a proof that no complete pairing exists.  ``wildcards`` extra vertices are adjacent to
    every vertex accepted by ``wildcard_ok`` (not to each other): a vertex matched to one is
    left unpaired (a floater, the bye).

    Dense graphs cost little: adjacency lists are built only where an augmenting path is
    searched, and most repairs are found by a direct or three-edge exchange first.
    """

    WILDCARD = object()
    """The item standing for a wildcard vertex in :meth:`try_pair`."""

    def __init__(
        self,
        vertices: Sequence[T],
        compatible: Callable[[T, T], bool],
        *,
        wildcards: int = 0,
        wildcard_ok: Callable[[T], bool] | None = None,
    ) -> None:
        self.items: list[T] = list(vertices)
        self.n_real = len(self.items)
        n = self.n_real + wildcards
        self.index: dict[T, int] = {v: i for i, v in enumerate(self.items)}
        items = self.items
        n_real = self.n_real
        wild_ok = wildcard_ok or (lambda v: True)
        wild_cache: dict[int, bool] = {}

        def ok(i: int, j: int) -> bool:
            if i >= n_real:
                if j >= n_real:
                    return False
                i, j = j, i
            if j >= n_real:
                got = wild_cache.get(i)
                if got is None:
                    got = wild_cache[i] = bool(wild_ok(items[i]))
                return got
            return compatible(items[i], items[j])

        self._ok = ok
        self._n = n
        self.adj = _LazyAdjacency(ok, n)
        self.mate = [-1] * n
        self.active = [True] * n
        mate = self.mate
        for v in range(n_real):  # greedy start, real pairs first
            if mate[v] == -1:
                for w in range(v + 1, n_real):
                    if mate[w] == -1 and ok(v, w):
                        mate[v], mate[w] = w, v
                        break
        for v in range(n_real):
            if mate[v] == -1:
                for w in range(n_real, n):
                    if mate[w] == -1 and ok(v, w):
                        mate[v], mate[w] = w, v
                        break
        for v in range(n):
            if mate[v] == -1:
                self._repair(v)
        self.perfect = all(m != -1 for m in mate)
        """Whether a perfect matching exists (checked once, at construction)."""

    def __contains__(self, item: object) -> bool:
        i = self.index.get(item)  # type: ignore[arg-type]
        return i is not None and self.active[i]

    def _repair(self, v: int, partner_hint: int = -1) -> bool:
        """Match the exposed vertex ``v``: directly, by one exchange, else by augmentation."""
        mate, active, ok = self.mate, self.active, self._ok
        if (
            partner_hint != -1
            and mate[partner_hint] == -1
            and active[partner_hint]
            and ok(v, partner_hint)
        ):
            mate[v], mate[partner_hint] = partner_hint, v
            return True
        return augment(v, self.adj, mate, active)

    def _rematch_two(self, x: int, y: int) -> bool:
        mate, active, ok = self.mate, self.active, self._ok
        if x == -1 and y == -1:
            return True
        if x == -1 or y == -1:
            return self._repair(x if x != -1 else y)
        if ok(x, y):
            mate[x], mate[y] = y, x
            return True
        # one exchange: x-a, b-y for a matched edge a-b
        for a in range(self._n):
            if not active[a]:
                continue
            b = mate[a]
            if b in (-1, x, y) or a in (x, y):
                continue
            if ok(x, a) and ok(b, y):
                mate[x], mate[a], mate[b], mate[y] = a, x, y, b
                return True
        if not augment(x, self.adj, mate, active):
            return False
        if mate[y] == -1:
            return augment(y, self.adj, mate, active)
        return True

    def try_pair(self, a: T, b: Any) -> bool:
        """Commit the pair ``a``–``b`` (``b`` may be :attr:`WILDCARD`: ``a`` stays unpaired)
        if the remaining vertices can still be matched perfectly; else change nothing."""
        i = self.index[a]
        mate, active = self.mate, self.active
        if b is self.WILDCARD:
            if mate[i] >= self.n_real:
                j = mate[i]
            else:
                free = [w for w in range(self.n_real, self._n) if active[w]]
                if not free or not self._ok(i, free[0]):
                    return False
                j = free[0]
        else:
            j = self.index[b]
        if not (active[i] and active[j]) or i == j:
            return False
        if mate[i] == j:
            active[i] = active[j] = False
            return True
        if not self._ok(i, j):
            return False
        saved = list(mate)
        x, y = mate[i], mate[j]
        mate[i] = mate[j] = -1
        if x != -1:
            mate[x] = -1
        if y != -1:
            mate[y] = -1
        active[i] = active[j] = False
        if self._rematch_two(x, y):
            mate[i], mate[j] = j, i
            return True
        self.mate[:] = saved
        active[i] = active[j] = True
        return False

    def snapshot(self) -> tuple[list[int], list[bool]]:
        """The state, for :meth:`restore` (a search that tests two conditions at once)."""
        return list(self.mate), list(self.active)

    def restore(self, state: tuple[list[int], list[bool]]) -> None:
        """Go back to a :meth:`snapshot`."""
        self.mate[:] = state[0]
        self.active[:] = state[1]

    def partner(self, a: T) -> Any:
        """The current partner of ``a`` in the maintained matching (an item, :attr:`WILDCARD`
        or ``None``)."""
        m = self.mate[self.index[a]]
        if m == -1:
            return None
        return self.WILDCARD if m >= self.n_real else self.items[m]
