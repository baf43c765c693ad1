"""Tiebreaks: one implementation, shared by standings and by systems that order by coefficients.

A *value* tiebreak maps every player (or team) to a number, higher is better.  A *split*
tiebreak orders a group of tied players among themselves (direct encounter, lot).  The core
registers its tiebreaks through ``swiss_tiebreaks``; a plugin adds its own the same way and a
ruleset picks the ids and their order (``tiebreaks: [points, direct-encounter-first, aro, lot]``).

Rule texts (``spec/tiebreaks.md``, cited ``TB n``):

The catalogue (:data:`CORE_TIEBREAKS`, printed on the reference page of the documentation)
covers the whole FIDE C.07 (2023) list for individuals — art. 6 direct encounter; art. 7 WIN,
WON, BPG, BWG, PS, GE; art. 8 BH, AOB, FB; art. 9 SB, KS; art. 10 ARO, TPR, PTP, APRO, APPO —
with the modifiers of art. 14 (Cut-1, Cut-2, Median-1, Median-2, the Koya limit) and the
unplayed-round rules of art. 16, and keeps the older definitions the seeds use under their own
ids:

- TB 1 Buchholz, TB 2 cut-1/cut-2 (cut-1 = the truncated Solkoff coefficient of RDF
  5.4.10.6.2), TB 3 median, current Buchholz (RDF 5.4.10.7.6), extended Buchholz (seed 004 d);
- TB 4 Sonneborn-Berger, TB 5 progressive score, TB 6 direct encounter, TB 7 average rating of
  opponents, TB 8 Dutch-1992 F10 (points; direct encounter for first place only; ARO; lot);
- number of wins, games won, games with Black, wins with Black, games elected to play (C.07
  7.1–7.4, 7.6), Fore Buchholz and average of opponents' Buchholz (8.3, 8.2), Koya (9.2),
  TPR, PTP, APRO, APPO (10.2–10.5);
- TB 11 team events: match points, game points, team Buchholz and the (Olympiad)
  Sonneborn-Berger for teams;
- the 2026 text's STD (7.7), TPN (7.8) and RTNG (10.6);
- C.07 art. 12 for teams, BC, TBR, BBE (:mod:`.boards`), and art. 13, MPvGP, ESB in its four
  forms with Cut-1, EDE and SSSC (:mod:`.team_scores`);
- the ``/P`` modifier of the FIDE codes as ``tiebreak_policy.forfeits_as_played``
  (:func:`forfeits_as_games`).

Variants are separate ids (``buchholz-cut1``, ``buchholz-median``, …).  How unplayed games enter
the coefficients is one policy per ruleset (``tiebreak_policy.unplayed``, see
:data:`UNPLAYED_POLICIES`):

``played-only``
    only games played over the board count (default; AMB-R10).
``virtual-opponent``
    seed 004 §2.9 / FIDE 2009: each own unplayed round is a game against a virtual opponent
    of ``SPR + (1 − SfPR) + ½·(n − R)`` (:func:`virtual_opponent_score`, AMB-T1), and every
    unplayed result of an opponent counts as a draw in his score (§2.9 b).
``draw``
    only §2.9 b: opponents' unplayed results count as draws; own unplayed rounds add nothing.
``rdf-manual``
    RDF 5.4.10.11 (manual draw, AMB-R9): a plus for the odd number counts as an opponent with
    the lowest score anybody made (a); a withdrawn opponent's remaining games are scored at the
    average of his score group at the moment he stopped (b, AMB-R8).
``fide2023``
    FIDE C.07 from 2023 (TB 9, without the 2026 caps): an own unplayed round is a game against
    a dummy with the player's own score; an opponent's requested byes that are followed only by
    voluntary unplayed rounds (or fall in the last round, e.g. withdrawal) count as draws; the
    cut modifiers remove voluntary unplayed rounds first (art. 16.5).
``fide2026``
    as ``fide2023``, with the caps of the 2026 text (16.4.1/16.4.2): the dummy of a forfeit
    scores at most the scheduled opponent's adjusted score, that of any other unplayed round
    at most draw points times the rounds counted.
``burstein2025``
    Burstein-2025 1.7.2 (the Index of C.04.4.2 from July 2025): an own unplayed round is a game
    against oneself (the dummy of ``fide2023``); of an opponent's unplayed rounds only his
    series of consecutive zero-point byes up to the current round counts as draws (item 3) — a
    half-point bye or a forfeit ends the series; no cut modifier is applied first to them.

One module per concern: :mod:`.policy` (the ruleset's settings), :mod:`.records` (each
player's rounds, read once), :mod:`.unplayed` (art. 16 and the older policies), :mod:`.sums`
(Buchholz family, Sonneborn-Berger, Koya, progressive score), :mod:`.counts` (art. 7),
:mod:`.ratings` (art. 10 with the B.02 tables), :mod:`.encounter` (direct encounter, lot),
:mod:`.teams` (TB 11 team tiebreaks), :mod:`.boards` (C.07 art. 12), :mod:`.team_scores`
(C.07 art. 13) and :mod:`.catalogue` (ids, names, definitions).
"""

