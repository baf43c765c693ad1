"""Maximum-cardinality matching on general graphs: Edmonds' blossom algorithm on bit sets.

The one implementation of maximum-cardinality matching in the package (issue 19): the engine's
feasibility graph (:class:`~swisspairing.feasibility.PairingGraph`), the systems' oracles and
these helpers all augment with :func:`augment_path`.  Vertices are ``0 … n−1``; a vertex set
is an ``int`` bit set and ``adj[v]`` the bit set of ``v``'s neighbours, so that "an exposed
neighbour?" is one ``&``.  A pairing system proceeds by its own rules (transpositions,
exchanges, candidate orders); these functions only answer "can the rest still be completed?",
so that a search can cut a branch at once instead of enumerating every completion of it.

- :func:`augment_path` — one augmenting-path search (the primitive); :func:`even_vertices` —
  the same search failing from the one exposed vertex: every vertex whose removal leaves a
  graph with a perfect matching;
  :func:`maximum_matching_masks` — a maximum matching of a bit-set graph.
- :func:`max_matching_size`, :func:`has_matching_of_size` — on a vertex list and a predicate,
  with a greedy start that usually settles the question without the blossom phase;
  :func:`matching_size_masks` — the same on a bit-set graph (no predicate asked per pair).
- :func:`augment`, :func:`maximum_matching`, :func:`has_perfect_matching` — the same on
  adjacency lists with a boolean ``active`` list and a ``mate`` list.
- :class:`IncrementalMatching` — a perfect matching kept while a search commits pairs.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, Protocol, TypeVar

__all__ = [
    "IncrementalMatching",
    "NeighbourSets",
    "augment",
    "augment_path",
    "even_vertices",
    "exposed_mask",
    "has_matching_of_size",
    "has_perfect_matching",
    "matching_size_masks",
    "max_matching_size",
    "maximum_matching",
    "maximum_matching_masks",
]

T = TypeVar("T", bound=Hashable)


class NeighbourSets(Protocol):
    """``adj[v]``: the bit set of the neighbours of vertex ``v``; ``len(adj)``: the vertices."""

    def __getitem__(self, v: int, /) -> int: ...

    def __len__(self) -> int: ...


def augment_path(
    root: int,
    adj: NeighbourSets,
    active: int,
    mate: list[int],
    free: int,
    confine: tuple[int, int] | None = None,
) -> int:
    """One search for an augmenting path from the exposed vertex ``root`` (Edmonds'
    blossom algorithm); augments ``mate`` and returns the other end of the path, or -1
    (``mate`` unchanged).  ``adj[v]``: the bit set of ``v``'s neighbours (read only for
    the vertices the search reaches, so it may be computed lazily); ``active``: the
    vertices of the graph; ``free``: its exposed vertices; ``confine = (inside,
    allowed)``: vertices of ``inside`` only meet ``allowed`` ones."""
    return _search(root, adj, active, mate, free, confine)[0]


def even_vertices(root: int, adj: NeighbourSets, active: int, mate: list[int]) -> int:
    """The vertices of ``active`` that an even alternating path from ``root`` reaches, ``root``
    the only vertex ``mate`` leaves exposed (so ``mate`` is a maximum matching): the outer
    vertices of the failing search of :func:`augment_path`, blossoms included.  By
    Gallai and Edmonds these are the vertices that some maximum matching leaves exposed, i.e.
    exactly the ``w`` for which ``active`` without ``w`` can be matched perfectly.  So when a
    graph ``H`` has a perfect matching ``M``, one search from ``M(s)`` in ``H - s`` says for
    every ``y`` at once whether ``H - s - y`` has one (``mate`` unchanged)."""
    return _search(root, adj, active, mate, 0, None)[1]


def _search(
    root: int,
    adj: NeighbourSets,
    active: int,
    mate: list[int],
    free: int,
    confine: tuple[int, int] | None,
) -> tuple[int, int]:
    """:func:`augment_path`: ``(end, 0)`` when a path is found, else ``(-1, the outer
    vertices)``."""
    if confine is not None:
        inside, allowed = confine

        def neighbours(v: int) -> int:
            m = adj[v] & active
            if inside >> v & 1:
                m &= allowed
            if not allowed >> v & 1:
                m &= ~inside
            return m
    else:

        def neighbours(v: int) -> int:
            return adj[v] & active

    free &= ~(1 << root)
    cand = neighbours(root)
    # quick paths: an exposed neighbour, or root - u = mate(u) - exposed
    f = cand & free
    if f:
        u = (f & -f).bit_length() - 1
        mate[root], mate[u] = u, root
        return u, 0
    m = cand
    while m:
        low = m & -m
        m ^= low
        u = low.bit_length() - 1
        w = mate[u]
        f = neighbours(w) & free
        if f:
            x = (f & -f).bit_length() - 1
            mate[root], mate[u], mate[w], mate[x] = u, root, x, w
            return x, 0
    size = len(adj)
    parent = [-1] * size
    base = list(range(size))
    members: dict[int, int] = {}  # a blossom's base: its vertices (a bit set); else itself
    outer = 1 << root  # even vertices (in the tree, or absorbed in a blossom)
    labelled = outer
    queue = [root]
    head = 0

    def lca(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] < 0:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base[v] != b:
            blossom.add(base[v])
            blossom.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while head < len(queue):
        v = queue[head]
        head += 1
        cand = neighbours(v)
        f = cand & free
        if f:
            u = (f & -f).bit_length() - 1
            parent[u] = v
            end = u
            while u >= 0:
                pv = parent[u]
                nxt = mate[pv]
                mate[u], mate[pv] = pv, u
                u = nxt
            return end, 0
        # unlabelled (matched) neighbours: extend the tree
        m = cand & ~labelled
        while m:
            low = m & -m
            u = low.bit_length() - 1
            m ^= low
            if labelled >> u & 1:
                continue
            parent[u] = v
            w = mate[u]
            labelled |= (1 << u) | (1 << w)
            outer |= 1 << w
            queue.append(w)
        # outer neighbours in another blossom (not v's mate): contract
        m = cand & outer & ~members.get(base[v], 1 << base[v])
        if mate[v] >= 0:
            m &= ~(1 << mate[v])
        while m:
            low = m & -m
            u = low.bit_length() - 1
            m ^= low
            cur = lca(v, u)
            blossom: set[int] = set()
            mark(v, cur, u, blossom)
            mark(u, cur, v, blossom)
            # every vertex whose base is in the blossom gets ``cur`` as its base; the inner
            # ones become outer and are searched, lowest first
            absorbed = 0
            for b in blossom:
                absorbed |= members.get(b, 1 << b)
            members[cur] = members.get(cur, 1 << cur) | absorbed
            inner = absorbed & ~outer
            outer |= inner
            labelled |= inner
            while absorbed:
                low = absorbed & -absorbed
                absorbed ^= low
                i = low.bit_length() - 1
                base[i] = cur
                if inner & low:
                    queue.append(i)
            m &= ~members[cur]  # now in v's blossom
    return -1, outer


def exposed_mask(mate: Sequence[int], active: int) -> int:
    """The vertices of ``active`` that ``mate`` leaves exposed."""
    m, out = active, 0
    while m:
        low = m & -m
        m ^= low
        if mate[low.bit_length() - 1] < 0:
            out |= low
    return out


def maximum_matching_masks(adj: Sequence[int], active: int) -> list[int]:
    """A maximum matching of the vertices of ``active`` (a ``mate`` list of ``len(adj)``):
    one augmenting-path search from each vertex still exposed, lowest first (the search's
    quick paths make this a greedy start)."""
    mate = [-1] * len(adj)
    exposed = active
    m = active
    while m:
        low = m & -m
        m ^= low
        v = low.bit_length() - 1
        if mate[v] >= 0:
            continue
        end = augment_path(v, adj, active, mate, exposed)
        if end >= 0:
            exposed &= ~(low | (1 << end))
            m &= ~(1 << end)
    return mate


def matching_size_masks(adj: NeighbourSets, active: int, *, need: int | None = None) -> int:
    """Size of a maximum matching of the vertices of ``active`` (:func:`maximum_matching_masks`,
    counted); with ``need``, stops as soon as a matching that large is found, and it stops when
    the matching leaves at most one vertex of ``active`` exposed (no augmenting search that must
    fail is started).  The size does not depend on the order of the searches: the maximum."""
    mate = [-1] * len(adj)
    half = active.bit_count() // 2
    if need is not None and need > half:
        need = None  # cannot be reached: the maximum is asked
    size = 0
    free = active
    m = active
    while m and size < half:
        low = m & -m
        m ^= low
        v = low.bit_length() - 1
        if mate[v] >= 0:
            continue
        end = augment_path(v, adj, active, mate, free)
        if end >= 0:
            free &= ~(low | (1 << end))
            m &= ~(1 << end)
            size += 1
            if need is not None and size >= need:
                break
    return size


def _masks(adj: Sequence[Sequence[int]]) -> list[int]:
    out = []
    for a in adj:
        m = 0
        for w in a:
            m |= 1 << w
        out.append(m)
    return out


def _active_mask(active: Sequence[bool] | None, n: int) -> int:
    if active is None:
        return (1 << n) - 1
    m = 0
    for v, a in enumerate(active):
        if a:
            m |= 1 << v
    return m


def augment(
    root: int, adj: Sequence[Sequence[int]], mate: list[int], active: Sequence[bool]
) -> bool:
    """Look for an augmenting path from the exposed vertex ``root`` among the ``active``
    vertices of the adjacency lists ``adj``; apply it to ``mate``.  Returns whether one was
    found (``mate`` is unchanged otherwise).  :func:`augment_path` on lists."""
    act = _active_mask(active, len(adj))
    return augment_path(root, _masks(adj), act, mate, exposed_mask(mate, act)) >= 0


def maximum_matching(
    adj: Sequence[Sequence[int]], active: Sequence[bool] | None = None
) -> list[int]:
    """A maximum matching of the active vertices, as a ``mate`` list."""
    return maximum_matching_masks(_masks(adj), _active_mask(active, len(adj)))


def has_perfect_matching(
    adj: Sequence[Sequence[int]], active: Sequence[bool] | None = None
) -> bool:
    """Whether every active vertex can be matched."""
    act = _active_mask(active, len(adj))
    return not exposed_mask(maximum_matching_masks(_masks(adj), act), act)


def max_matching_size(
    vertices: Sequence[T], adjacent: Callable[[T, T], bool], *, need: int | None = None
) -> int:
    """Size of a maximum matching of the graph on ``vertices`` whose edges are the pairs
    with ``adjacent(a, b)``.  With ``need``, stops as soon as a matching that large is found."""
    n = len(vertices)
    adj = [0] * n
    for i in range(n):
        a = vertices[i]
        for j in range(i + 1, n):
            if adjacent(a, vertices[j]):
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    # greedy start, fewest neighbours first: often settles the question at once
    mate = [-1] * n
    free = (1 << n) - 1
    for v in sorted(range(n), key=lambda i: adj[i].bit_count()):
        if mate[v] != -1:
            continue
        f = adj[v] & free
        best = -1
        while f:
            low = f & -f
            f ^= low
            w = low.bit_length() - 1
            if best == -1 or adj[w].bit_count() < adj[best].bit_count():
                best = w
        if best != -1:
            mate[v], mate[best] = best, v
            free &= ~((1 << v) | (1 << best))
    size = (n - free.bit_count()) // 2
    if (need is not None and size >= need) or size == n // 2:
        return size
    active = (1 << n) - 1
    for v in range(n):
        if mate[v] == -1:
            end = augment_path(v, adj, active, mate, free)
            if end >= 0:
                free &= ~((1 << v) | (1 << end))
                size += 1
                if need is not None and size >= need:
                    return size
    return size


def has_matching_of_size(
    vertices: Sequence[T], adjacent: Callable[[T, T], bool], size: int
) -> bool:
    """Whether ``size`` disjoint adjacent pairs exist among ``vertices``."""
    if size <= 0:
        return True
    if 2 * size > len(vertices):
        return False
    return max_matching_size(vertices, adjacent, need=size) >= size


class _LazyAdjacency:
    """Neighbour bit sets of an :class:`IncrementalMatching` graph, each built on first use."""

    __slots__ = ("_masks", "_n", "_ok")

    def __init__(self, ok: Callable[[int, int], bool], n: int) -> None:
        self._ok = ok
        self._n = n
        self._masks: dict[int, int] = {}

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, v: int) -> int:
        got = self._masks.get(v)
        if got is None:
            ok = self._ok
            got = 0
            for w in range(self._n):
                if w != v and ok(v, w):
                    got |= 1 << w
            self._masks[v] = got
        return got


class IncrementalMatching(Generic[T]):
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
        wild_ok = wildcard_ok or (lambda _v: True)
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
        self._act = (1 << n) - 1  # self.active as a bit set
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
        return self._augment(v)

    def _augment(self, v: int) -> bool:
        act = self._act
        return augment_path(v, self.adj, act, self.mate, exposed_mask(self.mate, act)) >= 0

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
        if not self._augment(x):
            return False
        if mate[y] == -1:
            return self._augment(y)
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
            self._act &= ~((1 << i) | (1 << j))
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
        self._act &= ~((1 << i) | (1 << j))
        if self._rematch_two(x, y):
            mate[i], mate[j] = j, i
            return True
        self.mate[:] = saved
        active[i] = active[j] = True
        self._act |= (1 << i) | (1 << j)
        return False

    def snapshot(self) -> tuple[list[int], list[bool]]:
        """The state, for :meth:`restore` (a search that tests two conditions at once)."""
        return list(self.mate), list(self.active)

    def restore(self, state: tuple[list[int], list[bool]]) -> None:
        """Go back to a :meth:`snapshot`."""
        self.mate[:] = state[0]
        self.active[:] = state[1]
        self._act = sum(1 << v for v, a in enumerate(self.active) if a)
