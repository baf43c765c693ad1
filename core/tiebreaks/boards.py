"""The board tie-breaks of team events (C.07 (2023) art. 12, "for team knock-out" and usable
in any team competition): board count (BC), top board results (TBR) and bottom board
elimination (BBE).  They read the game points of each board (:attr:`TeamRound.boards`), in
which an individual forfeit counts as a standard win or loss and a pause as a standard win on
every board (art. 12)."""

from __future__ import annotations

from collections.abc import Sequence

from .records import _EPS
from .teams import TeamResults

__all__ = ["board_count", "board_totals", "bottom_board_elimination", "top_board_results"]


def board_totals(results: TeamResults) -> dict[int, list[float]]:
    """Each team's game points on board 1, 2, … summed over its matches, every team padded to
    the largest number of boards of the event."""
    sums: dict[int, list[float]] = {}
    width = 0
    for t, rounds in results.items():
        acc: list[float] = []
        for r in rounds:
            if r is None:
                continue
            for b, gp in enumerate(r.boards):
                if b == len(acc):
                    acc.append(0.0)
                acc[b] += gp
        sums[t] = acc
        width = max(width, len(acc))
    return {t: acc + [0.0] * (width - len(acc)) for t, acc in sums.items()}


def board_count(results: TeamResults) -> dict[int, float]:
    """C.07 12.1 BC: the sum over all matches of board number × game points on that board,
    whoever played it.  *Lower is better* (points on the top boards weigh less); meaningful
    between teams with the same game points."""
    return {
        t: float(sum((b + 1) * gp for b, gp in enumerate(totals)))
        for t, totals in board_totals(results).items()
    }


def _vectors_split(
    vectors: dict[int, list[float]], group: Sequence[int]
) -> tuple[list[list[int]], dict[int, float]]:
    """The group ordered by its vectors compared element by element (higher first), members
    with equal vectors tied; the first element as the value shown."""
    keyed = sorted(group, key=lambda n: [-round(v, 9) for v in vectors.get(n, [])])
    parts: list[list[int]] = []
    last: list[float] | None = None
    for n in keyed:
        vec = vectors.get(n, [])
        if (
            last is not None
            and len(vec) == len(last)
            and all(abs(a - b) <= _EPS for a, b in zip(vec, last, strict=True))
        ):
            parts[-1].append(n)
        else:
            parts.append([n])
        last = vec
    shown = {n: (vectors[n][0] if vectors.get(n) else 0.0) for n in group}
    return parts, shown


def top_board_results(
    results: TeamResults, group: Sequence[int]
) -> tuple[list[list[int]], dict[int, float]]:
    """C.07 12.2 TBR: the game points on board 1; if they do not decide, those on board 2, and
    so on down.  Shows the board-1 points."""
    return _vectors_split(board_totals(results), group)


def bottom_board_elimination(
    results: TeamResults, group: Sequence[int]
) -> tuple[list[list[int]], dict[int, float]]:
    """C.07 12.3 BBE: the game points on every board but the bottom one; if they do not
    decide, without the next board up as well, and so on.  Shows the first of these sums."""
    vectors: dict[int, list[float]] = {}
    for t, totals in board_totals(results).items():
        prefix = [sum(totals[:k]) for k in range(len(totals) - 1, 0, -1)]
        vectors[t] = prefix
    return _vectors_split(vectors, group)
