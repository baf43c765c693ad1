"""The bbpPairings/JaVaFo command line (core/engine_cli.py, issue 21): a caller's exact argv
lists, run against files bbpPairings 6.0.0 wrote (tests/data/bbp, made by make_files.py),
with the outputs and exit codes bbpPairings documents (README.txt, "Command line arguments",
"Error codes"; spec/trf.md §8).

What bbpPairings paired is kept beside each file (``FILE.pairs``).  It implements the Dutch
text of 2025; ``--dutch`` pairs with ``fide-dutch-2025`` once that ruleset is installed, and
then every Dutch file must be paired exactly as bbpPairings paired it (skipped before).
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from swisspairing import load_trf
from swisspairing.cli import main
from swisspairing.engine_cli import generator_config, is_engine_command, parse_engine_argv
from swisspairing.errors import InvalidInputError
from swisspairing.manager import ruleset_dirs
from swisspairing.ruleset import builtin_rulesets

BBP = Path(__file__).parent / "data" / "bbp"
DUTCH_FILES = sorted(p.name for p in BBP.glob("dutch-*.trf"))
HAS_2025 = "fide-dutch-2025" in builtin_rulesets(ruleset_dirs())


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def read_pairs(text: str) -> list[tuple[int, int]]:
    """The pairs format: the number of pairs, then ``white black`` (``0`` = bye)."""
    lines = text.split()
    n = int(lines[0])
    assert len(lines) == 1 + 2 * n
    return [(int(lines[1 + 2 * i]), int(lines[2 + 2 * i])) for i in range(n)]


def line001(number: int, points: str, *blocks: str, rating: int = 1800) -> str:
    """A 001 line in TRF16 columns."""
    name = f"Player {number}"
    head = f"001 {number:>4} m    {name:<33} {rating:>4} GER {'':>11} {'':10} {points:>4} {'':4}"
    return (head + "".join("  " + b for b in blocks)).rstrip()


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """A copy of the bbpPairings files (outputs go next to the input)."""
    for p in BBP.iterdir():
        shutil.copy(p, tmp_path / p.name)
    return tmp_path


# ---------------------------------------------------------------------------- the grammar
@pytest.mark.parametrize(
    "argv",
    [
        ["-r"],
        ["--dutch", "in.trf", "-p"],
        ["-r", "--burstein", "in.trf", "-p", "out.txt", "-l"],
        ["--dutch", "in.trf", "-c", "-l", "list.txt"],
        ["--dutch", "-g", "-o", "out.trf"],
        ["--dutch", "-g", "cfg.txt", "-o", "out.trf", "-s", "5"],
        ["--dutch", "model.trf", "-g", "-o", "out.trf"],
        ["--lang", "de", "--dutch", "in.trf", "-p", "--debug"],
    ],
)
def test_every_documented_form_parses(argv: list[str]) -> None:
    assert is_engine_command(argv)
    parse_engine_argv(argv)


@pytest.mark.parametrize(
    "argv",
    [
        ["--dutch"],
        ["--dutch", "in.trf"],
        ["--dutch", "in.trf", "-p", "a", "b"],
        ["--dutch", "model.trf", "-g", "cfg", "-o", "out.trf"],
        ["--dutch", "-g", "-o"],
        ["--dutch", "-g", "-o", "x.trf", "-s"],
        ["--swiss", "in.trf", "-p"],
    ],
)
def test_other_forms_are_invalid_requests(argv: list[str]) -> None:
    if is_engine_command(argv):
        code, _out, err = run(*argv)
        assert code == 3 and "the forms are" in err
    else:
        assert run(*argv)[0] == 3  # a subcommand parser's usage error, also 3


def test_subcommands_are_not_taken_for_the_engine_line() -> None:
    assert not is_engine_command(["pair", "x.trf", "--ruleset", "fide-dutch-1992"])
    assert not is_engine_command([])


def test_r_prints_the_program_and_version() -> None:
    code, out, _err = run("-r")
    assert code == 0 and out.startswith("swisspairing ")


# ---------------------------------------------------------------------------- -p
@pytest.mark.parametrize("name", DUTCH_FILES)
def test_p_writes_the_pairs_file_beside_the_input(files: Path, name: str) -> None:
    """``-p OUT`` with a bare file name writes it in the input's folder (bbpPairings
    ``relativizePath``); everyone present is paired once, the bye as ``N 0``."""
    code, out, _err = run("--dutch", str(files / name), "-p", "ours.txt")
    assert code == 0 and out == ""
    pairs = read_pairs((files / "ours.txt").read_text())
    t = load_trf(str(files / name))
    present = {p.number for p in t.participants(t.next_round)}
    seen = [n for pair in pairs for n in pair if n]
    assert sorted(seen) == sorted(present)
    assert sum(1 for _w, b in pairs if b == 0) == len(present) % 2


def test_p_without_output_writes_to_standard_output(files: Path) -> None:
    code, out, _err = run("--dutch", str(files / "dutch-std.trf"), "-p")
    assert code == 0
    assert read_pairs(out) == read_pairs((files / "dutch-std.pairs").read_text()) or not HAS_2025


@pytest.mark.skipif(not HAS_2025, reason="fide-dutch-2025 (bbpPairings' edition) not installed")
@pytest.mark.parametrize("name", DUTCH_FILES)
def test_dutch_pairs_as_bbppairings(files: Path, name: str) -> None:
    code, out, _err = run("--dutch", str(files / name), "-p")
    assert code == 0
    assert read_pairs(out) == read_pairs((files / name).with_suffix(".pairs").read_text())


def test_dutch_says_which_ruleset_it_falls_back_to(files: Path) -> None:
    code, _out, err = run("--dutch", str(files / "dutch-std.trf"), "-p")
    assert code == 0
    assert ("fide-dutch-2025 is not installed" in err) is not HAS_2025


def test_ruleset_overrides_the_flag(files: Path) -> None:
    code, _out, err = run(
        "--dutch", str(files / "dutch-std.trf"), "-p", "--ruleset", "fide-dutch-1992"
    )
    assert code == 0 and "not installed" not in err


def test_240_bye_requests_are_not_paired(files: Path) -> None:
    """TRF26 240: players 3 and 7 asked for a bye in round 5 — neither engine pairs them."""
    for pairs_text in (
        run("--dutch", str(files / "dutch-240.trf"), "-p")[1],
        (files / "dutch-240.pairs").read_text(),
    ):
        paired = {n for pair in read_pairs(pairs_text) for n in pair}
        assert not paired & {3, 7}


@pytest.mark.parametrize("name", ["dutch-260.trf", "dutch-xxp.trf"])
def test_forbidden_pairs_are_not_made(files: Path, name: str) -> None:
    """TRF26 260 (rounds 5-7) and TRFx XXP forbid the pair bbpPairings made first in round 5
    of dutch-std; neither engine makes it."""
    first = sorted(read_pairs((files / "dutch-std.pairs").read_text())[0])
    for pairs_text in (
        run("--dutch", str(files / name), "-p")[1],
        (files / name).with_suffix(".pairs").read_text(),
    ):
        assert first not in [sorted(p) for p in read_pairs(pairs_text)]


def test_no_valid_pairing_is_exit_code_1(tmp_path: Path) -> None:
    """Two players who have met cannot meet again (C.04.1 b): no pairing, exit code 1."""
    f = tmp_path / "two.trf"
    f.write_text(
        "012 Two\nXXR 2\nXXC white1\n"
        + line001(1, "1.0", "   2 w 1", rating=2000)
        + "\n"
        + line001(2, "0.0", "   1 b 0", rating=1900)
        + "\n"
    )
    code, out, err = run("--dutch", str(f), "-p", "out.txt")
    assert code == 1 and out == "" and "no valid pairing" in err
    assert not (tmp_path / "out.txt").exists()


def test_missing_input_is_exit_code_5(tmp_path: Path) -> None:
    code, _out, err = run("--dutch", str(tmp_path / "none.trf"), "-p")
    assert code == 5 and "none.trf" in err


def test_invalid_input_is_exit_code_3(tmp_path: Path) -> None:
    f = tmp_path / "bad.trf"
    f.write_text("012 Bad\nXXR 3\n" + line001(1, "1.0", "   9 w 1") + "\n")
    code, _out, err = run("--dutch", str(f), "-p")
    assert code == 3 and "bad.trf: line 3" in err and "opponent 9 does not exist" in err


def test_a_file_of_another_system_is_refused(files: Path) -> None:
    """bbpPairings refuses a 192 type that does not match the flag (exit code 3)."""
    f = files / "dutch-192.trf"
    f.write_bytes(b"192 FIDE_DUTCH_2025\r" + (files / "dutch-std.trf").read_bytes())
    code, _out, err = run("--burstein", str(f), "-p")
    assert code == 3 and "FIDE_DUTCH_2025" in err
    assert run("--dutch", str(f), "-p")[0] == 0


def test_l_writes_a_check_list_beside_the_input(files: Path) -> None:
    code, _out, _err = run("--dutch", str(files / "dutch-std.trf"), "-p", "out.txt", "-l")
    assert code == 0
    text = (files / "dutch-std.list").read_text()
    assert text.splitlines()[0].split()[:3] == ["ID", "Pts", "CD"]
    t = load_trf(str(files / "dutch-std.trf"))
    assert len(text.strip().splitlines()) == 1 + len(t.participants(t.next_round))


def test_burstein_pairs(files: Path) -> None:
    code, out, _err = run("--burstein", str(files / "burstein.trf"), "-p")
    assert code == 0 and len(read_pairs(out)) == 10


# ---------------------------------------------------------------------------- -c
def test_c_reports_each_round_like_the_checker(files: Path) -> None:
    """``FILE: Round #N`` per round as bbpPairings prints it; exit code 0."""
    code, out, _err = run("--dutch", str(files / "dutch-std.trf"), "-c")
    assert code == 0
    ours = [line for line in out.splitlines() if ": Round #" in line]
    theirs = [
        line for line in (files / "dutch-std.check").read_text().splitlines() if ": Round #" in line
    ]
    assert ours == theirs == [f"dutch-std: Round #{r}" for r in range(1, 5)]


