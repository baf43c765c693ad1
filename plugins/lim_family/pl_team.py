"""
Polish team championship, KPZSzach A-Klasa 2005/06 (Lim-style team Swiss) — system ``pl-team-lim``.

Source: seed 003, "Regulamin kojarzenia meczów drużynowych w A-Klasie 2005/06" (U. Jahr,
Bydgoszcz 2005); digest ``spec/polish-team-lim.md``, cited as ``PL-team <n>``; readings of
``spec/ambiguities.md`` cited as ``AMB-P<n>``.

Teams are paired through the core's team view (:mod:`swisspairing.teams`): each team is a
pseudo-player whose score is its match points, whose colours are its board-1 colours and
whose club is its club, so the core's :class:`~swisspairing.RoundContext` answers "may these
teams meet?" (PL-team 5 one meeting only, PL-team 2 same club, ``forbidden`` pairs) and "is a
colour allowed?" (PL-team 19).  The pairing is then expanded to board games
(:func:`swisspairing.teams.expand_round`).

Where each rule lives:

- PL-team 2 (same club never meets): the ruleset's ``forbidden.same_club`` read by
  ``RoundContext.may_meet``; start numbers by rating sum: the event loader / file order.
- PL-team 3 (pause): :func:`_r3_pause_candidates`.
- PL-team 4 (pairing order): :func:`_r4_pairing_order`.
- PL-team 5 (one meeting; groups by MP): :func:`_r5_groups` and ``may_meet``.
- PL-team 6, 7, 13 (processing order, middle group, directions): :class:`_R6Procedure`.
- PL-team 8 (round 1): :func:`_r8_first_round`.
- PL-team 9–12 (fold pairing, transpositions, the trial orders): :func:`fold_rows`,
  :func:`fold_odd_rows` and their pruned generators :func:`_r11_fold`, :func:`_r12_fold_odd`.
- PL-team 14 (no second transfer in one direction): :meth:`_R6Procedure._r14_barred`; the
  transfers of earlier rounds (only teams that were themselves transferred): :func:`_r14_history`,
  read from the ``SPT`` records (:data:`TRANSFER_RECORD`) that every round writes
  (:func:`_r14_records`), derived from the pairings where a file has none (:func:`_r14_infer`).
- PL-team 15–16 (middle group with floaters from both sides): :func:`middle_rows`,
  :func:`_r16_middle`.
- PL-team 17 (another transfer when the middle group fails): the backtracking of
  :class:`_R6Procedure` and :meth:`_R6Procedure._r17_last_resort`.
- PL-team 18–20 (board-1 colours): :func:`_r18_first_round_colours`, :func:`_r20_allocate`.

Search: groups are paired in the order of PL-team 6; each group tries the rows of its table
in order, skipping rows with a pair that may not meet or cannot get colours (PL-team 5, 2,
19, 20d, AMB-P9) and rows whose transferred team is barred by PL-team 14; when a later group
cannot be paired, the earlier group takes its next row that transfers a *different* team
(PL-team 17; rows transferring the same team lead to the same later groups and are not
retried).  A row is only taken when the teams still to be paired can be paired at all (a
maximum-matching test).  The search has no budget: a group's outcomes depend only on the teams
it receives, so each state (group, incoming teams) is solved once — the top groups remember
their failures, the bottom groups list once, in table order, the sets of teams they can hand
to the middle group, whatever comes from above (and when they can hand it none, no top group
is tried).  The PL-team 17 last resort is taken only when this exhaustive search has shown
that no pairing follows the orders of trial.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from swisspairing import (
    BLACK,
    N_,
    WHITE,
    Colour,
    Event,
    InvalidInputError,
    InvalidTournamentError,
    NoValidPairingError,
    Pairing,
    RoundContext,
    RoundPairing,
    Term,
    Tournament,
    Violation,
    hookimpl,
)
from swisspairing.defaults import alternation_colour, colour_term
from swisspairing.feasibility import PairingGraph
from swisspairing.i18n import NP_
from swisspairing.matching import has_matching_of_size
from swisspairing.teams import (
    TeamPairing,
    TeamRecord,
    TeamScoring,
    expand_round,
    match_points_schema,
    team_context,
    team_records,
)

from .order import lim_order
from .refusal import no_valid_pairing
from .trial_tables import (
    fold_count,
    fold_odd_count,
    fold_odd_rows,
    fold_rows,
    trial_even,
    trial_odd,
)

SYSTEM = "pl-team-lim"

__all__ = [
    "SCHEMA",
    "SYSTEM",
    "TeamRoundResult",
    "fold_count",
    "fold_odd_count",
    "fold_odd_rows",
    "fold_rows",
    "middle_rows",
    "pair_teams",
]

DOWN = "down"
UP = "up"
DOWN_TERM = Term(N_("down"))
UP_TERM = Term(N_("up"))

Ok = Callable[[int, int], bool]
Feasible = Callable[[Sequence[int]], bool]


# ====================================================================== the trial orders
# PL-team 11 and 12 (shared with the FIDE Olympiad 2006 rules): the family's trial_tables module
_r11_fold = trial_even
_r12_fold_odd = trial_odd


def _homogeneous(teams: Sequence[int], mp: Mapping[int, float]) -> bool:
    return len({mp[t] for t in teams}) <= 1


def _r15_candidates(
    team: int,
    others: Sequence[int],
    mp: Mapping[int, float],
    pos: Mapping[int, int],
    lowest_first: bool,
) -> list[int]:
    """PL-team 15: opponents of ``team`` with the smallest possible MP difference first;
    among equal differences the lowest-ranked first (for the top team) or the highest-ranked
    first (for the bottom team)."""
    sign = -1 if lowest_first else 1
    return sorted(others, key=lambda x: (abs(mp[team] - mp[x]), sign * pos[x]))


def middle_count(teams: Sequence[int], mp: Mapping[int, float], k_limit: int | None = None) -> int:
    """Rows of the PL-team 16 order for a ranked middle group (``mp``: match points)."""
    return _middle_count(tuple(mp[t] for t in teams), k_limit)


@lru_cache(maxsize=4096)
def _middle_count(mps: tuple[float, ...], k_limit: int | None) -> int:
    """:func:`middle_count` by the match points of the ranked group (the order only depends
    on them and on the positions)."""
    n = len(mps)
    if len(set(mps)) <= 1:
        return fold_count(n)
    teams = list(range(n))
    mp = dict(enumerate(mps))
    t, b = 0, n - 1
    top_choices = _r15_candidates(
        t, teams[1:-1], mp, mp_pos := {x: x for x in teams}, lowest_first=True
    )
    ks = n - 3 if k_limit is None else min(k_limit, n - 3)
    total = 0
    for k in range(ks):
        for o in top_choices:
            rest = [x for x in teams if x not in (t, o)]
            p = _r15_candidates(b, [x for x in rest if x != b], mp, mp_pos, lowest_first=False)[k]
            total += _middle_count(tuple(mp[x] for x in rest if x not in (b, p)), k_limit)
    return total + _middle_count(tuple(mps[1:-1]), k_limit)


def _r16_middle(
    teams: Sequence[int],
    mp: Mapping[int, float],
    pos: Mapping[int, int],
    ok: Ok | None = None,
    feasible: Feasible | None = None,
    k_limit: int | None = None,
    base: int = 1,
) -> Iterator[tuple[int, tuple[tuple[int, int], ...]]]:
    """PL-team 15/16: the order of trial of a middle group holding teams from above and below.

    While the group is not homogeneous: for k = 1, 2, …: for each opponent ``o`` of the
    highest-ranked team ``t`` (PL-team 15: the lowest-ranked with the smallest MP difference
    first, the lowest-ranked team ``b`` itself excluded): ``b`` takes the k-th of its
    candidates among the rest (the highest-ranked with the smallest MP difference first); the
    rest is paired by the same order.  Only then ``t`` meets ``b`` and the rest is paired.
    A homogeneous group is paired by PL-team 11.  ``k_limit`` = 2 stops where the source's
    table stops (the default, AMB-P3: «Dopiero po wyczerpaniu tych możliwości należy kojarzyć
    zespoły 1 – 6»); ``None`` continues the pattern before ``t`` meets ``b``.  Yields ``(row number,
    pairs)``;
    rows failing ``ok`` are left out, their numbers skipped.
    """
    n = len(teams)
    if _homogeneous(teams, mp):
        yield from _r11_fold(teams, ok, feasible, base)
        return
    t, b = teams[0], teams[-1]
    top_choices = _r15_candidates(t, teams[1:-1], mp, pos, lowest_first=True)
    ks = n - 3 if k_limit is None else min(k_limit, n - 3)
    row = base
    for k in range(ks):
        for o in top_choices:
            rest = [x for x in teams if x not in (t, o)]
            p = _r15_candidates(b, [x for x in rest if x != b], mp, pos, lowest_first=False)[k]
            rest2 = tuple(x for x in rest if x not in (b, p))
            if (ok is None or (ok(t, o) and ok(p, b))) and (
                feasible is None or not rest2 or feasible(rest2)
            ):
                for r, pairs in _r16_middle(rest2, mp, pos, ok, feasible, k_limit, row):
                    yield r, ((t, o), (p, b), *pairs)
            row += middle_count(rest2, mp, k_limit)
    rest = tuple(teams[1:-1])  # type: ignore[assignment]
    if (ok is None or ok(t, b)) and (feasible is None or not rest or feasible(rest)):
        for r, pairs in _r16_middle(rest, mp, pos, ok, feasible, k_limit, row):
            yield r, ((t, b), *pairs)


def middle_rows(
    teams: Sequence[int], mp: Mapping[int, float], *, k_limit: int | None = None
) -> list[tuple[tuple[int, int], ...]]:
    """PL-team 16: every row of the middle group's order of trial (``teams`` in pairing
    order, ``mp`` their match points).  ``k_limit=2`` gives the source's 8 rows before 1-6
    for the example (the source order, AMB-P3); ``None`` continues the pattern."""
    pos = {t: i for i, t in enumerate(teams)}
    return [pairs for _, pairs in _r16_middle(tuple(teams), mp, pos, k_limit=k_limit)]


# ====================================================================== parameters
SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "boards": {
            "type": "integer",
            "minimum": 1,
            "maximum": 99,
            "default": 6,
            "description": "Boards per match (PL-team 1: 6).",
        },
        "match_points": match_points_schema(
            3, 1, 0, "Match points for a won, drawn and lost match (PL-team 0: 3/1/0)."
        ),
        "bye_match_points": {
            "type": "number",
            "minimum": 0,
            "default": 0,
            "description": "Match points of a pause (PL-team 3: 0).",
        },
        "bye_game_points": {
            "type": ["number", "null"],
            "minimum": 0,
            "default": 3,
            "description": "Game points of a pause (PL-team 3: 3); null = half the boards.",
        },
        "unplayed_match": {
            "enum": ["zero", "score"],
            "default": "zero",
            "description": (
                "A match without any game played over the board: lost by both teams (PL-team 0) "
                "or scored by its game points."
            ),
        },
        "upward_order": {
            "enum": ["mirror", "table"],
            "default": "mirror",
            "description": (
                "Groups paired from the bottom (PL-team 6, 13): the trial tables read from the "
                "lowest team upward, so an upward-transferred team meets the highest-ranked team "
                "of its new group (mirror, the digest's reading of PL-team 9), or the tables as "
                "printed."
            ),
        },
        "middle_group_rows": {
            "enum": ["source", "continue"],
            "default": "source",
            "description": (
                "PL-team 16 «Dopiero po wyczerpaniu tych możliwości należy kojarzyć zespoły 1 – "
                "6» (AMB-P3): the printed rows, then the two floaters with each other (source), "
                "or more rows of the table's pattern before them (continue)."
            ),
        },
        "transfer_history": {
            "enum": ["all-rounds", "this-round"],
            "default": "all-rounds",
            "description": (
                "PL-team 14: a team transferred in a direction in any earlier round is not "
                "transferred that way again while another row exists (AMB-P4), or only transfers "
                "within the round count."
            ),
        },
        "middle_position": {
            "enum": ["all-teams", "after-pause"],
            "default": "all-teams",
            "description": (
                "PL-team 7: the middle position floor(N/2)+1 counted over all teams of the round "
                "(AMB-P8) or after the pausing team is removed."
            ),
        },
    },
}


@hookimpl
def swiss_system_info() -> Mapping[str, str]:
    return {
        "description": N_(
            "Polish team championship (KPZSzach A-Klasa 2005/06): team Swiss with match points, "
            "Lim-style trial tables"
        ),
        "rules": "PL-team",
    }


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


# ====================================================================== helpers
@dataclass(frozen=True)
class TeamRoundResult(TeamPairing):
    """The team pairing of a round, before it is expanded to boards, with its transfers."""

    transfers: Mapping[int, frozenset[str]] = field(default_factory=dict)
    """PL-team 14: the teams this round transferred into another group, with the direction
    (``down``/``up``); recorded in the written file (``SPT``)."""


def _mp(ctx: RoundContext, t: int) -> float:
    return ctx.states[t].score


def _gp(ctx: RoundContext, t: int) -> float:
    return ctx.data["game_points"].get(t, 0.0)


def _r4_pairing_order(ctx: RoundContext, teams: Sequence[int]) -> list[int]:
    """PL-team 4: match points descending, game points descending, start number ascending."""
    return sorted(teams, key=lambda t: (-_mp(ctx, t), -_gp(ctx, t), t))


def _r5_groups(ctx: RoundContext, ranked: Sequence[int]) -> list[tuple[float, list[int]]]:
    """PL-team 5: groups of equal match points, highest first (``ranked`` in pairing order)."""
    groups: list[tuple[float, list[int]]] = []
    for t in ranked:
        mp = round(_mp(ctx, t), 6)
        if groups and groups[-1][0] == mp:
            groups[-1][1].append(t)
        else:
            groups.append((mp, [t]))
    return groups


def _records(ctx: RoundContext) -> Mapping[int, list[TeamRecord | None]]:
    return ctx.data["records"]


def _pauses(ctx: RoundContext, t: int) -> int:
    """Pauses so far, unplayed matches included (PL-team 3)."""
    return sum(1 for r in _records(ctx).get(t, []) if r is not None and r.counts_as_pause)


def _r3_pause_candidates(ctx: RoundContext, ranked: Sequence[int]) -> list[int]:
    """PL-team 3 (AMB-P7): teams that have not paused (an unplayed match counts as a pause)
    with the fewest match points, the lowest in the pairing order first; then (only if every
    team has paused) the teams with the fewest pauses in the same order."""
    position = {t: i for i, t in enumerate(ranked)}
    return sorted(ranked, key=lambda t: (_pauses(ctx, t), _mp(ctx, t), -position[t]))


# ---------------------------------------------------------------------- PL-team 14: transfers
#: The record of the transfers a round made (a swisspairing extension of TRF16, like ``SPW``):
#: ``SPT RRRR [TTTT down|up]...`` — in round RRRR team TTTT was transferred down or up.
TRANSFER_RECORD = "SPT"
_DIRECTIONS = (DOWN, UP)
_HISTORY = "pl_team.transfers"
_DERIVED = "pl_team.transfers_derived"


def _r14_read_transfers(ctx: RoundContext) -> dict[int, dict[int, frozenset[str]]]:
    """PL-team 14: the transfers recorded in the file (``SPT`` records), round → team →
    directions.  Raises :class:`InvalidInputError` naming the record when it is malformed,
    names a team that does not exist or repeats a round."""
    players = ctx.data.get("players", ctx)
    teams = {t.number for t in players.tournament.teams}
    out: dict[int, dict[int, frozenset[str]]] = {}
    for code, line in players.tournament.header:
        if code != TRANSFER_RECORD:
            continue
        tokens = line[3:].split()
        well_formed = (
            bool(tokens)
            and len(tokens) % 2 == 1
            and all(x.isascii() and x.isdigit() for x in [tokens[0], *tokens[1::2]])
            and all(x in _DIRECTIONS for x in tokens[2::2])
        )
        if not well_formed or int(tokens[0]) < 1:
            raise InvalidInputError(
                N_("record {line!r}: expected SPT, a round and teams each followed by down or up"),
                line=line,
            )
        rnd = int(tokens[0])
        if rnd in out:
            raise InvalidInputError(
                N_("record {line!r}: round {round} is recorded twice"), line=line, round=rnd
            )
        moves: dict[int, set[str]] = {}
        for team, direction in zip(tokens[1::2], tokens[2::2], strict=False):
            if int(team) not in teams:
                raise InvalidInputError(
                    N_("record {line!r}: team {team} does not exist"), line=line, team=int(team)
                )
            moves.setdefault(int(team), set()).add(direction)
        out[rnd] = {t: frozenset(d) for t, d in moves.items()}
    return out


def _r14_infer(
    pairs: Sequence[tuple[int, int]], mp: Mapping[int, float], middle_mp: float
) -> dict[int, frozenset[str]]:
    """PL-team 6, 9, 13 read backwards: who was transferred to make ``pairs``, given the
    teams' match points and the middle group's.  Above the middle group teams move down (the
    higher team of a match across groups was transferred), below it up (the lower team);
    a team meeting the middle group came into it; a team from above meeting a team from
    below in the middle group: both.  Matches within one group transfer nobody."""
    out: dict[int, set[str]] = {}
    for a, b in pairs:
        if mp[a] == mp[b]:
            continue
        hi, lo = (a, b) if mp[a] > mp[b] else (b, a)
        if mp[lo] >= middle_mp:
            out.setdefault(hi, set()).add(DOWN)
        if mp[hi] <= middle_mp:
            out.setdefault(lo, set()).add(UP)
        if mp[hi] > middle_mp > mp[lo]:
            out.setdefault(hi, set()).add(DOWN)
            out.setdefault(lo, set()).add(UP)
    return {t: frozenset(d) for t, d in out.items()}


def _r14_derive_round(ctx: RoundContext, rnd: int) -> dict[int, frozenset[str]]:
    """The transfers of an earlier round ``rnd`` whose file has no ``SPT`` record (another
    program, an event file, a manual pairing): :func:`_r14_infer` with the match points
    before that round and its middle group (PL-team 7).  Round 1 transfers nobody (PL-team 8)."""
    if rnd <= 1:
        return {}
    recs = _records(ctx)
    mp: dict[int, float] = {}
    gp: dict[int, float] = {}
    present: list[int] = []
    pairs: list[tuple[int, int]] = []
    pause: set[int] = set()
    for t, rs in recs.items():
        if len(rs) < rnd or rs[rnd - 1] is None:
            continue
        before = [r for r in rs[: rnd - 1] if r is not None]
        mp[t] = round(sum(r.match_points for r in before), 6)
        gp[t] = sum(r.game_points for r in before)
        present.append(t)
        this = rs[rnd - 1]
        if this.pause or this.opponent is None:  # type: ignore[union-attr]
            pause.add(t)
        elif t < this.opponent:  # type: ignore[union-attr]
            pairs.append((t, this.opponent))  # type: ignore[union-attr]
    order = sorted(present, key=lambda t: (-mp[t], -gp[t], t))
    if ctx.ruleset.param("middle_position", "all-teams") != "all-teams":
        order = [t for t in order if t not in pause]
    if not order:
        return {}
    middle_mp = mp[order[len(order) // 2]]
    return _r14_infer([(a, b) for a, b in pairs if a in mp and b in mp], mp, middle_mp)


def _r14_history(ctx: RoundContext) -> dict[int, dict[int, frozenset[str]]]:
    """PL-team 14: the transfers of every earlier round, round → team → directions: read
    from the file's ``SPT`` records, derived (:func:`_r14_derive_round`) for rounds without
    one.  Cached in ``ctx.data``."""
    cached = ctx.data.get(_HISTORY)
    if cached is not None:
        return cached
    recorded = _r14_read_transfers(ctx)
    history = {
        r: recorded[r] if r in recorded else _r14_derive_round(ctx, r)
        for r in range(1, ctx.round_number)
    }
    ctx.data[_HISTORY] = history
    ctx.data[_DERIVED] = [r for r in range(2, ctx.round_number) if r not in recorded]
    return history


def _r14_records(
    ctx: RoundContext, made: Mapping[int, frozenset[str]]
) -> tuple[tuple[str, str], ...]:
    """The ``SPT`` lines of every round up to this one, this round's transfers ``made``
    included, for the written file (so that later rounds read them back)."""
    rounds = dict(_r14_history(ctx))
    rounds[ctx.round_number] = dict(made)
    out = []
    for rnd in sorted(rounds):
        moves = "".join(f" {t:4d} {d}" for t in sorted(rounds[rnd]) for d in sorted(rounds[rnd][t]))
        out.append((TRANSFER_RECORD, f"{TRANSFER_RECORD} {rnd:4d}{moves}"))
    return tuple(out)


def _r14_transfers_made(
    proc: _R6Procedure, outcomes: Sequence[_Outcome], pairs: Sequence[tuple[int, int]]
) -> dict[int, frozenset[str]]:
    """The transfers this round's procedure made (PL-team 13): the teams each group above the
    middle transferred down, each group below it up (``outcomes`` in the order of
    :meth:`_R6Procedure.run`: the top groups, the bottom groups, the middle group).  When the
    tables were given up (PL-team 17 last resort) they are read off the pairs."""
    if len(outcomes) != len(proc.top) + len(proc.bottom) + 1:
        return _r14_infer(pairs, proc.mp, proc.middle_mp)
    out: dict[int, set[str]] = {}
    for i, o in enumerate(outcomes[: len(proc.top) + len(proc.bottom)]):
        direction = DOWN if i < len(proc.top) else UP
        for t in o.transferred:
            out.setdefault(t, set()).add(direction)
    return {t: frozenset(d) for t, d in out.items()}


def _float_history(ctx: RoundContext, t: int) -> set[str]:
    """Directions in which ``t`` was transferred in earlier rounds (PL-team 14: «przenoszona
    w tym samym kierunku ponownie»): only a team that was itself moved into another group to
    be paired has a direction — not the team that received it (:func:`_r14_history`).  A
    pause is no transfer."""
    out: set[str] = set()
    for moves in _r14_history(ctx).values():
        out |= moves.get(t, frozenset())
    return out


def _why_not(ctx: RoundContext, a: int, b: int) -> tuple[str, str]:
    """The rule that keeps ``a`` and ``b`` apart, with a msgid."""
    if ctx.states[a].meetings.get(b, 0) >= ctx.ruleset.max_meetings:
        return "PL-team 5", N_("teams {a} and {b} have already met")
    if not ctx.may_meet(a, b):
        ca, cb = ctx.tournament.player(a).club, ctx.tournament.player(b).club
        if ca and ca == cb:
            return "PL-team 2", N_("teams {a} and {b} belong to the same club")
        return "PL-team 2", N_("teams {a} and {b} may not be paired (forbidden pair)")
    return "PL-team 19", N_(
        "teams {a} and {b} cannot both get an allowed board-1 colour (PL-team 20d)"
    )


# ====================================================================== colours
def _required(ctx: RoundContext, t: int) -> Colour | None:
    """The board-1 colour ``t`` must get because of PL-team 19, if any."""
    w, b = ctx.colour_allowed(t, WHITE), ctx.colour_allowed(t, BLACK)
    if w and not b:
        return WHITE
    if b and not w:
        return BLACK
    return None


def _r18_first_round_colours(
    ctx: RoundContext, pairs: Sequence[tuple[int, int]], start_list: Sequence[int]
) -> list[tuple[Pairing, Event]]:
    """PL-team 18: the colour drawn for team 1 goes to the odd-numbered teams of the upper half
    of the start list, the other colour to its even-numbered teams; lower-half teams get the
    colour opposite to their opponent's."""
    drawn = ctx.initial_colour()
    place = {t: i + 1 for i, t in enumerate(start_list)}
    out = []
    for a, b in pairs:
        upper, lower = (a, b) if place[a] <= place[b] else (b, a)
        colour = drawn if place[upper] % 2 == 1 else drawn.opposite
        m = Pairing(upper, lower) if colour is WHITE else Pairing(lower, upper)
        out.append(
            (
                m,
                Event(
                    "PL-team 18",
                    N_(
                        "match {white}-{black}: team {team} (number {place} of the start list) "
                        "gets {colour} on board 1; the colour drawn for team 1 is {drawn}"
                    ),
                    {
                        "white": m.white,
                        "black": m.black,
                        "team": upper,
                        "place": place[upper],
                        "colour": colour_term(colour),
                        "drawn": colour_term(drawn),
                    },
                ),
            )
        )
    return out


