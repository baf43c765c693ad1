"""The Burstein Index (opposition evaluation), from the core's tiebreak functions.

- ``Burstein A.6``/``A.7`` (text valid until 30 June 2025) [reading, bbpPairings' "previous
  version"]: Sonneborn-Berger, then Buchholz, then median Buchholz, then rating, then pairing
  number; opponents' unplayed games count as draws for their scores (policy ``draw`` of
  :mod:`swisspairing.tiebreaks`);
- ``Burstein-2025 1.7``/``1.8`` (text valid from 1 July 2025): Buchholz, then Sonneborn-Berger,
  then TPN (the pairing number, ascending); ``1.7.2``: a player's own unplayed round counts as
  a game against himself; item 3: his series of consecutive zero-point byes up to the current
  round counts as draws for his opponents (policy ``burstein2025``; unlike C.07 2023 16.3 a
  half-point bye or a forfeit ends the series).

The values come from :func:`swisspairing.tiebreaks.buchholz` and
:func:`swisspairing.tiebreaks.sonneborn_berger` — the implementation the standings use.
"""

from __future__ import annotations

from collections.abc import Sequence

from swisspairing import RoundContext
from swisspairing.tiebreaks import buchholz, sonneborn_berger

__all__ = ["INDEX_ORDERS", "index_key", "index_values"]

#: Index components per edition, in their order of priority.
INDEX_ORDERS: dict[str, tuple[str, ...]] = {
    "till-2025": ("sonneborn-berger", "buchholz", "median-buchholz", "rating"),
    "2025": ("buchholz", "sonneborn-berger"),
}


def index_values(context: RoundContext) -> dict[int, tuple[float, ...]]:
    """Every player's Index before the round, as a tuple in priority order (higher is better)."""
    cached = context.data.get("burstein.index")
    if cached is not None:
        return cached
    edition = context.ruleset.param("edition", "till-2025")
    unplayed = context.ruleset.param("unplayed", "draw")
    t, ps, after = context.tournament, context.point_system, context.round_number - 1
    parts: list[dict[int, float]] = []
    for name in INDEX_ORDERS[edition]:
        if name == "sonneborn-berger":
            parts.append(sonneborn_berger(t, ps, after, unplayed=unplayed))
        elif name == "buchholz":
            parts.append(buchholz(t, ps, after, unplayed=unplayed))
        elif name == "median-buchholz":
            parts.append(buchholz(t, ps, after, cut_lowest=1, cut_highest=1, unplayed=unplayed))
        elif name == "rating":
            parts.append({p.number: float(p.rating) for p in t.players})
    out = {p.number: tuple(part.get(p.number, 0.0) for part in parts) for p in t.players}
    context.data["burstein.index"] = out
    return out


def index_key(context: RoundContext) -> dict[int, tuple[float, ...]]:
    """Sort keys (ascending = best first): the negated Index, then the pairing number."""
    cached = context.data.get("burstein.index_key")
    if cached is None:
        values = index_values(context)
        cached = context.data["burstein.index_key"] = {
            n: (*tuple(-x for x in v), float(n)) for n, v in values.items()
        }
    return cached


def index_order(numbers: Sequence[int], context: RoundContext) -> list[int]:
    """``numbers`` in Index order (best first)."""
    key = index_key(context)
    return sorted(numbers, key=lambda n: key[n])
