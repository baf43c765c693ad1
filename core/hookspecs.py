"""Hook specifications: one ``swiss_``-prefixed hook per concern.

A pairing system is a plugin implementing some of these hooks; the core registers its own
defaults with ``trylast=True``, so a system only overrides what its regulation says
differently.  Each ruleset gets its own plugin manager holding the core defaults and the one
system it names, so firstresult hooks never need to ask "is this my system?".

Call hooks with keyword arguments only.  An implementation may take fewer arguments than the
specification (pluggy's opt-in arguments), which lets specifications grow.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .brackets import Bracket, BracketOutcome, ByeChoice
    from .context import RoundContext
    from .model import PlayerState, Tournament
    from .pairing import Pairing, RoundPairing, Violation
    from .tiebreaks import Tiebreak

PROJECT = "swisspairing"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

# ---------------------------------------------------------------------------
# Registration: what a plugin brings
# ---------------------------------------------------------------------------


@hookspec
def swiss_system_info() -> Mapping[str, Any] | None:
    """Describe the system: ``{"name": msgid, "description": msgid, "rules": "Dutch-1992"}``;
    ``"acceleration": True`` when the system pairs by the virtual points of TRF ``XXA``/``250``
    records (the CLI otherwise warns that they only enter the points field); ``"bye": msgid``
    when the system's regulations name the pairing-allocated bye in their own word (the
    draughts «плюс», RDF 5.4.10.2(f)), which the pairing lists then print instead of the
    core's ``bye``.

    Shown by ``swisspairing systems``.  Collected from every plugin.
    """


@hookspec
def swiss_ruleset_schema() -> Mapping[str, Any] | None:
    """Return the JSON Schema (Draft 2020-12) of the ``parameters`` mapping of this system.

    Collected; the core validates a ruleset's ``parameters`` against it.
    """


@hookspec
def swiss_ruleset_dirs() -> Iterable[Any] | None:
    """Return directories (``pathlib.Path`` or ``importlib.resources`` traversables) that hold
    ruleset YAML files, so a federation's package can ship its own rulesets.  Collected.
    """


@hookspec
def swiss_tiebreaks() -> Mapping[str, Tiebreak] | None:
    """Return tiebreaks by id; the ruleset picks ids and their order.  Collected."""


# ---------------------------------------------------------------------------
# Pairing a round
# ---------------------------------------------------------------------------


@hookspec(firstresult=True)
def swiss_pair_round(context: RoundContext) -> RoundPairing | None:
    """Pair the round described by ``context``.

    The core default runs the bracket procedure through the hooks below; a system whose
    pairings come from a table (round robin) answers here directly.  Wrap it with
    ``wrapper=True`` to audit or time pairings.  Stops at first non-None result.
    """


@hookspec(firstresult=True)
def swiss_pairing_units(context: RoundContext) -> RoundContext | None:
    """Return the context over the units that are paired against one another: the context
    itself for individual systems (the core default), a team view for team systems.  Used by
    checks that count opponents (:mod:`swisspairing.capacity`).

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def swiss_sort_players(
    players: Sequence[PlayerState], context: RoundContext
) -> Sequence[int] | None:
    """Return the start numbers of ``players`` in the system's ranking order (e.g. Dutch-1992 A2).

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def swiss_assign_bye(candidates: Sequence[int], context: RoundContext) -> ByeChoice | None:
    """Choose the bye before brackets are paired, for systems that fix it up front
    (e.g. RDF "the last-classified player gets the plus").  Return ``ByeChoice(None)`` to let
    the bracket procedure leave the bye to the lowest bracket.  ``candidates`` are in ranking
    order.  Stops at first non-None result.
    """


@hookspec(firstresult=True)
def swiss_build_brackets(ranked: Sequence[int], context: RoundContext) -> Sequence[Bracket] | None:
    """Split the ranked players into score brackets (groups), highest first.

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def swiss_pair_bracket(bracket: Bracket, context: RoundContext) -> Iterable[BracketOutcome] | None:
    """Return the bracket's acceptable pairings, lazily, in the order the rules prefer them.

    The engine takes the first outcome with which every lower bracket can be paired, and asks
    for the next one when a lower bracket fails (backtracking between brackets: Dutch-1992 C12,
    C13, RDF "break the last formed pair").  The outcomes are finite (pairings of the
    bracket's players; each set of moved-down players counts once), and no search budget cuts
    them short: the engine exhausts them before it says "no valid pairing exists".

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def swiss_allocate_colours(pair: tuple[int, int], context: RoundContext) -> Pairing | None:
    """Decide who has White in ``pair`` (higher-ranked player first).

    Stops at first non-None result."""


@hookspec(firstresult=True)
def swiss_order_boards(
    pairings: Sequence[Pairing], context: RoundContext
) -> Sequence[Pairing] | None:
    """Return the pairings in publication order (board 1 first).  Stops at first non-None result."""


# ---------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------


@hookspec(firstresult=True)
def swiss_colour_exempt(number: int, context: RoundContext) -> bool | None:
    """Whether the colour limits do not bind ``number`` in this round (e.g. Dutch-1992 B-note:
    topscorers in the last round).  Used by checking.  Stops at first non-None result.
    """


@hookspec
def swiss_check_round(
    tournament: Tournament, round_number: int, context: RoundContext
) -> Iterable[Violation] | None:
    """Return the violations of the absolute criteria in the pairing of ``round_number``.

    Collected."""
