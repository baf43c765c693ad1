"""TRF16 reading and writing (``spec/trf.md``): line ends, unknown records, exact columns,
round-trips of every TRF in ``tests/data`` and consistency errors naming file, line and
column (also through the CLI: exit code 3, no traceback)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing import (
    BLACK,
    WHITE,
    InvalidTrfError,
    Player,
    PointSystem,
    RoundRecord,
    Team,
    Tournament,
    dumps_trf,
    load_trf,
    read_trf,
    write_trf,
)
from swisspairing.encoding import decode_bytes
from swisspairing.errors import SizeLimitError
from swisspairing.trf import OWNED_CODES, format_player, format_team

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages are asserted in English, whatever the developer's ``LANG``."""
    monkeypatch.setenv("SWISSPAIRING_LANG", "en")


def line001(
    number: int, points: str, *blocks: str, rating: str = "1800", name: str = "Player"
) -> str:
    """A ``001`` line in TRF16 columns, built independently of the writer under test."""
    head = f"001 {number:>4} m    {name:<33} {rating:>4} GER {'':>11} {'':10} {points:>4} {'':4}"
    assert len(head) == 89
    return (head + "".join("  " + b for b in blocks)).rstrip()


# ---------------------------------------------------------------------- line ends
SMALL = [
    "012 Line ends",
    "XXR 3",
    line001(1, "1.0", "0002 w 1"),
    line001(2, "0.0", "0001 b 0"),
    line001(3, "0.5", "0000 - H"),
]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_line_ends_are_all_accepted(newline: str) -> None:
    text = newline.join(SMALL) + newline
    t = read_trf(text)
    assert t == read_trf("\n".join(SMALL))
    assert [p.number for p in t.players] == [1, 2, 3]
    assert t.player(1).rounds == (RoundRecord(2, WHITE, "1"),)
    assert t.total_rounds == 3


def test_mixed_line_ends_and_byte_order_mark() -> None:
    text = "\ufeff" + SMALL[0] + "\r\n" + SMALL[1] + "\r" + "\n".join(SMALL[2:]) + "\r\n\r\n"
    assert read_trf(text) == read_trf("\n".join(SMALL))


def test_crlf_file(data_dir: Path) -> None:
    raw = (data_dir / "crlf-endings.trf").read_bytes()
    assert raw.count(b"\r\n") == 6 and b"\n" not in raw.replace(b"\r\n", b"")
    t = load_trf(data_dir / "crlf-endings.trf")
    assert t.name == "Rapid Cup (CRLF line ends)"
    assert [p.points for p in t.players] == [1.0, 0.5, 0.0, 0.5]
    assert t.player(4).rounds == (RoundRecord(2, WHITE, "="),)
    cr = load_trf(data_dir / "cr-endings.trf")
    assert b"\n" not in (data_dir / "cr-endings.trf").read_bytes()
    assert cr.players == t.players
    # written with LF line ends
    assert "\r" not in dumps_trf(t)


def test_latin1_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "latin1.trf"
    path.write_bytes(
        ("012 Turnier\n" + line001(1, "0.0", name="Müller, Jörg") + "\n").encode("latin-1")
    )
    assert load_trf(path).player(1).name == "Müller, Jörg"


# ---------------------------------------------------------------------- the data files
def test_swiss_file_records(data_dir: Path) -> None:
    t = load_trf(data_dir / "swiss-byes-forfeits.trf")
    assert t.name == "Spring Open 2026"
    assert t.total_rounds == 5 and t.initial_colour is WHITE
    assert t.forbidden_pairs == (frozenset({2, 7}),)
    assert t.absent_next == frozenset({8})
    assert t.point_system == PointSystem()
    assert t.player(9).withdrawn_from == 3
    p2 = t.player(2)
    assert (
        p2.sex,
        p2.title,
        p2.name,
        p2.rating,
        p2.federation,
        p2.fide_id,
        p2.birth_date,
        p2.points,
        p2.rank,
    ) == ("w", "WIM", "Brandt, Sophie", 2150, "GER", "24600002", "1996/11/02", 2.0, 2)
    assert t.player(9).rating == 0 and t.player(8).fide_id == ""
    assert t.player(4).rounds == (
        RoundRecord(8, BLACK, "+"),
        RoundRecord(9, BLACK, "0"),
        RoundRecord(8, WHITE, "1"),
    )
    assert t.player(8).record(1) == RoundRecord(4, WHITE, "-")
    assert [
        t.player(n).record(r).result for n, r in ((9, 1), (3, 2), (5, 3), (6, 3), (9, 3))
    ] == list("UHFUZ")


