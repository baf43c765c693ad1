"""Dutch-1992 D1 (transpositions) and D2 (exchanges): the orders printed in the seed."""

from __future__ import annotations

import itertools
import random
from itertools import islice
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing.plugins.dutch_1992 import sequences
from swisspairing.plugins.dutch_1992.sequences import (
    ascending_subsets,
    exchange_positions,
    exchanges,
    transpositions,
    transpositions_distinct,
    transpositions_pruned,
)

S1 = (1, 2, 3, 4)
S2 = (5, 6, 7, 8)


# ------------------------------------------------------------------------------------ D1
def test_d1_seed_rows_a_to_g():
    # Dutch-1992 D1: "a) 5-6-8-7; b) 5-7-6-8; c) 5-7-8-6; d) 5-8-6-7; e) 5-8-7-6;
    # f) 6-5-7-8; g) 6-5-8-7; usw." — preceded by the original order 5-6-7-8 (C6).
    assert list(islice(transpositions(S2, 4), 8)) == [
        (5, 6, 7, 8),
        (5, 6, 8, 7),  # a
        (5, 7, 6, 8),  # b
        (5, 7, 8, 6),  # c
        (5, 8, 6, 7),  # d
        (5, 8, 7, 6),  # e
        (6, 5, 7, 8),  # f
        (6, 5, 8, 7),  # g
    ]


def test_d1_tip_all_permutations_in_ascending_order():
    # D1 tip: "Setze alle Kombinationen mit den Ziffern 5,6,7 und 8 in aufsteigender Reihenfolge."
    got = list(transpositions(S2, 4))
    assert got == sorted(itertools.permutations(S2))
    assert len(got) == 24


def test_d1_uses_positions_not_values():
    # The order is by position in S2 (A2 order), whatever the objects are.
    s2 = ("z", "a", "m")
    assert list(transpositions(s2, 3)) == [
        ("z", "a", "m"),
        ("z", "m", "a"),
        ("a", "z", "m"),
        ("a", "m", "z"),
        ("m", "z", "a"),
        ("m", "a", "z"),
    ]


def test_amb_d6_only_distinct_prefixes_when_s2_is_larger():
    # AMB-D6: with |S2| > P only the first P entries meet S1; each prefix is tried once, in
    # the order in which it first occurs among the full lexicographic permutations.
    s2 = (4, 5, 6, 7)  # 7-player bracket, P = 3
    expected = list(dict.fromkeys(t[:3] for t in itertools.permutations(s2)))
    got = list(transpositions(s2, 3))
    assert got == expected
    assert got[:4] == [(4, 5, 6), (4, 5, 7), (4, 6, 5), (4, 6, 7)]
    assert len(got) == 24  # 4 * 3 * 2


def test_d1_edge_cases():
    assert list(transpositions((), 0)) == [()]
    assert list(transpositions((5, 6), 0)) == [()]
    assert list(transpositions((5,), 1)) == [(5,)]
    with pytest.raises(ValueError):
        transpositions((5, 6), 3)
    with pytest.raises(ValueError):
        transpositions_pruned((5, 6), -1, lambda i, x: True)


def test_d1_is_lazy_on_large_brackets():
    # 50! orderings: only the ones asked for are produced.
    s2 = tuple(range(51, 101))
    first = list(islice(transpositions(s2, 50), 3))
    assert first[0] == s2
    assert first[1] == (*s2[:48], s2[49], s2[48])
    assert first[2] == (*s2[:47], s2[48], s2[47], s2[49])


