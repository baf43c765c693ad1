"""A forfeit is not a game (C.04.1 b with C.04.2 / GHR 3.5, Dutch-1992 F2, AMB-X8).

Two players whose only earlier pairing was forfeited may be paired again, in every system; the
explanation says so when it happens (``C.04.1 b``).  A federation that rules otherwise sets
``forfeit_counts_as_met: true`` in its ruleset, and then no two players are ever paired twice.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from swisspairing import Engine, load_ruleset
from swisspairing.simulate import SimulationConfig, simulate

SYSTEMS = [
    "fide-dutch-1992",
    "fide-dutch-2025",
    "fide-dubov-1997",
    "fide-dubov-2026",
    "fide-burstein",
    "fide-burstein-2025",
    "fide-lim",
    "rdf-coefficient",
]
CONFIG = SimulationConfig(forfeit_rate=0.25, withdrawal_rate=0)


def _run(ruleset_id: str, strict: bool) -> tuple[int, int]:
    rs = load_ruleset(ruleset_id)
    if strict:
        rs = replace(rs, forfeit_counts_as_met=True)
    engine = Engine(rs)
    explained = paired_again = 0

    def on_round(before, pairing):  # type: ignore[no-untyped-def]
        nonlocal explained, paired_again
        records = {p.number: p.rounds for p in before.players}
        again = set()
        for b in pairing.boards:
            earlier = [r for r in records[b.white][: pairing.round - 1] if r is not None]
            if any(r.opponent == b.black for r in earlier):
                assert not any(r.opponent == b.black and r.is_played for r in earlier)
                again.add((b.white, b.black))
        said = {(e.args["white"], e.args["black"]) for e in pairing.events if e.rule == "C.04.1 b"}
        assert said == again  # the explanation names exactly the pairs paired again
        explained += len(said)
        paired_again += len(again)

    for seed in (1, 2, 3):
        simulate(engine, 12, 7, seed, CONFIG, on_round=on_round)
    return explained, paired_again


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_forfeit_is_not_a_game_and_the_explanation_says_so(ruleset_id: str) -> None:
    """Default (C.04.2 / GHR 3.5, AMB-X8): players whose only earlier game was forfeited may
    meet; each such pair is explained (``C.04.1 b``).  With these seeds it happens."""
    explained, again = _run(ruleset_id, strict=False)
    assert explained == again > 0


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_forfeit_counts_as_met_forbids_the_second_pairing(ruleset_id: str) -> None:
    """``forfeit_counts_as_met: true`` (C.04.1 b as some federations read it): never twice."""
    assert _run(ruleset_id, strict=True) == (0, 0)


def test_the_ruleset_file_accepts_the_switch(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "strict.yaml"
    path.write_text(
        "schema_version: 1\nid: strict\nextends: fide-dutch-1992\nforfeit_counts_as_met: true\n",
        encoding="utf-8",
    )
    assert load_ruleset(str(path)).forfeit_counts_as_met is True
    assert load_ruleset("fide-dutch-1992").forfeit_counts_as_met is False
