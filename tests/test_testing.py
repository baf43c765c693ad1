"""The helpers for plugin authors' tests (core/testing.py)."""

from __future__ import annotations

import pytest
import swisspairing
from swisspairing import testing
from swisspairing.errors import InvalidInputError
from swisspairing.testing import board_pairs, build_tournament, run_cli


def test_build_tournament_and_the_dutch_procedure():
    """Dutch-1992 round 2: brackets {1}, {2, 4} (they met), {3}; 1 moves down (C1, A3) and
    meets 2, 4 moves down to 3; E1: 1 and 4 had White, so 2 - 1 and 3 - 4."""
    t = build_tournament([2100, 2050, 1980, 1900], [["1-3 1-0", "4-2 ½-½"]], total_rounds=3)
    assert t.player(1).rounds[0] == swisspairing.RoundRecord(3, swisspairing.WHITE, "1")
    assert t.player(2).rounds[0] == swisspairing.RoundRecord(4, swisspairing.BLACK, "=")
    result = swisspairing.pair_next_round(t, "fide-dutch-1992")
    assert board_pairs(result) == [(2, 1), (3, 4)]
    assert board_pairs(result.pairing) == [(2, 1), (3, 4)]


def test_build_tournament_round_robin_round_one():
    """RR-Berger 3, the table for four players: round 1 is 1-4, 2-3."""
    t = build_tournament([1500] * 4)
    assert board_pairs(swisspairing.pair_next_round(t, "round-robin")) == [(1, 4), (2, 3)]


def test_byes_forfeits_and_absences():
    t = build_tournament(
        [2000, 1900, 1800, 1700, 1600], [["1-2 +-", "3-4 0-1", "5 U"], ["2-1", "3 H"]]
    )
    assert t.player(1).rounds[0].result == "+" and t.player(2).rounds[0].result == "-"
    assert t.player(5).rounds[0].result == "U" and t.player(3).rounds[1].result == "H"
    assert t.player(4).rounds[1].result == "Z"  # not listed in round 2
    assert t.player(2).rounds[1].is_pending


@pytest.mark.parametrize(
    "rounds, where",
    [
        ([["1-9 1-0"]], "rounds[0][0]"),
        ([["1-2 1-0", "2-3 0-1"]], "rounds[0][1]"),
        ([["1-2 2-0"]], "rounds[0][0]"),
        ([["x"]], "rounds[0][0]"),
    ],
)
def test_bad_entries_name_their_place(rounds, where):
    with pytest.raises(InvalidInputError) as exc:
        build_tournament([1500, 1500, 1500], rounds)
    assert str(exc.value).startswith(where + ": ")


def test_run_cli_and_the_fixtures(tmp_path):
    path = tmp_path / "t.trf"
    swisspairing.dump_trf(build_tournament([1500] * 4), path)
    r = run_cli("pair", str(path), "--ruleset", "round-robin", "-p", "-")
    assert r.code == 0 and r.out == "2\n1 4\n2 3\n" and r.err == ""
    assert run_cli("pair", str(tmp_path / "missing.trf"), "--ruleset", "round-robin").code != 0
    assert (
        hasattr(testing.swisspairing_cli, "_fixture_function")
        or "fixture" in type(testing.swisspairing_cli).__name__.lower()
    )
