"""The catalogue: every tiebreak id a ruleset can name, with its display names (catalogue
msgids, translated in de/ru/pl), the regulation it comes from and its definition.

``docs/reference/tiebreaks.rst`` is generated from :data:`CORE_TIEBREAKS` (the
``swisspairing-tiebreaks`` directive), so the documentation lists exactly these ids.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from swisspairing.hookspecs import hookimpl
from swisspairing.i18n import N_
from swisspairing.model import PointSystem, Tournament

from .counts import black_games, black_wins, count_wins, games_elected, games_won
from .encounter import direct_encounter, lot_order
from .policy import DEFAULT_POLICY, TiebreakPolicy
from .ratings import (
    appo,
    apro,
    average_rating_of_opponents,
    perfect_tournament_performance,
    tournament_performance_rating,
)
from .records import _table
from .sums import (
    average_of_opponents_buchholz,
    buchholz,
    extended_buchholz,
    fore_buchholz,
    koya,
    progressive_score,
    sonneborn_berger,
)
from .teams import (
    TeamResults,
    team_buchholz,
    team_direct_encounter,
    team_game_points,
    team_match_points,
    team_sonneborn_berger,
)

__all__ = ["CORE_TIEBREAKS", "PRIMARY_SCORES", "Tiebreak", "compute", "swiss_tiebreaks"]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A tiebreak: an id, its display names and how to compute it.

    ``function`` gives per-player values (higher is better).  Its signature is
    ``(tournament, point_system, after_round) -> {number: value}``; with ``takes_policy`` it
    also accepts ``policy=`` (a :class:`TiebreakPolicy`).  A team tiebreak (``team``) takes
    ``(team_results, policy)`` instead.  A split tiebreak has ``split`` instead of a function:
    ``split(tournament, point_system, after_round, group, policy, position) ->
    (ordered subgroups, display values)`` orders a group of tied players that starts at
    ``position`` (0 = first place) of the standings.
    """

    id: str
    """Identifier used in rulesets (``buchholz``)."""
    name: str
    """Catalogue msgid of the display name."""
    function: Callable[..., dict[int, float]] | None
    """Per-player values, see above; ``None`` for a split tiebreak."""
    short: str = ""
    """Catalogue msgid of the column heading (``BH``); the name when empty."""
    rule: str = ""
    """The rule text it implements (``TB 1``, ``Dutch-1992 F10``)."""
    takes_policy: bool = False
    """``function`` accepts ``policy=``."""
    split: Callable[..., tuple[list[list[int]], dict[int, float]]] | None = None
    """Orders a tied group (direct encounter, lot); see above."""
    team: bool = False
    """A team tiebreak (values per team number, from :data:`TeamResults`)."""
    unplayed: bool = False
    """The values depend on the unplayed-game policy (Buchholz and Sonneborn-Berger types)."""
    definition: str = ""
    """What the tiebreak computes, in one or two English sentences (the reference page of the
    documentation prints it; the regulation is named in :attr:`rule`)."""

    @property
    def heading(self) -> str:
        """Msgid of the column heading."""
        return self.short or self.name

    def __repr__(self) -> str:
        return (
            f"CORE_TIEBREAKS[{self.id!r}]"
            if CORE_TIEBREAKS.get(self.id) is self
            else f"Tiebreak(id={self.id!r}, name={self.name!r})"
        )


def _bh(
    cut_lowest: int = 0, cut_highest: int = 0, *, policy_free: bool = False
) -> Callable[..., dict[int, float]]:
    def fn(
        t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
    ) -> dict[int, float]:
        unplayed = "played-only" if policy_free else policy.unplayed
        return buchholz(
            t, ps, after, cut_lowest=cut_lowest, cut_highest=cut_highest, unplayed=unplayed
        )

    return fn


def _sb(cut_lowest: int = 0) -> Callable[..., dict[int, float]]:
    def fn(
        t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
    ) -> dict[int, float]:
        return sonneborn_berger(t, ps, after, cut_lowest=cut_lowest, unplayed=policy.unplayed)

    return fn


