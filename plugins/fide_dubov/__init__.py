"""FIDE Dubov system (C.04.4.1, text approved by the 1997 General Assembly) — system ``fide-dubov``.

Rules (``spec/olympiad-burstein-dubov-lim.md`` §3; cite as ``Dubov 6.2``) and where they live:

- ``Dubov 1.1``–``1.4`` rating, ARO recomputed before every round, due colours:
  :class:`.procedure.DubovRound`, :func:`.procedure.due_colour` (ARO: the core's
  :func:`swisspairing.tiebreaks.average_rating_of_opponents`, games played over the board);
- ``Dubov 2.1``–``2.4`` (C.04.1 b, c, d, f, g): the ruleset (``max_meetings: 1``, ``colours``,
  ``byes.blocked_by``) through :meth:`RoundContext.compatible`; ``Dubov 2.5`` upfloat limits and
  ``Dubov 2.6`` subgroup transfers: :mod:`.procedure`;
- ``Dubov 3`` colours, ``Dubov 4`` bye, ``Dubov 5`` round 1, ``Dubov 6``–``8`` the group
  procedure: :mod:`.procedure`;
- ``Dubov 9`` the ARO list is published with every round (``pair --explain``).

The editions of 1 July 2025 and 1 February 2026 (C040401202507, C040401202602) are a different
algorithm (criteria C1–C10, G1/G2 split, upfloaters only, MaxT): ruleset ``fide-dubov-2026``
(parameter ``edition: "2026"``), :mod:`.edition2026`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from swisspairing import N_, PlayerState, RoundContext, RoundPairing, hookimpl

from .edition2026 import max_upfloater_limit, pair_dubov_2026_round
from .procedure import DubovRound, dubov_colours, due_colour, max_upfloats, pair_dubov_round

SYSTEM = "fide-dubov"

__all__ = [
    "SCHEMA",
    "SYSTEM",
    "DubovRound",
    "dubov_colours",
    "due_colour",
    "max_upfloater_limit",
    "max_upfloats",
    "pair_dubov_2026_round",
    "pair_dubov_round",
]

#: Display names of the built-in rulesets, for the catalogues.
RULESET_NAMES = (
    N_("FIDE Dubov system (1997 text)"),
    N_("FIDE Dubov system (text in force from 2025/2026)"),
)

SCHEMA: Mapping[str, Any] = {
    "properties": {
        "edition": {
            "enum": ["1997", "2026"],
            "default": "1997",
            "description": (
                "Dubov 1997 text (C.04.4.1 as approved in 1997) or the text in force from 1 July "
                "2025 / 1 February 2026."
            ),
        }
    }
}


@hookimpl
def swiss_system_info() -> Mapping[str, str]:
    return {
        "description": N_(
            "FIDE Dubov system, 1997 text (C.04.4.1): ARO-ordered white and black subgroups"
        ),
        "rules": "Dubov-1997",
    }


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


@hookimpl
def swiss_sort_players(players: Sequence[PlayerState]) -> list[int]:
    """Score, then rating (``Dubov 4``, ``5``: the list by rating), then pairing number."""
    return [p.number for p in sorted(players, key=lambda p: (-p.score, -p.rating, p.number))]


@hookimpl
def swiss_pair_round(context: RoundContext) -> RoundPairing:
    """``Dubov 4``–``8`` (see :mod:`.procedure`), or the 2025/2026 text (:mod:`.edition2026`)."""
    if str(context.ruleset.param("edition", "1997")) == "2026":
        return pair_dubov_2026_round(context)
    return pair_dubov_round(context)
