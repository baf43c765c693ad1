"""Tiebreaks: one implementation, shared by standings and by systems that order by coefficients.

A *value* tiebreak maps every player (or team) to a number, higher is better.  A *split*
tiebreak orders a group of tied players among themselves (direct encounter, lot).  The core
registers its tiebreaks through ``swiss_tiebreaks``; a plugin adds its own the same way and a
ruleset picks the ids and their order (``tiebreaks: [points, direct-encounter-first, aro, lot]``).

Rule texts (``spec/tiebreaks.md``, cited ``TB n``):

- TB 1 Buchholz, TB 2 cut-1/cut-2 (cut-1 = the truncated Solkoff coefficient of RDF
  5.4.10.6.2), TB 3 median, current Buchholz (RDF 5.4.10.7.6), extended Buchholz (seed 004 d);
- TB 4 Sonneborn-Berger, TB 5 progressive score, TB 6 direct encounter, TB 7 average rating of
  opponents, TB 8 Dutch-1992 F10 (points; direct encounter for first place only; ARO; lot);
- number of wins, games won, games with Black, wins with Black (FIDE C.07 WIN/WON/BPG/BWG);
- TB 11 team events: match points, game points, team Buchholz and the (Olympiad)
  Sonneborn-Berger for teams.

Variants are separate ids (``buchholz-cut1``, ``buchholz-median``, …).  How unplayed games enter
the coefficients is one policy per ruleset (``tiebreak_policy.unplayed``, see
:data:`UNPLAYED_POLICIES`):

``played-only``
    only games played over the board count (default; AMB-R10).
``virtual-opponent``
    seed 004 §2.9 / FIDE 2009: each own unplayed round is a game against a virtual opponent
    of ``SPR + (1 − SfPR) + ½·(n − R)`` (:func:`virtual_opponent_score`, AMB-T1), and every
    unplayed result of an opponent counts as a draw in his score (§2.9 b).
``draw``
    only §2.9 b: opponents' unplayed results count as draws; own unplayed rounds add nothing.
``rdf-manual``
    RDF 5.4.10.11 (manual draw, AMB-R9): a plus for the odd number counts as an opponent with
    the lowest score anybody made (a); a withdrawn opponent's remaining games are scored at the
    average of his score group at the moment he stopped (b, AMB-R8).
``fide2023``
    FIDE C.07 from 2023 (TB 9, without the 2026 caps): an own unplayed round is a game against
    a dummy with the player's own score; an opponent's requested byes that are followed only by
    voluntary unplayed rounds (or fall in the last round, e.g. withdrawal) count as draws; the
    cut modifiers remove voluntary unplayed rounds first (art. 16.5).

Team tiebreaks read a :data:`TeamResults` mapping (team number → one :class:`TeamRound` per
round), so they do not depend on how a team event is stored.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from .hookspecs import hookimpl
from .i18n import N_
from .model import BLACK, PLAYED_CODES, PointSystem, Tournament

__all__ = [
    "CORE_TIEBREAKS",
    "DEFAULT_POLICY",
    "DIRECT_ENCOUNTER_MODES",
    "PRIMARY_SCORES",
    "UNPLAYED_POLICIES",
    "TeamResults",
    "TeamRound",
    "Tiebreak",
    "TiebreakPolicy",
    "average_rating_of_opponents",
    "black_games",
    "black_wins",
    "buchholz",
    "compute",
    "count_wins",
    "direct_encounter",
    "extended_buchholz",
    "games_won",
    "lot_order",
    "opponent_scores",
    "progressive_score",
    "sonneborn_berger",
    "team_buchholz",
    "team_direct_encounter",
    "team_game_points",
    "team_match_points",
    "team_sonneborn_berger",
    "virtual_opponent_score",
]

Scores = Mapping[int, float]

#: How unplayed games enter Buchholz-type coefficients (module docstring).
UNPLAYED_POLICIES = ("played-only", "virtual-opponent", "draw", "rdf-manual", "fide2023")
#: ``all-met``: direct encounter applies only when every tied player met every other one
#: (pre-2023 practice, seed rules); ``fide2023``: C.07 art. 6.2 and the Swiss rule 6.3.
DIRECT_ENCOUNTER_MODES = ("all-met", "fide2023")

_EPS = 1e-9

#: Other spellings accepted for a policy (the ru-draughts plugin says ``rdf-manual-draw``).
_POLICY_ALIASES = {
    "rdf-manual-draw": "rdf-manual",
    "virtual": "virtual-opponent",
    "fide2009": "virtual-opponent",
}


@dataclass(frozen=True, slots=True)
class TiebreakPolicy:
    """The settings that apply to every tiebreak of a ruleset (``tiebreak_policy``)."""

    unplayed: str = "played-only"
    """How unplayed games count: one of :data:`UNPLAYED_POLICIES`."""
    direct_encounter: str = "all-met"
    """When direct encounter separates tied players: one of :data:`DIRECT_ENCOUNTER_MODES`."""
    direct_encounter_forfeits: bool = False
    """Whether forfeited games between tied players count in the direct encounter (C.07 6.1.1)."""
    aro_unrated: str = "exclude"
    """``exclude`` unrated opponents (rating 0) from the average rating, or count them as
    ``zero``."""
    seed: int | None = None
    """Seed of the lot that decides complete ties (``None``: derived from the tournament)."""

    def __post_init__(self) -> None:
        if self.unplayed in _POLICY_ALIASES:
            object.__setattr__(self, "unplayed", _POLICY_ALIASES[self.unplayed])
        if self.unplayed not in UNPLAYED_POLICIES:
            raise ValueError(
                f"unknown unplayed-game policy {self.unplayed!r} (known: "
                f"{', '.join(UNPLAYED_POLICIES)})"
            )
        if self.direct_encounter not in DIRECT_ENCOUNTER_MODES:
            raise ValueError(f"unknown direct-encounter mode {self.direct_encounter!r}")
        if self.aro_unrated not in ("exclude", "zero"):
            raise ValueError(f"unknown aro_unrated setting {self.aro_unrated!r}")

    @classmethod
    def from_mapping(
        cls, values: Mapping[str, Any] | None, *, seed: int | None = None
    ) -> TiebreakPolicy:
        """From a ruleset's ``tiebreak_policy`` mapping (keys as the field names)."""
        values = dict(values or {})
        if seed is not None:
            values["seed"] = seed
        return cls(**values)

    @classmethod
    def from_ruleset(cls, ruleset: Any, *, seed: int | None = None) -> TiebreakPolicy:
        """The policy of a :class:`~swisspairing.ruleset.Ruleset` (empty when it sets none)."""
        return cls.from_mapping(getattr(ruleset, "tiebreak_policy", None), seed=seed)


