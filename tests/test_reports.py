"""Reports (core/reports.py) and the ``standings``/``crosstable``/``pairings`` commands.

Golden files in ``tests/data/standings/`` hold the expected output of each format for one
individual event (``open.trf``, ruleset ``open.yaml``) and one team event (``team.trf``,
ruleset ``team.yaml``); the numbers in them are derived by hand in tests/test_standings.py
and tests/test_tiebreaks.py.  ``SWISSPAIRING_UPDATE_GOLDEN=1`` rewrites them for review.

The HTML report is also opened in headless Chromium (Debian package ``chromium``); that test
is skipped when ``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

import json
import os
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from headless import CHROMIUM, chromium
from swisspairing import hookimpl
from swisspairing.engine import Engine
from swisspairing.pairing import Pairing
from swisspairing.reports import (
    crosstable_report,
    format_number,
    pairings_report,
    render,
    round_boards,
    standings_report,
)
from swisspairing.ruleset import load_ruleset
from swisspairing.standings import compute_standings
from swisspairing.trf import load_trf

DATA = Path(__file__).parent / "data" / "standings"
OPEN = str(DATA / "open.trf")
OPEN_RS = str(DATA / "open.yaml")
TEAM = str(DATA / "team.trf")
TEAM_RS = str(DATA / "team.yaml")
UPDATE = os.environ.get("SWISSPAIRING_UPDATE_GOLDEN") == "1"
SUFFIX = {"text": "txt", "csv": "csv", "json": "json", "html": "html"}


def golden(name: str, actual: str) -> None:
    path = DATA / name
    if UPDATE:
        path.write_text(actual, encoding="utf-8", newline="")
    assert actual == path.read_text(encoding="utf-8"), (
        f"{name} differs (SWISSPAIRING_UPDATE_GOLDEN=1 rewrites it)"
    )


# ---------------------------------------------------------------------- golden files
@pytest.mark.parametrize("fmt", ["text", "csv", "json", "html"])
def test_standings_golden_individual(cli, fmt):
    r = cli("standings", OPEN, "--ruleset", OPEN_RS, "--format", fmt, "--lang", "en")
    assert r.code == 0, r.err
    golden(f"open.standings.{SUFFIX[fmt]}", r.out)


@pytest.mark.parametrize("fmt", ["text", "csv", "json", "html"])
def test_standings_golden_team(cli, fmt):
    r = cli("standings", TEAM, "--ruleset", TEAM_RS, "--format", fmt, "--lang", "en")
    assert r.code == 0, r.err
    golden(f"team.standings.{SUFFIX[fmt]}", r.out)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_crosstable_golden(cli, fmt):
    r = cli("crosstable", OPEN, "--ruleset", OPEN_RS, "--format", fmt, "--lang", "en")
    assert r.code == 0, r.err
    golden(f"open.crosstable.{SUFFIX[fmt]}", r.out)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_pairings_golden(cli, fmt):
    r = cli("pairings", OPEN, "--ruleset", OPEN_RS, "--round", "3", "--format", fmt, "--lang", "en")
    assert r.code == 0, r.err
    golden(f"open.pairings-3.{SUFFIX[fmt]}", r.out)


# ---------------------------------------------------------------------- content
def test_standings_json_is_data():
    s = compute_standings(load_trf(OPEN), load_ruleset(OPEN_RS))
    data = json.loads(render(standings_report(s, "en"), "json"))
    assert (
        data["report"] == "standings"
        and data["after_round"] == 3
        and data["unplayed"] == "virtual-opponent"
    )
    assert [c["id"] for c in data["columns"]] == [
        "points",
        "direct-encounter-first",
        "buchholz-cut1",
        "buchholz",
        "sonneborn-berger",
        "aro",
        "lot",
    ]
    first = data["rows"][0]
    assert (
        first["number"] == 1 and first["values"]["points"] == 2.5 and first["values"]["lot"] is None
    )
    assert data["rows"][1]["withdrawn"] is True


def test_crosstable_cells():
    # open.trf, final order 1, 9, 2, 4, 7, 3, 5, 8, 6 (ranks 1-9).
    # Albers (1): R1 1-5 1-0 with White, 5 is ranked 7 -> "7w1"; R2 2-1 draw with Black, 2 is
    # ranked 3 -> "3b½"; R3 7-1 win with Black, 7 is ranked 5 -> "5b1".
    # Ivanov (9): R1 bye U -> "+"; R2 9-4 1-0, 4 is ranked 4 -> "4w1"; R3 absent -> "-".
    # Dahl (4): R1 forfeit win against 8 (ranked 8) -> "8b+".  Celik (3): R2 H -> "½".
    t = load_trf(OPEN)
    s = compute_standings(t, load_ruleset(OPEN_RS))
    rep = crosstable_report(t, s, "en")
    keys = [c.key for c in rep.columns]
    cells = {
        row[keys.index("number")]: row[keys.index("r1") : keys.index("r3") + 1] for row in rep.rows
    }
    assert cells["1"] == ("7w1", "3b½", "5b1")
    assert cells["9"] == ("+", "4w1", "-")
    assert cells["4"][0] == "8b+"
    assert cells["3"][1] == "½"


def test_round_boards_and_bye_list():
    # open.trf round 3: 7-1, 3-2, 4-8 played; 5 F, 6 U; 9 withdrawn (Z) is not listed.
    boards, byes = round_boards(load_trf(OPEN), 3)
    assert boards == [Pairing(7, 1), Pairing(3, 2), Pairing(4, 8)]  # by the lower start number
    assert [(b.player, b.result) for b in byes] == [(5, "F"), (6, "U")]
    # round 1: 8-4 was a forfeit (8 absent)
    boards, byes = round_boards(load_trf(OPEN), 1)
    assert Pairing(8, 4, absent=8) in boards and [(b.player, b.result) for b in byes] == [(9, "U")]


def test_pairings_follow_dutch_f1():
    # Dutch-1992 F1 (through swiss_order_boards): scores before round 3: 1 1.5, 2 1.5, 7 1.5,
    # 3 1, 4 1, 8 1.  Boards by the higher-ranked player's score, then the sum, then his A2
    # rank: 7-1 (1.5, 3), 3-2 (1.5, 2.5), 4-8 (1, 2).  Byes after the boards (AMB-D13).
    t = load_trf(OPEN)
    rs = load_ruleset(OPEN_RS)
    rep = pairings_report(t, 3, engine=Engine(rs), locale="en")
    assert [(row[1], row[5]) for row in rep.rows] == [
        ("7", "1"),
        ("3", "2"),
        ("4", "8"),
        ("5", ""),
        ("6", ""),
    ]
    assert [row[4] for row in rep.rows[:3]] == ["0-1", "½-½", "1-0"]
    assert rep.data["byes"][0]["label"] == "full-point bye" and rep.data["byes"][0]["awarded"] == 1


def test_pairings_use_the_systems_order_boards_hook():
    class Reverse:
        @hookimpl
        def swiss_order_boards(self, pairings, context):
            return sorted(pairings, key=lambda p: -p.white)

    t = load_trf(OPEN)
    engine = Engine(load_ruleset(OPEN_RS), extra_plugins=[Reverse()])
    rep = pairings_report(t, 3, engine=engine, locale="en")
    assert [row[1] for row in rep.rows[:3]] == ["7", "4", "3"]


def test_format_number():
    assert [format_number(v) for v in (2.0, 12.5, 10.25, 1 / 3, None, 0.0)] == [
        "2",
        "12.5",
        "10.25",
        "0.3333",
        "",
        "0",
    ]


# ---------------------------------------------------------------------- HTML
def test_html_is_self_contained_responsive_and_printable():
    s = compute_standings(load_trf(OPEN), load_ruleset(OPEN_RS))
    page = render(standings_report(s, "en"), "html")
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "<style>" in page and "@media print" in page and "@media (max-width:40em)" in page
    assert "overflow-x:auto" in page
    for forbidden in ("<script", "<link", "src=", "@import", "url("):
        assert forbidden not in page
    assert '<abbr title="Buchholz cut 1">BH-C1</abbr>' in page


def test_language_from_option_and_ruleset(cli, tmp_path):
    r = cli("standings", OPEN, "--ruleset", OPEN_RS, "--format", "html", "--lang", "de")
    assert r.code == 0 and '<html lang="de">' in r.out
    rs = tmp_path / "ru.yaml"
    rs.write_text(
        f"schema_version: 1\nid: test-ru\nextends: {OPEN_RS}\nlanguage: ru\n", encoding="utf-8"
    )
    r = cli("standings", OPEN, "--ruleset", str(rs), "--format", "json")
    assert r.code == 0 and json.loads(r.out)["language"] == "ru"
    r = cli("standings", OPEN, "--ruleset", str(rs), "--format", "json", "--lang", "pl")
    assert json.loads(r.out)["language"] == "pl"


class _Cells(HTMLParser):
    """The text of every table row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    _meta = False  # the phone-width line under a name repeats other cells: not a cell

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "span" and ("class", "meta") in attrs:
            self._meta = True

    def handle_endtag(self, tag):
        if tag == "span":
            self._meta = False
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None and not self._meta:
            self._cell.append(data)


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return chromium(tmp_path / "profile", *args)


@pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="chromium is not installed (apt-get install -y chromium)"
)
@pytest.mark.parametrize("event", ["open", "team"])
def test_html_renders_in_headless_chromium(tmp_path, event):
    trf, rs = (OPEN, OPEN_RS) if event == "open" else (TEAM, TEAM_RS)
    report = standings_report(compute_standings(load_trf(trf), load_ruleset(rs)), "en")
    page = tmp_path / "standings.html"
    page.write_text(render(report, "html"), encoding="utf-8")
    done = _chromium(tmp_path, "--window-size=375,812", "--dump-dom", page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    parser = _Cells()
    parser.feed(done.stdout)
    assert parser.rows[0] == [c.heading for c in report.columns]
    assert parser.rows[1:] == [list(r) for r in report.rows]
    if event == "open":
        assert parser.rows[1][:4] == ["1", "1", "FM", "Albers, Jan"]
    else:
        assert parser.rows[1][:5] == ["1", "4", "Schachfreunde West", "7", "5"]


@pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="chromium is not installed (apt-get install -y chromium)"
)
def test_html_prints_in_headless_chromium(tmp_path):
    t = load_trf(OPEN)
    report = crosstable_report(t, compute_standings(t, load_ruleset(OPEN_RS)), "en")
    page = tmp_path / "crosstable.html"
    page.write_text(render(report, "html"), encoding="utf-8")
    pdf = tmp_path / "crosstable.pdf"
    done = _chromium(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 1000


# ---------------------------------------------------------------------- CLI behaviour
def test_output_file_is_written_whole_and_nothing_else_is_left(cli, tmp_path):
    out = tmp_path / "standings.csv"
    r = cli(
        "standings", OPEN, "--ruleset", OPEN_RS, "--format", "csv", "-o", str(out), "--lang", "en"
    )
    assert r.code == 0 and r.out == ""
    assert out.read_text(encoding="utf-8") == (DATA / "open.standings.csv").read_text(
        encoding="utf-8"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["standings.csv"]  # no temporary file left


def test_output_file_is_written_atomically(cli, tmp_path, monkeypatch):
    """A write that fails half-way (the disk fills while the new file is flushed) leaves the
    old file as it was and no temporary file beside it: the new text replaces the old only
    once it is all on disk."""
    import errno

    import swisspairing.output

    out = tmp_path / "standings.csv"
    out.write_text("old standings\n", encoding="utf-8")

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(swisspairing.output.os, "fsync", disk_full)
    r = cli(
        "standings", OPEN, "--ruleset", OPEN_RS, "--format", "csv", "-o", str(out), "--lang", "en"
    )
    assert r.code != 0 and "standings.csv" in r.err
    assert out.read_text(encoding="utf-8") == "old standings\n"
    assert [p.name for p in tmp_path.iterdir()] == ["standings.csv"]


def test_cli_errors(cli, tmp_path):
    r = cli("standings", OPEN, "--ruleset", OPEN_RS, "--after-round", "7")
    assert r.code == 3 and "round 7 has not been played yet" in r.err
    r = cli("pairings", OPEN, "--ruleset", OPEN_RS, "--round", "4")
    assert r.code == 3 and "round 4 has not been paired" in r.err
    r = cli("standings", str(tmp_path / "missing.trf"), "--ruleset", OPEN_RS)
    assert r.code == 5 and "cannot access file" in r.err
    r = cli("standings", OPEN, "--ruleset", OPEN_RS, "--format", "pdf")
    assert r.code == 3  # a usage error is an invalid request (bbpPairings exit codes)
    r = cli("standings", OPEN, "--ruleset", OPEN_RS, "--tiebreaks", "buchholz,nonsense")
    assert r.code == 3 and "unknown tiebreak 'nonsense'" in r.err
    r = cli("crosstable", TEAM, "--ruleset", TEAM_RS)
    assert r.code == 3
    r = cli("standings", OPEN, "--ruleset", OPEN_RS, "-o", str(tmp_path / "no" / "dir.txt"))
    assert r.code == 5


def test_players_of_a_team_event(cli):
    # --players ranks the 16 board players individually; the crosstable then works too.
    r = cli("standings", TEAM, "--ruleset", TEAM_RS, "--players", "--format", "json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert (
        not data["team"]
        and len(data["rows"]) == 16
        and [c["id"] for c in data["columns"]] == ["points"]
    )
    # Carstens (3): 1 + ½ + 1, Nagel (14): 1 + ½ + 1, Petersen (16): ½ + 1 + 1 share the top
    assert [(x["number"], x["place"], x["values"]["points"]) for x in data["rows"][:4]] == [
        (3, "1-3", 2.5),
        (14, "1-3", 2.5),
        (16, "1-3", 2.5),
        (1, "4", 2),
    ]
    r = cli("crosstable", TEAM, "--ruleset", TEAM_RS, "--players")
    assert r.code == 0, r.err


def test_cli_tiebreaks_seed_and_after_round(cli):
    r = cli(
        "standings",
        OPEN,
        "--ruleset",
        OPEN_RS,
        "--tiebreaks",
        "buchholz",
        "--after-round",
        "2",
        "--format",
        "json",
        "--seed",
        "5",
    )
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["after_round"] == 2 and [c["id"] for c in data["columns"]] == ["points", "buchholz"]
