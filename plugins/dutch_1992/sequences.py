"""Dutch-1992 D1/D2: the order in which transpositions and exchanges are tried.

Everything here is pure and lazy: the number of orderings of S2 is ``|S2|!`` (for a bracket
of 50 that is a 65-digit number), so nothing is ever materialised.  The generators yield in
the exact order the source prescribes; the pairing procedure (C6–C8) stops at the first
acceptable candidate.

- ``Dutch-1992 D1`` (:func:`transpositions`, :func:`transpositions_pruned`): orderings of S2 in
  lexicographic order of the players' positions, the original order first
  (5-6-7-8, 5-6-8-7, 5-7-6-8, …).  When ``|S2| > P`` only the first ``P`` players of an
  ordering meet S1, so each distinct first-``P`` prefix is tried once (``AMB-D6``).
- ``Dutch-1992 D2`` (:func:`exchanges`, :func:`exchange_positions`): exchanges between S1
  and S2 of a homogeneous bracket, fewer players first; within a size the smallest
  "difference" (sum of the S2 positions − sum of the S1 positions) first; on equal difference
  the exchange whose S1 part contains the lower-ranked players first (compared from the
  lowest-ranked player upward); remaining ties: the lexicographically smallest S2 part
  (``AMB-D8``).  This reproduces the seed's matrices a–i and j–r (corrected for the typos
  listed in ``AMB-D2``) and extends them to the whole of S1 and S2 (``AMB-D17``).

Positions are 1-based bracket positions in A2 order with S1 first: in a bracket of 8,
S1 = positions 1–4 and S2 = positions 5–8, exactly as in the source's running example.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from heapq import heapify, heappop, heappush
from itertools import combinations
from math import comb
from typing import TypeVar

__all__ = [
    "ascending_subsets",
    "exchange_positions",
    "exchanges",
    "transpositions",
    "transpositions_distinct",
    "transpositions_pruned",
]

T = TypeVar("T")


# --------------------------------------------------------------------------- D1 transpositions
def _check_p(n: int, p: int) -> None:
    if p < 0 or p > n:
        raise ValueError(f"p must be between 0 and the size of s2 ({n}), not {p}")


def transpositions(s2: Sequence[T], p: int) -> Iterator[tuple[T, ...]]:
    """``Dutch-1992 D1``: the transpositions of S2, the original order first.

    Yields the orderings of ``s2`` in lexicographic order of the players' positions in
    ``s2`` ("start with the lowest player and work upward": 5-6-7-8, 5-6-8-7, 5-7-6-8,
    5-7-8-6, 5-8-6-7, 5-8-7-6, 6-5-7-8, …).  Only the first ``p`` players of an ordering are
    paired with S1 (C6), so each distinct first-``p`` prefix is yielded once, as a tuple of
    length ``p`` (``AMB-D6``); with ``p == len(s2)`` that is every permutation.

    Lazy: amortised ``O(len(s2))`` work per yielded ordering, nothing materialised.

    :param s2: S2 in A2 order (its original order).
    :param p: the number of pairings P, ``0 <= p <= len(s2)``.
    :raises ValueError: when ``p`` is negative or larger than ``len(s2)``.
    """
    return _prefix_search(s2, p, None, None)


def transpositions_pruned(
    s2: Sequence[T],
    p: int,
    allowed: Callable[[int, T], bool],
    feasible: Callable[[tuple[T, ...]], bool] | None = None,
) -> Iterator[tuple[T, ...]]:
    """``Dutch-1992 D1``/``C7``: the transpositions of S2 that S1 may actually meet.

    Yields exactly ``[t for t in transpositions(s2, p) if all(allowed(i, t[i]) for i in
    range(p))]`` in the same order, but by depth-first search over the positions in
    lexicographic order, so that a rejected prefix skips all of its completions instead of
    enumerating them.

    :param allowed: ``allowed(i, player)`` — may S1's player at index ``i`` (0-based) meet
        ``player`` of S2 (e.g. B1 and B2 hold for that pair)?  Must be pure: it is called
        lazily and at most once per ``(i, player)``.
    :param feasible: optional pruning test, called on every non-empty prefix (a tuple of
        length 1..p, already accepted by ``allowed``); returning ``False`` discards the prefix
        and all its completions.  With an exact test (e.g. "the S1 players after the prefix
        can still be matched with the unused S2 players") the output is unchanged and every
        yielded ordering costs only a polynomial amount of work.  In general the output is
        the orderings above whose every prefix is ``feasible``.
    :raises ValueError: when ``p`` is negative or larger than ``len(s2)``.
    """
    return _prefix_search(s2, p, allowed, feasible)


def _prefix_search(
    s2: Sequence[T],
    p: int,
    allowed: Callable[[int, T], bool] | None,
    feasible: Callable[[tuple[T, ...]], bool] | None,
) -> Iterator[tuple[T, ...]]:
    """Iterative DFS behind D1: prefixes of length ``p`` in lexicographic position order."""
    items = tuple(s2)
    n = len(items)
    _check_p(n, p)
    return _prefix_search_gen(items, n, p, allowed, feasible)


def _prefix_search_gen(
    items: tuple[T, ...],
    n: int,
    p: int,
    allowed: Callable[[int, T], bool] | None,
    feasible: Callable[[tuple[T, ...]], bool] | None,
) -> Iterator[tuple[T, ...]]:
    if p == 0:
        yield ()
        return
    used = [False] * n
    chosen = [-1] * p  # index into items chosen at each depth
    # allowed(i, x) is pure: remember each answer asked (sparse: one dict per depth).
    verdicts: list[dict[int, bool]] = [{} for _ in range(p)] if allowed is not None else []
    prefix: list[T] = []
    depth = 0
    nxt = 0  # next index to try at the current depth
    last = p - 1
    while True:
        found = -1
        j = nxt
        row = verdicts[depth] if allowed is not None else None
        while j < n:
            if not used[j]:
                x = items[j]
                ok = True
                if row is not None:
                    cached = row.get(j)
                    if cached is None:
                        cached = row[j] = bool(allowed(depth, x))  # type: ignore[misc]
                    ok = cached
                if ok:
                    prefix.append(x)
                    if feasible is None or feasible(tuple(prefix)):
                        found = j
                        break
                    prefix.pop()
            j += 1
        if found >= 0:
            if depth == last:
                yield tuple(prefix)
                prefix.pop()
                nxt = found + 1  # next sibling at the same depth
            else:
                used[found] = True
                chosen[depth] = found
                depth += 1
                nxt = 0
        else:
            if depth == 0:
                return
            depth -= 1
            k = chosen[depth]
            used[k] = False
            prefix.pop()
            nxt = k + 1


def transpositions_distinct(
    s2: Sequence[T],
    p: int,
    allowed: Callable[[int, T], bool],
    feasible: Callable[[tuple[T, ...]], bool] | None = None,
    weight: Callable[[int, T], int] | None = None,
) -> Iterator[tuple[T, ...]]:
    """``Dutch-1992 D1``/``C7``: the first transposition of each distinct set of S2 players
    that S1 meets.

    Yields exactly ``[t for i, t in enumerate(ts) if set(t) not in map(set, ts[:i])]`` with
    ``ts = list(transpositions_pruned(s2, p, allowed, feasible))``, in the same order: of the
    transpositions with the same players in their first ``p`` places only the first (in D1
    order) is yielded.  The procedure needs no more: what it does with a transposition after
    pairing S1 depends on the players S1 met only through the players left over (the
    remainder of a heterogeneous bracket, the players moving down of a homogeneous one), and
    the players left over of a later transposition with the same set are offered already.

    The search is the depth-first search of :func:`transpositions_pruned` with a memo: a
    prefix whose set of players equals that of a prefix already searched to the end, at a
    weight no smaller, is not entered.  Proof that nothing but repetitions is skipped: let
    ``N'`` be the earlier prefix and ``N`` the later one (same length ``k``, same set, weight
    ``w' <= w``).  For every completion ``c`` of ``N`` the ordering ``N' + c`` has the same set;
    ``allowed`` asks by place, so it accepts ``N' + c`` as it accepts ``N + c``; ``feasible``
    (contract below) accepts each prefix of ``N' + c`` as it accepts the same prefix of
    ``N + c``.  So ``N' + c`` was found when ``N'`` was searched, earlier in D1 order (every
    completion of ``N'`` precedes every completion of ``N``), with the same set.

    :param allowed: as in :func:`transpositions_pruned`.
    :param feasible: as in :func:`transpositions_pruned`, with this contract: its verdict on a
        prefix depends only on the prefix's length, its set of players and the sum of
        ``weight`` over its places, a larger sum never being accepted where a smaller one is
        not — or, for a test asked only now and then, it rejects a prefix only when no
        completion of any prefix of the same length and set, at a weight no smaller, is
        accepted at every length (a cut that loses nothing).  It is called in the order of the
        search (each prefix right after its parent prefix was accepted), and not at all on a
        prefix the memo skips.
    :param weight: ``weight(i, player)``, the weight of ``player`` at S1's place ``i`` (e.g.
        1 when the pair cannot satisfy both colour preferences, ``Dutch-1992 B4``); ``None``:
        every place weighs 0.
    :raises ValueError: when ``p`` is negative or larger than ``len(s2)``.
    """
    items = tuple(s2)
    n = len(items)
    _check_p(n, p)
    return _distinct_gen(items, n, p, allowed, feasible, weight)


def _distinct_gen(
    items: tuple[T, ...],
    n: int,
    p: int,
    allowed: Callable[[int, T], bool],
    feasible: Callable[[tuple[T, ...]], bool] | None,
    weight: Callable[[int, T], int] | None,
) -> Iterator[tuple[T, ...]]:
    if p == 0:
        yield ()
        return
    used = [False] * n
    chosen = [-1] * p
    masks = [0] * (p + 1)  # masks[d]: the set of the prefix of length d (bits of indices)
    weights = [0] * (p + 1)
    verdicts: list[dict[int, bool]] = [{} for _ in range(p)]
    searched: dict[int, int] = {}  # set of a prefix searched to the end -> its least weight
    yielded: set[int] = set()
    prefix: list[T] = []
    depth = 0
    nxt = 0
    last = p - 1
    while True:
        found = -1
        j = nxt
        row = verdicts[depth]
        base = masks[depth]
        while j < n:
            if not used[j]:
                ok = row.get(j)
                x = items[j]
                if ok is None:
                    ok = row[j] = bool(allowed(depth, x))
                if ok:
                    m = base | 1 << j
                    w = weights[depth] + (weight(depth, x) if weight is not None else 0)
                    if depth == last:
                        fresh = m not in yielded
                    else:
                        prior = searched.get(m)
                        fresh = prior is None or prior > w
                    if fresh:
                        prefix.append(x)
                        if feasible is None or feasible(tuple(prefix)):
                            masks[depth + 1] = m
                            weights[depth + 1] = w
                            found = j
                            break
                        prefix.pop()
            j += 1
        if found >= 0:
            if depth == last:
                yielded.add(masks[p])
                yield tuple(prefix)
                prefix.pop()
                nxt = found + 1
            else:
                used[found] = True
                chosen[depth] = found
                depth += 1
                nxt = 0
        else:
            if depth == 0:
                return
            # the prefix of length ``depth`` is searched to the end
            m, w = masks[depth], weights[depth]
            prior = searched.get(m)
            if prior is None or w < prior:
                searched[m] = w
            depth -= 1
            k = chosen[depth]
            used[k] = False
            prefix.pop()
            nxt = k + 1


# --------------------------------------------------------------------------- D2 exchanges
def ascending_subsets(k: int, vmin: int, vmax: int, lo: int, hi: int) -> Iterator[tuple[int, ...]]:
    """The ``k``-subsets of the integers ``vmin..vmax`` whose sum lies in ``lo..hi``.

    Each subset is an ascending tuple; the subsets come in lexicographic order.  Sums of
    ``r``-subsets of a run of consecutive integers form a contiguous range, so every partial
    choice that is kept can be completed: the delay between two results is polynomial.
    """
    if k < 0:
        return
    if k == 0:
        if lo <= 0 <= hi:
            yield ()
        return
    if vmax - vmin + 1 < k:
        return
    chosen = [0] * k
    sums = [0] * (k + 1)
    depth = 0
    v = vmin
    while True:
        r = k - depth - 1  # values still to choose after this one
        s = sums[depth]
        limit = vmax - r
        found = False
        tail_max_base = r * vmax - r * (r - 1) // 2
        tail_min_add = r * (r + 1) // 2
        while v <= limit:
            if s + v + r * v + tail_min_add > hi:
                break  # every larger v gives a larger minimum
            if s + v + tail_max_base >= lo:
                found = True
                break
            v += 1
        if found:
            chosen[depth] = v
            sums[depth + 1] = s + v
            if r == 0:
                yield tuple(chosen)
                v += 1
            else:
                depth += 1
                v = chosen[depth - 1] + 1
        else:
            if depth == 0:
                return
            depth -= 1
            v = chosen[depth] + 1


def _range_sum(a: int, b: int) -> int:
    """Sum of the integers ``a..b``."""
    return (a + b) * (b - a + 1) // 2 if b >= a else 0


#: One linear test on an exchange (:func:`exchange_positions`): ``(w1, w2, least)``, the weights
#: of the S1 positions 1..m (``w1[i - 1]``) and of the S2 positions m+1..m+n (``w2[j - m - 1]``),
#: all ``>= 0``; an exchange ``(a, b)`` passes when ``sum(w1 over a) - sum(w2 over b) >= least``.
ExchangeBound = tuple[Sequence[int], Sequence[int], int]


def exchange_positions(
    m: int,
    n: int,
    *,
    odd_variant: bool = False,
    bounds: Sequence[ExchangeBound] | None = None,
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``Dutch-1992 D2``: the exchanges of a bracket with ``|S1| = m``, ``|S2| = n`` in order.

    Yields ``(a, b)``: ``a`` the S1 positions (1..m) and ``b`` the S2 positions (m+1..m+n)
    that change sides, both ascending.  Order (``AMB-D2``, ``AMB-D8``, ``AMB-D17``):

    1. fewer exchanged players first (one-player matrix a–i before two-player matrix j–r);
    2. smaller difference ``sum(b) − sum(a)`` first (D2: "as small as possible");
    3. on equal difference, the S1 part with the lower-ranked players first, compared from
       its lowest-ranked player upward (D2: "the one involving the lowest S1 player");
    4. then the lexicographically smallest ``b`` (``AMB-D8``).

    Sizes run from 1 to ``min(m, n)``; each size is produced lazily (polynomial delay), so
    large brackets cost nothing until their exchanges are actually tried.

    ``odd_variant`` (ruleset option ``exclude_top_two_pair_exchange_in_odd_brackets``): the
    D2 remark on odd brackets taken literally — in a bracket with an odd number of players,
    the two-player exchanges of S1 players 1+2 (the last column of the second matrix after
    renumbering) are left out.  No effect in even brackets.

    ``bounds`` (issue 20): linear tests (:data:`ExchangeBound`) every yielded exchange must
    pass; the others are left out, the order of the rest unchanged.  The list may grow while
    the generator runs (each test is read when it is needed).  A size none of whose exchanges
    can pass (the heaviest S1 part less the lightest S2 part falls short), an S1 part no S2
    part can complete, and every S2 part too heavy are skipped without being enumerated.
    """
    if bounds is not None:
        yield from _bounded_exchange_positions(m, n, odd_variant, bounds)
        return
    if m < 0 or n < 0:
        raise ValueError(f"subgroup sizes must not be negative, not {m} and {n}")
    drop_top_pair = odd_variant and (m + n) % 2 == 1
    for k in range(1, min(m, n) + 1):
        # Sums of k positions: S1 in [min_a, max_a], S2 in [min_b, max_b], each contiguous.
        min_a, max_a = _range_sum(1, k), _range_sum(m - k + 1, m)
        min_b, max_b = _range_sum(m + 1, m + k), _range_sum(m + n - k + 1, m + n)
        mirror = k * (m + 1)  # a_i -> m + 1 - a_i turns "lowest-ranked first" into ascending
        for d in range(min_b - max_a, max_b - min_a + 1):
            lo_a = max(min_a, min_b - d)
            hi_a = min(max_a, max_b - d)
            # Mirrored S1 parts in lexicographic order = S1 parts compared from their
            # lowest-ranked player upward, lower-ranked first.
            for c in ascending_subsets(k, 1, m, mirror - hi_a, mirror - lo_a):
                a = tuple(m + 1 - x for x in reversed(c))
                if drop_top_pair and k == 2 and a == (1, 2):
                    continue
                target = sum(a) + d
                for b in ascending_subsets(k, m + 1, m + n, target, target):
                    yield a, b


#: C8 with learned bounds (issue 20): the largest number of S1 parts of one size that
#: :func:`_bounded_exchange_positions` lists at once to walk only the differences (D2) at which
#: some S2 part completes them; above it (or set to 0) it goes through every difference and
#: tests each S1 part in range there.  Both yield the same exchanges in the same order (the
#: S1 parts' tests do not depend on the difference; tests/dutch_1992/test_dutch_sequences.py).
EXCHANGE_HEAP_LIMIT = 20_000


def _bounded_exchange_positions(
    m: int, n: int, odd_variant: bool, bounds: Sequence[ExchangeBound]
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """:func:`exchange_positions` with ``bounds``: the same loops (size, difference, S1 part,
    S2 part), each S1 part and each size tested against every bound first, the S2 parts
    enumerated among the positions light enough (:func:`_light_subsets`).

    What an S1 part's tests say does not depend on the difference: which S2 positions are
    light enough, and which sums ``k`` of them can make (:func:`_light_sums`).  When a size has
    at most :data:`EXCHANGE_HEAP_LIMIT` S1 parts they are tested once, and a heap ordered as
    D2 (difference, then the S1 part from its lowest-ranked player upward) walks only the
    differences at which each can be completed; a part is tested again when bounds were added
    since (they only take exchanges away: its sums shrink), so each exchange is tested against
    the bounds known when it is reached, as in the walk over every difference."""
    if m < 0 or n < 0:
        raise ValueError(f"subgroup sizes must not be negative, not {m} and {n}")
    drop_top_pair = odd_variant and (m + n) % 2 == 1
    ordered: list[tuple[list[int], list[int]]] = []  # per bound: w1 descending, w2 ascending
    lights: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}  # by the budgets
    tight: dict[tuple[tuple[int, ...], int], list[int]] = {}  # the bounds that can bind
    reachable: dict[tuple[tuple[int, ...], int], int] = {}  # the sums k light positions make

    def lightest(t: int, k: int) -> int:
        """The lightest S2 part of size ``k`` under bound ``t``."""
        while len(ordered) <= t:
            w1, w2, _ = bounds[len(ordered)]
            ordered.append((sorted(w1, reverse=True), sorted(w2)))
        return sum(ordered[t][1][:k])

    def tested(a: tuple[int, ...]) -> _Part | None:
        """The S1 part ``a`` under the bounds known now (``None``: no S2 part completes it)."""
        k = len(a)
        current = list(bounds)
        # the weight each S2 part may have under each bound: sum(w1 over a) - least
        budgets = [sum(w1[i - 1] for i in a) - least for w1, _, least in current]
        if any(budget < lightest(t, k) for t, budget in enumerate(budgets)):
            return None
        key = tuple(budgets)
        light = lights.get(key)
        if light is None:
            light = lights[key] = _light_positions(m, n, current, budgets)
        prefix = light[1]
        count = len(prefix) - 1
        if count < k:
            return None
        binding = tight.get((key, k))
        if binding is None:
            # only the bounds that k of these positions can exceed need asking
            binding = tight[(key, k)] = [
                t
                for t, ((_, w2, _), budget) in enumerate(zip(current, budgets, strict=True))
                if sum(sorted((w2[c - m - 1] for c in light[0]), reverse=True)[:k]) > budget
            ]
        sums = reachable.get((key, k))
        if sums is None:
            sums = reachable[(key, k)] = _light_sums(
                k, m, light[0], [(current[t][1], budgets[t]) for t in binding]
            )
        # the sums D2 may ask for: k light positions make them (no S2 part light enough has
        # another sum)
        lo, hi = prefix[k], prefix[count] - prefix[count - k]
        window = ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1) if lo <= hi else 0
        return _Part(
            len(current),
            sums & window,
            [current[t] for t in binding],
            [budgets[t] for t in binding],
            light,
        )

    for k in range(1, min(m, n) + 1):
        # every bound: the heaviest k S1 positions less the lightest k S2 positions
        if any(
            (lightest(t, k), sum(ordered[t][0][:k]))[1] - lightest(t, k) < least
            for t, (_, _, least) in enumerate(list(bounds))
        ):
            continue
        if comb(m, k) <= EXCHANGE_HEAP_LIMIT:
            yield from _by_difference(k, m, drop_top_pair, bounds, tested)
            continue
        min_a, max_a = _range_sum(1, k), _range_sum(m - k + 1, m)
        min_b, max_b = _range_sum(m + 1, m + k), _range_sum(m + n - k + 1, m + n)
        mirror = k * (m + 1)
        for d in range(min_b - max_a, max_b - min_a + 1):
            lo_a = max(min_a, min_b - d)
            hi_a = min(max_a, max_b - d)
            for c in ascending_subsets(k, 1, m, mirror - hi_a, mirror - lo_a):
                a = tuple(m + 1 - x for x in reversed(c))
                if drop_top_pair and k == 2 and a == (1, 2):
                    continue
                part = tested(a)
                target = sum(a) + d
                if part is None or not part.sums >> target & 1:
                    continue  # no k light positions within the budgets have D2's sum
                for b in _light_subsets(k, m, target, part.bounds, part.budgets, part.light):
                    yield a, b


