"""Hostile and careless input in rulesets and event files (issue 9, "Hostile input"):
bounded YAML, duplicate keys, NaN, tiebreak ids, unambiguous ruleset lookup, CSV formulas.

The files are in ``tests/data/hostile``.  Exit code 3 = invalid input (bbpPairings); no test
here depends on the exit code of a command-line usage error.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from swisspairing.errors import InvalidInputError, InvalidRulesetError
from swisspairing.event import InvalidEventError, load_event, read_event
from swisspairing.reports import Column, Report, _csv_safe, render_csv
from swisspairing.ruleset import load_ruleset
from swisspairing.safeyaml import load_json, load_yaml, read_text_capped

HOSTILE = Path(__file__).parent / "data" / "hostile"


def _path(name: str) -> str:
    return str(HOSTILE / name)


# ---------------------------------------------------------------------- bounded YAML
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("alias-bomb.yaml", "aliases expand to more than 100000 further nodes"),
        ("recursive-alias.yaml", "a recursive alias (a node that contains itself)"),
        ("deep-nesting.yaml", "nested deeper than the limit of 64 levels"),
        ("duplicate-key.yaml", "duplicate key 'id'"),
        ("nan-points.yaml", ".nan is not a finite number"),
        ("inf-points.yaml", "-.inf is not a finite number"),
    ],
)
def test_hostile_ruleset_is_refused_naming_the_file(cli, name, message):
    """validate, pair and standings: exit 3, one line naming the file, no traceback."""
    path = _path(name)
    for argv in (
        ("validate", path),
        ("pair", str(HOSTILE / "rr-5-zero-point-byes.trf"), "--ruleset", path),
        ("standings", str(HOSTILE / "rr-5-zero-point-byes.trf"), "--ruleset", path),
    ):
        r = cli(*argv, "--lang", "en")
        assert r.code == 3, (argv, r.err)
        assert r.err.startswith(f"swisspairing: {path}"), r.err
        assert message in r.err and "Traceback" not in r.err


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("alias-bomb-event.yaml", "aliases expand to more than"),
        ("recursive-alias-event.yaml", "a recursive alias"),
        ("deep-nesting-event.json", "nested deeper than the limit of 64 levels"),
        ("duplicate-key-event.json", "duplicate key 'name'"),
        ("nan-event.json", "NaN is not a finite number"),
    ],
)
def test_hostile_event_file_is_refused_naming_the_file(cli, name, message):
    path = _path(name)
    for command in ("pair", "standings", "check"):
        r = cli(command, path, "--ruleset", "kpzszach-a-klasa-2005", "--lang", "en")
        assert r.code == 3, (command, r.err)
        assert r.err.startswith(f"swisspairing: {path}") and message in r.err, r.err


def test_duplicate_key_in_a_yaml_event_file_names_line_and_column():
    with pytest.raises(
        InvalidEventError, match=r"^league.yaml: line 3, column 3: duplicate key 'name'$"
    ):
        read_event("teams:\n- name: A\n  name: B\n", filename="league.yaml")


@pytest.mark.parametrize("depth", [65, 999, 1000, 5000, 100_000])
@pytest.mark.parametrize("opener", ["[", "{a: "])
@pytest.mark.parametrize("closed", [True, False])
def test_deep_nesting_closed_or_not_is_refused_at_the_limit(depth, opener, closed):
    """Found by the fuzz suite: an unclosed ``[[[[…`` thousands deep made the pure-Python
    parser (used for its error wording) take quadratic time."""
    text = (
        "teams: "
        + opener * depth
        + (("]" if opener == "[" else "}") * depth if closed else "")
        + "\n"
    )
    with pytest.raises(
        InvalidEventError,
        match=r"^x.yaml: line 1, column \d+: nested deeper than the limit of 64 levels$",
    ):
        read_event(text, filename="x.yaml")


def test_merge_keys_may_be_overridden_and_are_not_duplicates():
    assert load_yaml("base: &b {x: 1, y: 2}\nother: {<<: *b, x: 3}\n", "f.yaml")["other"] == {
        "x": 3,
        "y": 2,
    }


def test_aliases_within_the_bound_are_fine():
    assert load_yaml("a: &a [1, 2]\nb: [*a, *a]\n", "f.yaml") == {
        "a": [1, 2],
        "b": [[1, 2], [1, 2]],
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "a: 1\n\x00",
            r"^f.yaml: line 2, column 1: invalid YAML: the character U\+0000 is not allowed$",
        ),
        ("a: " + "1" * 5000 + "\n", r"^f.yaml: invalid YAML: a number with too many digits$"),
        (
            "a: !!binary AAAA\n",
            r"^f.yaml: line 1, column 4: unsupported YAML tag tag:yaml.org,2002:binary$",
        ),
        (
            "a: 1\n---\nb: 2\n",
            r"^f.yaml: line 2, column 1: invalid YAML: expected a single document in the "
            r"stream, but found another document$",
        ),
        (
            "a: !!python/object:os.system ls\n",
            r"^f.yaml: line 1, column 4: invalid YAML: could not determine a constructor",
        ),
        ("{[1, 2]: x}\n", r"^f.yaml: line 1, column 2: a mapping key must be a plain value$"),
    ],
)
def test_yaml_errors_that_are_not_syntax_errors_are_input_errors(text, message):
    with pytest.raises(InvalidInputError, match=message):
        load_yaml(text, "f.yaml")


def test_dates_stay_text():
    """Event files are JSON data: ``birth_date: 1990-05-01`` is the text, and an impossible
    date is not an error of the YAML reader (found by the fuzz suite: a date made the schema
    error message crash)."""
    assert load_yaml(
        "a: 1990-05-01\nb: 2001-13-45\nc: 2001-12-14t21:59:43.10-05:00\n", "f.yaml"
    ) == {"a": "1990-05-01", "b": "2001-13-45", "c": "2001-12-14t21:59:43.10-05:00"}
    assert (
        read_event("teams: [{name: 2001-01-01}]\n", filename="x.yaml").teams[0].name == "2001-01-01"
    )


def test_json_constants_and_duplicates_are_refused():
    for text, message in (
        ('{"a": Infinity}', "Infinity is not a finite number"),
        ('{"a": 1, "a": 2}', "duplicate key 'a'"),
    ):
        with pytest.raises(InvalidInputError, match=message):
            load_json(text, "x.json")


def test_size_limit_is_a_parameter(tmp_path):
    """``max_bytes``: the loaders refuse a file above the limit (the default is 4 MiB)."""
    rs = tmp_path / "rs.yaml"
    rs.write_text(
        "schema_version: 1\nid: big\nextends: round-robin\ndescription: '" + "x" * 2000 + "'\n",
        encoding="utf-8",
    )
    assert load_ruleset(str(rs)).id == "big"
    with pytest.raises(
        InvalidRulesetError, match=r"rs.yaml: the file is larger than the limit of 1000 bytes"
    ):
        load_ruleset(str(rs), max_bytes=1000)
    ev = tmp_path / "ev.yaml"
    ev.write_text("teams: [{name: A}, {name: B}]\n", encoding="utf-8")
    assert len(load_event(ev).teams) == 2
    with pytest.raises(InvalidEventError, match="larger than the limit of 10 bytes"):
        load_event(ev, max_bytes=10)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_non_regular_files_are_read_with_the_same_cap(cli, tmp_path):
    """``--ruleset /dev/zero`` and an event file that is a device stop at the size limit."""
    r = cli("validate", "/dev/zero", "--lang", "en")
    assert r.code == 3 and r.err.startswith(
        "swisspairing: /dev/zero: the file is larger than the limit of"
    ), r.err
    r = cli(
        "pair", str(HOSTILE / "rr-5-zero-point-byes.trf"), "--ruleset", "/dev/zero", "--lang", "en"
    )
    assert r.code == 3 and "/dev/zero: the file is larger than the limit" in r.err
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    r = cli("pair", str(link), "--ruleset", "kpzszach-a-klasa-2005", "--lang", "en")
    assert r.code == 3 and f"{link}: the file is larger than the limit" in r.err
    with pytest.raises(InvalidInputError, match="larger than the limit of 5 bytes"):
        read_text_capped("/dev/zero", max_bytes=5)


def test_not_utf8_is_an_error_naming_the_byte(tmp_path):
    p = tmp_path / "latin1.yaml"
    p.write_bytes("teams: [{name: Zo\xeb}]\n".encode("latin-1"))
    with pytest.raises(InvalidEventError, match=r"latin1.yaml: not UTF-8 text \(byte 18\)"):
        load_event(p)


# ---------------------------------------------------------------------- tiebreak ids
def test_validate_checks_every_tiebreak_id(cli):
    path = _path("unknown-tiebreak.yaml")
    r = cli("validate", path, "--lang", "en")
    assert r.code == 3
    assert r.err.startswith(
        f"swisspairing: {path}: $.tiebreaks[1]: unknown tiebreak 'bucholz' (known: "
    ), r.err


def test_bad_tiebreaks_option_blames_the_option_not_the_ruleset(cli):
    r = cli(
        "standings",
        str(HOSTILE / "rr-5-zero-point-byes.trf"),
        "--ruleset",
        "round-robin",
        "--tiebreaks",
        "sonneborn-berger,nonsense",
        "--lang",
        "en",
    )
    assert r.code == 3
    assert r.err.startswith("swisspairing: --tiebreaks: unknown tiebreak 'nonsense'"), r.err
    assert "round-robin.yaml" not in r.err


def test_ruleset_tiebreak_errors_still_blame_the_ruleset(cli):
    path = _path("unknown-tiebreak.yaml")
    r = cli(
        "standings", str(HOSTILE / "rr-5-zero-point-byes.trf"), "--ruleset", path, "--lang", "en"
    )
    assert r.code == 3 and r.err.startswith(
        f"swisspairing: {path}: $.tiebreaks: unknown tiebreak 'bucholz'"
    ), r.err


# ---------------------------------------------------------------------- ruleset lookup
def test_ruleset_ids_are_not_shadowed_by_the_working_directory(cli, tmp_path, monkeypatch):
    """A folder ``round-robin/`` and a stray file ``rdf-random`` in the working directory do not
    interfere: without a path separator or a .yaml/.yml suffix the value is an installed id."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "round-robin").mkdir()
    (tmp_path / "rdf-random").write_text(
        "schema_version: 1\nid: stray\nsystem: round-robin-berger\n", encoding="utf-8"
    )
    assert load_ruleset("round-robin").source == "rulesets/round-robin.yaml"
    assert load_ruleset("rdf-random").id == "rdf-random"
    assert load_ruleset("./rdf-random").id == "stray"  # a path separator makes it a file
    trf = str(HOSTILE / "rr-5-zero-point-byes.trf")
    r = cli("standings", trf, "--ruleset", "round-robin", "--lang", "en")
    assert r.code == 0, r.err
    r = cli("validate", "round-robin/", "--lang", "en")
    assert r.code == 3 and "is a folder, not a ruleset file" in r.err and "Traceback" not in r.err


def test_unknown_id_with_a_file_of_that_name_says_how_to_use_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "myrules").write_text(
        "schema_version: 1\nid: mine\nextends: round-robin\n", encoding="utf-8"
    )
    with pytest.raises(
        InvalidRulesetError,
        match=(
            r"unknown ruleset 'myrules' \(known: .*\); to use the file of that name, write "
            r"\./myrules"
        ),
    ):
        load_ruleset("myrules")


def test_a_yml_suffix_is_a_file_even_when_missing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InvalidRulesetError, match=r"^round-robin\.yml: file not found$"):
        load_ruleset("round-robin.yml")


# ---------------------------------------------------------------------- CSV formulas
def test_csv_reports_neutralise_formulas_in_names(cli):
    """OWASP CSV injection: cells starting with = + - @ tab or CR are prefixed with '."""
    trf = _path("formula-names.trf")
    for command in ("standings", "crosstable", "pairings"):
        r = cli(command, trf, "--ruleset", "fide-dutch-1992", "--format", "csv", "--lang", "en")
        assert r.code == 0, r.err
        import csv
        import io

        rows = list(csv.reader(io.StringIO(r.out)))
        cells = [c for row in rows for c in row]
        assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r") and c not in ("+",)], (
            command,
            cells,
        )
        assert not [c for c in cells if c.startswith("-") and c != "-" and not _is_number(c)], (
            command,
            cells,
        )
        names = [c for c in cells if "HYPERLINK" in c]
        assert names and all(c.startswith("'=HYPERLINK(") for c in names)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1+cmd", "'+1+cmd"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("-0.5", "-0.5"),  # a number stays a number
        ("+", "+"),  # the result symbols of a crosstable
        ("-", "-"),
        ("Nowak, Jan", "Nowak, Jan"),
        (3, 3),
    ],
)
def test_csv_cell_neutralisation(cell, safe):
    assert _csv_safe(cell) == safe


