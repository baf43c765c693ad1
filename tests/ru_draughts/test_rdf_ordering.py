"""The order inside score groups: RDF 5.4.10.5.3 (AMB-R2), 5.4.10.6.2, 5.4.10.7.6 with the
coefficients of the shared core tiebreak code, and the 5.4.10.11 policy (AMB-R8–R10)."""

from __future__ import annotations

from rdf_support import DATA, boards, build, byes, engine
from swisspairing import Engine, PointSystem, load_ruleset
from swisspairing.tiebreaks import buchholz

# 5 players.  R1: 5 gets the plus, 1-3 (1 wins), 4-2 (4 wins).  R2: 2 gets the plus, 5-1
# (1 wins), 3-4 (3 wins).  Scores: 1 → 2; 2, 3, 4, 5 → 1.
WITH_PLUSES = [["5 U", "1-3 1-0", "4-2 1-0"], ["2 U", "5-1 0-1", "3-4 1-0"]]


def _order(ruleset, t) -> list[int]:
    e = ruleset if isinstance(ruleset, Engine) else engine(ruleset)
    return e.sort_players(e.context(t))


def test_current_buchholz_with_the_manual_draw_rules():
    # RDF 5.4.10.7.6 with 5.4.10.11(a) for a manual draw (rdf-buchholz-manual-draw,
    # coefficient_policy: manual-draw, AMB-R9): a plus counts as an opponent with the lowest
    # score anybody has made (1 here).
    # Buchholz: 3 → 1's 2 + 4's 1 = 3; 5 → 1's 2 + plus 1 = 3; 2 → 4's 1 + plus 1 = 2;
    # 4 → 2's 1 + 3's 1 = 2.  Group 1 ordered 3, 5 (3; by classification number), 2, 4 (2).
    t = build(5, WITH_PLUSES)
    assert _order("rdf-buchholz-manual-draw", t) == [1, 3, 5, 2, 4]


def test_current_buchholz_played_games_only():
    # coefficient_policy: computer (AMB-R10): only played opponents count:
    # 3 → 3; 4 → 2; 5 → 2 (only 1); 2 → 1 (only 4).  Group 1: 3, 4, 5, 2.
    t = build(5, WITH_PLUSES)
    e = Engine(load_ruleset(str(DATA / "rdf-buchholz-computer.yaml")))
    assert _order(e, t) == [1, 3, 4, 5, 2]
    # … which is the default of rdf-buchholz: 5.4.10.7.6 «текущего коэффициента Бухгольца» is the
    # sum of the opponents' scores; the 5.4.10.11 plus rule is «при ручной жеребьевке» (AMB-R9/R10)
    assert _order("rdf-buchholz", t) == [1, 3, 4, 5, 2]


def test_coefficients_come_from_the_core_tiebreaks():
    # the ordering uses swisspairing.tiebreaks.buchholz (cut 1 = truncated Solkoff)
    t = build(5, WITH_PLUSES)
    ps = PointSystem()
    for rid, policy in (
        ("rdf-solkoff-manual-draw", "rdf-manual-draw"),
        ("rdf-solkoff", "played-only"),
    ):
        solkoff = buchholz(t, ps, 2, cut_lowest=1, unplayed=policy)
        e = engine(rid)
        ctx = e.context(t)
        order = e.sort_players(ctx)
        group = [n for n in order if ctx.score(n) == 1]
        assert group == sorted(group, key=lambda n: (-solkoff[n], n))


def test_solkoff_round_two_is_the_start_number_order():
    # 5.4.10.6.1 / AMB-R2: before round 3 the Solkoff variant orders like the start-number
    # system: round 2 descending inside groups.
    t = build(8, [["1-5 1-0", "6-2 1-0", "3-7 =", "8-4 0-1"]])
    assert _order("rdf-solkoff", t) == _order("rdf-coefficient", t) == [6, 4, 1, 7, 3, 8, 5, 2]


def test_buchholz_round_two_ascending():
    # 5.4.10.7.3 states no alternation (AMB-R2): ascending in round 2.
    t = build(8, [["1-8 1-0", "7-2 1-0", "3-6 =", "5-4 0-1"]])
    assert _order("rdf-buchholz", t) == [1, 4, 7, 3, 6, 2, 5, 8]


