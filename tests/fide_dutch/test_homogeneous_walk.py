"""B.6 / 3.6 with D.1-D.2 / 4.2-4.3 (and B.7 / 3.7 for one MDP): the walk of a bracket paired
in full but for one floater at most (fide_dutch/homogeneous.py) gives the pairing the
matchings give.

The walk takes each S1 player, highest first, with the first S2 player whose kind keeps the
kinds' assignment at its optimum, and is used only when that optimum reaches the bound of every
pairing of the bracket (so the result is a best pairing for [C10]-[C21], without exchanges,
first in D.1); an odd bracket's floater must then meet [C4] and [C8] at their best (or take
the PAB in the last bracket, [C2]/[C5] with [C9] in the weights; or leave the PAB to a
candidate with the most games, [C9], when the last bracket gives it); one MDP takes the first
resident whose remainder's bound is the highest (B.7, D.1 with N1 = 1).  Here every round of
simulated events is paired both ways, from the same history; the pairings (boards, colours,
byes) must be equal.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from fide_dutch_walks import BUSY, BothWays
from swisspairing import Engine, load_ruleset
from swisspairing.errors import NoValidPairingError
from swisspairing.plugins.fide_dutch import homogeneous as homogeneous_walk
from swisspairing.plugins.fide_dutch import procedure
from swisspairing.simulate import simulate


@pytest.mark.parametrize("players", [14, 31, 60, 150])
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("ruleset", ["fide-dutch-2025", "fide-dutch-2017"])
def test_walk_equals_matchings(players: int, seed: int, ruleset: str) -> None:
    engine = BothWays(load_ruleset(ruleset))
    # an event ends where no pairing exists
    with contextlib.suppress(NoValidPairingError):
        simulate(engine, players, 7, seed, BUSY)
    assert engine.compared >= 3


def test_the_2017_walk_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    # even brackets, odd ones (their floater to the next scoregroup, to the last one with C.2
    # in C.7, or the CLB's PAB) and one MDP
    used: set[tuple[bool, bool, bool, bool]] = set()
    walk = procedure._Round2017._walk_2017

    def counting(self: Any, carried: Any, *args: Any, **kwargs: Any) -> Any:
        out = walk(self, carried, *args, **kwargs)
        if out is not None:
            used.add((bool(carried), out.floater is not None, kwargs["special"], kwargs["final"]))
        return out

    monkeypatch.setattr(procedure._Round2017, "_walk_2017", counting)
    for players in (31, 60):
        with contextlib.suppress(NoValidPairingError):
            simulate(Engine(load_ruleset("fide-dutch-2017")), players, 7, 1, BUSY)
    assert {
        (False, False, False, False),  # even, paired in full
        (False, True, False, False),  # odd, the floater to the next scoregroup
        (False, True, False, True),  # odd, the floater to the last scoregroup (C.7 with C.2)
        (True, True, False, True),  # one MDP, the remainder's floater to the last
    } <= used, used


def test_every_walk_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    # the events of test_walk_equals_matchings: each kind of walk pairs some bracket there
    # (that test would pass trivially for a kind that never ran)
    used: set[tuple[str, bool, bool, bool]] = set()
    plain, one_mdp = procedure._Round._paired_in_full, procedure._Round._b7_one_mdp_in_full

    def homogeneous(self: Any, residents: Any, nxt: Any, *args: Any) -> Any:
        out = plain(self, residents, nxt, *args)
        if out is not None:  # (odd bracket, a next bracket, [C9] checked below)
            used.add(("homogeneous", len(residents) % 2 == 1, bool(nxt), args[-1]))
        return out

    def mdp(self: Any, top: int, residents: Any, nxt: Any, *args: Any) -> Any:
        out = one_mdp(self, top, residents, nxt, *args)
        if out is not None:  # (odd remainder, a next bracket, [C9] checked below)
            used.add(("one MDP", len(residents) % 2 == 0, bool(nxt), args[-1]))
        return out

    exact = homogeneous_walk._c1_exact_walk

    def c1_exact(*args: Any) -> Any:
        out = exact(*args)
        if out is not None:  # [C1] stopped the kinds' walk; the player-by-player one paired
            used.add(("player by player", True, True, True))
        return out

    monkeypatch.setattr(homogeneous_walk, "_c1_exact_walk", c1_exact)
    monkeypatch.setattr(procedure._Round, "_paired_in_full", homogeneous)
    monkeypatch.setattr(procedure._Round, "_b7_one_mdp_in_full", mdp)
    for players in (14, 31, 60):
        for seed in (1, 2, 3):
            with contextlib.suppress(NoValidPairingError):
                simulate(Engine(load_ruleset("fide-dutch-2025")), players, 7, seed, BUSY)
    assert {
        ("homogeneous", False, True, False),  # even, paired in full
        ("homogeneous", True, True, False),  # odd: the floater goes to the next bracket
        ("homogeneous", True, False, False),  # the last bracket: the floater takes the PAB
        ("homogeneous", False, True, True),  # above the last bracket, which gives the PAB
        ("one MDP", False, True, False),
        ("one MDP", True, True, False),
        ("one MDP", True, True, True),  # the floater leaves the PAB to the best candidate
        ("player by player", True, True, True),
    } <= used
