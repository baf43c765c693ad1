"""B.6 / 3.6 and B.7 / 3.7 with the order of section D (Art. 4) for a bracket that is *not*
paired in full: the order walked with the players below in the bound, the floaters and the
rest of the round certified by one pairing of them.

When [C3] keeps a large bracket from pairing in full, or [C4] makes it send players down so
that the round can be completed, which players float and how many is decided together with the
players below: the matchings then solve the bracket with everybody below it.  Those players,
too, fall into few *kinds* (what the criteria read of a player: :mod:`.homogeneous`) in few
*places* (the bracket, the next scoregroup, further down), so the whole question has a bound
over kinds:

1. **the bound** -- every player not yet paired is a unit on both sides of one assignment
   (a pairing counted both ways: ``a`` to ``b`` and ``b`` to ``a``), the pair weights those of
   the matchings (:func:`.criteria.edge_weight` with [C4]'s completion field, at the place of
   the lower-ranked player), one empty seat on each side when their number is odd (the PAB,
   worth nothing).  Twice every pairing of the rest of the round is worth at most its optimum
   ``U`` (:class:`~swisspairing.matching.transport.Transport`);
2. **the order, as roles** -- the candidates the order of section D takes first are those
   whose players keep *roles* (units of their kind that may meet only some roles).  For a
   remainder (:func:`walk_remainder`, B.6 with D.1-D.2 / 4.2-4.3): S1 (its first ``P``
   players, ``P`` the pairs inside the bracket in the optimum, [C6]) meets only S2, S2 meets
   S1 or the players below (it floats) -- a pairing without exchanges.  For the MDP-pairing
   (:func:`walk_mdps`, B.7 with D.3 / 4.4 and D.1): the MDPs that are paired with residents,
   the highest first, and those that are not.  Each role is kept only while the assignment
   with it still reaches ``U``; when it does not, the answer may need what the walk does not
   follow (an exchange) or the bound is loose: ``None``, the matchings decide;
3. **the walk** -- each S1 player (each paired MDP), highest first, takes the first S2 player
   (resident) he may meet ([C1]) whose kind keeps the assignment at ``U`` with both units of
   the pair taken out (:meth:`Transport.take` both ways).  A
   partner refused so is in no pairing worth ``U``;
4. **the certificate** -- the players not yet paired are paired along pairs of kinds that
   are tight both ways under an optimal dual of what is left (:meth:`Transport.tight`; the
   bit-set maximum matching of :mod:`swisspairing.matching.cardinality`), one of them left for
   the empty seat when their number is odd.  Such a pairing is an optimum of what is left, so
   the walk's pairs with it are a pairing of the round worth ``U / 2``: a best pairing for
   every criterion ([C4]-[C21]) at once, and of those the first in the order of section D --
   every refusal was exact, every acceptance is borne out by it.  When no such pairing exists
   (the bound is loose, or [C1] stands in the way below), ``None``: the matchings decide.

The result is what the bracket's matchings give (the bracket's pairs are unique: the terms of
:mod:`.order` fix each one); a differential test pairs every round both ways.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass

from swisspairing.matching import maximum_matching_masks
from swisspairing.matching.flow import ConvexFlow
from swisspairing.matching.transport import Transport

from .criteria import Place
from .definitions import DutchPlayer

#: The pair weight of two players (the higher-ranked first) with the lower one at ``place``;
#: ``None`` where [C3] parts them (or the pair is worth nothing).
PlaceWeight = Callable[[DutchPlayer, DutchPlayer, Place], int | None]

# Roles.  A role's *tier* orders players by rank (the MDPs above the residents above the next
# scoregroup above the players further down) and gives the place of the lower player of a
# pair; its *rank* orders the roles of one tier where their players' order is known.
S1, S2, NEXT, FAR = "S1", "S2", "next", "far"
"""A remainder's S1 and S2, the next scoregroup, the players further down."""
S1_ABOVE, OUT, S1_BELOW, S2_ABOVE, IN, S2_BELOW = "S1a", "out", "S1b", "S2a", "in", "S2b"
"""An exchange (D.2 / 4.3): the S1 players above the one moved out of S1, he, those below
him; the S2 players above the one moved in, he, those below him."""
PAIRED, OPEN, UNPAIRED, RESIDENT = "paired", "open", "unpaired", "resident"
"""MDPs paired with a resident, not yet decided, not paired with a resident; residents."""

_TIER = {
    PAIRED: 0,
    OPEN: 0,
    UNPAIRED: 0,
    S1: 1,
    S2: 1,
    S1_ABOVE: 1,
    OUT: 1,
    S1_BELOW: 1,
    S2_ABOVE: 1,
    IN: 1,
    S2_BELOW: 1,
    RESIDENT: 1,
    NEXT: 2,
    FAR: 3,
    "seat": 9,
}
_RANK = {
    PAIRED: 0,
    OPEN: 0,
    UNPAIRED: 0,
    S1: 1,
    S1_ABOVE: 1,
    OUT: 2,
    S1_BELOW: 3,
    S2: 4,
    S2_ABOVE: 4,
    IN: 5,
    S2_BELOW: 6,
    RESIDENT: 4,
    NEXT: 7,
    FAR: 8,
    "seat": 9,
}
_PLACE = {0: Place.CURRENT, 1: Place.CURRENT, 2: Place.NEXT, 3: Place.FAR}

#: The empty seat of an odd number of players (the PAB; worth nothing).
SEAT = ("seat", 0)

