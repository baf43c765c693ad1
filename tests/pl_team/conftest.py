"""Fixtures of the pl-team-lim tests: seeded whole-league simulations."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

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

RULESET = "kpzszach-a-klasa-2005"


@dataclass
class League:
    """A simulated league: the finished tournament and every round's pairing."""

    tournament: Tournament
    rounds: list[tuple[Tournament, RoundPairing]]
    """(tournament before the round, pairing) per round."""
    stuck: Tournament | None = None
    """With ``stop_when_stuck``: the tournament whose next round had no valid pairing."""


def make_teams(
    n: int, seed: int, boards: int = 6, *, clubs: bool = True, unregistered: int = 1
) -> Tournament:
    """``n`` teams of ``boards`` players plus a reserve; about a fifth are second teams of a
    club (same club as another team); the last ``unregistered`` teams have no rating
    (PL-team 2: no named list, last start numbers).  Team numbers follow the descending
    rating sums."""
    rng = random.Random(seed)
    raw = []
    for _ in range(n):
        level = rng.randint(1300, 2100)
        ratings = sorted(
            (max(1000, level + rng.randint(-150, 150)) for _ in range(boards + 1)), reverse=True
        )
        raw.append(ratings)
    registered = [i < n - unregistered for i in range(n)]
    order = sorted(
        range(n),
        key=lambda i: (not registered[i], -sum(raw[i][:boards]) if registered[i] else 0, i),
    )
    players: list[Player] = []
    teams: list[Team] = []
    club_names = [f"Club {k}" for k in range(n)]
    club_of = {}
    for pos, _ in enumerate(order):
        club_of[pos + 1] = club_names[pos]
    if clubs:  # second teams: about a fifth of the teams join the club of a first team
        firsts = list(range(1, n + 1))
        for k in range(2, n + 1):
            if rng.random() < 0.2 and k in firsts:
                options = [f for f in firsts if f < k]
                if options:
                    first = rng.choice(options)
                    club_of[k] = club_of[first]
                    firsts.remove(first)
                    firsts.remove(k)
    number = 1
    for pos, i in enumerate(order):
        roster = []
        for b, r in enumerate(raw[i]):
            players.append(
                Player(
                    number=number,
                    name=f"T{pos + 1} B{b + 1}",
                    rating=r if registered[i] else 0,
                    sex="w" if b == boards - 1 else "m",
                )
            )
            roster.append(number)
            number += 1
        teams.append(
            Team(
                number=pos + 1,
                name=f"Team {pos + 1}",
                roster=tuple(roster),
                club=club_of[pos + 1],
                registered=registered[i],
            )
        )
    return Tournament(players=tuple(players), name=f"League {seed}", teams=tuple(teams))


def play(
    t: Tournament, pairing: RoundPairing, rng: random.Random, *, forfeit_rate: float = 0.01
) -> Tournament:
    """Random board results by rating (draws included, a few forfeits)."""
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


def simulate_league(
    n: int,
    rounds: int,
    seed: int,
    *,
    ruleset: str = RULESET,
    clubs: bool = True,
    on_round: Callable[[Tournament, RoundPairing], None] | None = None,
    stop_when_stuck: bool = False,
) -> League:
    """Play a whole league through the engine (with ``stop_when_stuck`` a round that cannot
    be paired ends the league instead of raising :class:`NoValidPairingError`)."""
    engine = Engine(load_ruleset(ruleset))
    rng = random.Random(seed)
    t = make_teams(n, seed, engine.ruleset.param("boards", 6), clubs=clubs)
    from dataclasses import replace

    t = replace(t, total_rounds=rounds, point_system=engine.ruleset.points)
    history = []
    for rnd in range(1, rounds + 1):
        try:
            pairing = engine.pair(t, seed=seed * 100 + rnd, explain=False)
        except NoValidPairingError:
            if not stop_when_stuck:
                raise
            return League(t, history, stuck=t)
        history.append((t, pairing))
        if on_round is not None:
            on_round(t, pairing)
        t = engine.apply(t, pairing)
        t = play(t, pairing, rng)
    return League(t, history)


@pytest.fixture(scope="session")
def league() -> Callable[..., League]:
    """``league(n, rounds, seed)`` → :class:`League`."""
    return simulate_league
