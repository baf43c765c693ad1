"""Dutch-1992 C1–C14: the pairing procedure of one score bracket.

The engine (``swisspairing.engine.Engine.pair_brackets``) walks the brackets from the top
and backtracks between them; this module says, for one bracket, which pairings the
procedure reaches and in which order.  :func:`bracket_outcomes` yields them lazily, so the
engine asks for the next one only when a lower bracket could not be paired:

- **C1** a resident without any possible opponent in the bracket (B1/B2) moves down at once;
  a moved-down player without one makes the bracket report ``cost > 0``, which asks the
  engine to re-pair the bracket above first (**C12**); in the lowest bracket nothing is
  yielded, and the engine undoes the penultimate bracket (**C13**) — the penultimate one's
  P = 0 outcome is the merge of the two lowest brackets.
- **C2–C6** X (A8), P (A6), S1/S2 (C4, C5), then the pairs S1[i]–S2[i].
- **C7** transpositions of S2 in D1 order, **C8** exchanges in D2 order (homogeneous groups).
- **C9** relaxes B6, then B5, for downfloats; **C10** B6, then B5, for upfloats (AMB-D1; the
  German wording drops only B5: parameter ``float_relaxation: german``).  The alternative
  opponents of the moved-down players (C10's first sentence) are the outer loop over the
  heterogeneous part's transpositions.
- **C11** raises X step by step up to P.
- last round: the B-note exemption for topscorers (AMB-D3) before any extra player floats.
- **C14** lowers P (and with it X) and finally moves the whole bracket down.

A pairing "complies" when B1 and B2 hold for every pair and the relative criteria still in
force hold (AMB-D18): at most X pairs miss a colour preference (B4), and no player floats in a
direction B5/B6 forbid, moved-down players (the bye included, A5) counting as downfloats.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import cast

from swisspairing import BLACK, N_, WHITE, BracketOutcome, Event, Float, RoundContext
from swisspairing.brackets import Bracket, Outcomes
from swisspairing.i18n import NP_
from swisspairing.matching import (
    augment_path,
    bipartite_matching,
    bipartite_saturates,
    exposed_mask,
    matching_size_masks,
    max_weight_matching,
    maximum_matching_masks,
)

from .bits import PairBits, bits_of
from .colours import Preference, preference, x_value
from .criteria import float_ok, is_topscorer
from .joint import Lower, SplitGraph, StageGraph, most_pairs
from .sequences import ExchangeBound, exchanges, transpositions_distinct, transpositions_pruned

RULES = "Dutch-1992"

Confine = tuple[tuple[int, int], tuple[int, ...]]
"""C12's filter: the key ``(cost, players moved down)`` of the outcomes that may be left out and
the next bracket's residents (:func:`bracket_outcomes`)."""


@dataclass(frozen=True, slots=True)
class Level:
    """The relative criteria in force at one stage of C9–C11 and the B-note."""

    b6_down: bool = True
    """B6 for downfloats (dropped by C9)."""
    b5_down: bool = True
    """B5 for downfloats (dropped by C9)."""
    b6_up: bool = True
    """B6 for upfloats (dropped by C10)."""
    b5_up: bool = True
    """B5 for upfloats (dropped by C10)."""
    extra_x: int = 0
    """How much C11 has raised X."""
    exempt: bool = False
    """Whether the last-round exemption of topscorers (B-note, AMB-D3) is in use."""


#: The relaxation steps of C9/C10 in the English order (AMB-D1) and the German wording.
RELAXATIONS = {
    "english": (("b6_down", "C9"), ("b5_down", "C9"), ("b6_up", "C10"), ("b5_up", "C10")),
    "german": (("b5_down", "C9"), ("b5_up", "C10")),
}

_RELAX_MESSAGES = {
    "b6_down": N_("B6 is relaxed for downfloats"),
    "b5_down": N_("B5 is relaxed for downfloats"),
    "b6_up": N_("B6 is relaxed for upfloats"),
    "b5_up": N_("B5 is relaxed for upfloats"),
}


#: Whether the searches are cut by the matching bounds (:func:`_c6_bracket_possible`,
#: :func:`_b4_fewest_misses`).  They only skip what would yield nothing, so the pairing is the
#: same either way; the test suite compares both (tests/dutch_1992/test_dutch_bounds.py).
BOUNDED = True

#: Whether a stage is skipped when none of its outcomes leaves players with whom the lower
#: brackets can be completed (:meth:`_Below.takes`): the engine would pass over
#: every one of them.  The pairing is the same either way (tests/dutch_1992/test_dutch_bounds.py);
#: only the explanation's count of outcomes passed over differs.
STAGE_BOUNDS = True


#: Whether the searches take the cuts that are always on besides the bounds above: the
#: matching tests that P pairs exist at a stage at all (:func:`_stage_feasible`), that S1 can
#: be paired into S2 (a saturating bipartite matching, before a split and after a backtrack),
#: that a heterogeneous bracket can yield anything (:func:`_c6_bracket_possible`), that a
#: remainder and the lower brackets can still be completed, and the C7 prefix cuts (B4's colour
#: bound, enough players left who may move down).  Off, C7/C8 enumerate every transposition and
#: exchange in the text's order and test each complete candidate only (B4 against X, B5/B6
#: for the players left over): the exhaustive search the bounded one is compared with
#: (tests/dutch_1992/test_dutch_exhaustive.py).
PRUNED = True

#: Whether :func:`bracket_outcomes` offers the engine C12's filtered outcome stream
#: (:meth:`swisspairing.brackets.Outcomes.confined`) and C12's lower bound on the cost of a
#: bracket's outcomes (:meth:`~swisspairing.brackets.Outcomes.min_cost`).  Off, the engine
#: finds the outcome C12 asks for by going through the unfiltered stream, and the cost of a
#: bracket's first outcome by pairing it (tests/dutch_1992/test_dutch_exhaustive.py).
C12_STREAMS = True


#: Whether C7 walks only the first transposition of each distinct set of S2 players that S1
#: meets (:func:`.sequences.transpositions_distinct`, D1 order): a later transposition with the
#: same players leaves the same players over, whose outcomes are offered already (``seen``,
#: the remainders ``explored``), so it yields nothing.  Off, every transposition is walked and
#: the repetitions are passed over one by one (tests/dutch_1992/test_dutch_exhaustive.py).
DISTINCT = True


#: Whether B4's colour bound of a C7 prefix (:class:`_ColourBound`) counts only the S2 players
#: who stay when players must be left over: they are chosen among those who may move down, the
#: ones that raise the bound least.  Off, the bound counts every unused S2 player (and the
#: number of players who may move down is checked on its own).
B4_LEAVERS = True


#: Whether C8 leaves out the exchanges that a split already passed over shows cannot pair S1
#: into S2 (Hall's condition, :class:`_HallBounds`).  Off, each of them is built and its
#: bipartite matching asked (tests/dutch_1992/test_dutch_exhaustive.py).
EXCHANGE_BOUNDS = True


#: Whether a heterogeneous bracket's C7 walk that goes on is asked once whether any of its
#: transpositions meets X (B4) with a remainder the lower brackets can take
#: (:func:`_fewest_misses_below`, one weighted matching), and stopped when none does.
C7_JOINT_B4 = True


#: Whether C7 in a heterogeneous bracket skips every prefix of a transposition none of whose
#: completions leaves a remainder that can be paired together with the lower brackets (one
#: perfect matching of S1, S2 and the players below, :class:`.joint.SplitGraph`): the loop would
#: pass over each of those transpositions as dead below.  Off, they are walked and passed over
#: one by one (tests/dutch_1992/test_dutch_exhaustive.py).
C7_REMAINDER_BOUND = True


#: How many constrained matchings a node of C7 may spend on showing that every completion leaves
#: players already offered (:meth:`.joint.SplitGraph.completes`); a node not shown dead within
#: them is searched, so the effort only trades time between the matching and the enumeration
#: (measured on bench/data: 0 is the fastest; with 0 the sets already offered are not looked at
#: and a node is kept whenever the players left over and the lower brackets can be completed).
NODE_EFFORT = 0

#: The same for the root of a split (its first node), asked once per split (64 made
#: bench/data/bbp-74x15-s471326 round 11 ten times slower: C8 tries tens of thousands of splits).
SPLIT_EFFORT = 0


