"""The bracket-and-below matchings of the Dutch-1992 search against brute force (issue 20).

The engine passes over every outcome of a bracket whose players left over cannot be paired
together with the lower brackets (a maximum matching).  The search cuts a node of C7 (a prefix
of a transposition of S2 against S1, on one S1/S2 split of C8) by
:meth:`~swisspairing.plugins.dutch_1992.joint.SplitGraph.completes` and a whole stage by
:func:`~swisspairing.plugins.dutch_1992.joint.most_pairs`.  The pairing stays the text's only
if the first never cuts a node that has a completion the engine would descend (an outcome not
offered before: ``seen``) and the second never falls short of the pairs of such an outcome.
Thousands of small random brackets (random B1/B2/B5/B6 pairs, players who may move down, lower
brackets, the bye, sets already offered) are compared with an exhaustive enumeration of every
completion.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from swisspairing.feasibility import PairingGraph
from swisspairing.plugins.dutch_1992.joint import Lower, SplitGraph, most_pairs


class _Context:
    """What :class:`Lower` asks of a round: the pairing graph and who may have the bye."""

    def __init__(self, graph: PairingGraph, bye_ok: set[int]) -> None:
        self.graph = graph
        self.bye_ok = bye_ok

    def pairing_graph(self) -> PairingGraph:
        return self.graph

    def can_receive_bye(self, n: int) -> bool:
        return n in self.bye_ok


class _Round:
    """The stage's pairs (B1/B2/B5/B6 at the stage): ``pair_ok``."""

    def __init__(self, ok: set[frozenset[int]]) -> None:
        self.ok = ok

    def pair_ok(self, a: int, b: int, level: Any) -> bool:
        return frozenset((a, b)) in self.ok


def _perfect(vertices: list[Any], adjacent: Any) -> bool:
    """Brute force: can ``vertices`` all be matched?"""
    if not vertices:
        return True
    first, rest = vertices[0], vertices[1:]
    return any(adjacent(first, v) and _perfect([u for u in rest if u != v], adjacent) for v in rest)


def _world(rng: random.Random) -> tuple[Any, ...]:
    n1 = rng.randint(1, 3)
    n2 = rng.randint(n1, n1 + 4)
    nl = rng.randint(0, 5)
    t1 = list(range(1, n1 + 1))
    t2 = list(range(n1 + 1, n1 + n2 + 1))
    low = list(range(n1 + n2 + 1, n1 + n2 + nl + 1))
    everyone = t1 + t2 + low
    density = rng.choice((0.3, 0.5, 0.8))
    absolute = {frozenset(e) for e in itertools.combinations(everyone, 2) if rng.random() < density}
    # the stage's pairs are pairs the absolute criteria allow (B5/B6 only take pairs away)
    level = {e for e in absolute if rng.random() < 0.8}
    bye = (len(t2) - len(t1) + nl) % 2 == 1
    bye_ok = {x for x in everyone if rng.random() < 0.5}
    leave = {y for y in t2 if rng.random() < 0.8}
    graph = PairingGraph.from_predicate(
        everyone, lambda a, b: frozenset((a, b)) in absolute, lambda a: a in bye_ok
    )
    ctx = _Context(graph, bye_ok)
    return t1, t2, low, absolute, level, bye, bye_ok, leave, ctx


