"""Team tiebreaks (TB 11): match points, game points, team Buchholz, team and Olympiad
Sonneborn-Berger, direct encounter.  They read a :data:`TeamResults` mapping (team number →
one :class:`TeamRound` per round), so they do not depend on how a team event is stored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .encounter import _split_by


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One round of a team: the match it played (or its bye)."""

    opponent: int | None
    """Team number of the opponent; ``None`` for a bye or a round without a match."""
    match_points: float
    """Match points the team scored in the round."""
    game_points: float
    """Game (board) points the team scored in the round."""
    played: bool = True
    """Whether the match was played over the boards (``False`` for a bye or a forfeited match)."""
    boards: tuple[float, ...] = field(default=(), compare=False)
    """Game points on boards 1, 2, … for the board tie-breaks of C.07 (2023) art. 12 (BC, TBR,
    BBE): an individual forfeit as a standard win or loss, a pause (the team's bye) as a
    standard win on every board; empty when the boards are not known.  Left out of equality:
    two records of one match compare by its result."""


#: Team number → one entry per round (round 1 first); ``None`` = nothing recorded.
TeamResults = Mapping[int, Sequence["TeamRound | None"]]


def team_match_points(results: TeamResults) -> dict[int, float]:
    """TB 11: match points of each team."""
    return {
        t: float(sum(r.match_points for r in rounds if r is not None))
        for t, rounds in results.items()
    }


def team_game_points(results: TeamResults) -> dict[int, float]:
    """TB 11: game (board) points of each team."""
    return {
        t: float(sum(r.game_points for r in rounds if r is not None))
        for t, rounds in results.items()
    }


def team_buchholz(results: TeamResults, *, cut_lowest: int = 0) -> dict[int, float]:
    """Team Buchholz: the sum of the match points of the teams met (Olympiad tie-break (c):
    "the sum of the match points of all the team's opponents, excluding the lowest one" with
    ``cut_lowest=1``).  Byes and forfeited matches add nothing."""
    mp = team_match_points(results)
    out = {}
    for t, rounds in results.items():
        vals = sorted(
            mp.get(r.opponent, 0.0)
            for r in rounds
            if r is not None and r.played and r.opponent is not None
        )
        out[t] = float(sum(vals[cut_lowest:]))
    return out


def team_sonneborn_berger(results: TeamResults, *, cut_lowest: int = 0) -> dict[int, float]:
    """Team (Olympiad) Sonneborn-Berger (TB 11): for every match played, the opponent's
    match points times the game points scored against it, summed; ``cut_lowest=1`` leaves
    out the opponent with the fewest match points (the Olympiad rule, ties → the lowest
    product).  Byes and forfeited matches add nothing."""
    mp = team_match_points(results)
    out = {}
    for t, rounds in results.items():
        terms = sorted(
            (mp.get(r.opponent, 0.0), mp.get(r.opponent, 0.0) * r.game_points)
            for r in rounds
            if r is not None and r.played and r.opponent is not None
        )
        out[t] = float(sum(p for _, p in terms[cut_lowest:]))
    return out


def team_direct_encounter(
    results: TeamResults, group: Sequence[int]
) -> tuple[list[list[int]], dict[int, float]]:
    """Direct encounter for teams: match points scored against the other tied teams, applied
    only when every tied team met every other one (as TB 6, ``all-met``)."""
    members = set(group)
    pts = {t: 0.0 for t in group}
    met: dict[int, set[int]] = {t: set() for t in group}
    for t in group:
        for r in results.get(t, ()):
            if r is not None and r.played and r.opponent in members:
                pts[t] += r.match_points
                met[t].add(r.opponent)  # type: ignore[arg-type]
    if all(len(met[t]) == len(group) - 1 for t in group):
        return _split_by(pts, list(group)), pts
    return [list(group)], pts


# ---------------------------------------------------------------------- the catalogue