DEFAULT_POLICY = TiebreakPolicy()


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One round of a team: the match it played (or its bye)."""

    opponent: int | None
    """Team number of the opponent; ``None`` for a bye or a round without a match."""
    match_points: float
    """Match points the team scored in the round."""
    game_points: float
    """Game (board) points the team scored in the round."""
    played: bool = True
    """Whether the match was played over the boards (``False`` for a bye or a forfeited match)."""


#: Team number → one entry per round (round 1 first); ``None`` = nothing recorded.
TeamResults = Mapping[int, Sequence["TeamRound | None"]]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A tiebreak: an id, its display names and how to compute it.

    ``function`` gives per-player values (higher is better).  Its signature is
    ``(tournament, point_system, after_round) -> {number: value}``; with ``takes_policy`` it
    also accepts ``policy=`` (a :class:`TiebreakPolicy`).  A team tiebreak (``team``) takes
    ``(team_results, policy)`` instead.  A split tiebreak has ``split`` instead of a function:
    ``split(tournament, point_system, after_round, group, policy, position) ->
    (ordered subgroups, display values)`` orders a group of tied players that starts at
    ``position`` (0 = first place) of the standings.
    """

    id: str
    """Identifier used in rulesets (``buchholz``)."""
    name: str
    """Catalogue msgid of the display name."""
    function: Callable[..., dict[int, float]] | None
    """Per-player values, see above; ``None`` for a split tiebreak."""
    short: str = ""
    """Catalogue msgid of the column heading (``BH``); the name when empty."""
    rule: str = ""
    """The rule text it implements (``TB 1``, ``Dutch-1992 F10``)."""
    takes_policy: bool = False
    """``function`` accepts ``policy=``."""
    split: Callable[..., tuple[list[list[int]], dict[int, float]]] | None = None
    """Orders a tied group (direct encounter, lot); see above."""
    team: bool = False
    """A team tiebreak (values per team number, from :data:`TeamResults`)."""
    unplayed: bool = False
    """The values depend on the unplayed-game policy (Buchholz and Sonneborn-Berger types)."""

    @property
    def heading(self) -> str:
        """Msgid of the column heading."""
        return self.short or self.name

    def __repr__(self) -> str:
        return (
            f"CORE_TIEBREAKS[{self.id!r}]"
            if CORE_TIEBREAKS.get(self.id) is self
            else f"Tiebreak(id={self.id!r}, name={self.name!r})"
        )


