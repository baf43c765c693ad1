"""``swisspairing pair --explain`` for the Lim and Olympiad rulesets, in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from swisspairing import load_trf

EXAMPLES = Path(__file__).parent.parent / "examples"
LIM = str(EXAMPLES / "lim-open-24.trf")
OLYMPIAD = str(EXAMPLES / "olympiad-21-teams.trf")


@pytest.mark.parametrize("lang", ["en", "de", "ru", "pl"])
@pytest.mark.parametrize("ruleset", ["fide-lim", "fide-lim-2026"])
def test_lim_explained(cli, ruleset, lang):
    r = cli("--lang", lang, "pair", LIM, "--ruleset", ruleset, "--explain")
    assert r.code == 0, r.err
    for rule in ("[Lim 2.4]", "[Lim 1.1]", "[Lim 2.2]", "[Lim 5."):
        assert rule in r.out
    # the 2026 text numbers 2.3 a-d as 2.3.1-2.3.4
    assert ("[Lim 2.3.4]" in r.out) == (ruleset == "fide-lim-2026") and ("[Lim 2.3d]" in r.out) == (
        ruleset == "fide-lim"
    )
    if lang != "en":
        assert "median group" not in r.out and "gets the bye" not in r.out


@pytest.mark.parametrize("lang", ["en", "de", "ru", "pl"])
@pytest.mark.parametrize("edition", ["2006", "2010", "2022"])
def test_olympiad_explained(cli, edition, lang):
    r = cli("--lang", lang, "pair", OLYMPIAD, "--ruleset", f"fide-olympiad-{edition}", "--explain")
    assert r.code == 0, r.err
    # the bye article cited by number: 2022 4.1; the older texts by the 2022 article (item 8
    # of issue 24: the reason an arbiter reads is a regulation number, not a subject)
    assert f"[Olympiad-{edition} {'4.1' if edition == '2022' else '(2022 4.1)'}]" in r.out
    if lang != "en":
        assert "receives the bye" not in r.out


def test_olympiad_pairs_and_next_round(cli, tmp_path):
    pairs, nxt = tmp_path / "p.txt", tmp_path / "n.trf"
    assert (
        cli(
            "pair", OLYMPIAD, "--ruleset", "fide-olympiad-2022", "-p", str(pairs), "-o", str(nxt)
        ).code
        == 0
    )
    lines = pairs.read_text().splitlines()
    assert lines[0] == "11" and lines[-1].endswith(" 0")  # ten matches and the bye, by team number
    t = load_trf(nxt)
    assert t.rounds_recorded == 4
    assert sum(1 for p in t.players if (r := p.record(4)) is not None and r.result == "U") == 4


def test_olympiad_refuses_an_individual_file(cli):
    """An individual tournament under a team ruleset: a clear error, no traceback."""
    r = cli("pair", LIM, "--ruleset", "fide-olympiad-2022")
    assert r.code == 3 and "Traceback" not in r.err and r.err.strip()