def _r20_allocate(ctx: RoundContext, a: int, b: int) -> tuple[Pairing, Event]:
    """PL-team 20 for ``a`` (higher-ranked) and ``b``: (b) a colour required by PL-team 19
    wins; (a) otherwise equalise: the team with the larger colour difference (more Whites
    than Blacks on board 1) gets Black, equal differences alternate from the latest round in
    which the histories differ (AMB-P6); (c) identical histories: the higher-ranked team
    gets the colour opposite to its last one; (d) two teams requiring the same colour were
    not paired (the rows are checked before)."""
    need_a, need_b = _required(ctx, a), _required(ctx, b)
    sa, sb = ctx.states[a], ctx.states[b]
    rule, msg = "PL-team 20", ""
    colour_a: Colour
    if (
        need_a is not None and need_b is not None and need_a is need_b
    ):  # pragma: no cover - rows exclude it
        raise NoValidPairingError(
            N_("teams {a} and {b} both require {colour} on board 1 (PL-team 20d)"),
            a=a,
            b=b,
            colour=colour_term(need_a),
        )
    if need_a is not None or need_b is not None:
        colour_a = need_a if need_a is not None else need_b.opposite  # type: ignore[union-attr]
        who = a if need_a is not None else b
        rule, msg = (
            "PL-team 20b",
            N_("match {white}-{black}: team {team} must get {colour} on board 1 (PL-team 19)"),
        )
        args: dict[str, Any] = {
            "team": who,
            "colour": colour_term(colour_a if who == a else colour_a.opposite),
        }
    elif sa.colour_difference != sb.colour_difference:
        colour_a = BLACK if sa.colour_difference > sb.colour_difference else WHITE
        heavier = a if sa.colour_difference > sb.colour_difference else b
        rule, msg = (
            "PL-team 20a",
            N_(
                "match {white}-{black}: team {team} has had more Whites than Blacks on board 1 "
                "and gets Black"
            ),
        )
        args = {"team": heavier}
    elif sa.played_colours != sb.played_colours and (alt := alternation_colour(sa, sb)) is not None:
        colour_a = alt
        rule, msg = (
            "PL-team 20a",
            N_(
                "match {white}-{black}: equal colour balance; colours alternate from the latest "
                "round in which the two teams had different colours, team {team} gets {colour}"
            ),
        )
        args = {"team": a, "colour": colour_term(colour_a)}
    else:
        last = sa.last_colour
        colour_a = last.opposite if last is not None else ctx.initial_colour()
        rule, msg = (
            "PL-team 20c",
            N_(
                "match {white}-{black}: identical colour histories; the higher-ranked team {team} "
                "gets the change of colour, {colour}"
            ),
        )
        args = {"team": a, "colour": colour_term(colour_a)}
    pairing = Pairing(a, b) if colour_a is WHITE else Pairing(b, a)
    return pairing, Event(rule, msg, {"white": pairing.white, "black": pairing.black, **args})


