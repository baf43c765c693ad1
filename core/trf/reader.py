"""Reading TRF files: TRF16 (FIDE Tournament Report File), the TRF(x)/TRF(bx) engine
extensions of JaVaFo and bbpPairings, and TRF-2026.

The records are read one kind at a time by :mod:`swisspairing.trf.records` (what each record
means and which ones are refused is listed there); this module reads the fields of the
``001`` lines, puts the records together into a :class:`Tournament` and checks the whole.
Lines may end in CR, LF or CRLF.

Every error names the file, the line and the column (``spec/trf.md`` columns, 1-based).  A
checked read also refuses what bbpPairings refuses: a file without ``001`` records, rounds
recorded beyond ``XXR``, ``XXP``/``XXZ``/``XXA`` naming players who do not exist.  Files are
read through ``core/encoding.py`` and bounded (:data:`MAX_TRF_BYTES`, :data:`MAX_LINE_CHARS`).
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from typing import Any, TextIO

from ..encoding import Decoded, decode_bytes
from ..errors import InvalidTrfError, Location, SizeLimitError
from ..explain import Term
from ..i18n import N_, NP_
from ..model import (
    BLACK,
    WHITE,
    Colour,
    Player,
    PointSystem,
    RoundRecord,
    Tournament,
)
from ..safetext import CONTROL
from .records import ReadState, is_known, read_record

__all__ = [
    "MAX_LINE_CHARS",
    "MAX_TRF_BYTES",
    "OWNED_CODES",
    "TYPED_CODES",
    "InvalidTrfError",
    "apply_records",
    "check_points",
    "has_acceleration",
    "inferred_initial_colour",
    "load_trf",
    "load_trf_source",
    "read_file_capped",
    "read_trf",
    "unknown_records",
]

#: Largest TRF file read (bytes); a 10,000-player open over 20 rounds is about 3 MB.
MAX_TRF_BYTES = 32 * 1024 * 1024
#: Longest TRF line read (characters); a 001 line for 500 rounds is about 5,100.
MAX_LINE_CHARS = 10_000
#: Most rounds a tournament may declare (``XXR``/``142``); more is a size limit (exit 4).
MAX_ROUNDS = 999
#: Largest point value accepted in ``XXS``/``BB?``/``XXA`` records and the points field.
MAX_POINT_VALUE = 9999.0

_LINE_SPLIT = re.compile(r"\r\n|\r|\n")
#: TRFx record codes whose content lives in :class:`Tournament` fields and is written from
#: them (a tournament document keeps the other records as lines).
OWNED_CODES = ("XXR", "XXC", "XXP", "XXS", "XXZ", "SPW")
#: Every record code written from the tournament's fields, in the version of the file:
#: ``142``/``152``/``162`` (TRF26) or ``XXR``/``XXC``/``XXS`` (TRFx).  A tournament document
#: keeps the TRF26 ones among its lines, so that it is written back in its version.
TYPED_CODES = (*OWNED_CODES, "142", "152", "162")
#: Results that mirror each other on the two lines of one game.
_MIRROR = {
    "1": "0",
    "0": "1",
    "=": "=",
    "W": "L",
    "L": "W",
    "D": "D",
    "+": "-",
    "-": "+-",
    " ": " ",
}
#: A number as TRF files write it (ASCII digits, optional sign and decimals): no ``nan``/``inf``.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def _is_digits(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also accepts ``²``, which ``int`` rejects)."""
    return text.isascii() and text.isdigit()


_RECORD = re.compile(r"^(?:\d{3}|[A-Z]{3}) .*$", re.MULTILINE)
"""A record line (``001 …``, ``XXR …``): the lines whose text (names above all) is read."""


def _refuse_control_characters(text: str, filename: str) -> None:
    """A control character (other than tab and line ends) in a record, in a name above all,
    is an error at its line and column: never passed on to a terminal, the TRF written back
    or a page (:mod:`swisspairing.safetext`).  Lines that are no record (binary junk, UTF-16
    read as UTF-8) are left to the reader, which says what the file is not."""
    for record in _RECORD.finditer(text):
        match = CONTROL.search(record.group())
        if match is None:
            continue
        at = record.start() + match.start()
        before = _LINE_SPLIT.split(text[:at])
        raise InvalidTrfError(
            N_("control character U+{code}"),
            filename=filename,
            line=len(before),
            column=len(before[-1]) + 1,
            code=f"{ord(match.group()):04X}",
        )


