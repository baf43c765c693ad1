"""Standings: rank players (or teams) by points and the ruleset's tiebreaks.

The ruleset lists the tiebreak ids in order (``tiebreaks:``) and the policy for unplayed
games (``tiebreak_policy:``); both come from :mod:`swisspairing.tiebreaks` and from plugins
through ``swiss_tiebreaks``.  The ranking refines groups of equal players one tiebreak at a
time: a value tiebreak splits a group by its value (higher first), a split tiebreak (direct
encounter, lot) orders the group itself.  Players equal in everything share their places
("3-4"); inside such a group the order is by start number, so the table is deterministic.

A standings table always starts with the primary score: ``points`` for individuals; for team
events ``match-points`` unless the ruleset starts with ``game-points`` (PL-team 0 ranks the
final table by game points, then match points — a sort key of its own, distinct from the
pairing order of PL-team 4, AMB-P11).  Team standings always show match and game points.

Team results come from the team model (:func:`swisspairing.teams.team_results`); the team
tiebreaks only see :data:`~swisspairing.tiebreaks.TeamResults`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .errors import InvalidInputError, InvalidRulesetError
from .i18n import N_
from .model import PointSystem, Tournament
from .tiebreaks import (
    CORE_TIEBREAKS,
    PRIMARY_SCORES,
    TeamResults,
    TeamRound,
    TeamScale,
    Tiebreak,
    TiebreakPolicy,
    lot_order,
)
from .tiebreaks.records import forfeits_as_games

__all__ = [
    "Standings",
    "StandingsRow",
    "available_tiebreaks",
    "check_tiebreak_ids",
    "compute_standings",
    "rank_groups",
    "team_results",
]


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One line of the standings."""

    rank: int
    """Position in the table, 1 first (unique)."""
    place: str
    """Place as published: ``"3"``, or ``"3-4"`` when players share it."""
    number: int
    """Start number (team number in team standings)."""
    name: str
    """Player or team name."""
    values: tuple[float | None, ...]
    """One value per column of :attr:`Standings.columns`; ``None`` where a tiebreak did not
    apply (e.g. direct encounter outside a tied group)."""
    rating: int = 0
    """Rating (individuals)."""
    title: str = ""
    """FIDE title (individuals)."""
    federation: str = ""
    """Federation (individuals)."""
    withdrawn: bool = False
    """Whether the player withdrew within the rounds shown."""


@dataclass(frozen=True)
class Standings:
    """A ranked table after a round."""

    tournament: str
    """Tournament name."""
    after_round: int
    """Rounds counted."""
    columns: tuple[Tiebreak, ...]
    """The score and tiebreak columns, primary score first."""
    ranking: tuple[str, ...]
    """Ids of the columns that decide the order, in order."""
    rows: tuple[StandingsRow, ...]
    """The rows, first place first."""
    team: bool = False
    """Team standings."""
    policy: TiebreakPolicy = TiebreakPolicy()
    """The tiebreak policy applied."""
    ruleset: str = ""
    """Id of the ruleset."""
    point_system: PointSystem = PointSystem()
    """Points per result the standings were computed with (the file's ``XXS``, else the
    ruleset's): what a bye was worth."""

    def row(self, number: int) -> StandingsRow:
        """The row of a start (team) number."""
        for r in self.rows:
            if r.number == number:
                return r
        raise KeyError(number)

    def value(self, number: int, tiebreak_id: str) -> float | None:
        """A value by start number and tiebreak id."""
        idx = [c.id for c in self.columns].index(tiebreak_id)
        return self.row(number).values[idx]


# ---------------------------------------------------------------------- tiebreak catalogue
def available_tiebreaks(
    ruleset: Any = None, *, extra_plugins: Sequence[Any] = ()
) -> dict[str, Tiebreak]:
    """The core's tiebreaks plus those of the ruleset's system and of ``extra_plugins``
    (``swiss_tiebreaks``); an id the system returns too takes the system's entry (the draughts
    name of ``buchholz-cut1``, RDF 5.4.10.6.2)."""
    found: dict[str, Tiebreak] = dict(CORE_TIEBREAKS)
    if ruleset is None and not extra_plugins:
        return found

    from .manager import make_manager

    pm = make_manager(ruleset.system if ruleset is not None else None, extra_plugins)
    # pluggy calls the last registered plugin first: reversed, the core comes first and the
    # system (then ``extra_plugins``) may give one of the core's ids its own name and rule
    for part in reversed(pm.hook.swiss_tiebreaks()):
        if part:
            found.update(part)
    return found


