"""Golden cases of the Lim group procedure, derived by hand from the rule text.

The group procedure (``plugins/lim_family/group.py``) is shared by ``fide-lim`` and the Olympiad
2010/2022 editions; here it runs on synthetic groups so that every step can be followed:
players 1..n ranked in that order, compatibility given explicitly (Lim 2.1), due colours and
ratings as stated in each case.
"""

from __future__ import annotations

from swisspairing import BLACK, WHITE
from swisspairing.plugins.lim_family.group import NONE_CLASS, Compatibility, GroupRules, LimGroups
from swisspairing.plugins.lim_family.order import DOWN, MEDIAN, UP


def make(
    n,
    *,
    met=(),
    cls=None,
    due=None,
    rating=None,
    floated=None,
    score=None,
    maxi=None,
    colour_choice=True,
):
    players = list(range(1, n + 1))
    bad = {p: set() for p in players}
    for a, b in met:
        bad[a].add(b)
        bad[b].add(a)
    compat = Compatibility(
        {p: frozenset(s) for p, s in bad.items()}, {p: (cls or {}).get(p) for p in players}
    )
    return LimGroups(
        compat,
        {p: p - 1 for p in players},
        {p: (score or {}).get(p, 0.0) for p in players},
        {p: (rating or {}).get(p, 2000) for p in players},
        {p: (due or {}).get(p) for p in players},
        {p: (floated or {}).get(p) for p in players},
        GroupRules(colour_choice=colour_choice, maxi_cap=maxi),
        explain=True,
    )


def first(lg, residents, incoming=(), direction=DOWN, key=0.0, adjacent=()):
    return next(
        iter(lg.outcomes(0, key, list(residents), tuple(incoming), direction, list(adjacent)))
    )


def test_lim_2_4_proposed_pairings_top_half_v_bottom_half():
    """Lim 2.4: six players, all compatible, nobody due a colour: 1-4, 2-5, 3-6."""
    out = first(make(6), range(1, 7), direction=MEDIAN)
    assert out.pairs == ((1, 4), (2, 5), (3, 6)) and out.transferred == ()


def test_lim_2_5_and_4_1_rematch_exchanges_the_lower_player():
    """Lim 2.5, 4.1.1 (downward, scrutiny from #1): 1 and 4 have met, so 4 (the lower member)
    is exchanged: #1 tries 4, then 5 (4.2 order 4, 5, 6, 3, 2) and takes 5; the unpaired
    list is then 2, 3, 4, 6 and 2 meets its middle player 4; 3-6 remain."""
    out = first(make(6, met=[(1, 4)]), range(1, 7), direction=MEDIAN)
    assert out.pairs == ((1, 5), (2, 4), (3, 6))
    assert any(e.rule == "Lim 2.5" for e in out.events)


def test_lim_4_2_exchange_order_bottom_half_then_top_half_from_below():
    """Lim 4.2: #1 has met 4, 5 and 6: the next in the exchange order is 3 (the top half from
    its bottom up), not 2."""
    out = first(make(6, met=[(1, 4), (1, 5), (1, 6)]), range(1, 7), direction=MEDIAN)
    assert out.pairs[0] == (1, 3)


def test_lim_4_1_2_upward_scrutiny_from_the_bottom():
    """Lim 4.1.2 (group below the median, paired upward): scrutiny starts with the
    lowest-ranked player 6, whose proposed opponent is 3; 6 has met 3, so the higher player is
    exchanged: 6 takes 2; then 5 (unpaired 5, 4, 3, 1) meets 3 and 4 meets 1."""
    out = first(make(6, met=[(6, 3)]), range(1, 7), direction=UP)
    assert set(out.pairs) == {(2, 6), (3, 5), (1, 4)}


def test_lim_5_2_exchange_for_due_colours():
    """Lim 2.5 (second sentence), 5.2: 1 and 4 are both due White, 5 is due Black: 1 meets 5
    instead of 4 so that both get their due colour; then 2 (due Black) meets 4 (due White)."""
    due = {1: WHITE, 2: BLACK, 3: None, 4: WHITE, 5: BLACK, 6: None}
    out = first(make(6, due=due), range(1, 7), direction=MEDIAN)
    assert out.pairs[0] == (1, 5)
    assert (2, 4) in out.pairs
    assert any(e.rule == "Lim 5.2" for e in out.events)


