"""Dutch-1992 A7, A8, E and F3: colour preferences, the quantity X and colour allocation.

- ``Dutch-1992 A7`` (:func:`preference`): absolute, strong and weak (mild) colour
  preferences from the colour difference and the last two *played* games (``F2``,
  ``AMB-D10``).
- ``Dutch-1992 A8`` (:func:`x_value`): the minimum number of pairings of a bracket that
  cannot satisfy both preferences (``AMB-D5``).
- ``Dutch-1992 E1–E4`` (:func:`allocate`): which colour the higher-ranked player of a pair
  gets; ``E-R1`` (:func:`first_round_colour`) for round 1 (``AMB-D4``) and for pairs in
  which nobody has a preference (``AMB-D9``).
- ``Dutch-1992 F3`` (:func:`compact`): colour histories with gaps are shifted to the right.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from swisspairing import BLACK, WHITE, Colour, PlayerState

__all__ = [
    "ABSOLUTE",
    "NONE",
    "NO_PREFERENCE",
    "STRENGTH_NAMES",
    "STRONG",
    "WEAK",
    "Preference",
    "allocate",
    "allocate_with_rule",
    "compact",
    "first_round_colour",
    "preference",
    "x_value",
]

#: A7a: colour difference beyond ±1 or the same colour in the last two played games.
ABSOLUTE = 3
#: A7b: colour difference ±1.
STRONG = 2
#: A7c: colour difference 0 ("+0"/"−0"): alternate with the last played game.
WEAK = 1
#: No played game yet: no preference (the source decides round 1 by lot, E-R1).
NONE = 0

#: Names of the strengths, for explanations and reprs.
STRENGTH_NAMES = {ABSOLUTE: "absolute", STRONG: "strong", WEAK: "weak", NONE: "none"}


class Preference(NamedTuple):
    """A player's colour preference (``Dutch-1992 A7``)."""

    colour: Colour | None
    """The colour the player should get; ``None`` when he has no preference."""
    strength: int
    """:data:`ABSOLUTE`, :data:`STRONG`, :data:`WEAK` or :data:`NONE` (E2 compares them)."""


NO_PREFERENCE = Preference(None, NONE)


def compact(colours: Sequence[Colour | None]) -> tuple[Colour | None, ...]:
    """``Dutch-1992 F3``: shift the played colours to the right, gaps to the front.

    ``BWW-B`` → ``-BWWB``; ``WB-WB`` → ``-WBWB``; ``BWW-B-W`` → ``--BWWBW``.  The result has
    the same length, so two players' histories line up round by round for E3.
    """
    played = tuple(c for c in colours if c is not None)
    return (None,) * (len(colours) - len(played)) + played


def preference(state: PlayerState, *, exempt: bool = False) -> Preference:
    """``Dutch-1992 A7``: the colour preference of a player before the round.

    Only played games count (``F2``); "the last two rounds" are the last two *played* games
    (``AMB-D10``).  With ``CD`` = games with White − games with Black:

    - A7a **absolute** if ``CD > 1`` or ``CD < −1`` or the last two played games had the same
      colour; the colour, read literally as the source orders the tests (``AMB-D7``), is
      White "if CD < 0 or the last two games were played with Black", otherwise Black;
    - A7b **strong** if ``CD ≠ 0``: White if ``CD < 0``, else Black;
    - A7c **weak** if ``CD = 0``: the colour opposite to the last played game;
    - no played game: no preference.

    :param exempt: the player is a topscorer paired in the last round; A7a "does not apply"
        to him (``AMB-D3``), so an absolute preference falls back to strong or weak.
    """
    played = state.played_colours
    if not played:
        return NO_PREFERENCE
    cd = sum(1 for c in played if c is WHITE) - sum(1 for c in played if c is BLACK)
    last = played[-1]
    same_last_two = len(played) >= 2 and played[-2] is last
    if not exempt and (cd > 1 or cd < -1 or same_last_two):
        # A7a literally: "White if CD < 0 or the last two games were Black, otherwise Black".
        colour = WHITE if cd < 0 or (same_last_two and last is BLACK) else BLACK
        return Preference(colour, ABSOLUTE)
    if cd != 0:
        return Preference(WHITE if cd < 0 else BLACK, STRONG)
    return Preference(last.opposite, WEAK)


