"""The tournament model: derived values, immutability and round-tripping reprs.

Most expectations are derived by hand from ``tests/data/swiss-byes-forfeits.trf`` (9 players,
3 rounds; round 4 to be paired).  Its rounds, white player first:

- R1: 1-5 1-0, 6-2 0-1, 3-7 ½-½, 8-4 forfeit (4 wins by ``+``, 8 has ``-``), 9 ``U``.
- R2: 2-1 ½-½, 9-4 1-0, 5-7 0-1, 8-6 1-0, 3 ``H`` (half-point bye).
- R3: 7-1 0-1, 3-2 ½-½, 4-8 1-0 (a rematch of the forfeit: allowed), 5 ``F``, 6 ``U``,
  9 ``Z`` (withdrawn from round 3 on: ``SPW 9 3``).
- ``XXZ 8``: player 8 is absent in round 4; ``XXP 2 7``: 2 and 7 may never meet.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swisspairing import (
    BLACK,
    WHITE,
    Bye,
    Colour,
    Float,
    Pairing,
    Player,
    PointSystem,
    RoundRecord,
    Team,
    Tournament,
    load_trf,
    player_states,
)
from swisspairing.brackets import Bracket, BracketOutcome
from swisspairing.trf import check_points

DATA = Path(__file__).parent / "data"
STANDARD = PointSystem()
#: 3/1/0 football scoring, byes and forfeit wins worth a win.
THREE_ONE_ZERO = PointSystem(
    win=3,
    draw=1,
    loss=0,
    forfeit_win=3,
    forfeit_loss=0,
    pairing_allocated_bye=3,
    full_point_bye=3,
    half_point_bye=1,
    zero_point_bye=0,
)


@pytest.fixture(scope="module")
def swiss() -> Tournament:
    return load_trf(DATA / "swiss-byes-forfeits.trf")


@pytest.fixture(scope="module")
def states(swiss: Tournament):
    return player_states(swiss, STANDARD)


# ---------------------------------------------------------------------- scores
def test_scores_standard_points(states) -> None:
    # 1: 1+½+1; 2: 1+½+½; 3: ½+H½+½; 4: +1, 0, 1; 5: 0+0+F1; 6: 0+0+U1; 7: ½+1+0;
    # 8: -0 +1 +0; 9: U1 +1 +Z0
    expected = {1: 2.5, 2: 2.0, 3: 1.5, 4: 2.0, 5: 1.0, 6: 1.0, 7: 1.5, 8: 1.0, 9: 2.0}
    assert {n: s.score for n, s in states.items()} == expected


def test_scores_three_one_zero(swiss: Tournament) -> None:
    # Same rounds under 3/1/0: a half-point bye is worth a draw (1), U/F/+ a win (3).
    got = {n: s.score for n, s in player_states(swiss, THREE_ONE_ZERO).items()}
    assert got == {1: 7, 2: 5, 3: 3, 4: 6, 5: 3, 6: 3, 7: 4, 8: 3, 9: 6}


def test_scores_before_an_earlier_round(swiss: Tournament) -> None:
    before_r2 = player_states(swiss, STANDARD, before_round=2)
    assert {n: s.score for n, s in before_r2.items()} == {
        1: 1,
        2: 1,
        3: 0.5,
        4: 1,
        5: 0,
        6: 0,
        7: 0.5,
        8: 0,
        9: 1,
    }
    assert before_r2[4].colours == (None,)  # the forfeit gives no colour


def test_player_states_can_be_limited_to_some_players(swiss: Tournament) -> None:
    assert set(player_states(swiss, STANDARD, players=[2, 5])) == {2, 5}


def test_point_system_values_per_code() -> None:
    ps = PointSystem(
        win=3,
        draw=1.5,
        loss=0.25,
        forfeit_win=2,
        forfeit_loss=-1,
        pairing_allocated_bye=1.75,
        full_point_bye=2.5,
        half_point_bye=1.25,
        zero_point_bye=0.5,
    )
    value = {
        code: ps.points(RoundRecord(None if code in "HFUZ " else 2, None, code))
        for code in "1=0WDL+-HFUZ"
    }
    assert value == {
        "1": 3,
        "W": 3,
        "=": 1.5,
        "D": 1.5,
        "0": 0.25,
        "L": 0.25,
        "+": 2,
        "-": -1,
        "H": 1.25,
        "F": 2.5,
        "U": 1.75,
        "Z": 0.5,
    }
    assert ps.points(RoundRecord(None, None, " ")) == 0.5  # blank is the equivalent of Z
    assert ps.points(RoundRecord(4, WHITE, " ")) == 0  # a game without result yet
    assert ps.max_per_round == 3
    assert PointSystem.from_mapping({"win": 3, "draw": 1}) == PointSystem(win=3.0, draw=1.0)
    with pytest.raises(TypeError):
        PointSystem.from_mapping({"victory": 3})


# ---------------------------------------------------------------------- colours
def test_colour_history_counts_played_games_only(states) -> None:
    assert states[4].colours == (None, BLACK, WHITE)  # R1 forfeit: no colour (F2)
    assert states[4].played_colours == (BLACK, WHITE)
    assert states[4].colour_difference == 0
    assert states[8].colours == (None, WHITE, BLACK)
    assert states[3].colours == (WHITE, None, WHITE)  # H bye in R2
    assert states[3].colour_difference == 2
    assert states[3].colour_run == 2  # compacted history: W W
    assert states[3].last_colour is WHITE
    assert states[1].played_colours == (WHITE, BLACK, BLACK)
    assert (states[1].colour_difference, states[1].colour_run, states[1].last_colour) == (
        -1,
        2,
        BLACK,
    )
    assert states[9].colours == (None, WHITE, None)
    assert states[6].colours == (WHITE, BLACK, None)
    assert (states[6].colour_difference, states[6].colour_run) == (0, 1)


def test_player_without_games_has_no_colour() -> None:
    t = load_trf(DATA / "next-round-half-bye.trf")
    st_ = player_states(t, STANDARD)[7]  # late entrant, no entry in rounds 1-2
    assert st_.colours == (None, None)
    assert (st_.played_colours, st_.colour_difference, st_.colour_run, st_.last_colour) == (
        (),
        0,
        0,
        None,
    )
    assert st_.games_played == 0 and st_.score == 0


# ---------------------------------------------------------------------- floats
def test_float_history(states) -> None:
    # R1: everybody on 0, only the U bye of 9 is a downfloat (A5).
    # R2 (scores before: 5 on 0, 7 on ½): 5 floats up, 7 floats down.
    # R3 (3 on 1, 2 on 1½): 3 up, 2 down; 6 gets the U bye: down.
    assert states[9].floats == (Float.DOWN, None, None)
    assert states[5].floats == (None, Float.UP, None)
    assert states[7].floats == (None, Float.DOWN, None)
    assert states[3].floats == (None, None, Float.UP)
    assert states[2].floats == (None, None, Float.DOWN)
    assert states[6].floats == (None, None, Float.DOWN)
    assert states[1].floats == (None, None, None)
    assert states[6].floated(1) is Float.DOWN
    assert states[9].floated(3) is Float.DOWN
    assert states[9].floated(1) is None
    assert states[9].floated(4) is None  # before the tournament


# ---------------------------------------------------------------------- opponents and byes
def test_opponents_met_exclude_forfeits(states) -> None:
    assert states[4].opponents == frozenset({9, 8})  # 8 only through the R3 game
    assert states[8].opponents == frozenset({6, 4})
    assert dict(states[4].meetings) == {9: 1, 8: 1}
    assert states[1].opponents == frozenset({5, 2, 7})
    assert states[5].opponents == frozenset({1, 7})
    assert states[9].opponents == frozenset({4})
    assert states[4].games_played == 2


def test_byes_received(states) -> None:
    assert states[9].byes == (1,)
    assert states[6].byes == (3,)
    assert states[5].byes == ()  # F is not the pairing-allocated bye
    assert states[5].unplayed_point_rounds == (3,)
    assert states[4].unplayed_point_rounds == (1,)  # forfeit win
    assert states[8].unplayed_point_rounds == ()  # a forfeit loss gives no points
    assert states[3].half_byes == (2,)
    assert states[3].unplayed_point_rounds == ()


def test_round_record_kinds() -> None:
    assert RoundRecord(3, WHITE, "1").is_played
    assert RoundRecord(3, BLACK, "W").is_played  # < 1 move: counts for pairing
    assert not RoundRecord(3, WHITE, "+").is_played
    assert RoundRecord(3, WHITE, "+").is_forfeit and RoundRecord(3, None, "-").is_forfeit
    assert not RoundRecord(3, WHITE, "=").is_forfeit
    assert RoundRecord(3, WHITE, " ").is_pending
    assert not RoundRecord(None, None, " ").is_pending
    assert RoundRecord(None, None, "U").is_pairing_allocated_bye
    assert [RoundRecord(None, None, c).is_requested_absence for c in "HFZ U"] == [True] * 4 + [
        False
    ]
    assert [RoundRecord(None, None, c).points_without_play for c in "FUH"] == [True, True, False]
    assert str(RoundRecord(12, BLACK, "=")) == "0012 b ="
    assert str(RoundRecord(None, None, "H")) == "0000 - H"
    with pytest.raises(ValueError, match="unknown result code"):
        RoundRecord(None, None, "X")


# ---------------------------------------------------------------------- tournament
def test_tournament_rounds_and_participants(swiss: Tournament) -> None:
    assert swiss.rounds_recorded == 3 and swiss.next_round == 4
    # 8 is absent (XXZ), 9 withdrawn (SPW 9 3)
    assert [p.number for p in swiss.participants(4)] == [1, 2, 3, 4, 5, 6, 7]
    assert swiss.requested_absence(8, 4) == RoundRecord(None, None, "Z")
    assert swiss.requested_absence(8, 3) is None
    assert swiss.is_withdrawn(9, 3) and swiss.is_withdrawn(9, 4) and not swiss.is_withdrawn(9, 2)
    # round 3: 5 had a requested F bye, 9 is withdrawn
    assert [p.number for p in swiss.participants(3)] == [1, 2, 3, 4, 6, 7, 8]
    assert swiss.forbidden(2, 7) and swiss.forbidden(7, 2) and not swiss.forbidden(1, 2)
    assert swiss.player(3).name == "Çelik, Murat"
    assert 9 in swiss and 10 not in swiss
    with pytest.raises(KeyError):
        swiss.player(10)


def test_prefilled_half_bye_and_late_entrant() -> None:
    """``0000 - H`` in the round to be paired: not a participant (JaVaFo/bbpPairings
    convention).  A player with no entry at all takes part in the next round but did not take
    part in the rounds already paired (blank ≡ Z)."""
    t = load_trf(DATA / "next-round-half-bye.trf")
    assert t.next_round == 3
    assert [p.number for p in t.participants(3)] == [1, 2, 4, 5, 6, 7]
    assert t.requested_absence(3, 3) == RoundRecord(None, None, "H")
    assert t.requested_absence(7, 3) is None
    assert [p.number for p in t.participants(1)] == [1, 2, 3, 4, 5, 6]
    assert t.pending_games(2) == []


def test_with_round_is_a_new_tournament(swiss: Tournament) -> None:
    new = swiss.with_round(
        4,
        {
            1: RoundRecord(4, WHITE, "1"),
            4: RoundRecord(1, BLACK, "0"),
            7: RoundRecord(None, None, "U"),
        },
    )
    assert swiss.player(1).rounds[3:] == () and swiss.player(1).points == 2.5  # unchanged
    assert new.player(1).record(4) == RoundRecord(4, WHITE, "1")
    assert (
        new.player(1).points == 3.5 and new.player(4).points == 2.0 and new.player(7).points == 2.5
    )
    assert new.player(9).rounds == swiss.player(9).rounds  # untouched players keep their records
    assert new.absent_next == frozenset()  # XXZ was for the round now written
    assert new.rounds_recorded == 4
    # a player whose line was shorter is padded with Z
    late = swiss.with_round(5, {9: RoundRecord(None, None, "U")})
    assert late.player(9).rounds[3:] == (RoundRecord(None, None, "Z"), RoundRecord(None, None, "U"))
    assert late.player(9).points == 3.0


def test_with_round_replaces_a_prefilled_record() -> None:
    t = load_trf(DATA / "next-round-half-bye.trf")  # player 3: ``0000 - H`` in round 3, 2.0 points
    new = t.with_round(3, {3: RoundRecord(None, None, "U")})
    assert new.player(3).points == 2.5
    check_points(new, STANDARD)


@settings(max_examples=40)
@given(
    st.lists(st.tuples(st.integers(1, 6), st.sampled_from("1=0WDL+-HFUZ ")), max_size=12),
    st.sampled_from([STANDARD, THREE_ONE_ZERO]),
)
def test_with_round_keeps_points_field_consistent(changes, ps) -> None:
    """Whatever is written (also over an existing record), the points field stays equal to
    the score recomputed from the records."""
    t = Tournament(players=(Player(number=1, points=0.0),))
    for rnd, code in changes:
        rec = RoundRecord(None if code in "HFUZ " else 2, None, code)
        t = t.with_round(rnd, {1: rec}, ps)
        assert t.player(1).points == pytest.approx(sum(ps.points(r) for r in t.player(1).rounds))


# ---------------------------------------------------------------------- immutability and repr
@pytest.mark.parametrize(
    "value, attribute",
    [
        (RoundRecord(1, WHITE, "1"), "result"),
        (PointSystem(), "win"),
        (Player(1), "name"),
        (Team(1, "A"), "roster"),
        (Tournament(players=()), "players"),
        (Pairing(1, 2), "white"),
        (Bye(3), "player"),
        (Bracket(0, 1.0, (1, 2)), "residents"),
        (BracketOutcome(((1, 2),)), "cost"),
    ],
    ids=lambda v: type(v).__name__ if not isinstance(v, str) else v,
)
def test_values_are_frozen(value, attribute) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, attribute, getattr(value, attribute))


def test_player_state_is_frozen(states) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        states[1].score = 99  # type: ignore[misc]


NAMESPACE = {
    "Pairing": Pairing,
    "Colour": Colour,
    "Float": Float,
    "RoundRecord": RoundRecord,
    "Player": Player,
    "Team": Team,
    "Tournament": Tournament,
    "PointSystem": PointSystem,
    "Bye": Bye,
}


@pytest.mark.parametrize(
    "value",
    [
        Pairing(3, 7),
        Pairing(white=12, black=4, absent=4),
        Colour.WHITE,
        Colour.BLACK,
        Float.UP,
        RoundRecord(5, BLACK, "="),
        Bye(9, "U"),
    ],
    ids=repr,
)
def test_repr_round_trips(value) -> None:
    assert eval(repr(value), NAMESPACE) == value


def test_repr_of_a_whole_tournament_round_trips(swiss: Tournament) -> None:
    assert eval(repr(swiss), {**NAMESPACE, "frozenset": frozenset}) == swiss


def test_str_reads_well() -> None:
    assert repr(Pairing(white=3, black=7)) == "Pairing(white=3, black=7)"
    assert str(Pairing(3, 7)) == "3 - 7"
    assert str(WHITE) == "w" and str(BLACK) == "b"
    assert WHITE.opposite is BLACK and BLACK.opposite is WHITE
    assert str(Bye(4)) == "4 - bye"
    assert Pairing(3, 7).players == (3, 7)
