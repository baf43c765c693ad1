"""Fixtures of the fide-olympiad tests: seeded whole-Olympiad simulations."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest
from swisspairing import (
    BLACK,
    WHITE,
    Engine,
    NoValidPairingError,
    Player,
    RoundPairing,
    RoundRecord,
    Team,
    Tournament,
    load_ruleset,
)


@dataclass
class Olympiad:
    """A simulated Olympiad: the finished tournament and every round's pairing."""

    tournament: Tournament
    rounds: list[tuple[Tournament, RoundPairing]]
    """(tournament before the round, pairing) per round."""
    stuck: Tournament | None = None
    """The tournament whose next round had no valid pairing (``stop_when_stuck``)."""


def make_teams(n: int, seed: int, boards: int = 4) -> Tournament:
    """``n`` teams of ``boards`` players and a reserve, random strengths; team numbers in file
    order (not by strength: the plugin computes the pairing numbers, Olympiad 8-9)."""
    rng = random.Random(seed)
    players: list[Player] = []
    teams: list[Team] = []
    number = 1
    for t in range(1, n + 1):
        level = rng.randint(1500, 2700)
        roster = []
        for b in range(boards + 1):
            rating = 0 if rng.random() < 0.03 else max(1400, level + rng.randint(-200, 120))
            players.append(Player(number=number, name=f"T{t} B{b + 1}", rating=rating))
            roster.append(number)
            number += 1
        teams.append(Team(number=t, name=f"Team {t:03d}", roster=tuple(roster)))
    return Tournament(players=tuple(players), name=f"Olympiad {seed}", teams=tuple(teams))


def play(
    t: Tournament, pairing: RoundPairing, rng: random.Random, *, forfeit_rate: float = 0.01
) -> Tournament:
    """Random board results by rating (draws, a few forfeits)."""
    records: dict[int, RoundRecord] = {}
    for b in pairing.boards:
        rw, rb = t.player(b.white).rating or 1400, t.player(b.black).rating or 1400
        e = 1 / (1 + 10 ** ((rb - rw) / 400))
        x = rng.random()
        if x < forfeit_rate:
            res = ("+", "-") if rng.random() < 0.5 else ("-", "+")
        elif x < 0.3:
            res = ("=", "=")
        elif rng.random() < e:
            res = ("1", "0")
        else:
            res = ("0", "1")
        records[b.white] = RoundRecord(b.black, WHITE, res[0])
        records[b.black] = RoundRecord(b.white, BLACK, res[1])
    return t.with_round(pairing.round, records)


def simulate_olympiad(
    n: int,
    rounds: int,
    seed: int,
    ruleset: str = "fide-olympiad-2022",
    *,
    on_round: Callable[[Tournament, RoundPairing], None] | None = None,
    stop_when_stuck: bool = False,
) -> Olympiad:
    engine = Engine(load_ruleset(ruleset))
    rng = random.Random(seed)
    t = replace(
        make_teams(n, seed, engine.ruleset.param("boards", 4)),
        total_rounds=rounds,
        point_system=engine.ruleset.points,
    )
    history = []
    for rnd in range(1, rounds + 1):
        try:
            pairing = engine.pair(t, seed=seed * 100 + rnd, explain=False)
        except NoValidPairingError:
            if not stop_when_stuck:
                raise
            return Olympiad(t, history, stuck=t)
        history.append((t, pairing))
        if on_round is not None:
            on_round(t, pairing)
        t = engine.apply(t, pairing)
        t = play(t, pairing, rng)
    return Olympiad(t, history)


@pytest.fixture(scope="session")
def olympiad() -> Callable[..., Olympiad]:
    """``olympiad(n, rounds, seed, ruleset)`` → :class:`Olympiad`."""
    return simulate_olympiad
