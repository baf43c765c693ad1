"""The verification report: one self-contained HTML page (``simulate --report FILE.html``).

For the whole run a table with one row per ruleset (tournaments, rounds, violations — which
must be 0 —, discrepancies with our own re-pairing, rounds compared with the reference engine
and those it pairs otherwise, early stops, median and worst CPU time per round); then per
ruleset three plots drawn by matplotlib into the page as inline SVG (no script, no network
needed to view it): the distribution of CPU time per round on a log scale with the worst rounds
named, the time per round against the field size, and the share of rounds that needed each
kind of relaxation (:data:`~.jobs.RELAXATIONS`); and the discrepancies in the endorsement form
(FIDE C.04.A: tournaments, rounds, differing rounds), each with the tournament file (a link
inside the page) and the round to reproduce it.

Every sentence is a catalogue entry; numbers are written in the locale's format.  matplotlib is
the optional extra ``swisspairing[report]`` (:func:`require_matplotlib`).
"""

from __future__ import annotations

import base64
import html
import io
import math
import re
import statistics
from collections.abc import Sequence
from typing import Any

from swisspairing.errors import InvalidInputError
from swisspairing.explain import format_number
from swisspairing.i18n import N_, gettext
from swisspairing.verify import SimulationSummary

from .jobs import RELAXATIONS, Outcome

__all__ = ["require_matplotlib", "verification_report"]

#: Rows of a findings table shown in the page (the rest are counted).
MAX_ROWS = 200
#: Worst rounds named in the time distribution.
WORST_NAMED = 3


def require_matplotlib() -> None:
    """:class:`InvalidInputError` with the install command when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InvalidInputError(
            N_("--report needs matplotlib: pip install 'swisspairing[report]'")
        ) from None


def _t(msgid: str, locale: str) -> str:
    return gettext(msgid, locale)


def _num(value: float, locale: str, digits: int = 1) -> str:
    return format_number(round(value, digits), locale)


# ---------------------------------------------------------------------- plots
def _svg(fig: Any) -> str:
    """The figure as an inline ``<svg>`` element (text kept as text, stable ids)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "swisspairing"}):
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text[text.find("<svg") :], flags=re.S)
    return text.strip()


