"""Dutch-1992 B1, B2, B5 and B6 as bit sets: every player's possible opponents at once (issue 20).

A bracket of thousands of players (an open of 5,000) asks its matchings for millions of pairs;
asked one pair at a time (:meth:`.procedure.DutchRound.pair_ok`) that alone took tens of seconds.
Here the same criteria are computed once per round and stage for every player as a bit set over
the round's participants in the ranking order (A2), with a few integer operations per player:

- :class:`PairBits` — the round's B1a/B2 pairs (``b1b2``), a stage's pairs
  (:meth:`PairBits.partners`, B5/B6 for the upfloater and the B-note), the absolute criteria as
  a :class:`~swisspairing.feasibility.PairingGraph` in the same order (:attr:`PairBits.graph`);
- :class:`Positions` — a bit set of those vertices read as one of positions in a list of players
  (a bracket, S1, S2, the players below): consecutive vertices move with one shift, and a bracket
  is consecutive in the ranking order.

Each bit set is the predicate's answer for every pair (tests/dutch_1992/test_dutch_bits.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from swisspairing import BLACK, WHITE, Float
from swisspairing.feasibility import PairingGraph

from .criteria import float_ok

if TYPE_CHECKING:
    from swisspairing import RoundContext

__all__ = ["PairBits", "Positions", "bits_of"]


def bits_of(mask: int) -> list[int]:
    """The members of the bit set ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


class Positions:
    """A list of vertices ``vertices[k]`` of a bit-set graph as positions ``offset + k``:
    :meth:`local` reads a bit set of vertices as the bit set of their positions (vertices not in
    the list dropped).  The list is cut into runs of consecutive vertices at consecutive
    positions, each moved by one shift; when a set has fewer members than there are runs, its
    members are moved one by one instead."""

    __slots__ = ("mask", "runs", "where")

    def __init__(self, vertices: Sequence[int], offset: int = 0) -> None:
        runs: list[list[int]] = []
        mask = 0
        for k, v in enumerate(vertices):
            mask |= 1 << v
            if runs and runs[-1][0] + runs[-1][1] == v:
                runs[-1][1] += 1
            else:
                runs.append([v, 1, offset + k])
        self.runs = [(v, (1 << length) - 1, pos) for v, length, pos in runs]
        """``(first vertex, mask of the run's length, first position)`` of each run."""
        self.mask = mask
        """The bit set of the vertices."""
        self.where = {v: offset + k for k, v in enumerate(vertices)}
        """The position of each vertex."""

    def local(self, gmask: int) -> int:
        """The positions of the vertices of ``gmask`` that are in the list."""
        gmask &= self.mask
        if gmask.bit_count() < len(self.runs):
            where = self.where
            out = 0
            while gmask:
                low = gmask & -gmask
                gmask ^= low
                out |= 1 << where[low.bit_length() - 1]
            return out
        out = 0
        for v, width, pos in self.runs:
            out |= ((gmask >> v) & width) << pos
        return out


