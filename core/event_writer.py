"""Writing a team event file (the YAML/JSON form :mod:`swisspairing.event` reads).

:func:`event_mapping` turns a team :class:`~swisspairing.model.Tournament` back into the
event-file mapping: teams with their numbers, clubs and players in board order; per round the
matches (the team with White on board 1 first, board results from its players' side, the
line-ups when they are not the first players of the roster) and the pausing teams.  Reading the
written file gives the same players, teams and round records (the property the generator's
``-o league.yaml`` relies on).
"""

from __future__ import annotations

import json
from typing import Any

from .errors import InvalidInputError
from .i18n import N_
from .model import WHITE, Tournament

__all__ = ["dumps_event", "event_mapping"]

_RESULT_TEXT = {
    ("1", "0"): "1-0",
    ("0", "1"): "0-1",
    ("=", "="): "½-½",
    ("+", "-"): "+-",
    ("-", "+"): "-+",
    ("-", "-"): "--",
}


def event_mapping(tournament: Tournament) -> dict[str, Any]:
    """The event-file mapping of a team tournament (see the module docs)."""
    if not tournament.teams:
        raise InvalidInputError(
            N_("an event file holds a team event, but the tournament has no teams")
        )
    owner = {n: team for team in tournament.teams for n in team.roster}
    boards = 0
    rounds = tournament.rounds_recorded
    results: list[dict[str, Any]] = []
    for r in range(1, rounds + 1):
        matches: list[dict[str, Any]] = []
        pauses: list[int] = []
        for team in tournament.teams:
            sitting = [
                n
                for n in team.roster
                if (rec := tournament.player(n).record(r)) is not None and rec.opponent is not None
            ]
            if not sitting:
                if any(
                    (rec := tournament.player(n).record(r)) is not None and rec.result == "U"
                    for n in team.roster
                ):
                    pauses.append(team.number)
                continue
            first = tournament.player(sitting[0]).record(r)
            assert first is not None
            if first.colour is not WHITE:
                continue  # written from the side of the team with White on board 1
            opponent = owner[first.opponent]  # type: ignore[index]
            theirs = [tournament.player(n).record(r).opponent for n in sitting]  # type: ignore[union-attr]
            row = []
            for n in sitting:
                mine = tournament.player(n).record(r)
                other = tournament.player(mine.opponent).record(r)  # type: ignore[arg-type, union-attr]
                pair = (mine.result, other.result)  # type: ignore[union-attr]
                row.append(
                    None
                    if pair == (" ", " ")
                    else _RESULT_TEXT.get(pair, f"{mine.result}-{other.result}")  # type: ignore[union-attr]
                )
            boards = max(boards, len(sitting))
            match: dict[str, Any] = {"white": team.number, "black": opponent.number}
            if any(x is not None for x in row):
                match["boards"] = row
            if sitting != list(team.roster[: len(sitting)]):
                match["white_lineup"] = [team.roster.index(n) + 1 for n in sitting]
            if theirs != list(opponent.roster[: len(theirs)]):
                match["black_lineup"] = [opponent.roster.index(n) + 1 for n in theirs]  # type: ignore[arg-type]
            matches.append(match)
        entry: dict[str, Any] = {"round": r, "matches": matches}
        if pauses:
            entry["pause"] = pauses[0] if len(pauses) == 1 else pauses
        results.append(entry)
    clubs = {t.number: t.club for t in tournament.teams if t.club}
    for code, line in tournament.header:
        if code == "SPC":
            parts = line[3:].split(None, 1)
            if len(parts) == 2 and parts[0].isdigit():
                clubs.setdefault(int(parts[0]), parts[1].strip())
    teams = []
    for team in tournament.teams:
        members = [tournament.player(n) for n in team.roster if n in tournament]
        entry = {"number": team.number, "name": team.name}
        if clubs.get(team.number):
            entry["club"] = clubs[team.number]
        if not team.registered:
            entry["registered"] = False
        withdrawn = {p.withdrawn_from for p in members}
        if len(withdrawn) == 1 and None not in withdrawn:
            entry["withdrawn_from"] = withdrawn.pop()
        entry["players"] = [
            {
                k: v
                for k, v in (
                    ("name", p.name),
                    ("rating", p.rating),
                    ("sex", p.sex),
                    ("title", p.title),
                    ("federation", p.federation),
                )
                if v
            }
            for p in members
        ]
        teams.append(entry)
    data: dict[str, Any] = {"name": tournament.name}
    if tournament.total_rounds is not None:
        data["rounds"] = tournament.total_rounds
    if boards:
        data["boards"] = boards
    if tournament.initial_colour is not None:
        data["initial_colour"] = "white" if tournament.initial_colour is WHITE else "black"
    data["teams"] = teams
    data["results"] = results
    absent = sorted({owner[n].number for n in tournament.absent_next if n in owner})
    if absent:
        data["absent_next"] = absent
    return data


def dumps_event(tournament: Tournament, *, json_format: bool = False) -> str:
    """The event file's text: YAML, or JSON with ``json_format``."""
    data = event_mapping(tournament)
    if json_format:
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    import yaml

    return yaml.safe_dump(
        data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=120
    )
