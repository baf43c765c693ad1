"""Pairing inside score groups: RDF 5.4.10.5.3–5.4.10.5.5, 5.4.10.6.2, 5.4.10.7.3–5.4.10.7.6,
5.4.10.8 (AMB-R2, AMB-R3, AMB-R6, AMB-R7), with colours by 5.4.10.2(c) / AMB-R1.

Every expected pairing is derived by hand from the rule text; the steps are in the comments.
Ratings fall with the start number, so classification numbers equal start numbers.
"""

from __future__ import annotations

import pytest
from rdf_support import boards, build, byes, engine, explanation, pairs, rules
from swisspairing import load_ruleset
from swisspairing.plugins.ru_draughts.groups import pair_even

# Round 1 of 8 players under 5.4.10.5.2 (XXC white1): 1-5, 6-2, 3-7, 8-4.
R1_EIGHT = ["1-5 1-0", "6-2 1-0", "3-7 =", "8-4 0-1"]


@pytest.mark.parametrize("ruleset", ["rdf-coefficient", "rdf-solkoff"])
def test_round_two_descending_odd_and_even_groups(ruleset):
    # After R1_EIGHT: 1, 6, 4 have 1 point; 3, 7 have ½; 5, 2, 8 have 0.
    # RDF 5.4.10.5.3, AMB-R2: round 2 is even, so inside each group classification numbers
    # descend: [6, 4, 1], [7, 3], [8, 5, 2].  (rdf-solkoff: 5.4.10.6.1 imports 5.4.10.5.3.)
    # 5.4.10.5.4: group 1 is odd, its last (1) goes down and meets the first of group ½, 7.
    # 5.4.10.5.5: the rest [6, 4] is split into halves: 6-4.
    # Group ½ is now [3]: odd, 3 goes down and meets the first of group 0, 8; then 5-2.
    # Colours (AMB-R1): 6 (last W) / 4 (last B) alternate: 4 White.  1 (W) / 7 (B): 7 White.
    # 3 and 8 both had White, equal colour difference: the higher-classified in the round's
    # order (3) gets his alternation, Black.  5 and 2 both had Black: 5 (earlier) gets White.
    p = engine(ruleset).pair(build(8, [R1_EIGHT]))
    assert boards(p) == ["4-6", "7-1", "8-3", "5-2"]
    assert "RDF 5.4.10.5.3" in rules(p) and "RDF 5.4.10.5.4" in rules(p)
    assert "classification number, descending" in explanation(p)


def test_round_two_without_alternation_is_ascending():
    # order_parity: none (the rdf-buchholz reading of 5.4.10.7.3): ascending in round 2:
    # [1, 4, 6], [3, 7], [2, 5, 8] under the start-number rules: 6 goes down to meet 3;
    # 1-4 (halves); group ½ rest [7] goes down to meet 2; then 5-8.
    from swisspairing.ruleset import ruleset_from_mapping

    base = load_ruleset("rdf-coefficient")
    data = {
        "schema_version": 1,
        "id": "x",
        "system": "ru-draughts",
        "first_colour": "white",
        "colours": {"max_difference": None, "max_run": 3},
        "points": {"pairing_allocated_bye": 1},
        "parameters": {**base.parameters, "order_parity": "none"},
    }
    from swisspairing import Engine

    p = Engine(ruleset_from_mapping(data)).pair(build(8, [R1_EIGHT]))
    assert pairs(p) == {frozenset(x) for x in ((1, 4), (6, 3), (7, 2), (5, 8))}


def test_floater_meets_second_when_first_already_met():
    # 9 players.  Round 1: 9 gets the plus; 1-5 (1 wins), 6-2 (6 wins), 3-7 (7 wins),
    # 8-4 (8 wins).  Scores: 1, 6, 7, 8, 9 → 1; 5, 2, 3, 4 → 0.
    # Round 2 (even, descending): [9, 8, 7, 6, 1], [5, 4, 3, 2].  Odd number: the last in the
    # order who may have it, 2, gets the plus (5.4.10.2(f)).
    # 5.4.10.5.4: group 1 is odd; its last, 1, goes down and should meet the first of group 0,
    # 5 — they have met, so "the second participant of the lower group", 4: 1-4.
    # 5.4.10.5.5: [9, 8, 7, 6] → halves [9, 8] / [7, 6]: 9-7, 8-6.  Group 0 rest [5, 3]: 5-3.
    # Colours: 9 has no game (plus), 7 had Black → 7 White.  8 and 6 both had White, equal
    # difference → the higher-classified in the order (8) gets Black.  1 (W) / 4 (B): 4 White.
    # 5 (B) / 3 (W): 5 White.
    t = build(9, [["9 U", "1-5 1-0", "6-2 1-0", "3-7 0-1", "8-4 1-0"]])
    p = engine("rdf-coefficient").pair(t)
    assert byes(p) == [(2, "U")]
    assert boards(p) == ["7-9", "6-8", "4-1", "5-3"]
    assert (
        "player 1 came down from the group above; he cannot meet 5 and meets player 4"
        in explanation(p)
    )


