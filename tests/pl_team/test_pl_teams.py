"""The team model of the core (``swisspairing.teams``): matches derived from board games,
game and match points, pauses, the team view and the expansion to boards."""

from __future__ import annotations

from dataclasses import replace

import pytest
from swisspairing import (
    BLACK,
    WHITE,
    InvalidInputError,
    Pairing,
    PointSystem,
    RoundRecord,
    Team,
    load_ruleset,
    load_trf,
)
from swisspairing.engine import Engine
from swisspairing.standings import compute_standings
from swisspairing.teams import (
    TeamRecord,
    TeamScoring,
    format_match_pairs,
    order_by_rating_sum,
    team_clubs,
    team_records,
    team_tournament,
)

PS = PointSystem()


def test_matches_from_board_games(data_dir):
    """tests/data/team-league.trf: SK Nord (1, 2) – SV Ost (3, 4): 1 beats 3 with White,
    2-4 drawn → 1.5 : 0.5; SC Sued (5, 6) – West (7, 8, 9): 0 : 2.  Board-1 colours from the
    first board; 2/1/0 match points by default."""
    t = load_trf(data_dir / "team-league.trf")
    rec = team_records(t, TeamScoring(boards=2), PS)
    assert rec[1] == [TeamRecord(2, WHITE, 1.5, 2.0, True)]
    assert rec[2] == [TeamRecord(1, BLACK, 0.5, 0.0, True)]
    assert rec[3] == [TeamRecord(4, WHITE, 0.0, 0.0, True)]
    assert rec[4] == [TeamRecord(3, BLACK, 2.0, 2.0, True)]
    three = team_records(t, TeamScoring(boards=2, match_win=3), PS)
    assert three[1][0].match_points == 3


def test_standings_use_the_team_model(data_dir):
    t = load_trf(data_dir / "team-league.trf")
    ruleset = load_ruleset("kpzszach-a-klasa-2005")
    st = compute_standings(t, ruleset)
    assert st.team
    assert st.value(1, "match-points") == 3 and st.value(1, "game-points") == 1.5


def _league(results):
    """Two teams of two players, 2/1/0, one round with the given board records."""
    from swisspairing import Player, Tournament

    players = tuple(Player(n, f"P{n}", rating=2000 - n) for n in range(1, 5))
    t = Tournament(players=players, teams=(Team(1, "A", (1, 2)), Team(2, "B", (3, 4))))
    return t.with_round(1, results)


def test_unplayed_match_is_lost_by_both_and_counts_as_pause():
    t = _league(
        {
            1: RoundRecord(3, WHITE, "+"),
            3: RoundRecord(1, BLACK, "-"),
            4: RoundRecord(2, WHITE, "+"),
            2: RoundRecord(4, BLACK, "-"),
        }
    )
    rec = team_records(t, TeamScoring(boards=2), PS)
    assert rec[1][0] == TeamRecord(2, None, 1.0, 0.0, False)
    assert rec[1][0].counts_as_pause and rec[2][0].counts_as_pause
    by_score = team_records(t, TeamScoring(boards=2, unplayed_match="score"), PS)
    assert by_score[1][0].match_points == 1.0  # 1 : 1 on the boards


def test_pause_scores_the_parameters():
    t = _league({1: RoundRecord(None, None, "U"), 2: RoundRecord(None, None, "U")})
    rec = team_records(t, TeamScoring(boards=6, match_win=3, bye_game_points=None), PS)
    assert rec[1][0] == TeamRecord(None, None, 3.0, 0.0, False, pause=True) and rec[2][0] is None


def test_player_of_two_teams_and_mixed_opponents_are_errors(data_dir):
    t = load_trf(data_dir / "team-league.trf")
    bad = replace(t, teams=(*t.teams[:-1], replace(t.teams[-1], roster=(7, 8, 1))))
    with pytest.raises(InvalidInputError, match="player 1 is listed by teams 1 and 4"):
        team_records(bad, TeamScoring(), PS)
    mixed = replace(t, teams=(Team(1, "X", (1, 4)), Team(2, "Y", (3,)), Team(3, "Z", (2,))))
    with pytest.raises(
        InvalidInputError, match="round 1: the players of team 1 meet players of teams 2, 3"
    ):
        team_records(mixed, TeamScoring(), PS)


