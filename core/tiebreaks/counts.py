"""Counts of the player's own record (C.07 2023 art. 7: WIN, WON, BPG, BWG, GE)."""

from __future__ import annotations

from swisspairing.model import PointSystem, Tournament

from .records import _table


def count_wins(
    tournament: Tournament, point_system: PointSystem, after_round: int
) -> dict[int, float]:
    """Number of wins (C.07 WIN): rounds in which the player got, with or without playing, as
    many points as a win gives — games won (``1``, ``W``) and the unplayed rounds (``+``,
    ``F``, ``U``, ``H``) by the points they are worth in this point system: a zero-point bye
    of a round robin or a half-point pause is not a win."""
    tb = _table(tournament, point_system, after_round)
    win = point_system.win
    out: dict[int, float] = {}
    for n in tb.numbers:
        codes, pts = tb.code[n], tb.pts[n]
        out[n] = float(
            sum(
                1
                for r, c in enumerate(codes)
                if c in "1W" or (c in "+FUH" and win > 0 and pts[r] >= win - 1e-9)
            )
        )
    return out


def games_won(
    tournament: Tournament, point_system: PointSystem, after_round: int
) -> dict[int, float]:
    """Games won over the board (C.07 WON)."""
    tb = _table(tournament, point_system, after_round)
    return {n: float(sum(1 for r in tb.played[n] if tb.code[n][r] in "1W")) for n in tb.numbers}


def black_games(
    tournament: Tournament, point_system: PointSystem, after_round: int
) -> dict[int, float]:
    """Games played over the board with Black (C.07 BPG); forfeits are not games."""
    tb = _table(tournament, point_system, after_round)
    return {n: float(len(tb.black[n])) for n in tb.numbers}


def black_wins(
    tournament: Tournament, point_system: PointSystem, after_round: int
) -> dict[int, float]:
    """Games won over the board with Black (C.07 BWG)."""
    tb = _table(tournament, point_system, after_round)
    return {n: float(sum(1 for r in tb.black[n] if tb.code[n][r] in "1W")) for n in tb.numbers}


def games_elected(
    tournament: Tournament, point_system: PointSystem, after_round: int
) -> dict[int, float]:
    """C.07 7.6 (GE, games elected to play; REP, rounds one elected to play, from the 2024-08
    text): the number of rounds minus the half-point byes, the zero-point byes (absences and
    the rounds after a withdrawal, C.07 16.1.1) and the forfeit losses."""
    tb = _table(tournament, point_system, after_round)
    out: dict[int, float] = {}
    for n in tb.numbers:
        codes, opps = tb.code[n], tb.opp[n]
        refused = sum(
            1 for r, c in enumerate(codes) if c in "-HZ" or (opps[r] is None and c == " ")
        )
        out[n] = float(tb.after - refused)
    return out


def standard_points(
    tournament: Tournament, point_system: PointSystem, after_round: int
) -> dict[int, float]:
    """C.07 7.7 STD (2026 text): 1 for every round in which the player scored more than his
    scheduled opponent, or got more than a draw's points without playing; ½ for every round in
    which he scored as much as his scheduled opponent, or got exactly a draw's points without
    playing; 0 otherwise — the score in wins and draws whatever the point system (3/1/0).
    A forfeit is a round without playing (a forfeit win more than a draw, a double forfeit
    nothing); a game without result yet counts nothing."""
    tb = _table(tournament, point_system, after_round)
    draw = point_system.draw
    out: dict[int, float] = {}
    for n in tb.numbers:
        total = 0.0
        opps, codes, pts = tb.opp[n], tb.code[n], tb.pts[n]
        played = set(tb.played[n])
        for r in range(tb.after):
            o = opps[r]
            if o is not None and codes[r] == " ":
                continue
            if r in played:
                mine, theirs = pts[r], tb.pts[o][r]  # type: ignore[index]
            else:  # without playing (a forfeit, a bye): against a draw's points
                mine, theirs = pts[r], draw
            if mine > theirs + 1e-9:
                total += 1.0
            elif abs(mine - theirs) <= 1e-9:
                total += 0.5
        out[n] = total
    return out


def pairing_number(
    tournament: Tournament,
    point_system: PointSystem,  # noqa: ARG001 - every value tie-break's signature (compute)
    after_round: int,  # noqa: ARG001
) -> dict[int, float]:
    """C.07 7.8 TPN (2026 text): the final tournament pairing number (the start number),
    *lower first*."""
    return {p.number: float(p.number) for p in tournament.players}
