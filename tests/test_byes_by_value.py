"""The number of wins and the crosstable count byes by their value (issue 9, "Numbers that
are wrong today"): FIDE C.07 WIN counts the rounds in which a player got as many points as a
win, with or without playing; a round robin's bye is worth 0 (RR-Berger 4), a team pause
gives each board half a point (PL-team 3)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from swisspairing import load_ruleset, load_trf
from swisspairing.model import PointSystem
from swisspairing.reports import crosstable_report
from swisspairing.standings import compute_standings
from swisspairing.tiebreaks import count_wins

HOSTILE = Path(__file__).parent / "data" / "hostile"
RR5 = HOSTILE / "rr-5-zero-point-byes.trf"
EXAMPLES = Path(__file__).parent.parent / "examples"


def test_zero_point_bye_is_not_a_win():
    """Players 1 and 4 had the free round (U, PAB=0): one win each over the board."""
    t = load_trf(RR5)
    wins = count_wins(t, t.point_system, 2)
    assert wins == {1: 1.0, 2: 1.0, 3: 0.0, 4: 1.0, 5: 0.0}


def test_full_point_bye_is_a_win():
    """The same file with a bye worth a win (PAB=1): C.07 WIN counts it."""
    t = load_trf(RR5)
    ps = PointSystem(pairing_allocated_bye=1.0)
    assert count_wins(t, ps, 2)[1] == 2.0 and count_wins(t, ps, 2)[4] == 2.0


def test_round_robin_standings_are_not_reordered_by_byes(cli):
    """round-robin ranks by Sonneborn-Berger, then wins: players 2 and 4 (1 point, SB 0.5,
    one win each) share the place; counting 4's zero-point bye as a win put him ahead."""
    t = load_trf(RR5)
    s = compute_standings(t, load_ruleset("round-robin"))
    assert s.row(2).place == s.row(4).place == "2-3"
    assert s.value(4, "wins") == 1.0


def test_crosstable_shows_a_zero_point_bye_as_minus():
    t = load_trf(RR5)
    report = crosstable_report(t, compute_standings(t, load_ruleset("round-robin")), "en")
    row = next(r for r in report.rows if r[1] == "1")
    round_1 = [c.key for c in report.columns].index("r1")
    assert row[round_1] == "-"
    assert report.data["rows"][0]["rounds"][0]["result"] == "U"


def test_crosstable_shows_a_half_point_team_pause_as_half(cli):
    """Hetman Bydgoszcz II paused in round 1 of the example: 0.5 per board, shown ½, not +."""
    r = cli(
        "crosstable",
        str(EXAMPLES / "pl-a-klasa-2005.yaml"),
        "--ruleset",
        "kpzszach-a-klasa-2005",
        "--players",
        "--format",
        "csv",
        "--lang",
        "en",
    )
    assert r.code == 0, r.err
    lines = list(csv.reader(io.StringIO(r.out)))
    head = lines[0]
    r1 = head.index("1")
    szymanski = next(row for row in lines if any("Szymański" in c and "Łukasz" in c for c in row))
    assert szymanski[r1] == "½"
    assert not any(row[r1] == "+" for row in lines[1:])


def test_zero_point_bye_adds_nothing_to_sonneborn_berger_under_a_virtual_opponent():
    """C.07 (TB 4): the product is the opponent's score times the player's result; a bye
    worth 0 is a result of 0 whatever its code, also against a virtual opponent."""
    from swisspairing.tiebreaks import TiebreakPolicy

    t = load_trf(RR5)
    rs = load_ruleset("round-robin")
    virtual = compute_standings(
        t, rs, tiebreaks=["sonneborn-berger"], policy=TiebreakPolicy(unplayed="virtual-opponent")
    )
    played = compute_standings(
        t, rs, tiebreaks=["sonneborn-berger"], policy=TiebreakPolicy(unplayed="played-only")
    )
    assert virtual.value(1, "sonneborn-berger") == played.value(1, "sonneborn-berger") == 1.0
    assert virtual.value(4, "sonneborn-berger") == played.value(4, "sonneborn-berger") == 0.5
