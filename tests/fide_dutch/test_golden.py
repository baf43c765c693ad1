"""Golden cases for ``fide-dutch-2025`` and ``fide-dutch-2017``, derived by hand from the text
(the derivation in each test).  Both editions agree on these small cases.

Rule ids: ``Dutch-2026`` articles/criteria (``[C12]``, 5.2.x) and the 2017 letters (C.10, E.x).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swisspairing import Engine, load_ruleset, loads_trf

EDITIONS = ["fide-dutch-2025", "fide-dutch-2017"]


def pair(trf: str, ruleset: str) -> tuple[set[tuple[int, int]], list[int]]:
    result = Engine(load_ruleset(ruleset)).pair(loads_trf(trf))
    return {(b.white, b.black) for b in result.boards}, [b.player for b in result.byes]


ROUND_ONE = """012 golden round 1
XXR 5
XXC white1
001    1      Player A                          2400                             0.0    1
001    2      Player B                          2300                             0.0    2
001    3      Player C                          2200                             0.0    3
001    4      Player D                          2100                             0.0    4
001    5      Player E                          2000                             0.0    5
001    6      Player F                          1900                             0.0    6
"""


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_round_one_s1_against_s2_with_initial_colour(ruleset: str) -> None:
    """One homogeneous bracket of 6 (B.2 / 3.2: S1 = 1-3, S2 = 4-6); the first candidate
    1-4, 2-5, 3-6 (B.3 / 3.3) meets every criterion, so it is taken (B.4 / 3.4).  Nobody has a
    preference: E.5 / 5.2.5 gives the initial colour (XXC white1) to the higher-ranked player
    of a pair when his pairing number is odd (1, 3) and the other colour when it is even (2)."""
    boards, byes = pair(ROUND_ONE, ruleset)
    assert boards == {(1, 4), (5, 2), (3, 6)}
    assert byes == []


COLOUR_EXCHANGE = """012 golden c12
XXR 5
XXC white1
001    1      Player A                          2400                             0.5    1     3 w =
001    2      Player B                          2300                             0.5    2     4 b =
001    3      Player C                          2200                             0.5    3     1 b =
001    4      Player D                          2100                             0.5    4     2 w =
"""


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_resident_exchange_beats_a_transposition_that_fails_colours(ruleset: str) -> None:
    """Round 2, everybody on ½: one bracket, S1 = {1, 2}, S2 = {3, 4}.  1-3 and 2-4 have met
    ([C1] / C.1), so the first candidate is out; the transposition 1-4, 2-3 is legal but both
    pairs want the same colour (1 and 4 Black, 2 and 3 White): two failures of [C12] / C.10.
    The exchange 2 <-> 3 (D.2 / 4.3: one player each way) gives 1-2 and 3-4 with every
    preference granted, so it is better (B.8 / 3.8).  Colours E.1 / 5.2.1: 2 White against 1,
    3 White against 4."""
    boards, _ = pair(COLOUR_EXCHANGE, ruleset)
    assert boards == {(2, 1), (3, 4)}


BYE_AND_FLOAT = """012 golden bye
XXR 5
XXC white1
001    1      Player A                          2400                             1.0    1     3 w 1
001    2      Player B                          2300                             1.0    2     4 b 1
001    3      Player C                          2200                             0.0    3     1 b 0
001    4      Player D                          2100                             0.0    4     2 w 0
001    5      Player E                          2000                             1.0    5  0000 - U
"""


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_bye_goes_low_and_the_pab_receiver_does_not_float_twice(ruleset: str) -> None:
    """Round 2 of 5 players; 5 had the PAB in round 1.
    - [C2] / C.2: 5 may not have it again; [C5] (and C.6's PSD in 2017): the PAB goes to the
      lowest score, 0 (3 or 4).
    - Bracket 1 = {1, 2, 5}: one pair, one downfloater.  1-2 would move 5 down, who had a
      downfloat in round 1 (the PAB: 1.4.3 / A.4) -- a failure of [C14] / C.12; 1-5 moves 2
      down, who did not float.  Colours are fine either way and the next bracket makes one
      pair either way ([C8] / C.7), so 1-5 (B.8 / 3.8).  Colours: 1 (CD +1) wants Black,
      5 has no preference: E.1 / 5.2.1, 5 White.
    - Bracket 0 = {2 (MDP), 3, 4}: 2-4 have met, so 2-3; both want White strongly (CD -1), no
      earlier round with different colours (E.3 / 5.2.3), so the higher-ranked 2 gets his
      preference (E.4 / 5.2.4).  4 gets the PAB."""
    boards, byes = pair(BYE_AND_FLOAT, ruleset)
    assert boards == {(5, 1), (2, 3)}
    assert byes == [4]


EXHAUSTED = (
    Path(__file__).resolve().parent.parent / "data" / "fide_dutch" / "all-met-4.trf"
).read_text()


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_no_round_pairing_is_reported_with_its_proof(ruleset: str) -> None:
    """Four players who have all met: no round-pairing satisfies [C1] / C.1 (A.9 / 1.9.3:
    the arbiter decides); the error names the reason a maximum matching proves."""
    from swisspairing.errors import NoValidPairingError

    with pytest.raises(NoValidPairingError) as info:
        pair(EXHAUSTED, ruleset)
    assert "player 1 cannot be paired with anybody" in str(info.value)
