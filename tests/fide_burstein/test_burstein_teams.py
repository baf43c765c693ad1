"""Burstein for teams (seed 004 d: the Olympiad system until 2006): the round is paired on the
team view (match points) and expanded to board games."""

from __future__ import annotations

import random

import pytest
from swisspairing import Engine, Player, Team, Tournament, load_ruleset
from swisspairing.simulate import SimulationConfig, play_results


def _teams(n: int, seed: int, boards: int = 4) -> Tournament:
    rng = random.Random(seed)
    players, teams, number = [], [], 1
    levels = sorted((rng.randint(1500, 2600) for _ in range(n)), reverse=True)
    for t, level in enumerate(levels, start=1):
        roster = []
        for b in range(boards + 1):
            players.append(Player(number=number, name=f"T{t} B{b + 1}", rating=level - 20 * b))
            roster.append(number)
            number += 1
        teams.append(Team(number=t, name=f"Team {t}", roster=tuple(roster)))
    return Tournament(players=tuple(players), teams=tuple(teams), total_rounds=7)


@pytest.mark.parametrize("ruleset", ["fide-burstein", "fide-burstein-2025"])
@pytest.mark.parametrize("n", [11, 20])
def test_team_rounds_are_complete_and_legal(ruleset: str, n: int) -> None:
    """C.04.1 b (no second match), c/d (one team bye, never twice), f/g on board 1's colour;
    each team plays exactly one match or has the bye; boards alternate colours."""
    engine = Engine(load_ruleset(ruleset))
    seen: list[tuple[int, set[frozenset[int]], list[int]]] = []

    def on_round(before, pairing):  # type: ignore[no-untyped-def]
        matches = {frozenset((m.white, m.black)) for m in pairing.matches}
        seen.append((pairing.round, matches, [b.player for b in pairing.team_byes]))
        teams_in = sorted(t for m in matches for t in m) + [b.player for b in pairing.team_byes]
        assert sorted(teams_in) == list(range(1, n + 1))
        assert len(pairing.team_byes) == n % 2
        assert len(pairing.boards) == 4 * len(matches)

    config = SimulationConfig(forfeit_rate=0, half_bye_rate=0, absence_rate=0, withdrawal_rate=0)
    t = _teams(n, 3)
    rng = random.Random(5)
    for _ in range(7):
        before = t
        pairing = engine.pair(t, seed=1)
        on_round(before, pairing)
        t = play_results(engine.apply(t, pairing), pairing, rng, config)
    all_matches = [m for _, ms, _ in seen for m in ms]
    assert len(all_matches) == len(set(all_matches)), "C.04.1 b: no two teams meet twice"
    byes = [b for _, _, bs in seen for b in bs]
    assert len(byes) == len(set(byes)), "C.04.1 d: no second bye"
    assert engine.check(t) == []