Key = tuple[str, Hashable]


def _remainder_meets(a: str, b: str) -> bool:
    """B.6 without exchanges: S1 meets S2 only; S2 meets S1 or the players below."""
    if S1 in (a, b):
        return {a, b} == {S1, S2}
    return not a == b == S2


_LEADERS = frozenset((S1_ABOVE, S1_BELOW, IN))

#: The roles that may take the empty seat: all but those who must lead a pair of the bracket
#: (S1, the new S1 of an exchange) and the MDPs paired with residents.
_SEATED = frozenset((S2, NEXT, FAR, OPEN, UNPAIRED, RESIDENT, OUT, S2_ABOVE, S2_BELOW))

#: How many exchanges :func:`_exchanged` tries (a speed setting: past it the matchings decide).
EXCHANGE_TRIES = 24


def _exchange_meets(a: str, b: str) -> bool:
    """B.6 with one exchange (D.2 / 4.3): the new S1 (the S1 players but one, and the S2
    player moved in) leads a pair each, with a lower-ranked player of the new S2 (the S2
    players but him, and the S1 player moved out, who may also float)."""
    pair = {a, b}
    if a in _LEADERS and b in _LEADERS:
        return False
    for leader, follows in (
        (S1_ABOVE, (OUT, S2_ABOVE, S2_BELOW)),
        (S1_BELOW, (S2_ABOVE, S2_BELOW)),
        (IN, (S2_BELOW,)),
    ):
        if leader in pair:
            return (b if a == leader else a) in follows
    if OUT in pair:
        return (b if a == OUT else a) in (NEXT, FAR)  # he does not lead: he floats
    return not (a in (S2_ABOVE, S2_BELOW) and b in (S2_ABOVE, S2_BELOW))


def _one_out_meets(a: str, b: str) -> bool:
    """Step 1 with one player kept out of the bracket's pairs (:func:`_one_out`)."""
    return OUT not in (a, b) or (b if a == OUT else a) in (NEXT, FAR)


def _bound_meets(_a: str, _b: str) -> bool:
    """Step 1: anybody meets anybody."""
    return True


def _mdp_meets(a: str, b: str) -> bool:
    """B.7: an MDP paired with a resident meets residents only; one not paired with a
    resident meets anybody else."""
    if PAIRED in (a, b):
        return {a, b} == {PAIRED, RESIDENT}
    if UNPAIRED in (a, b):
        return RESIDENT not in (a, b)
    return True


@dataclass(frozen=True, slots=True)
class JointRound:
    """What the walks read of the round."""

    players: Mapping[int, DutchPlayer]
    """The players by start number."""
    kind: Mapping[int, Hashable]
    """Each player's kind: players of one kind weigh alike against anybody."""
    weight: PlaceWeight
    """The pair weights of the matchings (criteria only)."""
    may_meet: Callable[[int, int], bool]
    """[C1]-[C3] for two players (two MDPs of one origin barred)."""
    barred: Callable[[int], Collection[int]]
    """Whom a player may not meet ([C1]; [C3] is the kinds')."""


@dataclass(frozen=True, slots=True)
class JointPairing:
    """What a walk found."""

    pairs: list[tuple[int, int]]
    """The bracket's pairs the walk decided: each S1 player (paired MDP), highest first,
    with his opponent."""
    left: list[int]
    """The bracket's players the walk left unpaired (S2's floaters; the residents and MDPs
    not in a pair of the MDP-pairing), in pairing order."""
    below: dict[int, int]
    """The certificate: a best pairing of ``left`` and the players below (both ways); the
    one left for the empty seat has no entry."""
    rest: Transport[Key, Key] | None = None
    """The MDP-pairing's assignment of everybody it left, optimal for them (the residents as
    :data:`RESIDENT`), when every MDP is paired and no player stands in for one left out:
    the bound of the remainder's walk, found already (:func:`walk_remainder`)."""


