"""Event files: a readable YAML/JSON description of a team event for leagues that keep no TRF.

::

    # yaml-language-server: $schema=…/event.schema.json (``swisspairing.event.EVENT_SCHEMA``)
    name: A-Klasa KPZSzach 2005/06
    rounds: 9                    # rounds of the event (TRFx XXR)
    boards: 6                    # boards per match
    initial_colour: white        # board 1 of the first team in round 1 (else the ruleset decides)
    teams:                       # start numbers: by descending rating sum (PL-team 2) unless
      - name: Hetman Bydgoszcz   # every team gives "number"
        club: Hetman             # teams of one club never meet where the ruleset says so
        players:                 # board order: the named list first, reserves after
          - {name: "Nowak, Jan", rating: 1850, sex: m}
          - "Kowalski, Piotr"    # a name alone is enough
      - name: Hetman Bydgoszcz II
        club: Hetman
        registered: false        # no named list: last start numbers, no rating (PL-team 2)
    results:                     # one entry per round played (or paired), round 1 first
      - matches:
          - white: Hetman Bydgoszcz        # the team with White on board 1 (name or number)
            black: Wieża Toruń
            boards: ["1-0", "½-½", "0-1", "+-", "1-0", "0-1"]
            # optional line-ups (roster positions from 1, or names); default: the roster
            white_lineup: [1, 2, 3, 4, 5, 7]
        pause: Hetman Bydgoszcz II         # the pausing team, if any
    absent_next: []              # teams that will not play the next round

Board results are written with the player of the ``white`` team on the left, whatever
colour that board has (boards alternate, AMB-P5): ``1-0``, ``0-1``, ``½-½`` (also ``=``,
``1/2-1/2``, ``0.5-0.5``), ``+-``, ``-+``, ``--`` (both forfeit); leaving out ``boards``
records a paired match without results yet.

:func:`load_event` builds a :class:`~swisspairing.model.Tournament`: players numbered team by
team in start-number order and board order, one :class:`~swisspairing.model.Team` per team,
the board games as the players' round records and a pause as ``U`` for the pausing team's
line-up.  Every error names the file and the JSON path (``league.yaml:
$.results[0].matches[1].boards[3]: unknown board result '2-0'``), exit code 3.

Files are read with the bounds of :mod:`swisspairing.safeyaml` (size, nesting, aliases,
duplicate keys, finite numbers).  ``pair league.yaml -o next.yaml`` writes the file back with
the new round appended (:func:`next_round_event`, :func:`dump_event`): JSON stays JSON, YAML
stays YAML, and the result reads back as the paired round waiting for its results.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .errors import InvalidInputError
from .i18n import N_, NP_
from .model import BLACK, WHITE, Colour, Player, PointSystem, RoundRecord, Team, Tournament
from .quickschema import certainly_valid
from .safeyaml import MAX_BYTES, check_finite, load_json, load_yaml, read_text_capped
from .teams import board_colour, order_by_rating_sum

__all__ = [
    "EVENT_SCHEMA",
    "InvalidEventError",
    "dump_event",
    "event_from_mapping",
    "load_event",
    "parse_event",
    "read_event",
    "read_event_file",
]


class InvalidEventError(InvalidInputError):
    """An event file is malformed or inconsistent; ``where`` names the file and the JSON path."""


_TEAM_REF = {"type": ["string", "integer"], "description": "A team, by name or by start number."}
_PLAYER = {
    "oneOf": [
        {"type": "string", "minLength": 1},
        {
            "type": "object",
            "required": ["name"],
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string", "minLength": 1},
                "rating": {"type": "integer", "minimum": 0, "maximum": 9999},
                "sex": {"enum": ["m", "w", ""]},
                "title": {"type": "string", "maxLength": 3},
                "federation": {"type": "string", "maxLength": 3},
                "fide_id": {"type": ["string", "integer"]},
                "birth_date": {"type": ["string", "integer"]},
            },
        },
    ]
}
_LINEUP = {
    "type": "array",
    "items": {"type": ["string", "integer"]},
    "description": "Roster positions (from 1) or names, board 1 first.",
}

#: JSON Schema (Draft 2020-12) of an event file.
EVENT_SCHEMA: Mapping[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "swisspairing team event",
    "type": "object",
    "required": ["teams"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "rounds": {"type": "integer", "minimum": 1},
        "boards": {"type": "integer", "minimum": 1, "maximum": 99},
        "initial_colour": {"enum": ["white", "black"]},
        "teams": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["name"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "number": {"type": "integer", "minimum": 1, "maximum": 9999},
                    "club": {"type": "string"},
                    "registered": {"type": "boolean"},
                    "withdrawn_from": {"type": "integer", "minimum": 1},
                    "players": {"type": "array", "items": _PLAYER},
                },
            },
        },
        "results": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "round": {"type": "integer", "minimum": 1},
                    "matches": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["white", "black"],
                            "additionalProperties": False,
                            "properties": {
                                "white": _TEAM_REF,
                                "black": _TEAM_REF,
                                "boards": {"type": "array", "items": {"type": ["string", "null"]}},
                                "white_lineup": _LINEUP,
                                "black_lineup": _LINEUP,
                            },
                        },
                    },
                    "pause": {"anyOf": [_TEAM_REF, {"type": "array", "items": _TEAM_REF}]},
                },
            },
        },
        "absent_next": {"type": "array", "items": _TEAM_REF},
    },
}

_DRAW = {"½-½", "=", "1/2-1/2", "0.5-0.5", ",5-,5", "1/2", "½", "0,5-0,5"}
_RESULTS: dict[str, tuple[str, str]] = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "+:-": ("+", "-"),
    "-:+": ("-", "+"),
    "1:0": ("1", "0"),
    "0:1": ("0", "1"),
    **{d: ("=", "=") for d in _DRAW},
}


def _err(source: str, path: str, message: str, **args: Any) -> InvalidEventError:
    return InvalidEventError(message, where=f"{source}: {path}", **args)


def _validate(data: Any, source: str) -> None:
    if certainly_valid(data, EVENT_SCHEMA):  # (a large valid event: one quick pass)
        return
    import jsonschema

    from .ruleset import _schema_error  # the same wording as ruleset errors

    validator = jsonschema.Draft202012Validator(EVENT_SCHEMA)
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(e.absolute_path), e.validator))
    if errors:
        best = jsonschema.exceptions.best_match(errors) or errors[0]
        exc = _schema_error(source, best)
        raise InvalidEventError(exc.message, where=exc.where, **exc.args_)


def parse_event(text: str, *, filename: str = "<event>") -> dict[str, Any]:
    """The mapping of an event file's text: JSON for a ``.json`` name, else YAML, both read
    with the bounds of :mod:`swisspairing.safeyaml` (nesting, alias expansion, duplicate
    keys, finite numbers)."""
    if filename.lower().endswith(".json"):
        data = load_json(text, filename, error=InvalidEventError)
    else:
        data = load_yaml(text, filename, error=InvalidEventError)
    if not isinstance(data, dict):
        raise InvalidEventError(N_("an event file must be a mapping"), where=f"{filename}: $")
    return data


def read_event(
    text: str, *, filename: str = "<event>", point_system: PointSystem | None = None
) -> Tournament:
    """Parse an event file's text (YAML, which includes JSON)."""
    return event_from_mapping(
        parse_event(text, filename=filename), source=filename, point_system=point_system
    )