class PairBits:
    """The round's pairing criteria of Dutch-1992 as bit sets over the participants in the
    ranking order (vertex ``i`` is ``order[i]``), built once per round."""

    def __init__(self, ctx: RoundContext, topscorer: Mapping[int, bool]) -> None:
        self.ctx = ctx
        order = ctx.ranked(ctx.participants)
        self.order = order
        """The participants in the ranking order (A2)."""
        index = {num: i for i, num in enumerate(order)}
        self.index = index
        """The vertex of each participant."""
        self.graph = PairingGraph(ctx, order)
        """The absolute criteria (the round's pairing graph, with the B-note's exemption) in
        this order: the same graph as ``ctx.pairing_graph()``, other vertex numbers."""
        n = len(order)
        everyone = (1 << n) - 1
        white = black = 0
        for i, num in enumerate(order):
            if ctx.colour_allowed(num, WHITE):
                white |= 1 << i
            if ctx.colour_allowed(num, BLACK):
                black |= 1 << i
        some = white | black
        self.some_colour = some
        """The players whom B2 leaves a colour."""
        # B1a (and the forbidden pairs): ``barred`` is the one rule; a game is recorded on both
        # players' lines, so the relation is symmetric (it is made so for a one-sided record)
        meet = [everyone & ~(1 << i) for i in range(n)]
        for i, num in enumerate(order):
            for opp in ctx.barred(num):
                j = index.get(opp)
                if j is not None:
                    meet[i] &= ~(1 << j)
                    meet[j] &= ~(1 << i)
        self.meet = meet
        """B1a: the players each may meet (not himself)."""
        only_white, only_black = white & ~black, black & ~white
        b1b2 = []
        for i in range(n):
            bit = 1 << i
            if not some & bit:
                b1b2.append(0)
                continue
            m = meet[i] & some
            if only_white & bit:
                m &= ~only_white
            elif only_black & bit:
                m &= ~only_black
            b1b2.append(m)
        self.b1b2 = b1b2
        """B1a and B2: the players each may meet with a colour allocation within the limits
        (:meth:`.procedure.DutchRound.b1b2` without the B-note)."""
        groups: dict[float, int] = {}
        for i, num in enumerate(order):
            s = ctx.score(num)
            groups[s] = groups.get(s, 0) | 1 << i
        higher: dict[float, int] = {}
        acc = 0
        for s in sorted(groups, reverse=True):
            higher[s] = acc
            acc |= groups[s]
        scores = [ctx.score(num) for num in order]
        self._higher = [higher[s] for s in scores]
        self._lower = [everyone & ~higher[s] & ~groups[s] for s in scores]
        ts = 0
        for i, num in enumerate(order):
            if topscorer.get(num, False):
                ts |= 1 << i
        self.topscorers = ts
        """The topscorers exempt in the last round (B-note, AMB-D3)."""
        self._partners: dict[tuple[bool, bool, bool], list[int]] = {}

    def mask(self, players: Sequence[int]) -> int:
        """The bit set of ``players``."""
        index = self.index
        m = 0
        for num in players:
            m |= 1 << index[num]
        return m

    def positions(self, players: Sequence[int], offset: int = 0) -> Positions:
        """``players`` as positions ``offset``, ``offset + 1``, …"""
        index = self.index
        return Positions([index[num] for num in players], offset)

    def partners(self, b5_up: bool, b6_up: bool, exempt: bool) -> list[int]:
        """For every vertex, the players it may meet at a stage with these criteria in force:
        :meth:`.procedure.DutchRound.pair_ok`, i.e. B1a and B2 (for a pair with a topscorer
        under the B-note only B1a and a colour left to the other player) and, between
        different scores, B5/B6 for the upfloater (not for a pair with an exempt topscorer).
        Symmetric; computed once per round and set of criteria."""
        key = (b5_up, b6_up, exempt)
        got = self._partners.get(key)
        if got is None:
            got = self._partners[key] = self._stage(b5_up, b6_up, exempt)
        return got

    def _stage(self, b5_up: bool, b6_up: bool, exempt: bool) -> list[int]:
        ctx, order = self.ctx, self.order
        out = list(self.b1b2)
        if b5_up or b6_up:
            no_up = 0  # the players who may not float up (B5/B6)
            for i, num in enumerate(order):
                if not float_ok(ctx.state(num), Float.UP, b5=b5_up, b6=b6_up):
                    no_up |= 1 << i
            higher, lower = self._higher, self._lower
            for i in range(len(order)):
                # a pair of different scores: the lower one floats up
                cut = no_up & lower[i]
                if no_up >> i & 1:
                    cut |= higher[i]
                out[i] &= ~cut
        ts = self.topscorers
        if exempt and ts:
            meet, some = self.meet, self.some_colour
            for i in range(len(order)):
                if ts >> i & 1:
                    # B-note: B2, B5 and B6 do not bind the topscorer; the other player keeps
                    # a colour B2 allows him (or is a topscorer too)
                    out[i] = meet[i] & (ts | some)
                else:
                    out[i] = (out[i] & ~ts) | (meet[i] & ts if some >> i & 1 else 0)
        return out