def test_pruned_large_bracket_with_exact_feasibility():
    # 300 + 300 players; nobody may meet the player with the same index in S2, and S1[i] may
    # only meet S2 players within distance 2 of i.  An exact feasibility test (the remaining
    # S1 players can still be matched, checked by a greedy that is exact for interval-like
    # constraints) keeps the search polynomial.
    n = 300
    s2 = tuple(range(n))

    def allowed(i: int, x: int) -> bool:
        return x != i and abs(x - i) <= 2

    def feasible(prefix: tuple[int, ...]) -> bool:
        used = set(prefix)
        free = sorted(set(range(n)) - used)
        # Greedy for S1 players len(prefix)..n-1 in order: smallest allowed free partner.
        free_set = set(free)
        for i in range(len(prefix), n):
            for x in (i - 2, i - 1, i + 1, i + 2):
                if x in free_set and allowed(i, x):
                    free_set.discard(x)
                    break
            else:
                return False
        return True

    first = next(transpositions_pruned(s2, n, allowed, feasible))
    assert len(first) == n
    assert all(allowed(i, x) for i, x in enumerate(first))
    # Lexicographically smallest derangement within distance 2: 1,0,3,2,5,4,…
    assert first[:6] == (1, 0, 3, 2, 5, 4)


@st.composite
def _pruning_case(draw):
    n = draw(st.integers(min_value=0, max_value=6))
    p = draw(st.integers(min_value=0, max_value=n))
    matrix = draw(
        st.lists(
            st.lists(st.booleans(), min_size=n, max_size=n), min_size=max(p, 1), max_size=max(p, 1)
        )
    )
    return n, p, matrix


@settings(max_examples=150)
@given(_pruning_case())
def test_pruned_equals_filtered_transpositions(case):
    n, p, matrix = case
    s2 = tuple(f"p{k}" for k in range(n))
    index = {x: k for k, x in enumerate(s2)}

    def allowed(i, x):
        return matrix[i][index[x]]

    expected = [t for t in transpositions(s2, p) if all(allowed(i, t[i]) for i in range(p))]
    assert list(transpositions_pruned(s2, p, allowed)) == expected


@settings(max_examples=150)
@given(_pruning_case(), st.integers(min_value=0, max_value=2**32 - 1))
def test_pruned_with_feasible_keeps_order_and_prunes_prefixes(case, seed):
    n, p, matrix = case
    s2 = tuple(range(n))
    rng = random.Random(seed)
    verdict: dict[tuple[int, ...], bool] = {}
    calls: list[tuple[int, ...]] = []

    def allowed(i, x):
        return matrix[i][x]

    def feasible(prefix):
        calls.append(prefix)
        if prefix not in verdict:
            verdict[prefix] = rng.random() < 0.8
        return verdict[prefix]

    got = list(transpositions_pruned(s2, p, allowed, feasible))

    def fine(t):
        return all(allowed(i, t[i]) for i in range(p)) and all(
            verdict.get(t[:j], True) for j in range(1, p + 1)
        )

    expected = [t for t in transpositions(s2, p) if fine(t)]
    assert got == expected
    # feasible only ever sees non-empty prefixes that ``allowed`` accepted.
    assert all(1 <= len(c) <= p and all(allowed(i, c[i]) for i in range(len(c))) for c in calls)


def test_exact_feasibility_does_not_change_the_output():
    s2 = tuple(range(6))

    def allowed(i, x):
        return (i + x) % 3 != 0

    def feasible(prefix):  # exact: some completion exists
        rest = [x for x in s2 if x not in prefix]
        return any(
            all(allowed(len(prefix) + i, x) for i, x in enumerate(perm))
            for perm in itertools.permutations(rest, 6 - len(prefix))
        )

    assert list(transpositions_pruned(s2, 6, allowed, feasible)) == list(
        transpositions_pruned(s2, 6, allowed)
    )


