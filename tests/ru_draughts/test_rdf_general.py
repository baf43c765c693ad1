"""RDF 5.4.10.2 — the general requirements, one golden case per bullet (a)–(f), AMB-R1,
AMB-R4/R5, AMB-R12.  Every expected pairing is derived by hand; the steps are in comments."""

from __future__ import annotations

from rdf_support import boards, build, byes, engine, explanation, prefill, rules
from swisspairing import RoundRecord, dumps_trf, read_trf

# Round 1 of 8 players under 5.4.10.5.2 (XXC white1): 1-5, 6-2, 3-7, 8-4.
R1_EIGHT = ["1-5 1-0", "6-2 1-0", "3-7 =", "8-4 0-1"]


def test_a_no_rematch_first_candidate_skipped():
    # 5.4.10.2(a).  R1: 1-5 =, 6-2 =, 3-7 (3 wins), 8-4 (4 wins).  Round 2 (descending):
    # [4, 3], [6, 5, 2, 1], [8, 7].  4-3.  Group ½, halves [6, 5] / [2, 1]: 6's first
    # candidate 2 was his round-1 opponent → 6-1; 5-2.  Group 0: 8-7.
    # Colours: 4 (B) White.  6 and 1 both had White, equal → 6 (higher) Black: 1-6.
    # 5 and 2 both had Black, equal → 5 White: 5-2.  8 (W) Black, 7 (B) White: 7-8.
    t = build(8, [["1-5 =", "6-2 =", "3-7 1-0", "8-4 0-1"]])
    p = engine("rdf-coefficient").pair(t)
    assert boards(p) == ["4-3", "1-6", "5-2", "7-8"]


# Six players; 6 withdraws before round 3.  R1: 1-3 (1 wins), 2-4 (2 wins), 6-5 is forfeited
# by 6 (5 gets a win without play).  R2: 2-1 (1 wins), 4-5 (4 wins), 6-3 (3 wins).
HISTORY_FORFEIT = [
    ["1-3 1-0", "2-4 1-0", "6-5 -+"],
    ["2-1 0-1", "4-5 1-0", "6-3 0-1"],
]


def test_b_no_second_win_without_play_and_d_unplayed_no_colour():
    # Scores before round 3: 1 → 2; 2, 3, 4, 5 → 1; 6 withdrawn (5.4.10.2(e)).
    # Round 3 (odd, ascending): [1], [2, 3, 4, 5]; 5 players → a plus.  The last in the order,
    # 5, already won without play in round 1: 5.4.10.2(b) forbids a second one → 4 gets it.
    # 5.4.10.5.4: 1 goes down to [2, 3, 5]: 2 (met), 3 (met), 5 → 1-5.  Rest: 2-3.
    # Colours: 5's forfeit gives no colour (5.4.10.2(d)); his only game was with Black, so both
    # 1 (W B) and 5 (B) want White; 5 has played White less → 5-1.  2 (W W) Black, 3 (B B)
    # White → 3-2.
    t = build(6, HISTORY_FORFEIT, withdrawn={6: 3})
    p = engine("rdf-coefficient").pair(t)
    assert byes(p) == [(4, "U")]
    assert boards(p) == ["5-1", "3-2"]
    text = explanation(p)
    assert "already had a win without play, so no plus again: 5" in text
    assert "withdrawn, no longer paired: 6" in text
    assert "RDF 5.4.10.2(b)" in rules(p) and "RDF 5.4.10.2(e)" in rules(p)


def test_b_second_plus_not_given():
    # 5 players.  R1: 5 gets the plus; 1-3 (1 wins), 4-2 (4 wins).  Scores: 1, 4, 5 → 1;
    # 2, 3 → 0.  Round 2 (descending): [5, 4, 1], [3, 2]; 2 (last, no plus yet) gets the plus.
    # Group 1 odd: its last, 1, has met 3, the whole rest of group 0 → the second-to-last, 4,
    # goes down: 4-3 (4 had White → Black).  Rest: 5-1 (5 no game yet; 1 had White → Black).
    e = engine("rdf-coefficient")
    t = build(5, [["5 U", "1-3 1-0", "4-2 1-0"]])
    p = e.pair(t)
    assert byes(p) == [(2, "U")]
    assert boards(p) == ["5-1", "3-4"]
    # Round 2 results: 1 beats 5, 3 beats 4.  Scores: 1 → 2; 2, 3, 4, 5 → 1.
    # Round 3 (ascending): [1], [2, 3, 4, 5].  The last, 5, had the plus in round 1
    # (5.4.10.2(b), AMB-R5): the plus goes to 4.  1 goes down and meets the first of
    # [2, 3, 5] he has not met, 2; then 3-5.
    # Colours: 1 (W B) and 2 (B, then the plus) want White; 2 has played it less → 2-1.
    # 3 (B W) and 5 (plus, then W) want Black; 5 has played it less → 3-5.
    t3 = build(5, [["5 U", "1-3 1-0", "4-2 1-0"], ["2 U", "5-1 0-1", "3-4 1-0"]])
    p3 = e.pair(t3)
    assert byes(p3) == [(4, "U")]
    assert boards(p3) == ["2-1", "3-5"]
    assert "already had a win without play, so no plus again: 5" in explanation(p3)
    assert e.check(e.apply(t3, p3)) == []


