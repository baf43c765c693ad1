"""Dutch-1992 A7 (preferences), A8 (X), E1–E4 (allocation) and F3 (gap compaction)."""

from __future__ import annotations

import pytest
from swisspairing import BLACK, WHITE, PlayerState
from swisspairing.plugins.dutch_1992.colours import (
    ABSOLUTE,
    NONE,
    STRONG,
    WEAK,
    Preference,
    allocate,
    allocate_with_rule,
    compact,
    first_round_colour,
    preference,
    x_value,
)

_CODES = {"W": WHITE, "B": BLACK, "-": None}


def hist(text: str):
    """``"BWW-B"`` → colours per round (``-`` = no played game)."""
    return tuple(_CODES[c] for c in text)


def state(colours: str, number: int = 1) -> PlayerState:
    cols = hist(colours)
    return PlayerState(
        number=number,
        score=0.0,
        rating=2000,
        colours=cols,
        floats=(None,) * len(cols),
        opponents=frozenset(),
        meetings={},
        byes=(),
        unplayed_point_rounds=(),
        half_byes=(),
        games_played=sum(c is not None for c in cols),
    )


# ------------------------------------------------------------------------------------ F3
@pytest.mark.parametrize(
    "raw, compacted",
    [
        ("BWW-B", "-BWWB"),
        ("WB-WB", "-WBWB"),
        ("BWW-B-W", "--BWWBW"),
        ("", ""),
        ("---", "---"),
        ("WB", "WB"),
    ],
)
def test_f3_compaction(raw, compacted):
    # Dutch-1992 F3: SWW-S → -SWWS, WS-WS → -WSWS, SWW-S-W → --SWWSW (S = Schwarz = B).
    assert compact(hist(raw)) == hist(compacted)


# ------------------------------------------------------------------------------------ A7
@pytest.mark.parametrize(
    "colours, expected",
    [
        # no played game (round 1, or only byes/forfeits: F2): no preference
        ("", Preference(None, NONE)),
        ("--", Preference(None, NONE)),
        # A7c weak: CD = 0 ("+0"/"−0"): alternate with the last game
        ("WB", Preference(WHITE, WEAK)),
        ("BW", Preference(BLACK, WEAK)),
        ("BW-", Preference(BLACK, WEAK)),
        ("WBWB", Preference(WHITE, WEAK)),
        # A7b strong: CD ≠ 0 (and not absolute): White if CD < 0, else Black
        ("W", Preference(BLACK, STRONG)),
        ("B", Preference(WHITE, STRONG)),
        ("WBW", Preference(BLACK, STRONG)),
        ("B-WB", Preference(WHITE, STRONG)),
        # A7a absolute by CD > 1 / CD < −1
        ("WWBW", Preference(BLACK, ABSOLUTE)),
        ("WBWW-", Preference(BLACK, ABSOLUTE)),
        ("BBWB", Preference(WHITE, ABSOLUTE)),
        # A7a absolute by the same colour in the last two played games (AMB-D10: a gap does
        # not break the run — "W-W" are two consecutive played games)
        ("BWW", Preference(BLACK, ABSOLUTE)),
        ("WBB", Preference(WHITE, ABSOLUTE)),
        ("BW-W", Preference(BLACK, ABSOLUTE)),
        ("BBWW", Preference(BLACK, ABSOLUTE)),
        ("WWBB", Preference(WHITE, ABSOLUTE)),
    ],
)
def test_a7_preferences(colours, expected):
    assert preference(state(colours)) == expected


def test_amb_d7_conflicting_absolute_preference_follows_a7a_literally():
    # AMB-D7: CD = −2 and the last two games White.  A7a: "White if CD < 0 or the last two
    # games were Black, otherwise Black": CD < 0 is tested first, so White (a third White in a
    # row would break B2b; such a player is unpairable except under the exemption).
    assert preference(state("BBBBWW")) == Preference(WHITE, ABSOLUTE)
    # CD = −1 and the last two games White (a history that already broke B2b): CD < 0 → White.
    assert preference(state("BBBWW")) == Preference(WHITE, ABSOLUTE)
    # CD = +2 and the last two games Black: "the last two games were Black" → White.
    assert preference(state("WWWWBB")) == Preference(WHITE, ABSOLUTE)