# ---------------------------------------------------------------------- the records, once
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


def _policy_name(unplayed: str) -> str:
    unplayed = _POLICY_ALIASES.get(unplayed, unplayed)
    if unplayed not in UNPLAYED_POLICIES:
        raise ValueError(
            f"unknown unplayed-game policy {unplayed!r} (known: {', '.join(UNPLAYED_POLICIES)})"
        )
    return unplayed


# ---------------------------------------------------------------------- unplayed games
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
    elif unplayed == "fide2023":
        draw = tb.ps.draw
        for n in tb.numbers:
            rounds = _fide2023_draw_rounds(tb, n)
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
                elif unplayed == "fide2023":
                    voluntary = (opps[r] is None and c in "HZ ") or c == "-"
                    out.append((tb.score[n], fraction, voluntary))
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


# ---------------------------------------------------------------------- Buchholz family
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
    vur_first = unplayed == "fide2023"
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
    return {n: float(sum(bh[tb.opp[n][r]] for r in tb.played[n])) for n in tb.numbers}  # type: ignore[index]


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
                sum([fraction_of(codes[r], 0.0) * adjusted[opps[r]] for r in tb.played[n]])
            )  # type: ignore[index]
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
            if unplayed == "fide2023":
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


def _round_half_up(x: float) -> float:
    return float(int(x + 0.5 + _EPS)) if x >= 0 else -float(int(-x + 0.5 - _EPS))


def average_rating_of_opponents(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    *,
    cut_lowest: int = 0,
    unrated: str = "exclude",
) -> dict[int, float]:
    """TB 7: the mean rating of the opponents met over the board (forfeits and byes are not
    games, C.07 10.1 [reading]), rounded to the nearest integer, .5 up.  ``cut_lowest``
    leaves out the lowest-rated opponents (ARO-C1).  Unrated opponents (rating 0) are left
    out by default (``unrated="zero"`` counts them as 0).  No opponent → 0."""
    tb = _table(tournament, point_system, after_round)
    out: dict[int, float] = {}
    for n in tb.numbers:
        opps = tb.opp[n]
        ratings = sorted(tb.rating[opps[r]] for r in tb.played[n])  # type: ignore[index]
        if unrated == "exclude":
            ratings = [x for x in ratings if x > 0]
        ratings = ratings[cut_lowest:]
        out[n] = _round_half_up(sum(ratings) / len(ratings)) if ratings else 0.0
    return out


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


