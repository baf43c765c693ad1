"""Writing results: the pairs format of JaVaFo/bbpPairings, readable tables, atomic files that
never overwrite an input, and standard streams that never fail on a character."""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import re
import sys
import time
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from .errors import InvalidInputError
from .i18n import N_, gettext

#: The formats of the reports (``standings``, ``crosstable``, ``pairings``; core/reports.py), here
#: so that the command line builds its parser without loading the reports (start-up, issue 20).
FORMATS = ("text", "csv", "json", "html")

if TYPE_CHECKING:  # annotations only: the command line imports this module at start-up
    from .model import Tournament
    from .pairing import RoundPairing

__all__ = [
    "SafeStream",
    "format_pairs",
    "format_table",
    "guard_outputs",
    "write_atomic",
    "write_outputs",
]


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


def _score(value: float, locale: str | None = None) -> str:
    """A score in the locale's format (``2,5`` in de/ru/pl)."""
    from .explain import format_number

    return format_number(value, locale)


def format_table(
    pairing: RoundPairing,
    tournament: Tournament,
    scores: dict[int, float],
    locale: str | None,
    *,
    bye_term: str | None = None,
) -> str:
    """A readable board list: board, then number, name and score of White and of Black, each
    in its own column (numbers and scores right-aligned, names left-aligned).  ``bye_term``
    is the system's own word (msgid) for the pairing-allocated bye (``Engine.bye_term``)."""
    _ = lambda s: gettext(s, locale)  # noqa: E731
    title = _(N_("Round {round}")).format(round=pairing.round)
    number = _(N_("No."))
    head = [_(N_("Board")), number, _(N_("White")), _(N_("Pts")), number, _(N_("Black"))]
    head.append(_(N_("Pts")))
    rows: list[list[str]] = []

    def who(n: int) -> list[str]:
        return [str(n), tournament.player(n).name]

    for i, b in enumerate(pairing.boards, start=1):
        rows.append(
            [
                str(i),
                *who(b.white),
                _score(scores.get(b.white, 0), locale),
                *who(b.black),
                _score(scores.get(b.black, 0), locale),
            ]
        )
        if b.absent is not None:
            rows[-1][5 if b.absent == b.black else 2] += " (" + _(N_("forfeit")) + ")"
    labels = {
        "U": bye_term or N_("bye"),
        "F": bye_term or N_("bye"),
        "H": N_("half-point bye"),
        "-": N_("absent"),
        "Z": N_("absent"),
    }
    for bye in pairing.byes:
        rows.append(
            [
                "",
                *who(bye.player),
                _score(scores.get(bye.player, 0), locale),
                "",
                _(labels.get(bye.result, N_("bye"))),
                "",
            ]
        )
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = [title, ""]
    right = (0, 1, 3, 4, 6)

    def fmt(row: list[str]) -> str:
        cells = enumerate(zip(row, widths, strict=True))
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in cells).rstrip()

    lines.append(fmt(head))
    lines.append("  ".join("-" * w for w in widths))
    lines += [fmt(r) for r in rows]
    return "\n".join(lines) + "\n"


def write_atomic(path: str | os.PathLike[str], text: str, *, data: bytes | None = None) -> None:
    """Write ``text`` (as ``data`` if given, else UTF-8) to ``path`` atomically: see
    :func:`write_outputs`.  ``-`` writes ``text`` to standard output."""
    write_outputs([(os.fspath(path), text, data)])


def guard_outputs(outputs: Sequence[tuple[str, str | None]], inputs: Sequence[str | None]) -> None:
    """Refuse (:class:`InvalidInputError`, exit 3) an output that names an input file —
    the same path, or the same file through a symbolic or hard link — or the same file as
    another output.  ``outputs`` are ``(option, path)`` pairs as the user typed them;
    standard output (``-``), devices and pipes are exempt."""
    named = [(opt, path) for opt, path in outputs if path and path != "-" and not _is_stream(path)]
    for opt, path in named:
        for source in inputs:
            if source and source != "-" and _same_file(path, source):
                raise InvalidInputError(
                    N_(
                        "{option} {path} names the input file {input}; the input is never "
                        "overwritten: choose another output file"
                    ),
                    option=opt,
                    path=path,
                    input=source,
                )
    for i, (opt_a, a) in enumerate(named):
        for opt_b, b in named[i + 1 :]:
            if _same_file(a, b):
                raise InvalidInputError(
                    N_("{first} and {second} name the same file {path}"),
                    first=opt_a,
                    second=opt_b,
                    path=b,
                )


