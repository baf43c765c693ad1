"""Rulesets: ``extends`` (mappings merge, lists replace), lookup by id or path, validation
errors as ``file: $.json.path: message`` (``schema_version`` checked first), and a
meta-test that every packaged ruleset validates."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing import InvalidRulesetError, PointSystem, load_ruleset, manager
from swisspairing.ruleset import builtin_rulesets, merge, ruleset_from_mapping

ROOT = Path(__file__).parent.parent
RULESETS = Path(__file__).parent / "data" / "rulesets"
BUILTIN_FILES = sorted((ROOT / "rulesets").glob("*.yaml"))


# ---------------------------------------------------------------------- extends
def test_extends_merges_mappings_and_replaces_lists() -> None:
    base = load_ruleset("round-robin")
    rs = load_ruleset(str(RULESETS / "rr-extended.yaml"))
    assert (rs.id, rs.system, rs.name) == (
        "club-round-robin",
        "round-robin-berger",
        "Club round robin, 3/1/0",
    )
    # points: {win: 3, draw: 1} merged into the base mapping, which sets the bye to 0
    assert rs.points == PointSystem(
        win=3, draw=1, loss=0, forfeit_win=1, forfeit_loss=0, pairing_allocated_bye=0
    )
    assert base.points.pairing_allocated_bye == 0 and PointSystem().pairing_allocated_bye == 1
    # colours: {max_run: 3} merged; the base's max_difference: null is kept (default would be 2)
    assert (rs.colours.max_difference, rs.colours.max_run) == (None, 3)
    # lists replace: [buchholz], not [sonneborn-berger, wins, buchholz]
    assert base.tiebreaks == ("sonneborn-berger", "wins")
    assert rs.tiebreaks == ("buchholz",)
    # parameters merge and the system's schema defaults fill the rest
    assert dict(rs.parameters) == {"cycles": 2, "swap_last_two_first_cycle": True}
    assert rs.byes.blocked_by == frozenset()  # inherited: byes: {blocked_by: []}
    assert rs.regulation == base.regulation  # inherited scalar


def test_extends_by_relative_path_from_another_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the parent is found next to the child, not in the cwd
    rs = load_ruleset(str(RULESETS / "rr-by-path.yaml"))
    assert rs.id == "club-round-robin-no-swap"  # the id is never inherited
    assert dict(rs.parameters) == {"cycles": 2, "swap_last_two_first_cycle": False}
    assert rs.points.win == 3 and rs.tiebreaks == ("buchholz",)


def test_merge_semantics() -> None:
    base = {"a": {"x": 1, "y": {"p": 1, "q": 2}}, "l": [1, 2], "s": "base", "keep": True}
    over = {"a": {"y": {"q": 3}, "z": 0}, "l": [3], "s": "over"}
    assert merge(base, over) == {
        "a": {"x": 1, "y": {"p": 1, "q": 3}, "z": 0},
        "l": [3],
        "s": "over",
        "keep": True,
    }
    assert base["a"]["y"] == {"p": 1, "q": 2}  # inputs untouched
    assert merge({"a": {"x": 1}}, {"a": None}) == {"a": None}  # a non-mapping replaces


# ---------------------------------------------------------------------- lookup
def test_builtin_found_by_id() -> None:
    rs = load_ruleset("round-robin")
    assert rs.source == "rulesets/round-robin.yaml"
    assert rs.system == "round-robin-berger"
    assert rs.param("cycles") == 1 and rs.param("swap_last_two_first_cycle") is True
    assert rs.param("nonexistent", 42) == 42
    assert repr(rs) == "load_ruleset('rulesets/round-robin.yaml')"


def test_user_file_by_relative_and_absolute_path(monkeypatch: pytest.MonkeyPatch) -> None:
    absolute = load_ruleset(str(RULESETS / "rr-extended.yaml"))
    monkeypatch.chdir(RULESETS)
    relative = load_ruleset("rr-extended.yaml")
    assert relative.source == "rr-extended.yaml"
    assert absolute.source == str(RULESETS / "rr-extended.yaml")
    assert (relative.id, relative.points, relative.parameters) == (
        absolute.id,
        absolute.points,
        absolute.parameters,
    )


def test_core_defaults_when_keys_are_absent() -> None:
    rs = ruleset_from_mapping(
        {"schema_version": 1, "id": "bare", "system": "x"},
        system_schema=lambda system: {"type": "object"},
    )
    assert (rs.colours.max_difference, rs.colours.max_run) == (2, 2)
    assert rs.byes.blocked_by == frozenset({"U", "F", "+"})
    assert rs.max_meetings == 1 and rs.first_colour == "white"
    assert rs.points == PointSystem() and dict(rs.parameters) == {}


# ---------------------------------------------------------------------- errors
def _error(ref: str) -> str:
    with pytest.raises(InvalidRulesetError) as info:
        load_ruleset(ref)
    assert info.value.exit_code == 3
    return str(info.value)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("bad-cycles.yaml", "{path}: $.parameters.cycles: 9 is greater than the maximum of 4"),
        ("bad-type.yaml", '{path}: $.max_meetings: "lots" is not a whole number'),
        ("bad-unknown-key.yaml", "{path}: $: unknown key colors"),
        (
            "bad-unknown-system.yaml",
            "{path}: $.system: unknown pairing system 'no-such-system' (installed: {installed})",
        ),
        (
            "bad-schema-version.yaml",
            "{path}: $.schema_version: unsupported schema_version 2 (this version reads 1)",
        ),
        (
            "bad-yaml.yaml",
            "{path}: line 5, column 10: invalid YAML: expected ',' or '}}', but got ':'",
        ),
        (
            "bad-extends-missing.yaml",
            "{path}: $.extends: unknown ruleset 'no-such-ruleset' (known: {known})",
        ),
        (
            "cycle-a.yaml",
            "{dir}/cycle-b.yaml: $.extends: extends forms a cycle: {path} -> {dir}/cycle-b.yaml "
            "-> {dir}/cycle-a.yaml",
        ),
    ],
)
def test_invalid_rulesets(name: str, expected: str) -> None:
    path = str(RULESETS / name)
    known = ", ".join(sorted(builtin_rulesets(manager.ruleset_dirs())))
    text = expected.format(
        path=path, dir=RULESETS, installed=", ".join(manager.system_names()), known=known
    )
    assert _error(path) == text


def test_schema_version_is_checked_first(tmp_path: Path) -> None:
    # bad-schema-version.yaml also has a bad id, an unknown system, an unknown key and cycles: 9
    assert "$.schema_version" in _error(str(RULESETS / "bad-schema-version.yaml"))
    missing = tmp_path / "missing-version.yaml"
    missing.write_text("id: x\nsystem: round-robin-berger\nparameters: {cycles: 9}\n")
    assert (
        _error(str(missing))
        == f"{missing}: $.schema_version: unsupported schema_version null (this version reads 1)"
    )


@pytest.mark.parametrize(
    "content, expected",
    [
        ("- just\n- a list\n", "$: a ruleset must be a mapping"),
        (
            "schema_version: 1\nid: x\nextends: [round-robin]\n",
            "$.extends: extends must be a ruleset id or a path",
        ),
        ("schema_version: 1\nid: x\n", "$: missing required key system"),
        (
            "schema_version: 1\nid: Not An Id\nsystem: round-robin-berger\n",
            '$.id: "Not An Id" does not match',
        ),
        (
            "schema_version: 1\nid: x\nsystem: round-robin-berger\ncolours: {max_difference: 0}\n",
            "$.colours.max_difference: 0 is less than the minimum of 1",
        ),
        (
            "schema_version: 1\nid: x\nsystem: round-robin-berger\nbyes: {blocked_by: [X]}\n",
            '$.byes.blocked_by[0]: "X" is not one of',
        ),
        (
            # retired (issue 20): no search budget decides a pairing; the key is refused
            "schema_version: 1\nid: x\nsystem: round-robin-berger\nsearch_budget: 500\n",
            "$: unknown key search_budget",
        ),
        (
            "schema_version: 1\nid: x\nsystem: round-robin-berger\nparameters: {colour: 2}\n",
            "$.parameters: unknown key colour",
        ),
        (
            "schema_version: 1\nid: x\nextends: nothere.yaml\n",
            "r.yaml: $.extends: nothere.yaml: file not found",
        ),
    ],
    ids=[
        "not-a-mapping",
        "extends-not-string",
        "missing-system",
        "bad-id",
        "minimum",
        "enum",
        "budget",
        "unknown-parameter",
        "missing-parent",
    ],
)
def test_more_invalid_rulesets(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(content, encoding="utf-8")
    message = _error(str(path))
    assert expected in message
    assert message.startswith(str(tmp_path))


def test_unknown_ruleset_id() -> None:
    message = _error("no-such-ruleset")
    assert message.startswith("unknown ruleset 'no-such-ruleset' (known: ")
    assert "round-robin" in message


def test_cycle_through_differently_spelt_paths(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.yaml").write_text(
        "schema_version: 1\nid: a\nsystem: round-robin-berger\nextends: sub/../a.yaml\n"
    )
    assert "extends forms a cycle" in _error(str(tmp_path / "a.yaml"))


# --------------------------------------------------------------------- meta-test: packaged rulesets
def test_there_are_packaged_rulesets() -> None:
    assert {"round-robin.yaml", "double-round-robin.yaml"} <= {f.name for f in BUILTIN_FILES}


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=lambda p: p.name)
def test_every_packaged_ruleset_validates(path: Path) -> None:
    by_path = load_ruleset(str(path))
    by_id = load_ruleset(by_path.id)
    assert by_id.source == f"rulesets/{path.name}"
    assert (by_id.system, by_id.points, by_id.parameters, by_id.colours) == (
        by_path.system,
        by_path.points,
        by_path.parameters,
        by_path.colours,
    )
    assert by_path.system in manager.system_names()
    text = path.read_text("utf-8")
    assert text.startswith("# yaml-language-server: $schema=../core/schemas/ruleset.schema.json")


def test_packaged_ruleset_ids_are_unique() -> None:
    import yaml

    ids = [yaml.safe_load(p.read_text("utf-8"))["id"] for p in BUILTIN_FILES]
    assert len(ids) == len(set(ids))
    assert set(ids) <= set(builtin_rulesets())
    assert os.path.basename(str(builtin_rulesets()["round-robin"])) == "round-robin.yaml"


# ---------------------------------------------------------------------- the validation fast path
@functools.cache
def _schemas() -> list[tuple[str, dict]]:
    from swisspairing.ruleset import core_schema

    return [("core", core_schema())] + [
        (name, manager.system_schema(name)) for name in manager.system_names()
    ]


def test_every_packaged_ruleset_takes_the_fast_path() -> None:
    """Issue 20 (start-up): a valid ruleset is validated without importing jsonschema —
    the sound check :func:`swisspairing.ruleset.surely_valid` accepts every packaged ruleset
    and its parameters, and jsonschema agrees."""
    import jsonschema
    from swisspairing.ruleset import _load_chain, core_schema, surely_valid

    registry = builtin_rulesets()
    for rid in registry:
        _, data = _load_chain(rid, None, registry, ())
        data.pop("extends", None)
        assert surely_valid(data, core_schema()), rid
        params = data.get("parameters", {})
        schema = manager.system_schema(data["system"])
        assert surely_valid(params, schema), rid
        jsonschema.Draft202012Validator(schema).validate(params)


_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 300)
    | st.floats(-5, 300, allow_nan=False)
    | st.sampled_from(["white", "black", "buchholz", "U", "F", "+", "x", "", "fide-dutch-1992"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["a", "win", "max_run", "pairs", "policy"]), inner, max_size=3
        )
    ),
    max_leaves=6,
)


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_fast_path_never_accepts_what_jsonschema_refuses(data) -> None:
    """Soundness of :func:`surely_valid`: whenever it says valid, jsonschema says valid (the
    error messages therefore never change); random mappings over each schema's own keys."""
    import jsonschema
    from swisspairing.ruleset import surely_valid

    name, schema = data.draw(st.sampled_from(_schemas()))
    keys = [*sorted(schema.get("properties", {})), "unknown"]
    instance = data.draw(st.dictionaries(st.sampled_from(keys), _VALUES, max_size=6))
    for key, sub in schema.get("properties", {}).items():  # also values the schema expects
        if key in instance and data.draw(st.booleans()):
            if "enum" in sub:
                instance[key] = data.draw(st.sampled_from(sub["enum"]))
            elif "default" in sub:
                instance[key] = sub["default"]
    if surely_valid(instance, schema):
        assert jsonschema.Draft202012Validator(schema).is_valid(instance), (name, instance)