def test_unknown_records_are_kept_in_order(data_dir: Path) -> None:
    t = load_trf(data_dir / "swiss-byes-forfeits.trf")
    codes = [code for code, _ in t.header]
    for code in ("022", "032", "102", "112", "122", "132", "###", "DAT"):
        assert code in codes
    assert ("DAT", "DAT 0001 NOTE keeps unknown records") in t.header
    written = dumps_trf(t).splitlines()
    kept = [line for line in written if line[:3] in ("022", "132", "###", "DAT")]
    original = [
        line
        for line in (data_dir / "swiss-byes-forfeits.trf").read_text("utf-8").splitlines()
        if line[:3] in ("022", "132", "###", "DAT")
    ]
    assert kept == original
    # the 132 round dates stay aligned with the round blocks (round 1 at column 92)
    dates = next(line for line in written if line.startswith("132"))
    assert dates[91:99] == "26/04/03"


def test_team_file(data_dir: Path) -> None:
    t = load_trf(data_dir / "team-league.trf")
    assert [(tm.number, tm.name, tm.roster) for tm in t.teams] == [
        (1, "SK Nord", (1, 2)),
        (2, "SV Ost", (3, 4)),
        (3, "SC Sued", (5, 6)),
        (4, "Schachfreunde West", (7, 8, 9)),
    ]
    assert t.player(9).rounds == ()  # reserve without games
    assert [p.number for p in t.participants(2)] == list(range(1, 10))


def test_prefilled_next_round_file(data_dir: Path) -> None:
    t = load_trf(data_dir / "next-round-half-bye.trf")
    assert t.player(3).rounds[-1] == RoundRecord(None, None, "H")
    assert t.player(3).points == 2.0  # the H of round 3 is counted already
    assert t.initial_colour is BLACK
    assert t.next_round == 3


# ---------------------------------------------------------------------- exact columns on write
def test_written_001_line_has_trf16_columns() -> None:
    p = Player(
        number=7,
        name="Lindqvist, Karin",
        sex="w",
        title="WGM",
        rating=2345,
        federation="SWE",
        fide_id="1712345",
        birth_date="1991/02/28",
        points=3.5,
        rank=12,
        rounds=(
            RoundRecord(12, BLACK, "="),
            RoundRecord(None, None, "U"),
            RoundRecord(3, WHITE, "1"),
            RoundRecord(1234, WHITE, "+"),
            RoundRecord(5, BLACK, " "),
        ),
    )
    line = format_player(p)

    def cols(first: int, last: int) -> str:  # 1-based, inclusive, as the TRF16 table
        return line[first - 1 : last]

    assert cols(1, 3) == "001"
    assert cols(5, 8) == "   7"
    assert cols(10, 10) == "w"
    assert cols(11, 13) == "WGM"
    assert cols(15, 47) == "Lindqvist, Karin".ljust(33)
    assert cols(49, 52) == "2345"
    assert cols(54, 56) == "SWE"
    assert cols(58, 68) == "1712345".rjust(11)
    assert cols(70, 79) == "1991/02/28"
    assert cols(81, 84) == " 3.5"
    assert cols(86, 89) == "  12"
    expected = [
        ("0012", "b", "="),
        ("0000", "-", "U"),
        ("0003", "w", "1"),
        ("1234", "w", "+"),
        ("0005", "b", " "),
    ]
    for r, (opp, colour, result) in enumerate(expected, start=1):
        start = 92 + 10 * (r - 1)
        assert cols(start, start + 3) == opp, r
        assert cols(start + 5, start + 5) == colour, r
        if r < len(expected):
            assert cols(start + 7, start + 7) == result, r
            assert (
                cols(start - 2, start - 1) == "  "
                and line[start + 3] == " "
                and line[start + 5] == " "
            )
    assert len(line) == 92 + 10 * 4 + 5  # the blank result of the pending game is trimmed
    assert read_trf(line, check=False).player(7) == p


def test_written_001_line_blank_fields() -> None:
    line = format_player(Player(number=1234, name="X"))
    assert (
        line == "001 1234" + " " * 6 + "X" and line.index("X") == 15 - 1
    )  # blanks; name at col 15


