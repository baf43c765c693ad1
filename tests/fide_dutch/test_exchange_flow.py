"""B.6 / 3.6 with the exchanges of D.2 / 4.3 (fide_dutch/joint_walk.py, the remainder walk)
against brute force on small random remainders.

A remainder whose S1 (its first ``P`` players, ``P`` the pairs the best pairings make inside
it) cannot meet its S2 in full needs exchanges: D.2 takes the exchange with (a) the fewest
players exchanged, (b) the smallest difference of the BSN sums, (c) the highest BSN moved out
of S1 the largest, (d) the lowest BSN moved into S1 the smallest, then D.1 the first
transposition.  Here every pairing of the remainder and the players below it is tried; of those
worth the most (the criteria), the first in that order is the text's answer (the higher of a
pair leads it; S1's players who lead no pair are those moved out).  The walk, where it answers,
must answer that, pair for pair: with one exchange (``_exchanged``) or several
(``_exchanges_by_flow``, whose flow must have been used in many of the cases).

The criteria are stood for by a random table of weights by the players' *kinds* (a pair inside
the remainder worth more than any pair with a player below, as [C6] makes it), some pairs of
kinds barred ([C3]) and some players barred from meeting ([C1]).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from swisspairing.plugins.fide_dutch import joint_walk
from swisspairing.plugins.fide_dutch.criteria import Place
from swisspairing.plugins.fide_dutch.joint_walk import JointRound, walk_remainder

INSIDE = 1 << 20  # [C6]: a pair inside the remainder is worth more than all the rest


def _pairings(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every pairing of ``players`` (one left out when their number is odd)."""
    if not players:
        yield []
        return
    if len(players) % 2:
        for i in range(len(players)):
            yield from _pairings(players[:i] + players[i + 1 :])
        return
    first, rest = players[0], players[1:]
    for i, y in enumerate(rest):
        for more in _pairings(rest[:i] + rest[i + 1 :]):
            yield [(first, y), *more]


def _text_order(
    bracket: list[int], pairing: list[tuple[int, int]], p: int
) -> tuple[Any, ...] | None:
    """D.2 a-d then D.1 for a pairing whose inside pairs are led by their higher players;
    ``None`` when it does not make ``p`` pairs inside."""
    index = {x: i for i, x in enumerate(bracket)}
    inside = sorted(
        (min(index[a], index[b]), max(index[a], index[b]))
        for a, b in pairing
        if a in index and b in index
    )
    if len(inside) != p:
        return None
    leaders = {lead for lead, _ in inside}
    out = sorted((i for i in range(p) if i not in leaders), reverse=True)
    moved_in = sorted(i for i in leaders if i >= p)
    return (
        len(out),  # a)
        sum(moved_in) - sum(out),  # b)
        [-i for i in out],  # c) the highest moved out the largest
        moved_in,  # d) the lowest moved in the smallest
        [follow for _lead, follow in inside],  # D.1: each leader's partner, highest first
    )


