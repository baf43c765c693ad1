"""``pair league.yaml -o next.yaml`` writes an event file in the input's format (YAML → YAML,
JSON → JSON) that ``pair`` reads back (issue 9, "Outputs never lose data")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from swisspairing import Engine, load_ruleset, load_trf
from swisspairing.event import dump_event, load_event, read_event_file

EXAMPLES = Path(__file__).parent.parent / "examples"
HOSTILE = Path(__file__).parent / "data" / "hostile"
YAML_EVENT = EXAMPLES / "pl-a-klasa-2005.yaml"
JSON_EVENT = HOSTILE / "league.json"
RULES = "kpzszach-a-klasa-2005"
RULES_2 = str(Path(__file__).parent / "data" / "pl_team" / "kpz-2-boards.yaml")


def _games(t):
    """Every player's (opponent, colour) per round — what the pairing wrote."""
    return {p.number: tuple((r.opponent, r.colour) for r in p.rounds) for p in t.players}


@pytest.mark.parametrize(
    ("source", "ruleset", "suffix"), [(YAML_EVENT, RULES, ".yaml"), (JSON_EVENT, RULES_2, ".json")]
)
def test_next_round_is_written_as_an_event_file_of_the_same_format(
    cli, tmp_path, source, ruleset, suffix
):
    out = tmp_path / f"next{suffix}"
    r = cli("pair", str(source), "--ruleset", ruleset, "-o", str(out))
    assert r.code == 0, r.err
    text = out.read_text(encoding="utf-8")
    if suffix == ".json":
        data = json.loads(text)  # real JSON, not TRF text
    else:
        with pytest.raises(json.JSONDecodeError):
            json.loads(text)  # block YAML, not JSON
        data = yaml.safe_load(text)
    assert not text.startswith("012")  # not a TRF
    original = read_event_file(source)
    rnd = len(original.get("results", [])) + 1
    assert len(data["results"]) == rnd and data["results"][: rnd - 1] == original.get("results", [])
    assert data["teams"] == original["teams"]  # nothing the user wrote is lost
    # pair reads it back: the new round is the pairing, waiting for its results
    rs = load_ruleset(ruleset)
    engine = Engine(rs)
    before = load_event(source, rs.points)
    expected = engine.apply(before, engine.pair(before))
    after = load_event(out, rs.points)
    assert _games(after) == _games(expected)
    assert after.rounds_recorded == rnd and after.pending_games(rnd)
    r = cli(
        "pair", str(out), "--ruleset", ruleset, "--lang", "en"
    )  # the ruleset speaks Polish otherwise
    assert r.code == 3 and f"round {rnd} is not finished" in r.err


def test_event_file_written_twice_plays_on(cli, tmp_path):
    """Fill in the results of the written round and pair again from the written file."""
    first = tmp_path / "r2.json"
    assert cli("pair", str(JSON_EVENT), "--ruleset", RULES_2, "-o", str(first)).code == 0
    data = json.loads(first.read_text(encoding="utf-8"))
    for m in data["results"][-1]["matches"]:
        m["boards"] = ["1-0", "0-1"]
    first.write_text(dump_event(data, json_format=True), encoding="utf-8")
    second = tmp_path / "r3.json"
    r = cli("pair", str(first), "--ruleset", RULES_2, "-o", str(second))
    assert r.code == 0, r.err
    again = json.loads(second.read_text(encoding="utf-8"))
    assert [x["round"] for x in again["results"]] == [1, 2, 3]
    played = {frozenset((m["white"], m["black"])) for x in again["results"] for m in x["matches"]}
    assert len(played) == 6  # PL-team 5: no second meeting; 4 teams, 3 rounds = all 6 pairs


def test_trf_output_from_an_event_file_when_asked(cli, tmp_path):
    out = tmp_path / "next.trf"
    assert cli("pair", str(YAML_EVENT), "--ruleset", RULES, "-o", str(out)).code == 0
    assert load_trf(out).rounds_recorded == 3


def test_output_format_follows_an_event_suffix_of_the_output(cli, tmp_path):
    out = tmp_path / "next.json"
    assert cli("pair", str(YAML_EVENT), "--ruleset", RULES, "-o", str(out)).code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["name"].startswith("Drużynowe")


def test_lineups_are_written_where_a_player_is_absent(tmp_path):
    """A line-up other than the roster's first boards is written as roster positions."""
    data = read_event_file(JSON_EVENT)
    data["teams"][0]["players"][0] = {"name": "Adamski, Jan", "rating": 1900}
    rs = load_ruleset(RULES_2)
    engine = Engine(rs)
    from dataclasses import replace

    from swisspairing.event import event_from_mapping, next_round_event

    t = event_from_mapping(data, source="x.json")
    first = (
        t.teams[0].roster[0]
        if t.teams[0].name == "Alfa"
        else next(x for x in t.teams if x.name == "Alfa").roster[0]
    )
    t = replace(
        t,
        players=tuple(replace(p, withdrawn_from=2) if p.number == first else p for p in t.players),
    )
    pairing = engine.pair(t)
    out = next_round_event(data, t, pairing, rs)
    alfa = [m for m in out["results"][-1]["matches"] if "Alfa" in (m["white"], m["black"])]
    assert alfa, out["results"][-1]
    side = "white" if alfa[0]["white"] == "Alfa" else "black"
    assert alfa[0][f"{side}_lineup"] == [2, 3]
    back = event_from_mapping(out, source="x.json")
    games = _games(back)
    assert all(len(g) < 2 or g[1][0] is None for n, g in games.items() if n == first)


def test_individual_pairing_of_an_event_file_is_not_written_as_an_event_file(cli, tmp_path):
    """An event file holds team matches only: a player pairing must not be dropped silently."""
    out = tmp_path / "next.yaml"
    pairs = tmp_path / "pairs.txt"
    r = cli(
        "pair",
        str(JSON_EVENT),
        "--ruleset",
        "fide-dutch-1992",
        "-o",
        str(out),
        "-p",
        str(pairs),
        "--lang",
        "en",
    )
    assert r.code == 3 and r.err.startswith(
        f"swisspairing: {out}: an event file records team matches"
    ), r.err
    assert not out.exists() and not pairs.exists()  # neither output is written
    assert (
        cli(
            "pair",
            str(JSON_EVENT),
            "--ruleset",
            "fide-dutch-1992",
            "-o",
            str(tmp_path / "next.trf"),
        ).code
        == 0
    )
