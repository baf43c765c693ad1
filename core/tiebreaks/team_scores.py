"""The team tie-breaks of C.07 (2023) art. 13: the other score (MPvGP, 13.1), the extended
Sonneborn-Berger in its four forms (ESB, 13.2, with the Cut-1 of 14.1.2), the extended direct
encounter (EDE, 13.3) and the scores and schedule strength combination (SSSC, 13.4).

A team event has two scores (11.1): match points (MP) and game points (GP).  The *primary*
score is the first of the ranking (``match-points`` or ``game-points``,
:attr:`TiebreakPolicy.team_primary`), the *secondary* the other one.  Matches count when they
were played over the boards; with ``forfeits_as_played`` (the ``/P`` modifier) a forfeited
match counts as played against the scheduled opponent.  The unplayed rounds of ESB and of the
Buchholz inside SSSC follow ``tiebreak_policy.unplayed`` as art. 16 says (13.2): under
``fide2023``/``fide2026`` an own unplayed round (a pause, a forfeited match, a round absent)
is a match against a dummy with the team's own final score and the points it was given
(16.4; "points" are MP and GP), capped in the 2026 text at the scheduled opponent's score for
a forfeit and at a draw's points times the rounds counted otherwise; forfeit losses and
absences are voluntary unplayed rounds, cut first when not lower (16.5).  Under the other
policies byes and forfeited matches add nothing."""

from __future__ import annotations

from collections.abc import Sequence

from .encounter import _split_by
from .policy import ART16_POLICIES, DEFAULT_POLICY, TiebreakPolicy
from .records import _EPS
from .teams import TeamResults, TeamRound, team_game_points, team_match_points

__all__ = [
    "extended_direct_encounter",
    "extended_sonneborn_berger",
    "mp_v_gp",
    "schedule_strength_combination",
    "team_scores",
]


def team_scores(results: TeamResults, score: str) -> dict[int, float]:
    """Each team's total of ``score`` (``match-points`` or ``game-points``)."""
    return team_match_points(results) if score == "match-points" else team_game_points(results)


def _secondary(primary: str) -> str:
    return "game-points" if primary == "match-points" else "match-points"


def _value(r: TeamRound, score: str) -> float:
    return r.match_points if score == "match-points" else r.game_points


def _counts(r: TeamRound | None, policy: TiebreakPolicy) -> bool:
    """A match played over the boards (or forfeited, under ``/P``) against a team."""
    return r is not None and r.opponent is not None and (r.played or policy.forfeits_as_played)


def _terms(
    results: TeamResults, policy: TiebreakPolicy, opponent_score: str, own_score: str
) -> dict[int, list[tuple[float, float, bool]]]:
    """Each team's ``(opponent's final score, own points in the round, voluntary unplayed)``
    per round, with the art. 16 dummies where the policy says so (module docstring)."""
    totals = team_scores(results, opponent_score)
    art16 = policy.unplayed in ART16_POLICIES
    scale = policy.team_scale
    counted = max((len(r) for r in results.values()), default=0)
    draw = scale.match_draw if opponent_score == "match-points" else scale.boards * scale.board_draw
    out: dict[int, list[tuple[float, float, bool]]] = {}
    for t, rounds in results.items():
        terms: list[tuple[float, float, bool]] = []
        own_total = totals.get(t, 0.0)
        for r in (*rounds, *([None] * (counted - len(rounds)))):
            if r is not None and _counts(r, policy):
                terms.append((totals.get(r.opponent, 0.0), _value(r, own_score), False))  # type: ignore[arg-type]
                continue
            if not art16:
                continue
            dummy = own_total
            forfeit = r is not None and r.opponent is not None
            if policy.unplayed == "fide2026":
                cap = totals.get(r.opponent, 0.0) if forfeit else draw * counted  # type: ignore[union-attr,arg-type]
                dummy = min(dummy, cap)
            points = 0.0 if r is None else _value(r, own_score)
            voluntary = r is None or (forfeit and r.match_points < scale.match_draw - _EPS)
            terms.append((dummy, points, voluntary))
        out[t] = terms
    return out


def _cut_products(terms: list[tuple[float, float, bool]], cut: int, vur_first: bool) -> float:
    """The sum of the products after ``cut`` Cut-1 steps (14.1.2: the lowest opponent's
    score, of several the lowest product; 16.5: the lowest voluntary unplayed product instead
    when it is not lower)."""
    entries = sorted(terms, key=lambda e: (e[0], e[0] * e[1]))
    for _ in range(cut):
        if not entries:
            break
        idx = 0
        if vur_first:
            vur = [i for i, e in enumerate(entries) if e[2]]
            if vur:
                v = min(vur, key=lambda i: entries[i][0] * entries[i][1])
                if entries[v][0] * entries[v][1] >= entries[0][0] * entries[0][1] - _EPS:
                    idx = v
        del entries[idx]
    return float(sum(e[0] * e[1] for e in entries))


def mp_v_gp(results: TeamResults, policy: TiebreakPolicy = DEFAULT_POLICY) -> dict[int, float]:
    """C.07 13.1 MPvGP: the secondary score — game points in a competition decided by match
    points, match points in one decided by game points."""
    return team_scores(results, _secondary(policy.team_primary))


