"""Every player's record up to a round, read once per tournament and round (the table all
tiebreaks compute from)."""

from __future__ import annotations

from dataclasses import replace
from itertools import accumulate

from swisspairing.model import BLACK, PLAYED_CODES, PointSystem, Tournament

_EPS = 1e-9
"""Tolerance of score comparisons."""


_FRACTION = {"1": 1.0, "W": 1.0, "+": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}
"""The player's result as a fraction of a win (``res`` of TB 4), by result code."""
_VOLUNTARY = frozenset("HZ -")
"""Voluntary unplayed rounds (C.07 2023, art. 16): requested half/zero-point byes, absences,
rounds after withdrawal, forfeit losses."""


class _Table:
    """Every player's rounds up to ``after`` in flat form: opponent, code, points, running
    score; plus caches of derived values per unplayed-game policy."""

    __slots__ = (
        "adjusted",
        "after",
        "black",
        "code",
        "entries",
        "numbers",
        "opp",
        "played",
        "ps",
        "pts",
        "rating",
        "running",
        "score",
        "unplayed",
        "withdrawn",
    )

    def __init__(self, t: Tournament, ps: PointSystem, after: int) -> None:
        self.after = after
        self.ps = ps
        self.numbers = [p.number for p in t.players]
        self.opp: dict[int, list[int | None]] = {}
        self.code: dict[int, list[str]] = {}
        self.pts: dict[int, list[float]] = {}
        self.running: dict[int, list[float]] = {}
        self.score: dict[int, float] = {}
        self.rating: dict[int, int] = {}
        self.withdrawn: dict[int, int | None] = {}
        self.played: dict[int, list[int]] = {}
        """Round indices (0-based) of games played over the board."""
        self.unplayed: dict[int, list[int]] = {}
        """Round indices without a game (byes, forfeits, absences), pending games excluded."""
        self.black: dict[int, list[int]] = {}
        """Round indices of games played over the board with Black."""
        self.adjusted: dict[str, dict[int, float]] = {}
        self.entries: dict[str, dict[int, list[tuple[float, float, bool]]]] = {}
        known = set(self.numbers)
        zero_bye = ps.zero_point_bye
        value = {
            "1": ps.win,
            "W": ps.win,
            "=": ps.draw,
            "D": ps.draw,
            "0": ps.loss,
            "L": ps.loss,
            "+": ps.forfeit_win,
            "-": ps.forfeit_loss,
            "U": ps.pairing_allocated_bye,
            "F": ps.full_point_bye,
            "H": ps.half_point_bye,
            "Z": ps.zero_point_bye,
            " ": zero_bye,
        }
        played_codes = PLAYED_CODES
        black_colour = BLACK
        for p in t.players:
            n = p.number
            recs = p.rounds[:after]
            opps: list[int | None] = [rec.opponent for rec in recs]
            codes: list[str] = [rec.result for rec in recs]
            if not known.issuperset([o for o in opps if o is not None]):
                opps = [o if o in known else None for o in opps]
            pts: list[float] = [value[c] for c in codes]
            played = [r for r, c in enumerate(codes) if c in played_codes and opps[r] is not None]
            if len(played) == len(codes):
                unplayed: list[int] = []
            else:
                unplayed = []
                for r, c in enumerate(codes):
                    if opps[r] is None or c not in played_codes:
                        if c == " " and opps[r] is not None:
                            pts[r] = 0.0  # pending game: neither played nor unplayed
                        else:
                            unplayed.append(r)
            black = [r for r in played if recs[r].colour is black_colour]
            for r in range(len(codes), after):  # no record: absent (TRF16: blank = Z)
                opps.append(None)
                codes.append("Z")
                pts.append(zero_bye)
                unplayed.append(r)
            running = [0.0, *accumulate(pts)]
            total = running[-1]
            self.opp[n] = opps
            self.code[n] = codes
            self.pts[n] = pts
            self.running[n] = running
            self.score[n] = total
            self.rating[n] = p.rating
            self.withdrawn[n] = p.withdrawn_from
            self.played[n] = played
            self.unplayed[n] = unplayed
            self.black[n] = black


_CACHE: list[tuple[Tournament, PointSystem, int, _Table]] = []


def _table(t: Tournament, ps: PointSystem, after: int) -> _Table:
    for entry in _CACHE:
        if entry[0] is t and entry[2] == after and entry[1] == ps:
            return entry[3]
    table = _Table(t, ps, after)
    _CACHE.insert(0, (t, ps, after, table))
    del _CACHE[4:]
    return table


def _round_half_up(x: float) -> float:
    """Rounded to the nearest integer, .5 up (C.07 10.1: ARO, APRO, APPO)."""
    return float(int(x + 0.5 + _EPS)) if x >= 0 else -float(int(-x + 0.5 - _EPS))


def forfeits_as_games(t: Tournament) -> Tournament:
    """The tournament with every forfeit between two players turned into a game played with
    that result (``+`` → ``1``, ``-`` → ``0``): the ``/P`` modifier of the FIDE tie-break
    codes (C.07 (2023) 16.6, ``tiebreak_policy.forfeits_as_played``).  The points stay the
    same only when the point system scores a forfeit as a game, which the caller checks."""
    swap = {"+": "1", "-": "0"}
    players = []
    changed = False
    for p in t.players:
        if any(rec.result in swap and rec.opponent is not None for rec in p.rounds):
            changed = True
            p = replace(
                p,
                rounds=tuple(
                    replace(rec, result=swap[rec.result])
                    if rec.result in swap and rec.opponent is not None
                    else rec
                    for rec in p.rounds
                ),
            )
        players.append(p)
    return replace(t, players=tuple(players)) if changed else t
