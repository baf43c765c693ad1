"""How unplayed rounds enter the coefficients (TB 9, TB 10; C.07 2023 art. 16): the policies
of :data:`~swisspairing.tiebreaks.UNPLAYED_POLICIES`, the opponents' adjusted scores and each
player's coefficient terms, and the Cut/Median modifiers with the voluntary-unplayed-round
exception of C.07 16.5."""

from __future__ import annotations

from swisspairing.model import PointSystem, Tournament

from .policy import _DUMMY_POLICIES, _policy_name
from .records import _EPS, _FRACTION, _Table, _table


def virtual_opponent_score(
    score_before: float,
    own_points: float,
    later_rounds: int,
    point_system: PointSystem | None = None,
) -> float:
    """Seed 004 §2.9 a, FIDE 2009 (TB 9 a, AMB-T1): the score of the virtual opponent of a
    player's unplayed round ``R``: ``SPR + (1 − SfPR) + ½·(n − R)``.

    ``score_before`` = SPR, the player's score before round R (the virtual opponent starts
    level with him); ``own_points`` = SfPR, what the player was credited in round R (the
    virtual opponent gets the complementary result: the player's forfeit win is its loss);
    ``later_rounds`` = n − R, rounds played after R (½ point, a draw, for each).
    With another point system the complement is by result (win ↔ loss, draw ↔ draw).
    """
    ps = point_system or PointSystem()
    if own_points >= ps.win - _EPS:
        result = ps.loss
    elif own_points <= ps.loss + _EPS:
        result = ps.win
    elif abs(own_points - ps.draw) < _EPS:
        result = ps.draw
    else:
        result = ps.win + ps.loss - own_points
    return score_before + result + ps.draw * later_rounds


def _rdf_withdrawn_score(tb: _Table, x: int) -> float | None:
    """RDF 5.4.10.11 b (AMB-R8): the score of a withdrawn opponent, completed with the average
    result of the players who were in his score group when he stopped; ``None`` when ``x``
    did not withdraw within the rounds considered."""
    w = tb.withdrawn[x]
    if w is None or w > tb.after:
        return None
    stop = max(w - 1, 0)  # rounds completed before he stopped
    at_stop = tb.running[x][stop]
    mates = [
        g
        for g in tb.numbers
        if g != x
        and abs(tb.running[g][stop] - at_stop) < _EPS
        and (tb.withdrawn[g] is None or tb.withdrawn[g] > w)  # type: ignore[operator]
    ]
    if not mates:
        return at_stop + tb.ps.draw * (tb.after - stop)
    gain = sum(tb.score[g] - tb.running[g][stop] for g in mates) / len(mates)
    return at_stop + gain


def _fide2023_draw_rounds(tb: _Table, x: int) -> list[int]:
    """C.07 2023 art. 16.2.5 / 16.3 (TB 9): round indices of ``x``'s requested byes that are
    followed only by voluntary unplayed rounds or fall in the last round; they count as draws
    when ``x``'s score is used for his opponents."""
    out = []
    codes = tb.code[x]
    opps = tb.opp[x]
    after = tb.after
    voluntary_tail = True  # every round after the current one is a VUR
    for r in range(after - 1, -1, -1):
        c = codes[r]
        unplayed_bye = opps[r] is None and c in "HZ "
        if unplayed_bye and (voluntary_tail or r == after - 1):
            out.append(r)
        is_vur = (opps[r] is None and c in "HZ ") or c == "-"
        voluntary_tail = voluntary_tail and is_vur
    return out


def _zero_bye_run(tb: _Table, x: int) -> list[int]:
    """Burstein-2025 1.7.2 item 3: round indices of ``x``'s series of consecutive zero-point
    byes up to the current round (the run that ends in the last round counted); each counts
    as a draw when ``x``'s score is used for his over-the-board opponents.  Only zero-point
    byes make the series (``Z``, or a blank without an opponent, TRF16): a half-point bye, a
    forfeit or a game in the last round means there is none."""
    out = []
    codes = tb.code[x]
    opps = tb.opp[x]
    for r in range(tb.after - 1, -1, -1):
        if opps[r] is not None or codes[r] not in "Z ":
            break
        out.append(r)
    return out


