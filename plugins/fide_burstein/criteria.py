"""``Burstein-2025 3.2.2``: the first pairing, in the order of 4.3, that complies best with the
quality criteria C5–C8 taken in their order — by one weighted matching.

The criteria of the 2025 text (C.04.4.2 as valid from 1 July 2025), for a bracket ``B`` whose
players are ranked by 1.8 (Index, then TPN) and the players below it:

- ``C4`` (absolute): the rest of the round can still be completed — the matching covers the
  bracket *and every player below it* with as many pairs as possible (maximum cardinality);
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
that is best under C4–C8 in their order; the 4.3 order is then fixed player by player: the
player's edges get a last field that grows with the opponent's BSN, the matching is solved again
(warm) and the player's choice is kept (the pair leaves the graph, or the floater loses his
edges inside the bracket).  Every choice keeps the criteria optimal, so the result is the first
pairing in the 4.3 order among the best ones — the bracket's pairing as 3.2.2 defines it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from swisspairing import RoundContext
from swisspairing.defaults import colour_preference
from swisspairing.matching import WeightedMatching

__all__ = ["EXACT_LIMIT", "best_bracket_pairing"]

#: Largest number of players (the bracket and every player below it) for which the bracket is
#: paired by the weighted matching of this module; larger rounds keep the procedure of
#: :mod:`.procedure` (C4 and C5 exact, C6 and C8 as far as a plain matching can test them).
EXACT_LIMIT = 160


def _bits(n: int) -> int:
    """Width of a field that holds any value from 0 to ``n``."""
    return max(n, 1).bit_length()


class _Fields:
    """The layout of the edge weight: one field per criterion, the most important highest."""

    def __init__(self, scores_b: dict[float, int], scores_next: dict[float, int], nb: int, nn: int):
        shift = 0
        self.order = shift  # 4.3: the opponent's BSN (only on the edges of the player at hand)
        shift += _bits(nb + 1)
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


def best_bracket_pairing(
    order: Sequence[int],
    below: Sequence[int],
    context: RoundContext,
    compat: Callable[[int, int], bool],
) -> tuple[list[tuple[int, int]], list[int]]:
    """The pairs and the outgoing floaters of the bracket whose players are ``order`` (1.8
    order), with ``below`` the players of the lower brackets (C4, C7)."""
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

    everyone = [*order, *below]
    wm: WeightedMatching[int] = WeightedMatching()
    base: dict[tuple[int, int], int] = {}
    for i, a in enumerate(everyone):
        wm.add_vertex(a)
        for b in everyone[i + 1 :]:
            if compat(a, b):
                w = weight(a, b)
                base[(a, b)] = w
                wm.set_weight(a, b, w)
    pairs: list[tuple[int, int]] = []
    down: list[int] = []
    free = list(order)
    for p in order:
        if p not in free:
            continue
        rest = [q for q in free if q != p and _edge(base, p, q) is not None]
        for q in rest:  # 4.3: the lower the opponent, the better
            wm.set_weight(p, q, _edge(base, p, q) + (bsn[q] << f.order))  # type: ignore[operator]
        mate = wm.solve(max_cardinality=True)
        q = mate.get(p)
        if q is not None and q in bset:
            pairs.append((p, q))
            free.remove(p)
            free.remove(q)
            wm.remove_vertex(p)
            wm.remove_vertex(q)
            continue
        # p floats: he leaves the bracket's pairs, keeps his edges to the players below
        free.remove(p)
        down.append(p)
        for q in rest:
            wm.set_weight(p, q, None)
    return pairs, down


def _edge(base: dict[tuple[int, int], int], a: int, b: int) -> int | None:
    got = base.get((a, b))
    return got if got is not None else base.get((b, a))
