"""Reports: standings, the Swiss crosstable and the board list of a round, as text, CSV,
JSON or HTML.

A report is built once, in the user's language (:class:`Report`: translated title, column
headings, rows of cell texts, notes, and a language-neutral ``data`` payload for JSON), then
rendered by :func:`render`.  The HTML is one self-contained file: inline CSS, no scripts, a
viewport meta tag and a horizontally scrolling table for phones, print rules for paper.
Every heading and column name is a catalogue msgid (``N_``), translated when the report is
built.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .i18n import N_, gettext, normalise_locale, pgettext
from .model import PLAYED_CODES, PointSystem, Tournament
from .output import FORMATS
from .pairing import Bye, Pairing
from .safetext import visible

if TYPE_CHECKING:  # annotations only
    from .standings import Standings
    from .tiebreaks import Tiebreak

__all__ = [
    "FORMATS",
    "Column",
    "Report",
    "crosstable_report",
    "format_number",
    "pairings_report",
    "render",
    "round_boards",
    "standings_report",
]

#: Output formats of :func:`render`.

_POLICY_TEXT = {
    "played-only": N_("only games played over the board count"),
    "virtual-opponent": N_(
        "an own unplayed round counts as a game against a virtual opponent, an opponent's "
        "unplayed games as draws (seed 004 2.9)"
    ),
    "draw": N_("an opponent's unplayed games count as draws (seed 004 2.9 b)"),
    "rdf-manual": N_(
        "a plus counts as the lowest score of the tournament, a withdrawn opponent's remaining "
        "games at the average of his score group (RDF 5.4.10.11)"
    ),
    "fide2023": N_("unplayed rounds count as in FIDE C.07 (2023), art. 16"),
    "fide2026": N_(
        "unplayed rounds count as in FIDE C.07 (2026), art. 16, the dummy opponent capped "
        "(16.4.1, 16.4.2)"
    ),
    "burstein2025": N_(
        "an own unplayed round counts as a game against oneself, an opponent's closing run of "
        "zero-point byes as draws (Burstein 2025, 1.7.2)"
    ),
}


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a report."""

    key: str
    """Stable key (the JSON name of the column)."""
    heading: str
    """Translated heading."""
    numeric: bool = False
    """Right-aligned numbers."""
    title: str = ""
    """Translated long name (HTML tooltip), when the heading is an abbreviation."""


@dataclass(frozen=True)
class Report:
    """A report ready to render."""

    kind: str
    """``standings``, ``crosstable`` or ``pairings``."""
    language: str
    """Language of the texts (``en``, ``de``, ``ru``, ``pl``)."""
    title: str
    """Main heading (the tournament name)."""
    subtitle: str
    """What the table shows (``Standings after round 5``)."""
    columns: tuple[Column, ...]
    """Columns in order."""
    rows: tuple[tuple[str, ...], ...]
    """Cell texts, one tuple per row."""
    notes: tuple[str, ...] = ()
    """Legend lines shown under the table."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """Language-neutral content for JSON."""


# ---------------------------------------------------------------------- helpers
def format_number(value: float | None, locale: str | None = None, *, halves: bool = False) -> str:
    """``2`` for 2.0, ``12.5``, ``10.25``; empty for ``None``.  With ``locale`` the decimal
    sign is the locale's (Babel: ``12,5`` in de/ru/pl); ``halves`` prints a half as ``½``
    (``12½``), as some federations' tables do (ruleset ``score_format: fraction``)."""
    if value is None:
        return ""
    v = round(float(value), 4)
    if v.is_integer():
        return str(int(v))
    if halves and (v * 2).is_integer():
        whole = int(abs(v))
        return ("-" if v < 0 else "") + (str(whole) if whole else "") + "½"
    if locale is not None:
        from .explain import format_number as _localized

        return _localized(v, locale)
    return f"{v:.4f}".rstrip("0").rstrip(".")


def _json_number(value: float | None) -> float | int | None:
    if value is None:
        return None
    v = round(float(value), 6)
    return int(v) if v == int(v) else v


