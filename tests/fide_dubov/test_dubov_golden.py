"""Dubov 1997 golden cases, derived by hand from the rule text (spec §3).

Eight players, ratings 2400 … 1700 by start number.  Round 1 (Dubov 5): 1 v 5, 2 v 6, 3 v 7,
4 v 8; board 1's upper player has the first colour (White), odd boards the same, even boards
the other: 1w-5b, 6w-2b, 3w-7b, 8w-4b.
"""

from __future__ import annotations

from swisspairing import BLACK, WHITE, Engine, Player, RoundRecord, Tournament, load_ruleset
from swisspairing.plugins.fide_dubov import due_colour, max_upfloats

RATINGS = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700]


def _tournament(round1: dict[int, tuple[int, object, str]], n: int = 8) -> Tournament:
    players = []
    for i in range(1, n + 1):
        rounds = (RoundRecord(*round1[i]),) if i in round1 else ()
        players.append(
            Player(number=i, name=f"P{i}", rating=RATINGS[i - 1] if i <= 8 else 1600, rounds=rounds)
        )
    return Tournament(players=tuple(players), total_rounds=7)


def _round1(results: dict[tuple[int, int], str]) -> dict[int, tuple[int, object, str]]:
    out: dict[int, tuple[int, object, str]] = {}
    for (w, b), r in results.items():
        out[w] = (b, WHITE, r)
        out[b] = (w, BLACK, {"1": "0", "0": "1", "=": "="}[r])
    return out


def _pair(t: Tournament):
    return Engine(load_ruleset("fide-dubov-1997")).pair(t)


def test_dubov_1_3_1_4_due_colour() -> None:
    """Dubov 1.3/1.4: more Blacks → White; equal and Black last → White; mirror for Black."""
    assert due_colour((BLACK, BLACK, WHITE)) is WHITE
    assert due_colour((WHITE, BLACK)) is WHITE
    assert due_colour((BLACK, WHITE)) is BLACK
    assert due_colour((WHITE, WHITE, BLACK)) is BLACK
    assert due_colour(()) is None


def test_dubov_2_5_upfloat_limit() -> None:
    """Dubov 2.5: at most 3 upfloats below 10 rounds, 4 from 10 rounds on."""
    assert max_upfloats(9) == 3
    assert max_upfloats(10) == 4


def test_dubov_5_first_round_halves_and_board_colours() -> None:
    """Dubov 5: upper half v lower half in order; board 1 White for the upper player, board 2
    the other colour, board 3 as board 1."""
    t = Tournament(
        players=tuple(
            Player(number=i, name=f"P{i}", rating=r) for i, r in enumerate(RATINGS[:6], start=1)
        ),
        total_rounds=5,
    )
    p = _pair(t)
    assert [(b.white, b.black) for b in p.boards] == [(1, 4), (5, 2), (3, 6)]


def test_dubov_5_first_round_odd_last_player_gets_the_bye() -> None:
    """Dubov 5: with an odd number the last player of the list gets the bye."""
    t = Tournament(
        players=tuple(
            Player(number=i, name=f"P{i}", rating=r) for i, r in enumerate(RATINGS[:7], start=1)
        ),
        total_rounds=5,
    )
    p = _pair(t)
    assert [b.player for b in p.byes] == [7]
    assert {frozenset((b.white, b.black)) for b in p.boards} == {
        frozenset(x) for x in ((1, 4), (2, 5), (3, 6))
    }


def test_dubov_6_2_rows_low_aro_white_meets_highest_rated_black() -> None:
    """Round 1 all upper players win.  Group 1: 1 (W played → due B), 2 (due W), 3 (due B),
    4 (due W).  Whites by ascending ARO: 4 (ARO 1700), 2 (1900); blacks by descending R: 1, 3.
    Rows: 4–1, 2–3.  Dubov 3.1: the lower colour difference gets White: 4 and 2.
    Group 0: 5 (due W, ARO 2400), 7 (due W, ARO 2200), 6 (due B, R 1900), 8 (due B, 1700):
    whites 7, 5; blacks 6, 8 → 7–6, 5–8, White to 7 and 5 (Dubov 3.1)."""
    t = _tournament(_round1({(1, 5): "1", (6, 2): "0", (3, 7): "1", (8, 4): "0"}))
    p = _pair(t)
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (2, 3), (7, 6), (5, 8)}
    rules = [e.rule for e in p.events]
    assert "Dubov 9" in rules  # the published ARO list


