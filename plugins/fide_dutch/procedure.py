"""Section B (2026: Art. 3) with the generation order of section D (Art. 4): the round,
bracket by bracket, from the top scoregroup down.

Each bracket (B.1-B.3: its MDPs, then its residents) is paired by maximum-weight matchings over
every player not yet paired: the bracket's pairs carry the quality criteria
(:mod:`.criteria`), the next scoregroup the [C8] look-ahead, everybody further down only the
completion criterion, so [C4] holds in every bracket.  The criteria leave ties; the candidate
the sequential procedure of B.5-B.8 would meet first is chosen by small tie-break terms added
below the criteria (:mod:`.order`), in two matchings per bracket:

1. heterogeneous bracket (B.7, D.3 / 4.4): which MDPs are paired (the highest first) and with
   whom (each MDP, highest first, the first resident possible) -- the MDP-pairing;
2. the remainder, or the homogeneous bracket (B.6, D.1-D.2 / 4.2-4.3): S1 is the first
   ``pairs`` residents; fewest exchanges, smallest BSN-sum difference, the highest S1 BSNs
   out, the lowest S2 BSNs in, then each S1 player, highest first, with the first S2 player
   possible.

MaxPairs and M1 (B.1) are results of these matchings, not inputs (AMB-N3).  Players left over
float to the next bracket (MDPs not paired stay in the limbo and float again,
B.2).  The last bracket leaves at most the PAB receiver.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from swisspairing import RoundContext
from swisspairing.feasibility import PairingGraph
from swisspairing.matching import WeightedMatching, max_weight_matching

from .criteria import (
    FIELD_RULES,
    ByeFacts,
    Layout,
    Place,
    bye_candidate,
    colour_compatible,
    compatible,
    edge_weight,
)
from .criteria_2017 import Layout2017, edge_weight_2017
from .definitions import DutchPlayer, Edition, FloatKind, RoundFacts, round_facts
from .homogeneous import FullPairing, Kinds, KindWeight, pair_in_full
from .joint_walk import (
    JointRound,
    PlaceWeight,
    TightPairs,
    tight_pairs,
    walk_mdps,
    walk_remainder,
)
from .order import mdp_tiebreak, remainder_tiebreak


@dataclass
class BracketReport:
    """What one bracket came to (for ``--explain``)."""

    score: int
    """Resident score (tenths)."""
    moved_down: tuple[int, ...]
    """MDPs who entered it."""
    pairs: list[tuple[int, int]] = field(default_factory=list)
    """Pairs made, higher-ranked first."""
    floaters: tuple[int, ...] = ()
    """Players moved down out of it (or the PAB receiver in the last bracket)."""
    failures: dict[str, int] = field(default_factory=dict)
    """Quality criterion id -> how many of its conditions the bracket's pairs could not meet."""


@dataclass
class RoundResult:
    """The pairs of the round and the PAB receiver."""

    pairs: list[tuple[int, int]]
    """Higher-ranked player first."""
    bye: int | None
    """The PAB receiver."""
    brackets: list[BracketReport]
    """Per bracket, for the explanation."""
    bye_score: int | None
    """The lowest score the PAB receiver could have ([C5])."""


#: How far from his own place each S1 player's hinted S2 opponents lie (see :func:`_hint`).
HINT_WIDTH = 6


def _hint(*halves: tuple[Sequence[int], Sequence[int]]) -> list[tuple[int, int]]:
    """The pairs near the first candidate of B.3 / 3.3: each player of an S1 with the players
    of its S2 at most :data:`HINT_WIDTH` places from his own.  The matchings start from them
    (:func:`swisspairing.matching.max_weight_matching`'s ``hint``): only the time depends on
    them, never the answer."""
    out = []
    for s1, s2 in halves:
        for i, a in enumerate(s1):
            for b in s2[max(0, i - HINT_WIDTH) : i + HINT_WIDTH + 1]:
                out.append((a, b))
    return out


def _halves(players: Sequence[int]) -> tuple[Sequence[int], Sequence[int]]:
    """A scoregroup's natural S1 and S2 (its first and second half)."""
    k = len(players) // 2
    return players[:k], players[k:]


def _mdp_hint(
    mdps: Sequence[int], residents: Sequence[int], nxt: Sequence[int]
) -> list[tuple[int, int]]:
    """The hint of an MDP-pairing (B.7 / 3.7): the MDPs against the first residents, the
    other residents in halves, and the next scoregroup in halves."""
    return _hint((mdps, residents), _halves(residents[len(mdps) :]), _halves(nxt))


def _remainder_hint(
    remainder: Sequence[int], pairs: int, nxt: Sequence[int]
) -> list[tuple[int, int]]:
    """The hint of a remainder or homogeneous bracket (B.6 / 3.6) whose S1 is its first
    ``pairs`` players, and of the next scoregroup in halves."""
    return _hint((remainder[:pairs], remainder[pairs:]), _halves(nxt))


def _bye_key(bye: ByeFacts) -> tuple[object, ...]:
    """What of ``bye`` an edge weight depends on, as a key."""
    return (bye.score, bye.single_downfloater, tuple(sorted(bye.unplayed_rank.items())))


#: The joint walks (:mod:`.joint_walk`) are tried only for brackets whose matchings would hold
#: at least this many players (the bracket and everybody below it): a speed setting (their
#: answer is the matchings'; smaller matchings are quicker than the walks' assignments).
JOINT_WALK_MIN_PLAYERS = 100

#: ... and only while those players fall into at most this many kinds (a speed setting: the
#: walks' assignments grow with the kinds, the matchings with the players) ...
JOINT_WALK_MAX_KINDS = 48

#: ... or, for a bracket of at least :data:`JOINT_WALK_LARGE_BRACKET` players (whose matchings
#: are slow however many kinds), at most this many.
JOINT_WALK_MAX_KINDS_LARGE = 96
JOINT_WALK_LARGE_BRACKET = 200


def _joint_kinds_allowed(bracket_size: int) -> int:
    """How many kinds the joint walks take for a bracket of ``bracket_size`` players."""
    if bracket_size >= JOINT_WALK_LARGE_BRACKET:
        return JOINT_WALK_MAX_KINDS_LARGE
    return JOINT_WALK_MAX_KINDS


#: How many of the next bracket's lowest players :meth:`_Round._next_bracket_perfect` tries
#: to leave over (a speed setting: when none will do, the matchings decide the bracket).
LEFT_OVER_TRIES = 16


def _decided(
    pair: tuple[int, int],
    pairs: list[tuple[int, int]],
    report: BracketReport,
    finalized: set[int],
) -> None:
    """A pair of the bracket decided: into the round's pairs, the bracket's report and the
    players paired."""
    pairs.append(pair)
    report.pairs.append(pair)
    finalized.update(pair)