# ====================================================================== the procedure
class _Outcome:
    """One way to pair a group: its pairs, the transferred teams and why.

    The pairs of a fallback outcome (PL-team 11 / AMB-P10: more teams transferred) are found
    only when asked for (``make``): whether such an outcome exists and which teams it
    transfers follows from the matching test alone, and the search usually passes it over
    because the next group cannot be completed with those teams."""

    __slots__ = ("_events", "_make", "_pairs", "transferred")

    def __init__(
        self,
        pairs: tuple[tuple[int, int], ...],
        transferred: tuple[int, ...],
        events: tuple[Event, ...],
        make: Callable[[], tuple[tuple[tuple[int, int], ...], tuple[Event, ...]]] | None = None,
    ) -> None:
        self._pairs = pairs
        self.transferred = transferred
        """The teams handed to the next group, in pairing order."""
        self._events = events
        self._make = make

    def _force(self) -> None:
        if self._make is not None:
            self._pairs, self._events = self._make()
            self._make = None

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """The group's pairs (the row of its table)."""
        self._force()
        return self._pairs

    @property
    def events(self) -> tuple[Event, ...]:
        """Why: the group, its row and its transfers."""
        self._force()
        return self._events


class _NoTrialPairing(Exception):
    """Raised by :meth:`_R6Procedure.run` when the exhaustive search has proven that no
    pairing follows the orders of trial (PL-team 17 then takes the last resort)."""


