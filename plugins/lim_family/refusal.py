""" "No valid pairing" in the Lim family, with a witness a person can check.

The Lim system (Lim 2.1), the Olympiad rules (6.1, 7.3) and the Polish team rules (PL-team 5,
19, 20) decide who may meet by their own compatibility, which can be stricter than the
context's absolute criteria (the Lim colour classes, the Olympiad 2022 7.4 relaxation, the
Polish club rule as the round applies it).  When a round cannot be paired, the refusal names
the players and what blocks them — the core's Gallai–Edmonds argument
(:meth:`swisspairing.feasibility.PairingGraph.witness`) over the system's own compatibility:
a player without a possible opponent (with the reason for each other player), or a group that
can only be paired among themselves or with too few others.

Plugin-side module: the core knows no system.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from swisspairing import NoValidPairingError, RoundContext
from swisspairing.feasibility import PairingGraph

__all__ = ["no_valid_pairing"]


def no_valid_pairing(
    ctx: RoundContext,
    players: Sequence[int],
    may_pair: Callable[[int, int], bool],
    may_take_bye: Callable[[int], bool] | None = None,
    *,
    bye: bool,
) -> NoValidPairingError:
    """The refusal for ``players`` under ``may_pair`` (and, with ``bye``, one of them left out
    if ``may_take_bye`` allows him): the witness of why they cannot all be paired."""
    graph = PairingGraph.from_predicate(list(players), may_pair, may_take_bye)
    graph.ctx = ctx  # the reasons (met, forbidden, colours) are read from the round
    return graph.no_pairing_error(players, bye=bye)
