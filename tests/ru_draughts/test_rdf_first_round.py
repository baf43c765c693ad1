"""Round 1 of the RDF variants: RDF 5.4.10.4, 5.4.10.5.1, 5.4.10.5.2, 5.4.10.7.2, 5.4.10.2(f).

Every expected pairing is derived by hand from the rule text; the steps are in the comments.
"""

from __future__ import annotations

from rdf_support import DATA, boards, build, byes, engine, explanation, pairs, rules
from swisspairing import Player, dumps_trf, load_ruleset
from swisspairing.plugins.ru_draughts.ordering import classification


def test_coefficient_round_one_halves_and_colours():
    # RDF 5.4.10.5.1: ratings 2000, 1990, … → classification numbers 1..8.
    # RDF 5.4.10.5.2: halves [1..4] and [5..8]; 1-5, 2-6, 3-7, 4-8.  The lot for board 1 is
    # fixed by XXC white1: participant 1 has White; upper-half odd numbers (1, 3) get the same
    # colour as participant 1, even numbers (2, 4) the opposite; lower half the other colour.
    p = engine("rdf-coefficient").pair(build(8))
    assert boards(p) == ["1-5", "6-2", "3-7", "8-4"]
    assert byes(p) == []
    assert "RDF 5.4.10.5.2" in rules(p)


def test_coefficient_round_one_black_for_participant_one():
    # Same with the lot giving Black to participant 1 (XXC black1): every colour reverses.
    p = engine("rdf-coefficient").pair(build(8, white1=False))
    assert boards(p) == ["5-1", "2-6", "7-3", "4-8"]


def test_coefficient_round_one_odd_number_plus_to_last_classified():
    # RDF 5.4.10.2(f), AMB-R4: with 9 players the last-classified (9) gets the plus; the
    # other 8 are paired by halves as above.
    p = engine("rdf-coefficient").pair(build(9))
    assert byes(p) == [(9, "U")]
    assert boards(p) == ["1-5", "6-2", "3-7", "8-4"]
    assert "RDF 5.4.10.2(f)" in rules(p)


def test_buchholz_round_one_first_against_last():
    # RDF 5.4.10.7.2: first plays last: 1-8, 2-7, 3-6, 4-5; colours as in 5.4.10.5.2:
    # 1 White (XXC white1), 2 Black, 3 White, 4 Black.
    p = engine("rdf-buchholz").pair(build(8))
    assert boards(p) == ["1-8", "7-2", "3-6", "5-4"]
    assert "RDF 5.4.10.7.2" in rules(p)


def test_buchholz_round_one_odd():
    # 7 players: 7 (last classified) gets the plus, then 1-6, 2-5, 3-4.
    p = engine("rdf-buchholz").pair(build(7))
    assert byes(p) == [(7, "U")]
    assert boards(p) == ["1-6", "5-2", "3-4"]


def _random_with_start_numbers():
    """rdf-random whose draw before the tournament is the file's start numbers."""
    return load_ruleset(str(DATA / "rdf-random-numbers.yaml"))


def test_random_round_one_consecutive_numbers_odd_white():
    # RDF 5.4.10.4: round 1 pairs 1-2, 3-4, …; the odd numbers play White (no XXC: the
    # ruleset's first_colour is white).  Here the numbers drawn before the event are the
    # start numbers (classification: start-number).
    from swisspairing import Engine

    p = Engine(_random_with_start_numbers()).pair(build(8, white1=None))
    assert boards(p) == ["1-2", "3-4", "5-6", "7-8"]
    p9 = Engine(_random_with_start_numbers()).pair(build(9, white1=None))
    assert boards(p9) == ["1-2", "3-4", "5-6", "7-8"] and byes(p9) == [(9, "U")]