def test_a7a_exemption_for_topscorers_in_the_last_round():
    # A7a: "Diese Regel gilt nicht, wenn Spieler mit einer Punktzahl von über 50 % in der
    # letzten Runde gepaart werden" (AMB-D3): the absolute preference falls back to b)/c).
    assert preference(state("BWW"), exempt=True) == Preference(BLACK, STRONG)  # CD +1
    assert preference(state("WBB"), exempt=True) == Preference(WHITE, STRONG)  # CD −1
    assert preference(state("WWBW"), exempt=True) == Preference(BLACK, STRONG)  # CD +2
    assert preference(state("BBWW"), exempt=True) == Preference(BLACK, WEAK)  # CD 0, last W
    # Non-absolute preferences are unchanged.
    assert preference(state("WB"), exempt=True) == Preference(WHITE, WEAK)
    assert preference(state("B"), exempt=True) == Preference(WHITE, STRONG)
    assert preference(state(""), exempt=True) == Preference(None, NONE)


# ------------------------------------------------------------------------------------ A8
def prefs(white: int, black: int, none: int = 0):
    return (
        [Preference(WHITE, WEAK)] * white
        + [Preference(BLACK, STRONG)] * black
        + [Preference(None, NONE)] * none
    )


@pytest.mark.parametrize(
    "white, black, none, n, x",
    [
        (6, 2, 0, 8, 2),  # W > B: X = W − Q = 6 − 4
        (3, 5, 0, 8, 1),  # B > W: X = B − Q = 5 − 4
        (4, 4, 0, 8, 0),  # B not > W: X = W − Q = 0
        (5, 1, 1, 7, 1),  # Q = ceil(7/2) = 4; the player without preference is not counted
        (1, 5, 1, 7, 1),
        (2, 1, 3, 6, 0),  # W − Q = −1 → clamped to 0 (AMB-D5)
        (0, 0, 2, 2, 0),
    ],
)
def test_a8_x(white, black, none, n, x):
    assert x_value(prefs(white, black, none), n) == x


def test_a8_counts_every_strength():
    mixed = [
        Preference(WHITE, ABSOLUTE),
        Preference(WHITE, STRONG),
        Preference(WHITE, WEAK),
        Preference(BLACK, WEAK),
    ]
    assert x_value(mixed, 4) == 1  # W = 3, Q = 2


# ------------------------------------------------------------------------------------ E
def alloc(higher: str, lower: str, *, exempt=(False, False), position=1, initial=WHITE):
    h, lo = state(higher, 1), state(lower, 2)
    return allocate_with_rule(
        h,
        lo,
        higher_pref=preference(h, exempt=exempt[0]),
        lower_pref=preference(lo, exempt=exempt[1]),
        higher_rank_position=position,
        initial_colour=initial,
    )


def test_e1_grant_both_preferences():
    # Higher "WB" → weak White; lower "W" → strong Black: both granted.
    assert alloc("WB", "W") == (WHITE, "E1")
    # Higher "WBW" → strong Black; lower "BWB" → strong White.
    assert alloc("WBW", "BWB") == (BLACK, "E1")
    # Only the lower-ranked player has a preference (higher only had byes): grant it.
    assert alloc("--", "B") == (BLACK, "E1")  # lower wants White
    assert alloc("W-", "--") == (BLACK, "E1")


def test_e2_grant_the_stronger_preference():
    # Both want White; the lower-ranked player's is absolute (WBB), the higher's weak (WB):
    # E1 impossible, E2 grants the absolute one → higher gets Black.
    assert alloc("WB", "WBB") == (BLACK, "E2")
    # Both want Black; higher strong (W), lower weak (BW): higher gets Black.
    assert alloc("W", "BW") == (BLACK, "E2")


def test_e3_alternate_relative_to_the_most_recent_differing_round():
    # Both "weak White" (CD 0, last Black).  Higher WBWB, lower BWWB:
    #   round 4 B/B, round 3 W/W same; round 2 B/W differ (most recent, AMB-D16)
    #   → each gets the opposite of his round-2 colour: higher White.
    # (The German "furthest back" reading would use round 1, W/B, and give Black.)
    assert alloc("WBWB", "BWWB") == (WHITE, "E3")
    # Mirror image: higher BWWB, lower WBWB → higher had W in round 2 → Black.
    assert alloc("BWWB", "WBWB") == (BLACK, "E3")