def _t(msgid: str, locale: str) -> str:
    return gettext(msgid, locale)


def _tiebreak_notes(columns: Sequence[Tiebreak], locale: str) -> list[str]:
    """One legend line per column except the plain points: ``BH: Buchholz (TB 1)``."""
    notes = []
    for tb in columns:
        if tb.id == "points":
            continue
        text = f"{_t(tb.heading, locale)}: {_t(tb.name, locale)}"
        if tb.rule:
            text += f" ({tb.rule})"
        notes.append(text)
    return notes


def _policy_note(standings: Standings, locale: str) -> list[str]:
    if not any(c.unplayed for c in standings.columns):
        return []
    text = _t(_POLICY_TEXT[standings.policy.unplayed], locale)
    return [_t(N_("Unplayed games: {rule}"), locale).format(rule=text)]


def _name(row_name: str, withdrawn: bool, locale: str) -> str:
    if withdrawn:
        withdrawn_word = N_("withdrawn")
        return f"{row_name} ({_t(withdrawn_word, locale)})"
    return row_name


def _player_columns(standings: Standings, locale: str) -> tuple[list[Column], bool, bool]:
    has_title = any(r.title for r in standings.rows)
    has_fed = any(r.federation for r in standings.rows)
    cols = [Column("place", _t(N_("Place"), locale)), Column("number", _t(N_("No."), locale), True)]
    if standings.team:
        cols.append(Column("name", _t(N_("Team"), locale)))
        return cols, False, False
    if has_title:
        cols.append(Column("title", _t(N_("Title"), locale)))
    cols.append(Column("name", _t(N_("Name"), locale)))
    if has_fed:
        cols.append(Column("federation", _t(N_("Fed"), locale)))
    cols.append(Column("rating", _t(N_("Rtg"), locale), True))
    return cols, has_title, has_fed


def _row_head(
    row: Any, standings: Standings, has_title: bool, has_fed: bool, locale: str
) -> list[str]:
    cells = [row.place, str(row.number)]
    if standings.team:
        return [*cells, row.name]
    if has_title:
        cells.append(row.title)
    cells.append(_name(row.name, row.withdrawn, locale))
    if has_fed:
        cells.append(row.federation)
    cells.append(str(row.rating) if row.rating else "")
    return cells


def _columns_data(standings: Standings, locale: str) -> list[dict[str, Any]]:
    return [
        {
            "id": c.id,
            "name": _t(c.name, locale),
            "short": _t(c.heading, locale),
            "rule": c.rule,
            "ranking": c.id in standings.ranking,
        }
        for c in standings.columns
    ]


def _row_data(row: Any, standings: Standings) -> dict[str, Any]:
    d: dict[str, Any] = {
        "rank": row.rank,
        "place": row.place,
        "number": row.number,
        "name": row.name,
    }
    if not standings.team:
        d.update(
            title=row.title, rating=row.rating, federation=row.federation, withdrawn=row.withdrawn
        )
    d["values"] = {
        c.id: _json_number(v) for c, v in zip(standings.columns, row.values, strict=True)
    }
    return d


# ---------------------------------------------------------------------- standings
def standings_report(standings: Standings, locale: str = "en", *, halves: bool = False) -> Report:
    """The standings table: place, number, name (title, federation, rating), points and
    every tiebreak column; the legend names each tiebreak and the unplayed-game rule."""
    lang = normalise_locale(locale)
    head, has_title, has_fed = _player_columns(standings, lang)
    cols = head + [
        Column(c.id, _t(c.heading, lang), True, _t(c.name, lang)) for c in standings.columns
    ]
    rows = []
    for r in standings.rows:
        rows.append(
            tuple(
                _row_head(r, standings, has_title, has_fed, lang)
                + [format_number(v, lang, halves=halves) for v in r.values]
            )
        )
    subtitle_id = (
        N_("Team standings after round {round}")
        if standings.team
        else N_("Standings after round {round}")
    )
    data = {
        "report": "standings",
        "tournament": standings.tournament,
        "after_round": standings.after_round,
        "ruleset": standings.ruleset,
        "team": standings.team,
        "unplayed": standings.policy.unplayed,
        "columns": _columns_data(standings, lang),
        "rows": [_row_data(r, standings) for r in standings.rows],
    }
    return Report(
        kind="standings",
        language=lang,
        title=standings.tournament or _t(N_("Tournament"), lang),
        subtitle=_t(subtitle_id, lang).format(round=standings.after_round),
        columns=tuple(cols),
        rows=tuple(rows),
        notes=tuple(_tiebreak_notes(standings.columns, lang) + _policy_note(standings, lang)),
        data=data,
    )


