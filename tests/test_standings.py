"""Standings (core/standings.py): ranking by points and the ruleset's tiebreaks.

Events in ``tests/data/standings/`` (each described where it is used):

- ``de.trf`` — six players, four rounds; 1, 2 and 3 share first place with 2.5 and all met:
  R1 1-2 1-0, 3-4 1-0, 5-6 =; R2 1-3 =, 2-5 1-0, 4-6 1-0; R3 2-3 1-0, 1-6 =, 4-5 =;
  R4 3-5 1-0, 1-4 =, 2-6 =.  Ratings 1500, 1600, 1700, 2200, 2100, 2000.
- ``t1.trf`` — six players, three rounds with a bye, forfeits, an absence, a half-point bye
  and a withdrawal (see tests/test_tiebreaks.py, event T1).  Scores 2.5, 1.5, 2, 1, 1.5, 0.
- ``open.trf`` — the Spring Open (nine players, three rounds, U/H/F/Z, +/-, SPW).
- ``team.trf`` — four teams of four boards, a team round robin:
  R1 Nord-Ost 3-1, Sued-West 2-2; R2 Nord-Sued 2.5-1.5, Ost-West 1.5-2.5;
  R3 Nord-West 1.5-2.5, Ost-Sued 2-2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swisspairing.errors import InvalidInputError, InvalidRulesetError
from swisspairing.ruleset import load_ruleset
from swisspairing.standings import compute_standings, team_results
from swisspairing.tiebreaks import TeamRound, TiebreakPolicy
from swisspairing.trf import load_trf

DATA = Path(__file__).parent / "data" / "standings"


def load(name: str):
    return load_trf(DATA / name)


def order(standings):
    return [r.number for r in standings.rows]


def places(standings):
    return {r.number: r.place for r in standings.rows}


# ---------------------------------------------------------------------- Dutch-1992 F10
def test_f10_direct_encounter_decides_first_place():
    # F10 (1) points: 1, 2, 3 have 2.5; 4 has 2; 6 has 1.5; 5 has 1.
    # (2) for first place only: the games among 1, 2, 3 (all met): 1: 1 (beat 2) + ½ (drew 3)
    #     = 1.5; 2: 1 (beat 3) = 1; 3: ½ -> 1, 2, 3.
    # (3) ARO is not needed.  No tie remains, so the lot (4) decides nothing.
    s = compute_standings(load("de.trf"), load_ruleset(str(DATA / "f10.yaml")))
    assert order(s) == [1, 2, 3, 4, 6, 5]
    assert [r.place for r in s.rows] == ["1", "2", "3", "4", "5", "6"]
    assert s.value(1, "direct-encounter-first") == 1.5
    assert s.value(3, "direct-encounter-first") == 0.5
    assert s.value(4, "direct-encounter-first") is None  # not part of a tie for first place


def test_f10_average_rating_when_direct_encounter_is_left_out():
    # ARO (TB 7): 1: (1600 + 1700 + 2000 + 2200) / 4 = 1875; 2: (1500 + 2100 + 1700 + 2000) / 4
    # = 1825; 3: (2200 + 1500 + 1600 + 2100) / 4 = 1850 -> 1, 3, 2.
    s = compute_standings(
        load("de.trf"), load_ruleset(str(DATA / "f10.yaml")), tiebreaks=["points", "aro"]
    )
    assert order(s)[:3] == [1, 3, 2]
    assert [s.value(n, "aro") for n in (1, 2, 3)] == [1875, 1825, 1850]


def test_direct_encounter_first_does_not_apply_below_first_place():
    # t1: 2 and 5 share 1.5 (places 3-4) and drew each other; with points only they share
    # the place, and "direct encounter for first place" leaves them tied.
    t = load("t1.trf")
    rs = load_ruleset(str(DATA / "f10.yaml"))
    s = compute_standings(t, rs, tiebreaks=["points", "direct-encounter-first"])
    assert places(s) == {1: "1", 3: "2", 2: "3-4", 5: "3-4", 4: "5", 6: "6"}
    assert order(s) == [1, 3, 2, 5, 4, 6]  # a shared place lists by start number


def test_lot_breaks_every_remaining_tie_reproducibly():
    t = load("t1.trf")
    rs = load_ruleset(str(DATA / "f10.yaml"))
    a = compute_standings(t, rs, tiebreaks=["points", "lot"], seed=1)
    b = compute_standings(t, rs, tiebreaks=["points", "lot"], seed=1)
    assert order(a) == order(b)
    assert len({r.place for r in a.rows}) == 6
    assert set(order(a)[2:4]) == {2, 5}
    # the ruleset's seed (1992) is used when none is given; some seed puts 5 before 2
    seeds = {
        tuple(order(compute_standings(t, rs, tiebreaks=["points", "lot"], seed=k))[2:4])
        for k in range(10)
    }
    assert seeds == {(2, 5), (5, 2)}
    assert compute_standings(t, rs).policy.seed == 1992


def test_shared_places_without_tiebreaks():
    s = compute_standings(load("t1.trf"), None)
    assert [r.place for r in s.rows] == ["1", "2", "3-4", "3-4", "5", "6"]
    assert [c.id for c in s.columns] == ["points"]
    assert s.row(6).withdrawn and not s.row(1).withdrawn


# ---------------------------------------------------------------------- the open
def test_open_with_virtual_opponents_by_hand():
    # Spring Open, ruleset open.yaml: points, DE (first), BH-C1, BH, SB, ARO, lot; unplayed
    # games by seed 004 2.9 (virtual opponent).
    # Scores: 1 2.5; 2, 4, 9 2; 3, 7 1.5; 5, 6, 8 1.
    # Opponents' scores with unplayed results as draws: 3 (H) 1.5, 4 (+) 1.5, 5 (F) 0.5,
    # 6 (U) 0.5, 8 (-) 1.5, 9 (U, Z) 2; the rest unchanged.
    # Virtual opponents (n = 3): 3 R2 H: ½ + ½ + ½ = 1.5; 4 R1 +: 0 + 0 + 1 = 1; 5 R3 F: 0;
    # 6 R3 U: 0; 8 R1 -: 0 + 1 + 1 = 2; 9 R1 U: 0 + 0 + 1 = 1, R3 Z: 2 + 1 + 0 = 3.
    # BH-C1: 2: {0.5, 2.5, 1.5} -> 4; 4: {1, 2, 1.5} -> 3.5; 9: {1, 1.5, 3} -> 4.5
    #        3: {1.5, 1.5, 2} -> 3.5; 7: {1.5, 0.5, 2.5} -> 4
    #        5: {2.5, 1.5, 0} -> 4; 6: {2, 1.5, 0} -> 3.5; 8: {2, 0.5, 1.5} -> 3.5, BH 6: 3.5, 8: 4
    s = compute_standings(load("open.trf"), load_ruleset(str(DATA / "open.yaml")))
    assert order(s) == [1, 9, 2, 4, 7, 3, 5, 8, 6]
    assert [s.value(n, "buchholz-cut1") for n in (9, 2, 4)] == [4.5, 4.0, 3.5]
    assert [s.value(n, "buchholz") for n in (8, 6)] == [4.0, 3.5]
    assert s.policy == TiebreakPolicy("virtual-opponent", seed=2026)


def test_after_round():
    t = load("open.trf")
    rs = load_ruleset(str(DATA / "open.yaml"))
    s = compute_standings(t, rs, after_round=1)
    # after round 1: 1, 2, 4 (+), 9 (U) have 1; 3, 7 have ½; 5, 6, 8 have 0.
    assert s.after_round == 1
    assert sorted(r.number for r in s.rows if r.values[0] == 1) == [1, 2, 4, 9]
    assert not s.row(9).withdrawn  # withdrew from round 3 only
    with pytest.raises(InvalidInputError, match="round 4 has not been played yet"):
        compute_standings(t, rs, after_round=4)


def test_unknown_tiebreak_is_a_ruleset_error():
    with pytest.raises(InvalidRulesetError, match="unknown tiebreak 'median'"):
        compute_standings(
            load("t1.trf"), load_ruleset(str(DATA / "f10.yaml")), tiebreaks=["median"]
        )


# ---------------------------------------------------------------------- teams
def test_team_results_from_the_boards():
    # Game points are the board points; match points 2/1/0 by comparing them.
    t = load("team.trf")
    res = team_results(t, load_ruleset("round-robin").points, 3)
    assert res == {
        1: [TeamRound(2, 2, 3), TeamRound(3, 2, 2.5), TeamRound(4, 0, 1.5)],
        2: [TeamRound(1, 0, 1), TeamRound(4, 0, 1.5), TeamRound(3, 1, 2)],
        3: [TeamRound(4, 1, 2), TeamRound(1, 0, 1.5), TeamRound(2, 1, 2)],
        4: [TeamRound(3, 1, 2), TeamRound(2, 2, 2.5), TeamRound(1, 2, 2.5)],
    }


def test_team_standings_by_game_points_then_match_points():
    # PL-team 0 (AMB-P11): the table by game points, then match points.
    # GP: Nord 7, West 7, Sued 5.5, Ost 4.5; Nord and West tie -> MP: West 5, Nord 4.
    s = compute_standings(load("team.trf"), load_ruleset(str(DATA / "team.yaml")))
    assert s.team
    assert order(s) == [4, 1, 3, 2]
    assert [c.id for c in s.columns] == [
        "game-points",
        "match-points",
        "team-sonneborn-berger",
        "team-buchholz",
    ]
    # team SB: Nord 1 x 3 + 2 x 2.5 + 5 x 1.5 = 15.5; West 2 x 2 + 1 x 2.5 + 4 x 2.5 = 16.5
    assert (
        s.value(1, "team-sonneborn-berger") == 15.5 and s.value(4, "team-sonneborn-berger") == 16.5
    )


def test_team_standings_default_to_match_points_and_always_show_game_points():
    # Olympiad order: MP, then the Olympiad SB (without the weakest opponent).
    s = compute_standings(
        load("team.trf"),
        load_ruleset(str(DATA / "team.yaml")),
        tiebreaks=["team-sonneborn-berger-cut1"],
    )
    assert [c.id for c in s.columns] == [
        "match-points",
        "game-points",
        "team-sonneborn-berger-cut1",
    ]
    assert s.ranking == ("match-points", "team-sonneborn-berger-cut1")
    assert order(s) == [4, 1, 3, 2]
    # after round 2: Nord 2 + 2 = 4 MP, West 1 + 2 = 3, Sued 1 + 0 = 1, Ost 0 + 0 = 0
    s2 = compute_standings(
        load("team.trf"), load_ruleset(str(DATA / "team.yaml")), after_round=2, tiebreaks=[]
    )
    assert [(r.number, r.values[0]) for r in s2.rows] == [(1, 4), (4, 3), (3, 1), (2, 0)]


def test_team_events_reject_individual_tiebreaks():
    with pytest.raises(InvalidRulesetError, match="does not apply to team events"):
        compute_standings(
            load("team.trf"), load_ruleset(str(DATA / "team.yaml")), tiebreaks=["buchholz"]
        )
    with pytest.raises(InvalidRulesetError, match="applies to team events only"):
        compute_standings(load("t1.trf"), None, tiebreaks=["match-points"])


def test_individual_standings_of_a_team_event_on_request():
    s = compute_standings(load("team.trf"), None, team=False, tiebreaks=["sonneborn-berger"])
    assert not s.team and len(s.rows) == 16


def test_tiebreak_policy_in_the_ruleset(tmp_path):
    # the ruleset key tiebreak_policy is validated by the core schema
    good = tmp_path / "good.yaml"
    good.write_text(
        f"schema_version: 1\nid: good\nextends: {DATA / 'f10.yaml'}\ntiebreak_policy: "
        f"{{unplayed: fide2023, direct_encounter: fide2023}}\n",
        encoding="utf-8",
    )
    rs = load_ruleset(str(good))
    assert TiebreakPolicy.from_ruleset(rs) == TiebreakPolicy(
        "fide2023", "fide2023", seed=1992
    )  # mappings merge
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        f"schema_version: 1\nid: bad\nextends: {DATA / 'f10.yaml'}\ntiebreak_policy: "
        f"{{unplayed: sometimes}}\n",
        encoding="utf-8",
    )
    with pytest.raises(InvalidRulesetError, match=r"\$\.tiebreak_policy\.unplayed"):
        load_ruleset(str(bad))


def test_builtin_rulesets_name_known_tiebreaks():
    # every tiebreak id of a packaged ruleset exists (core or the system's plugin)
    from swisspairing.manager import ruleset_dirs
    from swisspairing.ruleset import builtin_rulesets
    from swisspairing.standings import available_tiebreaks

    for rid in builtin_rulesets(ruleset_dirs()):
        rs = load_ruleset(rid)
        known = available_tiebreaks(rs)
        assert set(rs.tiebreaks) <= set(known), rid
        TiebreakPolicy.from_ruleset(rs)
