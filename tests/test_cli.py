"""The command line: every command, the output formats, atomic writes and the exit codes of
``core/cli.py`` (0 ok, 1 no valid pairing / violations, 2 unexpected error, 3 invalid request
or input, 4 size limit, 5 file access), always without a traceback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import types
from importlib import metadata
from pathlib import Path

import pytest
import swisspairing
import yaml
from swisspairing import hookimpl, load_trf, manager

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data"
RR8 = ROOT / "examples" / "round-robin-8.trf"  # 3 rounds of a round robin for 8 played


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages are asserted in English, whatever the developer's ``LANG``."""
    monkeypatch.setenv("SWISSPAIRING_LANG", "en")


def line001(number: int, points: str, *blocks: str, rating: int = 1800) -> str:
    head = (
        f"001 {number:>4} m    {'Player ' + str(number):<33} {rating:>4} GER {'':>11} {'':10} "
        f"{points:>4} {'':4}"
    )
    return (head + "".join("  " + b for b in blocks)).rstrip()


# -------------------------------------------------------------------- a Swiss made of core defaults
@pytest.fixture
def core_swiss(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Installs a system ``test-core-swiss`` whose plugin implements nothing but its (empty)
    parameter schema, so the core defaults pair; returns a ruleset file for it."""
    module = types.ModuleType("_swisspairing_test_core_swiss")

    @hookimpl
    def swiss_ruleset_schema() -> dict:
        return {"properties": {}}

    module.swiss_ruleset_schema = swiss_ruleset_schema  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    entry = metadata.EntryPoint(name="test-core-swiss", value=module.__name__, group=manager.GROUP)
    installed = manager.system_entry_points
    monkeypatch.setattr(
        manager, "system_entry_points", lambda: {**installed(), "test-core-swiss": entry}
    )
    manager._load_module.cache_clear()
    ruleset = tmp_path / "core-swiss.yaml"
    ruleset.write_text(
        "schema_version: 1\nid: test-core-swiss\nsystem: test-core-swiss\n", encoding="utf-8"
    )
    yield ruleset
    manager._load_module.cache_clear()


# ---------------------------------------------------------------------- pair
def test_pair_prints_the_board_list(cli) -> None:
    result = cli("pair", str(RR8), "--ruleset", "round-robin")
    assert (result.code, result.err) == (0, "")
    lines = result.out.splitlines()
    assert lines[0] == "Round 4"
    assert lines[2].split() == ["Board", "No.", "White", "Pts", "No.", "Black", "Pts"]
    assert set(lines[3].replace(" ", "")) == {"-"}
    # one column each for the number and the name (issue 25): every name starts where the
    # heading's does, every number ends where the heading's does
    name_at = [lines[2].index("White"), lines[2].index("Black")]
    for row in lines[4:]:
        assert all(row[at - 1] == " " and row[at] != " " for at in name_at), row
    number_end = [m.end() for m in re.finditer(r"No\.", lines[2])]
    for row in lines[4:]:
        assert all(row[end - 1].isdigit() and row[end] == " " for end in number_end), row
    # Berger table for 8, round 4: 8-6, 7-5, 1-4, 2-3 (RR-Berger 3)
    rows = [re.findall(r"\d+(?:\.\d)?", row) for row in lines[4:]]
    assert [(r[0], r[1], r[3]) for r in rows] == [
        ("1", "8", "6"),
        ("2", "7", "5"),
        ("3", "1", "4"),
        ("4", "2", "3"),
    ]
    assert re.search(r"\b8  So, Wesley", lines[4]) and re.search(r"\b6  Gukesh, D", lines[4])
    assert rows[0][2] == "1.5"  # So's score before the round


def test_pair_writes_the_pairs_format(cli, tmp_path: Path) -> None:
    pairs = tmp_path / "pairs.txt"
    result = cli("pair", str(RR8), "--ruleset", "round-robin", "-p", str(pairs))
    assert (result.code, result.out) == (0, "")
    # what was written, one line on standard error (issue 25)
    assert result.err == f"swisspairing: {pairs}: round 4 written (pairs: 4, byes: 0)\n"
    assert pairs.read_text() == "4\n8 6\n7 5\n1 4\n2 3\n"


def test_pairs_format_lists_the_bye_as_zero(cli, tmp_path: Path) -> None:
    # 7 players use the table for 8; whoever meets 8 is free (RR-Berger 4): round 1 = 1-8, 2-7, 3-6,
    # 4-5
    pairs = tmp_path / "pairs.txt"
    assert (
        cli("pair", str(DATA / "rr-7-start.trf"), "-r", "round-robin", "-p", str(pairs)).code == 0
    )
    assert pairs.read_text() == "4\n2 7\n3 6\n4 5\n1 0\n"


def test_pair_writes_the_next_trf_atomically_and_leaves_the_input_alone(
    cli, tmp_path: Path
) -> None:
    source = tmp_path / "event.trf"
    source.write_bytes(RR8.read_bytes())
    before = source.read_bytes()
    out = tmp_path / "next.trf"
    out.write_text("old content that must be replaced\n")
    pairs = tmp_path / "pairs.txt"
    result = cli("pair", str(source), "--ruleset", "round-robin", "-o", str(out), "-p", str(pairs))
    assert (result.code, result.out) == (0, "")
    assert result.err == f"swisspairing: {pairs}, {out}: round 4 written (pairs: 4, byes: 0)\n"
    assert source.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == [
        "event.trf",
        "next.trf",
        "pairs.txt",
    ]  # no temp files left
    written = load_trf(out)
    original = load_trf(source)
    assert written.rounds_recorded == 4
    assert [p.points for p in written.players] == [p.points for p in original.players]
    assert str(written.player(8).record(4)) == "0006 w  "  # pending game, no result yet
    assert str(written.player(6).record(4)) == "0008 b  "
    assert all(p.record(4).is_pending for p in written.players)
    assert [p.rounds[:3] for p in written.players] == [p.rounds for p in original.players]
    line = next(ln for ln in out.read_text().splitlines() if ln.startswith("001    8"))
    assert line[121:129] == "0006 w"  # round 4 block at column 92 + 30
    # the written file is complete: the next round can be paired from it
    pairs.unlink()
    assert cli("pair", str(out), "-r", "round-robin").code == 3  # round 4 has no results yet


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_written_files_get_ordinary_permissions(cli, tmp_path: Path) -> None:
    """The temporary file of the atomic write is private; the result must not be."""
    umask = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.trf"
        assert cli("pair", str(RR8), "-r", "round-robin", "-o", str(fresh)).code == 0
        assert fresh.stat().st_mode & 0o777 == 0o644
        kept = tmp_path / "kept.txt"
        kept.write_text("old")
        kept.chmod(0o640)
        assert cli("pair", str(RR8), "-r", "round-robin", "-p", str(kept)).code == 0
        assert kept.stat().st_mode & 0o777 == 0o640 and kept.read_text().startswith("4\n")
    finally:
        os.umask(umask)


def test_pair_output_into_a_missing_directory_is_a_file_error(cli, tmp_path: Path) -> None:
    result = cli(
        "pair", str(RR8), "-r", "round-robin", "-o", str(tmp_path / "nowhere" / "next.trf")
    )
    assert result.code == 5
    assert "cannot access file" in result.err and "Traceback" not in result.err
    assert os.listdir(tmp_path) == []


def test_pair_explain(cli) -> None:
    result = cli("pair", str(RR8), "-r", "round-robin", "--explain")
    assert result.code == 0
    table, _, explanation = result.out.partition("\nExplanation\n")
    assert table.startswith("Round 4")
    assert "[RR-Berger 3] round 4 of the Berger table for 8 players" in explanation
    # with -p only the explanation is printed
    assert cli("pair", str(RR8), "-r", "round-robin", "--explain", "-p", os.devnull).out.startswith(
        "\nExplanation\n"
    )


def test_pair_lang_keeps_the_structure(cli) -> None:
    english = cli("pair", str(RR8), "-r", "round-robin", "--explain")
    for argv in (
        ("pair", str(RR8), "-r", "round-robin", "--explain", "--lang", "de"),
        ("--lang", "de", "pair", str(RR8), "-r", "round-robin", "--explain"),
    ):
        german = cli(*argv)
        assert german.code == 0
        en_lines, de_lines = english.out.splitlines(), german.out.splitlines()
        assert len(de_lines) == len(en_lines)
        numbers = lambda line: sorted(re.findall(r"\d+(?:[.,]\d+)?", line.replace(",", ".")))  # noqa: E731 - word order may change; 1,5 in German
        assert [numbers(x) for x in de_lines] == [numbers(x) for x in en_lines]
        assert [x.startswith("  [RR-Berger") for x in de_lines] == [
            x.startswith("  [RR-Berger") for x in en_lines
        ]


def test_pair_is_deterministic(cli) -> None:
    first = cli("pair", str(RR8), "-r", "round-robin", "--seed", "7")
    assert first.code == 0
    assert cli("pair", str(RR8), "-r", "round-robin", "--seed", "7").out == first.out


def test_pair_with_a_user_ruleset_file(cli, tmp_path: Path) -> None:
    pairs = tmp_path / "p.txt"
    trf = tmp_path / "rr-7-double.trf"
    trf.write_text((DATA / "rr-7-start.trf").read_text().replace("XXR 7", "XXR 14"))
    ruleset = (
        DATA / "rulesets" / "rr-extended.yaml"
    )  # a double round robin in 3/1/0 extending round-robin
    result = cli("pair", str(trf), "-r", str(ruleset), "-p", str(pairs))
    assert result.code == 0, result.err
    assert pairs.read_text() == "4\n2 7\n3 6\n4 5\n1 0\n"


def test_pair_core_swiss_from_a_prefilled_file(cli, core_swiss: Path, tmp_path: Path) -> None:
    """``0000 - H`` in the round to be paired: player 3 is not paired and keeps the H; the
    late entrant 7 is paired."""
    out = tmp_path / "next.trf"
    pairs = tmp_path / "pairs.txt"
    result = cli(
        "pair",
        str(DATA / "next-round-half-bye.trf"),
        "-r",
        str(core_swiss),
        "-o",
        str(out),
        "-p",
        str(pairs),
    )
    assert result.code == 0, result.err
    lines = pairs.read_text().splitlines()
    assert lines[0] == "3"
    paired = sorted(int(x) for line in lines[1:] for x in line.split())
    assert paired == [1, 2, 4, 5, 6, 7]
    t = load_trf(out)
    assert str(t.player(3).record(3)) == "0000 - H" and t.player(3).points == 2.0
    assert t.player(7).rounds[:2] == (swisspairing.RoundRecord(None, None, "Z"),) * 2


def test_pair_core_swiss_with_absences_withdrawal_and_forbidden_pair(
    cli, core_swiss: Path, tmp_path: Path
) -> None:
    """Round 4 of swiss-byes-forfeits.trf: 8 is absent (``XXZ 8``), 9 withdrawn (``SPW 9 3``),
    2 and 7 may not meet (``XXP 2 7``); seven players, so one bye, and 4 (forfeit win), 5 (F)
    and 6 (U) may not have it (points without playing)."""
    out = tmp_path / "next.trf"
    pairs = tmp_path / "pairs.txt"
    result = cli(
        "pair",
        str(DATA / "swiss-byes-forfeits.trf"),
        "-r",
        str(core_swiss),
        "-o",
        str(out),
        "-p",
        str(pairs),
    )
    assert result.code == 0, result.err
    lines = pairs.read_text().splitlines()
    boards = [tuple(map(int, line.split())) for line in lines[1:]]
    assert lines[0] == "4" and len(boards) == 4
    byes = [w for w, b in boards if b == 0]
    assert len(byes) == 1 and byes[0] not in (4, 5, 6)
    assert sorted(n for board in boards for n in board if n) == [1, 2, 3, 4, 5, 6, 7]
    assert {2, 7} not in [set(board) for board in boards]
    t = load_trf(out)
    records = out.read_text().splitlines()
    assert (
        not any(r.startswith("XXZ") for r in records)
        and "XXP 2 7" in records
        and "SPW    9 3" in records
    )
    assert str(t.player(8).record(4)) == "0000 - Z"  # the XXZ absence, written out
    assert t.player(9).record(4) is None and t.player(9).withdrawn_from == 3
    assert str(t.player(byes[0]).record(4)) == "0000 - U"
    assert (
        t.player(byes[0]).points
        == load_trf(DATA / "swiss-byes-forfeits.trf").player(byes[0]).points + 1
    )
    assert t.rounds_recorded == 4


# ---------------------------------------------------------------------- check
def test_check_correct_round_robin(cli) -> None:
    result = cli("check", str(DATA / "rr-6-correct.trf"), "-r", "round-robin")
    assert result.code == 0
    assert result.out == "no violations found in 2 rounds\n"
    assert cli("check", str(RR8), "-r", "round-robin").code == 0


def test_check_wrong_table_pairing(cli) -> None:
    result = cli("check", str(DATA / "rr-6-wrong-colours.trf"), "-r", "round-robin")
    assert result.code == 1
    assert result.out.splitlines() == [
        "round 2: [RR-Berger 3] players 1 and 2 do not meet with these colours in this round of "
        "the table",
        "1 violation found",
    ]


def test_check_rematch(cli) -> None:
    result = cli("check", str(DATA / "rr-6-rematch.trf"), "-r", "round-robin")
    assert result.code == 1
    # the core's rematch check cited by the Berger rules (RR-Berger 1), not by its key
    assert "round 2: [RR-Berger 1] players 1 and 6 meet again" in result.out.splitlines()
    # round 2 of the table is 6-4, 5-3, 1-2: the boards 6-1 and 4-2 are off the table
    assert (
        "round 2: [RR-Berger 3] players 1 and 6 do not meet with these colours in this round of "
        "the table" in result.out
    )
    assert (
        "round 2: [RR-Berger 3] players 2 and 4 do not meet with these colours in this round of "
        "the table" in result.out
    )
    assert result.out.splitlines()[-1] == "3 violations found"


def test_check_core_swiss(cli, core_swiss: Path, tmp_path: Path) -> None:
    # forfeit 8-4 in round 1 and their game in round 3 is not a rematch; U/F/H/Z byes are fine
    assert (
        cli("check", str(DATA / "swiss-byes-forfeits.trf"), "-r", str(core_swiss)).out
        == "no violations found in 3 rounds\n"
    )
    bad = tmp_path / "bad.trf"
    bad.write_text(
        "\n".join(
            [
                "012 Bad Swiss",
                "XXR 5",
                line001(1, "3.0", "0003 w 1", "0002 w 1", "0004 w 1"),  # three Whites in a row
                line001(2, "1.5", "0004 w =", "0001 b 0", "0003 b 1"),
                line001(3, "1.0", "0001 b 0", "0004 w 1", "0002 w 0"),
                line001(4, "0.5", "0002 b =", "0003 b 0", "0001 b 0"),
            ]
        )
        + "\n"
    )
    result = cli("check", str(bad), "-r", str(core_swiss))
    assert result.code == 1
    assert "round 3: [colours.max_run] player 1: 3 games in a row with White" in result.out
    assert "round 3: [colours.max_difference] player 1: colour difference 3" in result.out
    rematch = tmp_path / "rematch.trf"
    rematch.write_text(
        "\n".join(
            [
                "XXR 5",
                line001(1, "2.0", "0003 w 1", "0003 b 1"),
                line001(2, "1.0", "0004 b =", "0004 w ="),
                line001(3, "0.0", "0001 b 0", "0001 w 0"),
                line001(4, "1.0", "0002 w =", "0002 b ="),
            ]
        )
        + "\n"
    )
    result = cli("check", str(rematch), "-r", str(core_swiss))
    assert result.code == 1
    assert result.out.splitlines() == [
        "round 2: [max_meetings] players 1 and 3 meet again",
        "round 2: [max_meetings] players 2 and 4 meet again",
        "2 violations found",
    ]


# ---------------------------------------------------------------------- listing commands
def test_systems(cli) -> None:
    result = cli("systems")
    assert result.code == 0
    lines = result.out.splitlines()
    at = lines.index(f"round-robin-berger  swisspairing {swisspairing.__version__}")
    assert (
        lines[at + 1].strip()
        == "Round robin with the FIDE Berger tables (single or multiple cycles)"
    )
    assert "swiss_pair_round" in lines[at + 2] and lines[at + 2].strip().startswith("hooks:")


def test_rulesets(cli) -> None:
    result = cli("rulesets")
    assert result.code == 0
    rows = {line.split()[0]: line.split()[1] for line in result.out.splitlines()}
    assert rows["round-robin"] == "round-robin-berger"
    assert rows["double-round-robin"] == "round-robin-berger"
    packaged = {
        yaml.safe_load(p.read_text("utf-8"))["id"] for p in (ROOT / "rulesets").glob("*.yaml")
    }
    assert packaged <= set(rows)


def test_validate(cli) -> None:
    good = DATA / "rulesets" / "rr-extended.yaml"
    bad = DATA / "rulesets" / "bad-cycles.yaml"
    result = cli("validate", str(good), "round-robin", str(bad))
    assert result.code == 3
    assert result.out.splitlines() == [
        f"{good}: valid ruleset club-round-robin for system round-robin-berger",
        "rulesets/round-robin.yaml: valid ruleset round-robin for system round-robin-berger",
    ]
    assert (
        result.err
        == f"swisspairing: {bad}: $.parameters.cycles: 9 is greater than the maximum of 4\n"
    )
    assert cli("validate", str(good)).code == 0


@pytest.mark.parametrize(
    "name, message",
    [
        ("bad-yaml.yaml", "line 5, column 10: invalid YAML: "),
        ("bad-unknown-system.yaml", "$.system: unknown pairing system 'no-such-system'"),
        ("bad-schema-version.yaml", "$.schema_version: unsupported schema_version 2"),
        ("cycle-a.yaml", "extends forms a cycle"),
    ],
)
def test_bad_rulesets_exit_3(cli, name: str, message: str) -> None:
    for argv in (
        ("validate", str(DATA / "rulesets" / name)),
        ("pair", str(RR8), "-r", str(DATA / "rulesets" / name)),
    ):
        result = cli(*argv)
        assert result.code == 3
        assert result.err.startswith("swisspairing: ") and message in result.err
        assert "Traceback" not in result.err and result.err.count("\n") == 1


def test_schema(cli) -> None:
    result = cli("schema")
    assert result.code == 0
    schema = json.loads(result.out)
    assert schema["properties"]["schema_version"] == {
        "const": 1,
        "description": "Version of this file format.",
    }
    params = json.loads(cli("schema", "--system", "round-robin-berger").out)
    assert params["properties"]["cycles"]["maximum"] == 4
    assert params["additionalProperties"] is False
    unknown = cli("schema", "--system", "no-such-system")
    assert unknown.code == 3 and "unknown pairing system 'no-such-system'" in unknown.err


# ---------------------------------------------------------------------- exit codes
@pytest.mark.parametrize(
    "argv",
    [
        (),
        ("frobnicate",),
        ("pair", "x.trf"),
        ("pair",),
        ("--lang", "xx", "systems"),
        ("check", "x.trf", "--bogus", "-r", "r"),
    ],
    ids=["no-command", "unknown-command", "no-ruleset", "no-file", "bad-lang", "bad-option"],
)
def test_usage_errors_exit_3(cli, argv) -> None:
    """bbpPairings: 3 is an invalid request, the command line included (2 is a crash)."""
    assert cli(*argv).code == 3


def test_missing_and_unreadable_input_exit_5(cli, tmp_path: Path) -> None:
    missing = cli("pair", str(tmp_path / "missing.trf"), "-r", "round-robin")
    assert missing.code == 5
    assert missing.err == (
        f"swisspairing: {tmp_path / 'missing.trf'}: cannot access file: No such file or directory\n"
    )
    directory = cli("check", str(tmp_path), "-r", "round-robin")
    assert directory.code == 5 and "cannot access file" in directory.err


def test_invalid_input_exit_3(cli, tmp_path: Path) -> None:
    unknown = cli("pair", str(RR8), "-r", "no-such-ruleset")
    assert unknown.code == 3 and unknown.err.startswith(
        "swisspairing: unknown ruleset 'no-such-ruleset'"
    )
    pending = tmp_path / "pending.trf"
    pending.write_text(
        "XXR 5\n" + line001(1, "0.0", "0002 w") + "\n" + line001(2, "0.0", "0001 b") + "\n"
    )
    result = cli("pair", str(pending), "-r", "round-robin")
    assert (
        result.code == 3
        and result.err == "swisspairing: round 1 is not finished: players 1, 2 have no result\n"
    )
    done = tmp_path / "done.trf"
    done.write_text(
        "XXR 1\n" + line001(1, "1.0", "0002 w 1") + "\n" + line001(2, "0.0", "0001 b 0") + "\n"
    )
    result = cli("pair", str(done), "-r", "round-robin")
    assert (
        result.code == 3
        and result.err == "swisspairing: the event has only 1 round and it has been paired\n"
    )


def _impossible_swiss(path: Path) -> Path:
    """Round 2 of 10 players where player 10 may meet nobody: he met 5 and ``XXP`` forbids
    every other opponent, so no pairing exists; every bracket outcome above fails below."""
    lines = ["012 Impossible", "XXR 5"] + [f"XXP 10 {n}" for n in range(1, 10)]
    for n in range(1, 6):
        lines.append(line001(n, "1.0", f"{n + 5:04d} w 1", rating=2000 - n))
    for n in range(6, 11):
        lines.append(line001(n, "0.0", f"{n - 5:04d} b 0", rating=2000 - n))
    path.write_text("\n".join(lines) + "\n")
    return path


def test_no_valid_pairing_exit_1(cli, core_swiss: Path, tmp_path: Path) -> None:
    """The failure comes with its proof (a maximum matching): player 10 has no possible
    opponent, and the message says why for each; it is found before any search.  A ruleset
    still naming the retired ``search_budget`` is refused with the key (no budget decides a
    pairing: issue 20)."""
    trf = _impossible_swiss(tmp_path / "impossible.trf")
    result = cli("pair", str(trf), "-r", str(core_swiss))
    assert (result.code, result.err) == (
        1,
        "swisspairing: no valid pairing exists: player 10 cannot be paired with anybody: "
        "already met player 5; may not meet players 1, 2, 3, 4, 6, 7, 8, 9 (forbidden pairs)\n",
    )
    small = tmp_path / "small-budget.yaml"
    small.write_text(
        f"schema_version: 1\nid: small-budget\nextends: {core_swiss.name}\nsearch_budget: 100\n"
    )
    result = cli("pair", str(trf), "-r", str(small), "-p", str(tmp_path / "pairs.txt"))
    assert (result.code, result.err) == (
        3,
        f"swisspairing: {small}: $: unknown key search_budget\n",
    )
    assert not (tmp_path / "pairs.txt").exists()
    explained = cli("pair", str(trf), "-r", str(core_swiss), "--explain")
    assert explained.code == 1
    assert (
        "Explanation\n  no valid pairing exists: player 10 cannot be paired with anybody"
        in explained.out
    )


# ---------------------------------------------------------------------- as a process
def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "swisspairing", *args], capture_output=True, text=True, timeout=60
    )


def test_version_in_a_subprocess() -> None:
    done = _run("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"swisspairing {swisspairing.__version__}"


def test_invalid_trf_in_a_subprocess_exits_3_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "t.trf"
    bad.write_text("012 T\n" + line001(1, "1.0", "0099 w 1") + "\n")
    done = _run("pair", str(bad), "--ruleset", "round-robin")
    assert done.returncode == 3
    assert done.stderr == f"swisspairing: {bad}: line 2, column 92: opponent 99 does not exist\n"
    assert done.stdout == ""


def test_pairs_to_standard_output_and_devices(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``-p -`` prints the pairs; a device path is written through, not replaced."""
    import os

    rr8 = Path(__file__).parent.parent / "examples" / "round-robin-8.trf"
    res = cli("pair", str(rr8), "--ruleset", "round-robin", "-p", "-")
    assert res.code == 0 and res.out.splitlines()[0] == "4"  # 8 players: 4 boards, RR-Berger 3
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    import threading

    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    assert cli("pair", str(rr8), "--ruleset", "round-robin", "-p", str(fifo)).code == 0
    reader.join(timeout=10)
    assert got and got[0].splitlines()[0] == "4"
    assert fifo.is_fifo()


# ---------------------------------------------------------------------- unexpected errors (issue 9)
@pytest.fixture
def broken_command(monkeypatch: pytest.MonkeyPatch):
    """``systems`` raises an exception no code path expects (a bug)."""
    from swisspairing import cli as cli_module

    def boom(*args, **kwargs):
        raise KeyError("no such thing")

    monkeypatch.setitem(cli_module._COMMANDS, "systems", boom)


def test_an_unexpected_exception_is_exit_2_in_one_line(
    cli, broken_command, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bbpPairings: 2 is an unexpected error, so a caller can tell a crash from "no pairing"
    (1) and from bad input (3): one line saying so and how to report it, no traceback."""
    monkeypatch.delenv("SWISSPAIRING_DEBUG", raising=False)
    result = cli("systems")
    assert (result.code, result.out) == (2, "")
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert result.err.startswith(
        "swisspairing: internal error: KeyError: 'no such thing'; this is a bug in swisspairing; "
        "please report it to "
    )
    assert "--debug" in result.err


@pytest.mark.parametrize("how", ["option", "environment"])
def test_the_traceback_only_on_request(
    cli, broken_command, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    if how == "option":
        result = cli("systems", "--debug")
    else:
        monkeypatch.setenv("SWISSPAIRING_DEBUG", "1")
        result = cli("systems")
    assert result.code == 2
    assert (
        result.err.startswith("Traceback (most recent call last):")
        and "KeyError: 'no such thing'" in result.err
    )
    assert result.err.splitlines()[-1].startswith("swisspairing: internal error: KeyError")


def test_exit_codes_are_distinct(cli, core_swiss: Path, tmp_path: Path) -> None:
    """0 ok, 1 no valid pairing, 3 invalid request (usage and input), 5 file access."""
    assert cli("pair", str(RR8), "-r", "round-robin", "-p", os.devnull).code == 0
    assert cli("pair", str(_impossible_swiss(tmp_path / "i.trf")), "-r", str(core_swiss)).code == 1
    assert cli("pair", str(RR8)).code == 3  # --ruleset missing: a usage error
    assert cli("pair", str(DATA / "rounds-beyond-xxr-invalid.trf"), "-r", "round-robin").code == 3
    assert cli("pair", str(tmp_path / "missing.trf"), "-r", "round-robin").code == 5