class _Units:
    """The players as units of kinds ``(role, kind)``, one representative each, and the
    weights of pairs of kinds (asked once per pair); ``meets`` says which roles may meet,
    ``seated`` which roles may take the empty seat."""

    def __init__(
        self,
        rnd: JointRound,
        roles: Mapping[int, str],
        meets: Callable[[str, str], bool],
        seated: Collection[str] = _SEATED,
        extra_roles: Mapping[str, Collection[str]] = {},
        bonus: Callable[[str, str], int] | None = None,
        cache: dict[tuple[Key, Key], int | None] | None = None,
    ) -> None:
        self.rnd = rnd
        self.players = players = rnd.players
        self.kind = kind = rnd.kind
        self.weight = rnd.weight
        self.meets = meets
        self.seated = seated
        self.key: dict[int, Key] = {}
        self.count: dict[Key, int] = {}
        self.rep: dict[Key, DutchPlayer] = {}
        for n, role in roles.items():
            k = (role, kind[n])
            self.key[n] = k
            self.count[k] = self.count.get(k, 0) + 1
            self.rep.setdefault(k, players[n])
        # kinds that may gain units later (their roles given, no units yet)
        for role, others in extra_roles.items():
            for other in others:
                for k in list(self.rep):
                    if k[0] == other:
                        nk = (role, k[1])
                        self.count.setdefault(nk, 0)
                        self.rep.setdefault(nk, self.rep[k])
        self.count[SEAT] = sum(self.count.values()) % 2
        self.bonus = bonus
        """A term below the weights by the roles of a pair (:func:`_fewest_exchanges`)."""
        self.shift = (4 * len(roles) + 4).bit_length()
        self.cache: dict[tuple[Key, Key], int | None] = {} if cache is None else cache
        """The weights of pairs of kinds, whatever their numbers of units (units of one
        ``rnd`` and ``meets`` without ``bonus`` may share it)."""

    def w(self, a: Key, b: Key) -> int | None:
        """The weight of a unit of ``a`` assigned to one of ``b`` (symmetric)."""
        if a == b and self.count.get(a, 0) < 2:
            return None  # a player alone of his kind does not meet himself
        key = (a, b)
        cache = self.cache
        if key not in cache:
            w = self._weigh(a, b)
            if w is not None and self.bonus is not None:
                w = (w << self.shift) + (0 if SEAT in (a, b) else self.bonus(a[0], b[0]))
            cache[key] = cache[(b, a)] = w
        return cache[key]

    def _weigh(self, a: Key, b: Key) -> int | None:
        if SEAT in (a, b):
            other = b if a == SEAT else a
            return None if other == SEAT or other[0] not in self.seated else 0
        if _RANK[a[0]] > _RANK[b[0]]:
            a, b = b, a
        if not self.meets(a[0], b[0]):
            return None
        place = _PLACE[_TIER[b[0]]]
        hi, lo = self.rep[a], self.rep[b]
        if _RANK[a[0]] != _RANK[b[0]]:
            return self.weight(hi, lo, place)
        # the same role: which of the two is ranked higher is not known of kinds
        one, two = self.weight(hi, lo, place), self.weight(lo, hi, place)
        if one is None or two is None:
            return one if two is None else two
        return max(one, two)

    def transport(self) -> Transport[Key, Key]:
        t: Transport[Key, Key] = Transport(self.count, self.count, self.w)
        t.solve()
        return t


def _take_pair(t: Transport[Key, Key], a: Key, b: Key) -> bool:
    """Take a pair of kinds ``a``-``b`` out of the symmetric assignment ``t`` (a unit of
    each on both sides, ``a`` to ``b`` and ``b`` to ``a``) when an optimum holds it; else
    nothing changes.  An optimum holds both units exactly when one holds ``a`` to ``b`` and,
    that taken (the rest optimal again), one of the rest holds ``b`` to ``a``."""
    if t.value is None:
        return False
    if t.flow.get((a, b)) and t.flow.get((b, a)):
        return t.take(a, b) and t.take(b, a)  # (the optimum holds both: no search, no undo)
    saved = (dict(t.flow), dict(t.left), dict(t.right), t.value)
    if t.take(a, b):
        if t.take(b, a):
            return True
        t.flow, t.left, t.right, t.value = saved
    return False


@dataclass
class _Alt:
    """One assignment a walk keeps: its units, its solved transport and the player kept out
    of the bracket's pairs to stand for his kind (:func:`_the_ones_out`), if any."""

    units: _Units
    t: Transport[Key, Key]
    stand_in: tuple[int, Key] | None = None
    """The player kept out and the key he would otherwise have."""


def _walk(
    leaders: Sequence[int],
    candidates: list[int],
    alts: list[_Alt],
    may_meet: Callable[[int, int], bool],
    rank: Mapping[int, int] | None = None,
) -> list[tuple[int, int]] | None:
    """Step 3: each of ``leaders``, highest first, with the first of ``candidates`` (taken
    out of it; with ``rank``, only those ranked below him) whose pair of kinds keeps one of
    the assignments ``alts`` at its optimum (those that refuse it are dropped); ``None``
    when [C1] leaves one nobody the kinds allow.

    An assignment's stand-in (an odd bracket, :func:`walk_mdps`) is the last of his kind, so
    where the others of it are refused he is too; reached while his kind is not refused and
    he may meet the leader, the walk cannot tell (``None``)."""
    pairs: list[tuple[int, int]] = []
    for a in leaders:
        refused: list[set[Key]] = [set() for _ in alts]
        for i, b in enumerate(candidates):
            if not may_meet(a, b) or (rank is not None and rank[b] < rank[a]):
                continue
            taking: list[int] = []
            for j, alt in enumerate(alts):
                if alt.stand_in is not None and b == alt.stand_in[0]:
                    if alt.stand_in[1] not in refused[j]:
                        return None
                    continue
                ka, kb = alt.units.key[a], alt.units.key[b]
                if kb in refused[j]:
                    continue
                if alt.units.w(ka, kb) is not None and _take_pair(alt.t, ka, kb):
                    taking.append(j)
                else:
                    refused[j].add(kb)
            if taking:
                # the assignments that refused the pair can hold no pairing that has it
                if len(taking) < len(alts):
                    alts[:] = [alts[j] for j in taking]
                pairs.append((a, b))
                del candidates[i]
                break
        else:
            return None
    return pairs