def test_written_013_line_has_trf16_columns() -> None:
    line = format_team(Team(3, "Schachfreunde Gross-Gerau 1920 e.V.", (1, 22, 333, 4444)))
    assert line[:3] == "013"
    assert line[4:36] == "Schachfreunde Gross-Gerau 1920 e"  # 32 characters, cols 5-36
    assert [line[c - 1 : c + 3] for c in (37, 42, 47, 52)] == ["   1", "  22", " 333", "4444"]


def test_engine_records_are_written_from_fields() -> None:
    t = Tournament(
        players=(Player(1, points=0.0), Player(2, points=0.0, withdrawn_from=3)),
        name="Built in code",
        total_rounds=7,
        initial_colour=BLACK,
        forbidden_pairs=(frozenset({1, 2}),),
        point_system=PointSystem(win=3, draw=1),
        absent_next=frozenset({2}),
    )
    text = dumps_trf(t)
    lines = text.splitlines()
    assert lines[0] == "012 Built in code"
    assert "XXR 7" in lines and "XXC black1" in lines and "XXP 1 2" in lines and "XXZ 2" in lines
    assert any(line.startswith("XXS ") and "WW=3" in line and "WD=1" in line for line in lines)
    back = read_trf(text)
    for name in (
        "players",
        "name",
        "total_rounds",
        "initial_colour",
        "forbidden_pairs",
        "point_system",
        "absent_next",
    ):
        assert getattr(back, name) == getattr(t, name), name
    buf = io.StringIO()
    write_trf(t, buf)
    assert buf.getvalue() == text and text.endswith("\n")


def test_renamed_tournament_is_written_with_its_new_name(data_dir: Path) -> None:
    import dataclasses

    t = dataclasses.replace(load_trf(data_dir / "crlf-endings.trf"), name="Rapid Cup 2027")
    lines = dumps_trf(t).splitlines()
    assert lines[0] == "012 Rapid Cup 2027" and sum(line.startswith("012") for line in lines) == 1


def test_point_system_of_xxs_and_bbp_records_survives() -> None:
    text = "XXR 3\nXXS W=3 D=1\nBBW 3\nBBD 1\n"
    t = read_trf(text, check=False)  # no players: only an unchecked read accepts it
    assert (t.point_system.win, t.point_system.draw, t.point_system.full_point_bye) == (3, 1, 3)
    assert read_trf(dumps_trf(t), check=False).point_system == t.point_system
    bbp_only = read_trf("BBW 2\nBBD 1\n", check=False)
    assert dumps_trf(bbp_only) == "BBW 2\nBBD 1\n"  # kept as bbpPairings wrote them


# ---------------------------------------------------------------------- round trip of every file
def _trf_files() -> list[Path]:
    """Every TRF under ``tests/data`` (subfolders of other test areas included) and
    ``examples``; files meant to be invalid are named ``*invalid*``."""
    files = sorted(DATA.rglob("*.trf")) + sorted(EXAMPLES.glob("*.trf"))
    return [f for f in files if "invalid" not in str(f.relative_to(ROOT)).lower()]


def _model(t: Tournament) -> dict[str, object]:
    return {
        "players": t.players,
        "teams": t.teams,
        "name": t.name,
        "total_rounds": t.total_rounds,
        "initial_colour": t.initial_colour,
        "forbidden_pairs": t.forbidden_pairs,
        "point_system": t.point_system,
        "absent_next": t.absent_next,
        "other records": [h for h in t.header if h[0] not in OWNED_CODES],
    }


