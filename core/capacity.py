"""Can the declared number of rounds be played by this field at all?

A counting argument, checked before the first round (``pair``) and by ``validate``: every
round pairs ⌊n/2⌋ of the n participants, and two participants meet at most
``max_meetings`` times and never when a forbidden pair, club or federation rule separates
them.  So the rounds still to be paired need ``rounds × ⌊n/2⌋`` meetings among the pairs
that are still allowed, and each participant needs as many opponents as rounds, less the
one bye he may still get when the number is odd and a bye is given once (``byes.blocked_by``
holds ``U``).  When either count falls short, some round will have no valid pairing — e.g. 9
teams of which two are of one club cannot play 9 rounds: 35 possible matches, 36 needed.

The units counted are what the system pairs (players, or teams for a team system), through
the ``swiss_pairing_units`` hook.  The check is necessary, not sufficient: a field that passes
it may still run out of pairings under the colour rules or through the order of the draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .explain import Event
from .i18n import N_

if TYPE_CHECKING:
    from .engine import Engine
    from .model import Tournament

__all__ = ["rounds_shortfall"]


def rounds_shortfall(engine: Engine, tournament: Tournament) -> Event | None:
    """Why the rounds still to be paired (up to ``XXR`` / the event's or ruleset's ``rounds``)
    cannot all be played by the participants of the next round, or ``None`` when the count
    allows them (or the number of rounds is not declared)."""
    total = tournament.total_rounds or engine.ruleset.rounds
    rnd = tournament.next_round
    if total is None or rnd > total:
        return None
    ctx = engine.context(tournament, rnd, explain=False)
    units = engine.hook.swiss_pairing_units(context=ctx) or ctx
    people = list(units.participants)
    n = len(people)
    if n < 2:
        return None
    rounds = total - rnd + 1
    per_round = n // 2
    needed = rounds * per_round
    most = units.ruleset.max_meetings
    forbidden = units.forbidden_opponents()
    deficit: dict[int, int] = {}
    blocked = met = 0
    for a in people:
        meetings = units.states[a].meetings
        lost = 0
        for b in forbidden.get(a, ()):
            lost += most
            blocked += a < b
        for b, count in meetings.items():
            if (
                b not in forbidden or b == a or b in forbidden[a]
            ):  # not taking part, or counted above
                continue
            used = min(count, most)
            lost += used
            met += a < b and used > 0
        deficit[a] = lost
    possible = (n * (n - 1) // 2) * most - sum(deficit.values()) // 2
    if possible < needed:
        return Event(
            "",
            N_(
                "rounds {first} to {last} cannot all be played: pairings needed: {needed}, "
                "pairings possible: {possible} (participants: {units}; pairs that may never meet: "
                "{blocked}; pairs that have met as often as allowed: {met})"
            ),
            {
                "first": rnd,
                "last": total,
                "units": n,
                "possible": possible,
                "blocked": blocked,
                "met": met,
                "needed": needed,
            },
        )
    if n % 2 == 1 and "U" not in units.ruleset.byes.blocked_by:
        return None  # byes not limited (round robin): no per-participant bound
    for a in people:
        byes = 1 if n % 2 == 1 and units.can_receive_bye(a) else 0
        games = rounds - byes
        opponents = (n - 1) * most - deficit[a]
        if opponents < games:
            name = units.player(a).name
            return Event(
                "",
                N_(
                    "rounds {first} to {last} cannot all be played by {unit}: games still to "
                    "play: {games}, opponents still possible: {opponents}"
                ),
                {
                    "first": rnd,
                    "last": total,
                    "unit": f"{a} {name}".strip(),
                    "opponents": opponents,
                    "games": games,
                },
            )
    return None
