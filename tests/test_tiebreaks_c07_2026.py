"""The tie-breaks the 2026 text of FIDE C.07 adds — 7.7 STD (standard points), 7.8 TPN
(tournament pairing number, lower first), 10.6 RTNG (rating) — and the ``/P`` modifier of the
FIDE tie-break codes for individuals (``tiebreak_policy.forfeits_as_played``: a forfeit counts
as a game played against the scheduled opponent, C.07 16.6).  Golden cases worked out by hand;
the text prints no examples.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from swisspairing.errors import InvalidRulesetError
from swisspairing.model import PointSystem
from swisspairing.standings import compute_standings
from swisspairing.testing import build_tournament
from swisspairing.tiebreaks import (
    CORE_TIEBREAKS,
    TiebreakPolicy,
    buchholz,
    compute,
    forfeits_as_games,
    games_won,
    pairing_number,
    rating,
    standard_points,
)

# Three points for a win, one for a draw (and for a half-point bye), as in football.
THREE = PointSystem(3, 1, 0, 3, 0, 3, 3, 1, 0)


def event():
    """Five players, three rounds, 3/1/0.

    R1: 1-2 1-0, 3-4 ½-½, 5 U (pairing-allocated bye)
    R2: 1-3 ½-½, 2-5 +- (forfeit), 4 H (half-point bye)
    R3: 4-1 0-1, 5-3 0-1, 2 Z (absent)
    Points: 1: 3+1+3 = 7; 2: 0+3+0 = 3; 3: 1+1+3 = 5; 4: 1+1+0 = 2; 5: 3+0+0 = 3.
    Ratings 2000, 1800, 1700, 1600, 1900.
    """
    t = build_tournament(
        [2000, 1800, 1700, 1600, 1900],
        [
            ["1-2 1-0", "3-4 ½-½", "5 U"],
            ["1-3 ½-½", "2-5 +-", "4 H"],
            ["4-1 0-1", "5-3 0-1", "2 Z"],
        ],
    )
    return replace(t, point_system=THREE)


def test_standard_points():
    # C.07 7.7: 1 per round scored more than the scheduled opponent or more than a draw's
    # points without playing; ½ per round scored as much, or exactly a draw's points without
    # playing.
    #   1: win, draw, win -> 1 + ½ + 1 = 2.5
    #   2: loss 0; forfeit win, 3 > 1 without playing -> 1; absent 0 -> 1
    #   3: draw ½, draw ½, win 1 -> 2
    #   4: draw ½; half-point bye, 1 = a draw's points -> ½; loss 0 -> 1
    #   5: pairing-allocated bye 3 > 1 -> 1; forfeit loss 0; loss 0 -> 1
    assert standard_points(event(), THREE, 3) == {1: 2.5, 2: 1, 3: 2, 4: 1, 5: 1}


def test_standard_points_of_a_double_forfeit_is_nothing():
    # Neither played: each got 0 points without playing, less than a draw's -> 0.
    t = build_tournament([2000, 1900], [["1-2 --"]])
    assert standard_points(t, PointSystem(), 1) == {1: 0, 2: 0}


def test_pairing_number_lower_first_and_rating_higher_first():
    # 2 and 5 are tied on 3 points.  C.07 7.8 TPN: 2 before 5 (lower number first).
    # C.07 10.6 RTNG: 5 (1900) before 2 (1800).
    t = event()
    assert pairing_number(t, THREE, 3)[5] == 5 and CORE_TIEBREAKS["pairing-number"].lower_first
    assert rating(t, THREE, 3) == {1: 2000, 2: 1800, 3: 1700, 4: 1600, 5: 1900}
    by_tpn = compute_standings(t, tiebreaks=["points", "pairing-number"])
    assert [r.number for r in by_tpn.rows] == [1, 3, 2, 5, 4]
    by_rating = compute_standings(t, tiebreaks=["points", "rating"])
    assert [r.number for r in by_rating.rows] == [1, 3, 5, 2, 4]
    # The reverse orders 7.8 and 10.6 allow: 5 before 2 by number, 2 (1800) before 5 by rating.
    by_tpn_reversed = compute_standings(t, tiebreaks=["points", "pairing-number-reverse"])
    assert [r.number for r in by_tpn_reversed.rows] == [1, 3, 5, 2, 4]
    by_rating_reversed = compute_standings(t, tiebreaks=["points", "rating-reverse"])
    assert [r.number for r in by_rating_reversed.rows] == [1, 3, 2, 5, 4]


def test_forfeits_as_played():
    # /P: 2's forfeit win against 5 becomes a game won against 5.
    # Buchholz of 2 over games played: 1 (7) = 7; with /P: 7 + 5 (3) = 10.
    # Games won by 2: none over the board; with /P one.
    t = event()
    assert buchholz(t, THREE, 3, unplayed="played-only")[2] == 7
    p = TiebreakPolicy(forfeits_as_played=True)
    assert compute(CORE_TIEBREAKS["buchholz"], t, THREE, policy=p)[2] == 10
    assert games_won(forfeits_as_games(t), THREE, 3)[2] == 1
    s = compute_standings(t, tiebreaks=["points", "buchholz"], policy=p)
    assert s.value(2, "buchholz") == 10
    assert s.value(2, "points") == 3  # the score itself does not change


def test_forfeits_as_played_needs_forfeits_scored_as_games():
    # A point system in which a forfeit win gives less than a win cannot count the forfeit
    # as a game without changing the score: refused, naming the setting.
    odd = PointSystem(forfeit_win=0.5)
    t = replace(event(), point_system=odd)
    with pytest.raises(InvalidRulesetError, match="forfeits_as_played"):
        compute_standings(
            t, tiebreaks=["points", "buchholz"], policy=TiebreakPolicy(forfeits_as_played=True)
        )


def test_ruleset_sets_p_and_k(tmp_path):
    # A federation writes /P and /K in its ruleset's tiebreak_policy; the schema accepts them
    # and the policy carries them (and refuses a factor below 1).
    from swisspairing.ruleset import load_ruleset

    path = tmp_path / "league.yaml"
    path.write_text(
        "schema_version: 1\nid: my-league\nextends: fide-dutch-2025\n"
        "tiebreaks: [points, buchholz]\n"
        "tiebreak_policy: {forfeits_as_played: true, sssc_factor: 4}\n",
        encoding="utf-8",
    )
    policy = TiebreakPolicy.from_ruleset(load_ruleset(str(path)))
    assert policy.forfeits_as_played and policy.sssc_factor == 4
    path.write_text(path.read_text(encoding="utf-8").replace("4}", "0}"), encoding="utf-8")
    with pytest.raises(InvalidRulesetError, match="sssc_factor"):
        load_ruleset(str(path))
