"""Writing TRF files: ``001`` and ``013`` in exact TRF16 columns, the tournament's typed
fields as records of the file's own version, every other record as it was read.

The version is the input's unless told otherwise (:func:`trf_version`): a file read with a
TRF26 record (``142``, ``162``, ``240`` …) is written back with ``142`` (rounds), ``152``
(initial colour) and ``162`` (point system); any other with the TRFx ``XXR``, ``XXC`` and
``XXS`` records.  Forbidden pairs stay ``XXP`` and next-round absences ``XXZ`` in both (both
dialects' engines read them); bbpPairings ``BB?`` records are kept as read and then stand
for the point system.
"""

from __future__ import annotations

import io
from typing import TextIO

from ..errors import SizeLimitError
from ..i18n import N_
from ..model import WHITE, Player, PointSystem, RoundRecord, Team, Tournament
from .reader import TYPED_CODES
from .records import BB_FIELDS, TRF26_CODES

__all__ = [
    "TRF16",
    "TRF26",
    "dumps_trf",
    "format_player",
    "format_team",
    "trf_version",
    "write_trf",
]

#: :func:`write_trf` versions: TRF16 with the TRFx engine records, and TRF-2026.
TRF16 = "16"
TRF26 = "2026"

_XXS = (
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


def trf_version(tournament: Tournament) -> str:
    """:data:`TRF26` when the tournament was read with a TRF26 record, else :data:`TRF16`."""
    return TRF26 if any(code in TRF26_CODES for code, _ in tournament.header) else TRF16


def format_162(ps: PointSystem) -> str | None:
    """The TRF26 ``162`` record of ``ps`` (the values that differ from the defaults), or
    ``None`` when ``162`` cannot say it (a forfeit win, a full-point bye or a half-point bye
    scored apart from the win or draw, a zero-point bye apart from the forfeit loss)."""
    if (
        ps.forfeit_win != ps.win
        or ps.full_point_bye != ps.win
        or ps.half_point_bye != ps.draw
        or ps.zero_point_bye != ps.forfeit_loss
        or max(ps.win, ps.draw, ps.loss, ps.forfeit_loss, ps.pairing_allocated_bye) > 99.9
        or min(ps.win, ps.draw, ps.loss, ps.forfeit_loss, ps.pairing_allocated_bye) < 0
    ):
        return None
    default = PointSystem()
    entries = [
        (symbol, value)
        for symbol, value, usual in (
            ("W", ps.win, default.win),
            ("D", ps.draw, default.draw),
            ("L", ps.loss, default.loss),
            ("A", ps.forfeit_loss, default.forfeit_loss),
            ("P", ps.pairing_allocated_bye, ps.win),
        )
        if value != usual
    ]
    if not entries:
        return None
    return "162  " + "    ".join(f"{symbol}{value:4.1f}" for symbol, value in entries)


def _owned_records(t: Tournament, has_bb: bool = False, version: str | None = None) -> list[str]:
    """The records of the tournament's typed fields, in ``version`` (default: the file's)."""
    version = version or trf_version(t)
    out = []
    if t.total_rounds is not None:
        out.append(f"142 {t.total_rounds}" if version == TRF26 else f"XXR {t.total_rounds}")
    if t.initial_colour is not None:
        if version == TRF26:
            out.append("152 " + ("W" if t.initial_colour is WHITE else "B"))
        else:
            out.append("XXC " + ("white1" if t.initial_colour is WHITE else "black1"))
    if t.point_system is not None and not has_bb:  # bbpPairings BB? records are kept as read
        ps = t.point_system
        line = format_162(ps) if version == TRF26 else None
        if line is not None:
            out.append(line)
        elif version != TRF26 or ps != PointSystem():
            out.append(
                "XXS " + " ".join(f"{code}={_num(getattr(ps, field))}" for code, field in _XXS)
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


def write_trf(tournament: Tournament, handle: TextIO, *, version: str | None = None) -> None:
    """Write ``tournament`` as TRF (LF line ends), in ``version`` (:data:`TRF16` or
    :data:`TRF26`; default: the version it was read in).

    Records read from a file come back in their order; the typed records (``XXR``, ``142``
    …) are written from the tournament's fields, each where its code stood, the new ones
    where the first of them stood.
    """
    # bbpPairings BB? lines stand for the point system unless the file also had an XXS
    # record, which then is written too (else its values would be lost).
    has_bb = any(code in BB_FIELDS for code, _ in tournament.header) and not any(
        code == "XXS" for code, _ in tournament.header
    )
    version = version or trf_version(tournament)
    typed: dict[str, list[str]] = {}
    for record in _owned_records(tournament, has_bb, version):
        typed.setdefault(record[:3], []).append(record)
    # each typed record where its code stood; the others where the first typed record stood
    present = {code for code, _ in tournament.header if code in typed}
    lines: list[str] = []
    if tournament.name and not any(code == "012" for code, _ in tournament.header):
        lines.append(f"012 {tournament.name}")  # a tournament built in code, not read
    first = True
    for code, read in tournament.header:
        if code in TYPED_CODES:
            for c in list(typed):
                if c == code or (first and c not in present):
                    lines.extend(typed.pop(c))
            first = False
            continue
        # the name may have been changed
        lines.append(f"012 {tournament.name}".rstrip() if code == "012" else read)
    for records in typed.values():  # no typed record was read: after the header
        lines.extend(records)
    lines.extend(format_player(p) for p in tournament.players)
    lines.extend(format_team(t) for t in tournament.teams)
    handle.write("\n".join(lines) + "\n")


def dumps_trf(tournament: Tournament, *, version: str | None = None) -> str:
    """The TRF text of ``tournament`` (in ``version``, default the one it was read in)."""
    buf = io.StringIO()
    write_trf(tournament, buf, version=version)
    return buf.getvalue()
