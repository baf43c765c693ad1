""" "No valid pairing" in the Lim family names the players and what blocks them.

Lim 2.1 (compatible: not met, colour limits), Olympiad 6.1, PL-team 5: when a round cannot be
paired, the refusal carries the Gallai–Edmonds witness over the system's own compatibility
(``plugins/lim_family/refusal.py``) instead of the plain sentence.  Each case is a complete
round robin (everybody has met everybody), so the next round has no pair at all: the witness
is a player who "cannot be paired with anybody" because he "already met" all the others.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from swisspairing import (
    BLACK,
    WHITE,
    Engine,
    NoValidPairingError,
    Player,
    RoundRecord,
    Tournament,
    load_ruleset,
)

sys.path.insert(0, str(Path(__file__).parent.parent / "olympiad"))


def _round_robin_players() -> Tournament:
    """Four players, rounds 1-3 a complete round robin (colours within the limits)."""
    games = {
        1: [(2, WHITE, "1"), (4, BLACK, "="), (3, WHITE, "1")],
        2: [(1, BLACK, "0"), (3, WHITE, "1"), (4, BLACK, "0")],
        3: [(4, WHITE, "="), (2, BLACK, "0"), (1, BLACK, "0")],
        4: [(3, BLACK, "="), (1, WHITE, "="), (2, WHITE, "1")],
    }
    players = tuple(
        Player(
            number=n,
            name=f"P{n}",
            rating=2400 - 10 * n,
            rounds=tuple(RoundRecord(o, c, r) for o, c, r in games[n]),
        )
        for n in range(1, 5)
    )
    return Tournament(players=players, total_rounds=5)


@pytest.mark.parametrize("ruleset_id", ["fide-lim", "fide-lim-2026"])
def test_lim_refusal_names_the_blocked_player(ruleset_id: str) -> None:
    """Lim 2.1: in round 4 everybody has met everybody."""
    with pytest.raises(NoValidPairingError) as info:
        Engine(load_ruleset(ruleset_id)).pair(_round_robin_players())
    text = str(info.value)
    assert text.startswith("no valid pairing exists: "), text
    assert "already met" in text, text


def _team_round_robin(ruleset_id: str) -> tuple[Engine, Tournament]:
    from test_olympiad_golden import play_round, teams

    engine = Engine(load_ruleset(ruleset_id))
    t = teams(4)
    for _ in range(3):
        p = engine.pair(t)
        first = p.matches[0].white if p.matches else None
        winner = {first: "wwww"} if first is not None else {}
        t = play_round(t, p, {**winner, **{m.white: "wwww" for m in p.matches}})
    return engine, t


@pytest.mark.parametrize("ruleset_id", ["fide-olympiad-2010", "fide-olympiad-2022"])
def test_olympiad_refusal_names_the_blocked_team(ruleset_id: str) -> None:
    """Olympiad 6.1: after three rounds of four teams every team has met every other."""
    engine, t = _team_round_robin(ruleset_id)
    with pytest.raises(NoValidPairingError) as info:
        engine.pair(t)
    text = str(info.value)
    assert text.startswith("no valid pairing exists: "), text
    assert "already met" in text, text


def test_polish_refusal_names_the_blocked_team() -> None:
    """PL-team 5 (two teams meet only once): four teams after a complete round robin."""
    sys.path.insert(0, str(Path(__file__).parent.parent / "pl_team"))
    from test_pl_golden import event, pair

    rounds = [
        [(1, 2, "2-0"), (3, 4, "1-1")],
        [(4, 1, "1-1"), (2, 3, "2-0")],
        [(1, 3, "2-0"), (4, 2, "0-2")],
    ]
    with pytest.raises(NoValidPairingError) as info:
        pair(event(4, rounds))
    text = str(info.value)
    assert text.startswith("no valid pairing exists: "), text
    assert "already met" in text, text
