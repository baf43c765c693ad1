"""Whole rounds of ``fide-lim`` derived by hand (Lim 1.1, 2.2-2.5, 3, 5, 7)."""

from __future__ import annotations

from swisspairing import WHITE, Engine, Player, RoundRecord, Tournament, load_ruleset


def field(n: int) -> Tournament:
    players = tuple(
        Player(number=i, name=f"Player {i:02d}", rating=2500 - 20 * i) for i in range(1, n + 1)
    )
    return Tournament(players=players, name="Lim golden", total_rounds=5, initial_colour=WHITE)


def boards(pairing) -> list[str]:
    return [f"{b.white}-{b.black}" for b in pairing.boards]


def test_lim_7_round_one_top_half_v_bottom_half_and_colours():
    """Lim 7 / 2.4: 1-5, 2-6, 3-7, 4-8; Lim 7.2: #1 has the drawn colour (White, XXC), odd
    players of the top half the same, even players the other: 1 W, 2 B, 3 W, 4 B."""
    engine = Engine(load_ruleset("fide-lim"))
    assert boards(engine.pair(field(8))) == ["1-5", "6-2", "3-7", "8-4"]


def test_lim_1_1_bye_lowest_ranked_and_never_twice():
    """Lim 1.1 (round 1: Lim 7): with nine players the lowest-ranked player 9 gets the bye and
    1-5 2-6 3-7 4-8 are paired.  After the top half wins, the lowest score group is {5, 6, 7,
    8} and its lowest-ranked player 8 gets the bye of round 2 (9 now has a point, and may
    never get a second bye, C.04.1 d)."""
    engine = Engine(load_ruleset("fide-lim"))
    t = field(9)
    p1 = engine.pair(t)
    assert [b.player for b in p1.byes] == [9]
    assert boards(p1) == ["1-5", "6-2", "3-7", "8-4"]
    t = engine.apply(t, p1)
    # everybody of the top half wins: the lowest group (0 points) is 5, 6, 7, 8; 8 is last
    res = {1: "1", 5: "0", 6: "0", 2: "1", 3: "1", 7: "0", 8: "0", 4: "1"}
    t = t.with_round(
        1,
        {
            n: RoundRecord(r.opponent, r.colour, res[n])
            for n in res
            for r in [t.player(n).record(1)]
        },
    )
    p2 = engine.pair(t)
    assert [b.player for b in p2.byes] == [8]


def test_lim_2_2_processing_order_floaters_and_colours_round_two():
    """Round 2 of eight players, derived step by step.

    Round 1 (Lim 7): 1-5 1-0, 6-2 0-1, 3-7 1/2, 8-4 1-0.  Scores: 1, 2, 8: 1 point; 3, 7: 0.5;
    4, 5, 6: 0.  Ranking (score, pairing number): 1 2 8 3 7 4 5 6.  Median score (Lim 2.2):
    1 round played / 2 = 0.5, so the median group is {3, 7}.

    - Group 1 (above the median, paired downward) is odd (Lim 2.3 d).  Due colours: 1 Black,
      2 White, 8 Black; the floater comes from the larger due-Black subgroup {1, 8} (Lim
      3.2.2), its lowest-ranked member 8 (3.2.4).  1-2 remain (1 v n/2+1).
    - Group 0 (below the median, paired upward) is odd: due 4 White, 5 White, 6 Black: from the
      due-White subgroup the highest-ranked, 4, floats up.  6 v 5 remain.
    - Median group {8 (from above), 3, 7, 4 (from below)}: floaters first (Lim 3.6-3.8): 8 (due
      Black) meets the highest-ranked resident due White: 3 is due Black, 7 is due White: 8-7;
      upfloater 4 meets the lowest-ranked available resident: 3.
    - Colours (Lim 5.2 equalisation): 1-2: 1 had White, gets Black: 2-1; 8-7: 7-8; 3-4: 4-3;
      5-6: 6 had White: 5-6.  Boards by the higher score, then rank.
    """
    engine = Engine(load_ruleset("fide-lim"))
    t = field(8)
    p1 = engine.pair(t)
    t = engine.apply(t, p1)
    res = {1: "1", 5: "0", 6: "0", 2: "1", 3: "=", 7: "=", 8: "1", 4: "0"}
    t = t.with_round(
        1,
        {
            n: RoundRecord(t.player(n).record(1).opponent, t.player(n).record(1).colour, res[n])
            for n in res
        },
    )
    p2 = engine.pair(t)
    assert boards(p2) == ["2-1", "7-8", "4-3", "5-6"]
    rules = [e.rule for e in p2.events]
    for rule in ("Lim 1.1", "Lim 2.2", "Lim 2.3d", "Lim 3.9", "Lim 3.8", "Lim 5.2"):
        if rule == "Lim 1.1":
            assert rule not in rules  # even number of players: no bye
        else:
            assert rule in rules, rule
