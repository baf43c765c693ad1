"""The fields and the comparison shared by the Dutch-1992 search tests that pair every round
two ways (tests/dutch_1992/test_dutch_exhaustive.py, test_dutch_stage_bounds.py)."""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from swisspairing.model import Tournament
from swisspairing.pairing import Bye, Pairing, RoundPairing
from swisspairing.simulate import SimulationConfig

#: Decisive games and draws only (the top-half-White fields of issue 20).
QUIET = SimulationConfig(
    draw_rate=0.3,
    forfeit_rate=0.0,
    half_bye_rate=0.0,
    absence_rate=0.0,
    withdrawal_rate=0.0,
    unrated_rate=0.0,
)
#: Floats, forfeits, byes, absences and withdrawals.
BUSY = SimulationConfig(
    draw_rate=0.4, forfeit_rate=0.06, half_bye_rate=0.05, absence_rate=0.04, withdrawal_rate=0.02
)


def top_half_round_one(tournament: Tournament) -> RoundPairing:
    """Round 1 with White to every player of the top half (issue 20's fields: later brackets
    fill with players due the same colour)."""
    numbers = sorted(p.number for p in tournament.players)
    half = len(numbers) // 2
    boards = tuple(Pairing(numbers[i], numbers[i + half]) for i in range(half))
    byes = (Bye(numbers[-1]),) if len(numbers) % 2 else ()
    return RoundPairing(round=1, boards=boards, byes=byes)


def comparable(result: RoundPairing, tallies: Set[str]) -> tuple[Any, ...]:
    """Boards, byes and explanation of ``result``, the search's work counts (``tallies``,
    message ids) left out."""
    return (
        tuple((b.white, b.black) for b in result.boards),
        tuple((b.player, b.result) for b in result.byes),
        tuple(
            (e.rule, e.render("en"), e.bracket) for e in result.events if e.message not in tallies
        ),
    )
