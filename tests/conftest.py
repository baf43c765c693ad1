"""Shared fixtures and Hypothesis profiles; makes the tests' helper modules (``headless``)
importable."""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from swisspairing.cli import main

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        default=False,
        help="run the tests marked slow (e.g. 1,000 generated tournaments per ruleset)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


DATA = Path(__file__).parent / "data"
EXAMPLES = Path(__file__).parent.parent / "examples"


@dataclass
class CliResult:
    """What a CLI call returned and printed."""

    code: int
    out: str
    err: str


@pytest.fixture
def cli():
    """Call ``swisspairing`` in-process: ``cli("pair", "x.trf", "--ruleset", "round-robin")``."""

    def run(*argv: str) -> CliResult:
        out, err = io.StringIO(), io.StringIO()
        code = main(list(argv), stdout=out, stderr=err)
        return CliResult(code, out.getvalue(), err.getvalue())

    return run


@pytest.fixture
def data_dir() -> Path:
    """``tests/data``."""
    return DATA
