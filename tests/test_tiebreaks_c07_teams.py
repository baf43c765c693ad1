"""The team tie-breaks of FIDE C.07 (2023), art. 12 and 13, each with a golden case worked out
by hand from the text (the C.07 texts since 2023 print no worked examples; each case gives the
steps):

- 12.1 BC (board count, lower first), 12.2 TBR (top board results), 12.3 BBE (bottom board
  elimination), with the art. 12 rule that a pause counts as a standard win on every board and
  an individual forfeit as a standard win or loss;
- 13.1 MPvGP, 13.2 ESB in its four forms (EMMSB, EMGSB, EGMSB, EGGSB) and their Cut-1 (14.1.2:
  the opponent with the lowest score goes, of several the lowest product), 13.3 EDE (13.3.1
  primary then secondary score, 13.3.3 restart for every tied subgroup), 13.4 SSSC with its
  normalising factor;
- the ``/P`` modifier (``tiebreak_policy.forfeits_as_played``) for teams.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from swisspairing.model import Team
from swisspairing.ruleset import load_ruleset
from swisspairing.standings import compute_standings, team_results
from swisspairing.testing import build_tournament
from swisspairing.tiebreaks import (
    CORE_TIEBREAKS,
    TeamRound,
    TeamScale,
    TiebreakPolicy,
    board_count,
    board_totals,
    bottom_board_elimination,
    extended_direct_encounter,
    extended_sonneborn_berger,
    mp_v_gp,
    schedule_strength_combination,
    top_board_results,
)
from swisspairing.trf import load_trf

DATA = Path(__file__).parent / "data" / "standings"


def _match(opponent, mine, theirs, *, played=True):
    """A match of four boards, ``mine`` the team's points per board, ``theirs`` the
    opponent's: game points summed, match points 2/1/0 by comparing them."""
    gp, other = sum(mine), sum(theirs)
    mp = 2.0 if gp > other else 1.0 if gp == other else 0.0
    return TeamRound(opponent, mp, gp, played, tuple(mine))


H = 0.5
# Four teams, four boards, a round robin of three rounds, match points 2/1/0.
#   R1: T1-T2 (1, 0, ½, 1) 2.5-1.5; T3-T4 (½, ½, ½, ½) 2-2
#   R2: T1-T3 (0, 1, 0, 1) 2-2;     T2-T4 (1, 1, 1, 0) 3-1
#   R3: T1-T4 (½, ½, 0, 1) 2-2;     T2-T3 (0, ½, ½, 1) 2-2
# MP: T1 2+1+1 = 4, T2 0+2+1 = 3, T3 1+1+1 = 3, T4 1+0+1 = 2.
# GP: T1 2.5+2+2 = 6.5, T2 1.5+3+2 = 6.5, T3 2+2+2 = 6, T4 2+1+2 = 5.
LEAGUE = {
    1: [
        _match(2, (1, 0, H, 1), (0, 1, H, 0)),
        _match(3, (0, 1, 0, 1), (1, 0, 1, 0)),
        _match(4, (H, H, 0, 1), (H, H, 1, 0)),
    ],
    2: [
        _match(1, (0, 1, H, 0), (1, 0, H, 1)),
        _match(4, (1, 1, 1, 0), (0, 0, 0, 1)),
        _match(3, (0, H, H, 1), (1, H, H, 0)),
    ],
    3: [
        _match(4, (H, H, H, H), (H, H, H, H)),
        _match(1, (1, 0, 1, 0), (0, 1, 0, 1)),
        _match(2, (1, H, H, 0), (0, H, H, 1)),
    ],
    4: [
        _match(3, (H, H, H, H), (H, H, H, H)),
        _match(2, (0, 0, 0, 1), (1, 1, 1, 0)),
        _match(1, (H, H, 1, 0), (H, H, 0, 1)),
    ],
}
BY_MP = TiebreakPolicy(team_primary="match-points")
BY_GP = TiebreakPolicy(team_primary="game-points")


def test_league_scores():
    assert {t: sum(r.match_points for r in rs) for t, rs in LEAGUE.items()} == {
        1: 4,
        2: 3,
        3: 3,
        4: 2,
    }
    assert {t: sum(r.game_points for r in rs) for t, rs in LEAGUE.items()} == {
        1: 6.5,
        2: 6.5,
        3: 6,
        4: 5,
    }


