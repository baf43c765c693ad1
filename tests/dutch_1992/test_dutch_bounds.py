"""The matching bounds of the Dutch-1992 bracket search change no pairing (issue 20).

``procedure.BOUNDED`` switches off the two cuts of the search — the whole-bracket matching
test before a heterogeneous bracket's transpositions (C6/C7, ``_c6_bracket_possible``) and
the B4 bound by a weighted matching before a stage's C7/C8 enumeration
(``_b4_fewest_misses``).  Both only skip what the text's enumeration would go through
without finding anything (a relaxation of the stage has no solution), so the pairing and
its explanation must be the same with and without them: every round of a few hundred small
simulated events (thousands of brackets, homogeneous and heterogeneous, last rounds with the
topscorer exemption included) is paired both ways and compared.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from swisspairing import Engine, load_ruleset
from swisspairing.errors import NoValidPairingError
from swisspairing.model import Tournament
from swisspairing.pairing import RoundPairing
from swisspairing.plugins.dutch_1992 import procedure
from swisspairing.simulate import SimulationConfig, simulate

RULESET = load_ruleset("fide-dutch-1992")
BUSY = SimulationConfig(
    draw_rate=0.4, forfeit_rate=0.06, half_bye_rate=0.05, absence_rate=0.04, withdrawal_rate=0.02
)


def _key(result: RoundPairing) -> tuple[Any, ...]:
    return (
        tuple((b.white, b.black) for b in result.boards),
        tuple((b.player, b.result) for b in result.byes),
        tuple((e.rule, e.render("en"), e.bracket) for e in result.events),
    )


class BothWays(Engine):
    """Pairs every round unbounded and bounded and asserts the same answer."""

    rounds = 0

    def pair(self, tournament: Tournament, **kwargs: Any) -> RoundPairing:  # type: ignore[override]
        kwargs.setdefault("explain", True)
        answers = []
        for bounded in (False, True):
            procedure.BOUNDED = bounded
            try:
                answers.append(("ok", _key(super().pair(tournament, **kwargs))))
            except NoValidPairingError as exc:
                answers.append(("none", str(exc)))
            finally:
                procedure.BOUNDED = True
        assert answers[0] == answers[1], f"round {tournament.next_round}"
        BothWays.rounds += 1
        return super().pair(tournament, **kwargs)


@pytest.mark.parametrize("seed", range(150))
def test_bounded_search_equals_exhaustive(seed: int) -> None:
    """Dutch-1992 C4–C14: same pairing and explanation with and without the bounds."""
    n = 6 + seed % 11  # 6–16 players
    rounds = min(n - 1, 5 + seed % 4)
    # a NoValidPairingError is raised only after both ways agreed that no pairing exists
    with contextlib.suppress(NoValidPairingError):
        simulate(BothWays(RULESET), n, rounds, seed, BUSY)