# Round 1 and 2 of 8 players where 3 has met 4 and 5 (the whole group below him in round 3).
HISTORY_3 = [
    ["3-4 1-0", "1-6 1-0", "2-7 1-0", "5-8 1-0"],
    ["5-3 0-1", "7-1 0-1", "8-2 0-1", "4-6 1-0"],
]


def test_last_player_has_met_the_whole_lower_group():
    # Scores after two rounds: 1, 2, 3 → 2; 4, 5 → 1; 6, 7, 8 → 0.  Round 3 (odd): ascending.
    # 5.4.10.5.4: group 2 = [1, 2, 3] is odd; its last, 3, has played everybody in group 1
    # (4 and 5), so "the second-to-last participant of the upper group goes down": 2 meets the
    # first of group 1, 4.  The rest of group 2: 1-3.  Group 1 rest [5] goes down and meets the
    # first of group 0, 6; then 7-8.
    # Colours: 1 (W B) and 3 (W B) both want White, equal difference → 1 (higher) White.
    # 2 (W B) wants White, 4 (B W) Black → 2-4.  5 (W W) wants Black, 6 (B B) White → 6-5.
    # 7 and 8 (both B W) want Black, equal → 7 (higher) Black → 8-7.
    p = engine("rdf-coefficient").pair(build(8, HISTORY_3))
    assert boards(p) == ["1-3", "2-4", "6-5", "8-7"]
    text = explanation(p)
    assert (
        "odd group: the draw cannot be completed if 3 goes down, so player 2 goes down to the "
        "next group" in text
    )


def test_solkoff_orders_by_truncated_solkoff_from_round_three():
    # RDF 5.4.10.6.2 with the same history.  Truncated Solkoff = opponents' scores without the
    # worst: 1 (opp 6:0, 7:0) → 0; 2 (7:0, 8:0) → 0; 3 (4:1, 5:1) → 1; 4 (3:2, 6:0) → 2;
    # 5 (8:0, 3:2) → 2; 6 (1:2, 4:1) → 2; 7 (2:2, 1:2) → 2; 8 (5:1, 2:2) → 2.
    # Groups: 2 → [3, 1, 2] (3 first: 1 > 0; 1 before 2 by classification number);
    # 1 → [4, 5]; 0 → [6, 7, 8].
    # 5.4.10.5.4: the last of group 2, 2, goes down and meets 4; rest 3-1.  5 goes down to
    # meet 6; then 7-8.
    # Colours: 3 and 1 both want White, equal → 3 (first in the order) White: 3-1.
    # 2-4, 6-5 and 8-7 as in the start-number case.
    p = engine("rdf-solkoff").pair(build(8, HISTORY_3))
    assert boards(p) == ["3-1", "2-4", "6-5", "8-7"]
    assert "RDF 5.4.10.6.2" in rules(p)
    assert "truncated Solkoff coefficient: 3 (1), 1 (0), 2 (0)" in explanation(p)


def test_buchholz_first_goes_down_and_meets_the_last():
    # RDF 5.4.10.7.6 with the same history.  Current Buchholz: 1 → 0, 2 → 0, 3 → 2, 4 → 2,
    # 5 → 2, 6 → 3, 7 → 4, 8 → 3.  Groups: 2 → [3, 1, 2]; 1 → [4, 5]; 0 → [7, 6, 8].
    # 5.4.10.7.4 (AMB-R7): group 2 is odd, its FIRST (3) goes down and meets the LAST of
    # group 1 (5): met; the second-to-last (4): met — 3 has played all of group 1, so the
    # second of group 2, 1, goes down and meets the last of group 1, 5.  Rest of group 2: 3-2.
    # Group 1 rest [4] goes down and meets the last of group 0, 8.  Group 0 rest: 7-6.
    # Colours: 3 and 2 both want White, equal → 3 White.  1 (W B) White, 5 (W W) Black.
    # 4 and 8 both want Black, equal → 4 (earlier) Black: 8-4.  7 (B W) Black, 6 (B B) White.
    p = engine("rdf-buchholz").pair(build(8, HISTORY_3))
    assert boards(p) == ["3-2", "1-5", "8-4", "6-7"]
    assert "RDF 5.4.10.7.4" in rules(p) and "RDF 5.4.10.7.6" in rules(p)