def test_c_lists_a_round_that_differs_and_exits_0(files: Path) -> None:
    """Round 2 of a file re-paired by hand (two Blacks exchanged): the checker's table shows
    our boards and the file's; exit code 0 (a discrepancy is not an error)."""
    t = load_trf(str(files / "dutch-std.trf"))
    boards = sorted(
        (p.number, rec.opponent)
        for p in t.players
        if (rec := p.record(2)) is not None
        and rec.opponent
        and rec.colour is not None
        and rec.colour.value == "w"
    )
    (w1, b1), (w2, b2) = boards[0], boards[1]
    text = (files / "dutch-std.trf").read_bytes().decode()
    lines = text.split("\r")
    swap = {w1: b2, b2: w1, w2: b1, b1: w2}

    def patch(line: str) -> str:
        if not line.startswith("001"):
            return line
        n = int(line[4:8])
        if n not in swap:
            return line
        col = 91 + 10  # round 2 block
        return line[:col] + f"{swap[n]:>4}" + line[col + 4 :]

    bad = files / "swapped.trf"
    bad.write_bytes("\r".join(patch(line) for line in lines).encode())
    code, out, _err = run("--dutch", str(bad), "-c")
    assert code == 0
    section = out.split("swapped: Round #2\n")[1].split("swapped: Round #3")[0]
    assert "Checker pairings" in section and "Tournament pairings" in section
    assert f"{w1:>3} - {b2:>3}" in section or f"{w2:>3} - {b1:>3}" in section