def test_alternation_by_the_round_played():
    # AMB-R2's other reading (order_parity: played-round): round 2 follows round 1 (odd) →
    # ascending; round 3 follows round 2 (even) → descending.
    e = Engine(load_ruleset(str(DATA / "rdf-coefficient-played-round.yaml")))
    r1 = [["1-5 1-0", "6-2 1-0", "3-7 =", "8-4 0-1"]]
    assert _order(e, build(8, r1)) == [1, 4, 6, 3, 7, 2, 5, 8]
    r2 = [*r1, ["4-6 =", "7-1 =", "8-3 =", "5-2 ="]]
    # scores: 1, 4, 6 → 1.5; 3, 7 → 1; 2, 5, 8 → 0.5
    assert _order(e, build(8, r2)) == [6, 4, 1, 7, 3, 8, 5, 2]
    # the default (the round being paired): round 3 is odd → ascending
    assert _order("rdf-coefficient", build(8, r2)) == [1, 4, 6, 3, 7, 2, 5, 8]


def test_without_the_manual_draw_policy_in_the_core_the_ordering_falls_back(monkeypatch):
    # If the core's buchholz() did not offer ``unplayed=`` the ordering counts played games
    # only and says so (RDF 5.4.10.11 in the explanation).
    from swisspairing.plugins.ru_draughts import ordering
    from swisspairing.tiebreaks import buchholz as core_buchholz

    def old_buchholz(tournament, point_system, after_round, *, cut_lowest=0, cut_highest=0):
        return core_buchholz(
            tournament, point_system, after_round, cut_lowest=cut_lowest, cut_highest=cut_highest
        )

    monkeypatch.setattr(ordering, "buchholz", old_buchholz)
    t = build(5, WITH_PLUSES)
    assert _order("rdf-buchholz-manual-draw", t) == [
        1,
        3,
        4,
        5,
        2,
    ]  # as with coefficient_policy: computer
    p = engine("rdf-buchholz-manual-draw").pair(t)
    assert any(e.rule == "RDF 5.4.10.11" for e in p.events)


def test_solkoff_draw_counts_the_opponents_met():
    # RDF 5.4.10.6.2: from round 3 inside score groups by «усеченного коэффициента Солкофа (т.е.
    # суммы очков всех соперников, исключая худшего)» — the opponents met (AMB-R10, the
    # computer draw, rdf-solkoff).  5.4.10.11(a) (a plus counts as the lowest score of the
    # event) is «при ручной жеребьевке» and for the final coefficient (AMB-R9): only the
    # explicit rdf-solkoff-manual-draw uses it for the order.
    # R1: 1-3 =, 4-2 =, 5 plus.  R2: 1 plus, 3-2 1-0, 5-4 1-0.
    # Scores: 5 → 2; 1, 3 → 1.5; 2, 4 → 0.5.
    t = build(5, [["1-3 =", "4-2 =", "5 U"], ["1 U", "3-2 1-0", "5-4 1-0"]])
    # Computer draw: 1 met only 3 (1.5) → cut the worst → 0; 3 met 1 (1.5), 2 (0.5) → 1.5;
    # 2 met 4 (0.5), 3 (1.5) → 1.5; 4 met 2 (0.5), 5 (2) → 2.  Order: 5 | 3, 1 | 4, 2.
    # Plus (5.4.10.2(f)): the last, 2 (no win without play yet).  [5] odd: 5 goes down and meets
    # the first of [3, 1] he has not met: 3; [1] goes down to [4]: 1-4 (5.4.10.5.4).
    # Colours (AMB-R1): 5 (–, W) and 3 (B, W) both want Black; 5 has the higher difference
    # (+1 v 0) → 5 Black: 3-5.  1 (W, –) wants Black, 4 (W, B) wants White: 4-1.
    p = engine("rdf-solkoff").pair(t)
    assert boards(p) == ["3-5", "4-1"] and byes(p) == [(2, "U")]
    # Manual draw: 1's plus counts as the lowest score made, 0.5: 1 → 1.5 + 0.5, cut 0.5 → 1.5,
    # equal to 3 → classification number: 1, 3.  Order: 5 | 1, 3 | 4, 2.  Plus 2; 5 meets 1,
    # 3 goes down to 4: 3-4.  5 and 1 both want Black with the same difference (+1): the
    # higher-classified 5 gets it: 1-5; 4 wants White, 3 Black: 4-3.
    p = engine("rdf-solkoff-manual-draw").pair(t)
    assert boards(p) == ["1-5", "4-3"] and byes(p) == [(2, "U")]