class _Reader:
    def __init__(self, filename: str) -> None:
        self.filename = filename

    def error(
        self, message: str, line: int, column: int | None = None, **args: object
    ) -> InvalidTrfError:
        return InvalidTrfError(message, filename=self.filename, line=line, column=column, **args)

    def int_field(self, text: str, line_no: int, start: int, end: int, field: str) -> int | None:
        raw = text[start - 1 : end].strip()
        if not raw:
            return None
        if not _is_digits(raw):
            raise self.error(
                N_("{field} {value!r} is not a number"),
                line_no,
                start,
                field=Term(field),
                value=raw,
            )
        return int(raw)

    def number(self, raw: str, line_no: int, column: int, field: str) -> float:
        try:
            if not _NUMBER.fullmatch(raw) or len(raw) > 12:
                raise ValueError(raw)
            value = float(raw)
            if not abs(value) <= MAX_POINT_VALUE:
                raise ValueError(raw)
            return value
        except ValueError:
            raise self.error(
                N_("{field} {value!r} is not a number"),
                line_no,
                column,
                field=Term(field),
                value=raw,
            ) from None

    def rounds(self, digits: str, line_no: int) -> int:
        """A number of rounds (``XXR``/``142``): at most :data:`MAX_ROUNDS` (a size limit,
        exit 4)."""
        if len(digits) > 9 or int(digits) > MAX_ROUNDS:
            where = Location(self.filename, line_no, 5)
            raise SizeLimitError(
                NP_(
                    "at most {limit} round is supported",
                    "at most {limit} rounds are supported",
                    "limit",
                ),
                where=where,
                limit=MAX_ROUNDS,
            )
        return int(digits)

    # ------------------------------------------------------------------ XXA
    def acceleration(self, text: str, line_no: int) -> tuple[int, tuple[float, ...]]:
        """``XXA NNNN pp.p pp.p …``: the player (columns 5-8) and the fictitious points of
        round r at columns ``10 + 5(r-1)`` (TRFx ``XXA``; blank = 0)."""
        number = self.int_field(text, line_no, 5, 8, N_("start number"))
        if not number:
            raise self.error(N_("missing start number"), line_no, 5)
        values: list[float] = []
        col = 10
        while len(text) >= col:
            raw = text[col - 1 : col + 3].strip()
            values.append(self.number(raw, line_no, col, N_("acceleration")) if raw else 0.0)
            col += 5
        return number, tuple(values)

    # ------------------------------------------------------------------ 001
    def player(self, text: str, line_no: int) -> tuple[Player, list[int]]:
        number = self.int_field(text, line_no, 5, 8, N_("start number"))
        if number is None or number == 0:
            raise self.error(N_("missing start number"), line_no, 5)
        rating = self.int_field(text, line_no, 49, 52, N_("rating")) or 0
        raw_points = text[80:84].strip()
        points = self.number(raw_points, line_no, 81, N_("points")) if raw_points else None
        rank = self.int_field(text, line_no, 86, 89, N_("rank"))
        rounds: list[RoundRecord] = []
        columns: list[int] = []
        start = 92
        while len(text) >= start:
            block = text[start - 1 : start + 7].ljust(8)
            rounds.append(self.round_block(block, line_no, start))
            columns.append(start)
            start += 10
        while (
            rounds
            and rounds[-1] == RoundRecord(None, None, " ")
            and not text[columns[-1] - 1 :].strip()
        ):
            rounds.pop()
            columns.pop()
        player = Player(
            number=number,
            sex=text[9:10].strip(),
            title=text[10:13].strip(),
            name=text[14:47].strip(),
            rating=rating,
            federation=text[53:56].strip(),
            fide_id=text[57:68].strip(),
            birth_date=text[69:79].strip(),
            points=points,
            rank=rank,
            rounds=tuple(rounds),
        )
        return player, columns

    def round_block(self, block: str, line_no: int, col: int) -> RoundRecord:
        raw_opp = block[0:4].strip()
        if raw_opp and not _is_digits(raw_opp):
            raise self.error(N_("opponent {value!r} is not a number"), line_no, col, value=raw_opp)
        opponent = int(raw_opp) if raw_opp and int(raw_opp) != 0 else None
        raw_colour = block[5]
        colour: Colour | None
        if raw_colour in "wW":
            colour = WHITE
        elif raw_colour in "bB":
            colour = BLACK
        elif raw_colour in "- ":
            colour = None
        else:
            raise self.error(N_("unknown colour {value!r}"), line_no, col + 5, value=raw_colour)
        code = block[7].upper()
        if code not in "1=0WDL+-HFUZ ":
            raise self.error(N_("unknown result code {value!r}"), line_no, col + 7, value=block[7])
        if code in "HFUZ" and opponent is not None:
            raise self.error(N_("result {code} cannot have an opponent"), line_no, col, code=code)
        if code == "=" and opponent is None and colour is None:
            return RoundRecord(
                None, None, "H"
            )  # "0000 - =": Vega's half point without play; bbpPairings reads (and writes) it as H
        if code in "1=0WDL":
            if opponent is None:
                raise self.error(N_("result {code} needs an opponent"), line_no, col, code=code)
            if colour is None:
                raise self.error(N_("a played game needs colour w or b"), line_no, col + 5)
        return RoundRecord(opponent, colour, code)


