"""The kinds' assignment (swisspairing.matching.transport) against brute force.

:class:`Transport` must find the heaviest complete assignment of typed units (every unit of both
sides assigned, forbidden pairs of types never used), and :meth:`Transport.take` must accept a
pair exactly when an optimum holds it -- the rest then optimal again -- which is what the
fide-dutch walk of homogeneous brackets relies on (B.6 / 3.6, D.1 / 4.2).
"""

from __future__ import annotations

import itertools
import random

import pytest
from swisspairing.matching.transport import Transport


def _units(counts: dict[str, int]) -> list[str]:
    return [t for t, c in sorted(counts.items()) for _ in range(c)]


def brute(left: dict[str, int], right: dict[str, int], weight: dict) -> int | None:
    """The best complete assignment by trying every permutation of the right units."""
    lu, ru = _units(left), _units(right)
    if len(lu) != len(ru):
        return None
    best = None
    for perm in set(itertools.permutations(ru)):
        total = 0
        for a, b in zip(lu, perm, strict=True):
            w = weight.get((a, b))
            if w is None:
                break
            total += w
        else:
            best = total if best is None else max(best, total)
    return best


def random_case(rng: random.Random) -> tuple[dict[str, int], dict[str, int], dict]:
    lt = [f"a{i}" for i in range(rng.randint(1, 3))]
    rt = [f"b{i}" for i in range(rng.randint(1, 3))]
    n = rng.randint(1, 5)
    left = dict.fromkeys(lt, 0)
    right = dict.fromkeys(rt, 0)
    for _ in range(n):
        left[rng.choice(lt)] += 1
        right[rng.choice(rt)] += 1
    big = rng.random() < 0.3  # lexicographic-size weights, as the criteria make them
    weight = {}
    for a in lt:
        for b in rt:
            if rng.random() < 0.8:
                w = rng.randint(-5, 9)
                weight[(a, b)] = w << 200 | rng.getrandbits(50) if big else w
    return left, right, weight


@pytest.mark.parametrize("seed", range(40))
def test_optimum_and_take_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        left, right, weight = random_case(rng)
        t = Transport(left, right, lambda a, b, weight=weight: weight.get((a, b)))
        expected = brute(left, right, weight)
        assert t.solve() == expected
        if expected is None:
            continue
        # take pairs in a random order: accepted exactly when an optimum holds the pair
        rest_l, rest_r = dict(left), dict(right)
        while sum(rest_l.values()):
            a = rng.choice([x for x, c in rest_l.items() if c])
            b = rng.choice([x for x, c in rest_r.items() if c])
            value = t.value
            assert value is not None
            w = weight.get((a, b))
            reduced_l, reduced_r = dict(rest_l), dict(rest_r)
            reduced_l[a] -= 1
            reduced_r[b] -= 1
            after = brute(reduced_l, reduced_r, weight)
            holds = w is not None and after is not None and after + w == value
            assert t.take(a, b) is holds
            if holds:
                rest_l, rest_r = reduced_l, reduced_r
                assert t.value == after
            else:
                assert t.value == value
                # some pair must be takeable: the first of an optimum
                for a2, b2 in itertools.product(list(rest_l), list(rest_r)):
                    if rest_l[a2] and rest_r[b2] and t.take(a2, b2):
                        rest_l[a2] -= 1
                        rest_r[b2] -= 1
                        break
                else:
                    pytest.fail("no pair of an optimum could be taken")
        assert t.value == 0


def test_no_complete_assignment() -> None:
    # b1 can meet nobody: no complete assignment
    t = Transport({"a": 2}, {"b0": 1, "b1": 1}, lambda a, b: 3 if b == "b0" else None)
    assert t.solve() is None
    assert not t.take("a", "b0")
    # the sides hold different numbers of units
    assert Transport({"a": 2}, {"b": 1}, lambda a, b: 1).solve() is None
