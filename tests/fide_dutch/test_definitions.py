"""Section A (floats, PAB eligibility, colour preferences, topscorers), E (colours), C.3
compatibility and Baku acceleration, rule by rule, on small hand-made events."""

from __future__ import annotations

import pytest
from swisspairing import BLACK, WHITE, Engine, load_ruleset, loads_trf
from swisspairing.plugins.fide_dutch.acceleration import virtual_points
from swisspairing.plugins.fide_dutch.colours import allocate
from swisspairing.plugins.fide_dutch.criteria import compatible
from swisspairing.plugins.fide_dutch.definitions import DutchPlayer, FloatKind, round_facts

HEADER = "012 definitions\nXXR {rounds}\nXXC white1\n"


def line(number: int, points: float, *blocks: str) -> str:
    """A TRF16 001 line (points and rank fields, round blocks from column 92)."""
    head = f"001 {number:4d}      {'Player ' + str(number):<33} {2500 - 10 * number:4d}"
    head = head.ljust(80) + f"{points:4.1f} {number:4d}"
    return head + "".join(f"  {b}" for b in blocks)


def facts(trf: str, ruleset: str):  # type: ignore[no-untyped-def]
    engine = Engine(load_ruleset(ruleset))
    ctx = engine.context(loads_trf(trf), explain=False)
    return round_facts(ctx), ctx


UNPLAYED = (
    HEADER.format(rounds=5)
    + "\n".join(
        [
            line(1, 1.0, "   2 w +"),  # forfeit win
            line(2, 0.0, "   1 b -"),  # forfeit loss
            line(3, 0.5, "0000 - H"),  # half-point bye
            line(4, 0.0, "0000 - Z"),  # zero-point bye
            line(5, 1.0, "0000 - F"),  # full-point bye
            line(6, 1.0, "   7 w 1"),
            line(7, 0.0, "   6 b 0"),
        ]
    )
    + "\n"
)


def test_unplayed_rounds_float_in_2017_only_when_the_2026_text_says() -> None:
    """A.4 (2017, AMB-N1): every unplayed round is a downfloat.  2026 1.4.3-1.4.4: only a
    round scored above a loss without playing (forfeit win, half- and full-point bye) is; a
    forfeit loss or a zero-point bye gives no float.  A played game between equal scores
    gives none in either edition."""
    new, _ = facts(UNPLAYED, "fide-dutch-2025")
    old, _ = facts(UNPLAYED, "fide-dutch-2017")
    expected_2026 = {
        1: FloatKind.DOWN,
        2: FloatKind.NONE,
        3: FloatKind.DOWN,
        4: FloatKind.NONE,
        5: FloatKind.DOWN,
        6: FloatKind.NONE,
        7: FloatKind.NONE,
    }
    for n, fl in expected_2026.items():
        assert new.players[n].floats[0] is fl, n
        assert old.players[n].floats[0] is (FloatKind.DOWN if n <= 5 else FloatKind.NONE), n


def test_pab_eligibility_per_edition() -> None:
    """2026 [C2] / BR 4: no PAB after a PAB or after a round scored at a win's value without
    playing (forfeit win, full-point bye); a half-point bye does not bar it.  2017 C.2: only a
    PAB or a forfeit win bars it (a full-point bye does not)."""
    new, _ = facts(UNPLAYED, "fide-dutch-2025")
    old, _ = facts(UNPLAYED, "fide-dutch-2017")
    assert {n for n, p in new.players.items() if not p.bye_eligible} == {1, 5}
    assert {n for n, p in old.players.items() if not p.bye_eligible} == {1}


COLOURS = (
    HEADER.format(rounds=5)
    + "\n".join(
        [
            line(1, 1.0, "   2 w 1", "   3 w 0"),  # WW: absolute Black (two in a row)
            line(2, 1.0, "   1 b 0", "   4 w 1"),  # BW: mild Black
            line(3, 1.0, "   4 b 0", "   1 b 1"),  # BB: absolute White
            line(4, 1.0, "   3 w 1", "   2 b 0"),  # WB: mild White
            line(5, 1.0, "   6 w 1", "0000 - Z"),  # W: strong Black (CD +1)
            line(6, 1.0, "   5 b 0", "0000 - F"),  # B: strong White
        ]
    )
    + "\n"
)


def test_colour_preferences() -> None:
    """A.6 / 1.6-1.7 over played games only (GHR 3.4): absolute when |CD| > 1 or the last two
    played games had the same colour; strong when CD = ±1; mild when CD = 0 (the colour not
    played last)."""
    f, _ = facts(COLOURS, "fide-dutch-2025")
    p = f.players
    assert (p[1].preference, p[1].absolute, p[1].repeated) == (BLACK, True, WHITE)
    assert (p[2].preference, p[2].absolute, p[2].strong) == (BLACK, False, False)
    assert (p[3].preference, p[3].absolute) == (WHITE, True)
    assert (p[4].preference, p[4].absolute, p[4].strong) == (WHITE, False, False)
    assert (p[5].preference, p[5].strong) == (BLACK, True)
    assert (p[6].preference, p[6].strong) == (WHITE, True)


