"""Dutch-1992 A2, B5/B6 and the last-round exemption: ranking order and float criteria.

- ``Dutch-1992 A2`` (:func:`ranking_key`): score, rating, FIDE title, name.
- ``AMB-D15``: the title order of the 1992 text and of the later edition (seed 004).
- ``Dutch-1992 B-note`` / ``AMB-D3`` (:func:`is_topscorer`): who counts as a player "with a
  score of over 50 %" when the last round is paired.
- ``Dutch-1992 B5``/``B6`` (:func:`float_ok`): no float in the same direction as in the
  previous round / two rounds earlier.
"""

from __future__ import annotations

from collections.abc import Sequence

from swisspairing import Float, Player, PlayerState

__all__ = [
    "TITLE_ORDER_1992",
    "TITLE_ORDER_2000S",
    "float_ok",
    "is_topscorer",
    "normalise_title",
    "ranking_key",
]

#: A2c as printed in 1992 ("IGM-WGM-IM-WIM-FM-WFM-kein Titel").
TITLE_ORDER_1992: tuple[str, ...] = ("GM", "WGM", "IM", "WIM", "FM", "WFM")
#: AMB-D15: the later edition's order (seed 004 §2.1c) with WGM inserted after IM.
TITLE_ORDER_2000S: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")

# TRF16 writes titles abbreviated (g, wg, m, wm, f, wf, c, wc); the German text writes IGM.
_TITLE_ALIASES = {
    "G": "GM",
    "IGM": "GM",
    "WG": "WGM",
    "M": "IM",
    "WM": "WIM",
    "F": "FM",
    "WF": "WFM",
    "C": "CM",
    "WC": "WCM",
}


def normalise_title(title: str) -> str:
    """The title in FIDE spelling (``"GM"``, ``"WIM"``, …) from TRF or written forms."""
    t = title.strip().upper()
    return _TITLE_ALIASES.get(t, t)


def ranking_key(
    score: float,
    player: Player,
    title_order: Sequence[str] = TITLE_ORDER_1992,
    *,
    by_name: bool = True,
) -> tuple:
    """``Dutch-1992 A2``: sort key of the ranking order (ascending key = better rank).

    In priority: (a) score, descending; (b) rating, descending; (c) FIDE title in
    ``title_order`` (``AMB-D15``), players without a listed title last; (d) name
    alphabetically (case-insensitive).  The start number is a final tie-break so that the
    order is total and deterministic.  ``by_name=False``: A2 d) replaced by the pairing
    number (fixed beforehand, ``ranking_last: pairing-number``).
    """
    title = normalise_title(player.title)
    try:
        title_rank = title_order.index(title)
    except ValueError:
        title_rank = len(title_order)
    return (
        -score,
        -player.rating,
        title_rank,
        player.name.casefold() if by_name else "",
        player.number,
    )


def is_topscorer(score: float, total_rounds: int | None, max_per_round: float) -> bool:
    """``Dutch-1992 B-note``/``A7a`` (``AMB-D3``): over 50 % of the maximum final score.

    A player is a topscorer when his score is more than half of the most a player can score
    in all rounds of the event (``total_rounds × max_per_round``).  Unknown number of rounds:
    nobody is.  The caller applies this only when pairing the last round.
    """
    if total_rounds is None or total_rounds <= 0:
        return False
    return score > 0.5 * total_rounds * max_per_round


def float_ok(state: PlayerState, direction: Float, *, b5: bool, b6: bool) -> bool:
    """``Dutch-1992 B5``/``B6``: may the player float in ``direction`` this round?

    - B5 (when ``b5``): not in the same direction as in the previous round;
    - B6 (when ``b6``): not in the same direction as two rounds earlier.

    The bye counts as a downfloat (A5); floats are those recorded in ``state.floats``.
    C9/C10 turn the criteria off by passing ``False``.
    """
    if b5 and state.floated(1) is direction:
        return False
    return not (b6 and state.floated(2) is direction)