@settings(max_examples=200)
@given(_pruning_case(), st.integers(min_value=0, max_value=2**32 - 1))
def test_distinct_yields_the_first_transposition_of_each_set(case, seed):
    # Dutch-1992 D1/C7 (issue 20): the walk of the distinct sets S1 meets is the pruned walk
    # with every transposition whose set came before left out, in the same order; ``feasible``
    # depends on the prefix's length, set and weight (a larger weight accepts no more).
    n, p, matrix = case
    s2 = tuple(range(n))
    rng = random.Random(seed)
    weights = [[rng.randint(0, 1) for _ in range(n)] for _ in range(max(p, 1))]
    heavy = {x: rng.random() < 0.4 for x in s2}
    cap_w = rng.randint(0, p)
    cap_heavy = rng.randint(0, p)

    def allowed(i, x):
        return matrix[i][x]

    def weight(i, x):
        return weights[i][x]

    def feasible(prefix):
        w = sum(weight(i, x) for i, x in enumerate(prefix))
        return w <= cap_w and sum(heavy[x] for x in prefix) <= cap_heavy + len(prefix) // 2

    expected, sets = [], set()
    for t in transpositions_pruned(s2, p, allowed, feasible):
        if frozenset(t) not in sets:
            sets.add(frozenset(t))
            expected.append(t)
    assert list(transpositions_distinct(s2, p, allowed, feasible, weight)) == expected


def test_distinct_skips_the_repetitions_of_a_set():
    # Dutch-1992 D1: 5-6-7-8 and 5-6-8-7 meet the same players when P = 4 (every ordering
    # does); with P = 2 of S2 = 5, 6, 7: 5-6, 5-7, 6-7 (6-5, 7-5, 7-6 repeat a set).
    assert list(transpositions_distinct(S2, 4, lambda i, x: True)) == [S2]
    assert list(transpositions_distinct((5, 6, 7), 2, lambda i, x: True)) == [
        (5, 6),
        (5, 7),
        (6, 7),
    ]
    with pytest.raises(ValueError):
        list(transpositions_distinct((5, 6), 3, lambda i, x: True))


# ------------------------------------------------------------------------------------ D2
def _moves(s1, s2, **kw):
    """Each exchange as (S1 players leaving, S2 players leaving), both ascending."""
    out = []
    for new_s1, new_s2 in exchanges(s1, s2, **kw):
        assert sorted(new_s1 + new_s2) == sorted(tuple(s1) + tuple(s2))
        assert list(new_s1) == sorted(new_s1) and list(new_s2) == sorted(new_s2)  # A9b re-sorted
        out.append((tuple(sorted(set(s1) - set(new_s1))), tuple(sorted(set(s2) - set(new_s2)))))
    return out


# The seed's matrices, corrected per AMB-D2 (row 6 of the first reads b/e/h, not c/c/h; the
# cell 2+4 / 5+6 of the second reads l, not i).  Columns = S1 players, rows = S2 players.
ONE_PLAYER_MATRIX = {  # "Austauschen eines Spielers": columns 4 | 3 | 2
    5: {4: "a", 3: "c", 2: "f"},
    6: {4: "b", 3: "e", 2: "h"},
    7: {4: "d", 3: "g", 2: "i"},
}
TWO_PLAYER_MATRIX = {  # "Austauschen zweier Spieler": columns 3+4 | 2+4 | 2+3
    (5, 6): {(3, 4): "j", (2, 4): "l", (2, 3): "o"},
    (5, 7): {(3, 4): "k", (2, 4): "n", (2, 3): "q"},
    (6, 7): {(3, 4): "m", (2, 4): "p", (2, 3): "r"},
}


def _matrix_sequence(matrix, single):
    cells = []
    for row, cols in matrix.items():
        for col, letter in cols.items():
            a = (col,) if single else col
            b = (row,) if single else row
            cells.append((letter, (a, b)))
    return [move for _letter, move in sorted(cells)]