def test_same_absolute_preference_is_incompatible_except_for_topscorers() -> None:
    """[C3] / C.3: 1 (WW) and a player with BB could meet; two players due Black absolutely
    may not, unless one is a topscorer (A.7 / 1.8: more than half the points, last round)."""
    trf = (
        HEADER.format(rounds=3)
        + "\n".join(
            [
                line(1, 2.0, "   3 w 1", "   4 w 1"),  # WW, 2 points
                line(2, 0.0, "   4 w 0", "   3 w 0"),  # WW, 0 points
                line(3, 1.0, "   1 b 0", "   2 b 1"),
                line(4, 1.0, "   2 b 1", "   1 b 0"),
            ]
        )
        + "\n"
    )
    f, ctx = facts(trf, "fide-dutch-2025")
    assert f.topscorer_round and f.is_topscorer(1) and not f.is_topscorer(2)
    assert compatible(f.players[1], f.players[2], f, ctx)  # 1 is a topscorer
    five = trf.replace("XXR 3", "XXR 5")
    f5, ctx5 = facts(five, "fide-dutch-2025")
    assert not f5.topscorer_round
    assert not compatible(f5.players[1], f5.players[2], f5, ctx5)


def player(**kw: object) -> DutchPlayer:
    base = dict(
        number=1,
        tpn=1,
        score=0,
        real_score=0,
        colour_difference=0,
        preference=None,
        absolute=False,
        absolute_imbalance=False,
        strong=False,
        repeated=None,
        played_colours=(),
        floats=(FloatKind.NONE, FloatKind.NONE),
        bye_eligible=True,
        games_played=0,
    )
    base.update(kw)
    return DutchPlayer(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hi", "lo", "colour", "rule"),
    [
        # E.1: both granted
        (dict(preference=WHITE), dict(preference=BLACK), WHITE, "E.1"),
        # E.2: the stronger one (strong beats mild)
        (
            dict(preference=WHITE, played_colours=(BLACK, WHITE)),
            dict(preference=WHITE, strong=True, colour_difference=-1),
            BLACK,
            "E.2",
        ),
        # E.2, both absolute (topscorers): the wider colour difference
        (
            dict(preference=WHITE, absolute=True, colour_difference=-2),
            dict(preference=WHITE, absolute=True, colour_difference=-1, repeated=BLACK),
            WHITE,
            "E.2",
        ),
        # E.3: both strong for White; the latest round with different colours is the second
        # last but one (hi White, lo Black then): hi gets Black
        (
            dict(
                preference=WHITE,
                strong=True,
                colour_difference=-1,
                played_colours=(BLACK, WHITE, BLACK, WHITE, BLACK),
            ),
            dict(
                preference=WHITE,
                strong=True,
                colour_difference=-1,
                played_colours=(WHITE, BLACK, BLACK, WHITE, BLACK),
            ),
            BLACK,
            "E.3",
        ),
        # E.4: same history: the higher-ranked player's preference
        (
            dict(preference=WHITE, played_colours=(BLACK,)),
            dict(preference=WHITE, played_colours=(BLACK,)),
            WHITE,
            "E.4",
        ),
        # E.5: no preferences, even pairing number: the other colour than the initial one
        (dict(tpn=2), dict(tpn=7), BLACK, "E.5"),
    ],
)
def test_colour_allocation(hi: dict, lo: dict, colour: object, rule: str) -> None:
    """E.1-E.5 / 5.2.1-5.2.5, in priority order."""
    assert allocate(player(**hi), player(**lo), WHITE) == (colour, rule)


def test_baku_virtual_points() -> None:
    """Baku 1-3: 9 rounds -> 5 accelerated rounds, +1 in rounds 1-3 and +1/2 in rounds 4-5 for
    GA = the first 2*ceil(N/4) players (10 players -> 6); nobody else and no later round."""
    trf = HEADER.format(rounds=9) + "\n".join(line(n, 0.0) for n in range(1, 11)) + "\n"
    ruleset = load_ruleset("fide-dutch-2025")
    from dataclasses import replace

    baku = replace(ruleset, parameters={**ruleset.parameters, "acceleration": "baku"})
    ctx = Engine(baku).context(loads_trf(trf), explain=False)
    vp = virtual_points(ctx)
    assert vp[1] == {1: 1.0, 2: 1.0, 3: 1.0, 4: 0.5, 5: 0.5}
    assert vp[6] == vp[1]
    assert vp[7] == {}
    f = round_facts(ctx)
    assert f.order[:6] == (1, 2, 3, 4, 5, 6)
    assert f.players[1].score == 10 and f.players[7].score == 0


def test_xxa_records_set_the_pairing_score() -> None:
    """TRF XXA (virtual points per round) override the ruleset: player 4 gets 1 point in round
    1 and is ranked first of his pairing scoregroup by TPN (A.2 with Baku 4)."""
    trf = (
        HEADER.format(rounds=5) + "\n".join(line(n, 0.0) for n in range(1, 5)) + "\nXXA    4  1.0\n"
    )
    f, _ = facts(trf, "fide-dutch-2025")
    assert f.order == (4, 1, 2, 3)
