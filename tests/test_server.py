"""The HTTP service (core/server.py): the same answers as the command line, over HTTP.

Tests with Starlette's test client; one end-to-end test starts ``swisspairing serve`` on
127.0.0.1 (it stops by itself after two minutes at the latest) and compares its answer with
the CLI's; headless Chromium (Debian's ``chromium``; skipped when absent) opens the standings
page in Russian and Polish; a bounded schemathesis run checks the OpenAPI schema against the
app (skipped when schemathesis is not installed).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest
from headless import CHROMIUM, chromium

pytest.importorskip("fastapi")
import swisspairing
from fastapi.testclient import TestClient
from swisspairing import BLACK, WHITE, server
from swisspairing.jsonio import tournament_to_json
from swisspairing.reports import standings_report
from swisspairing.ruleset import InvalidRulesetError
from swisspairing.server import Limits, create_app, negotiate_language, request_ruleset

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "examples" / "swiss-open-21.trf"
TRF = EXAMPLE.read_text(encoding="utf-8")
DUTCH = "fide-dutch-1992"


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


# ---------------------------------------------------------------------- the same as the CLI
def test_pair_equals_the_cli(client, cli, tmp_path):
    pairs, out = tmp_path / "pairs.txt", tmp_path / "next.trf"
    r = cli(
        "pair",
        str(EXAMPLE),
        "--ruleset",
        DUTCH,
        "-p",
        str(pairs),
        "-o",
        str(out),
        "--explain",
        "--lang",
        "ru",
    )
    assert r.code == 0, r.err
    resp = client.post("/pair", json={"trf": TRF, "ruleset": DUTCH}, params={"lang": "ru"})
    assert resp.status_code == 200, resp.text
    data = resp.json()
    assert data["pairs"] == pairs.read_text(encoding="utf-8")
    assert data["trf"] == out.read_text(encoding="utf-8")
    assert data["explanation"] == r.out.splitlines()[2:]
    assert data["language"] == "ru" and data["round"] == 5
    # boards as JSON: Dutch-1992 round 5 of the example, board 1 is 5 - 2 (see README)
    assert data["boards"][0] == {
        "board": 1,
        "white": {"number": 5, "name": "Schneider, Jonas", "points": 3},
        "black": {"number": 2, "name": "Moreau, Camille", "points": 3.5},
        "absent": None,
    }
    assert data["byes"] == [
        {"player": {"number": 17, "name": "Dubois, Hugo", "points": 0}, "result": "U"}
    ]  # the lowest score bracket
    standings = cli(
        "standings", str(EXAMPLE), "--ruleset", DUTCH, "--format", "json", "--lang", "ru"
    )
    assert data["standings"] == json.loads(standings.out)
    assert swisspairing.tournament_from_json(data["tournament"]) == swisspairing.loads_trf(
        data["trf"]
    )


@pytest.mark.parametrize(
    "event, ruleset",
    [
        (
            ROOT / "examples" / "pl-a-klasa-2005.trf",
            "kpzszach-a-klasa-2005",
        ),  # team event: matches by team number
        (ROOT / "examples" / "round-robin-8.trf", "round-robin"),
        (ROOT / "tests" / "data" / "swiss-byes-forfeits.trf", DUTCH),
        (
            ROOT / "tests" / "data" / "ru_draughts" / "round1-nine.trf",
            "rdf-random",
        ),  # SPN records in the written TRF
        (ROOT / "tests" / "data" / "ru_draughts" / "round3-forfeit-withdrawal.trf", "rdf-solkoff"),
    ],
    ids=lambda v: getattr(v, "name", v),
)
def test_other_systems_equal_the_cli(client, cli, tmp_path, event, ruleset):
    pairs, out = tmp_path / "pairs.txt", tmp_path / "next.trf"
    r = cli(
        "pair", str(event), "--ruleset", ruleset, "-p", str(pairs), "-o", str(out), "--lang", "de"
    )
    assert r.code == 0, r.err
    resp = client.post(
        "/pair",
        json={"trf": event.read_text(encoding="utf-8"), "ruleset": ruleset},
        params={"lang": "de"},
    )
    assert resp.status_code == 200, resp.text
    assert resp.json()["pairs"] == pairs.read_text(encoding="utf-8")
    assert resp.json()["trf"] == out.read_text(encoding="utf-8")


def test_json_tournament_gives_the_same_pairing(client):
    doc = tournament_to_json(swisspairing.load_trf(EXAMPLE))
    by_trf = client.post("/pair", json={"trf": TRF, "ruleset": DUTCH}).json()
    by_json = client.post("/pair", json={"tournament": doc, "ruleset": DUTCH}).json()
    assert by_json["pairs"] == by_trf["pairs"] and by_json["trf"] == by_trf["trf"]


def test_inline_ruleset_extends_a_registered_one(client, cli, tmp_path):
    """An inline ruleset extends the registered Dutch one and lowers B2's colour difference
    limit from 2 to 1; the override takes effect: the players whose colour difference in the
    file is already beyond 1 are named under AMB-D21 (histories outside B2), which the registered
    ruleset does not say, and the service pairs as the CLI does with the same file."""
    text = (
        f"schema_version: 1\nid: my-open\nextends: {DUTCH}\nname: My open\ncolours: "
        f"{{max_difference: 1}}\n"
    )
    path = tmp_path / "my.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("pair", str(EXAMPLE), "--ruleset", str(path), "-p", "-")
    resp = client.post("/pair", json={"trf": TRF, "ruleset_yaml": text})
    assert resp.status_code == 200, resp.text
    assert resp.json()["pairs"] == r.out
    # colour difference = games with White less games with Black, counted from the file
    tournament = swisspairing.load_trf(EXAMPLE)
    outside = [
        p.number
        for p in tournament.players
        if abs(
            sum(1 for rec in p.rounds if rec.colour is WHITE and rec.is_played)
            - sum(1 for rec in p.rounds if rec.colour is BLACK and rec.is_played)
        )
        > 1
    ]
    assert outside
    who = f"player {outside[0]}" if len(outside) == 1 else f"players {', '.join(map(str, outside))}"
    said = (
        f"of {who} already break"  # "history … breaks" / "histories … break" (one entry per form)
    )
    assert any(said in line for line in resp.json()["explanation"])
    base = client.post("/pair", json={"trf": TRF, "ruleset": DUTCH}).json()["explanation"]
    assert not any("already breaks the colour limits" in line for line in base)


def test_standings_and_pages_equal_the_cli(client, cli):
    r = cli(
        "standings",
        str(EXAMPLE),
        "--ruleset",
        DUTCH,
        "--format",
        "json",
        "--lang",
        "de",
        "--after-round",
        "3",
    )
    resp = client.post(
        "/standings",
        json={"trf": TRF, "ruleset": DUTCH, "after_round": 3},
        headers={"Accept-Language": "de-AT,de;q=0.8"},
    )
    assert resp.status_code == 200 and resp.json() == json.loads(r.out)
    for kind, extra, body in (
        ("standings", [], {}),
        ("crosstable", [], {}),
        ("pairings", ["--round", "2"], {"round": 2}),
    ):
        r = cli(kind, str(EXAMPLE), "--ruleset", DUTCH, "--format", "html", "--lang", "pl", *extra)
        posted = client.post(
            f"/pages/{kind}", json={"trf": TRF, "ruleset": DUTCH, **body}, params={"lang": "pl"}
        )
        assert posted.status_code == 200 and posted.headers["content-type"].startswith("text/html")
        assert posted.text == r.out
        query = {"trf": TRF, "ruleset": DUTCH, "lang": "pl", **{k: str(v) for k, v in body.items()}}
        got = client.get(f"/pages/{kind}", params=query)
        assert got.status_code == 200 and got.text == r.out


def test_rulesets_and_systems_list_what_the_cli_lists(client, cli):
    ids = [line.split()[0] for line in cli("rulesets").out.splitlines()]
    listed = client.get("/rulesets", params={"lang": "de"}).json()
    assert [r["id"] for r in listed] == ids
    dutch = next(r for r in listed if r["id"] == DUTCH)
    assert dutch["system"] == DUTCH and dutch["name"] == swisspairing.gettext(
        swisspairing.load_ruleset(DUTCH).name, "de"
    )
    systems = client.get("/systems").json()
    assert {s["name"] for s in systems} >= {
        DUTCH,
        "round-robin-berger",
        "ru-draughts",
        "pl-team-lim",
    }
    assert client.get("/health").json()["status"] == "ok"


# ---------------------------------------------------------------------- language
def test_language_negotiation():
    assert negotiate_language(None, "pl-PL,pl;q=0.9,en-US;q=0.8") == "pl"
    assert (
        negotiate_language(None, "fr-FR,fr;q=0.9,ru;q=0.5,de;q=0.7") == "de"
    )  # by q, not by order
    assert negotiate_language(None, "fr, es") is None
    assert negotiate_language(None, "de;q=0, ru") == "ru"
    assert negotiate_language("ru", "de") == "ru"  # ?lang= wins
    assert negotiate_language(None, None) is None
    with pytest.raises(server.MalformedRequestError):
        negotiate_language("xx", None)


# ---------------------------------------------------------------------- errors
def test_errors_are_the_clis_messages_in_the_requested_language(client, cli, tmp_path):
    bad = TRF.replace("0002 b", "0099 b", 1)
    path = tmp_path / "bad.trf"
    path.write_text(bad, encoding="utf-8")
    r = cli("pair", str(path), "--ruleset", DUTCH, "--lang", "de")
    resp = client.post(
        "/pair", json={"trf": bad, "ruleset": DUTCH}, headers={"Accept-Language": "de"}
    )
    assert resp.status_code == 422
    error = resp.json()["error"]
    assert error["type"] == "InvalidTrfError" and error["exit_code"] == r.code
    # the CLI names the file, the service names the field; the rest is the same message
    assert r.err == f"swisspairing: {path}" + error["message"].removeprefix("$.trf") + "\n"
    assert "Gegner 99" in error["message"]


def test_no_valid_pairing_is_409(client):
    """Dutch-1992 B1a: players who met may not meet again; two players have no round 2."""
    doc = {
        "format": "swisspairing-tournament",
        "schema_version": 1,
        "players": [
            {"number": 1, "rounds": [{"opponent": 2, "colour": "w", "result": "1"}]},
            {"number": 2, "rounds": [{"opponent": 1, "colour": "b", "result": "0"}]},
        ],
    }
    resp = client.post("/pair", json={"tournament": doc, "ruleset": DUTCH})
    assert resp.status_code == 409 and resp.json()["error"]["type"] == "NoValidPairingError"


def test_request_errors(client):
    cases = [
        ({"ruleset": DUTCH}, 422, "give the tournament as trf"),
        ({"trf": TRF}, 422, "give the ruleset as ruleset"),
        (
            {"trf": TRF, "ruleset": DUTCH, "ruleset_yaml": "schema_version: 1"},
            422,
            "give the ruleset as ruleset",
        ),
        ({"trf": TRF, "tournament": {}, "ruleset": DUTCH}, 422, "give the tournament as trf"),
        ({"trf": TRF, "ruleset": DUTCH, "colour": 1}, 422, "unknown key colour"),
        ({"trf": 5, "ruleset": DUTCH}, 422, "$.trf: 5 is not text"),
        (
            {"tournament": {"players": []}, "ruleset": DUTCH},
            422,
            "$.tournament: missing required key format",
        ),
        ([1, 2], 422, "is not a mapping"),
    ]
    for body, status, text in cases:
        resp = client.post("/pair", json=body)
        assert resp.status_code == status, (body, resp.text)
        assert text in resp.json()["error"]["message"], (body, resp.text)
    resp = client.post("/pair", content=b"{not json", headers={"content-type": "application/json"})
    assert resp.status_code == 400 and "invalid JSON" in resp.json()["error"]["message"]
    resp = client.post("/pair", json={"trf": TRF, "ruleset": DUTCH}, params={"lang": "xx"})
    assert resp.status_code == 400 and "unknown language 'xx'" in resp.json()["error"]["message"]
    assert client.get("/pages/podium", params={"trf": TRF, "ruleset": DUTCH}).status_code == 422
    resp = client.get("/pages/pairings", params={"trf": TRF, "ruleset": DUTCH, "round": "x"})
    assert (
        resp.status_code == 422 and '"x" is not a whole number' in resp.json()["error"]["message"]
    )
    resp = client.get("/nowhere", params={"lang": "ru"})
    assert (
        resp.status_code == 404
        and resp.json()["error"]["message"] == "нет такого ресурса: /nowhere"
    )
    resp = client.delete("/pair")
    assert (
        resp.status_code == 405
        and resp.json()["error"]["message"] == "method DELETE is not allowed here"
    )


def test_request_size_limit():
    small = TestClient(create_app(Limits(max_body=500)))
    resp = small.post("/pair", json={"trf": TRF, "ruleset": DUTCH}, params={"lang": "ru"})
    assert resp.status_code == 413
    assert resp.json()["error"]["message"] == swisspairing.i18n.ngettext(
        "the request is larger than {limit} byte",
        "the request is larger than {limit} bytes",
        500,
        "ru",
    ).format(limit=500)
    assert small.get("/pages/standings", params={"trf": TRF, "ruleset": DUTCH}).status_code == 413


# the time limit, the worker pool and the queue: tests/test_service.py


# ---------------------------------------------------------------------- no file access
def test_a_ruleset_id_never_resolves_to_a_path(client, tmp_path, monkeypatch):
    rules = f"schema_version: 1\nid: local\nextends: {DUTCH}\n"
    (tmp_path / "local").write_text(rules, encoding="utf-8")
    (tmp_path / "local.yaml").write_text(rules, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for ref in ("local", "local.yaml", str(tmp_path / "local.yaml"), "../local.yaml"):
        resp = client.post("/pair", json={"trf": TRF, "ruleset": ref})
        assert resp.status_code == 422, ref
        assert resp.json()["error"]["message"].startswith(f"$.ruleset: unknown ruleset {ref!r}")
    for ref in ("local.yaml", str(tmp_path / "local.yaml")):
        text = f"schema_version: 1\nid: x\nextends: {ref}\n"
        resp = client.post("/pair", json={"trf": TRF, "ruleset_yaml": text})
        assert (
            resp.status_code == 422
            and "$.ruleset_yaml: $.extends: unknown ruleset" in resp.json()["error"]["message"]
        )


def test_request_rulesets_are_bounded():
    text = f"schema_version: 1\nid: x\nextends: {DUTCH}\nsearch_budget: 100000000\n"
    with pytest.raises(InvalidRulesetError) as retired:  # no budget decides a pairing (issue 20)
        request_ruleset(None, text)
    assert "$.ruleset_yaml: $: unknown key search_budget" in str(retired.value)
    assert request_ruleset(DUTCH, None) == swisspairing.load_ruleset(DUTCH)
    with pytest.raises(InvalidRulesetError) as exc:
        request_ruleset(None, "schema_version: 1\nid: &a x\nname: *a\nsystem: fide-dutch-1992\n")
    assert "YAML aliases are not accepted here" in str(exc.value) and "line 3" in str(exc.value)


# ---------------------------------------------------------------------- OpenAPI
def test_openapi_schema(client):
    schema = client.get("/openapi.json").json()
    assert schema["openapi"].startswith("3.1")
    assert {"/pair", "/standings", "/pages/{kind}", "/rulesets", "/systems"} <= set(schema["paths"])
    components = schema["components"]["schemas"]
    assert "Tournament" in components and "TournamentPlayer" in components

    def refs(node):
        if isinstance(node, dict):
            if "$ref" in node:
                yield node["$ref"]
            for v in node.values():
                yield from refs(v)
        elif isinstance(node, list):
            for v in node:
                yield from refs(v)

    for ref in refs(schema):
        assert ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[1] in components, ref


# ---------------------------------------------------------------------- the real server
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def live_server():
    """``swisspairing serve`` on 127.0.0.1; the process ends itself after 120 s at the latest."""
    pytest.importorskip("uvicorn")
    port = _free_port()
    code = (
        "import os, sys, threading; threading.Timer(120, os._exit, (0,)).start(); "
        "from swisspairing.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "server did not start: " + (proc.stderr.read() if proc.stderr else "")
                    ) from None
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def test_end_to_end_against_the_cli(live_server, tmp_path):
    body = json.dumps({"trf": TRF, "ruleset": DUTCH}).encode("utf-8")
    req = urllib.request.Request(
        live_server + "/pair?lang=pl", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        data = json.loads(r.read().decode("utf-8"))
    pairs, out = tmp_path / "pairs.txt", tmp_path / "next.trf"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "swisspairing",
            "pair",
            str(EXAMPLE),
            "--ruleset",
            DUTCH,
            "-p",
            str(pairs),
            "-o",
            str(out),
            "--explain",
            "--lang",
            "pl",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert data["pairs"] == pairs.read_text(encoding="utf-8")
    assert data["trf"] == out.read_text(encoding="utf-8")
    assert data["explanation"] == done.stdout.splitlines()[2:]


class _Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    _meta = False  # the phone-width line under a name repeats other cells: not a cell

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "span" and ("class", "meta") in attrs:
            self._meta = True

    def handle_endtag(self, tag):
        if tag == "span":
            self._meta = False
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None and not self._meta:
            self._cell.append(data)


@pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="chromium is not installed (apt-get install -y chromium)"
)
@pytest.mark.parametrize("lang, how", [("ru", "query"), ("pl", "accept-language")])
def test_standings_page_in_headless_chromium(live_server, tmp_path, lang, how):
    query = {"ruleset": DUTCH, "trf": TRF}
    args = []
    if how == "query":
        query["lang"] = lang
    else:
        args.append(f"--accept-lang={lang}")
    url = live_server + "/pages/standings?" + urllib.parse.urlencode(query)
    done = chromium(tmp_path / "profile", *args, "--window-size=375,812", "--dump-dom", url)
    assert done.returncode == 0, done.stderr[-2000:]
    expected = standings_report(swisspairing.standings(swisspairing.load_trf(EXAMPLE), DUTCH), lang)
    parser = _Cells()
    parser.feed(done.stdout)
    assert f'lang="{lang}"' in done.stdout
    assert parser.rows[0] == [c.heading for c in expected.columns]
    assert parser.rows[1:] == [list(r) for r in expected.rows]
    heading = {"ru": "Место", "pl": "Miejsce"}[lang]  # "Place" in the catalogues
    assert parser.rows[0][0] == heading
    assert parser.rows[1][parser.rows[0].index(swisspairing.gettext("Name", lang))].startswith(
        "Moreau"
    )


# ---------------------------------------------------------------------- schemathesis
def test_openapi_schema_holds_against_the_app():
    """A bounded schemathesis run: for the schema's examples and for generated requests of
    every operation the app answers without a server error, with a documented status code,
    content type and response schema."""
    schemathesis = pytest.importorskip("schemathesis")
    from hypothesis import HealthCheck, Phase, given, settings
    from schemathesis import checks as generic
    from schemathesis.specs.openapi import checks

    schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(Limits(time_limit=10)))
    chosen = [
        checks.status_code_conformance,
        checks.content_type_conformance,
        checks.response_schema_conformance,
        generic.not_a_server_error,
    ]
    for result in schema.get_all_operations():
        operation = result.ok()
        from_examples: list[int] = []

        for strategy in operation.get_strategies_from_examples():  # the schema's own examples

            @settings(
                max_examples=2,
                deadline=None,
                database=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
            )
            @given(case=strategy)
            def run_example(case):
                from_examples.append(case.call_and_validate(checks=chosen).status_code)  # noqa: B023

            run_example()

        @settings(
            max_examples=8,
            deadline=None,
            database=None,
            derandomize=True,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy())
        def run(case):
            case.call_and_validate(checks=chosen)

        run()
        if operation.label in ("POST /pair", "POST /standings"):
            assert 200 in from_examples, (
                operation.label,
                from_examples,
            )  # the documented example is answered


def test_limits_from_the_environment_and_the_factory(monkeypatch):
    env = {
        "SWISSPAIRING_MAX_BODY": "300",
        "SWISSPAIRING_TIME_LIMIT": "2.5",
        "SWISSPAIRING_CONCURRENCY": "2",
    }
    assert server.limits_from_env(env) == Limits(max_body=300, time_limit=2.5, concurrency=2)
    assert server.limits_from_env({}) == Limits()
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    app = TestClient(server.app_from_env())  # what the Dockerfile runs (uvicorn --factory)
    assert app.post("/pair", json={"trf": TRF, "ruleset": DUTCH}).status_code == 413


def test_the_portal_tutorials_request_gives_the_answer_it_shows(client):
    """docs/tutorials/portal.rst posts docs/examples/pair-request.json.  Dutch-1992 round 2:
    brackets {1} (1 point), {2, 4} (½; they met), {3} (0).  Player 1 is alone and moves down
    (C1, A3) and meets 2 (S1 = 1, S2 = 2, 4), 4 moves down to 3; colours E1: 1 and 4 had
    White, so 2 - 1 and 3 - 4."""
    body = json.loads(
        (ROOT / "docs" / "examples" / "pair-request.json").read_text(encoding="utf-8")
    )
    resp = client.post("/pair", json=body, headers={"Accept-Language": "pl"})
    assert resp.status_code == 200, resp.text
    data = resp.json()
    assert [(b["white"]["number"], b["black"]["number"]) for b in data["boards"]] == [
        (2, 1),
        (3, 4),
    ]
    assert data["pairs"] == "2\n2 1\n3 4\n" and data["language"] == "pl"
    tutorial = (ROOT / "docs" / "tutorials" / "portal.rst").read_text(encoding="utf-8")
    assert data["explanation"][1] in tutorial