# ---------------------------------------------------------------------- art. 12
def test_board_totals_and_board_count():
    # C.07 12.1: sum of board number x game points on that board, lower first.
    # Board totals over the three rounds:
    #   T1: b1 1+0+½ = 1.5, b2 0+1+½ = 1.5, b3 ½+0+0 = .5, b4 1+1+1 = 3
    #   T2: b1 0+1+0 = 1, b2 1+1+½ = 2.5, b3 ½+1+½ = 2, b4 0+0+1 = 1
    #   T3: b1 ½+1+1 = 2.5, b2 ½+0+½ = 1, b3 ½+1+½ = 2, b4 ½+0+0 = .5
    #   T4: b1 ½+0+½ = 1, b2 ½+0+½ = 1, b3 ½+0+1 = 1.5, b4 ½+1+0 = 1.5
    assert board_totals(LEAGUE) == {
        1: [1.5, 1.5, 0.5, 3],
        2: [1, 2.5, 2, 1],
        3: [2.5, 1, 2, 0.5],
        4: [1, 1, 1.5, 1.5],
    }
    # T1: 1.5 + 3 + 1.5 + 12 = 18; T2: 1 + 5 + 6 + 4 = 16; T3: 2.5 + 2 + 6 + 2 = 12.5;
    # T4: 1 + 2 + 4.5 + 6 = 13.5.
    assert board_count(LEAGUE) == {1: 18, 2: 16, 3: 12.5, 4: 13.5}
    assert CORE_TIEBREAKS["board-count"].lower_first


def test_top_board_results_and_bottom_board_elimination():
    # T1 and T2 are tied on game points (6.5).
    # C.07 12.2 TBR: board 1: T1 1.5, T2 1 -> T1 first.
    parts, shown = top_board_results(LEAGUE, [1, 2])
    assert parts == [[1], [2]] and shown == {1: 1.5, 2: 1}
    # C.07 12.3 BBE: boards 1-3: T1 1.5+1.5+.5 = 3.5, T2 1+2.5+2 = 5.5 -> T2 first.
    parts, shown = bottom_board_elimination(LEAGUE, [1, 2])
    assert parts == [[2], [1]] and shown == {1: 3.5, 2: 5.5}


def test_top_board_results_goes_down_the_boards():
    # Equal on board 1 (1 each): board 2 decides (A 1, B ½); equal everywhere: tied.
    res = {
        1: [TeamRound(9, 2, 2.5, True, (1, 1, H, 0))],
        2: [TeamRound(8, 2, 2.5, True, (1, H, 1, 0))],
        3: [TeamRound(7, 2, 2.5, True, (1, H, 1, 0))],
    }
    parts, _ = top_board_results(res, [1, 2, 3])
    assert parts == [[1], [2, 3]]
    # BBE: boards 1-3: 2.5 each; boards 1-2: A 2, B and C 1.5 -> A first, B and C tied.
    parts, _ = bottom_board_elimination(res, [1, 2, 3])
    assert parts == [[1], [2, 3]]


def test_board_points_from_a_team_file():
    # tests/data/standings/team.trf: SK Nord's board 1 scored 1, =, = -> 2; board 2 =, 1, 0
    # -> 1.5; board 3 1, =, 1 -> 2.5; board 4 =, =, 0 -> 1.  BC = 2 + 3 + 7.5 + 4 = 16.5.
    # Schachfreunde West: 0, 1, = -> 1.5; 1, =, 1 -> 2.5; =, 0, 0 -> .5; =, 1, 1 -> 2.5;
    # BC = 1.5 + 5 + 1.5 + 10 = 18.  Both have 7 game points: BC puts Nord first, TBR too
    # (2 against 1.5 on board 1), BBE too (boards 1-3: 6 against 4.5).
    t = load_trf(DATA / "team.trf")
    rs = load_ruleset(str(DATA / "team.yaml"))
    res = team_results(t, rs.points, 3, rs)
    assert res[1][0].boards == (1, 0.5, 1, 0.5)
    assert board_count(res)[1] == 16.5 and board_count(res)[4] == 18
    for tid in ("board-count", "top-board-results", "bottom-board-elimination"):
        s = compute_standings(t, rs, tiebreaks=["game-points", tid])
        assert [r.number for r in s.rows][:2] == [1, 4], tid
    # The ruleset's own list (match points after game points) puts West first (5 MP to 4).
    assert [r.number for r in compute_standings(t, rs).rows][:2] == [4, 1]


