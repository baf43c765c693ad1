"""C.3 / [C3]: only two non-topscorers with the same absolute colour preference may not meet.

The file (11 players, 5 rounds, players 6, 8, 9 withdrawn) is round 5, the last: pairing it
is the case Hypothesis found in ``test_properties.test_any_small_event``.

Derivation (Dutch-2026 1.7 topscorers: more than half the maximum score, 2 of 4 after round 4,
when the last round is paired; A.6 / 1.6 absolute preference: colour difference beyond ±1 or
the same colour in the last two games played):

- player 4, 2.5 points, colours B W B B: a topscorer, absolute preference for White (CD -2);
- player 7, 1.0 point, colours W B B (round 1 a half-point bye): not a topscorer, absolute
  preference for White (B B last);
- the bracket procedure pairs 4-7 (bbpPairings 6.0.0 and 5.0.1 pair exactly 1-3, 4-7, 10-2
  and the bye to 5, as we do): C.3 allows it, since 4 is a topscorer;
- E.1 / 5.2.2: the stronger preference is granted, 4's (CD -2 against -1): 4 White, 7 Black,
  his third Black in a row.

So ``check`` must not report BR 7 for player 7 in this event; the same boards in a round that
is not the last (no topscorers, 1.7) are a violation of C.3 and are reported.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from swisspairing import Engine, load_ruleset, load_trf

DATA = Path(__file__).resolve().parent.parent / "data" / "fide_dutch"
FILE = DATA / "c3-topscorer-meets-non-topscorer.trf"


@pytest.mark.parametrize("ruleset", ["fide-dutch-2025", "fide-dutch-2017"])
def test_a_topscorer_may_take_his_colour_from_a_non_topscorer(ruleset: str) -> None:
    engine = Engine(load_ruleset(ruleset))
    before = load_trf(FILE)
    pairing = engine.pair(before)
    boards = {(b.white, b.black) for b in pairing.boards}
    assert boards == {(1, 3), (4, 7), (10, 2)}
    assert [y.player for y in pairing.byes] == [5]
    assert engine.check(engine.apply(before, pairing)) == []


@pytest.mark.parametrize("ruleset", ["fide-dutch-2025", "fide-dutch-2017"])
def test_the_same_boards_before_the_last_round_break_c3(ruleset: str) -> None:
    engine = Engine(load_ruleset(ruleset))
    last = load_trf(FILE)
    pairing = engine.pair(last)
    not_last = replace(engine.apply(last, pairing), total_rounds=9)  # no topscorers (1.7)
    found = [v.render("en") for v in engine.check(not_last) if v.round == 5]
    rule = "BR 7" if ruleset == "fide-dutch-2025" else "C.04.1 g"
    assert found == [f"[{rule}] player 7: 3 games in a row with Black"]