def x_value(preferences: Iterable[Preference], n: int) -> int:
    """``Dutch-1992 A8``: X, the minimum number of pairings that miss a colour preference.

    ``W``/``B`` = number of *players* (``AMB-D5``: the German "Spiele" is a typo) whose
    preference, of any strength, is White/Black; players without a preference are not
    counted.  ``Q = ceil(n / 2)`` for a bracket of ``n`` players.  If ``B > W`` then
    ``X = B − Q`` else ``X = W − Q``, clamped at 0 (``AMB-D5``).
    """
    w = b = 0
    for pref in preferences:
        if pref.colour is WHITE:
            w += 1
        elif pref.colour is BLACK:
            b += 1
    q = (n + 1) // 2
    x = b - q if b > w else w - q
    return max(0, x)


def first_round_colour(board: int, initial_colour: Colour) -> Colour:
    """``Dutch-1992 E-R1`` (``AMB-D4``): the colour of the S1 player on board ``board``.

    Boards are 1-based: odd boards get the drawn ``initial_colour``, even boards the other
    colour; the S2 opponent gets the opposite.
    """
    if board < 1:
        raise ValueError(f"boards are numbered from 1, not {board}")
    return initial_colour if board % 2 == 1 else initial_colour.opposite


def _e3_colour(higher: PlayerState, lower: PlayerState) -> Colour | None:
    """``Dutch-1992 E3`` (``AMB-D16``, ``F3``): the higher-ranked player's alternated colour.

    Both histories are compacted (F3) and aligned on the right; walking back from the latest
    round, the first round in which both played and had different colours decides: each
    player gets the colour opposite to the one he had then.  ``None`` if there is none.
    """
    mine = compact(higher.colours)
    theirs = compact(lower.colours)
    for i in range(1, min(len(mine), len(theirs)) + 1):
        a, b = mine[-i], theirs[-i]
        if a is None or b is None:
            return None  # compacted: nothing earlier was played by one of them
        if a is not b:
            return a.opposite
    return None


def allocate_with_rule(
    higher: PlayerState,
    lower: PlayerState,
    *,
    higher_pref: Preference,
    lower_pref: Preference,
    higher_rank_position: int,
    initial_colour: Colour,
) -> tuple[Colour, str]:
    """Like :func:`allocate`, also returning the id of the deciding rule.

    The rule id is ``"E1"``, ``"E2"``, ``"E3"``, ``"E4"`` or ``"AMB-D9"``.
    """
    hc, lc = higher_pref.colour, lower_pref.colour
    if hc is None and lc is None:
        # AMB-D9: nobody has a preference (no played game): first-round parity rule.
        return first_round_colour(higher_rank_position, initial_colour), "AMB-D9"
    if hc is None:
        return lc.opposite, "E1"  # type: ignore[union-attr]
    if lc is None or hc is not lc:
        return hc, "E1"
    # Both want the same colour.
    if higher_pref.strength > lower_pref.strength:
        return hc, "E2"
    if lower_pref.strength > higher_pref.strength:
        return lc.opposite, "E2"
    alternated = _e3_colour(higher, lower)
    if alternated is not None:
        return alternated, "E3"
    return hc, "E4"


def allocate(
    higher: PlayerState,
    lower: PlayerState,
    *,
    higher_pref: Preference,
    lower_pref: Preference,
    higher_rank_position: int,
    initial_colour: Colour,
) -> Colour:
    """``Dutch-1992 E1–E4``: the colour of the higher-ranked player of a pair.

    In descending priority:

    - **E1** grant both preferences (also when only one player has a preference);
    - **E2** grant the stronger preference (absolute > strong > weak);
    - **E3** alternate relative to the most recent round (``AMB-D16``) in which the two had
      different colours, on histories compacted as in ``F3``;
    - **E4** grant the preference of the higher-ranked player (A2);
    - neither player has a preference (``AMB-D9``): the first-round rule applied to the
      higher-ranked player's position — ``initial_colour`` if ``higher_rank_position``
      (1-based) is odd, the other colour if it is even.

    The lower-ranked player gets the opposite colour.
    """
    colour, _rule = allocate_with_rule(
        higher,
        lower,
        higher_pref=higher_pref,
        lower_pref=lower_pref,
        higher_rank_position=higher_rank_position,
        initial_colour=initial_colour,
    )
    return colour
