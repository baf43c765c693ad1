"""The Lim processing order of score groups, and the search that pairs groups in it.

One implementation shared by the plugins whose regulations pair groups in this order:

- FIDE Lim system C.04.4.3, art. 2.2 (``Lim 2.2``): "Pairing begins with the highest
  score-group and proceeds downward until just before the Median Score-group, then continues
  with the lowest score-group and proceeds upwards to the Median Score-Group which is paired
  last.  The Median-Score-group is paired downward."  The median group holds the players whose
  score is half the number of rounds played (:func:`median_by_rounds`).
- FIDE Olympiad pairing rules from 2010 (chesslaw summary of the 2010 changes; 2022 text 6.4
  [reading]) and the ECU team rules N.5.5: the same order; the middle group is the group of the
  median team of the ranking, the lower of the two middle teams when their number is even
  (:func:`median_by_position`).
- Polish team rules A-Klasa 2005/06, PL-team 6, 7, 13 (same order; middle group = group of the
  team in position floor(N/2)+1).

:func:`lim_order` splits the groups; :func:`lim_search` pairs them in that order with
backtracking: a group offers its ways of being paired lazily, best first (its own rules); when
a later group cannot be paired with what an earlier group transferred to it, the earlier group
takes its next way (Lim 2.6 "cracking", Olympiad-2006 6.6 "return", PL-team 17).

Plugin-side module: the core knows no system.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, Generic, Protocol, TypeVar

__all__ = [
    "DOWN",
    "MEDIAN",
    "UP",
    "lim_order",
    "lim_search",
    "median_by_position",
    "median_by_rounds",
]

DOWN = "down"
"""A group above the median group: paired from the top, floaters go down."""
UP = "up"
"""A group below the median group: paired from the bottom, floaters go up."""
MEDIAN = "median"
"""The median group: paired last, downward; nobody floats out of it."""

K = TypeVar("K", bound=Hashable)


def lim_order(
    groups: Sequence[tuple[K, list[int]]], median: K
) -> tuple[list[tuple[K, list[int]]], list[tuple[K, list[int]]], list[int]]:
    """Lim 2.2 / PL-team 6 / Olympiad 6.4: ``groups`` (key, members), highest first, split into
    the groups above the median group (highest first: paired downward), the groups below it
    (lowest first: paired upward) and the median group's members (paired last; empty when no
    group has the median key, then it holds only incoming floaters)."""
    above = [(k, g) for k, g in groups if k > median]  # type: ignore[operator]
    below = [(k, g) for k, g in reversed(groups) if k < median]  # type: ignore[operator]
    middle = next((g for k, g in groups if k == median), [])
    return above, below, middle


def median_by_rounds(rounds_played: int, points_for_win: float) -> float:
    """Lim 2.2: the median score = half the number of rounds played (in points: rounds
    played x points for a win / 2)."""
    return round(rounds_played * points_for_win / 2, 6)


def median_by_position(
    ranked: Sequence[int], score: Callable[[int], float], total: int | None = None
) -> float:
    """Olympiad 6.4 / ECU N.5.5 / PL-team 7: the score of the team in position floor(N/2)+1 of
    the ranking (N = ``total``, default the ranked teams; 88 teams: position 45)."""
    n = len(ranked) if total is None else total
    if not ranked:
        return 0.0
    place = min(n // 2 + 1, len(ranked))
    return round(score(ranked[place - 1]), 6)


class Outcome(Protocol):
    """What a group's pairing gives the search."""

    pairs: tuple[tuple[int, int], ...]
    transferred: tuple[int, ...]


OutcomeT = TypeVar("OutcomeT", bound=Outcome)


