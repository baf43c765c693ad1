"""``Burstein-2025 3.2.2``: the first pairing, in the order of 4.3, that complies best with the
quality criteria C5–C8 taken in their order — by one weighted matching.

The criteria of the 2025 text (C.04.4.2 as valid from 1 July 2025), for a bracket ``B`` whose
players are ranked by 1.8 (Index, then TPN) and the players below it:

- ``C4`` (absolute): the rest of the round can still be completed — the best matching of the
  bracket and the next score group is taken when the players it leaves and those further down
  can be paired; otherwise the matching covers the bracket *and every player below it* with
  as many pairs as possible (maximum cardinality);
- ``C5``: the most pairs inside the bracket;
- ``C6``: the scores of the outgoing floaters, taken in descending order, as low as possible —
  with the number of floaters fixed by C5 this is: as many players of the highest score paired
  inside the bracket as possible, then of the next score, and so on;
- ``C7``: the floaters chosen so that the following bracket (the floaters and the next score
  group) complies with C1–C6 as far as it can: the most pairs in it, then its own floaters'
  scores as low as possible (read as the Dutch-2026 [C8] is read, AMB-N2: one bracket ahead);
- ``C8``: the fewest players of the bracket who do not get their colour preference (1.5): a
  pair of two players with a preference for the same colour leaves one of them without it;
- ``4.3``: among the pairings equal under C4–C8, the first in the order "BSN 1's opponent as
  low as possible, then BSN 2's, …", a floater's opponent being the virtual BSN 0 (4.2).

Each criterion is a field of one integer weight per edge, the most important field highest
(``dutch-current.md`` G.2), so one maximum-weight matching of maximum cardinality is a pairing
that is best under C4–C8 in their order; the 4.3 order is the lowest field, one sub-field per
BSN (BSN 1 highest) holding the opponent's BSN (a floater's: 0), so the heaviest matching is
also the first in the 4.3 order among the best ones — the bracket's pairing as 3.2.2 defines
it, in one solve.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from swisspairing import RoundContext
from swisspairing.defaults import colour_preference
from swisspairing.matching import IncrementalMatching, max_weight_matching

__all__ = ["best_bracket_pairing", "first_complete_pairing"]


def _bits(n: int) -> int:
    """Width of a field that holds any value from 0 to ``n``."""
    return max(n, 1).bit_length()


class _Fields:
    """The layout of the edge weight: one field per criterion, the most important highest."""

    def __init__(self, scores_b: dict[float, int], scores_next: dict[float, int], nb: int, nn: int):
        #: 4.3 order: one sub-field per BSN, BSN 1 highest, holding its opponent's BSN
        self.bsn_width = _bits(nb + 1)
        shift = self.bsn_width * nb
        self.c8 = shift  # pairs inside the bracket that leave both their preference
        shift += _bits(nb // 2 + 1)
        self.c7_score: dict[float, int] = {}  # players paired in the following bracket, by score
        for s in sorted(scores_next):  # lowest score least significant
            self.c7_score[s] = shift
            shift += _bits(2 * scores_next[s] + 1)
        self.c7_pairs = shift  # pairs in the following bracket
        shift += _bits((nb + nn) // 2 + 1)
        self.c6: dict[float, int] = {}  # players paired inside the bracket, by score
        for s in sorted(scores_b):
            self.c6[s] = shift
            shift += _bits(2 * scores_b[s] + 1)
        self.c5 = shift  # pairs inside the bracket
        shift += _bits(nb // 2 + 1)
        self.total = shift
        self.nb = nb

    def order(self, lo: int, hi: int) -> int:
        """4.3 for a pair of BSNs ``lo < hi``: ``hi`` in the sub-field of ``lo``.  Two pairings
        that agree on the opponents of BSN 1 to k-1 and differ at BSN k give BSN k an opponent
        below him (or BSN 0) in both, so the sub-field of k decides, above every later one."""
        return hi << (self.bsn_width * (self.nb - lo))


def _pairs_and_floaters(
    order: Sequence[int], bset: set[int], mate: dict[int, int], rank: dict[int, int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """The bracket's pairs in a matching (the player of the smaller ``rank`` first) and, in
    ``order``, the players it leaves to float down."""
    pairs: list[tuple[int, int]] = []
    down: list[int] = []
    for p in order:
        q = mate.get(p)
        if q is not None and q in bset:
            if rank[p] < rank[q]:
                pairs.append((p, q))
        else:
            down.append(p)
    return pairs, down


def best_bracket_pairing(
    order: Sequence[int],
    below: Sequence[int],
    context: RoundContext,
    compat: Callable[[int, int], bool],
) -> tuple[list[tuple[int, int]], list[int]]:
    """The pairs and the outgoing floaters of the bracket whose players are ``order`` (1.8
    order), with ``below`` the players of the lower brackets (C4, C7), whatever the size of
    the bracket: no size decides which pairing is found (issue 20)."""
    score = context.score
    bset = set(order)
    top_below = max((score(p) for p in below), default=None)
    nxt = [p for p in below if top_below is not None and score(p) == top_below]
    nset = set(nxt)
    scores_b: dict[float, int] = {}
    for p in order:
        scores_b[score(p)] = scores_b.get(score(p), 0) + 1
    scores_next: dict[float, int] = dict(scores_b)
    for p in nxt:
        scores_next[score(p)] = scores_next.get(score(p), 0) + 1
    f = _Fields(scores_b, scores_next, len(order), len(nxt))
    pref = {p: colour_preference(context.state(p))[0] for p in order}
    bsn = {p: i + 1 for i, p in enumerate(order)}

    def weight(a: int, b: int) -> int:
        w = 0
        if a in bset and b in bset:
            w |= 1 << f.c5
            w += (1 << f.c6[score(a)]) + (1 << f.c6[score(b)])
            pa, pb = pref[a], pref[b]
            if pa is None or pb is None or pa is not pb:
                w += 1 << f.c8
        elif (a in bset or a in nset) and (b in bset or b in nset):
            # a pair of the following bracket: a floater of this one or a player of the next
            # score group against a player of the next score group
            w |= 1 << f.c7_pairs
            w += (1 << f.c7_score[score(a)]) + (1 << f.c7_score[score(b)])
        return w

    def solve(vertices: list[int], complete: bool) -> dict[int, int]:
        edges = []
        for i, a in enumerate(vertices):
            for b in vertices[i + 1 :]:
                if compat(a, b):
                    w = weight(a, b)
                    if a in bset and b in bset:
                        lo, hi = sorted((bsn[a], bsn[b]))
                        w += f.order(lo, hi)
                    edges.append((a, b, w))
        return max_weight_matching(edges, max_cardinality=complete)

    # The bracket and the following score group alone: their best matching is an upper bound
    # of every complete pairing (edges to the players further down weigh nothing); if the
    # players it leaves unpaired and those further down can be paired, it is the answer (C4).
    near = [*order, *nxt]
    mate = solve(near, complete=False)
    far = [p for p in below if p not in nset]
    left = [p for p in near if p not in mate]
    if (left or far) and not IncrementalMatching([*left, *far], compat).perfect:
        mate = solve([*order, *below], complete=True)
    return _pairs_and_floaters(order, bset, mate, bsn)


def first_complete_pairing(
    order: Sequence[int],
    below: Sequence[int],
    compat: Callable[[int, int], bool],
    choices: Callable[[int], Sequence[int]],
) -> tuple[list[tuple[int, int]], list[int]]:
    """``Burstein A.5``/``A.7`` with C4 (the edition valid until 30 June 2025): the pairing of
    the bracket ``order`` with the most pairs with which the players moved down and ``below``
    can all be paired, and among those the first in the bracket's pairing order, by one
    weighted matching.  ``choices(i)`` are the positions of the possible opponents of the
    player at position ``i``, best first (all after ``i``: the players above him are already
    paired when the order reaches him).

    Fields, most important first: the pairs inside the bracket (C5 within C4, which the
    maximum cardinality over the bracket and every player below holds), then one sub-field
    per position, the first highest, holding how early in that player's choices his opponent
    comes (a floater: 0) — two pairings that agree on the opponents of the first k-1 players
    and differ at the k-th give him in both an opponent after him or none, so his sub-field
    decides."""
    nb = len(order)
    width = _bits(nb + 1)
    c5 = width * nb
    rank: dict[tuple[int, int], int] = {}
    for i in range(nb):
        opts = list(choices(i))
        for r, j in enumerate(opts):
            rank[i, j] = len(opts) - r  # the first choice highest, a floater 0
    bset = set(order)
    pos = {p: i for i, p in enumerate(order)}

    def solve(vertices: list[int], complete: bool) -> dict[int, int]:
        edges = []
        for k, a in enumerate(vertices):
            for b in vertices[k + 1 :]:
                if not compat(a, b):
                    continue
                w = 0
                if a in bset and b in bset:
                    i, j = sorted((pos[a], pos[b]))
                    w = (1 << c5) + (rank.get((i, j), 0) << (width * (nb - 1 - i)))
                edges.append((a, b, w))
        return max_weight_matching(edges, max_cardinality=complete)

    mate = solve(list(order), complete=False)
    left = [p for p in order if p not in mate]
    if (left or below) and not IncrementalMatching([*left, *below], compat).perfect:
        mate = solve([*order, *below], complete=True)
    return _pairs_and_floaters(order, bset, mate, pos)
