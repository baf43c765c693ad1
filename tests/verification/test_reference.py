"""The reference engine runner (core/verification/reference.py).

- The pairs file of the bbpPairings/JaVaFo command line (README.txt, "-p"): the number of
  pairs, then ``white black`` lines, ``0`` for the bye; anything else is an error naming the
  line.
- Failures are named: a missing program (exit code 5), a non-zero exit with the program's
  stderr, exit code 1 as "no valid pairing", a run that overstays its time limit killed.
- With bbpPairings present (not in CI): a tournament its generator wrote, cut before each
  round, is paired again by it exactly as the generator paired it (the generator pairs each
  round with the same engine).
"""

from __future__ import annotations

import os
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from swisspairing import WHITE, dumps_trf
from swisspairing.pairing import Pairing
from swisspairing.trf import load_trf
from swisspairing.verification.reference import (
    GENERATOR_KEYS,
    ReferenceEngine,
    ReferenceEngineError,
    ReferenceFailedError,
    ReferenceNoPairingError,
    ReferenceNotFoundError,
    ReferenceOutputError,
    ReferencePairing,
    ReferenceTimeoutError,
    format_generator_config,
    parse_check_output,
    parse_pairs,
)
from swisspairing.verify import tournament_before

BBP = Path("/work/ext/bbp-v6.0.0/bbpPairings.exe")


# ---------------------------------------------------------------------------- the pairs file
def test_pairs_file_with_bye() -> None:
    got = parse_pairs("3\n1 4\n3 2\n5 0\n")
    assert got == ReferencePairing((Pairing(1, 4), Pairing(3, 2)), (5,))
    assert got.pairs == {frozenset((1, 4)), frozenset((2, 3))}
    assert got.coloured == {(1, 4), (3, 2)}


def test_pairs_file_cr_line_ends_and_trailing_blank_lines() -> None:
    assert parse_pairs("1\r2 1\r\r\n").boards == (Pairing(2, 1),)


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("", 1, "number of pairs"),
        ("x\n1 2\n", 1, "number of pairs"),
        ("2\n1 2\n", 2, "pairs announced: 2, pairs found: 1"),
        ("1\n1 2 3\n", 2, "two player numbers"),
        ("1\n0 5\n", 2, "two player numbers"),
        ("2\n1 2\n2 3\n", 3, "player 2 is paired twice"),
    ],
)
def test_pairs_file_errors_name_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(ReferenceOutputError) as exc:
        parse_pairs(text, filename="out.txt")
    assert f"out.txt: line {line}" in str(exc.value)
    assert words in str(exc.value)


def test_check_report() -> None:
    report = textwrap.dedent(
        """\
        t.trf: Round #1
        t.trf: Round #2
          Checker pairings        Tournament pairings
              1 -   3                 1 -   4
              4 -   2                 3 -   2

        t.trf: Round #3
        No valid pairing exists for round 3.

        """
    )
    got = parse_check_output(report)
    assert (got.rounds, got.differing, got.no_pairing) == (3, (2,), (3,))


def test_generator_config_keys() -> None:
    text = format_generator_config({"PlayersNumber": 30, "PointsForWin": 3.0})
    assert text == "PlayersNumber=30\nPointsForWin=3.0\n"
    assert "ForfeitRate" in GENERATOR_KEYS
    with pytest.raises(ReferenceEngineError, match="unknown generator configuration key"):
        format_generator_config({"Players": 30})


# ---------------------------------------------------------------------------- running it
def _fake(tmp_path: Path, body: str) -> str:
    """A stand-in engine: a Python script with the given body (``args`` = its argv)."""
    path = tmp_path / "engine"
    path.write_text(f"#!{sys.executable}\nimport sys, time\nargs = sys.argv[1:]\n{body}\n")
    path.chmod(0o755)
    return str(path)


