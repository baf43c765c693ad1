"""The colour sentences of the team systems (Olympiad, PL-team), one catalogue entry per
colour: a colour is never a word put into a sentence, since the languages decline it
(Russian «получает белые», «играет чёрными»; Polish «nie może otrzymać białych»)."""

from __future__ import annotations

from swisspairing import BLACK, N_, WHITE

__all__ = ["ALTERNATION_TEAM", "IDENTICAL_HISTORIES_TEAM", "TEAM_MAY_NOT_GET"]


#: 2022 7.5.2 / PL-team 20a: the sentence by the colour the higher-ranked team gets.
ALTERNATION_TEAM = {
    WHITE: N_(
        "match {white}-{black}: equal colour balance; colours alternate from the latest round in "
        "which the two teams had different colours, team {team} gets White"
    ),
    BLACK: N_(
        "match {white}-{black}: equal colour balance; colours alternate from the latest round in "
        "which the two teams had different colours, team {team} gets Black"
    ),
}
#: 2022 7.6 / PL-team 20c: the sentence by the colour the higher-ranked team gets.
IDENTICAL_HISTORIES_TEAM = {
    WHITE: N_(
        "match {white}-{black}: identical colour histories; the higher-ranked team {team} gets "
        "the change of colour, White"
    ),
    BLACK: N_(
        "match {white}-{black}: identical colour histories; the higher-ranked team {team} gets "
        "the change of colour, Black"
    ),
}
#: The verifier's finding by the colour the team may not get on board 1.
TEAM_MAY_NOT_GET = {
    WHITE: N_("team {team} may not get White on board 1"),
    BLACK: N_("team {team} may not get Black on board 1"),
}