def test_e3_uses_histories_compacted_as_in_f3():
    # Higher WB-WB → -WBWB (weak White); lower BWWB- → -BWWB (weak White).
    # Aligned (F3): rounds 5 B/B, 4 W/W, 3 B/W → higher gets White.
    # (Comparing the raw rounds would find round 4, W vs B, and give Black.)
    assert alloc("WB-WB", "BWWB-") == (WHITE, "E3")


def test_e4_grant_the_higher_ranked_players_preference():
    # Identical histories: same preference, same strength, no differing round → E4.
    assert alloc("WB", "WB") == (WHITE, "E4")
    assert alloc("BWW", "BWW") == (BLACK, "E4")
    # Differing rounds exist only where one of them has no game (compacted gap): E4.
    assert alloc("-B", "B-") == (WHITE, "E4")


def test_amb_d9_nobody_has_a_preference():
    # AMB-D9: first-round parity rule on the higher-ranked player's position.
    assert alloc("-", "-", position=3, initial=WHITE) == (WHITE, "AMB-D9")
    assert alloc("-", "-", position=4, initial=WHITE) == (BLACK, "AMB-D9")
    assert alloc("", "", position=1, initial=BLACK) == (BLACK, "AMB-D9")


def test_allocate_returns_the_colour_only():
    h, lo = state("WBWB", 1), state("BWWB", 2)
    assert (
        allocate(
            h,
            lo,
            higher_pref=preference(h),
            lower_pref=preference(lo),
            higher_rank_position=1,
            initial_colour=BLACK,
        )
        is WHITE
    )


def test_exemption_changes_e2():
    # Higher BWW: absolute Black (last two White, A7a); lower WBW: strong Black (CD +1).
    # Without the exemption E2 grants the absolute preference of the higher-ranked player.
    assert alloc("BWW", "WBW") == (BLACK, "E2")
    # Exempted (topscorer in the last round, AMB-D3) BWW is only strong Black, as strong as
    # the lower's: E3 decides — round 3 W/W, round 2 W/B → higher gets the opposite of W.
    assert alloc("BWW", "WBW", exempt=(True, False)) == (BLACK, "E3")
    # The same with the roles swapped: the exempted lower-ranked player loses E2.
    assert alloc("WBW", "BWW") == (WHITE, "E2")
    assert alloc("WBW", "BWW", exempt=(False, True)) == (WHITE, "E3")


def test_e_r1_first_round():
    # E-R1 / AMB-D4: odd boards: the drawn colour for the S1 player; even boards: the other.
    assert [first_round_colour(k, WHITE) for k in range(1, 5)] == [WHITE, BLACK, WHITE, BLACK]
    assert [first_round_colour(k, BLACK) for k in range(1, 5)] == [BLACK, WHITE, BLACK, WHITE]
    with pytest.raises(ValueError):
        first_round_colour(0, WHITE)


# ------------------------------------------------------------------------------------ AMB-D21
@pytest.mark.parametrize(
    "colours, white, black",
    [
        ("BBB", True, False),  # CD -3 and BBB: White brings him back; Black goes further out
        ("WWW", False, True),  # after three Whites: Black (B2b), CD +3 -> +2 (B2a)
        ("BBBBWBW", True, False),  # CD -3, no run: White (-2) allowed, Black (-4) not
        # CD -2 forbids Black, WW forbids White: neither colour keeps both limits, so the
        # colour difference decides (AMB-D7): White
        ("BBBBWWBBWW", True, False),
        ("WWBBWWWWBB", False, True),  # CD +2 and BB: the difference decides: Black
        ("WB", True, True),
    ],
)
def test_amb_d21_history_outside_b2_must_not_move_further_out(colours, white, black) -> None:
    """B2 for a colour history already outside the limits (AMB-D21): the colour may not take
    the player further out; when neither colour keeps both limits, the colour difference
    decides, as A7a tests it first (AMB-D7)."""
    from swisspairing import Engine, Player, Tournament, load_ruleset

    engine = Engine(load_ruleset("fide-dutch-1992"))
    t = Tournament(players=(Player(1, rating=2000), Player(2, rating=1990)), total_rounds=12)
    ctx = engine.context(t, 1)
    ctx.states[1] = state(colours)
    assert (ctx.colour_allowed(1, WHITE), ctx.colour_allowed(1, BLACK)) == (white, black)