def lim_search(
    above: Sequence[tuple[Any, list[int]]],
    below: Sequence[tuple[Any, list[int]]],
    pair_group: Callable[[int, Any, list[int], tuple[int, ...], str], Iterator[OutcomeT]],
    pair_median: Callable[[tuple[int, ...], tuple[int, ...]], Iterator[OutcomeT]],
    remaining_ok: Callable[[frozenset[int]], bool],
    everyone: frozenset[int],
    *,
    crack_by_floaters: bool = False,
) -> list[OutcomeT] | None:
    """Pair the groups in the Lim order (Lim 2.2): ``above`` (highest first) downward, each
    receiving the players transferred by the one before; then ``below`` (lowest first)
    upward; then the median group with the floaters from both sides.

    ``pair_group(index, key, residents, incoming, direction)`` yields a group's outcomes best
    first; ``pair_median(from_above, from_below)`` those of the median group.  An outcome of a
    group above is taken only when ``remaining_ok(players still unpaired)`` holds; the callers
    pass a necessary condition (the players still to be paired admit a perfect matching under
    every compatibility a later group may use), so this keeps the search out of dead ends
    without changing what it finds.  When a later group fails, the latest group takes its next
    outcome (Lim 2.6: the pairings made last are cracked first).  Returns the outcomes in
    processing order, or ``None`` when no combination works.

    ``crack_by_floaters`` (Lim 2.6 [reading]): when the median group cannot be completed, the
    lower side is cracked if more floaters came from above than from below, otherwise the
    higher side first: the groups below keep their first pairing while the groups above try
    their alternatives; only when that fails is every combination tried.

    No budget: the search is exhaustive and each state is solved once (:class:`_LimSearch`),
    so ``None`` is a proof that no pairing follows the procedure.
    """
    return _LimSearch(above, below, pair_group, pair_median, remaining_ok, crack_by_floaters).run(
        everyone
    )


_Listing = tuple[
    list[tuple[tuple[int, ...], list[Any]]],
    set[tuple[int, ...]],
    Iterator[tuple[tuple[int, ...], list[Any]]] | None,
]
"""A lazily built list of the distinct sets of players the groups below hand to the median
group from one state, in the order of the depth-first search, each with the first path of
outcomes that hands it; the set of those already listed; the generator (``None`` when done)."""