def read_event_file(path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """The mapping of an event file, refusing files (devices and pipes too) larger than
    ``max_bytes``."""
    name = os.fspath(path)
    return parse_event(
        read_text_capped(name, max_bytes=max_bytes, error=InvalidEventError), filename=name
    )


def load_event(
    path: str | os.PathLike[str],
    point_system: PointSystem | None = None,
    *,
    max_bytes: int = MAX_BYTES,
) -> Tournament:
    """Read an event file (``.yaml``, ``.yml`` or ``.json``, UTF-8, at most ``max_bytes``)."""
    name = os.fspath(path)
    return event_from_mapping(
        read_event_file(name, max_bytes=max_bytes), source=name, point_system=point_system
    )


def _parse_result(raw: str | None, source: str, path: str) -> tuple[str, str]:
    if raw is None or not str(raw).strip():
        return (" ", " ")
    key = str(raw).strip().replace(" ", "").replace("–", "-")
    if key in _RESULTS:
        return _RESULTS[key]
    raise _err(source, path, N_("unknown board result {value!r}"), value=str(raw))


def event_from_mapping(
    data: Mapping[str, Any], *, source: str = "<event>", point_system: PointSystem | None = None
) -> Tournament:
    """Validate an event mapping and build the :class:`Tournament` (see the module docs).

    ``point_system`` is accepted for symmetry with TRF loading; event files have no points
    fields to check (scores are always derived from the board results)."""
    del point_system  # event files carry no points fields
    check_finite(data, source, error=InvalidEventError)
    _validate(data, source)
    return _EventBuilder(data, source).build()


def _registered(t: Mapping[str, Any]) -> bool:
    return bool(t.get("registered", bool(t.get("players"))))


def _rating(p: Any) -> int:
    return int(p.get("rating", 0)) if isinstance(p, Mapping) else 0


class _EventBuilder:
    """One validated event mapping turned into a :class:`Tournament`, one concern a method:
    the number of boards, the teams' start numbers, the players, the rounds."""

    def __init__(self, data: Mapping[str, Any], source: str) -> None:
        self.data = data
        self.source = source
        self.teams_in: list[Mapping[str, Any]] = list(data["teams"])
        self.boards: int | None = self._boards()
        self.names: dict[str, int] = {}
        self.order: list[int] = []
        self.team_number: dict[int, int] = {}
        self.players: list[Player] = []
        self.roster: dict[int, list[int]] = {}
        self.by_number: dict[int, int] = {}

    def _err(self, path: str, message: str, **args: Any) -> InvalidEventError:
        return _err(self.source, path, message, **args)

    def build(self) -> Tournament:
        self._number_teams()
        self._make_players()
        teams = tuple(
            Team(
                number=self.team_number[i],
                name=self.teams_in[i]["name"],
                roster=tuple(self.roster[i]),
                club=self.teams_in[i].get("club", ""),
                registered=_registered(self.teams_in[i]),
            )
            for i in self.order
        )
        self.by_number = {self.team_number[i]: i for i in self.order}
        records: dict[int, list[RoundRecord]] = {p.number: [] for p in self.players}
        for r, rnd in enumerate(self.data.get("results", []), start=1):
            this = self._round(r, rnd)
            for n, recs in records.items():
                recs.append(this.get(n, RoundRecord(None, None, "Z")))
        # trailing rounds without a game are no entry at all (a reserve who has not played)
        final_players = []
        for p in self.players:
            recs = records[p.number]
            while recs and recs[-1] == RoundRecord(None, None, "Z"):
                recs.pop()
            final_players.append(replace(p, rounds=tuple(recs)))
        absent: set[int] = set()
        for a_i, ref in enumerate(self.data.get("absent_next", [])):
            absent.update(self.roster[self._team_ref(ref, f"$.absent_next[{a_i}]")])
        colour = self.data.get("initial_colour")
        return Tournament(
            players=tuple(final_players),
            name=self.data.get("name", ""),
            teams=teams,
            total_rounds=self.data.get("rounds"),
            initial_colour=None if colour is None else (WHITE if colour == "white" else BLACK),
            point_system=None,
            absent_next=frozenset(absent),
            # TRF16 has no club column: written as swisspairing SPC records (see swisspairing.teams)
            header=tuple(("SPC", f"SPC {t.number:4d} {t.club}") for t in teams if t.club),
        )

    # ---------------------------------------------------------------- teams and numbers
    def _boards(self) -> int | None:
        """The event's number of boards, else that of the first match that lists its boards."""
        boards: int | None = self.data.get("boards")
        if boards is None:
            for rnd in self.data.get("results", ()):
                for m in rnd.get("matches", ()):
                    if m.get("boards") is not None:
                        return len(m["boards"])
        return boards

    def _number_teams(self) -> None:
        """Team names unique; start numbers as given (all or none), else by rating sums."""
        teams_in = self.teams_in
        for i, t in enumerate(teams_in):
            if t["name"] in self.names:
                raise self._err(
                    f"$.teams[{i}].name", N_("team name {name!r} is used twice"), name=t["name"]
                )
            self.names[t["name"]] = i
        numbered = [("number" in t) for t in teams_in]
        if any(numbered) and not all(numbered):
            i = numbered.index(False)
            raise self._err(
                f"$.teams[{i}]", N_("either every team or no team gives its start number")
            )
        if all(numbered) and teams_in:
            seen: dict[int, int] = {}
            for i, t in enumerate(teams_in):
                if t["number"] in seen:
                    raise self._err(
                        f"$.teams[{i}].number",
                        N_("start number {number} is used twice"),
                        number=t["number"],
                    )
                seen[t["number"]] = i
            self.order = sorted(range(len(teams_in)), key=lambda i: teams_in[i]["number"])
            self.team_number = {i: teams_in[i]["number"] for i in self.order}
        else:
            boards = self.boards
            sums = [
                (
                    sum(
                        _rating(p)
                        for p in t.get("players", [])[: boards or len(t.get("players", []))]
                    ),
                    _registered(t),
                )
                for t in teams_in
            ]
            self.order = order_by_rating_sum(sums)
            self.team_number = {i: k + 1 for k, i in enumerate(self.order)}

    # ---------------------------------------------------------------- players
    def _make_players(self) -> None:
        next_number = 1
        for i in self.order:
            t = self.teams_in[i]
            entries = list(t.get("players", []))
            if not entries:
                # no named list and no reserves known: placeholders so boards can be recorded
                entries = [
                    {"name": "", "_placeholder": k} for k in range(1, (self.boards or 1) + 1)
                ]
            numbers = []
            for p in entries:
                if isinstance(p, str):
                    p = {"name": p}
                name = p["name"] if "_placeholder" not in p else f"{t['name']} {p['_placeholder']}"
                self.players.append(
                    Player(
                        number=next_number,
                        name=name,
                        sex=p.get("sex", ""),
                        title=p.get("title", ""),
                        rating=int(p.get("rating", 0)),
                        federation=p.get("federation", ""),
                        fide_id=str(p.get("fide_id", "")),
                        birth_date=str(p.get("birth_date", "")),
                        club=t.get("club", ""),
                        withdrawn_from=t.get("withdrawn_from"),
                    )
                )
                numbers.append(next_number)
                next_number += 1
            self.roster[i] = numbers

    def _team_ref(self, ref: Any, path: str) -> int:
        """A team named by start number or by name: its index in the file."""
        if isinstance(ref, int) and not isinstance(ref, bool):
            if ref not in self.by_number:
                raise self._err(path, N_("team {team} does not exist"), team=ref)
            return self.by_number[ref]
        if ref not in self.names:
            raise self._err(path, N_("unknown team {team!r}"), team=ref)
        return self.names[ref]

    def _player_ref(self, team: int, ref: Any, path: str) -> int:
        """A player of ``team`` named by position in its list or by name: his start number."""
        members = self.roster[team]
        if isinstance(ref, int) and not isinstance(ref, bool):
            if not 1 <= ref <= len(members):
                raise self._err(
                    path,
                    N_("team {team!r} has no player at position {position}"),
                    team=self.teams_in[team]["name"],
                    position=ref,
                )
            return members[ref - 1]
        for n in members:
            if self.players[n - 1].name == ref:
                return n
        raise self._err(
            path,
            N_("team {team!r} has no player {player!r}"),
            team=self.teams_in[team]["name"],
            player=ref,
        )

    # ---------------------------------------------------------------- rounds
    def _round(self, r: int, rnd: Mapping[str, Any]) -> dict[int, RoundRecord]:
        """The records of round ``r``: its matches board by board, then its pauses."""
        base = f"$.results[{r - 1}]"
        if "round" in rnd and rnd["round"] != r:
            raise self._err(
                f"{base}.round",
                N_("rounds must be listed in order: expected round {expected}"),
                expected=r,
            )
        busy: dict[int, str] = {}
        this: dict[int, RoundRecord] = {}

        def take(team: int, path: str) -> None:
            if team in busy:
                raise self._err(
                    path,
                    N_("team {team!r} already plays in round {round} ({first})"),
                    team=self.teams_in[team]["name"],
                    round=r,
                    first=busy[team],
                )
            busy[team] = path

        for m_i, match in enumerate(rnd.get("matches", [])):
            mpath = f"{base}.matches[{m_i}]"
            w = self._team_ref(match["white"], f"{mpath}.white")
            b = self._team_ref(match["black"], f"{mpath}.black")
            if w == b:
                raise self._err(f"{mpath}.black", N_("a team cannot play against itself"))
            take(w, f"{mpath}.white")
            take(b, f"{mpath}.black")
            self._match(match, mpath, w, b, this)
        pauses = rnd.get("pause")
        if pauses is not None:
            for p_i, ref in enumerate(pauses if isinstance(pauses, list) else [pauses]):
                path = f"{base}.pause[{p_i}]" if isinstance(pauses, list) else f"{base}.pause"
                team = self._team_ref(ref, path)
                take(team, path)
                for n in self.roster[team][: self.boards or len(self.roster[team])]:
                    this[n] = RoundRecord(None, None, "U")
        return this

    def _match(
        self, match: Mapping[str, Any], mpath: str, w: int, b: int, this: dict[int, RoundRecord]
    ) -> None:
        """One match: its number of boards, both lineups, a record per board and player."""
        boards = self.boards
        results_row = match.get("boards")
        count = len(results_row) if results_row is not None else boards
        if count is None:
            raise self._err(f"{mpath}", N_("the number of boards is unknown: give boards"))
        if boards is not None and results_row is not None and len(results_row) != boards:
            raise self._err(
                f"{mpath}.boards",
                NP_(
                    "{count} board result, but matches have {boards} boards",
                    "{count} board results, but matches have {boards} boards",
                    "count",
                ),
                count=len(results_row),
                boards=boards,
            )
        lineups = [
            self._lineup(match, mpath, side, team, count)
            for side, team in (("white", w), ("black", b))
        ]
        for k in range(count):
            raw = results_row[k] if results_row is not None else None
            rw, rb = _parse_result(raw, self.source, f"{mpath}.boards[{k}]")
            pw, pb = lineups[0][k], lineups[1][k]
            cw: Colour = board_colour(k + 1, WHITE)
            this[pw] = RoundRecord(pb, cw, rw)
            this[pb] = RoundRecord(pw, cw.opposite, rb)

    def _lineup(
        self, match: Mapping[str, Any], mpath: str, side: str, team: int, count: int
    ) -> list[int]:
        """The players of ``team`` on boards 1 to ``count``: the listed lineup or the roster."""
        refs = match.get(f"{side}_lineup")
        if refs is None:
            lineup = self.roster[team][:count]
        else:
            lineup = [
                self._player_ref(team, ref, f"{mpath}.{side}_lineup[{k}]")
                for k, ref in enumerate(refs)
            ]
            if len(set(lineup)) != len(lineup):
                raise self._err(f"{mpath}.{side}_lineup", N_("a player is listed twice"))
        if len(lineup) < count:
            raise self._err(
                f"{mpath}.{side}_lineup" if refs is not None else f"{mpath}.{side}",
                NP_(
                    "team {team!r} has {players} player for {boards} boards",
                    "team {team!r} has {players} players for {boards} boards",
                    "players",
                ),
                team=self.teams_in[team]["name"],
                players=len(lineup),
                boards=count,
            )
        return lineup[:count]


# ---------------------------------------------------------------------- writing
def next_round_event(
    data: Mapping[str, Any], tournament: Tournament, pairing: Any, ruleset: Any, *, target: str = ""
) -> dict[str, Any]:
    """The event mapping ``data`` (as read, see :func:`read_event_file`) with the round of
    ``pairing`` appended to ``results``: each match by team name (the board-1 White team
    first), line-ups as roster positions where they differ from the roster's first boards,
    the pausing team(s); ``absent_next`` is consumed.  No board results yet, so the file
    reads back as a paired round waiting for its results.  A pairing of players (an
    individual ruleset) cannot be written so: :class:`InvalidEventError` naming ``target``."""
    from .teams import TeamScoring, lineup

    if pairing.boards and not pairing.matches:
        raise InvalidEventError(
            N_(
                "an event file records team matches, but this ruleset pairs players: write the "
                "round as TRF (-o NEXT.trf)"
            ),
            where=target,
        )
    out = dict(data)
    scoring = TeamScoring.from_ruleset(ruleset)
    boards = out.get("boards") or scoring.boards
    out.setdefault("boards", boards)
    if (
        out.get("rounds") is None
        and tournament.total_rounds is None
        and getattr(ruleset, "rounds", None) is not None
    ):
        out["rounds"] = ruleset.rounds
    if out.get("initial_colour") is None and getattr(pairing, "drawn_colour", None) is not None:
        out["initial_colour"] = "white" if pairing.drawn_colour is WHITE else "black"
    by_number = {t.number: t for t in tournament.teams}
    present = {p.number for p in tournament.participants(pairing.round)}

    def side(team_number: int) -> tuple[str, list[int] | None]:
        team = by_number[team_number]
        seated = lineup(tournament, team, pairing.round, boards, present)
        if seated == list(team.roster[:boards]):
            return team.name, None
        return team.name, [team.roster.index(n) + 1 for n in seated]

    matches: list[dict[str, Any]] = []
    for m in pairing.matches:
        (white, wl), (black, bl) = side(m.white), side(m.black)
        entry: dict[str, Any] = {"white": white, "black": black}
        if wl is not None:
            entry["white_lineup"] = wl
        if bl is not None:
            entry["black_lineup"] = bl
        matches.append(entry)
    rnd: dict[str, Any] = {"round": pairing.round, "matches": matches}
    pauses = [by_number[b.player].name for b in pairing.team_byes]
    if len(pauses) == 1:
        rnd["pause"] = pauses[0]
    elif pauses:
        rnd["pause"] = pauses
    results = [dict(r) for r in out.get("results", ())][: pairing.round - 1]
    results.append(rnd)
    out["results"] = results
    out.pop("absent_next", None)
    return out


def dump_event(data: Mapping[str, Any], *, json_format: bool = False) -> str:
    """An event mapping as the text of an event file: JSON (2-space indent) or YAML (block
    style, flow style for the innermost lists and mappings; comments are not kept)."""
    import json

    import yaml

    if json_format:
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    body = yaml.safe_dump(
        dict(data), allow_unicode=True, sort_keys=False, default_flow_style=None, width=100
    )
    return body