# ---------------------------------------------------------------------------- -g
def test_g_generates_from_javafo_keys(tmp_path: Path) -> None:
    cfg = tmp_path / "cfg.txt"
    cfg.write_text(
        "# JaVaFo RTG\nPlayersNumber=18\nRoundsNumber=5\nDrawPercentage=40\nForfeitRate=20\n"
        "PointsForWin=3\nPointsForDraw=1\n"
    )
    code, _out, _err = run("--dutch", "-g", str(cfg), "-o", str(tmp_path / "a.trf"), "-s", "5")
    assert code == 0
    t = load_trf(str(tmp_path / "a.trf"))
    assert len(t.players) == 18 and t.rounds_recorded == 5
    assert t.point_system is not None and (t.point_system.win, t.point_system.draw) == (3, 1)
    assert "162  W 3.0    D 1.0" in (tmp_path / "a.trf").read_text()
    # same seed, same tournament
    run("--dutch", "-g", str(cfg), "-o", str(tmp_path / "b.trf"), "-s", "5")
    assert (tmp_path / "a.trf").read_text() == (tmp_path / "b.trf").read_text()


def test_g_from_a_model_file(files: Path) -> None:
    code, _out, _err = run(
        "--dutch", str(files / "dutch-std.trf"), "-g", "-o", "gen.trf", "-s", "2"
    )
    assert code == 0
    model, t = load_trf(str(files / "dutch-std.trf")), load_trf(str(files / "gen.trf"))
    assert [p.rating for p in t.players] == [p.rating for p in model.players]