def test_a_pause_is_a_win_on_every_board_and_a_forfeit_a_standard_result():
    # C.07 art. 12: "a PAB counts, per board, as the game points of a standard win";
    # individual forfeits count as standard wins or losses.  Two teams of two boards and a
    # third that pauses in round 1: players 1, 2 (team 1), 3, 4 (team 2), 5, 6 (team 3).
    t = build_tournament(
        [2000] * 6,
        [["1-3 +-", "4-2 1-0", "5 U", "6 U"], ["5-1 ½-½", "2-6 1-0", "3 U", "4 U"]],
        total_rounds=2,
    )
    t = replace(
        t,
        teams=(Team(1, "A", (1, 2)), Team(2, "B", (3, 4)), Team(3, "C", (5, 6))),
    )
    rs = load_ruleset("round-robin")
    res = team_results(t, rs.points, 2, replace(rs, parameters={"boards": 2}))
    assert res[1][0].boards == (1, 0)  # board 1 won by forfeit, board 2 lost
    assert res[2][0].boards == (0, 1)
    assert res[3][0].boards == (1, 1)  # the pause: a win on both boards
    assert res[1][1].boards == (0.5, 1)


# ---------------------------------------------------------------------- art. 13
def test_mp_v_gp():
    # C.07 13.1: the secondary score.
    assert mp_v_gp(LEAGUE, BY_MP) == {1: 6.5, 2: 6.5, 3: 6, 4: 5}
    assert mp_v_gp(LEAGUE, BY_GP) == {1: 4, 2: 3, 3: 3, 4: 2}


def test_extended_sonneborn_berger_in_its_four_forms():
    # C.07 13.2, opponents' final MP 4/3/3/2 and GP 6.5/6.5/6/5.
    # EMMSB (opponent's MP x MP scored against it):
    #   T1: 3x2 + 3x1 + 2x1 = 11;  T2: 4x0 + 2x2 + 3x1 = 7
    #   T3: 2x1 + 4x1 + 3x1 = 9;   T4: 3x1 + 3x0 + 4x1 = 7
    assert extended_sonneborn_berger(
        LEAGUE, opponent_score="match-points", own_score="match-points"
    ) == {1: 11, 2: 7, 3: 9, 4: 7}
    # EMGSB (MP x GP): T1: 3x2.5 + 3x2 + 2x2 = 17.5; T2: 4x1.5 + 2x3 + 3x2 = 18;
    #   T3: 2x2 + 4x2 + 3x2 = 18; T4: 3x2 + 3x1 + 4x2 = 17
    assert extended_sonneborn_berger(
        LEAGUE, opponent_score="match-points", own_score="game-points"
    ) == {1: 17.5, 2: 18, 3: 18, 4: 17}
    # EGMSB (GP x MP): T1: 6.5x2 + 6x1 + 5x1 = 24; T2: 6.5x0 + 5x2 + 6x1 = 16;
    #   T3: 5x1 + 6.5x1 + 6.5x1 = 18; T4: 6x1 + 6.5x0 + 6.5x1 = 12.5
    assert extended_sonneborn_berger(
        LEAGUE, opponent_score="game-points", own_score="match-points"
    ) == {1: 24, 2: 16, 3: 18, 4: 12.5}
    # EGGSB (GP x GP): T1: 6.5x2.5 + 6x2 + 5x2 = 38.25; T2: 6.5x1.5 + 5x3 + 6x2 = 36.75;
    #   T3: 5x2 + 6.5x2 + 6.5x2 = 36; T4: 6x2 + 6.5x1 + 6.5x2 = 31.5
    assert extended_sonneborn_berger(
        LEAGUE, opponent_score="game-points", own_score="game-points"
    ) == {1: 38.25, 2: 36.75, 3: 36, 4: 31.5}
    # The catalogue's ids compute the same.
    assert CORE_TIEBREAKS["esb-gg"].function(LEAGUE, BY_MP) == {1: 38.25, 2: 36.75, 3: 36, 4: 31.5}


def test_extended_sonneborn_berger_cut1_drops_the_lowest_opponent_then_the_lowest_product():
    # C.07 14.1.2 on EMGSB: leave out the opponent with the fewest MP.
    #   T1: opponents' MP 3, 3, 2 -> T4 (product 4) goes: 17.5 - 4 = 13.5
    #   T2: 4, 2, 3 -> T4 (6) goes: 12;  T3: 2, 4, 3 -> T4 (4) goes: 14
    #   T4: 3 (T3, product 6), 3 (T2, product 3), 4 -> of the two with 3, the lower product
    #   (3) goes: 17 - 3 = 14
    assert CORE_TIEBREAKS["esb-mg-cut1"].function(LEAGUE, BY_MP) == {
        1: 13.5,
        2: 12,
        3: 14,
        4: 14,
    }


