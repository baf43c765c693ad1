"""FIDE Olympiad pairing rules (D.II.02 / D.02) — system ``fide-olympiad``.

Editions (ruleset parameter ``edition``; digest ``spec/olympiad-burstein-dubov-lim.md`` section
5, cited ``Olympiad-<edition> <article>``):

- ``2006`` — the rules as amended by the 2006 Presidential Board and the 2007/2009 Executive
  Councils: ranking by match points, game points, pairing number (art. 10); groups paired from
  the top down, each by the fixed trial tables (Spanish arbiters' manual 2016, rules 6.2 for six
  teams and 6.4 for five, generalised to any size by :mod:`.trial_tables`, shared with the
  Polish team plugin); the leftover team of an odd group floats down unless it floated in
  (6.3, 6.4 note); among the valid rows the first giving most teams their due colour (6.5); a
  downfloater that cannot be paired below returns and the next row is tried (6.6).
- ``2010`` — the 2010 changes (chesslaw summary of the TAP decisions; 2012 text): no
  acceleration, round 1 and every group top half v bottom half (1 v n/2+1), groups in the Lim
  order (top down to just above the middle group, bottom up to just below it, the middle group
  last: :mod:`.order`), colour limits +-2 and never three in a row (two teams with the same
  +-1 imbalance may still meet), equalisation then alternation.
- ``2022`` — the text effective from 1 January 2022: ranking by match points then pairing
  number (3.2), bye to the lowest-ranked eligible team (4.1, 4.2), the same group procedure
  with the 2022 floater articles (8.2, 8.3 [reading]), colours 7.2-7.6.

Teams are paired through the core's team view (:func:`swisspairing.teams.team_context`): a team
is a pseudo-player scored in match points whose colours are its board-1 colours.  Match points
2/1/0 (Olympiad 1); the bye scores 1 match point and half the boards in game points (seed 004
section 2.7, 2022 4.3, AMB-X2).  Initial pairing numbers: :func:`initial_order` (art. 8-9 /
2022 3.1).  Board colours: the team "with White" has White on boards 1 and 3 by default
(``board_colours``, [OPEN]: the pattern is an event regulation, not in D.02).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from swisspairing import (
    BLACK,
    N_,
    WHITE,
    Colour,
    Event,
    InvalidTournamentError,
    NoValidPairingError,
    Pairing,
    RoundContext,
    RoundPairing,
    Tournament,
    Violation,
    hookimpl,
)
from swisspairing.defaults import alternation_colour
from swisspairing.i18n import NP_
from swisspairing.teams import (
    TeamPairing,
    TeamScoring,
    expand_round,
    match_points_schema,
    team_context,
    team_records,
)

from .colour_messages import ALTERNATION_TEAM, IDENTICAL_HISTORIES_TEAM, TEAM_MAY_NOT_GET
from .group import NONE_CLASS, Compatibility, GroupOutcome, GroupRules, LimGroups, due_colour
from .order import (
    DOWN,
    MEDIAN,
    UP,
    lim_order,
    lim_search,
    median_by_position,
)
from .refusal import no_valid_pairing
from .trial_tables import trial_even, trial_odd

SYSTEM = "fide-olympiad"

__all__ = ["SCHEMA", "SYSTEM", "TeamRound", "initial_order", "pair_teams"]

SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "edition": {
            "enum": ["2006", "2010", "2022"],
            "default": "2022",
            "description": (
                "Olympiad pairing rules followed: 2006-2009 (trial tables), 2010-2021 (Lim order, "
                "1 v n/2+1) or the text effective from 1 January 2022."
            ),
        },
        "boards": {
            "type": "integer",
            "minimum": 1,
            "maximum": 99,
            "default": 4,
            "description": "Boards per match (Olympiad 4: four players and a reserve).",
        },
        "match_points": match_points_schema(
            2, 1, 0, "Match points for a won, drawn and lost match (2/1/0)."
        ),
        "bye_match_points": {
            "type": "number",
            "minimum": 0,
            "default": 1,
            "description": "Match points of the bye (seed 004 2.7, 2022 4.3: 1).",
        },
        "bye_game_points": {
            "type": ["number", "null"],
            "minimum": 0,
            "default": None,
            "description": (
                "Game points of the bye; null = half the boards (AMB-X2; 2022 4.3: 2 of 4)."
            ),
        },
        "unplayed_match": {
            "enum": ["zero", "score"],
            "default": "score",
            "description": (
                "A match without any game played over the board (a default): scored by its game "
                "points (score) or lost by both teams (zero)."
            ),
        },
        "board_colours": {
            "type": "string",
            "pattern": "^[WB]+$",
            "default": "WBWB",
            "description": (
                "Colours of the board-1 White team's players from board 1 on; repeated for more "
                "boards ([OPEN]: event regulation)."
            ),
        },
        "row_scan": {
            "type": "integer",
            "minimum": 1,
            "default": 40,
            "description": (
                "Olympiad-2006 6.5: how many valid rows of a group's trial table are compared for "
                "the most due colours (the scan also stops at a row reaching the most possible)."
            ),
        },
        "floater_scan": {
            "type": "integer",
            "minimum": 1,
            "default": 6,
            "description": (
                "Olympiad-2006 6.5 in an odd group: how many floaters (in the order of their "
                "first row in the table) have their rows compared for the most due colours before "
                "the others are tried."
            ),
        },
        "colour_limits_in_group": {
            "enum": ["relax", "strict"],
            "default": "relax",
            "description": (
                "Olympiad-2022 7.4 [reading]: within a group the colour limits of 7.3 are "
                "disregarded when the group could otherwise not be paired without floaters "
                "(relax), or never (strict)."
            ),
        },
        "unrated_rating": {
            "type": "integer",
            "minimum": 0,
            "default": 1000,
            "description": (
                "Olympiad 7: the rating an unrated player counts with for the pairing numbers "
                "(the FIDE rating floor; 1000 at the 2012 Olympiad)."
            ),
        },
        "bye_after_default_win": {
            "type": "boolean",
            "default": False,
            "description": (
                "Olympiad 4.2.2: whether a team that won a match by default may receive the bye "
                "(false: it may not)."
            ),
        },
    },
}


@hookimpl
def swiss_system_info() -> Mapping[str, str]:
    return {
        "description": N_(
            "FIDE Olympiad pairing rules (2006, 2010 and 2022 editions): team Swiss with match "
            "points"
        ),
        "rules": "Olympiad",
    }


@hookimpl
def swiss_ruleset_schema() -> Mapping[str, Any]:
    return SCHEMA


# ====================================================================== helpers
#: The team pairing of a round (matches in publication order, 2022 11.1; the team bye).
TeamRound = TeamPairing


def _edition(ctx: RoundContext) -> str:
    return str(ctx.ruleset.param("edition", "2022"))


_OLDER = {"3.2": "10", "6.1": "1"}
"""The 2022 articles whose rule the 2009/2012 text (in force for the 2006 and 2010 editions)
states in an article seen by number: art. 10 (ranking for pairing) and art. 1 (a Swiss
system: no team meets another twice)."""


def olympiad_rule(edition: str, article: str) -> str:
    """The rule id of 2022 article ``article`` in ``edition``: the 2022 number itself; in the
    2006 and 2010 editions the article of their own text where it was seen by number (art. 1,
    10), else the 2022 article that states the same rule, in brackets
    (``Olympiad-2010 (2022 7.5.2)``): the later article numbers of those texts were not seen
    (digest section 5), and the reason an arbiter reads is a number, never a subject."""
    if edition == "2022":
        return f"Olympiad-2022 {article}"
    if article in _OLDER:
        return f"Olympiad-{edition} {_OLDER[article]}"
    return f"Olympiad-{edition} (2022 {article})"


def _rid(ctx: RoundContext, article: str) -> str:
    """The rule id of a 2022 article in the edition in force."""
    return olympiad_rule(_edition(ctx), article)


def _r2006(rule: str) -> str:
    """Olympiad-2006 rules 6.1-6.6 (Spanish arbiters' manual 2016 numbering)."""
    return f"Olympiad-2006 {rule}"


def initial_order(tournament: Tournament, unrated: int = 1000) -> list[int]:
    """Olympiad 8-9 / 2022 3.1: teams by the average rating of their four highest-rated
    players (descending), then the rating of the fifth player, then alphabetically (name), then
    team number.  Unrated players count with ``unrated`` (art. 7: the FIDE rating floor)."""

    def key(team: Any) -> tuple[float, float, str, int]:
        ratings = sorted(
            (tournament.player(n).rating or unrated for n in team.roster if n in tournament),
            reverse=True,
        )
        top = ratings[:4]
        avg = sum(top) / 4 if top else 0.0
        fifth = ratings[4] if len(ratings) > 4 else 0
        return (-avg, -fifth, team.name.casefold(), team.number)

    return [t.number for t in sorted(tournament.teams, key=key)]


def _mp(ctx: RoundContext, t: int) -> float:
    return round(ctx.states[t].score, 6)


def _gp(ctx: RoundContext, t: int) -> float:
    return ctx.data["game_points"].get(t, 0.0)


def _ranking(
    ctx: RoundContext, teams: Sequence[int], pairing_number: Mapping[int, int]
) -> list[int]:
    """Olympiad 10 (2006, 2010): match points, game points, pairing number; 2022 3.2: match
    points, pairing number."""
    if _edition(ctx) == "2022":
        return sorted(teams, key=lambda t: (-_mp(ctx, t), pairing_number[t]))
    return sorted(teams, key=lambda t: (-_mp(ctx, t), -_gp(ctx, t), pairing_number[t]))


def _byes_and_defaults(ctx: RoundContext, t: int) -> tuple[int, int]:
    """(byes received, matches won by default) before this round."""
    scoring: TeamScoring = ctx.data["scoring"]
    byes = wins = 0
    for r in ctx.data["records"].get(t, []):
        if r is None:
            continue
        if r.pause:
            byes += 1
        elif (
            r.opponent is not None
            and not r.played
            and not r.pending
            and r.match_points >= scoring.match_win
            and scoring.match_win > scoring.match_loss
        ):
            wins += 1
    return byes, wins


def _compatibility(ctx: RoundContext, teams: Sequence[int]) -> Compatibility:
    """No second meeting (2022 6.1), forbidden pairs and same-club teams (ruleset), and colour
    limits on board 1 (2022 7.3; 2010: +-2, never three in a row)."""
    bad: dict[int, set[int]] = {t: set() for t in teams}
    for i, a in enumerate(teams):
        for b in teams[i + 1 :]:
            if not ctx.may_meet(a, b):
                bad[a].add(b)
                bad[b].add(a)
    cls: dict[int, Any] = {}
    for t in teams:
        w, b = ctx.colour_allowed(t, WHITE), ctx.colour_allowed(t, BLACK)
        cls[t] = None if w and b else WHITE if w else BLACK if b else NONE_CLASS
    return Compatibility({t: frozenset(s) for t, s in bad.items()}, cls)


# ====================================================================== colours
def _first_round_colour(
    ctx: RoundContext, hi: int, lo: int, pairing_number: Mapping[int, int]
) -> tuple[Pairing, Event]:
    """2022 7.2 (2010 the same): the higher-ranked team of a pair gets the colour drawn by lot
    if its pairing number is odd, the other colour if it is even."""
    drawn = ctx.initial_colour()
    pn = pairing_number[hi]
    colour = drawn if pn % 2 == 1 else drawn.opposite
    m = Pairing(hi, lo) if colour is WHITE else Pairing(lo, hi)
    message = {
        (WHITE, WHITE): N_(
            "match {white}-{black}: team {team} (pairing number {number}) gets White on board "
            "1; the colour drawn is White"
        ),
        (BLACK, WHITE): N_(
            "match {white}-{black}: team {team} (pairing number {number}) gets Black on board "
            "1; the colour drawn is White"
        ),
        (WHITE, BLACK): N_(
            "match {white}-{black}: team {team} (pairing number {number}) gets White on board "
            "1; the colour drawn is Black"
        ),
        (BLACK, BLACK): N_(
            "match {white}-{black}: team {team} (pairing number {number}) gets Black on board "
            "1; the colour drawn is Black"
        ),
    }[colour, drawn]
    return m, Event(
        _rid(ctx, "7.2"),
        message,
        {"white": m.white, "black": m.black, "team": hi, "number": pn},
    )


def _allocate(ctx: RoundContext, a: int, b: int) -> tuple[Pairing, Event]:
    """2022 7.3-7.6 / 2010: a colour the limits force (7.3); equalisation: the team with the
    larger colour difference gets Black (7.5.1); alternation from the latest round in which the
    two had different colours (7.5.2, 7.6); identical histories: the higher-ranked team ``a``
    gets the colour alternating with its last one."""
    sa, sb = ctx.states[a], ctx.states[b]
    fa = [c for c in (WHITE, BLACK) if ctx.colour_allowed(a, c)]
    fb = [c for c in (WHITE, BLACK) if ctx.colour_allowed(b, c)]
    options = [c for c in fa if c.opposite in fb]
    if len(options) == 1:
        colour_a = options[0]
        rule, msg, args = (
            _rid(ctx, "7.3"),
            N_(
                "match {white}-{black}: only this colour allocation keeps both teams within the "
                "colour limits"
            ),
            {},
        )
    elif sa.colour_difference != sb.colour_difference:
        colour_a = BLACK if sa.colour_difference > sb.colour_difference else WHITE
        heavier = a if sa.colour_difference > sb.colour_difference else b
        rule, msg, args = (
            _rid(ctx, "7.5.1"),
            N_(
                "match {white}-{black}: team {team} has had more Whites than Blacks on board 1 "
                "and gets Black"
            ),
            {"team": heavier},
        )
    elif (alt := alternation_colour(sa, sb)) is not None:
        colour_a = alt
        rule, msg, args = (
            _rid(ctx, "7.5.2"),
            ALTERNATION_TEAM[alt],
            {"team": a},
        )
    else:
        last = sa.last_colour
        colour_a = last.opposite if last is not None else ctx.initial_colour()
        rule, msg, args = (
            _rid(ctx, "7.6"),
            IDENTICAL_HISTORIES_TEAM[colour_a],
            {"team": a},
        )
    m = Pairing(a, b) if colour_a is WHITE else Pairing(b, a)
    return m, Event(rule, msg, {"white": m.white, "black": m.black, **args})


def _gets_due(ctx: RoundContext, a: int, b: int) -> int:
    """How many of the two teams get their due colour (Olympiad-2006 6.5)."""
    m, _ = (
        _allocate(ctx, a, b)
        if ctx.states[a].played_colours or ctx.states[b].played_colours
        else (Pairing(a, b), None)
    )
    n = 0
    for t, colour in ((m.white, WHITE), (m.black, BLACK)):
        d = due_colour(ctx.states[t].colour_difference, ctx.states[t].last_colour)
        n += d is colour
    return n


# ====================================================================== the 2006 procedure
def _fmt(pairs: Sequence[tuple[int, int]]) -> str:
    return " ".join(f"{a}-{b}" for a, b in pairs)


class _Trial2006:
    """Olympiad-2006 6.2-6.6: groups from the top down, each by its trial table."""

    def __init__(self, ctx: RoundContext, compat: Compatibility, rank: Mapping[int, int]) -> None:
        self.ctx = ctx
        self.compat = compat
        self.rank = rank
        self.scan = int(ctx.ruleset.param("row_scan", 40))
        self._due_cache: dict[tuple[int, int], int] = {}
        self.floaters = int(ctx.ruleset.param("floater_scan", 6))

    def ranked(self, ts: Sequence[int]) -> list[int]:
        return sorted(ts, key=lambda t: self.rank[t])

    def _best(
        self, rows: Iterator[tuple[int, tuple[tuple[int, int], ...]]]
    ) -> tuple[int, tuple[tuple[int, int], ...], int] | None:
        """6.5: of the valid rows (in table order), the first giving most teams their due
        colour; at most ``row_scan`` rows are compared, and the scan stops at a row giving
        every team its due colour."""
        best: tuple[int, tuple[tuple[int, int], ...], int] | None = None
        bound: int | None = None
        for i, (row, pairs) in enumerate(rows):
            if bound is None:
                bound = self._bound([t for p in pairs for t in p])
            due = sum(self._due(a, b) for a, b in pairs)
            if best is None or due > best[2]:
                best = (row, pairs, due)
            if due >= bound or i + 1 >= self.scan:
                break
        return best

    def _due(self, a: int, b: int) -> int:
        key = (a, b) if self.rank[a] < self.rank[b] else (b, a)
        v = self._due_cache.get(key)
        if v is None:
            v = self._due_cache[key] = _gets_due(self.ctx, *key)
        return v

    def _bound(self, teams: Sequence[int]) -> int:
        """The most teams a row can give their due colour: every team, except that the
        larger due-colour subgroup can exceed the smaller one only by the teams without a due
        colour."""
        dues = [
            due_colour(self.ctx.states[t].colour_difference, self.ctx.states[t].last_colour)
            for t in teams
        ]
        w, b = dues.count(WHITE), dues.count(BLACK)
        free = len(teams) - w - b
        return len(teams) - max(0, abs(w - b) - free)

    def outcomes(
        self, index: int, key: float, residents: list[int], incoming: tuple[int, ...], last: bool
    ) -> Iterator[GroupOutcome]:
        group = self.ranked([*incoming, *residents])
        ok, feasible = self.compat.ok, self.compat.perfect
        head = [
            Event(
                _r2006("6.2"),
                NP_(
                    "group of {mp} match point, paired by the trial table: {teams}",
                    "group of {mp} match points, paired by the trial table: {teams}",
                    "mp",
                ),
                {"mp": key, "teams": group},
                index,
            )
        ]
        if incoming:
            head.append(
                Event(
                    _r2006("6.3"),
                    NP_(
                        "team {teams} floated into this group",
                        "teams {teams} floated into this group",
                        "teams",
                    ),
                    {"teams": list(incoming)},
                    index,
                )
            )
        if not group:
            yield GroupOutcome((), (), tuple(head))
            return
        if len(group) % 2 == 0:
            if feasible(group):
                best = self._best(trial_even(group, ok, feasible))
                if best is not None:
                    row, pairs, due = best
                    yield GroupOutcome(
                        pairs,
                        (),
                        (
                            *head,
                            Event(
                                _r2006("6.5"),
                                NP_(
                                    "row {row} of the trial table ({due} team gets its due "
                                    "colour): {pairs}",
                                    "row {row} of the trial table ({due} teams get their due "
                                    "colour): {pairs}",
                                    "due",
                                ),
                                {"row": row, "due": due, "pairs": _fmt(pairs)},
                                index,
                            ),
                        ),
                    )
            if last:
                return
            # 6.6: two teams cannot be paired in this group: the two lowest-ranked that let the rest
            # be paired float
            for i in range(len(group) - 1, 0, -1):
                for j in range(i - 1, -1, -1):
                    pair = (group[j], group[i])
                    if any(t in incoming for t in pair):
                        continue
                    rest = [t for t in group if t not in pair]
                    if feasible(rest):
                        best = self._best(trial_even(rest, ok, feasible))
                        if best is not None:
                            row, pairs, due = best
                            yield GroupOutcome(
                                pairs,
                                pair,
                                (
                                    *head,
                                    Event(
                                        _r2006("6.6"),
                                        NP_(
                                            "team {teams} cannot be paired in this group and "
                                            "floats down; the rest by row {row}: {pairs}",
                                            "teams {teams} cannot all be paired in this group and "
                                            "float down; the rest by row {row}: {pairs}",
                                            "teams",
                                        ),
                                        {"teams": list(pair), "row": row, "pairs": _fmt(pairs)},
                                        index,
                                    ),
                                ),
                            )
                            yield self._merge(group, head, index)
                            return
            yield self._merge(group, head, index)
            return
        if last:
            return
        # odd group: one row per floater (6.3: not a team that floated in), the floaters taken
        # in the order of their first row; 6.5: the row with the most due colours first
        firsts: list[tuple[int, int]] = []
        for f in group:
            if f in incoming or not feasible([t for t in group if t != f]):
                continue
            for row, _pairs, _f in trial_odd(group, ok, feasible, f):
                firsts.append((row, f))
                break
        firsts.sort()
        ceiling = max((self._bound([t for t in group if t != f]) for _, f in firsts), default=0)
        done: list[
            tuple[int, int, int, tuple[tuple[int, int], ...]]
        ] = []  # (-due, row, floater, pairs)
        k = 0
        while (
            k < len(firsts)
            and k < self.floaters
            and not (done and done[0][0] == -ceiling and firsts[k][0] > done[0][1])
        ):
            f = firsts[k][1]
            best = self._best((row, pairs) for row, pairs, _f in trial_odd(group, ok, feasible, f))
            if best is not None:
                done.append((-best[2], best[0], f, best[1]))
                done.sort()
            k += 1
        emitted: set[int] = set()

        def emit(entry: tuple[int, int, int, tuple[tuple[int, int], ...]]) -> GroupOutcome:
            negdue, row, f, pairs = entry
            emitted.add(f)
            return GroupOutcome(
                pairs,
                (f,),
                (
                    *head,
                    Event(
                        _r2006("6.5"),
                        NP_(
                            "row {row} of the trial table ({due} team gets its due colour): "
                            "{pairs}; team {team} floats down",
                            "row {row} of the trial table ({due} teams get their due colour): "
                            "{pairs}; team {team} floats down",
                            "due",
                        ),
                        {"row": row, "due": -negdue, "pairs": _fmt(pairs), "team": f},
                        index,
                    )
                    if pairs
                    else Event(  # a group of one team has no row to choose
                        _r2006("6.3"),
                        N_("the group has one team only: team {team} floats down"),
                        {"team": f},
                        index,
                    ),
                ),
            )

        for entry in list(done):
            yield emit(entry)
        for _row, f in firsts[k:]:  # alternatives not compared yet (only when a later group fails)
            best = self._best((row, pairs) for row, pairs, _f in trial_odd(group, ok, feasible, f))
            if best is not None and f not in emitted:
                yield emit((-best[2], best[0], f, best[1]))
        yield self._merge(group, head, index)

    def _merge(self, group: Sequence[int], head: Sequence[Event], index: int) -> GroupOutcome:
        """6.6: when the teams of this group cannot be paired with the next group's, the two
        groups are merged (every team of this group goes down) and the union is paired by
        6.1-6.5."""
        return GroupOutcome(
            (),
            tuple(group),
            (
                *head,
                Event(
                    _r2006("6.6"),
                    N_("the group cannot be paired with the next one: the two groups are merged"),
                    {},
                    index,
                ),
            ),
        )


# ====================================================================== the round
def _last_resort(
    compat: Compatibility, ranked: Sequence[int], mp: Mapping[int, float]
) -> list[tuple[int, int]]:
    """2022 6.2: when no pairing follows the procedure, each team meets a compatible team with
    the smallest possible difference in match points (highest-ranked first)."""
    free = list(ranked)
    pos = {t: i for i, t in enumerate(ranked)}
    pairs: list[tuple[int, int]] = []
    while free:
        t = free[0]
        for o in sorted(free[1:], key=lambda x: (abs(mp[t] - mp[x]), pos[x])):
            if compat.ok(t, o) and compat.perfect([x for x in free if x not in (t, o)]):
                pairs.append((t, o))
                free = [x for x in free if x not in (t, o)]
                break
        else:  # pragma: no cover - feasibility was checked before
            raise NoValidPairingError(N_("no valid pairing exists"))
    return pairs


def pair_teams(ctx: RoundContext) -> TeamRound:
    """Pair the teams of the team view ``ctx``."""
    edition = _edition(ctx)
    order = (
        initial_order(ctx.data["tournament"], int(ctx.ruleset.param("unrated_rating", 1000)))
        if "tournament" in ctx.data
        else sorted(ctx.participants)
    )
    pairing_number = {t: i + 1 for i, t in enumerate(order)}
    teams = [t for t in ctx.participants]
    for t in teams:
        pairing_number.setdefault(t, len(pairing_number) + 1)
    ranked = _ranking(ctx, teams, pairing_number)
    ctx.set_ranking(ranked)
    rank = {t: i for i, t in enumerate(ranked)}
    events: list[Event] = []
    if edition == "2022":
        events.append(
            Event(
                _rid(ctx, "3.2"),
                N_("ranking by match points, then pairing number: {teams}"),
                {"teams": ranked},
            )
        )
    else:
        events.append(
            Event(
                f"Olympiad-{edition} 10",
                N_("ranking by match points, game points, then pairing number: {teams}"),
                {"teams": ranked},
            )
        )
    compat = _compatibility(ctx, teams)
    scoring: TeamScoring = ctx.data["scoring"]
    pauses: list[int] = []
    active = list(ranked)
    if len(active) % 2:
        allow_default = bool(ctx.ruleset.param("bye_after_default_win", False))
        for t in reversed(ranked):
            byes, wins = _byes_and_defaults(ctx, t)
            if byes or (wins and not allow_default):
                events.append(
                    Event(
                        _rid(ctx, "4.2"),
                        N_(
                            "team {team} cannot receive the bye: it already had the bye or won a "
                            "match by default"
                        ),
                        {"team": t},
                    )
                )
                continue
            if not compat.perfect([x for x in ranked if x != t]):
                events.append(
                    Event(
                        _rid(ctx, "4.1"),
                        N_(
                            "team {team} cannot receive the bye: the other teams could not all be "
                            "paired"
                        ),
                        {"team": t},
                    )
                )
                continue
            pauses.append(t)
            events.append(
                Event(
                    _rid(ctx, "4.1"),
                    N_(
                        "team {team}, the lowest-ranked eligible team, receives the bye (match "
                        "points: {mp}, game points: {gp})"
                    ),
                    {"team": t, "mp": scoring.bye_match_points, "gp": scoring.pause_game_points},
                )
            )
            break
        else:

            def eligible(t: int) -> bool:
                byes, wins = _byes_and_defaults(ctx, t)
                return not (byes or (wins and not allow_default))

            raise no_valid_pairing(ctx, ranked, compat.ok, eligible, bye=True)
        active = [t for t in active if t != pauses[0]]
    elif not compat.perfect(active):
        raise no_valid_pairing(ctx, active, compat.ok, bye=False)
    mp = {t: _mp(ctx, t) for t in teams}
    groups: list[tuple[float, list[int]]] = []
    for t in active:
        if groups and groups[-1][0] == mp[t]:
            groups[-1][1].append(t)
        else:
            groups.append((mp[t], [t]))
    index = {k: i for i, (k, _) in enumerate(groups)}
    first_round = ctx.round_number == 1
    outcomes: list[GroupOutcome] | None
    if edition == "2006" and not first_round:
        events.append(
            Event(
                _r2006("6.1"),
                N_("groups are paired from the highest down, each by its trial table"),
            )
        )
        trial = _Trial2006(ctx, compat, rank)
        above = groups[:-1]
        lowest_key, lowest = groups[-1] if groups else (0.0, [])

        def pair_group_2006(
            _i: int, k: float, residents: list[int], carried: tuple[int, ...], _direction: str
        ) -> Iterator[GroupOutcome]:
            return trial.outcomes(index[k], k, residents, carried, False)

        def pair_last_2006(
            from_above: tuple[int, ...], _from_below: tuple[int, ...]
        ) -> Iterator[GroupOutcome]:
            return trial.outcomes(index.get(lowest_key, 0), lowest_key, lowest, from_above, True)

        outcomes = lim_search(  # type: ignore[type-var]
            above, [], pair_group_2006, pair_last_2006, compat.perfect, frozenset(active)
        )
    else:
        median = median_by_position(active, lambda t: mp[t], len(teams))
        above, below, middle = lim_order(groups, median)
        if first_round:
            events.append(
                Event(
                    _rid(ctx, "7.2"),
                    N_("round 1: the upper half of the teams meets the lower half, 1 v n/2+1"),
                )
            )
        else:
            events.append(
                Event(
                    _rid(ctx, "6.4"),
                    NP_(
                        "middle group of {mp} match point (the group of the median team); "
                        "groups above it are paired downward, then the groups below it "
                        "upward, the middle group last",
                        "middle group of {mp} match points (the group of the median team); "
                        "groups above it are paired downward, then the groups below it "
                        "upward, the middle group last",
                        "mp",
                    ),
                    {"mp": median},
                )
            )
        ids = {
            key: olympiad_rule(edition, article)
            for key, article in {
                "played_all": "8.2.3",
                "transfer": "8.2.2",
                "floater": "8.2.3",
                "opponent": "8.2.1",
                "proposed": "9.1",
                "exchange": "9.3",
                "colour": "7.5",
                "median": "6.4",
                "crack": "8.4",
            }.items()
        }
        rules = GroupRules(
            colour_choice=False,
            maxi_cap=None,
            # no such article in the 2010/2022 texts as read (2006: 6.3)
            avoid_float_twice=False,
            prefer_paired_in_next=True,
            rule_transfer=ids["transfer"],
            rule_played_all=ids["played_all"],
            rule_colour_blocked=ids["transfer"],
            rule_parity=ids["transfer"],
            rule_floater=ids["floater"],
            rule_floater_opponent=ids["opponent"],
            rule_proposed=ids["proposed"],
            rule_exchange=ids["exchange"],
            rule_colour_exchange=ids["colour"],
            rule_maxi=ids["floater"],
            rule_median=ids["median"],
            rule_crack=ids["crack"],
            teams=True,
        )
        lg = LimGroups(
            compat,
            rank,
            mp,
            {t: ctx.states[t].rating for t in teams},
            {
                t: due_colour(ctx.states[t].colour_difference, ctx.states[t].last_colour)
                for t in teams
            },
            {
                t: (
                    DOWN
                    if (f := ctx.states[t].floated(1)) is not None and f.value == "down"
                    else UP
                    if f is not None
                    else None
                )
                for t in teams
            },
            rules,
            explain=ctx.explanation.enabled,
            relaxed=Compatibility(compat.bad, {t: None for t in teams})
            if edition == "2022" and ctx.ruleset.param("colour_limits_in_group", "relax") == "relax"
            else None,
        )
        keys = [k for k, _ in groups]

        def adjacent(k: float, direction: str) -> list[int]:
            i = keys.index(k)
            j = i + 1 if direction == DOWN else i - 1
            return groups[j][1] if 0 <= j < len(groups) else middle

        def pair_group(
            _i: int, k: float, residents: list[int], carried: tuple[int, ...], direction: str
        ) -> Iterator[GroupOutcome]:
            return lg.outcomes(index[k], k, residents, carried, direction, adjacent(k, direction))

        def pair_median(
            from_above: tuple[int, ...], from_below: tuple[int, ...]
        ) -> Iterator[GroupOutcome]:
            return lg.outcomes(
                index.get(median, len(groups)),
                median,
                middle,
                (*from_above, *from_below),
                MEDIAN,
            )

        # exhaustive, no budget: ``None`` is a proof that no pairing follows the procedure.
        # The cut must be necessary: with the 2022 relaxation a group may pair teams that only
        # the relaxed compatibility allows, so the relaxed one decides what can be completed
        cut = (lg.relaxed or compat).perfect
        outcomes = lim_search(  # type: ignore[type-var]
            above, below, pair_group, pair_median, cut, frozenset(active)
        )
    if outcomes is None:
        pairs = _last_resort(compat, active, mp)
        events.append(
            Event(
                _rid(ctx, "6.2"),
                N_(
                    "no pairing follows the group procedure; each team meets a compatible team "
                    "with the smallest possible difference in match points: {pairs}"
                ),
                {"pairs": _fmt(pairs)},
            )
        )
    else:
        pairs = [p for o in outcomes for p in o.pairs]
        for o in outcomes:
            events.extend(o.events)
    matches: list[Pairing] = []
    colour_events: list[Event] = []
    for a, b in pairs:
        hi, lo = (a, b) if rank[a] < rank[b] else (b, a)
        if first_round or (not ctx.states[hi].played_colours and not ctx.states[lo].played_colours):
            m, e = _first_round_colour(ctx, hi, lo, pairing_number)
        else:
            m, e = _allocate(ctx, hi, lo)
        matches.append(m)
        colour_events.append(e)
    pub = sorted(
        range(len(matches)),
        key=lambda i: (
            -max(mp[matches[i].white], mp[matches[i].black]),
            min(rank[matches[i].white], rank[matches[i].black]),
        ),
    )
    matches = [matches[i] for i in pub]
    colour_events = [colour_events[i] for i in pub]
    events.sort(key=lambda e: (e.bracket is not None, e.bracket or 0))
    return TeamRound(
        tuple(matches),
        tuple(pauses),
        tuple(events + colour_events) if ctx.explanation.enabled else (),
    )


# ====================================================================== hooks
def _require_teams(tournament: Tournament) -> None:
    if not tournament.teams:
        raise InvalidTournamentError(
            N_("system {system} pairs team events, but the tournament has no teams"), system=SYSTEM
        )


def _board_pattern(ctx: RoundContext, boards: int) -> list[Colour]:
    pattern = str(ctx.ruleset.param("board_colours", "WBWB")) or "W"
    return [WHITE if pattern[k % len(pattern)] == "W" else BLACK for k in range(boards)]


@hookimpl
def swiss_pair_round(context: RoundContext) -> RoundPairing:
    """Pair a round of teams and expand it to board games: board k of a match pairs the two
    teams' k-th present players, the board-1 White team taking the colours of
    ``board_colours`` (default White on boards 1 and 3)."""
    _require_teams(context.tournament)
    tctx = team_context(context)
    tctx.data["tournament"] = context.tournament
    result = pair_teams(tctx)
    rp = expand_round(context, result.matches, result.pauses, result.events)
    scoring = TeamScoring.from_ruleset(context.ruleset)
    pattern = _board_pattern(context, max(scoring.boards, 1))
    from swisspairing.teams import lineup

    by_number = {t.number: t for t in context.tournament.teams}
    present = set(context.participants)
    boards: list[Pairing] = []
    for match in result.matches:
        white = lineup(
            context.tournament,
            by_number[match.white],
            context.round_number,
            scoring.boards,
            present,
        )
        black = lineup(
            context.tournament,
            by_number[match.black],
            context.round_number,
            scoring.boards,
            present,
        )
        for k, (a, b) in enumerate(zip(white, black, strict=False)):
            boards.append(Pairing(a, b) if pattern[k] is WHITE else Pairing(b, a))
    from dataclasses import replace

    return replace(rp, boards=tuple(boards))


@hookimpl
def swiss_check_round(
    tournament: Tournament, round_number: int, context: RoundContext
) -> list[Violation]:
    """The absolute rules of a recorded team round: at most one bye, never a second bye
    (2022 4.2.1), no second meeting (6.1), no forbidden or same-club pair, board-1 colour limits
    (7.3; in 2022 not between teams of one group, 7.4).  Marks the context as a team event, so
    the player-level checks are skipped."""
    context.data["team_event"] = True
    if not tournament.teams:
        return []
    out: list[Violation] = []
    scoring = TeamScoring.from_ruleset(context.ruleset)
    records = team_records(tournament, scoring, context.point_system, round_number)
    tctx = team_context(context)
    ed = str(context.ruleset.param("edition", "2022"))
    art = {a: olympiad_rule(ed, a) for a in ("4.1", "4.2.1", "6.1", "7.3")}
    this = {
        t: recs[round_number - 1] if len(recs) >= round_number else None
        for t, recs in records.items()
    }
    paused = [t for t, r in this.items() if r is not None and r.pause]
    if len(paused) > 1:
        out.append(
            Violation(
                round_number,
                art["4.1"],
                N_("more than one team has the bye: {teams}"),
                (("teams", sorted(paused)),),
            )
        )
    for t in paused:
        if any(r is not None and r.pause for r in records[t][: round_number - 1]):
            out.append(
                Violation(
                    round_number,
                    art["4.2.1"],
                    N_("team {team} receives the bye a second time"),
                    (("team", t),),
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
                    art["6.1"],
                    N_("teams {a} and {b} meet again"),
                    (("a", t), ("b", o)),
                )
            )
        elif not tctx.may_meet(t, o):
            out.append(
                Violation(
                    round_number,
                    "forbidden",
                    N_("teams {a} and {b} may not be paired"),
                    (("a", t), ("b", o)),
                )
            )
        same_group = abs(tctx.states[t].score - tctx.states[o].score) < 1e-9
        relax = (
            ed == "2022"
            and context.ruleset.param("colour_limits_in_group", "relax") == "relax"
            and same_group
        )
        for team in (t, o):
            rec = this[team]
            if (
                rec is not None
                and rec.colour is not None
                and not relax
                and not tctx.colour_allowed(team, rec.colour)
            ):
                out.append(
                    Violation(
                        round_number,
                        art["7.3"],
                        TEAM_MAY_NOT_GET[rec.colour],
                        (("team", team),),
                    )
                )
    return out