class _Part:
    """What the bounds known at one moment say about an S1 part of an exchange (C8, D2)."""

    __slots__ = ("bounds", "budgets", "known", "light", "sums")

    def __init__(
        self,
        known: int,
        sums: int,
        bounds: list[ExchangeBound],
        budgets: list[int],
        light: tuple[list[int], list[int]],
    ) -> None:
        self.known = known
        """How many bounds were known."""
        self.sums = sums
        """The sums of S2 parts that may complete it, as a bit set (a superset)."""
        self.bounds = bounds
        """The bounds an S2 part of light positions may still exceed."""
        self.budgets = budgets
        """The weight an S2 part may have under each of them."""
        self.light = light
        """The S2 positions light enough and their prefix sums (:func:`_light_positions`)."""


def _by_difference(
    k: int,
    m: int,
    drop_top_pair: bool,
    bounds: Sequence[ExchangeBound],
    tested: Callable[[tuple[int, ...]], _Part | None],
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The exchanges of ``k`` players each way in D2's order, every S1 part tested once
    (:func:`_bounded_exchange_positions`): a heap of ``(difference, S1 part mirrored, S1 part,
    sum of the S2 part)``, one entry per S1 part, at the next sum its S2 parts can make."""
    heap: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
    parts: dict[tuple[int, ...], _Part] = {}
    for a in combinations(range(1, m + 1), k):
        if drop_top_pair and k == 2 and a == (1, 2):
            continue
        part = tested(a)
        if part is None or not part.sums:
            continue
        parts[a] = part
        target = (part.sums & -part.sums).bit_length() - 1
        # mirrored S1 parts ascending = S1 parts compared from their lowest-ranked player up
        heap.append((target - sum(a), tuple(m + 1 - x for x in reversed(a)), a, target))
    heapify(heap)
    while heap:
        _, c, a, target = heappop(heap)
        part = parts[a]
        if part.known != len(bounds):  # bounds were added: test it again
            renewed = tested(a)
            if renewed is None:
                continue
            part = parts[a] = renewed
        if part.sums >> target & 1:
            for b in _light_subsets(k, m, target, part.bounds, part.budgets, part.light):
                yield a, b
        rest = part.sums >> (target + 1)
        if rest:
            target += (rest & -rest).bit_length()
            heappush(heap, (target - sum(a), c, a, target))


def _light_positions(
    m: int, n: int, bounds: Sequence[ExchangeBound], budgets: Sequence[int]
) -> tuple[list[int], list[int]]:
    """The S2 positions no heavier than the budgets under every bound, ascending, and the
    sums of their prefixes."""
    weights = [w2 for _, w2, _ in bounds]
    cands = [
        m + 1 + j
        for j in range(n)
        if all(w[j] <= budget for w, budget in zip(weights, budgets, strict=True))
    ]
    prefix = [0] * (len(cands) + 1)
    for i, v in enumerate(cands):
        prefix[i + 1] = prefix[i] + v
    return cands, prefix


def _light_sums(
    k: int, m: int, cands: Sequence[int], budgets: Sequence[tuple[Sequence[int], int]]
) -> int:
    """The sums of ``k`` of the positions ``cands`` whose weight stays within its budget under
    each of ``budgets`` (``(w2, budget)``), as a bit set: for each bound on its own, by
    dynamic programming over the count chosen and the weight spent, the sets intersected
    (a superset of the sums of the subsets within every budget at once)."""
    out = -1
    for w2, budget in budgets[:2] or [((), 0)]:
        # table[c][w]: the sums of c positions of weight w
        table = [[0] * (budget + 1) for _ in range(k + 1)]
        table[0][0] = 1
        for v in cands:
            wv = w2[v - m - 1] if w2 else 0
            for c in range(k, 0, -1):
                row, prev = table[c], table[c - 1]
                for w in range(budget, wv - 1, -1):
                    if prev[w - wv]:
                        row[w] |= prev[w - wv] << v
        got = 0
        for bits in table[k]:
            got |= bits
        out &= got
    return out


def _light_subsets(
    k: int,
    m: int,
    target: int,
    bounds: Sequence[ExchangeBound],
    budgets: Sequence[int],
    light: tuple[list[int], list[int]],
) -> Iterator[tuple[int, ...]]:
    """The ``k``-subsets of the S2 positions with sum ``target`` whose weight under each bound
    is at most its budget, ascending, in lexicographic order (the order of
    :func:`ascending_subsets`).  Depth-first over the positions light enough (``light``,
    :func:`_light_positions`), cut when the sum cannot be reached with the positions left or
    a budget is exceeded."""
    weights = [w2 for _, w2, _ in bounds]
    cands, prefix = light
    count = len(cands)
    if count < k or not prefix[k] <= target <= prefix[count] - prefix[count - k]:
        return
    chosen = [0] * k  # indices into cands
    sums = [0] * (k + 1)
    spent = [[0] * len(weights) for _ in range(k + 1)]
    depth = 0
    i = 0
    while True:
        r = k - depth  # values still to choose, this one included
        found = False
        while i <= count - r:
            rest = target - sums[depth]
            # the r smallest from i on, the r largest overall
            if prefix[i + r] - prefix[i] > rest:
                break  # every later i gives a larger minimum
            if prefix[count] - prefix[count - r] < rest:
                break  # not even the r largest reach it
            j = cands[i] - m - 1
            row = spent[depth]
            if all(row[t] + weights[t][j] <= budgets[t] for t in range(len(weights))):
                found = True
                break
            i += 1
        if found:
            chosen[depth] = i
            v = cands[i]
            sums[depth + 1] = sums[depth] + v
            j = v - m - 1
            spent[depth + 1] = [spent[depth][t] + weights[t][j] for t in range(len(weights))]
            if r == 1:
                if sums[k] == target:
                    yield tuple(cands[x] for x in chosen)
                i += 1
            else:
                depth += 1
                i = chosen[depth - 1] + 1
        else:
            if depth == 0:
                return
            depth -= 1
            i = chosen[depth] + 1


def exchanges(
    s1: Sequence[T],
    s2: Sequence[T],
    *,
    odd_variant: bool = False,
    bounds: Sequence[ExchangeBound] | None = None,
) -> Iterator[tuple[tuple[T, ...], tuple[T, ...]]]:
    """``Dutch-1992 D2``/``C8``: the exchanges between S1 and S2 of a homogeneous bracket.

    ``s1 + s2`` must be the bracket in A2 order (S1 the upper part).  Yields
    ``(new_s1, new_s2)`` in the order of :func:`exchange_positions`, each re-sorted by A2,
    i.e. by bracket position (``Dutch-1992 A9b``).  The original split itself is not
    yielded (it is C5/C6's first attempt).

    :param odd_variant: see :func:`exchange_positions` (``AMB-D17``).
    :param bounds: see :func:`exchange_positions` (weights by position: S1 first).
    """
    first = tuple(s1)
    second = tuple(s2)
    m, n = len(first), len(second)
    for a, b in exchange_positions(m, n, odd_variant=odd_variant, bounds=bounds):
        out_of_s1 = set(a)
        out_of_s2 = set(b)
        # Every S1 position is smaller than every S2 position, so concatenation keeps A2 order.
        new_s1 = tuple(first[i - 1] for i in range(1, m + 1) if i not in out_of_s1) + tuple(
            second[j - m - 1] for j in b
        )
        new_s2 = tuple(first[i - 1] for i in a) + tuple(
            second[j - m - 1] for j in range(m + 1, m + n + 1) if j not in out_of_s2
        )
        yield new_s1, new_s2