def test_team_view_pseudo_players(data_dir):
    t = load_trf(data_dir / "team-league.trf")
    t = replace(t, header=(*t.header, ("SPC", "SPC    3 Nordclub"), ("SPC", "SPC    1 Nordclub")))
    view, gp = team_tournament(t, TeamScoring(boards=2), PS)
    one = view.player(1)
    assert (one.name, one.rating, one.club) == ("SK Nord", 2390 + 2105, "Nordclub")
    assert one.rounds == (RoundRecord(2, WHITE, "1"),)
    assert view.player(4).rounds == (RoundRecord(3, BLACK, "1"),)
    assert gp == {1: 1.5, 2: 0.5, 3: 0.0, 4: 2.0}
    assert team_clubs(t)[3] == "Nordclub"
    with pytest.raises(InvalidInputError, match="team 7 does not exist"):
        team_clubs(replace(t, header=(("SPC", "SPC    7 X"),)))


def test_order_by_rating_sum():
    assert order_by_rating_sum([(9000, True), (0, False), (9500, True), (9000, True)]) == [
        2,
        0,
        3,
        1,
    ]


def test_expansion_to_boards_and_pairs_format():
    """AMB-P5: the board-1 White team has White on boards 1, 3, 5; the pause gives U to the
    pausing team's line-up; the pairs format lists teams."""
    from swisspairing.event import event_from_mapping

    teams = [
        {"name": f"T{i}", "number": i, "players": [f"p{i}{b}" for b in range(1, 5)]}
        for i in range(1, 4)
    ]
    t = event_from_mapping({"teams": teams, "boards": 3, "rounds": 3})
    engine = Engine(
        replace(
            load_ruleset("kpzszach-a-klasa-2005"),
            parameters={**load_ruleset("kpzszach-a-klasa-2005").parameters, "boards": 3},
        )
    )
    p = engine.pair(t, seed=1)
    (m,) = p.matches
    w_team, b_team = t.teams[m.white - 1], t.teams[m.black - 1]
    assert p.boards == (
        Pairing(w_team.roster[0], b_team.roster[0]),
        Pairing(b_team.roster[1], w_team.roster[1]),
        Pairing(w_team.roster[2], b_team.roster[2]),
    )
    assert [b.player for b in p.byes] == [9, 10, 11] and p.team_byes[0].player == 3
    assert format_match_pairs(p) == f"2\n{m.white} {m.black}\n3 0\n"
    nxt = engine.apply(t, p)
    assert nxt.player(9).rounds == (RoundRecord(None, None, "U"),)
    assert nxt.player(12).rounds == ()  # the reserve


def test_check_reports_team_violations(cli, tmp_path):
    """``swisspairing check`` on a team event: a rematch (PL-team 5), a same-club match
    (PL-team 2) and a third board-1 White in a row (PL-team 19) are reported by team; the
    players' individual colour rules do not apply."""
    from swisspairing.event import event_from_mapping
    from swisspairing.trf import dumps_trf

    teams = [
        {
            "name": f"T{i}",
            "number": i,
            "club": "C" if i in (1, 3) else f"K{i}",
            "players": [f"p{i}a", f"p{i}b"],
        }
        for i in range(1, 5)
    ]
    rounds = [
        {
            "matches": [
                {"white": 1, "black": 2, "boards": ["1-0", "1-0"]},
                {"white": 3, "black": 4, "boards": ["1-0", "1-0"]},
            ]
        },
        {
            "matches": [
                {"white": 1, "black": 4, "boards": ["1-0", "1-0"]},
                {"white": 2, "black": 3, "boards": ["1-0", "1-0"]},
            ]
        },
        {
            "matches": [
                {"white": 1, "black": 3, "boards": ["1-0", "1-0"]},
                {"white": 2, "black": 4, "boards": ["1-0", "1-0"]},
            ]
        },
        {
            "matches": [
                {"white": 2, "black": 1, "boards": ["1-0", "1-0"]},
                {"white": 4, "black": 3, "boards": ["1-0", "1-0"]},
            ]
        },
    ]
    t = event_from_mapping({"boards": 2, "teams": teams, "results": rounds})
    path = tmp_path / "bad.trf"
    path.write_text(dumps_trf(t), encoding="utf-8")
    r = cli("check", str(path), "--ruleset", "kpzszach-a-klasa-2005", "--lang", "en")
    assert r.code == 1
    assert "round 3: [PL-team 2] teams 1 and 3 may not be paired" in r.out
    assert "round 3: [PL-team 19] team 1 may not get White on board 1" in r.out
    assert "round 4: [PL-team 5] teams 1 and 2 meet again" in r.out
    assert "B2" not in r.out and "A5" not in r.out