# ---------------------------------------------------------------------- crosstable
_SYMBOL = {
    "1": "1",
    "W": "1",
    "=": "½",
    "D": "½",
    "0": "0",
    "L": "0",
    "+": "+",
    "-": "-",
    "U": "+",
    "F": "+",
    "H": "½",
    "Z": "-",
    " ": "",
}


def _unplayed_symbol(code: str, ps: PointSystem) -> str:
    """A round without an opponent by what it was worth: ``+`` a win's points, ``½`` half of
    them, ``-`` nothing, else the points (a bye's code says nothing of its value: a round
    robin's bye gives 0, a team pause 0.5 a board)."""
    value = {
        "U": ps.pairing_allocated_bye,
        "F": ps.full_point_bye,
        "H": ps.half_point_bye,
        "Z": ps.zero_point_bye,
    }[code]
    if ps.win > 0 and abs(value - ps.win) < 1e-9:
        return "+"
    if abs(value) < 1e-9:
        return "-"
    if abs(2 * value - ps.win) < 1e-9:
        return "½"
    return format_number(value)


def crosstable_report(
    tournament: Tournament, standings: Standings, locale: str = "en", *, halves: bool = False
) -> Report:
    """The Swiss crosstable: the standings rows with, for every round, the opponent's rank in
    this table, the colour and the result (``12w1``; ``+``/``-`` won or lost without playing;
    a cell without opponent is a bye or an absence)."""
    lang = normalise_locale(locale)
    if standings.team:
        raise ValueError("the crosstable is a table of players, not of teams")
    head, has_title, has_fed = _player_columns(standings, lang)
    rounds = standings.after_round
    rank_of = {r.number: r.rank for r in standings.rows}
    white = pgettext("colour", "w", lang)
    black = pgettext("colour", "b", lang)
    cols = head + [
        Column(f"r{i}", str(i), True, _t(N_("Round {round}"), lang).format(round=i))
        for i in range(1, rounds + 1)
    ]
    cols += [Column(c.id, _t(c.heading, lang), True, _t(c.name, lang)) for c in standings.columns]
    ps = standings.point_system
    rows = []
    data_rows = []
    for r in standings.rows:
        p = tournament.player(r.number)
        cells = []
        rounds_data: list[dict[str, Any] | None] = []
        for i in range(1, rounds + 1):
            rec = p.record(i)
            if rec is None:
                cells.append("")
                rounds_data.append(None)
                continue
            sym = (
                _unplayed_symbol(rec.result, ps)
                if rec.opponent is None and rec.result in "UFHZ"
                else _SYMBOL.get(rec.result, "")
            )
            if rec.opponent is not None and rec.opponent in rank_of:
                colour = (
                    white
                    if rec.colour is not None and rec.colour.value == "w"
                    else black
                    if rec.colour is not None
                    else ""
                )
                cells.append(f"{rank_of[rec.opponent]}{colour}{sym}")
            else:
                cells.append(sym)
            rounds_data.append(
                {
                    "round": i,
                    "opponent": rec.opponent,
                    "opponent_rank": rank_of.get(rec.opponent)
                    if rec.opponent is not None
                    else None,
                    "colour": rec.colour.value if rec.colour is not None else None,
                    "result": rec.result,
                    "played": rec.is_played,
                }
            )
        rows.append(
            tuple(
                _row_head(r, standings, has_title, has_fed, lang)
                + cells
                + [format_number(v, lang, halves=halves) for v in r.values]
            )
        )
        d = _row_data(r, standings)
        d["rounds"] = rounds_data
        data_rows.append(d)
    notes = [
        _t(
            N_(
                "A round cell shows the opponent's rank in this table, the colour ({white} White, "
                "{black} Black) and the result: 1 win, ½ draw, 0 loss, + or - won or lost without "
                "playing; without an opponent (a bye or an absence): + as many points as a win, ½ "
                "half of them, - none."
            ),
            lang,
        ).format(white=white, black=black)
    ]
    notes += _tiebreak_notes(standings.columns, lang) + _policy_note(standings, lang)
    data = {
        "report": "crosstable",
        "tournament": standings.tournament,
        "after_round": rounds,
        "ruleset": standings.ruleset,
        "unplayed": standings.policy.unplayed,
        "columns": _columns_data(standings, lang),
        "rows": data_rows,
    }
    return Report(
        kind="crosstable",
        language=lang,
        title=standings.tournament or _t(N_("Tournament"), lang),
        subtitle=_t(N_("Crosstable after round {round}"), lang).format(round=rounds),
        columns=tuple(cols),
        rows=tuple(rows),
        notes=tuple(notes),
        data=data,
    )


