"""Colour allocation (цвет шашек) for the RDF Swiss variants.

Round 1 (RDF 5.4.10.5.2, 5.4.10.7.2; RDF 5.4.10.4 for the random lot):
the colour of the first board is drawn by lot (the ruleset's ``first_colour: lot``, or the
file's ``XXC``); every player of the upper half with an odd number gets the same colour as
participant 1, every one with an even number the opposite colour, and his opponent the other
one.  In the random-lot variant the odd numbers play White (``first_colour: white``).
"Number" is the classification number (the drawn number in 5.4.10.4), fixed before round 1
(:mod:`.numbers`), so a player's colour does not change when somebody above him is absent.
*Impl.:* the pair's higher-classified player is the one whose parity decides (in 5.4.10.4:
when both numbers are odd or both even, e.g. 1–3 with 2 absent, the lower number's parity).

Later rounds (RDF 5.4.10.2(c), AMB-R1) — hard: never the same colour ``colours.max_run + 1``
times running (the RDF limit "not four times": ``max_run: 3``); games not played give no
colour (5.4.10.2(d)).  Soft, in this order:

1. each player gets the colour opposite to his last played game (alternation);
2. if both want the same colour, the one who has played that colour less gets it
   (colour difference);
3. if that is equal too, the higher-classified player (earlier in the round's pairing
   order) gets his alternation.

A player who has not played yet has no wish; when neither has, the higher-ranked player's
classification number decides as in round 1.
"""

from __future__ import annotations

from swisspairing import N_, WHITE, Colour, Pairing, RoundContext
from swisspairing.i18n import NP_

from .ordering import round_classification

__all__ = ["ColourInfo", "allocate", "colour_info"]

#: ``(last played colour, colour difference, White allowed, Black allowed)`` of a player.
ColourInfo = tuple["Colour | None", int, bool, bool]

_CACHE = "ru_draughts.colours"


def colour_info(context: RoundContext) -> dict[int, ColourInfo]:
    """Every participant's colour history in short, computed once per round.

    ``White/Black allowed`` apply the ruleset's hard limits exactly as
    :meth:`RoundContext.colour_allowed` does (5.4.10.2(c): ``max_run``; ``max_difference``
    if a federation sets one); only played games count (5.4.10.2(d))."""
    cached = context.data.get(_CACHE)
    if cached is not None:
        return cached
    limits = context.ruleset.colours
    max_run, max_diff = limits.max_run, limits.max_difference
    out: dict[int, ColourInfo] = {}
    states = context.states
    for n in context.participants:
        cols = [c for c in states[n].colours if c is not None]
        cd = sum(1 if c is WHITE else -1 for c in cols)
        white_ok = black_ok = True
        if max_diff is not None:
            white_ok = abs(cd + 1) <= max_diff
            black_ok = abs(cd - 1) <= max_diff
        if max_run is not None and len(cols) >= max_run:
            tail = cols[-max_run:]
            if all(c is tail[0] for c in tail):
                if tail[0] is WHITE:
                    white_ok = False
                else:
                    black_ok = False
        out[n] = (cols[-1] if cols else None, cd, white_ok, black_ok)
    context.data[_CACHE] = out
    return out


def _allowed(info: ColourInfo, colour: Colour) -> bool:
    return info[2] if colour is WHITE else info[3]


def _round_one_colour(a: int, context: RoundContext) -> Colour:
    """RDF 5.4.10.5.2 / 5.4.10.7.2 («имеющие нечетные номера») / 5.4.10.4 («нечетные номера
    играют белыми»): the colour of ``a``, the pair's higher-classified player, by the parity
    of his classification number — not of his position in the round's order, which shifts
    when a player is absent."""
    first = context.initial_colour()
    number = round_classification(context).number.get(a, context.rank.get(a, 0) + 1)
    return first if number % 2 == 1 else first.opposite


