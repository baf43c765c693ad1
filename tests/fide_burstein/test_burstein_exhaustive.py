"""Every Burstein bracket pairing against an exhaustive search of the text (issue 20: no search
cap decides a pairing).

Each bracket of every round of a few hundred small simulated events is paired by the plugin
and, independently, by enumerating *every* pairing of the bracket (each player paired with a
compatible player of the bracket or floating) and keeping the best under the text's order:

``fide-burstein-2025`` after the seeding rounds (``Burstein-2025 3.2.2``):
    C4 the players moved down and every lower player can still all be paired; C5 the most pairs;
    C6 the floaters' scores, in descending order, as low as possible; C7 the following bracket
    (the floaters and the next score group), paired as well as C4 lets it, with the most pairs,
    then its own floaters' scores as low as possible; C8 the fewest players without their
    colour preference (1.5: a pair of two players who want the same colour leaves one without
    it); then 4.3: BSN 1's opponent as low in the 1.8 order as possible, then BSN 2's, ..., a
    floater's opponent the virtual BSN 0.

``fide-burstein`` (``Burstein A.5``/``A.7`` with C4): the most pairs with which the rest of
    the round can be completed, then the first in the pairing order (A.7: first against last,
    the 4.3 order; A.5 seeding rounds: top half against bottom half, a player's candidates his
    proposed opponent, then further down, then up).

Both the plugin's first outcome (the search in the 4.3 order when it meets every bound, the
weighted matching otherwise) and the weighted matching alone (:func:`best_bracket_pairing`)
must be the exhaustive search's pairing; and the engine never asks a bracket for a second
outcome (the first always leaves the lower brackets pairable), so the list of alternatives
decides nothing either.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from swisspairing import Engine, load_ruleset
from swisspairing.compatibility import fast_compatible
from swisspairing.defaults import colour_preference
from swisspairing.errors import NoValidPairingError
from swisspairing.plugins import fide_burstein
from swisspairing.plugins.fide_burstein import procedure
from swisspairing.plugins.fide_burstein.criteria import best_bracket_pairing, first_complete_pairing
from swisspairing.simulate import SimulationConfig, simulate

Pairing = tuple[frozenset[frozenset[int]], frozenset[int]]


def _matchings(players: tuple[int, ...], compat: Callable[[int, int], bool]) -> Iterator[list]:  # type: ignore[type-arg]
    """Every pairing of ``players``: a list of pairs, the unpaired left out."""
    if not players:
        yield []
        return
    a, rest = players[0], players[1:]
    yield from _matchings(rest, compat)  # a floats
    for k, b in enumerate(rest):
        if compat(a, b):
            for m in _matchings(rest[:k] + rest[k + 1 :], compat):
                yield [(a, b), *m]


def _perfect(compat: Callable[[int, int], bool]) -> Callable[[frozenset[int]], bool]:
    @cache
    def perfect(players: frozenset[int]) -> bool:
        if not players:
            return True
        a = min(players)
        rest = players - {a}
        return any(compat(a, b) and perfect(rest - {b}) for b in rest)

    return perfect


def _brute_2025(
    order: list[int], below: list[int], ctx: Any, compat: Callable[[int, int], bool]
) -> Pairing:
    score = ctx.score
    perfect = _perfect(compat)
    top = max((score(p) for p in below), default=None)
    nxt = [p for p in below if score(p) == top]
    far = frozenset(p for p in below if score(p) != top)
    pref = {p: colour_preference(ctx.state(p))[0] for p in order}
    bsn = {p: i + 1 for i, p in enumerate(order)}

    @cache
    def c7(down: frozenset[int]) -> tuple[Any, ...] | None:
        """The following bracket's best (pairs, floaters' scores) within C4; None: C4 fails."""
        best = None
        following = tuple(sorted(down | set(nxt)))
        for m in _matchings(following, compat):
            paired = {x for pair in m for x in pair}
            left = frozenset(following) - paired
            if not perfect(left | far):
                continue
            key = (len(m), tuple(-s for s in sorted((score(x) for x in left), reverse=True)))
            best = key if best is None or key > best else best
        return best

    best_key = None
    best: Pairing | None = None
    for m in _matchings(tuple(order), compat):
        paired = {x for pair in m for x in pair}
        down = frozenset(order) - paired
        c7_value = c7(down)
        if c7_value is None:
            continue  # C4
        mate = {a: b for a, b in m} | {b: a for a, b in m}
        key = (
            len(m),  # C5
            tuple(-s for s in sorted((score(x) for x in down), reverse=True)),  # C6
            c7_value,  # C7
            -sum(1 for a, b in m if pref[a] is not None and pref[a] is pref[b]),  # C8
            tuple(bsn.get(mate.get(p, -1), 0) for p in order),  # 4.3
        )
        if best_key is None or key > best_key:
            best_key, best = key, (frozenset(frozenset(p) for p in m), down)
    assert best is not None
    return best


def _candidate_rank(order: list[int], seeding: bool) -> dict[tuple[int, int], int]:
    """A.5 / A.7: the rank of each opponent among a player's choices (lower: preferred)."""
    n, half = len(order), len(order) // 2
    rank: dict[tuple[int, int], int] = {}
    for i, p in enumerate(order):
        if seeding:
            target = i + half if i < half else i + 1
            seq = [*range(max(target, i + 1), n), *range(target - 1, i, -1)]
        else:
            seq = list(range(n - 1, i, -1))
        for r, j in enumerate(seq):
            rank[p, order[j]] = r
    return rank


