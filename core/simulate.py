"""A seeded random tournament generator (like JaVaFo's and bbpPairings' RTG).

It plays whole events through a ruleset's engine: results follow the rating difference
(Elo expectation) with draws, and the arbiter's events happen at the given rates: forfeits,
requested byes (``H``), known absences (``Z``) and withdrawals.  Same seed, same tournament.
Used by the property tests and the benchmarks; also handy for an arbiter's dry run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from .engine import Engine
from .model import BLACK, WHITE, Player, RoundRecord, Tournament
from .pairing import RoundPairing

__all__ = ["SimulationConfig", "make_players", "play_results", "simulate"]


@dataclass(frozen=True, slots=True)
class SimulationConfig:
    """Rates of the events a simulated tournament contains."""

    draw_rate: float = 0.3
    """Share of draws among games between equally rated players."""
    forfeit_rate: float = 0.02
    """Share of scheduled games lost by forfeit."""
    half_bye_rate: float = 0.02
    """Chance that a player asks for a half-point bye (``H``) in a round."""
    absence_rate: float = 0.02
    """Chance that a player is known to miss a round (``Z``)."""
    withdrawal_rate: float = 0.01
    """Chance per round that a player withdraws for good."""
    unrated_rate: float = 0.05
    """Share of players without a rating."""


def make_players(n: int, seed: int, *, unrated_rate: float = 0.05) -> tuple[Player, ...]:
    """``n`` players with ratings between 1000 and 2700, numbered by rating like a start list."""
    rng = random.Random(seed)
    titles = ["GM", "IM", "WGM", "FM", "WIM", "WFM", "CM", ""]
    raw = []
    for i in range(n):
        rating = 0 if rng.random() < unrated_rate else int(rng.triangular(1000, 2700, 1600))
        title = rng.choice(titles) if rating > 2300 and rng.random() < 0.6 else ""
        raw.append((rating, title, f"Player {i + 1:04d}, Test"))
    raw.sort(key=lambda r: (-r[0], r[2]))
    return tuple(
        Player(
            number=i + 1,
            name=name,
            sex="m" if i % 3 else "w",
            title=title,
            rating=rating,
            points=0.0,
        )
        for i, (rating, title, name) in enumerate(raw)
    )


def _expected(ra: int, rb: int) -> float:
    ra, rb = ra or 1400, rb or 1400
    return 1.0 / (1.0 + 10 ** ((rb - ra) / 400.0))


class ResultRates(Protocol):
    """What :func:`play_results` reads of a configuration (the simulator's or the generator's)."""

    @property
    def forfeit_rate(self) -> float: ...

    @property
    def draw_rate(self) -> float: ...


def play_results(
    tournament: Tournament, pairing: RoundPairing, rng: random.Random, config: ResultRates
) -> Tournament:
    """Enter a result for every game of ``pairing`` (already applied to ``tournament``): a
    forfeit at ``config.forfeit_rate``, else a draw with a share of ``config.draw_rate`` that
    shrinks with the rating difference, else a win by the Elo expectation.  ``config`` is any
    object with those two rates (the generator's configuration too)."""
    records: dict[int, RoundRecord] = {}
    for b in pairing.boards:
        if b.absent is not None:
            continue
        w, bl = tournament.player(b.white), tournament.player(b.black)
        if rng.random() < config.forfeit_rate:
            white_wins = rng.random() < 0.5
            records[b.white] = RoundRecord(b.black, WHITE, "+" if white_wins else "-")
            records[b.black] = RoundRecord(b.white, BLACK, "-" if white_wins else "+")
            continue
        e = _expected(w.rating, bl.rating)
        draw = config.draw_rate * (1 - abs(e - 0.5) * 1.6)
        x = rng.random()
        if x < draw:
            res = ("=", "=")
        elif x < draw + (1 - draw) * e:
            res = ("1", "0")
        else:
            res = ("0", "1")
        records[b.white] = RoundRecord(b.black, WHITE, res[0])
        records[b.black] = RoundRecord(b.white, BLACK, res[1])
    return tournament.with_round(pairing.round, records) if records else tournament


def simulate(
    engine: Engine,
    players: int | tuple[Player, ...],
    rounds: int,
    seed: int,
    config: SimulationConfig = SimulationConfig(),
    *,
    on_round: Callable[[Tournament, RoundPairing], None] | None = None,
    name: str = "Simulated tournament",
) -> Tournament:
    """Play ``rounds`` rounds from scratch; returns the finished tournament.

    Before each round some players ask for a half-point bye or announce an absence (their
    round block is pre-filled, the JaVaFo/bbpPairings convention) and some withdraw.
    ``on_round(tournament_before, pairing)`` is called after each pairing (for checks).
    """
    rng = random.Random(seed)
    plist = (
        make_players(players, seed, unrated_rate=config.unrated_rate)
        if isinstance(players, int)
        else players
    )
    ps = engine.ruleset.points
    t = Tournament(
        players=plist, name=name, total_rounds=rounds, point_system=ps if ps != type(ps)() else None
    )
    for rnd in range(1, rounds + 1):
        pre: dict[int, RoundRecord] = {}
        withdrawals = []
        for p in t.players:
            if t.is_withdrawn(p.number, rnd):
                continue
            x = rng.random()
            if x < config.withdrawal_rate and rnd > 1:
                withdrawals.append(p.number)
            elif x < config.withdrawal_rate + config.half_bye_rate and rnd < rounds:
                pre[p.number] = RoundRecord(None, None, "H")
            elif x < config.withdrawal_rate + config.half_bye_rate + config.absence_rate:
                pre[p.number] = RoundRecord(None, None, "Z")
        if withdrawals:
            t = replace(
                t,
                players=tuple(
                    replace(p, withdrawn_from=rnd) if p.number in withdrawals else p
                    for p in t.players
                ),
            )
        if pre:
            t = t.with_round(rnd, pre)
        before = t
        pairing = engine.pair(t, seed=seed + rnd)
        if on_round is not None:
            on_round(before, pairing)
        t = engine.apply(t, pairing)
        t = play_results(t, pairing, rng, config)
    return t
