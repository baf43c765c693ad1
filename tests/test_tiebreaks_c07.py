"""The FIDE C.07 (2023) tie-breaks added to the catalogue, each with a golden case worked out by
hand from the text (articles as numbered in the text applied from 1 September 2023):

- art. 7.6 GE, 8.2 AOB, 8.3 FB with the modifiers of art. 14, 9.2 KS with the limit of 14.5,
  10.1 ARO with Cut-1/Cut-2/Median-1/Median-2, 10.2 TPR, 10.3 PTP, 10.4 APRO, 10.5 APPO;
- the conversion tables of the FIDE Rating Regulations B.02 8.1.1 and 8.1.2 that 10.2/10.3 use;
- art. 16.4 (a game against a dummy with the own score) and the caps of the 2026 text.

The C.07 texts since 2023 print no worked examples; each case below gives the steps.
"""

from __future__ import annotations

import pytest
from swisspairing.model import PointSystem
from swisspairing.standings import compute_standings
from swisspairing.testing import build_tournament
from swisspairing.tiebreaks import (
    CORE_TIEBREAKS,
    TiebreakPolicy,
    appo,
    apro,
    average_of_opponents_buchholz,
    average_rating_of_opponents,
    buchholz,
    compute,
    fore_buchholz,
    games_elected,
    koya,
    perfect_tournament_performance,
    rating_difference,
    scoring_probability,
    tournament_performance_rating,
)

PS = PointSystem()


def event_a():
    """Six players, three rounds, every game played.

    R1: 1-4 1-0, 2-5 ½, 3-6 0-1; R2: 6-1 0-1, 5-3 1-0, 4-2 ½; R3: 1-5 ½, 2-6 1-0, 3-4 0-1.
    Ratings 2200, 2100, 2000, 1900, 1800, 1700.  Scores 2.5, 2, 0, 1.5, 2, 1.

    player  opponents (rating, points)          ARO   p            dp (B.02 8.1.1)  TPR
    1       4 (1900, 1), 6 (1700, 1), 5 (1800, ½) 1800  2.5/3 = .83  +273             2073
    2       5 (1800, ½), 4 (1900, ½), 6 (1700, 1) 1800  2/3 = .67    +125             1925
    3       6 (1700, 0), 5 (1800, 0), 4 (1900, 0) 1800  0            −800             1000
    4       1 (2200, 0), 2 (2100, ½), 3 (2000, 1) 2100  .50          0                2100
    5       2 (2100, ½), 3 (2000, 1), 1 (2200, ½) 2100  .67          +125             2225
    6       3 (2000, 1), 1 (2200, 0), 2 (2100, 0) 2100  .33          −125             1975
    """
    return build_tournament(
        [2200, 2100, 2000, 1900, 1800, 1700],
        [
            ["1-4 1-0", "2-5 ½-½", "3-6 0-1"],
            ["6-1 0-1", "5-3 1-0", "4-2 ½-½"],
            ["1-5 ½-½", "2-6 1-0", "3-4 0-1"],
        ],
    )


# ---------------------------------------------------------------------- B.02 tables
@pytest.mark.parametrize(
    ("p", "dp"),
    [
        (1.0, 800),
        (0.99, 677),
        (0.83, 273),
        (0.8333, 273),
        (0.6667, 125),
        (0.5, 0),
        (0.17, -273),
        (0.01, -677),
        (0.0, -800),
    ],
)
def test_b02_table_8_1_1(p: float, dp: int) -> None:
    """B.02 8.1.1 as printed; p = 0 and p = 1 are the notional ∓800 of C.07 10.2."""
    assert rating_difference(p) == dp


@pytest.mark.parametrize(
    ("difference", "pd"),
    [
        (0, 0.50),
        (3, 0.50),
        (4, 0.51),
        (98, 0.63),
        (99, 0.64),
        (344, 0.88),
        (345, 0.89),
        (735, 0.99),
        (736, 1.0),
        (-101, 0.36),
        (-736, 0.0),
    ],
)
def test_b02_table_8_1_2(difference: int, pd: float) -> None:
    """B.02 8.1.2 (the higher-rated player's PD, 1 − PD for the lower), whole scale."""
    assert scoring_probability(difference) == pd


