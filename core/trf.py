"""TRF16 (FIDE Tournament Report File) reading and writing, with the TRFx engine extensions.

Read: ``001`` players, ``013`` teams, ``012`` name, ``XXR`` rounds, ``XXC`` first-round colour,
``XXP`` forbidden pairs, ``XXS`` and bbpPairings ``BB?`` point systems, ``XXZ`` absences for
the next round, TRF26 ``142``/``152``, and ``SPW`` (swisspairing: ``SPW NNNN R`` — player NNNN
withdrawn from round R on).  Every other record is kept and written back unchanged.
Lines may end in CR, LF or CRLF.

Every error names the file, the line and the column (``spec/trf.md`` columns, 1-based).
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import replace
from typing import TextIO

from .errors import InvalidTrfError
from .explain import Term
from .i18n import N_
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

__all__ = ["read_trf", "load_trf", "write_trf", "dumps_trf", "check_points", "InvalidTrfError"]

_LINE_SPLIT = re.compile(r"\r\n|\r|\n")
#: Record codes whose content lives in :class:`Tournament` fields and is written from them.
OWNED_CODES = ("XXR", "XXC", "XXP", "XXS", "XXZ", "SPW")
#: Results that mirror each other on the two lines of one game.
_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+-", " ": " "}
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


class _Reader:
    def __init__(self, filename: str) -> None:
        self.filename = filename

    def error(self, message: str, line: int, column: int | None = None, **args: object) -> InvalidTrfError:
        return InvalidTrfError(message, filename=self.filename, line=line, column=column, **args)

    def int_field(self, text: str, line_no: int, start: int, end: int, field: str) -> int | None:
        raw = text[start - 1 : end].strip()
        if not raw:
            return None
        if not _is_digits(raw):
            raise self.error(
                N_("{field} {value!r} is not a number"), line_no, start, field=Term(field), value=raw
            )
        return int(raw)

    def number(self, raw: str, line_no: int, column: int, field: str) -> float:
        try:
            if not _NUMBER.fullmatch(raw):
                raise ValueError(raw)
            return float(raw)
        except ValueError:
            raise self.error(
                N_("{field} {value!r} is not a number"), line_no, column, field=Term(field), value=raw
            ) from None

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
        while rounds and rounds[-1] == RoundRecord(None, None, " ") and not text[columns[-1] - 1 :].strip():
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
            raise self.error(
                N_("result {code} cannot have an opponent"), line_no, col, code=code
            )
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
    ``XXS``/``BB?`` records when it has them, else ``point_system``, else 1/½/0).  Raises :class:`InvalidTrfError` naming the line.
    """
    text = handle if isinstance(handle, str) else handle.read()
    if text.startswith("\ufeff"):
        text = text[1:]
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

    for line_no, raw in enumerate(_LINE_SPLIT.split(text), start=1):
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
            teams.append(Team(number=len(teams) + 1, name=line[4:36].strip(), roster=tuple(v for v, _ in roster)))
            team_lines.append((line_no, roster))
            continue
        if code in OWNED_CODES:
            tokens = line[3:].split()
            if code == "XXR":
                if len(tokens) != 1 or not _is_digits(tokens[0]):
                    raise rd.error(N_("{field} {value!r} is not a number"), line_no, 5, field="XXR", value=" ".join(tokens))
                total_rounds = int(tokens[0])
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
                for tok in tokens:
                    if not _is_digits(tok):
                        raise rd.error(N_("{field} {value!r} is not a number"), line_no, 5, field=code, value=tok)
                    ids.append(int(tok))
                if code == "XXP":
                    forbidden.append(frozenset(ids))
                elif code == "XXZ":
                    absent.update(ids)
                else:
                    if len(ids) != 2:
                        raise rd.error(N_("SPW needs a start number and a round"), line_no, 5)
                    withdrawn[ids[0]] = (ids[1], line_no)
            elif code == "XXS":
                for tok in tokens:
                    key, sep, value = tok.partition("=")
                    if not sep or key.upper() not in _XXS_FIELDS:
                        raise rd.error(N_("unknown point-system entry {value!r}"), line_no, 5, value=tok)
                    num = rd.number(value, line_no, 5, key)
                    for f in _XXS_FIELDS[key.upper()]:
                        ps_values[f] = num
            header.append((code, line))
            continue
        if code in _BB_FIELDS:
            ps_values[_BB_FIELDS[code]] = rd.number(line[3:].strip(), line_no, 5, code)
        elif code == "012":
            name = line[4:].strip()
        elif code == "142" and _is_digits(line[4:].strip()):
            total_rounds = total_rounds or int(line[4:].strip())
        elif code == "152" and line[4:].strip()[:1].upper() in ("W", "B"):
            initial_colour = initial_colour or (WHITE if line[4:].strip()[0].upper() == "W" else BLACK)
        header.append((code, line))

    if withdrawn:
        known = {p.number for p in players}
        for number, (rnd, line_no) in withdrawn.items():
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
        check_points(tournament, file_ps or point_system or PointSystem(), filename=filename, _lines=player_lines)
    return tournament