def test_render_csv_neutralises_headings_and_cells():
    report = Report(
        kind="x",
        language="en",
        title="t",
        subtitle="",
        columns=(Column("n", "=cmd", False, "n"),),
        rows=(("@x",),),
        notes=(),
        data={},
    )
    assert render_csv(report) == "'=cmd\n'@x\n"


def test_event_file_json_path_errors_still_work():
    with pytest.raises(InvalidEventError, match=r"x.json: \$.teams: \[\] has fewer than 1 items?"):
        read_event(json.dumps({"teams": []}), filename="x.json")


def test_long_extends_chain_is_bounded(tmp_path):
    """Cycles are reported as cycles (tests/data/rulesets/cycle-*.yaml); a chain of distinct
    files is bounded too, so 2,000 files cannot exhaust the stack."""
    for i in range(40):
        (tmp_path / f"r{i}.yaml").write_text(
            f"schema_version: 1\nid: r{i}\nextends: ./r{i + 1}.yaml\n", encoding="utf-8"
        )
    (tmp_path / "r40.yaml").write_text(
        "schema_version: 1\nid: r40\nextends: round-robin\n", encoding="utf-8"
    )
    assert load_ruleset(str(tmp_path / "r10.yaml")).id == "r10"  # 31 files: within the limit
    with pytest.raises(
        InvalidRulesetError,
        match=r"r31.yaml: \$.extends: extends goes deeper than the limit of 32 rulesets$",
    ):
        load_ruleset(str(tmp_path / "r0.yaml"))