def _ebh(
    t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
) -> dict[int, float]:
    return extended_buchholz(t, ps, after, unplayed=policy.unplayed)


def _ps(cut_first: int = 0) -> Callable[..., dict[int, float]]:
    def fn(t: Tournament, ps: PointSystem, after: int) -> dict[int, float]:
        return progressive_score(t, ps, after, cut_first=cut_first)

    return fn


def _aro(cut_lowest: int = 0, cut_highest: int = 0) -> Callable[..., dict[int, float]]:
    def fn(
        t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
    ) -> dict[int, float]:
        return average_rating_of_opponents(
            t,
            ps,
            after,
            cut_lowest=cut_lowest,
            cut_highest=cut_highest,
            unrated=policy.aro_unrated,
        )

    return fn


def _rated(function: Callable[..., dict[int, float]]) -> Callable[..., dict[int, float]]:
    def fn(
        t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
    ) -> dict[int, float]:
        return function(t, ps, after, unrated=policy.aro_unrated)

    return fn


def _fb(cut_lowest: int = 0, cut_highest: int = 0) -> Callable[..., dict[int, float]]:
    def fn(
        t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
    ) -> dict[int, float]:
        return fore_buchholz(
            t, ps, after, cut_lowest=cut_lowest, cut_highest=cut_highest, unplayed=policy.unplayed
        )

    return fn


def _aob(
    t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
) -> dict[int, float]:
    return average_of_opponents_buchholz(t, ps, after, unplayed=policy.unplayed)


def _ks(limit: int = 0) -> Callable[..., dict[int, float]]:
    def fn(t: Tournament, ps: PointSystem, after: int) -> dict[int, float]:
        return koya(t, ps, after, limit=limit)

    return fn


def _points(t: Tournament, ps: PointSystem, after: int) -> dict[int, float]:
    return dict(_table(t, ps, after).score)


def _de(first_only: bool) -> Callable[..., tuple[list[list[int]], dict[int, float]]]:
    def split(
        t: Tournament,
        ps: PointSystem,
        after: int,
        group: Sequence[int],
        policy: TiebreakPolicy,
        position: int,
    ) -> tuple[list[list[int]], dict[int, float]]:
        if first_only and position != 0:
            return [list(group)], {}
        return direct_encounter(
            t,
            ps,
            after,
            group,
            mode=policy.direct_encounter,
            forfeits=policy.direct_encounter_forfeits,
        )

    return split


def _lot_split(
    t: Tournament,
    _ps: PointSystem,
    after: int,
    group: Sequence[int],
    policy: TiebreakPolicy,
    _position: int,
) -> tuple[list[list[int]], dict[int, float]]:
    from swisspairing.context import stable_seed

    seed = policy.seed if policy.seed is not None else stable_seed(t, after)
    keys = lot_order([p.number for p in t.players], seed)
    ordered = sorted(group, key=lambda n: -keys[n])
    return [[n] for n in ordered], {n: float(i) for i, n in enumerate(ordered, start=1)}


def _team(fn: Callable[..., dict[int, float]], **kw: Any) -> Callable[..., dict[int, float]]:
    def inner(results: TeamResults, _policy: TiebreakPolicy = DEFAULT_POLICY) -> dict[int, float]:
        return fn(results, **kw)

    return inner


def _team_de(
    results: TeamResults, group: Sequence[int], _policy: TiebreakPolicy, _position: int
) -> tuple[list[list[int]], dict[int, float]]:
    return team_direct_encounter(results, group)


#: Ids of the primary scores a standings table starts with (points for individuals; match
#: points or game points for teams, PL-team 0 / AMB-P11).
PRIMARY_SCORES = ("points", "match-points", "game-points")

_C07 = "C.07 (2023)"
"""FIDE Handbook C.07, Tie-Break Regulations applied from 1 September 2023 (articles as there
numbered; the 2024 and 2026 texts keep the numbers)."""

