"""The stage bounds of the Dutch-1992 bracket search change no pairing (issue 20).

With ``procedure.STAGE_BOUNDS`` (and ``procedure.BOUNDED``) the search skips, by a matching,

- a stage (a P of C14 at a stage of C9–C11) that leaves more than one player over when no
  choice of the players who may move down could leave the lower brackets completable
  (``_Below.takes``, a maximum matching: homogeneous brackets and remainders, and
  heterogeneous brackets through ``_c6_bracket_possible``), and
- an S1/S2 split of C8 (D2), and the original split once its first attempt failed, none of
  whose transpositions (C7, D1) meets X with players left over who may move down
  (``_fewest_misses_completing``, the core's weighted matching).

The engine passes over every such outcome anyway (its completability test), so the pairing
and the explanation must be those of the exhaustive search, the count of outcomes passed over
aside (that count is what the bounds change).  Every round of a few hundred small events is
paired both ways: events of the kind of issue 20 (round 1 gives White to the whole top half, so
that later brackets fill with players due the same colour and P is lowered: C14, C8) and busy
simulated events (forfeits, byes, absences, withdrawals; last rounds with the B-note).  The
test counts the brackets it compared and asserts that there were thousands.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from dutch1992_fields import BUSY, QUIET, comparable, top_half_round_one
from swisspairing import Engine, load_ruleset
from swisspairing.errors import NoValidPairingError
from swisspairing.model import Tournament
from swisspairing.pairing import RoundPairing
from swisspairing.plugins.dutch_1992 import procedure
from swisspairing.simulate import simulate

RULESET = load_ruleset("fide-dutch-1992")

#: The explanation's tallies of the search (not decisions of the text): left out of the
#: comparison.
TALLIES = {
    "pairings of this bracket passed over because the players they move down and the lower "
    "brackets could not all be paired (maximum matching): {count}",
}


def _set_bounds(on: bool) -> None:
    procedure.BOUNDED = on
    procedure.STAGE_BOUNDS = on


class Compared(Engine):
    """Pairs every round exhaustively and bounded and asserts the same answer; round 1 of a
    ``top_half`` event gives White to every player of the top half (issue 20's fields)."""

    brackets = 0
    top_half = False

    def pair(self, tournament: Tournament, **kwargs: Any) -> RoundPairing:  # type: ignore[override]
        if self.top_half and tournament.next_round == 1:
            return top_half_round_one(tournament)
        kwargs.setdefault("explain", True)
        answers = []
        for bounded in (False, True):
            _set_bounds(bounded)
            try:
                result = super().pair(tournament, **kwargs)
                answers.append(("ok", comparable(result, TALLIES)))
            except NoValidPairingError as exc:
                answers.append(("none", str(exc)))
            finally:
                _set_bounds(True)
        assert answers[0] == answers[1], f"round {tournament.next_round}"
        if answers[1][0] == "ok":
            Compared.brackets += len({e.bracket for e in result.events if e.bracket is not None})
        return super().pair(tournament, **kwargs)


def _play(top_half: bool, seed: int) -> None:
    engine = Compared(RULESET)
    engine.top_half = top_half
    n = 8 + seed % 9  # 8–16 players
    rounds = min(n - 1, 4 + seed % 4)
    # a NoValidPairingError is raised only after both ways agreed that no pairing exists
    with contextlib.suppress(NoValidPairingError):
        simulate(engine, n, rounds, seed, QUIET if top_half else BUSY)


@pytest.mark.parametrize("seed", range(120))
def test_stage_bounds_equal_exhaustive_top_half(seed: int) -> None:
    """Dutch-1992 C4–C14 (C8 exchanges, C14 lowering P): same pairing and explanation with
    and without the stage bounds, on fields whose round 1 gave White to the top half."""
    _play(True, seed)


@pytest.mark.parametrize("seed", range(60))
def test_stage_bounds_equal_exhaustive_busy(seed: int) -> None:
    """Dutch-1992 C1–C14 and the B-note: the same on busy simulated events."""
    _play(False, 1000 + seed)


def test_stage_bounds_compared_thousands_of_brackets() -> None:
    """The comparisons above covered thousands of brackets (runs after them in file order)."""
    if Compared.brackets == 0:
        pytest.skip("run with the comparisons of this module")
    assert Compared.brackets >= 2000, Compared.brackets
