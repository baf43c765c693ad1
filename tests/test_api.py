"""The public Python API (core/api.py) and the tournament JSON document (core/jsonio.py).

The API must give exactly what the command line gives for the same input (``pair -p``,
``pair -o``, ``pair --explain``, ``standings --format json``): the rules are applied once, in
the engine, and both are views of it.  The JSON document must carry everything a TRF16 file
carries, so both conversions round-trip.
"""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import swisspairing
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing import api
from swisspairing.engine import Engine
from swisspairing.errors import InvalidInputError, InvalidTrfError, NoValidPairingError
from swisspairing.jsonio import (
    InvalidTournamentJsonError,
    loads_json,
    tournament_from_json,
    tournament_schema,
    tournament_to_json,
)
from swisspairing.output import render_events
from swisspairing.ruleset import load_ruleset
from swisspairing.simulate import SimulationConfig, simulate
from swisspairing.trf import dumps_trf, read_trf

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "examples" / "swiss-open-21.trf"
TRF_FILES = sorted(
    p
    for p in [*ROOT.glob("examples/*.trf"), *ROOT.glob("tests/**/*.trf")]
    if "bad" not in p.name and "invalid" not in p.name
)


def _readable(path: Path) -> bool:
    try:
        api.load_trf(path)
    except InvalidInputError:
        return False
    return True


READABLE = [p for p in TRF_FILES if _readable(p)]