def _completions(t1, t2, low, absolute, level, bye, bye_ok, leave, fixed):  # type: ignore[no-untyped-def]
    """Every set left over of a completion the engine descends: S1 paired with S2 at the
    stage, the rest of S2 moving down and paired with the lower brackets (and the bye)."""
    out = set()
    free2 = [y for y in t2 if y not in fixed.values()]
    todo = [a for a in t1 if a not in fixed]
    for image in itertools.permutations(free2, len(todo)):
        if not all(frozenset((a, b)) in level for a, b in zip(todo, image, strict=True)):
            continue
        left = [y for y in free2 if y not in image]
        if not all(y in leave for y in left):
            continue
        vertices: list[Any] = [*left, *low, *(["bye"] if bye else [])]

        def adjacent(a: Any, b: Any) -> bool:
            if a == "bye" or b == "bye":
                return (b if a == "bye" else a) in bye_ok
            return frozenset((a, b)) in absolute

        if _perfect(vertices, adjacent):
            out.add(frozenset(left))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_split_graph_cuts_only_dead_nodes(seed: int) -> None:
    """Dutch-1992 C7 on one split of C8: a node (a prefix) is kept exactly when some completion
    leaves players, not offered before, with whom the lower brackets can be completed (the
    engine's test); checked at the root and at every prefix of length 1 on 100 brackets."""
    rng = random.Random(seed)
    for _ in range(100):
        t1, t2, low, absolute, level, bye, bye_ok, leave, ctx = _world(rng)
        lower = Lower(ctx, low, bye)  # type: ignore[arg-type]
        dr = _Round(level)
        graph = SplitGraph(dr, lower, t1, t2, None, leave.__contains__)  # type: ignore[arg-type]
        every = _completions(t1, t2, low, absolute, level, bye, bye_ok, leave, {})
        seen = {s for s in every if rng.random() < 0.6}
        if rng.random() < 0.3:
            seen.add(frozenset(rng.sample(t2, len(t2) - len(t1))))
        masks = graph.seen_masks(seen)
        assert graph.completes(graph.full, masks) == bool(every - seen)
        # a limited effort may keep a dead node, never cut a live one
        assert graph.completes(graph.full, masks, rng.randint(0, 2)) >= bool(every - seen)
        for y in t2:
            fixed = {t1[0]: y}
            if frozenset((t1[0], y)) not in level:
                continue
            active = graph.full & ~(1 << graph.base) & ~(1 << graph.index2[y])
            live = _completions(t1, t2, low, absolute, level, bye, bye_ok, leave, fixed)
            assert graph.completes(active, masks) == bool(live - seen)


@pytest.mark.parametrize("seed", range(20))
def test_most_pairs_never_below_an_outcome(seed: int) -> None:
    """Dutch-1992 C8/C14: every outcome of a stage that the engine descends (P pairs at the
    stage, the rest moving down and paired with the lower brackets) has at most
    :func:`most_pairs` pairs, on 100 random brackets (any split, any P)."""
    rng = random.Random(1000 + seed)
    for _ in range(100):
        t1, t2, low, absolute, level, bye, bye_ok, leave_s2, ctx = _world(rng)
        players = t1 + t2
        leave = {y for y in players if y in leave_s2 or rng.random() < 0.5}
        lower = Lower(ctx, low, bye)  # type: ignore[arg-type]
        dr = _Round(level)
        got = most_pairs(dr, lower, players, None, leave.__contains__, False)  # type: ignore[arg-type]
        best = -1
        for p in range(len(players) // 2, -1, -1):
            for s1 in itertools.combinations(players, p):
                s2 = [y for y in players if y not in s1]
                if _completions(list(s1), s2, low, absolute, level, bye, bye_ok, leave, {}):
                    best = p
                    break
            if best >= 0:
                break
        if best < 0:
            continue
        assert got is not None and got >= best


@pytest.mark.parametrize("seed", range(10))
def test_perfect_without_is_perfect_of_the_rest(seed: int) -> None:
    """Dutch-1992 C7 (issue 20): a node one pair deeper is asked from the node above
    (:meth:`SplitGraph.perfect_without`, one Gallai–Edmonds search for all its children after
    the first dead end); every answer is :meth:`SplitGraph.perfect` of the rest, asked of a
    graph of its own, in the order a walk asks them (children of a node in turn, deeper nodes
    in between)."""
    rng = random.Random(2000 + seed)
    for _ in range(60):
        t1, t2, low, _, level, bye, _, leave, ctx = _world(rng)
        lower = Lower(ctx, low, bye)  # type: ignore[arg-type]
        dr = _Round(level)
        graph = SplitGraph(dr, lower, t1, t2, None, leave.__contains__)  # type: ignore[arg-type]
        fresh = SplitGraph(dr, lower, t1, t2, None, leave.__contains__)  # type: ignore[arg-type]
        removed = 0
        for k, a in enumerate(t1):
            s = graph.v1[k]
            active = graph.full & ~removed
            children = [graph.index2[y] for y in t2 if not removed >> graph.index2[y] & 1]
            rng.shuffle(children)
            alive = []
            for y in children:
                want = fresh.perfect(active & ~(1 << s) & ~(1 << y))
                assert graph.perfect_without(active, s, y) == want, (a, y)
                if want:
                    alive.append(y)
            if not alive:
                break
            removed |= 1 << s | 1 << rng.choice(alive)
