"""Example third-party pairing system ``example-fold`` for swisspairing.

Everything but the pairing of a score bracket comes from swisspairing's core defaults
(sorting, brackets, backtracking between brackets, colours, board order).  Inside a bracket
this system pairs the first player against the last, the second against the last but one,
and so on ("fold" pairing), skipping pairs the absolute criteria forbid.

Installed as its own distribution, it is found through the entry point::

    [project.entry-points."swisspairing.systems"]
    example-fold = "swisspairing_example_plugin"

and ships its ruleset ``example-fold`` through ``swiss_ruleset_dirs``.

Its messages are in its own catalogue domain ``swisspairing_example_plugin``
(``locales/<lang>/LC_MESSAGES/swisspairing_example_plugin.po``, registered with
:func:`swisspairing.i18n.add_catalogue` when the module is imported), marked with ``N_`` and
extracted with the same Babel commands as swisspairing's own (see swisspairing's README,
"Catalogues of a plugin").
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from itertools import combinations
from typing import Any

from swisspairing import N_, Bracket, BracketOutcome, Event, RoundContext, hookimpl
from swisspairing.i18n import add_catalogue

__version__ = "0.1.0"

DOMAIN = "swisspairing_example_plugin"
"""The plugin's catalogue domain (its .po files are looked up before swisspairing's own)."""

add_catalogue(resources.files(__name__) / "locales", DOMAIN)


@hookimpl
def swiss_system_info() -> dict[str, str]:
    return {
        "description": N_("Example: first against last within each score group"),
        "rules": "example",
    }


@hookimpl
def swiss_ruleset_schema() -> dict[str, Any]:
    return {"properties": {"fold": {"enum": ["first-last"], "default": "first-last"}}}


@hookimpl
def swiss_ruleset_dirs() -> list[Any]:
    return [resources.files(__name__) / "rulesets"]


def _fold(players: list[int], context: RoundContext) -> Iterator[list[tuple[int, int]]]:
    """Complete pairings of ``players``: the first against the last compatible one, folding
    inwards; alternatives lazily."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for partner in reversed(rest):
        if context.compatible(first, partner):
            for tail in _fold([p for p in rest if p != partner], context):
                yield [(first, partner), *tail]


@hookimpl
def swiss_pair_bracket(bracket: Bracket, context: RoundContext) -> Iterator[BracketOutcome]:
    """Fold pairing; as few players moved down as possible, the lowest ones first."""
    players = list(bracket.players)
    for count in range(len(players) % 2, len(players) + 1, 2):
        for leftover in combinations(reversed(players), count):
            rest = [p for p in players if p not in leftover]
            for pairs in _fold(rest, context):
                event = Event("example", N_("fold pairing: first against last"), {}, bracket.index)
                yield BracketOutcome(tuple(pairs), tuple(context.ranked(leftover)), (event,))
                break  # one pairing per set of moved-down players
