"""What the tests of the current Dutch system's walks share (tests/fide_dutch/test_*_walk.py):
busy simulated events and an engine that pairs every round both ways, with the walks and with
the matchings alone, and asserts the same pairing."""

from __future__ import annotations

from typing import Any

from swisspairing import Engine
from swisspairing.model import Tournament
from swisspairing.pairing import RoundPairing
from swisspairing.plugins.fide_dutch import procedure
from swisspairing.simulate import SimulationConfig

#: Simulated events with draws, forfeits, half-point byes, absences and withdrawals.
BUSY = SimulationConfig(
    draw_rate=0.3, forfeit_rate=0.04, half_bye_rate=0.03, absence_rate=0.02, withdrawal_rate=0.01
)


class BothWays(Engine):
    """Pairs each round with the walks and again with the matchings alone; the pairings
    (boards, colours, byes) must be equal."""

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