def read_trf(
    handle: TextIO | str,
    *,
    filename: str = "",
    point_system: PointSystem | None = None,
    check: bool = True,
) -> Tournament:
    """Read a TRF16, TRF(x), TRF(bx) or TRF26 file from a text handle (or a string).

    Each record is read by its kind (:mod:`swisspairing.trf.records`).  With ``check`` the
    file is verified: every opponent exists, the two lines of each game agree, every player a
    record names exists, and every points field equals the score under the file's
    ``162``/``XXS``/``BB?`` records when it has them, else ``point_system``, else 1/½/0.
    Raises :class:`InvalidTrfError` naming the line and column.
    """
    text = handle if isinstance(handle, str) else handle.read()
    if text.startswith("\ufeff"):
        text = text[1:]
    _refuse_control_characters(text, filename)
    st = ReadState(_Reader(filename))
    for line_no, raw in enumerate(_LINE_SPLIT.split(text), start=1):
        if len(raw) > MAX_LINE_CHARS:
            raise st.rd.error(
                NP_(
                    "line is longer than {limit} character",
                    "line is longer than {limit} characters",
                    "limit",
                ),
                line_no,
                MAX_LINE_CHARS + 1,
                limit=MAX_LINE_CHARS,
            )
        line = raw.rstrip()
        if line.strip():
            read_record(st, line, line_no)
    if check and not st.players:
        _no_players(text, filename)
    if check:
        _check_ids_exist(st)
        if st.total_rounds is not None:
            _check_rounds_within(
                st.players, st.player_lines, st.total_rounds, st.total_rounds_line, st.rd
            )
    players = _with_withdrawals(st)
    players.sort(key=lambda p: p.number)
    file_ps = PointSystem(**st.ps_values) if st.ps_values else None
    tournament = Tournament(
        players=tuple(players),
        name=st.name,
        teams=tuple(st.teams),
        total_rounds=st.total_rounds,
        initial_colour=st.initial_colour,
        forbidden_pairs=tuple(st.forbidden),
        forbidden_in_rounds=tuple(st.forbidden_in_rounds),
        point_system=file_ps,
        absent_next=frozenset(st.absent),
        header=tuple(st.header),
    )
    if check:
        _check_consistency(tournament, st.player_lines, st.team_lines, st.rd)
    tournament = _apply_bye_requests(tournament, st)
    if check:
        totals = _checked_points(
            tournament,
            file_ps or point_system or PointSystem(),
            filename,
            st.player_lines,
            _accelerations(st),
        )
        if any(p.points is not None and p.points != totals[p.number] for p in tournament.players):
            tournament = replace(
                tournament,
                players=tuple(
                    replace(p, points=totals[p.number]) if p.points is not None else p
                    for p in tournament.players
                ),
            )
    return tournament


#: Kept records that change who is paired: applied by :func:`apply_records`.
_APPLIED_LATER = frozenset({"240", "260"})


