"""The stable, typed Python API: what a portal or a tournament manager calls.

>>> import swisspairing
>>> tournament = swisspairing.load_trf("examples/swiss-open-21.trf")
>>> result = swisspairing.pair_next_round(tournament, "fide-dutch-1992", locale="de")
>>> result.round
5
>>> str(result.boards[0])
'5 - 2'
>>> result.explanation[0]
'Punktgruppe 1:'

Everything here takes and returns the immutable values of :mod:`swisspairing.model`,
:mod:`swisspairing.pairing` and :mod:`swisspairing.standings`; a ruleset is given as a
:class:`~swisspairing.ruleset.Ruleset` or by id (or file path) as for ``--ruleset``.
Errors are the exceptions of :mod:`swisspairing.errors`: :class:`InvalidInputError` (and its
subclasses) for bad input, :class:`NoValidPairingError` when the rules allow no pairing; their
``render(locale)`` gives the message the command line prints.

The names listed in ``__all__`` keep their signatures within a major version.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from .engine import Engine
from .errors import FileAccessError, InvalidInputError, SwissPairingError
from .i18n import N_, normalise_locale
from .jsonio import (
    dumps_json,
    is_tournament_document,
    loads_json,
    tournament_from_json,
    tournament_to_json,
)
from .libmessages import os_problem
from .model import PointSystem, Tournament
from .output import format_pairs, render_events, write_atomic
from .pairing import Bye, Pairing, RoundPairing
from .ruleset import Ruleset, load_ruleset
from .safeyaml import read_text_capped
from .standings import Standings
from .trf import dumps_trf, read_trf

__all__ = [
    "REPORT_KINDS",
    "NextRound",
    "dump_json",
    "dump_trf",
    "explain",
    "load_json",
    "load_ruleset",
    "load_tournament",
    "load_trf",
    "loads_json",
    "loads_trf",
    "pair_next_round",
    "pairing_to_json",
    "report",
    "standings",
    "standings_json",
    "tournament_from_any",
    "tournament_from_json",
    "tournament_to_json",
]

#: The reports :func:`report` builds.
REPORT_KINDS = ("standings", "crosstable", "pairings")


# ---------------------------------------------------------------------- argument checks
_P = ParamSpec("_P")
_R = TypeVar("_R")


def _file_access(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """A file that cannot be read or written is a :class:`FileAccessError` (exit code 5)
    naming it, not a bare ``FileNotFoundError``."""

    @functools.wraps(fn)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return fn(*args, **kwargs)
        except SwissPairingError:
            raise
        except OSError as exc:
            raise FileAccessError(
                N_("cannot access file: {reason}"),
                where=str(exc.filename or ""),
                reason=os_problem(exc),
            ) from None

    return wrapper


def _require(value: Any, kinds: tuple[type, ...], argument: str, expected: str) -> None:
    """``value`` must be one of ``kinds`` (an :class:`InvalidInputError` otherwise, not an
    ``AttributeError`` deep inside)."""
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise InvalidInputError(
            N_("{argument} must be {expected}, not {given}"),
            argument=argument,
            expected=expected,
            given=type(value).__name__,
        )


def _path(value: Any, argument: str = "path") -> None:
    _require(value, (str, os.PathLike), argument, "a path")


def _tournament(value: Any) -> None:
    _require(value, (Tournament,), "tournament", "a Tournament")


def _options(locale: Any = None, seed: Any = None) -> None:
    if locale is not None:
        _require(locale, (str,), "locale", "a language code")
    if seed is not None:
        _require(seed, (int,), "seed", "an integer")


# ---------------------------------------------------------------------- tournaments
@_file_access
def load_json(
    path: str | os.PathLike[str], *, point_system: PointSystem | None = None, check: bool = True
) -> Tournament:
    """Read a tournament document from a UTF-8 file (see :func:`tournament_from_json`)."""
    from .jsonio import load_json as _load_json

    _path(path)
    return _load_json(path, point_system=point_system, check=check)


@_file_access
def load_trf(
    path: str | os.PathLike[str],
    *,
    point_system: PointSystem | None = None,
    check: bool = True,
    encoding: str | None = None,
) -> Tournament:
    """Read a TRF16 file: UTF-8 (with or without byte-order mark), UTF-16/32 with a
    byte-order mark, else the single-byte code page detected (``encoding`` overrides).

    With ``check`` the file is verified (opponents exist, both lines of a game agree, the
    points fields agree with the results under the file's ``XXS``, else ``point_system``,
    else 1/½/0); an :class:`~swisspairing.errors.InvalidTrfError` names the file, line and
    column.
    """
    from .trf import load_trf as _load_trf

    _path(path)
    return _load_trf(path, encoding=encoding, point_system=point_system, check=check)


def loads_trf(
    text: str, *, filename: str = "", point_system: PointSystem | None = None, check: bool = True
) -> Tournament:
    """Read TRF16 text (``filename`` names it in error messages)."""
    _require(text, (str,), "text", "a string")
    return read_trf(text, filename=filename, point_system=point_system, check=check)


@_file_access
def dump_trf(tournament: Tournament, path: str | os.PathLike[str] | None = None) -> str:
    """The TRF16 text of ``tournament``; with ``path`` also written there atomically."""
    _tournament(tournament)
    if path is not None:
        _path(path)
    text = dumps_trf(tournament)
    if path is not None:
        write_atomic(path, text)
    return text


@_file_access
def dump_json(tournament: Tournament, path: str | os.PathLike[str] | None = None) -> str:
    """The JSON document of ``tournament`` (schema ``tournament.schema.json``); with ``path``
    also written there atomically."""
    _tournament(tournament)
    if path is not None:
        _path(path)
    text = dumps_json(tournament)
    if path is not None:
        write_atomic(path, text)
    return text


@_file_access
def load_tournament(
    path: str | os.PathLike[str], *, point_system: PointSystem | None = None
) -> Tournament:
    """Read a tournament from any supported file: TRF16, a tournament JSON document
    (``"format": "swisspairing-tournament"``) or a team event file (YAML or JSON)."""
    _path(path)
    name = os.fspath(path)
    if name.lower().endswith(".json"):
        text = read_text_capped(name)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # loads_json names the problem, bounded
            data = None
        if data is None or is_tournament_document(data) or "players" in data:
            return loads_json(text, source=name, point_system=point_system)
    from .io import load_tournament as load_any

    return load_any(name, point_system=point_system)


def _ruleset(ruleset: Ruleset | str) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        return ruleset
    _require(ruleset, (str, os.PathLike), "ruleset", "a Ruleset, a ruleset id or a path")
    return load_ruleset(os.fspath(ruleset))


def _check_points(tournament: Tournament, ruleset: Ruleset) -> None:
    """A tournament built without ``XXS`` is checked against the ruleset's points, as the
    command line checks a file (a JSON document or TRF read before the ruleset was known)."""
    if tournament.point_system is None and ruleset.points != PointSystem():
        from .trf import check_points

        check_points(tournament, ruleset.points)


# ---------------------------------------------------------------------- pairing
@dataclass(frozen=True)
class NextRound:
    """The pairing of the next round, with the tournament it completes."""

    pairing: RoundPairing
    """Boards, byes and explanation events as the system produced them."""
    tournament: Tournament
    """The tournament with the new round written in (results still blank): what ``pair -o``
    writes."""
    locale: str
    """Language of :attr:`explanation` (``en``, ``de``, ``ru``, ``pl``)."""
    explanation: tuple[str, ...] = field(repr=False)
    """The explanation as lines of text, grouped by bracket (what ``pair --explain`` prints)."""
    scores: dict[int, float] = field(repr=False, compare=False, default_factory=dict)
    """Every player's score before the round."""

    @property
    def round(self) -> int:
        """The round paired."""
        return self.pairing.round

    @property
    def boards(self) -> tuple[Pairing, ...]:
        """The boards in publication order (:class:`~swisspairing.pairing.Pairing`)."""
        return self.pairing.boards

    @property
    def byes(self) -> tuple[Bye, ...]:
        """Players without an opponent (:class:`~swisspairing.pairing.Bye`)."""
        return self.pairing.byes

    def pairs_text(self) -> str:
        """The JaVaFo/bbpPairings pairs format (``pair -p``); team events list the matches
        by team number."""
        if self.pairing.matches or self.pairing.team_byes:
            from .teams import format_match_pairs

            return format_match_pairs(self.pairing)
        return format_pairs(self.pairing)

    def to_json(self) -> dict[str, Any]:
        """The pairing as JSON data (:func:`pairing_to_json`) with the explanation lines."""
        data = pairing_to_json(self.pairing, self.tournament, self.scores)
        data["language"] = self.locale
        data["explanation"] = list(self.explanation)
        return data


