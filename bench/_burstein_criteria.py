"""Burstein-2025 criteria of a whole round pairing, bracket by bracket (for the comparisons).

:func:`first_difference` walks the score groups of two complete pairings of the same round from
the top, as 3.2 pairs them (a bracket = its score group and the players the bracket above left
unpaired), and at the first bracket whose pairs differ tells which criterion of 3.2.2 separates
the two: C5 (pairs in the bracket), C6 (the outgoing floaters' scores, descending), C7 (the
following bracket: its pairs, then its floaters' scores), C8 (players of the bracket without
their colour preference, 1.5), then the 4.3 order (BSN 1's opponent as low as possible, ...; a
floater's opponent is BSN 0).  Used by ``compare_py4swiss.py --classify``.
"""

from __future__ import annotations

from collections.abc import Iterable

from swisspairing import Engine, Tournament
from swisspairing.defaults import colour_preference
from swisspairing.plugins.fide_burstein.index import index_key

Pairs = set[frozenset[int]]


def _vector(b: list[int], nxt_res: list[int], pairs: Pairs, ctx, key) -> tuple[tuple, list[int]]:  # type: ignore[no-untyped-def]
    bset = set(b)
    inside = [p for p in pairs if p <= bset]
    paired = {x for p in inside for x in p}
    floaters = [x for x in b if x not in paired]
    nset = set(floaters) | set(nxt_res)
    n_in = [p for p in pairs if p <= nset]
    n_paired = {x for p in n_in for x in p}
    n_float = sorted((ctx.score(x) for x in nset if x not in n_paired), reverse=True)
    pref = {x: colour_preference(ctx.state(x))[0] for x in b}
    misses = sum(
        1 for p in inside for x, y in [tuple(p)] if pref[x] is not None and pref[x] is pref[y]
    )
    order = sorted(b, key=lambda n: key[n])
    bsn = {x: i + 1 for i, x in enumerate(order)}
    mate = {}
    for p in inside:
        x, y = tuple(p)
        mate[x], mate[y] = y, x
    seq = tuple(bsn.get(mate.get(x, -1), 0) for x in order)
    return (
        (
            ("C5", len(inside)),
            ("C6", tuple(-s for s in sorted((ctx.score(x) for x in floaters), reverse=True))),
            ("C7", (len(n_in), tuple(-s for s in n_float))),
            ("C8", -misses),
            ("4.3", seq),
        ),
        floaters,
    )


def first_difference(engine: Engine, t: Tournament, ours: Pairs, theirs: Pairs) -> str:
    """Which criterion separates the two pairings at the first bracket where they differ."""
    ctx = engine.context(t)
    key = index_key(ctx)
    everyone = {x for p in ours for x in p} | {x for p in theirs for x in p}
    groups: dict[float, list[int]] = {}
    for x in everyone:
        groups.setdefault(ctx.score(x), []).append(x)
    scores = sorted(groups, reverse=True)
    carried_o: list[int] = []
    carried_t: list[int] = []
    for i, s in enumerate(scores):
        nxt = groups[scores[i + 1]] if i + 1 < len(scores) else []
        bo, bt = carried_o + groups[s], carried_t + groups[s]
        vo, fo = _vector(bo, nxt, ours, ctx, key)
        vt, ft = _vector(bt, nxt, theirs, ctx, key)
        in_o = {p for p in ours if p <= set(bo)}
        in_t = {p for p in theirs if p <= set(bt)}
        if set(bo) != set(bt):
            return (
                f"bracket {s}: different incoming floaters ({_fmt(carried_o)} v {_fmt(carried_t)})"
            )
        if in_o != in_t:
            for (name, a), (_, b) in zip(vo, vt, strict=True):
                if a != b:
                    better = "ours" if a > b else "theirs"
                    return f"bracket {s}: {name} {better} better ({a} v {b})"
            return f"bracket {s}: equal under C5-C8 and 4.3"
        carried_o, carried_t = fo, ft
    return "no bracket differs (colours only)"


def _fmt(xs: Iterable[int]) -> str:
    return ",".join(map(str, sorted(xs)))