from __future__ import annotations

from .boards import board_count, board_totals, bottom_board_elimination, top_board_results
from .catalogue import CORE_TIEBREAKS, PRIMARY_SCORES, Tiebreak, compute, swiss_tiebreaks
from .counts import (
    black_games,
    black_wins,
    count_wins,
    games_elected,
    games_won,
    pairing_number,
    standard_points,
)
from .encounter import direct_encounter, lot_order
from .policy import (
    ART16_POLICIES,
    DEFAULT_POLICY,
    DIRECT_ENCOUNTER_MODES,
    UNPLAYED_POLICIES,
    TeamScale,
    TiebreakPolicy,
)
from .ratings import (
    DP_TABLE,
    PD_UPPER_BOUNDS,
    appo,
    apro,
    average_rating_of_opponents,
    perfect_tournament_performance,
    rating,
    rating_difference,
    scoring_probability,
    tournament_performance_rating,
)
from .records import forfeits_as_games
from .sums import (
    average_of_opponents_buchholz,
    buchholz,
    extended_buchholz,
    fore_buchholz,
    koya,
    progressive_score,
    sonneborn_berger,
)
from .team_scores import (
    extended_direct_encounter,
    extended_sonneborn_berger,
    mp_v_gp,
    schedule_strength_combination,
)
from .teams import (
    TeamResults,
    TeamRound,
    team_buchholz,
    team_direct_encounter,
    team_game_points,
    team_match_points,
    team_sonneborn_berger,
)
from .unplayed import opponent_scores, virtual_opponent_score

__all__ = [
    "ART16_POLICIES",
    "CORE_TIEBREAKS",
    "DEFAULT_POLICY",
    "DIRECT_ENCOUNTER_MODES",
    "DP_TABLE",
    "PD_UPPER_BOUNDS",
    "PRIMARY_SCORES",
    "UNPLAYED_POLICIES",
    "TeamResults",
    "TeamRound",
    "TeamScale",
    "Tiebreak",
    "TiebreakPolicy",
    "appo",
    "apro",
    "average_of_opponents_buchholz",
    "average_rating_of_opponents",
    "black_games",
    "black_wins",
    "board_count",
    "board_totals",
    "bottom_board_elimination",
    "buchholz",
    "compute",
    "count_wins",
    "direct_encounter",
    "extended_buchholz",
    "extended_direct_encounter",
    "extended_sonneborn_berger",
    "fore_buchholz",
    "forfeits_as_games",
    "games_elected",
    "games_won",
    "koya",
    "lot_order",
    "mp_v_gp",
    "opponent_scores",
    "pairing_number",
    "perfect_tournament_performance",
    "progressive_score",
    "rating",
    "rating_difference",
    "schedule_strength_combination",
    "scoring_probability",
    "sonneborn_berger",
    "standard_points",
    "swiss_tiebreaks",
    "team_buchholz",
    "team_direct_encounter",
    "team_game_points",
    "team_match_points",
    "team_sonneborn_berger",
    "top_board_results",
    "tournament_performance_rating",
    "virtual_opponent_score",
]