def test_d2_one_player_matrix_a_to_i():
    # Dutch-1992 D2 first matrix: a) 4↔5, b) 4↔6, c) 3↔5, d) 4↔7, e) 3↔6, f) 2↔5, g) 3↔7,
    # h) 2↔6, i) 2↔7.  Restricted to the printed excerpt (S1 2–4, S2 5–7, AMB-D17) our
    # enumeration over the whole of S1 and S2 gives exactly this order.
    expected = _matrix_sequence(ONE_PLAYER_MATRIX, single=True)
    assert expected == [
        ((4,), (5,)),
        ((4,), (6,)),
        ((3,), (5,)),
        ((4,), (7,)),
        ((3,), (6,)),
        ((2,), (5,)),
        ((3,), (7,)),
        ((2,), (6,)),
        ((2,), (7,)),
    ]
    moves = _moves(S1, S2)
    excerpt = [
        mv for mv in moves if len(mv[0]) == 1 and mv[0][0] in (2, 3, 4) and mv[1][0] in (5, 6, 7)
    ]
    assert excerpt == expected


def test_d2_two_player_matrix_j_to_r():
    # Dutch-1992 D2 second matrix: j) 3+4↔5+6, k) 3+4↔5+7, l) 2+4↔5+6, m) 3+4↔6+7,
    # n) 2+4↔5+7, o) 2+3↔5+6, p) 2+4↔6+7, q) 2+3↔5+7, r) 2+3↔6+7.
    expected = _matrix_sequence(TWO_PLAYER_MATRIX, single=False)
    assert expected[:3] == [((3, 4), (5, 6)), ((3, 4), (5, 7)), ((2, 4), (5, 6))]  # j, k, l
    moves = _moves(S1, S2)
    excerpt = [
        mv
        for mv in moves
        if len(mv[0]) == 2 and set(mv[0]) <= {2, 3, 4} and set(mv[1]) <= {5, 6, 7}
    ]
    assert excerpt == expected


def test_d2_one_player_exchanges_precede_two_player_exchanges():
    sizes = [len(a) for a, _b in _moves(S1, S2)]
    assert sizes == sorted(sizes)
    assert (
        sizes.count(1) == 16
        and sizes.count(2) == 36
        and sizes.count(3) == 16
        and sizes.count(4) == 1
    )


def test_d2_full_bracket_interleavings():
    # AMB-D17: over the whole of S1 and S2, 4↔8 (difference 4, lowest S1 player 4) comes
    # before g) 3↔7 (difference 4), and 1↔5 (difference 4) before 3↔8 (difference 5).
    moves = _moves(S1, S2)
    assert moves.index(((4,), (8,))) < moves.index(((3,), (7,)))
    assert moves.index(((1,), (5,))) < moves.index(((3,), (8,)))
    assert moves[:16] == [
        ((4,), (5,)),
        ((4,), (6,)),
        ((3,), (5,)),
        ((4,), (7,)),
        ((3,), (6,)),
        ((2,), (5,)),
        ((4,), (8,)),
        ((3,), (7,)),
        ((2,), (6,)),
        ((1,), (5,)),
        ((3,), (8,)),
        ((2,), (7,)),
        ((1,), (6,)),
        ((2,), (8,)),
        ((1,), (7,)),
        ((1,), (8,)),
    ]


def test_amb_d8_equal_sum_s2_sets():
    # Same S1 part {3,4}, S2 parts {5,8} and {6,7} with the same sum: lexicographically
    # smallest S2 set first (AMB-D8).
    moves = _moves(S1, S2)
    assert moves.index(((3, 4), (5, 8))) + 1 == moves.index(((3, 4), (6, 7)))


def test_d2_resorts_subgroups_after_exchange():
    # A9b: after exchanging 3 and 5, S1 = 1,2,4,5 and S2 = 3,6,7,8 (both in A2 order).
    assert next(islice(exchanges("ABCD", "EFGH"), 2, None)) == (
        ("A", "B", "D", "E"),
        ("C", "F", "G", "H"),
    )


ODD_S1 = (1, 2, 3)
ODD_S2 = (4, 5, 6, 7)


