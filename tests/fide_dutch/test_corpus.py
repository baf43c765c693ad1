"""Agreement with the FIDE-endorsed engine bbpPairings on a stored corpus.

``tests/data/fide_dutch/bbp-6.0.0-dutch-2025.jsonl`` (2026 text) and
``bbp-5.0.1-dutch-2017.jsonl`` (2017 text): random tournaments made by bbpPairings' own
generator (11-30 players, 7-11 rounds, forfeits, half-point byes, retired players), each round
as it stood before it was paired, with bbpPairings' pairing (``white black``; ``n 0`` is the
PAB).  ``bench/compare_bbp_dutch.py --save-corpus`` writes them.  Every round must agree, pairs
and colours (FIDE's endorsement procedure compares engines this way)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swisspairing import Engine, load_ruleset, loads_trf

DATA = Path(__file__).resolve().parent.parent / "data" / "fide_dutch"
CORPORA = {
    "fide-dutch-2025": DATA / "bbp-6.0.0-dutch-2025.jsonl",
    "fide-dutch-2017": DATA / "bbp-5.0.1-dutch-2017.jsonl",
}


def rounds(ruleset: str) -> list[dict]:
    return [json.loads(row) for row in CORPORA[ruleset].read_text().splitlines() if row]


@pytest.mark.parametrize("ruleset", sorted(CORPORA))
def test_corpus_agrees_with_bbppairings(ruleset: str) -> None:
    engine = Engine(load_ruleset(ruleset))
    cases = rounds(ruleset)
    assert len(cases) >= 100
    differences = []
    for case in cases:
        result = engine.pair(loads_trf(case["trf"]), explain=False)
        ours = {(b.white, b.black) for b in result.boards} | {(b.player, 0) for b in result.byes}
        theirs = {(a, b) for a, b in case["pairs"]}
        if ours != theirs:
            differences.append((case["name"], sorted(ours - theirs), sorted(theirs - ours)))
    assert differences == []
