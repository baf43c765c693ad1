"""The fixed trial tables ("orders of trial") of groups paired top against bottom.

One implementation shared by the plugins that print these tables: the Polish team rules
(seed 003, PL-team 11 for an even group, PL-team 12 for an odd one) and the FIDE Olympiad
pairing rules of 2006-2009 (Spanish arbiters' manual 2016 p135, rules 6.2 and 6.4: the same
15 rows for six and for five teams, ``spec/olympiad-burstein-dubov-lim.md`` section 5).  The
tables are produced by one generator, so that groups of any size follow the printed pattern:

- even group (:func:`trial_even`, PL-team 11 / Olympiad-2006 6.2): the first team meets the
  others taken from the bottom upward, each followed by every row of the rest — for six teams
  row 1 is 1-6 2-5 3-4, row 4 is 1-5 2-6 3-4, 15 rows in all;
- odd group (:func:`trial_odd`, PL-team 12 / Olympiad-2006 6.4): like the even table; after the
  rows in which the first team is paired comes "first team transferred" with every row of the
  rest — for five teams row 5 is 1-4 2-3 with 5 floating (AMB-P1), 15 rows in all.

Rows are numbered as printed; a filtered generator skips the numbers of the rows it leaves
out (a pair failing ``ok``, or a rest that ``feasible`` says cannot be paired at all).
Plugin-side module: the core knows no system.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache

__all__ = ["fold_count", "fold_odd_count", "fold_odd_rows", "fold_rows", "trial_even", "trial_odd"]

Ok = Callable[[int, int], bool]
Feasible = Callable[[Sequence[int]], bool]


@cache
def fold_count(n: int) -> int:
    """Rows of the PL-team 11 order for an even group of ``n`` teams: (n − 1)!!."""
    return 1 if n <= 0 else (n - 1) * fold_count(n - 2)


@cache
def fold_odd_count(n: int) -> int:
    """Rows of the PL-team 12 order for an odd group of ``n`` teams."""
    if n <= 1:
        return 1
    return (n - 1) * fold_odd_count(n - 2) + fold_count(n - 1)


def trial_even(
    teams: Sequence[int], ok: Ok | None = None, feasible: Feasible | None = None, base: int = 1
) -> Iterator[tuple[int, tuple[tuple[int, int], ...]]]:
    """PL-team 11 (even group), generator of the spec: the first team meets the others taken
    from the bottom upward, each followed by every row of the rest.  Yields ``(row number,
    pairs)`` in table order; rows with a pair failing ``ok`` are left out (their numbers are
    skipped, not reused), and so are subtrees whose remaining teams fail ``feasible``."""
    if not teams:
        yield base, ()
        return
    t, rest = teams[0], teams[1:]
    sub = fold_count(len(teams) - 2)
    for j, o in enumerate(reversed(rest)):
        if ok is not None and not ok(t, o):
            continue
        remaining = tuple(x for x in rest if x != o)
        if feasible is not None and remaining and not feasible(remaining):
            continue
        for row, pairs in trial_even(remaining, ok, feasible, base + j * sub):
            yield row, ((t, o), *pairs)


def trial_odd(
    teams: Sequence[int],
    ok: Ok | None = None,
    feasible: Feasible | None = None,
    floater: int | None = None,
    base: int = 1,
) -> Iterator[tuple[int, tuple[tuple[int, int], ...], int]]:
    """PL-team 12 (odd group), generator of the spec: like :func:`trial_even`; after every row
    in which the first team is paired comes "first team transferred" with every row of the
    rest.  Yields ``(row number, pairs, transferred team)``; with ``floater`` only the rows
    transferring that team."""
    n = len(teams)
    if n == 1:
        if floater is None or teams[0] == floater:
            yield base, (), teams[0]
        return
    t, rest = teams[0], teams[1:]
    sub = fold_odd_count(n - 2)
    if t != floater:
        for j, o in enumerate(reversed(rest)):
            if o == floater or (ok is not None and not ok(t, o)):
                continue
            remaining = tuple(x for x in rest if x != o)
            if (
                feasible is not None
                and floater is not None
                and not feasible(tuple(x for x in remaining if x != floater))
            ):
                continue
            for row, pairs, f in trial_odd(remaining, ok, feasible, floater, base + j * sub):
                yield row, ((t, o), *pairs), f
    if (floater is None or t == floater) and (feasible is None or feasible(rest)):
        for row, pairs in trial_even(rest, ok, feasible, base + (n - 1) * sub):
            yield row, pairs, t


def fold_rows(teams: Sequence[int]) -> list[tuple[tuple[int, int], ...]]:
    """PL-team 11: every row of the order of trial of an even group, in order (the group
    given in pairing order; for six teams exactly the table of the source)."""
    return [pairs for _, pairs in trial_even(tuple(teams))]


def fold_odd_rows(teams: Sequence[int]) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """PL-team 12: every row ``(pairs, transferred team)`` of an odd group's order of trial
    (for five teams the table of the source with row 5 corrected to "F5", AMB-P1)."""
    return [(pairs, f) for _, pairs, f in trial_odd(tuple(teams))]