# ---------------------------------------------------------------------- art. 10
def test_tpr_c07_10_2() -> None:
    """TPR = ARO + dp(p), p over the games played (table in :func:`event_a`)."""
    tpr = tournament_performance_rating(event_a(), PS, 3)
    assert tpr == {1: 2073, 2: 1925, 3: 1000, 4: 2100, 5: 2225, 6: 1975}


def test_ptp_c07_10_3() -> None:
    """PTP: the lowest R with Σ PD(R − Rᵢ) ≥ the points scored (B.02 8.1.2, no 400 limit).

    Player 1 (2.5 against 1900, 1700, 1800): R = 2089 gives differences 189, 389, 289 →
    .75 + .91 + .84 = 2.50; R = 2088 gives 188 → .74, so 2.49.  PTP 2089.
    Player 4 (1.5 against 2200, 2100, 2000): R = 2099 → −101, −1, 99 → .36 + .50 + .64 =
    1.50; R = 2098 → 98 → .63, 1.49.  PTP 2099.
    Player 2 (2 against 1800, 1900, 1700): R = 1926 → 126, 26, 226 → .67 + .54 + .79 = 2.00;
    R = 1925 → .67 + .53 + .78 = 1.98.  PTP 1926.
    Player 3 scored 0: the lowest opponent's rating − 800 = 1700 − 800 = 900.
    """
    ptp = perfect_tournament_performance(event_a(), PS, 3)
    assert (ptp[1], ptp[2], ptp[3], ptp[4]) == (2089, 1926, 900, 2099)


def test_apro_and_appo_c07_10_4_10_5() -> None:
    """APRO(4) = (TPR 1 + TPR 2 + TPR 3) / 3 = (2073 + 1925 + 1000) / 3 = 1666 (1666.0);
    APRO(1) = (2100 + 1975 + 2225) / 3 = 2100.
    APPO(4) = (PTP 1 + PTP 2 + PTP 3) / 3 = (2089 + 1926 + 900) / 3 = 1638.3 → 1638."""
    t = event_a()
    assert (apro(t, PS, 3)[4], apro(t, PS, 3)[1]) == (1666, 2100)
    assert appo(t, PS, 3)[4] == 1638


def test_aro_cut_and_median_c07_14() -> None:
    """Player 1 meets 2..6 rated 1500, 1600, 1700, 1800, 2100 in a six-player round robin.

    ARO = 8700 / 5 = 1740; Cut-1 (14.1, the lowest rating) 7200 / 4 = 1800; Cut-2 (14.2)
    5600 / 3 = 1866.7 → 1867; Median-1 (14.3, lowest and highest) 5100 / 3 = 1700; Median-2
    (14.4) leaves 1700."""
    t = build_tournament(
        [2000, 1500, 1600, 1700, 1800, 2100],
        [
            ["1-6 ½-½", "2-5 ½-½", "3-4 ½-½"],
            ["6-4 ½-½", "5-3 ½-½", "1-2 ½-½"],
            ["2-6 ½-½", "3-1 ½-½", "4-5 ½-½"],
            ["6-5 ½-½", "1-4 ½-½", "2-3 ½-½"],
            ["3-6 ½-½", "4-2 ½-½", "5-1 ½-½"],
        ],
    )
    got = {
        tid: compute(CORE_TIEBREAKS[tid], t, PS, 5)[1]
        for tid in ("aro", "aro-cut1", "aro-cut2", "aro-median1", "aro-median2")
    }
    assert got == {
        "aro": 1740,
        "aro-cut1": 1800,
        "aro-cut2": 1867,
        "aro-median1": 1700,
        "aro-median2": 1700,
    }
    assert average_rating_of_opponents(t, PS, 5, cut_lowest=1, cut_highest=1)[1] == 1700


# ---------------------------------------------------------------------- art. 9.2 Koya
def koya_event():
    """A four-player round robin: R1 1-4 1-0, 2-3 ½; R2 3-1 ½, 4-2 0-1; R3 1-2 +- (1 wins by
    forfeit), 3-4 1-0.  Scores 1: 2.5, 2: 1.5, 3: 2, 4: 0; 50 % of the maximum 3 is 1.5."""
    return build_tournament(
        [2000, 1900, 1800, 1700],
        [["1-4 1-0", "2-3 ½-½"], ["3-1 ½-½", "4-2 0-1"], ["1-2 +-", "3-4 1-0"]],
    )