def test_d2_odd_bracket_remark():
    # D2 "Bemerkung": 7 players, S1 = 1,2,3, S2 = 4,5,6,7; the sequences are the matrices with
    # every number lowered by one, and the last column of the second matrix (now 1+2) goes.
    one = [
        ((3,), (4,)),
        ((3,), (5,)),
        ((2,), (4,)),
        ((3,), (6,)),
        ((2,), (5,)),
        ((1,), (4,)),
        ((2,), (6,)),
        ((1,), (5,)),
        ((1,), (6,)),
    ]  # a…i lowered
    two_literal = [
        ((2, 3), (4, 5)),
        ((2, 3), (4, 6)),
        ((1, 3), (4, 5)),
        ((2, 3), (5, 6)),
        ((1, 3), (4, 6)),
        ((1, 3), (5, 6)),
    ]  # j k l m n p lowered; o q r dropped
    for odd_variant in (False, True):
        moves = _moves(ODD_S1, ODD_S2, odd_variant=odd_variant)
        excerpt1 = [mv for mv in moves if len(mv[0]) == 1 and mv[1][0] <= 6]
        assert excerpt1 == one
        excerpt2 = [mv for mv in moves if len(mv[0]) == 2 and max(mv[1]) <= 6]
        if odd_variant:
            assert excerpt2 == two_literal
            assert all(a != (1, 2) for a, _b in moves)
        else:
            # AMB-D17 default: the ordering rule keeps 1+2 (o, q, r lowered) in their places.
            assert excerpt2 == [
                ((2, 3), (4, 5)),
                ((2, 3), (4, 6)),
                ((1, 3), (4, 5)),
                ((2, 3), (5, 6)),
                ((1, 3), (4, 6)),
                ((1, 2), (4, 5)),
                ((1, 3), (5, 6)),
                ((1, 2), (4, 6)),
                ((1, 2), (5, 6)),
            ]


def test_d2_odd_variant_has_no_effect_in_even_brackets():
    assert list(exchanges(S1, S2, odd_variant=True)) == list(exchanges(S1, S2))


def _brute_force_positions(m, n, odd_variant=False):
    out = []
    for k in range(1, min(m, n) + 1):
        for a in itertools.combinations(range(1, m + 1), k):
            if odd_variant and (m + n) % 2 and a == (1, 2):
                continue
            for b in itertools.combinations(range(m + 1, m + n + 1), k):
                key = (k, sum(b) - sum(a), tuple(-x for x in reversed(a)), b)
                out.append((key, (a, b)))
    return [mv for _key, mv in sorted(out)]


@settings(max_examples=60)
@given(st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=6), st.booleans())
def test_exchange_positions_match_the_ordering_rule(m, n, odd_variant):
    got = list(exchange_positions(m, n, odd_variant=odd_variant))
    assert got == _brute_force_positions(m, n, odd_variant)
    if not odd_variant:
        assert len(got) == sum(comb(m, k) * comb(n, k) for k in range(1, min(m, n) + 1))


def test_exchanges_are_lazy_on_large_brackets():
    s1 = tuple(range(1, 201))
    s2 = tuple(range(201, 401))
    first = list(islice(exchange_positions(200, 200), 4))
    assert first == [((200,), (201,)), ((200,), (202,)), ((199,), (201,)), ((200,), (203,))]
    new_s1, new_s2 = next(exchanges(s1, s2))
    assert new_s1[-1] == 201 and new_s2[0] == 200
    # Jump into the two-player exchanges without building the sizes above them.
    two = next(mv for mv in exchange_positions(60, 60) if len(mv[0]) == 2)
    assert two == ((59, 60), (61, 62))


@settings(max_examples=80)
@given(
    st.integers(min_value=0, max_value=5),
    st.integers(min_value=1, max_value=9),
    st.integers(min_value=0, max_value=9),
    st.integers(min_value=-5, max_value=40),
    st.integers(min_value=0, max_value=15),
)
def test_ascending_subsets(k, vmin, width, lo, span):
    vmax = vmin + width
    hi = lo + span
    expected = [c for c in itertools.combinations(range(vmin, vmax + 1), k) if lo <= sum(c) <= hi]
    assert list(ascending_subsets(k, vmin, vmax, lo, hi)) == expected