def test_lim_5_7_maxi_tournament_caps_the_colour_exchange():
    """Lim 5.7 / 3.2.3 (Maxi-tournament, cap 100): the colour exchange 4 -> 5 is allowed only
    if 5 is within 100 rating points of 4; at 150 points apart 1 keeps 4."""
    due = {1: WHITE, 4: WHITE, 5: BLACK}
    rating = {1: 2400, 2: 2350, 3: 2320, 4: 2300, 5: 2150, 6: 2100}
    capped = first(make(6, due=due, rating=rating, maxi=100), range(1, 7), direction=MEDIAN)
    assert capped.pairs[0] == (1, 4)
    rating[5] = 2250
    within = first(make(6, due=due, rating=rating, maxi=100), range(1, 7), direction=MEDIAN)
    assert within.pairs[0] == (1, 5)


def test_lim_2_3d_odd_group_lowest_ranked_floats_down():
    """Lim 2.3 d, 3.2.4: an odd group above the median, no due colours: the lowest-ranked
    player 5 floats down; 1-3, 2-4 (1 v n/2+1 of the four left)."""
    out = first(make(5), range(1, 6), direction=DOWN)
    assert out.transferred == (5,) and out.pairs == ((1, 3), (2, 4))


def test_lim_2_3d_odd_group_below_median_highest_ranked_floats_up():
    """Lim 2.3 d, 3.2.4 / 3.3: below the median the highest-ranked player floats up."""
    out = first(make(5), range(1, 6), direction=UP)
    assert out.transferred == (1,)


def test_lim_3_10_avoid_floating_twice():
    """Lim 3.10: 5 floated down in the previous round, so 4 floats instead."""
    out = first(make(5, floated={5: DOWN}), range(1, 6), direction=DOWN)
    assert out.transferred == (4,)


def test_lim_3_2_2_floater_from_the_larger_due_colour_subgroup():
    """Lim 3.2.2: due White 1, 2, 3; due Black 4, 5: the floater comes from the larger (White)
    subgroup, its lowest-ranked member 3, leaving two of each colour."""
    due = {1: WHITE, 2: WHITE, 3: WHITE, 4: BLACK, 5: BLACK}
    out = first(make(5, due=due), range(1, 6), direction=DOWN)
    assert out.transferred == (3,)
    # Lim 3.2.3 Maxi band: 3 is 300 points above 5 (the player who would float otherwise)
    rating = {1: 2500, 2: 2450, 3: 2400, 4: 2150, 5: 2100}
    maxi = first(make(5, due=due, rating=rating, maxi=100), range(1, 6), direction=DOWN)
    assert maxi.transferred == (5,)


def test_lim_3_9_floater_with_an_opponent_in_the_next_group_first():
    """Lim 3.9: type d (not yet a floater, has a compatible opponent in the adjacent group)
    before type c (none there): 5 has met both players 6 and 7 of the next group, so 4
    floats."""
    lg = make(7, met=[(5, 6), (5, 7)])
    out = first(lg, range(1, 6), direction=DOWN, adjacent=[6, 7])
    assert out.transferred == (4,)


def test_lim_2_3a_player_who_met_everybody_is_transferred():
    """Lim 2.3 a: 2 has met 1, 3, 4 and 5: he floats (the group becomes even); 1-4, 3-5."""
    out = first(make(5, met=[(2, 1), (2, 3), (2, 4), (2, 5)]), range(1, 6), direction=DOWN)
    assert out.transferred == (2,) and out.pairs == ((1, 4), (3, 5))
    assert any(e.rule == "Lim 2.3a" for e in out.events)


def test_lim_2_3b_player_without_a_permissible_colour_is_transferred():
    """Lim 2.1, 2.3 b/c: 1, 2 and 3 may only get White (two more Blacks, or Black in the two
    previous rounds), so none of them may meet another (both would need White); 4, 5, 6 may
    get either colour.  The proposed 1-4 2-5 3-6 is compatible: nobody floats.  A seventh
    player who may get neither colour has no compatible opponent and floats."""
    cls = {1: WHITE, 2: WHITE, 3: WHITE}
    out = first(make(6, cls=cls), range(1, 7), direction=DOWN)
    assert out.transferred == () and out.pairs == ((1, 4), (2, 5), (3, 6))
    out7 = first(make(7, cls={**cls, 7: NONE_CLASS}), range(1, 8), direction=DOWN)
    assert out7.transferred == (7,)


