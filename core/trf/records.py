"""The TRF records, one reader per record kind (``spec/trf.md`` §2-§7).

Each reader takes the :class:`ReadState` of the file being read, the line and its number,
and adds what the record says; :data:`READERS` maps each record code to its reader.  A record
that would change a pairing or a score is either read into the tournament here (``142``,
``152``, ``162``, ``240``, ``250``, ``260``, ``XXR``, ``XXC``, ``XXP``, ``XXS``, ``XXZ``,
``XXA``, ``BB?``) or refused with its line and column (``299``, the TRF26 team records, the
Lichess ``XXW``).  Informative records are kept as read; an unknown record is kept too and
listed in :attr:`ReadState.unknown` (the command line warns about it once).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..i18n import N_
from ..model import BLACK, WHITE, Colour, Player, Team

if TYPE_CHECKING:
    from .reader import _Reader

__all__ = [
    "BB_FIELDS",
    "INFORMATIVE_CODES",
    "READERS",
    "REFUSED_CODES",
    "TRF26_CODES",
    "ReadState",
    "is_known",
    "read_record",
]

_TOKEN = re.compile(r"[^ \t]+")

#: TRFx ``XXS`` codes and the point-system fields each sets (JaVaFo AUM).
XXS_FIELDS: dict[str, tuple[str, ...]] = {
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
#: bbpPairings ``BB?`` codes (README.txt, "Tournament files") and the fields each sets, as
#: bbpPairings scores every result code (``tournament.h``, ``getPoints``): a win, a forfeit
#: win and a full-point bye score ``BBW``; a draw and a half-point bye ``BBD``; a played loss
#: ``BBL``; a zero-point bye or absence ``BBZ``; a forfeit loss ``BBF``; the pairing-allocated
#: bye ``BBU`` (``BBW`` when not given).
BB_FIELDS: dict[str, tuple[str, ...]] = {
    "BBW": ("win", "forfeit_win", "full_point_bye"),
    "BBD": ("draw", "half_point_bye"),
    "BBL": ("loss",),
    "BBZ": ("zero_point_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pairing_allocated_bye",),
}
#: TRF26 ``162`` symbols (TRF26 §"162"; bbpPairings reads ``Z`` for ``A``) and their fields.
POINTS_162: dict[str, tuple[str, ...]] = {
    "W": ("win", "forfeit_win", "full_point_bye"),
    "D": ("draw", "half_point_bye"),
    "L": ("loss",),
    "A": ("zero_point_bye", "forfeit_loss"),
    "Z": ("zero_point_bye", "forfeit_loss"),
    "P": ("pairing_allocated_bye",),
}
#: Records of the TRF26 format (one of them makes a file TRF26 for writing it back).
TRF26_CODES = frozenset(
    [
        "142",
        "152",
        "162",
        "172",
        "182",
        "192",
        "202",
        "212",
        "222",
        "240",
        "250",
        "260",
        "299",
        "300",
        "310",
        "320",
        "330",
        "352",
        "362",
        "801",
        "802",
    ]
)
#: Records that change nothing this project pairs or scores: kept as read.
INFORMATIVE_CODES = frozenset(
    [
        "022",
        "032",
        "042",
        "052",
        "062",
        "072",
        "082",
        "092",
        "102",
        "112",
        "122",
        "132",
        "172",
        "182",
        "192",
        "202",
        "212",
        "222",
        "801",
        "802",
    ]
)
#: Records that would change a pairing or a score and that this version does not apply:
#: refused with their line (never read past silently).
REFUSED_CODES = frozenset(["299", "300", "310", "320", "330", "352", "362", "XXW"])

_REFUSALS = {
    "299": N_(
        "TRF26 299 (abnormal points assignment) is not supported: the scores it changes would "
        "be wrong"
    ),
    "XXW": N_("XXW (player numbers wider than 4 digits) is not supported"),
}
_TEAM_REFUSAL = N_(
    "TRF26 team record {code} is not supported: describe the team event with 013 records or "
    "an event file"
)


@dataclass
class ReadState:
    """What the records of one file said so far."""

    rd: _Reader
    """Field readers and error builder for the file."""
    players: list[Player] = field(default_factory=list)
    """``001`` records, in file order."""
    player_lines: dict[int, tuple[int, list[int]]] = field(default_factory=dict)
    """Start number -> (line, column of each round block)."""
    teams: list[Team] = field(default_factory=list)
    """``013`` records."""
    team_lines: list[tuple[int, list[tuple[int, int]]]] = field(default_factory=list)
    """Line and (member, column) of each ``013`` record."""
    header: list[tuple[str, str]] = field(default_factory=list)
    """Every record but ``001``/``013``, as ``(code, line)``."""
    name: str = ""
    """``012``."""
    total_rounds: int | None = None
    """``XXR`` or ``142``."""
    total_rounds_line: int = 0
    """Line of the record that gave :attr:`total_rounds`."""
    initial_colour: Colour | None = None
    """``XXC white1``/``black1`` or ``152``."""
    forbidden: list[frozenset[int]] = field(default_factory=list)
    """``XXP`` groups."""
    forbidden_in_rounds: list[tuple[int, int, frozenset[int]]] = field(default_factory=list)
    """``260`` groups with their round ranges."""
    absent: set[int] = field(default_factory=set)
    """``XXZ``: absent in the next round."""
    withdrawn: dict[int, tuple[int, int]] = field(default_factory=dict)
    """``SPW``: player -> (round, line)."""
    ps_values: dict[str, float] = field(default_factory=dict)
    """Point-system fields set by ``XXS``, ``BB?`` or ``162``."""
    pab_given: bool = False
    """Whether ``BBU``/``162 P`` set the pairing-allocated bye (else it follows the win)."""
    accelerations: dict[int, tuple[tuple[float, ...], int]] = field(default_factory=dict)
    """``XXA``: player -> (points per round, line)."""
    accelerations_250: list[tuple[int, int, int, float]] = field(default_factory=list)
    """``250``: (first player, last player, round, points)."""
    id_lists: list[tuple[str, int, list[tuple[int, int]]]] = field(default_factory=list)
    """``XXP``/``XXZ``/``260``/``240``: (code, line, [(player, column)]) for the check that
    the players exist."""
    bye_requests: list[tuple[str, int, int, list[tuple[int, int]]]] = field(default_factory=list)
    """``240``: (type, round, line, [(player, column)])."""
    unknown: dict[str, int] = field(default_factory=dict)
    """Codes of records this reader does not know -> first line (kept, warned about)."""

    def keep(self, code: str, line: str) -> None:
        """Keep the record as read, to be written back in its place."""
        self.header.append((code, line))


# ---------------------------------------------------------------------------- helpers
def _ids(
    st: ReadState, line: str, line_no: int, code: str, start: int = 3
) -> list[tuple[int, int]]:
    """The whitespace-separated player numbers from ``start`` (0-based), with their columns."""
    located: list[tuple[int, int]] = []
    for match in _TOKEN.finditer(line, start):
        tok = match.group()
        if not (tok.isascii() and tok.isdigit()) or len(tok) > 9:
            raise st.rd.error(
                N_("{field} {value!r} is not a number"),
                line_no,
                match.start() + 1,
                field=code,
                value=tok,
            )
        located.append((int(tok), match.start() + 1))
    return located


def _round_field(st: ReadState, line: str, line_no: int, start: int, end: int) -> int:
    """A round number in columns ``start``-``end`` (1-based), at least 1."""
    value = st.rd.int_field(line, line_no, start, end, N_("round"))
    if not value:
        raise st.rd.error(N_("missing round number"), line_no, start)
    return value


# ---------------------------------------------------------------------------- players, teams
def read_001(st: ReadState, line: str, line_no: int) -> None:
    """``001``: a player and his round blocks (TRF16 §3)."""
    player, columns = st.rd.player(line, line_no)
    if player.number in st.player_lines:
        raise st.rd.error(
            N_("start number {number} is used twice (first on line {first})"),
            line_no,
            5,
            number=player.number,
            first=st.player_lines[player.number][0],
        )
    st.player_lines[player.number] = (line_no, columns)
    st.players.append(player)


def read_013(st: ReadState, line: str, line_no: int) -> None:
    """``013``: a team and its players in board order (TRF16 §4)."""
    roster: list[tuple[int, int]] = []
    col = 37
    while len(line) >= col:
        value = st.rd.int_field(line, line_no, col, col + 3, N_("team member"))
        if value:
            roster.append((value, col))
        col += 5
    st.teams.append(
        Team(number=len(st.teams) + 1, name=line[4:36].strip(), roster=tuple(v for v, _ in roster))
    )
    st.team_lines.append((line_no, roster))


# ---------------------------------------------------------------------------- tournament
def read_012(st: ReadState, line: str, _line_no: int) -> None:
    """``012``: the tournament name."""
    st.name = line[4:].strip()
    st.keep("012", line)


def read_rounds(st: ReadState, line: str, line_no: int) -> None:
    """``XXR n`` (TRFx) and ``142 n`` (TRF26): the number of rounds; the first one counts."""
    code = line[:3]
    tokens = line[3:].split()
    if len(tokens) != 1 or not (tokens[0].isascii() and tokens[0].isdigit()):
        raise st.rd.error(
            N_("{field} {value!r} is not a number"), line_no, 5, field=code, value=" ".join(tokens)
        )
    value = st.rd.rounds(tokens[0], line_no)
    if value < 1:
        raise st.rd.error(N_("the number of rounds must be at least 1"), line_no, 5)
    if st.total_rounds is not None and st.total_rounds != value:
        raise st.rd.error(
            N_("{field} gives the number of rounds as {value}, line {first} as {total}"),
            line_no,
            5,
            field=code,
            value=value,
            first=st.total_rounds_line,
            total=st.total_rounds,
        )
    if st.total_rounds is None:
        st.total_rounds, st.total_rounds_line = value, line_no
    st.keep(code, line)


def read_xxc(st: ReadState, line: str, line_no: int) -> None:
    """``XXC [rank] [white1|black1]``: the top player's colour in round 1 (``rank``, pairing
    by position, changes nothing: start numbers are positions here)."""
    for tok in line[3:].split():
        if tok.lower() == "white1":
            st.initial_colour = WHITE
        elif tok.lower() == "black1":
            st.initial_colour = BLACK
        elif tok.lower() != "rank":
            raise st.rd.error(N_("unknown XXC option {value!r}"), line_no, 5, value=tok)
    st.keep("XXC", line)


def read_152(st: ReadState, line: str, line_no: int) -> None:
    """``152 W|B`` (TRF26): the colour of the top-ranked player in round 1."""
    value = line[4:].strip()[:1].upper()
    if value not in ("W", "B"):
        raise st.rd.error(N_("unknown initial colour {value!r}"), line_no, 5, value=line[4:5])
    st.initial_colour = st.initial_colour or (WHITE if value == "W" else BLACK)
    st.keep("152", line)


# ---------------------------------------------------------------------------- points
def read_xxs(st: ReadState, line: str, line_no: int) -> None:
    """``XXS CODE=VALUE …`` (JaVaFo): the point system; the last assignment wins."""
    for tok in line[3:].split():
        key, sep, value = tok.partition("=")
        if not sep or key.upper() not in XXS_FIELDS:
            raise st.rd.error(N_("unknown point-system entry {value!r}"), line_no, 5, value=tok)
        num = st.rd.number(value, line_no, 5, key)
        for f in XXS_FIELDS[key.upper()]:
            st.ps_values[f] = num
        if key.upper() == "PAB":
            st.pab_given = True
    st.keep("XXS", line)


def _set_win(st: ReadState, value: float) -> None:
    if not st.pab_given:
        st.ps_values["pairing_allocated_bye"] = value


def read_bb(st: ReadState, line: str, line_no: int) -> None:
    """``BBW BBD BBL BBZ BBF BBU pp.p`` (bbpPairings): one point value each."""
    code = line[:3]
    value = st.rd.number(line[3:].strip(), line_no, 5, code)
    for f in BB_FIELDS[code]:
        st.ps_values[f] = value
    if code == "BBW":
        _set_win(st, value)
    elif code == "BBU":
        st.pab_given = True
    st.keep(code, line)


def read_162(st: ReadState, line: str, line_no: int) -> None:
    """``162`` (TRF26): result symbol at column 6, points at 7-10, then every 9 columns
    (``162  W 3.0    D 1.0``).  ``X`` (unknown result) scores no result this format can
    record, so its value is read and used for nothing."""
    col = 6
    if len(line.rstrip()) < 10:
        raise st.rd.error(N_("162 needs a result symbol and its points"), line_no, 6)
    while col <= len(line.rstrip()):
        symbol = line[col - 1].upper()
        raw = line[col : col + 4].strip()
        if symbol not in POINTS_162 and symbol != "X":
            raise st.rd.error(
                N_("unknown point-system symbol {value!r}"), line_no, col, value=line[col - 1]
            )
        value = st.rd.number(raw, line_no, col + 1, "162")
        for f in POINTS_162.get(symbol, ()):
            st.ps_values[f] = value
        if symbol == "W":
            _set_win(st, value)
        elif symbol == "P":
            st.pab_given = True
        gap = line[col + 4 : col + 8]
        if gap.strip():
            at = col + 5 + (len(gap) - len(gap.lstrip()))
            raise st.rd.error(
                N_("unknown point-system symbol {value!r}"), line_no, at, value=gap.strip()
            )
        col += 9
    st.keep("162", line)


# ---------------------------------------------------------------------------- acceleration
def read_xxa(st: ReadState, line: str, line_no: int) -> None:
    """``XXA NNNN pp.p …``: a player's fictitious points per round."""
    number, values = st.rd.acceleration(line, line_no)
    if number in st.accelerations:
        raise st.rd.error(
            N_("player {number} has two XXA records (first on line {first})"),
            line_no,
            5,
            number=number,
            first=st.accelerations[number][1],
        )
    st.accelerations[number] = (values, line_no)
    st.keep("XXA", line)


