"""Writing results: the pairs format of JaVaFo/bbpPairings, readable tables, atomic files."""

from __future__ import annotations

import os
import sys
import tempfile
from typing import Sequence

from .i18n import N_, gettext
from .model import Tournament
from .pairing import RoundPairing

__all__ = ["format_pairs", "format_table", "write_atomic"]


def format_pairs(pairing: RoundPairing) -> str:
    """The JaVaFo/bbpPairings pairs format: the number of pairs, then ``white black`` per
    line by start number, the pairing-allocated bye as ``N 0``.  Players the pairing only
    records as absent (a forfeit loss or zero-point bye written for them) are not listed,
    as JaVaFo does not list absentees."""
    byes = [b for b in pairing.byes if b.result in ("U", "F")]
    lines = [str(len(pairing.boards) + len(byes))]
    lines += [f"{b.white} {b.black}" for b in pairing.boards]
    lines += [f"{b.player} 0" for b in byes]
    return "\n".join(lines) + "\n"


def _score(value: float) -> str:
    return f"{value:g}"


def format_table(pairing: RoundPairing, tournament: Tournament, scores: dict[int, float], locale: str | None) -> str:
    """A readable board list: board, White (score), Black (score)."""
    _ = lambda s: gettext(s, locale)  # noqa: E731
    title = _(N_("Round {round}")).format(round=pairing.round)
    head = [_(N_("Board")), _(N_("White")), _(N_("Pts")), _(N_("Black")), _(N_("Pts"))]
    rows: list[list[str]] = []

    def who(n: int) -> str:
        p = tournament.player(n)
        return f"{n} {p.name}".strip()

    for i, b in enumerate(pairing.boards, start=1):
        rows.append([str(i), who(b.white), _score(scores.get(b.white, 0)), who(b.black), _score(scores.get(b.black, 0))])
        if b.absent is not None:
            rows[-1][3 if b.absent == b.black else 1] += " (" + _(N_("forfeit")) + ")"
    labels = {"U": N_("bye"), "F": N_("bye"), "H": N_("half-point bye"), "-": N_("absent"), "Z": N_("absent")}
    for bye in pairing.byes:
        rows.append(["", who(bye.player), _score(scores.get(bye.player, 0)), _(labels.get(bye.result, N_("bye"))), ""])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = [title, ""]
    fmt = lambda r: "  ".join(c.rjust(w) if i in (0, 2, 4) else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()  # noqa: E731
    lines.append(fmt(head))
    lines.append("  ".join("-" * w for w in widths))
    lines += [fmt(r) for r in rows]
    return "\n".join(lines) + "\n"


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same directory and a rename,
    so a reader never sees a half-written file.  ``-`` writes to standard output; a device
    or pipe is written through, not replaced."""
    path = os.fspath(path)
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    if os.path.exists(path) and not os.path.isfile(path):
        # a device or pipe (e.g. /dev/stdout): write through it, never replace it
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        return
    directory = os.path.dirname(os.path.abspath(path))
    try:  # mkstemp creates the file for its owner only: give it the mode a plain open() would
        mode = os.stat(path).st_mode & 0o7777  # the mode of the file replaced
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=".swisspairing-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def render_events(events: Sequence[object], locale: str | None) -> list[str]:
    """Explanation events as lines, grouped by bracket."""
    lines = []
    current: object = object()
    for e in events:
        bracket = getattr(e, "bracket", None)
        if bracket != current:
            current = bracket
            if bracket is not None:
                lines.append(gettext(N_("Bracket {number}"), locale).format(number=bracket + 1) + ":")
            else:
                lines.append(gettext(N_("Round"), locale) + ":")
        lines.append("  " + e.render(locale))  # type: ignore[attr-defined]
    return lines
