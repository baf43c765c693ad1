"""Section E (2026: Art. 5): who gets White in a pair, in descending priority.

- E.1 / 5.2.1 grant both preferences;
- E.2 / 5.2.2 grant the stronger preference (absolute > strong > mild); both absolute (only
  topscorers can meet so): the wider colour difference;
- E.3 / 5.2.3 go back to the latest round in which both played with different colours
  (histories compressed, GHR 3.4) and give each the colour he did not have then;
- E.4 / 5.2.4 grant the preference of the higher-ranked player (A.2);
- E.5 / 5.2.5 the higher-ranked player gets the initial colour if his pairing number (TPN) is
  odd, the other colour if it is even.
"""

from __future__ import annotations

from swisspairing import Colour

from .definitions import DutchPlayer


def _e3(hi: DutchPlayer, lo: DutchPlayer) -> Colour | None:
    """E.3: the colour ``hi`` gets by the latest round both played with different colours."""
    for ch, cl in zip(reversed(hi.played_colours), reversed(lo.played_colours), strict=False):
        if ch is not cl:
            return cl
    return None


def allocate(hi: DutchPlayer, lo: DutchPlayer, initial: Colour) -> tuple[Colour, str]:
    """The colour of ``hi`` (the higher-ranked) and the rule (``E.1`` … ``E.5``) that decided."""
    ph, pl = hi.preference, lo.preference
    if ph is None and pl is None:
        return (initial if hi.tpn % 2 == 1 else initial.opposite), "E.5"
    if ph is None or pl is None or ph is not pl:
        return (ph if ph is not None else pl.opposite), "E.1"  # type: ignore[union-attr]
    cd_h, cd_l = abs(hi.colour_difference), abs(lo.colour_difference)
    if hi.absolute and (not lo.absolute or cd_h > cd_l):
        return ph, "E.2"
    if lo.absolute and (not hi.absolute or cd_l > cd_h):
        return pl.opposite, "E.2"
    if hi.strong and not lo.strong:
        return ph, "E.2"
    if lo.strong and not hi.strong:
        return pl.opposite, "E.2"
    e3 = _e3(hi, lo)
    if e3 is not None:
        return e3, "E.3"
    return ph, "E.4"
