"""The four RDF rulesets through the command line: ``swisspairing pair FILE --ruleset rdf-…``,
``--explain`` citing the RDF rule numbers, ``-o`` writing the next TRF (absence as a forfeit
loss, AMB-R12), ``check``, ``rulesets``, ``validate`` and the parameter schema."""

from __future__ import annotations

import json

import pytest
from rdf_support import DATA
from swisspairing import load_ruleset, load_trf
from swisspairing.plugins.ru_draughts import SCHEMA

VARIANTS = ["rdf-random", "rdf-coefficient", "rdf-solkoff", "rdf-buchholz"]


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWISSPAIRING_LANG", "en")


@pytest.mark.parametrize("ruleset", VARIANTS)
def test_every_variant_pairs_round_one_and_two(cli, ruleset, tmp_path):
    for name in (
        "round1-nine.trf",
        "round2-eight.trf",
        "round2-eight-absent.trf",
        "round3-forfeit-withdrawal.trf",
    ):
        res = cli("pair", str(DATA / name), "--ruleset", ruleset, "--seed", "3")
        assert res.code == 0, res.err
        assert "Board" in res.out


def test_pair_prints_the_golden_round_two(cli, tmp_path):
    # The round-2 golden case of test_rdf_groups (RDF 5.4.10.5.3–5.4.10.5.5): 4-6, 7-1, 8-3, 5-2.
    pairs = tmp_path / "pairs.txt"
    res = cli(
        "pair", str(DATA / "round2-eight.trf"), "--ruleset", "rdf-coefficient", "-p", str(pairs)
    )
    assert res.code == 0, res.err
    assert pairs.read_text().split("\n") == ["4", "4 6", "7 1", "8 3", "5 2", ""]


def test_explain_cites_the_rdf_rules(cli):
    res = cli("pair", str(DATA / "round2-eight.trf"), "--ruleset", "rdf-coefficient", "--explain")
    assert res.code == 0, res.err
    for rule in ("[RDF 5.4.10.5.3]", "[RDF 5.4.10.5.4]", "[RDF 5.4.10.5.5]", "[RDF 5.4.10.2(c)]"):
        assert rule in res.out
    assert "score group 1: order by classification number, descending: 6, 4, 1" in res.out


def test_explain_round_one_classification_and_plus(cli):
    res = cli("pair", str(DATA / "round1-nine.trf"), "--ruleset", "rdf-coefficient", "--explain")
    assert res.code == 0, res.err
    assert "[RDF 5.4.10.5.1] classification by rating: 1, 2, 3, 4, 5, 6, 7, 8, 9" in res.out
    assert "[RDF 5.4.10.2(f)]" in res.out and "player 9" in res.out


def test_output_trf_records_the_absence_as_a_forfeit_loss(cli, tmp_path):
    # RDF 5.4.10.2(e), AMB-R12: the pre-filled "0000 - Z" of player 5 becomes "0000 - -";
    # the plus (player 2, the last in the order) is written as "0000 - U".
    out = tmp_path / "next.trf"
    res = cli(
        "pair",
        str(DATA / "round2-eight-absent.trf"),
        "--ruleset",
        "rdf-coefficient",
        "-o",
        str(out),
    )
    assert res.code == 0, res.err
    t = load_trf(out)
    assert str(t.player(5).record(2)) == "0000 - -"
    assert str(t.player(2).record(2)) == "0000 - U"
    assert str(t.player(4).record(2)) == "0006 w  "
    check = cli("check", str(out), "--ruleset", "rdf-coefficient")
    assert check.code == 0, check.out


def test_seed_makes_the_lot_reproducible(cli):
    a = cli("pair", str(DATA / "round2-eight.trf"), "--ruleset", "rdf-random", "--seed", "42")
    b = cli("pair", str(DATA / "round2-eight.trf"), "--ruleset", "rdf-random", "--seed", "42")
    c = cli("pair", str(DATA / "round2-eight.trf"), "--ruleset", "rdf-random")
    d = cli("pair", str(DATA / "round2-eight.trf"), "--ruleset", "rdf-random")
    assert a.out == b.out and c.out == d.out


