"""The tutorials work when followed: the federation tutorial's rulesets (an individual event
scored 2 / 1 / 0, a team league with match points) run through the commands the tutorial
shows, and the plugin tutorial shows the package the test suite installs and runs
(tests/test_plugin_distribution.py), with the advice it gives.  Issue 25."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest
from swisspairing.cli import main
from swisspairing.io import load_tournament_source

ROOT = Path(__file__).parent.parent
TUTORIALS = ROOT / "docs" / "tutorials"
FEDERATION = TUTORIALS / "federation"


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--lang", "en", *args])
    return code, out.getvalue(), err.getvalue()


def _commands(page: str) -> list[str]:
    """The ``swisspairing …`` lines of the page's shell blocks."""
    return re.findall(r"^   (swisspairing [^\n]+)$", page, re.M)


def test_federation_page_includes_its_ruleset_files() -> None:
    page = (TUTORIALS / "federation.rst").read_text(encoding="utf-8")
    for name in ("regional-draughts.yaml", "team-league.yaml"):
        assert f".. literalinclude:: federation/{name}" in page
        assert (FEDERATION / name).is_file()


@pytest.mark.parametrize("name", ["regional-draughts.yaml", "team-league.yaml"])
def test_federation_rulesets_validate(name: str) -> None:
    code, out, err = cli("validate", str(FEDERATION / name))
    assert code == 0, err
    assert "valid ruleset" in out


def test_draughts_open_scores_two_one_nought(tmp_path: Path) -> None:
    """The commands of section 4, in order: 2 points per win, 1 per draw, byes and forfeits on
    the same scale, in the standings."""
    ruleset = str(FEDERATION / "regional-draughts.yaml")
    event = tmp_path / "open.trf"
    code, _, err = cli(
        "generate", "--ruleset", ruleset, "--players", "14", "--rounds", "5", "--seed", "1",
        "-o", str(event),
    )  # fmt: skip
    assert code == 0, err
    code, out, err = cli("standings", str(event), "--ruleset", ruleset, "--format", "json")
    assert code == 0, err
    rows = {row["number"]: row for row in json.loads(out)["rows"]}
    tournament, _ = load_tournament_source(str(event))
    value = {"1": 2, "W": 2, "+": 2, "U": 2, "F": 2, "=": 1, "D": 1, "H": 1}
    for player in tournament.players:
        expected = sum(value.get(r.result, 0) for r in player.rounds)
        assert rows[player.number]["values"]["points"] == expected, player.number
    assert max(row["values"]["points"] for row in rows.values()) > 5  # impossible under 1 / ½ / 0


def test_team_league_scores_match_points(tmp_path: Path) -> None:
    """The commands of section 5: every match played over six boards gives 2 match points to
    the team with more than 3 game points, 1 each at 3–3 and 0 to the loser; a team that
    pauses gets 1 (``bye_match_points``); the table ranks by match points, then game points."""
    from swisspairing.ruleset import load_ruleset
    from swisspairing.standings import team_results

    ruleset = str(FEDERATION / "team-league.yaml")
    event = tmp_path / "league.yaml"
    code, _, err = cli(
        "generate", "--ruleset", ruleset, "--players", "8", "--rounds", "4", "--seed", "2",
        "-o", str(event),
    )  # fmt: skip
    assert code == 0, err
    code, out, err = cli("standings", str(event), "--ruleset", ruleset, "--format", "json")
    assert code == 0, err
    table = json.loads(out)
    assert [c["id"] for c in table["columns"]][:2] == ["match-points", "game-points"]
    tournament, _ = load_tournament_source(str(event))
    rs = load_ruleset(ruleset)
    results = team_results(tournament, rs.points, 4, rs)
    played = 0
    for team, rounds in results.items():
        for match in rounds:
            if match is not None and match.played:
                played += 1
                gp = match.game_points
                assert match.match_points == (2 if gp > 3 else 1 if gp == 3 else 0), team
            elif match is not None and match.opponent is None and match.game_points == 3:
                assert match.match_points == 1  # the pause
        row = next(r for r in table["rows"] if r["number"] == team)
        assert row["values"]["match-points"] == sum(m.match_points for m in rounds if m)
    assert played >= 24  # most of the 32 team-rounds are matches played
    code, out, err = cli("pairings", str(event), "--ruleset", ruleset, "--round", "4")
    assert code == 0, err


def test_federation_page_commands_are_the_ones_tested() -> None:
    """Every command the page shows for the two rulesets is one this file runs."""
    page = (TUTORIALS / "federation.rst").read_text(encoding="utf-8")
    shown = [c for c in _commands(page) if "docs/tutorials/federation/" in c]
    verbs = sorted({c.split()[1] for c in shown})
    assert verbs == ["generate", "pairings", "standings", "validate"]


PLUGIN_FILES = (
    "pyproject.toml",
    "swisspairing_example_plugin/__init__.py",
    "swisspairing_example_plugin/rulesets/example-fold.yaml",
    "swisspairing_example_plugin/locales/de/LC_MESSAGES/swisspairing_example_plugin.po",
    "tests/conftest.py",
    "tests/test_example_fold.py",
)


def test_plugin_tutorial_shows_the_tested_package() -> None:
    """The plugin tutorial includes the files of tests/plugin_example (which the test suite
    builds, installs into a fresh virtual environment and runs) instead of copies that could
    drift, and gives the advice the example follows: events through the BracketOutcome."""
    page = (TUTORIALS / "plugin.rst").read_text(encoding="utf-8")
    for name in PLUGIN_FILES:
        assert f".. literalinclude:: ../../tests/plugin_example/{name}" in page, name
        assert (ROOT / "tests" / "plugin_example" / name).is_file()
    assert "context.explanation.add" not in page
    assert "BracketOutcome" in page and "events" in page
    source = (
        ROOT / "tests" / "plugin_example" / "swisspairing_example_plugin" / "__init__.py"
    ).read_text(encoding="utf-8")
    assert "explanation.add" not in source and "BracketOutcome(" in source
