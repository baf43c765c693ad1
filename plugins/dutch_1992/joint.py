"""Dutch-1992 C4–C14: one bracket's pairing and the lower brackets as one matching (issue 20).

The engine passes over every outcome of a bracket whose players left over cannot be paired
together with the players of the lower brackets under the absolute criteria (a maximum
matching, :meth:`swisspairing.bracket_search.BracketSearch.completable`).
A bracket's search therefore need not enter a part of C7/C8 that can only produce such
outcomes.  This module asks the question for a whole part at once, on one graph whose vertices
are the bracket's players, the players below (the lower brackets and the players already
moving down with them) and, when the round needs one, the bye:

- :class:`SplitGraph` — one S1/S2 split of C8 (or the S1/S2 of C4): every S1 player meets an S2
  player (B1/B2/B5/B6 at the stage), and the S2 players left over (who may move down) are paired
  with each other, with players below or take the bye under the absolute criteria; the rest of
  the lower brackets pair among themselves.  A perfect matching exists exactly when some
  completion of a prefix of a transposition (C7, D1) is an outcome the engine descends: the test
  of every node of the search (Edmonds' algorithm on bit sets, warm-started).
- :func:`most_pairs` — a whole stage (every split of C8 at once): the largest number of pairs
  inside the bracket (B1/B2/B5/B6 at the stage) in a perfect matching of the same graph, the
  players left over as above.  Every outcome of the stage with ``P`` pairs is such a matching with
  at least ``P`` pairs inside, so a stage whose maximum is smaller than ``P`` has no outcome the
  engine descends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from swisspairing.matching import augment_path, even_vertices, max_weight_matching

from .bits import Positions, bits_of

if TYPE_CHECKING:
    from swisspairing import RoundContext
    from swisspairing.feasibility import PairingGraph

    from .procedure import DutchRound, Level

__all__ = ["Lower", "SplitGraph", "StageGraph", "most_pairs"]


class Lower:
    """The players below a bracket (and the bye, when the round needs one) as local vertices
    ``0 … n−1`` of a bit-set graph under the absolute criteria (the round's pairing graph)."""

    def __init__(
        self,
        ctx: RoundContext,
        players: Sequence[int],
        bye: bool,
        confine: tuple[Sequence[int], Sequence[int]] | None = None,
        graph: PairingGraph | None = None,
    ) -> None:
        self.ctx = ctx
        self.graph = ctx.pairing_graph() if graph is None else graph
        """The round's absolute criteria (``graph``: the same in another vertex order, e.g.
        the ranking order of :attr:`.procedure.DutchRound.bits`, in which the players below
        are a few runs of consecutive vertices: :class:`.bits.Positions`)."""
        self.players = tuple(players)
        k = len(self.players)
        self.bye = k if bye else -1
        """The local vertex of the bye (-1: no bye this round)."""
        self.n = k + (1 if bye else 0)
        self.key: tuple[object, ...] = (
            self.players,
            bye,
            None if confine is None else (tuple(confine[0]), tuple(confine[1])),
        )
        """What the graph depends on (for the caches of the bounds)."""
        graph = self.graph
        self._pos = Positions([graph.index[p] for p in self.players])
        # C12's filter (Dutch-1992 C12, issue 20): the players moving down (``confine[0]``, those
        # already moving down among ``players`` and the bracket's players left over) paired only
        # with each other and with the next bracket's residents (``confine[1]``), no bye
        self._confined = 0
        self._allowed = -1
        if confine is not None:
            mine = set(self.players)
            moving = self._local(graph.mask([p for p in confine[0] if p in mine]))
            self._confined = moving
            self._allowed = moving | self._local(graph.mask(confine[1]))
        adj = []
        bye_adj = 0
        for i, p in enumerate(self.players):
            m = self._local(graph.adj[graph.index[p]])
            if self._confined >> i & 1:
                m &= self._allowed
            elif not self._allowed >> i & 1:
                m &= ~self._confined
            if bye and ctx.can_receive_bye(p) and not self._confined >> i & 1:
                m |= 1 << self.bye
                bye_adj |= 1 << i
            adj.append(m)
        if bye:
            adj.append(bye_adj)
        self.adj = adj
        """The neighbours of each local vertex among the local vertices."""
        self._reach: dict[int, int] = {}

    def _local(self, gmask: int) -> int:
        """The local vertices of the players of ``gmask`` (vertices of :attr:`graph`) who are
        below (a few shifts: :meth:`.bits.Positions.local`)."""
        return self._pos.local(gmask)

    def reach(self, y: int) -> int:
        """The local vertices a player of the bracket who moves down may be paired with."""
        r = self._reach.get(y)
        if r is None:
            graph = self.graph
            r = self._local(graph.adj[graph.index[y]])
            if self._allowed >= 0:  # C12's filter: he moves into the next bracket
                r &= self._allowed
            elif self.bye >= 0 and self.ctx.can_receive_bye(y):
                r |= 1 << self.bye
            self._reach[y] = r
        return r

    def reached_by(self, movers: int, at: Positions) -> list[int]:
        """For each local vertex, the players of ``movers`` (a bit set of vertices of
        :attr:`graph`) whose :meth:`reach` contains it, as their positions in ``at``: the reach
        read backwards, one bit-set row per vertex below instead of one bit per pair.  The
        round's graph is undirected (a pair is barred for both players, the colour limits are
        symmetric, and its matchings read it so), so a player below is reached by the movers
        among his own neighbours; the bye by those who may have it."""
        graph = self.graph
        index = graph.index
        allowed = self._allowed
        out = [
            at.local(graph.adj[index[p]] & movers) if allowed >> i & 1 else 0
            for i, p in enumerate(self.players)
        ]
        if self.bye >= 0:
            out.append(at.local(graph.adj[graph.bye] & movers) if allowed < 0 else 0)
        return out

    def edges(self) -> list[tuple[object, object, int]]:
        """The edges among the local vertices, weight 0 (for a weighted matching)."""
        names: list[object] = [*self.players, "bye"]
        out: list[tuple[object, object, int]] = []
        for i, m in enumerate(self.adj):
            for j in bits_of(m):
                if j > i:
                    out.append((names[i], names[j], 0))
        return out


def _add_reached(
    adj: list[int],
    lower: Lower,
    leaving: int,
    at: Positions,
    vertices: Sequence[int],
    reaches: Sequence[int],
) -> None:
    """Add to the rows of the vertices below (``adj[k]``) the players who leave and reach them
    (``vertices[i]`` reaching ``reaches[i]``; ``leaving``: those players as vertices of
    ``lower.graph``, ``at`` their positions): bit by bit when the reaches are few, else read
    backwards (:meth:`Lower.reached_by`)."""
    if sum(r.bit_count() for r in reaches) > lower.n:
        for k, m in enumerate(lower.reached_by(leaving, at)):
            adj[k] |= m
        return
    for v, r in zip(vertices, reaches, strict=True):
        for k in bits_of(r):
            adj[k] |= 1 << v


class SplitGraph:
    """One S1/S2 split and the players below as one bit-set graph (see the module docstring).

    Vertices: the local vertices of :class:`Lower`, then ``t1``, then ``t2``."""

    def __init__(
        self,
        dr: DutchRound,
        lower: Lower,
        t1: Sequence[int],
        t2: Sequence[int],
        level: Level,
        leave: Callable[[int], bool],
        partners: Sequence[int] | None = None,
    ) -> None:
        base = lower.n
        p = len(t1)
        self.base = base
        self.p = p
        size = base + p + len(t2)
        adj = list(lower.adj) + [0] * (p + len(t2))
        graph = lower.graph
        index = graph.index
        at1 = Positions([index[a] for a in t1], base)
        at2 = Positions([index[b] for b in t2], base + p)
        if partners is not None:
            # the stage's pairs as bit sets (``dr.partners(level)``, vertices of ``lower.graph``):
            # a few shifts per player instead of a test per pair (issue 20)
            for i, a in enumerate(t1):
                adj[base + i] = at2.local(partners[index[a]])
            for j, b in enumerate(t2):
                adj[base + p + j] = at1.local(partners[index[b]])
        else:
            for i, a in enumerate(t1):
                va = base + i
                for j, b in enumerate(t2):
                    if dr.pair_ok(a, b, level):
                        vb = base + p + j
                        adj[va] |= 1 << vb
                        adj[vb] |= 1 << va
        # the S2 players who may leave: with each other and below (the round's graph)
        leavers = [j for j, y in enumerate(t2) if leave(y)]
        leaving = 0
        for j in leavers:
            leaving |= 1 << index[t2[j]]
        reaches = [lower.reach(t2[j]) for j in leavers]
        for j, r in zip(leavers, reaches, strict=True):
            adj[base + p + j] |= r | at2.local(graph.adj[index[t2[j]]] & leaving)
        _add_reached(adj, lower, leaving, at2, [base + p + j for j in leavers], reaches)
        self.adj = adj
        self.full = (1 << size) - 1
        self.v1 = [base + i for i in range(p)]
        """The vertex of each S1 player, in S1's order."""
        self.index2 = {y: base + p + j for j, y in enumerate(t2)}
        self.t1mask = ((1 << p) - 1) << base
        self.t2mask = self.full & ~((1 << (base + p)) - 1)
        self._start()

    def _start(self) -> None:
        size = len(self.adj)
        self.mate = [-1] * size
        self._seen_at = -1
        self._seen: set[int] = set()
        self._effort = -1
        self._last = 0
        """The vertices of the last :meth:`perfect` question; ``mate`` matches them but
        ``_exposed``."""
        self._exposed = 0
        self._even: dict[tuple[int, int], int | None] = {}
        """:meth:`perfect_without`'s searches, by the vertices and the vertex taken out."""

    def seen_masks(self, seen: set[frozenset[int]]) -> set[int]:
        """The sets of players left over already offered (``seen``) that lie in S2, as bit
        sets of this graph's vertices (recomputed when ``seen`` has grown)."""
        if len(seen) != self._seen_at:
            self._seen_at = len(seen)
            index2 = self.index2
            out = set()
            for group in seen:
                if all(y in index2 for y in group):
                    m = 0
                    for y in group:
                        m |= 1 << index2[y]
                    out.add(m)
            self._seen = out
        return self._seen

    def completes(self, active: int, seen: set[int], effort: int | None = None) -> bool:
        """Whether the vertices of ``active`` can all be matched so that the S2 players left
        over (those not matched with S1) are not one of the sets of ``seen``: the completions
        of a prefix that are outcomes not offered before.  A witness is found by
        :meth:`perfect`; when its players left over were offered already, the completions are
        partitioned by the first of them who is paired inside instead (Lawler's partition, so
        each set left over is looked at once).  ``effort``: at most that many constrained
        matchings; when they do not settle it, the answer is ``True`` (the node is not shown to
        be dead and the search goes through it, which changes no outcome, only the time)."""
        if not self.perfect(active):
            return False
        if not seen:
            return True
        left = self._left(active, self.mate)
        if left not in seen:
            return True
        self._effort = -1 if effort is None else effort
        try:
            return self._unseen(active, seen, left, 0, 0)
        except _Unproven:
            return True  # not shown to be dead: the node is kept (the search goes through it)

    def _left(self, active: int, mate: list[int]) -> int:
        t1mask = self.t1mask
        out = 0
        for v in bits_of(active & self.t2mask):
            if not t1mask >> mate[v] & 1:
                out |= 1 << v
        return out

    def _unseen(self, active: int, seen: set[int], left: int, fin: int, fout: int) -> bool:
        for y in bits_of(left & ~fout):
            fin_y = fin | 1 << y
            if self._effort == 0:
                raise _Unproven
            self._effort -= 1
            other = self._constrained(active, fin_y, fout)
            if other is not None and (
                other not in seen or self._unseen(active, seen, other, fin_y, fout)
            ):
                return True
            fout |= 1 << y
        return False

    def _constrained(self, active: int, fin: int, fout: int) -> int | None:
        """A perfect matching of ``active`` in which the S2 vertices of ``fin`` are matched
        with S1 and those of ``fout`` are not: the S2 vertices it leaves over, or ``None``."""
        view = _Constrained(self.adj, self.t1mask, fin, fout)
        mate = list(self.mate)
        free = 0
        for v in bits_of(active):
            u = mate[v]
            if u >= 0 and (not active >> u & 1 or mate[u] != v or not view[v] >> u & 1):
                if mate[u] == v:
                    mate[u] = -1
                    free |= (1 << u) & active
                mate[v] = -1
                u = -1
            if u < 0:
                free |= 1 << v
        while free:
            low = free & -free
            v = low.bit_length() - 1
            end = augment_path(v, view, active, mate, free)
            if end < 0:
                return None
            free &= ~(low | (1 << end))
        return self._left(active, mate)

    def perfect_without(self, active: int, s: int, y: int) -> bool:
        """Whether the vertices of ``active`` but ``s`` and ``y`` can all be matched (a node of
        C7 one pair deeper than ``active``'s: :meth:`perfect` of the rest, the same answer).
        When ``active`` has a perfect matching ``M``, one search from ``M(s)`` without ``s``
        answers it for every ``y`` at once (:func:`~swisspairing.matching.even_vertices`,
        Gallai–Edmonds), remembered: the walk asks it for each S2 player that ``s`` may meet,
        most of them dead ends whose own searches would each go through the whole graph."""
        key = (active, s)
        even = self._even.get(key)
        if even is None:
            # the first dead end of the node: from then on its children are read off one search
            if key not in self._even and self.perfect(active & ~(1 << s) & ~(1 << y)):
                return True
            self._even[key] = None
            if not self.perfect(active):
                return self.perfect(active & ~(1 << s) & ~(1 << y))
            mate = list(self.mate)
            x = mate[s]
            mate[s] = mate[x] = -1
            even = self._even[key] = even_vertices(x, self.adj, active & ~(1 << s), mate)
        return bool(even >> y & 1)

    def perfect(self, active: int) -> bool:
        """Whether the vertices of ``active`` can all be matched.  Warm-started from the last
        answer: only the vertices that came or went since (two per step of the search) are
        looked at, the pairs of the vertices gone broken and their partners augmented again."""
        if active.bit_count() % 2:
            return False
        mate = self.mate
        free = self._exposed & active
        changed = active ^ self._last
        while changed:
            low = changed & -changed
            changed ^= low
            v = low.bit_length() - 1
            if active & low:
                free |= low  # back in the graph: exposed (its pair was broken when it left)
                continue
            u = mate[v]
            if u >= 0:  # gone: its partner is exposed
                mate[u] = -1
                mate[v] = -1
                if active >> u & 1:
                    free |= 1 << u
        self._last = active
        adj = self.adj
        while free:
            low = free & -free
            v = low.bit_length() - 1
            end = augment_path(v, adj, active, mate, free)
            if end < 0:
                self._exposed = free
                return False
            free &= ~(low | (1 << end))
        self._exposed = 0
        return True


class StageGraph:
    """The bracket of one stage of C7/C8 and the players below as one bit-set graph, built
    once; each S1/S2 split of C8 is then a :class:`SplitGraph` on it (:meth:`split`) at the
    cost of one bit-set operation per vertex instead of a criteria test per pair (issue 20).
    The split's graph is the one :class:`SplitGraph` builds (the same edges: S1 with S2 at the
    stage, the S2 players who may leave with each other and with the players below; the
    vertices numbered by bracket position instead of S1 first), with the players who may
    leave as ``leave`` said when the stage graph was built.  With one player left over that
    set shrinks as sets are offered (a player offered alone may not be left over again): the
    stage graph then has only more edges, so a split or a prefix it shows dead is dead in
    :class:`SplitGraph`'s graph too, and a perfect matching it finds is one of the relaxed
    graph only (used as a witness for a bound, which is then merely not asked)."""

    def __init__(
        self,
        dr: DutchRound,
        lower: Lower,
        players: Sequence[int],
        level: Level,
        leave: Callable[[int], bool],
        partners: Sequence[int] | None = None,
    ) -> None:
        base = lower.n
        self.lower = lower
        self.base = base
        self.players = tuple(players)
        n = len(self.players)
        self.vertex = {y: base + i for i, y in enumerate(self.players)}
        graph = lower.graph
        at = Positions([graph.index[y] for y in self.players], base)
        if partners is not None:
            # the stage's pairs as bit sets (``dr.partners(level)``, vertices of ``lower.graph``)
            ok = [at.local(partners[graph.index[y]]) for y in self.players]
        else:
            ok = [0] * n
            for i, a in enumerate(self.players):
                for j in range(i + 1, n):
                    if dr.pair_ok(a, self.players[j], level):
                        ok[i] |= 1 << (base + j)
                        ok[j] |= 1 << (base + i)
        self.ok = ok
        self.pairable = [at.local(graph.adj[graph.index[y]]) for y in self.players]
        leaves = leaving = 0
        reach = [0] * n
        movers = []
        for i, y in enumerate(self.players):
            if leave(y):
                leaves |= 1 << (base + i)
                leaving |= 1 << graph.index[y]
                reach[i] = lower.reach(y)
                movers.append(base + i)
        back = [0] * base  # per vertex below: the bracket players who may leave and reach it
        _add_reached(back, lower, leaving, at, movers, [reach[v - base] for v in movers])
        self.leaves = leaves
        self.reach = reach
        self.back = back
        self.full = (1 << (base + n)) - 1

    def split(self, t1: Sequence[int], t2: Sequence[int]) -> SplitGraph:
        """The :class:`SplitGraph` of S1 = ``t1``, S2 = ``t2`` (the stage's players)."""
        g = SplitGraph.__new__(SplitGraph)
        base = self.base
        vertex = self.vertex
        t1mask = 0
        for a in t1:
            t1mask |= 1 << vertex[a]
        t2mask = 0
        for b in t2:
            t2mask |= 1 << vertex[b]
        leavers = self.leaves & t2mask
        adj = [m | (b & leavers) for m, b in zip(self.lower.adj, self.back, strict=True)]
        ok, pairable, reach = self.ok, self.pairable, self.reach
        for i in range(len(self.players)):
            bit = 1 << (base + i)
            if t1mask & bit:
                adj.append(ok[i] & t2mask)
            elif leavers & bit:
                adj.append((ok[i] & t1mask) | (pairable[i] & leavers) | reach[i])
            else:
                adj.append(ok[i] & t1mask)
        g.base = base
        g.p = len(t1)
        g.adj = adj
        g.full = self.full
        g.v1 = [vertex[a] for a in t1]
        g.index2 = {b: vertex[b] for b in t2}
        g.t1mask = t1mask
        g.t2mask = t2mask
        g._start()
        return g


class _Unproven(Exception):
    """The partition of :meth:`SplitGraph.completes` ran out of its effort."""


class _Constrained:
    """The adjacency of a :class:`SplitGraph` with S2 vertices forced to be paired with S1
    (``fin``) or to be left over (``fout``); symmetric, read lazily by the augmenting search."""

    __slots__ = ("adj", "fin", "fout", "t1mask")

    def __init__(self, adj: list[int], t1mask: int, fin: int, fout: int) -> None:
        self.adj, self.t1mask, self.fin, self.fout = adj, t1mask, fin, fout

    def __len__(self) -> int:
        return len(self.adj)

    def __getitem__(self, v: int) -> int:
        m = self.adj[v]
        if self.fin >> v & 1:
            return m & self.t1mask
        if self.fout >> v & 1:
            return m & ~self.t1mask & ~self.fin
        if self.t1mask >> v & 1:
            return m & ~self.fout
        return m & ~self.fin


def most_pairs(
    dr: DutchRound,
    lower: Lower,
    players: Sequence[int],
    level: Level,
    leave: Callable[[int], bool],
    is_last: bool,
) -> int | None:
    """The largest number of pairs inside the bracket (B1/B2/B5/B6 at ``level``) in a perfect
    matching of the bracket's ``players`` and the players below, those of the bracket not
    paired inside it moving down (``leave``) and paired with each other (not in the lowest
    bracket), with players below or taking the bye under the absolute criteria (``None``: no
    perfect matching).  A maximum-weight matching of maximum cardinality, a pair inside weighing
    1, every other pair 0."""
    graph = lower.graph
    edges: list[tuple[object, object, int]] = lower.edges()
    names: list[object] = [*lower.players, "bye"]
    vertices: set[object] = set(lower.players)
    if lower.bye >= 0:
        vertices.add("bye")
    movers = [y for y in players if leave(y)]
    for i, a in enumerate(players):
        vertices.add(a)
        for b in players[i + 1 :]:
            if dr.pair_ok(a, b, level):
                edges.append((a, b, 1))
            elif not is_last and leave(a) and leave(b) and graph.may_pair(a, b):
                edges.append((a, b, 0))
    for y in movers:
        for k in bits_of(lower.reach(y)):
            edges.append((y, names[k], 0))
    mate: dict[object, object] = max_weight_matching(edges, max_cardinality=True)
    if len(mate) < len(vertices):
        return None
    inside = set(players)
    count = 0
    for a in players:
        partner = mate.get(a)
        if isinstance(partner, int) and partner in inside and a < partner:
            count += dr.pair_ok(a, partner, level)
    return count
