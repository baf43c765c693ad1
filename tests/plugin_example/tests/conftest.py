"""The example plugin's own tests use swisspairing's fixtures for plugin authors."""

import pytest

pytest_plugins = ["swisspairing.pytest_plugin"]


@pytest.fixture
def swisspairing_ruleset():
    """The ruleset this plugin ships (through ``swiss_ruleset_dirs``)."""
    return "example-fold"
