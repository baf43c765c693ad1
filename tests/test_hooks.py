"""Every hook of ``core/hookspecs.py``: one ``test_hook_<name>`` each, showing that a plugin
implementing it changes what the engine does, plus a meta-test that every hookspec is
documented and tested (datasette's ``test_plugin_hooks_have_tests``)."""

from __future__ import annotations

import dataclasses
import inspect
import re
import sys
import types
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from swisspairing import (
    Bye,
    ByeChoice,
    Engine,
    Event,
    InvalidRulesetError,
    Pairing,
    Player,
    RoundPairing,
    Tournament,
    Violation,
    hookimpl,
    hookspecs,
    load_ruleset,
    load_trf,
    manager,
    read_trf,
)
from swisspairing.manager import make_manager
from swisspairing.ruleset import ruleset_from_mapping
from swisspairing.tiebreaks import CORE_TIEBREAKS, Tiebreak

TESTS = Path(__file__).parent
ROOT = TESTS.parent
RR8 = ROOT / "examples" / "round-robin-8.trf"


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages are asserted in English, whatever the developer's ``LANG``."""
    monkeypatch.setenv("SWISSPAIRING_LANG", "en")


def core_engine(*plugins: Any) -> Engine:
    """The core defaults (no system) plus ``plugins``."""
    ruleset = ruleset_from_mapping(
        {"schema_version": 1, "id": "core", "system": "core"},
        system_schema=lambda s: {"type": "object"},
    )
    return Engine(ruleset, manager=make_manager(None, plugins))


def players(n: int) -> Tournament:
    return Tournament(
        players=tuple(Player(k, name=f"P{k}", rating=2100 - 10 * k) for k in range(1, n + 1))
    )


def line001(number: int, points: str, *blocks: str) -> str:
    head = (
        f"001 {number:>4} m    {'Player ' + str(number):<33} {2100 - 10 * number:>4} GER {'':>11} "
        f"{'':10} {points:>4} {'':4}"
    )
    return (head + "".join("  " + b for b in blocks)).rstrip()


def after_round_one() -> Tournament:
    """Four players; round 1: 1-3 and 2-4, White won both."""
    return read_trf(
        "\n".join(
            [
                "XXR 5",
                line001(1, "1.0", "0003 w 1"),
                line001(2, "1.0", "0004 w 1"),
                line001(3, "0.0", "0001 b 0"),
                line001(4, "0.0", "0002 b 0"),
            ]
        )
        + "\n"
    )


def pairs_of(pairing: RoundPairing) -> set[frozenset[int]]:
    return {frozenset(b.players) for b in pairing.boards}


@pytest.fixture
def install_system(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, dict[str, Any]], None]:
    """Installs a fake entry point ``name`` in ``swisspairing.systems`` whose plugin is a
    module with the given hook implementations."""

    def install(name: str, hooks: dict[str, Any]) -> None:
        module = types.ModuleType(f"_swisspairing_test_{name.replace('-', '_')}")
        for hook_name, fn in hooks.items():
            setattr(module, hook_name, fn)
        monkeypatch.setitem(sys.modules, module.__name__, module)
        entry = metadata.EntryPoint(name=name, value=module.__name__, group=manager.GROUP)
        installed = manager.system_entry_points
        monkeypatch.setattr(manager, "system_entry_points", lambda: {**installed(), name: entry})
        manager._load_module.cache_clear()

    yield install
    manager._load_module.cache_clear()


