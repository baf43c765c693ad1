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


def _assert_consistent(t: Transport) -> None:
    """The flow assigns every unit left, along allowed pairs, and weighs the value."""
    rows: dict = {}
    cols: dict = {}
    for (a, b), f in t.flow.items():
        assert f >= 0 and (f == 0 or (a, b) in t.weight)
        rows[a] = rows.get(a, 0) + f
        cols[b] = cols.get(b, 0) + f
    assert all(rows.get(a, 0) == c for a, c in t.left.items())
    assert all(cols.get(b, 0) == c for b, c in t.right.items())
    assert sum(t.weight[k] * f for k, f in t.flow.items() if f) == t.value


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
            _assert_consistent(t)
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


@pytest.mark.parametrize("seed", range(20))
def test_changed_agrees_with_a_fresh_solve(seed: int) -> None:
    # the remainder bounds of fide-dutch's B.7 walk: one unit fewer of a type on both sides
    # (a player out), maybe one unit more of another (the floater's empty seat)
    rng = random.Random(1000 + seed)
    for _ in range(60):
        left, right, weight = random_case(rng)
        for t in ("a0", "b0"):  # shared type names, so a type may lose a unit on both sides
            left.setdefault(t, 0)
            right.setdefault(t, 0)
        for a in left:
            for b in right:
                if (a, b) not in weight and rng.random() < 0.5:
                    weight[(a, b)] = rng.randint(-3, 7)
        t = Transport(left, right, lambda a, b, weight=weight: weight.get((a, b)))
        if t.solve() is None:
            assert t.changed({}, {}) is None
            continue
        before = dict(t.flow)
        dl = {rng.choice(list(left)): -1, rng.choice(list(left)): rng.randint(0, 1)}
        dr = {rng.choice(list(right)): -1, rng.choice(list(right)): rng.randint(0, 1)}
        new_l = {a: c + dl.get(a, 0) for a, c in left.items()}
        new_r = {b: c + dr.get(b, 0) for b, c in right.items()}
        if min(new_l.values()) < 0 or min(new_r.values()) < 0:
            continue
        expected = brute(new_l, new_r, weight)
        assert t.changed(dl, dr) == expected
        assert t.flow == before  # the optimum itself is kept


@pytest.mark.parametrize("seed", range(20))
def test_tight_pairs_are_exactly_the_optima(seed: int) -> None:
    # fide-dutch's exact walk pairs players along tight pairs of kinds only: every complete
    # assignment of tight pairs must be an optimum, and every optimum must use tight pairs
    rng = random.Random(2000 + seed)
    for _ in range(60):
        left, right, weight = random_case(rng)
        t = Transport(left, right, lambda a, b, weight=weight: weight.get((a, b)))
        best = t.solve()
        tight = t.tight()
        if best is None:
            assert tight == set()
            continue
        lu, ru = _units(left), _units(right)
        for perm in set(itertools.permutations(ru)):
            pairs = list(zip(lu, perm, strict=True))
            if any(p not in weight for p in pairs):
                continue
            value = sum(weight[p] for p in pairs)
            if all(p in tight for p in pairs):
                assert value == best
            if value == best:
                assert all(p in tight for p in pairs)
