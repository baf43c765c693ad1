"""Dutch-1992 B1, B2, B5, B6 and the B-note as bit sets against the same criteria asked pair by
pair (issue 20: the graphs of a bracket of thousands of players are built from bit sets).

The bit sets (:mod:`swisspairing.plugins.dutch_1992.bits`) replace millions of calls of
``DutchRound.pair_ok`` and of the round graph's ``may_pair``; the pairing stays the same only if
every bit is the predicate's answer.  Checked on every round of simulated events (floats,
forfeits, byes, absences, withdrawals; forbidden pairs and federations kept apart; last rounds
with topscorers under the B-note; colour histories rewritten to break B2, AMB-D21):

- :meth:`PairBits.partners` equals ``pair_ok`` at every combination of the criteria a stage can
  have in force, ``b1b2`` equals ``DutchRound.b1b2``, and ``graph`` is the round's pairing graph;
- the bracket graphs built from them equal the predicate graphs they replace: a bracket's pairs
  at a stage (C8's Hall tests) and its pairs that miss a colour preference (B4), whether a split
  can be completed at all (B4's bound of a split when X is at least P), C6's graph of a
  heterogeneous bracket (its maximum matching), a stage's P pairs with the rest moving down,
  :meth:`_Below.takes`, and :meth:`Lower.reached_by` reads :meth:`Lower.reach` backwards;
- B4's bound by cardinality (``_b4_span``) brackets the weighted one;
- a stage that C9/C10 relax has a B4 bound no larger than the stricter stage's (so the
  stricter stage's bound, if it passes, answers for it: ``DutchRound.passed``);
- :class:`Positions` reads any bit set as the positions of its members.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from dutch1992_fields import BUSY
from swisspairing import BLACK, Engine, load_ruleset
from swisspairing.brackets import Bracket
from swisspairing.matching import (
    has_matching_of_size,
    matching_size_masks,
    max_matching_size,
    max_weight_matching,
)
from swisspairing.model import Tournament
from swisspairing.pairing import RoundPairing
from swisspairing.plugins.dutch_1992.bits import Positions, bits_of
from swisspairing.plugins.dutch_1992.joint import Lower
from swisspairing.plugins.dutch_1992.procedure import (
    Level,
    _b4_fewest_misses,
    _b4_span,
    _Below,
    _bracket_rows,
    _c6_masks,
    _fewest_misses_completing,
    _relaxes,
    _same_preference,
    _split_completes,
    _stage_feasible,
    dutch_round,
)
from swisspairing.simulate import simulate

RULESET = load_ruleset("fide-dutch-1992")
#: Forbidden pairs and federations kept apart besides the rematches (B1a).
APART = replace(
    RULESET,
    forbidden=replace(
        RULESET.forbidden, same_federation=True, pairs=(frozenset({1, 2}), frozenset({3, 5, 7}))
    ),
)

#: The criteria C9/C10 drop.
FLAGS = ("b6_down", "b5_down", "b6_up", "b5_up")

#: Every combination of the criteria a stage can have in force (C9, C10, the B-note).
LEVELS = [
    Level(b6_down=d6, b5_down=d5, b6_up=u6, b5_up=u5, exempt=ex)
    for d6, d5, u6, u5, ex in itertools.product((True, False), repeat=5)
]


def _broken(t: Tournament, rng: random.Random) -> Tournament:
    """A few players' recorded colours rewritten to Black (a history from another program that
    breaks B2, AMB-D21): B2 then leaves them one colour."""
    victims = set(rng.sample([p.number for p in t.players], max(1, len(t.players) // 6)))
    players = tuple(
        replace(
            p,
            rounds=tuple(
                replace(r, colour=BLACK) if r is not None and r.colour is not None else r
                for r in p.rounds
            ),
        )
        if p.number in victims
        else p
        for p in t.players
    )
    return replace(t, players=players)


def _context(engine: Engine, before: Tournament):  # type: ignore[no-untyped-def]
    ctx = engine.context(before, explain=False)
    ctx.set_ranking(engine.sort_players(ctx))
    return ctx


def _predicate_checks(engine: Engine, before: Tournament, rng: random.Random) -> None:
    ctx = _context(engine, before)
    dr = dutch_round(ctx)
    bits = dr.bits
    graph = ctx.pairing_graph()
    for a, b in itertools.permutations(ctx.participants, 2):
        va, vb = bits.index[a], bits.index[b]
        assert bool(bits.b1b2[va] >> vb & 1) == dr.b1b2(a, b), (a, b)
        assert bits.graph.may_pair(a, b) == graph.may_pair(a, b), (a, b)
        for level in LEVELS:
            assert bool(dr.partners(level)[va] >> vb & 1) == dr.pair_ok(a, b, level), (a, b)
    _bracket_checks(ctx, dr, rng)


def _bracket_checks(ctx, dr, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """C6's graph, a stage's P pairs and the lower brackets' test on random brackets of the
    round against the predicate graphs they replace."""
    ranked = dr.bits.order
    for _ in range(6):
        if len(ranked) < 4:
            return
        lo = rng.randrange(len(ranked) - 3)
        hi = rng.randint(lo + 3, len(ranked))
        players = ranked[lo:hi]
        level = rng.choice(LEVELS)
        stage_levels = rng.sample(LEVELS, rng.randint(1, 3))
        k = rng.randint(1, max(1, len(players) // 3))
        s1, s2 = players[:k], players[k:]
        top = set(s1)
        rows = _bracket_rows(dr, players, level)
        same = _same_preference(dr, players, level)
        for (i, a), (j, b) in itertools.permutations(enumerate(players), 2):
            assert bool(rows[i] >> j & 1) == dr.pair_ok(a, b, level)
            assert bool(same[i] >> j & 1) == bool(dr.colour_conflict(a, b, level))

        def adjacent(a: int, b: int, top=top, level=level, stage_levels=stage_levels) -> bool:  # type: ignore[no-untyped-def]
            if a in top:
                return b not in top and dr.pair_ok(a, b, level)
            if b in top:
                return dr.pair_ok(b, a, level)
            return any(dr.pair_ok(a, b, sl) for sl in stage_levels)

        assert matching_size_masks(*_c6_masks(dr, s1, s2, level, stage_levels)) == (
            max_matching_size([*s1, *s2], adjacent)
        )
        leave = {y for y in players if rng.random() < 0.6}
        p = rng.randint(1, len(players) // 2)
        down = len(players) - 2 * p
        dummies = [-(i + 1) for i in range(down)]

        def stage_adjacent(a: int, b: int, level=level, leave=leave) -> bool:  # type: ignore[no-untyped-def]
            if a < 0 and b < 0:
                return False
            if a < 0 or b < 0:
                return (b if a < 0 else a) in leave
            return dr.pair_ok(a, b, level)

        assert _stage_feasible(dr, players, p, level, leave.__contains__) == (
            has_matching_of_size(list(players) + dummies, stage_adjacent, p + down)
        )
        t1 = players[: rng.randint(1, len(players) // 2)]
        t2 = [y for y in players if y not in set(t1)]
        judge = _Below(ctx, Bracket(0, 0.0, tuple(players), below=tuple(ranked[hi:])))
        for below in (None, judge):
            assert _split_completes(dr, t1, t2, level, leave.__contains__, below) == (
                _fewest_misses_completing(dr, t1, t2, level, leave.__contains__, below) is not None
            )
        assert _fewest_misses_completing(dr, t1, t2, level, leave.__contains__, None) == (
            _weighed(dr, t1, t2, level, [y for y in t2 if y in leave], len(t2) - len(t1))
        )
        fewest = _b4_fewest_misses(dr, players, p, level, leave.__contains__)
        assert fewest == _weighed(
            dr, players, players, level, [y for y in players if y in leave], len(players) - 2 * p
        )
        span = _b4_span(dr, players, p, level, leave.__contains__)
        assert (span is None) == (fewest is None)
        if span is not None:
            assert span[0] <= fewest <= span[1]
        _monotone_check(dr, players, p, rng)
        _takes_check(ctx, ranked, lo, hi, players, rng)
        _reached_check(ctx, dr, ranked[hi:], rng)


def _weighed(dr, t1, t2, level, movers, d):  # type: ignore[no-untyped-def]
    """B4's bounds asked pair by pair: the fewest misses of a perfect matching of ``t1`` with
    ``t2`` (one list twice: among the players) and ``d`` stand-ins for ``movers``."""
    if d < 0 or len(movers) < d:
        return None
    edges = [
        (a, b, 2 - dr.colour_conflict(a, b, level))
        for i, a in enumerate(t1)
        for b in (t1[i + 1 :] if t1 is t2 else t2)
        if dr.pair_ok(a, b, level)
    ]
    edges += [(y, -(k + 1), 2) for y in movers for k in range(d)]
    mate = max_weight_matching(edges, max_cardinality=True)
    vertices = set(t1) | set(t2)
    if len(mate) < len(vertices) + d:
        return None
    if t1 is t2:
        return sum(dr.colour_conflict(a, mate[a], level) for a in t1 if a < mate[a])
    return sum(dr.colour_conflict(a, mate[a], level) for a in t1)


def _monotone_check(dr, players, p, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """``DutchRound.passed``'s premise: a stage that C9/C10 relaxes (:func:`_relaxes`), with
    at least the players who may leave, has B4's bound at most the stricter stage's."""
    strict = rng.choice(LEVELS)
    relaxed = replace(strict, **{f: getattr(strict, f) and rng.random() < 0.5 for f in FLAGS})
    assert _relaxes(relaxed, strict)
    few = {y for y in players if rng.random() < 0.5}
    more = few | {y for y in players if rng.random() < 0.5}
    before = _b4_fewest_misses(dr, players, p, strict, few.__contains__)
    after = _b4_fewest_misses(dr, players, p, relaxed, more.__contains__)
    if before is not None:
        assert after is not None and after <= before


def _takes_check(ctx, ranked, lo, hi, players, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    graph = ctx.pairing_graph()
    below = tuple(ranked[hi:])
    bracket = Bracket(0, 0.0, tuple(players), below=below)
    extra = tuple(rng.sample(ranked[:lo], min(lo, rng.randint(0, 2))))
    judge = _Below(ctx, bracket, extra)
    ctx.bye_pending = rng.random() < 0.5
    movers = [y for y in players if rng.random() < 0.5]
    d = rng.randint(0, 3)
    lower = [n for n in (*below, *extra) if n not in set(players)]
    bye = ctx.bye_pending
    reach = frozenset(y for y in lower if any(graph.may_pair(m, y) for m in movers))
    bye_reach = bye and any(ctx.can_receive_bye(m) for m in movers)
    vertices = [*lower, *[-(k + 2) for k in range(d)], *([-1] if bye else [])]

    def adjacent(a: int, b: int) -> bool:
        if a >= 0 and b >= 0:
            return graph.may_pair(a, b)
        if a == -1 or b == -1:
            other = b if a == -1 else a
            return bye_reach if other < -1 else ctx.can_receive_bye(other)
        if a < -1 and b < -1:
            return True
        return (b if a < -1 else a) in reach

    want = len(vertices) % 2 == 0 and has_matching_of_size(vertices, adjacent, len(vertices) // 2)
    assert judge.takes(d, movers, players) == want


def _reached_check(ctx, dr, below, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    graph = dr.bits.graph
    confine = None
    if below and rng.random() < 0.4:
        confine = (rng.sample(below, 1), rng.sample(below, min(len(below), 3)))
    lower = Lower(ctx, below, ctx.bye_pending, confine, graph)
    movers = [y for y in dr.bits.order if y not in set(below) and rng.random() < 0.3]
    at = Positions([graph.index[y] for y in movers], rng.randint(0, 5))
    back = lower.reached_by(graph.mask(movers), at)
    for k in range(lower.n):
        want = 0
        for y in movers:
            if lower.reach(y) >> k & 1:
                want |= 1 << at.where[graph.index[y]]
        assert back[k] == want


@pytest.mark.parametrize("seed", range(8))
def test_bits_equal_the_criteria_pair_by_pair(seed: int) -> None:
    """B1a (rematches, forbidden pairs, federations), B2, B5/B6 for the upfloater and the
    B-note for topscorers: every bit of every player's row at every stage is ``pair_ok``'s
    answer, every round of an event, with and without a colour history that breaks B2."""
    rng = random.Random(seed)
    engine = Engine(APART if seed % 2 else RULESET)
    n = 9 + seed * 2
    rounds = 5 + seed % 3

    def on_round(before: Tournament, pairing: RoundPairing) -> None:
        if before.next_round > 1:
            _predicate_checks(engine, before, rng)
            _predicate_checks(engine, _broken(before, rng), rng)

    simulate(engine, n, rounds, 300 + seed, BUSY, on_round=on_round)


def test_positions_read_any_set() -> None:
    """:class:`Positions`: the positions of the listed members of a bit set, whether the list
    runs in order (one shift per run) or not (member by member)."""
    rng = random.Random(3)
    for _ in range(500):
        universe = rng.randint(1, 40)
        vertices = rng.sample(range(universe), rng.randint(0, universe))
        if rng.random() < 0.5:
            vertices.sort()
        offset = rng.randint(0, 7)
        at = Positions(vertices, offset)
        gmask = rng.getrandbits(universe + 3)
        want = 0
        for k, v in enumerate(vertices):
            if gmask >> v & 1:
                want |= 1 << (offset + k)
        assert at.local(gmask) == want
        assert bits_of(at.local(gmask)) == sorted(
            offset + k for k, v in enumerate(vertices) if gmask >> v & 1
        )