@pytest.mark.parametrize("path", _trf_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_round_trip(path: Path) -> None:
    original = load_trf(path, check=False)
    text = dumps_trf(original)
    again = read_trf(text, filename="written.trf", check=False)
    assert _model(again) == _model(original)
    assert dumps_trf(again) == text
    source = decode_bytes(
        path.read_bytes()
    ).text.splitlines()  # in whatever encoding it was written
    written = text.splitlines()
    if path.parent == DATA:  # our own files are written in canonical columns: byte-exact lines
        for code in ("001", "013"):
            assert [ln.rstrip() for ln in source if ln.startswith(code)] == [
                ln for ln in written if ln.startswith(code)
            ]
    else:  # other files: every 001/013 line reads back as the same record
        for code in ("001", "013"):
            assert sum(ln.startswith(code) for ln in source) == sum(
                ln.startswith(code) for ln in written
            )


def test_round_trip_covers_the_data_files() -> None:
    names = {p.name for p in _trf_files()}
    assert {
        "swiss-byes-forfeits.trf",
        "team-league.trf",
        "crlf-endings.trf",
        "next-round-half-bye.trf",
    } <= names


# ---------------------------------------------------------------------- consistency errors
def _text(
    *players: str,
    header: tuple[str, ...] = (
        "012 Test",
        "022 Town",
        "XXR 5",
        "XXC white1",
        "### comment",
        "092 Swiss",
    ),
) -> str:
    return "\n".join((*header, *players)) + "\n"


OK = (
    line001(1, "1.5", "0002 w 1", "0003 b ="),
    line001(2, "0.0", "0001 b 0", "0004 w 0"),
    line001(3, "1.5", "0004 b 1", "0001 w ="),
    line001(4, "1.0", "0003 w 0", "0002 b 1"),
)


def _with(index: int, line: str) -> tuple[str, ...]:
    players = list(OK)
    players[index] = line
    return tuple(players)


ERRORS = [
    pytest.param(
        _text(*_with(0, line001(1, "1.5", "0099 w 1", "0003 b ="))),
        7,
        92,
        "opponent 99 does not exist",
        id="opponent-missing",
    ),
    pytest.param(
        _text(*_with(2, line001(3, "1.5", "0004 b 1", "0077 w ="))),
        9,
        102,
        "opponent 77 does not exist",
        id="opponent-missing-round-2",
    ),
    pytest.param(
        _text(*_with(1, line001(2, "0.0", "0001 w 0", "0004 w 0"))),
        8,
        97,
        "round 1: players 1 and 2 both have White",
        id="colours-disagree",
    ),
    pytest.param(
        _text(*_with(1, line001(2, "1.0", "0001 b 1", "0004 w 0"))),
        8,
        99,
        "round 1: result 1 of player 1 disagrees with result 1 of player 2",
        id="results-disagree",
    ),
    pytest.param(
        _text(*_with(3, line001(4, "1.0", "0003 w 0", "0002 b +"))),
        10,
        109,
        "round 2: result 0 of player 2 disagrees with result + of player 4",
        id="forfeit-against-played",
    ),
    pytest.param(
        _text(*_with(1, line001(2, "0.0", "0003 b 0", "0004 w 0"))),
        8,
        92,
        "round 1: player 1 lists 2 as opponent, but player 2 does not list 1",
        id="one-sided",
    ),
    pytest.param(
        _text(*_with(0, line001(1, "1.5", "0001 w 1", "0003 b ="))),
        7,
        92,
        "player 1 is paired against himself",
        id="paired-with-himself",
    ),
    pytest.param(
        _text(*_with(1, line001(2, "1.5", "0001 b 0", "0004 w 0"))),
        8,
        81,
        "player 2: points field 1.5 disagrees with the results (0.0)",
        id="points-disagree",
    ),
    pytest.param(
        _text(*_with(2, line001(1, "1.5", "0004 b 1", "0001 w ="))),
        9,
        5,
        "start number 1 is used twice (first on line 7)",
        id="duplicate-start-number",
    ),
    pytest.param(
        _text(*_with(0, line001(1, "1.5", "0002 w 1", "0003 b =", rating="18x0"))),
        7,
        49,
        "rating '18x0' is not a number",
        id="rating-not-numeric",
    ),
    pytest.param(
        _text(*_with(0, "001   1a" + OK[0][8:])),
        7,
        5,
        "start number '1a' is not a number",
        id="start-number-not-numeric",
    ),
    pytest.param(
        _text(*_with(0, "001  ²1 " + OK[0][8:])),
        7,
        5,
        "start number '²1' is not a number",
        id="start-number-unicode-digit",
    ),
    pytest.param(
        _text(*_with(1, line001(2, "0.0", "0001 b 0", "00x4 w 0"))),
        8,
        102,
        "opponent '00x4' is not a number",
        id="opponent-not-numeric",
    ),
    pytest.param(
        _text(*_with(0, line001(1, "1.x", "0002 w 1", "0003 b ="))),
        7,
        81,
        "points '1.x' is not a number",
        id="points-not-numeric",
    ),
    pytest.param(
        _text(*_with(0, line001(1, "nan", "0002 w 1", "0003 b ="))),
        7,
        81,
        "points 'nan' is not a number",
        id="points-nan",
    ),
    pytest.param(
        _text(*OK, header=("012 Test", "XXR five")),
        2,
        5,
        "XXR 'five' is not a number",
        id="xxr-not-numeric",
    ),
    pytest.param(
        _text(*OK, header=("XXP 1 x",)), 1, 7, "XXP 'x' is not a number", id="xxp-not-numeric"
    ),
    pytest.param(
        _text(*OK, header=("XXS W=1 Q=2",)),
        1,
        5,
        "unknown point-system entry 'Q=2'",
        id="xxs-unknown",
    ),
    pytest.param(
        _text(*OK, header=("XXC green1",)), 1, 5, "unknown XXC option 'green1'", id="xxc-unknown"
    ),
    pytest.param(
        _text(*OK, header=("SPW 9 2",)), 1, 5, "player 9 does not exist", id="spw-unknown-player"
    ),
    pytest.param(
        _text(*_with(0, line001(1, "1.5", "0002 w 2", "0003 b ="))),
        7,
        99,
        "unknown result code '2'",
        id="result-code",
    ),
    pytest.param(
        _text(*_with(0, line001(1, "1.5", "0002 x 1", "0003 b ="))),
        7,
        97,
        "unknown colour 'x'",
        id="colour-code",
    ),
    pytest.param(
        _text(*_with(0, line001(1, "1.5", "0002 - 1", "0003 b ="))),
        7,
        97,
        "a played game needs colour w or b",
        id="played-without-colour",
    ),
    pytest.param(
        _text(*_with(0, line001(1, "1.5", "0002 - U", "0003 b ="))),
        7,
        92,
        "result U cannot have an opponent",
        id="bye-with-opponent",
    ),
    pytest.param(
        _text(*_with(0, line001(1, "1.5", "0000 w 1", "0003 b ="))),
        7,
        92,
        "result 1 needs an opponent",
        id="win-without-opponent",
    ),
    pytest.param(
        _text(*OK, "013 Team A                          1    9"),
        11,
        42,
        "team member 9 does not exist",
        id="team-member-missing",
    ),
]


@pytest.mark.parametrize("text, line, column, message", ERRORS)
def test_consistency_errors_name_file_line_and_column(
    text, line, column, message, tmp_path, monkeypatch, cli
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("t.trf").write_text(text, encoding="utf-8")
    with pytest.raises(InvalidTrfError) as info:
        load_trf("t.trf")
    err = info.value
    assert (err.filename, err.line, err.column) == ("t.trf", line, column)
    assert str(err) == f"t.trf: line {line}, column {column}: {message}"
    # the CLI reports it in one line, exit code 3, no traceback
    result = cli("pair", "t.trf", "--ruleset", "round-robin")
    assert result.code == 3
    assert result.err == f"swisspairing: t.trf: line {line}, column {column}: {message}\n"
    assert result.out == ""


def test_the_valid_base_of_the_error_cases_reads() -> None:
    t = read_trf(_text(*OK), filename="t.trf")
    assert [p.points for p in t.players] == [1.5, 0.0, 1.5, 1.0]


def test_points_are_checked_against_the_given_point_system() -> None:
    text = _text(line001(1, "3.0", "0002 w 1"), line001(2, "0.0", "0001 b 0"))
    with pytest.raises(InvalidTrfError, match=r"points field 3.0 disagrees with the results"):
        read_trf(text)
    assert read_trf(text, point_system=PointSystem(win=3)).player(1).points == 3.0
    # an XXS record in the file wins over the given point system
    assert read_trf("XXS W=3\n" + text, point_system=PointSystem()).player(1).points == 3.0
    assert read_trf(text, check=False).player(1).points == 3.0


def test_double_forfeit_is_consistent() -> None:
    t = read_trf(_text(line001(1, "0.0", "0002 w -"), line001(2, "0.0", "0001 b -")))
    assert t.player(1).record(1).is_forfeit and t.player(2).record(1).is_forfeit


# ---------------------------------------------------------------------- properties
_LINE_CHARS = st.sampled_from(list(" 0123456789wbWB-=+HFUZLDx.²\t"))
_CODES = st.sampled_from(
    [
        "001 ",
        "013 ",
        "XXR ",
        "XXS ",
        "XXC ",
        "XXP ",
        "XXZ ",
        "SPW ",
        "BBW ",
        "142 ",
        "152 ",
        "012 ",
        "132 ",
    ]
)


@settings(max_examples=150)
@given(
    st.lists(st.builds(str.__add__, _CODES, st.text(_LINE_CHARS, max_size=130)), max_size=6),
    st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_reader_fails_only_with_invalid_trf_error(lines: list[str], newline: str) -> None:
    """Garbage in, a clear error out: never a ``ValueError``/``KeyError`` traceback."""
    try:
        read_trf(newline.join(lines), filename="fuzz.trf")
    except InvalidTrfError as exc:
        assert exc.filename == "fuzz.trf"
        assert exc.line is not None or str(exc) == "fuzz.trf: no player records (001 lines) found"
    except SizeLimitError as exc:  # more rounds than supported (exit 4, as bbpPairings)
        assert str(exc).startswith("fuzz.trf: line ")


_NAMES = st.text("abcxyzÄÖÜßéçÇłŁ ,.'-", max_size=33).map(str.strip)


@st.composite
def _records(draw: st.DrawFn) -> RoundRecord:
    code = draw(st.sampled_from("1=0WDL+-HFUZ "))
    if code in "HFUZ":
        return RoundRecord(None, None, code)
    if code == " " and draw(st.booleans()):
        return RoundRecord(None, None, " ")
    colour = draw(st.sampled_from([WHITE, BLACK] + ([None] if code in "+- " else [])))
    if code in "+-" and colour is None and draw(st.booleans()):
        return RoundRecord(None, None, code)  # "0000 - +": a forfeit without a named opponent
    return RoundRecord(draw(st.integers(1, 9999)), colour, code)


@st.composite
def _players(draw: st.DrawFn, number: int) -> Player:
    return Player(
        number=number,
        name=draw(_NAMES),
        sex=draw(st.sampled_from(["", "m", "w"])),
        title=draw(st.sampled_from(["", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"])),
        rating=draw(st.integers(0, 9999)),
        federation=draw(st.sampled_from(["", "GER", "POL", "RUS"])),
        fide_id=draw(st.text("0123456789", max_size=11)),
        birth_date=draw(st.sampled_from(["", "1990/01/31", "2004"])),
        points=draw(st.none() | st.integers(0, 199).map(lambda k: k / 2)),
        rank=draw(st.none() | st.integers(1, 9999)),
        rounds=tuple(draw(st.lists(_records(), max_size=5))),
    )


@settings(max_examples=40)
@given(st.data())
def test_written_models_read_back_unchanged(data: st.DataObject) -> None:
    numbers = data.draw(st.lists(st.integers(1, 9999), min_size=1, max_size=5, unique=True))
    players = tuple(sorted((data.draw(_players(n)) for n in numbers), key=lambda p: p.number))
    t = Tournament(
        players=players, name="Property", total_rounds=data.draw(st.none() | st.integers(1, 30))
    )
    back = read_trf(dumps_trf(t), check=False)
    assert back.players == t.players
    assert (back.name, back.total_rounds) == (t.name, t.total_rounds)


# -------------------------------------------------------------------- the drop-in promise (issue 9)
def test_points_without_the_byes_entered_for_the_round_being_paired(
    data_dir: Path, cli, tmp_path: Path
) -> None:
    """TRF16 001 (points, columns 81-84) and BBP 001: JaVaFo leaves the points of
    ``0000 - H``/``F`` entered for the round being paired out of the points field, other
    programs count them (TRF16: the total); bbpPairings accepts both (``validateScores``), so
    does this reader.  The field is read as the TRF16 total."""
    t = load_trf(data_dir / "javafo-prefilled-byes.trf")
    assert t.next_round == 3
    # 1, 2 (H) and 5 (F) wrote the score without the bye; 8 wrote it with the H; 6 has a Z
    assert {n: t.player(n).points for n in (1, 2, 5, 6, 8)} == {
        1: 2.5,
        2: 2.0,
        5: 2.0,
        6: 1.0,
        8: 0.5,
    }
    out = tmp_path / "next.trf"
    assert (
        cli(
            "pair",
            str(data_dir / "javafo-prefilled-byes.trf"),
            "-r",
            "fide-dutch-1992",
            "-o",
            str(out),
        ).code
        == 0
    )
    written = load_trf(out)  # the next file is consistent: it reads back (round 3 now recorded)
    assert written.player(1).points == 2.5 and str(written.player(1).record(3)) == "0000 - H"
    # the points field still has to be one of the two readings
    text = (
        (data_dir / "javafo-prefilled-byes.trf")
        .read_text()
        .replace(
            "Albers, Jan                       2210 GER                         2.0",
            "Albers, Jan                       2210 GER                         3.0",
        )
    )
    with pytest.raises(
        InvalidTrfError,
        match=r"line 5, column 81: player 1: points field 3.0 disagrees with the results \(2.5\)",
    ):
        read_trf(text, filename="t.trf")


def test_points_with_the_acceleration_of_the_round_being_paired(data_dir: Path) -> None:
    """TRFx XXA, BBP XXA: the points field may include the fictitious points of the round
    being paired (bbpPairings accepts both); it is read as the real score."""
    t = load_trf(data_dir / "accelerated-xxa.trf")
    assert [p.points for p in t.players] == [2.0, 1.0, 1.0, 0.0]  # player 3 wrote 1.0 + 0.5
    assert ("XXA", "XXA    3  0.0  0.5  0.5") in t.header  # kept and written back
    assert "XXA    3  0.0  0.5  0.5" in dumps_trf(t).splitlines()
    text = (data_dir / "accelerated-xxa.trf").read_text()
    with pytest.raises(InvalidTrfError, match="line 9, column 5: XXA: player 9 does not exist"):
        read_trf(text.replace("XXA    3", "XXA    9"), filename="t.trf")
    with pytest.raises(
        InvalidTrfError, match=r"line 9, column 15: acceleration '0.x' is not a number"
    ):
        read_trf(text.replace("XXA    3  0.0  0.5", "XXA    3  0.0  0.x"), filename="t.trf")


@pytest.mark.parametrize(
    "name, message",
    [
        (
            "rounds-beyond-xxr-invalid.trf",
            "line 6, column 102: round 2 is recorded, but the tournament has only 1 round (line 2)",
        ),
        ("xxp-unknown-player-invalid.trf", "line 4, column 7: XXP: player 17 does not exist"),
        ("xxz-unknown-player-invalid.trf", "line 3, column 7: XXZ: player 40 does not exist"),
        ("long-line-invalid.trf", "line 2, column 10001: line is longer than 10000 characters"),
    ],
)
def test_references_and_bounds_are_errors_with_line_and_column(
    cli, data_dir: Path, name: str, message: str
) -> None:
    """TRFx XXR, XXP, XXZ: rounds beyond ``XXR`` and ``XXP``/``XXZ`` naming players who do not
    exist are refused (bbpPairings: "the number of rounds is larger than the reported number
    of rounds"); a line longer than the cap is refused before it is parsed."""
    path = data_dir / name
    for command in ("pair", "check", "standings"):
        result = cli(command, str(path), "-r", "round-robin")
        assert (result.code, result.err) == (3, f"swisspairing: {path}: {message}\n"), command


def test_huge_numbers(tmp_path: Path, cli) -> None:
    """More rounds than this build supports is a size limit (exit 4, as bbpPairings); other
    huge or non-finite numbers are invalid input (exit 3)."""
    base = _text(*OK, header=("012 Test",))
    for header, code, message in [
        ("XXR 99999999999999999999", 4, "line 1, column 5: at most 999 rounds are supported"),
        ("142 1000", 4, "line 1, column 5: at most 999 rounds are supported"),
        ("XXR 0", 3, "line 1, column 5: the number of rounds must be at least 1"),
        ("XXS W=1" + "0" * 400, 3, "line 1, column 5: W '1" + "0" * 400 + "' is not a number"),
        ("BBW 1e999", 3, "line 1, column 5: BBW '1e999' is not a number"),
        # a long value is cut in the message (swisspairing.safetext.MAX_ECHO, issue 22)
        (
            "XXP 1 " + "9" * 5000,
            3,
            "line 1, column 7: XXP '" + "9" * 500 + "… (5000)' is not a number",
        ),
        (
            "SPW 1 " + "9" * 5000,
            3,
            "line 1, column 7: SPW '" + "9" * 500 + "… (5000)' is not a number",
        ),
    ]:
        path = tmp_path / "t.trf"
        path.write_text(header + "\n" + base)
        result = cli("standings", str(path), "-r", "round-robin")
        assert (result.code, result.err) == (code, f"swisspairing: {path}: {message}\n"), header


def test_points_that_do_not_fit_the_column_are_a_size_limit(tmp_path: Path, cli) -> None:
    """A score of 100 or more cannot be written in the four columns of the points field
    (bbpPairings: "does not support scores above 99.9"): exit 4, nothing written."""
    lines = ["012 High scores", "XXR 3", "XXS W=80 D=40 PAB=80"]
    lines += [
        line001(1, "40.0", "0002 w ="),
        line001(2, "40.0", "0001 b ="),
        line001(3, "80.0", "0000 - U"),
    ]
    path = tmp_path / "t.trf"
    path.write_text(
        "\n".join(lines) + "\n"
    )  # round 2: the bye goes to 1 or 2, who then has 120 points
    result = cli(
        "pair",
        str(path),
        "-r",
        "fide-dutch-1992",
        "-o",
        str(tmp_path / "next.trf"),
        "-p",
        str(tmp_path / "p.txt"),
    )
    assert result.code == 4, result.err
    assert result.err in (
        f"swisspairing: player {n}: a value does not fit its TRF16 column (points 120.0, rating "
        "1800)\n"
        for n in (1, 2)
    )
    with pytest.raises(SizeLimitError):
        dumps_trf(Tournament(players=(Player(1, points=100.0),)))
    assert sorted(os.listdir(tmp_path)) == ["t.trf"]


def test_file_size_is_bounded(tmp_path: Path, cli) -> None:
    """A file over the cap is refused, read no further (also a device such as ``/dev/zero``)."""
    from swisspairing.trf import load_trf_source

    path = tmp_path / "t.trf"
    path.write_text(_text(*OK))
    with pytest.raises(InvalidTrfError, match=r"t.trf: the file is larger than 100 bytes"):
        load_trf_source(path, max_bytes=100)
    if os.path.exists("/dev/zero"):
        result = cli("pair", "/dev/zero", "-r", "round-robin")
        assert (result.code, result.err) == (
            3,
            f"swisspairing: /dev/zero: the file is larger than {32 * 1024 * 1024} bytes\n",
        )


def test_points_with_the_acceleration_of_a_trf26_250_record() -> None:
    """TRF26 250 (BBP 250: game points at columns 10-13, rounds 15-17 to 19-21, players 23-26
    to 28-31): the points field may include the round's acceleration, as with ``XXA``."""
    base = [
        "XXR 5",
        line001(1, "2.0", "0002 w 1"),
        line001(2, "1.0", "0001 b 0"),
        line001(3, "0.0", "0000 - Z"),
    ]
    accelerated = "250       1.0   1   2    1    2"  # players 1-2 get 1 point in rounds 1-2
    t = read_trf("\n".join([accelerated, *base]) + "\n")
    assert [p.points for p in t.players] == [1.0, 0.0, 0.0]
    assert ("250", accelerated) in t.header
    with pytest.raises(
        InvalidTrfError, match=r"player 1: points field 2.0 disagrees with the results"
    ):
        read_trf("\n".join(base) + "\n")
    # player 3 is outside the range: his points field must be his real score
    with pytest.raises(InvalidTrfError, match=r"player 3: points field 1.0 disagrees"):
        read_trf("\n".join([accelerated, *base[:3], line001(3, "1.0", "0000 - Z")]) + "\n")


def test_a_drawn_absence_is_a_half_point_bye() -> None:
    """BBP 001: ``0000 - =`` (Vega's "absent with a forfeited draw") is accepted by
    bbpPairings as a half point without a game, and written back as ``0000 - H``."""
    t = read_trf(
        _text(
            line001(1, "1.0", "0002 w 1"),
            line001(2, "0.0", "0001 b 0"),
            line001(3, "0.5", "0000 - ="),
        )
    )
    assert t.player(3).record(1) == RoundRecord(None, None, "H") and t.player(3).points == 0.5
    assert format_player(t.player(3)).endswith("0000 - H")
    with pytest.raises(InvalidTrfError, match="result = needs an opponent"):
        read_trf(_text(line001(1, "0.5", "0000 w =")))  # with a colour it claims a game