# ---------------------------------------------------------------------- registration hooks
def test_hook_swiss_system_info(install_system, cli) -> None:
    @hookimpl
    def swiss_system_info() -> dict[str, str]:
        return {"description": "A test system that pairs with the core defaults", "rules": "none"}

    install_system("test-info", {"swiss_system_info": swiss_system_info})
    infos = make_manager("test-info").hook.swiss_system_info()
    assert {
        "description": "A test system that pairs with the core defaults",
        "rules": "none",
    } in infos
    berger = make_manager("round-robin-berger").hook.swiss_system_info()
    assert any(info and info.get("rules") == "RR-Berger" for info in berger)
    listed = {info["name"]: info for info in manager.systems_info()}
    assert listed["test-info"]["description"] == "A test system that pairs with the core defaults"
    assert listed["test-info"]["hooks"] == ["swiss_system_info"]
    out = cli("systems").out.splitlines()
    at = next(i for i, line in enumerate(out) if line.split() == ["test-info"])  # no distribution
    assert out[at + 1].strip() == "A test system that pairs with the core defaults"


def _schema_hook() -> Any:
    @hookimpl
    def swiss_ruleset_schema() -> dict[str, Any]:
        return {
            "properties": {
                "depth": {"type": "integer", "minimum": 1, "maximum": 3, "default": 2},
                "style": {"enum": ["fold", "slide"]},
            }
        }

    return swiss_ruleset_schema


def test_hook_swiss_ruleset_schema(install_system, tmp_path: Path) -> None:
    install_system("test-schema", {"swiss_ruleset_schema": _schema_hook()})
    assert manager.system_schema("test-schema")["properties"]["depth"]["maximum"] == 3
    assert manager.system_schema("no-such-system") is None
    path = tmp_path / "r.yaml"
    path.write_text("schema_version: 1\nid: r\nsystem: test-schema\nparameters: {style: fold}\n")
    assert dict(load_ruleset(str(path)).parameters) == {
        "style": "fold",
        "depth": 2,
    }  # default applied
    path.write_text("schema_version: 1\nid: r\nsystem: test-schema\nparameters: {depth: 5}\n")
    with pytest.raises(
        InvalidRulesetError, match=r"\$\.parameters\.depth: 5 is greater than the maximum of 3$"
    ):
        load_ruleset(str(path))
    path.write_text("schema_version: 1\nid: r\nsystem: test-schema\nparameters: {style: zigzag}\n")
    with pytest.raises(
        InvalidRulesetError, match=r"\$\.parameters\.style: \"zigzag\" is not one of"
    ):
        load_ruleset(str(path))


def test_hook_swiss_ruleset_dirs(install_system, tmp_path: Path, cli) -> None:
    shipped = tmp_path / "federation-rulesets"
    shipped.mkdir()
    (shipped / "federation-open.yaml").write_text(
        "schema_version: 1\nid: federation-open\nsystem: test-dirs\nname: Federation "
        "Open\nparameters: {depth: 3}\n"
    )

    @hookimpl
    def swiss_ruleset_dirs() -> list[Path]:
        return [shipped]

    install_system(
        "test-dirs",
        {"swiss_ruleset_dirs": swiss_ruleset_dirs, "swiss_ruleset_schema": _schema_hook()},
    )
    assert [shipped] in make_manager("test-dirs").hook.swiss_ruleset_dirs()
    rs = load_ruleset("federation-open")
    assert (rs.system, rs.source, rs.param("depth")) == (
        "test-dirs",
        "rulesets/federation-open.yaml",
        3,
    )
    assert (
        "federation-open          test-dirs              Federation Open"
        in cli("rulesets").out.splitlines()
    )


def test_hook_swiss_tiebreaks() -> None:
    def pawns(t: Tournament, ps: Any, after: int) -> dict[int, float]:
        return {p.number: float(p.number % 3) for p in t.players}

    class Plugin:
        @hookimpl
        def swiss_tiebreaks(self) -> dict[str, Tiebreak]:
            return {"pawns": Tiebreak("pawns", "Pawns", pawns)}

    found: dict[str, Tiebreak] = {}
    for part in make_manager(None, [Plugin()]).hook.swiss_tiebreaks():
        found.update(part or {})
    assert {"pawns", "buchholz", "sonneborn-berger"} <= set(found)
    assert found["buchholz"] is CORE_TIEBREAKS["buchholz"]
    assert found["pawns"].function(players(4), None, 0) == {1: 1.0, 2: 2.0, 3: 0.0, 4: 1.0}


