"""fide-dutch properties over whole simulated tournaments (core/simulate.py), both editions.

After every round: everyone paired once or the single PAB receiver (A.5 / 1.5); no game
played twice ([C1] / C.1; forfeits do not count, GHR 3.5); the PAB only to an eligible player
([C2] / C.2); colour difference within ±2 and no third colour in a row ([C3] / C.3 via BR 6-7)
on every board of two non-topscorers (C.3 binds only them: a topscorer in the last round may
meet anyone, and the board's other player may then go beyond the limits); ``Engine.check``
agrees; determinism.  When the engine finds no pairing, an independent maximum matching
confirms that none exists (A.9 / 1.9.3).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing import WHITE, Engine, load_ruleset
from swisspairing.errors import NoValidPairingError
from swisspairing.model import Tournament
from swisspairing.pairing import RoundPairing
from swisspairing.simulate import SimulationConfig, simulate
from swisspairing.testing import legal_pairing_exists

BUSY = SimulationConfig(
    draw_rate=0.35, forfeit_rate=0.05, half_bye_rate=0.04, absence_rate=0.03, withdrawal_rate=0.02
)
EDITIONS = ["fide-dutch-2025", "fide-dutch-2017"]


class RecordingEngine(Engine):
    last: Tournament | None = None

    def pair(self, tournament: Tournament, **kwargs: Any) -> RoundPairing:  # type: ignore[override]
        self.last = tournament
        return super().pair(tournament, **kwargs)


def check_round(engine: Engine, before: Tournament, pairing: RoundPairing) -> None:
    ctx = engine.context(before, pairing.round, explain=False)
    participants = sorted(ctx.participants)
    placed = [p for b in pairing.boards for p in (b.white, b.black)] + [
        y.player for y in pairing.byes
    ]
    assert sorted(placed) == participants
    assert len(pairing.byes) == len(participants) % 2
    for bye in pairing.byes:
        assert ctx.can_receive_bye(bye.player), f"[C2]: PAB again for {bye.player}"
    exempt = {n: bool(engine.hook.swiss_colour_exempt(number=n, context=ctx)) for n in participants}
    for board in pairing.boards:
        a, b = board.white, board.black
        assert ctx.states[a].meetings.get(b, 0) == 0, f"[C1]: {a}-{b} meet again"
        if exempt[a] or exempt[b]:
            # C.3 / [C3]: only two NON-topscorers with the same absolute colour preference may
            # not meet; a topscorer may meet anyone, and then one of the two may go beyond the
            # limits (bbpPairings 6.0.0 pairs so too: 11 players, seed 5, round 5, 4-7)
            continue
        for player, colour in ((a, WHITE), (b, WHITE.opposite)):
            played = [*ctx.states[player].played_colours, colour]
            cd = played.count(WHITE) - played.count(WHITE.opposite)
            assert abs(cd) <= 2, f"BR 6: player {player} colour difference {cd}"
            assert not (len(played) >= 3 and played[-1] is played[-2] is played[-3])
    again = engine.pair(before, seed=ctx.seed, explain=False)
    assert again.boards == pairing.boards and again.byes == pairing.byes
    after = engine.apply(before, pairing)
    assert [v for v in engine.check(after) if v.round == pairing.round] == []


def run_event(ruleset: str, players: int, rounds: int, seed: int, config: SimulationConfig) -> None:
    engine = RecordingEngine(load_ruleset(ruleset))

    def on_round(before: Tournament, pairing: RoundPairing) -> None:
        check_round(engine, before, pairing)

    try:
        simulate(engine, players, rounds, seed, config, on_round=on_round)
    except NoValidPairingError as error:
        assert engine.last is not None
        assert str(error).startswith("no valid pairing exists"), str(error)
        assert not legal_pairing_exists(engine, engine.last)


@pytest.mark.parametrize("ruleset", EDITIONS)
@pytest.mark.parametrize(("players", "rounds", "seed"), [(7, 5, 1), (12, 9, 4), (21, 11, 6)])
def test_simulated_event(ruleset: str, players: int, rounds: int, seed: int) -> None:
    run_event(ruleset, players, rounds, seed, BUSY)


@settings(max_examples=10, deadline=None)
@given(
    ruleset=st.sampled_from(EDITIONS),
    players=st.integers(min_value=5, max_value=16),
    rounds=st.integers(min_value=4, max_value=9),
    seed=st.integers(min_value=0, max_value=2**31),
    draws=st.floats(min_value=0.0, max_value=0.6),
    forfeits=st.floats(min_value=0.0, max_value=0.1),
)
def test_any_small_event(
    ruleset: str, players: int, rounds: int, seed: int, draws: float, forfeits: float
) -> None:
    config = SimulationConfig(
        draw_rate=draws, forfeit_rate=forfeits, half_bye_rate=0.03, absence_rate=0.02
    )
    run_event(ruleset, players, min(rounds, players - 1), seed, config)