# ---------------------------------------------------------------------- documentation
def test_api_docstring_examples(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testmod(api, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 4 and result.failed == 0


def test_readme_library_example(monkeypatch):
    """README.md's library example runs as written (doctest)."""
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(ROOT / "README.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 5 and result.failed == 0


def test_public_names_are_exported():
    for name in (
        "pair_next_round",
        "standings",
        "load_trf",
        "dump_trf",
        "load_ruleset",
        "explain",
        "load_json",
        "dump_json",
        "tournament_to_json",
        "tournament_from_json",
    ):
        assert name in swisspairing.__all__ and callable(getattr(swisspairing, name)), name


def test_public_api_is_mypy_strict_clean(tmp_path):
    """``mypy --strict`` on the public API modules (their imports analysed, not reported)."""
    pytest.importorskip("mypy")
    pytest.importorskip("fastapi")
    # every module that defines a name of ``swisspairing.__all__``, the hook specifications, and
    # the service (issue 27: mypy --strict on the public API)
    modules = [
        "core/__init__.py",
        "core/api.py",
        "core/context.py",
        "core/engine.py",
        "core/errors.py",
        "core/explain.py",
        "core/hookspecs.py",
        "core/i18n.py",
        "core/model.py",
        "core/pairing.py",
        "core/ruleset.py",
        "core/trf/__init__.py",
        "core/trf/reader.py",
        "core/trf/records.py",
        "core/trf/writer.py",
        "core/jsonio.py",
        "core/server/__init__.py",
        "core/server/app.py",
        "core/server/limits.py",
        "core/server/routes.py",
        "core/server/service.py",
        "core/server/tasks.py",
        "core/server/workers.py",
        "core/server/metrics.py",
        "core/server/pages.py",
        "core/server/protocol.py",
        "core/server/language.py",
        "core/server/openapi.py",
        "core/safetext.py",
        "core/serve.py",
        "core/testing.py",
    ]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--follow-imports=silent",
            "--cache-dir",
            str(tmp_path / "cache"),
            *modules,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


# ---------------------------------------------------------------------- the API equals the CLI
def test_pair_next_round_equals_the_cli(cli, tmp_path):
    tournament = swisspairing.load_trf(EXAMPLE)
    result = swisspairing.pair_next_round(tournament, "fide-dutch-1992", locale="ru")
    pairs, out = tmp_path / "pairs.txt", tmp_path / "next.trf"
    r = cli(
        "pair",
        str(EXAMPLE),
        "--ruleset",
        "fide-dutch-1992",
        "-p",
        str(pairs),
        "-o",
        str(out),
        "--explain",
        "--lang",
        "ru",
    )
    assert r.code == 0, r.err
    assert result.pairs_text() == pairs.read_text(encoding="utf-8")
    assert swisspairing.dump_trf(result.tournament) == out.read_text(encoding="utf-8")
    assert r.out.splitlines()[2:] == list(
        result.explanation
    )  # after a blank line and the heading "Explanation"
    assert result.round == 5 and result.locale == "ru"
    assert swisspairing.explain(result, "ru") == list(result.explanation)
    assert swisspairing.explain(result.pairing, "de") == render_events(result.pairing.events, "de")


def test_pair_next_round_takes_a_ruleset_object_and_a_seed():
    tournament = swisspairing.load_trf(EXAMPLE)
    ruleset = load_ruleset("fide-dutch-1992")
    result = swisspairing.pair_next_round(tournament, ruleset, seed=7, explain=False)
    assert result.pairing == Engine(ruleset).pair(tournament, seed=7, explain=False)
    assert result.explanation == () and result.locale == "en"


def test_pair_next_round_computes_the_players_states_once(monkeypatch):
    """Issue 20: the players' states of the round are derived once (37 % of a 9,999-player
    round was computing them a second time for the scores); the scores are those states'."""
    from swisspairing import context, model

    calls = []

    def counting(*args, **kwargs):
        calls.append(args[2] if len(args) > 2 else kwargs.get("before_round"))
        return model.player_states(*args, **kwargs)

    monkeypatch.setattr(context, "player_states", counting)
    monkeypatch.setattr(api, "player_states", counting, raising=False)  # where it was called
    tournament = swisspairing.load_trf(EXAMPLE)
    result = swisspairing.pair_next_round(tournament, "fide-dutch-1992", explain=False)
    assert calls == [tournament.next_round]
    expected = model.player_states(
        tournament, tournament.point_system or load_ruleset("fide-dutch-1992").points
    )
    assert result.scores == {n: s.score for n, s in expected.items()}


def test_pair_next_round_errors_are_the_engines():
    tournament = swisspairing.load_trf(EXAMPLE)
    result = swisspairing.pair_next_round(tournament, "fide-dutch-1992")
    with pytest.raises(InvalidInputError) as exc:  # round 5 has no results yet
        swisspairing.pair_next_round(result.tournament, "fide-dutch-1992")
    assert "round 5 is not finished" in str(exc.value)


def test_no_valid_pairing_is_reported():
    """Dutch-1992 B1a: two players who met may not meet again; with two players no round 2."""
    doc = {
        "format": "swisspairing-tournament",
        "schema_version": 1,
        "players": [
            {"number": 1, "rounds": [{"opponent": 2, "colour": "w", "result": "1"}]},
            {"number": 2, "rounds": [{"opponent": 1, "colour": "b", "result": "0"}]},
        ],
    }
    with pytest.raises(NoValidPairingError):
        swisspairing.pair_next_round(tournament_from_json(doc), "fide-dutch-1992")


def test_standings_equal_the_cli(cli):
    tournament = swisspairing.load_trf(EXAMPLE)
    table = swisspairing.standings(tournament, "fide-dutch-1992")
    r = cli(
        "standings",
        str(EXAMPLE),
        "--ruleset",
        "fide-dutch-1992",
        "--format",
        "json",
        "--lang",
        "pl",
    )
    assert r.code == 0, r.err
    assert api.standings_json(table, "pl") == json.loads(r.out)
    assert api.report(tournament, "fide-dutch-1992", "standings", "pl", fmt="json") == r.out
    after = swisspairing.standings(tournament, "fide-dutch-1992", after_round=2)
    assert after.after_round == 2


def test_reports_equal_the_cli(cli):
    for kind, extra in (("crosstable", []), ("pairings", ["--round", "3"])):
        r = cli(
            kind,
            str(EXAMPLE),
            "--ruleset",
            "fide-dutch-1992",
            "--format",
            "html",
            "--lang",
            "de",
            *extra,
        )
        assert r.code == 0, r.err
        page = api.report(
            swisspairing.load_trf(EXAMPLE),
            "fide-dutch-1992",
            kind,
            "de",
            round_number=3 if extra else None,
        )
        assert page == r.out
    with pytest.raises(InvalidInputError):
        api.report(swisspairing.load_trf(EXAMPLE), "fide-dutch-1992", "pairings", round_number=9)
    with pytest.raises(InvalidInputError):
        api.report(swisspairing.load_trf(EXAMPLE), "fide-dutch-1992", "podium")


def test_dump_trf_writes_atomically(tmp_path):
    tournament = swisspairing.load_trf(EXAMPLE)
    target = tmp_path / "copy.trf"
    text = swisspairing.dump_trf(tournament, target)
    assert target.read_text(encoding="utf-8") == text == dumps_trf(tournament)
    assert [p.name for p in tmp_path.iterdir()] == ["copy.trf"]


def test_load_tournament_reads_trf_and_json(tmp_path):
    tournament = swisspairing.load_trf(EXAMPLE)
    path = tmp_path / "event.json"
    swisspairing.dump_json(tournament, path)
    assert swisspairing.load_tournament(path) == tournament
    assert swisspairing.load_tournament(EXAMPLE) == tournament
    assert swisspairing.load_json(path) == tournament


# ---------------------------------------------------------------------- JSON document
@pytest.mark.parametrize("path", READABLE, ids=lambda p: str(p.relative_to(ROOT)))
def test_json_round_trips_with_trf(path):
    tournament = api.load_trf(path, check=False)
    doc = tournament_to_json(tournament)
    jsonschema.Draft202012Validator(tournament_schema()).validate(doc)
    back = tournament_from_json(json.loads(json.dumps(doc)), check=False)
    assert dumps_trf(back) == dumps_trf(tournament)  # TRF -> JSON -> TRF
    assert tournament_to_json(read_trf(dumps_trf(back), check=False)) == doc  # JSON -> TRF -> JSON


def test_json_schema_is_valid_and_shipped():
    jsonschema.Draft202012Validator.check_schema(tournament_schema())
    assert tournament_schema()["properties"]["format"]["const"] == "swisspairing-tournament"


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=14),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(0, 10_000),
)
def test_json_round_trip_of_simulated_events(players, rounds, seed):
    engine = Engine(load_ruleset("fide-dutch-1992"))
    config = SimulationConfig(
        forfeit_rate=0.1, half_bye_rate=0.1, absence_rate=0.1, withdrawal_rate=0.05
    )
    try:
        t = simulate(engine, players, rounds, seed, config)
    except NoValidPairingError:
        return  # tiny events run out of opponents: nothing to convert
    read = read_trf(dumps_trf(t))
    doc = tournament_to_json(read)
    assert tournament_from_json(doc) == read
    assert tournament_to_json(read_trf(dumps_trf(tournament_from_json(doc)))) == doc


def _doc(**changes):
    doc = tournament_to_json(api.load_trf(EXAMPLE))
    doc.update(changes)
    return doc


def test_json_errors_name_the_path():
    doc = _doc()
    doc["players"][3]["rounds"][1]["opponent"] = 99
    with pytest.raises(InvalidTournamentJsonError) as exc:
        tournament_from_json(doc, source="event.json")
    assert (
        str(exc.value) == "event.json: $.players[3].rounds[1].opponent: opponent 99 does not exist"
    )

    doc = _doc()
    doc["players"][0]["rating"] = "2100"
    with pytest.raises(InvalidTournamentJsonError) as exc:
        tournament_from_json(doc, source="event.json")
    assert str(exc.value) == 'event.json: $.players[0].rating: "2100" is not a whole number'

    doc = _doc()
    doc["players"][1]["number"] = doc["players"][0]["number"]
    with pytest.raises(InvalidTournamentJsonError) as exc:
        tournament_from_json(doc)
    assert "$.players[1].number: start number 1 is used twice (first at $.players[0])" in str(
        exc.value
    )

    doc = _doc()
    doc["players"][0]["points"] = 9
    with pytest.raises(InvalidTournamentJsonError) as exc:
        tournament_from_json(doc)
    assert "$.players[0].points: player 1: points field 9.0 disagrees with the results" in str(
        exc.value
    )

    doc = _doc()
    doc["players"][0]["rounds"][0]["result"] = "0"  # both sides lost
    with pytest.raises(InvalidTournamentJsonError) as exc:
        tournament_from_json(doc)
    assert "disagrees with result" in str(exc.value) and ".rounds[0]" in str(exc.value)

    with pytest.raises(InvalidTournamentJsonError) as exc:
        loads_json("{\n  players: []}", source="x.json")
    assert str(exc.value).startswith("x.json: line 2, column 3: invalid JSON")

    with pytest.raises(InvalidTournamentJsonError) as exc:
        tournament_from_json(_doc(records=["XXR 9"]))
    assert "$.records[0]" in str(exc.value)

    with pytest.raises(InvalidTournamentJsonError) as exc:
        tournament_from_json(_doc(typed_records_order=["XXR", "012"]))
    assert "$.typed_records_order[1]" in str(exc.value)


def test_json_keeps_the_order_of_the_typed_records() -> None:
    """A file with ``XXS`` before ``XXC`` (as Swiss-Manager exports write them) comes back
    from JSON with its records in that order; one in swisspairing's order needs no note."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("XXR")) + 1
    reordered = "\n".join([*lines[:at], "XXS W=1 D=0.5", "XXC white1", *lines[at:]]) + "\n"
    tournament = api.loads_trf(reordered, check=False)
    doc = tournament_to_json(tournament)
    assert doc["typed_records_order"] == ["XXR", "XXS", "XXC"]
    back = tournament_from_json(json.loads(json.dumps(doc)), check=False)
    assert dumps_trf(back) == dumps_trf(tournament)
    assert "typed_records_order" not in tournament_to_json(api.load_trf(EXAMPLE))


def test_json_errors_are_translated():
    doc = _doc()
    doc["players"][3]["rounds"][1]["opponent"] = 99
    with pytest.raises(InvalidTournamentJsonError) as exc:
        tournament_from_json(doc, source="")
    assert exc.value.render("de") == "$.players[3].rounds[1].opponent: den Gegner 99 gibt es nicht"


def test_json_keeps_clubs_that_trf_cannot_hold():
    doc = _doc()
    doc["players"][0]["club"] = "SK Nord"
    t = tournament_from_json(doc)
    assert t.player(1).club == "SK Nord"
    assert tournament_to_json(t)["players"][0]["club"] == "SK Nord"


def test_trf_errors_still_name_line_and_column(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(
        EXAMPLE.read_text(encoding="utf-8").replace("0002 b", "0099 b", 1), encoding="utf-8"
    )
    with pytest.raises(InvalidTrfError) as exc:
        swisspairing.load_trf(bad)
    assert str(exc.value).startswith(f"{bad}: line ") and "opponent 99 does not exist" in str(
        exc.value
    )


def test_fields_that_would_break_a_trf_line_are_refused():
    """A line break (or surrounding blanks) in a field would not read back from TRF."""
    for change in ({"name": "Open\n001 fake"}, {"records": ["022 Berlin\n"]}):
        with pytest.raises(InvalidTournamentJsonError):
            tournament_from_json(_doc(**change))
    doc = _doc()
    doc["players"][0]["name"] = "Albers, Jan\n"
    with pytest.raises(InvalidTournamentJsonError) as exc:
        tournament_from_json(doc)
    assert str(exc.value).startswith("<json>: $.players[0].name: ")


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_the_quick_check_is_never_looser_than_the_schema(data):
    """jsonio._fast_valid lets large documents skip the JSON Schema validator: whatever it
    accepts, the schema accepts too."""
    from swisspairing.jsonio import _fast_valid

    doc = _doc()
    player = data.draw(st.integers(0, len(doc["players"]) - 1))
    key = data.draw(
        st.sampled_from(
            ["name", "rating", "number", "points", "title", "rounds", "club", "rank", "extra"]
        )
    )
    value = data.draw(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-5, 20000),
            st.floats(allow_nan=False),
            st.text(max_size=40),
            st.lists(st.integers(), max_size=2),
        )
    )
    doc["players"][player][key] = value
    if _fast_valid(doc):
        jsonschema.Draft202012Validator(tournament_schema()).validate(doc)
