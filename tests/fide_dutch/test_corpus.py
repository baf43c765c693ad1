"""Agreement with the FIDE-endorsed engine bbpPairings on a stored corpus.

``tests/data/fide_dutch/bbp-6.0.0-dutch-2025.jsonl`` (2026 text) and
``bbp-5.0.1-dutch-2017.jsonl`` (2017 text): random tournaments made by bbpPairings' own
generator (11-30 players, 7-11 rounds, forfeits, half-point byes, retired players), each round
as it stood before it was paired, with bbpPairings' pairing (``white black``; ``n 0`` is the
PAB).  ``bench/compare_bbp_dutch.py --save-corpus`` writes them.  Every round must agree, pairs
and colours (FIDE's endorsement procedure compares engines this way).

``bbp-6.0.0-dutch-2025-large.jsonl`` / ``bbp-5.0.1-dutch-2017-large.jsonl``: a few rounds of
the same generator's events with 150-400 players and 7-15 rounds (``ForfeitRate=10``,
``RetiredRate=15``, ``HalfPointByeRate=10``), some of them accelerated (Baku, C.04.5.1: the
virtual points of Baku 3 as ``XXA`` records, ``compare_bbp_dutch.py --baku``), chosen for what
the small corpus lacks: virtual points in the pairing score (Baku 4), the last round's
topscorers ([C10]/[C11], C.8/C.9), large score groups.

``bbp-6.0.0-dutch-2025-real.jsonl.gz``: every round of nine real events (six over-the-board
opens of 2026 with 83-357 players, three Lichess Swiss events; the files and where they come
from are in ``real/``), each as it stood before the round (``bench/replay.truncate``), with
bbpPairings 6.0.0's pairing of it."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from swisspairing import Engine, load_ruleset, loads_trf

DATA = Path(__file__).resolve().parent.parent / "data" / "fide_dutch"
CORPORA = {
    "fide-dutch-2025": DATA / "bbp-6.0.0-dutch-2025.jsonl",
    "fide-dutch-2017": DATA / "bbp-5.0.1-dutch-2017.jsonl",
}
LARGE = {
    "fide-dutch-2025": DATA / "bbp-6.0.0-dutch-2025-large.jsonl",
    "fide-dutch-2017": DATA / "bbp-5.0.1-dutch-2017-large.jsonl",
}


def rounds(path: Path) -> list[dict]:
    if path.suffix == ".gz":
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
    else:
        text = path.read_text()
    return [json.loads(row) for row in text.splitlines() if row]


def differences(ruleset: str, cases: list[dict]) -> list[tuple]:
    """The cases whose pairs or colours differ from bbpPairings' answer."""
    engine = Engine(load_ruleset(ruleset))
    out = []
    for case in cases:
        result = engine.pair(loads_trf(case["trf"]), explain=False)
        ours = {(b.white, b.black) for b in result.boards} | {(b.player, 0) for b in result.byes}
        theirs = {(a, b) for a, b in case["pairs"]}
        if ours != theirs:
            out.append((case["name"], sorted(ours - theirs), sorted(theirs - ours)))
    return out


@pytest.mark.parametrize("ruleset", sorted(CORPORA))
def test_corpus_agrees_with_bbppairings(ruleset: str) -> None:
    cases = rounds(CORPORA[ruleset])
    assert len(cases) >= 100
    assert differences(ruleset, cases) == []


@pytest.mark.parametrize("ruleset", sorted(LARGE))
def test_large_and_accelerated_rounds_agree_with_bbppairings(ruleset: str) -> None:
    """150-400 players, some rounds with Baku virtual points (XXA)."""
    cases = rounds(LARGE[ruleset])
    assert any("\nXXA" in case["trf"] for case in cases)
    assert any(case["trf"].count("\n001") >= 150 for case in cases)
    assert differences(ruleset, cases) == []


def test_real_events_agree_with_bbppairings() -> None:
    """Real 2026 events, every round: the current text's pairing is bbpPairings' (the pairs
    the arbiters actually made are compared in ``bench/replay.py``)."""
    cases = rounds(DATA / "bbp-6.0.0-dutch-2025-real.jsonl.gz")
    assert len(cases) >= 80
    assert differences("fide-dutch-2025", cases) == []