# ---------------------------------------------------------------------- pairings
_RESULT = {
    "1": "1-0",
    "W": "1-0",
    "=": "½-½",
    "D": "½-½",
    "0": "0-1",
    "L": "0-1",
    "+": "+/-",
    "-": "-/+",
    " ": "",
}
_BYE_LABEL = {
    "U": N_("bye"),
    "F": N_("full-point bye"),
    "H": N_("half-point bye"),
    "Z": N_("absent"),
    " ": N_("absent"),
}


def round_boards(tournament: Tournament, round_number: int) -> tuple[list[Pairing], list[Bye]]:
    """The boards and byes recorded for a round, boards by the lower start number of the two.

    A forfeited game keeps its pairing (``absent`` = the player who lost by forfeit); players
    without opponent are listed with their result code unless they have withdrawn.
    """
    boards: list[Pairing] = []
    byes: list[Bye] = []
    seen: set[int] = set()
    for p in tournament.players:
        rec = p.record(round_number)
        if rec is None or p.number in seen:
            continue
        if rec.opponent is None or rec.opponent not in tournament:
            if tournament.is_withdrawn(p.number, round_number) and rec.result in "Z ":
                continue
            byes.append(Bye(p.number, rec.result if rec.result != " " else "Z"))
            continue
        o = rec.opponent
        seen.update((p.number, o))
        orec = tournament.player(o).record(round_number)
        if rec.colour is not None:
            white, black = (p.number, o) if rec.colour.value == "w" else (o, p.number)
        elif orec is not None and orec.colour is not None:
            white, black = (o, p.number) if orec.colour.value == "w" else (p.number, o)
        else:
            white, black = min(p.number, o), max(p.number, o)
        absent = None
        if rec.result == "-" and (orec is None or orec.result != "-"):
            absent = p.number
        elif orec is not None and orec.result == "-" and rec.result != "-":
            absent = o
        boards.append(Pairing(white, black, absent))
    return boards, byes


def _publication_order(
    tournament: Tournament, round_number: int, boards: list[Pairing], engine: Any
) -> list[Pairing]:
    """The system's publication order (``swiss_order_boards``, e.g. Dutch-1992 F1), computed
    on the state before the round."""
    if engine is None or not boards:
        return boards
    ctx = engine.context(tournament, round_number, explain=False)
    numbers = sorted({n for b in boards for n in b.players})
    ranked = engine.sort_players(ctx, numbers)
    ranked += [n for n in numbers if n not in set(ranked)]
    ctx.set_ranking(ranked)
    return list(engine.order_boards(boards, ctx))


