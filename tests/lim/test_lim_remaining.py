"""The Lim group's "can the rest still be paired?" (Lim 2.4, 2.5, 3.8: an opponent is taken
only when the rest of the group can still be paired) answered by a kept perfect matching must
give exactly the answer of a maximum matching from scratch (issue 20)."""

from __future__ import annotations

import random

from swisspairing import BLACK, WHITE
from swisspairing.plugins.lim_family.group import Compatibility, _Remaining


def test_kept_matching_answers_as_a_matching_from_scratch() -> None:
    """On 400 random groups (met-before sets and colour classes dense enough that Dirac's
    margin does not decide), every question along a pairing that takes the first pairable
    opponent is answered as :meth:`Compatibility.perfect` answers it."""
    asked = refused = 0
    for seed in range(400):
        rng = random.Random(seed)
        n = 2 * rng.randint(3, 12)
        players = list(range(1, n + 1))
        bad: dict[int, set[int]] = {p: set() for p in players}
        density = rng.choice([0.3, 0.5, 0.7])
        for a in players:
            for b in players:
                if a < b and rng.random() < density:
                    bad[a].add(b)
                    bad[b].add(a)
        cls = {p: rng.choice([None, WHITE, BLACK]) for p in players}
        compat = Compatibility({p: frozenset(s) for p, s in bad.items()}, cls)
        if not compat.perfect(players):
            continue
        rem = _Remaining(compat, players)
        rem.margin = n  # never decide by the margin: every question goes to the matching
        while rem.left:
            p = min(rem.left)
            chosen = None
            for c in sorted(rem.left - {p}, reverse=rng.random() < 0.5):
                if not compat.ok(p, c):
                    continue
                want = compat.perfect(rem.left - {p, c})
                assert rem.pairable_without(p, c) == want, (seed, p, c)
                asked += 1
                refused += not want
                if want and chosen is None:
                    chosen = c
            assert chosen is not None, seed
            rem.remove(p, chosen)
    assert asked > 1000 and refused > 100  # both answers are exercised