def walk_remainder(
    bracket: Sequence[int],
    nxt: Sequence[int],
    far: Sequence[int],
    rnd: JointRound,
    start: Transport[Key, Key] | None = None,
) -> JointPairing | None:
    """B.6 / 3.6 with D.1-D.2 / 4.2-4.3 for the homogeneous ``bracket`` or remainder (in
    pairing order) with every player below it (``nxt``, the next scoregroup, and ``far``,
    further down) in the bound: see the module docstring; ``None`` when the walk cannot
    certify its answer."""
    if len(bracket) < 2:
        return None
    below = {n: NEXT for n in nxt} | {n: FAR for n in far}
    merged = _Units(
        rnd,
        {n: S2 for n in bracket} | below,
        _one_out_meets,
        extra_roles={OUT: (S2,)},
    )
    bound = _bound_from(merged, start) if start is not None else merged.transport()  # 1.
    if bound.value is None:
        return None
    inside = _inside(bound)
    odd = inside % 2 == 1
    if odd:
        # an odd cycle of kinds inside the bracket: some player of it is not paired inside
        # (every pairing leaves one out), so the bound is the best with one unit of some kind
        # kept out of the bracket
        inside = _one_out(bound)
    if bound.value is None or inside % 2 or not inside:
        return None
    p = inside // 2
    s1, s2 = bracket[:p], list(bracket[p:])
    roles = {n: S1 for n in s1} | {n: S2 for n in s2} | below
    units = _Units(rnd, roles, _remainder_meets)
    halves = units.transport()  # 2.
    if halves.value is None or halves.value != bound.value:
        fewest = _fewest_exchanges(bracket, p, below, rnd, bound.value)
        if fewest is None:
            return None
        walked = _exchanged(bracket, p, below, rnd, bound.value) if fewest == 1 else None
        if walked is None and not odd:
            walked = _exchanges_by_flow(bracket, p, below, rnd, merged, bound)
        return walked
    pairs = _walk(s1, s2, [_Alt(units, halves)], rnd.may_meet)  # 3.
    if pairs is None:
        return None
    mates = _certificate([*s2, *nxt, *far], units, halves)  # 4.
    return None if mates is None else JointPairing(pairs, s2, mates)


@dataclass(frozen=True, slots=True)
class TightPairs:
    """What the bound over kinds proves when a pairing of the rest of the round reaches it
    (:func:`tight_pairs`)."""

    inside: int
    """The pairs inside the bracket in every best pairing ([C6])."""
    key: Mapping[int, Key]
    """Each player's kind in the assignment."""
    weights: Mapping[tuple[Key, Key], int | None]
    """The pairs of kinds tight both ways, with their weight."""

    def keep(self, hi: int, lo: int, w: int) -> bool:
        """Whether the pair of ``hi`` (the higher-ranked) and ``lo``, worth ``w`` for the
        criteria, can be in a best pairing of the rest of the round."""
        return self.weights.get((self.key[hi], self.key[lo])) == w