# ---------------------------------------------------------------------- split tiebreaks
def _mutual_points(
    tb: _Table, group: Sequence[int], forfeits: bool
) -> tuple[dict[int, float], dict[int, set[int]]]:
    """Points each member scored against the others (repeated games averaged, C.07 6.1.2)
    and whom each member met."""
    members = set(group)
    games: dict[tuple[int, int], list[float]] = {}
    for x in group:
        opps, codes, pts = tb.opp[x], tb.code[x], tb.pts[x]
        for r in range(tb.after):
            o = opps[r]
            if o is None or o not in members:
                continue
            c = codes[r]
            if c in PLAYED_CODES or (forfeits and c in "+-"):
                games.setdefault((x, o), []).append(pts[r])
    points = {x: 0.0 for x in group}
    met: dict[int, set[int]] = {x: set() for x in group}
    for (x, o), vals in games.items():
        points[x] += sum(vals) / len(vals)
        met[x].add(o)
        met[o].add(x)
    return points, met


def direct_encounter(
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int,
    group: Sequence[int],
    *,
    mode: str = "all-met",
    forfeits: bool = False,
) -> tuple[list[list[int]], dict[int, float]]:
    """TB 6: order a group of tied players by the points they scored against one another.

    ``all-met`` (seed rules, pre-2023): applies only when every member met every other one;
    otherwise the group stays tied.  ``fide2023`` (C.07 art. 6): 6.2 when all met, the sums
    rank them and sub-ties are resolved by applying art. 6 to the sub-group; 6.3 otherwise a
    member who is alone on top *whatever the results of the missing games* (each missing game
    a free win, draw or loss) is ranked first, then the same for the rest.  Forfeits count
    only with ``forfeits`` (6.1.1).  Returns the ordered subgroups (members of one subgroup
    stay tied) and each member's points against the group.
    """
    tb = _table(tournament, point_system, after_round)
    if mode != "fide2023" and len(group) - 1 > tb.after:
        # nobody can have met more opponents than rounds were played: no separation possible
        return [list(group)], {}
    first = _mutual_points(tb, group, forfeits)
    points = first[0]

    def order(members: list[int]) -> list[list[int]]:
        if len(members) < 2:
            return [members]
        pts, met = first if len(members) == len(group) else _mutual_points(tb, members, forfeits)
        all_met = all(len(met[x]) == len(members) - 1 for x in members)
        if all_met:
            groups = _split_by({x: pts[x] for x in members}, members)
            if len(groups) == 1 or mode != "fide2023":
                return groups
            out: list[list[int]] = []
            for g in groups:
                out.extend(order(g) if len(g) > 1 else [g])
            return out
        if mode != "fide2023":
            return [members]
        win = point_system.win
        missing = {x: len(members) - 1 - len(met[x]) for x in members}
        for x in sorted(members, key=lambda m: -pts[m]):
            worst_x = pts[x]  # x loses every missing game
            if all(worst_x > pts[y] + win * missing[y] + _EPS for y in members if y != x):
                rest = [m for m in members if m != x]
                return [[x], *order(rest)]
        return [members]

    return order(list(group)), points


def _split_by(values: Mapping[int, float], members: Sequence[int]) -> list[list[int]]:
    """Members ordered by value (descending) and cut where the value changes."""
    ordered = sorted(members, key=lambda m: -values[m])
    groups: list[list[int]] = []
    last: float | None = None
    for m in ordered:
        v = values[m]
        if last is None or abs(v - last) > _EPS:
            groups.append([m])
        else:
            groups[-1].append(m)
        last = v
    return groups


def lot_order(numbers: Sequence[int], seed: int) -> dict[int, float]:
    """Dutch-1992 F10 (4): the drawing of lots, reproducible from ``seed``: one random key per
    player, drawn in start-number order (higher key = better), so a lot never depends on
    which players happen to be tied."""
    rng = random.Random(seed)
    return {n: rng.random() for n in sorted(numbers)}


# ---------------------------------------------------------------------- team tiebreaks
def team_match_points(results: TeamResults) -> dict[int, float]:
    """TB 11: match points of each team."""
    return {
        t: float(sum(r.match_points for r in rounds if r is not None))
        for t, rounds in results.items()
    }


