"""The tournament model: players, teams, rounds and results, as immutable values.

Everything that can be derived (scores, colour histories, floats, opponents met) is
derived from the round records by :func:`player_states`, never stored twice.  A new
round produces a new :class:`Tournament` through :meth:`Tournament.with_round`.

Colour is spelt as FIDE spells it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace

__all__ = [
    "BLACK",
    "PLAYED_CODES",
    "UNPLAYED_POINT_CODES",
    "WHITE",
    "Colour",
    "Float",
    "Player",
    "PlayerState",
    "PointSystem",
    "RoundRecord",
    "Team",
    "Tournament",
    "player_states",
]


class Colour(enum.Enum):
    """The colour of a player's pieces in one game."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        """The other colour."""
        return BLACK if self is WHITE else WHITE

    def __repr__(self) -> str:
        return f"Colour.{self.name}"

    def __str__(self) -> str:
        return self.value


WHITE = Colour.WHITE
BLACK = Colour.BLACK


class Float(enum.Enum):
    """The direction in which a player floated in one round (Dutch-1992 A4)."""

    UP = "up"
    DOWN = "down"

    def __repr__(self) -> str:
        return f"Float.{self.name}"


#: Result codes of games that were actually played (TRF16 001 round block, column 99).
PLAYED_CODES = frozenset("1=0WDL")
#: Result codes that give points without a game being played.
UNPLAYED_POINT_CODES = frozenset("+FU")
#: Every result code TRF16 knows (blank is the equivalent of ``Z``).
RESULT_CODES = frozenset("1=0WDL+-HFUZ ")


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """What happened to one player in one round: one TRF16 round block."""

    opponent: int | None
    """Start number of the scheduled opponent; ``None`` for a bye or an absence."""
    colour: Colour | None
    """Scheduled colour; ``None`` for a bye, an absence or an unknown colour."""
    result: str
    """TRF16 result code: ``1 = 0 W D L + - H F U Z`` or blank for a game without result yet."""

    def __post_init__(self) -> None:
        if self.result not in RESULT_CODES:
            raise ValueError(f"unknown result code {self.result!r}")

    @property
    def is_played(self) -> bool:
        """The game took place over the board (counts for colours and for meetings)."""
        return self.opponent is not None and self.result in PLAYED_CODES

    @property
    def is_forfeit(self) -> bool:
        """A scheduled game that was not played (``+`` or ``-``)."""
        return self.result in "+-" and self.result != ""

    @property
    def is_pending(self) -> bool:
        """A scheduled game whose result has not been entered yet."""
        return self.opponent is not None and self.result == " "

    @property
    def is_pairing_allocated_bye(self) -> bool:
        """The bye given by the pairing procedure (``U``)."""
        return self.result == "U"

    @property
    def is_requested_absence(self) -> bool:
        """A bye the player asked for or an announced absence (``H``, ``F``, ``Z`` or blank)."""
        return self.opponent is None and self.result in "HFZ "

    @property
    def points_without_play(self) -> bool:
        """Points scored without playing (``+``, ``F``, ``U``): Dutch-1992 B1b."""
        return self.result in UNPLAYED_POINT_CODES

    def __str__(self) -> str:
        opp = f"{self.opponent:04d}" if self.opponent is not None else "0000"
        col = self.colour.value if self.colour is not None else "-"
        return f"{opp} {col} {self.result}"


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points awarded per result (TRFx ``XXS`` codes in brackets)."""

    win: float = 1.0
    """A game won over the board (``WW``/``BW``)."""
    draw: float = 0.5
    """A drawn game (``WD``/``BD``)."""
    loss: float = 0.0
    """A game lost over the board (``WL``/``BL``)."""
    forfeit_win: float = 1.0
    """A win by forfeit ``+`` (``FW``)."""
    forfeit_loss: float = 0.0
    """A loss by forfeit ``-`` (``FL``)."""
    pairing_allocated_bye: float = 1.0
    """The bye given by the pairing procedure ``U`` (``PAB``)."""
    full_point_bye: float = 1.0
    """A requested full-point bye ``F`` (``FPB``)."""
    half_point_bye: float = 0.5
    """A requested half-point bye ``H`` (``HPB``)."""
    zero_point_bye: float = 0.0
    """A zero-point bye or known absence ``Z`` or blank (``ZPB``)."""

    def points(self, record: RoundRecord) -> float:
        """Points the record is worth; a pending game is worth nothing yet."""
        code = record.result
        if code in "1W":
            return self.win
        if code in "=D":
            return self.draw
        if code in "0L":
            return self.loss
        if code == "+":
            return self.forfeit_win
        if code == "-":
            return self.forfeit_loss
        if code == "U":
            return self.pairing_allocated_bye
        if code == "F":
            return self.full_point_bye
        if code == "H":
            return self.half_point_bye
        if record.opponent is not None:  # pending game
            return 0.0
        return self.zero_point_bye

    @property
    def max_per_round(self) -> float:
        """The most a player can score in one round."""
        return max(self.win, self.forfeit_win, self.pairing_allocated_bye, self.full_point_bye)

    @classmethod
    def from_mapping(cls, values: Mapping[str, float]) -> PointSystem:
        """Build from a ruleset ``points`` mapping (unknown keys are rejected)."""
        return cls(**{k: float(v) for k, v in values.items()})


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player (one TRF16 ``001`` line)."""

    number: int
    """Start number (pairing number), 1–9999."""
    name: str = ""
    """Name as ``Lastname, Firstname``."""
    sex: str = ""
    """``m``, ``w`` or empty."""
    title: str = ""
    """FIDE title (``GM``, ``IM``, ``WGM``, …) or empty."""
    rating: int = 0
    """Rating; 0 when unrated."""
    federation: str = ""
    """Three-letter federation code."""
    fide_id: str = ""
    """FIDE identifier, as written."""
    birth_date: str = ""
    """Birth date ``YYYY/MM/DD`` (or a year), as written."""
    points: float | None = None
    """The points field of the file; ``None`` when blank.  Checked against the results."""
    rank: int | None = None
    """The rank field of the file, if any."""
    rounds: tuple[RoundRecord, ...] = ()
    """One record per round, round 1 first; missing trailing rounds mean "no entry"."""
    club: str = ""
    """Club, when known (TRF16 has no column for it; team files and YAML events do)."""
    withdrawn_from: int | None = None
    """The first round in which the player no longer takes part; ``None`` while active."""

    def record(self, round_number: int) -> RoundRecord | None:
        """The record of a round (1-based), ``None`` when there is none."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return None

    def __str__(self) -> str:
        return f"{self.number} {self.name}".strip()


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its players in board order (one TRF16 ``013`` line)."""

    number: int
    """Team start number (the order of the ``013`` lines unless given otherwise)."""
    name: str
    """Team name."""
    roster: tuple[int, ...] = ()
    """Start numbers of the team's players, board 1 first."""
    club: str = ""
    """Club the team belongs to (teams of one club may not meet where a ruleset says so)."""
    registered: bool = True
    """Whether the team submitted a named list (PL-team 2: unregistered teams start last)."""