class DutchRound:
    """What the procedure needs about every player this round, computed once."""

    def __init__(self, context: RoundContext) -> None:
        self.ctx = context
        rs = context.ruleset
        self.relaxations = RELAXATIONS[rs.param("float_relaxation", "english")]
        self.odd_variant = bool(rs.param("exclude_top_two_pair_exchange_in_odd_brackets", False))
        self.upfloat_scope = rs.param("upfloat_relaxation", "every-bracket")
        self.c14_restart = rs.param("c14_restart", "strict")
        self.c14_zero = rs.param("c14_zero", "whole-bracket")
        exemption = bool(rs.param("topscorer_exemption", True)) and context.is_last_round
        max_round = context.point_system.max_per_round
        self.topscorer = {
            n: exemption and is_topscorer(st.score, context.total_rounds, max_round)
            for n, st in context.states.items()
        }
        self.pref = {n: preference(st) for n, st in context.states.items()}
        self.pref_exempt = {
            n: preference(st, exempt=True) if self.topscorer[n] else self.pref[n]
            for n, st in context.states.items()
        }
        self._b1b2: dict[tuple[int, int], bool] = {}
        self.bounds: dict[tuple[object, ...], int | None] = {}
        """The matching bounds of the stages, by what they depend on (not X)."""
        self._pair_ok: dict[Level, dict[tuple[int, int], bool]] = {}
        self._last_level: Level | None = None
        self._last_cache: dict[tuple[int, int], bool] = {}
        self._bits: PairBits | None = None
        self._stages: dict[tuple[object, ...], list[tuple[Level, tuple[bool, ...], int]]] = {}

    @property
    def bits(self) -> PairBits:
        """The round's criteria as bit sets over the participants in the ranking order, built
        on first use (after the ranking, A2)."""
        if self._bits is None:
            self._bits = PairBits(self.ctx, self.topscorer)
        return self._bits

    def partners(self, level: Level) -> list[int]:
        """:meth:`pair_ok` at ``level`` for every player at once: the bit sets of
        :meth:`PairBits.partners` (vertices of :attr:`bits`)."""
        return self.bits.partners(level.b5_up, level.b6_up, level.exempt)

    # ------------------------------------------------------------------ bounds
    def record(
        self, among: tuple[object, ...], level: Level, leaves: tuple[bool, ...], value: int | None
    ) -> None:
        """Remember a bound of a stage (``value``, ``None``: no pairing) computed at ``level``
        with the players who may leave ``leaves``, for :meth:`passed`."""
        if value is not None:
            self._stages.setdefault(among, []).append((level, leaves, value))

    def passed(
        self,
        among: tuple[object, ...],
        level: Level,
        leaves: tuple[bool, ...],
        good: Callable[[int], bool],
    ) -> bool:
        """Whether a stage at least as strict as this one (:func:`_relaxes`: the same players,
        ``among``; every criterion of ``level`` in force there, and every player who may leave
        there may leave here) had a bound that passes (``good``).  The bounds of B4 (fewest
        misses) and of the joint matching (most pairs inside) are a minimum and a maximum over
        the pairings of a graph, and a stage C9/C10 relaxes has every pairing of the stricter
        one (its pairs comply with fewer criteria, its players may leave with fewer), with the
        same preferences: its bound passes too and is not computed (issue 20: C9/C10 go
        through up to five stages of one bracket)."""
        for known, may, value in self._stages.get(among, ()):
            if (
                _relaxes(level, known)
                and all(here or not there for there, here in zip(may, leaves, strict=True))
                and good(value)
            ):
                return True
        return False

    # ------------------------------------------------------------------ criteria
    def b1b2(self, a: int, b: int, exempt: bool = False) -> bool:
        """B1a (no second meeting; forbidden pairs) and B2 (colour limits); under the
        B-note exemption B2 does not apply to a pair with a topscorer."""
        key = (a, b) if a < b else (b, a)
        ok = self._b1b2.get(key)
        if ok is None:
            ok = self.ctx.may_meet(a, b) and self.ctx.colours_possible(a, b)
            self._b1b2[key] = ok
        if not ok and exempt and (self.topscorer[a] or self.topscorer[b]):
            if not self.ctx.may_meet(a, b):
                return False
            if self.topscorer[a] and self.topscorer[b]:
                return True
            # only the topscorer is exempt: the other player must still get a colour B2 allows
            other = b if self.topscorer[a] else a
            return self.ctx.colour_allowed(other, WHITE) or self.ctx.colour_allowed(other, BLACK)
        return ok

    def preference(self, n: int, level: Level) -> Preference:
        """A7 preference, without A7a for topscorers while the exemption is in use."""
        return self.pref_exempt[n] if level.exempt else self.pref[n]

    def colour_conflict(self, a: int, b: int, level: Level) -> int:
        """1 when the pair cannot satisfy both preferences (counted against X, B4)."""
        pa, pb = self.preference(a, level), self.preference(b, level)
        return 1 if pa.colour is not None and pa.colour is pb.colour else 0

    def pair_ok(self, a: int, b: int, level: Level) -> bool:
        """B1, B2 and, for pairs of different scores, B5/B6 for the upfloater (the
        downfloater was checked when he was moved down).  Cached per stage."""
        if level is self._last_level:  # the same stage as the last question: no hashing
            cache = self._last_cache
        else:
            cache = self._pair_ok.get(level)  # type: ignore[assignment]
            if cache is None:
                cache = self._pair_ok[level] = {}
            self._last_level, self._last_cache = level, cache
        key = (a, b) if a < b else (b, a)
        ok = cache.get(key)
        if ok is None:
            ok = cache[key] = self._pair_ok_uncached(a, b, level)
        return ok

    def _pair_ok_uncached(self, a: int, b: int, level: Level) -> bool:
        if not self.b1b2(a, b, level.exempt):
            return False
        sa, sb = self.ctx.score(a), self.ctx.score(b)
        if sa != sb and (level.b5_up or level.b6_up):
            low = b if sa > sb else a
            if level.exempt and (self.topscorer[a] or self.topscorer[b]):
                return True
            if not float_ok(self.ctx.state(low), Float.UP, b5=level.b5_up, b6=level.b6_up):
                return False
        return True

    def may_move_down(self, n: int, level: Level, is_last: bool) -> bool:
        """B5/B6 for the downfloat of a player left over; in the lowest bracket he gets the
        bye, so B1b too (A5: the bye counts as a downfloat)."""
        if is_last and not self.ctx.can_receive_bye(n):
            return False
        if level.exempt and self.topscorer[n]:
            return True
        return float_ok(self.ctx.state(n), Float.DOWN, b5=level.b5_down, b6=level.b6_down)

    def x_of(self, players: Sequence[int], level: Level) -> int:
        """A8 for a group (AMB-D5)."""
        return x_value((self.preference(n, level) for n in players), len(players))

    # ------------------------------------------------------------------ stages
    def levels(
        self, p: int, x0: int
    ) -> Iterator[tuple[Level, list[tuple[str, str, dict[str, object]]]]]:
        """The stages of C9–C11 and the B-note, each with every relaxation in force:
        ``(level, [(rule, message, args), …])``."""
        level = Level()
        notes: list[tuple[str, str, dict[str, object]]] = []
        yield level, list(notes)
        for flag, rule in self.relaxations:
            level = replace(level, **{flag: False})
            notes.append((f"{RULES} {rule}", _RELAX_MESSAGES[flag], {}))
            yield level, list(notes)
        for extra in range(1, max(0, p - x0) + 1):
            level = replace(level, extra_x=extra)
            yield (
                level,
                [*notes, (f"{RULES} C11", N_("X is raised to {x}"), {"x": min(p, x0 + extra)})],
            )
        if any(self.topscorer.values()):
            level = replace(level, exempt=True)
            notes = [
                *notes,
                (
                    f"{RULES} B-note",
                    N_("B2, B5 and B6 are not applied to topscorers in the last round"),
                    {},
                ),
            ]
            yield level, notes


def _relaxes(level: Level, than: Level) -> bool:
    """Whether ``level`` has in force only criteria ``than`` has (B5/B6 dropped by C9/C10, never
    taken back), with the same B-note; X aside (a bound is compared with each stage's own)."""
    return level.exempt == than.exempt and all(
        getattr(than, flag) or not getattr(level, flag)
        for flag in ("b6_down", "b5_down", "b6_up", "b5_up")
    )


def dutch_round(context: RoundContext) -> DutchRound:
    """The round's :class:`DutchRound`, cached in the context."""
    dr = context.data.get("dutch-1992")
    if dr is None:
        dr = context.data["dutch-1992"] = DutchRound(context)
    return dr


def _partners(dr: DutchRound, lower: Lower, level: Level) -> list[int] | None:
    """The stage's pairs as bit sets (:meth:`DutchRound.partners`) for the graphs of
    :mod:`.joint` on ``lower``, when its graph numbers the players as they do (the ranking
    order of :attr:`DutchRound.bits`); else ``None`` (they ask :meth:`DutchRound.pair_ok`)."""
    return dr.partners(level) if lower.graph is dr.bits.graph else None


# ---------------------------------------------------------------------- searches
def _describe_failure(
    dr: DutchRound, s1: Sequence[int], s2: Sequence[int], level: Level
) -> tuple[str, dict[str, object]] | None:
    """Why the straightforward pairing S1[i]–S2[i] (C6) does not comply: the first reason."""
    ctx = dr.ctx
    for a, b in zip(s1, s2, strict=False):
        if not ctx.may_meet(a, b):
            if ctx.state(a).meetings.get(b, 0):
                return N_("{a}–{b} already met (B1a)"), {"a": a, "b": b}
            return N_("{a}–{b} may not be paired"), {"a": a, "b": b}
        if not dr.b1b2(a, b, level.exempt):
            return N_("{a}–{b} would break the colour limits (B2)"), {"a": a, "b": b}
        if not dr.pair_ok(a, b, level):
            return N_("{a}–{b} would make a player float up again (B5/B6)"), {"a": a, "b": b}
    return None


def _b4_fewest_misses(
    dr: DutchRound,
    players: Sequence[int],
    p: int,
    level: Level,
    may_leave: Callable[[int], bool],
) -> int | None:
    """B4's bound for a stage: the fewest colour-preference misses of any ``p`` pairs among
    ``players`` that comply with B1/B2/B5/B6 at ``level``, the rest allowed to move down
    (``None``: no such pairs).  A maximum-weight perfect matching, the players left over
    matched to stand-ins; every candidate of C7/C8 is such a pairing, so a stage whose
    bound exceeds X has no candidate and its enumeration can be skipped."""
    down = len(players) - 2 * p
    if down < 0:
        return None
    edges: list[tuple[int, int, int]] = []
    rows = _bracket_rows(dr, players, level)
    same = _same_preference(dr, players, level)
    for i, a in enumerate(players):
        later = rows[i] >> (i + 1) << (i + 1)
        edges.extend((a, players[j], 1 if same[i] >> j & 1 else 2) for j in bits_of(later))
        if down and may_leave(a):
            edges.extend((a, -(k + 1), 2) for k in range(down))
    mate = max_weight_matching(edges, max_cardinality=True)
    if len(mate) < len(players) + down:
        return None
    return sum(
        dr.colour_conflict(a, mate[a], level) for a in players if mate[a] >= 0 and a < mate[a]
    )


def _b4_meets(
    dr: DutchRound,
    players: Sequence[int],
    p: int,
    level: Level,
    may_leave: Callable[[int], bool],
    x: int,
    graph_key: tuple[tuple[int, ...], Level, tuple[bool, ...]],
) -> bool:
    """Whether B4's bound of a stage lets it meet X: :func:`_b4_fewest_misses` at most ``x``.
    Decided by :func:`_b4_span`'s two cardinality matchings where they can (their upper bound
    at most X: yes; their lower bound above it: no), else by the weighted matching; each
    remembered for the stage's graph (``graph_key``, X aside) and, for :meth:`DutchRound.passed`,
    a bound that passes (issue 20)."""
    among = ("fewest", p, graph_key[0])
    key: tuple[object, ...] = ("fewest", p, graph_key)
    fewest = dr.bounds.get(key, -1)
    if fewest == -1:
        low_key, high_key = ("misses-low", p, graph_key), ("misses-high", p, graph_key)
        high = dr.bounds.get(high_key, -1)
        if high == -1:
            span = _b4_span(dr, players, p, level, may_leave)
            dr.bounds[low_key], high = span if span is not None else (None, None)
            dr.bounds[high_key] = high
            dr.record(among, level, graph_key[2], high)
        if high is None:
            return False  # no pairing of the stage at all
        if high <= x:
            return True
        low = dr.bounds[low_key]
        if low is not None and low > x:
            return False
        fewest = dr.bounds[key] = _b4_fewest_misses(dr, players, p, level, may_leave)
        dr.record(among, level, graph_key[2], fewest)
    return fewest is not None and fewest <= x


def _b4_span(
    dr: DutchRound,
    players: Sequence[int],
    p: int,
    level: Level,
    may_leave: Callable[[int], bool],
) -> tuple[int, int] | None:
    """Bounds on :func:`_b4_fewest_misses` by cardinality alone (issue 20): ``(low, high)``, or
    ``None`` when no pairing exists.  The pairings are the perfect matchings of the stage's
    graph (``p`` pairs at ``level``, the players left over matched to stand-ins); the pairs of
    one that miss no preference, with its stand-in pairs, are a matching of the graph without
    the pairs that miss, so every pairing misses at least ``p + down`` less that graph's
    largest matching (``low``).  That largest matching, augmented in the whole graph to a
    perfect one, is a pairing: its misses are ``high``."""
    down = len(players) - 2 * p
    if down < 0:
        return None
    bits = dr.bits
    index, partners, inside = bits.index, dr.partners(level), bits.mask(players)
    want: dict[object, int] = {}
    for y in players:
        colour = dr.preference(y, level).colour
        want[colour] = want.get(colour, 0) | 1 << index[y]
    adj = [0] * len(bits.order)
    for y in players:
        adj[index[y]] = partners[index[y]] & inside
    active = _stand_ins(dr, adj, inside, players, may_leave, down)
    kept = list(adj)  # the pairs that miss no preference
    for y in players:
        colour = dr.preference(y, level).colour
        if colour is not None:
            kept[index[y]] &= ~want[colour]
    mate = maximum_matching_masks(kept, active)
    need = p + down
    free = exposed_mask(mate, active)
    low = need - (active.bit_count() - free.bit_count()) // 2
    m = free
    while m:
        bit = m & -m
        m ^= bit
        v = bit.bit_length() - 1
        if mate[v] < 0:
            end = augment_path(v, adj, active, mate, free)
            if end >= 0:
                free &= ~(bit | 1 << end)
                m &= ~(1 << end)
    if (active.bit_count() - free.bit_count()) // 2 < need:
        return None
    high = 0
    for y in players:
        v = index[y]
        u = mate[v]
        if v < u < len(bits.order) and dr.colour_conflict(y, bits.order[u], level):
            high += 1
    return max(0, low), high