def test_c_never_the_same_colour_four_times_running():
    # 5.4.10.2(c): players 1 and 2 won four games each, the others drew theirs; so round 5
    # has the group [1, 2] (4 points).  1: W B W W; 2: B W W W.  Both want Black, equal
    # colour difference (+2): by AMB-R1 the higher-classified 1 would get Black — but then 2
    # would have White four times running, which the rule forbids: 1 White, 2 Black.
    rounds = [
        ["1-3 1-0", "7-2 0-1", "4-5 =", "6-8 =", "9-10 ="],
        ["4-1 0-1", "2-8 1-0", "3-9 =", "5-10 =", "6-7 ="],
        ["1-5 1-0", "2-9 1-0", "3-4 =", "6-10 =", "7-8 ="],
        ["1-6 1-0", "2-10 1-0", "3-7 =", "4-8 =", "5-9 ="],
    ]
    p = engine("rdf-coefficient").pair(build(10, rounds))
    assert boards(p)[0] == "1-2"
    assert "would get the same colour 4 times running" in explanation(p)


def test_c_colour_limit_is_a_parameter():
    # Other draughts regulations forbid three equal colours in a row (colours.max_run: 2).
    # R1: 1-4, 2-5, 3-6 (White wins each); R2: 1-6 (1 wins), 2-4 (2 wins), 5-3 (3 wins).
    # Scores: 1, 2, 3 → 2; 4, 5, 6 → 0.  Round 3 (ascending): [1, 2, 3], [4, 5, 6].
    rounds = [["1-4 1-0", "2-5 1-0", "3-6 1-0"], ["1-6 1-0", "2-4 1-0", "5-3 0-1"]]
    t = build(6, rounds)
    # RDF limit (no 4 in a row): the last of group 2, 3, goes down and meets 4; 1-2 (both
    # W W: 1, the higher, gets Black, 2 White a third time — allowed); 5-6.
    # Colours: 4 (B B) has played White less than 3 (W B) → 4-3; 6 (B B) White → 6-5.
    p = engine("rdf-coefficient").pair(t)
    assert boards(p) == ["2-1", "4-3", "6-5"]
    # max_run 2: 1 and 2 (W W each) can no longer meet; with 3 going down, [1, 2] cannot be
    # paired, so the second-to-last, 2, goes down (5.4.10.5.4): 1-3; 2 meets 4 (met), 5 (met),
    # 6.  Rest 4-5.  Colours: 1 must have Black → 3-1; 2 must have Black → 6-2; 4 (B B) must
    # have White → 4-5.
    from rdf_support import DATA
    from swisspairing import Engine, load_ruleset

    p2 = Engine(load_ruleset(str(DATA / "rdf-coefficient-run2.yaml"))).pair(t)
    assert boards(p2) == ["3-1", "6-2", "4-5"]


def _after_round_one_with(**kwargs):
    return build(8, [R1_EIGHT], **kwargs)


def _expected_with_five_missing(p):
    # R1_EIGHT, 5 not paired in round 2.  Scores: 1, 6, 4 → 1; 3, 7 → ½; 8, 2 → 0.
    # Round 2 (descending): [6, 4, 1], [7, 3], [8, 2]; 7 players → the plus goes to the
    # last in the order, 2.  1 goes down and meets 7; 6-4; 3 goes down and meets 8.
    # Colours as in the round-2 golden case: 4-6, 7-1, 8-3.
    assert boards(p) == ["4-6", "7-1", "8-3"]
    assert (2, "U") in byes(p)


def test_e_known_absence_prefilled_is_a_forfeit_loss():
    # 5.4.10.2(e): 5 is known to miss round 2 (pre-filled 0000 - Z): not paired, scored a
    # loss.  AMB-R12: the output records a forfeit loss "0000 - -".
    e = engine("rdf-coefficient")
    t = prefill(_after_round_one_with(), 2, {5: "Z"})
    p = e.pair(t)
    _expected_with_five_missing(p)
    assert byes(p) == [(2, "U"), (5, "-")]
    assert "known to miss this round, not paired and scored a loss: 5" in explanation(p)
    out = e.apply(t, p)
    assert out.player(5).record(2) == RoundRecord(None, None, "-")
    assert "0000 - -" in dumps_trf(out).splitlines()[-4]
    again = read_trf(dumps_trf(out))
    assert again.player(5).record(2) == RoundRecord(None, None, "-")
    assert e.check(out) == []


