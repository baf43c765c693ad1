"""Team events: teams, matches and the *team view* of a tournament.

A team event is stored as an ordinary tournament whose players' round records are the board
games (TRF16 ``001`` lines) and whose :class:`~swisspairing.model.Team` entries (TRF16 ``013``
lines, or the ``teams`` of an event file) give each team's players in board order.  Nothing
about a match is stored twice: every team's match of a round is derived from the board games
of its players by :func:`team_records`.

- A team's **match** in a round: its players who have a game that round, in roster order, sit
  on boards 1, 2, …; all their opponents must belong to one other team.  The **board-1
  colour** is the colour of board 1 (when board 1 has no colour, that of the first board
  that has one, flipped on even boards: boards alternate, AMB-P5).
- **Game points** (GP) = the sum of the board points under the board point system.
  **Match points** (MP) = :attr:`TeamScoring.match_win` / ``match_draw`` / ``match_loss`` by
  comparing the two teams' game points (3/1/0 in PL-team 0, 2/1/0 elsewhere).
- A match in which no board game was played over the board is **unplayed**: it counts as a
  lost match for both teams (PL-team 0 "0 pkt za … nie grany mecz") unless
  ``unplayed_match: score`` is set, and as a pause for bye eligibility (PL-team 3).
- A **pause** (team bye): the team's players have a pairing-allocated bye ``U`` and no
  opponent; the team scores ``bye_match_points`` and ``bye_game_points`` (PL-team 3: 0 MP and
  3 GP = half of 6 boards).

The **team view** (:func:`team_tournament`) turns each team into a pseudo-player (number =
team number, rating = rating sum, club = team club, one record per round: opponent team,
board-1 colour, the match result coded as ``1 = 0``, ``U`` for a pause, ``-``/``+`` for an
unplayed match) scored in match points, so that a system plugin pairs teams with the core's
:class:`~swisspairing.context.RoundContext` (no rematch, ``forbidden`` pairs and clubs, colour
limits on board 1) exactly as it pairs players.  :func:`expand_round` turns the matches back
into board pairings (board 1 as decided, other boards alternating, AMB-P5), so that writing the
next round to TRF keeps working.

Clubs of teams read from TRF: TRF16 has no club column, so a swisspairing record
``SPC NNNN club name`` (team NNNN, in ``013`` order, belongs to that club) is read from the
header records, which the TRF writer keeps.  Event files give ``club`` directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import InvalidInputError
from .i18n import N_, NP_, gettext
from .model import WHITE, Colour, Player, PointSystem, RoundRecord, Team, Tournament
from .pairing import Bye, Pairing, RoundPairing

if TYPE_CHECKING:
    from .context import RoundContext
    from .explain import Event
    from .tiebreaks import TeamRound

__all__ = [
    "TeamPairing",
    "TeamRecord",
    "TeamScoring",
    "board_colour",
    "expand_round",
    "format_match_pairs",
    "format_match_table",
    "is_team_event",
    "lineup",
    "match_points_schema",
    "order_by_rating_sum",
    "team_clubs",
    "team_context",
    "team_of",
    "team_point_system",
    "team_rating",
    "team_records",
    "team_results",
    "team_tournament",
]


@dataclass(frozen=True)
class TeamPairing:
    """A team system's pairing of a round, before it is expanded to boards
    (:func:`expand_round`)."""

    matches: tuple[Pairing, ...]
    """Matches, the team with White on board 1 first, in publication order."""
    pauses: tuple[int, ...]
    """The pausing team (the team bye; at most one)."""
    events: tuple[Event, ...]
    """The explanation."""


_EPS = 1e-9


# ---------------------------------------------------------------------- scoring
@dataclass(frozen=True, slots=True)
class TeamScoring:
    """How matches are scored (ruleset ``parameters`` of a team system)."""

    boards: int = 4
    """Boards per match (PL-team 1: 6)."""
    match_win: float = 2.0
    """Match points for a won match (PL-team 0: 3)."""
    match_draw: float = 1.0
    """Match points for a drawn match."""
    match_loss: float = 0.0
    """Match points for a lost match."""
    bye_match_points: float = 0.0
    """Match points of a pause (PL-team 3: 0)."""
    bye_game_points: float | None = None
    """Game points of a pause; ``None`` = half the boards (PL-team 3: 3 of 6)."""
    unplayed_match: str = "zero"
    """``zero``: a match without any game played over the board is lost by both teams
    (PL-team 0); ``score``: it is scored by its game points like any other match."""

    @property
    def pause_game_points(self) -> float:
        """Game points a pausing team receives."""
        return self.bye_game_points if self.bye_game_points is not None else self.boards / 2

    @classmethod
    def from_ruleset(cls, ruleset: Any) -> TeamScoring:
        """Read ``boards``, ``match_points {win, draw, loss}``, ``bye_match_points``,
        ``bye_game_points`` and ``unplayed_match`` from the ruleset's parameters."""
        params: Mapping[str, Any] = getattr(ruleset, "parameters", None) or {}
        mp = params.get("match_points") or {}
        return cls(
            boards=int(params.get("boards", 4)),
            match_win=float(mp.get("win", 2)),
            match_draw=float(mp.get("draw", 1)),
            match_loss=float(mp.get("loss", 0)),
            bye_match_points=float(params.get("bye_match_points", 0)),
            bye_game_points=None
            if params.get("bye_game_points") is None
            else float(params["bye_game_points"]),
            unplayed_match=str(params.get("unplayed_match", "zero")),
        )

    def match_points(self, mine: float, theirs: float) -> float:
        """Match points for a match won, drawn or lost by game points."""
        if mine > theirs + _EPS:
            return self.match_win
        if mine < theirs - _EPS:
            return self.match_loss
        return self.match_draw


