"""Burstein golden cases, derived by hand (spec §4; seeding rounds set to 2 by the ruleset).

Eight players, ratings 2400 … 1700 by start number.
Round 1: 1w-5b 1-0, 2w-6b 1-0, 3w-7b 1-0, 4w-8b 1-0.
Round 2: 3w-1b ½-½, 4w-2b 0-1, 7w-5b 0-1, 8w-6b ½-½.
Scores before round 3: 2: 2; 1, 3: 1½; 4, 5: 1; 6, 8: ½; 7: 0.
Absolute colours for round 3: 3 and 4 (WW) need Black; 5 and 6 (BB) need White.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from swisspairing import BLACK, WHITE, Engine, Player, RoundRecord, Tournament, load_ruleset
from swisspairing.plugins.fide_burstein import index_values, seeding_rounds
from swisspairing.tiebreaks import buchholz, sonneborn_berger

GAMES = [
    [(1, 5, "1"), (2, 6, "1"), (3, 7, "1"), (4, 8, "1")],
    [(3, 1, "="), (4, 2, "0"), (7, 5, "0"), (8, 6, "=")],
]


def _tournament(rounds: int = 5) -> Tournament:
    recs: dict[int, list[RoundRecord]] = {i: [] for i in range(1, 9)}
    for games in GAMES:
        for w, b, r in games:
            recs[w].append(RoundRecord(b, WHITE, r))
            recs[b].append(RoundRecord(w, BLACK, {"1": "0", "0": "1", "=": "="}[r]))
    ratings = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700]
    return Tournament(
        players=tuple(
            Player(number=i, name=f"P{i}", rating=ratings[i - 1], rounds=tuple(recs[i]))
            for i in range(1, 9)
        ),
        total_rounds=rounds,
    )


def _engine(base: str) -> Engine:
    rs = load_ruleset(base)
    return Engine(replace(rs, parameters={**rs.parameters, "seeding_rounds": 2}))


def _pairs(p) -> set[frozenset[int]]:  # type: ignore[no-untyped-def]
    return {frozenset((b.white, b.black)) for b in p.boards}


def test_burstein_a5_seeding_round_count() -> None:
    """Burstein A.5 / 2025 1.6.2: min(rounds / 2 rounded down, 4)."""
    eng = Engine(load_ruleset("fide-burstein"))
    for rounds, expected in ((5, 2), (7, 3), (9, 4), (11, 4)):
        ctx = eng.context(Tournament(players=(Player(1, "a"), Player(2, "b")), total_rounds=rounds))
        assert seeding_rounds(ctx) == expected


def test_burstein_a7_index_is_the_core_tiebreaks() -> None:
    """The Index uses the core's SB and Buchholz (opponents' unplayed games as draws).
    By hand: SB(1) = 1·1 (5) + ½·1½ (3) = 1¾; SB(3) = 1·0 (7) + ½·1½ (1) = ¾; BH(2) = ½ + 1."""
    t = _tournament()
    eng = _engine("fide-burstein")
    ctx = eng.context(t)
    iv = index_values(ctx)
    assert iv[1][:2] == (1.75, 2.5) and iv[3][:2] == (0.75, 1.5) and iv[2][1] == 1.5
    sb = sonneborn_berger(t, ctx.point_system, 2, unplayed="draw")
    bh = buchholz(t, ctx.point_system, 2, unplayed="draw")
    assert all(iv[n][0] == sb[n] and iv[n][1] == bh[n] for n in range(1, 9))


def test_burstein_a7_first_against_last_till_2025() -> None:
    """Text till 2025, round 3 (post-seeding), brackets in Index order (SB, BH, median, R):
    [2] → 2 floats.  [1 (SB 1¾), 2 (1½), 3 (¾)]: 1 v 3 met → 1–2; 3 floats.
    [3 (¾), 4 (½), 5 (0)]: 3 v 5 → pair (3 Black, 5 White); 4 floats.
    [4 (½), 6 (¼, BH 2½), 8 (¼, BH 1½)]: 4 v 8 met → 4–6; 8 floats.  [8, 7]: 8–7."""
    p = _engine("fide-burstein").pair(_tournament())
    assert _pairs(p) == {frozenset(x) for x in ((1, 2), (3, 5), (4, 6), (7, 8))}
    assert {(b.white, b.black) for b in p.boards} >= {(5, 3), (6, 4)}


def test_burstein_2025_criteria_c6_c8_change_the_pairing() -> None:
    """Text from 2025 (BH, SB, TPN; C6 low floaters, C8 colour preferences):
    [1 (BH 2½), 2 (1½, SB 1½), 3 (1½, SB ¾)]: floaters only from 1½; 1–2 would pair two
    players preferring White, 2–3 (W/B) does not → 1 floats, 2–3.
    [1 (2½, SB 1¾), 4 (2½, SB ½), 5 (1½)]: 1 v 5 met → 1–4; 5 floats.
    [6 (BH 2½), 8 (1½, SB ¼), 5 (1½, SB 0)]: floaters from ½ only; 6 v 8 met, 6 v 5 both need
    White → 6 floats; 8–5.  [6, 7]: 6–7."""
    p = _engine("fide-burstein-2025").pair(_tournament())
    assert _pairs(p) == {frozenset(x) for x in ((2, 3), (1, 4), (5, 8), (6, 7))}


def test_burstein_a3_bye_lowest_score_most_games() -> None:
    """Burstein A.3 (2025 3.1 order): a ninth player who missed both rounds (0 points, no
    games) is not chosen while 7 (0 points, 2 games) can take the bye."""
    t = _tournament()
    late = Player(
        9, "P9", rating=1600, rounds=(RoundRecord(None, None, "Z"), RoundRecord(None, None, "Z"))
    )
    t = Tournament(players=(*t.players, late), total_rounds=5)
    p = _engine("fide-burstein").pair(t)
    assert [b.player for b in p.byes] == [7]


@pytest.mark.parametrize("ruleset", ["fide-burstein", "fide-burstein-2025"])
def test_burstein_seeding_round_top_half_v_bottom_half(ruleset: str) -> None:
    """Round 1 is a seeding round: 1–5, 2–6, 3–7, 4–8."""
    t = Tournament(
        players=tuple(Player(i, f"P{i}", rating=2500 - 10 * i) for i in range(1, 9)), total_rounds=5
    )
    p = Engine(load_ruleset(ruleset)).pair(t)
    assert _pairs(p) == {frozenset(x) for x in ((1, 5), (2, 6), (3, 7), (4, 8))}
