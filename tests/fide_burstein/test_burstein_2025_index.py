"""Burstein-2025 1.7.2 item 3, the zero-point-bye exception of the Index, derived by hand.

1.7.2 (C.04.4.2, valid from 1 July 2025): a player's own unplayed round counts as a game
against himself; item 3: "if a player has a series of consecutive zero-point-byes up to the
current round, each of the ones gathered in previous rounds, for the benefit of the player's
actual over-the-board opponents, is considered as a draw".  Only zero-point byes make the
series; C.07 (2023) 16.3 (policy ``fide2023``) also counts half-point byes and byes followed
by forfeits, which 1.7.2 does not.

Eight players, ratings 2400 … 1700 by start number.
Round 1: 1w-5b 1-0, 2w-6b 1-0, 3w-7b 1-0, 4w-8b 1-0.
Round 2: 1w-3b ½-½, 4w-2b 0-1; 7 the pairing-allocated bye (U); 5, 6, 8 zero-point byes (Z).
Round 3: 2w-1b ½-½, 3w-4b 1-0; 7 wins by forfeit against 5 (7 ``+``, 5 ``-``); 6 a half-point
bye (H); 8 a zero-point bye (Z).

Scores after round 3: 1: 2; 2, 3: 2½; 4: 1; 5: 0; 6: ½; 7: 2; 8: 0.

The scores of 5, 6 and 8 as their opponents (1, 2 and 4) see them before round 4:
- 5 (Z, then ``-``): the last round is a forfeit, so there is no series of zero-point byes up
  to the current round: 0.  (``fide2023``: the Z is followed only by a voluntary unplayed
  round, so it counts as a draw: ½.)
- 6 (Z, then H): the last round is a half-point bye: no series, ½.  (``fide2023``: H and
  the Z before it count as draws: ½ + ½ = 1.)
- 8 (Z, Z): a series of two zero-point byes up to the current round: 0 + ½ + ½ = 1, under
  both rules.

Buchholz before round 4 (1.7.1: the sum of the opponents' scores; an own unplayed round a game
against oneself, the player's own score):
- BH(1) = 0 (5) + 2½ (3) + 2½ (2) = 5          (``fide2023``: ½ + 2½ + 2½ = 5½)
- BH(2) = ½ (6) + 1 (4) + 2 (1) = 3½           (``fide2023``: 1 + 1 + 2 = 4)
- BH(4) = 1 (8) + 2½ (2) + 2½ (3) = 6           (both)
- BH(7) = 2½ (3) + 2 (U, himself) + 2 (+, himself) = 6½ (both)
Sonneborn-Berger (the points against each opponent times his score):
- SB(1) = 1·0 (5) + ½·2½ (3) + ½·2½ (2) = 2½   (``fide2023``: 1·½ + 1¼ + 1¼ = 3)
- SB(2) = 1·½ (6) + 1·1 (4) + ½·2 (1) = 2½     (``fide2023``: 1 + 1 + 1 = 3)
- SB(4) = 1·1 (8) + 0 + 0 = 1                  (both)

Before round 3 the same rule gives 5 his Z of round 2 as a draw (a series of one zero-point
bye up to the current round): BH(1) after round 2 = ½ (5) + 1½ (3) = 2.
"""

from __future__ import annotations

from swisspairing import BLACK, WHITE, Engine, Player, RoundRecord, Tournament, load_ruleset
from swisspairing.model import PointSystem
from swisspairing.plugins.fide_burstein import index_values
from swisspairing.tiebreaks import buchholz, opponent_scores, sonneborn_berger

_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
GAMES: list[list[tuple[int, int | None, str]]] = [
    [(1, 5, "1"), (2, 6, "1"), (3, 7, "1"), (4, 8, "1")],
    [(1, 3, "="), (4, 2, "0"), (7, None, "U"), (5, None, "Z"), (6, None, "Z"), (8, None, "Z")],
    [(2, 1, "="), (3, 4, "1"), (7, 5, "+"), (6, None, "H"), (8, None, "Z")],
]


def _tournament() -> Tournament:
    recs: dict[int, list[RoundRecord]] = {i: [] for i in range(1, 9)}
    for games in GAMES:
        for w, b, r in games:
            if b is None:
                recs[w].append(RoundRecord(None, None, r))
                continue
            recs[w].append(RoundRecord(b, WHITE, r))
            recs[b].append(RoundRecord(w, BLACK, _FLIP[r]))
    ratings = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700]
    return Tournament(
        players=tuple(
            Player(number=i, name=f"P{i}", rating=ratings[i - 1], rounds=tuple(recs[i]))
            for i in range(1, 9)
        ),
        total_rounds=7,
    )


def test_burstein_2025_1_7_2_item3_only_zero_point_byes_count() -> None:
    """Burstein-2025 1.7.2 item 3 (policy ``burstein2025``): only a series of consecutive
    zero-point byes up to the current round counts as draws; C.07 2023 16.3 (``fide2023``)
    differs for the players whose last unplayed round is a forfeit or a half-point bye."""
    t, ps = _tournament(), PointSystem()
    seen = opponent_scores(t, ps, 3, unplayed="burstein2025")
    assert (seen[5], seen[6], seen[8]) == (0.0, 0.5, 1.0)
    f23 = opponent_scores(t, ps, 3, unplayed="fide2023")
    assert (f23[5], f23[6], f23[8]) == (0.5, 1.0, 1.0)
    bh = buchholz(t, ps, 3, unplayed="burstein2025")
    assert (bh[1], bh[2], bh[4], bh[7]) == (5.0, 3.5, 6.0, 6.5)
    sb = sonneborn_berger(t, ps, 3, unplayed="burstein2025")
    assert (sb[1], sb[2], sb[4]) == (2.5, 2.5, 1.0)
    bh23 = buchholz(t, ps, 3, unplayed="fide2023")
    assert (bh23[1], bh23[2], bh23[4]) == (5.5, 4.0, 6.0)
    # before round 3: 5's zero-point bye of round 2 is a series up to the current round
    assert buchholz(t, ps, 2, unplayed="burstein2025")[1] == 2.0


def test_burstein_2025_index_uses_the_1_7_2_rule() -> None:
    """The ``fide-burstein-2025`` Index (1.8: Buchholz, then Sonneborn-Berger) takes the
    values of 1.7.2 item 3 derived above, not those of C.07 2023."""
    eng = Engine(load_ruleset("fide-burstein-2025"))
    assert eng.ruleset.param("unplayed") == "burstein2025"
    index = index_values(eng.context(_tournament(), 4))
    assert index[1] == (5.0, 2.5)
    assert index[2] == (3.5, 2.5)
    assert index[4] == (6.0, 1.0)


def test_older_burstein_keeps_all_unplayed_as_draws() -> None:
    """``fide-burstein`` (A.7, valid until 30 June 2025): every unplayed result of an
    opponent counts as a draw (policy ``draw``): 5 is seen with ½ + ½ = 1, 6 with ½ + ½ = 1."""
    eng = Engine(load_ruleset("fide-burstein"))
    assert eng.ruleset.param("unplayed") == "draw"
    seen = opponent_scores(_tournament(), PointSystem(), 3, unplayed="draw")
    assert (seen[5], seen[6], seen[8]) == (1.0, 1.0, 1.0)
