"""The numbers of the draw before the tournament (RDF 5.4.10.4, 5.4.10.5.1, AMB-R13) and the
round-1 colours by those numbers (RDF 5.4.10.5.2, 5.4.10.7.2, 5.4.10.4).

Every expected pairing is derived by hand from the rule text; the steps are in the comments.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from rdf_support import DATA, boards, build, byes, engine, explanation, prefill, rules
from swisspairing import (
    BLACK,
    WHITE,
    Engine,
    InvalidInputError,
    Player,
    RoundRecord,
    dumps_trf,
    load_ruleset,
    read_trf,
)
from swisspairing.plugins.ru_draughts.ordering import round_classification


def _reversed_ratings(n: int) -> list[Player]:
    """Players whose ratings rise with the start number (a rating order would be n, …, 1)."""
    return [Player(k, f"Player {k}", rating=1500 + 10 * k) for k in range(1, n + 1)]


# ---------------------------------------------------------------- RDF 5.4.10.4: the draw
def test_random_start_numbers_are_the_drawn_numbers():
    # RDF 5.4.10.4: «Программа не предусматривает классификации участников, если даже участники
    # имеют индивидуальные рейтинги. Перед началом турнира проводится жеребьевка. В первом туре
    # встречаются N 1 с N 2, N 3 с N 4 и т.д., причем нечетные номера играют белыми.»
    # The draw is the arbiter's, before the event: the start numbers are the drawn numbers.
    # Ratings rising with the number are ignored; round 1: 1-2, 3-4, 5-6, 7-8, odd White.
    t = build(_reversed_ratings(8), white1=None)
    p = engine("rdf-random").pair(t)
    assert boards(p) == ["1-2", "3-4", "5-6", "7-8"]
    assert "the start numbers are the numbers drawn before the tournament" in explanation(p)
    # nothing to record: the start list is the draw
    assert not any(code == "SPN" for code, _ in engine("rdf-random").apply(t, p).header)
    # the pairing does not depend on --seed or on a corrected name
    renamed = replace(t, players=tuple(replace(pl, name=pl.name + " Jr") for pl in t.players))
    for seed in (1, 2, 3):
        assert boards(engine("rdf-random").pair(renamed, seed=seed)) == boards(p)


def test_random_round_one_colours_by_odd_numbers_with_an_absentee():
    # RDF 5.4.10.4 with player 2 known to miss round 1 (5.4.10.2(e): not paired, scored a loss).
    # Seven players: the plus goes to the last number, 8 (5.4.10.2(f), AMB-R4).  The others
    # in number order: 1-3, 4-5, 6-7.  «нечетные номера играют белыми»: 5 and 7 (odd) have
    # White against 4 and 6; in 1-3 both are odd — the lower number, 1, is the pair's first
    # and, being odd, has White (Impl.: the higher-classified player's parity decides).
    t = prefill(build(8, white1=None), 1, {2: "Z"})
    p = engine("rdf-random").pair(t)
    assert boards(p) == ["1-3", "5-4", "7-6"]
    assert byes(p) == [(8, "U"), (2, "-")]


def test_random_program_draw_is_seeded_and_recorded():
    # RDF 5.4.10.4 with the program holding the draw (classification: lot, opt-in): the lot is
    # drawn with --seed; round 1 pairs the drawn numbers 1-2, 3-4, … (odd White).  The numbers
    # go into the written TRF as SPN records, and round 2 reads them back: a name corrected in
    # between changes nothing.
    rs = load_ruleset(str(DATA / "rdf-random-lot.yaml"))
    e = Engine(rs)
    t = build(8, white1=None)
    drawn: dict[int, list[str]] = {}
    for seed in range(6):
        drawn[seed] = boards(e.pair(t, seed=seed))
    assert len({tuple(b) for b in drawn.values()}) > 1  # --seed decides the draw
    p = e.pair(t, seed=4)
    assert e.pair(t, seed=4) == p
    text = dumps_trf(e.apply(t, p))
    spn = [line for line in text.splitlines() if line.startswith("SPN")]
    assert len(spn) == 8
    number = {int(line.split()[1]): int(line.split()[2]) for line in spn}
    order = sorted(number, key=number.__getitem__)
    assert boards(p) == [f"{order[i]}-{order[i + 1]}" for i in range(0, 8, 2)]
    assert "(seed 4)" in explanation(p)
    # results: the first of each pair (odd drawn number, White) wins
    back = read_trf(text)
    recs = {}
    for b in p.boards:
        recs[b.white] = RoundRecord(b.black, WHITE, "1")
        recs[b.black] = RoundRecord(b.white, BLACK, "0")
    played = back.with_round(1, recs)
    played = replace(
        played, players=tuple(replace(pl, name="Renamed " + pl.name) for pl in played.players)
    )
    ctx = e.context(played, seed=123)
    assert dict(round_classification(ctx).number) == number
    p2 = e.pair(played, seed=123)
    assert "set again" not in explanation(p2)
    assert [
        line for line in dumps_trf(e.apply(played, p2)).splitlines() if line.startswith("SPN")
    ] == spn


# ---------------------------------------------------------------- RDF 5.4.10.5.1: fixed
TRF_WITH_NUMBERS = """012 RDF classification recorded by hand
XXC white1
SPN    1    3
SPN    2    1
SPN    3    4
SPN    4    2
001    1      Player A                          1500
001    2      Player B                          1500
001    3      Player C                          1500
001    4      Player D                          1500
"""


def test_recorded_classification_is_used_as_is():
    # RDF 5.4.10.5.1 «закрепляется»: the file records the classification numbers 2 → 1, 4 → 2,
    # 1 → 3, 3 → 4 (equal ratings: the lot was drawn before).  5.4.10.5.2: halves [2, 4] and
    # [1, 3]: 2-1, 4-3.  XXC white1: participant 1 (player 2) White; number 2 (player 4) is
    # even → Black.  Boards: 2-1, 3-4.  No --seed changes that.
    t = read_trf(TRF_WITH_NUMBERS)
    for seed in (None, 1, 2):
        p = engine("rdf-coefficient").pair(t, seed=seed)
        assert boards(p) == ["2-1", "3-4"]
    assert "the classification numbers recorded in the file are used: 2, 4, 1, 3" in explanation(p)


def test_rating_lot_recorded_and_kept_when_a_rating_is_corrected():
    # RDF 5.4.10.5.1: equal ratings are ordered by lot before round 1 and the numbers stay.
    # Round 1 drawn with --seed 11 is written; after it a rating is corrected upward — the
    # classification numbers read back are the drawn ones, not a new rating order.
    players = [Player(n, f"P{n}", rating=1500) for n in range(1, 7)]
    e = engine("rdf-coefficient")
    t = build(players)
    p1 = e.pair(t, seed=11)
    after = read_trf(dumps_trf(e.apply(t, p1)))
    number = {
        int(line.split()[1]): int(line.split()[2]) for code, line in after.header if code == "SPN"
    }
    assert sorted(number.values()) == [1, 2, 3, 4, 5, 6]
    last = max(number, key=number.__getitem__)
    corrected = replace(
        after,
        players=tuple(
            replace(pl, rating=2400) if pl.number == last else pl for pl in after.players
        ),
    )
    assert dict(round_classification(e.context(corrected, seed=1)).number) == number


def test_start_number_classification():
    # classification: start-number (the arbiter's classification is the start list): ratings
    # rising with the number are ignored.  5.4.10.5.2: halves [1..4], [5..8]: 1-5, 2-6, 3-7,
    # 4-8; XXC white1: odd numbers of the upper half White.
    e = Engine(load_ruleset(str(DATA / "rdf-coefficient-start-number.yaml")))
    p = e.pair(build(_reversed_ratings(8)))
    assert boards(p) == ["1-5", "6-2", "3-7", "8-4"]
    # while rdf-coefficient classifies by rating: 8, 7, …, 1 → halves [8, 7, 6, 5], [4, 3, 2, 1]
    p = engine("rdf-coefficient").pair(build(_reversed_ratings(8)))
    assert boards(p) == ["8-4", "3-7", "6-2", "1-5"]


def test_file_without_numbers_sets_them_again_and_records_them():
    # A file from another program (no SPN records) at round 2: the numbers are set as before
    # round 1 (rating order here) and recorded from now on; the explanation says so.
    t = build(8, [["1-5 1-0", "6-2 1-0", "3-7 =", "8-4 0-1"]])
    e = engine("rdf-coefficient")
    p = e.pair(t)
    assert "the file does not record the classification numbers" in explanation(p)
    spn = [line for code, line in e.apply(t, p).header if code == "SPN"]
    assert spn == [f"SPN {n:4d} {n:4d}" for n in range(1, 9)]


@pytest.mark.parametrize(
    "line, message",
    [
        ("SPN    1", "expected SPN, a start number and a classification number"),
        ("SPN    9    1", "player 9 does not exist"),
        ("SPN    3    1", "classification number 1 is also given to player 2"),
        ("SPN    1    4", "player 1 has two classification numbers"),
    ],
)
def test_bad_number_records_are_reported(line, message):
    text = TRF_WITH_NUMBERS.replace("SPN    3    4", line)
    t = read_trf(text)
    with pytest.raises(InvalidInputError) as info:
        engine("rdf-coefficient").pair(t)
    assert message in str(info.value) and repr(line) in str(info.value)


# ---------------------------------------------------------------- colours by odd numbers
def test_coefficient_round_one_colours_follow_the_number_not_the_position():
    # RDF 5.4.10.5.2: «Все участники из верхней половины, имеющие нечетные номера, играют тем
    # же цветом, что и первый, а все, имеющие четные номера, — противоположным цветом.»
    # 8 players (classification = start numbers), 2 known to miss round 1.  Seven play: the
    # last-classified, 8, gets the plus; halves [1, 3, 4] and [5, 6, 7]: 1-5, 3-6, 4-7.
    # XXC white1: 1 White; 3 has an odd number → White as 1 (by position he would be second
    # → Black); 4 even → Black.
    t = prefill(build(8), 1, {2: "Z"})
    p = engine("rdf-coefficient").pair(t)
    assert boards(p) == ["1-5", "3-6", "7-4"]
    assert byes(p) == [(8, "U"), (2, "-")]
    assert "RDF 5.4.10.5.2" in rules(p)


def test_buchholz_round_one_colours_follow_the_number():
    # RDF 5.4.10.7.2 (same colour rule, fold pairing): 2 absent, 8 the plus; first against
    # last among [1, 3, 4, 5, 6, 7]: 1-7, 3-6, 4-5; 1 White, 3 (odd) White, 4 (even) Black.
    t = prefill(build(8), 1, {2: "Z"})
    p = engine("rdf-buchholz").pair(t)
    assert boards(p) == ["1-7", "3-6", "5-4"]
