"""Golden cases of the Polish team system (PL-team 2–20), each derived by hand from the rule
text; the steps are in the docstrings.  Matches are written (team with White on board 1, team
with Black on board 1) in publication order.

Events are built with 2 boards per match (``tests/data/pl_team/kpz-2-boards.yaml`` = the
A-Klasa ruleset with ``boards: 2``, a pause worth 1 game point and White drawn for team 1);
the pairing rules do not depend on the number of boards.  Scores per match: "2-0" = both
boards won by the team listed first, "1.5-0.5", "1-1", "0-2", "+" = both boards won by
forfeit (an unplayed match).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from swisspairing import Engine, load_ruleset
from swisspairing.event import event_from_mapping

RULES = Path(__file__).parent.parent / "data" / "pl_team" / "kpz-2-boards.yaml"
SCORES = {
    "2-0": ["1-0", "1-0"],
    "1.5-0.5": ["1-0", "½-½"],
    "1-1": ["1-0", "0-1"],
    "0.5-1.5": ["0-1", "½-½"],
    "0-2": ["0-1", "0-1"],
    "+": ["+-", "+-"],
}


def event(n: int, rounds=(), clubs=None, pauses=()):
    """Teams T1…Tn (start numbers 1…n, 2 players each); ``rounds``: per round a list of
    ``(white team, black team, score)``; ``pauses``: per round the pausing team or None."""
    clubs = clubs or {}
    teams = [
        {
            "name": f"T{i}",
            "number": i,
            "players": [f"P{i}.1", f"P{i}.2"],
            **({"club": clubs[i]} if i in clubs else {}),
        }
        for i in range(1, n + 1)
    ]
    results = []
    for r, matches in enumerate(rounds):
        entry = {"matches": [{"white": w, "black": b, "boards": SCORES[s]} for w, b, s in matches]}
        if r < len(pauses) and pauses[r] is not None:
            entry["pause"] = pauses[r]
        results.append(entry)
    return event_from_mapping(
        {"name": "golden", "rounds": 9, "boards": 2, "teams": teams, "results": results}
    )


def pair(tournament, **forbidden):
    ruleset = load_ruleset(str(RULES))
    if forbidden:
        ruleset = replace(ruleset, forbidden=replace(ruleset.forbidden, **forbidden))
    return Engine(ruleset).pair(tournament)


def matches(pairing):
    return [(m.white, m.black) for m in pairing.matches]


def explanation(pairing):
    return "\n".join(e.render("en") for e in pairing.events)


# ---------------------------------------------------------------------- round 1
def test_round1_odd_start_list_halves_and_colours():
    """PL-team 8: 7 teams, the last start number (7) pauses; halves of N = 3: 1-4, 2-5, 3-6.
    PL-team 18: White drawn for team 1 → odd upper-half teams 1 and 3 White, even team 2
    Black; lower-half teams the opposite of their opponents."""
    p = pair(event(7))
    assert matches(p) == [(1, 4), (5, 2), (3, 6)]
    assert [b.player for b in p.team_byes] == [7]
    assert "[PL-team 8]" in explanation(p)


def test_round1_same_club_transposition_in_lower_half():
    """PL-team 2 + 8 + 10: 8 teams, teams 1 and 5 of one club.  1-5 is not allowed; team 1
    takes the first lower-half team that lets the rest be paired (6), team 2 then the first
    free one (5), 3-7, 4-8.  Colours by PL-team 18: 1 W, 2 B, 3 W, 4 B."""
    p = pair(event(8, clubs={1: "Hetman", 5: "Hetman"}))
    assert matches(p) == [(1, 6), (5, 2), (3, 7), (8, 4)]
    text = explanation(p)
    assert "teams 1 and 5 belong to the same club" in text and "[PL-team 10]" in text


# ---------------------------------------------------------------------- round 2
R1_TEN = [(1, 6, "1-1"), (7, 2, "0-2"), (3, 8, "1.5-0.5"), (9, 4, "0.5-1.5"), (5, 10, "1-1")]


def test_odd_groups_middle_group_with_floaters_from_both_sides():
    """Round 2 of 10 teams.  After R1: 3 MP: 2 (GP 2), 3, 4 (GP 1.5); 1 MP: 1, 5, 6, 10 (GP 1);
    0 MP: 8, 9 (GP 0.5), 7 (GP 0).  PL-team 4 order: 2 3 4 | 1 5 6 10 | 8 9 7.
    PL-team 7: middle position 10/2+1 = 6 → team 6 → the 1-MP group is the middle group.
    PL-team 6/9/12: top group [2 3 4] (odd) row 1: 2-4, the middle team 3 transferred down.
    PL-team 6/13 (after the pause — none): bottom group [8 9 7] from the bottom, mirrored
    [7 9 8]: row 1: 7-8, the middle team 9 transferred up.
    PL-team 15/16: middle [3 | 1 5 6 10 | 9] = #1..#6; row 1: 1-5 2-6 3-4 = 3-10, 1-9, 5-6.
    PL-team 20: 2-4 identical [B]: 2 (higher) changes → W.  8-7: 7 [W] has more Whites → B.
    3-10: 3 [W] → B.  1-9 identical [W]: 1 changes → B.  5-6: 5 [W] → B.
    Publication: MP of the better team, then the sum, then the better rank."""
    p = pair(event(10, [R1_TEN]))
    assert matches(p) == [(2, 4), (10, 3), (6, 5), (9, 1), (8, 7)]
    text = explanation(p)
    assert "row 1 of the order of trial: 2-4; team 3 is transferred down" in text
    assert "row 1 of the order of trial: 7-8; team 9 is transferred up" in text
    assert "[PL-team 16] row 1 of the order of trial of a middle group" in text


def test_middle_group_row_3_and_forbidden_team_pairs():
    """As above with the team pairs 3-10 and 3-6 forbidden (ruleset ``forbidden.pairs`` by
    team number).  Middle group #1..#6 = 3 1 5 6 10 9: row 1 (1-5 = 3-10) and row 2 (1-4 2-6
    3-5 = 3-6, 1-9, 5-10) are not allowed; row 3 (1-3 2-6 4-5) = 3-5, 1-9, 6-10.
    Colours: 3-5 identical [W]: 3 changes → B; 1-9 → 9 W; 6-10 identical [B]: 6 (higher)
    changes → W."""
    p = pair(event(10, [R1_TEN]), pairs=(frozenset({3, 10}), frozenset({3, 6})))
    assert matches(p) == [(2, 4), (5, 3), (6, 10), (9, 1), (8, 7)]
    assert "[PL-team 16] row 3 of the order of trial of a middle group" in explanation(p)


def test_even_group_needs_row_7():
    """12 teams, R1 1-7 … 6-12 all won 2-0 by teams 1–6.  Top group [1..6] (3 MP, equal GP),
    middle group (position 7 → team 7) [7..12].  With 1-6 and 1-5 forbidden, rows 1–6 of the
    PL-team 11 table (all 1-6 or 1-5) fail; row 7: 1-4 2-6 3-5.  Middle group row 1: 7-12
    8-11 9-10.  Colours: 1 [W] vs 4 [B] → 4 W; 2, 6 [B] identical → 2 W; 3, 5 [W] → 3 B;
    7 [B] vs 12 [W] → 7 W; 8 [W] vs 11 [B] → 11 W; 9 [B] vs 10 [W] → 9 W."""
    r1 = [
        (1, 7, "2-0"),
        (8, 2, "0-2"),
        (3, 9, "2-0"),
        (10, 4, "0-2"),
        (5, 11, "2-0"),
        (12, 6, "0-2"),
    ]
    p = pair(event(12, [r1]), pairs=(frozenset({1, 6}), frozenset({1, 5})))
    assert matches(p) == [(4, 1), (2, 6), (5, 3), (7, 12), (11, 8), (9, 10)]
    assert "[PL-team 11] row 7 of the order of trial: 1-4 2-6 3-5" in explanation(p)


def test_same_club_teams_in_one_group():
    """PL-team 2: 8 teams, 1 and 4 of one club, R1 1-5 6-2 3-7 8-4 won 2-0 by 1–4.
    Top group [1 2 3 4]: row 1 (1-4 2-3) not allowed, row 2: 1-3 2-4.  Middle group (team 5
    at position 5) [5 6 7 8] from the top (PL-team 13): 5-8 6-7.  Colours: 1, 3 [W]: 1
    changes → B; 2, 4 [B]: 2 → W; 5 [B] vs 8 [W] → 5 W; 6 [W] vs 7 [B] → 7 W."""
    r1 = [(1, 5, "2-0"), (6, 2, "0-2"), (3, 7, "2-0"), (8, 4, "0-2")]
    p = pair(event(8, [r1], clubs={1: "Hetman", 4: "Hetman"}))
    assert matches(p) == [(3, 1), (2, 4), (5, 8), (7, 6)]
    assert "[PL-team 2] teams 1 and 4 belong to the same club" in explanation(p)


def test_pause_lowest_without_pause_unplayed_match_counts():
    """PL-team 3: 7 teams.  R1: 7 pauses (0 MP, 1 GP here), 1-4 and 5-2 won 2-0 by 1 and 2,
    3-6 not played (3 wins both boards by forfeit: 2 GP but 0 MP, and it counts as a pause
    for both).  Round 2 order: 1, 2 (3 MP, GP 2) | 3 (GP 2), 7 (GP 1), 4, 5, 6 (GP 0).
    Teams that have not paused: 1 2 4 5; fewest MP: 4, 5; the lowest placed: 5 pauses.
    Middle position 7//2+1 = 4 → team 7 → the 0-MP group.  Top [1 2]: 1-2.  Middle
    [3 7 4 6] row 1: 3-6 (an unplayed match is no meeting), 7-4.  Colours: 1 [W] vs 2 [B] →
    2 W; 3 and 6 have no board-1 colour yet → 3 (higher) gets the drawn colour W; 7 (no
    colour) vs 4 [B]: 4 has fewer Whites → 4 W."""
    r1 = [(1, 4, "2-0"), (5, 2, "0-2"), (3, 6, "+")]
    p = pair(event(7, [r1], pauses=["T7"]))
    assert [b.player for b in p.team_byes] == [5]
    assert matches(p) == [(2, 1), (3, 6), (4, 7)]
    assert "[PL-team 3] team 5 pauses" in explanation(p)
    # the pausing team's players get the pairing-allocated bye (U)
    assert sorted(b.player for b in p.byes) == [9, 10] and {b.result for b in p.byes} == {"U"}


# ---------------------------------------------------------------------- round 3
def test_transfers_blocked_by_rule_14_and_middle_group_row_1():
    """PL-team 14 counts transfers, not meetings: «Jeśli jakakolwiek drużyna miałaby być
    przenoszona w tym samym kierunku ponownie, należy cofnąć ją do swojej grupy punktowej…».
    8 teams; R1: 1-5, 6-2, 3-7, 8-4 won 2-0 by 1, 2, 3, 8.  R2: 3-1 (1 wins 2-0), 2-4 (2 wins
    2-0), 5-8 (8 wins 1.5-0.5), 7-6 (6 wins 2-0).
    Transfers of R2 (the event file records none, so they are read off the round, PL-team
    6/7/13): order 3 MP [1 2 3 8] | 0 MP [4 5 6 7], position 8/2+1 = 5 → team 4: the 0-MP
    group is the middle group.  2 and 8 (3 MP) met 4 and 5 of the middle group: 2 and 8 were
    transferred down; 4 and 5 only received them — they were not transferred.
    Round 3 order: 6 MP: 1 (GP 4), 2 (4), 8 (3.5) | 3 MP: 3, 6 (GP 2) | 0 MP: 5 (0.5), 4, 7.
    Middle position 5 → team 6 → the 3-MP group.
    Top [1 2 8] (PL-team 12): row 1 (1-8) transfers 2 and row 2 (1-2) transfers 8, both
    already transferred down (PL-team 14); row 3: 2-8, 1 transferred down.
    Bottom [5 4 7] from the bottom, mirrored [7 4 5]: row 1: 7-5 (they have not met), 4
    transferred up (4 was never transferred, so PL-team 14 does not bar it).
    Middle [1 | 3 6 | 4] (PL-team 15/16): 1 takes the lowest-ranked team with the smallest
    MP difference, 6; 4 the highest-ranked left, 3: row 1: 1-6, 3-4 (neither pair has met).
    Colours: 2 [B W] vs 8 [W B]: equal balance, the latest difference is R2 → 2 gets the
    opposite of its W → B.  1 [W B] vs 6 [W B]: identical → the higher-ranked 1 changes: W.
    3 [W W] must get B (PL-team 19/20b).  5 [B W] vs 7 [B W]: identical → 5 changes: B.
    Publication: 8-2 (6+6 MP), 1-6 (6+3), 4-3 (3+0), 7-5 (0+0).
    (Before issue 11 the receivers 4 and 5 counted as transferred up and row 3 of the bottom
    group, 4-5 with 7 up, was chosen: 8-2, 1-7, 6-3, 4-5.)"""
    r1 = [(1, 5, "2-0"), (6, 2, "0-2"), (3, 7, "2-0"), (8, 4, "2-0")]
    r2 = [(3, 1, "0-2"), (2, 4, "2-0"), (5, 8, "0.5-1.5"), (7, 6, "0-2")]
    t = event(8, [r1, r2])
    p = pair(t)
    assert matches(p) == [(8, 2), (1, 6), (4, 3), (7, 5)]
    text = explanation(p)
    assert "row 3 of the order of trial: 2-8; team 1 is transferred down" in text
    assert "row 1 of the order of trial: 7-5; team 4 is transferred up" in text
    assert "[PL-team 14] teams 2, 8 were already transferred down" in text
    assert "[PL-team 16] row 1 of the order of trial of a middle group" in text
    # the transfers are written to the file, every round's, and read back by the next round
    assert [line for code, line in p.records if code == "SPT"] == [
        "SPT    1",
        "SPT    2    2 down    8 down",
        "SPT    3    1 down    4 up",
    ]


def test_recorded_transfers_decide_rule_14():
    """The same round 3 when the file records (SPT) that R2 transferred 4 and 5 up as well
    (e.g. a pairing made by another procedure): PL-team 14 then bars rows 1 and 2 of the
    bottom group [7 4 5] (they transfer 4 and 5 up again); row 3: 4-5, 7 transferred up.
    Middle [1 | 3 6 | 7]: row 1 (1-6, 3-7) — 3 and 7 met; row 2 (1-3, 6-7) — met; row 3:
    1-7, 3-6.  Colours: 4 [B B] must get W; 1 [W B] vs 7 [B W] → 1 W; 3 [W W] must get B."""
    r1 = [(1, 5, "2-0"), (6, 2, "0-2"), (3, 7, "2-0"), (8, 4, "2-0")]
    r2 = [(3, 1, "0-2"), (2, 4, "2-0"), (5, 8, "0.5-1.5"), (7, 6, "0-2")]
    t = event(8, [r1, r2])
    t = replace(t, header=(*t.header, ("SPT", "SPT 1"), ("SPT", "SPT 2 2 down 4 up 5 up 8 down")))
    p = pair(t)
    assert matches(p) == [(8, 2), (1, 7), (6, 3), (4, 5)]
    assert "row 3 of the order of trial: 4-5; team 7 is transferred up" in explanation(p)


def test_colour_conflict_forces_next_row():
    """PL-team 19/20d: 8 teams; R1: 1-5, 2-6, 3-7, 4-8 won 2-0 by 1–4; R2 all drawn: 1-6,
    4-7, 5-2, 8-3.  Board-1 colours: 1 [W W], 4 [W W], 2 and 3 [W B], 6 and 7 [B B], 5 and 8
    [B W].  Round 3: top group [1 2 3 4] (4 MP, GP 3), middle group [5 6 7 8] (team 5 at
    position 5).  Row 1 of the top group (1-4 2-3): 1 and 4 both need Black → not allowed
    (20d); row 2: 1-3 2-4.  Middle row 1 (5-8 6-7): 6 and 7 both need White; row 2: 5-7 6-8.
    Colours (20b): 1 and 4 get Black, 6 and 7 White."""
    r1 = [(1, 5, "2-0"), (2, 6, "2-0"), (3, 7, "2-0"), (4, 8, "2-0")]
    r2 = [(1, 6, "1-1"), (4, 7, "1-1"), (5, 2, "1-1"), (8, 3, "1-1")]
    p = pair(event(8, [r1, r2]))
    assert matches(p) == [(3, 1), (2, 4), (7, 5), (6, 8)]
    text = explanation(p)
    assert "teams 1 and 4 cannot both get an allowed board-1 colour" in text
    assert "[PL-team 11] row 2 of the order of trial: 1-3 2-4" in text
    assert "[PL-team 20b]" in text


def test_team_transferred_this_round_goes_back_to_its_group():
    """PL-team 14 within one round (AMB-P4): 14 teams; R1: 1-8, 9-2, 3-10 won 2-0 by 1, 2, 3;
    11-4 and 5-12 drawn; 13-6 and 7-14 not played (13 and 7 win both boards by forfeit:
    2 GP, 0 MP).  Order: 3 MP [1 2 3] | 1 MP [4 5 11 12] | 0 MP [7 13 6 8 9 10 14];
    middle position 14/2+1 = 8 → team 7 → the 0-MP group is the middle group, both other
    groups are paired from the top.  Team 2 may not meet 4, 5, 11, 12 (forbidden pairs).
    Group [1 2 3] row 1 (1-3, 2 down) leaves [2 | 4 5 11 12], where only rows transferring 2
    again pair the rest: 2 goes back to its group, which takes row 2: 1-2, 3 down.
    Group [3 | 4 5 11 12]: row 1 has 4-11 (met); row 2: 3-12 4-5, 11 down.
    Middle [11 | 7 13 6 8 9 10 14] from the top, row 1: 11-14 7-10 13-9 6-8 (an unplayed
    match is no meeting)."""
    r1 = [
        (1, 8, "2-0"),
        (9, 2, "0-2"),
        (3, 10, "2-0"),
        (11, 4, "1-1"),
        (5, 12, "1-1"),
        (13, 6, "+"),
        (7, 14, "+"),
    ]
    p = pair(event(14, [r1]), pairs=tuple(frozenset({2, x}) for x in (4, 5, 11, 12)))
    assert {frozenset(m) for m in matches(p)} == {
        frozenset(x) for x in [(1, 2), (3, 12), (4, 5), (11, 14), (7, 10), (13, 9), (6, 8)]
    }
    text = explanation(p)
    assert "row 2 of the order of trial: 1-2; team 3 is transferred down" in text
    assert "row 2 of the order of trial: 3-12 4-5; team 11 is transferred down" in text
    assert "[PL-team 17] the pairing of this group was changed 1 time" in text


# ---------------------------------------------------------------------- issue 11
R1_RULE16 = [(1, 6, "2-0"), (7, 2, "0-2"), (3, 8, "0-2"), (9, 4, "1-1"), (5, 10, "1-1")]
NO_6_WITH_4_5_9 = tuple(frozenset(x) for x in [(6, 4), (6, 5), (6, 9)])


def test_middle_group_printed_rows_then_1_6():
    """PL-team 16: «Dopiero po wyczerpaniu tych możliwości należy kojarzyć zespoły 1 – 6, a
    następnie pozostałą grupę punktową» — after the eight printed rows comes 1-6 (AMB-P3,
    ``middle_group_rows: source``, the A-Klasa default).
    10 teams; R1 (PL-team 8): 1-6 and 2-7 won 2-0 by 1 and 2, 3-8 won 2-0 by 8, 9-4 and 5-10
    drawn.  Round 2 order: 3 MP [1 2 8] | 1 MP [4 5 9 10] | 0 MP [3 6 7]; position 6 → the
    1-MP group is the middle group.  Top [1 2 8] row 1: 1-8, 2 transferred down.  Bottom
    [3 6 7] from the bottom, mirrored [7 6 3], row 1: 7-3, 6 transferred up.
    Middle group as in the example of 16: #1 = 2 (from above), #2–#5 = 4 5 9 10, #6 = 6
    (from below).  6 may not meet 4, 5 or 9 (forbidden pairs): every printed row pairs #6 with
    #2, #3 or #4 — rows 1–8 fail.  Row 9 = 1-6: 2-6, then the rest [4 5 9 10] by PL-team 11,
    row 1: 4-10 5-9 (4-9 and 5-10 met in R1, these did not).
    Colours (PL-team 20): 1 [W] v 8 [B]: 1 has more Whites → 8-1; 2 [B] v 6 [B], 4 [B] v 10
    [B], 5 [W] v 9 [W], 3 [W] v 7 [W]: identical, the higher-ranked team changes: 2-6, 4-10,
    9-5, 7-3."""
    p = pair(event(10, [R1_RULE16]), pairs=NO_6_WITH_4_5_9)
    assert matches(p) == [(8, 1), (2, 6), (4, 10), (9, 5), (7, 3)]
    assert (
        "[PL-team 16] row 9 of the order of trial of a middle group with teams from above and "
        "below: 2-6 4-10 5-9" in explanation(p)
    )


def test_middle_group_continued_pattern_is_a_parameter():
    """The same round with ``middle_group_rows: continue``: before 1-6 the pattern continues
    with k = 3 — #6 takes the third-highest team left: (9) 1-5 4-6 2-3 = 2-10 9-6 (forbidden),
    (10) 1-4 5-6 2-3 = 2-9 10-6 4-5: taken."""
    ruleset = load_ruleset(str(RULES))
    ruleset = replace(
        ruleset,
        forbidden=replace(ruleset.forbidden, pairs=NO_6_WITH_4_5_9),
        parameters={**ruleset.parameters, "middle_group_rows": "continue"},
    )
    p = Engine(ruleset).pair(event(10, [R1_RULE16]))
    assert matches(p) == [(8, 1), (2, 9), (4, 5), (10, 6), (7, 3)]
    assert "row 10 of the order of trial of a middle group" in explanation(p)


def test_a_klasa_ruleset_uses_the_source_order():
    # PL-team 16 (AMB-P3, revised): the printed rows, then 1-6
    assert load_ruleset("kpzszach-a-klasa-2005").param("middle_group_rows") == "source"


def test_round1_transposition_names_the_same_club_rest():
    """PL-team 8 + 10 + 2: 10 teams, 5 and 10 of one club.  1-6, 2-7, 3-8 as in the start
    list.  4-9 may itself be played, but then 5 could meet only 10 — the same club: PL-team 10
    asks for a transposition so that all teams are paired: 4-10, and 5 takes the free 9.
    The explanation names that reason, not a colour rule (issue 11)."""
    p = pair(event(10, clubs={5: "Hetman", 10: "Hetman"}))
    assert matches(p) == [(1, 6), (7, 2), (3, 8), (10, 4), (5, 9)]
    text = explanation(p)
    assert (
        "[PL-team 10] with 4-9 the other teams could not all be paired: team 5 could meet none of "
        "the teams left" in text
    )
    assert "[PL-team 2] teams 5 and 10 belong to the same club" in text
    assert "[PL-team 10] team 10, the natural opponent of team 5, already meets team 4" in text
    assert "board-1 colour" not in text


def test_group_header_names_the_groups_own_match_points():
    """The group headers name the group's own match points, not those of a team transferred
    into it: in the round of :func:`test_team_transferred_this_round_goes_back_to_its_group`
    team 3 (3 MP) is transferred into the 1-MP group."""
    r1 = [
        (1, 8, "2-0"),
        (9, 2, "0-2"),
        (3, 10, "2-0"),
        (11, 4, "1-1"),
        (5, 12, "1-1"),
        (13, 6, "+"),
        (7, 14, "+"),
    ]
    p = pair(event(14, [r1]), pairs=tuple(frozenset({2, x}) for x in (4, 5, 11, 12)))
    text = explanation(p)
    assert "[PL-team 9] group of 1 match point, paired from the top: 3, 4, 5, 11, 12" in text
    assert "group of 3 match points, paired from the top: 3, 4" not in text