def _is_stream(path: str) -> bool:
    """A device or pipe (``/dev/stdout``, a FIFO): written through, never replaced."""
    return os.path.exists(path) and not os.path.isfile(path)


def _same_file(a: str, b: str) -> bool:
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
    except OSError:
        pass
    return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))


def _user_error(exc: OSError, path: str) -> OSError:
    """The same error, naming the user's path instead of a temporary file."""
    error = OSError(exc.errno, exc.strerror or str(exc), path)
    if getattr(exc, "catalogue_reason", None):
        error.catalogue_reason = exc.catalogue_reason  # type: ignore[attr-defined]
    return error


def _stage(path: str, target: str, data: bytes) -> str:
    """A temporary file next to ``target`` holding ``data``, with the mode a plain ``open``
    would give (or the replaced file's mode); returns its name."""
    if os.path.exists(target):
        st = os.stat(target)
        if not st.st_mode & 0o222 or not os.access(target, os.W_OK):
            error = OSError(
                errno.EACCES, os.strerror(errno.EACCES) + " (read-only file, left unchanged)", path
            )
            error.catalogue_reason = N_(  # type: ignore[attr-defined]  # read by libmessages
                "Permission denied (read-only file, left unchanged)"
            )
            raise error
        mode = st.st_mode & 0o7777
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    directory = os.path.dirname(os.path.abspath(target))
    import tempfile  # only when a file is written (start-up of --help, issue 20)

    try:
        fd, tmp = tempfile.mkstemp(
            prefix=f".swisspairing-{os.getpid()}-", suffix=".tmp", dir=directory
        )
    except OSError as exc:
        raise _user_error(exc, path) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
    except OSError as exc:
        _unlink(tmp)
        raise _user_error(exc, path) from None
    return tmp


_LEFTOVER = re.compile(r"\.swisspairing-(?:(\d+)-)?[^/]*\.tmp|.+\.swisspairing-(\d+)\.bak")
"""Temporary files (``.swisspairing-PID-….tmp``) and backups (``FILE.swisspairing-PID.bak``)
of a run, named with its process id."""


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def clean_leftovers(directory: str) -> list[str]:
    """Remove the temporary files and backups that a killed run left in ``directory`` (its
    process is gone; an unnamed temporary file of an older version once it is an hour old).
    A run that is killed between writing and renaming cannot clean up after itself, so every
    run cleans up after the killed ones before it writes.  Returns the names removed."""
    removed: list[str] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        match = _LEFTOVER.fullmatch(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue
        pid = match.group(1) or match.group(2)
        if pid is not None:
            stale = int(pid) != os.getpid() and not _pid_alive(int(pid))
        else:
            try:
                stale = time.time() - entry.stat(follow_symlinks=False).st_mtime > 3600
            except OSError:
                stale = False
        if stale:
            _unlink(entry.path)
            removed.append(entry.name)
    return removed


def _unlink(name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name)


def write_outputs(
    files: Sequence[tuple[str, str, bytes | None]], *, stdout: TextIO | None = None
) -> None:
    """Write several output files: all of them or none.

    Each entry is ``(path, text, data)``: ``data`` is what a file receives (``text`` in UTF-8
    when ``None``), ``text`` what standard output (``-``) receives.  Files are written to
    temporary files first and then renamed over their targets, so a reader never sees a
    half-written file and an error (a read-only target, a full disk) leaves every target as
    it was.  A symbolic link is followed: its target is updated, the link stays.  Devices and
    pipes are written through, after the files.  Errors name the user's path, never the
    temporary file.
    """
    staged: list[tuple[str, str, str]] = []  # (user path, target, temporary file)
    streams: list[tuple[str, str, bytes]] = []
    cleaned: set[str] = set()
    for path, _text, _data in files:
        if path != "-" and not _is_stream(path):
            directory = os.path.dirname(os.path.abspath(path))
            if directory not in cleaned:
                cleaned.add(directory)
                clean_leftovers(directory)
    try:
        for path, text, data in files:
            raw = text.encode("utf-8") if data is None else data
            if path == "-" or _is_stream(path):
                streams.append((path, text, raw))
                continue
            target = os.path.realpath(path) if os.path.islink(path) else path
            staged.append((path, target, _stage(path, target, raw)))
        _commit(staged)
    except BaseException:
        for _path, _target, tmp in staged:
            _unlink(tmp)
        raise
    for path, text, raw in streams:
        if path == "-":
            out = stdout or sys.stdout
            out.write(text)
            out.flush()
        else:
            try:
                with open(path, "wb") as fh:
                    fh.write(raw)
            except OSError as exc:
                raise _user_error(exc, path) from None


def _commit(staged: list[tuple[str, str, str]]) -> None:
    """Rename each temporary file over its target; when one rename fails, put back the
    targets already replaced (from hard-link backups) before reporting the error."""
    done: list[tuple[str, str | None]] = []  # (target, backup of the old file or None)
    try:
        for path, target, tmp in staged:
            backup = None
            if len(staged) > 1 and os.path.exists(target):
                backup = target + f".swisspairing-{os.getpid()}.bak"
                try:
                    os.link(target, backup)
                except OSError:
                    backup = None  # no hard links here: the rename is still atomic on its own
            try:
                os.replace(tmp, target)
            except OSError as exc:
                if backup:
                    _unlink(backup)
                raise _user_error(exc, path) from None
            done.append((target, backup))
    except BaseException:
        for target, backup in reversed(done):
            if backup:
                os.replace(backup, target)
            else:
                _unlink(target)
        raise
    for _target, backup in done:
        if backup:
            _unlink(backup)


_TRANSLITERATIONS = {
    "½": "1/2",
    "¼": "1/4",
    "¾": "3/4",
    "–": "-",
    "—": "-",
    "−": "-",
    "‘": "'",
    "’": "'",
    "‚": ",",
    "“": '"',
    "”": '"',
    "„": '"',
    "«": '"',
    "»": '"',
    "…": "...",
    "\u00a0": " ",
    "·": ".",
    "×": "x",
    "≤": "<=",
    "≥": ">=",
    "→": "->",
    "←": "<-",
    "ß": "ss",
    "Ł": "L",
    "ł": "l",
    "Đ": "D",
    "đ": "d",
    "Ø": "O",
    "ø": "o",
    "Æ": "AE",
    "æ": "ae",
    "Œ": "OE",
    "œ": "oe",
    "€": "EUR",
}


_CYRILLIC = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґў",
        [
            "a",
            "b",
            "v",
            "g",
            "d",
            "e",
            "e",
            "zh",
            "z",
            "i",
            "y",
            "k",
            "l",
            "m",
            "n",
            "o",
            "p",
            "r",
            "s",
            "t",
            "u",
            "f",
            "kh",
            "ts",
            "ch",
            "sh",
            "shch",
            "",
            "y",
            "",
            "e",
            "yu",
            "ya",
            "i",
            "yi",
            "ye",
            "g",
            "u",
        ],
        strict=True,
    )
)
_TRANSLITERATIONS.update(_CYRILLIC)
_TRANSLITERATIONS.update({k.upper(): v.capitalize() for k, v in _CYRILLIC.items()})