# ---------------------------------------------------------------------- pairing hooks
def test_hook_swiss_pair_round() -> None:
    class Audit:
        """A new-style wrapper around whoever pairs the round."""

        def __init__(self) -> None:
            self.seen: list[RoundPairing] = []

        @hookimpl(wrapper=True)
        def swiss_pair_round(self, context):
            result = yield
            self.seen.append(result)
            return dataclasses.replace(
                result,
                events=(
                    *result.events,
                    Event("audit", "audited round {round}", {"round": context.round_number}),
                ),
            )

    audit = Audit()
    rr = load_ruleset("round-robin")
    t = load_trf(RR8)
    plain = Engine(rr).pair(t)
    audited = Engine(rr, extra_plugins=[audit]).pair(t)
    assert audited == plain and audit.seen == [plain]
    assert audited.events[-1].render() == "[audit] audited round 4"

    class Fixed:
        @hookimpl
        def swiss_pair_round(self, context):
            return RoundPairing(context.round_number, (Pairing(4, 1), Pairing(3, 2)))

    assert core_engine(Fixed()).pair(players(4)).boards == (Pairing(4, 1), Pairing(3, 2))


def test_hook_swiss_sort_players() -> None:
    class OddFirst:
        @hookimpl
        def swiss_sort_players(self, players, context):
            return sorted((p.number for p in players), key=lambda n: (n % 2 == 0, n))

    # default ranking 1 2 3 4: top half against bottom half, 1-3 and 2-4
    assert pairs_of(core_engine().pair(players(4))) == {frozenset({1, 3}), frozenset({2, 4})}
    # ranking 1 3 2 4: 1-2 and 3-4
    assert pairs_of(core_engine(OddFirst()).pair(players(4))) == {
        frozenset({1, 2}),
        frozenset({3, 4}),
    }


def test_hook_swiss_assign_bye() -> None:
    class TopGetsBye:
        def __init__(self) -> None:
            self.candidates: list[int] = []

        @hookimpl
        def swiss_assign_bye(self, candidates, context):
            self.candidates = list(candidates)
            return ByeChoice(candidates[0])

    assert core_engine().pair(players(5)).byes == (Bye(5),)  # default: left over at the bottom
    plugin = TopGetsBye()
    pairing = core_engine(plugin).pair(players(5))
    assert plugin.candidates == [1, 2, 3, 4, 5]
    assert pairing.byes == (Bye(1),)
    assert pairs_of(pairing) == {frozenset({2, 4}), frozenset({3, 5})}


def test_hook_swiss_build_brackets() -> None:
    from swisspairing import Bracket

    class OneBracket:
        @hookimpl
        def swiss_build_brackets(self, ranked, context):
            return [Bracket(0, 0.0, tuple(ranked), is_last=True)]

    # by score: {1, 2} and {3, 4}
    assert pairs_of(core_engine().pair(after_round_one())) == {frozenset({1, 2}), frozenset({3, 4})}
    # one bracket 1 2 | 3 4: 1-3 would be a rematch, so 1-4 and 2-3
    assert pairs_of(core_engine(OneBracket()).pair(after_round_one())) == {
        frozenset({1, 4}),
        frozenset({2, 3}),
    }