class _LimSearch(Generic[OutcomeT]):
    """The exhaustive search of :func:`lim_search`, each state solved once.

    - A group's outcomes depend only on the group and the players it receives, and the players
      still unpaired after group ``i`` are determined by ``i`` and the players it transfers:
      a state (group above, incoming players) that failed once is never descended again,
      including the last one (the floaters that reach the median group from above).
    - The groups below do not depend on the groups above: they list, once and lazily, the
      distinct sets of players they can hand to the median group, in the order of the
      depth-first search (paths handing the same set are equivalent for the median group, and
      the first is the one the search takes).  A set of floaters from above then meets that
      list: the first set with which the median group can be paired is the answer, exactly as
      the depth-first search of the groups below would find it.  When the groups below can
      hand the median group nothing at all, no group above is tried.
    - The median group's first outcome is kept per pair of sets (from above, from below).

    The work is bounded by the number of distinct states times the outcomes a group offers (a
    bounded number: :meth:`~swisspairing.plugins.lim_family.group.LimGroups.outcomes`), not by
    the number of paths, and nothing counts steps: ``None`` means every state was tried.
    """

    def __init__(
        self,
        above: Sequence[tuple[Any, list[int]]],
        below: Sequence[tuple[Any, list[int]]],
        pair_group: Callable[[int, Any, list[int], tuple[int, ...], str], Iterator[OutcomeT]],
        pair_median: Callable[[tuple[int, ...], tuple[int, ...]], Iterator[OutcomeT]],
        remaining_ok: Callable[[frozenset[int]], bool],
        crack_by_floaters: bool,
    ) -> None:
        self.above = above
        self.below = below
        self.pair_group = pair_group
        self.pair_median = pair_median
        self.remaining_ok = remaining_ok
        self.phase = 1 if crack_by_floaters and above else 2
        self.failed: set[tuple[int, tuple[int, ...]]] = set()
        self.full: dict[tuple[int, ...], list[OutcomeT] | None] = {}
        self.medians: dict[tuple[tuple[int, ...], tuple[int, ...]], OutcomeT | None] = {}
        self.bottom: dict[tuple[int, tuple[int, ...]], _Listing] = {}

    def run(self, everyone: frozenset[int]) -> list[OutcomeT] | None:
        if self._bottom_item(0, (), 0) is None:
            return None  # the groups below cannot reach the median group at all
        if self.phase == 1:
            result = self._solve_above(0, (), everyone)
            if result is not None:
                return result
            self.phase = 2
            self.failed.clear()
        return self._solve_above(0, (), everyone)

    def _solve_above(
        self, i: int, carried: tuple[int, ...], left: frozenset[int]
    ) -> list[OutcomeT] | None:
        key = (i, carried)
        if key in self.failed:
            return None
        if i == len(self.above):
            result = self._leaf(carried, left)
            if result is None:
                self.failed.add(key)
            return result
        k, residents = self.above[i]
        for out in self.pair_group(i, k, residents, carried, DOWN):
            nxt = tuple(out.transferred)
            if (i + 1, nxt) in self.failed:
                continue  # the same players were handed on before: that state failed
            rest_left = left - {x for p in out.pairs for x in p}
            if not self.remaining_ok(rest_left):
                continue
            rest = self._solve_above(i + 1, nxt, rest_left)
            if rest is not None:
                return [out, *rest]
        self.failed.add(key)
        return None

    def _leaf(self, from_above: tuple[int, ...], left: frozenset[int]) -> list[OutcomeT] | None:
        """The groups below and the median group, ``from_above`` reaching the median group."""
        if self.phase == 1:
            found, from_below = self._first_below(from_above, left)
            if found is not None:
                return found
            if len(from_above) <= len(from_below):
                return None  # the higher side is cracked first
        return self._full_below(from_above)

    def _full_below(self, from_above: tuple[int, ...]) -> list[OutcomeT] | None:
        if from_above not in self.full:
            result: list[OutcomeT] | None = None
            k = 0
            while (item := self._bottom_item(0, (), k)) is not None:
                from_below, path = item
                median = self._median(from_above, from_below)
                if median is not None:
                    result = [*path, median]
                    break
                k += 1
            self.full[from_above] = result
        return self.full[from_above]

    def _median(self, from_above: tuple[int, ...], from_below: tuple[int, ...]) -> OutcomeT | None:
        key = (from_above, from_below)
        if key not in self.medians:
            self.medians[key] = next(iter(self.pair_median(from_above, from_below)), None)
        return self.medians[key]

    def _bottom_item(
        self, j: int, carried: tuple[int, ...], k: int
    ) -> tuple[tuple[int, ...], list[OutcomeT]] | None:
        """The ``k``-th distinct set of players the groups below ``j``… receiving ``carried``
        hand to the median group, with the first path of outcomes that hands it; ``None``
        past the last.  Built lazily and kept (a later question continues the list)."""
        state = self.bottom.get((j, carried))
        if state is None:
            state = self.bottom[(j, carried)] = ([], set(), self._bottom_gen(j, carried))
        items, seen, gen = state
        while len(items) <= k and gen is not None:
            nxt = next(gen, None)
            if nxt is None:
                gen = None
                self.bottom[(j, carried)] = (items, seen, None)
                break
            if nxt[0] not in seen:
                seen.add(nxt[0])
                items.append(nxt)
        return items[k] if k < len(items) else None

    def _bottom_gen(
        self, j: int, carried: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], list[OutcomeT]]]:
        if j == len(self.below):
            yield carried, []
            return
        k, residents = self.below[j]
        for out in self.pair_group(len(self.above) + j, k, residents, carried, UP):
            n = 0
            while (item := self._bottom_item(j + 1, tuple(out.transferred), n)) is not None:
                yield item[0], [out, *item[1]]
                n += 1

    def _first_below(
        self, from_above: tuple[int, ...], left: frozenset[int]
    ) -> tuple[list[OutcomeT] | None, tuple[int, ...]]:
        """The groups below with their first acceptable outcome each, then the median group;
        returns the result (or ``None``) and the floaters that reached the median group."""
        outs: list[OutcomeT] = []
        carried: tuple[int, ...] = ()
        for j, (k, residents) in enumerate(self.below):
            for out in self.pair_group(len(self.above) + j, k, residents, carried, UP):
                rest_left = left - {x for p in out.pairs for x in p}
                if self.remaining_ok(rest_left):
                    outs.append(out)
                    carried, left = tuple(out.transferred), rest_left
                    break
            else:
                return None, carried
        median = self._median(from_above, carried)
        if median is None:
            return None, carried
        return [*outs, median], carried
