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
from typing import Any, Protocol, TypeVar

__all__ = [
    "DOWN",
    "MEDIAN",
    "SEARCH_STEPS",
    "UP",
    "SearchExhausted",
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


class SearchExhausted(Exception):
    """The search took more than :data:`SEARCH_STEPS` group outcomes."""


SEARCH_STEPS = 200_000
"""Group outcomes the FIDE Lim and Olympiad searches draw before they take their last resort
(Lim 2.6, Olympiad 6.2).  The plugin's own bound, no longer a ruleset key: the core's bracket
search and the Polish team search have none; these two still do (issue 20 left it to them)."""


OutcomeT = TypeVar("OutcomeT", bound=Outcome)


def lim_search(
    above: Sequence[tuple[Any, list[int]]],
    below: Sequence[tuple[Any, list[int]]],
    pair_group: Callable[[int, Any, list[int], tuple[int, ...], str], Iterator[OutcomeT]],
    pair_median: Callable[[tuple[int, ...], tuple[int, ...]], Iterator[OutcomeT]],
    remaining_ok: Callable[[frozenset[int]], bool],
    everyone: frozenset[int],
    tick: Callable[[], None] = lambda: None,
    *,
    crack_by_floaters: bool = False,
) -> list[OutcomeT] | None:
    """Pair the groups in the Lim order (Lim 2.2): ``above`` (highest first) downward, each
    receiving the players transferred by the one before; then ``below`` (lowest first)
    upward; then the median group with the floaters from both sides.

    ``pair_group(index, key, residents, incoming, direction)`` yields a group's outcomes best
    first; ``pair_median(from_above, from_below)`` those of the median group.  An outcome is
    taken only when ``remaining_ok(players still unpaired)`` holds (a maximum-matching test
    keeps the search out of dead ends); when a later group fails, the latest group takes its
    next outcome (Lim 2.6: the pairings made last are cracked first).  Returns the outcomes in
    processing order, or ``None`` when no combination works.

    ``crack_by_floaters`` (Lim 2.6 [reading]): when the median group cannot be completed, the
    lower side is cracked if more floaters came from above than from below, otherwise the
    higher side first: the groups below keep their first pairing while the groups above try
    their alternatives; only when that fails is every combination tried.
    """
    failed: set[tuple[Any, ...]] = set()
    phase = [1 if crack_by_floaters and above else 2]

    def solve_above(
        i: int, carried: tuple[int, ...], left: frozenset[int]
    ) -> list[OutcomeT] | None:
        key = ("above", i, carried)
        if key in failed:
            return None
        if i == len(above):
            if phase[0] == 1:
                found, from_below = first_below(carried, left)
                if found is not None:
                    return found
                if len(carried) <= len(from_below):
                    return None  # the higher side is cracked first
            return solve_below(0, carried, (), left)
        k, residents = above[i]
        for out in pair_group(i, k, residents, carried, DOWN):
            tick()
            rest_left = left - {x for p in out.pairs for x in p}
            if not remaining_ok(rest_left):
                continue
            rest = solve_above(i + 1, tuple(out.transferred), rest_left)
            if rest is not None:
                return [out, *rest]
        failed.add(key)
        return None

    def solve_below(
        j: int, from_above: tuple[int, ...], carried: tuple[int, ...], left: frozenset[int]
    ) -> list[OutcomeT] | None:
        key = ("below", j, from_above, carried)
        if key in failed:
            return None
        if j == len(below):
            for out in pair_median(from_above, carried):
                tick()
                return [out]
            failed.add(key)
            return None
        k, residents = below[j]
        for out in pair_group(len(above) + j, k, residents, carried, UP):
            tick()
            rest_left = left - {x for p in out.pairs for x in p}
            if not remaining_ok(rest_left):
                continue
            rest = solve_below(j + 1, from_above, tuple(out.transferred), rest_left)
            if rest is not None:
                return [out, *rest]
        failed.add(key)
        return None

    def first_below(
        from_above: tuple[int, ...], left: frozenset[int]
    ) -> tuple[list[OutcomeT] | None, tuple[int, ...]]:
        """The groups below with their first acceptable outcome each, then the median group;
        returns the result (or ``None``) and the floaters that reached the median group."""
        outs: list[OutcomeT] = []
        carried: tuple[int, ...] = ()
        for j, (k, residents) in enumerate(below):
            for out in pair_group(len(above) + j, k, residents, carried, UP):
                tick()
                rest_left = left - {x for p in out.pairs for x in p}
                if remaining_ok(rest_left):
                    outs.append(out)
                    carried, left = tuple(out.transferred), rest_left
                    break
            else:
                return None, carried
        for out in pair_median(from_above, carried):
            tick()
            return [*outs, out], carried
        return None, carried

    if phase[0] == 1:
        result = solve_above(0, (), everyone)
        if result is not None:
            return result
        phase[0] = 2
        failed.clear()
    return solve_above(0, (), everyone)
