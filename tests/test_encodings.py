"""Encodings of real tournament files (issue 9, "Encodings"; ``core/encoding.py``).

UTF-8 with or without byte-order mark and UTF-16/32 with one are read as such; any other file
is one of Windows-1250/1251/1252, ISO-8859-1/2/5 or KOI8-R, detected, and the guess is
reported on stderr and in ``--explain``; ``--encoding`` overrides; ``-o`` writes back the
encoding read unless ``--output-encoding`` says otherwise, and never a character the target
cannot hold; a file without ``001`` records is exit 3 in every command; a non-UTF-8
standard output never crashes.  The files in ``tests/data/encodings`` hold the same four
players (written by hand, then encoded)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from swisspairing import load_trf
from swisspairing.encoding import decode_bytes, encode_text
from swisspairing.trf import load_trf_source

DATA = Path(__file__).parent / "data"
ENC = DATA / "encodings"

RUSSIAN = ["Петров, Иван", "Смирнова, Ольга", "Кузнецов, Алексей", "Попов, Дмитрий"]
POLISH = ["Wójcik, Łukasz", "Kowalczyk, Józef", "Zieliński, Paweł", "Szymańska, Małgorzata"]
FRENCH = ["Lefèvre, Hélène", "Bérard, Jérôme", "Garçon, François", "Mercier, Anaïs"]


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWISSPAIRING_LANG", "en")


@pytest.mark.parametrize(
    "name, encoding, bom, guessed, names, city",
    [
        ("utf8-bom-russian.trf", "utf-8", True, False, RUSSIAN, "Москва"),
        ("utf16le-bom-polish.trf", "utf-16-le", True, False, POLISH, "Łódź"),
        ("utf32be-bom-french.trf", "utf-32-be", True, False, FRENCH, "Besançon"),
        ("cp1251-russian.trf", "cp1251", False, True, RUSSIAN, "Москва"),
        ("koi8r-russian.trf", "koi8-r", False, True, RUSSIAN, "Москва"),
        ("cp1250-polish.trf", "cp1250", False, True, POLISH, "Łódź"),
        ("iso8859-2-polish.trf", "iso8859-2", False, True, POLISH, "Łódź"),
        ("cp1252-french.trf", "cp1252", False, True, FRENCH, "Besançon"),
    ],
)
def test_each_encoding_is_read(name, encoding, bom, guessed, names, city) -> None:
    """Byte-order marks decide; otherwise the code page is detected (no mojibake such as
    ``Ïåòðîâ, Èâàí``, which Latin-1 makes of Windows-1251)."""
    tournament, decoded = load_trf_source(ENC / name)
    assert (decoded.encoding, decoded.bom, decoded.guessed) == (encoding, bom, guessed)
    assert [p.name for p in tournament.players] == names
    assert ("022", f"022 {city}") in tournament.header
    assert tournament.player(1).points == 1.0 and tournament.next_round == 2


def test_plain_ascii_and_utf8_are_not_guesses(tmp_path: Path) -> None:
    text = (DATA / "rr-7-start.trf").read_text("utf-8")
    assert text.isascii()
    assert (
        decode_bytes(text.encode()).encoding == "utf-8" and not decode_bytes(text.encode()).guessed
    )
    assert decode_bytes("012 Müller-Cup\n".encode()).text == "012 Müller-Cup\n"


def test_encoding_option_overrides_detection(cli, tmp_path: Path) -> None:
    """``--encoding`` names the encoding: no guess is reported; a wrong name is exit 3."""
    src = ENC / "cp1250-polish.trf"
    assert load_trf(src, encoding="cp1250").player(1).name == "Wójcik, Łukasz"
    assert (
        load_trf(src, encoding="latin-1").player(1).name == "Wójcik, £ukasz"
    )  # what the user asked for
    result = cli("pair", str(src), "-r", "round-robin", "--encoding", "cp1250")
    assert result.code == 0 and result.err == ""
    assert "Wójcik, Łukasz" in result.out
    bad = cli("pair", str(src), "-r", "round-robin", "--encoding", "klingon")
    assert (bad.code, bad.out) == (3, "")
    assert bad.err == "swisspairing: --encoding: unknown encoding 'klingon'\n"
    undecodable = cli(
        "check", str(ENC / "cp1251-russian.trf"), "-r", "round-robin", "--encoding", "utf-8"
    )
    assert undecodable.code == 3
    assert undecodable.err.startswith(
        f"swisspairing: {ENC / 'cp1251-russian.trf'}: line 1, column 5: byte 0xcf cannot be read "
        "as utf-8"
    )


def test_a_guess_is_reported_on_stderr_and_in_explain(cli) -> None:
    src = ENC / "cp1251-russian.trf"
    note = (
        "no byte-order mark and not UTF-8: read as cp1251 (a guess; --encoding NAME chooses "
        "another)"
    )
    for command in ("pair", "check", "standings", "crosstable", "pairings"):
        result = cli(command, str(src), "-r", "round-robin")
        assert result.code in (0, 1), (command, result.err)
        assert result.err == f"swisspairing: {src}: {note}\n", command
    explained = cli("pair", str(src), "-r", "round-robin", "--explain")
    assert explained.out.split("\nExplanation\n", 1)[1].splitlines()[0] == "  " + note
    # not a guess: nothing said
    assert cli("pair", str(ENC / "utf8-bom-russian.trf"), "-r", "round-robin").err == ""


@pytest.mark.parametrize(
    "name",
    [
        "cp1251-russian.trf",
        "cp1250-polish.trf",
        "utf16le-bom-polish.trf",
        "utf8-bom-russian.trf",
        "utf32be-bom-french.trf",
    ],
)
def test_output_is_written_in_the_encoding_read(cli, tmp_path: Path, name: str) -> None:
    """``-o`` writes what it read: the same code page or byte-order mark, so the program
    that wrote the file can open the next one; the names are the same bytes as before."""
    src = ENC / name
    out = tmp_path / "next.trf"
    assert cli("pair", str(src), "-r", "round-robin", "-o", str(out)).code == 0
    before, after = decode_bytes(src.read_bytes()), decode_bytes(out.read_bytes())
    assert (after.encoding, after.bom) == (before.encoding, before.bom)
    written = load_trf(out)
    assert [p.name for p in written.players] == [p.name for p in load_trf(src).players]
    assert written.rounds_recorded == 2
    raw = src.read_bytes()
    for player in written.players:  # each name is stored byte for byte as in the input
        assert (
            player.name.encode(before.encoding) in raw
            and player.name.encode(before.encoding) in out.read_bytes()
        )


def test_output_encoding_option(cli, tmp_path: Path) -> None:
    src = ENC / "cp1251-russian.trf"
    out = tmp_path / "next.trf"
    assert (
        cli(
            "pair", str(src), "-r", "round-robin", "-o", str(out), "--output-encoding", "utf-8"
        ).code
        == 0
    )
    assert "Петров, Иван" in out.read_text("utf-8")


def test_a_character_the_output_encoding_cannot_hold_is_refused(cli, tmp_path: Path) -> None:
    """Nothing is silently transcoded into ``?``: exit 3, no file written (nor ``-p``)."""
    out, pairs = tmp_path / "next.trf", tmp_path / "pairs.txt"
    result = cli(
        "pair",
        str(ENC / "cp1251-russian.trf"),
        "-r",
        "round-robin",
        "-o",
        str(out),
        "-p",
        str(pairs),
        "--output-encoding",
        "cp1252",
    )
    assert result.code == 3
    assert result.err.endswith(
        f"swisspairing: {out}: line 1, column 5: character 'П' cannot be written in cp1252 "
        "(choose another with --output-encoding)\n"
    )
    assert sorted(os.listdir(tmp_path)) == []
    with pytest.raises(ValueError):
        encode_text("012 Łódź\n", decode_bytes(b"012 x\n"), encoding="latin-1")


COMMANDS = [("pair",), ("check",), ("standings",), ("crosstable",), ("pairings",)]


@pytest.mark.parametrize("name", ["empty-invalid.trf", "no-players-invalid.trf"])
@pytest.mark.parametrize("command", [c[0] for c in COMMANDS])
def test_no_player_records_is_exit_3_in_every_command(
    cli, tmp_path: Path, name: str, command: str
) -> None:
    """Never an empty "Round 1" with exit 0, never ``-p`` writing ``0``."""
    src = DATA / name
    argv = [command, str(src), "-r", "round-robin"]
    if command == "pair":
        argv += ["-p", str(tmp_path / "pairs.txt")]
    result = cli(*argv)
    assert (result.code, result.out) == (3, "")
    assert result.err == f"swisspairing: {src}: no player records (001 lines) found\n"
    assert not (tmp_path / "pairs.txt").exists()


@pytest.mark.parametrize(
    "content",
    [b" \n\t\n\r\n", bytes(range(256)) * 4, b"\x00" * 100],
    ids=["whitespace", "binary", "nul"],
)
def test_no_player_records_in_whitespace_and_binary(cli, tmp_path: Path, content: bytes) -> None:
    src = tmp_path / "t.trf"
    src.write_bytes(content)
    result = cli("standings", str(src), "-r", "round-robin")
    assert result.code == 3 and "no player records (001 lines) found" in result.err
    assert result.err.count("\n") <= 2 and "Traceback" not in result.err


def test_utf16_without_byte_order_mark(cli) -> None:
    src = ENC / "utf16le-no-bom-invalid.trf"
    result = cli("pair", str(src), "-r", "round-robin")
    assert result.code == 3
    assert result.err.endswith(
        f"swisspairing: {src}: no player records (001 lines) found; the file looks like UTF-16 "
        "without a byte-order mark (try --encoding utf-16-le)\n"
    )
    assert cli("pair", str(src), "-r", "round-robin", "--encoding", "utf-16-le").code == 0


def _run(*args: str, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "SWISSPAIRING_LANG": "en"}
    return subprocess.run(
        [sys.executable, "-m", "swisspairing", *args], capture_output=True, env=env, timeout=120
    )


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_a_non_utf8_standard_output_never_crashes(encoding: str) -> None:
    """A Windows console or a cp1252 pipe: what the stream holds is kept (``½`` is in
    cp1252), the rest is transliterated (``½`` → ``1/2`` in ASCII, ``Петров`` → ``Petrov``),
    exit 0."""
    done = _run(
        "crosstable",
        str(DATA / "swiss-byes-forfeits.trf"),
        "-r",
        "fide-dutch-1992",
        encoding=encoding,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)
    assert ("½" in text) if encoding == "cp1252" else ("1/2" in text and "½" not in text)
    russian = _run(
        "pair",
        str(ENC / "utf8-bom-russian.trf"),
        "-r",
        "round-robin",
        "--lang",
        "ru",
        encoding=encoding,
    )
    assert russian.returncode == 0, russian.stderr
    assert b"Traceback" not in russian.stderr
    assert "Petrov, Ivan" in russian.stdout.decode(encoding) and "Tur 2" in russian.stdout.decode(
        encoding
    )  # "Тур 2"


@pytest.mark.parametrize(
    "name, newline",
    [("cr-endings.trf", b"\r"), ("crlf-endings.trf", b"\r\n"), ("rr-7-start.trf", b"\n")],
)
def test_output_keeps_the_line_ends_read(cli, tmp_path: Path, name: str, newline: bytes) -> None:
    """TRF16 ends each line with CR; Windows programs write CRLF: ``-o`` writes back what it
    read, like the encoding."""
    out = tmp_path / "next.trf"
    src = DATA / name
    assert cli("pair", str(src), "-r", "round-robin", "-o", str(out)).code == 0
    data = out.read_bytes()
    lines = data.split(newline)
    assert data.endswith(newline) and lines[-1] == b""
    assert all(b"\r" not in line and b"\n" not in line for line in lines)  # no other line end
    assert sum(line.startswith(b"001") for line in lines) == len(load_trf(src).players)
