"""Maximum-weight transportation: a complete assignment of typed units at the least loss.

The left and right sides hold units of a few *types* (``left[a]`` units of type ``a``); a unit
of type ``a`` may be assigned to a unit of type ``b`` when ``weight(a, b)`` is not ``None``,
and is then worth that weight (an integer of any size, so that a lexicographic order of
criteria is one weight, as in :mod:`.weighted`).  :class:`Transport` finds the heaviest
*complete* assignment (every unit of both sides assigned; the sides hold as many units) by
successive longest augmenting paths (Bellman-Ford on the residual graph of the types; a path
moves as many units as its narrowest edge allows), so its cost depends on the number of types,
not of units.

It answers, for a bracket of many players of few kinds, what the best pairing of its halves
could be worth if everybody could meet everybody (a bound), and keeps that answer while units
are taken out pair by pair (:meth:`Transport.take`): a greedy that takes pairs in a fixed order
and only those that keep the bound learns at once, and exactly, which pair would spoil it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, TypeVar

__all__ = ["Transport"]

L = TypeVar("L", bound=Hashable)
R = TypeVar("R", bound=Hashable)


class Transport(Generic[L, R]):
    """The heaviest complete assignment of the units of ``left`` to those of ``right``.

    ``weight(a, b)`` is asked once per pair of types; ``None`` forbids the pair.  After
    :meth:`solve`, :attr:`value` is the optimum (``None`` when no complete assignment exists)
    and :meth:`take` removes one pair of units at a time while the rest stays optimal."""

    def __init__(
        self,
        left: Mapping[L, int],
        right: Mapping[R, int],
        weight: Callable[[L, R], int | None],
    ) -> None:
        self.left: dict[L, int] = {a: c for a, c in left.items() if c >= 0}
        """Units of each left type still to assign (a type given with no units may gain some
        in :meth:`changed`)."""
        self.right: dict[R, int] = {b: c for b, c in right.items() if c >= 0}
        """Units of each right type still to assign."""
        self.weight: dict[tuple[L, R], int] = {}
        """The allowed pairs of types and their weights."""
        for a in self.left:
            for b in self.right:
                w = weight(a, b)
                if w is not None:
                    self.weight[(a, b)] = w
        self.flow: dict[tuple[L, R], int] = {}
        """Units assigned per pair of types (an optimum once solved)."""
        self._potential: dict[object, int] = {}
        self._potential_of: dict[tuple[L, R], int] | None = None
        """The flow :attr:`_potential` was found for (the very object: :meth:`take` changes
        it in place and keeps the potential right; a flow put in its place is another)."""
        self.value: int | None = None
        """The weight of the optimum; ``None`` before :meth:`solve` or when there is none."""
        self._out: dict[L, list[R]] = {a: [] for a in self.left}
        for a, b in self.weight:
            self._out[a].append(b)
        # the types by number, for the searches
        self._lefts: list[L] = list(self.left)
        self._rights: list[R] = list(self.right)
        self._left_id = {a: i for i, a in enumerate(self._lefts)}
        self._right_id = {b: j for j, b in enumerate(self._rights)}
        n_left = len(self._lefts)
        self._forward: list[list[tuple[int, int]]] = [
            [(n_left + self._right_id[b], self.weight[(a, b)]) for b in self._out[a]]
            for a in self._lefts
        ]

    # -- the residual graph ------------------------------------------------------------------

    def _longest(self, sources: Mapping[L, int]) -> tuple[dict[Any, int], dict[Any, Any]]:
        """Longest paths in the residual graph from the left types of ``sources`` (each
        starting at its given gain): forward edges ``a -> b`` of every allowed pair (gain
        ``w``), backward edges ``b -> a`` where units are assigned (gain ``-w``).  Nodes are
        ``("L", a)`` and ``("R", b)``.  No cycle gains (the flow is optimal for what it
        carries), so Bellman-Ford ends.  (The search runs over the types' numbers: a type is
        hashed once per search, not once per edge.)"""
        lefts, rights = self._lefts, self._rights
        n_left = len(lefts)
        size = n_left + len(rights)
        best: list[int | None] = [None] * size
        prev = [-1] * size
        back: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        left_id, right_id = self._left_id, self._right_id
        for (a, b), f in self.flow.items():
            if f > 0:
                back[n_left + right_id[b]].append((left_id[a], -self.weight[(a, b)]))
        frontier: list[int] = []
        for a, g in sources.items():
            i = left_id[a]
            best[i] = g
            frontier.append(i)
        forward = self._forward
        while frontier:
            marked: dict[int, None] = {}
            for node in frontier:
                gain = best[node]
                assert gain is not None
                for nxt, w in forward[node] if node < n_left else back[node]:
                    cand = gain + w
                    have = best[nxt]
                    if have is None or cand > have:
                        best[nxt] = cand
                        prev[nxt] = node
                        marked[nxt] = None
            frontier = list(marked)
        names: list[Any] = [("L", a) for a in lefts] + [("R", b) for b in rights]
        out_best = {names[i]: g for i, g in enumerate(best) if g is not None}
        out_prev = {names[i]: names[p] for i, p in enumerate(prev) if p >= 0}
        return out_best, out_prev

    def _push(self, prev: Mapping[Any, Any], end: Any, start: Any, units: int) -> None:
        """Move ``units`` along the path of ``prev`` from ``start`` to ``end``."""
        node = end
        while node != start:
            p = prev[node]
            if node[0] == "R":
                key = (p[1], node[1])
                self.flow[key] = self.flow.get(key, 0) + units
            else:
                key = (node[1], p[1])
                self.flow[key] -= units
            node = p

    def _path_width(self, prev: Mapping[Any, Any], end: Any) -> tuple[Any, int]:
        """The start of the path of ``prev`` ending at ``end`` and how many units its backward
        edges can move."""
        width = 1 << 62
        node = end
        while node in prev:
            p = prev[node]
            if node[0] == "L":
                width = min(width, self.flow[(node[1], p[1])])
            node = p
        return node, width

    # -- the optimum -----------------------------------------------------------------------

    def solve(self) -> int | None:
        """The optimum, by successive longest augmenting paths: from the left types with
        units unassigned to a right type with room, each path as wide as its source's and
        sink's spare units and its backward edges allow."""
        if sum(self.left.values()) != sum(self.right.values()):
            self.value = None
            return None
        self.flow = {}
        self.value = self._augment(dict(self.left), dict(self.right))
        return self.value

    def solve_from(self, flow: Mapping[tuple[L, R], int]) -> int | None:
        """The optimum, from ``flow``: an assignment of some of the units along allowed pairs
        that is optimal for what it carries (no residual cycle gains), such as an optimum
        of a larger assignment with some units taken out (:meth:`changed`).  The units it
        leaves are assigned along longest paths, as :meth:`solve` would."""
        if sum(self.left.values()) != sum(self.right.values()):
            self.value = None
            return None
        start = {k: f for k, f in flow.items() if f}
        spare_l = dict(self.left)
        spare_r = dict(self.right)
        for (a, b), f in start.items():
            if (a, b) not in self.weight or f < 0:
                raise ValueError(f"the pair {(a, b)!r} may not carry {f} units")
            spare_l[a] -= f
            spare_r[b] -= f
        if min(spare_l.values(), default=0) < 0 or min(spare_r.values(), default=0) < 0:
            raise ValueError("the flow assigns more units than there are")
        self.flow = start
        self.value = self._augment(spare_l, spare_r)
        return self.value

    def _augment(self, spare_l: dict[L, int], spare_r: dict[R, int]) -> int | None:
        """Assign the spare units along longest paths, from a flow that is optimal for what
        it carries; the weight of the whole flow then, or ``None`` when the spare units
        cannot all be assigned."""
        while any(spare_l.values()):
            best, prev = self._longest({a: 0 for a, c in spare_l.items() if c > 0})
            ends = [(g, b) for (side, b), g in best.items() if side == "R" and spare_r.get(b)]
            if not ends:
                return None
            _gain, b = max(ends, key=lambda e: e[0])
            end = ("R", b)
            start, width = self._path_width(prev, end)
            units = min(width, spare_l[start[1]], spare_r[b])
            self._push(prev, end, start, units)
            spare_l[start[1]] -= units
            spare_r[b] -= units
        self.flow = {k: f for k, f in self.flow.items() if f}
        return sum(self.weight[k] * f for k, f in self.flow.items())

    def changed(self, left: Mapping[L, int], right: Mapping[R, int]) -> int | None:
        """The optimum once the units of some types change by the given amounts (``-1``: one
        unit fewer), without changing this optimum; from the solved flow, not from scratch.

        Taking units out takes their assignments out with them; what they were assigned to
        is then spare (or is itself taken out).  The flow left is optimal for what it
        carries (a flow without some units has no cycle the full one lacked), so longest
        paths assign the spare units as :meth:`solve` would."""
        if self.value is None:
            return None
        units_l = {a: c + left.get(a, 0) for a, c in self.left.items()}
        units_r = {b: c + right.get(b, 0) for b, c in self.right.items()}
        if (
            any(a not in self.left for a in left)
            or any(b not in self.right for b in right)
            or min(units_l.values(), default=0) < 0
            or min(units_r.values(), default=0) < 0
            or sum(units_l.values()) != sum(units_r.values())
        ):
            return None
        saved = self.flow
        self.flow = dict(saved)
        try:
            spare_l = {a: max(d, 0) for a, d in left.items()}
            spare_r = {b: max(d, 0) for b, d in right.items()}
            out_l = {a: -d for a, d in left.items() if d < 0}
            out_r = {b: -d for b, d in right.items() if d < 0}
            for (a, b), f in list(self.flow.items()):
                take = min(f, out_l.get(a, 0))
                if take:
                    self.flow[(a, b)] -= take
                    out_l[a] -= take
                    spare_r[b] = spare_r.get(b, 0) + take
            for b, c in out_r.items():  # a unit just left unassigned goes first
                take = min(c, spare_r.get(b, 0))
                spare_r[b] = spare_r.get(b, 0) - take
                out_r[b] -= take
            for (a, b), f in list(self.flow.items()):
                take = min(f, out_r.get(b, 0))
                if take:
                    self.flow[(a, b)] -= take
                    out_r[b] -= take
                    spare_l[a] = spare_l.get(a, 0) + take
            # (a solved flow assigns every unit, so every unit taken out was assigned)
            return self._augment(spare_l, spare_r)
        finally:
            self.flow = saved

    def _dual(self) -> dict[object, int]:
        """The gains of the longest residual paths from every left type (an optimal dual):
        every residual edge's gain is then at most what the potentials of its ends allow, and
        an edge that carries units exactly that.  Found once per solved flow: :meth:`take`
        moves units only along edges of reduced gain 0 and takes units out, which keeps
        both true."""
        if self._potential_of is not self.flow:
            best, _prev = self._longest(dict.fromkeys(self.left, 0))
            self._potential = best
            self._potential_of = self.flow
        return self._potential

    def tight(self) -> set[tuple[L, R]]:
        """The pairs of types that some optimum may use: those of zero reduced weight under
        the potentials of the longest residual paths (an optimal dual).  Every complete
        assignment that uses only these pairs is an optimum (complementary slackness), and
        every optimum uses only these."""
        if self.value is None:
            return set()
        best = self._dual()
        return {
            (a, b)
            for (a, b), w in self.weight.items()
            if best.get(("L", a), 0) + w == best.get(("R", b))
        }

    def _tight_path(
        self, b: R, a: L, dual: Mapping[object, int]
    ) -> list[tuple[tuple[L, R], int]] | None:
        """A path of residual edges of reduced gain 0 from the right type ``b`` to the left
        type ``a`` (breadth first): backward edges ``y -> x`` where a unit of ``x`` is
        assigned to ``y``, forward edges ``x -> y`` of reduced gain 0.  Its edges as the
        changes of the flow that send one unit along it; ``None`` when there is none."""
        into: dict[R, list[L]] = {}
        for (x, y), f in self.flow.items():
            if f > 0:
                into.setdefault(y, []).append(x)
        weight = self.weight
        came: dict[object, tuple[object, tuple[L, R], int]] = {}
        frontier: list[R] = [b]
        seen_r: set[R] = {b}
        while frontier:
            nxt: list[R] = []
            for y in frontier:
                for x in into.get(y, ()):
                    node = ("L", x)
                    if node in came:
                        continue
                    came[node] = (("R", y), (x, y), -1)
                    if x == a:
                        path: list[tuple[tuple[L, R], int]] = []
                        cur: object = node
                        while cur != ("R", b):
                            parent, key, step = came[cur]
                            path.append((key, step))
                            cur = parent
                        return path
                    gain = dual.get(node, 0)
                    for z in self._out[x]:
                        if z in seen_r or gain + weight[(x, z)] != dual.get(("R", z)):
                            continue
                        seen_r.add(z)
                        came[("R", z)] = (node, (x, z), 1)
                        nxt.append(z)
            frontier = nxt
        return None

    def take(self, a: L, b: R) -> bool:
        """Take one unit of ``a`` and one of ``b`` out as a pair, if an optimum assigns a unit
        of ``a`` to one of ``b``: the rest is then optimal again, :attr:`value` lowered by the
        pair's weight, and ``True``.  Otherwise (the rest could not make up the loss) nothing
        changes and ``False``.

        An optimum that holds the pair exists exactly when the residual graph has a cycle of
        gain 0 through the forward edge ``a -> b``: a path from ``b`` back to ``a`` of gain
        ``-w(a, b)``, along edges of reduced gain 0 under the optimal dual (:meth:`_dual`)."""
        if self.value is None or not self.left.get(a) or not self.right.get(b):
            return False
        w = self.weight.get((a, b))
        if w is None:
            return False
        if not self.flow.get((a, b)):
            # a cycle of gain 0 through a -> b: under the optimal dual every residual edge's
            # reduced gain is at most 0, so such a cycle is made of edges of reduced gain 0
            # alone -- a path of them from b back to a (a search over the types, no sums)
            dual = self._dual()
            if dual.get(("L", a), 0) + w != dual.get(("R", b)):
                return False
            path = self._tight_path(b, a, dual)
            if path is None:
                return False
            # one unit round the cycle: a -> b, b -> x (backward), ..., -> a
            for key, step in path:
                self.flow[key] = self.flow.get(key, 0) + step
            self.flow[(a, b)] = self.flow.get((a, b), 0) + 1
        self.flow[(a, b)] -= 1  # a pair of kinds left at 0 units is no backward edge
        self.left[a] -= 1
        self.right[b] -= 1
        self.value -= w
        return True