def test_dubov_7_3_7_4_subgroup_transfers() -> None:
    """Round 1: 1w beats 5, 6w beats 2, 7b beats 3, 8w beats 4.
    Group 1: due B: 1, 6, 8; due W: 7 → Dubov 7.4 moves the black with the highest ARO (6: 2300
    against 1: 2000, 8: 2100) to the whites.  Whites by ARO: 7 (2200), 6 (2300); blacks by R:
    1, 8 → 7–1 (3.1: 7 has the lower colour difference), 6–8 (equal differences, same
    histories; 3.3: White to the higher ARO, 6).
    Group 0: due W: 5, 2, 4; due B: 3 → Dubov 7.3 moves the white with the lowest ARO (4: 1700)
    to the blacks.  Whites 2 (1900), 5 (2400); blacks by R: 3, 4 → 2–3 (3.1), 5–4 (3.3:
    ARO 2400 against 1700)."""
    t = _tournament(_round1({(1, 5): "1", (6, 2): "1", (3, 7): "0", (8, 4): "1"}))
    p = _pair(t)
    assert {(b.white, b.black) for b in p.boards} == {(7, 1), (6, 8), (2, 3), (5, 4)}
    moved = {e.rule: e.args["players"] for e in p.events if e.rule in ("Dubov 7.3", "Dubov 7.4")}
    assert moved == {"Dubov 7.4": [6], "Dubov 7.3": [4]}


def test_dubov_4_bye_lowest_rating_in_lowest_group() -> None:
    """Nine players (9 rated 1600 got the round-1 bye, 1 point).  Dubov 4: the bye goes to the
    lowest-rated player of the lowest score group (0 points: 5, 6, 7, 8 → 8, rated 1700)."""
    r1 = _round1({(1, 5): "1", (6, 2): "0", (3, 7): "1", (8, 4): "0"})
    r1[9] = (None, None, "U")
    t = _tournament(r1, n=9)
    p = _pair(t)
    assert [b.player for b in p.byes] == [8]


def test_dubov_4_bye_never_twice() -> None:
    """C.04.1 d / Dubov 2.2: 8 already scored without playing → the next lowest R (7)."""
    r1 = _round1({(1, 5): "1", (6, 2): "0", (3, 7): "1"})
    r1[4] = (None, None, "U")
    r1[8] = (None, None, "U")
    r1[9] = (None, None, "U")
    t = _tournament(r1, n=9)
    # 4, 8 and 9 scored without playing; the lowest group (0: 5, 6, 7) gives the bye to 7
    p = _pair(t)
    assert [b.player for b in p.byes] == [7]


# ---------------------------------------------------------------------- text from 2025/2026
def _pair26(t: Tournament):
    return Engine(load_ruleset("fide-dubov-2026")).pair(t)


def test_dubov_2026_1_8_maximum_upfloater() -> None:
    """Dubov-2026 1.8.2: MaxT = 2 + ⌊Rnds/5⌋."""
    from swisspairing.plugins.fide_dubov import max_upfloater_limit

    assert [max_upfloater_limit(r) for r in (4, 5, 9, 10, 11)] == [2, 3, 3, 4, 4]


def test_dubov_2026_middle_out_shifter_order() -> None:
    """Dubov-2026 4.3.3: numbered from the (remaining) middle; of two, the higher first."""
    from swisspairing.plugins.fide_dubov.edition2026 import middle_out

    assert middle_out([1, 2, 3]) == [2, 1, 3]
    assert middle_out([1, 2, 3, 4]) == [2, 3, 1, 4]


def test_dubov_2026_g1_g2_shift_and_colours_5_2() -> None:
    """Round 1 as in test_dubov_7_3_7_4_subgroup_transfers (1, 6, 7, 8 win).
    Group 1: G1 (White seekers) = {7}, G2 = {1, 6, 8}; 3.2.4.2 shifts one black seeker,
    chosen from G2 by TPN numbered from the middle (4.3.3): 6.  S1 by ARO: 7 (2200), 6 (2300);
    G2 by TPN: 1, 8 → 7–1, 6–8.  Colours: 7–1 both preferences (5.2.2); 6 and 8 both mildly
    prefer Black, same histories → 5.2.5: the higher-ranked 6 (TPN) gets Black: 8–6.
    Group 0: G1 = {2, 4, 5}, G2 = {3}; white seekers by ARO: 4 (1700), 2 (1900), 5 (2400),
    from the middle: 2 shifts.  S1: 4, 5; G2: 2, 3 → 4–2, 5–3.  4–2: same mild preference,
    same histories → 5.2.5 the higher-ranked 2 keeps White: 2–4; 5–3 by 5.2.2."""
    t = _tournament(_round1({(1, 5): "1", (6, 2): "1", (3, 7): "0", (8, 4): "1"}))
    p = _pair26(t)
    assert {(b.white, b.black) for b in p.boards} == {(7, 1), (8, 6), (2, 4), (5, 3)}