def allocate(pair: tuple[int, int], context: RoundContext) -> Pairing:
    """Who has White in ``pair`` (see the module docstring)."""
    a, b = pair
    rank = context.rank
    if rank.get(b, 1 << 30) < rank.get(a, 1 << 30):
        a, b = b, a
    info = colour_info(context)
    ia, ib = info[a], info[b]
    explain = context.explanation.enabled
    la, lb = ia[0], ib[0]
    rule = "RDF 5.4.10.2(c)"
    reason: tuple[str, str]  # the sentence when the subject gets White, when he gets Black
    if context.round_number == 1:
        colour_a = _round_one_colour(a, context)
        rule = _first_round_rule(context)
        if context.ruleset.param("variant", "coefficient") == "random":
            reason = (
                N_("player {player} gets White: in round 1 the odd numbers play White"),
                N_("player {player} gets Black: in round 1 the odd numbers play White"),
            )
        else:
            reason = (
                N_(
                    "player {player} gets White by the parity of his classification number (the "
                    "colour of participant 1 is drawn by lot)"
                ),
                N_(
                    "player {player} gets Black by the parity of his classification number (the "
                    "colour of participant 1 is drawn by lot)"
                ),
            )
        subject = a
    elif la is None and lb is None:
        colour_a = _round_one_colour(a, context)
        reason = (
            N_(
                "neither player has played a game yet: player {player} gets White by the parity "
                "of his classification number"
            ),
            N_(
                "neither player has played a game yet: player {player} gets Black by the parity "
                "of his classification number"
            ),
        )
        subject = a
    elif la is not None and lb is not None and la is not lb:
        colour_a = la.opposite
        reason = (
            N_("both players alternate: player {player} gets White"),
            N_("both players alternate: player {player} gets Black"),
        )
        subject = a
    elif lb is None:
        colour_a = la.opposite  # type: ignore[union-attr]
        reason = (
            N_("player {player} gets White, the opposite of his last game"),
            N_("player {player} gets Black, the opposite of his last game"),
        )
        subject = a
    elif la is None:
        colour_a = lb
        reason = (
            N_("player {player} gets White, the opposite of his last game"),
            N_("player {player} gets Black, the opposite of his last game"),
        )
        subject = b
    else:
        wish = la.opposite  # both want the same colour
        da, db = ia[1], ib[1]
        # "played less": for White the lower colour difference, for Black the higher one
        a_needs_more = (da < db) if wish is WHITE else (da > db)
        b_needs_more = (db < da) if wish is WHITE else (db > da)
        if a_needs_more:
            colour_a = wish
            reason = (
                N_("both want White; player {player} has played it less and gets it"),
                N_("both want Black; player {player} has played it less and gets it"),
            )
            subject = a
        elif b_needs_more:
            colour_a = wish.opposite
            reason = (
                N_("both want White; player {player} has played it less and gets it"),
                N_("both want Black; player {player} has played it less and gets it"),
            )
            subject = b
        else:
            colour_a = wish
            reason = (
                N_(
                    "both want White and have played it equally often; the higher-classified "
                    "player {player} gets it"
                ),
                N_(
                    "both want Black and have played it equally often; the higher-classified "
                    "player {player} gets it"
                ),
            )
            subject = a
    forced = False
    if not (_allowed(ia, colour_a) and _allowed(ib, colour_a.opposite)) and (
        _allowed(ia, colour_a.opposite) and _allowed(ib, colour_a)
    ):
        colour_a = colour_a.opposite
        forced = True
    pairing = Pairing(a, b) if colour_a is WHITE else Pairing(b, a)
    if explain:
        if forced:
            limit = context.ruleset.colours.max_run
            loser = a if not _allowed(ia, colour_a.opposite) else b
            context.explanation.add(
                "RDF 5.4.10.2(c)",
                NP_(
                    "players {white} and {black}: the other way round player {player} would get "
                    "the same colour {count} time running",
                    "players {white} and {black}: the other way round player {player} would get "
                    "the same colour {count} times running",
                    "count",
                ),
                white=pairing.white,
                black=pairing.black,
                player=loser,
                count=(limit or 0) + 1,
            )
        else:
            subject_colour = colour_a if subject == a else colour_a.opposite
            context.explanation.add(
                rule, reason[0] if subject_colour is WHITE else reason[1], player=subject
            )
    return pairing


def _first_round_rule(context: RoundContext) -> str:
    variant = context.ruleset.param("variant", "coefficient")
    return {"random": "RDF 5.4.10.4", "buchholz": "RDF 5.4.10.7.2"}.get(variant, "RDF 5.4.10.5.2")
