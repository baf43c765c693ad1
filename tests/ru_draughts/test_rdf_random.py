"""RDF 5.4.10.4 — the random-lot variant after round 1 (AMB-R11): opponents drawn by lot among
players with the same score, the nearest score when a group runs out, drawing from the top;
reproducible with the seed."""

from __future__ import annotations

from rdf_support import DATA, build, byes, pairs
from swisspairing import Engine, load_ruleset

# Drawn numbers = start numbers; round 1 was 1-2, 3-4, 5-6, 7-8 (odd numbers White):
# 1 beat 2, 3 beat 4, 5-6 drawn, 7 beat 8.  Scores: 1, 3, 7 → 1; 5, 6 → ½; 2, 4, 8 → 0.
R1 = [["1-2 1-0", "3-4 1-0", "5-6 =", "7-8 1-0"]]


def _engine() -> Engine:
    return Engine(load_ruleset(str(DATA / "rdf-random-numbers.yaml")))


def _shape(p) -> tuple[int, int, int]:
    """Check the structure RDF 5.4.10.4 demands and return (leftover of group 1, its opponent
    in group ½, the player of group ½ who goes down)."""
    top, half, bottom = {1, 3, 7}, {5, 6}, {2, 4, 8}
    ps = pairs(p)
    # drawing starts with the most points: one pair inside {1, 3, 7} …
    inside_top = [x for x in ps if x <= top]
    assert len(inside_top) == 1
    # … the player left over meets the nearest score, a player of group ½ …
    (left,) = top - inside_top[0]
    (cross,) = [x for x in ps if left in x]
    (partner,) = cross - {left}
    assert partner in half
    # … the other player of group ½ meets a player of group 0, and the last two of group 0 meet.
    (down,) = half - {partner}
    (cross2,) = [x for x in ps if down in x]
    assert (cross2 - {down}) <= bottom
    assert sum(1 for x in ps if x <= bottom) == 1
    return left, partner, down


def test_draw_within_score_groups_from_the_top():
    e = _engine()
    t = build(8, R1, white1=None)
    seen_left: set[int] = set()
    seen_partner: set[int] = set()
    for seed in range(40):
        p = e.pair(t, seed=seed)
        left, partner, _ = _shape(p)
        seen_left.add(left)
        seen_partner.add(partner)
        assert e.pair(t, seed=seed) == p  # same seed, same draw
    # it is a lot: every player of group 1 is left over for some seed, both of group ½ are drawn
    assert seen_left == {1, 3, 7}
    assert seen_partner == {5, 6}


def test_without_seed_the_draw_comes_from_the_file():
    e = _engine()
    t = build(8, R1, white1=None)
    assert e.pair(t) == e.pair(t)


def test_plus_by_lot_in_the_lowest_group():
    # 7 players (drawn numbers = start numbers); round 1: 7 gets the plus; 1-2, 3-4, 5-6 are
    # won by the odd numbers.  Round 2: the lowest group is {2, 4, 6}; the plus goes to the
    # player left over there by the lot (none of them has had a win without play).
    e = _engine()
    t = build(7, [["1-2 1-0", "3-4 1-0", "5-6 1-0", "7 U"]], white1=None)
    got = set()
    for seed in range(30):
        p = e.pair(t, seed=seed)
        ((plus, code),) = byes(p)
        assert code == "U" and plus in {2, 4, 6}
        got.add(plus)
    assert got == {2, 4, 6}
