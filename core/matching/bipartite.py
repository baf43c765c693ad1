"""Bipartite matching: can every left vertex get a distinct right partner?

Kuhn's augmenting paths (optionally after a greedy start), with the adjacency asked lazily (a
predicate, at most once per pair): a Dutch-1992 or PL-team bracket asks whether S1 can be
paired into S2 without building the whole graph, and PL-team names the teams that block it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

__all__ = ["bipartite_matching", "bipartite_saturates"]

T = TypeVar("T", bound=Hashable)


def bipartite_matching(
    left: Sequence[T],
    right: Iterable[T],
    allowed: Callable[[int, T], bool],
    *,
    greedy: bool = True,
    stop_at_failure: bool = False,
) -> list[int]:
    """A maximum matching of ``left`` into ``right``: for each ``left[i]`` the index of its
    partner in ``right`` (in the order given), or −1.  The edges are the pairs with
    ``allowed(i, r)``, asked lazily and at most once per pair.

    Kuhn's augmenting paths, one depth-first search per left vertex in order, each trying the
    right vertices in order; with ``greedy``, a first pass gives each left vertex the next free
    allowed right vertex (a dense graph then costs little more than one scan per left vertex).
    With ``stop_at_failure``, stops at the first left vertex left unmatched."""
    rights = list(right)
    nl, nr = len(left), len(rights)
    memo: dict[tuple[int, int], bool] = {}

    def ok(i: int, j: int) -> bool:
        v = memo.get((i, j))
        if v is None:
            v = memo[(i, j)] = allowed(i, rights[j])
        return v

    match_r = [-1] * nr
    match_l = [-1] * nl
    if greedy:
        start = 0
        for i in range(nl):
            for step in range(nr):
                j = (start + step) % nr
                if match_r[j] == -1 and ok(i, j):
                    match_r[j] = i
                    match_l[i] = j
                    start = j + 1
                    break

    def augment(root: int) -> bool:
        seen = [False] * nr
        # iterative DFS over alternating paths
        stack: list[tuple[int, int]] = [(root, 0)]
        via: list[int] = []
        while stack:
            u, j0 = stack[-1]
            for j in range(j0, nr):
                if seen[j] or not ok(u, j):
                    continue
                seen[j] = True
                stack[-1] = (u, j + 1)
                if match_r[j] == -1:
                    via.append(j)
                    # flip the path
                    for (lu, _), rj in zip(stack, via, strict=True):
                        match_r[rj] = lu
                        match_l[lu] = rj
                    return True
                via.append(j)
                stack.append((match_r[j], 0))
                break
            else:
                stack.pop()
                if via:
                    via.pop()
        return False

    for i in range(nl):
        if match_l[i] == -1 and not augment(i) and stop_at_failure:
            break
    return match_l


def bipartite_saturates(
    left: Sequence[T], right: Iterable[T], allowed: Callable[[int, T], bool]
) -> bool:
    """Whether every ``left[i]`` can be matched to a distinct ``right`` vertex ``r`` with
    ``allowed(i, r)`` (:func:`bipartite_matching` with its greedy start)."""
    rights = list(right)
    if len(rights) < len(left):
        return False
    match = bipartite_matching(left, rights, allowed, stop_at_failure=True)
    return all(j != -1 for j in match)
