"""Outputs never lose data (issue 9; ``core/output.py``).

An output naming an input file (the same path, or the same file through a symbolic or hard
link; the ruleset file counts) is refused with exit 3, and so are ``-o`` and ``-p`` naming
the same file; an existing read-only output is left alone (exit 5); an output that is a
symbolic link updates its target; with both ``-p`` and ``-o`` either both are written or
neither; messages name the user's path, never the temporary file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from swisspairing import load_trf
from swisspairing.output import write_outputs

ROOT = Path(__file__).parent.parent
RR8 = ROOT / "examples" / "round-robin-8.trf"
pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX links and file modes")


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWISSPAIRING_LANG", "en")


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "t.trf"
    path.write_bytes(RR8.read_bytes())
    return path


def _untouched(path: Path, before: bytes) -> bool:
    return path.read_bytes() == before


@pytest.mark.parametrize("option", ["-p", "-o"])
def test_output_naming_the_input_is_refused(cli, event: Path, option: str) -> None:
    """``-p t.trf`` used to replace the tournament with a 12-line pairs list, exit 0."""
    before = event.read_bytes()
    result = cli("pair", str(event), "-r", "round-robin", option, str(event))
    assert (result.code, result.out) == (3, "")
    assert result.err == (
        f"swisspairing: {option} {event} names the input file {event}; the input is never "
        "overwritten: choose another output file\n"
    )
    assert _untouched(event, before) and os.listdir(event.parent) == ["t.trf"]


def test_the_input_through_a_link_or_another_spelling_is_refused(
    cli, event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = event.read_bytes()
    (event.parent / "link.trf").symlink_to(event)
    os.link(event, event.parent / "hard.trf")
    monkeypatch.chdir(event.parent)
    for target in ("link.trf", "hard.trf", "./t.trf", "../" + event.parent.name + "/t.trf"):
        result = cli("pair", "t.trf", "-r", "round-robin", "-o", target)
        assert result.code == 3, target
        assert f"-o {target} names the input file t.trf" in result.err
    assert _untouched(event, before)


def test_report_output_naming_the_input_is_refused(cli, event: Path) -> None:
    before = event.read_bytes()
    for command in ("standings", "crosstable", "pairings"):
        result = cli(command, str(event), "-r", "round-robin", "-o", str(event))
        assert result.code == 3 and "names the input file" in result.err, command
    assert _untouched(event, before)


def test_output_naming_the_ruleset_file_is_refused(cli, event: Path, tmp_path: Path) -> None:
    ruleset = tmp_path / "club.yaml"
    ruleset.write_text("schema_version: 1\nid: club\nextends: round-robin\n")
    result = cli("pair", str(event), "-r", str(ruleset), "-p", str(ruleset))
    assert result.code == 3 and f"names the input file {ruleset}" in result.err
    assert ruleset.read_text().startswith("schema_version")


def test_pairs_and_output_naming_the_same_file_are_refused(
    cli, event: Path, tmp_path: Path
) -> None:
    out = tmp_path / "next.trf"
    result = cli("pair", str(event), "-r", "round-robin", "-p", str(out), "-o", str(out))
    assert result.code == 3
    assert result.err == f"swisspairing: -p and -o name the same file {out}\n"
    assert not out.exists()
    # devices are written through and may be named twice
    assert (
        cli("pair", str(event), "-r", "round-robin", "-p", os.devnull, "-o", os.devnull).code == 0
    )


def test_read_only_output_is_not_overwritten(cli, event: Path, tmp_path: Path) -> None:
    out = tmp_path / "next.trf"
    out.write_text("the arbiter's copy\n")
    out.chmod(0o444)
    pairs = tmp_path / "pairs.txt"
    result = cli("pair", str(event), "-r", "round-robin", "-o", str(out), "-p", str(pairs))
    assert result.code == 5
    assert (
        result.err.startswith(f"swisspairing: {out}: cannot access file: ")
        and "read-only" in result.err
    )
    assert out.read_text() == "the arbiter's copy\n" and stat.S_IMODE(out.stat().st_mode) == 0o444
    assert not pairs.exists()  # both or neither
    assert sorted(os.listdir(tmp_path)) == ["next.trf", "t.trf"]  # no temporary file left


def test_symlinked_output_updates_its_target(cli, event: Path, tmp_path: Path) -> None:
    real = tmp_path / "archive" / "round4.trf"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "current.trf"
    link.symlink_to(real)
    assert cli("pair", str(event), "-r", "round-robin", "-o", str(link)).code == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_trf(real).rounds_recorded == 4
    dangling = tmp_path / "new.trf"
    dangling.symlink_to(tmp_path / "archive" / "round5.trf")
    assert cli("pair", str(event), "-r", "round-robin", "-p", str(dangling)).code == 0
    assert dangling.is_symlink() and (tmp_path / "archive" / "round5.trf").read_text().startswith(
        "4\n"
    )


def test_both_or_neither_when_the_second_cannot_be_written(
    cli, event: Path, tmp_path: Path
) -> None:
    """The pairs file is not left behind when the TRF cannot be written (and vice versa)."""
    pairs = tmp_path / "pairs.txt"
    result = cli(
        "pair",
        str(event),
        "-r",
        "round-robin",
        "-p",
        str(pairs),
        "-o",
        str(tmp_path / "missing" / "next.trf"),
    )
    assert result.code == 5
    assert result.err == (
        f"swisspairing: {tmp_path / 'missing' / 'next.trf'}: cannot access file: No such file "
        "or directory\n"
    )
    assert not pairs.exists()
    pairs.write_text("previous pairs\n")
    out = tmp_path / "next.trf"
    out.write_text("previous round\n")
    out.chmod(0o444)
    assert cli("pair", str(event), "-r", "round-robin", "-p", str(pairs), "-o", str(out)).code == 5
    assert pairs.read_text() == "previous pairs\n" and out.read_text() == "previous round\n"


def test_a_failed_rename_restores_the_files_already_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("old a\n")
    real_replace = os.replace
    calls: list[str] = []

    def failing_replace(src, dst):  # the second rename fails (e.g. the disk went away)
        calls.append(str(dst))
        if str(dst) == str(second):
            raise OSError(28, "No space left on device", str(src))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError) as info:
        write_outputs([(str(first), "new a\n", None), (str(second), "new b\n", None)])
    assert info.value.filename == str(second)  # the user's path, not the temporary file
    assert first.read_text() == "old a\n" and not second.exists()
    assert sorted(os.listdir(tmp_path)) == ["a.txt"]


def test_messages_never_name_the_temporary_file(cli, event: Path, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        target = locked / "next.trf"
        result = cli("pair", str(event), "-r", "round-robin", "-o", str(target))
        if os.geteuid() != 0:  # root may write into a read-only folder
            assert result.code == 5
            assert result.err.startswith(f"swisspairing: {target}: cannot access file: ")
        assert ".swisspairing-" not in result.err
    finally:
        locked.chmod(0o755)