@dataclass(frozen=True)
class Tournament:
    """One event: its players, teams and every round recorded so far.

    Immutable: :meth:`with_round` returns a new tournament.
    """

    players: tuple[Player, ...]
    """Every registered player, in start-number order."""
    name: str = ""
    """Tournament name (TRF16 ``012``)."""
    teams: tuple[Team, ...] = ()
    """Teams, for team events."""
    total_rounds: int | None = None
    """Number of rounds of the event (TRFx ``XXR``)."""
    initial_colour: Colour | None = None
    """Colour of the top player in round 1 (TRFx ``XXC white1``/``black1``); ``None`` = not
    fixed."""
    forbidden_pairs: tuple[frozenset[int], ...] = ()
    """Groups of players who may not be paired with one another (TRFx ``XXP``)."""
    point_system: PointSystem | None = None
    """Point system written in the file (TRFx ``XXS``); ``None`` when the file has none."""
    absent_next: frozenset[int] = frozenset()
    """Players absent from the next round (TRFx ``XXZ``)."""
    header: tuple[tuple[str, str], ...] = ()
    """Other records kept as they were read (code, full line), in file order."""
    _index: dict[int, Player] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {p.number: p for p in self.players})

    # ------------------------------------------------------------------ lookup
    def player(self, number: int) -> Player:
        """The player with this start number (``KeyError`` if none)."""
        return self._index[number]

    def __contains__(self, number: object) -> bool:
        return number in self._index

    @property
    def rounds_recorded(self) -> int:
        """Number of rounds in which a pairing was made (a game, a forfeit or a ``U``)."""
        last = 0
        for p in self.players:
            for r, rec in enumerate(p.rounds, start=1):
                if r > last and (rec.opponent is not None or rec.result == "U"):
                    last = r
        return last

    @property
    def next_round(self) -> int:
        """The round to be paired next."""
        return self.rounds_recorded + 1

    def pending_games(self, round_number: int) -> list[int]:
        """Players whose game of that round has no result yet."""
        return [
            p.number
            for p in self.players
            if (rec := p.record(round_number)) is not None and rec.is_pending
        ]

    def is_withdrawn(self, number: int, round_number: int) -> bool:
        """Whether the player no longer takes part in that round."""
        w = self.player(number).withdrawn_from
        return w is not None and round_number >= w

    def requested_absence(self, number: int, round_number: int) -> RoundRecord | None:
        """The record of a player who asked not to be paired in that round, if any.

        A round block already filled for the round being paired (``0000 - H``, ``Z``, ``F``)
        or an ``XXZ`` entry marks such a player (the JaVaFo/bbpPairings convention).
        """
        rec = self.player(number).record(round_number)
        if rec is not None and rec.is_requested_absence:
            return rec
        if number in self.absent_next and round_number == self.next_round:
            return RoundRecord(None, None, "Z")
        return None

    def participants(self, round_number: int) -> list[Player]:
        """Players to be paired in a round: not withdrawn and not absent.

        In a round already paired, a player without a record for it did not take part
        (TRF16: a blank round block is the equivalent of ``Z``, e.g. a late entrant).
        """
        past = round_number < self.next_round
        return [
            p
            for p in self.players
            if not self.is_withdrawn(p.number, round_number)
            and self.requested_absence(p.number, round_number) is None
            and not (past and p.record(round_number) is None)
        ]

    # ------------------------------------------------------------------ new state
    def with_round(
        self,
        round_number: int,
        records: Mapping[int, RoundRecord],
        point_system: PointSystem | None = None,
    ) -> Tournament:
        """A new tournament with the given records set for ``round_number``.

        Players not in ``records`` keep what they have (e.g. a requested bye).  The points
        field is updated by what the new records are worth under ``point_system``.
        """
        ps = point_system or self.point_system or PointSystem()
        players = []
        for p in self.players:
            rec = records.get(p.number)
            if rec is None:
                players.append(p)
                continue
            rounds = list(p.rounds)
            while len(rounds) < round_number:
                rounds.append(RoundRecord(None, None, "Z"))
            old = rounds[round_number - 1]
            rounds[round_number - 1] = rec
            points = p.points
            if points is not None:
                points = points - ps.points(old) * (len(p.rounds) >= round_number) + ps.points(rec)
            players.append(replace(p, rounds=tuple(rounds), points=points))
        return replace(self, players=tuple(players), absent_next=frozenset())

    def forbidden(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` may not be paired according to the file (``XXP``)."""
        return any(a in g and b in g for g in self.forbidden_pairs)


@dataclass(frozen=True, slots=True)
class PlayerState:
    """Everything a pairing system needs to know about a player before a round.

    Derived from the round records by :func:`player_states`; never stored in files.
    """

    number: int
    """Start number."""
    score: float
    """Points scored in the rounds before the one being paired."""
    rating: int
    """Rating."""
    colours: tuple[Colour | None, ...]
    """Colour per round; ``None`` where no game was played (F2: unplayed games count no colour)."""
    floats: tuple[Float | None, ...]
    """Float per round (A4): down when paired with a lower score or given the bye, up when paired
    with a higher score."""
    opponents: frozenset[int]
    """Opponents met in played games (forfeits do not count as a meeting, F2)."""
    meetings: Mapping[int, int]
    """How often each opponent was met over the board."""
    byes: tuple[int, ...]
    """Rounds in which the player received the pairing-allocated bye ``U``."""
    unplayed_point_rounds: tuple[int, ...]
    """Rounds with points scored without playing (``+``, ``F``, ``U``)."""
    half_byes: tuple[int, ...]
    """Rounds with a requested half-point bye ``H``."""
    games_played: int
    """Number of games actually played."""

    @property
    def played_colours(self) -> tuple[Colour, ...]:
        """Colours of played games only, oldest first (the compacted history of F3)."""
        return tuple(c for c in self.colours if c is not None)

    @property
    def colour_difference(self) -> int:
        """Games with White minus games with Black (A7)."""
        cols = self.played_colours
        return sum(1 for c in cols if c is WHITE) - sum(1 for c in cols if c is BLACK)

    @property
    def last_colour(self) -> Colour | None:
        """Colour of the last played game."""
        cols = self.played_colours
        return cols[-1] if cols else None

    @property
    def colour_run(self) -> int:
        """How many of the last played games had the same colour as the last one."""
        cols = self.played_colours
        if not cols:
            return 0
        n = 0
        for c in reversed(cols):
            if c is not cols[-1]:
                break
            n += 1
        return n

    def floated(self, rounds_ago: int) -> Float | None:
        """Float of the round ``rounds_ago`` rounds before the one being paired (1 = last)."""
        if rounds_ago <= len(self.floats):
            return self.floats[-rounds_ago]
        return None


def player_states(
    tournament: Tournament,
    point_system: PointSystem,
    before_round: int | None = None,
    players: Iterable[int] | None = None,
) -> dict[int, PlayerState]:
    """Derive every player's :class:`PlayerState` before ``before_round``.

    Scores count every record of earlier rounds under ``point_system``.  Floats compare
    the scores of both players before the round (A4); a ``U`` bye is a downfloat (A5).
    """
    if before_round is None:
        before_round = tournament.next_round
    last = before_round - 1
    numbers = [p.number for p in tournament.players]
    score = {n: 0.0 for n in numbers}
    colours: dict[int, list[Colour | None]] = {n: [] for n in numbers}
    floats: dict[int, list[Float | None]] = {n: [] for n in numbers}
    meetings: dict[int, dict[int, int]] = {n: {} for n in numbers}
    byes: dict[int, list[int]] = {n: [] for n in numbers}
    unplayed: dict[int, list[int]] = {n: [] for n in numbers}
    halves: dict[int, list[int]] = {n: [] for n in numbers}
    records = {p.number: p.rounds for p in tournament.players}
    for r in range(1, last + 1):
        before = dict(score)
        for n in numbers:
            rounds = records[n]
            rec = rounds[r - 1] if r <= len(rounds) else None
            if rec is None:
                colours[n].append(None)
                floats[n].append(None)
                continue
            score[n] += point_system.points(rec)
            if rec.is_played:
                colours[n].append(rec.colour)
                m = meetings[n]
                opponent = rec.opponent
                assert opponent is not None  # a played game has an opponent
                m[opponent] = m.get(opponent, 0) + 1
            else:
                colours[n].append(None)
            fl: Float | None = None
            if rec.opponent is not None and rec.opponent in before:
                mine, theirs = before[n], before[rec.opponent]
                if mine > theirs:
                    fl = Float.DOWN
                elif mine < theirs:
                    fl = Float.UP
            elif rec.result == "U":
                fl = Float.DOWN
            floats[n].append(fl)
            if rec.result == "U":
                byes[n].append(r)
            if rec.points_without_play:
                unplayed[n].append(r)
            if rec.result == "H":
                halves[n].append(r)
    wanted = set(players) if players is not None else None
    out: dict[int, PlayerState] = {}
    for p in tournament.players:
        n = p.number
        if wanted is not None and n not in wanted:
            continue
        out[n] = PlayerState(
            number=n,
            score=score[n],
            rating=p.rating,
            colours=tuple(colours[n]),
            floats=tuple(floats[n]),
            opponents=frozenset(meetings[n]),
            meetings=meetings[n],
            byes=tuple(byes[n]),
            unplayed_point_rounds=tuple(unplayed[n]),
            half_byes=tuple(halves[n]),
            games_played=sum(1 for c in colours[n] if c is not None),
        )
    return out


def iter_games(tournament: Tournament, round_number: int) -> Iterator[tuple[int, RoundRecord]]:
    """Each scheduled game of a round once, as ``(player, record)`` from the lower number's side."""
    for p in tournament.players:
        rec = p.record(round_number)
        if rec is not None and rec.opponent is not None and p.number < rec.opponent:
            yield p.number, rec
