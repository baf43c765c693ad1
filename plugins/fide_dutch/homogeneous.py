"""B.6 / 3.6 for a homogeneous bracket that can be paired in full: the D.1 / 4.2 order of
transpositions walked directly, each step certified by a bound over the players' kinds.

A large bracket (hundreds of players of one score) holds few *kinds* of player: what the pair
criteria read of a player (:data:`~.procedure` profiles: colour preference and its strength,
colour difference, floats...) takes few values.  When every player of the bracket is paired
inside it and the players below can be paired among themselves ([C4]), the criteria that are
left are sums over the pairs ([C10]-[C21]: the pair weights of :mod:`.criteria`), and the
section D order among the pairings that are best for them is: fewest exchanges (D.2 / 4.3),
then, with S1 and S2 as they stand, each S1 player, highest first, with the first S2 player
possible (D.1 / 4.2).

:func:`pair_in_full` finds that pairing without a matching over the players:

1. a bound: the heaviest assignment of the bracket's kinds to its kinds (each player counted
   on both sides, everybody allowed to meet everybody but for [C3]) is worth at least twice any
   pairing of the bracket (:class:`~swisspairing.matching.transport.Transport`);
2. the heaviest assignment of S1's kinds to S2's kinds (a pairing without exchanges, again
   with every pair allowed but for [C3]); when it does not reach the bound, the answer may
   need exchanges or the bound is loose, and the caller's matching decides (``None``);
3. each S1 player, highest first, takes the first S2 player he may meet ([C1]) whose kind
   keeps the assignment of the rest at its optimum (:meth:`Transport.take`).  A partner
   refused so cannot be in a best pairing, even less so once [C1] is counted; when the walk
   ends with everybody paired, its pairing reaches the bound, so it is a best pairing, without
   exchanges (the fewest), and the first of D.1 among those: the pairing of the text.  When
   [C1] leaves an S1 player without a partner, the caller's matching decides (``None``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from swisspairing.matching.transport import Transport

from .definitions import DutchPlayer

#: The pair weight of two players (the higher-ranked first) or ``None`` when [C3] parts them.
KindWeight = Callable[[DutchPlayer, DutchPlayer], int | None]


def pair_in_full(
    bracket: Sequence[int],
    players: Mapping[int, DutchPlayer],
    kind: Mapping[int, Hashable],
    weight: KindWeight,
    may_meet: Callable[[int, int], bool],
) -> list[tuple[int, int]] | None:
    """The pairing of the even homogeneous ``bracket`` (in pairing order) by B.6 / 3.6 with
    D.1-D.2 / 4.2-4.3, when every player of it is paired inside it, or ``None`` when this
    walk cannot certify it (then a matching must decide).  ``kind`` gives each player a key
    such that two players of one key weigh alike against anybody (``weight``); ``may_meet``
    is [C1]-[C3] for two players."""
    n = len(bracket)
    if n < 2 or n % 2:
        return None
    half = n // 2
    s1, s2 = bracket[:half], bracket[half:]
    rep: dict[Hashable, DutchPlayer] = {}
    counts: dict[Hashable, int] = {}
    for num in bracket:
        k = kind[num]
        rep.setdefault(k, players[num])
        counts[k] = counts.get(k, 0) + 1
    cache: dict[tuple[Hashable, Hashable], int | None] = {}

    def w(a: Hashable, b: Hashable) -> int | None:
        key = (a, b)
        if key not in cache:
            cache[key] = weight(rep[a], rep[b])
        return cache[key]

    def either(a: Hashable, b: Hashable) -> int | None:
        ab, ba = w(a, b), w(b, a)
        if ab is None or ba is None:
            return ab if ba is None else ba
        return max(ab, ba)

    bound = Transport(counts, counts, either).solve()  # 1.
    if bound is None:
        return None
    left: dict[Hashable, int] = {}
    right: dict[Hashable, int] = {}
    for num in s1:
        left[kind[num]] = left.get(kind[num], 0) + 1
    for num in s2:
        right[kind[num]] = right.get(kind[num], 0) + 1
    halves = Transport(left, right, w)  # 2.
    best = halves.solve()
    if best is None or 2 * best < bound:
        return None
    free = list(s2)  # 3.
    pairs: list[tuple[int, int]] = []
    for a in s1:
        ka = kind[a]
        refused: set[Hashable] = set()
        for i, b in enumerate(free):
            kb = kind[b]
            if kb in refused or not may_meet(a, b):
                continue
            if halves.take(ka, kb):
                pairs.append((a, b))
                del free[i]
                break
            refused.add(kb)
        else:
            return None
    return pairs
