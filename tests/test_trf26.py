"""TRF-2026 and the TRF(x)/TRF(bx) records (core/trf/records.py, issue 21; spec/trf.md §5, §7).

A record that would change a pairing or a score is honoured (142, 152, 162, 240, 260, XXR,
XXC, XXP, XXS, XXZ, BB?) or refused with its line and column (299, the TRF26 team records,
XXW) — never read past; an unknown record is kept on writing and listed once; a file is
written back in the version it was read in.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing import Engine, load_ruleset
from swisspairing.cli import main
from swisspairing.errors import InvalidInputError, InvalidTrfError
from swisspairing.model import BLACK, WHITE, PointSystem
from swisspairing.trf import TRF26, dumps_trf, load_trf, read_trf, unknown_records

BBP = Path(__file__).parent / "data" / "bbp"


def line001(number: int, points: str, *blocks: str, rating: int = 1800) -> str:
    """A 001 line in TRF16 columns (round blocks from column 92)."""
    name = f"Player {number}"
    head = f"001 {number:>4} m    {name:<33} {rating:>4} GER {'':>11} {'':10} {points:>4} {'':4}"
    return (head + "".join("  " + b for b in blocks)).rstrip()


def four(points: tuple[str, str, str, str], *records: str) -> str:
    """Four players after round 1: 1 beat 2, 3 and 4 drew (or what ``points`` says)."""
    return "\n".join(
        [
            "012 Four",
            *records,
            line001(1, points[0], "   2 w 1"),
            line001(2, points[1], "   1 b 0"),
            line001(3, points[2], "   4 w ="),
            line001(4, points[3], "   3 b ="),
        ]
    )


# ---------------------------------------------------------------------------- 162, BB?
def test_162_sets_the_point_system_of_every_result() -> None:
    """TRF26 162: W covers wins, forfeit wins and full-point byes; D draws and half-point
    byes; P the pairing-allocated bye (else = W)."""
    t = read_trf(four(("3.0", "0.0", "1.0", "1.0"), "162  W 3.0    D 1.0"))
    assert t.point_system == PointSystem(
        win=3, draw=1, forfeit_win=3, full_point_bye=3, half_point_bye=1, pairing_allocated_bye=3
    )
    t = read_trf(four(("2.0", "0.0", "1.0", "1.0"), "162  W 2.0    D 1.0    P 1.0"))
    assert t.point_system is not None and t.point_system.pairing_allocated_bye == 1


def test_162_points_fields_are_checked() -> None:
    with pytest.raises(InvalidTrfError, match=r"points field 1\.0 disagrees with the results"):
        read_trf(four(("1.0", "0.0", "1.0", "1.0"), "162  W 3.0    D 1.0"))


@pytest.mark.parametrize(
    ("record", "column"), [("162  Q 3.0", 6), ("162  W 3.0 x  D 1.0", 12), ("162  W", 6)]
)
def test_162_errors_name_the_column(record: str, column: int) -> None:
    with pytest.raises(InvalidTrfError, match=rf"line 2, column {column}"):
        read_trf(four(("3.0", "0.0", "1.0", "1.0"), record))


def test_bb_records_score_forfeits_and_byes_too() -> None:
    """bbpPairings scores a forfeit win with BBW and a forfeit loss with BBF (README.txt,
    ``getPoints``): ``+`` = 3.0 under BBW 3.0; the PAB follows BBW unless BBU says."""
    text = "\n".join(
        [
            "012 BB",
            "BBW  3.0",
            "BBF  0.5",
            line001(1, "3.0", "   2 w +"),
            line001(2, "0.5", "   1 b -"),
        ]
    )
    ps = read_trf(text).point_system
    assert ps is not None
    assert (ps.win, ps.forfeit_win, ps.forfeit_loss, ps.pairing_allocated_bye) == (3, 3, 0.5, 3)
    assert read_trf(text.replace("BBF  0.5", "BBU  1.0").replace("0.5", "0.0")).point_system == (
        PointSystem(win=3, forfeit_win=3, full_point_bye=3, pairing_allocated_bye=1)
    )


def test_bbpPairings_3_1_0_in_162_and_in_bb_records_reads_the_same() -> None:
    a, b = load_trf(str(BBP / "dutch-310.trf")), load_trf(str(BBP / "dutch-310-bb.trf"))
    assert a.point_system == b.point_system
    assert a.point_system is not None and (a.point_system.win, a.point_system.draw) == (3, 1)
    assert [p.points for p in a.players] == [p.points for p in b.players]


def test_bbpPairings_2_1_0_scores() -> None:
    t = load_trf(str(BBP / "dutch-210.trf"))
    for p in t.players:
        wins = sum(r.result in "1+" for r in p.rounds) + sum(r.result == "U" for r in p.rounds)
        draws = sum(r.result in "=H" for r in p.rounds)
        assert p.points == 2 * wins + draws, p.number


# ---------------------------------------------------------------------------- 142, 152
def test_142_and_152() -> None:
    t = read_trf(four(("1.0", "0.0", "0.5", "0.5"), "142 5", "152 B"))
    assert t.total_rounds == 5 and t.initial_colour is BLACK
    with pytest.raises(InvalidTrfError, match="line 3, column 5"):
        read_trf(four(("1.0", "0.0", "0.5", "0.5"), "142 5", "XXR 6"))


# ---------------------------------------------------------------------------- 240
def test_240_bye_request_for_the_next_round_keeps_the_player_out() -> None:
    t = read_trf(four(("1.0", "0.0", "0.5", "0.5"), "XXR 3", "240 H 002 0001"))
    rec = t.player(1).record(2)
    assert rec is not None and (rec.opponent, rec.result) == (None, "H")
    assert 1 not in {p.number for p in t.participants(2)}
    pairing = Engine(load_ruleset("fide-dutch-1992")).pair(t, explain=False)
    assert all(1 not in b.players for b in pairing.boards)


def test_240_for_a_played_round_must_agree() -> None:
    with pytest.raises(InvalidTrfError, match=r"line 2, column 11: 240: player 1 has a bye"):
        read_trf(four(("1.0", "0.0", "0.5", "0.5"), "240 Z 001 0001"))


def test_240_later_round_waits_for_its_round() -> None:
    t = read_trf(four(("1.0", "0.0", "0.5", "0.5"), "XXR 4", "240 F 003 0002"))
    assert t.player(2).record(3) is None  # round 2 is paired first; the record is kept
    assert ("240", "240 F 003 0002") in t.header


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ("240 Q 002 0001", "line 2, column 5: unknown bye type"),
        ("240 H 002 0009", "line 2, column 11: 240: player 9 does not exist"),
        ("240 H 002", "line 2, column 11: 240 lists no player"),
    ],
)
def test_240_errors(record: str, words: str) -> None:
    with pytest.raises(InvalidTrfError, match=words):
        read_trf(four(("1.0", "0.0", "0.5", "0.5"), record))


# ---------------------------------------------------------------------------- 260
def test_260_forbids_a_pair_in_its_rounds_only() -> None:
    t = read_trf(four(("1.0", "0.0", "0.5", "0.5"), "XXR 5", "260 002 003 0001 0003"))
    assert t.forbidden(1, 3, 2) and t.forbidden(3, 1, 3) and not t.forbidden(1, 3, 4)
    assert not t.forbidden_pairs  # not an XXP: written back as the 260 it was
    pairing = Engine(load_ruleset("fide-dutch-1992")).pair(t, explain=False)
    assert {frozenset(b.players) for b in pairing.boards} == {frozenset((1, 4)), frozenset((2, 3))}


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ("260 003 002 0001 0003", "line 2, column 9: the round range is empty"),
        ("260 002 003 0001", "line 2, column 13: 260 needs at least two players"),
        ("260 002 003 0001 0042", "line 2, column 18: 260: player 42 does not exist"),
    ],
)
def test_260_errors(record: str, words: str) -> None:
    with pytest.raises(InvalidTrfError, match=words):
        read_trf(four(("1.0", "0.0", "0.5", "0.5"), record))


# ---------------------------------------------------------------------------- refused, unknown
@pytest.mark.parametrize(
    ("record", "words"),
    [
        ("299 W  0.0  0.5 001 0002", "299 \\(abnormal points assignment\\) is not supported"),
        ("310   1 Team A", "team record 310 is not supported"),
        ("330 +- 001 001 002", "team record 330 is not supported"),
        ("XXW 5", "XXW"),
    ],
)
def test_records_that_would_change_a_score_or_pairing_are_refused(record: str, words: str) -> None:
    with pytest.raises(InvalidTrfError, match=rf"line 2, column 1: .*{words}"):
        read_trf(four(("1.0", "0.0", "0.5", "0.5"), record))


def test_unknown_records_are_kept_and_listed() -> None:
    t = read_trf(four(("1.0", "0.0", "0.5", "0.5"), "QQQ something", "DAX 7"))
    assert unknown_records(t) == {"QQQ": 1, "DAX": 1}
    assert "QQQ something" in dumps_trf(t) and "DAX 7" in dumps_trf(t)
    # informative TRF26 records, comments and national rating records are known
    t = read_trf(four(("1.0", "0.0", "0.5", "0.5"), "182 me", "### note", "GER    1 m"))
    assert unknown_records(t) == {}


def test_pair_warns_once_about_unknown_records(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "t.trf"
    f.write_text(four(("1.0", "0.0", "0.5", "0.5"), "XXR 3", "QQQ a", "QQQ b") + "\n")
    assert main(["pair", str(f), "--ruleset", "fide-dutch-1992", "-p", str(tmp_path / "p")]) == 0
    err = capsys.readouterr().err
    assert err.count("records kept but not read: QQQ") == 1


# ---------------------------------------------------------------------------- writing
def test_a_trf26_file_is_written_back_in_trf26() -> None:
    text = four(("3.0", "0.0", "1.0", "1.0"), "142 5", "152 W", "162  W 3.0    D 1.0")
    out = dumps_trf(read_trf(text))
    assert "142 5" in out and "152 W" in out and "162  W 3.0    D 1.0" in out
    assert "XXR" not in out and "XXC" not in out and "XXS" not in out
    assert read_trf(out) == read_trf(text)


def test_a_trfx_file_stays_trfx_unless_told() -> None:
    t = read_trf(four(("1.0", "0.0", "0.5", "0.5"), "XXR 5", "XXC white1"))
    out = dumps_trf(t)
    assert "XXR 5" in out and "XXC white1" in out and "142" not in out
    out26 = dumps_trf(t, version=TRF26)
    assert "142 5" in out26 and "152 W" in out26
    assert read_trf(out26).total_rounds == 5 and read_trf(out26).initial_colour is WHITE


def test_bbp_files_round_trip() -> None:
    """Written and read back, a file gives the same tournament (the typed records written
    together where the first of them stood) and the same text again."""
    for f in sorted(BBP.glob("*.trf")):
        t = load_trf(str(f))
        u = read_trf(dumps_trf(t))
        assert (u.players, u.point_system, u.total_rounds, u.initial_colour) == (
            t.players,
            t.point_system,
            t.total_rounds,
            t.initial_colour,
        ), f.name
        assert (u.forbidden_pairs, u.forbidden_in_rounds) == (
            t.forbidden_pairs,
            t.forbidden_in_rounds,
        )
        assert sorted(u.header) == sorted(t.header), f.name
        assert dumps_trf(u) == dumps_trf(t), f.name


def test_json_documents_apply_their_kept_records_too() -> None:
    """A tournament document keeps non-typed records as lines (``records``): 260 and 240
    apply as in the TRF, a wrong one is named by its JSON path."""
    import json

    from swisspairing import dump_json, loads_json

    doc = json.loads(dump_json(load_trf(str(BBP / "dutch-260.trf"))))
    t = loads_json(json.dumps(doc))
    assert t.forbidden_in_rounds and t.forbidden(*sorted(t.forbidden_in_rounds[0][2]), 5)
    at = len(doc["records"])
    doc["records"].append("260 005 007 0001 0099")
    with pytest.raises(InvalidInputError, match=rf"x\.json: \$\.records\[{at}\]: 260: player 99"):
        loads_json(json.dumps(doc), source="x.json")
    doc["records"][-1] = "299 W  0.0  0.5 001 0002"
    with pytest.raises(InvalidInputError, match=rf"\$\.records\[{at}\]: TRF26 299"):
        loads_json(json.dumps(doc), source="x.json")


# ---------------------------------------------------------------------------- properties


@settings(max_examples=25)
@given(
    seed=st.integers(1, 10_000),
    players=st.integers(4, 30),
    rounds=st.integers(1, 5),
    win=st.sampled_from([1.0, 2.0, 3.0]),
    colour=st.sampled_from([None, WHITE, BLACK]),
)
def test_any_tournament_reads_back_the_same_from_either_version(
    seed: int, players: int, rounds: int, win: float, colour: object
) -> None:
    """Written as TRF16 (XXR/XXC/XXS) or as TRF26 (142/152/162), a tournament reads back
    with the same players, rounds, initial colour and point system."""
    from dataclasses import replace

    from swisspairing.generate import GeneratorConfig, generate
    from swisspairing.trf import TRF16

    ps = PointSystem(win=win, forfeit_win=win, full_point_bye=win, pairing_allocated_bye=win)
    rs = replace(load_ruleset("fide-dutch-1992"), points=ps)
    t = generate(rs, GeneratorConfig(players=players, rounds=rounds, seed=seed)).tournament
    t = replace(t, initial_colour=colour, point_system=ps if win != 1.0 else None)
    for version in (TRF16, TRF26):
        u = read_trf(dumps_trf(t, version=version))
        assert u.players == t.players
        assert (u.total_rounds, u.initial_colour) == (t.total_rounds, t.initial_colour)
        assert (u.point_system or PointSystem()) == (t.point_system or PointSystem())
