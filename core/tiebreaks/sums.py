"""Sums over the opponents: the Buchholz family (TB 1–3, C.07 art. 8), Sonneborn-Berger (TB 4,
C.07 9.1), Koya (C.07 9.2) and the progressive score (TB 5, C.07 7.5)."""

from __future__ import annotations

from dataclasses import replace

from swisspairing.model import PLAYED_CODES, PointSystem, Tournament

from .policy import ART16_POLICIES, _policy_name
from .records import _EPS, _FRACTION, _table
from .unplayed import _adjusted_scores, _cut, _entries


def buchholz(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    cut_lowest: int = 0,
    cut_highest: int = 0,
    unplayed: str = "played-only",
) -> dict[int, float]:
    """TB 1–3: sum of the scores of the opponents met up to ``after_round``, leaving out the
    ``cut_lowest`` lowest and ``cut_highest`` highest of them (cut-1 = truncated Solkoff,
    RDF 5.4.10.6.2; cut 1 + highest 1 = median Buchholz; no cut = current Buchholz, RDF
    5.4.10.7.6, when computed before a round).

    ``unplayed`` picks how unplayed games count (:data:`UNPLAYED_POLICIES`); the default
    counts played games only (AMB-R10: for pairing order only played opponents count).
    """
    unplayed = _policy_name(unplayed)
    tb = _table(tournament, point_system, after_round)
    out: dict[int, float] = {}
    if unplayed in {"played-only", "draw"}:
        # fast path: only played opponents
        adjusted = _adjusted_scores(tb, unplayed)
        for n in tb.numbers:
            opps = tb.opp[n]
            vals = sorted([adjusted[opps[r]] for r in tb.played[n]])  # type: ignore[index]
            end = len(vals) - cut_highest
            out[n] = float(sum(vals[cut_lowest:end])) if end > cut_lowest else 0.0
        return out
    vur_first = unplayed in ART16_POLICIES
    entries = _entries(tb, unplayed)
    for n in tb.numbers:
        if vur_first:
            out[n] = _cut([(e[0], e[2]) for e in entries[n]], cut_lowest, cut_highest, True)
        else:
            vals = sorted([e[0] for e in entries[n]])
            end = len(vals) - cut_highest
            out[n] = float(sum(vals[cut_lowest:end])) if end > cut_lowest else 0.0
    return out


def extended_buchholz(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    unplayed: str = "played-only",
) -> dict[int, float]:
    """Extended Buchholz (seed 004 d, glossary 63): the sum of the Buchholz of the opponents
    met over the board."""
    tb = _table(tournament, point_system, after_round)
    bh = buchholz(tournament, point_system, after_round, unplayed=unplayed)
    return {
        n: float(sum((bh[tb.opp[n][r]] for r in tb.played[n]), 0.0))  # type: ignore[index]
        for n in tb.numbers
    }


def sonneborn_berger(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    cut_lowest: int = 0,
    unplayed: str = "played-only",
) -> dict[int, float]:
    """TB 4: the sum over opponents of the player's result (1, ½, 0) times the opponent's
    score.  A forfeit loss gives nothing (2009 note).  With ``cut_lowest`` the terms of the
    lowest-scoring opponents are left out, ties → the lowest product (SB-C1, C.07 2024-08);
    under ``fide2023`` the lowest voluntary unplayed term is cut instead when it is higher
    than that (art. 16.5)."""
    unplayed = _policy_name(unplayed)
    tb = _table(tournament, point_system, after_round)
    out: dict[int, float] = {}
    if not cut_lowest and unplayed in ("played-only", "draw"):
        # fast path: played games only
        adjusted = _adjusted_scores(tb, unplayed)
        fraction_of = _FRACTION.get
        for n in tb.numbers:
            opps, codes = tb.opp[n], tb.code[n]
            out[n] = float(
                sum(
                    [fraction_of(codes[r], 0.0) * adjusted[opps[r]] for r in tb.played[n]],  # type: ignore[index]
                    0.0,
                )
            )
        return out
    all_entries = _entries(tb, unplayed)
    for n in tb.numbers:
        entries = all_entries[n]
        if not cut_lowest:
            out[n] = float(sum([e[0] * e[1] for e in entries]))
            continue
        entries = sorted(entries, key=lambda e: (e[0], e[0] * e[1]))
        for _ in range(cut_lowest):
            if not entries:
                break
            idx = 0
            if unplayed in ART16_POLICIES:
                vur = [i for i, e in enumerate(entries) if e[2]]
                if vur:
                    v = min(vur, key=lambda i: entries[i][0] * entries[i][1])
                    if entries[v][0] * entries[v][1] >= entries[0][0] * entries[0][1]:
                        idx = v
            del entries[idx]
        out[n] = float(sum([e[0] * e[1] for e in entries]))
    return out