_CUTS = (("cut1", "C1", 1, 0, "14.1"), ("cut2", "C2", 2, 0, "14.2"))
_MEDIANS = (("median1", "M1", 1, 1, "14.3"), ("median2", "M2", 2, 2, "14.4"))

_ENTRIES: tuple[Tiebreak, ...] = (
    Tiebreak(
        "points",
        N_("Points"),
        _points,
        N_("Pts"),
        "TB 8 (1), " + _C07 + " 4.2",
        definition="The score: the points of every round by the tournament's point system, "
        "byes and forfeits included.",
    ),
    Tiebreak(
        "buchholz",
        N_("Buchholz"),
        _bh(),
        N_("BH"),
        "TB 1, " + _C07 + " 8.1",
        True,
        unplayed=True,
        definition="The sum of the scores of the opponents met.  Unplayed rounds count as "
        "``tiebreak_policy.unplayed`` says.",
    ),
    Tiebreak(
        "buchholz-cut1",
        N_("Buchholz cut 1"),
        _bh(1),
        N_("BH-C1"),
        "TB 2, " + _C07 + " 14.1, RDF 5.4.10.6.2",
        True,
        unplayed=True,
        definition="The Buchholz without the lowest opponent's score (Cut-1; the truncated "
        "Solkoff coefficient of RDF 5.4.10.6.2).  Under the art. 16 policies the lowest "
        "voluntary unplayed round is cut first (C.07 16.5).",
    ),
    Tiebreak(
        "buchholz-cut2",
        N_("Buchholz cut 2"),
        _bh(2),
        N_("BH-C2"),
        "TB 2, " + _C07 + " 14.2",
        True,
        unplayed=True,
        definition="The Buchholz without the two lowest opponents' scores (Cut-2).",
    ),
    Tiebreak(
        "buchholz-median",
        N_("Median Buchholz"),
        _bh(1, 1),
        N_("BH-M1"),
        "TB 3, " + _C07 + " 14.3",
        True,
        unplayed=True,
        definition="The Buchholz without the lowest and the highest opponent's score (Median-1).",
    ),
    Tiebreak(
        "buchholz-median2",
        N_("Median Buchholz 2"),
        _bh(2, 2),
        N_("BH-M2"),
        "TB 3, " + _C07 + " 14.4",
        True,
        unplayed=True,
        definition="The Buchholz without the two lowest and the two highest opponents' "
        "scores (Median-2).",
    ),
    Tiebreak(
        "buchholz-current",
        N_("Current Buchholz"),
        _bh(policy_free=True),
        N_("BH-cur"),
        "TB 1, RDF 5.4.10.7.6, AMB-R10",
        definition="The Buchholz over the games played only, whatever the policy: the "
        "current coefficient that orders a score group for pairing (RDF 5.4.10.7.6).",
    ),
    Tiebreak(
        "buchholz-extended",
        N_("Extended Buchholz"),
        _ebh,
        N_("EBH"),
        "seed 004 d",
        True,
        unplayed=True,
        definition="The sum of the Buchholz of the opponents met over the board.",
    ),
    Tiebreak(
        "fore-buchholz",
        N_("Fore Buchholz"),
        _fb(),
        N_("FB"),
        _C07 + " 8.3",
        True,
        unplayed=True,
        definition="The Buchholz computed as if every game paired for the last round counted "
        "had ended in a draw (byes keep their points); known as soon as the last round is "
        "paired.",
    ),
    *(
        Tiebreak(
            f"fore-buchholz-{suffix}",
            name,
            _fb(low, high),
            short,
            f"{_C07} 8.3, {article}",
            True,
            unplayed=True,
            definition=text,
        )
        for suffix, name, short, low, high, article, text in (
            (
                "cut1",
                N_("Fore Buchholz cut 1"),
                N_("FB-C1"),
                1,
                0,
                "14.1",
                "The Fore Buchholz without the lowest opponent's score.",
            ),
            (
                "cut2",
                N_("Fore Buchholz cut 2"),
                N_("FB-C2"),
                2,
                0,
                "14.2",
                "The Fore Buchholz without the two lowest opponents' scores.",
            ),
            (
                "median1",
                N_("Fore Buchholz median 1"),
                N_("FB-M1"),
                1,
                1,
                "14.3",
                "The Fore Buchholz without the lowest and the highest opponent's score.",
            ),
            (
                "median2",
                N_("Fore Buchholz median 2"),
                N_("FB-M2"),
                2,
                2,
                "14.4",
                "The Fore Buchholz without the two lowest and the two highest opponents' scores.",
            ),
        )
    ),
    Tiebreak(
        "aob",
        N_("Average of opponents' Buchholz"),
        _aob,
        N_("AOB"),
        _C07 + " 8.2",
        True,
        unplayed=True,
        definition="The average of the Buchholz of the opponents played over the board.",
    ),
    Tiebreak(
        "sonneborn-berger",
        N_("Sonneborn-Berger"),
        _sb(),
        N_("SB"),
        "TB 4, " + _C07 + " 9.1",
        True,
        unplayed=True,
        definition="For each opponent, his score times the points scored against him, "
        "summed: the full score of every opponent beaten and half the score of every "
        "opponent drawn.",
    ),
    Tiebreak(
        "sonneborn-berger-cut1",
        N_("Sonneborn-Berger cut 1"),
        _sb(1),
        N_("SB-C1"),
        "TB 2, TB 4, " + _C07 + " 14.1",
        True,
        unplayed=True,
        definition="The Sonneborn-Berger without the term of the lowest-scoring opponent "
        "(of several, the lowest product); under the art. 16 policies the lowest voluntary "
        "unplayed term is cut instead when it is not lower (C.07 16.5).",
    ),
    Tiebreak(
        "koya",
        N_("Koya system"),
        _ks(),
        N_("KS"),
        _C07 + " 9.2",
        definition="For round robins: the points scored against the participants who scored "
        "at least 50 % of the maximum possible score; forfeits count as games (15.2).",
    ),
    *(
        Tiebreak(
            f"koya-limit{sign}{abs(step)}",
            name,
            _ks(step),
            short,
            f"{_C07} 9.2, 14.5",
            definition=f"The Koya system with the 50 % limit moved {abs(step)} half "
            f"point{'s' if abs(step) > 1 else ''} {'up' if step > 0 else 'down'} (modifier "
            "14.5).",
        )
        for sign, step, name, short in (
            ("+", 1, N_("Koya system, limit +1"), N_("KS/L+1")),
            ("+", 2, N_("Koya system, limit +2"), N_("KS/L+2")),
            ("-", -1, N_("Koya system, limit -1"), N_("KS/L-1")),
            ("-", -2, N_("Koya system, limit -2"), N_("KS/L-2")),
        )
    ),
    Tiebreak(
        "progressive",
        N_("Progressive score"),
        _ps(),
        N_("PS"),
        "TB 5, " + _C07 + " 7.5",
        definition="The sum of the player's running score after each round.",
    ),
    Tiebreak(
        "progressive-cut1",
        N_("Progressive score cut 1"),
        _ps(1),
        N_("PS-C1"),
        "TB 5, " + _C07 + " 14.1",
        definition="The progressive score without the score after round 1.",
    ),
    Tiebreak(
        "progressive-cut2",
        N_("Progressive score cut 2"),
        _ps(2),
        N_("PS-C2"),
        "TB 5, " + _C07 + " 14.2",
        definition="The progressive score without the scores after rounds 1 and 2.",
    ),
    Tiebreak(
        "direct-encounter",
        N_("Direct encounter"),
        None,
        N_("DE"),
        "TB 6, " + _C07 + " 6",
        split=_de(False),
        definition="Orders a tied group by the points its members scored against one "
        "another; ``tiebreak_policy.direct_encounter`` chooses between the older practice "
        "(only when all met) and C.07 6.2/6.3.",
    ),
    Tiebreak(
        "direct-encounter-first",
        N_("Direct encounter (first place)"),
        None,
        N_("DE"),
        "Dutch-1992 F10",
        split=_de(True),
        definition="The direct encounter, applied only to a tie for first place (Dutch-1992 "
        "F10 (2)).",
    ),
    Tiebreak(
        "aro",
        N_("Average rating of opponents"),
        _aro(),
        N_("ARO"),
        "TB 7, " + _C07 + " 10.1, Dutch-1992 F10",
        True,
        definition="The average rating of the opponents met over the board, rounded to the "
        "nearest integer (.5 up).  Unrated opponents are left out unless "
        "``tiebreak_policy.aro_unrated`` is ``zero``.",
    ),
    *(
        Tiebreak(
            f"aro-{suffix}",
            name,
            _aro(low, high),
            short,
            f"TB 7, {_C07} 10.1, {article}",
            True,
            definition=text,
        )
        for suffix, name, short, low, high, article, text in (
            (
                "cut1",
                N_("Average rating of opponents cut 1"),
                N_("ARO-C1"),
                1,
                0,
                "14.1",
                "The average rating of the opponents without the lowest rating.",
            ),
            (
                "cut2",
                N_("Average rating of opponents cut 2"),
                N_("ARO-C2"),
                2,
                0,
                "14.2",
                "The average rating of the opponents without the two lowest ratings.",
            ),
            (
                "median1",
                N_("Average rating of opponents median 1"),
                N_("ARO-M1"),
                1,
                1,
                "14.3",
                "The average rating of the opponents without the lowest and the highest rating.",
            ),
            (
                "median2",
                N_("Average rating of opponents median 2"),
                N_("ARO-M2"),
                2,
                2,
                "14.4",
                "The average rating of the opponents without the two lowest and the two "
                "highest ratings.",
            ),
        )
    ),
    Tiebreak(
        "tpr",
        N_("Tournament performance rating"),
        _rated(tournament_performance_rating),
        N_("TPR"),
        _C07 + " 10.2, B.02 8.1.1",
        True,
        definition="The ARO plus the rating difference dp (FIDE B.02 table 8.1.1) of the "
        "fractional score over the games played (100 %: +800, 0 %: −800).",
    ),
    Tiebreak(
        "ptp",
        N_("Perfect tournament performance"),
        _rated(perfect_tournament_performance),
        N_("PTP"),
        _C07 + " 10.3, B.02 8.1.2",
        True,
        definition="The lowest rating R for which the expected score against the opponents "
        "met (FIDE B.02 table 8.1.2, no 400-point limit) reaches the points scored against "
        "them; a zero score gives the lowest opponent's rating − 800.",
    ),
    Tiebreak(
        "apro",
        N_("Average performance rating of opponents"),
        _rated(apro),
        N_("APRO"),
        _C07 + " 10.4",
        True,
        definition="The average of the TPRs of the opponents met over the board, rounded (.5 up).",
    ),
    Tiebreak(
        "appo",
        N_("Average perfect performance of opponents"),
        _rated(appo),
        N_("APPO"),
        _C07 + " 10.5",
        True,
        definition="The average of the PTPs of the opponents met over the board, rounded (.5 up).",
    ),
    Tiebreak(
        "wins",
        N_("Number of wins"),
        count_wins,
        N_("WIN"),
        _C07 + " 7.1",
        definition="Rounds in which the player got a win's points, with or without playing "
        "(forfeit wins and byes worth a win included).",
    ),
    Tiebreak(
        "wins-played",
        N_("Games won"),
        games_won,
        N_("WON"),
        _C07 + " 7.2",
        definition="Games won over the board.",
    ),
    Tiebreak(
        "black-games",
        N_("Games with Black"),
        black_games,
        N_("BPG"),
        _C07 + " 7.3",
        definition="Games played over the board with Black.",
    ),
    Tiebreak(
        "black-wins",
        N_("Wins with Black"),
        black_wins,
        N_("BWG"),
        _C07 + " 7.4",
        definition="Games won over the board with Black.",
    ),
    Tiebreak(
        "games-elected",
        N_("Games elected to play"),
        games_elected,
        N_("GE"),
        _C07 + " 7.6",
        definition="The rounds counted minus the half-point byes, zero-point byes (absences, "
        "rounds after a withdrawal) and forfeit losses (REP in the 2024-08 text).",
    ),
    Tiebreak(
        "lot",
        N_("Drawing of lots"),
        None,
        N_("Lot"),
        "Dutch-1992 F10, " + _C07 + " 4.2",
        split=_lot_split,
        definition="Orders every tie left by lot, reproducibly: one key per player drawn in "
        "start-number order from ``tiebreak_policy.seed`` (else from the tournament).  For "
        "teams too.",
    ),
    Tiebreak(
        "match-points",
        N_("Match points"),
        _team(team_match_points),
        N_("MP"),
        "TB 11, PL-team 0",
        team=True,
        definition="Teams: the match points.",
    ),
    Tiebreak(
        "game-points",
        N_("Game points"),
        _team(team_game_points),
        N_("GP"),
        "TB 11, PL-team 0",
        team=True,
        definition="Teams: the game (board) points.",
    ),
    Tiebreak(
        "team-buchholz",
        N_("Team Buchholz"),
        _team(team_buchholz),
        N_("TBH"),
        "TB 11",
        team=True,
        definition="Teams: the sum of the match points of the teams met (byes and forfeited "
        "matches add nothing).",
    ),
    Tiebreak(
        "team-buchholz-cut1",
        N_("Team Buchholz cut 1"),
        _team(team_buchholz, cut_lowest=1),
        N_("TBH-C1"),
        "TB 11, Olympiad 14c",
        team=True,
        definition="Teams: the team Buchholz without the lowest opponent (Olympiad (c)).",
    ),
    Tiebreak(
        "team-sonneborn-berger",
        N_("Team Sonneborn-Berger"),
        _team(team_sonneborn_berger),
        N_("TSB"),
        "TB 11",
        team=True,
        definition="Teams: for every match played, the opponent's match points times the "
        "game points scored against it, summed.",
    ),
    Tiebreak(
        "team-sonneborn-berger-cut1",
        N_("Olympiad Sonneborn-Berger"),
        _team(team_sonneborn_berger, cut_lowest=1),
        N_("OSB"),
        "TB 11, Olympiad 14a",
        team=True,
        definition="Teams: the team Sonneborn-Berger without the opponent with the fewest "
        "match points (Olympiad (a)).",
    ),
    Tiebreak(
        "team-direct-encounter",
        N_("Direct encounter"),
        None,
        N_("DE"),
        "TB 6",
        split=_team_de,
        team=True,
        definition="Teams: the match points scored against the other tied teams, applied "
        "only when every tied team met every other one.",
    ),
)

CORE_TIEBREAKS: dict[str, Tiebreak] = {tb.id: tb for tb in _ENTRIES}


@hookimpl
def swiss_tiebreaks() -> Mapping[str, Tiebreak]:
    """The core's tiebreaks."""
    return CORE_TIEBREAKS


def compute(
    tiebreak: Tiebreak,
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int | None = None,
    *,
    policy: TiebreakPolicy | None = None,
) -> dict[int, float]:
    """Values of a value tiebreak after ``after_round`` (default: every recorded round)."""
    if tiebreak.function is None or tiebreak.team:
        raise ValueError(f"tiebreak {tiebreak.id!r} has no per-player values")
    after = tournament.rounds_recorded if after_round is None else after_round
    if tiebreak.takes_policy:
        return tiebreak.function(tournament, point_system, after, policy=policy or DEFAULT_POLICY)
    return tiebreak.function(tournament, point_system, after)