def _brute_till_2025(
    order: list[int], below: list[int], compat: Callable[[int, int], bool], seeding: bool
) -> Pairing:
    perfect = _perfect(compat)
    rank = _candidate_rank(order, seeding)
    big = len(order) + 1
    best_key = None
    best: Pairing | None = None
    for m in _matchings(tuple(order), compat):
        paired = {x for pair in m for x in pair}
        down = frozenset(order) - paired
        if not perfect(down | frozenset(below)):
            continue  # C4
        mate = {a: b for a, b in m} | {b: a for a, b in m}
        seq = []
        for p in order:  # each player's choice, as the search meets him; a float last
            q = mate.get(p)
            if q is None:
                seq.append(-big)
            elif rank.get((p, q)) is not None:
                seq.append(-rank[p, q])
        key = (len(m), tuple(seq))
        if best_key is None or key > best_key:
            best_key, best = key, (frozenset(frozenset(p) for p in m), down)
    assert best is not None
    return best


CONFIGS = [
    SimulationConfig(),
    SimulationConfig(draw_rate=0.1, forfeit_rate=0.05, absence_rate=0.05),
    SimulationConfig(draw_rate=0.5, half_bye_rate=0.05),
]


@pytest.mark.parametrize("ruleset", ["fide-burstein-2025", "fide-burstein"])
def test_every_bracket_is_the_exhaustive_search(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rs = load_ruleset(ruleset)
    engine = Engine(rs)
    checked = {"brackets": 0, "weighted": 0}
    original = procedure.bracket_outcomes

    def compared(bracket, context):  # type: ignore[no-untyped-def]
        outcomes = original(bracket, context)
        first = next(outcomes)
        order = procedure.bracket_order(bracket.players, context)
        below = list(context.data.get("burstein.below", {}).get(bracket.index, []))
        compat = fast_compatible(context)
        if len(order) <= 10 and len(below) <= 14:
            got = (frozenset(frozenset(p) for p in first.pairs), frozenset(first.moved_down))
            seeding = procedure.is_seeding_round(context)
            if ruleset == "fide-burstein-2025" and not seeding:
                want = _brute_2025(order, below, context, compat)
                pairs, down = best_bracket_pairing(order, below, context, compat)
                assert (frozenset(frozenset(p) for p in pairs), frozenset(down)) == want
                checked["weighted"] += 1
            else:
                want = _brute_till_2025(order, below, compat, seeding)
            assert got == want, f"round {context.round_number}, bracket {order}"
            checked["brackets"] += 1
        yield first
        raise AssertionError("the engine asked a Burstein bracket for a second outcome")
        yield from outcomes  # pragma: no cover

    monkeypatch.setattr(fide_burstein, "bracket_outcomes", compared)
    for seed in range(1, 41):
        n = 9 + seed % 8
        with contextlib.suppress(NoValidPairingError):  # a small field can run out of opponents
            simulate(engine, n, 7, seed, CONFIGS[seed % len(CONFIGS)])
    assert checked["brackets"] > 300
    if ruleset == "fide-burstein-2025":
        assert checked["weighted"] > 150


@pytest.mark.parametrize("seeding", [False, True])
def test_till_2025_weighted_matching_is_the_exhaustive_search(seeding: bool) -> None:
    """The weighted matching the older edition falls back on (:func:`first_complete_pairing`)
    on random brackets and random lower players (random incompatibilities, as rematches and
    colour limits make them): the same pairing as the exhaustive search of A.5/A.7 with C4."""
    import random

    rng = random.Random(23)
    done = 0
    while done < 400:
        nb, nl = rng.randint(2, 9), rng.randint(0, 6)
        if (nb + nl) % 2:
            nl += 1
        players = list(range(1, nb + nl + 1))
        rng.shuffle(players)
        order, below = players[:nb], players[nb:]
        density = rng.choice([0.3, 0.5, 0.8])
        edges = {
            frozenset((a, b))
            for i, a in enumerate(players)
            for b in players[i + 1 :]
            if rng.random() < density
        }

        def compat(a: int, b: int, edges: set[frozenset[int]] = edges) -> bool:
            return frozenset((a, b)) in edges

        if not _perfect(compat)(frozenset(players)):
            continue
        n, half = len(order), len(order) // 2
        pairs, down = first_complete_pairing(
            order,
            below,
            compat,
            lambda i, n=n, half=half: [
                j for j in procedure._candidates(i, n, half, seeding, n - 1) if j > i
            ],
        )
        got = (frozenset(frozenset(p) for p in pairs), frozenset(down))
        assert got == _brute_till_2025(order, below, compat, seeding), (order, below, edges)
        done += 1
