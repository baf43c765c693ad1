"""``swisspairing pair`` for a Polish A-Klasa round, from TRF and from the event file."""

from __future__ import annotations

from pathlib import Path

from swisspairing import load_trf
from swisspairing.io import load_tournament

EXAMPLES = Path(__file__).parent.parent.parent / "examples"
YAML = str(EXAMPLES / "pl-a-klasa-2005.yaml")
TRF = str(EXAMPLES / "pl-a-klasa-2005.trf")
RULESET = "kpzszach-a-klasa-2005"


def test_event_file_and_trf_give_the_same_round(cli, tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    assert cli("pair", YAML, "--ruleset", RULESET, "-p", str(a)).code == 0
    assert cli("pair", TRF, "--ruleset", RULESET, "-p", str(b)).code == 0
    assert a.read_text() == b.read_text()
    lines = a.read_text().splitlines()
    assert lines[0] == "5" and lines[-1].endswith(" 0")  # 4 matches and the pause, by team number
    teams = [int(x) for line in lines[1:] for x in line.split() if x != "0"]
    assert sorted(teams) == list(range(1, 10))


def test_table_and_explanation(cli):
    r = cli("pair", YAML, "--ruleset", RULESET, "--explain", "--lang", "en")
    assert r.code == 0, r.err
    assert "White on board 1" in r.out and "pause" in r.out
    for rule in ("[PL-team 4]", "[PL-team 3]", "[PL-team 6]", "[PL-team 7]", "[PL-team 20"):
        assert rule in r.out


def test_next_round_written_to_trf_is_consistent(cli, tmp_path):
    out = tmp_path / "next.trf"
    assert cli("pair", TRF, "--ruleset", RULESET, "-o", str(out)).code == 0
    t = load_trf(out)
    assert t.rounds_recorded == 3 and len(t.pending_games(3)) == 4 * 6 * 2
    assert sum(1 for p in t.players if (r := p.record(3)) is not None and r.result == "U") == 6
    assert cli("check", str(out), "--ruleset", RULESET).code == 0


def test_same_club_never_meets_in_the_example():
    """Hetman Bydgoszcz and its second team (PL-team 2) in every round of the example."""
    t = load_tournament(YAML)
    hetman = [x for x in t.teams if x.name.startswith("Hetman")]
    a, b = (set(x.roster) for x in hetman)
    for n in a:
        for rec in t.player(n).rounds:
            assert rec.opponent not in b


def test_individual_tournament_is_refused(cli, data_dir):
    r = cli("--lang", "en", "pair", str(data_dir / "rr-7-start.trf"), "--ruleset", RULESET)
    assert r.code == 3
    assert "pairs team events" in r.err
    # without --lang the ruleset's language (pl) speaks
    assert (
        "kojarzy turnieje drużynowe"
        in cli("pair", str(data_dir / "rr-7-start.trf"), "--ruleset", RULESET).err
    )


def test_written_trf_records_the_transfers(cli, tmp_path):
    """PL-team 14: -o writes the transfers of every round so far (SPT records); the next
    round, paired from that file, reads them back and writes them on unchanged."""
    out = tmp_path / "next.trf"
    assert cli("pair", YAML, "--ruleset", RULESET, "-o", str(out)).code == 0
    lines = [line for line in out.read_text().splitlines() if line.startswith("SPT")]
    assert [int(line.split()[1]) for line in lines] == [1, 2, 3]
    assert lines[0] == "SPT    1"  # round 1 by the start list transfers nobody (PL-team 8)


def test_bad_transfer_record_is_an_input_error(cli, tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(
        Path(TRF).read_text(encoding="utf-8").replace("001", "SPT 2 3 sideways\n001", 1),
        encoding="utf-8",
    )
    r = cli("pair", str(bad), "--ruleset", RULESET, "--lang", "en")
    assert r.code == 3
    assert (
        "record 'SPT 2 3 sideways': expected SPT, a round and teams each followed by down or up"
        in r.err
    )
