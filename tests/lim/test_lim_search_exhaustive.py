"""The memoised Lim search equals the plain depth-first search of Lim 2.2 / 2.6 (issue 20).

:func:`~swisspairing.plugins.lim_family.order.lim_search` has no budget: it solves each state
once (failed states above, the sets the groups below hand to the median group listed once).
That must not change what it finds.  The reference below is the text's search written
without any memory: groups above downward, groups below upward, the median group last; when a
group fails the pairing made last is cracked first (Lim 2.6), with the reading of Lim 2.6 on
which side is cracked first (``crack_by_floaters``).  Both are run on thousands of small
random group structures whose outcomes repeat transferred sets, as real groups do.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from swisspairing.plugins.lim_family.order import DOWN, UP, lim_search


@dataclass(frozen=True)
class Out:
    """A toy group outcome."""

    pairs: tuple[tuple[int, int], ...]
    """The pairs the group makes."""
    transferred: tuple[int, ...]
    """The players it hands on."""
    name: str
    """Which outcome it is (group, incoming players, position in the group's order)."""


def _paired(out: Out) -> set[int]:
    return {x for p in out.pairs for x in p}


def reference(above, below, pair_group, pair_median, ok, everyone, crack):
    """Lim 2.2 / 2.6 by plain recursion, nothing remembered."""

    def median(f, b):
        return next(iter(pair_median(f, b)), None)

    def below_dfs(j, f, carried, left):
        if j == len(below):
            m = median(f, carried)
            return None if m is None else [m]
        k, residents = below[j]
        for out in pair_group(len(above) + j, k, residents, carried, UP):
            rest_left = left - _paired(out)
            if not ok(rest_left):
                continue
            rest = below_dfs(j + 1, f, tuple(out.transferred), rest_left)
            if rest is not None:
                return [out, *rest]
        return None

    def first_below(f, left):
        outs, carried = [], ()
        for j, (k, residents) in enumerate(below):
            for out in pair_group(len(above) + j, k, residents, carried, UP):
                rest_left = left - _paired(out)
                if ok(rest_left):
                    outs.append(out)
                    carried, left = tuple(out.transferred), rest_left
                    break
            else:
                return None, carried
        m = median(f, carried)
        return (None if m is None else [*outs, m]), carried

    def above_dfs(i, carried, left, phase):
        if i == len(above):
            if phase == 1:
                found, from_below = first_below(carried, left)
                if found is not None:
                    return found
                if len(carried) <= len(from_below):
                    return None
            return below_dfs(0, carried, (), left)
        k, residents = above[i]
        for out in pair_group(i, k, residents, carried, DOWN):
            rest_left = left - _paired(out)
            if not ok(rest_left):
                continue
            rest = above_dfs(i + 1, tuple(out.transferred), rest_left, phase)
            if rest is not None:
                return [out, *rest]
        return None

    if crack and above:
        result = above_dfs(0, (), everyone, 1)
        if result is not None:
            return result
    return above_dfs(0, (), everyone, 2)


def _instance(seed: int):
    rng = random.Random(seed)
    n_above, n_below = rng.randint(0, 3), rng.randint(0, 3)
    nxt = iter(range(1, 100))
    above = [(10.0 - i, [next(nxt) for _ in range(rng.randint(1, 4))]) for i in range(n_above)]
    middle = [next(nxt) for _ in range(rng.randint(0, 3))]
    below = [(float(i), [next(nxt) for _ in range(rng.randint(1, 4))]) for i in range(n_below)]
    everyone = frozenset(p for _, g in [*above, *below] for p in g) | frozenset(middle)
    p_median = rng.choice([0.05, 0.2, 0.5])

    def pair_group(i, key, residents, incoming, direction):
        r = random.Random(f"{seed}/{i}/{incoming}")
        group = sorted({*incoming, *residents})
        for n in range(r.randint(0, 5)):
            out = tuple(sorted(r.sample(group, min(len(group), r.randint(0, 2)))))
            rest = [p for p in group if p not in out]
            yield Out(tuple(zip(rest[::2], rest[1::2], strict=False)), out, f"{i}:{incoming}:{n}")

    def pair_median(from_above, from_below):
        r = random.Random(f"{seed}/median/{from_above}/{from_below}")
        if r.random() < p_median:
            yield Out((), (), f"median:{from_above}:{from_below}")

    return above, below, pair_group, pair_median, everyone


@pytest.mark.parametrize("crack", [False, True])
def test_lim_2_6_memoised_search_equals_plain_search(crack: bool) -> None:
    """Lim 2.6: on 3,000 random structures per reading, the search with its memory finds the
    same outcomes as the plain depth-first search, or proves like it that none exists."""
    found = none = 0
    for seed in range(3000):
        above, below, pair_group, pair_median, everyone = _instance(seed)
        want = reference(above, below, pair_group, pair_median, lambda _: True, everyone, crack)
        got = lim_search(
            above,
            below,
            pair_group,
            pair_median,
            lambda _: True,
            everyone,
            crack_by_floaters=crack,
        )
        names = None if got is None else [o.name for o in got]
        assert names == (None if want is None else [o.name for o in want]), seed
        found += got is not None
        none += got is None
    assert found > 500 and none > 500  # both answers are exercised
