"""Event files (``swisspairing.event``): the readable YAML/JSON team event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swisspairing import BLACK, WHITE, RoundRecord
from swisspairing.event import InvalidEventError, event_from_mapping, load_event, read_event
from swisspairing.io import load_tournament
from swisspairing.teams import team_clubs
from swisspairing.trf import dumps_trf, read_trf

EXAMPLE = Path(__file__).parent.parent.parent / "examples" / "pl-a-klasa-2005.yaml"


def small(**extra):
    data = {
        "name": "mini",
        "boards": 2,
        "teams": [
            {
                "name": "Low",
                "players": [{"name": "L1", "rating": 1500}, {"name": "L2", "rating": 1400}],
            },
            {"name": "Second", "club": "Top", "registered": False},
            {
                "name": "High",
                "club": "Top",
                "players": [{"name": "H1", "rating": 2000}, {"name": "H2", "rating": 1900}, "H3"],
            },
        ],
    }
    data.update(extra)
    return data


def test_start_numbers_by_rating_sum_unregistered_last():
    """PL-team 2: descending sum of the submitted players' ratings; a team without a named
    list gets the last start number and no rating; players are numbered team by team."""
    t = event_from_mapping(small())
    assert [(tm.number, tm.name, tm.registered) for tm in t.teams] == [
        (1, "High", True),
        (2, "Low", True),
        (3, "Second", False),
    ]
    assert t.teams[0].roster == (1, 2, 3) and t.teams[1].roster == (4, 5)
    assert [t.player(n).name for n in t.teams[2].roster] == [
        "Second 1",
        "Second 2",
    ]  # placeholders for the boards
    assert team_clubs(t) == {1: "Top", 3: "Top"}


def test_results_boards_alternate_and_pause():
    data = small(
        results=[
            {"matches": [{"white": "Low", "black": 1, "boards": ["1-0", "½-½"]}], "pause": "Second"}
        ]
    )
    t = event_from_mapping(data)
    # board 1: Low's L1 (4) White against H1 (1); board 2: H2 (2) White against L2 (5) (AMB-P5)
    assert t.player(4).rounds == (RoundRecord(1, WHITE, "1"),)
    assert t.player(1).rounds == (RoundRecord(4, BLACK, "0"),)
    assert t.player(5).rounds == (RoundRecord(2, BLACK, "="),)
    assert t.player(2).rounds == (RoundRecord(5, WHITE, "="),)
    assert t.player(3).rounds == ()  # the reserve did not play: no entry at all
    assert t.player(6).rounds == (RoundRecord(None, None, "U"),)


def test_paired_match_without_results_is_pending_and_lineups():
    data = small(
        results=[{"matches": [{"white": "High", "black": "Low", "white_lineup": [3, "H1"]}]}]
    )
    t = event_from_mapping(data)
    assert t.player(3).rounds == (RoundRecord(4, WHITE, " "),)
    assert t.player(1).rounds == (RoundRecord(5, BLACK, " "),)
    assert t.pending_games(1)


def test_trf_round_trip_keeps_clubs():
    t = load_event(EXAMPLE)
    again = read_trf(dumps_trf(t))
    assert [(x.number, x.name, x.roster) for x in again.teams] == [
        (x.number, x.name, x.roster) for x in t.teams
    ]
    assert team_clubs(again) == team_clubs(t)
    assert [p.rounds for p in again.players] == [p.rounds for p in t.players]


def test_json_event_file(tmp_path):
    path = tmp_path / "league.json"
    path.write_text(json.dumps(small()), encoding="utf-8")
    assert [tm.name for tm in load_tournament(path).teams] == ["High", "Low", "Second"]


@pytest.mark.parametrize(
    "change, where, message",
    [
        (
            {
                "results": [
                    {"matches": [{"white": "Nobody", "black": "Low", "boards": ["1-0", "0-1"]}]}
                ]
            },
            "$.results[0].matches[0].white",
            "unknown team 'Nobody'",
        ),
        (
            {
                "results": [
                    {"matches": [{"white": "High", "black": "Low", "boards": ["1-0", "2-0"]}]}
                ]
            },
            "$.results[0].matches[0].boards[1]",
            "unknown board result '2-0'",
        ),
        (
            {"results": [{"matches": [{"white": "High", "black": "Low", "boards": ["1-0"]}]}]},
            "$.results[0].matches[0].boards",
            "1 board result, but matches have 2 boards",
        ),
        (
            {
                "results": [
                    {
                        "matches": [{"white": "High", "black": "Low", "boards": ["1-0", "1-0"]}],
                        "pause": "Low",
                    }
                ]
            },
            "$.results[0].pause",
            "team 'Low' already plays in round 1",
        ),
        (
            {"results": [{"matches": [{"white": "High", "black": "Low", "white_lineup": [1, 7]}]}]},
            "$.results[0].matches[0].white_lineup[1]",
            "team 'High' has no player at position 7",
        ),
        (
            {"teams": [{"name": "A", "players": [{"name": "x", "rating": "high"}]}]},
            "$.teams[0].players[0]",
            "",
        ),
        (
            {"teams": [{"name": "A", "number": 1}, {"name": "B"}]},
            "$.teams[1]",
            "either every team or no team gives its start number",
        ),
        ({"colour": "white"}, "$", "unknown key colour"),
    ],
)
def test_errors_name_the_file_and_the_json_path(change, where, message):
    with pytest.raises(InvalidEventError) as err:
        event_from_mapping(small(**change), source="league.yaml")
    assert str(err.value).startswith(f"league.yaml: {where}")
    assert message in str(err.value)
    assert err.value.exit_code == 3


def test_yaml_syntax_error_names_the_line():
    with pytest.raises(
        InvalidEventError, match=r"league.yaml: line 2, column 12: invalid YAML: mapping values"
    ):
        read_event("teams:\n  - name: a: b\n", filename="league.yaml")


def test_cli_reports_event_errors_with_exit_code_3(cli, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("teams:\n  - name: A\n    players: [a, b]\n  - name: A\n", encoding="utf-8")
    r = cli("pair", str(path), "--ruleset", "kpzszach-a-klasa-2005")
    assert r.code == 3
    assert "$.teams[1].name: team name 'A' is used twice" in r.err
