"""A fast form of :meth:`RoundContext.compatible` for searches over large fields.

:func:`fast_compatible` precomputes, once per round, each player's opponents he may no longer
meet and the colours the ruleset's limits still allow him, so that the predicate a matching
search calls hundreds of thousands of times costs two lookups.  It answers exactly what
``context.compatible`` answers (forbidden pairs, clubs and federations are delegated to
:meth:`RoundContext.may_meet` when the ruleset or the file has any).
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
    limit = context.ruleset.max_meetings
    blocked: dict[int, set[int]] = {}
    mask: dict[int, int] = {}
    for n in nums:
        st = context.states[n]
        blocked[n] = {o for o, c in st.meetings.items() if c >= limit}
        mask[n] = (1 if context.colour_allowed(n, WHITE) else 0) | (
            2 if context.colour_allowed(n, BLACK) else 0
        )
    extra = bool(context._forbidden or context._club or context._fed)
    may_meet = context.may_meet

    def compatible(a: int, b: int) -> bool:
        if b in blocked[a]:
            return False
        ma, mb = mask[a], mask[b]
        if not ((ma & 1 and mb & 2) or (ma & 2 and mb & 1)):
            return False
        return may_meet(a, b) if extra else True

    if numbers is None:
        context.data[key] = compatible
    return compatible
