"""Dutch-1992 A2 (ranking order), AMB-D15 (title order), AMB-D3 (topscorers), B5/B6."""

from __future__ import annotations

import pytest
from swisspairing import Float, Player, PlayerState
from swisspairing.plugins.dutch_1992.criteria import (
    TITLE_ORDER_1992,
    TITLE_ORDER_2000S,
    float_ok,
    is_topscorer,
    normalise_title,
    ranking_key,
)


def ranked(entries, title_order=TITLE_ORDER_1992):
    """Start numbers in A2 order; entries = (score, Player)."""
    return [
        p.number for s, p in sorted(entries, key=lambda e: ranking_key(e[0], e[1], title_order))
    ]


def test_a2_score_then_rating():
    # A2 a) score before b) rating.
    entries = [
        (1.0, Player(1, "A", rating=2500)),
        (2.0, Player(2, "B", rating=1800)),
        (1.0, Player(3, "C", rating=2600)),
        (1.0, Player(4, "D", rating=0)),  # unrated sorts below rated players
    ]
    assert ranked(entries) == [2, 3, 1, 4]


def test_a2_title_order_1992():
    # A2 c) "IGM-WGM-IM-WIM-FM-WFM-kein Titel" for equal score and rating.
    titles = ["", "WFM", "FM", "WIM", "IM", "WGM", "GM"]
    entries = [(0.0, Player(k + 1, "Same", title=t, rating=2300)) for k, t in enumerate(titles)]
    assert ranked(entries) == [7, 6, 5, 4, 3, 2, 1]


def test_amb_d15_later_title_order():
    # AMB-D15: GM, IM, WGM, FM, WIM, CM, WFM, WCM — an IM now ranks above a WGM.
    entries = [
        (0.0, Player(1, "X", title="WGM", rating=2300)),
        (0.0, Player(2, "X", title="IM", rating=2300)),
        (0.0, Player(3, "X", title="CM", rating=2300)),
        (0.0, Player(4, "X", title="WIM", rating=2300)),
    ]
    assert ranked(entries, TITLE_ORDER_1992) == [1, 2, 4, 3]  # CM unknown in 1992: as no title
    assert ranked(entries, TITLE_ORDER_2000S) == [2, 1, 4, 3]


@pytest.mark.parametrize(
    "raw, title",
    [
        ("g", "GM"),
        ("wg", "WGM"),
        ("m", "IM"),
        ("wm", "WIM"),
        ("f", "FM"),
        ("wf", "WFM"),
        ("IGM", "GM"),
        (" gm ", "GM"),
        ("", ""),
        ("c", "CM"),
        ("wc", "WCM"),
    ],
)
def test_trf_title_abbreviations(raw, title):
    assert normalise_title(raw) == title


def test_a2_name_then_start_number():
    # A2 d) alphabetically (case-insensitive); the start number makes the order total.
    entries = [
        (0.0, Player(1, "miller, Ann", rating=2000)),
        (0.0, Player(2, "Adams, Bob", rating=2000)),
        (0.0, Player(3, "Miller, Ann", rating=2000)),
        (0.0, Player(4, "Zeller, Eve", rating=2000, title="g")),
    ]
    assert ranked(entries) == [4, 2, 1, 3]


def test_amb_d3_topscorer():
    # Over 50 % of the maximum after all rounds: 9 rounds × 1 point → more than 4.5.
    assert not is_topscorer(4.5, 9, 1.0)
    assert is_topscorer(5.0, 9, 1.0)
    assert is_topscorer(14.0, 9, 3.0)  # 3 points per win: more than 13.5
    assert not is_topscorer(13.5, 9, 3.0)
    assert not is_topscorer(100.0, None, 1.0)  # number of rounds unknown


def _state(floats):
    return PlayerState(
        number=1,
        score=0.0,
        rating=0,
        colours=(None,) * len(floats),
        floats=tuple(floats),
        opponents=frozenset(),
        meetings={},
        byes=(),
        unplayed_point_rounds=(),
        half_byes=(),
        games_played=0,
    )


def test_b5_b6_floats():
    # Two rounds ago: downfloat; last round: upfloat.
    s = _state([None, Float.DOWN, Float.UP])
    # B5: not up again right after an upfloat.
    assert not float_ok(s, Float.UP, b5=True, b6=True)
    assert float_ok(s, Float.UP, b5=False, b6=True)  # dropped by C10; B6 sees a downfloat
    # B6: not down again two rounds after a downfloat.
    assert not float_ok(s, Float.DOWN, b5=True, b6=True)
    assert float_ok(s, Float.DOWN, b5=True, b6=False)  # dropped by C9
    # No history: always fine.
    assert float_ok(_state([]), Float.DOWN, b5=True, b6=True)
    assert float_ok(_state([Float.UP]), Float.DOWN, b5=True, b6=True)