def _log_axis(axis: Any, locale: str) -> None:
    """A log axis labelled at the powers of ten in the locale's numbers (0.1, 1, 10)."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    axis.set_major_locator(LogLocator(base=10))
    axis.set_major_formatter(FuncFormatter(lambda v, _pos: format_number(v, locale)))
    axis.set_minor_formatter(NullFormatter())


def _figure() -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.4, 3.2), dpi=100)
    ax = fig.subplots()
    ax.grid(True, which="major", alpha=0.3)
    return fig, ax


def _time_distribution(outcomes: Sequence[Outcome], locale: str) -> str:
    """Histogram of CPU milliseconds per round on logarithmic bins; the worst rounds named."""
    rounds = [(r.seconds * 1000, o, r) for o in outcomes for r in o.rounds]
    ms = [max(x, 1e-3) for x, _, _ in rounds]
    fig, ax = _figure()
    lo, hi = min(ms), max(ms)
    if hi <= lo:
        hi = lo * 10
    bins = [lo * (hi / lo) ** (i / 40) for i in range(41)]
    ax.hist(ms, bins=bins, color="#4c78a8")
    ax.set_xscale("log")
    _log_axis(ax.xaxis, locale)
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(_t(N_("CPU time per round (ms, log scale)"), locale))
    ax.set_ylabel(_t(N_("rounds"), locale))
    worst = sorted(rounds, key=lambda x: -x[0])[:WORST_NAMED]
    label = _t(N_("seed {seed}, round {round}: {ms} ms"), locale)
    names = []
    for x, o, r in worst:
        ax.axvline(max(x, 1e-3), color="#e45756", linewidth=0.8)
        names.append(
            label.format(
                seed=o.seed if o.path is None else o.path, round=r.round, ms=_num(x, locale)
            )
        )
    ax.text(
        0.99,
        0.97,
        "\n".join(names),
        transform=ax.transAxes,
        ha="right",
        va="top",
        fontsize=8,
        color="#b22222",
        bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "none"},
    )
    return _svg(fig)


def _time_by_size(outcomes: Sequence[Outcome], locale: str) -> str:
    """CPU milliseconds of every round against the entrants of its tournament (log scale)."""
    xs = [o.entrants for o in outcomes for _ in o.rounds]
    ys = [max(r.seconds * 1000, 1e-3) for o in outcomes for r in o.rounds]
    fig, ax = _figure()
    ax.scatter(xs, ys, s=10, alpha=0.5, color="#4c78a8", linewidths=0, rasterized=len(xs) > 2000)
    ax.set_yscale("log")
    _log_axis(ax.yaxis, locale)
    ax.set_xlabel(_t(N_("entrants"), locale))
    ax.set_ylabel(_t(N_("CPU time per round (ms, log scale)"), locale))
    return _svg(fig)


def _relaxation_shares(outcomes: Sequence[Outcome], locale: str) -> str:
    """Share of rounds with each kind of relaxation (horizontal bars, per cent)."""
    total = sum(len(o.rounds) for o in outcomes)
    counts = {k: 0 for k in RELAXATIONS}
    for o in outcomes:
        for r in o.rounds:
            for k in r.relaxations:
                counts[k] = counts.get(k, 0) + 1
    labels = [_wrap(_t(RELAXATIONS[k], locale)) for k in RELAXATIONS]
    shares = [100 * counts[k] / total if total else 0 for k in RELAXATIONS]
    fig, ax = _figure()
    fig.set_size_inches(6.4, 0.6 + 0.55 * len(labels))
    y = list(range(len(labels)))
    ax.barh(y, shares, color="#72b7b2")
    ax.set_yticks(y, labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel(_t(N_("share of rounds (%)"), locale))
    for yi, share in zip(y, shares, strict=True):
        ax.annotate(
            _num(share, locale),
            xy=(share, yi),
            xytext=(3, 0),
            textcoords="offset points",
            va="center",
            fontsize=8,
        )
    return _svg(fig)


def _wrap(text: str, width: int = 38) -> str:
    words, lines, line = text.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    lines.append(line)
    return "\n".join(lines)


# ---------------------------------------------------------------------- tables
def _table(head: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[int] = ()) -> str:
    e = html.escape
    th = "".join(
        f'<th scope="col"{" class=num" if i in numeric else ""}>{e(h)}</th>'
        for i, h in enumerate(head)
    )
    body = []
    for row in rows:
        cells = []
        for i, c in enumerate(row):
            cls = ' class="num"' if i in numeric else ""
            cells.append(f"<td{cls}>{c}</td>")  # cells are escaped (or built) by the caller
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        '<div class="table-wrap"><table>\n<thead><tr>'
        + th
        + "</tr></thead>\n<tbody>\n"
        + "\n".join(body)
        + "\n</tbody></table></div>\n"
    )


def _status(count: int) -> str:
    cls = "bad" if count else "ok"
    return f'<span class="{cls}">{count}</span>'


def _file_link(o: Outcome) -> str:
    """A link that saves the tournament file from inside the page; a checked file by name."""
    e = html.escape
    if o.path is not None:
        return e(o.path)
    if not o.trf:
        return ""
    name = f"{_slug(o.ruleset)}-seed-{o.seed}.trf"
    data = base64.b64encode(o.trf.encode("utf-8")).decode("ascii")
    return (
        f'<a download="{e(name)}" href="data:text/plain;charset=utf-8;base64,{data}">{e(name)}</a>'
    )


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "ruleset"


def _findings_table(
    outcomes: Sequence[Outcome], kinds: Sequence[str], locale: str
) -> tuple[str, int]:
    e = html.escape
    rows = []
    for o in outcomes:
        for f in o.findings:
            if f.kind in kinds:
                rows.append(
                    [
                        e(str(f.seed) if o.path is None else o.path),
                        e(str(f.players)),
                        e(str(f.round)),
                        _file_link(o),
                        e(f.detail),
                    ]
                )
    if not rows:
        return "", 0
    head = [
        _t(N_("seed"), locale),
        _t(N_("entrants"), locale),
        _t(N_("round"), locale),
        _t(N_("file"), locale),
        _t(N_("difference"), locale),
    ]
    shown = _table(head, rows[:MAX_ROWS], numeric=(1, 2))
    if len(rows) > MAX_ROWS:
        more = _t(N_("further rows: {count} (all in the journal)"), locale)
        shown += f'<p class="note">{e(more.format(count=len(rows) - MAX_ROWS))}</p>\n'
    return shown, len(rows)


# ---------------------------------------------------------------------- the page
_LEGEND = N_(
    "violations must be 0: a violation is a pairing that breaks an absolute criterion of the "
    "rules; a discrepancy is a round that our engine, given the rounds before it, pairs "
    "otherwise than the file"
)
_CSS = """\
:root{color-scheme:light}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;
margin:0;padding:1rem;color:#111;background:#fff;line-height:1.35;max-width:82rem}
h1{font-size:1.35rem;margin:0 0 .2rem}
h2{font-size:1.15rem;margin:1.6rem 0 .4rem;border-bottom:1px solid #ccd}
h3{font-size:1rem;margin:1rem 0 .3rem}
.subtitle{margin:0 0 .8rem;color:#444}
.table-wrap{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.25rem .45rem;font-size:.92rem;border-bottom:1px solid #ddd;text-align:left;
vertical-align:top}
td:first-child,td a[download]{white-space:nowrap}
thead th{background:#eef1f4;border-bottom:2px solid #9aa4ae;font-weight:600}
.num{text-align:right}
tbody tr:nth-child(even){background:#f8f9fa}
.ok{color:#1b7f3b;font-weight:600}
.bad{color:#b00020;font-weight:700}
.plots{display:flex;flex-wrap:wrap;gap:1rem}
figure{margin:0;flex:1 1 28rem;max-width:40rem}
figure svg{width:100%;height:auto}
figcaption{font-size:.85rem;color:#444}
.note{color:#555;font-size:.9rem}
@media print{body{padding:0;font-size:9.5pt}section{break-inside:avoid}}
"""


def verification_report(
    summaries: Sequence[SimulationSummary],
    outcomes: Sequence[Outcome],
    locale: str = "en",
    *,
    wall_seconds: float | None = None,
    workers: int | str | None = None,
    reference: str | None = None,
) -> str:
    """The HTML page (see the module text) for a run's summaries and outcomes."""
    e = html.escape
    title = _t(N_("Verification report"), locale)
    total_t = sum(s.tournaments for s in summaries)
    total_r = sum(s.rounds_checked for s in summaries)
    sub = _t(
        N_("tournaments: {tournaments}, rounds re-paired: {rounds}, rulesets: {rulesets}"), locale
    ).format(tournaments=total_t, rounds=total_r, rulesets=len(summaries))
    facts = [sub]
    if wall_seconds is not None:
        facts.append(
            _t(N_("wall time: {seconds} s, workers: {workers}"), locale).format(
                seconds=_num(wall_seconds, locale), workers=workers
            )
        )
    if reference:
        facts.append(_t(N_("reference engine: {program}"), locale).format(program=reference))
    head = [
        _t(N_("ruleset"), locale),
        _t(N_("tournaments"), locale),
        _t(N_("rounds checked"), locale),
        _t(N_("violations"), locale),
        _t(N_("discrepancies"), locale),
        _t(N_("compared with the reference"), locale),
        _t(N_("differing from the reference"), locale),
        _t(N_("stopped early"), locale),
        _t(N_("median ms/round"), locale),
        _t(N_("worst ms/round"), locale),
    ]
    rows = []
    for s in summaries:
        rows.append(
            [
                f'<a href="#{e(_slug(s.ruleset))}">{e(s.ruleset)}</a>',
                str(s.tournaments),
                str(s.rounds_checked),
                _status(s.violations),
                _status(s.discrepancies),
                str(s.reference_rounds) if reference else "–",
                _status(s.reference_differing) if reference else "–",
                str(s.stopped),
                e(_num(s.median * 1000, locale, 2)),
                e(_num(s.worst * 1000, locale, 1)),
            ]
        )
    parts = [
        "<!DOCTYPE html>\n",
        f'<html lang="{e(locale)}">\n<head>\n<meta charset="utf-8">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        '<meta name="generator" content="swisspairing">\n',
        f"<title>{e(title)}</title>\n<style>\n{_CSS}</style>\n</head>\n<body>\n<main>\n",
        f"<h1>{e(title)}</h1>\n",
        f'<p class="subtitle">{e(" · ".join(facts))}</p>\n',
        _table(head, rows, numeric=tuple(range(1, 10))),
        f'<p class="note">{e(_t(_LEGEND, locale))}</p>\n',
    ]
    by_ruleset: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_ruleset.setdefault(o.ruleset, []).append(o)
    for s in summaries:
        parts.append(_section(s, by_ruleset.get(s.ruleset, []), locale, reference))
    parts.append("</main>\n</body>\n</html>\n")
    return "".join(parts)


def _section(
    s: SimulationSummary, outcomes: Sequence[Outcome], locale: str, reference: str | None
) -> str:
    e = html.escape
    out = [f'<section id="{e(_slug(s.ruleset))}">\n<h2>{e(s.ruleset)}</h2>\n']
    # the endorsement form: tournaments, rounds, differing rounds
    form = _t(
        N_(
            "tournaments: {tournaments}; rounds: {rounds}; differing rounds: {differing}; "
            "violations: {violations}"
        ),
        locale,
    ).format(
        tournaments=s.tournaments,
        rounds=s.rounds_checked,
        differing=s.discrepancies,
        violations=s.violations,
    )
    out.append(f"<p>{e(form)}</p>\n")
    if reference:
        ref = _t(
            N_("reference engine: rounds compared: {rounds}; differing rounds: {differing}"),
            locale,
        ).format(rounds=s.reference_rounds, differing=s.reference_differing)
        out.append(f"<p>{e(ref)}</p>\n")
    if s.seconds:
        med = statistics.median(s.seconds) * 1000
        q = sorted(s.seconds)[max(0, math.ceil(0.99 * len(s.seconds)) - 1)] * 1000
        times = _t(
            N_(
                "CPU time per round: median {median} ms, 99th percentile {p99} ms, worst {worst} ms"
            ),
            locale,
        ).format(
            median=_num(med, locale, 2), p99=_num(q, locale, 1), worst=_num(s.worst * 1000, locale)
        )
        out.append(f"<p>{e(times)}</p>\n")
        out.append('<div class="plots">\n')
        figures = [
            (_time_distribution(outcomes, locale), N_("distribution of CPU time per round")),
            (_time_by_size(outcomes, locale), N_("CPU time per round against the field size")),
        ]
        figures.append(
            (
                _relaxation_shares(outcomes, locale),
                N_("share of rounds that needed each kind of relaxation"),
            )
        )
        for svg, caption in figures:
            cap = e(_t(caption, locale))
            out.append(
                f'<figure role="img" aria-label="{cap}">\n{svg}\n<figcaption>{cap}</figcaption>\n'
                "</figure>\n"
            )
        out.append("</div>\n")
        if not _individual(outcomes):
            note = _t(
                N_(
                    "team events: the relaxations are judged on the matches (scores in match "
                    "points, the colour of board 1)"
                ),
                locale,
            )
            out.append(f'<p class="note">{e(note)}</p>\n')
    for kinds, heading in (
        (("violation",), N_("violations")),
        (("discrepancy",), N_("rounds our re-pairing pairs otherwise")),
        (("reference",), N_("rounds the reference engine pairs otherwise")),
        (("stopped",), N_("tournaments stopped early (no valid pairing)")),
    ):
        table, count = _findings_table(outcomes, kinds, locale)
        if count:
            out.append(f"<h3>{e(_t(heading, locale))} ({count})</h3>\n{table}")
    if any(o.trf for o in outcomes):
        how = _t(
            N_(
                "to reproduce a round: save its file and run swisspairing check FILE --ruleset "
                "{ruleset} --repair (with --reference PROGRAM for the reference engine)"
            ),
            locale,
        ).format(ruleset=s.ruleset)
        out.append(f'<p class="note">{e(how)}</p>\n')
    out.append("</section>\n")
    return "".join(out)


def _individual(outcomes: Sequence[Outcome]) -> bool:
    """Whether the tournaments are individual events (team events' relaxations are judged on
    their matches)."""
    return not any(o.team for o in outcomes)