class _Below:
    """The lower brackets as one bracket's search sees them (a bracket's ``can_complete``).

    Calling it answers the engine's question for one outcome: can the players it leaves
    over (with ``extra``, the players who move down with them: C1's, or the moved-down
    players of a remainder paired on its own) and every player of the lower brackets all be
    paired under the absolute criteria?  The engine passes over every outcome for which the
    answer is no (a dead branch), so a stage none of whose outcomes passes offers nothing.
    :meth:`takes` asks that for a whole stage at once."""

    def __init__(
        self,
        ctx: RoundContext,
        bracket: Bracket,
        extra: Sequence[int] = (),
        confine: Confine | None = None,
    ) -> None:
        self.ctx = ctx
        self.bracket = bracket
        self.extra = tuple(extra)
        self.confine = confine
        """C12's filter (:func:`bracket_outcomes`): the key of the outcomes that may be left out
        when their players moved down cannot all be paired in the next bracket, and that
        bracket's residents; ``None``: every outcome is wanted."""
        self._takes: dict[tuple[object, ...], bool] = {}
        self._lowers: dict[tuple[object, ...], Lower] = {}
        self.impossible: set[tuple[object, ...]] = set()
        """The questions of :func:`_c6_bracket_possible` answered no (an answer that more
        players left over offered cannot change)."""
        self.largest: dict[tuple[object, ...], int] = {}
        """The largest matchings of :func:`_c6_bracket_possible`'s graphs."""
        self.too_few: dict[tuple[object, ...], int] = {}
        """For those graphs, the largest number of pairs known to leave over a player who
        may not move down (and so every smaller number)."""

    def __call__(self, rest: Sequence[int]) -> bool:
        return self.ctx.can_complete([*rest, *self.extra], self.bracket)

    def lower(self, bracket_players: Sequence[int], confined: bool = False) -> Lower:
        """The players below (the lower brackets and ``extra``, without ``bracket_players``)
        and the bye as the local vertices of one bit-set graph (:mod:`.joint`), built once.
        ``confined`` (C12's filter, :attr:`confine` set): ``extra`` and the players left over
        may only be paired with each other and with the next bracket's residents."""
        inside = set(bracket_players)
        lower = tuple(n for n in (*self.bracket.below, *self.extra) if n not in inside)
        confine = (self.extra, self.confine[1]) if confined and self.confine else None
        got = self._lowers.get((lower, confine))
        if got is None:
            got = self._lowers[(lower, confine)] = Lower(
                self.ctx, lower, self.ctx.bye_pending, confine, dutch_round(self.ctx).bits.graph
            )
        return got

    def filters(self, key: tuple[int, int] | None) -> bool:
        """Whether outcomes of ``key`` may be left out when their players moved down cannot all
        be paired in the next bracket (C12's filter)."""
        return key is not None and self.confine is not None and self.confine[0] == key

    def with_extra(self, more: Sequence[int]) -> _Below:
        """The same lower brackets with ``more`` players moving down besides."""
        return _Below(self.ctx, self.bracket, (*self.extra, *more), self.confine)

    def takes(self, d: int, movers: Sequence[int], bracket_players: Sequence[int]) -> bool:
        """Whether ``d`` players left over, chosen among ``movers``, could leave the lower
        brackets completable at all: the players below (and ``extra``) together with ``d``
        stand-ins, each of whom may meet any player below whom some mover may meet (and each
        other, and the bye if some mover may have it), can all be paired.  Every outcome that
        the engine does not pass over leaves such players (each of them a stand-in), so a
        stage for which this fails offers nothing.  A maximum-cardinality matching on the
        players below, memoised by what the movers reach."""
        graph = self.ctx.pairing_graph()
        inside = set(bracket_players)
        lower = [n for n in (*self.bracket.below, *self.extra) if n not in inside]
        bye = self.ctx.bye_pending
        below = graph.mask(lower)
        reach = 0
        for m in movers:
            reach |= graph.adj[graph.index[m]]
        reach &= below
        bye_reach = bye and any(self.ctx.can_receive_bye(m) for m in movers)
        key = (d, tuple(lower), reach, bye_reach)
        got = self._takes.get(key)
        if got is None:
            # the round's graph (its bye vertex: who may have the bye) and ``d`` stand-ins
            # appended; the players below, the stand-ins and the bye when the round needs one
            adj = list(graph.adj)
            first = len(adj)
            stand_ins = ((1 << d) - 1) << first
            for y in bits_of(reach):
                adj[y] |= stand_ins
            bye_bit = (1 << graph.bye) if bye_reach else 0
            adj[graph.bye] |= stand_ins if bye_reach else 0
            adj.extend(reach | (stand_ins & ~(1 << (first + k))) | bye_bit for k in range(d))
            active = below | stand_ins | ((1 << graph.bye) if bye else 0)
            size = active.bit_count()
            got = size % 2 == 0 and matching_size_masks(adj, active, need=size // 2) >= size // 2
            self._takes[key] = got
        return got


def _split_movers(
    t1: Sequence[int],
    t2: Sequence[int],
    may_leave: Callable[[int], bool],
    below: _Below | None,
) -> list[int] | None:
    """The players of ``t2`` who may move down, when enough of them may for every player of
    ``t1`` to be paired with the rest of ``t2`` and (with ``below`` and more than one left
    over) some choice of the movers could leave the lower brackets completable
    (:meth:`_Below.takes`); ``None`` otherwise (a split of C8 that no pairing completes)."""
    movers = [y for y in t2 if may_leave(y)]
    d = len(t2) - len(t1)
    if d < 0 or len(movers) < d:
        return None
    if below is not None and d > 1 and not below.takes(d, movers, (*t1, *t2)):
        return None
    return movers


def _fewest_misses_completing(
    dr: DutchRound,
    t1: Sequence[int],
    t2: Sequence[int],
    level: Level,
    may_leave: Callable[[int], bool],
    below: _Below | None,
) -> int | None:
    """B4's bound for one S1/S2 split (C8): the fewest colour-preference misses of any
    pairing of every player of ``t1`` with a player of ``t2`` (B1/B2/B5/B6 at ``level``) in
    which the players of ``t2`` left over all may move down (``may_leave``); with ``below``
    and more than one player left over, ``None`` also when no choice of the movers could leave
    the lower brackets completable (:meth:`_Below.takes`: the engine passes over every such
    outcome).  ``None``: no such pairing.  Every candidate of C7 on this split that the engine
    does not pass over is such a pairing, so a split whose bound exceeds X has none.  One
    maximum-weight matching of maximum cardinality (a pair of ``t1`` with ``t2`` weighs 2 less
    its miss, a player left over matched to a stand-in 0; every player must be matched)."""
    movers = _split_movers(t1, t2, may_leave, below)
    if movers is None:
        return None
    d = len(t2) - len(t1)
    edges: list[tuple[int, int, int]] = []
    both = [*t1, *t2]
    rows = _bracket_rows(dr, both, level)
    same = _same_preference(dr, both, level)
    m = len(t1)
    for i, a in enumerate(t1):
        edges.extend((a, both[j], 1 if same[i] >> j & 1 else 2) for j in bits_of(rows[i] >> m << m))
    stand_ins = [-(k + 1) for k in range(d)]
    edges.extend((y, z, 0) for y in movers for z in stand_ins)
    total = len(t1) + len(t2) + d
    mate = max_weight_matching(edges, max_cardinality=True)
    if len(mate) < total:
        return None
    return sum(dr.colour_conflict(a, mate[a], level) for a in t1)


def _split_completes(
    dr: DutchRound,
    t1: Sequence[int],
    t2: Sequence[int],
    level: Level,
    may_leave: Callable[[int], bool],
    below: _Below | None,
) -> bool:
    """Whether :func:`_fewest_misses_completing` finds a pairing at all (not ``None``), without
    weighing it: the same graph (every player of ``t1`` with one of ``t2`` at ``level``, the
    players of ``t2`` left over matched to stand-ins, each of whom only a player who may move
    down meets) asked for a perfect matching by cardinality, on bit sets (issue 20).  Where X
    is at least ``|t1|`` the misses (at most one per pair) cannot exceed it, so this is all
    that B4's bound of a split can say."""
    movers = _split_movers(t1, t2, may_leave, below)
    if movers is None:
        return False
    d = len(t2) - len(t1)
    bits = dr.bits
    index, partners = bits.index, dr.partners(level)
    m1, m2 = bits.mask(t1), bits.mask(t2)
    adj = [0] * len(bits.order)
    for a in t1:
        adj[index[a]] = partners[index[a]] & m2
    for b in t2:
        adj[index[b]] = partners[index[b]] & m1
    active = _stand_ins(dr, adj, m1 | m2, movers, lambda _: True, d)
    need = len(t1) + d
    return matching_size_masks(adj, active, need=need) >= need


class _SplitDone(Exception):
    """No candidate of the current S1/S2 split can be an outcome: on to the next exchange."""


class _Infeasible(Exception):
    """No pairing at all exists at this stage: C7/C8 need not be enumerated."""


def _stage_feasible(
    dr: DutchRound,
    players: Sequence[int],
    p: int,
    level: Level,
    may_leave: Callable[[int], bool],
) -> bool:
    """Whether P pairs exist among ``players`` at this stage with the rest allowed to move
    down: a maximum-matching test, the players left over being matched to stand-ins."""
    down = len(players) - 2 * p
    bits = dr.bits
    index, at, inside = bits.index, dr.partners(level), bits.mask(players)
    adj = [0] * len(bits.order)
    for y in players:
        v = index[y]
        adj[v] = at[v] & inside
    active = _stand_ins(dr, adj, inside, players, may_leave, down)
    return matching_size_masks(adj, active, need=p + down) >= p + down


def _c6_bracket_possible(
    dr: DutchRound,
    s1: Sequence[int],
    s2: Sequence[int],
    rem_p: int,
    level: Level,
    stage_levels: Sequence[Level],
    is_last: bool,
    can_complete: _Below | None,
    seen: set[frozenset[int]],
) -> bool:
    """A necessary condition for a heterogeneous bracket to yield anything at this stage
    (C4–C7 with the remainder paired by C6): S1 (the moved-down players) all paired with S2
    players (at ``level``), ``rem_p`` more pairs among the rest and everybody left over
    allowed to move down (at one of the remainder's ``stage_levels``).  One maximum matching
    (the players left over matched to stand-ins) answers it for every transposition of S2
    at once; when it fails, C7 would enumerate the transpositions in vain.  It ignores B4
    (X) and the players left over already offered, so it never fails where a transposition
    would succeed.  As :func:`_homogeneous` requires, a single player left over must be
    pairable with the lower brackets (``can_complete``) and not offered before (``seen``:
    everything below depends only on who is left over), and when nobody is left over that
    must not have been offered either.

    X does not enter the question and ``seen`` only grows, so a no is remembered for every
    stage of C11 (issue 20: C11 raises X one step at a time, up to P)."""
    if rem_p == 0:
        return True  # a remainder paired with P = 0 moves down whole (C14 with P = 0)
    if can_complete is None:
        return _c6_possible(dr, s1, s2, rem_p, level, stage_levels, is_last, None, seen) is True
    key = (
        tuple(s1),
        tuple(s2),
        rem_p,
        replace(level, extra_x=0),
        tuple(replace(sl, extra_x=0) for sl in stage_levels),
        is_last,
    )
    if key in can_complete.impossible:
        return False
    # Every outcome pairs S1 and ``rem_p`` more pairs: a matching of that size of the bracket's
    # graph (S1 only with S2 at ``level``, the rest at a stage level).  Its maximum does not
    # depend on ``rem_p``: asked once, it answers no for every larger remainder C14 would try
    # (issue 20).
    most_key = key[:2] + key[3:]
    most = can_complete.largest.get(most_key)
    if most is None:
        most = can_complete.largest[most_key] = matching_size_masks(
            *_c6_masks(dr, s1, s2, level, stage_levels)
        )
    pairs = len(s1) + rem_p
    down = len(s1) + len(s2) - 2 * pairs
    if pairs > most or (down != 1 and pairs <= can_complete.too_few.get(most_key, -1)):
        can_complete.impossible.add(key)
        return False
    answer = _c6_possible(dr, s1, s2, rem_p, level, stage_levels, is_last, can_complete, seen)
    if answer is True:
        return True
    if answer == _MATCHING and down != 1:
        # The matchings of ``pairs`` pairs leaving over only players who may move down are
        # those of the bracket's graph covering every other player; their sizes form an
        # interval whose top is the largest matching (augmenting one along a path of its
        # symmetric difference with a larger one keeps every covered player covered).  So a
        # size up to the largest that fails fails for every smaller size too (C14 lowers the
        # remainder's P one step at a time; issue 20).  With one player left over the players
        # who may move down depend on ``seen``: not remembered.
        can_complete.too_few[most_key] = max(pairs, can_complete.too_few.get(most_key, -1))
    can_complete.impossible.add(key)
    return False


#: :func:`_c6_possible`'s answer when its matching fails (not another of its conditions).
_MATCHING = "matching"


def _bracket_rows(dr: DutchRound, players: Sequence[int], level: Level) -> list[int]:
    """For each player of ``players``, the others he may meet at ``level``
    (:meth:`DutchRound.pair_ok`) as a bit set of their positions in ``players``."""
    bits = dr.bits
    at, partners, index = bits.positions(players), dr.partners(level), bits.index
    return [at.local(partners[index[y]]) for y in players]


def _same_preference(dr: DutchRound, players: Sequence[int], level: Level) -> list[int]:
    """For each player of ``players``, the others who want the colour he wants (A7, at
    ``level``: :meth:`DutchRound.colour_conflict`) as a bit set of their positions."""
    want: dict[object, int] = {}
    for j, y in enumerate(players):
        colour = dr.preference(y, level).colour
        want[colour] = want.get(colour, 0) | 1 << j
    out = []
    for y in players:
        colour = dr.preference(y, level).colour
        out.append(0 if colour is None else want[colour])
    return out


def _c6_masks(
    dr: DutchRound,
    s1: Sequence[int],
    s2: Sequence[int],
    level: Level,
    stage_levels: Sequence[Level],
) -> tuple[list[int], int]:
    """The pairs of a heterogeneous bracket one of its outcomes may make: S1 (the moved-down
    players) with the others at ``level``, the others with each other at a stage level
    (:meth:`DutchRound.pair_ok`).  As bit sets over the vertices of :attr:`DutchRound.bits`,
    every player's row at once (:meth:`DutchRound.partners`): the neighbours of each vertex
    and the bracket's vertices."""
    bits = dr.bits
    index = bits.index
    top, rest = bits.mask(s1), bits.mask(s2)
    at = dr.partners(level)
    stages: list[list[int]] = []
    for sl in stage_levels:
        rows = dr.partners(sl)
        if all(rows is not known for known in stages):
            stages.append(rows)
    adj = [0] * len(bits.order)
    for a in s1:
        v = index[a]
        adj[v] = at[v] & rest
    for b in s2:
        v = index[b]
        others = 0
        for rows in stages:
            others |= rows[v]
        adj[v] = (at[v] & top) | (others & rest)
    return adj, top | rest


def _stand_ins(
    dr: DutchRound,
    adj: list[int],
    active: int,
    players: Sequence[int],
    may_leave: Callable[[int], bool],
    down: int,
) -> int:
    """``down`` stand-ins for the players left over appended to the bit-set graph ``adj`` (on
    the vertices of :attr:`DutchRound.bits`), each adjacent to every player of ``players`` who
    may leave (asked in their order) and to no other stand-in; returns the active vertices with
    them."""
    if down <= 0:
        return active
    index = dr.bits.index
    first = len(adj)
    stand_ins = ((1 << down) - 1) << first
    leavers = 0
    for y in players:
        if may_leave(y):
            v = index[y]
            leavers |= 1 << v
            adj[v] |= stand_ins
    adj.extend([leavers] * down)
    return active | stand_ins


def _c6_possible(
    dr: DutchRound,
    s1: Sequence[int],
    s2: Sequence[int],
    rem_p: int,
    level: Level,
    stage_levels: Sequence[Level],
    is_last: bool,
    can_complete: _Below | None,
    seen: set[frozenset[int]],
) -> bool | str:
    """:func:`_c6_bracket_possible`, asked: ``True``, ``False`` or :data:`_MATCHING` (no
    because its matching fails)."""
    top = set(s1)
    players = [*s1, *s2]
    pairs = len(s1) + rem_p
    down = len(players) - 2 * pairs
    if down < 0 or (down == 0 and frozenset() in seen):
        return False
    leaves: dict[int, bool] = {}

    def may_leave(y: int) -> bool:
        v = leaves.get(y)
        if v is None:
            v = leaves[y] = (
                y not in top
                and any(dr.may_move_down(y, sl, is_last) for sl in stage_levels)
                and (
                    down != 1
                    or (
                        frozenset((y,)) not in seen and (can_complete is None or can_complete((y,)))
                    )
                )
            )
        return v

    # Dutch-1992 C6/C12 (issue 20): nobody is left over, so the lower brackets (with the
    # players moving down besides) must be pairable on their own: otherwise every outcome is
    # passed over as dead below.  One warm-started maximum matching.
    if (
        STAGE_BOUNDS
        and down == 0
        and not is_last
        and can_complete is not None
        and not can_complete(())
    ):
        return False
    if STAGE_BOUNDS and down > 1 and not is_last and can_complete is not None:
        # the players left over and the lower brackets must be pairable together (the
        # engine passes over every other outcome); asked first: it is remembered by the
        # number left over, the matching below is not (issue 20)
        movers = [
            y
            for y in players
            if y not in top and any(dr.may_move_down(y, sl, is_last) for sl in stage_levels)
        ]
        if not can_complete.takes(down, movers, players):
            return False
    adj, active = _c6_masks(dr, s1, s2, level, stage_levels)
    active = _stand_ins(dr, adj, active, players, may_leave, down)
    if matching_size_masks(adj, active, need=pairs + down) < pairs + down:
        return _MATCHING
    return True


#: Every relaxation of C9/C10 in force at once (B5 and B6 dropped for both directions).
_RELAXED = Level(b6_down=False, b5_down=False, b6_up=False, b5_up=False)


def _most_relaxed_allows(
    dr: DutchRound,
    players: Sequence[int],
    p: int,
    is_last: bool,
    lower: Lower,
    lowered: bool,
) -> bool:
    """Whether :func:`.joint.most_pairs` with B5 and B6 dropped for both directions (the
    most relaxed stage of C9/C10, the B-note aside) still allows ``p`` pairs inside the
    bracket: one bound for every ``p`` and every stage of C9–C11 (issue 20).

    Proof: every outcome of a stage (not the B-note's) that the engine descends is a perfect
    matching of the bracket and the players below with ``p`` pairs inside complying at the
    stage and its players left over moving down (:func:`.joint.most_pairs`).  Dropping B5/B6
    only adds pairs inside and players who may move down, so the same matching is one of the
    relaxed graph with ``p`` pairs inside: its maximum bounds every stage's.  Neither ``p`` nor
    X (C11) enters the graph, so it is computed once per bracket and set of players below —
    when C14 has lowered P (``lowered``; most brackets pair without it), or already known."""
    key = ("most-relaxed", lower.key, is_last, tuple(players))
    most = dr.bounds.get(key, -1)
    if most == -1:
        if not lowered:
            return True

        def leave(y: int) -> bool:
            return dr.may_move_down(y, _RELAXED, is_last)

        # a witness first: S1 (the P highest) paired into S2 and the rest below is such a
        # matching with P pairs inside (one maximum matching instead of the weighted one)
        split = SplitGraph(
            dr, lower, players[:p], players[p:], _RELAXED, leave, _partners(dr, lower, _RELAXED)
        )
        if split.perfect(split.full):
            return True
        most = dr.bounds[key] = most_pairs(dr, lower, players, _RELAXED, leave, is_last)
    return most is not None and most >= p


def _homogeneous(
    dr: DutchRound,
    players: Sequence[int],
    p: int,
    level: Level,
    is_last: bool,
    bracket: int,
    seen: set[frozenset[int]] | None = None,
    can_complete: _Below | None = None,
    key: tuple[int, int] | None = None,
) -> Iterator[tuple[list[tuple[int, int]], list[int], list[Event]]]:
    """C4–C8 for a homogeneous bracket or remainder group: S1 = the P highest players,
    S2 = the rest (A6, C4); S2 transposed (C7, D1), then S1/S2 exchanges (C8, D2).
    Yields ``(pairs, left over, events)``; a set of players left over that was yielded
    before (``seen``) is not yielded again, since everything below depends only on it."""
    n = len(players)
    if p == 0:
        # A remainder of one player (P = 0 by A6, not lowered by C14): he moves down or,
        # in the lowest bracket, gets the bye, so B5/B6 (and B1b) apply to him as to any
        # player left over (A5: the bye counts as a downfloat).
        if n == 1 and not dr.may_move_down(players[0], level, is_last):
            return
        yield [], list(players), []
        return
    if 2 * p > n:
        return
    x = min(p, dr.x_of(players, level) + level.extra_x)
    s1, s2 = list(players[:p]), list(players[p:])
    down_needed = n - 2 * p

    seen = seen if seen is not None else set()
    if down_needed == 0 and frozenset() in seen:
        return  # every complete pairing leaves the same (nobody) below: offered already

    def ok(a: int, b: int) -> bool:
        return dr.pair_ok(a, b, level)

    alone: dict[int, bool] = {}

    def may_leave(y: int) -> bool:
        if not dr.may_move_down(y, level, is_last):
            return False
        if down_needed != 1:
            return True
        if frozenset((y,)) in seen:
            return False
        if can_complete is not None:
            # the one player left over must be pairable with the lower brackets
            ok_ = alone.get(y)
            if ok_ is None:
                ok_ = alone[y] = can_complete((y,))
            return ok_
        return True

    checked = [False]
    witnessed = [False]  # a split of this stage had a perfect joint matching (SplitGraph)
    # C12's filter: only outcomes whose players left over can all be paired in the next bracket
    filtered = can_complete is not None and can_complete.filters(key)

    def check_stage() -> None:
        # The first attempt needs backtracking: check once whether any pairing exists at
        # this stage at all, so that C7/C8 are not enumerated in vain.
        if not checked[0]:
            checked[0] = True
            # the bounds below do not depend on X (C11 raises it): asked once for all its stages
            graph_key = (tuple(players), replace(level, extra_x=0), tuple(map(may_leave, players)))
            if PRUNED:
                feasible_key: tuple[object, ...] = ("feasible", p, graph_key)
                feasible = dr.bounds.get(feasible_key, -1)
                if feasible == -1:
                    feasible = dr.bounds[feasible_key] = int(
                        _stage_feasible(dr, players, p, level, may_leave)
                    )
                if not feasible:
                    raise _Infeasible
            # B4's bound can only cut when X < P: the pairs of any pairing of the stage (P of
            # them, one exists: the test above) miss at most P preferences (issue 20)
            leaves = graph_key[2]
            if (
                BOUNDED
                and not (PRUNED and x >= p)
                and not dr.passed(("fewest", p, graph_key[0]), level, leaves, lambda f: f <= x)
                and not _b4_meets(dr, players, p, level, may_leave, x, graph_key)
            ):
                raise _Infeasible  # B4: no pairing of this stage meets X
            if (
                STAGE_BOUNDS
                and down_needed == 0
                and not is_last
                and can_complete is not None
                and not can_complete(())
            ):
                # nobody is left over: the lower brackets must be pairable on their own (the
                # engine passes over every outcome otherwise; issue 20, a maximum matching
                # instead of the weighted one below)
                raise _Infeasible
            if STAGE_BOUNDS and down_needed > 1 and not is_last and can_complete is not None:
                # the players left over and the lower brackets must be pairable together
                # (the engine passes over every other outcome)
                movers = [y for y in players if dr.may_move_down(y, level, False)]
                if not can_complete.takes(down_needed, movers, players):
                    raise _Infeasible
            if STAGE_BOUNDS and can_complete is not None and not witnessed[0]:
                # the bracket and the lower brackets as one matching: every outcome of the
                # stage the engine descends pairs P players inside and the rest below (with
                # C12's filter: the players left over all in the next bracket).  Not asked
                # when a split of the stage already had such a matching (``witnessed``: its
                # S1 paired into S2 and the rest below, P pairs inside; issue 20)
                lower = can_complete.lower(players, filtered)
                key = ("most", lower.key, is_last, graph_key)
                most = dr.bounds.get(key, -1)
                among = ("most", lower.key, is_last, graph_key[0])
                if most == -1 and dr.passed(among, level, leaves, lambda m: m >= p):
                    most = p  # at least that many (a stricter stage had them)
                if most == -1:
                    most = dr.bounds[key] = most_pairs(
                        dr, lower, players, level, may_leave, is_last
                    )
                    dr.record(among, level, leaves, most)
                if most is None or most < p:
                    raise _Infeasible

    if (
        STAGE_BOUNDS
        and can_complete is not None
        and not level.exempt
        and not _most_relaxed_allows(
            dr, players, p, is_last, can_complete.lower(players, filtered), 2 * p < n - 1
        )
    ):
        return
    try:
        if filtered:
            check_stage()  # the filter often leaves nothing of a whole stage: asked first
        yield from _search(
            dr,
            s1,
            s2,
            p,
            x,
            level,
            is_last,
            bracket,
            seen,
            ok,
            may_leave,
            check_stage,
            down_needed,
            can_complete if down_needed > 1 and not is_last else None,
            can_complete.lower(players, filtered)
            if STAGE_BOUNDS and can_complete is not None
            else None,
            witnessed,
        )
    except _Infeasible:
        return


def _search(
    dr,
    s1,
    s2,
    p,
    x,
    level,
    is_last,
    bracket,
    seen,
    ok,
    may_leave,
    check_stage,
    down_needed,
    below,
    lower=None,
    witnessed=None,
):  # type: ignore[no-untyped-def]
    """The C7/C8 loops of :func:`_homogeneous`.  ``below``: the lower brackets, when the
    players left over (more than one) must be pairable with them.  ``lower``: the players
    below as a :class:`~.joint.Lower`, when every node of the search is to be cut that no
    outcome the engine descends completes (:class:`~.joint.SplitGraph`)."""
    exchange_no = 0
    stage = None  # the stage's joint graph (StageGraph), built once C8 goes past C4's split
    hall = (
        _HallBounds(s1, s2, ok, lambda: _bracket_rows(dr, [*s1, *s2], level))
        if PRUNED and EXCHANGE_BOUNDS
        else None
    )
    for t1, t2 in _with_exchanges(
        s1, s2, dr.odd_variant, hall.bounds if hall is not None else None
    ):
        if exchange_no:
            check_stage()
        if PRUNED and not bipartite_saturates(t1, t2, lambda i, r: ok(t1[i], r)):  # noqa: B023
            if hall is not None:
                hall.learn(t1, t2)
            check_stage()
            exchange_no += 1
            continue
        if lower is not None and stage is None and exchange_no:
            # C8 goes on past S1/S2 of C4: the stage's graph, built once for its splits
            stage = StageGraph(dr, lower, [*s1, *s2], level, may_leave, _partners(dr, lower, level))
        if stage is not None:
            joint = stage.split(t1, t2)
        else:
            joint = (
                SplitGraph(dr, lower, t1, t2, level, may_leave, _partners(dr, lower, level))
                if lower is not None
                else None
            )
        if joint is not None and not joint.completes(
            joint.full, joint.seen_masks(seen) if SPLIT_EFFORT else set(), SPLIT_EFFORT
        ):
            if hall is not None and stage is not None and not joint.perfect(joint.full):
                hall.learn_joint(stage, joint)
            check_stage()
            exchange_no += 1
            continue  # no outcome of this split leaves players the lower brackets can take
        if joint is not None and witnessed is not None:
            witnessed[0] = True  # P pairs inside and the rest below: a perfect joint matching
        movable = [may_leave(y) for y in t2]
        bound = _ColourBound(dr, t1, t2, level, movable, down_needed)
        cost = [0] * (p + 1)
        removed = [0] * (p + 1)
        last_len = [0]
        movable_count = sum(movable)
        index_of = {y: i for i, y in enumerate(t2)}
        used_movable = [0] * (p + 1)
        backtracks = [0]  # in this split: the bound is asked once, after as many as players

        # feasible() and the predicates below are consumed within this iteration of the loop
        # (transpositions_pruned is exhausted before the next stage): B023 does not apply.
        def feasible(prefix: tuple[int, ...]) -> bool:
            k = len(prefix)
            y = prefix[-1]
            cost[k] = cost[k - 1] + dr.colour_conflict(t1[k - 1], y, level)  # noqa: B023
            if not PRUNED:  # B4 only for a complete candidate
                if k == p and cost[k] > x:  # noqa: B023
                    return False
            elif cost[k] + bound.after(k, y) > x:  # noqa: B023
                return False  # B4: even the best completion would miss too many preferences
            used_movable[k] = used_movable[k - 1] + movable[index_of[y]]  # noqa: B023
            if PRUNED and movable_count - used_movable[k] < down_needed:  # noqa: B023
                return False  # not enough players left who may move down (B5/B6, B1b)
            backtracked = k <= last_len[0]  # noqa: B023
            last_len[0] = k  # noqa: B023
            if backtracked:
                check_stage()
                backtracks[0] += 1  # noqa: B023
                if STAGE_BOUNDS and down_needed and backtracks[0] == len(t1) + len(t2):  # noqa: B023
                    # C7/C8: a split whose search goes on (players are left over), none of
                    # whose transpositions meets X with players left over who can move down
                    # (and be paired below), is
                    # not enumerated further (a matching costs about as much as that many
                    # backtracks, so quick splits never pay for it)
                    if x >= len(t1):  # noqa: B023
                        # its P pairs miss at most P preferences: only whether any completes
                        if not _split_completes(dr, t1, t2, level, may_leave, below):  # noqa: B023
                            raise _SplitDone
                    else:
                        fewest = _fewest_misses_completing(dr, t1, t2, level, may_leave, below)  # noqa: B023
                        if fewest is None or fewest > x:
                            raise _SplitDone
            if joint is not None:  # noqa: B023
                s_k, y_k = joint.v1[k - 1], joint.index2[y]  # noqa: B023
                removed[k] = removed[k - 1] | 1 << s_k | 1 << y_k  # noqa: B023
                if not NODE_EFFORT:  # completes() is perfect(): asked from the node above
                    return joint.perfect_without(joint.full & ~removed[k - 1], s_k, y_k)  # noqa: B023
                active = joint.full & ~removed[k]  # noqa: B023
                offered = joint.seen_masks(seen)  # noqa: B023
                return joint.completes(active, offered, NODE_EFFORT)  # noqa: B023
            if PRUNED and backtracked and k < p:
                used = set(prefix)
                rest = [r for r in t2 if r not in used]  # noqa: B023
                return bipartite_saturates(t1[k:], rest, lambda i, r: ok(t1[k + i], r))  # noqa: B023
            return True

        with contextlib.suppress(_SplitDone):
            yield from _transposed(
                dr, s1, s2, t1, t2, p, level, is_last, bracket, seen, ok, feasible, exchange_no
            )
        exchange_no += 1


def _transposed(dr, s1, s2, t1, t2, p, level, is_last, bracket, seen, ok, feasible, exchange_no):  # type: ignore[no-untyped-def]
    """C7 on one split of :func:`_search`: the transpositions of ``t2`` against ``t1``."""
    down_needed = len(t1) + len(t2) - 2 * p
    walk = (
        transpositions_distinct(
            t2,
            p,
            lambda i, r: ok(t1[i], r),
            feasible,
            lambda i, r: dr.colour_conflict(t1[i], r, level),
        )
        if DISTINCT
        else transpositions_pruned(t2, p, lambda i, r: ok(t1[i], r), feasible)
    )
    for order in walk:
        chosen = set(order)
        left = [y for y in t2 if y not in chosen]
        key = frozenset(left)
        if key in seen or (
            down_needed and not all(dr.may_move_down(y, level, is_last) for y in left)
        ):
            continue
        seen.add(key)
        events: list[Event] = []
        if exchange_no or order != tuple(t2[:p]):
            why = _describe_failure(dr, s1, s2, level)
            if why is not None:
                events.append(
                    Event(
                        f"{RULES} C6",
                        N_("the pairing S1[i]–S2[i] does not comply: {reason}"),
                        {"reason": _Reason(*why)},
                        bracket,
                    )
                )
        if exchange_no:
            out_ = [y for y in s1 if y not in t1]
            in_ = [y for y in t1 if y not in s1]
            events.append(
                Event(
                    f"{RULES} C8",
                    N_("exchange {out} ↔ {into} between S1 and S2 (D2)"),
                    {"out": out_, "into": in_},
                    bracket,
                )
            )
        if order != tuple(t2[:p]):
            events.append(
                Event(
                    f"{RULES} C7",
                    N_("S2 transposed to {order} (D1)"),
                    {"order": list(order)},
                    bracket,
                )
            )
        yield list(zip(t1, order, strict=False)), left, events


class _ColourBound:
    """A lower bound (exact when B1/B2 do not interfere) on the colour-preference misses
    still to come once S1[0..k-1] are paired: S1 players wanting White need S2 partners not
    wanting White, and likewise for Black; S2 players without a preference serve either.

    With ``down`` players of S2 to be left over, chosen among those who may move down
    (``movable``, B5/B6, B1b; :data:`B4_LEAVERS`), the bound is taken over the S2 players who
    stay: the ``down`` players left over are the ones that raise it least (``Dutch-1992 B4``
    with C6's players left over)."""

    def __init__(
        self,
        dr: DutchRound,
        s1: Sequence[int],
        s2: Sequence[int],
        level: Level,
        movable: Sequence[bool] | None = None,
        down: int = 0,
    ) -> None:
        self.col = {y: dr.preference(y, level).colour for y in (*s1, *s2)}
        p = len(s1)
        self.w1 = [0] * (p + 1)
        self.b1 = [0] * (p + 1)
        for i in range(p - 1, -1, -1):
            c = self.col[s1[i]]
            self.w1[i] = self.w1[i + 1] + (c is WHITE)
            self.b1[i] = self.b1[i + 1] + (c is BLACK)
        cols = [self.col[y] for y in s2]
        self.w2 = [sum(1 for c in cols if c is WHITE)] + [0] * p
        self.b2 = [sum(1 for c in cols if c is BLACK)] + [0] * p
        self.n2 = [len(cols) - self.w2[0] - self.b2[0]] + [0] * p
        self.down = down if B4_LEAVERS and movable is not None else 0
        self.movable = dict(zip(s2, movable or (), strict=False)) if self.down else {}
        mcols = [c for c, m in zip(cols, movable or (), strict=False) if m] if self.down else []
        self.mw = [sum(1 for c in mcols if c is WHITE)] + [0] * p
        self.mb = [sum(1 for c in mcols if c is BLACK)] + [0] * p

    def after(self, k: int, y: int) -> int:
        """Record that S2 player ``y`` took place ``k`` (1-based) and return the bound."""
        c = self.col[y]
        w2 = self.w2[k] = self.w2[k - 1] - (c is WHITE)
        b2 = self.b2[k] = self.b2[k - 1] - (c is BLACK)
        self.n2[k] = self.n2[k - 1] - (c is None)
        short_w = max(0, self.w1[k] - b2)
        short_b = max(0, self.b1[k] - w2)
        inner = short_w + short_b - self.n2[k]
        d = self.down
        if d:
            # Proof: leaving out one S2 player lowers one of W, B, N (the S2 counts) by one.
            # Lowering N raises ``inner`` by 1; lowering W raises it by 0 while W > b1 (a
            # White-wanting S2 player beyond those S1's Black-wanters need) and by 1 after;
            # likewise B against w1.  So the least ``inner`` over every choice of ``d``
            # players among the movable ones leaves out the free ones first (at most
            # ``W - b1`` movable White and ``B - w1`` movable Black) and raises ``inner`` by
            # one for each further player.
            m = self.movable[y]
            mw = self.mw[k] = self.mw[k - 1] - (m and c is WHITE)
            mb = self.mb[k] = self.mb[k - 1] - (m and c is BLACK)
            free = min(mw, max(0, w2 - self.b1[k])) + min(mb, max(0, b2 - self.w1[k]))
            inner += max(0, d - free)
        return max(0, inner)


class _Reason:
    """A nested message rendered in the same language as the sentence around it."""

    def __init__(self, message: str, args: dict[str, object]) -> None:
        self.message, self.args = message, args

    def render(self, locale: str | None) -> str:
        from swisspairing.explain import render_message

        return render_message(self.message, self.args, locale)


def _with_exchanges(
    s1: list[int],
    s2: list[int],
    odd_variant: bool,
    bounds: Sequence[ExchangeBound] | None = None,
) -> Iterator[tuple[list[int], list[int]]]:
    yield s1, s2
    for a, b in exchanges(s1, s2, odd_variant=odd_variant, bounds=bounds):
        yield list(a), list(b)


class _HallBounds:
    """C8 (issue 20): what the S1/S2 splits that could not pair S1 into S2 teach about the
    exchanges still to come, as linear tests on an exchange (:data:`.sequences.ExchangeBound`).

    When S1 of a split cannot be paired into its S2 (B1/B2/B5/B6 at the stage), a maximum
    matching leaves an S1 player over, and the players of S1 reachable from him by alternating
    paths (``H``) have fewer partners in S2 than they are (Hall).  Let ``N`` be every player of
    the bracket whom a player of ``H`` may meet, and ``H*`` every player of the bracket all of
    whose possible opponents in the bracket lie in ``N`` (``H`` among them).  For any split
    ``(T1, T2)``, the players of ``T1 ∩ H*`` can only meet players of ``T2 ∩ N``; so when
    ``|T1 ∩ H*| > |T2 ∩ N|`` S1 cannot be paired into S2 there either, and the split would be
    passed over the same way (C8 goes on to the next exchange).  An exchange moving the S1
    positions ``a`` down and the S2 positions ``b`` up gives ``|T1 ∩ H*| - |T2 ∩ N| = D - w(a)
    + w(b)`` with ``w = [in H*] + [in N]`` and ``D = |S1 ∩ H*| - |S2 ∩ N|``: it can pair S1
    into S2 only when ``w(a) - w(b) >= D``, the test kept.  The exchanges failing it are left
    out of the D2 order (:func:`.sequences.exchange_positions`), the others keep their
    order: the pairing is the same (tests/dutch_1992/test_dutch_exhaustive.py,
    ``EXCHANGE_BOUNDS``)."""

    def __init__(
        self,
        s1: Sequence[int],
        s2: Sequence[int],
        ok: Callable[[int, int], bool],
        rows: Callable[[], list[int]] | None = None,
    ):
        self.s1, self.s2, self.ok = list(s1), list(s2), ok
        self.bounds: list[ExchangeBound] = []
        self._known: set[tuple[tuple[int, ...], tuple[int, ...], int]] = set()
        self._adj: list[int] | None = None
        self._rows = rows
        """``ok`` for every player of the bracket at once (bit sets of positions), if known."""

    def _adjacency(self) -> list[int]:
        """Every player's possible opponents in the bracket, as bit sets of positions."""
        if self._adj is None and self._rows is not None:
            self._adj = self._rows()
        if self._adj is None:
            players = self.s1 + self.s2
            adj = [0] * len(players)
            for i, a in enumerate(players):
                for j in range(i + 1, len(players)):
                    if self.ok(a, players[j]):
                        adj[i] |= 1 << j
                        adj[j] |= 1 << i
            self._adj = adj
        return self._adj

    def learn(self, t1: Sequence[int], t2: Sequence[int]) -> None:
        """Add the test taught by a split whose S1 cannot be paired into its S2."""
        ok = self.ok
        match = bipartite_matching(t1, t2, lambda i, r: ok(t1[i], r))
        lonely = [i for i, j in enumerate(match) if j == -1]
        if not lonely:
            return
        mate_of = {j: i for i, j in enumerate(match) if j != -1}
        reached = {lonely[0]}
        todo = [lonely[0]]
        while todo:
            i = todo.pop()
            for j, r in enumerate(t2):
                if ok(t1[i], r):
                    partner = mate_of.get(j)
                    if partner is not None and partner not in reached:
                        reached.add(partner)
                        todo.append(partner)
        players = self.s1 + self.s2
        where = {y: k for k, y in enumerate(players)}
        adj = self._adjacency()
        near = 0
        for i in reached:
            near |= adj[where[t1[i]]]
        tight = 0
        for k in range(len(players)):
            if adj[k] & ~near == 0:
                tight |= 1 << k
        weight = [(tight >> k & 1) + (near >> k & 1) for k in range(len(players))]
        m = len(self.s1)
        least = sum(tight >> k & 1 for k in range(m)) - sum(
            near >> k & 1 for k in range(m, len(players))
        )
        self._add(weight[:m], weight[m:], least)

    def _add(self, w1: Sequence[int], w2: Sequence[int], least: int) -> None:
        key = (tuple(w1), tuple(w2), least)
        if key not in self._known:
            self._known.add(key)
            self.bounds.append(key)

    def learn_joint(self, stage: StageGraph, split: SplitGraph) -> None:
        """Add the test taught by a split whose joint graph (:class:`.joint.SplitGraph`: S1
        paired into S2, the S2 players left over with each other and with the players below)
        has no perfect matching.

        From the vertex the matching leaves exposed, the alternating search reaches the
        vertices ``E`` at even distance (the root and the partners of the others) and every
        neighbour of ``E`` at odd distance; when no two of ``E`` are adjacent (no odd cycle
        met), ``E`` has one vertex more than its neighbours.  Vertices of the bracket are taken
        *on a side* (in S1, in S2).  ``N`` is every vertex that can be a neighbour of ``E`` in
        some split: the neighbours below of a vertex below and the players who may leave and
        reach him (in S2); the possible opponents of a player in S1 (in S2); the possible
        opponents of a player in S2 (in S1) and, when he may leave, his possible partners
        among the players leaving (in S2) and below.  ``H`` is every vertex (on a side) all of
        whose possible neighbours lie in ``N`` (``E`` among them).  In any split a perfect
        matching maps the vertices of ``H`` one to one into ``N``, so a split with more of
        ``H`` than of ``N`` has none and C8 would pass over it as this one (in this split
        ``N`` counts exactly the neighbours of ``E``).  The count is linear in the exchange
        (a player moved counts on his other side), which is the test kept (weights shifted
        to be at least 0: an exchange moves as many players each way)."""
        base = stage.base
        adj, mate, full = split.adj, split.mate, split.full
        exposed = split._exposed & full
        if not exposed:
            return
        root = (exposed & -exposed).bit_length() - 1
        even = 1 << root
        odd = 0
        todo = [root]
        while todo:
            node = todo.pop()
            for w in bits_of(adj[node] & full):
                if even >> w & 1:
                    return  # an odd cycle: no Hall witness from this search
                if odd >> w & 1:
                    continue
                partner = mate[w]
                if partner < 0:
                    return  # an augmenting path: not a maximum matching's search
                odd |= 1 << w
                even |= 1 << partner
                todo.append(partner)
        n = len(stage.players)
        lower_adj, back = stage.lower.adj, stage.back
        ok, pairable, reach, leaves = stage.ok, stage.pairable, stage.reach, stage.leaves
        t1mask = split.t1mask
        below = n1 = n2 = 0  # N: below, in S1, in S2
        for v in bits_of(even):
            if v < base:
                below |= lower_adj[v]
                n2 |= back[v]
            elif t1mask >> v & 1:
                n2 |= ok[v - base]
            else:
                i = v - base
                n1 |= ok[i]
                if leaves >> v & 1:
                    n2 |= pairable[i] & leaves
                    below |= reach[i]
        h_below = sum(1 for k in range(base) if not lower_adj[k] & ~below and not back[k] & ~n2)
        value = least = h_below - below.bit_count()  # |H| - |N| below
        u = [0] * n
        m = len(self.s1)
        for i in range(n):
            v = base + i
            h1 = not ok[i] & ~n2
            h2 = not ok[i] & ~n1 and (
                not leaves >> v & 1 or (not pairable[i] & leaves & ~n2 and not reach[i] & ~below)
            )
            c1 = int(h1) - (n1 >> v & 1)
            c2 = int(h2) - (n2 >> v & 1)
            u[i] = c1 - c2
            value += c1 if t1mask >> v & 1 else c2  # this split
            least += c1 if i < m else c2  # the split C4 made (no exchange)
        if value <= 0:
            return
        shift = max(0, -min(u, default=0))
        self._add([x + shift for x in u[:m]], [x + shift for x in u[m:]], least)


def _heterogeneous(
    dr: DutchRound,
    moved: Sequence[int],
    residents: Sequence[int],
    p: int,
    rem_p: int,
    level: Level,
    is_last: bool,
    bracket: int,
    seen: set[frozenset[int]],
    first_stages: Sequence[tuple[Level, list[Event]]] = (),
    can_complete: _Below | None = None,
    key: tuple[int, int] | None = None,
) -> Iterator[tuple[list[tuple[int, int]], list[int], list[Event], list[Event] | None]]:
    """C4–C7 for a heterogeneous bracket: S1 = the P highest moved-down players, S2 = all
    others (C4); S2 transposed (C7) until the moved-down players are paired, then the
    remainder group is paired as a homogeneous group with P = ``rem_p`` (C6).  A remainder
    that fails makes the moved-down players take their next opponents (C10).

    ``first_stages`` (C9 before C10): the remainder of the first pairing of the moved-down
    players is tried at each of these stages in turn (strict, then B6 and B5 dropped for
    downfloats) before any moved-down player takes another opponent; the later opponents
    are tried at ``level``, the last of them (the relaxations stay dropped).  Yields
    ``(pairs, left over, events, events of the stage used or None for level)``."""
    ctx = dr.ctx
    s1 = list(moved[:p])
    s2 = ctx.ranked(list(moved[p:]) + list(residents))
    x = min(p, dr.x_of(list(moved) + list(residents), level) + level.extra_x)

    def ok(i: int, r: int) -> bool:
        return dr.pair_ok(s1[i], r, level)

    stage_list = [sl for sl, _ in first_stages] or [level]
    if PRUNED and not (
        bipartite_saturates(s1, s2, ok)
        and _c6_bracket_possible(dr, s1, s2, rem_p, level, stage_list, is_last, can_complete, seen)
    ):
        return
    if dr.upfloat_scope == "remainder-only" and not (level.b5_up and level.b6_up):
        # literal C10: the upfloat criteria are dropped only because a remainder failed, so
        # the moved-down players must have been pairable with them in force
        strict = replace(level, b5_up=True, b6_up=True)
        if not bipartite_saturates(s1, s2, lambda i, r: dr.pair_ok(s1[i], r, strict)):
            return
    cost = [0] * (p + 1)
    bound = _ColourBound(dr, s1, s2, level)
    stages: Sequence[tuple[Level, list[Event] | None]] = first_stages or ((level, None),)
    # C7 with the remainder and the lower brackets as one matching (issue 20): S1 met in S2,
    # the players of S2 left over (the remainder) paired with each other or below
    joint = None
    if C7_REMAINDER_BOUND and can_complete is not None:
        lower = can_complete.lower([*moved, *residents])
        joint = SplitGraph(dr, lower, s1, s2, level, lambda _: True, _partners(dr, lower, level))
    removed = [0] * (p + 1)
    asked = [0]  # prefixes asked: the joint B4 bound is asked once, after as many as pairs

    def feasible(prefix: tuple[int, ...]) -> bool:
        nonlocal stages
        k = len(prefix)
        y = prefix[-1]
        asked[0] += 1
        if asked[0] == len(s1) * len(s2) and joint is not None and C7_JOINT_B4:
            # a walk that goes on: is there any transposition at all within X (B4) whose
            # remainder the lower brackets can take?  (one weighted matching)
            lower_ = can_complete.lower([*moved, *residents])  # type: ignore[union-attr]
            fewest = _fewest_misses_below(dr, lower_, s1, s2, level)
            if fewest is None or fewest > x:
                raise _WalkDone
        cost[k] = cost[k - 1] + dr.colour_conflict(s1[k - 1], y, level)
        if not PRUNED:  # every prefix; a complete one is tested against X (B4)
            if k == p and cost[k] > x:
                return False
        elif cost[k] + bound.after(k, y) > x:
            return False
        if joint is None:
            return True
        s_k, y_k = joint.v1[k - 1], joint.index2[y]
        removed[k] = removed[k - 1] | 1 << s_k | 1 << y_k
        if joint.perfect_without(joint.full & ~removed[k - 1], s_k, y_k):
            return True
        # Dutch-1992 C7 (issue 20): no completion of this prefix leaves a remainder that can be
        # paired together with the lower brackets: every transposition it leads to is passed
        # over as dead below (the loop's ``dead_rest``), so none is walked.  Such a
        # transposition still pairs the moved-down players (C6) and uses up C9's first stages:
        # if one exists (B4: a completion within X), they are used up here as there.
        if len(stages) > 1 and _completes_within(dr, s1, s2, k, prefix, level, x - cost[k]):
            stages = stages[-1:]
        return False

    dead_rest: set[frozenset[int]] = set()
    explored: set[tuple[frozenset[int], Level]] = set()
    checked_at = len(seen)
    walk = _until_done(
        transpositions_distinct(
            s2, p, ok, feasible, lambda i, r: dr.colour_conflict(s1[i], r, level)
        )
        if DISTINCT
        else transpositions_pruned(s2, p, ok, feasible)
    )
    for order in walk:
        if BOUNDED and len(seen) != checked_at:
            # more sets left over were offered (and the lower brackets failed with them):
            # ask again whether anything new can still come from this stage
            checked_at = len(seen)
            if not _c6_bracket_possible(
                dr,
                s1,
                s2,
                rem_p,
                stages[-1][0],
                [sl for sl, _ in stages],
                is_last,
                can_complete,
                seen,
            ):
                return
        chosen = set(order)
        rest = [y for y in s2 if y not in chosen]
        if PRUNED and can_complete is not None:
            # the remainder and the lower brackets must still be pairable as a whole, or
            # every outcome of this transposition is a dead branch (a maximum matching)
            rest_key = frozenset(rest)
            dead = rest_key in dead_rest
            if not dead and not can_complete(rest):
                dead_rest.add(rest_key)
                dead = True
            if dead:
                # it is a pairing of the moved-down players all the same (C6): the text tries
                # its remainder at the first stages (in vain), so the next opponents come at
                # the last of them (C10), as in the exhaustive search
                stages = stages[-1:]
                continue
        pairs = list(zip(s1, order, strict=False))
        head: list[Event] = []
        if order != tuple(s2[:p]):
            head.append(
                Event(
                    f"{RULES} C7",
                    N_("S2 transposed to {order} (D1)"),
                    {"order": list(order)},
                    bracket,
                )
            )
        if rest:
            head.append(
                Event(
                    f"{RULES} C6",
                    N_("moved-down players paired; remainder group {players}"),
                    {"players": rest},
                    bracket,
                )
            )
        if PRUNED and len(rest) == 2 * rem_p and frozenset() in seen:
            # a complete remainder leaves nobody below: offered already (the stages are
            # used up all the same, as above)
            stages = stages[-1:]
            continue
        for stage_level, stage_events in stages:
            # the players left over depend only on the remainder, not on who the moved-down
            # players met: a remainder already gone through at this stage offers nothing new
            done_key = (frozenset(rest), stage_level)
            if done_key in explored:
                continue
            for rem_pairs, left, events in _homogeneous(
                dr, rest, rem_p, stage_level, is_last, bracket, seen, can_complete, key
            ):
                yield pairs + rem_pairs, left, head + events, stage_events
            explored.add(done_key)
        stages = stages[-1:]  # C10: the next opponents with the criteria dropped so far


class _WalkDone(Exception):
    """No transposition still to come of a heterogeneous bracket's C7 can be an outcome."""


def _until_done(walk: Iterator[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    """``walk`` until a cut shows that nothing of it is left (:class:`_WalkDone`)."""
    with contextlib.suppress(_WalkDone):
        yield from walk


def _fewest_misses_below(
    dr: DutchRound, lower: Lower, s1: Sequence[int], s2: Sequence[int], level: Level
) -> int | None:
    """``Dutch-1992 B4`` and C7 for a heterogeneous bracket (issue 20): the fewest colour
    preferences missed by a transposition (every S1 player met by an S2 player, B1/B2/B5/B6 at
    ``level``) whose remainder (the S2 players not met) can be paired together with the lower
    brackets under the absolute criteria (``None``: no such transposition).

    Proof: such a transposition and a pairing of its remainder with the players below are a
    perfect matching of S1, S2 and the players below (:class:`.joint.SplitGraph`'s graph with
    every S2 player free to stay unmet), and every perfect matching is one.  S1 players meet
    only S2 players, so every perfect matching has ``|S1|`` pairs of S1 with S2; weighing such
    a pair 2 less its miss and every other pair 0, the heaviest perfect matching (maximum
    cardinality, then weight) misses the fewest.  A transposition that the loop of
    :func:`_heterogeneous` would not pass over as dead below (its remainder completable) and
    that meets X (B4) therefore exists only when this is at most X."""
    graph = lower.graph
    names: list[object] = [*lower.players, "bye"]
    edges: list[tuple[object, object, int]] = lower.edges()
    for a in s1:
        for b in s2:
            if dr.pair_ok(a, b, level):
                edges.append((a, b, 2 - dr.colour_conflict(a, b, level)))
    for i, y in enumerate(s2):
        for z in s2[i + 1 :]:
            if graph.may_pair(y, z):
                edges.append((y, z, 0))
        for k in bits_of(lower.reach(y)):
            edges.append((y, names[k], 0))
    mate: dict[object, object] = max_weight_matching(edges, max_cardinality=True)
    if len(mate) < lower.n + len(s1) + len(s2):
        return None
    return sum(dr.colour_conflict(a, cast(int, mate[a]), level) for a in s1)


def _completes_within(
    dr: DutchRound,
    s1: Sequence[int],
    s2: Sequence[int],
    k: int,
    prefix: Sequence[int],
    level: Level,
    misses: int,
) -> bool:
    """Whether the prefix of length ``k`` of a transposition (C7) has a completion: S1's
    players after ``k`` each met by an unused S2 player (B1/B2/B5/B6 at ``level``) with at
    most ``misses`` colour preferences missed (B4).  A maximum-weight matching of maximum
    cardinality (a pair weighs 2 less its miss)."""
    if misses < 0:
        return False
    if k == len(s1):
        return True
    used = set(prefix)
    rest = [y for y in s2 if y not in used]
    edges = [
        (a, b, 2 - dr.colour_conflict(a, b, level))
        for a in s1[k:]
        for b in rest
        if dr.pair_ok(a, b, level)
    ]
    mate = max_weight_matching(edges, max_cardinality=True)
    if any(a not in mate for a in s1[k:]):
        return False
    return sum(dr.colour_conflict(a, mate[a], level) for a in s1[k:]) <= misses


def _c1_players_without_opponent(dr: DutchRound, players: Sequence[int]) -> list[int]:
    """C1: players for whom no opponent in the bracket satisfies B1 and B2."""
    return [a for a in players if not any(b != a and dr.b1b2(a, b) for b in players)]


def bracket_outcomes(bracket: Bracket, context: RoundContext) -> Outcomes:
    """Every pairing of ``bracket`` the procedure reaches, in the procedure's order, with the
    bound C12 asks for: when the moved-down players cannot all be paired inside the bracket
    (with the rest and the lower brackets still pairable), every outcome costs at least 1."""

    def min_cost() -> int:
        if not bracket.moved_down:
            return 0
        graph = context.pairing_graph()
        players = graph.mask((*bracket.moved_down, *bracket.residents))
        confine = (graph.mask(bracket.moved_down), players)
        ok = graph.completable_mask(
            players | graph.group_mask(bracket.below), bye=context.bye_pending, confine=confine
        )
        return 0 if ok else 1

    def confined(key: tuple[int, int], residents: tuple[int, ...]) -> Iterator[BracketOutcome]:
        return _bracket_outcomes(bracket, context, (key, residents))

    if not C12_STREAMS:
        return Outcomes(_bracket_outcomes(bracket, context))
    return Outcomes(_bracket_outcomes(bracket, context), min_cost, confined)


def _bracket_outcomes(
    bracket: Bracket, context: RoundContext, confine: Confine | None = None
) -> Iterator[BracketOutcome]:
    dr = dutch_round(context)
    ctx = context
    idx = bracket.index
    moved = list(bracket.moved_down)
    residents = list(bracket.residents)
    is_last = bracket.is_last
    head: list[Event] = []

    # C1: residents without any possible opponent move down straight away (not in the
    # lowest bracket, where C13 applies: the engine then re-pairs the penultimate bracket).
    c1_down: list[int] = []
    if not is_last:
        while True:
            lonely = [
                r for r in _c1_players_without_opponent(dr, moved + residents) if r in residents
            ]
            if not lonely:
                break
            for r in lonely:
                residents.remove(r)
                c1_down.append(r)
        if c1_down:
            head.append(
                Event(
                    f"{RULES} C1",
                    NP_(
                        "no possible opponent in this bracket for {players}: moved down",
                        "no possible opponent in this bracket for {players}: moved down",
                        "players",
                    ),
                    {"players": c1_down},
                    idx,
                )
            )

    players = ctx.ranked(moved + residents)
    n = len(players)
    # A3: heterogeneous only while fewer than half of the players came from above.
    heterogeneous = bool(moved) and 2 * len(moved) < n
    stuck = [m for m in moved if m in _c1_players_without_opponent(dr, players)]
    if stuck:
        head.append(
            Event(
                f"{RULES} C1",
                NP_(
                    "no possible opponent here for the moved-down {players}: the bracket above is "
                    "re-paired first (C12)",
                    "no possible opponent here for the moved-down {players}: the bracket above is "
                    "re-paired first (C12)",
                    "players",
                ),
                {"players": stuck},
                idx,
            )
        )

    if heterogeneous:
        p0 = len(moved)
        head.append(
            Event(
                f"{RULES} A6",
                NP_(
                    "heterogeneous bracket of {n} player: S1 = moved-down {s1}; P = {p}",
                    "heterogeneous bracket of {n} players: S1 = moved-down {s1}; P = {p}",
                    "n",
                ),
                {"n": n, "s1": moved, "p": p0},
                idx,
            )
        )
    else:
        p0 = n // 2
        if moved:
            head.append(
                Event(
                    f"{RULES} A3",
                    NP_(
                        "at least half of the bracket of {n} player came from higher brackets: "
                        "treated as homogeneous",
                        "at least half of the bracket of {n} players came from higher brackets: "
                        "treated as homogeneous",
                        "n",
                    ),
                    {"n": n},
                    idx,
                )
            )
        if n:
            head.append(
                Event(
                    f"{RULES} A6",
                    NP_(
                        "homogeneous bracket of {n} player: S1 = {s1}; S2 = {s2}; P = {p}",
                        "homogeneous bracket of {n} players: S1 = {s1}; S2 = {s2}; P = {p}",
                        "n",
                    )
                    if p0
                    else NP_(  # no pair possible: an empty S1 is not shown ("S1 = ;")
                        "homogeneous bracket of {n} player: {s2}; P = 0",
                        "homogeneous bracket of {n} players: {s2}; P = 0",
                        "n",
                    ),
                    {"n": n, "s1": players[:p0], "s2": players[p0:], "p": p0},
                    idx,
                )
            )

    seen: set[frozenset[int]] = set()  # sets of players left over already offered

    complete = _Below(ctx, bracket, c1_down, confine)

    for p in range(p0, -1, -1):
        if is_last and not heterogeneous and n - 2 * p > 1:
            break  # the lowest bracket pairs everybody but the bye, or C13 applies
        p_events: list[Event] = []
        if p < p0:
            p_events.append(Event(f"{RULES} C14", N_("P is lowered to {p}"), {"p": p}, idx))
        if p == 0:
            if is_last and heterogeneous and n > 1:
                yield from _c13_merged_lowest(
                    dr, ctx, players, moved, head + p_events, idx, seen, complete
                )
                return
            if heterogeneous and dr.c14_zero == "remainder" and len(players) - len(moved) > 1:
                yield from _c14_residents_paired(
                    dr, ctx, players, moved, head + p_events, idx, complete
                )
            left = ctx.ranked(players)
            down = ctx.ranked(left + c1_down)
            yield BracketOutcome(
                (),
                tuple(down),
                tuple(head + p_events + ([_moves(down, idx, is_last)] if down else [])),
                _c12_cost(left, moved),
            )
            return
        if heterogeneous:
            rest_size = n - 2 * p
            rem_ps = range(rest_size // 2, -1, -1) if not is_last else [rest_size // 2]
        else:
            rem_ps = [p]
        for rem_p in rem_ps:
            x0 = dr.x_of(players, Level())
            levels = _reading_levels(
                dr,
                list(dr.levels(p if not heterogeneous else max(p, rem_p), x0)),
                heterogeneous,
                p < p0,
            )
            # C9 before C10: in a heterogeneous bracket the stages that only drop B6/B5 for
            # downfloats concern the remainder group; they are tried for the first pairing
            # of the moved-down players before those take other opponents.
            first_down = 1
            while heterogeneous and first_down < len(levels) and _down_only(levels[first_down][0]):
                first_down += 1
            grouped: list[tuple[Level, list[Event]]] = []
            for i, (level, notes) in enumerate(levels):
                level_events = list(p_events)
                level_events += [Event(rule, message, args, idx) for rule, message, args in notes]
                if heterogeneous and rem_p < (n - 2 * p) // 2:
                    level_events.append(
                        Event(
                            f"{RULES} C14",
                            N_("remainder group: P is lowered to {p}"),
                            {"p": rem_p},
                            idx,
                        )
                    )
                if i < first_down - 1:
                    grouped.append((level, level_events))
                    continue
                first_stages = [*grouped, (level, level_events)] if grouped else []
                grouped = []
                if heterogeneous:
                    found = _heterogeneous(
                        dr,
                        moved,
                        [r for r in players if r not in moved],
                        p,
                        rem_p,
                        level,
                        is_last,
                        idx,
                        seen,
                        first_stages,
                        complete,
                        # the key of the remainder's outcomes: constant when every moved-down
                        # player is paired in S1 (nobody who came down is left over)
                        (0, n - 2 * p - 2 * rem_p + len(c1_down)) if p == len(moved) else None,
                    )
                else:
                    found = (
                        (pr, lf, ev, None)
                        for pr, lf, ev in _homogeneous(
                            dr,
                            players,
                            p,
                            level,
                            is_last,
                            idx,
                            seen,
                            complete,
                            None if moved else (0, n - 2 * p + len(c1_down)),
                        )
                    )
                for pairs, left, events, stage_events in found:
                    down = ctx.ranked(left + c1_down)
                    evs = head + (level_events if stage_events is None else stage_events) + events
                    if down:
                        evs.append(_moves(down, idx, is_last))
                    yield BracketOutcome(
                        tuple(pairs), tuple(down), tuple(evs), _c12_cost(left, moved)
                    )


def _paired_as_homogeneous(
    dr: DutchRound,
    ctx: RoundContext,
    group: Sequence[int],
    also_down: Sequence[int],
    moved: Sequence[int],
    head: list[Event],
    note: Event,
    idx: int,
    seen: set[frozenset[int]],
    complete: _Below,
    is_last: bool,
) -> Iterator[BracketOutcome]:
    """``group`` paired as a homogeneous bracket through the stages of C9–C11 (A3: a
    remainder group is always processed as homogeneous); ``also_down`` move down with the
    players it leaves over."""
    p = len(group) // 2
    x0 = dr.x_of(group, Level())

    rest_ok = complete.with_extra(also_down)
    came_down = set(moved)
    # the key of the outcomes (cost, players moved down): constant when nobody of the group
    # came down (C12's filter applies to such a search only)
    key = (
        None
        if came_down.intersection(group)
        else (sum(1 for y in also_down if y in came_down), len(group) - 2 * p + len(also_down))
    )

    for level, notes in _reading_levels(dr, list(dr.levels(p, x0)), False, False):
        level_events = [note, *(Event(rule, message, args, idx) for rule, message, args in notes)]
        for pairs, left, events in _homogeneous(
            dr, group, p, level, is_last, idx, seen, rest_ok, key
        ):
            down = ctx.ranked([*left, *also_down])
            evs = head + level_events + events + ([_moves(down, idx, is_last)] if down else [])
            yield BracketOutcome(tuple(pairs), tuple(down), tuple(evs), _c12_cost(down, moved))


def _c13_merged_lowest(
    dr: DutchRound,
    ctx: RoundContext,
    players: Sequence[int],
    moved: Sequence[int],
    head: list[Event],
    idx: int,
    seen: set[frozenset[int]],
    complete: _Below,
) -> Iterator[BracketOutcome]:
    """C13 for a heterogeneous lowest bracket whose moved-down players cannot all be paired
    in it (P fell to 0): there is no bracket below to move them to, so the lowest bracket and
    the players moved into it are paired as one new lowest bracket — the merge C13 describes
    ("the two lowest brackets merged into one"), processed as a homogeneous bracket, leaving at
    most the bye."""
    merged = Event(
        f"{RULES} C13",
        N_(
            "the moved-down players cannot all be paired here: the lowest brackets are paired as "
            "one bracket"
        ),
        {},
        idx,
    )
    yield from _paired_as_homogeneous(
        dr, ctx, players, (), moved, head, merged, idx, seen, complete, True
    )


def _c14_residents_paired(
    dr: DutchRound,
    ctx: RoundContext,
    players: Sequence[int],
    moved: Sequence[int],
    head: list[Event],
    idx: int,
    complete: _Below,
) -> Iterator[BracketOutcome]:
    """``c14_zero: remainder``: when C14 lowers P to 0 in a heterogeneous bracket, only the
    moved-down players move on; the residents are paired as the remainder group (A3: "the
    players left over form the remainder group, which is always processed as a homogeneous
    bracket"), before the whole bracket moves down (the literal C14)."""
    residents = [r for r in players if r not in moved]
    note = Event(
        f"{RULES} C14",
        N_(
            "P is 0: the moved-down players move on and the residents are paired as the remainder "
            "group (A3)"
        ),
        {},
        idx,
    )
    # its own record of players left over: the moved-down players go down with them
    yield from _paired_as_homogeneous(
        dr, ctx, residents, moved, moved, head, note, idx, set(), complete, False
    )


def _reading_levels(
    dr: DutchRound,
    levels: list[tuple[Level, list[tuple[str, str, dict[str, object]]]]],
    heterogeneous: bool,
    lowered: bool,
) -> list[tuple[Level, list[tuple[str, str, dict[str, object]]]]]:
    """The stages of C9–C11 as the ruleset reads C10 and C14.

    - ``upfloat_relaxation: remainder-only`` (the literal C10): B5/B6 for upfloats are
      dropped only on the way of C10, i.e. for a heterogeneous bracket whose remainder could
      not be paired; a bracket treated as homogeneous (A3, the lowest one) keeps them.  The
      default ``every-bracket`` drops them in every bracket before X is raised or P lowered,
      since relative criteria are never kept "by moving an extra player down" (B).
    - ``c14_restart: literal``: after C14 the procedure restarts at C4 with what C9–C11 left:
      B5/B6 dropped and X = P (the raised X decreased by one).  The default ``strict`` starts
      the lowered P from the strict stage again (X0 and B5/B6 in force), so that with fewer
      pairs the relative criteria are again kept as far as possible (B)."""
    out = levels
    if dr.upfloat_scope == "remainder-only" and not heterogeneous:
        out = []
        for level, notes in levels:
            if not (level.b5_up and level.b6_up):
                level = replace(level, b5_up=True, b6_up=True)
                notes = [note for note in notes if note[0] != f"{RULES} C10"]
            if out and out[-1][0] == level:
                continue
            out.append((level, notes))
    if dr.c14_restart == "literal" and lowered:
        last = [entry for entry in out if not entry[0].exempt][-1:]
        out = last + [entry for entry in out if entry[0].exempt]
    return out


def _down_only(level: Level) -> bool:
    """Whether ``level`` differs from the strict stage only by C9 (downfloat criteria)."""
    return level.b6_up and level.b5_up and not level.extra_x and not level.exempt


def _c12_cost(left: Sequence[int], moved: Sequence[int]) -> int:
    """The outcome's cost for the engine: the moved-down players it leaves unpaired.

    C1/C12: a moved-down player who finds no opponent here (or is left over because P was
    lowered, C14) asks for the bracket above to be re-paired so that a different player
    moves down; the engine does that for every outcome with ``cost > 0``.  Counting the
    moved-down players actually left over also covers brackets that A3 treats as
    homogeneous (at least half of the players came from above)."""
    came_down = set(moved)
    return sum(1 for y in left if y in came_down)


def _moves(players: Sequence[int], idx: int, is_last: bool = False) -> Event:
    if is_last:
        return Event(
            f"{RULES} A5",
            NP_(
                "left over, gets the bye: {players}",
                "left over, gets the bye: {players}",
                "players",
            ),
            {"players": list(players)},
            idx,
        )
    return Event(
        f"{RULES} A3",
        NP_(
            "moved down to the next bracket: {players}",
            "moved down to the next bracket: {players}",
            "players",
        ),
        {"players": list(players)},
        idx,
    )