def team_game_points(results: TeamResults) -> dict[int, float]:
    """TB 11: game (board) points of each team."""
    return {
        t: float(sum(r.game_points for r in rounds if r is not None))
        for t, rounds in results.items()
    }


def team_buchholz(results: TeamResults, *, cut_lowest: int = 0) -> dict[int, float]:
    """Team Buchholz: the sum of the match points of the teams met (Olympiad tie-break (c):
    "the sum of the match points of all the team's opponents, excluding the lowest one" with
    ``cut_lowest=1``).  Byes and forfeited matches add nothing."""
    mp = team_match_points(results)
    out = {}
    for t, rounds in results.items():
        vals = sorted(
            mp.get(r.opponent, 0.0)
            for r in rounds
            if r is not None and r.played and r.opponent is not None
        )
        out[t] = float(sum(vals[cut_lowest:]))
    return out


def team_sonneborn_berger(results: TeamResults, *, cut_lowest: int = 0) -> dict[int, float]:
    """Team (Olympiad) Sonneborn-Berger (TB 11): for every match played, the opponent's
    match points times the game points scored against it, summed; ``cut_lowest=1`` leaves
    out the opponent with the fewest match points (the Olympiad rule, ties → the lowest
    product).  Byes and forfeited matches add nothing."""
    mp = team_match_points(results)
    out = {}
    for t, rounds in results.items():
        terms = sorted(
            (mp.get(r.opponent, 0.0), mp.get(r.opponent, 0.0) * r.game_points)
            for r in rounds
            if r is not None and r.played and r.opponent is not None
        )
        out[t] = float(sum(p for _, p in terms[cut_lowest:]))
    return out


def team_direct_encounter(
    results: TeamResults, group: Sequence[int]
) -> tuple[list[list[int]], dict[int, float]]:
    """Direct encounter for teams: match points scored against the other tied teams, applied
    only when every tied team met every other one (as TB 6, ``all-met``)."""
    members = set(group)
    pts = {t: 0.0 for t in group}
    met: dict[int, set[int]] = {t: set() for t in group}
    for t in group:
        for r in results.get(t, ()):
            if r is not None and r.played and r.opponent in members:
                pts[t] += r.match_points
                met[t].add(r.opponent)  # type: ignore[arg-type]
    if all(len(met[t]) == len(group) - 1 for t in group):
        return _split_by(pts, list(group)), pts
    return [list(group)], pts


# ---------------------------------------------------------------------- the catalogue
def _bh(
    cut_lowest: int = 0, cut_highest: int = 0, *, policy_free: bool = False
) -> Callable[..., dict[int, float]]:
    def fn(
        t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
    ) -> dict[int, float]:
        unplayed = "played-only" if policy_free else policy.unplayed
        return buchholz(
            t, ps, after, cut_lowest=cut_lowest, cut_highest=cut_highest, unplayed=unplayed
        )

    return fn


def _sb(cut_lowest: int = 0) -> Callable[..., dict[int, float]]:
    def fn(
        t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
    ) -> dict[int, float]:
        return sonneborn_berger(t, ps, after, cut_lowest=cut_lowest, unplayed=policy.unplayed)

    return fn


def _ebh(
    t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
) -> dict[int, float]:
    return extended_buchholz(t, ps, after, unplayed=policy.unplayed)


def _ps(cut_first: int = 0) -> Callable[..., dict[int, float]]:
    def fn(t: Tournament, ps: PointSystem, after: int) -> dict[int, float]:
        return progressive_score(t, ps, after, cut_first=cut_first)

    return fn


def _aro(cut_lowest: int = 0) -> Callable[..., dict[int, float]]:
    def fn(
        t: Tournament, ps: PointSystem, after: int, policy: TiebreakPolicy = DEFAULT_POLICY
    ) -> dict[int, float]:
        return average_rating_of_opponents(
            t, ps, after, cut_lowest=cut_lowest, unrated=policy.aro_unrated
        )

    return fn