def pair_next_round(
    tournament: Tournament,
    ruleset: Ruleset | str,
    locale: str | None = None,
    *,
    seed: int | None = None,
    explain: bool = True,
) -> NextRound:
    """Pair the next round of ``tournament`` under ``ruleset``.

    ``locale`` is the language of the explanation (default: the ruleset's ``language``, else
    English); ``seed`` seeds the drawing of lots (default: derived from the tournament, as on
    the command line).  Raises :class:`~swisspairing.errors.InvalidTournamentError` when the
    tournament cannot be paired as it stands (a round unfinished, every round paired) and
    :class:`~swisspairing.errors.NoValidPairingError` when no pairing satisfies the absolute
    criteria.
    """
    _tournament(tournament)
    _options(locale, seed)
    rs = _ruleset(ruleset)
    _check_points(tournament, rs)
    lang = normalise_locale(locale or rs.language or "en")
    engine = Engine(rs)
    # the round's context computes the players' states once: the pairing and the scores
    # shown with it read the same ones (issue 20: twice cost 37 % of a 9,999-player round)
    ctx = engine.context(tournament, seed=seed, explain=explain)
    pairing = engine.pair(tournament, seed=seed, explain=explain, context=ctx)
    scores = {n: s.score for n, s in ctx.states.items()}
    return NextRound(
        pairing=pairing,
        tournament=engine.apply(tournament, pairing),
        locale=lang,
        explanation=tuple(render_events(pairing.events, lang)) if explain else (),
        scores=scores,
    )


