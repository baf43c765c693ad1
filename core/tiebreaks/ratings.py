"""Rating-based tiebreaks (TB 7; C.07 2023 art. 10): average rating of opponents with its Cut
and Median modifiers (ARO, AROC), tournament performance rating (TPR), perfect tournament
performance (PTP), and the averages of the opponents' TPR and PTP (APRO, APPO).

The two conversion tables of the FIDE Rating Regulations (B.02, 8.1.1 and 8.1.2, the tables
C.07 10.2 and 10.3 refer to) are kept here as printed.  Only games played over the board
count (C.07 10.1; forfeits and byes are not games).  Unrated opponents (rating 0) are left out
of every rating tiebreak unless the ruleset's ``tiebreak_policy.aro_unrated`` is ``zero``
(C.07 10: the regulations publish how unrated players count) — their games then count neither
in the average rating nor in the fractional score of TPR and PTP [reading].
"""

from __future__ import annotations

from bisect import bisect_left

from swisspairing.model import PointSystem, Tournament

from .records import _EPS, _round_half_up, _Table, _table

__all__ = [
    "DP_TABLE",
    "PD_UPPER_BOUNDS",
    "appo",
    "apro",
    "average_rating_of_opponents",
    "perfect_tournament_performance",
    "rating_difference",
    "scoring_probability",
    "tournament_performance_rating",
]

#: FIDE B.02 8.1.1: fractional score ``p`` (in hundredths, 50–100) → rating difference ``dp``;
#: a score under 50 % is the negative of its complement (``dp(0.30) = −dp(0.70)``), and
#: ``p = 1.0`` (0) is given the notional 800 (−800).
_DP_VALUES = (
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284, 273,
    262, 251, 240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125, 117, 110,
    102, 95, 87, 80, 72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0,
)  # fmt: skip
DP_TABLE: dict[int, int] = dict(zip(range(100, 49, -1), _DP_VALUES, strict=True))

#: FIDE B.02 8.1.2: the highest rating difference ``D`` with the scoring probability
#: ``PD = 0.50, 0.51, …, 0.99`` of the higher-rated player (0–3 → .50, 4–10 → .51, …,
#: 620–735 → .99); above 735, PD = 1.00.  The lower-rated player's PD is ``1 − PD``.
PD_UPPER_BOUNDS: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153,
    162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
    357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip


def rating_difference(p: float) -> int:
    """B.02 8.1.1: ``dp`` of a fractional score ``p`` (0–1), ``p`` rounded to hundredths
    (.005 up) as the table is printed [reading: C.07 10.2 names the table, not the rounding]."""
    hundredths = int(p * 100 + 0.5 + _EPS)
    hundredths = min(max(hundredths, 0), 100)
    if hundredths >= 50:
        return DP_TABLE[hundredths]
    return -DP_TABLE[100 - hundredths]


def _pd_hundredths() -> tuple[int, ...]:
    """PD of the higher-rated player in hundredths for every difference 0–736 (B.02 8.1.2)."""
    return tuple(
        50 + bisect_left(PD_UPPER_BOUNDS, d) if d <= PD_UPPER_BOUNDS[-1] else 100
        for d in range(PD_UPPER_BOUNDS[-1] + 2)
    )


_PD = _pd_hundredths()
_PD_LAST = len(_PD) - 1


def _pd(difference: int) -> int:
    """:func:`scoring_probability` in hundredths (exact integer sums for PTP)."""
    d = difference if difference >= 0 else -difference
    pd = _PD[d] if d < _PD_LAST else 100
    return pd if difference >= 0 else 100 - pd


def scoring_probability(difference: int) -> float:
    """B.02 8.1.2: ``PD`` of a player rated ``difference`` points above his opponent (negative:
    below), on the whole scale (C.07 10.3: no 400-point limit)."""
    return _pd(int(difference)) / 100


def _rated_games(tb: _Table, n: int, unrated: str) -> list[tuple[int, float]]:
    """``(opponent's rating, points scored)`` of each game ``n`` played over the board."""
    opps, pts = tb.opp[n], tb.pts[n]
    out = [(tb.rating[opps[r]], pts[r]) for r in tb.played[n]]  # type: ignore[index]
    if unrated == "exclude":
        out = [g for g in out if g[0] > 0]
    return out