class NoCompletePairing(Exception):
    """No round-pairing satisfies the absolute criteria (A.9 / 1.9.3)."""


class _Round:
    #: Pair an even homogeneous bracket that can be paired in full by walking the D.1 order
    #: (:meth:`_paired_in_full`) rather than by matchings; off only to compare the two.
    walk_homogeneous = True

    def __init__(self, context: RoundContext) -> None:
        self.context = context
        self.facts: RoundFacts = round_facts(context)
        self.players = self.facts.players
        self.order = self.facts.order
        self.index = self.facts.index
        self.layout = Layout.for_round(self.facts)
        groups: list[list[int]] = []
        for n in self.order:
            if groups and self.players[groups[-1][0]].score == self.players[n].score:
                groups[-1].append(n)
            else:
                groups.append([n])
        self.groups = groups
        self._compatible: dict[tuple[int, int], bool] = {}
        # edge_weight reads only these of a player: players alike give equal criteria weights
        self._profile = {
            n: (
                p.score,
                p.preference,
                p.absolute,
                p.absolute_imbalance,
                p.strong,
                p.colour_difference,
                p.repeated,
                p.floats,
                p.bye_eligible,
                p.games_played,
            )
            for n, p in self.players.items()
        }
        # the same profiles as small numbers, for the walks' kinds (hashed very often there)
        interned: dict[tuple[object, ...], int] = {}
        self._kind = {
            n: interned.setdefault(profile, len(interned)) for n, profile in self._profile.items()
        }
        # what a pair's weight reads of its lower player when he stands below the bracket
        # (the completion and [C8]/[C9] fields, [C3]): the joint walks' kinds of those players
        below: dict[tuple[object, ...], int] = {}
        self._below_kind: dict[int, Hashable] = {
            n: (
                "below",
                below.setdefault(
                    (p.score, p.bye_eligible, p.games_played, p.absolute, p.preference),
                    len(below),
                ),
            )
            for n, p in self.players.items()
        }
        self._weights: dict[tuple[object, ...], int] = {}
        self._pairing_graph: PairingGraph | None = None
        self._bye_key: object = ()

    # ------------------------------------------------------------------ helpers
    def compatible(self, a: int, b: int) -> bool:
        key = (a, b) if a < b else (b, a)
        ok = self._compatible.get(key)
        if ok is None:
            hi, lo = (a, b) if self.index[a] < self.index[b] else (b, a)
            ok = self._compatible[key] = compatible(
                self.players[hi], self.players[lo], self.facts, self.context
            )
        return ok

    def ranked(self, numbers: Iterable[int]) -> list[int]:
        return sorted(numbers, key=self.index.__getitem__)

    # ------------------------------------------------------------------ A.9 / [C5]
    def _bye_facts(self) -> ByeFacts:
        """Check that a complete round-pairing exists (A.9 / 1.9) and find the lowest score
        the PAB receiver can have ([C5]) and whether [C9] bites in the first bracket."""
        order = self.order
        odd = len(order) % 2 == 1
        everybody_eligible = ByeFacts(self.players[order[0]].score if order else 0, {}, False)
        if not odd:
            if not self._completable(order, everybody_eligible):
                raise NoCompletePairing
            return ByeFacts(None, {}, False)
        bye_score = None
        for group in reversed(self.groups):  # [C5]: the lowest score first
            trial = ByeFacts(self.players[group[0]].score, {}, False)
            if any(bye_candidate(self.players[n], trial) for n in group) and self._completable(
                order, trial
            ):
                bye_score = trial.score
                break
        if bye_score is None:
            raise NoCompletePairing
        top = self.groups[0]
        single = False
        if bye_score >= self.players[top[0]].score:
            # [C9] from the first bracket on when the top scoregroup can be paired within
            # itself but for the PAB receiver, and the others among themselves
            rest = [n for n in order if n not in set(top)]
            if self._completable(rest, ByeFacts(None, {}, False)):
                single = any(
                    self.players[b].bye_eligible
                    and self._completable([n for n in top if n != b], ByeFacts(None, {}, False))
                    for b in top
                )
        counts = sorted(
            (self.players[n].games_played for n in order if self.players[n].score == bye_score),
            reverse=True,
        )
        if len(set(counts)) <= 1:
            # [C9] cannot tell the candidates apart (the same games played): it is constant
            return ByeFacts(bye_score, {}, False)
        ranks: dict[int, int] = {}
        for r, c in enumerate(counts):
            ranks[c] = r
        return ByeFacts(bye_score, ranks, single)

    # ------------------------------------------------------------------ matching
    def _edges(
        self,
        active: Sequence[int],
        current: set[int],
        nxt: set[int],
        bye: ByeFacts,
        far_bye: ByeFacts,
        barred: set[frozenset[int]],
        tiebreak: dict[tuple[int, int], int],
        low_bits: int,
        *,
        completion: bool = True,
        lower: set[int] | None = None,
        keep: TightPairs | None = None,
    ) -> list[tuple[int, int, int]]:
        """The weighted edges among ``active`` (criteria above, tie-break terms below); with
        ``lower``, only the edges whose lower-ranked player is in it; with ``keep``, only the
        pairs that can be in a best pairing (:func:`.joint_walk.tight_pairs`)."""
        edges = []
        players = self.players
        profile, cache = self._profile, self._weights
        near_key, far_key = _bye_key(bye), _bye_key(far_bye)
        keys = {
            Place.CURRENT: (near_key, Place.CURRENT, completion),
            Place.NEXT: (near_key, Place.NEXT, completion),
            Place.FAR: (far_key, Place.FAR, completion),
        }
        tight_key, tight = (keep.key, keep.weights) if keep is not None else ({}, {})
        for i, a in enumerate(active):
            pa = players[a]
            fa = profile[a]
            ka = tight_key.get(a)
            for b in active[i + 1 :]:
                if lower is not None and b not in lower:
                    continue
                if keep is not None and (ka, tight_key[b]) not in tight:
                    continue
                if not self.compatible(a, b):
                    continue
                if b in current:
                    if frozenset((a, b)) in barred:
                        continue
                    place = Place.CURRENT
                    facts = bye
                elif b in nxt:
                    place, facts = Place.NEXT, bye
                else:
                    place, facts = Place.FAR, far_bye
                key = (fa, profile[b], keys[place])
                w = cache.get(key)
                if w is None:
                    w = cache[key] = edge_weight(
                        pa, players[b], place, self.facts, self.layout, facts, completion=completion
                    )
                if w and (keep is None or keep.keep(a, b, w)):
                    edges.append((a, b, (w << low_bits) | tiebreak.get((a, b), 0)))
        return edges

    def _solve(
        self,
        active: Sequence[int],
        current: set[int],
        nxt: set[int],
        bye: ByeFacts,
        far_bye: ByeFacts,
        barred: set[frozenset[int]],
        tiebreak: dict[tuple[int, int], int],
        low_bits: int,
        *,
        completion: bool = True,
        hint: Sequence[tuple[int, int]] = (),
        keep: TightPairs | None = None,
    ) -> dict[int, int]:
        """A maximum-weight matching of ``active`` (criteria above, tie-break terms below;
        with ``keep``, over the pairs that can be in a best pairing alone)."""
        edges = self._edges(
            active,
            current,
            nxt,
            bye,
            far_bye,
            barred,
            tiebreak,
            low_bits,
            completion=completion,
            keep=keep,
        )
        return max_weight_matching(edges, hint=hint)

    def _perfect_candidate(
        self,
        carried: Sequence[int],
        residents: Sequence[int],
        nxt: Sequence[int],
        far: Sequence[int],
        bye: ByeFacts,
        bye0: ByeFacts,
    ) -> list[tuple[int, int]] | None:
        """B.3-B.4 / 3.3-3.4: the first candidate (MDPs against the first residents, then the
        remainder's S1 against its S2, one leftover at the end) if it is *perfect*: every pair
        legal and meeting every pair criterion ([C10]-[C13], [C15], [C17]), every MDP paired
        ([C7]), the most pairs ([C6]), a leftover without a downfloat then ([C14], [C16]), the
        next bracket able to pair it and make all its pairs ([C8]) and the round completable
        ([C4]).  A perfect candidate meets every criterion at its best and is the first in the
        order of section D, so it is what the matchings would choose; ``None`` otherwise."""
        m, r = len(carried), len(residents)
        if m > r:
            return None
        rest = list(residents[m:])
        k = len(rest) // 2
        candidate = list(zip(carried, residents[:m], strict=True)) + list(
            zip(rest[:k], rest[k : 2 * k], strict=True)
        )
        leftover = rest[2 * k :]
        played = self.facts.played_rounds
        for a, b in candidate:
            if not self.compatible(a, b):
                return None
            values = self.layout.unpack(
                edge_weight(
                    self.players[a], self.players[b], Place.CURRENT, self.facts, self.layout, bye
                )
            )
            if not all(values[6:10]) or (played >= 1 and not values[11]):
                return None
            if played >= 2 and not values[13]:
                return None
        for n in leftover:
            fl = self.players[n].floats
            if (played >= 1 and fl[0] is FloatKind.DOWN) or (
                played >= 2 and fl[1] is FloatKind.DOWN
            ):
                return None
        if not self._completable([*leftover, *nxt, *far], bye0):
            return None
        if leftover and (nxt or far) and not self._next_bracket_perfect(leftover, nxt, far, bye0):
            return None
        return candidate

    def _walk_weight(self, bye: ByeFacts) -> KindWeight:
        """The pair weight the walks read (:mod:`.homogeneous`): the quality criteria of a
        pair inside the bracket, ``None`` where [C3] parts the two."""
        facts, layout = self.facts, self.layout

        def weight(hi: DutchPlayer, lo: DutchPlayer) -> int | None:
            if not colour_compatible(hi, lo, facts):
                return None
            return edge_weight(hi, lo, Place.CURRENT, facts, layout, bye, completion=False)

        return weight

    def _may_meet_in(self, barred: set[frozenset[int]]) -> Callable[[int, int], bool]:
        """[C1]-[C3] for two players of a bracket, two MDPs of one origin barred."""
        return lambda a, b: self.compatible(a, b) and frozenset((a, b)) not in barred

    def _tight(
        self,
        players: Sequence[int],
        nxt: Sequence[int],
        far: Sequence[int],
        bye: ByeFacts,
        bye0: ByeFacts,
        barred: set[frozenset[int]],
    ) -> TightPairs | None:
        """The pairs that can be in a best pairing of ``players`` (the bracket's, in pairing
        order) and everybody below, where the kinds show it (:func:`.joint_walk.tight_pairs`)."""
        return tight_pairs(players, nxt, far, self._joint_round(players, bye, bye0, barred))

    def _joint_round(
        self,
        bracket: Sequence[int],
        bye: ByeFacts,
        bye0: ByeFacts,
        barred: set[frozenset[int]],
    ) -> JointRound:
        """What the joint walks read of the round for ``bracket``'s players and those below."""
        return JointRound(
            self.players,
            self._joint_kinds(bracket),
            self._joint_weight(bye, bye0),
            self._may_meet_in(barred),
            self._barred_in(barred),
        )

    def _joint_kinds(self, bracket: Sequence[int]) -> dict[int, Hashable]:
        """The joint walks' kinds: the bracket's players by all the criteria read of them,
        the players below by what a pair reads of its lower player there."""
        kinds = dict(self._below_kind)
        kinds.update((n, self._kind[n]) for n in bracket)
        return kinds

    def _barred_in(self, barred: set[frozenset[int]]) -> Callable[[int], Collection[int]]:
        """Whom a player may not meet ([C1]), the ``barred`` pairs (two MDPs of one origin)
        too."""
        same: dict[int, set[int]] = {}
        for pair in barred:
            a, b = pair
            same.setdefault(a, set()).add(b)
            same.setdefault(b, set()).add(a)
        context = self.context
        return lambda n: context.barred(n) | same[n] if n in same else context.barred(n)

    def _joint_weight(self, bye: ByeFacts, bye0: ByeFacts) -> PlaceWeight:
        """The pair weight the joint walk reads (:mod:`.joint_walk`): what the matchings over
        the bracket and everybody below weigh (the [C4] completion field in; further down,
        the round's PAB facts), ``None`` where [C3] parts the two."""
        facts, layout = self.facts, self.layout
        # (players of one profile weigh alike: the matchings' cache of weights, keyed as
        # :meth:`_edges` keys it, serves the walks too)
        profile, cache = self._profile, self._weights
        near_key, far_key = _bye_key(bye), _bye_key(bye0)

        def weight(hi: DutchPlayer, lo: DutchPlayer, place: Place) -> int | None:
            if not colour_compatible(hi, lo, facts):
                return None
            far = place is Place.FAR
            key = (
                profile[hi.number],
                profile[lo.number],
                (far_key if far else near_key, place, True),
            )
            w = cache.get(key)
            if w is None:
                w = cache[key] = edge_weight(hi, lo, place, facts, layout, bye0 if far else bye)
            return w or None

        return weight

    def _rest_fits(
        self,
        walked: FullPairing,
        nxt: Sequence[int],
        far: Sequence[int],
        bye0: ByeFacts,
        pab_below: bool,
    ) -> bool:
        """What the walk's bound leaves out: with an odd bracket's floater, [C4] and [C8] at
        their best (the next bracket pairs him and makes all the pairs its size allows), and
        with ``pab_below`` (the next bracket, the last, gives the PAB) [C9] at its best too:
        the PAB can still go to a candidate who played the most games."""
        f = walked.floater
        if f is None:
            return True
        if not nxt:  # the last bracket: the floater takes the PAB
            return bye_candidate(self.players[f], bye0)
        if not pab_below:
            return self._next_bracket_perfect([f], nxt, far, bye0)
        return self._c9_pab_at_best([f, *nxt], bye0)

    def _c9_pab_at_best(self, group: Sequence[int], bye0: ByeFacts) -> bool:
        """[C4], [C8] and [C9] at their best for the last bracket ``group`` (odd): one of the
        PAB candidates ([C2], [C5]) with the most games played can take the PAB while all
        the others are paired."""
        if len(group) % 2 == 0:
            return False
        candidates = [n for n in group if bye_candidate(self.players[n], bye0)]
        if not candidates:
            return False
        most = max(self.players[n].games_played for n in candidates)
        graph = self._graph(ByeFacts(None, {}, False))
        for b in candidates:
            if self.players[b].games_played == most and graph.completable(
                [n for n in group if n != b], bye=False
            ):
                return True
        return False

    def _kinds(self, bye: ByeFacts, bye0: ByeFacts, pab: bool) -> Kinds:
        """The players' kinds for the walks, with the pair weights of ``bye``; with ``pab``
        (the last bracket's floater takes the PAB) only a possible PAB receiver may be left
        over."""
        floatable = (lambda p: bye_candidate(p, bye0)) if pab else None
        return Kinds(self.players, self._kind, self._walk_weight(bye), floatable)

    def _paired_in_full(
        self,
        residents: Sequence[int],
        nxt: Sequence[int],
        far: Sequence[int],
        bye: ByeFacts,
        bye0: ByeFacts,
        pab_below: bool = False,
    ) -> list[tuple[int, int]] | None:
        """B.6 / 3.6 for a homogeneous bracket paired in full (but for one floater, who goes
        to the next bracket, when it is odd) with the rest of the round completable ([C4]):
        the first pairing of D.1-D.2 / 4.2-4.3 among the best for [C10]-[C21], walked
        directly (:func:`.homogeneous.pair_in_full`); ``None`` when the walk cannot certify
        it."""
        odd = len(residents) % 2 == 1
        if (odd and not nxt and bye0.score is None) or (
            not odd and not self._completable([*nxt, *far], bye0)
        ):
            return None
        kinds = self._kinds(bye, bye0, odd and not nxt)
        walked = pair_in_full(residents, kinds, self.compatible)
        if walked is None or not self._rest_fits(walked, nxt, far, bye0, pab_below):
            return None
        return walked.pairs

    def _b7_one_mdp_in_full(
        self,
        mdp: int,
        residents: Sequence[int],
        nxt: Sequence[int],
        far: Sequence[int],
        bye: ByeFacts,
        bye0: ByeFacts,
        pab_below: bool = False,
    ) -> list[tuple[int, int]] | None:
        """B.7 / 3.7 for a bracket of one MDP paired in full (but for one resident floater
        when the remainder is odd): the MDP-pairing is the first resident of S2 (D.1 / 4.2
        with N1 = 1) with whom a best candidate exists, the remainder then walked as a
        homogeneous bracket (:meth:`_paired_in_full`).

        A candidate is worth the MDP's pair plus its remainder's pairing, and the remainder of
        ``r`` is worth at most half a bound of the kinds of ``residents`` without ``r``
        (:meth:`.homogeneous.Kinds.without`): the first resident whose bound is the highest,
        when the walk of his remainder reaches that bound, gives a best candidate, and no
        resident before him can (their bounds are lower).  ``None`` when this cannot be
        certified (a tie the walk does not settle, a loose bound, or [C4]/[C8]/[C9] for the
        floater)."""
        odd_rest = len(residents) % 2 == 0
        if not residents or (odd_rest and not nxt and bye0.score is None):
            return None
        if not odd_rest and not self._completable([*nxt, *far], bye0):
            return None
        # (the empty seat of the residents' own assignment goes with the MDP's opponent when
        # the remainder is even: only an odd remainder's seat is the PAB's)
        kinds = self._kinds(bye, bye0, odd_rest and not nxt)
        walked = self._b7_walk(mdp, residents, kinds)
        if walked is None or not self._rest_fits(walked, nxt, far, bye0, pab_below):
            return None
        return walked.pairs

    def _b7_walk(self, mdp: int, residents: Sequence[int], kinds: Kinds) -> FullPairing | None:
        """The MDP's opponent (the first resident whose remainder's bound is the highest; see
        :meth:`_b7_one_mdp_in_full`) and the walk of his remainder, the MDP's pair first."""
        profile = self._kind
        top = self.players[mdp]
        solved = kinds.symmetric(residents)
        worth: dict[Hashable, int | None] = {}
        pair_worth: dict[Hashable, int | None] = {}
        options = [r for r in residents if self.compatible(mdp, r)]
        for r in options:
            k = profile[r]
            if k not in worth:
                w = pair_worth[k] = kinds.weight(top, self.players[r])
                rest = None if w is None else Kinds.without(solved, k)
                worth[k] = None if w is None or rest is None else 2 * w + rest
        best = max((v for v in worth.values() if v is not None), default=None)
        chosen = next((r for r in options if best is not None and worth[profile[r]] == best), None)
        if chosen is None or best is None:
            return None
        w = pair_worth[profile[chosen]]
        assert w is not None
        walked = pair_in_full(
            [x for x in residents if x != chosen], kinds, self.compatible, known_bound=best - 2 * w
        )
        if walked is None:
            return None
        return FullPairing([(mdp, chosen), *walked.pairs], walked.floater, best // 2)

    def _next_bracket_perfect(
        self, floaters: Sequence[int], nxt: Sequence[int], far: Sequence[int], bye0: ByeFacts
    ) -> bool:
        """[C8] at its best: the next bracket pairs every floater and makes as many pairs as
        its size allows, with the round still completable (:meth:`_left_over_ones`, then the
        one left over with the players further down; ``False`` means only that this did not
        show it)."""
        return any(
            self._completable([*left, *far], bye0)
            for left in self._left_over_ones([*floaters, *nxt], nxt)
        )

    def _left_over_ones(self, group: Sequence[int], nxt: Sequence[int]) -> Iterator[list[int]]:
        """Who ``group`` (floaters and the next bracket ``nxt``) can leave over while it pairs
        everybody else, floaters included: nobody when its size is even, else one of the
        :data:`LEFT_OVER_TRIES` lowest of ``nxt`` (warm-started complete pairings, not a
        maximum matching per floater; an empty answer means only that these did not do)."""
        graph = self._graph(ByeFacts(None, {}, False))
        if len(group) % 2 == 0:
            if graph.completable(group, bye=False):
                yield []
            return
        for u in list(reversed(nxt))[:LEFT_OVER_TRIES]:
            # (the graph asked for again: the caller may have set another PAB score since)
            if self._graph(ByeFacts(None, {}, False)).completable(
                [n for n in group if n != u], bye=False
            ):
                yield [u]

    def _max_pairs(self, players: Sequence[int]) -> int:
        """The most pairs ``players`` can make among themselves under [C1]-[C3]."""
        graph = self._graph(ByeFacts(None, {}, False))
        mate, active = graph.maximum_matching(players, bye=False)
        return sum(1 for v in range(graph.size) if active >> v & 1 and mate[v] >= 0) // 2

    def _graph(self, bye: ByeFacts) -> PairingGraph:
        """The round's [C1]-[C3] as the core's bit-set graph, its bye vertex joined to the
        possible PAB receivers of ``bye`` ([C2], [C5])."""
        graph = self._pairing_graph
        if graph is None:
            graph = self._pairing_graph = PairingGraph(self.context, list(self.order))
        key = bye.score
        if self._bye_key != key:
            self._bye_key = key
            vertex = graph.bye
            mask = 0
            for i, n in enumerate(graph.numbers):
                if bye_candidate(self.players[n], bye):
                    mask |= 1 << i
                    graph.adj[i] |= 1 << vertex
                else:
                    graph.adj[i] &= ~(1 << vertex)
            graph.adj[vertex] = mask
            mate = graph._mate
            if mate[vertex] >= 0:  # the warm start may not keep a pair the change removed
                other = mate[vertex]
                mate[vertex] = mate[other] = -1
                graph._matched &= ~((1 << vertex) | (1 << other))
        return graph

    def _completable(self, players: Sequence[int], bye: ByeFacts) -> bool:
        """[C4]: ``players`` can all be paired under [C1]-[C3], but for one PAB receiver
        ([C2], with no more than the lowest PAB score, [C5]) when their number is odd."""
        return self._graph(bye).completable(players)

    def _stage(
        self,
        bracket: Sequence[int],
        nxt: Sequence[int],
        far: Sequence[int],
        bye: ByeFacts,
        bye0: ByeFacts,
        barred: set[frozenset[int]],
        tiebreak: dict[tuple[int, int], int],
        low_bits: int,
        local: bool,
        hint: Sequence[tuple[int, int]] = (),
        keep: TightPairs | None = None,
    ) -> dict[int, int]:
        """One matching of the bracket.  With ``local``, first over the bracket and the next
        scoregroup alone: the players further down carry only the completion criterion, so
        when the players this leaves unpaired can be paired with them ([C4]) the answer is the
        one over the whole field; otherwise the whole field is matched (with ``keep``, over
        the pairs that can be in a best pairing alone)."""
        current, nxt_set = set(bracket), set(nxt)
        if local and far:
            near = self.ranked([*bracket, *nxt])
            matching = WeightedMatching.from_edges(
                self._edges(
                    near, current, nxt_set, bye, bye0, barred, tiebreak, low_bits, completion=False
                ),
                hint=hint,
            )
            mates = matching.solve()
            if self._completable([*(n for n in near if n not in mates), *far], bye0):
                return mates
            # the whole field, from this optimum: the [C4] field of a pair is the sum of one
            # term per player (1/2, and 1 more if he may not take the PAB), added to every edge
            # of the bracket and the next scoregroup as potentials (each slack kept), then the
            # edges of the players further down
            unit = self.layout.completion_unit << low_bits
            matching.add_potentials(
                {n: (unit >> 1) * (1 + 2 * (not bye_candidate(self.players[n], bye))) for n in near}
            )
            active = [*near, *self.ranked(far)]
            for a, b, w in self._edges(
                active, current, nxt_set, bye, bye0, barred, tiebreak, low_bits, lower=set(far)
            ):
                matching.set_weight(b, a, w)
            return matching.solve()
        active = self.ranked([*bracket, *nxt, *far])
        return self._solve(
            active, current, nxt_set, bye, bye0, barred, tiebreak, low_bits, hint=hint, keep=keep
        )

    # ------------------------------------------------------------------ the round
    def pair(self) -> RoundResult:
        bye0 = self._bye_facts()
        bye = bye0
        carried: list[int] = []
        origin: dict[int, int] = {}
        finalized: set[int] = set()
        pairs: list[tuple[int, int]] = []
        reports: list[BracketReport] = []
        groups = self.groups
        gi = 0
        while gi < len(groups) or len(carried) > 1:
            residents = groups[gi] if gi < len(groups) else []
            if len(carried) + len(residents) <= 1 and gi + 1 >= len(groups):
                carried = self.ranked(carried + residents)
                gi += 1
                break
            nxt = groups[gi + 1] if gi + 1 < len(groups) else []
            far = [n for g in groups[gi + 2 :] for n in g]
            bracket = carried + residents
            # a matching over the bracket and the next scoregroup suffices unless the players
            # further down carry [C9] (they then carry more than the completion criterion)
            local = not bye0.single_downfloater and not (
                bye0.score is not None
                and bye0.unplayed_rank
                and nxt
                and bye0.score >= self.players[nxt[0]].score
            )
            barred = {
                frozenset((a, b))
                for i, a in enumerate(carried)
                for b in carried[i + 1 :]
                if a in origin and origin.get(a) == origin.get(b)
            }
            report = BracketReport(
                score=self.players[residents[0]].score if residents else 0,
                moved_down=tuple(carried),
            )
            # B.4 / 3.4: the first candidate, when it is perfect, is the answer; else a
            # bracket of at most one MDP paired in full (one floater at most) by walking D.1,
            # when the walk can certify it: where the matching would be local, in the last
            # bracket ([C9] in its pair weights, the floater takes the PAB) and in the bracket
            # above it when the last gives the PAB ([C9] then checked on the floater)
            perfect = None
            if local and not bye.single_downfloater:
                perfect = self._perfect_candidate(carried, residents, nxt, far, bye, bye0)
            pab_below = not local and not far and bool(nxt)
            walk = not nxt or (not bye.single_downfloater and (local or pab_below))
            if perfect is None and self.walk_homogeneous and walk:
                if not carried:
                    perfect = self._paired_in_full(residents, nxt, far, bye, bye0, pab_below)
                elif len(carried) == 1:
                    perfect = self._b7_one_mdp_in_full(
                        carried[0], residents, nxt, far, bye, bye0, pab_below
                    )
            mates: dict[int, int] = {}
            rem_set: set[int] = set()
            if perfect is not None:
                for a, b in perfect:
                    _decided((a, b), pairs, report, finalized)
                rem_set = set(residents)
            else:
                # 1. the MDP-pairing (B.7, D.3/4.4)
                resident_set = set(residents)
                # (the walks' mates stand for the matchings' in [C9]'s look at the next
                # bracket below only where they must agree: nobody further down)
                mates_read = bool(
                    bye0.score is not None
                    and bye0.unplayed_rank
                    and nxt
                    and bye0.score >= self.players[nxt[0]].score
                )
                joint_ok = (
                    self.walk_homogeneous
                    and walk
                    and not (mates_read and far)
                    and len(bracket) + len(nxt) + len(far) >= JOINT_WALK_MIN_PLAYERS
                    and len({self._kind[n] for n in bracket})
                    + len({self._below_kind[n] for g in (nxt, far) for n in g})
                    <= _joint_kinds_allowed(len(bracket))
                )
                # (when the walks do not pair the bracket, the matchings over the whole field
                # keep only the pairs that can be in a best pairing, where the kinds show it)
                full_model = joint_ok and not (local and far)
                keep: TightPairs | None = None
                keep_asked = False
                mdp_walk = None
                if carried and joint_ok:
                    # B.7 / 3.7 with D.3 / 4.4: the MDP-pairing walked with the players below
                    # in its bound, certified by a pairing of the rest (:mod:`.joint_walk`)
                    mdp_walk = walk_mdps(
                        carried,
                        residents,
                        nxt,
                        far,
                        self._joint_round(bracket, bye, bye0, barred),
                    )
                if mdp_walk is not None:
                    mates = mdp_walk.below
                    for pair in mdp_walk.pairs:
                        _decided(pair, pairs, report, finalized)
                elif carried:
                    if full_model:
                        keep = self._tight(bracket, nxt, far, bye, bye0, barred)
                        keep_asked = True
                    tb, low = mdp_tiebreak(carried, residents)
                    hint = _mdp_hint(carried, residents, nxt)
                    mates = self._stage(
                        bracket, nxt, far, bye, bye0, barred, tb, low, local, hint, keep
                    )
                    for m in carried:
                        r = mates.get(m)
                        if r is not None and r in resident_set:
                            _decided((m, r), pairs, report, finalized)
                remainder = [r for r in residents if r not in finalized]
                rem_set = set(remainder)
                # 2. the remainder (B.6, D.1-D.2 / 4.2-4.3); S1 holds as many players as the
                # remainder makes pairs: first tried with the most it could make by itself, then,
                # if the criteria allow fewer, with that number.  That number is the [C7]
                # counter of the residents' score in the criteria's optimum, the same whatever
                # the tie-break terms below them; after an MDP-pairing its optimum holds the
                # remainder's (the MDP pairs taken out, the rest is optimal for the rest), so
                # the remainder is matched with that number at once (and from the most it
                # could make by itself, as the text says, should the count not hold)
                joint = None
                if (
                    remainder
                    and joint_ok
                    and len(remainder) + len(finalized & set(bracket)) == len(bracket)
                ):
                    # B.6 / 3.6 for a remainder not paired in full: the D.1 walk with the
                    # players below in its bound, certified by a pairing of the rest
                    # (:mod:`.joint_walk`); its mates stand for the matchings' in [C9] below
                    joint = walk_remainder(
                        remainder,
                        nxt,
                        far,
                        self._joint_round(remainder, bye, bye0, barred),
                        None if mdp_walk is None else mdp_walk.rest,
                    )
                if joint is not None:
                    mates = joint.below
                    for a, b in joint.pairs:
                        _decided((a, b), pairs, report, finalized)
                elif remainder:
                    rest = [n for n in bracket if n not in finalized]
                    if full_model and not keep_asked:
                        keep = self._tight(rest, nxt, far, bye, bye0, barred)
                    tried: set[int] = set()
                    predicted = (
                        sum(1 for r in remainder if mates.get(r) in rem_set) // 2
                        if carried
                        else (keep.inside if keep is not None else None)
                    )
                    rem_pairs = self._max_pairs(remainder) if predicted is None else predicted
                    while True:
                        tried.add(rem_pairs)
                        tb, low = remainder_tiebreak(remainder, rem_pairs)
                        hint = _remainder_hint(remainder, rem_pairs, nxt)
                        mates = self._stage(
                            rest, nxt, far, bye, bye0, barred, tb, low, local, hint, keep
                        )
                        made = sum(1 for r in remainder if mates.get(r) in rem_set) // 2
                        if predicted is not None and made != predicted:  # pragma: no cover
                            # (the count is the criteria's, [C7]: not expected to happen)
                            predicted = None
                            tried.clear()
                            rem_pairs = self._max_pairs(remainder)
                            continue
                        predicted = None
                        if made == rem_pairs or made in tried:
                            break
                        rem_pairs = made
                    for a in remainder:
                        b = mates.get(a)  # type: ignore[assignment]
                        if b is not None and b in rem_set and self.index[b] > self.index[a]:
                            _decided((a, b), pairs, report, finalized)
            left = [n for n in bracket if n not in finalized]
            for n in left:
                if n in rem_set:
                    origin[n] = gi
            report.floaters = tuple(left)
            report.failures = self._failures(report.pairs, bracket, bye)
            reports.append(report)
            # [C9]: does the next bracket hold the PAB receiver alone?
            if bye0.score is not None and bye0.unplayed_rank and gi + 1 < len(groups):
                next_score = self.players[groups[gi + 1][0]].score
                single = bye0.score >= next_score and all(
                    self.players[mates.get(n, n)].score >= next_score for n in left + nxt
                )
            else:
                single = False
            bye = ByeFacts(bye0.score, bye0.unplayed_rank, single)
            carried = self.ranked(left)
            gi += 1
        leftover = [n for n in carried if n not in finalized]
        if len(leftover) > 1 or (
            leftover and not bye_candidate(self.players[leftover[0]], bye0)
        ):  # pragma: no cover - the completion field forbids it
            raise NoCompletePairing
        return RoundResult(pairs, leftover[0] if leftover else None, reports, bye0.score)

    # ------------------------------------------------------------------ explanation
    def _failures(
        self, pairs: Sequence[tuple[int, int]], bracket: Sequence[int], bye: ByeFacts
    ) -> dict[str, int]:
        """For each quality criterion, how many of its conditions the bracket's pairs miss:
        pairs not made ([C6]), MDPs not paired ([C7]), pairs failing a colour criterion
        ([C10]-[C13]), resident downfloaters who had a downfloat ([C14]/[C16]) and MDP
        opponents who had an upfloat ([C15]/[C17])."""
        out: dict[str, int] = {}
        col = 2 if self.facts.edition.value == "2017" else 1
        names = [rule[col] for rule in FIELD_RULES]
        paired = {n for p in pairs for n in p}
        floaters = [n for n in bracket if n not in paired]
        if len(bracket) // 2 > len(pairs):
            out[names[1]] = len(bracket) // 2 - len(pairs)
        top = max((self.players[n].score for n in bracket), default=0)
        resident_score = min((self.players[n].score for n in bracket), default=0)
        unpaired_mdps = sum(1 for n in floaters if self.players[n].score > resident_score)
        if unpaired_mdps and top > resident_score:
            out[names[2]] = unpaired_mdps
        sums = [0] * len(FIELD_RULES)
        for a, b in pairs:
            hi, lo = (a, b) if self.index[a] < self.index[b] else (b, a)
            w = edge_weight(
                self.players[hi], self.players[lo], Place.CURRENT, self.facts, self.layout, bye
            )
            for k, v in enumerate(self.layout.unpack(w)):
                sums[k] += v
        for k in (6, 7, 8, 9):  # colour criteria: one condition per pair
            if len(pairs) > sums[k] and names[k]:
                out[names[k]] = len(pairs) - sums[k]
        for back, (down, up) in enumerate(((10, 11), (12, 13))):
            if self.facts.played_rounds <= back:
                continue
            again = sum(
                1
                for n in floaters
                if self.players[n].score == resident_score
                and self.players[n].floats[back] is FloatKind.DOWN
            )
            if again:
                out[names[down]] = again
            if len(pairs) > sums[up]:
                out[names[up]] = len(pairs) - sums[up]
        return out


class _Round2017(_Round):
    """The 2017 edition: completion only in the PPB and the CLB (A.9), PSD criteria (A.8)."""

    def _eligible_completable(self, players: Sequence[int]) -> bool:
        """C.1-C.3 with C.2: ``players`` can all be paired, an odd one out eligible for the
        PAB."""
        everybody = ByeFacts(1 << 40, {}, False)  # every eligible player
        return self._completable(players, everybody)

    def _a9_ppb_shown(
        self, carried: Sequence[int], residents: Sequence[int], lower: Sequence[int]
    ) -> bool:
        """A.9 known before the bracket is paired: the bracket (no MDPs) is the PPB when no
        pairing of it can leave the rest completable.  Its pairings make the most pairs
        (C.5 comes first), so they leave ``f`` floaters, ``f`` the players a maximum
        matching of the bracket leaves; each floater lets the players below make at most one
        pair more, so when a maximum matching of those leaves at least ``f + 2`` of them
        unpaired, two or more are unpaired whatever the floaters: the rest is not
        completable.  (A speed setting of a kind: the bracket is otherwise paired and the
        rest tried, with the same outcome.)"""
        if carried or self._eligible_completable(lower):
            return False  # (the players below complete on their own: not shown so)
        floaters = len(residents) - 2 * self._max_pairs(residents)
        return len(lower) - 2 * self._max_pairs(lower) >= floaters + 2

    def _joint_2017(
        self,
        carried: Sequence[int],
        active: Sequence[int],
        layout: Layout2017,
    ) -> JointRound | None:
        """What the joint walks read of the round for the PPB or the CLB (``None`` where they
        are not used: see :data:`JOINT_WALK_MIN_PLAYERS`): the 2017 weights, two MDPs never
        paired together (B.7: they meet residents)."""
        if (
            not self.walk_homogeneous
            or len(active) < JOINT_WALK_MIN_PLAYERS
            or len({self._kind[n] for n in active})
            > _joint_kinds_allowed(len(carried) + len(self._resident_set))
        ):
            return None
        facts = self.facts
        mdps = frozenset(carried)

        def weight(hi: DutchPlayer, lo: DutchPlayer, place: Place) -> int | None:
            if not colour_compatible(hi, lo, facts):
                return None
            w = edge_weight_2017(hi, lo, place, facts, layout)
            return w if w > 0 else None

        def may_meet(a: int, b: int) -> bool:
            return self.compatible(a, b) and not (a in mdps and b in mdps)

        context = self.context

        def barred(n: int) -> Collection[int]:
            return context.barred(n) | mdps if n in mdps else context.barred(n)

        return JointRound(self.players, self._kind, weight, may_meet, barred)

    def _solve_2017(
        self,
        active: Sequence[int],
        bracket: Sequence[int],
        layout: Layout2017,
        tiebreak: dict[tuple[int, int], int],
        low_bits: int,
        hint: Sequence[tuple[int, int]] = (),
        keep: TightPairs | None = None,
    ) -> dict[int, int]:
        current = set(bracket)
        players = self.players
        edges = []
        tight_key, tight = (keep.key, keep.weights) if keep is not None else ({}, {})
        for i, a in enumerate(active):
            ka = tight_key.get(a)
            for b in active[i + 1 :]:
                if keep is not None and (ka, tight_key[b]) not in tight:
                    continue
                if not self.compatible(a, b):
                    continue
                if b in current:
                    if a not in self._resident_set and b not in self._resident_set:
                        continue  # two MDPs are never paired together
                    place = Place.CURRENT
                else:
                    place = Place.NEXT
                w = edge_weight_2017(players[a], players[b], place, self.facts, layout)
                if w > 0 and (keep is None or keep.keep(a, b, w)):
                    edges.append((a, b, (w << low_bits) + tiebreak.get((a, b), 0)))
        return max_weight_matching(edges, hint=hint)

    def _walk_2017(
        self,
        carried: Sequence[int],
        residents: Sequence[int],
        below: Sequence[int],
        layout: Layout2017,
        *,
        special: bool,
        final: bool,
    ) -> FullPairing | None:
        """B.6 with D.1-D.2 for a homogeneous bracket paired in full, walked
        (:func:`.homogeneous.pair_in_full`) as in the current text (and B.7 with one MDP, who
        is then paired: C.6): its pairs then meet C.5 and C.6 at their best, C.7 and, in the
        PPB, C.4 hold when the players below can pair among themselves, and C.8-C.19 are
        sums over the pairs.  Odd: in the CLB (nobody below) its floater takes the PAB (C.2);
        in a bracket that is neither the PPB nor followed by the last scoregroup, C.7 is at
        its best when the next scoregroup can pair the floater and make all the pairs its
        size allows (checked on the result).  ``None`` otherwise or when the walk cannot
        certify it."""
        if not self.walk_homogeneous or len(carried) > 1 or len(residents) < 2:
            return None
        odd = (len(carried) + len(residents)) % 2 == 1
        if odd and (below if special else not below):
            return None
        if below and not self._eligible_completable(below):
            return None
        facts = self.facts
        # before the last scoregroup, C.7's pairs carry C.2 (the PAB eligibility of both
        # players): once everybody but one eligible PAB receiver is paired (checked on the
        # floater below) that count is the same for every such pairing, but a pair of this
        # bracket would carry it and the floater's pair there not: left out of the walk's
        # weights
        c7_unit = 1 << sum(layout.widths()[4:]) if final and not special else 0

        def weight(hi: DutchPlayer, lo: DutchPlayer) -> int | None:
            if not colour_compatible(hi, lo, facts):
                return None
            w = edge_weight_2017(hi, lo, Place.CURRENT, facts, layout)
            return w - c7_unit * ((not hi.bye_eligible) + (not lo.bye_eligible))

        floatable = (lambda p: p.bye_eligible) if odd and special else None
        kinds = Kinds(self.players, self._kind, weight, floatable)
        if carried:  # B.7 with one MDP, as in the current text
            walked = self._b7_walk(carried[0], residents, kinds)
        else:
            walked = pair_in_full(residents, kinds, self.compatible)
        if walked is not None and walked.floater is not None and not special:
            f = walked.floater
            if final:
                # C.7 of the last bracket, with C.2: all paired but one PAB receiver, the
                # floater paired there
                everybody = ByeFacts(1 << 40, {}, False)
                shown = self._graph(everybody).completable_within([f, *below], [f], below)
            else:
                # C.7 at its best: the next scoregroup pairs the floater and makes every pair
                shown = any(True for _ in self._left_over_ones([f, *below], below))
            if not shown:
                return None
        return walked

    def _pair_bracket(
        self,
        carried: list[int],
        residents: list[int],
        below: list[int],
        *,
        special: bool,
        final: bool,
    ) -> tuple[list[tuple[int, int]], list[int]]:
        """B.1-B.8 for one bracket: its pairs and its downfloaters."""
        bracket = carried + residents
        active = self.ranked(bracket + below)
        lowest = min(self.players[n].score for n in active)
        layout = Layout2017.for_bracket(
            [self.players[n] for n in bracket],
            [self.players[n] for n in residents],
            lowest,
            len(active),
            special=special,
            final=final,
        )
        self._resident_set = set(residents)
        walked = self._walk_2017(carried, residents, below, layout, special=special, final=final)
        if walked is not None:
            paired = {n for pair in walked.pairs for n in pair}
            return walked.pairs, [n for n in bracket if n not in paired]
        pairs: list[tuple[int, int]] = []
        done: set[int] = set()
        # the PPB and the CLB (C.4 in the weights: everybody paired but one PAB receiver) are
        # walked with the players below as in the current text (:mod:`.joint_walk`), or their
        # matchings keep only the pairs that can be in a best pairing
        joint = self._joint_2017(carried, active, layout) if special else None
        keep: TightPairs | None = None
        if carried:
            mdp_walk = None if joint is None else walk_mdps(carried, residents, below, [], joint)
            if mdp_walk is not None:
                pairs.extend(mdp_walk.pairs)
                done.update(n for pair in mdp_walk.pairs for n in pair)
            else:
                if joint is not None:
                    keep = tight_pairs(bracket, below, [], joint)
                tb, low = mdp_tiebreak(carried, residents)
                hint = _mdp_hint(carried, residents, below)
                mates = self._solve_2017(active, bracket, layout, tb, low, hint, keep)
                for m in carried:
                    r = mates.get(m)
                    if r is not None and r in self._resident_set:
                        pairs.append((m, r))
                        done.update((m, r))
        remainder = [r for r in residents if r not in done]
        rem_set = set(remainder)
        walked_rest = None
        if remainder and joint is not None and all(m in done for m in carried):
            walked_rest = walk_remainder(remainder, below, [], joint)
        if walked_rest is not None:
            pairs.extend(walked_rest.pairs)
            done.update(n for pair in walked_rest.pairs for n in pair)
        elif remainder:
            rest = [n for n in active if n not in done]
            if joint is not None and keep is None:
                keep = tight_pairs([n for n in bracket if n not in done], below, [], joint)
            tried: set[int] = set()
            # (the pairs the remainder makes are the criteria's, whatever S1's size: starting
            # from the kinds' count spares the matching with the most it could make)
            rem_pairs = (
                keep.inside if keep is not None and not carried else self._max_pairs(remainder)
            )
            while True:
                tried.add(rem_pairs)
                tb, low = remainder_tiebreak(remainder, rem_pairs)
                hint = _remainder_hint(remainder, rem_pairs, below)
                mates = self._solve_2017(
                    rest, [n for n in bracket if n not in done], layout, tb, low, hint, keep
                )
                made = sum(1 for r in remainder if mates.get(r) in rem_set) // 2
                if made == rem_pairs or made in tried:
                    break
                rem_pairs = made
            for a in remainder:
                b = mates.get(a)
                if b is not None and b in rem_set and self.index[b] > self.index[a]:
                    pairs.append((a, b))
                    done.update((a, b))
        return pairs, [n for n in bracket if n not in done]

    def pair(self) -> RoundResult:
        if not self._eligible_completable(self.order):
            raise NoCompletePairing
        groups = self.groups
        carried: list[int] = []
        pairs: list[tuple[int, int]] = []
        reports: list[BracketReport] = []
        no_bye = ByeFacts(None, {}, False)
        gi = 0
        special = len(groups) <= 1
        while gi < len(groups):
            if special:  # the PPB's downfloaters and everybody left: the CLB (A.9)
                residents = [n for g in groups[gi:] for n in g]
                below: list[int] = []
                gi = len(groups)
            else:
                residents = groups[gi]
                below = groups[gi + 1] if gi + 1 < len(groups) else []
            final = gi + 2 >= len(groups)
            lower = [n for g in groups[gi + 1 :] for n in g]
            if special or not self._a9_ppb_shown(carried, residents, lower):
                made, left = self._pair_bracket(
                    carried, residents, below, special=special, final=final
                )
                ppb = not special and not self._eligible_completable(left + lower)
            else:
                ppb = True
            if not special and ppb:
                # A.9: this bracket is the PPB; paired again with C.4 over everybody left
                made, left = self._pair_bracket(carried, residents, lower, special=True, final=True)
            report = BracketReport(
                self.players[residents[0]].score if residents else 0, tuple(carried)
            )
            report.pairs = made
            report.floaters = tuple(left)
            report.failures = self._failures(made, carried + residents, no_bye)
            reports.append(report)
            pairs.extend(made)
            carried = self.ranked(left)
            if not special:
                gi += 1
                special = ppb or gi + 1 >= len(groups)
        if len(carried) > 1 or (carried and not self.players[carried[0]].bye_eligible):
            raise NoCompletePairing  # pragma: no cover - C.4 in the CLB forbids it
        bye = carried[0] if carried else None
        return RoundResult(pairs, bye, reports, self.players[bye].score if bye else None)


def pair_dutch_round(context: RoundContext) -> RoundResult:
    """Pair the round of ``context`` (raises :class:`NoCompletePairing`)."""
    if round_facts(context).edition is Edition.DUTCH_2017:
        return _Round2017(context).pair()
    return _Round(context).pair()