def test_koya_c07_9_2() -> None:
    """Participants with at least 1.5: 1, 2, 3.  KS(1) = ½ (3) + 1 (2, by forfeit: a game in
    a round robin, 15.2) = 1.5; KS(2) = ½ (3) + 0 (1) = 0.5; KS(3) = ½ + ½ = 1; KS(4) = 0."""
    assert koya(koya_event(), PS, 3) == {1: 1.5, 2: 0.5, 3: 1.0, 4: 0.0}


def test_koya_limit_c07_14_5() -> None:
    """KS/L+1 moves the limit half a point up (2.0: players 1 and 3): KS(1) = ½, KS(2) = ½ + 0,
    KS(3) = ½.  KS/L+2 (2.5: player 1 only): KS(3) = ½, KS(2) = 0, KS(1) = 0."""
    t = koya_event()
    assert compute(CORE_TIEBREAKS["koya-limit+1"], t, PS, 3) == {1: 0.5, 2: 0.5, 3: 0.5, 4: 0}
    assert compute(CORE_TIEBREAKS["koya-limit+2"], t, PS, 3) == {1: 0, 2: 0, 3: 0.5, 4: 0}
    assert compute(CORE_TIEBREAKS["koya-limit-1"], t, PS, 3) == koya(t, PS, 3)


# ---------------------------------------------------------------------- art. 8
def fore_event(results: bool):
    """R1 1-2 1-0, 3-4 ½, 5-6 0-1; R2 1-6, 2-3, 4-5 (paired; with ``results`` 1-0, 0-1, ½)."""
    r2 = ["1-6 1-0", "2-3 0-1", "4-5 ½-½"] if results else ["1-6", "2-3", "4-5"]
    return build_tournament([2000] * 6, [["1-2 1-0", "3-4 ½-½", "5-6 0-1"], r2])


@pytest.mark.parametrize("results", [False, True])
def test_fore_buchholz_c07_8_3(results: bool) -> None:
    """FB: every game paired for round 2 counted as a draw, whatever its result: scores 1:
    1.5, 2: 0.5, 3: 1, 4: 1, 5: 0.5, 6: 1.5.  FB(1) = S2 + S6 = 2; FB(2) = S1 + S3 = 2.5;
    FB(3) = S4 + S2 = 1.5; FB(4) = S3 + S5 = 1.5; FB(5) = S6 + S4 = 2.5; FB(6) = S5 + S1 = 2.
    FB-C1(2) drops S3 = 1 (14.1): 1.5; FB-M1(2) drops both: 0."""
    t = fore_event(results)
    assert fore_buchholz(t, PS, 2) == {1: 2.0, 2: 2.5, 3: 1.5, 4: 1.5, 5: 2.5, 6: 2.0}
    assert compute(CORE_TIEBREAKS["fore-buchholz-cut1"], t, PS, 2)[2] == 1.5
    assert compute(CORE_TIEBREAKS["fore-buchholz-median1"], t, PS, 2)[2] == 0.0


def test_fore_buchholz_differs_from_buchholz_once_results_are_in() -> None:
    """With the round-2 results (scores 2, 0, 1.5, 1, 0.5, 1), BH(1) = S2 + S6 = 0 + 1 = 1
    while FB(1) stays 2."""
    t = fore_event(True)
    assert (buchholz(t, PS, 2)[1], fore_buchholz(t, PS, 2)[1]) == (1.0, 2.0)


def test_average_of_opponents_buchholz_c07_8_2() -> None:
    """With the round-2 results: BH 1: 1, 2: 3.5, 3: 1, 4: 2, 5: 2, 6: 2.5.
    AOB(1) = (BH2 + BH6) / 2 = (3.5 + 2.5) / 2 = 3; AOB(4) = (BH3 + BH5) / 2 = 1.5."""
    t = fore_event(True)
    assert buchholz(t, PS, 2) == {1: 1.0, 2: 3.5, 3: 1.0, 4: 2.0, 5: 2.0, 6: 2.5}
    aob = average_of_opponents_buchholz(t, PS, 2)
    assert (aob[1], aob[4]) == (3.0, 1.5)