def read_250(st: ReadState, line: str, line_no: int) -> None:
    """``250`` (TRF26): fictitious points (columns 10-13) for rounds 15-17 to 19-21 and players
    23-26 to 28-31, as bbpPairings reads it; match points (5-8) are for teams."""
    rd = st.rd
    if len(line) < 31:
        raise rd.error(N_("250 needs points, a round range and a player range"), line_no, 1)
    mp = line[4:8].strip()
    if mp and rd.number(mp, line_no, 5, "250") != 0:
        raise rd.error(N_("250 match points are for team events"), line_no, 5)
    points = rd.number(line[9:13].strip(), line_no, 10, "250")
    first_round = _round_field(st, line, line_no, 15, 17)
    last_round = _round_field(st, line, line_no, 19, 21)
    first = rd.int_field(line, line_no, 23, 26, N_("start number")) or 0
    last = rd.int_field(line, line_no, 28, 31, N_("start number")) or 0
    if first_round > last_round:
        raise rd.error(N_("the round range is empty"), line_no, 19)
    if not 0 < first <= last:
        raise rd.error(N_("the player range is empty"), line_no, 28)
    if points <= 0:
        raise rd.error(N_("250 points must be above zero"), line_no, 10)
    st.accelerations_250.extend(
        (first, last, r, points) for r in range(first_round, last_round + 1)
    )
    st.keep("250", line)


