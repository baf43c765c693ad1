"""Every input path bounded the same way, with the project's errors (issue 22): the
generator's configuration file, tournament JSON at any depth, the Python API's arguments and
files, control characters in TRF and JSON, and the leftovers of a killed run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import swisspairing
from swisspairing.errors import FileAccessError, InvalidInputError, InvalidTrfError
from swisspairing.output import clean_leftovers, write_outputs
from swisspairing.safetext import check_data, visible

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "examples" / "swiss-open-21.trf"


# ---------------------------------------------------------------------- generate -g
@pytest.mark.parametrize(
    "content, message",
    [
        ("a: &a [*a]\n", "a recursive alias (a node that contains itself)"),
        (
            "a0: &a0 [x,x,x,x,x,x,x,x,x,x]\n"
            + "".join(
                f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 10)
            ),
            "aliases expand to more than 100000 further nodes",
        ),
        ("players: " + "[" * 500 + "]" * 500 + "\n", "nested deeper than the limit of 64 levels"),
        ("players=&a [*a]\n", "a recursive alias"),
    ],
    ids=["recursive", "bomb", "deep", "key-value"],
)
def test_generator_configuration_is_read_bounded(cli, tmp_path, content, message):
    config = tmp_path / "config.yaml"
    config.write_text(content, encoding="utf-8")
    r = cli("generate", "-g", str(config), "-r", "fide-dutch-1992", "-o", str(tmp_path / "o.trf"))
    assert r.code == 3 and message in r.err, r.err
    assert not (tmp_path / "o.trf").exists()


def test_generator_configuration_from_a_device_is_capped():
    """``-g /dev/zero`` used to read until the kernel killed the process (23.7 GB)."""
    done = subprocess.run(
        [sys.executable, "-m", "swisspairing", "generate", "-g", "/dev/zero", "-o", os.devnull],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 3
    assert "/dev/zero: the file is larger than the limit of 4194304 bytes" in done.stderr


# ---------------------------------------------------------------------- JSON at any depth
@pytest.mark.parametrize("depth", [100, 2_000, 200_000])
def test_deep_json_is_an_input_error_not_a_recursion_error(tmp_path, depth):
    text = '{"format": "swisspairing-tournament", "name": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(InvalidInputError, match="nested deeper than the limit of 64 levels"):
        swisspairing.loads_json(text)
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInputError, match="nested deeper"):
        swisspairing.load_json(path)
    with pytest.raises(InvalidInputError, match="nested deeper"):
        swisspairing.load_tournament(path)


# ---------------------------------------------------------------------- the Python API
def test_api_arguments_of_the_wrong_type_are_input_errors():
    t = swisspairing.load_trf(EXAMPLE)
    calls = [
        (lambda: swisspairing.pair_next_round("not a tournament", "fide-dutch-1992"), "tournament"),
        (lambda: swisspairing.pair_next_round(t, 42), "ruleset must be"),
        (lambda: swisspairing.pair_next_round(t, "fide-dutch-1992", seed="7"), "seed must be"),
        (lambda: swisspairing.pair_next_round(t, "fide-dutch-1992", locale=5), "locale must be"),
        (lambda: swisspairing.standings(t, "fide-dutch-1992", tiebreaks="BH"), "tiebreaks"),
        (lambda: swisspairing.standings(None, "fide-dutch-1992"), "tournament must be"),
        (lambda: swisspairing.load_trf(5), "path must be a path, not int"),
        (lambda: swisspairing.loads_trf(b"012 x"), "text must be a string, not bytes"),
        (lambda: swisspairing.loads_json(None), "is not text"),
        (lambda: swisspairing.dump_trf("x"), "tournament must be a Tournament, not str"),
    ]
    for call, text in calls:
        with pytest.raises(InvalidInputError) as exc:
            call()
        assert exc.value.exit_code == 3 and text in str(exc.value), (text, str(exc.value))


def test_api_file_errors_are_file_access_errors(tmp_path):
    missing = tmp_path / "missing.trf"
    for call in (
        lambda: swisspairing.load_trf(missing),
        lambda: swisspairing.load_json(tmp_path / "missing.json"),
        lambda: swisspairing.load_tournament(missing),
        lambda: swisspairing.dump_trf(swisspairing.load_trf(EXAMPLE), tmp_path / "no" / "x.trf"),
    ):
        with pytest.raises(FileAccessError) as exc:
            call()
        assert exc.value.exit_code == 5 and isinstance(exc.value, OSError)
        assert "cannot access file: No such file or directory" in str(exc.value)


# ---------------------------------------------------------------------- control characters
@pytest.mark.parametrize("char", ["\x1b", "\x07", "\x00", "\x7f"])
def test_control_characters_in_trf_names_are_refused_with_line_and_column(char, cli, tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace("Moreau, Camille", f"Moreau{char}Cam", 1)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "Moreau" in s)
    column = text.splitlines()[line - 1].index(char) + 1
    with pytest.raises(InvalidTrfError) as exc:
        swisspairing.loads_trf(text, filename="x.trf")
    code = f"{ord(char):04X}"
    assert str(exc.value) == f"x.trf: line {line}, column {column}: control character U+{code}"
    path = tmp_path / "x.trf"
    path.write_text(text, encoding="utf-8")
    r = cli("standings", str(path), "-r", "fide-dutch-1992")
    assert r.code == 3 and char not in r.out + r.err


def test_control_characters_in_json_strings_are_refused_with_the_path():
    doc = {
        "format": "swisspairing-tournament",
        "schema_version": 1,
        "players": [{"number": 1, "name": "A\x1b[2J"}, {"number": 2}],
    }
    with pytest.raises(InvalidInputError) as exc:
        swisspairing.tournament_from_json(doc)
    assert str(exc.value) == ("<json>: $.players[0].name: control character U+001B at character 2")
    with pytest.raises(InvalidInputError, match=r"\$\.a\\x07: control character U\+0007"):
        check_data({"a\x07": 1}, "", InvalidInputError)
    check_data({"text": "tab\tand\nlines\r\n"}, "", InvalidInputError)  # allowed


def test_values_in_messages_are_visible_and_cut():
    assert visible("a\x1b]0;x\x07b") == "a\\x1b]0;x\\x07b"
    assert visible("\x9b2J") == "\\x9b2J"  # C1 (8-bit CSI): not refused, never written raw
    assert visible("x" * 1000) == "x" * 500 + "… (1000)"
    error = InvalidInputError("unknown ruleset {id!r}", id="evil\x1b[2J" + "y" * 2000)
    assert "\x1b" not in str(error) and len(str(error)) < 600


# ---------------------------------------------------------------------- leftovers
def test_leftovers_of_a_killed_run_are_cleaned_on_the_next_write(tmp_path):
    """A run killed between writing and renaming leaves ``.swisspairing-PID-….tmp`` and
    ``FILE.swisspairing-PID.bak``; the next write in that folder removes those of dead
    processes (a live run's files are left alone)."""
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    pid = int(dead.stdout)
    stale = [
        tmp_path / f".swisspairing-{pid}-abc123.tmp",
        tmp_path / f"out.trf.swisspairing-{pid}.bak",
    ]
    live = [tmp_path / f".swisspairing-{os.getpid()}-zzz.tmp"]
    other = tmp_path / "notes.tmp"
    for p in (*stale, *live, other):
        p.write_text("x", encoding="utf-8")
    write_outputs([(str(tmp_path / "out.trf"), "new\n", None)])
    assert (tmp_path / "out.trf").read_text(encoding="utf-8") == "new\n"
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in live) and other.exists()
    old = tmp_path / ".swisspairing-k3j2h1.tmp"  # an older version's unnamed temporary file
    old.write_text("x", encoding="utf-8")
    os.utime(old, (0, 0))
    assert clean_leftovers(str(tmp_path)) == [old.name]