def test_e_known_absence_from_xxz():
    # The same absence announced with XXZ (TRFx) gives the same pairing and record.
    e = engine("rdf-coefficient")
    t = _after_round_one_with(absent_next={5})
    p = e.pair(t)
    _expected_with_five_missing(p)
    assert e.apply(t, p).player(5).record(2) == RoundRecord(None, None, "-")


def test_e_absence_recorded_as_zero_point_bye_when_configured():
    # absence_result: Z (a federation that records the absence like Dutch F5).
    from rdf_support import DATA
    from swisspairing import Engine, load_ruleset

    e = Engine(load_ruleset(str(DATA / "rdf-coefficient-z.yaml")))
    t = prefill(_after_round_one_with(), 2, {5: "Z"})
    p = e.pair(t)
    _expected_with_five_missing(p)
    assert (5, "Z") in byes(p)


def test_e_withdrawn_player_is_not_paired():
    # 5.4.10.2(e): 5 withdrew (SPW 5 2): same pairing as the absence, but nothing is written
    # for him.
    e = engine("rdf-coefficient")
    t = _after_round_one_with(withdrawn={5: 2})
    p = e.pair(t)
    _expected_with_five_missing(p)
    assert byes(p) == [(2, "U")]
    assert e.apply(t, p).player(5).record(2) is None


def test_f_plus_goes_to_the_last_who_may_receive_it_in_every_variant():
    # 5.4.10.2(f): 7 players in round 1: the last classified (7) gets the plus in the
    # start-number variants; rdf-random uses its drawn numbers (the last drawn).
    for rid in ("rdf-coefficient", "rdf-solkoff", "rdf-buchholz"):
        assert byes(engine(rid).pair(build(7))) == [(7, "U")]
    p = engine("rdf-random").pair(build(7))
    from swisspairing import load_ruleset
    from swisspairing.plugins.ru_draughts.ordering import classification

    number, _, _ = classification(build(7), load_ruleset("rdf-random").parameters)
    assert byes(p) == [(max(number, key=number.__getitem__), "U")]


def test_plus_retry_when_the_plus_leaves_a_rematch():
    # 5.4.10.8: R1: 1-3 =, 2 absent (scored a loss).  Round 2 (descending): [3, 1] (½),
    # [2] (0).  The plus would go to the last, 2 — but then 3-1 would be a rematch.  The draw
    # is repeated affecting as few players as possible: the next in line, 1, gets the plus;
    # 3-2 play (3 had Black → White).
    t = build(3, [["1-3 =", "2 -"]])
    p = engine("rdf-coefficient").pair(t)
    assert byes(p) == [(1, "U")]
    assert boards(p) == ["3-2"]
    assert "with the plus for one of 2 the others could not all be paired" in explanation(p)


def test_plus_to_a_player_from_the_top_when_nobody_else_can_have_it():
    # 6 players, 6 withdraws before round 5.  1 won all four games (against 2, 3, 4, 5); the
    # others drew among themselves:
    #   R1 1-2, 3-4, 5-6   R2 3-1, 2-5, 4-6   R3 1-4, 6-2, 5-3   R4 5-1, 4-2, 3-6.
    # Round 5 (odd, ascending): [1] (4 points), [2, 3, 4, 5] (1.5).  Five players: the plus.
    # 5.4.10.2(f) gives it to the last, 5 — but 1 has met all the others, so the rest cannot
    # be paired; the same for 4 and 3 (5.4.10.8: the draw is repeated).  Then the plus is left
    # to the lowest group: 1 comes down into it and is the only one whose plus lets the rest
    # be paired.  5.4.10.5.5 on [2, 3 | 4, 5]: 2 has met 4 and 5 → the last of the upper half,
    # 3: 2-3; then 4-5.
    # Colours: 2 (B W B B) White, 3 (W B B W) Black → 2-3; 4 (B W B W) and 5 (W B W W) both
    # want Black, 5 has played it less → 4-5.
    rounds = [
        ["1-2 1-0", "3-4 =", "5-6 ="],
        ["3-1 0-1", "2-5 =", "4-6 ="],
        ["1-4 1-0", "6-2 =", "5-3 ="],
        ["5-1 0-1", "4-2 =", "3-6 ="],
    ]
    p = engine("rdf-coefficient").pair(build(6, rounds, withdrawn={6: 5}))
    assert byes(p) == [(1, "U")]
    assert boards(p) == ["2-3", "4-5"]
    assert "with the plus for one of 5, 4, 3 the others could not all be paired" in explanation(p)
