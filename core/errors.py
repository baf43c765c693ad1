"""Errors, named by what went wrong.  Messages are lowercase and carry their context.

Each error keeps its message as a catalogue msgid plus arguments, so that the CLI can
render it in the user's language (:meth:`SwissPairingError.render`); ``str()`` gives the
English text.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "FileAccessError",
    "InternalError",
    "InvalidInputError",
    "InvalidRulesetError",
    "InvalidTournamentError",
    "InvalidTrfError",
    "NoValidPairingError",
    "PluginError",
    "SizeLimitError",
    "SwissPairingError",
    "UnknownSystemError",
]


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
        return f"{self.where}: {text}" if self.where else text


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
        parts = [filename] if filename else []
        pos = []
        if line is not None:
            pos.append(f"line {line}")
        if column is not None:
            pos.append(f"column {column}")
        if pos:
            parts.append(", ".join(pos))
        super().__init__(message, where=": ".join(parts), **args)


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
