"""The random tournament generator (core/generate.py, ``swisspairing generate``).

Same seed, same file; the rates of the arbiter's events show up in the file; results follow
the Elo expectation; team rulesets get teams, written to TRF (013 lines) or to the team event
file and read back unchanged; every installed ruleset generates a tournament whose every round
keeps the structure of a pairing and the absolute criteria (``swiss_check_round``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swisspairing import Engine, dumps_trf, load_ruleset, load_trf
from swisspairing.errors import InvalidInputError
from swisspairing.event import read_event
from swisspairing.event_writer import dumps_event
from swisspairing.generate import (
    GeneratorConfig,
    config_from_mapping,
    generate,
    load_config,
    team_boards,
)
from swisspairing.manager import ruleset_dirs
from swisspairing.pytest_plugin import assert_round_is_valid
from swisspairing.ruleset import builtin_rulesets

RULESETS = sorted(builtin_rulesets(ruleset_dirs()))
TEAM = "kpzszach-a-klasa-2005"


def test_same_seed_same_tournament() -> None:
    rs = load_ruleset("fide-dutch-1992")
    a = generate(rs, GeneratorConfig(players=31, rounds=7, seed=9))
    b = generate(rs, GeneratorConfig(players=31, rounds=7, seed=9))
    c = generate(rs, GeneratorConfig(players=31, rounds=7, seed=10))
    assert dumps_trf(a.tournament) == dumps_trf(b.tournament)
    assert dumps_trf(a.tournament) != dumps_trf(c.tournament)
    assert a.tournament.rounds_recorded == 7 and a.tournament.total_rounds == 7


def test_rates_show_up_in_the_file() -> None:
    """Half the field unrated, requested half-point byes (H), absences (Z), withdrawals
    (SPW records) and forfeits (+/-) at high rates."""
    rs = load_ruleset("fide-dutch-1992")
    config = GeneratorConfig(
        players=200,
        rounds=7,
        seed=3,
        unrated_share=0.5,
        bye_request_rate=0.1,
        absence_rate=0.05,
        withdrawal_rate=0.02,
        forfeit_rate=0.1,
    )
    t = generate(rs, config).tournament
    unrated = sum(1 for p in t.players if p.rating == 0)
    assert 70 <= unrated <= 130
    # unrated players come last in the start list
    assert all(p.rating == 0 for p in t.players[-unrated:])
    codes = [rec.result for p in t.players for rec in p.rounds]
    assert codes.count("H") > 30 and codes.count("Z") > 10
    assert codes.count("+") > 20 and codes.count("+") == codes.count("-")
    assert any(p.withdrawn_from is not None for p in t.players)
    text = dumps_trf(t)
    assert "SPW" in text
    again = load_trf_text(text, tmp=None)
    assert again.rounds_recorded == 7


def load_trf_text(text: str, tmp: Path | None) -> object:
    from swisspairing.trf import read_trf

    return read_trf(text, filename="generated.trf", check=True)


def test_results_follow_the_rating_difference() -> None:
    """Elo expectation: with no draws, the higher-rated player of a game between players more
    than 300 points apart wins about 85 % of the time (E = 1 / (1 + 10^(-300/400)) ≈ 0.85)."""
    rs = load_ruleset("fide-dutch-1992")
    t = generate(
        rs,
        GeneratorConfig(
            players=300,
            rounds=5,
            seed=4,
            draw_rate=0.0,
            forfeit_rate=0.0,
            unrated_share=0.0,
            bye_request_rate=0,
            absence_rate=0,
            withdrawal_rate=0,
        ),
    ).tournament
    won = total = 0
    for p in t.players:
        for rec in p.rounds:
            if rec.opponent is None or rec.opponent < p.number:
                continue
            o = t.player(rec.opponent)
            if abs(p.rating - o.rating) <= 300:
                continue
            assert rec.result in "10"
            total += 1
            higher_won = (rec.result == "1") == (p.rating > o.rating)
            won += higher_won
    assert total > 50
    assert 0.8 <= won / total <= 1.0


def test_draw_share() -> None:
    rs = load_ruleset("round-robin")
    t = generate(
        rs,
        GeneratorConfig(
            players=40,
            rounds=39,
            seed=2,
            draw_rate=0.5,
            forfeit_rate=0,
            bye_request_rate=0,
            absence_rate=0,
            withdrawal_rate=0,
        ),
    ).tournament
    results = [rec.result for p in t.players for rec in p.rounds if rec.opponent is not None]
    share = results.count("=") / len(results)
    assert 0.2 <= share <= 0.5  # 0.5 for equal ratings, fewer as ratings differ


def test_lot_colour_is_announced_as_xxc() -> None:
    """A ruleset that draws the first-round colour by lot (``first_colour: lot``) gets the
    draw written into the file, so that re-pairing uses the same colour."""
    rs = load_ruleset(TEAM)
    assert rs.first_colour == "lot"
    t = generate(rs, GeneratorConfig(players=8, rounds=3, seed=1)).tournament
    assert t.initial_colour is not None
    assert "XXC " in dumps_trf(t)
    assert (
        generate(
            load_ruleset("fide-dutch-1992"), GeneratorConfig(players=8, rounds=2)
        ).tournament.initial_colour
        is None
    )


def test_team_ruleset_gets_teams() -> None:
    rs = load_ruleset(TEAM)
    boards = team_boards(rs)
    assert boards == 6 and team_boards(load_ruleset("fide-dutch-1992")) is None
    t = generate(rs, GeneratorConfig(players=12, rounds=5, seed=5, reserves=2)).tournament
    assert len(t.teams) == 12 and all(len(team.roster) == 8 for team in t.teams)
    sums = [sum(t.player(n).rating for n in team.roster[:6]) for team in t.teams]
    assert sums == sorted(sums, reverse=True)  # numbered by rating sum
    clubs = [team.club for team in t.teams]
    assert len(set(clubs)) < len(clubs)  # some second teams
    assert Engine(rs).check(t) == []


def test_team_event_file_round_trip() -> None:
    """The team event file written for a generated league reads back as the same tournament."""
    rs = load_ruleset(TEAM)
    t = generate(
        rs,
        GeneratorConfig(
            players=11,
            rounds=6,
            seed=8,
            forfeit_rate=0.1,
            bye_request_rate=0.1,
            withdrawal_rate=0.05,
        ),
    ).tournament
    for fmt in ("yaml", "json"):
        back = read_event(dumps_event(t, json_format=fmt == "json"), filename=f"league.{fmt}")
        assert [team.roster for team in back.teams] == [team.roster for team in t.teams]
        assert [team.club for team in back.teams] == [team.club for team in t.teams]
        assert back.initial_colour == t.initial_colour and back.total_rounds == t.total_rounds
        for p, q in zip(t.players, back.players, strict=True):
            assert (p.number, p.name, p.rating, p.withdrawn_from) == (
                q.number,
                q.name,
                q.rating,
                q.withdrawn_from,
            )
            mine = [r for r in p.rounds]
            while mine and mine[-1].opponent is None and mine[-1].result == "Z":
                mine.pop()
            assert tuple(mine) == q.rounds, p.number


def test_team_trf_round_trip() -> None:
    rs = load_ruleset(TEAM)
    t = generate(rs, GeneratorConfig(players=10, rounds=5, seed=2)).tournament
    from swisspairing.trf import read_trf

    back = read_trf(dumps_trf(t), filename="league.trf", check=True)
    assert [team.roster for team in back.teams] == [team.roster for team in t.teams]
    assert [p.rounds for p in back.players] == [p.rounds for p in t.players]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_generates_valid_rounds(ruleset: str) -> None:
    """Every installed ruleset: each generated round places nobody twice, only participants,
    every participant of an individual event, and breaks no absolute criterion."""
    rs = load_ruleset(ruleset)
    engine = Engine(rs)
    n = 9 if team_boards(rs) else 15
    result = generate(
        rs,
        GeneratorConfig(
            players=n, seed=7, bye_request_rate=0.05, withdrawal_rate=0.02, forfeit_rate=0.05
        ),
        engine=engine,
        on_round=lambda before, pairing: assert_round_is_valid(engine, before, pairing),
    )
    assert result.tournament.rounds_recorded >= 3
    assert engine.check(result.tournament) == []


def test_round_robin_without_rounds_stops_when_complete() -> None:
    """Without --rounds a round robin is not announced a number of rounds; generation never
    goes past its table: asked for up to 50 rounds, six players play the 5 table rounds (the
    system says every round has been paired) and the file announces none."""
    rs = load_ruleset("round-robin")
    result = generate(rs, GeneratorConfig(players=6, seed=1), max_rounds=50)
    assert result.tournament.rounds_recorded == 5 and result.stopped is None
    assert result.tournament.total_rounds is None
    assert (
        generate(rs, GeneratorConfig(players=12, seed=1)).tournament.rounds_recorded == 6
    )  # ⌈log2 12⌉ + 2


def test_small_field_stops_and_keeps_the_rounds_played() -> None:
    rs = load_ruleset("fide-dutch-1992")
    result = generate(
        rs,
        GeneratorConfig(
            players=4, rounds=4, seed=1, bye_request_rate=0, absence_rate=0, withdrawal_rate=0
        ),
    )
    assert result.stopped is not None
    assert result.tournament.rounds_recorded < 4
    assert all(
        len(p.rounds) == result.tournament.rounds_recorded for p in result.tournament.players
    )


# ---------------------------------------------------------------------- configuration
def test_config_file_forms(tmp_path: Path) -> None:
    yaml_file = tmp_path / "rtg.yaml"
    yaml_file.write_text(
        "ruleset: fide-dutch-1992\nplayers: 30\nrounds: 5\ndraw-rate: 0.4\nunrated_share: 0.5\n"
    )
    config, ruleset = load_config(yaml_file)
    assert ruleset == "fide-dutch-1992"
    assert (config.players, config.rounds, config.draw_rate, config.unrated_share) == (
        30,
        5,
        0.4,
        0.5,
    )
    kv = tmp_path / "rtg.cfg"
    kv.write_text("# random tournament\nteams=12\nrounds=7\nforfeit_rate=0.1\n")
    config, ruleset = load_config(kv)
    assert ruleset is None and (config.players, config.rounds, config.forfeit_rate) == (12, 7, 0.1)
    js = tmp_path / "rtg.json"
    js.write_text('{"players": 10, "seed": 4}')
    assert load_config(js)[0].seed == 4


def test_config_errors_name_file_and_path(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: 30\ndraw_rate: 1.5\n")
    with pytest.raises(InvalidInputError) as info:
        load_config(bad)
    assert info.value.render("en") == f"{bad}: $.draw_rate: 1.5 is greater than the maximum of 1"
    with pytest.raises(InvalidInputError) as info:
        config_from_mapping({"playerz": 3}, source="x.yaml")
    assert info.value.render("en") == "x.yaml: $: unknown key playerz"


def test_cli_generate(cli, tmp_path: Path) -> None:
    out = tmp_path / "open.trf"
    r = cli(
        "generate",
        "--ruleset",
        "fide-dutch-1992",
        "--players",
        "24",
        "--rounds",
        "5",
        "--seed",
        "3",
        "--unrated-share",
        "0.5",
        "-o",
        str(out),
    )
    assert r.code == 0, r.err
    assert r.out == f"{out}: entrants: 24, rounds paired: 5, ruleset fide-dutch-1992\n"
    t = load_trf(out)
    assert t.rounds_recorded == 5
    config = tmp_path / "rtg.yaml"
    config.write_text("ruleset: kpzszach-a-klasa-2005\nteams: 8\nrounds: 4\n")
    league = tmp_path / "league.yaml"
    r = cli("generate", "-g", str(config), "--seed", "2", "-o", str(league))
    assert r.code == 0, r.err
    assert "entrants: 8, rounds paired: 4" in r.out
    assert league.read_text().startswith("name: Generated kpzszach-a-klasa-2005")


def test_cli_generate_errors(cli, tmp_path: Path) -> None:
    r = cli("generate", "--players", "10", "-o", str(tmp_path / "x.trf"))
    assert r.code == 3 and "no ruleset given" in r.err
    r = cli("generate", "-r", "fide-dutch-1992", "--draw-rate", "2", "-o", str(tmp_path / "x.trf"))
    assert r.code == 3 and "draw-rate must be between 0 and 1, not 2\n" in r.err
    assert not (tmp_path / "x.trf").exists()
    r = cli(
        "generate",
        "-r",
        "fide-dutch-1992",
        "--players",
        "4",
        "--rounds",
        "4",
        "--bye-request-rate",
        "0",
        "--absence-rate",
        "0",
        "--withdrawal-rate",
        "0",
        "-o",
        str(tmp_path / "x.trf"),
    )
    assert r.code == 1 and "could not be paired" in r.err
    assert (tmp_path / "x.trf").exists()  # the rounds played are kept