# ---------------------------------------------------------------------------- who is paired
def read_id_list(st: ReadState, line: str, line_no: int) -> None:
    """``XXP ids`` (forbidden to meet), ``XXZ ids`` (absent next round), ``SPW NNNN R``
    (swisspairing: withdrawn from round R on)."""
    code = line[:3]
    located = _ids(st, line, line_no, code)
    ids = [n for n, _ in located]
    if code == "XXP":
        st.forbidden.append(frozenset(ids))
        st.id_lists.append((code, line_no, located))
    elif code == "XXZ":
        st.absent.update(ids)
        st.id_lists.append((code, line_no, located))
    else:
        if len(ids) != 2:
            raise st.rd.error(N_("SPW needs a start number and a round"), line_no, 5)
        st.withdrawn[ids[0]] = (ids[1], line_no)
    st.keep(code, line)


def read_240(st: ReadState, line: str, line_no: int) -> None:
    """``240 T RRR NNNN NNNN …`` (TRF26): byes of type ``T`` (``F``, ``H``, ``Z``) in round
    ``RRR`` for the players listed from column 11."""
    kind = line[4:5].upper()
    if kind not in ("F", "H", "Z"):
        raise st.rd.error(N_("unknown bye type {value!r}"), line_no, 5, value=line[4:5])
    rnd = _round_field(st, line, line_no, 7, 9)
    located = _ids(st, line, line_no, "240", start=9)
    if not located:
        raise st.rd.error(N_("240 lists no player"), line_no, 11)
    st.bye_requests.append((kind, rnd, line_no, located))
    st.id_lists.append(("240", line_no, located))
    st.keep("240", line)


