"""Golden files: TRF in, expected pairs out (``swisspairing pair -p``).

- ``lim/lim_2_2_median_order.trf``: eight players after round 1 (1-5 1-0, 6-2 0-1, 3-7 1/2,
  8-4 1-0); the derivation of round 2 (Lim 2.2 order, 2.3 d floaters chosen by 3.2.2/3.2.4,
  floaters first by 3.8, Lim 5.2 colours) is in ``tests/lim/test_lim_round.py``
  (``test_lim_2_2_processing_order_floaters_and_colours_round_two``): 2-1, 7-8, 4-3, 5-6.
- ``olympiad/round2_editions.trf``: eight teams after round 1 (the top half wins 4-0, 3.5,
  3, 2.5); round 2 per edition is derived in ``tests/olympiad/test_olympiad_golden.py``
  (``test_round_two_per_edition``): 2006 4-1 2-3 5-8 7-6 (trial table rows by due colours),
  2010 3-1 2-4 6-8 7-5 (GP in the ranking, Lim order), 2022 3-1 2-4 5-7 8-6 (MP then number).
"""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(
    "trf, ruleset, expected",
    [
        ("lim/lim_2_2_median_order.trf", "fide-lim", "lim/lim_2_2_median_order.expected"),
        ("lim/lim_2_2_median_order.trf", "fide-lim-2026", "lim/lim_2_2_median_order.expected"),
        *[
            (
                "olympiad/round2_editions.trf",
                f"fide-olympiad-{e}",
                f"olympiad/round2_editions.fide-olympiad-{e}.expected",
            )
            for e in ("2006", "2010", "2022")
        ],
    ],
)
def test_golden_file(cli, tmp_path, trf, ruleset, expected):
    out = tmp_path / "pairs.txt"
    source = DATA / trf
    before = source.read_bytes()
    r = cli("pair", str(source), "--ruleset", ruleset, "-p", str(out))
    assert r.code == 0, r.err
    assert out.read_text() == (DATA / expected).read_text()
    assert source.read_bytes() == before  # inputs are never modified