def _adjusted_scores(tb: _Table, unplayed: str) -> dict[int, float]:
    """Each player's score as it enters *other* players' coefficients under ``unplayed``."""
    if unplayed == "played-only":
        return tb.score
    cached = tb.adjusted.get(unplayed)
    if cached is not None:
        return cached
    out = dict(tb.score)
    if unplayed in ("virtual-opponent", "draw"):
        draw = tb.ps.draw
        for n in tb.numbers:
            rounds = tb.unplayed[n]
            if rounds:
                pts = tb.pts[n]
                out[n] = tb.score[n] + sum(draw - pts[r] for r in rounds)
    elif unplayed == "rdf-manual":
        for n in tb.numbers:
            s = _rdf_withdrawn_score(tb, n)
            if s is not None:
                out[n] = s
    elif unplayed in _DUMMY_POLICIES:
        draw = tb.ps.draw
        draw_rounds = _zero_bye_run if unplayed == "burstein2025" else _fide2023_draw_rounds
        for n in tb.numbers:
            rounds = draw_rounds(tb, n)
            if rounds:
                out[n] = tb.score[n] + sum(draw - tb.pts[n][r] for r in rounds)
    tb.adjusted[unplayed] = out
    return out


def opponent_scores(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    unplayed: str = "played-only",
) -> dict[int, float]:
    """Every player's score as used in his opponents' coefficients after ``after_round``
    (equal to his score unless the policy adjusts unplayed games, TB 9 b, TB 10 b)."""
    tb = _table(tournament, point_system, after_round)
    return dict(_adjusted_scores(tb, _policy_name(unplayed)))


def _entries(tb: _Table, unplayed: str) -> dict[int, list[tuple[float, float, bool]]]:
    """Every player's coefficient terms, cached per policy: one ``(opponent's score, the
    player's result as a fraction of a win, voluntary unplayed round)`` tuple per opponent,
    real or (under the policy) virtual."""
    cached = tb.entries.get(unplayed)
    if cached is not None:
        return cached
    adjusted = _adjusted_scores(tb, unplayed)
    lowest = min(tb.score.values()) if unplayed == "rdf-manual" and tb.score else None
    fraction_of = _FRACTION.get
    draw_cap = tb.ps.draw * tb.after
    result: dict[int, list[tuple[float, float, bool]]] = {}
    for n in tb.numbers:
        opps = tb.opp[n]
        codes = tb.code[n]
        out = [(adjusted[opps[r]], fraction_of(codes[r], 0.0), False) for r in tb.played[n]]  # type: ignore[index]
        if unplayed not in ("played-only", "draw"):
            pts = tb.pts[n]
            win = tb.ps.win
            for r in tb.unplayed[n]:
                c = codes[r]
                # an unplayed round counts by what it was worth (a round robin's bye: 0)
                fraction = pts[r] / win if win > 0 else fraction_of(c, 0.0)
                if unplayed == "virtual-opponent":
                    out.append(
                        (
                            virtual_opponent_score(
                                tb.running[n][r], pts[r], tb.after - r - 1, tb.ps
                            ),
                            fraction,
                            False,
                        )
                    )
                elif unplayed == "rdf-manual":
                    if (c == "U" or (c == "+" and opps[r] is None)) and lowest is not None:
                        out.append((lowest, 1.0, False))
                elif unplayed in _DUMMY_POLICIES:
                    # C.07 16.4 (Burstein-2025 1.7.2: a game against oneself): a game
                    # against a dummy with the player's own score ...
                    dummy = tb.score[n]
                    if unplayed == "fide2026":
                        # ... capped (C.07 2026 16.4.1/16.4.2): a forfeit at the scheduled
                        # opponent's adjusted score, any other unplayed round at draw
                        # points times the rounds counted
                        o = opps[r]
                        cap = adjusted[o] if o is not None and c in "+-" else draw_cap
                        dummy = min(dummy, cap)
                    voluntary = (opps[r] is None and c in "HZ ") or c == "-"
                    out.append((dummy, fraction, voluntary))
        result[n] = out
    tb.entries[unplayed] = result
    return result


def _cut(
    values: list[tuple[float, bool]], cut_lowest: int, cut_highest: int, vur_first: bool
) -> float:
    """Sum of ``(value, voluntary)`` after the Cut/Median modifiers (TB 2, TB 3); with
    ``vur_first`` the lowest voluntary unplayed contribution is cut first (C.07 16.5)."""
    vals = sorted(values, key=lambda e: e[0])
    for _ in range(cut_lowest):
        if not vals:
            break
        idx = 0
        if vur_first:
            vur = [i for i, e in enumerate(vals) if e[1]]
            if vur:
                idx = vur[0]
        del vals[idx]
    if cut_highest:
        vals = vals[: max(len(vals) - cut_highest, 0)]
    return float(sum(e[0] for e in vals))