def _case(rng: random.Random) -> tuple[list[int], list[int], JointRound]:
    """A remainder and the players below it, their kinds standing for colour preferences:
    two absolute preferences for the same colour may not meet ([C3]), granted preferences
    are worth more ([C12]), a little noise by pair of kinds for the other criteria."""
    n_bracket = rng.randint(6, 10)
    n_below = rng.randint(0, 11 - n_bracket)
    bracket = list(range(n_bracket))
    below = list(range(n_bracket, n_bracket + n_below))
    n_kinds = rng.randint(2, 4)
    colour = [rng.choice("WB") for _ in range(n_kinds + 2)]
    absolute = [rng.random() < 0.6 for _ in range(n_kinds + 2)]
    # S1 leans to one colour (as after a round that gave White to the top half)
    kind = {x: rng.randrange(n_kinds) for x in bracket}
    kind |= {x: 0 for x in bracket[: n_bracket // 2] if rng.random() < 0.8}
    kind |= {x: n_kinds + rng.randrange(2) for x in below}
    table: dict[tuple[Any, Any], int | None] = {}
    for a in range(n_kinds + 2):
        for b in range(a, n_kinds + 2):
            if absolute[a] and absolute[b] and colour[a] == colour[b]:
                w = None
            else:
                w = 3 * (colour[a] != colour[b]) + rng.randint(0, 2)
                if a < n_kinds and b < n_kinds:
                    w += INSIDE
            table[(a, b)] = table[(b, a)] = w
    bars = {frozenset(rng.sample(bracket + below, 2)) for _ in range(rng.randint(0, 2))}

    def weight(hi: Any, lo: Any, place: Place) -> int | None:
        return table[(kind[hi], kind[lo])]

    def may_meet(a: int, b: int) -> bool:
        return frozenset((a, b)) not in bars and table[(kind[a], kind[b])] is not None

    def barred(x: int) -> list[int]:
        return [y for pair in bars if x in pair for y in pair if y != x]

    rnd = JointRound({x: x for x in kind}, kind, weight, may_meet, barred)  # type: ignore[arg-type]
    return bracket, below, rnd


def _text_answer(
    bracket: list[int], below: list[int], rnd: JointRound
) -> list[tuple[int, int]] | None:
    """The inside pairs of the first best pairing in the text's order; ``None`` when the
    best pairings do not all make as many pairs inside."""
    players = bracket + below
    best: list[tuple[int, list[tuple[int, int]]]] = []
    top: int | None = None
    for pairing in _pairings(players):
        if len(players) % 2 and not _seat_ok(players, pairing, bracket):
            continue
        total = 0
        for a, b in pairing:
            w = rnd.weight(a, b, Place.CURRENT)  # type: ignore[arg-type]
            if w is None or not rnd.may_meet(a, b):
                break
            total += w
        else:
            if top is None or total > top:
                top, best = total, []
            if total == top:
                best.append((total, pairing))
    if top is None:
        return None
    p = (top // INSIDE) if top >= INSIDE else 0
    keyed = [(k, pairing) for _t, pairing in best if (k := _text_order(bracket, pairing, p))]
    if len(keyed) != len(best):
        return None
    _key, pairing = min(keyed, key=lambda e: e[0])
    index = {x: i for i, x in enumerate(bracket)}
    return sorted(
        (min(a, b, key=index.__getitem__), max(a, b, key=index.__getitem__))
        for a, b in pairing
        if a in index and b in index
    )


def _seat_ok(players: list[int], pairing: list[tuple[int, int]], bracket: list[int]) -> bool:
    """Anybody may take the empty seat (the walk's roles allow every non-leader)."""
    return True


@pytest.mark.parametrize("one_exchange_walk", [True, False])
@pytest.mark.parametrize("seed", range(8))
def test_walk_answers_what_the_text_orders(
    seed: int, one_exchange_walk: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the one-exchange walk, every exchange goes through the flow (which must then
    answer one exchange too, as the text orders it)."""
    flows: list[bool] = []
    inner = joint_walk._exchanges_by_flow

    def counting(*args: Any) -> Any:
        out = inner(*args)
        flows.append(out is not None)
        return out

    monkeypatch.setattr(joint_walk, "_exchanges_by_flow", counting)
    if not one_exchange_walk:
        monkeypatch.setattr(joint_walk, "_exchanged", lambda *args: None)
    rng = random.Random(seed)
    answered = 0
    for _ in range(200):
        bracket, below, rnd = _case(rng)
        walked = walk_remainder(bracket, below, [], rnd)
        if walked is None:
            continue
        expected = _text_answer(bracket, below, rnd)
        assert expected is not None
        assert sorted(walked.pairs) == expected, (bracket, below, walked.pairs, expected)
        answered += 1
    assert answered >= 50
    if not one_exchange_walk:
        assert sum(flows) >= 5, flows


def _hand_case(edges: set[tuple[int, int]], n: int) -> JointRound:
    """``n`` players of a remainder, each of a kind of his own, who may meet along ``edges``
    alone, every pair inside worth the same ([C6]: only how many pairs counts)."""
    pairs = {frozenset(e) for e in edges}

    def weight(hi: Any, lo: Any, place: Place) -> int | None:
        return INSIDE if frozenset((hi, lo)) in pairs else None

    def may_meet(a: int, b: int) -> bool:
        return frozenset((a, b)) in pairs

    kind = {x: x for x in range(n)}
    return JointRound(kind, kind, weight, may_meet, lambda x: [])  # type: ignore[arg-type]


@pytest.mark.parametrize("one_exchange_walk", [True, False])
def test_d2b_smallest_difference_before_the_highest_moved_out(
    one_exchange_walk: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """D.2 b before D.2 c.  Players 1-8 (BSN; here 0-7), S1 = 1-4, S2 = 5-8, pairs allowed:
    1-3, 1-4, 2-5, 2-6, 3-6, 4-7, 5-8, 7-8.  Without an exchange 1 has nobody in S2.  One
    exchange (D.2 a) then; by (b), the smallest difference first: 4<->5 (difference 1) leaves
    S1 = 1, 2, 3, 5 with only 6 for both of 2 and 3: no.  Difference 2: 4<->6 first by (c)
    (4 moved out), which leaves 6 in S1 with nobody below him to meet: no; then 3<->5: S1 =
    1, 2, 4, 5 and S2 = 3, 6, 7, 8, paired by D.1 as 1-3, 2-6, 4-7, 5-8.  ((c) alone, before
    (b), would take 4<->7, difference 3: 1-4, 2-5, 3-6, 7-8.)"""
    if not one_exchange_walk:
        monkeypatch.setattr(joint_walk, "_exchanged", lambda *args: None)
    edges = {(0, 2), (0, 3), (1, 4), (1, 5), (2, 5), (3, 6), (4, 7), (6, 7)}
    rnd = _hand_case(edges, 8)
    walked = walk_remainder(list(range(8)), [], [], rnd)
    assert walked is not None
    assert sorted(walked.pairs) == [(0, 2), (1, 5), (3, 6), (4, 7)]
    assert _text_answer(list(range(8)), [], rnd) == [(0, 2), (1, 5), (3, 6), (4, 7)]