def test_every_packaged_ruleset_is_named_by_its_id() -> None:
    """The packaged ``rulesets/<id>.yaml`` files are named by their ids: the loader answers a
    packaged id from the folder's listing (issue 20, start-up) and must find what
    :func:`builtin_rulesets` finds."""
    from swisspairing.ruleset import _InstalledRulesets

    packaged = builtin_rulesets()
    assert packaged and all(entry.name == f"{rid}.yaml" for rid, entry in packaged.items())
    assert len({e.name for e in packaged.values()}) == len(packaged)
    assert {e.name for e in packaged.values()} == {
        p.name for p in (ROOT / "rulesets").glob("*.y*ml")
    }
    lazy = _InstalledRulesets()
    everything = builtin_rulesets(manager.ruleset_dirs())
    for rid, entry in everything.items():
        assert rid in lazy and str(lazy[rid]) == str(entry)
    assert "no-such-ruleset" not in lazy and "FIDE-DUTCH-1992" not in lazy
    assert list(lazy) == list(everything) and len(lazy) == len(everything)


@pytest.mark.parametrize("package", ["swisspairing", "swisspairing.rulesets"])
def test_package_files_are_importlib_resources(package: str) -> None:
    """The package folders read without importing importlib.resources (issue 20, start-up)
    are what ``importlib.resources.files`` gives."""
    from importlib import resources

    from swisspairing.ruleset import _files

    assert _files(package) == resources.files(package)