def apply_records(tournament: Tournament, lines: list[str], *, source: str = "") -> Tournament:
    """Apply the record lines kept with a tournament built elsewhere (a JSON document's
    ``records``) that change who is paired — ``240`` bye requests, ``260`` forbidden pairs —
    and refuse those this version cannot apply (``299``, the TRF26 team records), as
    :func:`read_trf` does.  Errors are :class:`InvalidTrfError` with ``line`` = the index
    of the record in ``lines`` plus one."""
    from .records import REFUSED_CODES

    st = ReadState(_Reader(source))
    st.player_lines = {p.number: (0, []) for p in tournament.players}
    for i, line in enumerate(lines, start=1):
        if line[:3] in _APPLIED_LATER or line[:3] in REFUSED_CODES:
            read_record(st, line.rstrip(), i)
    if not (st.bye_requests or st.forbidden_in_rounds):
        return tournament
    _check_ids_exist(st)
    tournament = replace(
        tournament,
        forbidden_in_rounds=(*tournament.forbidden_in_rounds, *st.forbidden_in_rounds),
    )
    return _apply_bye_requests(tournament, st)


def has_acceleration(tournament: Tournament) -> bool:
    """Whether the file asks for acceleration: ``XXA`` or ``250`` records, or a TRF26 ``192``
    type ending in ``_BAKU`` (bbpPairings then applies Baku acceleration)."""
    return any(
        code in ("XXA", "250") or (code == "192" and line.rstrip().upper().endswith("_BAKU"))
        for code, line in tournament.header
    )


def unknown_records(tournament: Tournament) -> dict[str, int]:
    """Codes of the records kept in ``tournament`` that no reader knows, with how many there
    are of each (the command line warns about them once)."""
    found: dict[str, int] = {}
    for code, line in tournament.header:
        if not is_known(line):
            found[code] = found.get(code, 0) + 1
    return found


def inferred_initial_colour(tournament: Tournament) -> Colour | None:
    """The initial colour a file implies when it names none (no ``XXC``/``152``): TRF26 ``152``
    is needed only when it differs from the colour the top-ranked round-1 participant got,
    and bbpPairings infers it so (README.txt, "initial piece color"): in the first round with
    a colour, the colour of the highest-numbered player who has one there, reversed once for
    each higher player who has none."""
    if tournament.initial_colour is not None:
        return tournament.initial_colour
    players = sorted(tournament.players, key=lambda p: p.number)
    for rnd in range(1, tournament.rounds_recorded + 1):
        for k, p in enumerate(players):
            rec = p.record(rnd)
            if rec is not None and rec.colour is not None:
                return rec.colour if k % 2 == 0 else rec.colour.opposite
    return None


def _no_players(text: str, filename: str) -> None:
    if text.count("\x00") * 4 > len(text) > 0:  # every other byte NUL: UTF-16 read as UTF-8
        raise InvalidTrfError(
            N_(
                "no player records (001 lines) found; the file looks like UTF-16 without a "
                "byte-order mark (try --encoding utf-16-le)"
            ),
            filename=filename,
        )
    raise InvalidTrfError(N_("no player records (001 lines) found"), filename=filename)


def _check_ids_exist(st: ReadState) -> None:
    """Players named by ``XXP``/``XXZ``/``240``/``260``/``XXA`` exist in this file."""
    known = st.player_lines
    for code, line_no, located in st.id_lists:
        for number, col in located:
            if number not in known:
                raise st.rd.error(
                    N_("{field}: player {number} does not exist"),
                    line_no,
                    col,
                    field=code,
                    number=number,
                )
    for number, (_values, line_no) in st.accelerations.items():
        if number not in known:
            raise st.rd.error(
                N_("{field}: player {number} does not exist"),
                line_no,
                5,
                field="XXA",
                number=number,
            )


def _with_withdrawals(st: ReadState) -> list[Player]:
    """The players, with the rounds they withdrew from (``SPW``)."""
    for number, (_rnd, line_no) in st.withdrawn.items():
        if number not in st.player_lines:
            raise st.rd.error(N_("player {number} does not exist"), line_no, 5, number=number)
    return [
        replace(p, withdrawn_from=st.withdrawn[p.number][0]) if p.number in st.withdrawn else p
        for p in st.players
    ]


_BYE_DISAGREES = N_(
    "240: player {number} has a bye in round {round}, but his round block says {block}"
)