def tight_pairs(
    bracket: Sequence[int],
    nxt: Sequence[int],
    far: Sequence[int],
    rnd: JointRound,
) -> TightPairs | None:
    """For the matchings of a bracket that the walks do not pair (an exchange of D.2 more, a
    [C1] stop): when a pairing of the bracket and everybody below reaches step 1's bound (a
    pairing along pairs of kinds tight both ways, :func:`_certificate`), the bound is the
    optimum, so the kinds' dual is an optimal dual of every pairing and every best pairing
    uses only pairs it makes tight (complementary slackness): pairs of kinds tight both ways
    whose players weigh what the kinds weigh.  A matching over those pairs alone, with the
    terms of section D below the criteria, finds the same best pairing as one over all pairs
    (it holds every best pairing).  ``None`` when no such pairing shows the bound (or its
    assignment pairs an odd number inside the bracket)."""
    below = {n: NEXT for n in nxt} | {n: FAR for n in far}
    units = _Units(rnd, {n: S2 for n in bracket} | below, _bound_meets)
    t = units.transport()
    if t.value is None:
        return None
    inside = sum(f for (a, b), f in t.flow.items() if a[0] == S2 and b[0] == S2)
    if inside % 2:
        return None
    if _certificate([*bracket, *nxt, *far], units, t) is None:
        return None
    tight = t.tight()
    both = {(a, b): units.w(a, b) for a, b in tight if (b, a) in tight}
    return TightPairs(inside // 2, units.key, both)


def _one_out(bound: Transport[Key, Key]) -> int:
    """Step 1 when its optimum pairs an odd number of units inside the bracket: a pairing
    leaves some player of the bracket out of its pairs inside, so it is worth at most the best,
    over the bracket's kinds, of the assignment with one unit of that kind that may not meet
    the bracket (:data:`OUT`; each from ``bound``'s optimum, :meth:`Transport.changed`).
    ``bound`` becomes the first such best assignment; the units it pairs inside."""
    best: tuple[int, Key] | None = None
    for k, c in bound.left.items():
        if c and k[0] == S2:
            move = {k: -1, (OUT, k[1]): 1}
            value = bound.changed(move, move)
            if value is not None and (best is None or value > best[0]):
                best = (value, k)
    if best is None:
        bound.value = None
        return 0
    flow = _one_unit_less(bound, best[1])
    _move_units(bound, best[1], (OUT, best[1][1]), 1)
    bound.solve_from(flow)
    return _inside(bound)


def _one_unit_less(t: Transport[Key, Key], k: Key) -> dict[tuple[Key, Key], int]:
    """``t``'s optimum with one unit of ``k`` taken out on both sides, with what it was
    assigned to: optimal for what it carries (a start for :meth:`Transport.solve_from`)."""
    flow = dict(t.flow)
    for side in (0, 1):
        pair = next(p for p, f in sorted(flow.items(), key=repr) if f and p[side] == k)
        flow[pair] -= 1
    return flow


def _fewest_exchanges(
    bracket: Sequence[int],
    p: int,
    below: Mapping[int, str],
    rnd: JointRound,
    bound: int,
) -> int | None:
    """At least how many exchanges (D.2 / 4.3 a: pairs not led from S1) a pairing worth the
    bound needs: step 1's assignment with S1 and S2 apart, a pair inside the bracket worth
    one more below the criteria when an S1 player is in it; ``None`` when it falls short of
    the bound."""

    def led_from_s1(a: str, b: str) -> int:
        return int(S1 in (a, b) and _TIER[a] == _TIER[b] == 1)

    roles = {n: S1 if i < p else S2 for i, n in enumerate(bracket)} | dict(below)
    units = _Units(rnd, roles, _bound_meets, bonus=led_from_s1)
    t = units.transport()
    if t.value is None or t.value >> units.shift != bound:
        return None
    return p - (t.value & ((1 << units.shift) - 1)) // 2


def _exchanged(
    bracket: Sequence[int],
    p: int,
    below: Mapping[int, str],
    rnd: JointRound,
    bound: int,
) -> JointPairing | None:
    """B.6 with one exchange (D.2 / 4.3) when no pairing without one reaches the bound:
    the exchanges in the order of D.2 (the smallest difference of the BSN sums, then the
    highest BSN moved out of S1 the largest, then the lowest moved in the smallest); of a
    kind, the last S1 player and the first S2 player come first.  The first exchange whose
    assignment reaches the bound is walked (D.1 on the new S1 and S2) and certified.  More
    than one exchange is not walked (``None``: the matchings decide)."""
    index = {n: i for i, n in enumerate(bracket)}
    last: dict[Hashable, int] = {}
    first: dict[Hashable, int] = {}
    for i, n in enumerate(bracket):
        if i < p:
            last[rnd.kind[n]] = n
        else:
            first.setdefault(rnd.kind[n], n)
    options = sorted(
        (
            (index[y] - index[x], -index[x], index[y], x, y)
            for x in last.values()
            for y in first.values()
        ),
    )
    for *_order, x, y in options:
        ix, iy = index[x], index[y]
        roles = dict(below)
        for i, n in enumerate(bracket):
            if i < p:
                roles[n] = S1_ABOVE if i < ix else OUT if i == ix else S1_BELOW
            else:
                roles[n] = S2_ABOVE if i < iy else IN if i == iy else S2_BELOW
        units = _Units(rnd, roles, _exchange_meets)
        t = units.transport()
        if t.value != bound:
            continue
        leaders = [n for n in bracket if roles[n] in _LEADERS]
        followers = [n for n in bracket if roles[n] not in _LEADERS]
        pairs = _walk(leaders, followers, [_Alt(units, t)], rnd.may_meet, index)
        if pairs is None:
            return None
        rest = [*followers, *(n for n in below)]
        mates = _certificate(rest, units, t)
        return None if mates is None else JointPairing(pairs, followers, mates)
    return None


def _exchanges_by_flow(
    bracket: Sequence[int],
    p: int,
    below: Mapping[int, str],
    rnd: JointRound,
    merged: _Units,
    bound: Transport[Key, Key],
) -> JointPairing | None:
    """B.6 with the exchanges of D.2 / 4.3 (any number of them) when no pairing without one
    reaches the bound ``U`` (step 1's optimum, ``bound`` over the units ``merged``, every
    player of the bracket in one role).

    **Which exchange.**  Every best pairing uses only pairs of kinds that are tight under
    step 1's optimal dual (complementary slackness), so the exchange is chosen over those
    alone, in a flow (:class:`~swisspairing.matching.flow.ConvexFlow`) that is step 1's
    assignment with a role for every unit of the bracket: it *leads* a pair of the bracket
    (the new S1) or it does not (the new S2: it follows a leader, floats or takes the empty
    seat).  Leaders meet followers only.  A kind's units lead at no cost up to its S1 players;
    each one more is an S2 player moved in, worth (D.2 b, d) minus his BSN and, below that,
    more the lower his BSN; each one fewer is an S1 player moved out, worth (D.2 a) one
    exchange less, (b) plus his BSN and (c) more the higher his BSN.  Of a kind, the first S2
    players move in and the last S1 players move out (for the same numbers of each kind the
    exchange with the smallest difference of the BSN sums: D.2 b), so each unit more is worth
    less than the one before and the values are concave.  The flow's most valuable
    assignment, both sides alike, gives the numbers of leaders of each kind, hence the
    exchange: the first one of D.2's order (a-d) whose pairing may reach ``U``.

    *Why the positions of the players do not enter.*  The flow lets a leader meet a follower
    ranked above him, which the order of D.2 reads as another exchange (the higher of a pair
    leads it).  Such a pairing, read so, is the same pairing ([C10]-[C21] weigh a pair of one
    score alike either way round) with an exchange strictly earlier in D.2's order: one pair
    (an S1 leader and a higher S1 follower, or an S2 leader and a higher S2 follower) moves
    out a lower or in a higher BSN (b), or a moved-in leader with a moved-out follower is one
    exchange fewer (a).  So the flow's optimum, which is at least twice every pairing's worth
    read by D.2, is reached by the pairing the walk certifies only if that pairing needs no
    such reading: its exchange is the first one of D.2 for which some pairing reaches ``U``.

    **The walk.**  The new S1, highest first, then takes the first player of the new S2 ranked
    below him whose kinds keep the assignment at ``U`` (D.1), and the rest is certified as in
    :func:`walk_remainder`; ``None`` (the matchings decide) when the flow's two sides differ,
    or the walk or the certificate fails."""
    n = len(bracket)
    index = {x: i for i, x in enumerate(bracket)}
    s1_of: dict[Key, list[int]] = {}
    s2_of: dict[Key, list[int]] = {}
    for i, x in enumerate(bracket):
        k = merged.key[x]
        s1_of.setdefault(k, [])
        s2_of.setdefault(k, [])
        (s1_of if i < p else s2_of)[k].append(i)
    # the fields of a unit's worth, lowest first: (d) moved in, (c) moved out, (b), (a)
    d_off = 0
    c_off = d_off + n + 3
    b_off = c_off + n + 3
    a_off = b_off + (4 * n * n + 4).bit_length() + 2

    def moved_out(i: int) -> int:
        return -(1 << a_off) + (i << b_off) + (1 << (c_off + i))

    def moved_in(j: int) -> int:
        return -(1 << a_off) - (j << b_off) + (1 << (d_off + n - 1 - j))

    total = sum(c for c in bound.left.values() if c)
    net = ConvexFlow()
    lead: dict[tuple[str, Key], int] = {}
    worth: dict[Key, tuple[list[tuple[int, int]], list[tuple[int, int]]]] = {}
    kinds = [(k, count) for k, count in bound.left.items() if count]
    for k, s1 in s1_of.items():
        s2 = s2_of[k]
        worth[k] = (
            [(len(s1), 0), *((1, moved_in(j)) for j in s2)],  # leads
            [(len(s2), 0), *((1, moved_out(i)) for i in reversed(s1))],  # follows
        )
    for k, count in kinds:  # the left side: from the source, each unit in its role
        net.add_arc("s", ("L", k), [(count, 0)])
        if k in s1_of:
            lead[("L", k)] = net.add_arc(("L", k), ("L", k, "lead"), worth[k][0])
            net.add_arc(("L", k), ("L", k, "follow"), worth[k][1])
    for k, count in kinds:  # the right side: each unit from its role, to the sink
        if k in s1_of:
            lead[("R", k)] = net.add_arc(("R", k, "lead"), ("R", k), worth[k][0])
            net.add_arc(("R", k, "follow"), ("R", k), worth[k][1])
        net.add_arc(("R", k), "t", [(count, 0)])
    for a, b in bound.tight():
        if not bound.left.get(a) or not bound.right.get(b):
            continue
        a_in, b_in = a in s1_of, b in s1_of
        if a_in and b_in and not _either_way(merged, a, b):
            return None  # (a pair weighs otherwise the other way round: not read so)
        if a_in and b_in:
            net.add_arc(("L", a, "lead"), ("R", b, "follow"), [(total, 0)])
            net.add_arc(("L", a, "follow"), ("R", b, "lead"), [(total, 0)])
        elif a_in:
            net.add_arc(("L", a, "follow"), ("R", b), [(total, 0)])
        elif b_in:
            net.add_arc(("L", a), ("R", b, "follow"), [(total, 0)])
        else:
            net.add_arc(("L", a), ("R", b), [(total, 0)])
    best = net.solve("s", "t", total)
    if best is None:
        return None
    # the flow's two sides may differ (it is a relaxation of a pairing, where each player
    # keeps one role): each side's numbers of leaders are tried for both sides, and taken
    # when they are worth half the flow's optimum and their assignment reaches U
    for side in ("L", "R"):
        counts = {k: net.flow[lead[(side, k)]] for k in s1_of}
        if sum(counts.values()) != p:
            continue
        value = sum(
            _worth(worth[k][0], c) + _worth(worth[k][1], len(s1_of[k]) + len(s2_of[k]) - c)
            for k, c in counts.items()
        )
        if 2 * value != best:
            continue
        leaders: set[int] = set()
        for k, count in counts.items():
            s1, s2 = s1_of[k], s2_of[k]
            leaders.update(s1[:count])
            leaders.update(s2[: max(0, count - len(s1))])
        roles = {x: S1 if index[x] in leaders else S2 for x in bracket} | dict(below)
        units = _Units(rnd, roles, _remainder_meets)
        t = units.transport()
        if t.value == bound.value:
            break
    else:
        return None
    new_s1 = [x for x in bracket if roles[x] == S1]
    followers = [x for x in bracket if roles[x] == S2]
    pairs = _walk(new_s1, followers, [_Alt(units, t)], rnd.may_meet, index)
    if pairs is None:
        return None
    mates = _certificate([*followers, *below], units, t)
    return None if mates is None else JointPairing(pairs, followers, mates)


def _bound_from(merged: _Units, start: Transport[Key, Key]) -> Transport[Key, Key]:
    """Step 1 of :func:`walk_remainder` from the MDP-pairing's assignment of what it left
    (:attr:`JointPairing.rest`): the same units (a resident there is one of S2's role here),
    the same weights (the roles weigh alike, and here a lone player's kind no longer meets
    itself: fewer pairs), so that optimum is optimal for what it carries here and the
    search only assigns what is left (nothing, usually); from scratch when the units
    differ."""
    bound: Transport[Key, Key] = Transport(merged.count, merged.count, merged.w)

    def here(k: Key) -> Key:
        return (S2, k[1]) if k[0] == RESIDENT else k

    if {here(k): c for k, c in start.left.items() if c} != {
        k: c for k, c in merged.count.items() if c
    }:
        bound.solve()
        return bound
    flow: dict[tuple[Key, Key], int] = {}
    for (a, b), f in start.flow.items():
        key = (here(a), here(b))
        if f and key in bound.weight:
            flow[key] = flow.get(key, 0) + f
    bound.solve_from(flow)
    return bound


def _worth(segments: Sequence[tuple[int, int]], units: int) -> int:
    """What the first ``units`` units of an arc of ``segments`` are worth."""
    total = 0
    for cap, value in segments:
        used = min(cap, units)
        total += used * value
        units -= used
    return total


def _either_way(units: _Units, a: Key, b: Key) -> bool:
    """Whether a pair of a player of kind ``a`` and one of kind ``b`` of one bracket weighs
    the same whichever of them is ranked higher (what :func:`_exchanges_by_flow` needs)."""
    pa, pb = units.rep[a], units.rep[b]
    return units.weight(pa, pb, Place.CURRENT) == units.weight(pb, pa, Place.CURRENT)


def walk_mdps(
    mdps: Sequence[int],
    residents: Sequence[int],
    nxt: Sequence[int],
    far: Sequence[int],
    rnd: JointRound,
) -> JointPairing | None:
    """B.7 / 3.7 with D.3 / 4.4 and D.1 / 4.2 for the MDP-pairing of a heterogeneous bracket
    (``mdps`` and ``residents`` in pairing order) with every player below it in the bound:
    the MDPs paired with residents are the highest possible (each MDP, highest first, is
    paired when some pairing worth ``U`` pairs him with the MDPs before him decided), then
    each paired MDP, highest first, takes the first resident possible.  ``may_meet`` must
    refuse two MDPs who may not meet in this bracket.  The residents are left as they are
    (the remainder is paired next); ``None`` when the walk cannot certify its answer."""
    if not mdps or not residents:
        return None
    below = {n: NEXT for n in nxt} | {n: FAR for n in far}
    roles = {n: OPEN for n in mdps} | {n: RESIDENT for n in residents} | below
    units = _Units(
        rnd,
        roles,
        _mdp_one_out_meets,
        extra_roles={PAIRED: (OPEN,), UNPAIRED: (OPEN,), OUT: (OPEN, RESIDENT)},
    )
    t = units.transport()  # 1.
    if t.value is None:
        return None
    bracket = [*mdps, *residents]
    alts = [_Alt(units, t)]
    if _inside(t) % 2 and len(bracket) % 2:
        # an odd cycle of kinds inside the bracket, which no pairing has: every pairing
        # leaves one of the bracket's players out of its pairs inside (their number is odd)
        alts = _the_ones_out(bracket, roles, units, t)
        if not alts:
            return None
    target = alts[0].t.value
    assert target is not None
    # 2. which MDPs are paired with residents: MDPs of one kind are alike, so of each kind the
    # highest ones; each MDP, highest first, is paired when an assignment with one more of
    # his kind paired (the others decided as they are) still reaches the bound
    closed: set[Hashable] = set()
    paired: list[int] = []
    for m in mdps:
        k = rnd.kind[m]
        if k in closed:
            continue
        taking = [
            alt
            for alt in alts
            if (alt.stand_in is None or alt.stand_in[0] != m)
            and _reassign(alt.t, (OPEN, k), (PAIRED, k), target, alt.units)
        ]
        if taking:
            alts = taking
            paired.append(m)
            continue
        closed.add(k)
        for alt in alts:
            undecided = alt.t.left.get((OPEN, k), 0)
            if not _reassign(alt.t, (OPEN, k), (UNPAIRED, k), target, alt.units, undecided):
                return None  # pragma: no cover - an open unit needs no resident then
    for alt in alts:
        for m in mdps:
            if alt.units.key[m][0] == OPEN:
                alt.units.key[m] = (PAIRED if m in paired else UNPAIRED, rnd.kind[m])
    free = list(residents)
    pairs = _walk(paired, free, alts, rnd.may_meet)  # 3.
    if pairs is None:
        return None
    left = [*(m for m in mdps if m not in paired), *free]
    for alt in alts:  # 4.
        mates = _certificate([*left, *nxt, *far], alt.units, alt.t)
        if mates is not None:
            whole = alt.stand_in is None and len(paired) == len(mdps)
            return JointPairing(pairs, left, mates, alt.t if whole else None)
    return None


def _inside(t: Transport[Key, Key]) -> int:
    """The units ``t`` assigns inside the bracket (both of tier 0 or 1)."""
    return sum(f for (a, b), f in t.flow.items() if _TIER[a[0]] <= 1 and _TIER[b[0]] <= 1)


def _mdp_one_out_meets(a: str, b: str) -> bool:
    """B.7 (:func:`_mdp_meets`), a player kept out of the bracket's pairs meeting only the
    players below."""
    return _one_out_meets(a, b) and _mdp_meets(a, b)


def _the_ones_out(
    bracket: Sequence[int], roles: Mapping[int, str], units: _Units, t: Transport[Key, Key]
) -> list[_Alt]:
    """The bound of an odd bracket whose assignment ``t`` pairs an odd number of units inside
    it: a pairing leaves some player of the bracket out of its pairs inside, so it is worth at
    most the best, over the bracket's kinds, of the assignment with one unit of that kind that
    may not meet the bracket (:data:`OUT`; each from ``t``'s optimum,
    :meth:`Transport.changed`); every best pairing leaves out only players of the kinds that
    give that best.  For each such kind, the assignment with the last player of it (in
    ``bracket``'s order) standing for the one left out; empty when none has an assignment or
    one of them still pairs an odd number inside."""
    values: dict[Key, int] = {}
    for n in bracket:
        k = units.key[n]
        if k not in values:
            move = {k: -1, (OUT, k[1]): 1}
            value = t.changed(move, move)
            if value is not None:
                values[k] = value
    best = max(values.values(), default=None)
    tops: list[_Alt] = []
    for k, value in values.items():
        if value != best:
            continue
        last = next(x for x in reversed(bracket) if units.key[x] == k)
        one = _Units(
            units.rnd,
            {**roles, last: OUT},
            _mdp_one_out_meets,
            extra_roles={PAIRED: (OPEN,), UNPAIRED: (OPEN,)},
            cache=units.cache,
        )
        moved: Transport[Key, Key] = Transport(one.count, one.count, one.w)
        flow = _one_unit_less(t, k)
        alt = _Alt(one, moved, (last, k))
        if (
            moved.solve_from({p: f for p, f in flow.items() if p in moved.weight}) != best
            or _inside(moved) % 2
        ):
            return []
        tops.append(alt)
    return tops


def _reassign(
    t: Transport[Key, Key],
    old: Key,
    new: Key,
    target: int,
    units: _Units,
    count: int = 1,
) -> bool:
    """Move ``count`` units of kind ``old`` to ``new`` on both sides of the symmetric
    assignment ``t`` when it can still reach ``target`` so; else nothing changes.  When the
    optimum has that many units of ``old`` assigned where ``new`` may go, they move with their
    assignments (the optimum stays one); otherwise the optimum is sought again."""
    if count == 0:
        return True
    flow = dict(t.flow)
    for side in (0, 1):
        left = count
        for (a, b), f in sorted(flow.items(), key=repr):
            here, other = (a, b) if side == 0 else (b, a)
            if not left or not f or here != old or units.w(new, other) is None:
                continue
            n = min(f, left)
            left -= n
            flow[(a, b)] -= n
            moved = (new, b) if side == 0 else (a, new)
            flow[moved] = flow.get(moved, 0) + n
        if left:
            break
    else:
        flow = {k: f for k, f in flow.items() if f}
        if all(k in t.weight for k in flow) and (
            sum(t.weight[k] * f for k, f in flow.items()) == t.value
        ):
            t.flow = flow
            _move_units(t, old, new, count)
            return True
    if t.changed({old: -count, new: count}, {old: -count, new: count}) != target:
        return False
    _move_units(t, old, new, count)
    return t.solve() == target


def _move_units(t: Transport[Key, Key], old: Key, new: Key | None, count: int) -> None:
    """``count`` units of ``old`` become units of ``new`` (or go), on both sides."""
    for side in (t.left, t.right):
        side[old] -= count
        if new is not None:
            side[new] += count


def _certificate(
    rest: Sequence[int],
    units: _Units,
    left: Transport[Key, Key],
) -> dict[int, int] | None:
    """Step 4: a pairing of ``rest`` (the players not yet paired, in pairing order) along
    pairs of kinds tight both ways in what is left of the assignment, whose pairs weigh what
    their kinds weigh (two of one role either way round: which is ranked higher is not known
    of kinds), one player left for the empty seat when their number is odd; ``None`` when
    there is none.  ``barred`` gives whom a player may not meet ([C1]; [C3] is the kinds'),
    and every pair found is asked ``may_meet`` too."""
    tight = left.tight()
    key, may_meet, barred = units.key, units.rnd.may_meet, units.rnd.barred
    n = len(rest)
    odd = n % 2 == 1
    where = {x: i for i, x in enumerate(rest)}
    members: dict[Key, int] = {}
    for i, x in enumerate(rest):
        members[key[x]] = members.get(key[x], 0) | 1 << i
    allowed: dict[Key, int] = {}
    for kx in members:
        mask = 0
        for ky, bits in members.items():
            if (kx, ky) in tight and (ky, kx) in tight and _weighs_as_kinds(units, kx, ky):
                mask |= bits
        if odd and (kx, SEAT) in tight and (SEAT, kx) in tight:
            mask |= 1 << n
        allowed[kx] = mask
    adj = [0] * (n + 1)
    for i, x in enumerate(rest):
        mask = allowed[key[x]] & ~(1 << i)
        for other in barred(x):
            j = where.get(other)
            if j is not None:
                mask &= ~(1 << j)
        adj[i] = mask
        if mask >> n & 1:
            adj[n] |= 1 << i
    size = n + 1 if odd else n
    mate = maximum_matching_masks(adj, (1 << size) - 1)
    if any(mate[v] < 0 for v in range(size)):
        return None
    mates = {rest[i]: rest[mate[i]] for i in range(n) if mate[i] < n}
    if not all(may_meet(a, b) for a, b in mates.items()):
        return None  # pragma: no cover - the kinds' [C3] is the players'
    return mates


def _weighs_as_kinds(units: _Units, a: Key, b: Key) -> bool:
    """Whether two players of kinds ``a`` and ``b`` weigh what the kinds weigh, whichever of
    them is ranked higher when their roles do not say it."""
    w = units.w(a, b)
    if w is None:
        return False
    if _RANK[a[0]] != _RANK[b[0]]:
        return True  # (the roles order them: the kinds' weight is the pair's)
    place = _PLACE[_TIER[a[0]]]
    pa, pb = units.rep[a], units.rep[b]
    return units.weight(pa, pb, place) == w == units.weight(pb, pa, place)