@pytest.mark.parametrize("parent", ["fide-burstein", "fide-olympiad-2010", "kpzszach-a-klasa-2005"])
@pytest.mark.parametrize(
    ("match_points", "expected"),
    [
        ("{win: 2, draw: 1, lost: 0}", "unknown key lost"),
        (
            "{win: 2, draw: -1, loss: 0}",
            "$.parameters.match_points.draw: -1 is less than the minimum",
        ),
    ],
)
def test_every_team_system_reads_match_points_alike(
    tmp_path: Path, parent: str, match_points: str, expected: str
) -> None:
    """One definition of ``match_points`` for every team system (swisspairing.teams, read by
    ``TeamScoring.from_ruleset``): a misspelt key or a negative value is refused by each, not
    silently replaced by the default (issue 27)."""
    path = tmp_path / "r.yaml"
    path.write_text(
        f"schema_version: 1\nid: x\nextends: {parent}\n"
        f"parameters: {{match_points: {match_points}}}\n",
        encoding="utf-8",
    )
    assert expected in _error(str(path))


def test_the_parsed_copy_of_the_packaged_rulesets_is_current() -> None:
    """Start-up reads the packaged rulesets from their parsed copy (PyYAML is not imported,
    issue 20); it must say exactly what parsing the files says.  After editing a file under
    rulesets/, run ``python -m swisspairing.ruleset`` to write the copy again."""
    from swisspairing.ruleset import PARSED_COPY, parsed_copy

    folder = Path(__file__).resolve().parent.parent / "rulesets"
    assert (folder / PARSED_COPY).read_text(encoding="utf-8") == parsed_copy(folder), (
        "rulesets/parsed.json is out of date: python -m swisspairing.ruleset"
    )


def test_a_packaged_file_whose_text_differs_from_the_copy_is_parsed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The copy is used only for the very text it was made from: a packaged file that says
    something else (edited in place, an older copy) is parsed, so the copy can never make a
    ruleset say what its file does not."""
    from swisspairing import ruleset as rs

    monkeypatch.setattr(rs, "_copy", lambda: {"fide-dutch-2025.yaml": {"text": "x", "data": "{}"}})
    assert load_ruleset("fide-dutch-2025").system == "fide-dutch"
    monkeypatch.setattr(
        rs,
        "_copy",
        lambda: {
            "fide-dutch-2025.yaml": {
                "text": (
                    Path(__file__).resolve().parent.parent / "rulesets" / "fide-dutch-2025.yaml"
                ).read_text(encoding="utf-8"),
                "data": json.dumps(
                    {"schema_version": 1, "id": "fide-dutch-2025", "system": "round-robin-berger"}
                ),
            }
        },
    )
    assert load_ruleset("fide-dutch-2025").system == "round-robin-berger"  # the copy is read
