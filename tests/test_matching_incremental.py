"""IncrementalMatching answers exactly what a fresh maximum matching says, after every commit."""

from __future__ import annotations

import random

from swisspairing.matching import IncrementalMatching, max_matching_size


def _feasible(rest: set[int], wildcards: int, ok) -> bool:  # type: ignore[no-untyped-def]
    k = len(rest) - wildcards
    return k >= 0 and k % 2 == 0 and max_matching_size(sorted(rest), ok) >= k // 2


def test_incremental_matching_agrees_with_fresh_maximum_matchings() -> None:
    for trial in range(600):
        rng = random.Random(trial)
        n = rng.randint(2, 14)
        p = rng.random()
        edges = {(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < p}

        def ok(a: int, b: int) -> bool:
            return (min(a, b), max(a, b)) in edges  # noqa: B023

        w = n % 2 + rng.choice([0, 0, 2])
        m = IncrementalMatching(list(range(n)), ok, wildcards=w)
        assert m.perfect == _feasible(set(range(n)), w, ok)
        if not m.perfect:
            continue
        alive, wl = set(range(n)), w
        for _ in range(30):
            a = rng.choice(sorted(alive))
            if rng.random() < 0.2 and wl > 0:
                got = m.try_pair(a, IncrementalMatching.WILDCARD)
                assert got == _feasible(alive - {a}, wl - 1, ok)
                if got:
                    alive.discard(a)
                    wl -= 1
            else:
                b = rng.choice(sorted(alive))
                if a == b:
                    continue
                got = m.try_pair(a, b)
                assert got == (ok(a, b) and _feasible(alive - {a, b}, wl, ok))
                if got:
                    alive -= {a, b}
            if not alive:
                break


def test_snapshot_restore() -> None:
    m = IncrementalMatching([1, 2, 3, 4], lambda a, b: True)
    snap = m.snapshot()
    assert m.try_pair(1, 2)
    assert 1 not in m
    m.restore(snap)
    assert 1 in m and m.try_pair(1, 3)