def _points(t: Tournament, ps: PointSystem, after: int) -> dict[int, float]:
    return dict(_table(t, ps, after).score)


def _de(first_only: bool) -> Callable[..., tuple[list[list[int]], dict[int, float]]]:
    def split(
        t: Tournament,
        ps: PointSystem,
        after: int,
        group: Sequence[int],
        policy: TiebreakPolicy,
        position: int,
    ) -> tuple[list[list[int]], dict[int, float]]:
        if first_only and position != 0:
            return [list(group)], {}
        return direct_encounter(
            t,
            ps,
            after,
            group,
            mode=policy.direct_encounter,
            forfeits=policy.direct_encounter_forfeits,
        )

    return split


def _lot_split(
    t: Tournament,
    ps: PointSystem,
    after: int,
    group: Sequence[int],
    policy: TiebreakPolicy,
    position: int,
) -> tuple[list[list[int]], dict[int, float]]:
    from .context import stable_seed

    seed = policy.seed if policy.seed is not None else stable_seed(t, after)
    keys = lot_order([p.number for p in t.players], seed)
    ordered = sorted(group, key=lambda n: -keys[n])
    return [[n] for n in ordered], {n: float(i) for i, n in enumerate(ordered, start=1)}


def _team(fn: Callable[..., dict[int, float]], **kw: Any) -> Callable[..., dict[int, float]]:
    def inner(results: TeamResults, policy: TiebreakPolicy = DEFAULT_POLICY) -> dict[int, float]:
        return fn(results, **kw)

    return inner


def _team_de(
    results: TeamResults, group: Sequence[int], policy: TiebreakPolicy, position: int
) -> tuple[list[list[int]], dict[int, float]]:
    return team_direct_encounter(results, group)


#: Ids of the primary scores a standings table starts with (points for individuals; match
#: points or game points for teams, PL-team 0 / AMB-P11).
PRIMARY_SCORES = ("points", "match-points", "game-points")