def pairings_report(
    tournament: Tournament,
    round_number: int,
    *,
    engine: Any = None,
    point_system: Any = None,
    locale: str = "en",
    halves: bool = False,
) -> Report:
    """The board list of a round in the system's publication order, with the scores before
    the round and the results entered so far; byes and absences after the boards
    (AMB-D13)."""
    from .model import player_states

    lang = normalise_locale(locale)
    ps = point_system or tournament.point_system
    if ps is None:
        ps = PointSystem()
    boards, byes = round_boards(tournament, round_number)
    bye_term = engine.bye_term() if engine is not None and hasattr(engine, "bye_term") else None
    boards = _publication_order(tournament, round_number, boards, engine)
    scores = {n: s.score for n, s in player_states(tournament, ps, round_number).items()}
    cols = (
        Column("board", _t(N_("Board"), lang), True),
        Column("white_number", _t(N_("No."), lang), True),
        Column("white", _t(N_("White"), lang)),
        Column("white_points", _t(N_("Pts"), lang), True, _t(N_("Points"), lang)),
        Column("result", _t(N_("Result"), lang)),
        Column("black_number", _t(N_("No."), lang), True),
        Column("black", _t(N_("Black"), lang)),
        Column("black_points", _t(N_("Pts"), lang), True, _t(N_("Points"), lang)),
    )
    rows = []
    data_boards = []

    def who(n: int) -> dict[str, Any]:
        return {
            "number": n,
            "name": tournament.player(n).name,
            "points": _json_number(scores.get(n, 0.0)),
        }

    for i, b in enumerate(boards, start=1):
        wrec = tournament.player(b.white).record(round_number)
        result = _RESULT.get(wrec.result, "") if wrec is not None else ""
        if wrec is not None and wrec.result == "-":
            brec = tournament.player(b.black).record(round_number)
            if brec is not None and brec.result == "-":
                result = "-/-"
        rows.append(
            (
                str(i),
                str(b.white),
                tournament.player(b.white).name,
                format_number(scores.get(b.white, 0.0), lang, halves=halves),
                result,
                str(b.black),
                tournament.player(b.black).name,
                format_number(scores.get(b.black, 0.0), lang, halves=halves),
            )
        )
        data_boards.append(
            {
                "board": i,
                "white": who(b.white),
                "black": who(b.black),
                "result": result,
                "forfeit": b.absent is not None
                or (wrec is not None and wrec.result not in PLAYED_CODES and wrec.result != " "),
            }
        )
    data_byes = []
    for bye in byes:
        label = _t(_BYE_LABEL.get(bye.result, N_("bye")), lang)
        if bye.result == "U" and bye_term:  # the system's own word (RDF 5.4.10.2(f): «плюс»)
            label = _t(bye_term, lang)
        pts = ps.points(tournament.player(bye.player).record(round_number))  # type: ignore[arg-type]
        rows.append(
            (
                "",
                str(bye.player),
                tournament.player(bye.player).name,
                format_number(scores.get(bye.player, 0.0), lang, halves=halves),
                f"{label} ({format_number(pts, lang, halves=halves)})",
                "",
                "",
                "",
            )
        )
        data_byes.append(
            {**who(bye.player), "result": bye.result, "label": label, "awarded": _json_number(pts)}
        )
    data = {
        "report": "pairings",
        "tournament": tournament.name,
        "round": round_number,
        "boards": data_boards,
        "byes": data_byes,
    }
    return Report(
        kind="pairings",
        language=lang,
        title=tournament.name or _t(N_("Tournament"), lang),
        subtitle=_t(N_("Pairings of round {round}"), lang).format(round=round_number),
        columns=cols,
        rows=tuple(rows),
        notes=(_t(N_("Points are the scores before the round."), lang),),
        data=data,
    )


# ---------------------------------------------------------------------- renderers
def render(report: Report, fmt: str = "text") -> str:
    """The report as ``text``, ``csv``, ``json`` or ``html``."""
    if fmt == "text":
        return render_text(report)
    if fmt == "csv":
        return render_csv(report)
    if fmt == "json":
        return render_json(report)
    if fmt == "html":
        return render_html(report)
    raise ValueError(f"unknown report format {fmt!r} (known: {', '.join(FORMATS)})")