def progressive_score(
    tournament: Tournament, point_system: PointSystem, after_round: int, *, cut_first: int = 0
) -> dict[int, float]:
    """TB 5: the sum of the running scores after each round; ``cut_first`` leaves out the
    first rounds' terms."""
    tb = _table(tournament, point_system, after_round)
    return {n: float(sum(tb.running[n][1 + cut_first :])) for n in tb.numbers}


def _fore_tournament(tournament: Tournament, after_round: int) -> Tournament:
    """C.07 8.3: the tournament as if every game paired for round ``after_round`` had ended
    in a draw — games played, pending and forfeited alike (Fore Buchholz is computed when
    the pairing is published, before any result is known [reading]); byes keep their
    points."""
    if after_round < 1:
        return tournament
    r = after_round - 1
    players = []
    for p in tournament.players:
        if len(p.rounds) > r and p.rounds[r].opponent is not None:
            rounds = list(p.rounds)
            rounds[r] = replace(rounds[r], result="=")
            players.append(replace(p, rounds=tuple(rounds)))
        else:
            players.append(p)
    return replace(tournament, players=tuple(players))


def fore_buchholz(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    cut_lowest: int = 0,
    cut_highest: int = 0,
    unplayed: str = "played-only",
) -> dict[int, float]:
    """C.07 8.3 (FB): the Buchholz computed as if all the games paired for the last round
    counted (``after_round``) had ended in draws; with the Cut/Median modifiers of art. 14
    and the unplayed-round rules of art. 16 as for the Buchholz."""
    return buchholz(
        _fore_tournament(tournament, after_round),
        point_system,
        after_round,
        cut_lowest=cut_lowest,
        cut_highest=cut_highest,
        unplayed=unplayed,
    )


def average_of_opponents_buchholz(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    unplayed: str = "played-only",
) -> dict[int, float]:
    """C.07 8.2 (AOB): the average of the Buchholz of the opponents played over the board
    (their Buchholz under the same unplayed-round policy); no such opponent → 0."""
    tb = _table(tournament, point_system, after_round)
    bh = buchholz(tournament, point_system, after_round, unplayed=unplayed)
    out: dict[int, float] = {}
    for n in tb.numbers:
        values = [bh[tb.opp[n][r]] for r in tb.played[n]]  # type: ignore[index]
        out[n] = float(sum(values) / len(values)) if values else 0.0
    return out


def koya(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    limit: int = 0,
) -> dict[int, float]:
    """C.07 9.2 (KS, for round robins): the points scored against all the participants who
    scored at least 50 % of the maximum possible score (a win in every round counted);
    ``limit`` moves that threshold by half a win per step (modifier 14.5: ``KS/L+1``,
    ``KS/L-1``).  Games decided by forfeit count as played (C.07 15.2: in a round robin a
    forfeit is a game)."""
    tb = _table(tournament, point_system, after_round)
    threshold = point_system.win * (tb.after / 2 + limit / 2)
    strong = {n for n in tb.numbers if tb.score[n] >= threshold - _EPS}
    out: dict[int, float] = {}
    for n in tb.numbers:
        opps, codes, pts = tb.opp[n], tb.code[n], tb.pts[n]
        out[n] = float(
            sum(
                pts[r]
                for r in range(tb.after)
                if opps[r] in strong and (codes[r] in PLAYED_CODES or codes[r] in "+-")
            )
        )
    return out
