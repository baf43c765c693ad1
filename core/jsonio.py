"""Tournaments as JSON: the content of a TRF16 file in a form programs build from their own data.

The document is described by ``swisspairing/schemas/tournament.schema.json``
(:func:`tournament_schema`)::

    {"format": "swisspairing-tournament", "schema_version": 1,
     "name": "Club open", "total_rounds": 5,
     "players": [
       {"number": 1, "name": "Albers, Jan", "rating": 2100,
        "rounds": [{"opponent": 4, "colour": "w", "result": "1"}]},
       ...]}

It converts to and from :class:`~swisspairing.model.Tournament` without loss, and so to and
from TRF16: ``TRF → JSON → TRF`` gives the file swisspairing writes for the TRF, and
``JSON → TRF → JSON`` gives the document back, except the fields TRF16 has no column for
(``club`` of players and teams, ``registered``), which only JSON keeps.  Normalisation on
reading: players are sorted by start number and trailing blank round blocks are dropped, as
when a TRF is read.

Reading checks what :func:`swisspairing.trf.read_trf` checks (every opponent exists, the two
sides of each game agree, the points fields agree with the results), and every error names
the JSON path: ``event.json: $.players[3].rounds[1]: opponent 99 does not exist``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import replace
from importlib import resources
from typing import Any

from .errors import InvalidInputError, InvalidRulesetError
from .i18n import N_
from .libmessages import wrong_type
from .model import BLACK, WHITE, Colour, Player, PointSystem, RoundRecord, Team, Tournament
from .safetext import check_data
from .safeyaml import MAX_DEPTH, read_text_capped
from .safeyaml import load_json as safe_load_json
from .trf import _BB_FIELDS as _BB_CODES
from .trf import OWNED_CODES, InvalidTrfError, _owned_records, apply_records
from .trf.reader import _MIRROR

__all__ = [
    "FORMAT",
    "SCHEMA_VERSION",
    "InvalidTournamentJsonError",
    "dumps_json",
    "load_json",
    "loads_json",
    "tournament_from_json",
    "tournament_schema",
    "tournament_to_json",
]

#: The value of the document's ``format`` key.
FORMAT = "swisspairing-tournament"
#: The schema version this module reads and writes.
SCHEMA_VERSION = 1

_POINT_FIELDS = (
    "win",
    "draw",
    "loss",
    "forfeit_win",
    "forfeit_loss",
    "pairing_allocated_bye",
    "full_point_bye",
    "half_point_bye",
    "zero_point_bye",
)


class InvalidTournamentJsonError(InvalidInputError):
    """A tournament document is not valid; ``where`` names the source and the JSON path."""


def tournament_schema() -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of a tournament document."""
    text = (
        resources.files("swisspairing")
        .joinpath("schemas/tournament.schema.json")
        .read_text("utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


# ---------------------------------------------------------------------- writing
def _colour(colour: Colour | None) -> str | None:
    return None if colour is None else colour.value


def _round_json(rec: RoundRecord) -> dict[str, Any]:
    return {"opponent": rec.opponent, "colour": _colour(rec.colour), "result": rec.result}


def _player_json(p: Player) -> dict[str, Any]:
    out: dict[str, Any] = {"number": p.number}
    for key in ("name", "sex", "title"):
        value = getattr(p, key)
        if value:
            out[key] = value
    if p.rating:
        out["rating"] = p.rating
    for key in ("federation", "fide_id", "birth_date"):
        value = getattr(p, key)
        if value:
            out[key] = value
    if p.points is not None:
        out["points"] = _number(p.points)
    if p.rank is not None:
        out["rank"] = p.rank
    if p.club:
        out["club"] = p.club
    if p.withdrawn_from is not None:
        out["withdrawn_from"] = p.withdrawn_from
    out["rounds"] = [_round_json(r) for r in p.rounds]
    return out


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def tournament_to_json(tournament: Tournament) -> dict[str, Any]:
    """The JSON document of ``tournament`` (a dict ready for :func:`json.dumps`)."""
    out: dict[str, Any] = {"format": FORMAT, "schema_version": SCHEMA_VERSION}
    if tournament.name:
        out["name"] = tournament.name
    out["total_rounds"] = tournament.total_rounds
    out["initial_colour"] = (
        None
        if tournament.initial_colour is None
        else ("white" if tournament.initial_colour is WHITE else "black")
    )
    ps = tournament.point_system
    out["point_system"] = (
        None if ps is None else {f: _number(getattr(ps, f)) for f in _POINT_FIELDS}
    )
    out["forbidden_pairs"] = [sorted(group) for group in tournament.forbidden_pairs]
    out["absent_next"] = sorted(tournament.absent_next)
    out["players"] = [_player_json(p) for p in tournament.players]
    teams = []
    for team in tournament.teams:
        t: dict[str, Any] = {"name": team.name, "roster": list(team.roster)}
        if team.club:
            t["club"] = team.club
        if not team.registered:
            t["registered"] = False
        teams.append(t)
    out["teams"] = teams
    records: list[str] = []
    at: int | None = None
    for code, line in tournament.header:
        if code in OWNED_CODES:
            if at is None:
                at = len(records)
        else:
            records.append(line)
    out["records"] = records
    if at is not None and at < len(records):
        out["typed_records_at"] = at
    order = _typed_order(tournament)
    if order is not None:
        out["typed_records_order"] = order
    return out


def _typed_order(tournament: Tournament) -> list[str] | None:
    """The codes of the typed fields' records in the order the file had them, when TRF
    would write them in another (``XXS`` before ``XXC``, say); ``None`` otherwise."""
    codes: list[str] = []
    for code, _line in tournament.header:
        if code in OWNED_CODES and code not in codes:
            codes.append(code)
    has_bb = any(code in _BB_CODES for code, _ in tournament.header)
    written: list[str] = []
    for line in _owned_records(tournament, has_bb):
        if line[:3] not in written:
            written.append(line[:3])
    if [c for c in codes if c in written] == [c for c in written if c in codes]:
        return None
    return codes


def dumps_json(tournament: Tournament, *, indent: int | None = 2) -> str:
    """The JSON text of ``tournament``."""
    return json.dumps(tournament_to_json(tournament), ensure_ascii=False, indent=indent) + "\n"


# ---------------------------------------------------------------------- reading
# the schema's patterns (no line breaks, no surrounding blanks, as TRF fields read back)
_TRIM = re.compile(r"^(?![\s\S]*[\r\n])(\S(.*\S)?)?$")
_RECORD = re.compile(r"^(?!001|013|XXR|XXC|XXP|XXS|XXZ|SPW)(?![\s\S]*[\r\n])[^\r\n]*[^\s]$")
_TOP_KEYS = frozenset(
    (
        "format",
        "schema_version",
        "name",
        "total_rounds",
        "initial_colour",
        "point_system",
        "forbidden_pairs",
        "absent_next",
        "players",
        "teams",
        "records",
        "typed_records_at",
        "typed_records_order",
    )
)
_PLAYER_TEXT = {"name": 33, "sex": 1, "title": 3, "federation": 3, "fide_id": 11, "birth_date": 10}
_PLAYER_KEYS = frozenset(
    (*_PLAYER_TEXT, "number", "rating", "points", "rank", "withdrawn_from", "club", "rounds")
)
_ROUND_KEYS = frozenset(("opponent", "colour", "result"))
_RESULT_CODES = frozenset(("1", "=", "0", "W", "D", "L", "+", "-", "H", "F", "U", "Z", " "))


def _is_int(value: Any, low: int, high: int | None = None) -> bool:
    return type(value) is int and value >= low and (high is None or value <= high)


def _is_number(value: Any) -> bool:
    return type(value) in (int, float)


def _numbers(value: Any) -> bool:
    return (
        type(value) is list
        and all(_is_int(n, 1, 9999) for n in value)
        and len(set(value)) == len(value)
    )


def _fast_valid(data: Any) -> bool:
    """A quick check that is at least as strict as the schema: a document it accepts is
    valid, so large documents skip the (slow) JSON Schema validator; whatever it rejects is
    validated by the schema, which names the error."""
    if type(data) is not dict or not _TOP_KEYS.issuperset(data) or data.get("format") != FORMAT:
        return False
    if type(data.get("schema_version")) is not int or data["schema_version"] != SCHEMA_VERSION:
        return False
    if (
        type(data.get("name", "")) is not str
        or not _TRIM.match(data.get("name", ""))
        or data.get("initial_colour") not in ("white", "black", None)
    ):
        return False
    if data.get("total_rounds") is not None and not _is_int(data["total_rounds"], 0):
        return False
    if "typed_records_at" in data and not _is_int(data["typed_records_at"], 0):
        return False
    order = data.get("typed_records_order", [])
    if (
        type(order) is not list
        or not all(type(c) is str and c in OWNED_CODES for c in order)
        or len(set(order)) != len(order)
    ):
        return False
    ps = data.get("point_system")
    if ps is not None and (
        type(ps) is not dict
        or not set(_POINT_FIELDS).issuperset(ps)
        or not all(map(_is_number, ps.values()))
    ):
        return False
    pairs = data.get("forbidden_pairs", [])
    if (
        type(pairs) is not list
        or not all(_numbers(g) for g in pairs)
        or not _numbers(data.get("absent_next", []))
    ):
        return False
    records = data.get("records", [])
    if type(records) is not list or not all(type(r) is str and _RECORD.match(r) for r in records):
        return False
    teams = data.get("teams", [])
    if type(teams) is not list:
        return False
    for t in teams:
        if (
            type(t) is not dict
            or not {"name", "roster", "club", "registered"}.issuperset(t)
            or "name" not in t
        ):
            return False
        if type(t["name"]) is not str or len(t["name"]) > 32 or not _TRIM.match(t["name"]):
            return False
        if type(t.get("roster", [])) is not list or not all(
            _is_int(n, 1, 9999) for n in t.get("roster", [])
        ):
            return False
        if type(t.get("club", "")) is not str or type(t.get("registered", True)) is not bool:
            return False
    players = data.get("players")
    if type(players) is not list:
        return False
    for p in players:
        if (
            type(p) is not dict
            or not _PLAYER_KEYS.issuperset(p)
            or not _is_int(p.get("number"), 1, 9999)
        ):
            return False
        for key, width in _PLAYER_TEXT.items():
            value = p.get(key, "")
            if type(value) is not str or len(value) > width or not _TRIM.match(value):
                return False
        if type(p.get("club", "")) is not str or not _is_int(p.get("rating", 0), 0, 9999):
            return False
        if p.get("points") is not None and not _is_number(p["points"]):
            return False
        if p.get("rank") is not None and not _is_int(p["rank"], 1, 9999):
            return False
        if p.get("withdrawn_from") is not None and not _is_int(p["withdrawn_from"], 1):
            return False
        rounds = p.get("rounds", [])
        if type(rounds) is not list:
            return False
        for r in rounds:
            if type(r) is not dict or r.keys() != _ROUND_KEYS:
                return False
            if r["opponent"] is not None and not _is_int(r["opponent"], 1, 9999):
                return False
            if (
                r["colour"] not in ("w", "b", None)
                or type(r["result"]) is not str
                or r["result"] not in _RESULT_CODES
            ):
                return False
    return True


def _validate_schema(data: Any, source: str, prefix: str) -> None:
    from .ruleset import _validate  # the ruleset's JSON-path messages, in the catalogue already

    if _fast_valid(data):
        return

    try:
        _validate(data, tournament_schema(), source, prefix)
    except InvalidRulesetError as exc:
        where = (
            exc.where[2:] if exc.where.startswith(": ") else exc.where
        )  # no source: the path alone
        raise InvalidTournamentJsonError(exc.message, where=where, **exc.args_) from None


def _error(source: str, path: str, message: str, **args: Any) -> InvalidTournamentJsonError:
    return InvalidTournamentJsonError(
        message, where=f"{source}: {path}" if source else path, **args
    )


def _record(raw: Mapping[str, Any], source: str, path: str) -> RoundRecord:
    opponent = raw["opponent"]
    colour = {"w": WHITE, "b": BLACK, None: None}[raw["colour"]]
    code = raw["result"]
    if code in "HFUZ" and opponent is not None:
        raise _error(source, path, N_("result {code} cannot have an opponent"), code=code)
    if code in "1=0WDL":
        if opponent is None:
            raise _error(source, path, N_("result {code} needs an opponent"), code=code)
        if colour is None:
            raise _error(source, f"{path}.colour", N_("a played game needs colour w or b"))
    return RoundRecord(opponent, colour, code)


def tournament_from_json(
    data: Any,
    *,
    source: str = "<json>",
    point_system: PointSystem | None = None,
    check: bool = True,
    prefix: str = "$",
) -> Tournament:
    """Build a :class:`~swisspairing.model.Tournament` from a parsed JSON document.

    The document is validated against the schema first; with ``check`` the games and the
    points fields are verified as for a TRF (the points under the document's
    ``point_system``, else ``point_system``, else 1/½/0).  Raises
    :class:`InvalidTournamentJsonError` naming ``source`` and the JSON path (``prefix``
    is the path of the document itself, e.g. ``$.tournament`` inside a request).  Nesting
    deeper than :data:`~swisspairing.safeyaml.MAX_DEPTH` and control characters in strings
    are refused with their JSON path (:mod:`swisspairing.safetext`).
    """
    check_data(data, source, InvalidTournamentJsonError, path=prefix, max_depth=MAX_DEPTH)
    _validate_schema(data, source, prefix)
    players: list[tuple[str, Player]] = []
    first_path: dict[int, str] = {}
    for i, raw in enumerate(data["players"]):
        path = f"{prefix}.players[{i}]"
        number = raw["number"]
        if number in first_path:
            raise _error(
                source,
                f"{path}.number",
                N_("start number {number} is used twice (first at {first})"),
                number=number,
                first=first_path[number],
            )
        first_path[number] = path
        rounds = [
            _record(r, source, f"{path}.rounds[{k}]") for k, r in enumerate(raw.get("rounds", ()))
        ]
        while rounds and rounds[-1] == RoundRecord(None, None, " "):
            rounds.pop()
        points = raw.get("points")
        player = Player(
            number=number,
            name=raw.get("name", ""),
            sex=raw.get("sex", ""),
            title=raw.get("title", ""),
            rating=raw.get("rating", 0),
            federation=raw.get("federation", ""),
            fide_id=raw.get("fide_id", ""),
            birth_date=raw.get("birth_date", ""),
            points=None if points is None else float(points),
            rank=raw.get("rank"),
            rounds=tuple(rounds),
            club=raw.get("club", ""),
            withdrawn_from=raw.get("withdrawn_from"),
        )
        players.append((path, player))
    players.sort(key=lambda item: item[1].number)
    known = set(first_path)
    teams = tuple(
        Team(
            number=i,
            name=t["name"],
            roster=tuple(t.get("roster", ())),
            club=t.get("club", ""),
            registered=t.get("registered", True),
        )
        for i, t in enumerate(data.get("teams", ()), start=1)
    )
    colour = data.get("initial_colour")
    ps_raw = data.get("point_system")
    file_ps = None if ps_raw is None else PointSystem(**{k: float(v) for k, v in ps_raw.items()})
    lines = list(data.get("records", ()))
    tournament = Tournament(
        players=tuple(p for _, p in players),
        name=data.get("name", ""),
        teams=teams,
        total_rounds=data.get("total_rounds"),
        initial_colour=None if colour is None else (WHITE if colour == "white" else BLACK),
        forbidden_pairs=tuple(frozenset(g) for g in data.get("forbidden_pairs", ())),
        point_system=file_ps,
        absent_next=frozenset(data.get("absent_next", ())),
        header=tuple((line[:3], line) for line in lines),
    )
    # The typed fields' records, as swisspairing writes them, where the file had them: the
    # tournament equals the one read back from the TRF written for it.
    has_bb = any(code in _BB_CODES for code, _ in tournament.header)
    kept = {line[:3] for line in lines}  # TRF26 142/152/162 stay among the lines, in place
    typed = [
        (line[:3], line) for line in _owned_records(tournament, has_bb) if line[:3] not in kept
    ]
    if typed:
        rank = {code: i for i, code in enumerate(data.get("typed_records_order", ()))}
        typed.sort(key=lambda record: rank.get(record[0], len(rank)))  # (stable)
        at = min(data.get("typed_records_at", len(lines)), len(lines))
        header = list(tournament.header)
        header[at:at] = typed
        tournament = replace(tournament, header=tuple(header))
    for key in ("forbidden_pairs", "absent_next"):
        for i, item in enumerate(data.get(key, ())):
            for k, number in enumerate(item if isinstance(item, list) else [item]):
                if number not in known:
                    path = (
                        f"{prefix}.{key}[{i}][{k}]"
                        if key == "forbidden_pairs"
                        else f"{prefix}.{key}[{i}]"
                    )
                    raise _error(source, path, N_("player {number} does not exist"), number=number)
    for i, t in enumerate(data.get("teams", ())):
        for k, number in enumerate(t.get("roster", ())):
            if number not in known:
                raise _error(
                    source,
                    f"{prefix}.teams[{i}].roster[{k}]",
                    N_("team member {number} does not exist"),
                    number=number,
                )
    # records kept as lines that change who is paired (TRF26 240, 260) apply as in a TRF
    try:
        tournament = apply_records(tournament, lines, source=source)
    except InvalidTrfError as exc:
        raise _error(
            source, f"{prefix}.records[{(exc.line or 1) - 1}]", exc.message, **exc.args_
        ) from None
    if check:
        _check_games(tournament, {p.number: path for path, p in players}, source)
        _check_points(
            tournament,
            file_ps or point_system or PointSystem(),
            {p.number: path for path, p in players},
            source,
        )
    return tournament


def _check_games(t: Tournament, paths: Mapping[int, str], source: str) -> None:
    """The checks of a TRF's games (swisspairing.trf), by JSON path."""
    for p in t.players:
        for r, rec in enumerate(p.rounds, start=1):
            if rec.opponent is not None and rec.opponent not in t:
                raise _error(
                    source,
                    f"{paths[p.number]}.rounds[{r - 1}].opponent",
                    N_("opponent {opponent} does not exist"),
                    opponent=rec.opponent,
                )
    for p in t.players:
        for r, rec in enumerate(p.rounds, start=1):
            if rec.opponent is None:
                continue
            where = f"{paths[p.number]}.rounds[{r - 1}]"
            if rec.opponent == p.number:
                raise _error(
                    source, where, N_("player {number} is paired against himself"), number=p.number
                )
            other = t.player(rec.opponent).record(r)
            if other is None or other.opponent != p.number:
                raise _error(
                    source,
                    where,
                    N_(
                        "round {round}: player {a} lists {b} as opponent, but player {b} does not "
                        "list {a}"
                    ),
                    round=r,
                    a=p.number,
                    b=rec.opponent,
                )
            if p.number < rec.opponent:
                if (
                    rec.colour is not None
                    and other.colour is not None
                    and rec.colour == other.colour
                ):
                    raise _error(
                        source,
                        f"{where}.colour",
                        (
                            N_("round {round}: players {a} and {b} both have White")
                            if rec.colour is WHITE
                            else N_("round {round}: players {a} and {b} both have Black")
                        ),
                        round=r,
                        a=p.number,
                        b=rec.opponent,
                    )
                if other.result not in _MIRROR.get(rec.result, ""):
                    raise _error(
                        source,
                        f"{where}.result",
                        N_(
                            "round {round}: result {mine} of player {a} disagrees with result "
                            "{theirs} of player {b}"
                        ),
                        round=r,
                        a=p.number,
                        b=rec.opponent,
                        mine=rec.result,
                        theirs=other.result,
                    )


def _check_points(t: Tournament, ps: PointSystem, paths: Mapping[int, str], source: str) -> None:
    for p in t.players:
        if p.points is None:
            continue
        total = sum(ps.points(rec) for rec in p.rounds)
        if abs(total - p.points) > 1e-6:
            raise _error(
                source,
                f"{paths[p.number]}.points",
                N_("player {number}: points field {points} disagrees with the results ({total})"),
                number=p.number,
                points=f"{p.points:.1f}",
                total=f"{total:.1f}",
            )


def loads_json(
    text: str,
    *,
    source: str = "<json>",
    point_system: PointSystem | None = None,
    check: bool = True,
) -> Tournament:
    """Parse a tournament document from JSON text (see :func:`tournament_from_json`); the
    bounds of :func:`swisspairing.safeyaml.load_json` (nesting, duplicate keys, NaN) apply."""
    if not isinstance(text, str):
        raise wrong_type(
            InvalidTournamentJsonError,
            "string",
            where=source,
            instance=type(text).__name__,
        )
    data = safe_load_json(text, source, error=InvalidTournamentJsonError)
    return tournament_from_json(data, source=source, point_system=point_system, check=check)


def load_json(
    path: str | os.PathLike[str], *, point_system: PointSystem | None = None, check: bool = True
) -> Tournament:
    """Read a tournament document from a UTF-8 file (at most
    :data:`~swisspairing.safeyaml.MAX_BYTES`)."""
    text = read_text_capped(os.fspath(path), error=InvalidTournamentJsonError)
    return loads_json(text, source=os.fspath(path), point_system=point_system, check=check)


def is_tournament_document(data: Any) -> bool:
    """Whether parsed JSON claims to be a tournament document (``format`` key)."""
    return isinstance(data, Mapping) and data.get("format") == FORMAT