def test_hook_swiss_pair_bracket() -> None:
    from swisspairing import BracketOutcome

    class Fold:
        @hookimpl
        def swiss_pair_bracket(self, bracket, context):
            p = list(bracket.players)
            yield BracketOutcome(
                tuple((p[i], p[-1 - i]) for i in range(len(p) // 2)),
                tuple(p[len(p) // 2 : len(p) - len(p) // 2]),
            )

    assert pairs_of(core_engine(Fold()).pair(players(6))) == {
        frozenset({1, 6}),
        frozenset({2, 5}),
        frozenset({3, 4}),
    }
    assert pairs_of(core_engine().pair(players(6))) == {
        frozenset({1, 4}),
        frozenset({2, 5}),
        frozenset({3, 6}),
    }


def test_hook_swiss_allocate_colours() -> None:
    class HigherNumberWhite:
        @hookimpl
        def swiss_allocate_colours(self, pair, context):
            return Pairing(max(pair), min(pair))

    default = core_engine().pair(players(6))
    assert [(b.white, b.black) for b in default.boards] == [(1, 4), (5, 2), (3, 6)]  # alternating
    assert [
        (b.white, b.black) for b in core_engine(HigherNumberWhite()).pair(players(6)).boards
    ] == [(4, 1), (5, 2), (6, 3)]


def test_hook_swiss_order_boards() -> None:
    class Reverse:
        @hookimpl
        def swiss_order_boards(self, pairings, context):
            return list(reversed(pairings))

    default = core_engine().pair(players(6)).boards
    assert core_engine(Reverse()).pair(players(6)).boards == tuple(reversed(default))


def test_hook_swiss_check_round() -> None:
    class EveryRoundIsSuspicious:
        @hookimpl
        def swiss_check_round(self, tournament, round_number, context):
            return [Violation(round_number, "audit", "round {r} looked at", (("r", round_number),))]

    rr = load_ruleset("round-robin")
    t = load_trf(RR8)
    assert Engine(rr).check(t) == []
    found = Engine(rr, extra_plugins=[EveryRoundIsSuspicious()]).check(t)
    assert [v.render() for v in found] == [
        "[audit] round 1 looked at",
        "[audit] round 2 looked at",
        "[audit] round 3 looked at",
    ]


def test_hook_swiss_colour_exempt() -> None:
    """A player the system exempts from the colour limits is not reported by ``check``."""
    t = read_trf(
        "\n".join(
            [
                "XXR 4",
                line001(1, "3.0", "0002 w 1", "0003 w 1", "0004 w 1"),
                line001(2, "0.0", "0001 b 0", "0004 b 0", "0003 b 0"),
                line001(3, "2.0", "0004 w 1", "0001 b 0", "0002 w 1"),
                line001(4, "1.0", "0003 b 0", "0002 w 1", "0001 b 0"),
            ]
        )
        + "\n"
    )

    class ExemptPlayerOne:
        @hookimpl
        def swiss_colour_exempt(self, number, context):
            return number == 1

    found = [v.render() for v in core_engine().check(t)]
    assert any("player 1: 3 games in a row" in v for v in found)
    assert not any(
        "player 1:" in v for v in (x.render() for x in core_engine(ExemptPlayerOne()).check(t))
    )


# ---------------------------------------------------------------------- meta-test
def _hookspecs() -> dict[str, Any]:
    return {
        name: fn
        for name, fn in inspect.getmembers(hookspecs, inspect.isfunction)
        if hasattr(fn, f"{hookspecs.PROJECT}_spec")
    }


def test_hookspecs_are_found() -> None:
    assert {"swiss_pair_round", "swiss_pair_bracket", "swiss_check_round"} <= set(_hookspecs())


@pytest.mark.parametrize("name", sorted(_hookspecs()))
def test_every_hookspec_is_documented_and_tested(name: str) -> None:
    spec = _hookspecs()[name]
    doc = inspect.getdoc(spec) or ""
    assert len(doc) > 30, f"{name} has no docstring"
    if getattr(spec, f"{hookspecs.PROJECT}_spec").get("firstresult"):
        assert doc.rstrip().endswith("Stops at first non-None result."), name
    tests = "".join(p.read_text("utf-8") for p in TESTS.rglob("test_*.py"))
    assert re.search(rf"^def test_hook_{name}\(", tests, re.MULTILINE), f"no test_hook_{name}"