def explain(pairing: RoundPairing | NextRound, locale: str | None = None) -> list[str]:
    """The explanation of a pairing as lines of text in ``locale``, grouped by bracket, each
    decision with the rule it applies (``[Dutch-1992 C7] …``)."""
    rp = pairing.pairing if isinstance(pairing, NextRound) else pairing
    return render_events(rp.events, normalise_locale(locale or "en"))


def pairing_to_json(
    pairing: RoundPairing,
    tournament: Tournament | None = None,
    scores: dict[int, float] | None = None,
) -> dict[str, Any]:
    """A round's pairing as JSON data: ``round``, ``boards`` (board, white, black, and
    ``absent`` for a forfeit), ``byes`` (player and TRF result code), team ``matches`` and
    ``team_byes``; with ``tournament`` each player also carries his name and, with
    ``scores``, his score before the round."""

    def who(n: int) -> dict[str, Any]:
        d: dict[str, Any] = {"number": n}
        if tournament is not None and n in tournament:
            d["name"] = tournament.player(n).name
        if scores is not None and n in scores:
            v = scores[n]
            d["points"] = int(v) if float(v).is_integer() else v
        return d

    boards = []
    for i, b in enumerate(pairing.boards, start=1):
        boards.append(
            {"board": i, "white": who(b.white), "black": who(b.black), "absent": b.absent}
        )
    return {
        "round": pairing.round,
        "boards": boards,
        "byes": [{"player": who(b.player), "result": b.result} for b in pairing.byes],
        "matches": [{"white": m.white, "black": m.black} for m in pairing.matches],
        "team_byes": [{"team": b.player, "result": b.result} for b in pairing.team_byes],
    }


