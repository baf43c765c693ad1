"""The other pairings a Burstein bracket offers when a lower bracket cannot be paired
(``Burstein A.7`` with C4: the bracket above pairs otherwise, the engine backtracks; issue 27:
this path was never reached by a test).

A seven-player bracket of round 2 (everybody still compatible except the pairs of round 1):
the first outcome floats one player; asked for more, the bracket offers every other floater
set once, the fewest floaters first and, among as many, the lowest-ranked first, each with the
rest paired without a rematch.  The derivation, by the text: one floater is forced (seven
players, C5: most pairs); which one floats is what a lower bracket's failure changes, so every
choice must be available, never the same set twice (the engine would try it again for nothing),
and all of them: no count cuts the list short (issue 20).
"""

from __future__ import annotations

from itertools import combinations

from swisspairing import Bracket, Engine, load_ruleset
from swisspairing.generate import GeneratorConfig, generate
from swisspairing.plugins.fide_burstein.procedure import bracket_order, bracket_outcomes


def _pairable(players, may_meet) -> bool:  # type: ignore[no-untyped-def]
    """Brute force: a perfect pairing of ``players`` without a forbidden pair exists."""
    if not players:
        return True
    a, rest = players[0], players[1:]
    return any(may_meet(a, b) and _pairable([x for x in rest if x != b], may_meet) for b in rest)


def _context():  # type: ignore[no-untyped-def]
    ruleset = load_ruleset("fide-burstein")
    t = generate(
        ruleset, GeneratorConfig(players=7, rounds=1, seed=3, entrants="players")
    ).tournament
    engine = Engine(ruleset)
    return engine, engine.context(t, 2, explain=False)


def test_every_floater_set_is_offered_once_fewest_and_lowest_ranked_first() -> None:
    _engine, ctx = _context()
    players = sorted(ctx.participants)
    assert len(players) == 7
    bracket = Bracket(0, 0.0, tuple(players), is_last=False)
    outcomes = list(bracket_outcomes(bracket, ctx))
    sets = [frozenset(o.moved_down) for o in outcomes]
    # every floater set with which the rest of the bracket pairs is offered, no cap (issue 20)
    every = {
        frozenset(s)
        for k in (1, 3, 5, 7)
        for s in combinations(players, k)
        if _pairable([x for x in players if x not in s], ctx.may_meet)
    }
    assert set(sets) == every
    assert len(set(sets)) == len(sets), "a floater set offered twice"
    for o in outcomes:
        paired = [p for pair in o.pairs for p in pair]
        assert sorted(paired + list(o.moved_down)) == players
        for a, b in o.pairs:
            assert ctx.may_meet(a, b), f"{a}-{b} meet again"
    # after the first, by count of floaters, then lowest-ranked first among as many
    counts = [len(s) for s in sets[1:]]
    assert counts == sorted(counts) and counts[0] == 1
    order = bracket_order(bracket.players, ctx)
    singles = [next(iter(s)) for s in sets[1:] if len(s) == 1]
    expected = [
        p
        for (p,) in combinations(reversed(order), 1)
        if frozenset([p]) != sets[0] and _pairable([x for x in order if x != p], ctx.may_meet)
    ]
    assert singles == expected
    assert len(outcomes[0].moved_down) == 1  # C5: the most pairs first