def test_lim_3_8_downfloater_meets_highest_ranked_due_other_colour():
    """Lim 3.6-3.8: downfloater 1 (score 2, in the median group of 1.5) is paired first, with
    the highest-ranked player due the other colour: 1 and 2 are due Black, 3 is due White, so
    1-3.  The residents left, 2, 4, 5, 6, are paired top half v bottom half: 2-5, 4-6."""
    score = {1: 2.0, 2: 1.5, 3: 1.5, 4: 1.5, 5: 1.5, 6: 1.5}
    due = {1: BLACK, 2: BLACK, 3: WHITE}
    out = first(make(6, score=score, due=due), range(2, 7), incoming=[1], direction=MEDIAN, key=1.5)
    assert out.pairs[0] == (1, 3)
    assert set(out.pairs[1:]) == {(2, 5), (4, 6)}


def test_lim_3_8_upfloater_meets_lowest_ranked():
    """Lim 3.8: an upfloater (6, score 0.5 in the group of 1) meets the lowest-ranked
    available player (5)."""
    score = {1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0, 5: 1.0, 6: 0.5}
    out = first(make(6, score=score), range(1, 6), incoming=[6], direction=MEDIAN, key=1.0)
    assert out.pairs[0] == (5, 6)
    assert set(out.pairs[1:]) == {(1, 3), (2, 4)}


def test_median_group_transfers_nobody():
    """Lim 2.2: the median group is paired last and nobody floats out of it: an odd or
    unpairable median group has no outcome (the search goes back, Lim 2.6)."""
    assert list(make(5).outcomes(0, 0.0, [1, 2, 3, 4, 5], (), MEDIAN)) == []
    assert (
        list(make(4, met=[(1, 2), (1, 3), (1, 4)]).outcomes(0, 0.0, [1, 2, 3, 4], (), MEDIAN)) == []
    )


def test_alternatives_offer_other_floaters_for_backtracking():
    """Lim 2.6: when a later group fails, the group offers its next floater: 5, then 4, ..."""
    outs = list(make(5).outcomes(0, 0.0, [1, 2, 3, 4, 5], (), DOWN))
    assert [o.transferred for o in outs[:5]] == [(5,), (4,), (3,), (2,), (1,)]


def test_lim_2_1_compatibility_counts_each_conflict_once():
    """Lim 2.1: a player may not meet players he met, nor one who can get no colour, nor one
    restricted to the same single colour; a conflict listed twice (met *and* colour) is one
    conflict, so a player with one compatible opponent left is not transferred."""
    cls = {1: WHITE, 2: WHITE, 3: NONE_CLASS}
    lg = make(4, met=[(1, 2), (1, 3)], cls=cls)
    counts = lg.compat.class_counts({1, 2, 3, 4})
    assert lg.compat.incompatible_count(1, {1, 2, 3, 4}, counts) == 2  # 2 and 3, not 4
    assert lg.compat.ok(1, 4) and not lg.compat.ok(1, 2) and not lg.compat.ok(3, 4)


def test_olympiad_2022_7_4_colour_limits_disregarded_within_a_group():
    """Olympiad-2022 7.4 [reading]: four teams of one group may each get only White (7.3):
    under the limits none of them can meet another and all four would float; the limits are
    disregarded within the group, which is paired 1-3, 2-4 (9.1).  With incoming floaters,
    or when the limits leave a pairing without floaters, nothing is relaxed."""
    cls = {1: WHITE, 2: WHITE, 3: WHITE, 4: WHITE}
    lg = make(4, cls=cls, colour_choice=False)
    assert first(lg, range(1, 5)).transferred == (1, 2, 3, 4)
    lg.relaxed = Compatibility(lg.compat.bad, {p: None for p in range(1, 5)})
    out = first(lg, range(1, 5))
    assert out.pairs == ((1, 3), (2, 4)) and out.transferred == ()
    assert out.events[0].rule == "Olympiad-2022 7.4"
    free = make(4, colour_choice=False)
    free.relaxed = Compatibility(free.compat.bad, {p: None for p in range(1, 5)})
    assert all(e.rule != "Olympiad-2022 7.4" for e in first(free, range(1, 5)).events)