def test_rulesets_are_listed_and_valid(cli):
    res = cli("rulesets")
    for rid in ["rdf-base", *VARIANTS]:
        assert rid in res.out
    res = cli("validate", *VARIANTS)
    assert res.code == 0, res.err


def test_parameter_schema(cli):
    res = cli("schema", "--system", "ru-draughts")
    assert res.code == 0
    schema = json.loads(res.out)
    assert set(schema["properties"]) == set(SCHEMA["properties"])
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize(
    "ruleset, variant",
    [
        ("rdf-random", "random"),
        ("rdf-coefficient", "coefficient"),
        ("rdf-solkoff", "solkoff"),
        ("rdf-buchholz", "buchholz"),
    ],
)
def test_ruleset_settings(ruleset, variant):
    rs = load_ruleset(ruleset)
    assert rs.system == "ru-draughts" and rs.param("variant") == variant
    assert rs.colours.max_run == 3 and rs.colours.max_difference is None  # 5.4.10.2(c)
    assert rs.byes.blocked_by == frozenset({"U", "F", "+"})  # 5.4.10.2(b)
    assert rs.max_meetings == 1  # 5.4.10.2(a)
    assert rs.points.pairing_allocated_bye == rs.points.win  # the plus is a win
    # RDF 5.4.10.6.2 «суммы очков всех соперников», AMB-R10: the draw during the event counts the
    # opponents met; 5.4.10.11 («при ручной жеребьевке», «по окончании соревнования») only for the
    # final standings (tiebreak_policy) and the *-manual-draw rulesets (AMB-R9)
    assert rs.param("coefficient_policy") == "computer"
    assert rs.tiebreak_policy["unplayed"] == "rdf-manual"
    assert rs.param("classification") == (
        "start-number" if variant == "random" else "rating-lot"
    )  # AMB-R13
    assert rs.param("absence_result") == "-"  # AMB-R12
    assert rs.param("order_parity") == (
        "none" if variant == "buchholz" else "paired-round"
    )  # AMB-R2


def test_invalid_parameter_is_reported(cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "schema_version: 1\nid: bad\nextends: rdf-coefficient\nparameters: {variant: swiss}\n",
        encoding="utf-8",
    )
    res = cli("validate", str(bad))
    assert res.code == 3
    assert "$.parameters.variant" in res.err


def test_output_trf_records_the_classification(cli, tmp_path):
    # RDF 5.4.10.5.1 (AMB-R13): round 1 written with -o keeps the classification numbers as
    # SPN records; pairing the written file again (round 2) reads them back.
    out = tmp_path / "r1.trf"
    res = cli(
        "pair",
        str(DATA / "round1-nine.trf"),
        "--ruleset",
        "rdf-coefficient",
        "--seed",
        "4",
        "-o",
        str(out),
    )
    assert res.code == 0, res.err
    text = out.read_text()
    spn = [line for line in text.splitlines() if line.startswith("SPN")]
    assert spn == [f"SPN {n:4d} {n:4d}" for n in range(1, 10)]  # ratings 2000, 1990, …: no ties
    assert text.index("SPN") < text.index("001")


def test_bad_classification_record_is_an_input_error(cli, tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(
        (DATA / "round1-nine.trf").read_text().replace("001", "SPN    1    x\n001", 1),
        encoding="utf-8",
    )
    res = cli("pair", str(bad), "--ruleset", "rdf-coefficient")
    assert res.code == 3
    assert (
        "record 'SPN    1    x': expected SPN, a start number and a classification number"
        in res.err
    )
    assert "Traceback" not in res.err


@pytest.mark.parametrize(
    "ruleset, variant",
    [("rdf-solkoff-manual-draw", "solkoff"), ("rdf-buchholz-manual-draw", "buchholz")],
)
def test_manual_draw_rulesets(ruleset, variant):
    # RDF 5.4.10.11 «При ручной жеребьевке»: the explicit manual-draw rulesets (AMB-R9)
    rs = load_ruleset(ruleset)
    assert rs.param("variant") == variant and rs.param("coefficient_policy") == "manual-draw"