# ---------------------------------------------------------------------- standings and reports
def standings(
    tournament: Tournament,
    ruleset: Ruleset | str,
    *,
    after_round: int | None = None,
    tiebreaks: Sequence[str] | None = None,
    seed: int | None = None,
    players: bool = False,
) -> Standings:
    """The standings after ``after_round`` (default: every recorded round) with the ruleset's
    tiebreaks (or ``tiebreaks`` ids); ``players`` ranks the players of a team event
    individually, with the ruleset's individual tiebreaks (``standings --players``)."""
    from .standings import available_tiebreaks, compute_standings

    _tournament(tournament)
    _options(seed=seed)
    if after_round is not None:
        _require(after_round, (int,), "after_round", "an integer")
    if tiebreaks is not None:
        _require(tiebreaks, (list, tuple), "tiebreaks", "a list of tiebreak ids")
        for t in tiebreaks:
            _require(t, (str,), "tiebreaks", "a list of tiebreak ids")
    rs = _ruleset(ruleset)
    _check_points(tournament, rs)
    ids = list(tiebreaks) if tiebreaks is not None else None
    if players and ids is None:
        known = available_tiebreaks(rs)
        ids = [t for t in rs.tiebreaks if t in known and not known[t].team]
    return compute_standings(
        tournament,
        rs,
        after_round=after_round,
        tiebreaks=ids,
        seed=seed,
        team=False if players else None,
    )


def report(
    tournament: Tournament,
    ruleset: Ruleset | str,
    kind: str = "standings",
    locale: str | None = None,
    *,
    fmt: str = "html",
    round_number: int | None = None,
    after_round: int | None = None,
    seed: int | None = None,
    players: bool = False,
) -> str:
    """A report as the ``standings``, ``crosstable`` and ``pairings`` commands print it, in
    ``fmt`` (``text``, ``csv``, ``json``, ``html``) and ``locale`` (default: the ruleset's
    language, else English).  ``round_number`` is the round of ``pairings`` (default: the
    last one paired)."""
    from .reports import FORMATS, crosstable_report, pairings_report, render, standings_report

    _tournament(tournament)
    _options(locale, seed)
    if round_number is not None:
        _require(round_number, (int,), "round_number", "an integer")
    if kind not in REPORT_KINDS:
        raise InvalidInputError(
            N_("unknown report {kind!r} (known: {known})"), kind=kind, known=", ".join(REPORT_KINDS)
        )
    if fmt not in FORMATS:
        raise InvalidInputError(
            N_("unknown report format {format!r} (known: {known})"),
            format=fmt,
            known=", ".join(FORMATS),
        )
    rs = _ruleset(ruleset)
    lang = normalise_locale(locale or rs.language or "en")
    if kind == "pairings":
        _check_points(tournament, rs)
        last = tournament.rounds_recorded
        rnd = last if round_number is None else round_number
        if rnd < 1 or rnd > last:
            raise InvalidInputError(
                N_("round {round} has not been paired (rounds paired: {recorded})"),
                round=rnd,
                recorded=last,
            )
        ps = tournament.point_system or rs.points
        return render(
            pairings_report(tournament, rnd, engine=Engine(rs), point_system=ps, locale=lang), fmt
        )
    table = standings(tournament, rs, after_round=after_round, seed=seed, players=players)
    if kind == "crosstable":
        if table.team:
            raise InvalidInputError(
                N_("the crosstable lists players; use standings for a team event")
            )
        return render(crosstable_report(tournament, table, lang), fmt)
    return render(standings_report(table, lang), fmt)


def standings_json(table: Standings, locale: str | None = None) -> dict[str, Any]:
    """The standings as the JSON report data (``standings --format json``)."""
    from .reports import render, standings_report

    data: dict[str, Any] = json.loads(
        render(standings_report(table, normalise_locale(locale or "en")), "json")
    )
    return data


def tournament_from_any(text: str, *, source: str = "<input>") -> Tournament:
    """A tournament from TRF16 text or a tournament JSON document (told apart by the first
    non-blank character: ``{`` is JSON)."""
    _require(text, (str,), "text", "a string")
    if text.lstrip().startswith("{"):
        return loads_json(text, source=source)
    return read_trf(text, filename=source)
