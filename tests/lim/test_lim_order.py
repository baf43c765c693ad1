"""The shared Lim processing order (``plugins/lim_family/order.py``): Lim 2.2, 2.6; Olympiad 6.4."""

from __future__ import annotations

from dataclasses import dataclass

from swisspairing.plugins.lim_family.order import (
    lim_order,
    lim_search,
    median_by_position,
    median_by_rounds,
)


@dataclass(frozen=True)
class Out:
    pairs: tuple
    transferred: tuple
    name: str


def test_lim_2_2_order_of_groups():
    """Lim 2.2: groups above the median from the highest down, then the groups below it from
    the lowest up; the median group last (it may hold no residents)."""
    groups = [(3.0, [1]), (2.5, [2, 3]), (2.0, [4, 5]), (1.5, [6]), (1.0, [7, 8]), (0.0, [9])]
    above, below, middle = lim_order(groups, 2.0)
    assert [k for k, _ in above] == [3.0, 2.5]
    assert [k for k, _ in below] == [0.0, 1.0, 1.5]
    assert middle == [4, 5]
    assert lim_order(groups, 1.75)[2] == []


def test_median_definitions():
    """Lim 2.2: half the rounds played (4 rounds: 2 points); Olympiad 6.4 / ECU N.5.5: the
    group of the team in position n/2+1 (88 teams: the 45th)."""
    assert median_by_rounds(4, 1.0) == 2.0 and median_by_rounds(3, 2.0) == 3.0
    ranked = list(range(1, 89))
    score = {t: 10.0 if t <= 44 else 9.0 for t in ranked}
    assert median_by_position(ranked, score.__getitem__) == 9.0


def _search(from_above_count: int, crack_by_floaters: bool):
    """One group above (players 1-3), one below (7-9), median group {5, 6} that can only be
    completed when floaters 'a2' or 'b2' arrive: the order of cracking decides which."""
    above = [(2.0, [1, 2, 3, 4])]
    below = [(0.0, [7, 8, 9])]

    def pair_group(i, key, residents, incoming, direction):
        if key == 2.0:
            if from_above_count == 1:
                yield Out(((1, 2),), (3,), "a1")  # (4 sits out of this toy example)
            else:
                yield Out(((1, 4),), (2, 3), "a1")
            yield Out(((1, 3),), (2,), "a2")
        else:
            yield Out(((8, 9),), (7,), "b1")
            yield Out(((7, 9),), (8,), "b2")

    def pair_median(from_above, from_below):
        if from_above == (2,) or from_below == (8,):
            yield Out((), (), f"median {from_above} {from_below}")

    result = lim_search(
        above,
        below,
        pair_group,
        pair_median,
        lambda left: True,
        frozenset(range(1, 10)),
        crack_by_floaters=crack_by_floaters,
    )
    return [o.name for o in result]


def test_lim_2_6_higher_side_cracked_when_floaters_came_equally():
    """Lim 2.6 [reading]: one floater came from above and one from below: the higher side is
    cracked first (the group above takes its next pairing, the group below keeps its own)."""
    assert _search(1, True)[:2] == ["a2", "b1"]
    # the plain search cracks the pairings made last (the group below)
    assert _search(1, False)[:2] == ["a1", "b2"]


def test_lim_2_6_lower_side_cracked_when_more_floaters_came_from_above():
    """Lim 2.6 [reading]: two floaters from above, one from below: the lower side is cracked."""
    assert _search(2, True)[:2] == ["a1", "b2"]