def check_tiebreak_ids(ruleset: Any, available: Mapping[str, Tiebreak] | None = None) -> None:
    """Raise :class:`InvalidRulesetError` at ``$.tiebreaks[i]`` for the first tiebreak id of
    ``ruleset`` that neither the core nor its system provides (``swisspairing validate``)."""
    catalogue = available if available is not None else available_tiebreaks(ruleset)
    for i, tid in enumerate(ruleset.tiebreaks):
        if tid not in catalogue:
            raise InvalidRulesetError(
                N_("unknown tiebreak {id!r} (known: {known})"),
                where=f"{ruleset.source or ruleset.id}: $.tiebreaks[{i}]",
                id=tid,
                known=", ".join(sorted(catalogue)),
            )


# ---------------------------------------------------------------------- team results
def team_results(
    tournament: Tournament, point_system: PointSystem, after_round: int, ruleset: Any = None
) -> dict[int, list[TeamRound | None]]:
    """Each team's matches up to ``after_round``, as :data:`~swisspairing.tiebreaks.TeamResults`:
    the team model's :func:`swisspairing.teams.team_results` (matches derived from the board
    games; match points, byes and unplayed matches scored by the ruleset's team parameters)."""
    from .teams import team_results as derive

    return derive(tournament, point_system, after_round, ruleset)


# ---------------------------------------------------------------------- ranking
def rank_groups(
    numbers: Sequence[int],
    keys: Sequence[
        tuple[
            Tiebreak,
            Callable[[Sequence[int], int], tuple[list[list[int]], Mapping[int, float]]]
            | Mapping[int, float],
        ]
    ],
) -> tuple[list[list[int]], dict[str, dict[int, float]]]:
    """Refine ``numbers`` (one tied group) by each ``(tiebreak, key)`` in turn.

    ``key`` is either the tiebreak's values (higher first) or a splitter:
    ``splitter(group, position)`` returns the ordered subgroups of a group starting at
    ``position`` and display values.  Consecutive value keys are applied in one sort.
    Returns the final groups (members of a group are tied in everything, listed by number)
    and the display values of the splitters per tiebreak id.
    """
    groups: list[list[int]] = [sorted(numbers)]
    shown: dict[str, dict[int, float]] = {}
    i = 0
    while i < len(keys):
        tb, key = keys[i]
        if isinstance(key, Mapping):
            run = [key]
            while i + 1 < len(keys) and isinstance(keys[i + 1][1], Mapping):
                i += 1
                run.append(keys[i][1])  # type: ignore[arg-type]
            if any(len(g) > 1 for g in groups):
                groups = _split_values(groups, run)
        else:
            values: dict[int, float] = {}
            refined: list[list[int]] = []
            position = 0
            for g in groups:
                if len(g) == 1:
                    refined.append(g)
                else:
                    parts, vals = key(g, position)
                    values.update(vals)
                    refined.extend(sorted(p) for p in parts)
                position += len(g)
            shown[tb.id] = values
            groups = refined
        i += 1
    return groups, shown


def _split_values(groups: list[list[int]], run: Sequence[Mapping[int, float]]) -> list[list[int]]:
    """Split every group by the values of ``run`` (higher first, compared to 9 decimals)."""
    refined: list[list[int]] = []
    keys = [{n: -round(v, 9) for n, v in values.items()} for values in run]
    for g in groups:
        if len(g) == 1:
            refined.append(g)
            continue
        keyed = sorted(([k.get(n, 0.0) for k in keys], n) for n in g)
        last = None
        for k, n in keyed:
            if k != last:
                refined.append([n])
                last = k
            else:
                refined[-1].append(n)
    return refined