# ---------------------------------------------------------------------- art. 7.6
def test_games_elected_c07_7_6() -> None:
    """Three rounds.  1: H, then a forfeit loss, then a game → 3 − 2 = 1.  2: the pairing-
    allocated bye is not refused → 3.  3: absent (Z) in round 3 → 2.  4: forfeit win → 3."""
    t = build_tournament(
        [2000, 1900, 1800, 1700],
        [["1 H", "2 U", "3-4 1-0"], ["1-4 -+", "2-3 ½-½"], ["1-2 0-1", "4 U"]],
    )
    assert games_elected(t, PS, 3) == {1: 1, 2: 3, 3: 2, 4: 3}


# ---------------------------------------------------------------------- art. 16.4
def dummy_event():
    """R1 1-2 1-0, 3-4 ½, 5 U; R2 1 H, 2-3 0-1, 4-5 1-0; R3 1-4 1-0, 3-5 1-0, 2 U.
    Scores 1: 2.5, 2: 1, 3: 2.5, 4: 1.5, 5: 1."""
    return build_tournament(
        [2000, 1900, 1800, 1700, 1600],
        [
            ["1-2 1-0", "3-4 ½-½", "5 U"],
            ["1 H", "2-3 0-1", "4-5 1-0"],
            ["1-4 1-0", "3-5 1-0", "2 U"],
        ],
    )


def test_dummy_opponent_c07_16_4_and_the_2026_caps() -> None:
    """Player 1's half-point bye in round 2 is followed by a game (16.2.3): his own BH counts a
    dummy with his own score 2.5 (16.4): 1 (S2) + 2.5 + 1.5 (S4) = 5.  The 2026 text caps the
    dummy of a bye at draw points × rounds = 1.5 (16.4.2): 4.  Player 5's PAB: dummy = his own
    score 1 under both (below the cap): 1 + 1.5 (S4) + 2.5 (S3) = 5."""
    t = dummy_event()
    bh23 = buchholz(t, PS, 3, unplayed="fide2023")
    bh26 = buchholz(t, PS, 3, unplayed="fide2026")
    assert (bh23[1], bh26[1]) == (5.0, 4.0)
    assert bh23[5] == bh26[5] == 5.0


def test_forfeit_dummy_cap_2026_c07_16_4_1() -> None:
    """R1 1-2 +- (1 wins by forfeit), 3-4 1-0; R2 1-3 1-0, 2-4 ½.  Scores 2, 0.5, 1, 0.5.
    Player 1: fide2023 dummy = own score 2 → BH 2 + 1 = 3; 2026 caps it at the scheduled
    opponent's adjusted score 0.5 (a forfeit loss counts as awarded, 16.3.1) → 1.5.
    Player 2 (the forfeit loss): dummy 0.5 under both (cap 2) → 0.5 + 0.5 = 1."""
    t = build_tournament([2000, 1900, 1800, 1700], [["1-2 +-", "3-4 1-0"], ["1-3 1-0", "2-4 ½-½"]])
    bh23 = buchholz(t, PS, 2, unplayed="fide2023")
    bh26 = buchholz(t, PS, 2, unplayed="fide2026")
    assert (bh23[1], bh26[1], bh23[2], bh26[2]) == (3.0, 1.5, 1.0, 1.0)


# ---------------------------------------------------------------------- the catalogue
C07_2023_INDIVIDUAL = {
    "DE": "direct-encounter",
    "WIN": "wins",
    "WON": "wins-played",
    "BPG": "black-games",
    "BWG": "black-wins",
    "PS": "progressive",
    "GE": "games-elected",
    "BH": "buchholz",
    "AOB": "aob",
    "FB": "fore-buchholz",
    "SB": "sonneborn-berger",
    "KS": "koya",
    "ARO": "aro",
    "TPR": "tpr",
    "PTP": "ptp",
    "APRO": "apro",
    "APPO": "appo",
}


def test_every_c07_2023_individual_tiebreak_has_an_id() -> None:
    """C.07 (2023) art. 5 list (individuals), with the modifiers art. 5 marks for Cut-1 and
    the Median/Cut-2 forms of art. 14 for the Buchholz family and ARO."""
    for short, tid in C07_2023_INDIVIDUAL.items():
        assert CORE_TIEBREAKS[tid].short == short, tid
    for base, prefix in (("buchholz", "BH"), ("fore-buchholz", "FB"), ("aro", "ARO")):
        for suffix, mod in (("cut1", "C1"), ("cut2", "C2")):
            assert CORE_TIEBREAKS[f"{base}-{suffix}"].short == f"{prefix}-{mod}"
    assert CORE_TIEBREAKS["sonneborn-berger-cut1"].short == "SB-C1"
    assert {CORE_TIEBREAKS[i].short for i in ("progressive-cut1", "progressive-cut2")} == {
        "PS-C1",
        "PS-C2",
    }
    assert all(tb.definition and tb.rule for tb in CORE_TIEBREAKS.values())


