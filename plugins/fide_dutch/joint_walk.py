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
   the pair taken out (:meth:`Transport.changed`, then :meth:`Transport.take` both ways).  A
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


class _Units:
    """The players as units of kinds ``(role, kind)``, one representative each, and the
    weights of pairs of kinds (asked once per pair); ``meets`` says which roles may meet,
    ``seated`` which roles may take the empty seat."""

    def __init__(
        self,
        players: Mapping[int, DutchPlayer],
        kind: Mapping[int, Hashable],
        weight: PlaceWeight,
        roles: Mapping[int, str],
        meets: Callable[[str, str], bool],
        seated: Collection[str] = (
            S2,
            NEXT,
            FAR,
            OPEN,
            UNPAIRED,
            RESIDENT,
            OUT,
            S2_ABOVE,
            S2_BELOW,
        ),
        extra_roles: Mapping[str, Collection[str]] = {},
    ) -> None:
        self.players = players
        self.kind = kind
        self.weight = weight
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
        self._cache: dict[tuple[Key, Key], int | None] = {}

    def w(self, a: Key, b: Key) -> int | None:
        """The weight of a unit of ``a`` assigned to one of ``b`` (symmetric)."""
        key = (a, b)
        if key not in self._cache:
            self._cache[key] = self._cache[(b, a)] = self._weigh(a, b)
        return self._cache[key]

    def _weigh(self, a: Key, b: Key) -> int | None:
        if SEAT in (a, b):
            other = b if a == SEAT else a
            return None if other == SEAT or other[0] not in self.seated else 0
        if _RANK[a[0]] > _RANK[b[0]]:
            a, b = b, a
        if not self.meets(a[0], b[0]):
            return None
        if a == b and self.count[a] < 2:
            return None  # a player alone of his kind does not meet himself
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


class _Broken(Exception):
    """A take that an optimum was shown to allow was refused (not expected)."""


def _take_pair(t: Transport[Key, Key], a: Key, b: Key, w: int) -> bool:
    """Take a pair of kinds ``a``-``b`` out of the symmetric assignment ``t`` (a unit of
    each on both sides, ``a`` to ``b`` and ``b`` to ``a``) when an optimum holds it; else
    nothing changes."""
    value = t.value
    if value is None:
        return False
    if not (t.flow.get((a, b)) and t.flow.get((b, a))):
        rest = t.changed({a: -1, b: -1}, {a: -1, b: -1})
        if rest is None or rest + 2 * w != value:
            return False
    # an optimum holds both units: each take finds it (the rest is optimal after the first)
    if not (t.take(a, b) and t.take(b, a)):
        raise _Broken
    return True


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
                w = alt.units.w(ka, kb)
                try:
                    taken = w is not None and _take_pair(alt.t, ka, kb, w)
                except _Broken:  # pragma: no cover - an optimum holding the pair was shown
                    return None
                if taken:
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
    players: Mapping[int, DutchPlayer],
    kind: Mapping[int, Hashable],
    weight: PlaceWeight,
    may_meet: Callable[[int, int], bool],
    barred: Callable[[int], Collection[int]],
) -> JointPairing | None:
    """B.6 / 3.6 with D.1-D.2 / 4.2-4.3 for the homogeneous ``bracket`` or remainder (in
    pairing order) with every player below it (``nxt``, the next scoregroup, and ``far``,
    further down) in the bound: see the module docstring; ``None`` when the walk cannot
    certify its answer."""
    if len(bracket) < 2:
        return None
    below = {n: NEXT for n in nxt} | {n: FAR for n in far}
    merged = _Units(players, kind, weight, {n: S2 for n in bracket} | below, _bound_meets)
    bound = merged.transport()  # 1.
    if bound.value is None:
        return None
    inside = sum(f for (a, b), f in bound.flow.items() if a[0] == S2 and b[0] == S2)
    if inside % 2:
        # an odd cycle of kinds inside the bracket: some player of it is not paired inside
        # (every pairing leaves one out), so the bound is the best with one unit of some kind
        # kept out of the bracket
        bound, inside = _one_out(bracket, below, players, kind, weight)
    if bound.value is None or inside % 2 or not inside:
        return None
    p = inside // 2
    s1, s2 = bracket[:p], list(bracket[p:])
    roles = {n: S1 for n in s1} | {n: S2 for n in s2} | below
    units = _Units(players, kind, weight, roles, _remainder_meets)
    halves = units.transport()  # 2.
    if halves.value is None or halves.value != bound.value:
        return _exchanged(bracket, p, below, players, kind, weight, may_meet, barred, bound.value)
    pairs = _walk(s1, s2, [_Alt(units, halves)], may_meet)  # 3.
    if pairs is None:
        return None
    mates = _certificate([*s2, *nxt, *far], units, halves, may_meet, barred)  # 4.
    return None if mates is None else JointPairing(pairs, s2, mates)