def read_260(st: ReadState, line: str, line_no: int) -> None:
    """``260 FFF LLL NNNN NNNN …`` (TRF26): the players listed from column 13 may not meet
    one another in rounds FFF to LLL."""
    first = _round_field(st, line, line_no, 5, 7)
    last = _round_field(st, line, line_no, 9, 11)
    if first > last:
        raise st.rd.error(N_("the round range is empty"), line_no, 9)
    located = _ids(st, line, line_no, "260", start=11)
    if len(located) < 2:
        raise st.rd.error(N_("260 needs at least two players"), line_no, 13)
    st.forbidden_in_rounds.append((first, last, frozenset(n for n, _ in located)))
    st.id_lists.append(("260", line_no, located))
    st.keep("260", line)


# ---------------------------------------------------------------------------- the rest
def read_refused(st: ReadState, line: str, line_no: int) -> None:
    """A record that would change a score or a pairing in a way this version cannot apply."""
    code = line[:3]
    message = _REFUSALS.get(code, _TEAM_REFUSAL)
    raise st.rd.error(message, line_no, 1, code=code)


def read_kept(st: ReadState, line: str, _line_no: int) -> None:
    """An informative record (or a comment, a national rating record, a swisspairing
    ``SP?`` record read by its plugin): kept as read."""
    st.keep(line[:3], line)


