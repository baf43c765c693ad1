"""A fast form of :meth:`RoundContext.compatible` for searches over large fields.

:func:`fast_compatible` takes, once per round, each player's barred opponents
(:meth:`RoundContext.barred`, the one implementation of "may these two meet?") and the colours
the ruleset's limits still allow him, so that the predicate a matching search calls hundreds of
thousands of times costs two lookups.  It answers exactly what ``context.compatible`` answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .context import RoundContext
from .model import BLACK, WHITE

__all__ = ["fast_compatible"]


def fast_compatible(
    context: RoundContext, numbers: Iterable[int] | None = None
) -> Callable[[int, int], bool]:
    """``compatible(a, b)`` for the players ``numbers`` (default: the participants)."""
    key = "core.fast_compatible"
    cached = context.data.get(key)
    if cached is not None and numbers is None:
        return cached
    nums = list(context.participants if numbers is None else numbers)
    blocked: dict[int, frozenset[int]] = {}
    mask: dict[int, int] = {}
    for n in nums:
        blocked[n] = context.barred(n)
        mask[n] = (1 if context.colour_allowed(n, WHITE) else 0) | (
            2 if context.colour_allowed(n, BLACK) else 0
        )

    def compatible(a: int, b: int) -> bool:
        if b in blocked[a]:
            return False
        ma, mb = mask[a], mask[b]
        return bool((ma & 1 and mb & 2) or (ma & 2 and mb & 1))

    if numbers is None:
        context.data[key] = compatible
    return compatible