def render_text(report: Report) -> str:
    """An aligned plain-text table with title, subtitle and legend (for a terminal: a control
    character in a value built through the Python API is shown as ``\\x1b``, never sent)."""
    rows = [[visible(c, None) for c in r] for r in report.rows]
    head = [c.heading for c in report.columns]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(head)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            c.rjust(w) if col.numeric else c.ljust(w)
            for c, w, col in zip(cells, widths, report.columns, strict=True)
        ]
        return "  ".join(parts).rstrip()

    out = [visible(report.title, None), visible(report.subtitle, None), "", line(head)]
    out += ["  ".join("-" * w for w in widths)]
    out += [line(r) for r in rows]
    if report.notes:
        out.append("")
        out += list(report.notes)
    return "\n".join(out) + "\n"


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""Characters with which a spreadsheet starts a formula (OWASP "CSV injection")."""


def _csv_safe(cell: Any) -> Any:
    """A cell that a spreadsheet shows as text: a value starting like a formula
    (``=HYPERLINK(…)``, ``+``, ``-``, ``@``, tab, carriage return) gets a leading ``'``
    (OWASP); numbers (``-0.5``) and the result symbols ``+``/``-`` stay as they are."""
    if not isinstance(cell, str) or not cell.startswith(_FORMULA_START) or cell in ("+", "-"):
        return cell
    try:
        float(cell)
    except ValueError:
        return "'" + cell
    return cell


def render_csv(report: Report) -> str:
    """One header row of headings, then the rows (comma-separated, RFC 4180 quoting); cells
    that a spreadsheet would run as formulas are neutralised (:func:`_csv_safe`)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([_csv_safe(c.heading) for c in report.columns])
    writer.writerows([_csv_safe(c) for c in row] for row in report.rows)
    return buf.getvalue()


def render_json(report: Report) -> str:
    """The language-neutral data, with the language and the translated headings."""
    payload = dict(report.data)
    payload["language"] = report.language
    payload["title"] = report.title
    payload["subtitle"] = report.subtitle
    payload["headings"] = {c.key: c.heading for c in report.columns}
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"


_CSS = """\
:root{color-scheme:light}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;margin:0;\
padding:1rem;color:#111;background:#fff;line-height:1.35}
h1{font-size:1.35rem;margin:0 0 .2rem}
.subtitle{margin:0 0 .8rem;color:#444}
.table-wrap{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%}
table{border-collapse:collapse;font-variant-numeric:tabular-nums;min-width:100%}
th,td{padding:.3rem .55rem;border-bottom:1px solid #ddd;text-align:left;white-space:nowrap;\
vertical-align:top}
thead th{background:#eef1f4;border-bottom:2px solid #9aa4ae;font-weight:600}
.num{text-align:right}
tbody tr:nth-child(even){background:#f8f9fa}
abbr{text-decoration:none;cursor:help}
.notes{font-size:.85rem;color:#333;margin:.8rem 0 0;padding-left:1.2rem}
.meta{display:none}
@media (max-width:40em){body{padding:.5rem}h1{font-size:1.15rem}\
th,td{padding:.25rem .3rem;font-size:.85rem}\
td.name{white-space:normal;min-width:6rem;overflow-wrap:anywhere}.opt{display:none}\
thead th,.c-result{white-space:normal}\
.meta{display:block;font-size:.75rem;color:#555}\
.report-standings .c-name,.report-crosstable .c-name{position:sticky;left:0;z-index:1;\
background:#fff;box-shadow:1px 0 0 #ddd}\
.report-standings tbody tr:nth-child(even) .c-name,\
.report-crosstable tbody tr:nth-child(even) .c-name{background:#f8f9fa}\
.report-standings thead .c-name,.report-crosstable thead .c-name{background:#eef1f4;z-index:2}\
.report-crosstable .c-points{position:sticky;right:0;background:#fff;box-shadow:-1px 0 0 #ddd}\
.report-crosstable tbody tr:nth-child(even) .c-points{background:#f8f9fa}\
.report-crosstable thead .c-points{background:#eef1f4}}
@media print{body{padding:0;font-size:9.5pt;color:#000}.table-wrap{overflow:visible}\
thead{display:table-header-group}thead th{background:none;border-bottom:1.5pt solid #000}\
tbody tr:nth-child(even){background:none}tr{break-inside:avoid;page-break-inside:avoid}\
th,td{padding:.12rem .3rem;border-bottom:.5pt solid #999}@page{margin:1.2cm}}
"""


