"""The exit codes of every command: one table, read by ``--help``, the documentation (the
``swisspairing-exit-codes`` directive) and checked against README.md by the tests.

The codes are those bbpPairings documents, so that a program calling swisspairing in place of
bbpPairings or JaVaFo tells the cases apart the same way.
"""

from __future__ import annotations

from typing import NamedTuple

from .i18n import N_

__all__ = [
    "EXIT_CODES",
    "EXIT_FILE",
    "EXIT_INTERNAL",
    "EXIT_INVALID",
    "EXIT_NO_PAIRING",
    "EXIT_OK",
    "EXIT_SIZE",
    "EXIT_USAGE",
    "ExitCode",
    "readme_table",
]

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INTERNAL = 2
EXIT_INVALID = 3
EXIT_SIZE = 4
EXIT_FILE = 5
EXIT_USAGE = EXIT_INVALID  # bbpPairings: an invalid request, command line included


class ExitCode(NamedTuple):
    """One exit code (immutable; a named tuple, not a dataclass, so that ``--help`` and
    ``--version`` do not import :mod:`dataclasses`: issue 20, start-up)."""

    code: int
    """The number the process exits with."""
    summary: str
    """Catalogue msgid of the short meaning ``--help`` prints (translated)."""
    details: str
    """The meaning in full, in English (documentation and README)."""


EXIT_CODES: tuple[ExitCode, ...] = (
    ExitCode(EXIT_OK, N_("success"), "done (`check`: no violations)"),
    ExitCode(
        EXIT_NO_PAIRING,
        N_("no valid pairing exists"),
        "no valid pairing exists (`check`: violations found; `generate`: the field ran out of "
        "opponents, the rounds played are written)",
    ),
    ExitCode(
        EXIT_INTERNAL,
        N_("unexpected error (a bug)"),
        "unexpected error — a bug: one line saying so and where to report it; the traceback "
        "only with `--debug` or `SWISSPAIRING_DEBUG=1`",
    ),
    ExitCode(
        EXIT_INVALID,
        N_("invalid input or command line"),
        "invalid request or input: command-line usage errors, and bad files (the message "
        "names the file, line and column, or the JSON path)",
    ),
    ExitCode(
        EXIT_SIZE,
        N_("a size limit is exceeded"),
        "a size limit: more than 999 rounds, or a value that does not fit its TRF16 column "
        "(a score of 100 or more)",
    ),
    ExitCode(
        EXIT_FILE,
        N_("a file cannot be read or written"),
        "file access: a file that cannot be read or written (missing, a folder, read-only)",
    ),
)


def readme_table() -> str:
    """The Markdown table of README.md's "Exit codes" section (the tests compare them)."""
    rows = ["| code | meaning |", "|---|---|"]
    rows += [f"| {e.code} | {e.details} |" for e in EXIT_CODES]
    return "\n".join(rows) + "\n"