def _transliterate(exc: UnicodeError) -> tuple[str, int]:
    """Codec error handler: ``½`` → ``1/2``, ``é`` → ``e``, ``Петров`` → ``Petrov``,
    anything else → ``?``."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start : exc.end]:
        rep = _TRANSLITERATIONS.get(ch)
        if rep is None:
            base = "".join(
                c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c)
            )
            rep = base if base and base.isascii() else "?"
        out.append(rep)
    return "".join(out), exc.end


codecs.register_error("swisspairing-transliterate", _transliterate)


class SafeStream:
    """A text stream that never fails on a character its encoding cannot hold (a Windows
    console, a cp1252 pipe): such characters are transliterated (``½`` → ``1/2``) or
    replaced by ``?``."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        encoding = getattr(stream, "encoding", None)
        try:
            self._encoding = codecs.lookup(encoding).name if isinstance(encoding, str) else None
        except LookupError:
            self._encoding = None
        if self._encoding in ("utf-8", "utf-16", "utf-32", "utf-8-sig"):
            self._encoding = None  # every character fits

    def write(self, text: str) -> int:
        if self._encoding:
            text = text.encode(self._encoding, "swisspairing-transliterate").decode(
                self._encoding, "replace"
            )
        return self._stream.write(text)

    def flush(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def render_events(events: Sequence[object], locale: str | None) -> list[str]:
    """Explanation events as lines, grouped by bracket."""
    lines = []
    current: object = object()
    for e in events:
        bracket = getattr(e, "bracket", None)
        if bracket != current:
            current = bracket
            if bracket is not None:
                lines.append(
                    gettext(N_("Bracket {number}"), locale).format(number=bracket + 1) + ":"
                )
            else:
                lines.append(gettext(N_("Round"), locale) + ":")
        lines.append("  " + e.render(locale))  # type: ignore[attr-defined]
    return lines