def test_new_tiebreaks_rank_a_standings_table() -> None:
    """A ruleset may list them: the standings of event A by points, then TPR."""
    from swisspairing.ruleset import load_ruleset

    ruleset = load_ruleset("fide-dutch-1992")
    table = compute_standings(
        event_a(), ruleset, tiebreaks=["points", "tpr", "ptp"], policy=TiebreakPolicy()
    )
    # 2 and 5 share 2 points: TPR 2225 (5) before 1925 (2)
    assert [row.number for row in table.rows] == [1, 5, 2, 4, 6, 3]


def test_every_unplayed_policy_is_explained_in_the_reports() -> None:
    """The standings legend names the policy in force: one text for each policy."""
    from swisspairing.reports import _POLICY_TEXT
    from swisspairing.tiebreaks import UNPLAYED_POLICIES

    assert set(_POLICY_TEXT) == set(UNPLAYED_POLICIES)


def test_standings_under_the_2026_policy(tmp_path) -> None:
    """A ruleset with ``unplayed: fide2026`` ranks and prints its legend."""
    import contextlib
    import io
    from pathlib import Path

    from swisspairing.cli import main

    ruleset = tmp_path / "r.yaml"
    ruleset.write_text(
        "schema_version: 1\nid: r2026\nextends: fide-dutch-1992\n"
        "tiebreaks: [buchholz-cut1, fore-buchholz, tpr]\ntiebreak_policy: {unplayed: fide2026}\n"
    )
    example = Path(__file__).parent.parent / "examples" / "swiss-open-21.trf"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["--lang", "en", "standings", str(example), "--ruleset", str(ruleset)])
    assert code == 0
    assert "Unplayed games: unplayed rounds count as in FIDE C.07 (2026), art. 16" in out.getvalue()


def test_ruleset_schema_offers_every_unplayed_policy() -> None:
    from swisspairing.ruleset import core_schema
    from swisspairing.tiebreaks import UNPLAYED_POLICIES

    policy = core_schema()["properties"]["tiebreak_policy"]["properties"]["unplayed"]
    assert tuple(policy["enum"]) == UNPLAYED_POLICIES


def test_progressive_cut_c07_14_1_and_14_2() -> None:
    """C.07 14.1.1: PS-C1 drops the score after round 1 (14.2: Cut-2 after rounds 1 and 2).
    Event A, player 1: running scores 1, 2, 2.5 → PS 5.5, PS-C1 4.5, PS-C2 2.5; player 4:
    0, 0.5, 1.5 → 2, 2, 1.5."""
    t = event_a()
    got = {
        tid: (compute(CORE_TIEBREAKS[tid], t, PS, 3)[1], compute(CORE_TIEBREAKS[tid], t, PS, 3)[4])
        for tid in ("progressive", "progressive-cut1", "progressive-cut2")
    }
    assert got == {
        "progressive": (5.5, 2.0),
        "progressive-cut1": (4.5, 2.0),
        "progressive-cut2": (2.5, 1.5),
    }


def test_sonneborn_berger_cut2():
    # C.07 14.2 on SB (9.1), event A: the two least significant values go, each chosen as for
    # Cut-1 (the lowest-scoring opponent, of equal scores the lowest product).
    #   1: 4 (1.5, won: 1.5), 6 (1, won: 1), 5 (2, drawn: 1): SB 3.5; 6 then 4 go -> 1
    #   2: 5 (2, drawn: 1), 4 (1.5, drawn: .75), 6 (1, won: 1): SB 2.75; 6 then 4 go -> 1
    values = compute(CORE_TIEBREAKS["sonneborn-berger-cut2"], event_a(), PS)
    assert values[1] == 1 and values[2] == 1
    assert compute(CORE_TIEBREAKS["sonneborn-berger"], event_a(), PS)[1] == 3.5