def _apply_bye_requests(t: Tournament, st: ReadState) -> Tournament:
    """TRF26 ``240``: a bye for the round to be paired is entered in the player's round block
    (``0000 - H``, as JaVaFo's files say it), so the player is not paired; a bye for a round
    already paired must agree with the round block; a later round's bye waits for its round
    (the record is kept)."""
    nxt = t.next_round
    entered: dict[int, str] = {}
    for kind, rnd, line_no, located in st.bye_requests:
        for number, col in located:
            if number not in t:
                continue  # reported by _check_ids_exist when checking
            rec = t.player(number).record(rnd)
            if rnd < nxt or (rec is not None and rec.opponent is not None):
                if rec is not None and (rec.opponent is not None or rec.result == "U"):
                    raise st.rd.error(
                        _BYE_DISAGREES,
                        line_no,
                        col,
                        number=number,
                        round=rnd,
                        block=str(rec).strip(),
                    )
            elif rnd == nxt:
                if rec is not None and rec.result not in (" ", kind):
                    raise st.rd.error(
                        _BYE_DISAGREES,
                        line_no,
                        col,
                        number=number,
                        round=rnd,
                        block=str(rec).strip(),
                    )
                entered[number] = kind
    if not entered:
        return t
    players = []
    for p in t.players:
        if p.number in entered:
            rounds = list(p.rounds)
            rounds += [RoundRecord(None, None, " ")] * (nxt - 1 - len(rounds))
            rec = RoundRecord(None, None, entered[p.number])
            if len(rounds) >= nxt:
                rounds[nxt - 1] = rec
            else:
                rounds.append(rec)
            players.append(replace(p, rounds=tuple(rounds)))
        else:
            players.append(p)
    return replace(t, players=tuple(players))


def _accelerations(st: ReadState) -> dict[int, tuple[float, ...]]:
    """Fictitious points per player and round: ``XXA``, and ``250`` where XXA says nothing."""
    accel = {n: values for n, (values, _line) in st.accelerations.items()}
    for first, last, rnd, value in st.accelerations_250:
        for n in range(first, min(last, 9999) + 1):
            if n in st.player_lines and n not in st.accelerations:
                values = list(accel.get(n, ()))
                values += [0.0] * (rnd - len(values))
                values[rnd - 1] = value
                accel[n] = tuple(values)
    return accel


def _check_rounds_within(
    players: list[Player],
    lines: dict[int, tuple[int, list[int]]],
    total: int,
    total_line: int,
    rd: _Reader,
) -> None:
    """A round block beyond the number of rounds (``XXR``/``142``) is an error, as in
    bbpPairings."""
    for p in players:
        if len(p.rounds) > total:
            line_no, columns = lines[p.number]
            first = next(
                (
                    r
                    for r in range(total + 1, len(p.rounds) + 1)
                    if p.rounds[r - 1] != RoundRecord(None, None, " ")
                ),
                len(p.rounds),
            )
            raise rd.error(
                NP_(
                    "round {round} is recorded, but the tournament has only {total} round "
                    "(line {total_line})",
                    "round {round} is recorded, but the tournament has only {total} rounds "
                    "(line {total_line})",
                    "total",
                ),
                line_no,
                columns[first - 1],
                round=first,
                total=total,
                total_line=total_line,
            )


