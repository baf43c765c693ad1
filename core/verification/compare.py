"""Comparing a recorded round with an outside engine's pairing of it (``--reference``).

The round is cut back to what was known before its pairing (:func:`tournament_before`), written
as TRF and paired by the outside engine (:class:`~.reference.ReferenceEngine`); its boards
(White first) and pairing-allocated byes are compared with the recorded ones.  The engine is
given the system by the ruleset's pairing system: the command line knows ``--dutch`` and
``--burstein`` only (:func:`reference_system`).
"""

from __future__ import annotations

from swisspairing.engine import Engine
from swisspairing.errors import InvalidInputError, SwissPairingError
from swisspairing.i18n import N_
from swisspairing.model import Tournament
from swisspairing.ruleset import Ruleset

__all__ = ["compare_with_reference", "reference_system"]

#: The pairing systems of the bbpPairings/JaVaFo command line, by the prefix of our system id.
_SYSTEMS = (("fide-dutch", "dutch"), ("fide-burstein", "burstein"))


def reference_system(ruleset: Ruleset) -> str:
    """``dutch`` or ``burstein``: the command-line system that pairs like ``ruleset``;
    :class:`InvalidInputError` for a system the command line does not have."""
    from swisspairing.generate import team_boards

    if team_boards(ruleset):
        raise InvalidInputError(
            N_(
                "--reference: the bbpPairings/JaVaFo command line pairs individual events only, "
                "not the team ruleset {ruleset}"
            ),
            ruleset=ruleset.id,
        )
    for prefix, name in _SYSTEMS:
        if ruleset.system.startswith(prefix):
            return name
    raise InvalidInputError(
        N_(
            "--reference: the bbpPairings/JaVaFo command line pairs the Dutch and Burstein "
            "systems only, not ruleset {ruleset} (system {system})"
        ),
        ruleset=ruleset.id,
        system=ruleset.system,
    )


def _withdrawals_as_absences(tournament: Tournament, round_number: int) -> Tournament:
    """The command line knows no withdrawal record (our ``SPW``): a player who is not to be
    paired has an entry for the round (JaVaFo AUM: ``0000 - Z``).  A withdrawn player gets a
    ``Z`` for every round from his withdrawal up to the one to pair."""
    from dataclasses import replace

    from swisspairing.model import RoundRecord

    players = []
    for p in tournament.players:
        if p.withdrawn_from is not None and p.withdrawn_from <= round_number:
            missing = round_number - len(p.rounds)
            if missing > 0:
                absent = RoundRecord(None, None, "Z")
                p = replace(p, rounds=(*p.rounds, *([absent] * missing)))
        players.append(p)
    return replace(tournament, players=tuple(players))


def compare_with_reference(
    program: str, engine: Engine, tournament: Tournament, round_number: int
) -> tuple[bool, str]:
    """Whether the outside engine ``program`` pairs round ``round_number`` of ``tournament`` as
    recorded; with a description of the difference (English) when it does not, or of why it
    could not pair the round.  The file it is given names the number of rounds (``XXR``: the
    event's, else those recorded) and the first-round colour (``XXC``: the file's, else the one
    our engine used), which the command line needs, and the withdrawn players as absent.  When
    the event names no number of rounds, the reference's answer is compared with ours to the
    same input (that number of rounds), not with the round as recorded."""
    from dataclasses import replace

    from swisspairing.reports import round_boards
    from swisspairing.trf import dumps_trf
    from swisspairing.verify import tournament_before

    from .reference import ReferenceEngine

    ruleset = engine.ruleset
    total = tournament.total_rounds or tournament.rounds_recorded
    before = replace(tournament_before(tournament, round_number), total_rounds=total)
    before = _withdrawals_as_absences(before, round_number)
    if before.initial_colour is None:
        first = tournament_before(tournament, 1)
        colour = engine.context(first, 1, explain=False).initial_colour()
        before = replace(before, initial_colour=colour)
    entered = {p.number for p in before.players if p.record(round_number) is not None}
    if tournament.total_rounds is None:
        # The event announces no number of rounds (a generated event without --rounds), but the
        # command line needs one (XXR): the reference is told the rounds recorded, so ours is
        # asked the same question -- the round re-paired knowing that number, since C.04.3
        # 1.7 / A.7 gives the last round its topscorers -- instead of the recorded round,
        # which was paired without it.
        ours = engine.pair(
            replace(tournament_before(tournament, round_number), total_rounds=total),
            explain=False,
        )
        recorded_boards = {(b.white, b.black) for b in ours.boards}
        recorded_byes = {b.player for b in ours.byes if b.player not in entered}
    else:
        boards, byes = round_boards(tournament, round_number)
        recorded_boards = {(b.white, b.black) for b in boards}
        recorded_byes = {b.player for b in byes if b.player not in entered}
    try:
        theirs = ReferenceEngine(program).pair_text(dumps_trf(before), reference_system(ruleset))
    except SwissPairingError as exc:
        return False, exc.render("en")
    their_boards = {(b.white, b.black) for b in theirs.boards}
    their_byes = set(theirs.byes)
    if their_boards == recorded_boards and their_byes == recorded_byes:
        return True, ""
    parts: list[str] = []
    only_ours = sorted(recorded_boards - their_boards)
    only_theirs = sorted(their_boards - recorded_boards)
    if only_ours or only_theirs:
        parts.append(
            "ours "
            + ", ".join(f"{w} - {b}" for w, b in only_ours[:4])
            + "; reference "
            + ", ".join(f"{w} - {b}" for w, b in only_theirs[:4])
        )
    if their_byes != recorded_byes:
        parts.append(
            "bye ours "
            + (", ".join(map(str, sorted(recorded_byes))) or "-")
            + ", reference "
            + (", ".join(map(str, sorted(their_byes))) or "-")
        )
    return False, "; ".join(parts)
