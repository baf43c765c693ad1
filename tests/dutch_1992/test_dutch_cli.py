"""The command line with the FIDE Dutch 1992 ruleset: ``pair`` on any TRF16 file, ``-p``
(pairs format), ``-o`` (next round written) followed by ``check``, ``--explain`` with rule
ids per bracket, and a whole event played through the CLI."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from swisspairing import BLACK, WHITE, Engine, dumps_trf, load_ruleset, load_trf
from swisspairing.model import Player, RoundRecord, Tournament
from swisspairing.testing import legal_pairing_exists

TESTS = Path(__file__).parent.parent
ROOT = TESTS.parent
RULESET = "fide-dutch-1992"
ANY_TRF = sorted(  # files meant to be invalid are named *invalid* (tests/test_trf.py)
    p
    for p in [
        *TESTS.glob("data/*.trf"),
        *TESTS.glob("data/round-robin/*.trf"),
        *ROOT.glob("examples/*.trf"),
        *TESTS.glob("data/dutch_1992/*.trf"),
    ]
    if "invalid" not in p.name
)
RULE_LINE = re.compile(r"^  \[Dutch-1992 (?:[A-F]\d*[a-z]?|E-R1|B-note|AMB-D\d+)\] ")


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWISSPAIRING_LANG", "en")


def _pairs(text: str) -> list[tuple[int, int]]:
    lines = text.splitlines()
    count = int(lines[0])
    assert len(lines) == count + 1
    out = []
    for line in lines[1:]:
        a, b = line.split()
        out.append((int(a), int(b)))
    return out


def _pairing_exists(path: Path) -> bool:
    engine = Engine(load_ruleset(RULESET))
    return legal_pairing_exists(engine, load_trf(path, point_system=engine.ruleset.points))


@pytest.mark.parametrize("path", ANY_TRF, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_pair_any_trf(cli, tmp_path: Path, path: Path) -> None:
    """Every valid TRF16 file is paired (or, if no pairing exists at all, exit code 1 and a
    maximum matching confirms it); the new round passes ``check``."""
    pairs_file, next_file = tmp_path / "pairs.txt", tmp_path / "next.trf"
    res = cli("pair", str(path), "--ruleset", RULESET, "-p", str(pairs_file), "-o", str(next_file))
    assert res.code in (0, 1), res.err
    if res.code == 1:
        assert "no valid pairing" in res.err
        assert not _pairing_exists(path)
        return
    assert "Traceback" not in res.err
    before = load_trf(path, point_system=load_ruleset(RULESET).points)
    rnd = before.next_round
    participants = sorted(p.number for p in before.participants(rnd))
    placed = sorted(n for pair in _pairs(pairs_file.read_text()) for n in pair if n)
    assert placed == participants
    after = load_trf(next_file)
    assert after.rounds_recorded == rnd
    checked = cli("check", str(next_file), "--ruleset", RULESET)
    new_round = [line for line in checked.out.splitlines() if line.startswith(f"round {rnd}:")]
    assert new_round == []


def test_output_then_check_exits_0(cli, tmp_path: Path) -> None:
    case = TESTS / "data" / "dutch_1992" / "c12_previous_bracket_repaired.trf"
    out = tmp_path / "next.trf"
    assert cli("pair", str(case), "--ruleset", RULESET, "-o", str(out)).code == 0
    res = cli("check", str(out), "--ruleset", RULESET)
    assert res.code == 0, res.out
    assert re.search(r"no violations found\D*\b3\b", res.out), res.out


def test_pairs_and_output_agree(cli, tmp_path: Path) -> None:
    case = TESTS / "data" / "dutch_1992" / "f5_absent_and_withdrawn_not_paired.trf"
    pairs, out = tmp_path / "p.txt", tmp_path / "o.trf"
    assert cli("pair", str(case), "--ruleset", RULESET, "-p", str(pairs), "-o", str(out)).code == 0
    t = load_trf(out)
    for white, black in _pairs(pairs.read_text()):
        if black == 0:
            assert t.player(white).record(2) == RoundRecord(None, None, "U")
            continue
        assert t.player(white).record(2) == RoundRecord(black, WHITE, " ")
        assert t.player(black).record(2) == RoundRecord(white, BLACK, " ")
    # F5: the pre-filled absences stay, the withdrawn player gets nothing
    assert t.player(3).record(2) == RoundRecord(None, None, "H")
    assert t.player(6).record(2) == RoundRecord(None, None, "Z")
    assert t.player(8).record(2) is None


def test_explain_prints_rule_cited_lines_per_bracket(cli) -> None:
    case = TESTS / "data" / "dutch_1992" / "c12_previous_bracket_repaired.trf"
    res = cli("pair", str(case), "--ruleset", RULESET, "--explain")
    assert res.code == 0, res.err
    text = res.out.split("Explanation", 1)[1]
    sections = re.split(r"^(Bracket \d+|Round):$", text, flags=re.M)[1:]
    brackets = {sections[i]: sections[i + 1] for i in range(0, len(sections), 2)}
    assert {"Bracket 1", "Bracket 2", "Bracket 3"} <= set(brackets)
    for name, body in brackets.items():
        cited = [line for line in body.splitlines() if RULE_LINE.match(line)]
        assert cited, f"{name} cites no rule"
    assert (
        "[Dutch-1992 A6] homogeneous bracket of 3 players: S1 = 3; S2 = 6, 9; P = 1"
        in brackets["Bracket 1"]
    )
    assert "[Dutch-1992 C1]" in brackets["Bracket 2"]
    assert re.search(r"\[Dutch-1992 E[1-4]\] 9–3", brackets["Round"])


def test_explain_without_output_files_prints_the_table(cli) -> None:
    case = TESTS / "data" / "dutch_1992" / "f4_round1_odd_bye.trf"
    res = cli("pair", str(case), "--ruleset", RULESET)
    assert res.code == 0
    assert "Round 1" in res.out and "bye" in res.out


def _results(t: Tournament, rnd: int) -> Tournament:
    """Results for a paired round: the higher rating wins, equal ratings draw."""
    records = {}
    for p in t.players:
        rec = p.record(rnd)
        if rec is None or not rec.is_pending:
            continue
        other = t.player(rec.opponent)  # type: ignore[arg-type]
        res = "=" if p.rating == other.rating else ("1" if p.rating > other.rating else "0")
        if (p.number + rnd) % 5 == 0 and (other.number + rnd) % 5 != 0:
            res = "="  # some draws in every round
        elif (other.number + rnd) % 5 == 0 and (p.number + rnd) % 5 != 0:
            res = "="
        records[p.number] = RoundRecord(rec.opponent, rec.colour, res)
    return t.with_round(rnd, records)


def test_whole_event_through_the_cli(cli, tmp_path: Path) -> None:
    """Eleven players, seven rounds, each paired by ``pair -o`` from the file the previous
    round left; ``check`` accepts the finished event."""
    players = tuple(
        Player(number=i, name=f"Player {i:02d}", rating=2300 - 25 * i, points=0.0)
        for i in range(1, 12)
    )
    current = tmp_path / "r0.trf"
    current.write_text(dumps_trf(Tournament(players=players, name="CLI event", total_rounds=7)))
    for rnd in range(1, 8):
        paired = tmp_path / f"r{rnd}.trf"
        pairs = tmp_path / f"p{rnd}.txt"
        res = cli("pair", str(current), "--ruleset", RULESET, "-o", str(paired), "-p", str(pairs))
        assert res.code == 0, (rnd, res.err)
        assert len(_pairs(pairs.read_text())) == 6  # five boards and the bye
        t = _results(load_trf(paired), rnd)
        current = tmp_path / f"r{rnd}-done.trf"
        current.write_text(dumps_trf(t))
    res = cli("check", str(current), "--ruleset", RULESET)
    assert res.code == 0, res.out
    assert re.search(r"no violations found\D*\b7\b", res.out), res.out
    res = cli("pair", str(current), "--ruleset", RULESET)
    assert res.code == 3 and "all 7 rounds have been paired" in res.err


def test_invalid_file_exit_code(cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1 m    Broken line                       24x0\n")
    res = cli("pair", str(bad), "--ruleset", RULESET)
    assert res.code == 3 and "Traceback" not in res.err