def test_g_refuses_an_unknown_key_with_its_line(tmp_path: Path) -> None:
    cfg = tmp_path / "cfg.txt"
    cfg.write_text("PlayersNumber=10\nPlayers=3\n")
    code, _out, err = run("--dutch", "-g", str(cfg), "-o", str(tmp_path / "x.trf"))
    assert code == 3 and "cfg.txt: line 2" in err and "Players" in err
    assert not (tmp_path / "x.trf").exists()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("DrawPercentage=120\n", "from 0 to 100"),
        ("ForfeitRate=0.5\n", "at least 1"),
        ("PlayersNumber=ten\n", "not a number"),
        ("PlayersNumber\n", "KEY=VALUE"),
    ],
)
def test_generator_values_are_checked(text: str, words: str) -> None:
    with pytest.raises(InvalidInputError, match=words):
        generator_config(text, source="cfg.txt")


def test_generator_rates() -> None:
    got = generator_config(
        "PlayersNumber=30\nRoundsNumber=10\nDrawPercentage=25\nForfeitRate=8\n"
        "HalfPointByteRate=20\nRetiredRate=5\nPointsForWin=2\nPointsForDraw=1\n"
    )
    assert got["players"] == 30 and got["rounds"] == 10 and got["draw_rate"] == 0.25
    assert got["forfeit_rate"] == 1 / 8  # one game in 8
    assert got["bye_request_rate"] == pytest.approx(1 / 20 / 10)  # one player in 20 per event
    assert got["withdrawal_rate"] == pytest.approx(1 / 5 / 10)
    assert got["points"]["pairing_allocated_bye"] == 2  # PAB follows the win (bbpPairings)


@pytest.mark.parametrize("record", [b"192 FIDE_DUTCH_BAKU", b"250       1.0 001 005 0001 0012"])
def test_acceleration_is_said_not_silently_dropped(files: Path, record: bytes) -> None:
    """bbpPairings accelerates on 250/XXA records or a *_BAKU type; the Dutch 1992 ruleset
    pairs by the real scores and says so on standard error."""
    f = files / "accelerated.trf"
    f.write_bytes(record + b"\r" + (files / "dutch-std.trf").read_bytes())
    code, _out, err = run("--dutch", str(f), "-p", "--ruleset", "fide-dutch-1992")
    assert code == 0 and "acceleration records are read for the points field only" in err