CORE_TIEBREAKS: dict[str, Tiebreak] = {
    tb.id: tb
    for tb in (
        Tiebreak("points", N_("Points"), _points, N_("Pts")),
        Tiebreak("buchholz", N_("Buchholz"), _bh(), N_("BH"), "TB 1", True, unplayed=True),
        Tiebreak(
            "buchholz-cut1",
            N_("Buchholz cut 1"),
            _bh(1),
            N_("BH-C1"),
            "TB 2, RDF 5.4.10.6.2",
            True,
            unplayed=True,
        ),
        Tiebreak(
            "buchholz-cut2", N_("Buchholz cut 2"), _bh(2), N_("BH-C2"), "TB 2", True, unplayed=True
        ),
        Tiebreak(
            "buchholz-median",
            N_("Median Buchholz"),
            _bh(1, 1),
            N_("BH-M1"),
            "TB 3",
            True,
            unplayed=True,
        ),
        Tiebreak(
            "buchholz-median2",
            N_("Median Buchholz 2"),
            _bh(2, 2),
            N_("BH-M2"),
            "TB 3",
            True,
            unplayed=True,
        ),
        Tiebreak(
            "buchholz-current",
            N_("Current Buchholz"),
            _bh(policy_free=True),
            N_("BH-cur"),
            "TB 1, RDF 5.4.10.7.6, AMB-R10",
        ),
        Tiebreak(
            "buchholz-extended",
            N_("Extended Buchholz"),
            _ebh,
            N_("EBH"),
            "seed 004 d",
            True,
            unplayed=True,
        ),
        Tiebreak(
            "sonneborn-berger", N_("Sonneborn-Berger"), _sb(), N_("SB"), "TB 4", True, unplayed=True
        ),
        Tiebreak(
            "sonneborn-berger-cut1",
            N_("Sonneborn-Berger cut 1"),
            _sb(1),
            N_("SB-C1"),
            "TB 2, TB 4",
            True,
            unplayed=True,
        ),
        Tiebreak("progressive", N_("Progressive score"), _ps(), N_("PS"), "TB 5"),
        Tiebreak("progressive-cut1", N_("Progressive score cut 1"), _ps(1), N_("PS-C1"), "TB 5"),
        Tiebreak(
            "direct-encounter", N_("Direct encounter"), None, N_("DE"), "TB 6", split=_de(False)
        ),
        Tiebreak(
            "direct-encounter-first",
            N_("Direct encounter (first place)"),
            None,
            N_("DE"),
            "Dutch-1992 F10",
            split=_de(True),
        ),
        Tiebreak(
            "aro",
            N_("Average rating of opponents"),
            _aro(),
            N_("ARO"),
            "TB 7, Dutch-1992 F10",
            True,
        ),
        Tiebreak(
            "aro-cut1", N_("Average rating of opponents cut 1"), _aro(1), N_("ARO-C1"), "TB 7", True
        ),
        Tiebreak("wins", N_("Number of wins"), count_wins, N_("WIN"), "FIDE C.07 WIN"),
        Tiebreak("wins-played", N_("Games won"), games_won, N_("WON"), "FIDE C.07 WON"),
        Tiebreak("black-games", N_("Games with Black"), black_games, N_("BPG"), "FIDE C.07 BPG"),
        Tiebreak("black-wins", N_("Wins with Black"), black_wins, N_("BWG"), "FIDE C.07 BWG"),
        Tiebreak(
            "lot", N_("Drawing of lots"), None, N_("Lot"), "Dutch-1992 F10", split=_lot_split
        ),  # teams too
        Tiebreak(
            "match-points",
            N_("Match points"),
            _team(team_match_points),
            N_("MP"),
            "TB 11, PL-team 0",
            team=True,
        ),
        Tiebreak(
            "game-points",
            N_("Game points"),
            _team(team_game_points),
            N_("GP"),
            "TB 11, PL-team 0",
            team=True,
        ),
        Tiebreak(
            "team-buchholz",
            N_("Team Buchholz"),
            _team(team_buchholz),
            N_("TBH"),
            "TB 11",
            team=True,
        ),
        Tiebreak(
            "team-buchholz-cut1",
            N_("Team Buchholz cut 1"),
            _team(team_buchholz, cut_lowest=1),
            N_("TBH-C1"),
            "TB 11, Olympiad 14c",
            team=True,
        ),
        Tiebreak(
            "team-sonneborn-berger",
            N_("Team Sonneborn-Berger"),
            _team(team_sonneborn_berger),
            N_("TSB"),
            "TB 11",
            team=True,
        ),
        Tiebreak(
            "team-sonneborn-berger-cut1",
            N_("Olympiad Sonneborn-Berger"),
            _team(team_sonneborn_berger, cut_lowest=1),
            N_("OSB"),
            "TB 11, Olympiad 14a",
            team=True,
        ),
        Tiebreak(
            "team-direct-encounter",
            N_("Direct encounter"),
            None,
            N_("DE"),
            "TB 6",
            split=_team_de,
            team=True,
        ),
    )
}


@hookimpl
def swiss_tiebreaks() -> Mapping[str, Tiebreak]:
    """The core's tiebreaks."""
    return CORE_TIEBREAKS


def compute(
    tiebreak: Tiebreak,
    tournament: Tournament,
    point_system: PointSystem,
    after_round: int | None = None,
    *,
    policy: TiebreakPolicy | None = None,
) -> dict[int, float]:
    """Values of a value tiebreak after ``after_round`` (default: every recorded round)."""
    if tiebreak.function is None or tiebreak.team:
        raise ValueError(f"tiebreak {tiebreak.id!r} has no per-player values")
    after = tournament.rounds_recorded if after_round is None else after_round
    if tiebreak.takes_policy:
        return tiebreak.function(tournament, point_system, after, policy=policy or DEFAULT_POLICY)
    return tiebreak.function(tournament, point_system, after)