def test_pair_reads_the_output_file(tmp_path: Path) -> None:
    prog = _fake(
        tmp_path,
        "assert args[0] == '--dutch' and args[2] == '-p'\n"
        "open(args[3], 'w').write('2\\n1 2\\n3 0\\n')",
    )
    got = ReferenceEngine(prog).pair_text("012 x\n")
    assert got.boards == (Pairing(1, 2),) and got.byes == (3,)


def test_missing_program() -> None:
    with pytest.raises(ReferenceNotFoundError) as exc:
        ReferenceEngine("/nonexistent/bbpPairings.exe").pair_text("012 x\n")
    assert exc.value.exit_code == 5


def test_non_zero_exit_carries_stderr(tmp_path: Path) -> None:
    prog = _fake(tmp_path, "sys.stderr.write('Error parsing file: bad line 7')\nsys.exit(3)")
    with pytest.raises(ReferenceFailedError) as exc:
        ReferenceEngine(prog).pair_text("012 x\n")
    assert exc.value.returncode == 3
    assert "bad line 7" in str(exc.value)


def test_exit_code_1_is_no_valid_pairing(tmp_path: Path) -> None:
    prog = _fake(tmp_path, "sys.exit(1)")
    with pytest.raises(ReferenceNoPairingError) as exc:
        ReferenceEngine(prog).pair_text("012 x\n", "burstein")
    assert exc.value.exit_code == 1


def test_time_limit_kills_the_run(tmp_path: Path) -> None:
    prog = _fake(tmp_path, "time.sleep(30)")
    with pytest.raises(ReferenceTimeoutError, match=r"time limit \(0\.5 s\)"):
        ReferenceEngine(prog, timeout=0.5).pair_text("012 x\n")


def test_no_output_file(tmp_path: Path) -> None:
    prog = _fake(tmp_path, "pass")
    with pytest.raises(ReferenceOutputError, match="wrote no output file"):
        ReferenceEngine(prog).pair_text("012 x\n")


def test_generate_command_line(tmp_path: Path) -> None:
    prog = _fake(
        tmp_path,
        "cfg = open(args[2]).read()\n"
        "assert args[:2] == ['--burstein', '-g'] and args[3] == '-o' and args[5:] == ['-s', '9']\n"
        "open(args[4], 'w').write(cfg)",
    )
    out = ReferenceEngine(prog).generate(
        tmp_path / "g.trf", system="burstein", config={"PlayersNumber": 12}, seed=9
    )
    assert out.read_text() == "PlayersNumber=12\n"


# ---------------------------------------------------------------------------- bbpPairings
@pytest.mark.skipif(not os.access(BBP, os.X_OK), reason="bbpPairings 6.0.0 not built here")
def test_bbp_repairs_its_own_generated_rounds(tmp_path: Path) -> None:
    engine = ReferenceEngine(str(BBP), timeout=60)
    cfg = {"PlayersNumber": 23, "RoundsNumber": 7, "DrawPercentage": 30, "ForfeitRate": 10}
    path = engine.generate(tmp_path / "g.trf", config=cfg, seed=4)
    full = load_trf(str(path))
    # the generator's round-1 colour for player 1 (README: inferred from round 1)
    rec1 = full.player(1).record(1)
    assert rec1 is not None and rec1.colour is not None
    full = replace(full, initial_colour=rec1.colour, total_rounds=7)
    assert full.initial_colour in (WHITE, WHITE.opposite)
    for rnd in range(1, 8):
        got = engine.pair_text(dumps_trf(tournament_before(full, rnd)))
        played = set()
        byes = set()
        for p in full.players:
            rec = p.record(rnd)
            if rec is None:
                continue
            if rec.opponent is not None and rec.colour is WHITE:
                played.add((p.number, rec.opponent))
            elif rec.opponent is None and rec.result == "U":
                byes.add(p.number)
        assert set(got.coloured) == played, rnd
        assert set(got.byes) == byes, rnd