def test_schedule_strength_combination():
    # C.07 13.4 with MP primary: GP + BH(MP) / factor.  BH on MP: T1 3+3+2 = 8, T2 4+2+3 = 9,
    # T3 2+4+3 = 9, T4 3+3+4 = 10.  Factor: highest MP of the event (2 x 3 rounds = 6) over
    # the highest GP of one match (4) = 1.5, rounded towards zero: 1.
    assert schedule_strength_combination(LEAGUE, BY_MP) == {1: 14.5, 2: 15.5, 3: 15, 4: 15}
    # Nine rounds: 18 / 4 = 4.5 -> 4: T1 6.5 + 8/4 = 8.5, T2 6.5 + 9/4 = 8.75, T3 8.25, T4 7.5.
    nine = replace(BY_MP, team_scale=TeamScale(rounds=9))
    assert schedule_strength_combination(LEAGUE, nine) == {1: 8.5, 2: 8.75, 3: 8.25, 4: 7.5}
    # The /K modifier (sssc_factor) sets it: K4 gives the same.
    assert schedule_strength_combination(LEAGUE, replace(BY_MP, sssc_factor=4)) == {
        1: 8.5,
        2: 8.75,
        3: 8.25,
        4: 7.5,
    }
    # GP primary: MP + BH(GP) / (4 x 3 / 2 = 6).  BH on GP: T1 6.5+6+5 = 17.5 -> 4 + 17.5/6.
    assert schedule_strength_combination(LEAGUE, BY_GP)[1] == pytest.approx(4 + 17.5 / 6)


def _cycle():
    # A beats B 2.5-1.5, B beats C 3-1, C beats A 2.5-1.5: 2 MP each against the others.
    return {
        1: [TeamRound(2, 2, 2.5), TeamRound(3, 0, 1.5)],
        2: [TeamRound(1, 0, 1.5), TeamRound(3, 2, 3)],
        3: [TeamRound(2, 0, 1), TeamRound(1, 2, 2.5)],
    }


def test_extended_direct_encounter_uses_the_secondary_score_when_the_primary_does_not_split():
    # C.07 13.3.1: DE on MP (2, 2, 2) separates nobody; on GP: A 2.5 + 1.5 = 4,
    # B 1.5 + 3 = 4.5, C 1 + 2.5 = 3.5 -> B, A, C.
    parts, shown = extended_direct_encounter(_cycle(), [1, 2, 3], BY_MP)
    assert parts == [[2], [1], [3]]
    assert shown == {1: 2, 2: 2, 3: 2}


def test_extended_direct_encounter_starts_again_for_every_tied_subgroup():
    # A beats B and C; B and C draw 2-2.  13.3.1 on MP: A 4, B 1, C 1 -> [A], [B, C];
    # 13.3.3: {B, C} starts again: MP 1-1, GP 2-2 -> still tied.
    res = {
        1: [TeamRound(2, 2, 3), TeamRound(3, 2, 2.5)],
        2: [TeamRound(1, 0, 1), TeamRound(3, 1, 2)],
        3: [TeamRound(2, 1, 2), TeamRound(1, 0, 1.5)],
    }
    parts, _ = extended_direct_encounter(res, [1, 2, 3], BY_MP)
    assert parts == [[1], [2, 3]]


def test_extended_direct_encounter_when_not_all_met():
    # A beat B and C, who have not met.  all-met: nobody separated.  fide2023 (6.3): A has 4;
    # B and C have 0 and one match missing (at most 2 MP): A stays alone on top -> first;
    # {B, C} have not met: tied.
    res = {
        1: [TeamRound(2, 2, 3), TeamRound(3, 2, 2.5)],
        2: [TeamRound(1, 0, 1), TeamRound(9, 2, 3)],
        3: [TeamRound(9, 1, 2), TeamRound(1, 0, 1.5)],
    }
    assert extended_direct_encounter(res, [1, 2, 3], BY_MP)[0] == [[1, 2, 3]]
    six_three = replace(BY_MP, direct_encounter="fide2023")
    assert extended_direct_encounter(res, [1, 2, 3], six_three)[0] == [[1], [2, 3]]


def test_forfeited_matches_count_under_the_p_modifier():
    # /P (forfeits_as_played): T1 won a forfeited match against T2 (2 MP, 4 GP): without /P it
    # is no encounter and adds nothing to ESB; with /P it is a match against T2.
    res = {
        1: [TeamRound(2, 2, 4, False), TeamRound(3, 1, 2)],
        2: [TeamRound(1, 0, 0, False), TeamRound(3, 2, 3)],
        3: [TeamRound(2, 0, 1), TeamRound(1, 1, 2)],
    }
    p = replace(BY_MP, forfeits_as_played=True)
    # EMGSB of T1: without /P only T3 (1 MP) x 2 = 2; with /P + T2 (2 MP) x 4 = 10.
    kw = {"opponent_score": "match-points", "own_score": "game-points"}
    assert extended_sonneborn_berger(res, BY_MP, **kw)[1] == 2
    assert extended_sonneborn_berger(res, p, **kw)[1] == 10
    # EDE between T1 and T2: no encounter without /P; with /P T1's forfeit win decides.
    assert extended_direct_encounter(res, [1, 2], BY_MP)[0] == [[1, 2]]
    assert extended_direct_encounter(res, [1, 2], p)[0] == [[1], [2]]