def _check_consistency(
    t: Tournament,
    lines: dict[int, tuple[int, list[int]]],
    team_lines: list[tuple[int, list[tuple[int, int]]]],
    rd: _Reader,
) -> None:
    for p in t.players:  # every opponent exists: checked first, else a one-sided game is reported instead
        line_no, columns = lines[p.number]
        for r, rec in enumerate(p.rounds, start=1):
            if rec.opponent is not None and rec.opponent not in t:
                raise rd.error(N_("opponent {opponent} does not exist"), line_no, columns[r - 1], opponent=rec.opponent)
    for p in t.players:
        line_no, columns = lines[p.number]
        for r, rec in enumerate(p.rounds, start=1):
            col = columns[r - 1]
            if rec.opponent is None:
                continue
            if rec.opponent not in t:
                raise rd.error(N_("opponent {opponent} does not exist"), line_no, col, opponent=rec.opponent)
            if rec.opponent == p.number:
                raise rd.error(N_("player {number} is paired against himself"), line_no, col, number=p.number)
            other = t.player(rec.opponent).record(r)
            other_line = lines[rec.opponent][0]
            if other is None or other.opponent != p.number:
                raise rd.error(
                    N_("round {round}: player {a} lists {b} as opponent, but player {b} does not list {a}"),
                    other_line,
                    col,
                    round=r,
                    a=p.number,
                    b=rec.opponent,
                )
            if p.number < rec.opponent:
                if rec.colour is not None and other.colour is not None and rec.colour == other.colour:
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
                        N_("round {round}: result {mine} of player {a} disagrees with result {theirs} of player {b}"),
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
                raise rd.error(N_("team member {number} does not exist"), line_no, col, number=number)


def check_points(
    tournament: Tournament,
    point_system: PointSystem,
    *,
    filename: str = "",
    _lines: dict[int, tuple[int, list[int]]] | None = None,
) -> None:
    """Raise :class:`InvalidTrfError` when a points field disagrees with the results."""
    for p in tournament.players:
        if p.points is None:
            continue
        total = sum(point_system.points(rec) for rec in p.rounds)
        if abs(total - p.points) > 1e-6:
            line = _lines[p.number][0] if _lines else None
            raise InvalidTrfError(
                N_("player {number}: points field {points} disagrees with the results ({total})"),
                filename=filename,
                line=line,
                column=81,
                number=p.number,
                points=_fmt_points(p.points),
                total=_fmt_points(total),
            )


def load_trf(path: str | os.PathLike[str], **kwargs: object) -> Tournament:
    """Read a TRF file from disk (UTF-8, falling back to Latin-1)."""
    with open(path, "rb") as fh:
        data = fh.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_trf(text, filename=os.fspath(path), **kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- writing
def _fmt_points(value: float) -> str:
    return f"{value:.1f}"


def format_player(p: Player) -> str:
    """One ``001`` line in exact TRF16 columns."""
    rating = f"{p.rating:4d}" if p.rating else "    "
    points = f"{p.points:4.1f}" if p.points is not None else "    "
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
                    ("WW", "win"), ("BW", "win"), ("WD", "draw"), ("BD", "draw"),
                    ("WL", "loss"), ("BL", "loss"), ("ZPB", "zero_point_bye"),
                    ("HPB", "half_point_bye"), ("FPB", "full_point_bye"),
                    ("PAB", "pairing_allocated_bye"), ("FW", "forfeit_win"), ("FL", "forfeit_loss"),
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