class _R6Procedure:
    """PL-team 6, 7, 9–17 for rounds ≥ 2 (after the pause has been set aside)."""

    def __init__(
        self,
        ctx: RoundContext,
        ranked: Sequence[int],
        middle_mp: float,
        middle_place: int,
        total: int,
    ) -> None:
        self.ctx = ctx
        self.ranked = list(ranked)
        self.pos = {t: i for i, t in enumerate(ranked)}
        self.mp = {t: round(_mp(ctx, t), 6) for t in ranked}
        self.middle_mp = middle_mp
        self.middle_place = middle_place
        self.total = total
        self.rs = ctx.ruleset
        self._ok: dict[tuple[int, int], bool] = {}
        self._feasible: dict[frozenset[int], bool] = {}
        self._graph: PairingGraph | None = None
        self._history = (
            {t: _float_history(ctx, t) for t in ranked}
            if self.rs.param("transfer_history", "all-rounds") == "all-rounds"
            else {t: set() for t in ranked}
        )
        self.failed: set[tuple[Any, ...]] = set()
        """Top-group states (group, incoming teams) proven to have no completion."""
        self._bottom: dict[tuple[int, tuple[int, ...]], tuple[list, set, Iterator | None]] = {}
        """Per bottom-group state, the sets handed to the middle group found so far."""
        self._middle: dict[tuple[tuple[int, ...], tuple[int, ...]], _Outcome | None] = {}
        """The middle group's outcome per (teams from above, teams from below)."""
        self.second_transfer = False
        """PL-team 14: whether a team transferred earlier in this round may be transferred on
        (only when no pairing exists otherwise: first it goes back to its own group, whose
        next row transfers another team)."""
        self.retries: dict[int, int] = {}
        groups = _r5_groups(ctx, ranked)
        self.group_index = {mp: i for i, (mp, _) in enumerate(groups)}
        self.top, self.bottom, self.middle = lim_order(groups, middle_mp)  # PL-team 6 = Lim 2.2
        self.mirror = self.rs.param("upward_order", "mirror") == "mirror"
        self.k_limit = 2 if self.rs.param("middle_group_rows", "source") == "source" else None

    # ------------------------------------------------------------------ constraints
    def ok(self, a: int, b: int) -> bool:
        key = (a, b) if a < b else (b, a)
        v = self._ok.get(key)
        if v is None:
            v = self._ok[key] = self.ctx.compatible(a, b)
        return v

    def feasible(self, teams: Sequence[int]) -> bool:
        """Whether ``teams`` can be paired completely at all, one left over when their number
        is odd (a maximum-matching test on bit sets, warm-started)."""
        key = frozenset(teams)
        v = self._feasible.get(key)
        if v is None:
            if self._graph is None:
                self._graph = PairingGraph.from_predicate(self.ranked, self.ok)
            v = self._feasible[key] = self._graph.completable(teams)
        return v

    def _r14_barred(self, team: int, direction: str, incoming: Sequence[int], level: int) -> bool:
        """PL-team 14 (AMB-P4): ``level`` 0 bars a team transferred that way earlier in this
        round (an incoming team) or in an earlier round; level 1 only the former (the group
        relaxes the earlier rounds when no row remains); level 2 nothing (only in the second
        pass of :meth:`run`, when no pairing exists without it)."""
        if level >= 2:
            return False
        if team in incoming:
            return True
        return level == 0 and direction in self._history[team]

    # ------------------------------------------------------------------ explanation helpers
    def _blocked_pairs(self, group: Sequence[int], bracket: int) -> list[Event]:
        out = []
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if not self.ok(a, b):
                    rule, msg = _why_not(self.ctx, a, b)
                    out.append(Event(rule, msg, {"a": a, "b": b}, bracket))
        return out

    # ------------------------------------------------------------------ one group
    def _group_outcomes(
        self, group: Sequence[int], direction: str, incoming: Sequence[int], bracket: int
    ) -> Iterator[_Outcome]:
        """A group's outcomes in the order of its table (PL-team 9–12), one per distinct set
        of transferred teams, then the fallbacks of PL-team 11 / AMB-P10."""
        order = list(group) if direction == DOWN or not self.mirror else list(reversed(group))
        n = len(order)
        own = [
            t for t in group if t not in incoming
        ]  # the group's match points, not an incoming team's
        mp = self.mp[own[0]] if own else self.mp[group[0]] if group else 0.0
        head = Event(
            "PL-team 9" if direction == DOWN else "PL-team 13",
            NP_(
                "group of {mp} match point, paired from the top: {teams}",
                "group of {mp} match points, paired from the top: {teams}",
                "mp",
            )
            if direction == DOWN
            else NP_(
                "group of {mp} match point, paired from the bottom: {teams}",
                "group of {mp} match points, paired from the bottom: {teams}",
                "mp",
            ),
            {"mp": mp, "teams": list(group)},
            bracket,
        )
        if incoming:
            head_in = (
                Event(
                    "PL-team 9",
                    NP_(
                        "team {teams} was transferred into this group",
                        "teams {teams} were transferred into this group",
                        "teams",
                    ),
                    {"teams": list(incoming)},
                    bracket,
                ),
            )
        else:
            head_in = ()  # type: ignore[assignment]
        blocked = tuple(self._blocked_pairs(group, bracket))
        table_rule = "PL-team 11" if n % 2 == 0 else "PL-team 12"
        tried: set[frozenset[int]] = set()
        dir_term = DOWN_TERM if direction == DOWN else UP_TERM
        if n == 0:
            yield _Outcome((), (), ())
            return
        if n % 2 == 0:
            for row, pairs in _r11_fold(order, self.ok, self.feasible):
                ev = Event(
                    table_rule,
                    N_("row {row} of the order of trial: {pairs}"),
                    {"row": row, "pairs": _fmt_pairs(pairs)},
                    bracket,
                )
                tried.add(frozenset())
                yield _Outcome(pairs, (), (head, *head_in, *(blocked if row > 1 else ()), ev))
                break
        else:
            for level in (0, 1, 2) if self.second_transfer else (0, 1):
                firsts: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
                for f in order:
                    if (
                        frozenset((f,)) in tried
                        or self._r14_barred(f, direction, incoming, level)
                        or (level > 0 and not self._r14_barred(f, direction, incoming, level - 1))
                    ):
                        continue
                    rest = [x for x in order if x != f]
                    if not self.feasible(rest):
                        continue
                    for row, pairs, _f in _r12_fold_odd(order, self.ok, self.feasible, f):
                        firsts.append((row, f, pairs))
                        break
                for row, f, pairs in sorted(firsts):
                    tried.add(frozenset((f,)))
                    events = [head, *head_in, *(blocked if row > 1 else ())]
                    skipped = [
                        g for g in order if g != f and self._r14_barred(g, direction, incoming, 0)
                    ]
                    if skipped:
                        events.append(
                            Event(
                                "PL-team 14",
                                NP_(
                                    "team {teams} was already transferred {direction}; rows "
                                    "transferring it are tried last",
                                    "teams {teams} were already transferred {direction}; rows "
                                    "transferring them are tried last",
                                    "teams",
                                ),
                                {"teams": skipped, "direction": dir_term},
                                bracket,
                            )
                        )
                    if level == 1:
                        events.append(
                            Event(
                                "AMB-P4",
                                N_(
                                    "no other row remains: a team transferred {direction} in an "
                                    "earlier round is transferred again"
                                ),
                                {"direction": dir_term},
                                bracket,
                            )
                        )
                    elif level == 2:
                        events.append(
                            Event(
                                "AMB-P4",
                                N_(
                                    "no other row remains: team {team} is transferred {direction} "
                                    "a second time in this round"
                                ),
                                {"team": f, "direction": dir_term},
                                bracket,
                            )
                        )
                    if pairs:
                        events.append(
                            Event(
                                table_rule,
                                N_(
                                    "row {row} of the order of trial: {pairs}; team {team} is "
                                    "transferred {direction}"
                                ),
                                {
                                    "row": row,
                                    "pairs": _fmt_pairs(pairs),
                                    "team": f,
                                    "direction": dir_term,
                                },
                                bracket,
                            )
                        )
                    else:
                        events.append(
                            Event(
                                "PL-team 9",
                                N_(
                                    "team {team} is alone in its group and is transferred "
                                    "{direction}"
                                ),
                                {"team": f, "direction": dir_term},
                                bracket,
                            )
                        )
                    yield _Outcome(pairs, (f,), tuple(events))
        # PL-team 11 (even) / AMB-P10: transfer more teams, the middle ones first
        for size in (2,) if n % 2 == 0 else (3,):
            if size >= n:
                continue
            sets = _middle_out_sets(order, size)
            middle_two = sets[0] if size == 2 else None
            for chosen in sets:
                key = frozenset(chosen)
                if key in tried or any(self._r14_barred(c, direction, incoming, 1) for c in chosen):
                    continue
                rest = [x for x in order if x not in key]
                if not self.feasible(rest):
                    continue
                # rest can be paired, so its table has a row (the rows of PL-team 11 are all
                # the pairings of a group); which one is found only when the search takes it
                tried.add(key)
                rule = "PL-team 11" if n % 2 == 0 and chosen == middle_two else "AMB-P10"

                def make(
                    rest: list[int] = rest, chosen: tuple[int, ...] = chosen, rule: str = rule
                ) -> tuple[tuple[tuple[int, int], ...], tuple[Event, ...]]:
                    row, pairs = next(_r11_fold(rest, self.ok, self.feasible))
                    ev = Event(
                        rule,
                        NP_(
                            "no row of the order of trial can be used: team {teams} is "
                            "transferred {direction} and the rest is paired by row {row}: {pairs}",
                            "no row of the order of trial can be used: teams {teams} are "
                            "transferred {direction} and the rest is paired by row {row}: {pairs}",
                            "teams",
                        ),
                        {
                            "teams": list(chosen),
                            "direction": dir_term,
                            "row": row,
                            "pairs": _fmt_pairs(pairs),
                        },
                        bracket,
                    )
                    return pairs, (head, *head_in, *blocked, ev)

                yield _Outcome((), tuple(self._rank(chosen)), (), make)

    def _rank(self, teams: Sequence[int]) -> list[int]:
        return sorted(teams, key=lambda t: self.pos[t])

    # ------------------------------------------------------------------ the middle group
    def _middle_outcome(self, above: Sequence[int], below: Sequence[int]) -> _Outcome | None:
        """PL-team 7, 13, 15, 16: the middle group with its incoming teams, paired last from
        the top; with teams from above *and* below by the order of PL-team 16."""
        teams = self._rank([*above, *self.middle, *below])
        bracket = self.group_index.get(self.middle_mp, len(self.group_index))
        head = Event(
            "PL-team 7",
            NP_(
                "middle group of {mp} match point (it holds the team in position {place} of "
                "{count}): {teams}",
                "middle group of {mp} match points (it holds the team in position {place} of "
                "{count}): {teams}",
                "mp",
            ),
            {"mp": self.middle_mp, "place": self.middle_place, "count": self.total, "teams": teams},
            bracket,
        )
        if not teams:
            return _Outcome((), (), (head,))
        events = [head]
        if above and below:
            events.append(
                Event(
                    "PL-team 15",
                    N_("teams from above: {above}; teams from below: {below}"),
                    {"above": list(above), "below": list(below)},
                    bracket,
                )
            )
        elif above:
            events.append(
                Event(
                    "PL-team 13",
                    NP_(
                        "team {teams} comes from above; the group is paired from the top",
                        "teams {teams} come from above; the group is paired from the top",
                        "teams",
                    ),
                    {"teams": list(above)},
                    bracket,
                )
            )
        elif below:
            events.append(
                Event(
                    "PL-team 13",
                    NP_(
                        "team {teams} comes from below; the group is paired from the top",
                        "teams {teams} come from below; the group is paired from the top",
                        "teams",
                    ),
                    {"teams": list(below)},
                    bracket,
                )
            )
        if not self.feasible(teams):
            return None
        if above and below:
            rows = _r16_middle(
                teams,
                self.mp,
                {t: i for i, t in enumerate(teams)},
                self.ok,
                self.feasible,
                self.k_limit,
            )
            rule, msg = (
                "PL-team 16",
                N_(
                    "row {row} of the order of trial of a middle group with teams from above and "
                    "below: {pairs}"
                ),
            )
        else:
            rows = _r11_fold(teams, self.ok, self.feasible) if len(teams) % 2 == 0 else iter(())
            rule, msg = "PL-team 11", N_("row {row} of the order of trial: {pairs}")
        for row, pairs in rows:
            if row > 1:
                events += self._blocked_pairs(teams, bracket)
            events.append(Event(rule, msg, {"row": row, "pairs": _fmt_pairs(pairs)}, bracket))
            return _Outcome(pairs, (), tuple(events))
        return None

    # ------------------------------------------------------------------ PL-team 6: the order
    def run(self) -> list[_Outcome]:
        """Top groups downward, bottom groups upward, the middle group last; backtracking
        into the previous group for another transfer when a group fails (PL-team 17).

        The search is exhaustive and has no budget: a group's outcomes depend only on the
        teams it receives, so every state (group, incoming teams) is solved once (the top
        groups memoise their failures; the bottom groups list, once, the sets of teams they
        can hand to the middle group, in the order of their tables, whatever comes from
        above).  When both passes fail it is proven that no pairing follows the orders of
        trial (:class:`_NoTrialPairing`)."""
        for second in (False, True):  # PL-team 14, AMB-P4: then a second transfer in one round
            self.second_transfer = second
            self.failed = set()
            self._bottom = {}
            self._middle = {}
            # the bottom groups do not depend on the top ones: when they cannot hand the middle
            # group anything, no top path can be completed and none is tried
            if self._bottom_item(0, (), 0) is None:
                continue
            result = self._solve_top(0, (), frozenset(self.ranked))
            if result is not None:
                return result
        raise _NoTrialPairing

    def _solve_top(
        self, i: int, carried: tuple[int, ...], left: frozenset[int]
    ) -> list[_Outcome] | None:
        """The first completion, in table order, of the top groups ``i``… receiving
        ``carried`` (``left``: the teams not yet paired, determined by ``i`` and ``carried``)."""
        key = (i, carried)
        if key in self.failed:
            return None
        if i == len(self.top):
            return self._solve_bottom(carried)
        mp, residents = self.top[i]
        group = self._rank([*carried, *residents])
        gi = self.group_index[mp]
        for out in self._group_outcomes(group, DOWN, carried, gi):
            if (i + 1, out.transferred) in self.failed:
                self.retries[gi] = self.retries.get(gi, 0) + 1
                continue
            rest_left = left - (set(group) - set(out.transferred))
            # a sound cut: the teams still to be paired must admit a pairing at all
            if not self.feasible(self._rank(rest_left)):  # type: ignore[arg-type]
                continue
            rest = self._solve_top(i + 1, out.transferred, rest_left)
            if rest is not None:
                return [out, *rest]
            self.retries[gi] = self.retries.get(gi, 0) + 1
        self.failed.add(key)
        return None

    def _solve_bottom(self, above: tuple[int, ...]) -> list[_Outcome] | None:
        """The bottom groups upward and the middle group with ``above`` from the top: the
        first way, in the order of the bottom groups' tables, whose teams handed up let the
        middle group be paired."""
        k = 0
        while (item := self._bottom_item(0, (), k)) is not None:
            below, path = item
            middle = self._middle_cached(above, below)
            if middle is not None:
                for gi, skipped, _ in path:
                    if skipped:
                        self.retries[gi] = self.retries.get(gi, 0) + skipped
                return [out for _, _, out in path] + [middle]
            k += 1
        return None

    def _middle_cached(self, above: tuple[int, ...], below: tuple[int, ...]) -> _Outcome | None:
        key = (above, below)
        if key not in self._middle:
            self._middle[key] = self._middle_outcome(above, below)
        return self._middle[key]

    def _bottom_item(
        self, j: int, carried: tuple[int, ...], k: int
    ) -> tuple[tuple[int, ...], list[tuple[int, int, _Outcome]]] | None:
        """The ``k``-th distinct set of teams the bottom groups ``j``… receiving ``carried``
        hand to the middle group, in the order of their tables, with the outcomes that hand it
        (group, outcomes of that group passed over before it, outcome); ``None`` past the
        last.  Built lazily and kept: a later question about the same state continues the
        list instead of searching again."""
        state = self._bottom.get((j, carried))
        if state is None:
            state = self._bottom[(j, carried)] = ([], set(), self._bottom_gen(j, carried))
        items, seen, gen = state
        while len(items) <= k and gen is not None:
            nxt = next(gen, None)
            if nxt is None:
                state = self._bottom[(j, carried)] = (items, seen, None)
                gen = None
                break
            if nxt[0] not in seen:
                seen.add(nxt[0])
                items.append(nxt)
        return items[k] if k < len(items) else None

    def _bottom_gen(
        self, j: int, carried: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], list[tuple[int, int, _Outcome]]]]:
        if j == len(self.bottom):
            yield carried, []
            return
        mp, residents = self.bottom[j]
        group = self._rank([*residents, *carried])
        gi = self.group_index[mp]
        for index, out in enumerate(self._group_outcomes(group, UP, carried, gi)):
            k = 0
            while (item := self._bottom_item(j + 1, out.transferred, k)) is not None:
                below, path = item
                yield below, [(gi, index, out), *path]
                k += 1

    def _r17_last_resort(self) -> _Outcome:
        """When no pairing follows the tables (PL-team 17 and AMB-P10 exhausted): pair the
        highest-ranked team still free with the team of the smallest MP difference, the
        lowest-ranked first (PL-team 5, 9), as long as the rest can still be paired."""
        free = list(self.ranked)
        pairs: list[tuple[int, int]] = []
        while free:
            t = free[0]
            options = sorted(free[1:], key=lambda o: (abs(self.mp[t] - self.mp[o]), -self.pos[o]))
            for o in options:
                if not self.ok(t, o):
                    continue
                rest = [x for x in free if x not in (t, o)]
                if self.feasible(rest):
                    pairs.append((t, o))
                    free = rest
                    break
            else:  # pragma: no cover - feasibility was checked before
                raise NoValidPairingError(N_("no valid pairing exists"))
        ev = Event(
            "PL-team 17",
            N_(
                "no pairing follows the orders of trial; each team meets the team with the "
                "smallest possible difference in match points: {pairs}"
            ),
            {"pairs": _fmt_pairs(pairs)},
        )
        return _Outcome(tuple(pairs), (), (ev,))