def test_random_round_one_uses_the_drawn_numbers():
    # RDF 5.4.10.4: "no classification is used, even if participants have ratings"; with the
    # program's own draw before the tournament (classification: lot, opt-in) the pairs are
    # consecutive in the drawn order, the first of each pair (odd drawn number) has White.
    t = build(10, white1=None)
    rs = load_ruleset(str(DATA / "rdf-random-lot.yaml"))
    number, _, _ = classification(t, rs.parameters, seed=3)
    drawn = sorted(number, key=number.__getitem__)
    assert drawn != list(range(1, 11))  # ratings are ignored (this lot is not the rating order)
    from swisspairing import Engine

    p = Engine(rs).pair(t, seed=3)
    assert boards(p) == [f"{drawn[i]}-{drawn[i + 1]}" for i in range(0, 10, 2)]
    assert "RDF 5.4.10.4" in rules(p)


def test_classification_by_rating_then_lot():
    # RDF 5.4.10.5.1: rated players by rating descending, equal ratings by lot; then the
    # unrated players, also by lot.  Ratings: 2:1800, 3:1800, 5:1600, 1:1500; 4, 6 unrated.
    players = [
        Player(1, "A", rating=1500),
        Player(2, "B", rating=1800),
        Player(3, "C", rating=1800),
        Player(4, "D", rating=0),
        Player(5, "E", rating=1600),
        Player(6, "F", rating=0),
    ]
    t = build(players)
    params = dict(load_ruleset("rdf-coefficient").parameters)
    seen_top, seen_bottom = set(), set()
    for seed in range(30):
        params["classification_seed"] = seed
        number, tied, unrated = classification(t, params)
        order = sorted(number, key=number.__getitem__)
        assert set(order[:2]) == {2, 3} and order[2:4] == [5, 1] and set(order[4:]) == {4, 6}
        assert sorted(tied) == [2, 3] and sorted(unrated) == [4, 6]
        seen_top.add(tuple(order[:2]))
        seen_bottom.add(tuple(order[4:]))
        assert classification(t, params)[0] == number  # same seed, same lot
    assert len(seen_top) == 2 and len(seen_bottom) == 2  # the lot really decides the ties


def test_classification_is_the_same_in_every_round():
    # RDF 5.4.10.5.1: «Порядковый номер классификации первого тура закрепляется за участником
    # до конца турнира»: the lot is drawn once, with the seed of round 1 (--seed 5), recorded
    # in the tournament (SPN records) and read back afterwards — not drawn again.
    players = [Player(n, f"P{n}", rating=1500) for n in range(1, 7)]
    t1 = build(players)
    rs = load_ruleset("rdf-coefficient")
    drawn = classification(t1, rs.parameters, seed=5)[0]
    t2 = engine("rdf-coefficient").apply(t1, engine("rdf-coefficient").pair(t1, seed=5))
    assert classification(t2, rs.parameters)[0] == drawn
    assert classification(t2, rs.parameters, seed=99)[0] == drawn  # a later --seed changes nothing


def test_round_one_with_equal_ratings_follows_the_lot():
    # RDF 5.4.10.5.1: with all ratings equal the classification numbers are drawn by lot and
    # written down before the round (the file's SPN records, read here from the written file,
    # not from the code that drew them); round 1 pairs classification numbers 1-5, 2-6, 3-7,
    # 4-8 (the first half against the second). The lot, not the start numbers, decides: over
    # a few seeds the pairings differ.
    players = [Player(n, f"P{n}", rating=1500) for n in range(1, 9)]
    t = build(players)
    eng = engine("rdf-coefficient")
    seen = set()
    for seed in range(4):
        p = eng.pair(t, seed=seed)
        written = dumps_trf(eng.apply(t, p))
        spn = [line.split() for line in written.splitlines() if line.startswith("SPN")]
        number = {int(start): int(cls) for _, start, cls in spn}
        assert sorted(number) == list(range(1, 9)) and sorted(number.values()) == list(range(1, 9))
        by_class = {cls: start for start, cls in number.items()}
        assert pairs(p) == {frozenset((by_class[i], by_class[i + 4])) for i in range(1, 5)}
        assert "classification by rating" in explanation(p)
        seen.add(frozenset(pairs(p)))
    assert len(seen) > 1
