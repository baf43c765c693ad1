"""Is this the bbpPairings/JaVaFo command line?  Recognised from the words alone.

The command line (:func:`swisspairing.cli.main`) asks before it builds its own parser; the
answer needs nothing of the engine, so ``--help`` and ``--version`` load none of it
(issue 20, start-up).  The command line itself is :mod:`swisspairing.engine_cli`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["SYSTEM_FLAGS", "is_engine_command"]

#: The system flags of the command line and the rulesets they mean, first installed wins.
SYSTEM_FLAGS: Mapping[str, tuple[str, ...]] = {
    "--dutch": ("fide-dutch-2025", "fide-dutch-1992"),
    "--burstein": ("fide-burstein",),
}


def without_globals(argv: Sequence[str]) -> list[str]:
    """``argv`` without swisspairing's own global options (``--lang X``, ``--debug``)."""
    words: list[str] = []
    skip = False
    for w in argv:
        if skip:
            skip = False
        elif w == "--lang":
            skip = True
        elif w != "--debug" and not w.startswith("--lang="):
            words.append(w)
    return words


def is_engine_command(argv: Sequence[str]) -> bool:
    """Whether ``argv`` is the bbpPairings/JaVaFo command line rather than a subcommand."""
    words = without_globals(argv)
    if words[:1] == ["-r"]:
        words = words[1:]
        if not words:
            return True
    return bool(words) and words[0] in SYSTEM_FLAGS
