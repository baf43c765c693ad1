"""B.6 / 3.6 with D.1-D.2 / 4.2-4.3: the walk of an even homogeneous bracket paired in full
(fide_dutch/homogeneous.py) gives the pairing the matchings give.

The walk takes each S1 player, highest first, with the first S2 player whose kind keeps the
kinds' assignment at its optimum, and is used only when that optimum reaches the bound of every
pairing of the bracket (so the result is a best pairing for [C10]-[C21], without exchanges,
first in D.1).  Here every round of simulated events is paired both ways, from the same
history, in both editions' ruleset of the current text, with round-1 colours alternated or
not; the pairings (boards, colours, byes) must be equal.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from swisspairing import Engine, load_ruleset
from swisspairing.errors import NoValidPairingError
from swisspairing.model import Tournament
from swisspairing.pairing import RoundPairing
from swisspairing.plugins.fide_dutch import procedure
from swisspairing.simulate import SimulationConfig, simulate

BUSY = SimulationConfig(
    draw_rate=0.3, forfeit_rate=0.04, half_bye_rate=0.03, absence_rate=0.02, withdrawal_rate=0.01
)


class BothWays(Engine):
    """Pairs each round with the walk and again with the matchings alone."""

    compared = 0

    def pair(self, tournament: Tournament, **kwargs: Any) -> RoundPairing:  # type: ignore[override]
        result = super().pair(tournament, **kwargs)
        procedure._Round.walk_homogeneous = False
        try:
            plain = super().pair(tournament, **kwargs)
        finally:
            procedure._Round.walk_homogeneous = True
        assert (result.boards, result.byes) == (plain.boards, plain.byes), result.round
        self.compared += 1
        return result


@pytest.mark.parametrize("players", [14, 31, 60])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_walk_equals_matchings(players: int, seed: int) -> None:
    engine = BothWays(load_ruleset("fide-dutch-2025"))
    # an event ends where no pairing exists
    with contextlib.suppress(NoValidPairingError):
        simulate(engine, players, 7, seed, BUSY)
    assert engine.compared >= 3


def test_walk_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    # round 1-like brackets of one score: the walk pairs them (the test above would pass
    # trivially if it never ran)
    calls = []
    original = procedure.pair_in_full

    def counting(*args: Any, **kwargs: Any) -> Any:
        out = original(*args, **kwargs)
        calls.append(out is not None)
        return out

    monkeypatch.setattr(procedure, "pair_in_full", counting)
    simulate(Engine(load_ruleset("fide-dutch-2025")), 40, 3, 1, BUSY)
    assert any(calls)