def test_team_standings_know_the_primary_score():
    # compute_standings tells the team tiebreaks which score comes first: with game points
    # first, MPvGP is the match points.  team.trf: GP Nord 7, West 7, Sued 5.5, Ost 4.5;
    # MP West 5, Nord 4 -> West, Nord, Sued, Ost.
    t = load_trf(DATA / "team.trf")
    rs = load_ruleset(str(DATA / "team.yaml"))
    s = compute_standings(t, rs, tiebreaks=["game-points", "mpvgp"])
    assert [r.number for r in s.rows] == [4, 1, 3, 2]
    assert s.value(4, "mpvgp") == 5


def _unplayed_event():
    # Three teams of four boards, MP 2/1/0, two rounds:
    #   R1: T1-T2 3-1 (T1 2 MP); T3 pauses (a draw's MP and GP: 1 MP, 2 GP; C.04.6 1.4)
    #   R2: T1-T3 forfeited, T3 wins it (2 MP, 4 GP; T1 0, 0); T2 pauses (1 MP, 2 GP)
    # MP: T1 2, T2 1, T3 3.  GP: T1 3, T2 3, T3 6.
    return {
        1: [TeamRound(2, 2, 3), TeamRound(3, 0, 0, False)],
        2: [TeamRound(1, 0, 1), TeamRound(None, 1, 2, False)],
        3: [TeamRound(None, 1, 2, False), TeamRound(1, 2, 4, False)],
    }


def test_extended_sonneborn_berger_unplayed_rounds_follow_article_16():
    # C.07 13.2: "unplayed rounds follow art. 16".  EMGSB (opponent's MP x GP scored):
    res = _unplayed_event()
    kw = {"opponent_score": "match-points", "own_score": "game-points"}
    # played only: T1: T2 (1) x 3 = 3; T2: T1 (2) x 1 = 2; T3 played nothing: 0.
    assert extended_sonneborn_berger(res, BY_MP, **kw) == {1: 3, 2: 2, 3: 0}
    # fide2023 (16.4: a dummy with the own final score, the points given):
    #   T1: 3 + forfeit loss, dummy 2 x 0 GP = 3; T2: 2 + pause, dummy 1 x 2 = 4;
    #   T3: pause, dummy 3 x 2 = 6, + forfeit win, dummy 3 x 4 = 12 -> 18.
    f23 = replace(BY_MP, unplayed="fide2023")
    assert extended_sonneborn_berger(res, f23, **kw) == {1: 3, 2: 4, 3: 18}
    # fide2026 caps: a pause at a draw's MP x 2 rounds = 2, a forfeit at the scheduled
    # opponent's score: T3: min(3, 2) x 2 + min(3, T1's 2) x 4 = 4 + 8 = 12; T2: min(1, 2) x 2
    # = 2 -> 4; T1: min(2, T3's 3) x 0 -> 3.
    f26 = replace(BY_MP, unplayed="fide2026")
    assert extended_sonneborn_berger(res, f26, **kw) == {1: 3, 2: 4, 3: 12}


def test_schedule_strength_unplayed_rounds_follow_article_16():
    # SSSC with MP primary, factor 2 x 2 rounds / 4 boards = 1 -> GP + BH(MP).
    res = _unplayed_event()
    # played only: T1 3 + 1 = 4; T2 3 + 2 = 5; T3 6 + 0 = 6.
    assert schedule_strength_combination(res, BY_MP) == {1: 4, 2: 5, 3: 6}
    # fide2023: BH with dummies of the own MP: T1 1 + 2 = 3 -> 6; T2 2 + 1 = 3 -> 6;
    # T3 3 + 3 = 6 -> 12.
    f23 = replace(BY_MP, unplayed="fide2023")
    assert schedule_strength_combination(res, f23) == {1: 6, 2: 6, 3: 12}
    # fide2026: T3's dummies capped at 2 (pause) and 2 (T1's score) -> BH 4 -> 10.
    f26 = replace(BY_MP, unplayed="fide2026")
    assert schedule_strength_combination(res, f26) == {1: 6, 2: 6, 3: 10}
