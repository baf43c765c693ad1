"""The pairing numbers of the parity rule (Dutch-2017 E.5, Dutch-2026 5.2.5) when a player of
the start list is absent from round 1 (AMB-N5), derived by hand.

Seven players on the start list, ratings 2490 … 2430 by start number; player 3 asked not to be
paired in round 1 (``0000 - Z``, GHR 3.3); initial colour White (``XXC white1``).  The six
present players form one bracket: S1 = 1, 2, 4 and S2 = 5, 6, 7, so 1–5, 2–6, 4–7 (2017 C.4 /
2026 3.3: S1 against S2 in order); nobody has a colour preference, so E.5 / 5.2.5 decides:
"if the higher ranked player has an odd pairing number, give him the initial colour".

- ``pairing_numbers: taking-part`` (default; bbpPairings, whose "effective pairing number"
  counts only the players who take part in the pairing, ``Tournament::updateRanks``; its build
  of commit 16a000f pairs this file 1–5, 6–2, 4–7): 1, 2, 4, 5, 6, 7 are numbered 1 … 6, so 4
  has number 3 (odd) and gets White: 1–5, 6–2, 4–7.
- ``pairing_numbers: start`` (py4swiss 0.3.1 pairs this file so: the start numbers; A.1 / 1.1
  read as the whole initial ranking list): 4 keeps number 4 (even) and gets Black: 1–5, 6–2,
  7–4.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from swisspairing import Engine, load_ruleset, loads_trf


def _line(number: int, *blocks: str) -> str:
    head = f"001 {number:4d}      {'Player ' + str(number):<33} {2500 - 10 * number:4d}"
    return head.ljust(80) + f"{0.0:4.1f} {number:4d}" + "".join(f"  {b}" for b in blocks)


TRF = (
    "012 pairing numbers\nXXR 5\nXXC white1\n"
    + "\n".join(_line(n, *(["0000 - Z"] if n == 3 else [])) for n in range(1, 8))
    + "\n"
)


@pytest.mark.parametrize("ruleset", ["fide-dutch-2025", "fide-dutch-2017"])
@pytest.mark.parametrize(
    ("mode", "boards"),
    [
        (None, [(1, 5), (6, 2), (4, 7)]),
        ("taking-part", [(1, 5), (6, 2), (4, 7)]),
        ("start", [(1, 5), (6, 2), (7, 4)]),
    ],
)
def test_e5_parity_with_a_player_absent_from_round_1(
    ruleset: str, mode: str | None, boards: list[tuple[int, int]]
) -> None:
    """Dutch-2017 E.5 / Dutch-2026 5.2.5 with the pairing numbers of A.2 b / 1.2.2 (AMB-N5)."""
    rs = load_ruleset(ruleset)
    if mode is not None:
        rs = replace(rs, parameters={**rs.parameters, "pairing_numbers": mode})
    result = Engine(rs).pair(loads_trf(TRF), explain=False)
    assert [(b.white, b.black) for b in result.boards] == boards
    assert not result.byes