_STACKED = frozenset(
    {
        "number",
        "title",
        "federation",
        "rating",
        "white_number",
        "white_points",
        "black_number",
        "black_points",
    }
)
"""Columns that a phone-wide page shows under the name instead of as columns of their own
(``.opt`` cells hidden, their values in the name cell's ``.meta`` line): the important
columns (place, name, points, rounds, tiebreaks; board, White, result, Black) come first
and stay visible at 390 px."""


def _stack_target(key: str) -> str:
    return "white" if key.startswith("white_") else "black" if key.startswith("black_") else "name"


def _css_class(key: str) -> str:
    return "c-" + re.sub(r"[^A-Za-z0-9_-]", "_", key)


def render_html(report: Report) -> str:
    """A self-contained HTML5 page: inline CSS, no scripts, responsive and printable.

    At phone width (40em and less) the secondary columns (:data:`_STACKED`) move under the
    name as one line, the name column of standings and crosstables stays in view while the
    rounds and tiebreaks scroll sideways."""
    e = html.escape
    keys = {c.key for c in report.columns}
    stacked = {c.key for c in report.columns if c.key in _STACKED and _stack_target(c.key) in keys}
    head_cells = []
    for c in report.columns:
        classes = [_css_class(c.key), *(["num"] if c.numeric else [])]
        classes += ["opt"] if c.key in stacked else []
        text = (
            f'<abbr title="{e(c.title)}">{e(c.heading)}</abbr>'
            if c.title and c.title != c.heading
            else e(c.heading)
        )
        head_cells.append(f'<th scope="col" class="{" ".join(classes)}">{text}</th>')
    body_rows = []
    for r in report.rows:
        meta: dict[str, list[str]] = {}
        for c, v in zip(report.columns, r, strict=True):
            if c.key in stacked and v:
                meta.setdefault(_stack_target(c.key), []).append(
                    f"{c.heading}\u00a0{v}" if c.numeric else v
                )
        cells = []
        for c, v in zip(report.columns, r, strict=True):
            classes = [_css_class(c.key)]
            if c.numeric:
                classes.append("num")
            elif c.key in ("name", "white", "black"):
                classes.append("name")
            if c.key in stacked:
                classes.append("opt")
            extra = ""
            if meta.get(c.key):
                extra = f'<span class="meta">{e(" · ".join(meta[c.key]))}</span>'
            cells.append(f'<td class="{" ".join(classes)}">{e(v)}{extra}</td>')
        body_rows.append("<tr>" + "".join(cells) + "</tr>")
    notes = ""
    if report.notes:
        notes = (
            '<ul class="notes">\n'
            + "\n".join(f"<li>{e(n)}</li>" for n in report.notes)
            + "\n</ul>\n"
        )
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{e(report.language)}">\n'
        "<head>\n"
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="swisspairing">\n'
        f"<title>{e(report.title)} – {e(report.subtitle)}</title>\n"
        f"<style>\n{_CSS}</style>\n"
        "</head>\n"
        "<body>\n"
        f'<main class="report report-{e(report.kind)}">\n'
        f"<h1>{e(report.title)}</h1>\n"
        f'<p class="subtitle">{e(report.subtitle)}</p>\n'
        f'<div class="table-wrap" role="region" aria-label="{e(report.subtitle)}" tabindex="0">\n'
        "<table>\n"
        "<thead><tr>" + "".join(head_cells) + "</tr></thead>\n"
        "<tbody>\n" + "\n".join(body_rows) + "\n</tbody>\n"
        "</table>\n"
        "</div>\n"
        f"{notes}"
        "</main>\n"
        "</body>\n"
        "</html>\n"
    )
