"""A Burstein round that cannot be paired is refused with the proof (issue 23: "no valid
pairing" only with a witness a person can check), not with the plain sentence."""

from __future__ import annotations

import pytest
from swisspairing import Engine, NoValidPairingError, load_ruleset
from swisspairing.simulate import SimulationConfig, simulate


@pytest.mark.parametrize("ruleset", ["fide-burstein", "fide-burstein-2025"])
def test_eleven_players_ten_rounds_run_out_of_opponents_with_a_reason(ruleset: str) -> None:
    """Eleven players cannot play ten rounds for ever: once a player has met everybody he
    may still meet (C.04.1 b, no second meeting), the PAB choice (Burstein A.3 / 3.1) finds
    no complete pairing, and the refusal names the player and whom he has met."""
    refusals = []
    for seed in range(12):
        try:
            simulate(Engine(load_ruleset(ruleset)), 11, 10, seed, SimulationConfig(draw_rate=0.3))
        except NoValidPairingError as exc:
            refusals.append(str(exc))
    assert refusals, "some of these events must run out of opponents"
    for text in refusals:
        assert text.startswith("no valid pairing exists: "), text
        assert "cannot be paired" in text or "groups of odd size" in text, text