def average_rating_of_opponents(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    cut_lowest: int = 0,
    cut_highest: int = 0,
    unrated: str = "exclude",
) -> dict[int, float]:
    """TB 7, C.07 10.1: the mean rating of the opponents met over the board (forfeits and
    byes are not games), rounded to the nearest integer, .5 up.  ``cut_lowest`` /
    ``cut_highest`` leave out the lowest / highest ratings (C.07 14.1–14.4: ARO-C1 drops the
    lowest rating, ARO-M1 the lowest and the highest).  Unrated opponents (rating 0) are left
    out by default (``unrated="zero"`` counts them as 0).  No opponent left → 0."""
    tb = _table(tournament, point_system, after_round)
    out: dict[int, float] = {}
    for n in tb.numbers:
        ratings = sorted(rating for rating, _ in _rated_games(tb, n, unrated))
        end = len(ratings) - cut_highest
        ratings = ratings[cut_lowest:end] if end > cut_lowest else []
        out[n] = _round_half_up(sum(ratings) / len(ratings)) if ratings else 0.0
    return out


def _tpr(tb: _Table, n: int, unrated: str) -> float | None:
    games = _rated_games(tb, n, unrated)
    if not games:
        return None
    aro = _round_half_up(sum(g[0] for g in games) / len(games))
    win = tb.ps.win or 1.0
    p = sum(g[1] for g in games) / (win * len(games))
    return aro + rating_difference(p)


def _ptp(tb: _Table, n: int, unrated: str) -> float | None:
    games = _rated_games(tb, n, unrated)
    if not games:
        return None
    win = tb.ps.win or 1.0
    # the points scored, in hundredths of a win (PD is printed in hundredths)
    score = int(sum(g[1] for g in games) / win * 100 + 0.5)
    ratings = [g[0] for g in games]
    if score <= 0:
        return float(min(ratings) - 800)  # C.07 10.3: a zero score

    def expected(r: int) -> int:
        return sum(_pd(r - o) for o in ratings)

    # the expected score grows with R: the lowest whole R reaching the score, by bisection
    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:
        mid = (low + high) // 2
        if expected(mid) >= score:
            high = mid
        else:
            low = mid + 1
    return float(low)


def tournament_performance_rating(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    unrated: str = "exclude",
) -> dict[int, float]:
    """C.07 10.2 (TPR): ARO plus the rating difference ``dp`` (B.02 8.1.1) of the fractional
    score, the points of the games played over the board divided by their number (p = 1.0 →
    +800, p = 0 → −800).  No game over the board → 0."""
    tb = _table(tournament, point_system, after_round)
    return {n: _or_zero(_tpr(tb, n, unrated)) for n in tb.numbers}


def perfect_tournament_performance(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    unrated: str = "exclude",
) -> dict[int, float]:
    """C.07 10.3 (PTP): the lowest whole rating R for which the sum of the scoring
    probabilities PD(R − Rᵢ) over the opponents met over the board (B.02 8.1.2 on the whole
    scale) reaches the points scored against them; a zero score → the lowest opponent's
    rating − 800.  No game over the board → 0."""
    tb = _table(tournament, point_system, after_round)
    return {n: _or_zero(_ptp(tb, n, unrated)) for n in tb.numbers}


def _or_zero(value: float | None) -> float:
    return 0.0 if value is None else value


def _average_of_opponents(tb: _Table, values: dict[int, float | None]) -> dict[int, float]:
    out: dict[int, float] = {}
    for n in tb.numbers:
        opps = tb.opp[n]
        found = [values[opps[r]] for r in tb.played[n]]  # type: ignore[index]
        known = [v for v in found if v is not None]
        out[n] = _round_half_up(sum(known) / len(known)) if known else 0.0
    return out


def apro(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    unrated: str = "exclude",
) -> dict[int, float]:
    """C.07 10.4 (APRO): the average of the TPRs of the opponents met over the board,
    rounded to the nearest integer, .5 up; an opponent without a TPR (no rated game) is left
    out [reading]."""
    tb = _table(tournament, point_system, after_round)
    return _average_of_opponents(tb, {n: _tpr(tb, n, unrated) for n in tb.numbers})


def appo(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    unrated: str = "exclude",
) -> dict[int, float]:
    """C.07 10.5 (APPO): the average of the PTPs of the opponents met over the board,
    rounded to the nearest integer, .5 up (opponents without a PTP left out, as in APRO)."""
    tb = _table(tournament, point_system, after_round)
    return _average_of_opponents(tb, {n: _ptp(tb, n, unrated) for n in tb.numbers})


def rating(
    tournament: Tournament,
    point_system: PointSystem,  # noqa: ARG001 - every value tie-break's signature (compute)
    after_round: int,  # noqa: ARG001
) -> dict[int, float]:
    """C.07 10.6 RTNG (2026 text): the player's own rating, higher first (the rating of the
    file: the first rating of the event, as 10 asks when players have more than one)."""
    return {p.number: float(p.rating) for p in tournament.players}
