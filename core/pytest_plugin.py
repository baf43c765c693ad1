"""pytest fixtures for plugin authors: generated tournaments and the absolute criteria.

A federation's plugin gets the same property tests as swisspairing's own systems in a few
lines (like ``tox.pytest`` for tox plugins).  In the plugin's ``conftest.py``::

    pytest_plugins = ["swisspairing.pytest_plugin"]

    import pytest

    @pytest.fixture
    def swisspairing_ruleset():
        return "my-federation-open"          # a ruleset id or a YAML file

and in a test module::

    def test_generated_events_keep_the_rules(swisspairing_simulation):
        swisspairing_simulation(tournaments=50, players=(8, 40))

Fixtures:

- ``swisspairing_ruleset`` — the ruleset under test (override it; default: the option
  ``--swisspairing-ruleset``).  Parametrize it to test several.
- ``swisspairing_engine`` — an :class:`~swisspairing.engine.Engine` for that ruleset.
- ``generate_tournament(players=24, rounds=None, seed=1, **rates)`` — a
  :class:`~swisspairing.generate.Generated` event played with your pairings, every round
  checked by :func:`assert_round_is_valid` on the way.
- ``assert_absolute_criteria(tournament)`` — fails with the list of violations that
  ``swisspairing check`` would print (your system's ``swiss_check_round`` plus the core's).
- ``assert_repairs(tournament)`` — fails unless ``check --repair`` reproduces every round.
- ``swisspairing_simulation(tournaments=…, players=(min, max), rounds=None, seed=1, **rates)``
  — generate and re-check many events; fails on any discrepancy or violation, naming the
  seed that reproduces it.  ``--swisspairing-tournaments N`` overrides the count (e.g. more in
  a nightly run).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .engine import Engine
from .generate import Generated, GeneratorConfig, generate
from .model import Tournament
from .pairing import RoundPairing
from .ruleset import Ruleset, load_ruleset
from .verify import SimulationSummary, repair_check, simulate_tournaments

__all__ = ["assert_round_is_valid", "pytest_addoption"]


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("swisspairing")
    group.addoption(
        "--swisspairing-ruleset",
        default=None,
        help="ruleset id or file tested by the swisspairing fixtures",
    )
    group.addoption(
        "--swisspairing-tournaments",
        type=int,
        default=None,
        help="tournaments per swisspairing_simulation call (overrides the test's count)",
    )


def assert_round_is_valid(engine: Engine, before: Tournament, pairing: RoundPairing) -> None:
    """The structure every pairing must have, whatever the system: nobody placed twice, only
    participants on the boards (a forfeit board excepted), in an individual event every
    participant on a board or given a bye; and no absolute-criteria violation once applied."""
    ctx = engine.context(before, pairing.round, explain=False)
    participants = set(ctx.participants)
    placed: list[int] = [n for b in pairing.boards for n in b.players] + [
        b.player for b in pairing.byes
    ]
    twice = sorted({n for n in placed if placed.count(n) > 1})
    assert not twice, f"round {pairing.round}: placed more than once: {twice}"
    for b in pairing.boards:
        for n in b.players:
            assert n in participants or n == b.absent, (
                f"round {pairing.round}: board {b} has {n}, who does not take part"
            )
    if not before.teams:
        missing = sorted(participants - set(placed))
        assert not missing, f"round {pairing.round}: participants not paired: {missing}"
    after = engine.apply(before, pairing)
    found = [v for v in engine.check(after) if v.round == pairing.round]
    assert not found, f"round {pairing.round}: " + "; ".join(v.render("en") for v in found)


@pytest.fixture
def swisspairing_ruleset(request: Any) -> str | Ruleset:
    """The ruleset under test: override this fixture (default: ``--swisspairing-ruleset``)."""
    value = request.config.getoption("--swisspairing-ruleset", default=None)
    if value is None:
        pytest.skip(
            "no ruleset: override the swisspairing_ruleset fixture or pass --swisspairing-ruleset"
        )
    return value


def _ruleset(value: str | Ruleset) -> Ruleset:
    return value if isinstance(value, Ruleset) else load_ruleset(value)


@pytest.fixture
def swisspairing_engine(swisspairing_ruleset: str | Ruleset) -> Engine:
    """An engine for the ruleset under test."""
    return Engine(_ruleset(swisspairing_ruleset))


@pytest.fixture
def generate_tournament(swisspairing_engine: Engine) -> Callable[..., Generated]:
    """``generate_tournament(players=24, rounds=None, seed=1, **rates)``: a generated event,
    every round checked by :func:`assert_round_is_valid`."""
    engine = swisspairing_engine

    def make(
        players: int = 24, rounds: int | None = None, seed: int = 1, **rates: Any
    ) -> Generated:
        config = GeneratorConfig(players=players, rounds=rounds, seed=seed, **rates)
        return generate(
            engine.ruleset,
            config,
            engine=engine,
            on_round=lambda before, pairing: assert_round_is_valid(engine, before, pairing),
        )

    return make


@pytest.fixture
def assert_absolute_criteria(swisspairing_engine: Engine) -> Callable[[Tournament], None]:
    """``assert_absolute_criteria(tournament)``: no violation in any recorded round."""

    def check(tournament: Tournament) -> None:
        found = swisspairing_engine.check(tournament)
        assert not found, "; ".join(f"round {v.round}: {v.render('en')}" for v in found)

    return check


@pytest.fixture
def assert_repairs(swisspairing_engine: Engine) -> Callable[[Tournament], None]:
    """``assert_repairs(tournament)``: ``check --repair`` reproduces every round."""

    def check(tournament: Tournament) -> None:
        report = repair_check(swisspairing_engine, tournament)
        bad = [
            f"round {rc.round}: "
            + (
                rc.error.render("en")
                if rc.error is not None
                else f"{len(rc.differences)} boards differ"
            )
            for rc in report.differing
        ]
        bad += [f"round {v.round}: {v.render('en')}" for v in report.violations]
        assert not bad, "; ".join(bad)

    return check


@pytest.fixture
def swisspairing_simulation(
    request: Any, swisspairing_engine: Engine
) -> Callable[..., SimulationSummary]:
    """``swisspairing_simulation(tournaments=20, players=(8, 40), rounds=None, seed=1, **rates)``:
    generate and ``check --repair`` many events; fails on any discrepancy or violation."""
    override = request.config.getoption("--swisspairing-tournaments", default=None)

    def run(
        tournaments: int = 20,
        players: tuple[int, int] = (8, 40),
        rounds: int | None = None,
        seed: int = 1,
        **rates: Any,
    ) -> SimulationSummary:
        summary = simulate_tournaments(
            swisspairing_engine.ruleset,
            override or tournaments,
            players=players,
            rounds=rounds,
            seed=seed,
            rates=rates,
            engine=swisspairing_engine,
        )
        bad = [f for f in summary.findings if f.kind != "stopped"]
        assert not bad, "\n".join(
            f"{f.ruleset} seed {f.seed} ({f.players} entrants), round {f.round}: {f.kind}: "
            f"{f.detail}"
            for f in bad
        )
        return summary

    return run