def _middle_out_sets(order: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """AMB-P10: sets of ``size`` teams of a group, the middle ones first (rule 11: "the two
    middle teams"), then by distance from the middle, lower positions first."""
    return [tuple(order[i] for i in idx) for idx in _middle_out_positions(len(order), size)]


@functools.lru_cache(maxsize=512)
def _middle_out_positions(n: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The positions of :func:`_middle_out_sets` for a group of ``n`` (computed once)."""
    from itertools import combinations

    centre = (n - 1) / 2

    def key(idx: tuple[int, ...]) -> tuple[float, int]:
        return (sum(abs(i - centre) for i in idx), -sum(idx))

    return tuple(sorted(combinations(range(n), size), key=key))


def _fmt_pairs(pairs: Sequence[tuple[int, int]]) -> str:
    return " ".join(f"{a}-{b}" for a, b in pairs)


# ====================================================================== round 1
def _r8_first_round(
    ctx: RoundContext, start_list: Sequence[int], ok: Ok
) -> tuple[list[tuple[int, int]], list[Event]]:
    """PL-team 8: team k of the upper half meets team k of the lower half.  Where that is
    not allowed (same club, PL-team 2), the lower half is transposed (PL-team 10): each
    upper-half team in turn takes the first lower-half team in start order that still lets
    the rest be paired."""
    half = len(start_list) // 2
    upper, lower = list(start_list[:half]), list(start_list[half:])
    events = [
        Event(
            "PL-team 8",
            N_("round 1 by the start list: the upper half {upper} meets the lower half {lower}"),
            {"upper": upper, "lower": lower},
        )
    ]
    pairs: list[tuple[int, int]] = []
    free = list(lower)
    for i, t in enumerate(upper):
        natural = lower[i]
        choices = [natural, *[x for x in free if x != natural]] if natural in free else list(free)
        for o in choices:
            if o not in free or not ok(t, o):
                continue
            rest_upper = upper[i + 1 :]
            rest_lower = [x for x in free if x != o]
            if not _bipartite(rest_upper, rest_lower, ok):
                continue
            if o != natural:
                taken = next((a for a, b in pairs if b == natural), None)
                if taken is not None:
                    events.append(
                        Event(
                            "PL-team 10",
                            N_(
                                "team {b}, the natural opponent of team {a}, already meets team {c}"
                            ),
                            {"a": t, "b": natural, "c": taken},
                        )
                    )
                else:
                    events.extend(
                        _r10_why_not_natural(
                            ctx, t, natural, upper[i + 1 :], [x for x in free if x != natural], ok
                        )
                    )
                events.append(
                    Event(
                        "PL-team 10",
                        N_("transposition in the lower half: team {team} meets team {opponent}"),
                        {"team": t, "opponent": o},
                    )
                )
            pairs.append((t, o))
            free = rest_lower
            break
        else:
            return [], events
    return pairs, events


def _r10_why_not_natural(
    ctx: RoundContext,
    t: int,
    natural: int,
    rest_upper: Sequence[int],
    rest_lower: Sequence[int],
    ok: Ok,
) -> list[Event]:
    """Why ``t`` does not meet its natural opponent in round 1: the pair itself may not meet
    (PL-team 5, 2, 19), or (PL-team 10: «aby możliwie największa liczba zespołów tej grupy
    mogła być skojarzona») with it the rest of the halves could not be paired — named by the
    upper-half teams that would be left with too few opponents, and why they may not meet
    the others."""
    if not ok(t, natural):
        rule, msg = _why_not(ctx, t, natural)
        return [Event(rule, msg, {"a": t, "b": natural})]
    lower = [x for x in rest_lower if x != natural]
    stuck, partners = _r10_hall_blocker(list(rest_upper), lower, ok)
    args = {"a": t, "b": natural, "teams": stuck, "partners": partners}
    if partners:
        events = [
            Event(
                "PL-team 10",
                NP_(
                    "with {a}-{b} the other teams could not all be paired: team {teams} could "
                    "then only meet these teams: {partners}",
                    "with {a}-{b} the other teams could not all be paired: teams {teams} could "
                    "then only meet these teams: {partners}",
                    "teams",
                ),
                args,
            )
        ]
    else:
        events = [
            Event(
                "PL-team 10",
                NP_(
                    "with {a}-{b} the other teams could not all be paired: team {teams} could "
                    "meet none of the teams left",
                    "with {a}-{b} the other teams could not all be paired: teams {teams} could "
                    "meet none of the teams left",
                    "teams",
                ),
                args,
            )
        ]
    shown = 0
    for u in stuck:
        for x in lower:
            if x in partners or ok(u, x) or shown >= 4:
                continue
            rule, msg = _why_not(ctx, u, x)
            events.append(Event(rule, msg, {"a": u, "b": x}))
            shown += 1
    return events


def _r10_hall_blocker(left: list[int], right: list[int], ok: Ok) -> tuple[list[int], list[int]]:
    """The reason ``left`` cannot all be matched into ``right``: a set of ``left`` teams and
    the (fewer) ``right`` teams they could meet (Hall's condition), found from a maximum
    matching by the alternating paths from an unmatched ``left`` team (the core's Kuhn
    search, :func:`swisspairing.matching.bipartite_matching`, without a greedy start)."""
    from swisspairing.matching import bipartite_matching

    match = bipartite_matching(left, right, lambda i, r: ok(left[i], r), greedy=False)
    match_r = {right[j]: left[i] for i, j in enumerate(match) if j != -1}
    free = [u for u, j in zip(left, match, strict=True) if j == -1]
    if not free:  # pragma: no cover - only called when the halves cannot be paired
        return [], []
    stuck, reach = {free[0]}, set()
    todo = [free[0]]
    while todo:
        u = todo.pop()
        for v in right:
            if v in reach or not ok(u, v):
                continue
            reach.add(v)
            w = match_r.get(v)
            if w is not None and w not in stuck:
                stuck.add(w)
                todo.append(w)
    order = {x: i for i, x in enumerate([*left, *right])}
    return sorted(stuck, key=order.__getitem__), sorted(reach, key=order.__getitem__)


def _bipartite(left: Sequence[int], right: Sequence[int], ok: Ok) -> bool:
    from swisspairing.matching import bipartite_saturates

    return bipartite_saturates(list(left), right, lambda i, r: ok(left[i], r))


# ====================================================================== the round
def pair_teams(ctx: RoundContext) -> TeamRoundResult:
    """Pair the teams of the team view ``ctx`` (see :func:`swisspairing.teams.team_context`)."""
    teams = [t for t in ctx.participants]
    ranked = _r4_pairing_order(ctx, teams)
    ctx.set_ranking(ranked)
    events: list[Event] = [
        Event(
            "PL-team 4",
            N_("pairing order (match points, game points, start number): {teams}"),
            {"teams": ranked},
        ),
    ]
    memo: dict[tuple[int, int], bool] = {}

    def ok(a: int, b: int) -> bool:
        key = (a, b) if a < b else (b, a)
        if key not in memo:
            memo[key] = ctx.compatible(a, b)
        return memo[key]

    def feasible(ts: Sequence[int]) -> bool:
        return has_matching_of_size(list(ts), ok, len(ts) // 2)

    scoring: TeamScoring = ctx.data["scoring"]
    pauses: list[int] = []
    first_round = ctx.round_number == 1
    if first_round:
        start_list = sorted(teams)
        candidates = list(reversed(start_list))  # PL-team 8: the last start number pauses
    else:
        start_list = ranked
        candidates = _r3_pause_candidates(ctx, ranked)
    active = list(ranked)
    if len(teams) % 2 == 1:
        for c in candidates:
            rest = [t for t in active if t != c]
            if feasible(rest):
                pauses.append(c)
                break
        else:
            raise no_valid_pairing(ctx, active, ok, set(candidates).__contains__, bye=True)
        c = pauses[0]
        if first_round:
            events.append(
                Event(
                    "PL-team 8",
                    N_(
                        "odd number of teams: team {team}, the last of the start list, pauses "
                        "(match points: {mp}, game points: {gp})"
                    ),
                    {"team": c, "mp": scoring.bye_match_points, "gp": scoring.pause_game_points},
                )
            )
        else:
            events.append(
                Event(
                    "PL-team 3",
                    N_(
                        "team {team} pauses: the lowest-placed team with the fewest match points "
                        "that has not paused yet (match points: {mp}, game points: {gp})"
                    ),
                    {"team": c, "mp": scoring.bye_match_points, "gp": scoring.pause_game_points},
                )
            )
            if c != candidates[0]:
                events.append(
                    Event(
                        "PL-team 3",
                        N_("team {team} cannot pause: the other teams could not all be paired"),
                        {"team": candidates[0]},
                    )
                )
            if _pauses(ctx, c):
                events.append(
                    Event(
                        "AMB-P7",
                        N_("every team has paused already: team {team} pauses a second time"),
                        {"team": c},
                    )
                )
        active = [t for t in active if t != c]
        start_list = [t for t in start_list if t != c]
    elif not feasible(active):
        raise no_valid_pairing(ctx, active, ok, bye=False)

    colour_events: list[Event] = []
    matches: list[Pairing] = []
    transfers: dict[int, frozenset[str]] = {}  # PL-team 8: round 1 transfers nobody
    summary: list[Event] = []
    if first_round:
        pairs, ev = _r8_first_round(ctx, start_list, ok)
        events += ev
        if not pairs and active:
            out = _R6Procedure(ctx, active, 0.0, 1, len(active))._r17_last_resort()
            pairs = list(out.pairs)
            events.extend(out.events)
        for m, e in _r18_first_round_colours(ctx, pairs, start_list):
            matches.append(m)
            colour_events.append(e)
    else:
        total = len(teams)
        place = (
            total // 2 + 1
            if ctx.ruleset.param("middle_position", "all-teams") == "all-teams"
            else len(active) // 2 + 1
        )
        order_for_place = (
            ranked if ctx.ruleset.param("middle_position", "all-teams") == "all-teams" else active
        )
        middle_team = order_for_place[place - 1] if order_for_place else None
        middle_mp = round(_mp(ctx, middle_team), 6) if middle_team is not None else 0.0
        events.append(
            Event(
                "PL-team 6",
                N_(
                    "groups are paired from the highest down to the middle group, then (after the "
                    "pause) from the lowest up to it, the middle group last"
                ),
                {},
            )
        )
        proc = _R6Procedure(ctx, active, middle_mp, place, total)
        try:
            outcomes = proc.run()
        except _NoTrialPairing:  # proven by the exhaustive search of run()
            outcomes = [proc._r17_last_resort()]
        for i, count in sorted(proc.retries.items()):
            events.append(
                Event(
                    "PL-team 17",
                    NP_(
                        "the pairing of this group was changed {count} time because a later group "
                        "could not be paired",
                        "the pairing of this group was changed {count} times because a later "
                        "group could not be paired",
                        "count",
                    ),
                    {"count": count},
                    i,
                )
            )
        pairs = [p for o in outcomes for p in o.pairs]
        for o in outcomes:
            events.extend(o.events)
        transfers = _r14_transfers_made(proc, outcomes, pairs)
        derived = (
            ctx.data.get(_DERIVED)
            if ctx.ruleset.param("transfer_history", "all-rounds") == "all-rounds"
            else None
        )
        if derived:
            events.append(
                Event(
                    "PL-team 14",
                    NP_(
                        "the file records no transfers for round {rounds}; they are read off that "
                        "round's pairings",
                        "the file records no transfers for rounds {rounds}; they are read off "
                        "those rounds' pairings",
                        "rounds",
                    ),
                    {"rounds": derived},
                )
            )
        down = [t for t in ranked if DOWN in transfers.get(t, ())]
        up = [t for t in ranked if UP in transfers.get(t, ())]
        if down or up:
            summary.append(
                Event(
                    "PL-team 14",
                    N_(
                        "transferred this round (kept in the file for the later rounds): down "
                        "{down}; up {up}"
                    ),
                    {"down": down or "-", "up": up or "-"},
                )
            )
        rank = {t: i for i, t in enumerate(ranked)}
        for a, b in pairs:
            hi, lo = (a, b) if rank[a] < rank[b] else (b, a)
            m, e = _r20_allocate(ctx, hi, lo)
            matches.append(m)
            colour_events.append(e)
    rank = {t: i for i, t in enumerate(ranked)}

    def publication(m: Pairing) -> tuple[float, float, int]:
        a, b = _mp(ctx, m.white), _mp(ctx, m.black)
        return (-max(a, b), -(a + b), min(rank[m.white], rank[m.black]))

    order = sorted(range(len(matches)), key=lambda i: publication(matches[i]))
    matches = [matches[i] for i in order]
    colour_events = [colour_events[i] for i in order]
    events.sort(key=lambda e: (e.bracket is not None, e.bracket or 0))
    return TeamRoundResult(
        tuple(matches), tuple(pauses), tuple(events + summary + colour_events), transfers
    )


# ====================================================================== hooks
def _require_teams(tournament: Tournament) -> None:
    if not tournament.teams:
        raise InvalidTournamentError(
            N_("system {system} pairs team events, but the tournament has no teams"), system=SYSTEM
        )


@hookimpl
def swiss_pair_round(context: RoundContext) -> RoundPairing:
    """Pair a round of teams (PL-team 3–20) and expand it to board games (AMB-P5)."""
    _require_teams(context.tournament)
    tctx = team_context(context)
    result = pair_teams(tctx)
    pairing = expand_round(context, result.matches, result.pauses, result.events)
    return replace(pairing, records=pairing.records + _r14_records(tctx, result.transfers))


@hookimpl
def swiss_pairing_units(context: RoundContext) -> RoundContext | None:
    """Teams are the units paired (PL-team 2, 5: clubs and meetings count per team)."""
    return team_context(context) if context.tournament.teams else None


@hookimpl
def swiss_check_round(
    tournament: Tournament, round_number: int, context: RoundContext
) -> list[Violation]:
    """The absolute rules of a recorded team round: every team plays or pauses, at most one
    pause, no second pause while others have not paused (PL-team 3), no second meeting
    (PL-team 5), no same-club or forbidden pair (PL-team 2), board-1 colour limits (PL-team
    19).  Marks the context as a team event, so the player-level checks are skipped."""
    context.data["team_event"] = True
    if not tournament.teams:
        return []
    out: list[Violation] = []
    scoring = TeamScoring.from_ruleset(context.ruleset)
    records = team_records(tournament, scoring, context.point_system, round_number)
    tctx = team_context(context)
    this = {
        t: recs[round_number - 1] if len(recs) >= round_number else None
        for t, recs in records.items()
    }
    paused = [t for t, r in this.items() if r is not None and r.pause]
    if len(paused) > 1:
        out.append(
            Violation(
                round_number,
                "PL-team 3",
                N_("more than one team pauses: {teams}"),
                (("teams", sorted(paused)),),
            )
        )
    for t in paused:
        if _pauses(tctx, t) and any(_pauses(tctx, o) == 0 for o in tctx.participants if o != t):
            out.append(
                Violation(
                    round_number,
                    "PL-team 3",
                    N_("team {team} pauses a second time"),
                    (("team", t),),
                )
            )
    present = {p.number for p in tournament.participants(round_number)}
    for team in tournament.teams:
        if this.get(team.number) is None and any(n in present for n in team.roster):
            out.append(
                Violation(
                    round_number,
                    "PL-team 3",
                    N_("team {team} neither plays nor pauses"),
                    (("team", team.number),),
                )
            )
    for t, r in sorted(this.items()):
        if r is None or r.opponent is None or t > r.opponent:
            continue
        o = r.opponent
        if tctx.states[t].meetings.get(o, 0) >= context.ruleset.max_meetings:
            out.append(
                Violation(
                    round_number,
                    "PL-team 5",
                    N_("teams {a} and {b} meet again"),
                    (("a", t), ("b", o)),
                )
            )
        elif not tctx.may_meet(t, o):
            out.append(
                Violation(
                    round_number,
                    "PL-team 2",
                    N_("teams {a} and {b} may not be paired"),
                    (("a", t), ("b", o)),
                )
            )
        for number in (t, o):
            rec = this[number]
            if (
                rec is not None
                and rec.colour is not None
                and not tctx.colour_allowed(number, rec.colour)
            ):
                out.append(
                    Violation(
                        round_number,
                        "PL-team 19",
                        N_("team {team} may not get {colour} on board 1"),
                        (("team", number), ("colour", colour_term(rec.colour))),
                    )
                )
    return out
