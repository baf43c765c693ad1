"""Dubov 2026: the upfloaters and the G1/G2 split chosen as the text orders the criteria.

Each file in ``tests/data/fide_dubov_2026`` is a generated event before the round named in its
name; the expected pairs are derived by hand below from the text (C040401202602, cited
``Dubov-2026``).  py4swiss 0.3 pairs the same rounds identically.
"""

from __future__ import annotations

from pathlib import Path

from swisspairing import BLACK, WHITE, Engine, load_ruleset, load_trf
from swisspairing.defaults import colour_preference
from swisspairing.model import Float
from swisspairing.plugins.fide_dubov.edition2026 import max_upfloater_limit

DATA = Path(__file__).parent.parent / "data" / "fide_dubov_2026"


def _pairs(name: str) -> set[frozenset[int]]:
    t = load_trf(DATA / name)
    p = Engine(load_ruleset("fide-dubov-2026")).pair(t)
    return {frozenset((b.white, b.black)) for b in p.boards}


def _has(pairs: set[frozenset[int]], *expected: tuple[int, int]) -> bool:
    return all(frozenset(e) in pairs for e in expected)


def test_3_2_4_a_shifted_player_keeps_his_absolute_preference() -> None:
    """Round 5 of 16.  The 2.0 bracket is 3, 5, 7 (white seekers) and upfloater 13 (1.5, an
    absolute White preference: Black, Black... then White owed).  G1 = {3, 5, 7, 13}, G2 = {}:
    3.2.4.2 shifts two of G1, the first set in the 4.3 order (white seekers by ascending ARO:
    5 1708, 13 1750, 7 1803, 3 1993; numbered from the middle: 13, 7, 5, 3) that leaves a
    legal G1-v-G2 pairing: {13, 7} (G1 = 5, 3; 5-7 and 3-13 are legal).  13 keeps his
    preference; 5.2 gives him White.  So 5-7 and 3-13 (not 3-5, 7-13 as when 13 could not
    be shifted)."""
    pairs = _pairs("n16-seed4-round5.trf")
    assert _has(pairs, (5, 7), (3, 13))


def test_3_2_5_first_transposition_giving_a_legal_pairing() -> None:
    """Round 4 of 24.  The 1.5 bracket: S1 = 21, 13, 6 (ascending ARO), G2 = 11, 16, 18 (TPN).
    Transpositions of G2 in 4.4.2 order: (11, 16, 18) fails (6-18 met), (11, 18, 16) fails
    (13-18 met), (16, ...) fails (21-16 met), (18, 11, 16) is legal: 21-18, 13-11, 6-16."""
    pairs = _pairs("n24-seed1-round4.trf")
    assert _has(pairs, (21, 18), (13, 11), (6, 16))


def test_3_2_2_c7_before_c8_to_c10_with_two_upfloaters() -> None:
    """Round 6 of 16.  The 2.5 bracket keeps 6 (W) and 16 (B), who have met: two upfloaters
    from the 2.0 group 8 (W), 9 (B), 14 (W, absolute).  C5, C6 equal for every set; C7: {8, 9}
    pairs 6-8 and 16-9, two players without their preference; {8, 14} pairs 6-8 and 16-14,
    one (6 met 14, so 14 must meet 16).  {8, 14} wins on C7 before any float criterion; 9
    stays in his group and meets 13."""
    pairs = _pairs("n16-seed2-round6.trf")
    assert _has(pairs, (16, 14), (9, 13))


