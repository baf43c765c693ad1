"""B.6 / 3.6 (and B.7 / 3.7 for one MDP) for a bracket that can be paired in full: the D.1 /
4.2 order of transpositions walked directly, each step certified by a bound over the players'
kinds.

A large bracket (hundreds of players of one score) holds few *kinds* of player: what the pair
criteria read of a player (:data:`~.procedure` profiles: colour preference and its strength,
colour difference, floats...) takes few values.  When every player of the bracket is paired
inside it but for at most one, who floats to the next bracket, the criteria that are left are
sums over the pairs ([C10]-[C21]: the pair weights of :mod:`.criteria`; a resident floater is
counted by the pairs he is not in, [C14]/[C16]), and the section D order among the pairings
that are best for them is: fewest exchanges (D.2 / 4.3), then, with S1 and S2 as they stand,
each S1 player, highest first, with the first S2 player possible (D.1 / 4.2; of an odd bracket
the S2 player left at the end floats).

:func:`pair_in_full` finds that pairing without a matching over the players:

1. a bound: the heaviest assignment of the bracket's kinds to its kinds (each player counted
   on both sides, everybody allowed to meet everybody but for [C3]; an odd bracket adds one
   :data:`FLOAT` unit to each side, worth nothing) is worth at least twice any pairing of the
   bracket (:class:`~swisspairing.matching.transport.Transport`);
2. the heaviest assignment of S1's kinds (and the :data:`FLOAT` unit of an odd bracket) to
   S2's kinds (a pairing without exchanges, again with every pair allowed but for [C3]); when
   it does not reach the bound, the answer may need exchanges or the bound is loose, and the
   caller's matching decides (``None``);
3. each S1 player, highest first, takes the first S2 player he may meet ([C1]) whose kind
   keeps the assignment of the rest at its optimum (:meth:`Transport.take`).  A partner
   refused so cannot be in a best pairing, even less so once [C1] is counted; when the walk
   ends with everybody paired, its pairing reaches the bound, so it is a best pairing, without
   exchanges (the fewest), and the first of D.1 among those: the pairing of the text.  When
   [C1] leaves an S1 player without a partner, the caller's matching decides (``None``).

The floater of an odd bracket is whoever is left; what [C4] and [C8] ask of him (the next
bracket must pair him, and pair as many as it can) is not in the bound, so the caller checks it
on the result and lets the matchings decide when it fails.  In the last bracket the floater is
the PAB receiver: only the kinds that may take it ([C2], [C5]) take the empty seat, and [C9]
is in the pair weights (pairing a player is worth his rank among the PAB candidates).  Step 1
alone (:meth:`Kinds.bound`) serves the caller that chooses an MDP's opponent (B.7 / 3.7) by
the bound of each remainder.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

from swisspairing.matching.transport import Transport

from .definitions import DutchPlayer

#: The pair weight of two players (the higher-ranked first) or ``None`` when [C3] parts them.
KindWeight = Callable[[DutchPlayer, DutchPlayer], int | None]


class _Float:
    """The kind of the empty seat an odd bracket's floater takes (worth nothing)."""

    def __repr__(self) -> str:
        return "FLOAT"


#: The one unit of each side that an odd bracket's floater is assigned to.
FLOAT = _Float()


@dataclass(frozen=True, slots=True)
class FullPairing:
    """The pairing of a bracket walked by :func:`pair_in_full`."""

    pairs: list[tuple[int, int]]
    """The pairs, each S1 player (highest first) with his S2 opponent."""
    floater: int | None
    """The S2 player left over in an odd bracket (he floats); ``None`` in an even one."""
    value: int
    """The weight of the pairing (the sum of its pair weights), which is the bound's half."""


class Kinds:
    """The kinds of the players, one representative each, and their pair weights (asked of
    ``weight`` once per pair of kinds, whatever the sets of players the bounds are asked
    for)."""

    def __init__(
        self,
        players: Mapping[int, DutchPlayer],
        kind: Mapping[int, Hashable],
        weight: KindWeight,
        floatable: Callable[[DutchPlayer], bool] | None = None,
    ) -> None:
        self.players = players
        self.kind = kind
        self.weight = weight
        self.floatable = floatable
        """Who may be an odd bracket's floater (``None``: anybody); in the last bracket, the
        PAB receiver ([C2], [C5])."""
        self.rep: dict[Hashable, DutchPlayer] = {}
        self.cache: dict[tuple[Hashable, Hashable], int | None] = {}

    def count(self, numbers: Sequence[int], odd: bool) -> dict[Hashable, int]:
        out: dict[Hashable, int] = {}
        for num in numbers:
            k = self.kind[num]
            self.rep.setdefault(k, self.players[num])
            out[k] = out.get(k, 0) + 1
        if odd:
            out[FLOAT] = 1
        return out

    def w(self, a: Hashable, b: Hashable) -> int | None:
        """The weight of a pair of kinds, ``a`` the higher-ranked; the empty seat is worth
        nothing, and is no partner for itself."""
        if a is FLOAT or b is FLOAT:
            other = b if a is FLOAT else a
            if other is FLOAT or (
                self.floatable is not None and not self.floatable(self.rep[other])
            ):
                return None
            return 0
        key = (a, b)
        if key not in self.cache:
            self.cache[key] = self.weight(self.rep[a], self.rep[b])
        return self.cache[key]

    def either(self, a: Hashable, b: Hashable) -> int | None:
        """The heavier way round of a pair of kinds (which of the two is ranked higher is
        not known of kinds)."""
        ab, ba = self.w(a, b), self.w(b, a)
        if ab is None or ba is None:
            return ab if ba is None else ba
        return max(ab, ba)

    def symmetric(self, numbers: Sequence[int]) -> Transport[Hashable, Hashable]:
        """Step 1's assignment of ``numbers``' kinds to their kinds, solved: each player on
        both sides, a player alone of his kind not with himself, the empty seat there (with
        no unit when their number is even) for :meth:`without`."""
        counts = self.count(numbers, len(numbers) % 2 == 1)
        counts.setdefault(FLOAT, 0)

        def either(a: Hashable, b: Hashable) -> int | None:
            return None if a == b and counts[a] == 1 else self.either(a, b)

        t = Transport(counts, counts, either)
        t.solve()
        return t

    def bound(self, numbers: Sequence[int]) -> int | None:
        """Step 1: twice any pairing of ``numbers`` (all but one paired when odd) is worth at
        most this; ``None`` when [C3] leaves no complete assignment of the kinds."""
        return self.symmetric(numbers).value

    @staticmethod
    def without(solved: Transport[Hashable, Hashable], k: Hashable) -> int | None:
        """A bound as :meth:`bound`'s for the players of ``solved`` but one of kind ``k`` (the
        empty seat then appears or goes): from ``solved``'s optimum, by
        :meth:`Transport.changed`.  (A player alone of his kind then keeps the right to
        meet himself that his kind had: the bound is as good, if looser.)"""
        seat = -1 if solved.left.get(FLOAT) else 1
        delta = {k: -1, FLOAT: seat}
        return solved.changed(delta, delta)