def _check_consistency(
    t: Tournament,
    lines: dict[int, tuple[int, list[int]]],
    team_lines: list[tuple[int, list[tuple[int, int]]]],
    rd: _Reader,
) -> None:
    for p in (
        t.players
    ):  # every opponent exists: checked first, else a one-sided game is reported instead
        line_no, columns = lines[p.number]
        for r, rec in enumerate(p.rounds, start=1):
            if rec.opponent is not None and rec.opponent not in t:
                raise rd.error(
                    N_("opponent {opponent} does not exist"),
                    line_no,
                    columns[r - 1],
                    opponent=rec.opponent,
                )
    for p in t.players:
        line_no, columns = lines[p.number]
        for r, rec in enumerate(p.rounds, start=1):
            col = columns[r - 1]
            if rec.opponent is None:
                continue
            if rec.opponent not in t:
                raise rd.error(
                    N_("opponent {opponent} does not exist"), line_no, col, opponent=rec.opponent
                )
            if rec.opponent == p.number:
                raise rd.error(
                    N_("player {number} is paired against himself"), line_no, col, number=p.number
                )
            other = t.player(rec.opponent).record(r)
            other_line = lines[rec.opponent][0]
            if other is None or other.opponent != p.number:
                raise rd.error(
                    N_(
                        "round {round}: player {a} lists {b} as opponent, but player {b} does not "
                        "list {a}"
                    ),
                    other_line,
                    col,
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
                    raise rd.error(
                        (
                            N_("round {round}: players {a} and {b} both have White")
                            if rec.colour is WHITE
                            else N_("round {round}: players {a} and {b} both have Black")
                        ),
                        other_line,
                        col + 5,
                        round=r,
                        a=p.number,
                        b=rec.opponent,
                    )
                if other.result not in _MIRROR.get(rec.result, ""):
                    raise rd.error(
                        N_(
                            "round {round}: result {mine} of player {a} disagrees with result "
                            "{theirs} of player {b}"
                        ),
                        other_line,
                        col + 7,
                        round=r,
                        a=p.number,
                        b=rec.opponent,
                        mine=rec.result,
                        theirs=other.result,
                    )
    for line_no, roster in team_lines:
        for number, col in roster:
            if number not in t:
                raise rd.error(
                    N_("team member {number} does not exist"), line_no, col, number=number
                )


def _fmt_points(value: float) -> str:
    return f"{value:.1f}"


def check_points(
    tournament: Tournament,
    point_system: PointSystem,
    *,
    filename: str = "",
    _lines: dict[int, tuple[int, list[int]]] | None = None,
) -> None:
    """Raise :class:`InvalidTrfError` when a points field disagrees with the results (the
    conventions :func:`_checked_points` accepts)."""
    _checked_points(tournament, point_system, filename, _lines, {})


def _checked_points(
    tournament: Tournament,
    point_system: PointSystem,
    filename: str,
    lines: dict[int, tuple[int, list[int]]] | None,
    accelerations: dict[int, tuple[float, ...]],
) -> dict[int, float]:
    """Every player's score over all the rounds recorded (the TRF16 total), after checking
    the points field against it.

    The field is accepted as bbpPairings accepts it (``trf.cpp``, ``validateScores``): the
    score of the rounds paired so far, with or without the points of byes already entered
    for the round being paired (``0000 - H``, ``F``, ``Z``: JaVaFo leaves them out), and with
    or without the acceleration points of that round (``XXA``).
    """
    next_round = tournament.next_round
    totals: dict[int, float] = {}
    for p in tournament.players:
        played = sum(point_system.points(rec) for rec in p.rounds[: next_round - 1])
        entered = sum(point_system.points(rec) for rec in p.rounds[next_round - 1 :])
        totals[p.number] = played + entered
        if p.points is None:
            continue
        accel = accelerations.get(p.number, ())
        bonus = accel[next_round - 1] if len(accel) >= next_round else 0.0
        readings = (played + entered, played, played + entered + bonus, played + bonus)
        if not any(abs(value - p.points) <= 1e-6 for value in readings):
            line = lines[p.number][0] if lines else None
            raise InvalidTrfError(
                N_("player {number}: points field {points} disagrees with the results ({total})"),
                filename=filename,
                line=line,
                column=81,
                number=p.number,
                points=_fmt_points(p.points),
                total=_fmt_points(played + entered),
            )
    return totals


def read_file_capped(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path``, at most ``limit`` of them: a larger file (or a device such as
    ``/dev/zero``) is an :class:`InvalidTrfError` naming the file, read no further."""
    with open(path, "rb") as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise InvalidTrfError(
            NP_(
                "the file is larger than {limit} byte",
                "the file is larger than {limit} bytes",
                "limit",
            ),
            filename=os.fspath(path),
            limit=limit,
        )
    return data


def load_trf_source(
    path: str | os.PathLike[str],
    *,
    encoding: str | None = None,
    max_bytes: int = MAX_TRF_BYTES,
    **kwargs: object,
) -> tuple[Tournament, Decoded]:
    """Read a TRF file from disk, and say how it was decoded (``core/encoding.py``)."""
    name = os.fspath(path)
    decoded = decode_bytes(read_file_capped(name, max_bytes), encoding=encoding, filename=name)
    return read_trf(decoded.text, filename=name, **kwargs), decoded  # type: ignore[arg-type]


def load_trf(
    path: str | os.PathLike[str], *, encoding: str | None = None, **kwargs: Any
) -> Tournament:
    """Read a TRF file from disk: UTF-8 (with or without byte-order mark), UTF-16/32 with a
    byte-order mark, else the single-byte code page detected (``core/encoding.py``)."""
    return load_trf_source(path, encoding=encoding, **kwargs)[0]