def read_unknown(st: ReadState, line: str, line_no: int) -> None:
    """A record this reader does not know: kept as read and noted for one warning."""
    code = line[:3]
    st.unknown.setdefault(code, line_no)
    st.keep(code, line)


_Reader_t = Callable[[ReadState, str, int], None]
#: Record code -> reader.
READERS: dict[str, _Reader_t] = {
    "001": read_001,
    "013": read_013,
    "012": read_012,
    "XXR": read_rounds,
    "142": read_rounds,
    "XXC": read_xxc,
    "152": read_152,
    "XXS": read_xxs,
    "162": read_162,
    "XXA": read_xxa,
    "250": read_250,
    "XXP": read_id_list,
    "XXZ": read_id_list,
    "SPW": read_id_list,
    "240": read_240,
    "260": read_260,
    **dict.fromkeys(BB_FIELDS, read_bb),
    **dict.fromkeys(REFUSED_CODES, read_refused),
    **dict.fromkeys(INFORMATIVE_CODES, read_kept),
}
#: A TRF26 national rating record: a federation code, then a start number in columns 5-8.
_NRS = re.compile(r"(?!XX|BB)[A-Z]{3} [ 0-9]{3}[0-9]")


def is_known(line: str) -> bool:
    """Whether the record is one this reader knows (else it is kept and warned about)."""
    code = line[:3]
    return (
        code in READERS
        or code == "###"  # comments (TRF26 §1)
        or code.startswith("SP")  # swisspairing's own records, read by the plugins
        or bool(_NRS.match(line))
    )


def read_record(st: ReadState, line: str, line_no: int) -> None:
    """Read one (non-blank) line into ``st``."""
    reader = READERS.get(line[:3])
    if reader is None:
        reader = read_kept if is_known(line) else read_unknown
    reader(st, line, line_no)