def extended_sonneborn_berger(
    results: TeamResults,
    policy: TiebreakPolicy = DEFAULT_POLICY,
    *,
    opponent_score: str = "match-points",
    own_score: str = "game-points",
    cut_lowest: int = 0,
) -> dict[int, float]:
    """C.07 13.2 ESB: for every match, the opponent's final ``opponent_score`` times the
    ``own_score`` the team scored against it, summed — EMMSB (MP × MP, 13.2.1), EMGSB (MP ×
    GP, 13.2.2), EGMSB (GP × MP, 13.2.3), EGGSB (GP × GP, 13.2.4).  ``cut_lowest=1`` (14.1.2)
    leaves out the product of the opponent with the lowest ``opponent_score``, of several the
    lowest product."""
    vur_first = policy.unplayed in ART16_POLICIES
    return {
        t: _cut_products(terms, cut_lowest, vur_first)
        for t, terms in _terms(results, policy, opponent_score, own_score).items()
    }


def _mutual(
    results: TeamResults, members: Sequence[int], score: str, policy: TiebreakPolicy
) -> tuple[dict[int, float], dict[int, set[int]]]:
    """``score`` each member made against the others (repeated matches averaged, C.07 6.1.2)
    and whom each met."""
    inside = set(members)
    games: dict[tuple[int, int], list[float]] = {}
    for t in members:
        for r in results.get(t, ()):
            if _counts(r, policy) and r is not None and r.opponent in inside:
                games.setdefault((t, r.opponent), []).append(_value(r, score))  # type: ignore[arg-type]
    points = {t: 0.0 for t in members}
    met: dict[int, set[int]] = {t: set() for t in members}
    for (t, o), vals in games.items():
        points[t] += sum(vals) / len(vals)
        met[t].add(o)
        met[o].add(t)
    return points, met


def _direct_encounter_once(
    results: TeamResults, members: list[int], score: str, policy: TiebreakPolicy
) -> list[list[int]]:
    """One application of C.07 art. 6 to teams on ``score``: 6.2 when all met (the sums
    rank them), else, under ``direct_encounter: fide2023``, 6.3 (a team alone on top whatever
    the missing matches give is first).  The subgroups it forms, best first."""
    pts, met = _mutual(results, members, score, policy)
    if all(len(met[t]) == len(members) - 1 for t in members):
        return _split_by(pts, members)
    if policy.direct_encounter != "fide2023":
        return [members]
    scale = policy.team_scale
    best = scale.match_win if score == "match-points" else scale.boards * scale.board_win
    missing = {t: len(members) - 1 - len(met[t]) for t in members}
    for t in sorted(members, key=lambda m: -pts[m]):
        if all(pts[t] > pts[o] + best * missing[o] + _EPS for o in members if o != t):
            return [[t], [m for m in members if m != t]]
    return [members]


def extended_direct_encounter(
    results: TeamResults,
    group: Sequence[int],
    policy: TiebreakPolicy = DEFAULT_POLICY,
) -> tuple[list[list[int]], dict[int, float]]:
    """C.07 13.3 EDE: the direct encounter (art. 6) on the primary score; if it separates
    nobody, on the secondary score (13.3.1); every tied subgroup it leaves starts again from
    13.3.1 (13.3.3).  What follows for two teams still tied (13.3.2: BC, TBR, BBE — EDEBT,
    EDEBB, EDET, EDEB) is the ruleset's list: ``[ede, board-count, top-board-results]``.
    Shows the primary score made against the rest of the group."""
    primary = policy.team_primary
    secondary = _secondary(primary)

    def order(members: list[int]) -> list[list[int]]:
        if len(members) < 2:
            return [members]
        parts = _direct_encounter_once(results, members, primary, policy)
        if len(parts) == 1:
            parts = _direct_encounter_once(results, members, secondary, policy)
        if len(parts) == 1:
            return [members]
        out: list[list[int]] = []
        for p in parts:
            out.extend(order(p))
        return out

    shown, _ = _mutual(results, list(group), primary, policy)
    return order(list(group)), shown


def schedule_strength_combination(
    results: TeamResults, policy: TiebreakPolicy = DEFAULT_POLICY
) -> dict[int, float]:
    """C.07 13.4 SSSC: the secondary score plus the schedule strength, which is the Buchholz
    on the primary score (the opponents' primary scores summed) divided by the normalising
    factor: ``sssc_factor`` if the ruleset sets it (``/K``), else the highest primary score
    achievable in the tournament divided by the highest secondary score achievable in one
    match, rounded towards zero."""
    primary = policy.team_primary
    scale = policy.team_scale
    factor = policy.sssc_factor
    if factor is None:
        rounds = scale.rounds or max((len(r) for r in results.values()), default=0)
        board_max = scale.boards * scale.board_win
        if primary == "match-points":
            top, per_match = scale.match_win * rounds, board_max
        else:
            top, per_match = board_max * rounds, scale.match_win
        factor = max(1, int(top / per_match + _EPS)) if per_match > 0 else 1
    second = team_scores(results, _secondary(primary))
    return {
        t: second.get(t, 0.0) + sum(value for value, _, _ in terms) / factor
        for t, terms in _terms(results, policy, primary, primary).items()
    }
