"""Split tiebreaks: direct encounter (TB 6, C.07 2023 art. 6) and the drawing of lots
(Dutch-1992 F10)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from swisspairing.model import PLAYED_CODES, PointSystem, Tournament

from .records import _EPS, _Table, _table


def _mutual_points(
    tb: _Table, group: Sequence[int], forfeits: bool
) -> tuple[dict[int, float], dict[int, set[int]]]:
    """Points each member scored against the others (repeated games averaged, C.07 6.1.2)
    and whom each member met."""
    members = set(group)
    games: dict[tuple[int, int], list[float]] = {}
    for x in group:
        opps, codes, pts = tb.opp[x], tb.code[x], tb.pts[x]
        for r in range(tb.after):
            o = opps[r]
            if o is None or o not in members:
                continue
            c = codes[r]
            if c in PLAYED_CODES or (forfeits and c in "+-"):
                games.setdefault((x, o), []).append(pts[r])
    points = {x: 0.0 for x in group}
    met: dict[int, set[int]] = {x: set() for x in group}
    for (x, o), vals in games.items():
        points[x] += sum(vals) / len(vals)
        met[x].add(o)
        met[o].add(x)
    return points, met


def direct_encounter(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    group: Sequence[int],
    *,
    mode: str = "all-met",
    forfeits: bool = False,
) -> tuple[list[list[int]], dict[int, float]]:
    """TB 6: order a group of tied players by the points they scored against one another.

    ``all-met`` (seed rules, pre-2023): applies only when every member met every other one;
    otherwise the group stays tied.  ``fide2023`` (C.07 art. 6): 6.2 when all met, the sums
    rank them and sub-ties are resolved by applying art. 6 to the sub-group; 6.3 otherwise a
    member who is alone on top *whatever the results of the missing games* (each missing game
    a free win, draw or loss) is ranked first, then the same for the rest.  Forfeits count
    only with ``forfeits`` (6.1.1).  Returns the ordered subgroups (members of one subgroup
    stay tied) and each member's points against the group.
    """
    tb = _table(tournament, point_system, after_round)
    if mode != "fide2023" and len(group) - 1 > tb.after:
        # nobody can have met more opponents than rounds were played: no separation possible
        return [list(group)], {}
    first = _mutual_points(tb, group, forfeits)
    points = first[0]

    def order(members: list[int]) -> list[list[int]]:
        if len(members) < 2:
            return [members]
        pts, met = first if len(members) == len(group) else _mutual_points(tb, members, forfeits)
        all_met = all(len(met[x]) == len(members) - 1 for x in members)
        if all_met:
            groups = _split_by({x: pts[x] for x in members}, members)
            if len(groups) == 1 or mode != "fide2023":
                return groups
            out: list[list[int]] = []
            for g in groups:
                out.extend(order(g) if len(g) > 1 else [g])
            return out
        if mode != "fide2023":
            return [members]
        win = point_system.win
        missing = {x: len(members) - 1 - len(met[x]) for x in members}
        for x in sorted(members, key=lambda m: -pts[m]):
            worst_x = pts[x]  # x loses every missing game
            if all(worst_x > pts[y] + win * missing[y] + _EPS for y in members if y != x):
                rest = [m for m in members if m != x]
                return [[x], *order(rest)]
        return [members]

    return order(list(group)), points


def _split_by(values: Mapping[int, float], members: Sequence[int]) -> list[list[int]]:
    """Members ordered by value (descending) and cut where the value changes."""
    ordered = sorted(members, key=lambda m: -values[m])
    groups: list[list[int]] = []
    last: float | None = None
    for m in ordered:
        v = values[m]
        if last is None or abs(v - last) > _EPS:
            groups.append([m])
        else:
            groups[-1].append(m)
        last = v
    return groups


def lot_order(numbers: Sequence[int], seed: int) -> dict[int, float]:
    """Dutch-1992 F10 (4): the drawing of lots, reproducible from ``seed``: one random key per
    player, drawn in start-number order (higher key = better), so a lot never depends on
    which players happen to be tied."""
    rng = random.Random(seed)
    return {n: rng.random() for n in sorted(numbers)}