def test_dubov_2026_upfloater_fills_an_odd_group() -> None:
    """Dubov-2026 3.2.1/4.2.2: round 1 with 9 players (9 rated 1600 had the bye, 1 point):
    group 1 = {1, 2, 3, 4, 9} is odd and needs one upfloater: the highest score below, then
    the lowest TPN, among those giving a legal pairing — 5 (0 points, TPN 5; the colour the
    group lacks is checked first: G1 = {2, 4}, G2 = {1, 3, 9} lack White seekers, 5 seeks
    White)."""
    r1 = _round1({(1, 5): "1", (6, 2): "0", (3, 7): "1", (8, 4): "0"})
    r1[9] = (None, None, "U")
    t = _tournament(r1, n=9)
    p = _pair26(t)
    events = [e for e in p.events if e.rule == "Dubov-2026 3.2.2"]
    assert events and events[0].args["players"] == [5]
    assert [b.player for b in p.byes] == [8]  # 3.1: lowest score, most games, largest TPN


def test_dubov_round_3_ties_by_rating() -> None:
    """Round 1 as in test_dubov_6_2 (1–4 win), round 2 as paired there: 4w-1b 1-0, 2w-3b 1-0,
    7w-6b 1-0, 5w-8b 1-0.  Before round 3 every ARO is 2050.
    Group 2: 2 and 4 (both B, W → due Black): Dubov 7.4 moves the black with the highest ARO,
    equal → the lower R: 4 becomes white → 4–2; Dubov 3: equal differences, equal histories,
    equal ARO → 3.4 White to the lower R: 4.
    Group 1: whites 1, 3 (W, B) by ARO, equal → lower R first: 3, 1; blacks 5, 7 (B, W) by R:
    5, 7 → 3–5, 1–7; colours by 3.2 (alternation): 3 and 1 White.
    Group 0: 6, 8 (W, B → due White): Dubov 7.3 moves the white with the lowest ARO, equal →
    the higher R: 6 → 8–6, White to the lower R (3.4): 8."""
    r1 = _round1({(1, 5): "1", (6, 2): "0", (3, 7): "1", (8, 4): "0"})
    r2 = _round1({(4, 1): "1", (2, 3): "1", (7, 6): "1", (5, 8): "1"})
    players = []
    for i in range(1, 9):
        players.append(
            Player(
                number=i,
                name=f"P{i}",
                rating=RATINGS[i - 1],
                rounds=(RoundRecord(*r1[i]), RoundRecord(*r2[i])),
            )
        )
    t = Tournament(players=tuple(players), total_rounds=7)
    p = _pair(t)
    assert {(b.white, b.black) for b in p.boards} == {(4, 2), (3, 5), (1, 7), (8, 6)}
    moved = {e.rule: e.args["players"] for e in p.events if e.rule in ("Dubov 7.3", "Dubov 7.4")}
    assert moved == {"Dubov 7.4": [4], "Dubov 7.3": [6]}


def _six(results: dict[tuple[int, int], str]) -> Tournament:
    r1 = _round1(results)
    return Tournament(
        players=tuple(
            Player(number=i, name=f"P{i}", rating=RATINGS[i - 1], rounds=(RoundRecord(*r1[i]),))
            for i in range(1, 7)
        ),
        total_rounds=5,
    )


def test_dubov_6_3_rematch_in_a_row() -> None:
    """Round 1: 1w-6b, 2w-5b, 3w-4b, all drawn: one group.  Whites (due W: 4, 5, 6) by ARO:
    4 (2200), 5 (2300), 6 (2400); blacks (1, 2, 3) by R.  Row 2 is 5–2, a rematch: Dubov 6.3,
    white 5 takes the first lower black he has not met, 3; white 6 then meets 2.
    Colours 3.1: the whites had Black in round 1."""
    p = _pair(_six({(1, 6): "=", (2, 5): "=", (3, 4): "="}))
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (5, 3), (6, 2)}
    assert any(e.rule == "Dubov 6.3" and e.args["white"] == 5 for e in p.events)


def test_dubov_7_1_island_gets_an_opponent_from_below() -> None:
    """Round 1: 1w-4b 1-0, 5w-2b 0-1, 3w-6b ½-½.  Group 1: 2 (due W) – 1 (due B).
    Group ½: 3 and 6 have met — each has played everybody in his group (Dubov 7.1): 3 (due
    Black) gets the player of the next group due the opposite colour, 4 (due White; 5 is due
    Black); 6 then gets 5.  Colours 3.1: 2–1, 4–3, 6–5."""
    p = _pair(_six({(1, 4): "1", (5, 2): "0", (3, 6): "="}))
    assert {(b.white, b.black) for b in p.boards} == {(2, 1), (4, 3), (6, 5)}
    islands = [(e.args["player"], e.args["transferred"]) for e in p.events if e.rule == "Dubov 7.1"]
    assert islands == [(3, 4), (6, 5)]
