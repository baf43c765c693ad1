"""Tiebreaks: one implementation, shared by standings and by systems that order by coefficients.

A tiebreak maps every player to a number (higher is better).  The core registers the basic
ones through ``swiss_tiebreaks``; a plugin adds its own the same way and a ruleset picks the
ids and their order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from .hookspecs import hookimpl
from .i18n import N_
from .model import PointSystem, Tournament, player_states

__all__ = ["Tiebreak", "compute", "buchholz", "CORE_TIEBREAKS"]

Scores = Mapping[int, float]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A tiebreak: an id, its display name and how to compute it."""

    id: str
    """Identifier used in rulesets (``buchholz``)."""
    name: str
    """Catalogue msgid of the display name."""
    function: Callable[[Tournament, PointSystem, int], dict[int, float]]
    """``(tournament, point_system, after_round) -> value per player``."""


def _points(t: Tournament, ps: PointSystem, after: int) -> dict[int, float]:
    return {n: s.score for n, s in player_states(t, ps, after + 1).items()}


def _opponent_scores(t: Tournament, ps: PointSystem, after: int) -> tuple[dict[int, float], dict[int, list[int]]]:
    scores = _points(t, ps, after)
    opps: dict[int, list[int]] = {}
    for p in t.players:
        opps[p.number] = [
            rec.opponent for rec in p.rounds[:after] if rec.is_played and rec.opponent is not None
        ]
    return scores, opps


def buchholz(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    cut_lowest: int = 0,
    cut_highest: int = 0,
) -> dict[int, float]:
    """Sum of the scores of the opponents met over the board up to ``after_round``, leaving
    out the ``cut_lowest`` lowest and ``cut_highest`` highest of them (cut-1 = truncated
    Solkoff, RDF 5.4.10.6; no cut = current Buchholz, RDF 5.4.10.7, when computed before a
    round).  Unplayed games count nothing here (AMB-R10: for pairing order only played
    opponents count)."""
    scores, opps = _opponent_scores(tournament, point_system, after_round)
    out = {}
    for n, os_ in opps.items():
        vals = sorted(scores[o] for o in os_)
        end = len(vals) - cut_highest
        out[n] = sum(vals[cut_lowest:end]) if end > cut_lowest else 0.0
    return out


def _buchholz(cut: int) -> Callable[[Tournament, PointSystem, int], dict[int, float]]:
    def fn(t: Tournament, ps: PointSystem, after: int) -> dict[int, float]:
        return buchholz(t, ps, after, cut_lowest=cut)

    return fn


def _sonneborn_berger(t: Tournament, ps: PointSystem, after: int) -> dict[int, float]:
    scores = _points(t, ps, after)
    out = {}
    for p in t.players:
        total = 0.0
        for rec in p.rounds[:after]:
            if rec.is_played and rec.opponent is not None:
                total += ps.points(rec) / (ps.win or 1) * scores[rec.opponent]
        out[p.number] = total
    return out


def _wins(t: Tournament, ps: PointSystem, after: int) -> dict[int, float]:
    return {p.number: float(sum(1 for r in p.rounds[:after] if r.result in "1W+FU")) for p in t.players}


CORE_TIEBREAKS: dict[str, Tiebreak] = {
    tb.id: tb
    for tb in (
        Tiebreak("points", N_("Points"), _points),
        Tiebreak("buchholz", N_("Buchholz"), _buchholz(0)),
        Tiebreak("buchholz-cut1", N_("Buchholz cut 1"), _buchholz(1)),
        Tiebreak("sonneborn-berger", N_("Sonneborn-Berger"), _sonneborn_berger),
        Tiebreak("wins", N_("Number of wins"), _wins),
    )
}


@hookimpl
def swiss_tiebreaks() -> Mapping[str, Tiebreak]:
    """The core's tiebreaks."""
    return CORE_TIEBREAKS


def compute(tiebreak: Tiebreak, tournament: Tournament, point_system: PointSystem, after_round: int | None = None) -> dict[int, float]:
    """Values of ``tiebreak`` after ``after_round`` (default: every recorded round)."""
    after = tournament.rounds_recorded if after_round is None else after_round
    return tiebreak.function(tournament, point_system, after)