def test_3_2_2_c7_chooses_the_single_upfloater_before_tpn() -> None:
    """Round 5 of 16 (the issue's example: an odd 2.5 group, one upfloater from three).
    After 2 (4.0) with upfloater 8 and 1-3 (3.0), the 2.5 group is 13 alone: C5 one
    upfloater; 4.2.2 offers the 2.0 group by TPN, 4, 5, 7, 9, 14; 13 has met 5 and 14 (C1),
    so the candidates are 4, 7, 9, all with 2.0 (C6 equal).  C7, before the float criteria
    C8-C10 and before the TPN order: 13 has a mild preference for Black (b w b w); 4 (b w b
    w) and 9 (b w b w) want Black too, one player without his preference; 7 (w b w b) wants
    White, none.  So 7 floats up and meets 13 (7 White, 5.2.2), not 4, the first by TPN."""
    t = load_trf(DATA / "n16-seed53-round5.trf")
    p = Engine(load_ruleset("fide-dubov-2026")).pair(t)
    assert any(b.white == 7 and b.black == 13 for b in p.boards), p.boards


def test_3_2_2_issue_23_upfloater_from_7_8_9_by_c7_before_the_float_criteria() -> None:
    """The issue's situation, built by hand (``n16-hand-round5.trf``: 16 players, ratings
    2400 down to 1800 by TPN, 9 rounds, every game played; the four rounds were written so
    that exactly this arises).  Before round 5:

    - 3.5: 1, 2; 3.0: 3, 4 (1-2 and 3-4 have not met: both groups pair among themselves);
      2.5: 6 alone; 2.0: 7, 8, 9; 1.5: 10, 11, 13, 15, 16; 1.0: 5, 12, 14.
    - colours (1.6): 6 W B W B and 9 W B W B prefer White (mild, 1.6.3); 7 B W B W and 8 B W B
      W prefer Black (mild).  6 has met 14, 13, 16, 1 -- none of 7, 8, 9; 8 and 9 have not met.
    - floats: 7 (1.5) drew with 3 (2.5) and 8 (1.5) with 4 (2.5) in round 4 -- both upfloated
      in the previous round, once each (MaxT = 2 + 9 // 5 = 3, 1.8: neither is a maximum
      upfloater); 9 never upfloated (round 4: 1.0 v 12's 1.0).

    Derivation (Dubov-2026 3.2.1/3.2.2 with 4.2.2, C5-C10 in their order).  The 2.5 group is
    odd: C5, one upfloater; C6, from the highest score below, 2.0: the candidates in the 4.2.2
    order (score, then TPN) are 7, 8, 9, all compatible with 6 (C1) and all leaving the round
    completable (C4).  C7, the fewest players without their colour preference: 7 gives 6-7
    (White v Black, both granted), 8 gives 6-8 (both granted), 9 gives 6-9 (both want White:
    one of them misses; and the 2.0 group left, 7-8, both want Black: one more) -- 9 is out.
    C8 (maximum upfloaters), C9 and C10 (upfloated in the previous round) are equal for 7 and
    8; 4.2.2 takes the first set: {7}.  So 6-7 (6 White, 7 Black, 5.2.2) and, in the 2.0
    group, 8-9 (9 White, 8 Black).  The float criteria taken before C7 (the old
    ``upfloater_key``) would have chosen 9, the only candidate who did not upfloat in round 4.
    """
    t = load_trf(DATA / "n16-hand-round5.trf")
    engine = Engine(load_ruleset("fide-dubov-2026"))
    ctx = engine.context(t)
    # the history is the one described above
    assert [p for p in ctx.participants if ctx.score(p) == 2.5] == [6]
    assert sorted(p for p in ctx.participants if ctx.score(p) == 2.0) == [7, 8, 9]
    assert [colour_preference(ctx.state(p))[0] for p in (6, 7, 8, 9)] == [
        WHITE,
        BLACK,
        BLACK,
        WHITE,
    ]
    assert [ctx.state(p).floats[-1] for p in (7, 8, 9)] == [Float.UP, Float.UP, None]
    assert all(ctx.may_meet(6, p) for p in (7, 8, 9)) and ctx.may_meet(8, 9)
    assert max_upfloater_limit(t.total_rounds) == 3
    pairs = {(b.white, b.black) for b in engine.pair(t).boards}
    assert {(6, 7), (9, 8)} <= pairs, pairs
