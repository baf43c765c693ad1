"""Every command reads a tournament from a TRF, a tournament document (JSON or YAML, for
individual events) or a team event file, the format told by the content, not the suffix
(core/io.py, issue 21)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml
from swisspairing import dump_json, load_trf
from swisspairing.cli import main
from swisspairing.io import load_tournament, sniff_format

BBP = Path(__file__).parent / "data" / "bbp"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*argv, "--lang", "en"], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def documents(tmp_path: Path) -> dict[str, Path]:
    """dutch-std as a TRF, a JSON document, a hand-written YAML document (no ``format`` or
    ``schema_version``) and the same under misleading suffixes."""
    t = load_trf(str(BBP / "dutch-std.trf"))
    doc = json.loads(dump_json(t))
    hand = {k: v for k, v in doc.items() if k not in ("format", "schema_version")}
    files = {
        "trf": tmp_path / "open.trf",
        "json": tmp_path / "open.json",
        "yaml": tmp_path / "open.yaml",
        "json-as-txt": tmp_path / "open-json.txt",
        "trf-as-yaml": tmp_path / "open-trf.yaml",
    }
    files["trf"].write_bytes((BBP / "dutch-std.trf").read_bytes())
    files["json"].write_text(json.dumps(doc))
    files["yaml"].write_text(yaml.safe_dump(hand, sort_keys=False))
    files["json-as-txt"].write_text(json.dumps(doc))
    files["trf-as-yaml"].write_bytes((BBP / "dutch-std.trf").read_bytes())
    return files


def test_every_format_gives_the_same_tournament(documents: dict[str, Path]) -> None:
    base = load_tournament(documents["trf"])
    for kind, path in documents.items():
        t = load_tournament(path)
        assert (t.players, t.total_rounds) == (base.players, base.total_rounds), kind


@pytest.mark.parametrize("kind", ["json", "yaml", "json-as-txt", "trf-as-yaml"])
def test_pair_reads_an_individual_event_in_any_format(
    documents: dict[str, Path], kind: str, tmp_path: Path
) -> None:
    code, _out, err = run(
        "pair", str(documents[kind]), "--ruleset", "fide-dutch-1992", "-p", str(tmp_path / "p")
    )
    assert code == 0, err
    code, _out, err = run(
        "pair", str(documents["trf"]), "--ruleset", "fide-dutch-1992", "-p", str(tmp_path / "q")
    )
    assert (tmp_path / "p").read_text() == (tmp_path / "q").read_text()


@pytest.mark.parametrize("command", ["check", "standings"])
def test_check_and_standings_read_a_yaml_document(documents: dict[str, Path], command: str) -> None:
    code, out, err = run(command, str(documents["yaml"]), "--ruleset", "fide-dutch-1992")
    assert code == 0, err
    assert out


def test_team_event_files_still_read(tmp_path: Path) -> None:
    """An event file has ``teams`` with their players and no top-level ``players``; as JSON
    under a ``.txt`` name it is still an event file."""
    event = Path(__file__).parent.parent / "examples" / "pl-a-klasa-2005.yaml"
    t = load_tournament(event)
    assert t.teams
    as_json = tmp_path / "league.txt"
    as_json.write_text(json.dumps(yaml.safe_load(event.read_text())))
    assert load_tournament(as_json).teams == t.teams


@pytest.mark.parametrize(
    ("head", "kind"),
    [
        (b"012 Open\r001    1", "trf"),
        (b"\xef\xbb\xbf001    1 m", "trf"),
        (b"### comment\nXXR 5", "trf"),
        (b'{"format": "swisspairing-tournament"}', "mapping"),
        (b"# yaml-language-server: $schema=x\nname: League", "mapping"),
        (b"name: Club open\nplayers: []", "mapping"),
        (b"", None),
        (b"\x00\x00\x00", None),
    ],
)
def test_sniffing(head: bytes, kind: str | None) -> None:
    assert sniff_format(head) == kind


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_pair_writes_a_document_back_as_a_document(
    documents: dict[str, Path], tmp_path: Path, suffix: str
) -> None:
    out = tmp_path / f"next{suffix}"
    code, _out, err = run(
        "pair", str(documents["yaml"]), "--ruleset", "fide-dutch-1992", "-o", str(out)
    )
    assert code == 0, err
    before, after = load_tournament(documents["yaml"]), load_tournament(out)
    assert after.rounds_recorded == before.rounds_recorded + 1
    assert after.players[0].name == before.players[0].name


def test_trf_version_of_the_written_file(tmp_path: Path) -> None:
    """-o keeps the input's TRF version; --trf-version 2026 writes 142/152 instead of XXR/XXC."""
    src = tmp_path / "in.trf"
    src.write_bytes((BBP / "dutch-std.trf").read_bytes().replace(b"142 7", b"XXR 7"))
    for version, want, unwanted in ((None, "XXR 7", "142 7"), ("2026", "142 7", "XXR 7")):
        out = tmp_path / f"out-{version}.trf"
        extra = ["--trf-version", version] if version else []
        code, _o, err = run(
            "pair", str(src), "--ruleset", "fide-dutch-1992", "-o", str(out), *extra
        )
        assert code == 0, err
        text = out.read_text()
        assert want in text and unwanted not in text