@settings(max_examples=200)
@given(
    st.integers(min_value=0, max_value=6),
    st.integers(min_value=0, max_value=7),
    st.booleans(),
    st.integers(min_value=0, max_value=2**32 - 1),
)
def test_bounded_exchanges_are_the_passing_ones_in_order(m, n, odd_variant, seed):
    # Dutch-1992 D2/C8 (issue 20): with linear tests on the exchanges, exactly the exchanges
    # that pass every test come, in the D2 order.
    rng = random.Random(seed)
    bounds = [
        (
            [rng.choice((0, 0, 1, 2)) for _ in range(m)],
            [rng.choice((0, 0, 1, 2)) for _ in range(n)],
            rng.randint(-2, 3),
        )
        for _ in range(rng.randint(0, 3))
    ]

    def passes(a, b):
        return all(
            sum(w1[i - 1] for i in a) - sum(w2[j - m - 1] for j in b) >= least
            for w1, w2, least in bounds
        )

    expected = [e for e in exchange_positions(m, n, odd_variant=odd_variant) if passes(*e)]
    got = list(exchange_positions(m, n, odd_variant=odd_variant, bounds=bounds))
    assert got == expected


def test_bounds_learned_on_the_way_only_leave_out_failing_exchanges():
    # A test added while the exchanges are walked applies from then on; what it leaves out
    # fails it, and the order of the rest is the D2 order.
    m, n = 4, 5
    learned = ([1, 1, 1, 1], [0, 1, 0, 1, 0], 2)
    bounds: list = []
    got = []
    for k, e in enumerate(exchange_positions(m, n, bounds=bounds)):
        got.append(e)
        if k == 3:
            bounds.append(learned)
    full = list(exchange_positions(m, n))
    assert got[:4] == full[:4]
    it = iter(full)
    assert all(any(e == f for f in it) for e in got)
    w1, w2, least = learned
    for a, b in set(full) - set(got):
        assert sum(w1[i - 1] for i in a) - sum(w2[j - m - 1] for j in b) < least


def _learning_walk(m, n, odd_variant, seed, limit):
    """The bounded exchanges of a bracket with tests added on the way (a random one after some
    exchanges, as C8 learns them from splits that fail), with ``EXCHANGE_HEAP_LIMIT`` at
    ``limit``."""
    rng = random.Random(seed)

    def bound():
        return (
            [rng.choice((0, 0, 1, 2)) for _ in range(m)],
            [rng.choice((0, 0, 1, 2)) for _ in range(n)],
            rng.randint(-2, 3),
        )

    bounds = [bound() for _ in range(rng.randint(0, 2))]
    got = []
    saved = sequences.EXCHANGE_HEAP_LIMIT
    sequences.EXCHANGE_HEAP_LIMIT = limit
    try:
        for e in exchange_positions(m, n, odd_variant=odd_variant, bounds=bounds):
            got.append(e)
            if rng.random() < 0.15:
                bounds.append(bound())
    finally:
        sequences.EXCHANGE_HEAP_LIMIT = saved
    return got


@settings(max_examples=300)
@given(
    st.integers(min_value=0, max_value=7),
    st.integers(min_value=0, max_value=9),
    st.booleans(),
    st.integers(min_value=0, max_value=2**32 - 1),
)
def test_bounded_exchanges_by_difference_heap_or_walk(m, n, odd_variant, seed):
    # Dutch-1992 D2/C8 (issue 20): listing a size's S1 parts once and walking only the
    # differences at which they can be completed (a heap) yields the same exchanges in the same
    # order as going through every difference, tests added on the way included.
    assert _learning_walk(m, n, odd_variant, seed, 0) == _learning_walk(
        m, n, odd_variant, seed, 10**9
    )