def pair_in_full(
    bracket: Sequence[int],
    kinds: Kinds,
    may_meet: Callable[[int, int], bool],
    *,
    known_bound: int | None = None,
) -> FullPairing | None:
    """The pairing of the homogeneous ``bracket`` (or remainder; in pairing order) by B.6 /
    3.6 with D.1-D.2 / 4.2-4.3 among those that pair every player of it but one floater when
    its size is odd, or ``None`` when this walk cannot certify it (then a matching must
    decide).  ``kinds`` gives each player a key such that two players of one key weigh alike
    against anybody; ``may_meet`` is [C1]-[C3] for two players; ``known_bound`` is step 1's
    answer when the caller has it."""
    n = len(bracket)
    if n < 2:
        return None
    odd = n % 2 == 1
    half = n // 2
    s1, s2 = bracket[:half], bracket[half:]
    kind = kinds.kind
    limit = known_bound if known_bound is not None else kinds.bound(bracket)  # 1.
    if limit is None:
        return None
    halves = Transport(kinds.count(s1, odd), kinds.count(s2, False), kinds.w)  # 2.
    best = halves.solve()
    if best is None or 2 * best < limit:
        return None
    tight = halves.tight()
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
            # [C1] leaves him nobody the kinds allow: walk again, player by player
            return _c1_exact_walk(s1, s2, kind, tight, may_meet, odd, best)
    return FullPairing(pairs, free[0] if odd else None, best)


def _c1_exact_walk(
    s1: Sequence[int],
    s2: Sequence[int],
    kind: Mapping[int, Hashable],
    tight: set[tuple[Hashable, Hashable]],
    may_meet: Callable[[int, int], bool],
    odd: bool,
    value: int,
) -> FullPairing | None:
    """Step 3 with [C1] in it: the pairings that reach the bound are exactly the perfect
    matchings of S1 (and the empty seat of an odd bracket, last) with S2 along *tight* pairs
    of kinds that may meet (:meth:`Transport.tight`); each S1 player, highest first, takes
    the first S2 player with whom such a matching of the rest still exists (kept by
    augmenting paths).  ``None`` when there is none: the bound cannot be reached."""
    seat = -1  # the empty seat, an S1 vertex of its own
    rows: list[int] = [*s1, seat] if odd else list(s1)
    adj: dict[int, list[int]] = {}
    for a in rows:
        ka = FLOAT if a == seat else kind[a]
        adj[a] = [b for b in s2 if (ka, kind[b]) in tight and (a == seat or may_meet(a, b))]
    mate_of: dict[int, int] = {}  # S2 player -> S1 vertex
    mate: dict[int, int] = {}  # S1 vertex -> S2 player
    fixed: set[int] = set()  # S1 vertices whose partner is decided (and those partners)

    def augment(a: int, seen: set[int]) -> bool:
        """An augmenting path from the unmatched S1 vertex ``a`` among the undecided."""
        stack = [(a, iter(adj[a]))]
        path: list[tuple[int, int]] = []
        while stack:
            u, it = stack[-1]
            for b in it:
                if b in seen or b in fixed:
                    continue
                seen.add(b)
                path.append((u, b))
                nxt = mate_of.get(b)
                if nxt is None:
                    for x, y in path:  # flip the path
                        mate[x] = y
                        mate_of[y] = x
                    return True
                stack.append((nxt, iter(adj[nxt])))
                break
            else:
                stack.pop()
                if path:
                    path.pop()
        return False

    for a in rows:
        if not augment(a, set()):
            return None  # no pairing reaches the bound
    pairs: list[tuple[int, int]] = []
    for a in rows:
        if a == seat:
            break
        for b in adj[a]:
            if b in fixed:
                continue
            if mate[a] == b:
                break
            # a takes b: a's partner and b's partner lose theirs; one path must rejoin them
            old_b, other = mate[a], mate_of[b]
            mate[a], mate_of[b] = b, a
            del mate[other]
            del mate_of[old_b]
            fixed.add(b)
            if augment(other, set()):
                break
            # undo: b back to other, old_b back to a
            fixed.discard(b)
            mate[a], mate_of[old_b] = old_b, a
            mate[other], mate_of[b] = b, other
        fixed.add(mate[a])
        pairs.append((a, mate[a]))
    floater = mate.get(seat) if odd else None
    return FullPairing(pairs, floater, value)