def compute_standings(
    tournament: Tournament,
    ruleset: Any = None,
    *,
    after_round: int | None = None,
    tiebreaks: Sequence[str] | None = None,
    policy: TiebreakPolicy | None = None,
    seed: int | None = None,
    available: Mapping[str, Tiebreak] | None = None,
    team: bool | None = None,
    results: TeamResults | None = None,
    tiebreaks_source: str = "tiebreaks",
) -> Standings:
    """The standings of ``tournament`` after ``after_round`` (default: every recorded round).

    ``tiebreaks`` (ids) and ``policy`` default to the ruleset's; ``seed`` seeds the lot.
    ``team`` defaults to "the tournament has teams"; ``results`` overrides the team results.
    An error in ids given as ``tiebreaks`` names ``tiebreaks_source`` (the CLI passes
    ``--tiebreaks``), one in the ruleset's ids names the ruleset file.
    Raises :class:`InvalidInputError` for a round not yet played and
    :class:`InvalidRulesetError` for an unknown tiebreak id.
    """
    recorded = tournament.rounds_recorded
    after = recorded if after_round is None else after_round
    if after < 0 or after > recorded:
        raise InvalidInputError(
            N_("round {round} has not been played yet (rounds recorded: {recorded})"),
            round=after,
            recorded=recorded,
        )
    ps = tournament.point_system or (ruleset.points if ruleset is not None else PointSystem())
    if policy is None:
        policy = (
            TiebreakPolicy.from_ruleset(ruleset, seed=seed)
            if ruleset is not None
            else TiebreakPolicy(seed=seed)
        )
    elif seed is not None:
        policy = replace(policy, seed=seed)
    catalogue = dict(available) if available is not None else available_tiebreaks(ruleset)
    is_team = bool(tournament.teams) if team is None else team
    ids = list(
        tiebreaks if tiebreaks is not None else (ruleset.tiebreaks if ruleset is not None else ())
    )
    if tiebreaks is not None or ruleset is None:
        where = tiebreaks_source
    else:
        where = f"{getattr(ruleset, 'source', '') or getattr(ruleset, 'id', '')}: $.tiebreaks"
    for tid in ids:
        if tid not in catalogue:
            raise InvalidRulesetError(
                N_("unknown tiebreak {id!r} (known: {known})"),
                where=where,
                id=tid,
                known=", ".join(sorted(catalogue)),
            )
    if is_team:
        if not ids or ids[0] not in ("match-points", "game-points"):
            ids.insert(0, "match-points")
        for tid in ids:
            tb = catalogue[tid]
            if not tb.team and tid != "lot":
                raise InvalidRulesetError(
                    N_("tiebreak {id!r} does not apply to team events"), where=where, id=tid
                )
    else:
        if not ids or ids[0] not in PRIMARY_SCORES:
            ids.insert(0, "points")
        for tid in ids:
            if catalogue[tid].team:
                raise InvalidRulesetError(
                    N_("tiebreak {id!r} applies to team events only"), where=where, id=tid
                )
    ranking = tuple(dict.fromkeys(ids))  # a repeated id adds nothing
    columns = list(ranking)
    if is_team:
        for tid in ("match-points", "game-points"):
            if tid not in columns:
                columns.insert(1, tid)
        columns = sorted(
            columns, key=lambda c: (c not in ("match-points", "game-points"), columns.index(c))
        )

    from .context import stable_seed

    lot_seed = policy.seed if policy.seed is not None else stable_seed(tournament, after)
    values: dict[str, Mapping[int, float]] = {}
    if is_team:
        from .teams import TeamScoring

        scoring = TeamScoring.from_ruleset(ruleset)
        policy = replace(
            policy,
            team_primary=ids[0],
            team_scale=TeamScale(
                scoring.match_win,
                scoring.boards,
                ps.win,
                tournament.total_rounds,
                scoring.match_draw,
                ps.draw,
            ),
        )
        res = results if results is not None else team_results(tournament, ps, after, ruleset)
        numbers = [t.number for t in tournament.teams]
        names = {t.number: t.name for t in tournament.teams}

        def value_of(tb: Tiebreak) -> Mapping[int, float]:
            return tb.function(res, policy) if tb.function is not None else {}  # type: ignore[misc]

        def split_of(
            tb: Tiebreak,
        ) -> Callable[[Sequence[int], int], tuple[list[list[int]], Mapping[int, float]]]:
            if tb.id == "lot":
                return _lot_splitter(lot_order(numbers, lot_seed))
            assert tb.split is not None
            return lambda g, pos: tb.split(res, g, policy, pos)  # type: ignore[misc]
    else:
        numbers = [p.number for p in tournament.players]
        names = {p.number: p.name for p in tournament.players}
        played = tournament
        if policy.forfeits_as_played:
            if abs(ps.forfeit_win - ps.win) > 1e-9 or abs(ps.forfeit_loss - ps.loss) > 1e-9:
                raise InvalidRulesetError(
                    N_(
                        "tiebreak_policy.forfeits_as_played needs a point system in which a "
                        "forfeit scores as a game (forfeit win {forfeit_win}, win {win})"
                    ),
                    where=where,
                    forfeit_win=ps.forfeit_win,
                    win=ps.win,
                )
            played = forfeits_as_games(tournament)

        def value_of(tb: Tiebreak) -> Mapping[int, float]:
            assert tb.function is not None
            if tb.takes_policy:
                return tb.function(played, ps, after, policy=policy)
            return tb.function(played, ps, after)

        def split_of(
            tb: Tiebreak,
        ) -> Callable[[Sequence[int], int], tuple[list[list[int]], Mapping[int, float]]]:
            if tb.id == "lot":
                return _lot_splitter(lot_order(numbers, lot_seed))
            assert tb.split is not None
            return lambda g, pos: tb.split(played, ps, after, g, policy, pos)  # type: ignore[misc]

    for cid in columns:
        tb = catalogue[cid]
        if tb.function is not None:
            values[cid] = value_of(tb)
    keys: list[
        tuple[
            Tiebreak,
            Callable[[Sequence[int], int], tuple[list[list[int]], Mapping[int, float]]]
            | Mapping[int, float],
        ]
    ] = []
    for cid in ranking:
        tb = catalogue[cid]
        if tb.function is None:
            keys.append((tb, split_of(tb)))
        elif tb.lower_first:
            keys.append((tb, {n: -v for n, v in values[cid].items()}))
        else:
            keys.append((tb, values[cid]))
    groups, shown = rank_groups(numbers, keys)

    rows: list[StandingsRow] = []
    column_maps: list[tuple[Mapping[int, float], float | None]] = [
        (values[cid], 0.0) if cid in values else (shown.get(cid, {}), None) for cid in columns
    ]
    position = 1
    for g in groups:
        place = str(position) if len(g) == 1 else f"{position}-{position + len(g) - 1}"
        for n in g:
            vals = tuple([m.get(n, default) for m, default in column_maps])
            if is_team:
                rows.append(StandingsRow(len(rows) + 1, place, n, names[n], vals))
            else:
                p = tournament.player(n)
                rows.append(
                    StandingsRow(
                        len(rows) + 1,
                        place,
                        n,
                        names[n],
                        vals,
                        rating=p.rating,
                        title=p.title,
                        federation=p.federation,
                        withdrawn=p.withdrawn_from is not None and p.withdrawn_from <= after,
                    )
                )
        position += len(g)
    return Standings(
        tournament=tournament.name,
        after_round=after,
        columns=tuple(catalogue[c] for c in columns),
        ranking=ranking,
        rows=tuple(rows),
        team=is_team,
        policy=policy,
        ruleset=getattr(ruleset, "id", "") if ruleset is not None else "",
        point_system=ps,
    )


def _lot_splitter(
    keys: Mapping[int, float],
) -> Callable[[Sequence[int], int], tuple[list[list[int]], Mapping[int, float]]]:
    """Dutch-1992 F10 (4): the lot orders a tied group completely."""

    def split(group: Sequence[int], _position: int) -> tuple[list[list[int]], Mapping[int, float]]:
        ordered = sorted(group, key=lambda n: -keys[n])
        return [[n] for n in ordered], {n: float(i) for i, n in enumerate(ordered, start=1)}

    return split