def _one_out(
    bracket: Sequence[int],
    below: Mapping[int, str],
    players: Mapping[int, DutchPlayer],
    kind: Mapping[int, Hashable],
    weight: PlaceWeight,
) -> tuple[Transport[Key, Key], int]:
    """Step 1 when its optimum pairs an odd number of units inside the bracket: a pairing
    leaves some player of the bracket out of its pairs inside, so it is worth at most the best,
    over the bracket's kinds, of the assignment with one player of that kind who may not meet
    the bracket (:data:`OUT`, the rest :data:`S2`).  The best such assignment and the units it
    pairs inside."""
    best: Transport[Key, Key] | None = None
    for k in dict.fromkeys(kind[n] for n in bracket):
        one = next(n for n in bracket if kind[n] == k)
        roles = {n: S2 for n in bracket} | dict(below) | {one: OUT}
        t = _Units(players, kind, weight, roles, _one_out_meets).transport()
        if t.value is not None and (best is None or best.value is None or t.value > best.value):
            best = t
    assert best is not None
    inside = sum(f for (a, b), f in best.flow.items() if a[0] == S2 and b[0] == S2)
    return best, inside


def _exchanged(
    bracket: Sequence[int],
    p: int,
    below: Mapping[int, str],
    players: Mapping[int, DutchPlayer],
    kind: Mapping[int, Hashable],
    weight: PlaceWeight,
    may_meet: Callable[[int, int], bool],
    barred: Callable[[int], Collection[int]],
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
            last[kind[n]] = n
        else:
            first.setdefault(kind[n], n)
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
        units = _Units(players, kind, weight, roles, _exchange_meets)
        t = units.transport()
        if t.value != bound:
            continue
        leaders = [n for n in bracket if roles[n] in _LEADERS]
        followers = [n for n in bracket if roles[n] not in _LEADERS]
        pairs = _walk(leaders, followers, [_Alt(units, t)], may_meet, index)
        if pairs is None:
            return None
        rest = [*followers, *(n for n in below)]
        mates = _certificate(rest, units, t, may_meet, barred)
        return None if mates is None else JointPairing(pairs, followers, mates)
    return None


def walk_mdps(
    mdps: Sequence[int],
    residents: Sequence[int],
    nxt: Sequence[int],
    far: Sequence[int],
    players: Mapping[int, DutchPlayer],
    kind: Mapping[int, Hashable],
    weight: PlaceWeight,
    may_meet: Callable[[int, int], bool],
    barred: Callable[[int], Collection[int]],
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
        players,
        kind,
        weight,
        roles,
        _mdp_meets,
        extra_roles={PAIRED: (OPEN,), UNPAIRED: (OPEN,)},
    )
    t = units.transport()  # 1.
    if t.value is None:
        return None
    bracket = [*mdps, *residents]
    alts = [_Alt(units, t)]
    if _inside(t) % 2 and len(bracket) % 2:
        # an odd cycle of kinds inside the bracket, which no pairing has: every pairing
        # leaves one of the bracket's players out of its pairs inside (their number is odd)
        alts = _the_ones_out(bracket, roles, units)
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
        k = kind[m]
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
                alt.units.key[m] = (PAIRED if m in paired else UNPAIRED, kind[m])
    free = list(residents)
    pairs = _walk(paired, free, alts, may_meet)  # 3.
    if pairs is None:
        return None
    left = [*(m for m in mdps if m not in paired), *free]
    for alt in alts:  # 4.
        mates = _certificate([*left, *nxt, *far], alt.units, alt.t, may_meet, barred)
        if mates is not None:
            return JointPairing(pairs, left, mates)
    return None


def _inside(t: Transport[Key, Key]) -> int:
    """The units ``t`` assigns inside the bracket (both of tier 0 or 1)."""
    return sum(f for (a, b), f in t.flow.items() if _TIER[a[0]] <= 1 and _TIER[b[0]] <= 1)


def _the_ones_out(bracket: Sequence[int], roles: Mapping[int, str], units: _Units) -> list[_Alt]:
    """The bound of an odd bracket whose assignment pairs an odd number of units inside it:
    a pairing leaves some player of the bracket out of its pairs inside, so it is worth at
    most the best, over the bracket's kinds, of the assignment with one player of that kind
    who may not meet the bracket (:data:`OUT`); every best pairing leaves out only players
    of the kinds that give that best.  For each such kind, the assignment with the last
    player of it (in ``bracket``'s order) standing for the one left out; empty when none has
    an assignment or one of them still pairs an odd number inside."""
    out: dict[Key, _Alt] = {}
    for n in bracket:
        k = units.key[n]
        if k in out:
            continue
        last = next(x for x in reversed(bracket) if units.key[x] == k)
        one = _Units(
            units.players,
            units.kind,
            units.weight,
            {**roles, last: OUT},
            lambda a, b: _one_out_meets(a, b) and _mdp_meets(a, b),
            extra_roles={PAIRED: (OPEN,), UNPAIRED: (OPEN,)},
        )
        out[k] = _Alt(one, one.transport(), (last, k))
    best = max((a.t.value for a in out.values() if a.t.value is not None), default=None)
    tops = [a for a in out.values() if best is not None and a.t.value == best]
    if any(_inside(a.t) % 2 for a in tops):
        return []
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
    may_meet: Callable[[int, int], bool],
    barred: Callable[[int], Collection[int]],
) -> dict[int, int] | None:
    """Step 4: a pairing of ``rest`` (the players not yet paired, in pairing order) along
    pairs of kinds tight both ways in what is left of the assignment, whose pairs weigh what
    their kinds weigh (two of one role either way round: which is ranked higher is not known
    of kinds), one player left for the empty seat when their number is odd; ``None`` when
    there is none.  ``barred`` gives whom a player may not meet ([C1]; [C3] is the kinds'),
    and every pair found is asked ``may_meet`` too."""
    tight = left.tight()
    key = units.key
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