# Two rounds of draws among 6 players: 3 has met 6; 1-4, 2-5, 2-6 and 3-5 never met.
HISTORY_DRAWS = [
    ["3-6 =", "1-2 =", "4-5 ="],
    ["3-1 =", "2-4 =", "6-5 ="],
]


def test_even_group_breaks_the_last_formed_pair():
    # Everybody has 1 point: one group, round 3 ascending [1..6]; halves [1, 2, 3] / [4, 5, 6].
    # 5.4.10.5.5: 1 takes the first of the lower half, 4; 2 takes 5; 3's only lower-half
    # candidate 6 was met and no upper-half player is free: 3 has no opponent.  "The last
    # formed pair is broken" (2-5); 2 takes his next candidate, 6; then 3 meets 5.
    # Colours: 1 (W B) and 4 (W B) want White, equal → 1 White.  2 (B W) and 6 (B W) want
    # Black, equal → 2 Black: 6-2.  3 (W W) Black, 5 (B B) White: 5-3.
    p = engine("rdf-coefficient").pair(build(6, HISTORY_DRAWS))
    assert boards(p) == ["1-4", "6-2", "5-3"]
    assert (
        "player 3 had no admissible opponent left, so the last formed pairs were broken and "
        "re-paired: 2-5" in explanation(p)
    )


def test_buchholz_even_group_first_against_last():
    # RDF 5.4.10.7.5 with the same history: all Buchholz 2 → ascending [1..6].  First plays
    # last: 1-6; 2-5; 3-4.  Colours: 1 wants White, 6 Black → 1-6; 2 Black, 5 White → 5-2;
    # 3 Black, 4 White → 4-3.
    p = engine("rdf-buchholz").pair(build(6, HISTORY_DRAWS))
    assert boards(p) == ["1-6", "5-2", "4-3"]
    assert "RDF 5.4.10.7.5" in rules(p)
    assert "formed pairs were broken" not in explanation(p)  # no backtracking needed here


def test_group_that_cannot_be_completed_moves_down_fewest_players():
    # 4 players.  R1: 1-3 (1 wins), 4-2 (4 wins); R2: 4-1 =, 2-3 =.
    # Scores: 1, 4 → 1.5 (they have met); 2, 3 → ½ (they have met).
    # Round 3: group 1.5 = [1, 4] cannot be paired (5.4.10.5.5 finds no opponent).  AMB-R6 /
    # 5.4.10.8: as few players as possible move down — both (a group of two) — and the lowest
    # group [2, 3] receives them: 1 (came down) meets its first, 2; 4 meets 3.
    # Colours: 1 (W B) White, 2 (B W) Black → 1-2.  4 (W W) Black, 3 (B B) White → 3-4.
    t = build(4, [["1-3 1-0", "4-2 1-0"], ["4-1 =", "2-3 ="]])
    p = engine("rdf-coefficient").pair(t)
    assert boards(p) == ["1-2", "3-4"]
    assert "RDF 5.4.10.8" in rules(p)
    assert (
        "moving down to the next group, as few as possible and the lowest-ranked first (AMB-R6): "
        "1, 4" in explanation(p)
    )


# ---------------------------------------------------------------------- even groups alone
def _compat_from(met: set[tuple[str, str]]):
    forbidden = {frozenset(x) for x in met}
    return lambda a, b: frozenset((a, b)) not in forbidden


def test_even_rule_candidate_order_amb_r3():
    # AMB-R3: candidates of "the first" = unpaired lower half top→bottom, then unpaired upper
    # half bottom→top.  Group [a, b, c, d, e, f]; a has met d, e, f → a takes the last of the
    # upper half, c; then b-d; e-f.
    res = pair_even(list("abcdef"), "halves", _compat_from({("a", "d"), ("a", "e"), ("a", "f")}))
    assert res is not None and res.pairs == [("a", "c"), ("b", "d"), ("e", "f")]
    assert res.broken == []


