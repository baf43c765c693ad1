"""The replay instrument of ``bench/replay.py``: truncation and the real round.

The replay re-pairs round r of a finished event from the history before it, so the truncated
tournament must be exactly what the arbiter had before pairing round r: rounds < r as played,
and of round r only the blocks filled before the pairing (a requested bye ``0000 - H``, an
announced absence ``0000 - Z``; the JaVaFo/bbpPairings convention the README describes).
"""

from __future__ import annotations

import pathlib
import sys

import pytest
from swisspairing import Engine, load_ruleset, read_trf
from swisspairing.model import WHITE

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))
import replay

_ROWS = [  # number, name, rating, points, round blocks (opponent, colour, result)
    (1, "Alpha, A", 2000, 2.0, ["   3 w 1", "   2 b =", "0000 - H"]),
    (2, "Beta, B", 1900, 1.5, ["   4 b 1", "   1 w =", "   3 w 0"]),
    (3, "Gamma, C", 1800, 2.0, ["   1 b 0", "   5 w 1", "   2 b 1"]),
    (4, "Delta, D", 1700, 1.0, ["   2 w 0", "0000 - U", "0000 - Z"]),
    (5, "Epsilon, E", 1600, 1.0, ["0000 - U", "   3 b 0", "   6 w 0"]),
    (6, "Zeta, Z", 1500, 1.0, ["0000 - Z", "0000 - Z", "   5 b 1"]),
]
TRF = "012 Replay test\nXXR 3\n" + "".join(
    f"001 {n:4d} m    {name:<33} {rating:4d}".ljust(80)
    + f"{pts:4.1f}"
    + " " * 7
    + "  ".join(blocks)
    + "\n"
    for n, name, rating, pts, blocks in _ROWS
)


@pytest.fixture()
def event():
    return read_trf(TRF, filename="replay.trf")


def test_truncate_keeps_earlier_rounds_and_pre_entered_blocks(event):
    t = replay.truncate(event, 3)
    one = t.player(1)
    assert len(one.rounds) == 3 and one.rounds[2].result == "H"  # requested bye stays
    assert t.player(4).rounds[2].result == "Z"  # announced absence stays
    assert len(t.player(2).rounds) == 2  # the game of round 3 is gone
    assert t.player(1).points == 1.5 and t.player(3).points == 1.0  # points before round 3
    assert t.next_round == 3


def test_truncate_drops_the_pairing_allocated_bye(event):
    t = replay.truncate(event, 2)
    assert len(t.player(4).rounds) == 1  # his U of round 2 was the pairing's output
    assert t.player(6).rounds[1].result == "Z"


def test_initial_colour_inferred_from_round_one(event):
    assert replay.infer_initial_colour(event) is WHITE
    assert replay.truncate(event, 2).initial_colour is WHITE


def test_real_round_lists_each_board_once_with_colours(event):
    assert replay.real_round(event, 1) == {(1, 3), (4, 2), (5, 0)}
    assert replay.real_round(event, 3) == {(2, 3), (5, 6)}


def test_truncated_round_pairs_and_a_rematch_is_caught(event):
    engine = Engine(load_ruleset("fide-dutch-1992"))
    t = replay.truncate(event, 3)
    pairing = engine.pair(t, explain=False)
    paired = {p for b in pairing.boards for p in b.players}
    assert 1 not in paired and 4 not in paired  # H and Z are not paired
    assert replay.check_pairing(engine, t, [(2, 3), (5, 6)]) == []
    assert replay.check_pairing(engine, t, [(3, 5), (2, 6)])  # 3-5 met in round 2