def match_points_schema(win: float, draw: float, loss: float, description: str) -> dict[str, Any]:
    """The JSON-schema fragment of the ruleset parameter ``match_points`` that
    :meth:`TeamScoring.from_ruleset` reads, with the system's default (one definition for
    every team system's schema: each key a number of at least 0, no other key)."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "win": {"type": "number", "minimum": 0},
            "draw": {"type": "number", "minimum": 0},
            "loss": {"type": "number", "minimum": 0},
        },
        "default": {"win": win, "draw": draw, "loss": loss},
        "description": description,
    }


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """What happened to one team in one round (derived from its players' board games)."""

    opponent: int | None
    """Number of the opponent team; ``None`` for a pause."""
    colour: Colour | None
    """Board-1 colour of a match played over the board; ``None`` otherwise."""
    game_points: float
    """Game points scored (the sum of the board points; a pause's value for a pause)."""
    match_points: float
    """Match points scored."""
    played: bool
    """At least one board game of the match was played over the board."""
    pause: bool = False
    """The team paused (team bye)."""
    pending: bool = False
    """The match has games without a result yet."""

    @property
    def counts_as_pause(self) -> bool:
        """A pause or an unplayed match (PL-team 3: "mecze nie grane są również zaliczane do
        pauzowania")."""
        return self.pause or (self.opponent is not None and not self.played and not self.pending)


# ---------------------------------------------------------------------- teams and players
def is_team_event(tournament: Tournament) -> bool:
    """Whether the tournament has teams."""
    return bool(tournament.teams)


def team_of(tournament: Tournament) -> dict[int, int]:
    """Player start number → team number.  A player listed by two teams is an error."""
    out: dict[int, int] = {}
    for team in tournament.teams:
        for n in team.roster:
            if n in out and out[n] != team.number:
                raise InvalidInputError(
                    N_("player {player} is listed by teams {first} and {second}"),
                    player=n,
                    first=out[n],
                    second=team.number,
                )
            out[n] = team.number
    return out


def team_clubs(tournament: Tournament) -> dict[int, str]:
    """Team number → club: the team's own ``club``, else a ``SPC NNNN club`` record."""
    clubs = {t.number: t.club for t in tournament.teams if t.club}
    numbers = {t.number for t in tournament.teams}
    for code, line in tournament.header:
        if code != "SPC":
            continue
        parts = line[3:].split(None, 1)
        if len(parts) != 2 or not parts[0].isascii() or not parts[0].isdigit():
            raise InvalidInputError(
                N_("record {line!r}: expected SPC, a team number and a club"), line=line
            )
        number = int(parts[0])
        if number not in numbers:
            raise InvalidInputError(
                N_("record {line!r}: team {team} does not exist"), line=line, team=number
            )
        clubs.setdefault(number, parts[1].strip())
    return clubs


def team_rating(tournament: Tournament, team: Team, boards: int) -> int:
    """The sum of the ratings of the team's first ``boards`` players (PL-team 2)."""
    total = 0
    for n in team.roster[:boards]:
        if n in tournament:
            total += tournament.player(n).rating
    return total


def order_by_rating_sum(entries: Sequence[tuple[int, bool]]) -> list[int]:
    """PL-team 2: indices of ``(rating sum, registered)`` entries in start-number order:
    registered teams by descending rating sum, then teams without a named list; ties keep
    the given order."""
    return sorted(
        range(len(entries)),
        key=lambda i: (not entries[i][1], -entries[i][0] if entries[i][1] else 0, i),
    )


def lineup(
    tournament: Tournament,
    team: Team,
    round_number: int,
    boards: int,
    present: set[int] | None = None,
) -> list[int]:
    """The players who sit on boards 1, 2, … of the team in a round to be paired: the roster
    in board order without players who are withdrawn or absent, at most ``boards``
    (``present``: the round's participants, when already known)."""
    if present is None:
        present = {p.number for p in tournament.participants(round_number)}
    return [n for n in team.roster if n in present][:boards]


def board_colour(board: int, board1: Colour) -> Colour:
    """AMB-P5: the colour of the board-1 White team's player on ``board`` (odd boards as
    board 1, even boards the other colour)."""
    return board1 if board % 2 == 1 else board1.opposite


# ---------------------------------------------------------------------- match records
def team_records(
    tournament: Tournament,
    scoring: TeamScoring,
    point_system: PointSystem,
    upto_round: int | None = None,
) -> dict[int, list[TeamRecord | None]]:
    """Each team's record per round, rounds 1 … ``upto_round`` (default: every round recorded).

    ``None`` where the team neither played nor paused (absent, withdrawn, not yet entered).
    Raises :class:`InvalidInputError` when a team's players meet players of two teams in one
    round, or a player of a team meets a player who belongs to no team.
    """
    last = tournament.rounds_recorded if upto_round is None else upto_round
    owner = team_of(tournament)
    raw: dict[int, list[tuple[int | None, Colour | None, float, bool, bool, bool] | None]] = {}
    for team in tournament.teams:
        rounds: list[tuple[int | None, Colour | None, float, bool, bool, bool] | None] = []
        for r in range(1, last + 1):
            gp = 0.0
            opponents: set[int] = set()
            played = pending = bye = False
            board1: Colour | None = None
            board = 0
            for n in team.roster:
                if n not in tournament:
                    continue
                rec = tournament.player(n).record(r)
                if rec is None:
                    continue
                if rec.opponent is None:
                    if rec.result == "U":
                        bye = True
                    continue
                board += 1
                gp += point_system.points(rec)
                if rec.opponent not in owner:
                    raise InvalidInputError(
                        N_(
                            "round {round}: player {player} of team {team} plays {opponent}, who "
                            "belongs to no team"
                        ),
                        round=r,
                        player=n,
                        team=team.number,
                        opponent=rec.opponent,
                    )
                opponents.add(owner[rec.opponent])
                played = played or rec.is_played
                pending = pending or rec.is_pending
                if board1 is None and rec.colour is not None:
                    board1 = rec.colour if board % 2 == 1 else rec.colour.opposite
            if len(opponents) > 1:
                raise InvalidInputError(
                    NP_(
                        "round {round}: the players of team {team} meet players of team {teams}",
                        "round {round}: the players of team {team} meet players of teams {teams}",
                        "teams",
                    ),
                    round=r,
                    team=team.number,
                    teams=", ".join(map(str, sorted(opponents))),
                )
            if opponents:
                rounds.append(
                    (opponents.pop(), board1 if played else None, gp, played, pending, False)
                )
            elif bye:
                rounds.append((None, None, scoring.pause_game_points, False, False, True))
            else:
                rounds.append(None)
        raw[team.number] = rounds
    out: dict[int, list[TeamRecord | None]] = {}
    for number, rounds in raw.items():
        recs: list[TeamRecord | None] = []
        for i, entry in enumerate(rounds):
            if entry is None:
                recs.append(None)
                continue
            opp, colour, gp, played, pending, bye = entry
            if bye:
                recs.append(TeamRecord(None, None, gp, scoring.bye_match_points, False, pause=True))
                continue
            other = raw.get(opp, [])  # type: ignore[arg-type]
            theirs_entry = other[i] if i < len(other) else None
            theirs = theirs_entry[2] if theirs_entry is not None else 0.0
            if pending:
                mp = 0.0
            elif not played and scoring.unplayed_match == "zero":
                mp = scoring.match_loss
            else:
                mp = scoring.match_points(gp, theirs)
            recs.append(TeamRecord(opp, colour, gp, mp, played, pending=pending))
        out[number] = recs
    return out


def team_results(
    tournament: Tournament, point_system: PointSystem, after_round: int, ruleset: Any = None
) -> dict[int, list[TeamRound | None]]:
    """Each team's matches up to ``after_round`` for standings and team tiebreaks
    (:data:`swisspairing.tiebreaks.TeamResults`)."""
    from .tiebreaks import TeamRound

    scoring = TeamScoring.from_ruleset(ruleset)
    records = team_records(tournament, scoring, point_system, after_round)
    return {
        t: [
            None if r is None else TeamRound(r.opponent, r.match_points, r.game_points, r.played)
            for r in recs
        ]
        for t, recs in records.items()
    }


# ---------------------------------------------------------------------- the team view
def team_point_system(scoring: TeamScoring) -> PointSystem:
    """Match points as a :class:`PointSystem` of the team view (``-`` = unplayed match)."""
    return PointSystem(
        win=scoring.match_win,
        draw=scoring.match_draw,
        loss=scoring.match_loss,
        forfeit_win=scoring.match_win,
        forfeit_loss=scoring.match_loss,
        pairing_allocated_bye=scoring.bye_match_points,
        full_point_bye=scoring.bye_match_points,
        half_point_bye=scoring.bye_match_points,
        zero_point_bye=0.0,
    )


def _view_record(rec: TeamRecord | None, scoring: TeamScoring) -> RoundRecord:
    if rec is None:
        return RoundRecord(None, None, "Z")
    if rec.pause:
        return RoundRecord(None, None, "U")
    if rec.pending:
        return RoundRecord(rec.opponent, rec.colour, " ")
    if not rec.played:
        won = (
            abs(rec.match_points - scoring.match_win) < _EPS
            and scoring.match_win > scoring.match_loss
        )
        return RoundRecord(rec.opponent, None, "+" if won else "-")
    if abs(rec.match_points - scoring.match_win) < _EPS:
        code = "1"
    elif abs(rec.match_points - scoring.match_draw) < _EPS:
        code = "="
    else:
        code = "0"
    return RoundRecord(rec.opponent, rec.colour, code)


def team_tournament(
    tournament: Tournament,
    scoring: TeamScoring,
    point_system: PointSystem,
    before_round: int | None = None,
) -> tuple[Tournament, dict[int, float]]:
    """The team view before ``before_round`` (default: the next round) and each team's game
    points.

    Each team is a pseudo-player: number = team number, name, rating = rating sum of its
    first ``boards`` players (PL-team 2), club (``forbidden.same_club``), federation (when all
    its players share one), one record per round; a team none of whose players takes part in
    a round is absent (withdrawn when all its players have withdrawn).
    """
    rnd = tournament.next_round if before_round is None else before_round
    records = team_records(tournament, scoring, point_system, rnd - 1)
    clubs = team_clubs(tournament)
    present_next = (
        {p.number for p in tournament.participants(rnd)} if rnd == tournament.next_round else None
    )
    players: list[Player] = []
    absent: set[int] = set()
    gp: dict[int, float] = {}
    for team in tournament.teams:
        members = [tournament.player(n) for n in team.roster if n in tournament]
        feds = {p.federation for p in members if p.federation}
        withdrawn = [p.withdrawn_from for p in members]
        withdrawn_from = (
            max(withdrawn) if members and all(w is not None for w in withdrawn) else None  # type: ignore[type-var]
        )
        recs = records.get(team.number, [])
        players.append(
            Player(
                number=team.number,
                name=team.name,
                rating=team_rating(tournament, team, scoring.boards) if team.registered else 0,
                federation=feds.pop() if len(feds) == 1 else "",
                club=clubs.get(team.number, ""),
                rounds=tuple(_view_record(r, scoring) for r in recs),
                withdrawn_from=withdrawn_from,
            )
        )
        gp[team.number] = sum(r.game_points for r in recs if r is not None)
        if present_next is not None and not any(p.number in present_next for p in members):
            absent.add(team.number)
    view = Tournament(
        players=tuple(sorted(players, key=lambda p: p.number)),
        name=tournament.name,
        total_rounds=tournament.total_rounds,
        initial_colour=tournament.initial_colour,
        point_system=team_point_system(scoring),
        absent_next=frozenset(absent),
    )
    return view, gp


def team_context(context: RoundContext) -> RoundContext:
    """A :class:`RoundContext` over the team view of ``context``'s tournament: same ruleset,
    round, seed and engine; its ``states`` are teams (score = match points) and its
    ``data["game_points"]``, ``data["scoring"]``, ``data["records"]`` and ``data["players"]``
    (the player-level context) carry the rest."""
    from .context import RoundContext

    scoring = TeamScoring.from_ruleset(context.ruleset)
    view, gp = team_tournament(
        context.tournament, scoring, context.point_system, context.round_number
    )
    ctx = RoundContext(
        view,
        context.ruleset,
        context.round_number,
        engine=context.engine,
        seed=context.seed,
        explain=context.explanation.enabled,
    )
    ctx.data["game_points"] = gp
    ctx.data["scoring"] = scoring
    ctx.data["records"] = team_records(
        context.tournament, scoring, context.point_system, context.round_number - 1
    )
    ctx.data["players"] = context
    return ctx


def expand_round(
    context: RoundContext,
    matches: Sequence[Pairing],
    pauses: Sequence[int],
    events: Iterable[Event] = (),
) -> RoundPairing:
    """The round's :class:`RoundPairing` from team matches (``Pairing(white team, black team)``
    by board-1 colour) and pausing teams: board games for each match (board ``k`` pairs the
    two teams' ``k``-th present players; the board-1 White team has White on odd boards,
    AMB-P5) and a ``U`` bye for every player of a pausing team's line-up.

    ``context`` is the player-level context.  The result lists the matches in
    :attr:`RoundPairing.matches` and the pausing teams in :attr:`RoundPairing.team_byes`.
    """
    tournament = context.tournament
    scoring = TeamScoring.from_ruleset(context.ruleset)
    by_number = {t.number: t for t in tournament.teams}
    rnd = context.round_number
    present = set(context.participants)
    boards: list[Pairing] = []
    byes: list[Bye] = []
    for match in matches:
        white = lineup(tournament, by_number[match.white], rnd, scoring.boards, present)
        black = lineup(tournament, by_number[match.black], rnd, scoring.boards, present)
        for k, (a, b) in enumerate(zip(white, black, strict=False), start=1):
            boards.append(Pairing(a, b) if board_colour(k, WHITE) is WHITE else Pairing(b, a))
    for team in pauses:
        for n in lineup(tournament, by_number[team], rnd, scoring.boards, present):
            byes.append(Bye(n, "U"))
    return RoundPairing(
        rnd,
        tuple(boards),
        tuple(byes),
        tuple(events),
        matches=tuple(matches),
        team_byes=tuple(Bye(t, "U") for t in pauses),
    )


# ---------------------------------------------------------------------- output
def format_match_pairs(pairing: RoundPairing) -> str:
    """The pairs format for a team round: the number of matches plus pauses, then
    ``white black`` per match by *team* number (the team with White on board 1 first),
    a pause as ``T 0`` — the JaVaFo/bbpPairings layout with teams in place of players."""
    lines = [str(len(pairing.matches) + len(pairing.team_byes))]
    lines += [f"{m.white} {m.black}" for m in pairing.matches]
    lines += [f"{b.player} 0" for b in pairing.team_byes]
    return "\n".join(lines) + "\n"


def _num(value: float, locale: str | None = None) -> str:
    """A score in the locale's format (``8,5`` in de/ru/pl)."""
    from .explain import format_number

    return format_number(value, locale)


def format_match_table(
    pairing: RoundPairing,
    tournament: Tournament,
    point_system: PointSystem,
    ruleset: Any,
    locale: str | None,
) -> str:
    """A readable list of the round's matches: match, team with White on board 1 (MP, GP),
    team with Black on board 1 (MP, GP); pauses after the matches."""
    _ = lambda s: gettext(s, locale)  # noqa: E731
    scoring = TeamScoring.from_ruleset(ruleset)
    records = team_records(tournament, scoring, point_system, pairing.round - 1)
    names = {t.number: t.name for t in tournament.teams}

    def totals(t: int) -> tuple[str, str]:
        recs = [r for r in records.get(t, []) if r is not None]
        return _num(sum(r.match_points for r in recs), locale), _num(
            sum(r.game_points for r in recs), locale
        )

    def who(t: int) -> str:
        return f"{t} {names.get(t, '')}".strip()

    title = _(N_("Round {round}")).format(round=pairing.round)
    head = [
        _(N_("Match")),
        _(N_("White on board 1")),
        _(N_("MP")),
        _(N_("GP")),
        _(N_("Black on board 1")),
        _(N_("MP")),
        _(N_("GP")),
    ]
    rows: list[list[str]] = []
    for i, m in enumerate(pairing.matches, start=1):
        rows.append([str(i), who(m.white), *totals(m.white), who(m.black), *totals(m.black)])
    for bye in pairing.team_byes:
        rows.append(["", who(bye.player), *totals(bye.player), _(N_("pause")), "", ""])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    numeric = (0, 2, 3, 5, 6)

    def fmt(r):
        return "  ".join(
            c.rjust(w) if i in numeric else c.ljust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=False))
        ).rstrip()

    lines = [title, "", fmt(head), "  ".join("-" * w for w in widths), *(fmt(r) for r in rows)]
    return "\n".join(lines) + "\n"
