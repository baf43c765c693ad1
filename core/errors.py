"""Errors, named by what went wrong.  Messages are lowercase and carry their context.

Each error keeps its message as a catalogue msgid plus arguments, so that the CLI can
render it in the user's language (:meth:`SwissPairingError.render`); ``str()`` gives the
English text.
"""

from __future__ import annotations

from typing import Any

from .i18n import N_

__all__ = [
    "FileAccessError",
    "InternalError",
    "InvalidInputError",
    "InvalidRulesetError",
    "InvalidTournamentError",
    "InvalidTrfError",
    "Location",
    "NoValidPairingError",
    "PluginError",
    "SizeLimitError",
    "SwissPairingError",
    "UnknownSystemError",
    "join_where",
    "render_where",
]


class Location(str):
    """Where an error is: a source (file name, or another :class:`Location`), a line and a
    column, and a JSON path; ``file.trf: line 7, column 92`` as a string (English), and in
    the user's language through :meth:`render` (``Zeile 7, Spalte 92``).

    A ``str``, so that code which only prints or compares it keeps working; build it with
    this class (never by pasting ``line …`` into a string), so that it can be translated."""

    source: str
    """The file name (or an enclosing location); empty if unknown."""
    line: int | None
    """1-based line number, if known."""
    column: int | None
    """1-based column number, if known."""
    path: str
    """A JSON path (``$.tiebreaks[0]``) or another untranslated suffix; empty if none."""

    def __new__(
        cls, source: str = "", line: int | None = None, column: int | None = None, path: str = ""
    ) -> Location:
        self = super().__new__(cls, _location_text(source, line, column, path, "en"))
        self.source, self.line, self.column, self.path = source, line, column, path
        return self

    def render(self, locale: str | None) -> str:
        """The location in ``locale`` (the file name and JSON path as they are)."""
        return _location_text(self.source, self.line, self.column, self.path, locale)

    def __repr__(self) -> str:
        return (
            f"Location({self.source!r}, line={self.line!r}, column={self.column!r}, "
            f"path={self.path!r})"
        )

    def __reduce__(self) -> Any:
        return (Location, (self.source, self.line, self.column, self.path))


def _location_text(
    source: str, line: int | None, column: int | None, path: str, locale: str | None
) -> str:
    from .explain import render_message

    parts = [render_where(source, locale)] if source else []
    if line is not None and column is not None:
        parts.append(
            render_message(
                N_("line {line}, column {column}"), {"line": line, "column": column}, locale
            )
        )
    elif line is not None:
        parts.append(render_message(N_("line {line}"), {"line": line}, locale))
    elif column is not None:
        parts.append(render_message(N_("column {column}"), {"column": column}, locale))
    if path:
        parts.append(path)
    return ": ".join(parts)


def join_where(source: str, path: str) -> str:
    """``source: path`` (a JSON path after a file name), a :class:`Location` if ``source`` is
    one (so that its line and column are still translated)."""
    if isinstance(source, Location):
        return Location(source, path=path)
    return f"{source}: {path}" if source else path


def render_where(where: str, locale: str | None) -> str:
    """``where`` in ``locale``: a :class:`Location` is translated, a plain string (a file name,
    a JSON path) stays as it is."""
    return where.render(locale) if isinstance(where, Location) else str(where)


class SwissPairingError(Exception):
    """Base class of every error swisspairing raises on purpose.

    Exit codes as bbpPairings documents them: 0 ok, 1 no valid pairing, 2 unexpected error,
    3 invalid request or input, 4 size limit, 5 file access.
    """

    exit_code = 2

    def __init__(self, message: str, /, *, where: str = "", **args: Any) -> None:
        self.message = message
        """The catalogue msgid, with ``{name}`` placeholders."""
        self.args_ = args
        """Values for the placeholders."""
        self.where = where
        """Context prefix such as ``file.trf: line 7, column 92``."""
        super().__init__(self.render("en"))

    def render(self, locale: str | None = "en") -> str:
        """The message in ``locale``, with its context prefix."""
        from .explain import render_message

        text = render_message(self.message, self.args_, locale)
        where = render_where(self.where, locale)
        return f"{where}: {text}" if where else text


class InvalidInputError(SwissPairingError, ValueError):
    """An input file or value is not valid (exit code 3)."""

    exit_code = 3


class InvalidTrfError(InvalidInputError):
    """A TRF file is malformed or inconsistent; ``where`` names file, line and column."""

    def __init__(
        self,
        message: str,
        /,
        *,
        filename: str = "",
        line: int | None = None,
        column: int | None = None,
        **args: Any,
    ) -> None:
        self.filename = filename
        """The file name as given by the user."""
        self.line = line
        """1-based line number, if known."""
        self.column = column
        """1-based column number, if known."""
        super().__init__(message, where=Location(filename, line, column), **args)


class InvalidRulesetError(InvalidInputError):
    """A ruleset does not validate; ``where`` names the file and the JSON path."""


class InvalidTournamentError(InvalidInputError):
    """The tournament cannot be paired as it stands (e.g. results missing)."""


class UnknownSystemError(InvalidInputError):
    """No installed plugin provides the pairing system a ruleset names."""


class PluginError(SwissPairingError):
    """A plugin is broken or clashes with another one."""


class NoValidPairingError(SwissPairingError):
    """No pairing satisfies the absolute criteria (exit code 1)."""

    exit_code = 1


class SizeLimitError(SwissPairingError):
    """A value exceeds what the file format or this build supports (exit code 4), e.g. a
    score of 100 points or more in the four columns of the TRF16 points field."""

    exit_code = 4


class FileAccessError(SwissPairingError, OSError):
    """A file cannot be read or written (missing, a folder, no permission): exit code 5.
    Also an :class:`OSError`, so that code catching that keeps working."""

    exit_code = 5

    def __init__(self, message: str, /, *, where: str = "", **args: Any) -> None:
        super().__init__(message, where=where, **args)
        self.filename = where or None

    def __str__(self) -> str:
        return self.render("en")


class InternalError(SwissPairingError):
    """An unexpected exception: a bug (exit code 2)."""