def test_even_rule_several_broken_pairs():
    # Group [a..f], halves [a, b, c] / [d, e, f]; c has met e, f and b (so c must meet a or d).
    # Greedy: a-d, b-e, then c has nobody (f met, no upper player free) → break b-e: b-f,
    # c: e met → break b-f; b's upper candidate c is met → b exhausted → break a-d too:
    # a-e, b-d, c: f met → break b-d: b-f, c-d.  Result a-e, b-f, c-d; two formed pairs of the
    # first attempt (a-d, b-e) were broken — the fewest possible, since a-d cannot be kept.
    met = {("c", "e"), ("c", "f"), ("c", "b")}
    res = pair_even(list("abcdef"), "halves", _compat_from(met), explain=True)
    assert res is not None and res.pairs == [("a", "e"), ("b", "f"), ("c", "d")]
    assert res.broken == [("a", "d"), ("b", "e")]
    assert res.stuck == "c"


def test_even_rule_one_broken_pair_only():
    # c has met f only: a-d, b-e, c stuck → break b-e → b-f, c-e.  One broken pair.
    res = pair_even(list("abcdef"), "halves", _compat_from({("c", "f")}))
    assert res is not None and res.pairs == [("a", "d"), ("b", "f"), ("c", "e")]
    assert res.broken == [("b", "e")]


def test_fold_rule_backtracking():
    # 5.4.10.7.5: first plays last.  [a, b, c, d]: a-d; b: c has been met → nobody → break
    # a-d; a takes c (second-to-last); then b-d.
    res = pair_even(list("abcd"), "fold", _compat_from({("b", "c")}))
    assert res is not None and res.pairs == [("a", "c"), ("b", "d")]


def test_no_complete_pairing():
    assert (
        pair_even(list("abcd"), "halves", _compat_from({("a", "b"), ("a", "c"), ("a", "d")}))
        is None
    )


def test_exact_search_gives_the_same_pairing_as_the_literal_one():
    # The chronological search of 5.4.10.5.5 and the exact (oracle-pruned) one must agree.
    import random

    from swisspairing.plugins.ru_draughts import groups

    rng = random.Random(7)
    for _trial in range(150):
        n = rng.choice([4, 6, 8, 10, 12])
        players = list(range(n))
        met = {frozenset((a, b)) for a in players for b in players if a < b and rng.random() < 0.45}
        compat = lambda a, b, met=met: frozenset((a, b)) not in met  # noqa: E731
        for kind in ("halves", "fold", "next"):
            literal = groups._chronological(players, kind, compat, 10**7)
            exact = groups._exact(players, kind, groups._Graph(players, compat))
            if literal is None:
                assert exact is None
            else:
                assert exact is not None and exact.pairs == literal.pairs


def test_long_search_switches_to_the_exact_search(monkeypatch):
    # With no step budget at all the plain search gives up at once; the exact search must
    # still return the pairing the rule gives.
    from swisspairing.plugins.ru_draughts import groups

    met = {("c", "e"), ("c", "f"), ("c", "b")}
    monkeypatch.setattr(groups, "SEARCH_STEPS_PER_PLAYER", 0)
    monkeypatch.setattr(groups, "SEARCH_STEPS_FIXED", 0)
    res = groups.pair_even(list("abcdef"), "halves", _compat_from(met), explain=True)
    assert res is not None and res.pairs == [("a", "e"), ("b", "f"), ("c", "d")]
    assert res.broken == [("a", "d"), ("b", "e")]


def test_blossom_matching_against_brute_force():
    import itertools
    import random

    from swisspairing.matching import has_perfect_matching, maximum_matching

    def brute(n, edges):
        best = 0
        for k in range(n // 2, 0, -1):
            for combo in itertools.combinations(edges, k):
                used = [v for e in combo for v in e]
                if len(set(used)) == len(used):
                    return k
        return best

    rng = random.Random(3)
    for _ in range(120):
        n = rng.randint(1, 9)
        edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.35]
        adj = [[] for _ in range(n)]
        for a, b in edges:
            adj[a].append(b)
            adj[b].append(a)
        mate = maximum_matching(adj)
        size = sum(1 for v in range(n) if mate[v] != -1) // 2
        assert all(
            mate[v] == -1 or (mate[mate[v]] == v and (min(v, mate[v]), max(v, mate[v])) in edges)
            for v in range(n)
        )
        assert size == brute(n, edges)
        assert has_perfect_matching(adj) == (2 * size == n)
