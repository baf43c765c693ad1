"""TRF16 (FIDE Tournament Report File) reading and writing, with the TRFx engine extensions.

Read: ``001`` players, ``013`` teams, ``012`` name, ``XXR`` rounds, ``XXC`` first-round colour,
``XXP`` forbidden pairs, ``XXS`` and bbpPairings ``BB?`` point systems, ``XXZ`` absences for
the next round, ``XXA`` and TRF26 ``250`` acceleration (for the points field), TRF26
``142``/``152``, and ``SPW``
(swisspairing: ``SPW NNNN R`` — player NNNN withdrawn from round R on).  Every other record is
kept and written back unchanged.  Lines may end in CR, LF or CRLF.

Every error names the file, the line and the column (``spec/trf.md`` columns, 1-based).  A
checked read also refuses what bbpPairings refuses: a file without ``001`` records, rounds
recorded beyond ``XXR``, ``XXP``/``XXZ``/``XXA`` naming players who do not exist.  Files are
read through ``core/encoding.py`` and bounded (:data:`MAX_TRF_BYTES`, :data:`MAX_LINE_CHARS`).
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import replace
from typing import Any, TextIO

from .encoding import Decoded, decode_bytes
from .errors import InvalidTrfError, SizeLimitError
from .explain import Term
from .i18n import N_, NP_
from .model import (
    BLACK,
    WHITE,
    Colour,
    Player,
    PointSystem,
    RoundRecord,
    Team,
    Tournament,
)
from .safetext import CONTROL

__all__ = [
    "MAX_LINE_CHARS",
    "MAX_TRF_BYTES",
    "InvalidTrfError",
    "check_points",
    "dumps_trf",
    "load_trf",
    "load_trf_source",
    "read_file_capped",
    "read_trf",
    "write_trf",
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
_TOKEN = re.compile(r"[^ \t]+")
#: Record codes whose content lives in :class:`Tournament` fields and is written from them.
OWNED_CODES = ("XXR", "XXC", "XXP", "XXS", "XXZ", "SPW")
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
_XXS_FIELDS = {
    "WW": ("win",),
    "BW": ("win",),
    "WD": ("draw",),
    "BD": ("draw",),
    "WL": ("loss",),
    "BL": ("loss",),
    "ZPB": ("zero_point_bye",),
    "HPB": ("half_point_bye",),
    "FPB": ("full_point_bye",),
    "PAB": ("pairing_allocated_bye",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    "W": ("win", "forfeit_win", "full_point_bye"),
    "D": ("draw", "half_point_bye"),
}
_BB_FIELDS = {
    "BBW": "win",
    "BBD": "draw",
    "BBL": "loss",
    "BBZ": "zero_point_bye",
    "BBF": "forfeit_loss",
    "BBU": "pairing_allocated_bye",
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
        """A number of rounds (``XXR``/``142``): at most :data:`MAX_ROUNDS` (a size limit, exit
        4)."""
        if len(digits) > 9 or int(digits) > MAX_ROUNDS:
            where = (
                f"{self.filename}: line {line_no}, column 5"
                if self.filename
                else f"line {line_no}, column 5"
            )
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
    """Read a TRF16 file from a text handle (or a string).

    With ``check`` the file is verified: every opponent exists, the two lines of each game
    agree, and every points field equals the score under the file's
    ``XXS``/``BB?`` records when it has them, else ``point_system``, else 1/½/0).  Raises
    :class:`InvalidTrfError` naming the line.
    """
    text = handle if isinstance(handle, str) else handle.read()
    if text.startswith("\ufeff"):
        text = text[1:]
    _refuse_control_characters(text, filename)
    rd = _Reader(filename)
    players: list[Player] = []
    player_lines: dict[int, tuple[int, list[int]]] = {}
    teams: list[Team] = []
    header: list[tuple[str, str]] = []
    name = ""
    total_rounds: int | None = None
    initial_colour: Colour | None = None
    forbidden: list[frozenset[int]] = []
    absent: set[int] = set()
    withdrawn: dict[int, tuple[int, int]] = {}
    ps_values: dict[str, float] = {}
    team_lines: list[tuple[int, list[tuple[int, int]]]] = []

    accelerations: dict[int, tuple[tuple[float, ...], int]] = {}
    accelerations_250: list[
        tuple[int, int, int, float]
    ] = []  # (first player, last player, round, points)
    id_lists: list[
        tuple[str, int, list[tuple[int, int]]]
    ] = []  # XXP/XXZ: (code, line, [(id, column)])
    total_rounds_line = 0
    for line_no, raw in enumerate(_LINE_SPLIT.split(text), start=1):
        if len(raw) > MAX_LINE_CHARS:
            raise rd.error(
                N_("line is longer than {limit} characters"),
                line_no,
                MAX_LINE_CHARS + 1,
                limit=MAX_LINE_CHARS,
            )
        line = raw.rstrip()
        if not line.strip():
            continue
        code = line[:3]
        if code == "001":
            player, columns = rd.player(line, line_no)
            if player.number in player_lines:
                raise rd.error(
                    N_("start number {number} is used twice (first on line {first})"),
                    line_no,
                    5,
                    number=player.number,
                    first=player_lines[player.number][0],
                )
            player_lines[player.number] = (line_no, columns)
            players.append(player)
            continue
        if code == "013":
            roster: list[tuple[int, int]] = []
            col = 37
            while len(line) >= col:
                value = rd.int_field(line, line_no, col, col + 3, N_("team member"))
                if value:
                    roster.append((value, col))
                col += 5
            teams.append(
                Team(
                    number=len(teams) + 1,
                    name=line[4:36].strip(),
                    roster=tuple(v for v, _ in roster),
                )
            )
            team_lines.append((line_no, roster))
            continue
        if code in OWNED_CODES:
            tokens = line[3:].split()
            if code == "XXR":
                if len(tokens) != 1 or not _is_digits(tokens[0]):
                    raise rd.error(
                        N_("{field} {value!r} is not a number"),
                        line_no,
                        5,
                        field="XXR",
                        value=" ".join(tokens),
                    )
                total_rounds = rd.rounds(tokens[0], line_no)
                total_rounds_line = line_no
                if total_rounds < 1:
                    raise rd.error(N_("the number of rounds must be at least 1"), line_no, 5)
            elif code == "XXC":
                for tok in tokens:
                    if tok.lower() == "white1":
                        initial_colour = WHITE
                    elif tok.lower() == "black1":
                        initial_colour = BLACK
                    elif tok.lower() != "rank":
                        raise rd.error(N_("unknown XXC option {value!r}"), line_no, 5, value=tok)
            elif code in ("XXP", "XXZ", "SPW"):
                ids = []
                located: list[tuple[int, int]] = []
                for match in _TOKEN.finditer(line, 3):
                    tok = match.group()
                    if not _is_digits(tok) or len(tok) > 9:
                        raise rd.error(
                            N_("{field} {value!r} is not a number"),
                            line_no,
                            match.start() + 1,
                            field=code,
                            value=tok,
                        )
                    ids.append(int(tok))
                    located.append((int(tok), match.start() + 1))
                if code == "XXP":
                    forbidden.append(frozenset(ids))
                    id_lists.append((code, line_no, located))
                elif code == "XXZ":
                    absent.update(ids)
                    id_lists.append((code, line_no, located))
                else:
                    if len(ids) != 2:
                        raise rd.error(N_("SPW needs a start number and a round"), line_no, 5)
                    withdrawn[ids[0]] = (ids[1], line_no)
            elif code == "XXS":
                for tok in tokens:
                    key, sep, entry = tok.partition("=")
                    if not sep or key.upper() not in _XXS_FIELDS:
                        raise rd.error(
                            N_("unknown point-system entry {value!r}"), line_no, 5, value=tok
                        )
                    num = rd.number(entry, line_no, 5, key)
                    for f in _XXS_FIELDS[key.upper()]:
                        ps_values[f] = num
            header.append((code, line))
            continue
        if code == "250":
            accelerations_250.extend(_acceleration_250(line))
        if code == "XXA":
            number, values = rd.acceleration(line, line_no)
            if number in accelerations:
                raise rd.error(
                    N_("player {number} has two XXA records (first on line {first})"),
                    line_no,
                    5,
                    number=number,
                    first=accelerations[number][1],
                )
            accelerations[number] = (values, line_no)
        if code in _BB_FIELDS:
            ps_values[_BB_FIELDS[code]] = rd.number(line[3:].strip(), line_no, 5, code)
        elif code == "012":
            name = line[4:].strip()
        elif code == "142" and _is_digits(line[4:].strip()) and line[4:].strip().strip("0"):
            if total_rounds is None:
                total_rounds, total_rounds_line = rd.rounds(line[4:].strip(), line_no), line_no
        elif code == "152" and line[4:].strip()[:1].upper() in ("W", "B"):
            initial_colour = initial_colour or (
                WHITE if line[4:].strip()[0].upper() == "W" else BLACK
            )
        header.append((code, line))

    known = {p.number for p in players}
    if check and not players:
        if text.count("\x00") * 4 > len(text) > 0:  # every other byte NUL: UTF-16 read as UTF-8
            raise InvalidTrfError(
                N_(
                    "no player records (001 lines) found; the file looks like UTF-16 without a "
                    "byte-order mark (try --encoding utf-16-le)"
                ),
                filename=filename,
            )
        raise InvalidTrfError(N_("no player records (001 lines) found"), filename=filename)
    if check:
        for code, line_no, located in id_lists:  # XXP/XXZ name players of this file only
            for number, col in located:
                if number not in known:
                    raise rd.error(
                        N_("{field}: player {number} does not exist"),
                        line_no,
                        col,
                        field=code,
                        number=number,
                    )
        for number, (_values, line_no) in accelerations.items():
            if number not in known:
                raise rd.error(
                    N_("{field}: player {number} does not exist"),
                    line_no,
                    5,
                    field="XXA",
                    number=number,
                )
        if total_rounds is not None:
            _check_rounds_within(players, player_lines, total_rounds, total_rounds_line, rd)
    if withdrawn:
        for number, (_, line_no) in withdrawn.items():
            if number not in known:
                raise rd.error(N_("player {number} does not exist"), line_no, 5, number=number)
        players = [
            replace(p, withdrawn_from=withdrawn[p.number][0]) if p.number in withdrawn else p
            for p in players
        ]
    players.sort(key=lambda p: p.number)
    file_ps = PointSystem(**ps_values) if ps_values else None
    tournament = Tournament(
        players=tuple(players),
        name=name,
        teams=tuple(teams),
        total_rounds=total_rounds,
        initial_colour=initial_colour,
        forbidden_pairs=tuple(forbidden),
        point_system=file_ps,
        absent_next=frozenset(absent),
        header=tuple(header),
    )
    if check:
        _check_consistency(tournament, player_lines, team_lines, rd)
        accel = {n: values for n, (values, _line) in accelerations.items()}
        for (
            first,
            last,
            rnd,
            virtual,
        ) in accelerations_250:  # TRF26 250 ranges, where XXA says nothing
            for n in range(first, min(last, 9999) + 1):
                if n in known and n not in accelerations:
                    row = list(accel.get(n, ()))
                    row += [0.0] * (rnd - len(row))
                    row[rnd - 1] = virtual
                    accel[n] = tuple(row)
        totals = _checked_points(
            tournament, file_ps or point_system or PointSystem(), filename, player_lines, accel
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


def _acceleration_250(line: str) -> list[tuple[int, int, int, float]]:
    """A TRF26 ``250`` acceleration record as bbpPairings reads it (game points at columns
    10-13, rounds at 15-17 and 19-21, players at 23-26 and 28-31), as
    ``(first player, last player, round, points)`` per round; a line in another layout gives
    nothing (it is kept as read, and the points field is then checked without it)."""
    try:
        points = float(line[9:13])
        first_round, last_round = int(line[14:17]), int(line[18:21])
        first, last = int(line[22:26]), int(line[27:31])
    except ValueError:
        return []
    if not (
        0 < first_round <= last_round <= MAX_ROUNDS
        and 0 < first <= last
        and 0 < points <= MAX_POINT_VALUE
    ):
        return []
    return [(first, last, r, points) for r in range(first_round, last_round + 1)]


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
                N_(
                    "round {round} is recorded beyond the number of rounds, {total} (line "
                    "{total_line})"
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
                        N_("round {round}: players {a} and {b} both have colour {colour}"),
                        other_line,
                        col + 5,
                        round=r,
                        a=p.number,
                        b=rec.opponent,
                        colour=rec.colour.value,
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
            N_("the file is larger than {limit} bytes"), filename=os.fspath(path), limit=limit
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


# ---------------------------------------------------------------------- writing
def _fmt_points(value: float) -> str:
    return f"{value:.1f}"


def format_player(p: Player) -> str:
    """One ``001`` line in exact TRF16 columns."""
    rating = f"{p.rating:4d}" if p.rating else "    "
    points = f"{p.points:4.1f}" if p.points is not None else "    "
    if len(points) > 4 or len(rating) > 4 or p.number > 9999 or (p.rank or 0) > 9999:
        raise SizeLimitError(
            N_(
                "player {number}: a value does not fit its TRF16 column (points {points}, rating "
                "{rating})"
            ),
            number=p.number,
            points=points.strip(),
            rating=p.rating,
        )
    rank = f"{p.rank:4d}" if p.rank is not None else "    "
    head = (
        f"001 {p.number:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} {rating} "
        f"{p.federation[:3]:<3} {p.fide_id[:11]:>11} {p.birth_date[:10]:<10} {points} {rank}"
    )
    blocks = "".join("  " + format_round(rec) for rec in p.rounds)
    return (head + blocks).rstrip()


def format_round(rec: RoundRecord) -> str:
    """One round block: ``OOOO c r``."""
    return str(rec)


def format_team(team: Team) -> str:
    """One ``013`` line."""
    return (f"013 {team.name[:32]:<32}" + "".join(f"{n:4d} " for n in team.roster)).rstrip()


def _owned_records(t: Tournament, has_bb: bool = False) -> list[str]:
    out = []
    if t.total_rounds is not None:
        out.append(f"XXR {t.total_rounds}")
    if t.initial_colour is not None:
        out.append("XXC " + ("white1" if t.initial_colour is WHITE else "black1"))
    if t.point_system is not None and not has_bb:  # bbpPairings BB? records are kept as read
        ps = t.point_system
        out.append(
            "XXS "
            + " ".join(
                f"{code}={_num(getattr(ps, field))}"
                for code, field in (
                    ("WW", "win"),
                    ("BW", "win"),
                    ("WD", "draw"),
                    ("BD", "draw"),
                    ("WL", "loss"),
                    ("BL", "loss"),
                    ("ZPB", "zero_point_bye"),
                    ("HPB", "half_point_bye"),
                    ("FPB", "full_point_bye"),
                    ("PAB", "pairing_allocated_bye"),
                    ("FW", "forfeit_win"),
                    ("FL", "forfeit_loss"),
                )
            )
        )
    for group in t.forbidden_pairs:
        out.append("XXP " + " ".join(str(n) for n in sorted(group)))
    if t.absent_next:
        out.append("XXZ " + " ".join(str(n) for n in sorted(t.absent_next)))
    for p in t.players:
        if p.withdrawn_from is not None:
            out.append(f"SPW {p.number:4d} {p.withdrawn_from}")
    return out


def _num(value: float) -> str:
    return f"{value:g}"


def write_trf(tournament: Tournament, handle: TextIO) -> None:
    """Write ``tournament`` as TRF16 (LF line ends).

    Records read from a file come back in their order; the engine records (``XXR`` …) are
    written from the tournament's fields where the first of them stood.
    """
    owned_written = False
    # bbpPairings BB? lines stand for the point system unless the file also had an XXS
    # record, which then is written too (else its values would be lost).
    has_bb = any(code in _BB_FIELDS for code, _ in tournament.header) and not any(
        code == "XXS" for code, _ in tournament.header
    )
    lines: list[str] = []
    if tournament.name and not any(code == "012" for code, _ in tournament.header):
        lines.append(f"012 {tournament.name}")  # a tournament built in code, not read
    for code, line in tournament.header:
        if code == "012":
            line = f"012 {tournament.name}".rstrip()  # the name may have been changed
        if code in OWNED_CODES:
            if not owned_written:
                lines.extend(_owned_records(tournament, has_bb))
                owned_written = True
            continue
        lines.append(line)
    if not owned_written:
        lines.extend(_owned_records(tournament, has_bb))
    lines.extend(format_player(p) for p in tournament.players)
    lines.extend(format_team(t) for t in tournament.teams)
    handle.write("\n".join(lines) + "\n")


def dumps_trf(tournament: Tournament) -> str:
    """The TRF text of ``tournament``."""
    buf = io.StringIO()
    write_trf(tournament, buf)
    return buf.getvalue()
